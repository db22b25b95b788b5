//! VCT ("victory by continuous threats"): a threat-space search where every attacker move makes a
//! four or an open three, and the defender may answer each threat in any way that could refute it.
//!
//! An AND-OR search over attacker moves (OR) and defender answers (AND), deepened iteratively on
//! the number of attacker moves, under a node budget. What each side may do:
//!
//! * **Attacker to move.** A five point wins at once. Facing one defender five point, the only
//!   move is to block it (two: lost). Otherwise: every legal move that makes a four, a straight
//!   four or an open three (threat level [`level::OPEN_THREE`] or more on some line).
//! * **Defender to move.** A defender five point refutes. Two attacker five points win. One: the
//!   defender must block it; a black defender whose block is forbidden under renju has lost (the
//!   trap). Otherwise the attacker threatens a straight four at some legal points `T`; the
//!   defender's answers are every legal move that makes a four (a counter-four) and every point
//!   within five of a point of `T` on the line where it makes the straight four. No attacker
//!   threat at all: the attack has failed.
//!
//! **Why the defence set is enough.** A defender move outside it is not a four and leaves the
//! window of some `S` in `T` untouched, so the attacker then plays `S`: a straight four (two five
//! points) against a defender with no five point, which wins. The one assumption: a *white* stone
//! away from `S`'s line does not make `S` a foul for black (it could only do so by changing
//! whether some other black three is real, through the recursive RIF three definition); this
//! search does not check that remote effect.
//!
//! The levels come from the incremental pattern tables ([`Patterns`], kept beside the search's
//! copy of the position), so a node costs a scan of the board's level tables, not a pattern
//! rescan.

use std::collections::HashMap;

use arbiter_core::Game;

use crate::board::Move;
use crate::board::{Colour, Point};
use crate::lines::{DIRECTIONS, level};
use crate::patterns::Patterns;
use crate::rules::Gomoku;
use crate::vcf::{NodeCount, OutOfBudget, VcfOutcome};

/// The answer of [`solve_vct`] with the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VctResult {
    /// `Win(line)`: the main line (attacker first; at each step the first defender answer
    /// tried, every other answer being refuted too); `NoWin`: no VCT within the attacker-move limit; `OutOfBudget`: the budget ran out.
    pub outcome: VcfOutcome,
    /// Nodes visited (attacker and defender).
    pub nodes: u64,
}

/// Searches a VCT of at most `max_attacks` attacker moves for the side to move, visiting at most
/// `node_budget` nodes. A finished game or an opening decision point has none (`NoWin`).
#[must_use]
pub fn solve_vct(game: &Gomoku, node_budget: u64, max_attacks: u32) -> VctResult {
    if game.outcome().is_some() || !game.in_ordinary_play() {
        return VctResult {
            outcome: VcfOutcome::NoWin,
            nodes: 0,
        };
    }
    let mut search = Search::new(game, node_budget);
    for depth in 1..=max_attacks.max(1) {
        match search.attack(depth) {
            Ok(Some(line)) => {
                return VctResult {
                    outcome: VcfOutcome::Win(line),
                    nodes: search.count.nodes,
                };
            }
            Ok(None) => {}
            Err(OutOfBudget) => {
                return VctResult {
                    outcome: VcfOutcome::OutOfBudget,
                    nodes: search.count.nodes,
                };
            }
        }
    }
    VctResult {
        outcome: VcfOutcome::NoWin,
        nodes: search.count.nodes,
    }
}

struct Search {
    game: Gomoku,
    /// The threat patterns of `game`, kept through every move.
    patterns: Patterns,
    count: NodeCount,
    /// Attacker positions (by hash) shown to have no VCT within the stored number of moves.
    refuted: HashMap<u64, u32>,
}

/// The strongest of a point's four `levels`, an overline counted as a five when it wins
/// (`long_wins`) and as nothing when it does not.
pub(crate) fn best_level(levels: [u8; 4], long_wins: bool) -> u8 {
    levels
        .into_iter()
        .map(|l| match l {
            level::OVERLINE if long_wins => level::FIVE,
            level::OVERLINE => level::NONE,
            l => l,
        })
        .max()
        .unwrap_or(level::NONE)
}

impl Search {
    /// A search of `game` that may visit `budget` nodes.
    fn new(game: &Gomoku, budget: u64) -> Search {
        Search {
            game: game.clone(),
            patterns: Patterns::of(game, true),
            count: NodeCount::new(budget),
            refuted: HashMap::new(),
        }
    }

