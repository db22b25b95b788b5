//! VCF ("victory by continuous fours"): can the side to move win by making a four at every move?
//!
//! The attacker (the colour to move) plays only moves after which it threatens a five; the defender
//! must answer on the five point. The attacker wins when it can make a five, when a four threatens
//! two five points at once, or when the defender is black under renju and the only block is a
//! forbidden point (the "trap" VCF: the block is refused, or loses under the foul-loses ruling).
//! Rules observed along the line: the attacker's fours must be legal moves (black's may not be
//! forbidden, a five never is); a defender with two five points wins; when the defender's block
//! makes a four, the attacker must block it with a move that is itself a four.
//!
//! Only the root is scanned in full. Below it, new five points can only appear on the lines through
//! the last stone: the attacker's four creates the attacker's five points, the defender's block
//! the defender's; every older five point has been blocked on the way.
//!
//! The search deepens iteratively (2, 4, 8, ... fours) under a node budget and remembers positions
//! already refuted at a given depth. It is deterministic.

use std::collections::HashMap;

use arbiter_core::Game;

use crate::board::Move;
use crate::board::{Colour, Point};
use crate::lines::DIRECTIONS;
use crate::patterns::Patterns;
use crate::rules::Gomoku;
use crate::variant::BaseRule;

/// The longest VCF searched for, in attacker fours.
pub const MAX_FOURS: u32 = 112;

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VcfOutcome {
    /// A winning line: attacker and defender moves alternating, starting and ending with the
    /// attacker. Its last move is a five, a four with two five points (then the line holds the
    /// block and the five), or a four whose only block is forbidden for the (black) defender.
    Win(Vec<Move>),
    /// No VCF within `MAX_FOURS` fours.
    NoWin,
    /// The node budget ran out first.
    OutOfBudget,
}

/// The answer of [`solve_vcf`] with the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VcfResult {
    pub outcome: VcfOutcome,
    /// Attacker nodes visited.
    pub nodes: u64,
}

/// Searches a VCF for the side to move, visiting at most `node_budget` attacker nodes.
/// A finished game or an opening decision point has no VCF (`NoWin`).
#[must_use]
pub fn solve_vcf(game: &Gomoku, node_budget: u64) -> VcfResult {
    solve_vcf_within(game, node_budget, MAX_FOURS)
}

/// [`solve_vcf`] looking only for lines of at most `max_fours` attacker fours (capped at
/// [`MAX_FOURS`]); `NoWin` then means none that short.
#[must_use]
pub fn solve_vcf_within(game: &Gomoku, node_budget: u64, max_fours: u32) -> VcfResult {
    let max_fours = max_fours.clamp(1, MAX_FOURS);
    if game.outcome().is_some() || !game.in_ordinary_play() {
        return VcfResult {
            outcome: VcfOutcome::NoWin,
            nodes: 0,
        };
    }
    let mut search = Search::new(game, node_budget);
    let attacker = game.colour_to_move();
    if let Some(&five) = search.five_points(attacker, None).first() {
        return VcfResult {
            outcome: VcfOutcome::Win(vec![Move::Stone(five)]),
            nodes: 1,
        };
    }
    let threats = search.five_points(attacker.opposite(), None);
    let mut depth = max_fours.min(2);
    loop {
        match search.attack(depth, &threats) {
            Ok(Some(line)) => {
                return VcfResult {
                    outcome: VcfOutcome::Win(line),
                    nodes: search.count.nodes,
                };
            }
            Ok(None) if depth >= max_fours => {
                return VcfResult {
                    outcome: VcfOutcome::NoWin,
                    nodes: search.count.nodes,
                };
            }
            Ok(None) => depth = (depth * 2).min(max_fours),
            Err(OutOfBudget) => {
                return VcfResult {
                    outcome: VcfOutcome::OutOfBudget,
                    nodes: search.count.nodes,
                };
            }
        }
    }
}

/// The budget ran out.
pub(crate) struct OutOfBudget;

/// The nodes a threat solver has visited against the most it may visit (VCF and VCT alike).
pub(crate) struct NodeCount {
    pub(crate) nodes: u64,
    budget: u64,
}

