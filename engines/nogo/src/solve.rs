//! The exact solver: full-width alpha-beta to the end of the game, for small boards and late
//! positions.
//!
//! NoGo has no draws and no passes, and every move fills a point for good, so every line ends
//! within as many plies as there are empty points. The solver searches every line to its end
//! (the evaluator is never called) and scores a finished game as a win or loss at that distance
//! for the side to move ([`mate_in`], [`mated_in`]); its root score is therefore always a
//! proof. The transposition table keys on the position hash, which is sound here: the value of
//! a NoGo position does not depend on how it was reached. Moves are ordered by the table move,
//! then by [`order_hint`] (leave the opponent few legal points). Under a node or time budget the
//! solver gives up with [`SearchError::BudgetExhausted`] rather than guess.

use std::time::Instant;

use arbiter_core::Side;
use arbiter_search::score::{INFINITY, MATE_BOUND, mate_in, mated_in};
use arbiter_search::tt::{Bound, Entry, TranspositionTable};
use arbiter_search::{Budget, Proven, Report, SearchError, SearchResult, Verdict};

use crate::board::Point;
use crate::eval::order_hint;
use crate::position::NoGo;

/// Nodes between two looks at the clock under a time budget.
const CLOCK_INTERVAL: u64 = 1024;

/// Per-ply buffers, reused by every node at that ply.
#[derive(Clone, Debug, Default)]
struct Frame {
    moves: Vec<Point>,
    keys: Vec<i32>,
    /// The principal variation from this ply.
    pv: Vec<Point>,
}

/// One solve: the table, the counters and the per-ply buffers.
struct Solver {
    table: TranspositionTable<Point>,
    frames: Vec<Frame>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

/// Solves `position` exactly within `budget` (`Nodes` bounds the effort, `Time` the clock,
/// `Depth` is ignored), with a table of `tt_size_mb` MiB.
///
/// The report's score is a win or loss by distance for the side to move, `depth` the number
/// of plies to the end with best play (the winner hurrying, the loser holding out), and the
/// principal variation a line of that length.
///
/// # Errors
/// [`SearchError::BudgetExhausted`] when the budget ran out before the proof was complete.
pub fn solve(
    position: &NoGo,
    budget: Budget,
    tt_size_mb: usize,
) -> Result<Report<Point>, SearchError> {
    let start = Instant::now();
    let mut solver = Solver {
        table: TranspositionTable::new(tt_size_mb),
        // A game lasts at most one ply per empty point, plus the final node.
        frames: vec![Frame::default(); position.empty().count_ones() as usize + 2],
        nodes: 0,
        node_limit: match budget {
            Budget::Nodes(nodes) => nodes,
            Budget::Depth(_) | Budget::Time(_) => u64::MAX,
        },
        deadline: match budget {
            Budget::Time(time) => start.checked_add(time),
            Budget::Depth(_) | Budget::Nodes(_) => None,
        },
        stopped: false,
    };
    let mut game = position.clone();
    let score = solver.negamax(&mut game, 0, -INFINITY, INFINITY);
    if solver.stopped {
        return Err(SearchError::BudgetExhausted {
            nodes: solver.nodes,
        });
    }
    debug_assert!(
        score.abs() >= MATE_BOUND,
        "an unproven solver score {score}"
    );
    let pv = std::mem::take(&mut solver.frames[0].pv);
    let result = SearchResult {
        best: pv.first().copied(),
        score,
        depth: u32::try_from(mate_in(0) - score.abs()).unwrap_or(0),
        nodes: solver.nodes,
        pv,
    };
    let verdict = if score > 0 {
        Verdict::Win
    } else {
        Verdict::Loss
    };
    Ok(Report {
        result,
        proven: Some(Proven {
            verdict,
            margin: None,
        }),
    })
}

/// A score relative to the root, made relative to the node `ply` plies down, for the table.
fn to_node(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > 0 { score + ply } else { score - ply }
}

/// The inverse of [`to_node`].
fn from_node(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score > 0 { score - ply } else { score + ply }
}

impl Solver {
    /// Whether the budget is spent; sets `stopped`.
    fn out_of_budget(&mut self) -> bool {
        if !self.stopped {
            self.stopped = self.nodes >= self.node_limit
                || (self.nodes.is_multiple_of(CLOCK_INTERVAL)
                    && self
                        .deadline
                        .is_some_and(|deadline| Instant::now() >= deadline));
        }
        self.stopped
    }