    /// Whether `colour` may put a stone on the empty `point` (black's fouls under renju: refused,
    /// or a loss, so never a useful move).
    fn may_play(&self, colour: Colour, point: Point) -> bool {
        !(colour == Colour::Black
            && self.game.variant().is_renju()
            && self.game.forbidden_kind(point).is_some())
    }

    /// Every empty point with its best level for `colour`, when that level is at least `floor`.
    fn points_at_least(&self, colour: Colour, floor: u8) -> Vec<(Point, u8)> {
        let long = self.game.variant().overline_wins(colour);
        self.game
            .points()
            .filter_map(|p| {
                let best = best_level(self.patterns.threat_levels(&self.game, p, colour), long);
                (best >= floor).then_some((p, best))
            })
            .collect()
    }

    /// The points where `colour` completes a winning line.
    fn five_points(&self, colour: Colour) -> Vec<Point> {
        self.points_at_least(colour, level::FIVE)
            .into_iter()
            .map(|(p, _)| p)
            .collect()
    }

    /// Attacker (the colour to move) to move with `depth` attacker moves left.
    fn attack(&mut self, depth: u32) -> Result<Option<Vec<Move>>, OutOfBudget> {
        self.count.tick()?;
        let attacker = self.game.colour_to_move();
        if let Some(&five) = self.five_points(attacker).first() {
            return Ok(Some(vec![Move::Stone(five)]));
        }
        if depth == 0 {
            return Ok(None);
        }
        let hash = self.game.hash();
        if self.refuted.get(&hash).is_some_and(|&d| d >= depth) {
            return Ok(None);
        }
        let threats = self.five_points(attacker.opposite());
        let mut candidates: Vec<(Point, u8)> = match threats.as_slice() {
            [] => self.points_at_least(attacker, level::OPEN_THREE),
            [block] => vec![(*block, level::FIVE)],
            _ => Vec::new(),
        };
        // Fours before threes: they leave the defender one answer.
        candidates.sort_by_key(|&(p, l)| (std::cmp::Reverse(l), p));
        for (point, _) in candidates {
            if !self.may_play(attacker, point) {
                continue;
            }
            let mv = Move::Stone(point);
            let undo = self.patterns.make(&mut self.game, mv);
            let line = self.defend(depth - 1);
            self.patterns.unmake(&mut self.game, mv, undo);
            if let Some(rest) = line? {
                let mut line = vec![mv];
                line.extend(rest);
                return Ok(Some(line));
            }
        }
        self.refuted.insert(hash, depth);
        Ok(None)
    }

    /// Defender (the colour to move) answers the attacker's last move; `depth` attacker moves left.
    fn defend(&mut self, depth: u32) -> Result<Option<Vec<Move>>, OutOfBudget> {
        self.count.tick()?;
        let defender = self.game.colour_to_move();
        let attacker = defender.opposite();
        if let Some(outcome) = self.game.outcome() {
            let won = outcome.winner == Some(self.game.owner(attacker));
            return Ok(won.then(Vec::new));
        }
        if !self.five_points(defender).is_empty() {
            return Ok(None);
        }
        let fives = self.five_points(attacker);
        let defences = match fives.as_slice() {
            [first, second, ..] => {
                return Ok(Some(vec![Move::Stone(*first), Move::Stone(*second)]));
            }
            [block] if !self.may_play(defender, *block) => return Ok(Some(Vec::new())),
            [block] => vec![*block],
            [] => match self.defences(attacker, defender) {
                Some(defences) => defences,
                None => return Ok(None),
            },
        };
        let mut main_line = None;
        for point in defences {
            let mv = Move::Stone(point);
            let undo = self.patterns.make(&mut self.game, mv);
            let line = self.attack(depth);
            self.patterns.unmake(&mut self.game, mv, undo);
            match line? {
                None => return Ok(None),
                Some(rest) if main_line.is_none() => {
                    let mut line = vec![mv];
                    line.extend(rest);
                    main_line = Some(line);
                }
                Some(_) => {}
            }
        }
        // Every defence refuted (an empty set cannot happen: T's own points are in it unless
        // they are all forbidden for black, and then black had no defence at all).
        Ok(Some(main_line.unwrap_or_default()))
    }