impl NodeCount {
    pub(crate) fn new(budget: u64) -> NodeCount {
        NodeCount { nodes: 0, budget }
    }

    /// Counts one more node: `Err` once the count passes the budget.
    pub(crate) fn tick(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget {
            Err(OutOfBudget)
        } else {
            Ok(())
        }
    }
}

struct Search {
    game: Gomoku,
    /// The white view of `game`'s line windows (no level counts), kept through every move.
    patterns: Patterns,
    count: NodeCount,
    /// Positions (by hash) already shown to have no VCF within the stored number of fours.
    refuted: HashMap<u64, u32>,
}

impl Search {
    /// A search of `game` that may visit `budget` nodes.
    fn new(game: &Gomoku, budget: u64) -> Search {
        Search {
            game: game.clone(),
            patterns: Patterns::of(game, false),
            count: NodeCount::new(budget),
            refuted: HashMap::new(),
        }
    }

    /// The empty points where `colour` would complete a winning line: on the lines through `near`
    /// (within distance 4), or anywhere when `near` is `None`.
    fn five_points(&self, colour: Colour, near: Option<Point>) -> Vec<Point> {
        let game = &self.game;
        let wins = |p: Point| game.is_empty(p) && self.patterns.completes_five(game, p, colour);
        match near {
            None => game.points().filter(|&p| wins(p)).collect(),
            Some(centre) => {
                let mut out = Vec::new();
                for &(dc, dr) in &DIRECTIONS {
                    for k in (-4i8..=4).filter(|&k| k != 0) {
                        if let Some(p) = centre.step(dc, dr, k, game.size())
                            && wins(p)
                            && !out.contains(&p)
                        {
                            out.push(p);
                        }
                    }
                }
                out
            }
        }
    }

    /// Empty points where `colour` makes a four (or more). For black under exact-five rules the
    /// line tables answer exactly; otherwise some five-cell window through the point must then
    /// hold four `colour` stones and nothing else (a superset; [`Search::defend`] verifies), read
    /// from the window counts of the line tables.
    fn four_candidates(&self, colour: Colour) -> Vec<Point> {
        let game = &self.game;
        let exact_black = colour == Colour::Black && game.variant().rule != BaseRule::Freestyle;
        game.points()
            .filter(|&p| game.is_empty(p))
            .filter(|&p| {
                if exact_black {
                    game.black_makes_four(p)
                } else {
                    self.patterns.four_window(game, p, colour)
                }
            })
            .collect()
    }

    /// Whether `colour` may place a stone on the empty `point` (black's fouls under renju).
    fn may_play(&self, colour: Colour, point: Point) -> bool {
        !(colour == Colour::Black
            && self.game.variant().is_renju()
            && self.game.forbidden_kind(point).is_some())
    }

    /// The attacker (colour to move, with no five point of its own) looks for a VCF of at most
    /// `depth` fours against the defender's five points `threats`.
    fn attack(&mut self, depth: u32, threats: &[Point]) -> Result<Option<Vec<Move>>, OutOfBudget> {
        self.count.tick()?;
        if threats.len() > 1 || depth == 0 {
            return Ok(None);
        }
        let hash = self.game.hash();
        if self.refuted.get(&hash).is_some_and(|&d| d >= depth) {
            return Ok(None);
        }
        let attacker = self.game.colour_to_move();
        // Facing a four, the only move is its five point, which must itself be a four.
        let candidates = if threats.is_empty() {
            self.four_candidates(attacker)
        } else {
            threats.to_vec()
        };
        for four in candidates {
            if !self.may_play(attacker, four) {
                continue;
            }
            let undo = self.patterns.make(&mut self.game, Move::Stone(four));
            let line = self.defend(attacker, four, depth);
            self.patterns
                .unmake(&mut self.game, Move::Stone(four), undo);
            if let Some(line) = line? {
                return Ok(Some(line));
            }
        }
        self.refuted.insert(hash, depth);
        Ok(None)
    }