    /// The fail-soft value of `game` for its side to move, `ply` plies from the root, within
    /// `(alpha, beta)`; meaningless once `stopped` is set.
    fn negamax(&mut self, game: &mut NoGo, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        self.frames[ply].pv.clear();
        if game.move_set() == 0 {
            // Over: a foul just played (the side to move wins) or no legal point (it loses).
            let mover: Side = game.to_move();
            return if game.outcome().and_then(|o| o.winner) == Some(mover) {
                mate_in(ply)
            } else {
                mated_in(ply)
            };
        }

        let pv_node = beta - alpha > 1;
        let key = game.hash();
        let mut table_move = None;
        if let Some(entry) = self.table.probe(key) {
            table_move = entry.best;
            let score = from_node(entry.score, ply);
            let cut = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
                Bound::Empty => false,
            };
            // Cut-offs only off the principal variation, so that it stays whole.
            if cut && !pv_node {
                return score;
            }
        }

        let mut frame = std::mem::take(&mut self.frames[ply]);
        game.generate_moves(&mut frame.moves);
        frame.keys.clear();
        for &mv in &frame.moves {
            let key = if Some(mv) == table_move {
                i32::MAX
            } else {
                order_hint(game, mv)
            };
            frame.keys.push(key);
        }
        let alpha_before = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for i in 0..frame.moves.len() {
            // Selection sort, lazily: a cut-off often comes after a few moves.
            let next = (i..frame.moves.len())
                .max_by_key(|&j| (frame.keys[j], std::cmp::Reverse(j)))
                .unwrap_or(i);
            frame.moves.swap(i, next);
            frame.keys.swap(i, next);
            let mv = frame.moves[i];
            let undo = game.make(mv);
            let score = if i == 0 {
                -self.negamax(game, ply + 1, -beta, -alpha)
            } else {
                let probe = -self.negamax(game, ply + 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta && !self.stopped {
                    -self.negamax(game, ply + 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            game.unmake(mv, undo);
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    frame.pv.clear();
                    frame.pv.push(mv);
                    frame.pv.extend_from_slice(&self.frames[ply + 1].pv);
                }
            }
            if score >= beta {
                break;
            }
        }
        self.frames[ply] = frame;
        if self.stopped {
            return 0;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha_before {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_move = if bound == Bound::Upper {
            None
        } else {
            best_move
        };
        self.table.store(
            key,
            stored_move,
            to_node(best_score, ply),
            Entry::<Point>::RESOLVED,
            bound,
        );
        best_score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::NoGoVariant;
    use arbiter_core::Game;

    /// Plain minimax to the end: the reference the solver must agree with.
    fn minimax(game: &mut NoGo, ply: usize) -> i32 {
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            let winner = game.outcome().and_then(|o| o.winner);
            return if winner == Some(game.to_move()) {
                mate_in(ply)
            } else {
                mated_in(ply)
            };
        }
        let mut best = -INFINITY;
        for mv in moves {
            let undo = game.make(mv);
            best = best.max(-minimax(game, ply + 1));
            game.unmake(mv, undo);
        }
        best
    }

    #[test]
    fn agrees_with_minimax_on_small_boards() {
        for variant in ["standard@2", "standard@3", "foul-loses@2", "foul-loses@3"] {
            let variant: NoGoVariant = variant.parse().unwrap();
            let mut game = NoGo::new(variant);
            let report = solve(&game, Budget::Nodes(10_000_000), 1).unwrap();
            assert_eq!(report.result.score, minimax(&mut game, 0), "{variant}");
            for &mv in &report.result.pv {
                game.play(mv).unwrap();
            }
            assert!(game.outcome().is_some(), "{variant}");
            assert_eq!(report.result.pv.len() as u32, report.result.depth);
        }
    }

    #[test]
    fn a_tiny_budget_is_exhausted_not_guessed() {
        let game = NoGo::new(NoGoVariant::default());
        assert_eq!(
            solve(&game, Budget::Nodes(100), 1),
            Err(SearchError::BudgetExhausted { nodes: 100 })
        );
    }
}