    /// The defender's answers to an open three (see the module docs), or `None` when the attacker
    /// threatens nothing.
    fn defences(&self, attacker: Colour, defender: Colour) -> Option<Vec<Point>> {
        let size = self.game.size();
        let straight: Vec<Point> = self
            .points_at_least(attacker, level::OPEN_FOUR)
            .into_iter()
            .map(|(p, _)| p)
            .filter(|&p| self.may_play(attacker, p))
            .collect();
        if straight.is_empty() {
            return None;
        }
        let mut out: Vec<Point> = self
            .points_at_least(defender, level::FOUR)
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        for &s in &straight {
            let levels = self.patterns.threat_levels(&self.game, s, attacker);
            for (d, &(dc, dr)) in DIRECTIONS.iter().enumerate() {
                if levels[d] != level::OPEN_FOUR {
                    continue;
                }
                for k in -5i8..=5 {
                    if let Some(q) = s.step(dc, dr, k, size)
                        && self.game.is_empty(q)
                        && !out.contains(&q)
                    {
                        out.push(q);
                    }
                }
            }
        }
        out.retain(|&p| self.may_play(defender, p));
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_laws::Fixture;

    /// Black e8 f8 and h10 h11: h8 makes two open (split) threes at once, so black wins by
    /// threats although it has no four yet (not a VCF).
    #[test]
    fn a_three_three_attack_is_found() {
        let game = Gomoku::position(
            "freestyle",
            "black: e8,f8,h10,h11; white: a1,o1,a15,o15; to-move: black",
        );
        assert_eq!(
            crate::vcf::solve_vcf(&game, 100_000).outcome,
            VcfOutcome::NoWin
        );
        let result = solve_vct(&game, 200_000, 4);
        let VcfOutcome::Win(line) = result.outcome else {
            panic!("no VCT: {result:?}")
        };
        assert_eq!(
            line.first(),
            Some(&Move::Stone(Point::parse("h8").unwrap()))
        );
    }

    /// Replays a winning `line` with checked play: every move legal, and the line ends in the
    /// attacker's win, or (renju trap) with a four whose only block is forbidden for black.
    fn assert_line(game: &Gomoku, line: &[Move]) {
        let mut game = game.clone();
        let attacker = game.colour_to_move();
        for &mv in line {
            game.play(mv)
                .unwrap_or_else(|e| panic!("{mv:?}: {e} in {game:?}"));
        }
        if let Some(outcome) = game.outcome() {
            assert_eq!(outcome.winner, Some(game.owner(attacker)), "{game:?}");
            return;
        }
        let search = Search::new(&game, 0);
        let fives = search.five_points(attacker);
        assert_eq!(game.colour_to_move(), Colour::Black, "{line:?} {game:?}");
        assert!(
            fives.len() == 1 && game.forbidden_kind(fives[0]).is_some(),
            "{line:?} {game:?}"
        );
    }

    /// Every line found in random middle games replays as a legal, finished win.
    #[test]
    fn found_lines_replay_as_wins() {
        let mut seed = 0x7c7_u64;
        let mut next = || {
            let (s, z) = arbiter_core::zobrist::splitmix64(seed);
            seed = s;
            z
        };
        let mut found = 0;
        for variant in ["renju", "freestyle", "standard"] {
            let variant: crate::GomokuVariant = variant.parse().unwrap();
            for _ in 0..25 {
                let mut game = Gomoku::start(&variant);
                let mut moves = Vec::new();
                let stones = 14 + next() % 20;
                while game.outcome().is_none() && (game.stone_count() as u64) < stones {
                    game.generate_moves(&mut moves);
                    // Near the centre, so that lines form.
                    let pick = (0..5)
                        .map(|_| moves[(next() % moves.len() as u64) as usize])
                        .min_by_key(|mv| match mv {
                            Move::Stone(p) => (i32::from(p.col()) - 7)
                                .abs()
                                .max((i32::from(p.row()) - 7).abs()),
                            _ => 0,
                        })
                        .unwrap();
                    game.make(pick);
                }
                if game.outcome().is_some() {
                    continue;
                }
                if let VcfOutcome::Win(line) = solve_vct(&game, 20_000, 4).outcome {
                    assert_line(&game, &line);
                    found += 1;
                }
            }
        }
        assert!(found > 5, "only {found} wins found");
    }

    #[test]
    fn nothing_on_a_quiet_board() {
        let game = Gomoku::position("renju", "black: h8; white: i9; to-move: black");
        assert_eq!(solve_vct(&game, 100_000, 3).outcome, VcfOutcome::NoWin);
    }

    #[test]
    fn the_budget_is_honoured() {
        let game = Gomoku::position("renju", "black: h8,i8; white: i9,j9; to-move: black");
        assert_eq!(solve_vct(&game, 5, 6).outcome, VcfOutcome::OutOfBudget);
    }
}