    /// After the attacker's `four`, the defender blocks (if it can) and the attack goes on.
    fn defend(
        &mut self,
        attacker: Colour,
        four: Point,
        depth: u32,
    ) -> Result<Option<Vec<Move>>, OutOfBudget> {
        let defender = attacker.opposite();
        let fives = self.five_points(attacker, Some(four));
        match fives.as_slice() {
            [] => Ok(None), // not a four after all
            [first, second, ..] => Ok(Some(vec![
                Move::Stone(four),
                Move::Stone(*first),
                Move::Stone(*second),
            ])),
            [block] => {
                let block = *block;
                if !self.may_play(defender, block) {
                    // Black must block on a forbidden point: it cannot (or loses by playing it).
                    return Ok(Some(vec![Move::Stone(four)]));
                }
                let undo = self.patterns.make(&mut self.game, Move::Stone(block));
                let threats = self.five_points(defender, Some(block));
                let rest = self.attack(depth - 1, &threats);
                self.patterns
                    .unmake(&mut self.game, Move::Stone(block), undo);
                Ok(rest?.map(|rest| {
                    let mut line = vec![Move::Stone(four), Move::Stone(block)];
                    line.extend(rest);
                    line
                }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(text: &str) -> Gomoku {
        arbiter_laws::position("renju", text)
    }

    /// Replays `line` with checked play and checks that it is a VCF: every attacker move leaves a
    /// five point, every defender move blocks one, and the line ends in a five or a forced foul.
    fn assert_vcf(game: &Gomoku, line: &[Move]) {
        let mut game = game.clone();
        let attacker = game.colour_to_move();
        for (i, &mv) in line.iter().enumerate() {
            let Move::Stone(point) = mv else {
                panic!("decision in a VCF")
            };
            game.play(mv)
                .unwrap_or_else(|e| panic!("move {i} {point}: {e}"));
            if game.outcome().is_some() {
                assert_eq!(i, line.len() - 1, "the line goes on after the end");
                assert_eq!(game.outcome().unwrap().winner, Some(game.owner(attacker)));
                return;
            }
            if i % 2 == 0 {
                let search = Search::new(&game, 0);
                assert!(
                    !search.five_points(attacker, Some(point)).is_empty(),
                    "{point} is not a four"
                );
            }
        }
        // No five at the end: the last four's only block must be forbidden for black.
        let search = Search::new(&game, 0);
        let fives = search.five_points(attacker, None);
        assert_eq!(attacker.opposite(), Colour::Black);
        assert!(
            fives.len() == 1 && game.forbidden_kind(fives[0]).is_some(),
            "{game:?}"
        );
    }

    /// basic_vcf#0 of junghyun397/mintaka (commit 2a4cae0), `mintaka/tests/test_vcf.rs`: black
    /// to move wins by VCF (suites/gomoku/vcf.yaml, `basic-vcf-0`).
    #[test]
    fn basic_vcf_is_found() {
        let game =
            position("black: g7,h8,i7,j8,j10,k8,l10; white: g5,h6,i6,j7,j9,k11,l8; to-move: black");
        let VcfOutcome::Win(line) = solve_vcf(&game, 100_000).outcome else {
            panic!("no VCF")
        };
        assert_vcf(&game, &line);
    }

    /// trap_vcf#0 of the same file: white wins because black's last block is forbidden.
    #[test]
    fn trap_vcf_is_found() {
        let game = position(
            "black: c9,d8,d9,d10,e7,e8,f13,g11,h8,h9,h10,i6,i8; \
             white: b10,e9,e11,e13,f8,g9,g10,h6,h12,i9,i10,i13; to-move: white",
        );
        let VcfOutcome::Win(line) = solve_vcf(&game, 100_000).outcome else {
            panic!("no VCF")
        };
        assert_vcf(&game, &line);
    }

    #[test]
    fn no_vcf_on_a_quiet_board() {
        let game = position("black: h8; white: i9; to-move: black");
        assert_eq!(solve_vcf(&game, 10_000).outcome, VcfOutcome::NoWin);
    }

    #[test]
    fn budget_is_honoured() {
        let game =
            position("black: g7,h8,i7,j8,j10,k8,l10; white: g5,h6,i6,j7,j9,k11,l8; to-move: black");
        assert_eq!(solve_vcf(&game, 1).outcome, VcfOutcome::OutOfBudget);
    }
}
