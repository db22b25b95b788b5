//! The threat solver behind [`arbiter_search::Algorithm::Solve`]: exact proofs of short wins
//! and losses built from threats (windows with four or five stones of one side only, see
//! [`crate::windows`]).
//!
//! It proves, for the side to move:
//!
//! - **win this turn**: it has a threat; the pair filling the threat's gap makes six;
//! - **loss next turn**: it has no threat and the opponent's threats need three or more
//!   blocking stones, more than a turn holds;
//! - **win by double threats**: a sequence of turns each of which blocks every opponent threat
//!   and leaves threats that need both of the opponent's stones to block (or more: a win next
//!   turn), where every blocking reply leads to the same again, until a threat cannot be
//!   blocked. The replies examined are *all* the pairs that block every threat (with a
//!   two-blocker threat set both stones must lie in its gaps, so the set is small and
//!   complete); a reply that leaves a threat open loses at once, and the defender never has a
//!   six of its own to complete because every attacking turn blocked its threats first.
//!
//! Anything else (quiet wins, draws, defences by counter-threat beyond these) is out of reach:
//! the solver then reports [`SearchError::BudgetExhausted`] with the positions it examined.
//! Attacking turns only use points of windows holding two or more of the attacker's stones
//! (only those can become threats) and the defender's gaps: this may miss a proof, never
//! invent one.

use std::time::Instant;

use arbiter_core::Game;
use arbiter_search::score::{mate_in, mated_in};
use arbiter_search::{Budget, Proven, ProvenResult, Report, SearchError, SearchResult};

use crate::Connect6;
use crate::board::Move;
use crate::board::{POINTS, Point};
use crate::eval::{EvalParams, analyse};
use crate::narrow::narrow_moves;
use crate::windows::{Gap, THREAT, blocks_all, for_each_window, min_blockers, threat_gaps};

/// The most attacking turns a proof may take when the budget does not say (`Depth(n)` does).
pub const MAX_TURNS: u32 = 6;
/// The positions examined when the budget is a depth or a time.
pub const DEFAULT_NODES: u64 = 2_000_000;

/// The search state: effort so far and the limits.
struct Solver {
    nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Whether some line was cut by the turn limit (a deeper iteration could still succeed).
    cut: bool,
}

impl Solver {
    /// Counts one examined position; false once a limit is reached.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.limit
            || (self.nodes.is_multiple_of(1024)
                && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        !self.stopped
    }

    /// A move of the attacker (to move in `game`) that wins within `turns` of its turns against
    /// every defence, if the double-threat search finds one.
    fn attack(&mut self, game: &mut Connect6, params: &EvalParams, turns: u32) -> Option<Move> {
        if !self.tick() {
            return None;
        }
        let me = game.side_to_move();
        let analysis = analyse(game.board(), params, None);
        if !analysis.gaps[me.index()].is_empty() {
            return win_now(game, params);
        }
        let defender_gaps = &analysis.gaps[me.opponent().index()];
        if turns <= 1 || min_blockers(defender_gaps) >= 3 {
            self.cut |= turns <= 1;
            return None;
        }
        let pool = attack_points(game, defender_gaps);
        for mv in blocking_pairs(&pool, defender_gaps) {
            game.make(mv);
            let won = game.outcome().is_none() && self.tick() && {
                let gaps = threat_gaps(game.board(), me);
                match min_blockers(&gaps) {
                    3.. => true,
                    2 if turns >= 3 => self.defend(game, params, &gaps, turns - 1),
                    _ => false,
                }
            };
            game.unmake(mv, ());
            if won {
                return Some(mv);
            }
            if self.stopped {
                return None;
            }
        }
        None
    }

    /// Whether the attacker wins within `turns` of its turns after every reply of the defender
    /// (to move) that blocks all of `gaps` (the attacker's threats, needing two blockers).
    fn defend(
        &mut self,
        game: &mut Connect6,
        params: &EvalParams,
        gaps: &[Gap],
        turns: u32,
    ) -> bool {
        let mut points: Vec<Point> = gaps.iter().flat_map(|&(a, b)| [a, b]).collect();
        points.sort_unstable();
        points.dedup();
        for reply in blocking_pairs(&points, gaps) {
            game.make(reply);
            let refuted = game.outcome().is_some() || self.attack(game, params, turns).is_none();
            game.unmake(reply, ());
            if refuted {
                return false;
            }
        }
        true
    }
}

/// The turns of two of `points` (each pair once, in the order of `points`) that put a stone
/// in every one of `gaps`.
fn blocking_pairs<'a>(points: &'a [Point], gaps: &'a [Gap]) -> impl Iterator<Item = Move> + 'a {
    points.iter().enumerate().flat_map(move |(i, &a)| {
        points[i + 1..]
            .iter()
            .filter(move |&&b| blocks_all(gaps, a, b))
            .map(move |&b| Move::pair(a, b))
    })
}

/// A winning move of the side to move, which has a threat.
fn win_now(game: &Connect6, params: &EvalParams) -> Option<Move> {
    let mut moves = Vec::new();
    narrow_moves(game, params, &mut moves);
    moves.first().copied()
}

/// The points an attacking turn uses: empty points of windows holding two or more stones of
/// the side to move and none of the opponent's, and the gaps of the opponent's threats.
fn attack_points(game: &Connect6, defender_gaps: &[Gap]) -> Vec<Point> {
    let board = game.board();
    let me = game.side_to_move();
    let mut marked = [false; POINTS];
    for_each_window(board, |window| {
        if window.is_open_for(me) && window.own(me) >= THREAT - 2 {
            for p in window.empties(board) {
                marked[p.index()] = true;
            }
        }
    });
    for &(a, b) in defender_gaps {
        marked[a.index()] = true;
        marked[b.index()] = true;
    }
    board.points().filter(|p| marked[p.index()]).collect()
}

/// A proven report: `best` with the score of a result `plies` plies away.
fn proven(best: Option<Move>, verdict: ProvenResult, plies: usize, nodes: u64) -> Report<Move> {
    let score = match verdict {
        ProvenResult::Win => mate_in(plies),
        ProvenResult::Loss => mated_in(plies),
        // Connect6 has no dice: its solver never proves a chance.
        ProvenResult::Draw | ProvenResult::Chance => 0,
    };
    Report {
        result: SearchResult {
            best,
            score,
            depth: u32::try_from(plies).unwrap_or(u32::MAX),
            nodes,
            pv: best.into_iter().collect(),
        },
        proven: Some(Proven {
            verdict,
            margin: None,
        }),
    }
}

/// Proves the result of `game` for its side to move (see the module docs).
///
/// # Errors
/// [`SearchError::BudgetExhausted`] when no proof is found: within the budget, or at all by
/// this solver's means.
pub fn solve(
    game: &Connect6,
    params: &EvalParams,
    budget: Budget,
) -> Result<Report<Move>, SearchError> {
    if let Some(outcome) = game.outcome() {
        let verdict = match outcome.winner {
            None => ProvenResult::Draw,
            Some(winner) if winner == game.side_to_move() => ProvenResult::Win,
            Some(_) => ProvenResult::Loss,
        };
        return Ok(proven(None, verdict, 0, 0));
    }
    let (limit, max_turns, deadline) = match budget {
        Budget::Nodes(nodes) => (nodes, MAX_TURNS, None),
        Budget::Depth(turns) => (DEFAULT_NODES, turns.max(1), None),
        Budget::Time(time) => (DEFAULT_NODES, MAX_TURNS, Instant::now().checked_add(time)),
    };
    let mut solver = Solver {
        nodes: 0,
        limit,
        deadline,
        stopped: false,
        cut: false,
    };
    let me = game.side_to_move();
    let analysis = analyse(game.board(), params, None);
    if !analysis.gaps[me.index()].is_empty() {
        return Ok(proven(win_now(game, params), ProvenResult::Win, 1, 1));
    }
    if min_blockers(&analysis.gaps[me.opponent().index()]) >= 3 {
        // Every move loses; name the first of the narrowed list.
        let mut moves = Vec::new();
        narrow_moves(game, params, &mut moves);
        return Ok(proven(moves.first().copied(), ProvenResult::Loss, 2, 1));
    }
    let mut position = game.clone();
    for turns in 2..=max_turns {
        solver.cut = false;
        if let Some(mv) = solver.attack(&mut position, params, turns) {
            let plies = 2 * turns as usize - 1;
            return Ok(proven(Some(mv), ProvenResult::Win, plies, solver.nodes));
        }
        if solver.stopped || !solver.cut {
            break;
        }
    }
    debug_assert_eq!(position, *game);
    Err(SearchError::BudgetExhausted {
        nodes: solver.nodes,
    })
}
