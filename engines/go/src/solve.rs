//! The exact solver for small boards: the area score of a position with best play, proved by
//! bounds.
//!
//! Every position has true bounds on its final count from Benson's pass-alive groups and
//! territory ([`crate::benson`]): a side keeps at least its safe points, so black's count
//! minus white's lies in `[2 s_b - N, N - 2 s_w]` (N points, `s` the safe points). The
//! solver runs two depth-limited minimax searches in black's view, one valuing each
//! horizon node at its lower bound and one at its upper bound; minimax is monotone, so the
//! first is a lower bound of the game's value and the second an upper bound. It deepens
//! until the two meet: the value is then exact, whatever lies beyond the horizons. Finished
//! games are counted exactly; a game ended without a result (simple ko's cycles) is valued
//! as the worst end for the side the bound is for, so a proof never rests on one. Each node
//! is also clamped to its own bounds, and cut off when they leave the window. This is the
//! method of E. van der Werf, H. J. van den Herik, J. W. H. M. Uiterwijk, "Solving Go on
//! small boards" (ICGA Journal 26(2), 2003), without their symmetry and move pruning.
//!
//! The transposition table keys on the position and the whole multiset of states its
//! history holds (what every ko rule may read), so no value crosses from one history to
//! another. Area scoring with tax `none` only: other counts have no such simple bounds.
//!
//! Pruning keeps the bounds sound: a search for black's lower bound may drop black's moves
//! (black then has fewer choices, so the value it finds is no higher) but never white's, and
//! the upper bound's search the reverse. Each drops its own side's stones in pass-alive
//! territory, which change no safe point.

use std::time::Instant;

use arbiter_core::{Game, Side, grid};
use arbiter_search::{
    Budget, Proven, ProvenResult, Report, SearchError, SearchResult, score::MATE_BOUND,
};

use crate::benson::pass_alive;
use crate::board::PointSet;
use crate::notation::GoMove;
use crate::rules::Go;
use crate::variant::{Scoring, Tax};

/// Keeps the upper bound's table entries apart from the lower bound's.
const UPPER_KEY: u64 = 0x5550_5045_525F_4B45;

/// Which bound a search computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side2 {
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    depth: u16,
    /// In black's view, half points: the value is at least `low` and at most `high`.
    low: i32,
    high: i32,
    best: Option<GoMove>,
}

struct Solver {
    table: Vec<Option<Entry>>,
    nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// The extreme values, in half points: below and above every count.
    floor: i32,
    ceiling: i32,
    moves: Vec<Vec<GoMove>>,
}

/// Black's count minus white's bounds, in half points with komi and bonus, from the safe
/// points: `(low, high)`, and the points where a stone changes nothing the bounds count
/// (either side's pass-alive territory).
fn bounds(game: &Go) -> (i32, i32, PointSet) {
    let n = i32::from(game.geometry().points);
    let black = pass_alive(game, Side::First);
    let white = pass_alive(game, Side::Second);
    let variant = game.variant();
    let shift = variant.rules.komi_halves + 2 * variant.bonus();
    let (b, w) = (black.points() as i32, white.points() as i32);
    (
        2 * (2 * b - n) - shift,
        2 * (n - 2 * w) - shift,
        black.territory.union(&white.territory),
    )
}

impl Solver {
    fn key(game: &Go) -> u64 {
        let last_pass = game.history_passes_from();
        game.history_states()
            .enumerate()
            .fold(game.hash(), |key, (j, (board, mover, pass))| {
                let tag = u64::from(mover == Side::Second)
                    | (u64::from(pass) << 1)
                    | (u64::from(j >= last_pass) << 2);
                key.wrapping_add(arbiter_core::zobrist::splitmix64(board ^ tag).1)
            })
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let slot = (key as usize) & (self.table.len() - 1);
        self.table[slot].filter(|entry| entry.key == key)
    }

    fn store(&mut self, entry: Entry) {
        let slot = (entry.key as usize) & (self.table.len() - 1);
        if self.table[slot].is_none_or(|old| old.key != entry.key || old.depth <= entry.depth) {
            self.table[slot] = Some(entry);
        }
    }

    /// The `side` bound of `game`'s value in black's view, searched `depth` turns deep within
    /// `(alpha, beta)` (fail-soft).
    fn search(
        &mut self,
        game: &mut Go,
        depth: u16,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        side: Side2,
    ) -> (i32, Option<GoMove>) {
        self.nodes += 1;
        if self.nodes >= self.limit
            || (self.nodes.is_multiple_of(4096)
                && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        if self.stopped {
            return (0, None);
        }
        if let Some(outcome) = game.outcome() {
            return if outcome.reason == arbiter_core::EndReason::Repetition {
                // No result: the worst end for the side of the bound.
                (
                    if side == Side2::Lower {
                        self.floor
                    } else {
                        self.ceiling
                    },
                    None,
                )
            } else {
                (game.margin_halves(&PointSet::EMPTY), None)
            };
        }
        let (low, high, settled) = bounds(game);
        if low == high || depth == 0 {
            return (if side == Side2::Lower { low } else { high }, None);
        }
        if low >= beta {
            return (low, None);
        }
        if high <= alpha {
            return (high, None);
        }
        // The two bounds keep apart in the table: a lower bound's entries say nothing of
        // the upper bound's search.
        let key = Solver::key(game) ^ if side == Side2::Lower { 0 } else { UPPER_KEY };
        let mut first = None;
        if let Some(entry) = self.probe(key) {
            first = entry.best;
            if entry.depth >= depth {
                if entry.low >= beta {
                    return (entry.low, entry.best);
                }
                if entry.high <= alpha {
                    return (entry.high, entry.best);
                }
                if entry.low == entry.high {
                    return (entry.low, entry.best);
                }
            }
        }
        alpha = alpha.max(low);
        beta = beta.min(high);
        let (alpha0, beta0) = (alpha, beta);
        let maximise = game.to_move() == Side::First;
        if self.moves.len() <= ply {
            self.moves.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        game.generate_moves(&mut moves);
        // The side the bound is for may be held to some of its moves: the bound stays a bound
        // (black's least value over fewer black choices is no higher). It gives up stones in
        // pass-alive territory, its own or the opponent's, which change no safe point.
        if maximise == (side == Side2::Lower) {
            moves.retain(|mv| mv.point().is_none_or(|p| !settled.contains(p)));
        }
        order(game, &mut moves, first);
        let mut best_value = if maximise { i32::MIN } else { i32::MAX };
        let mut best_move = None;
        for &mv in &moves {
            game.make(mv);
            let (value, _) = self.search(game, depth - 1, ply + 1, alpha, beta, side);
            game.unmake(mv, ());
            if self.stopped {
                break;
            }
            if (maximise && value > best_value) || (!maximise && value < best_value) {
                best_value = value;
                best_move = Some(mv);
            }
            if maximise {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        self.moves[ply] = moves;
        if self.stopped {
            return (0, None);
        }
        // The node's own bounds hold whatever the search below it saw.
        let value = best_value.clamp(low, high);
        let (mut entry_low, mut entry_high) = (low, high);
        if value <= alpha0 {
            entry_high = value;
        } else if value >= beta0 {
            entry_low = value;
        } else {
            entry_low = value;
            entry_high = value;
        }
        self.store(Entry {
            key,
            depth,
            low: entry_low,
            high: entry_high,
            best: best_move,
        });
        (value, best_move)
    }
}

/// Orders `moves`: the table's move, then captures, then ataris, then the rest by their
/// distance from the edge, the pass last.
fn order(game: &Go, moves: &mut [GoMove], first: Option<GoMove>) {
    let g = game.geometry();
    let them = game.to_move().opponent();
    let n = usize::from(g.size);
    moves.sort_by_cached_key(|&mv| {
        if Some(mv) == first {
            return i32::MIN;
        }
        let Some(point) = mv.point() else {
            return i32::MAX;
        };
        let mut key = 0;
        for &m in g.neighbours(point) {
            if game.stone_at(m) == Some(them) {
                let libs = game.liberties(m).len();
                key -= match libs {
                    1 => 1000,
                    2 => 100,
                    _ => 0,
                };
            }
        }
        let (c, r) = grid::coords_of(g.size, point);
        let edge = c.min(r).min(n - 1 - c).min(n - 1 - r);
        key - 10 * edge as i32
    });
}

/// Solves `game` under a node or time budget.
///
/// # Errors
/// [`SearchError::Unsupported`] for rules other than area scoring without tax,
/// [`SearchError::BudgetExhausted`] when the bounds have not met within the budget.
pub(crate) fn solve(
    game: &Go,
    budget: Budget,
    table_mb: usize,
) -> Result<Report<GoMove>, SearchError> {
    let rules = game.variant().rules;
    if rules.scoring != Scoring::Area || rules.tax != Tax::None {
        return Err(SearchError::Unsupported(
            "the go solver proves area scores without tax only (tromp-taylor, chinese, aga, \
             new-zealand)"
                .to_owned(),
        ));
    }
    let (limit, deadline) = match budget {
        Budget::Nodes(nodes) => (nodes, None),
        Budget::Depth(_) => (u64::MAX, None),
        Budget::Time(time) => (u64::MAX, Instant::now().checked_add(time)),
    };
    let entries = (table_mb.max(1) << 20) / std::mem::size_of::<Option<Entry>>();
    let mut solver = Solver {
        table: vec![None; entries.next_power_of_two() / 2],
        nodes: 0,
        limit,
        deadline,
        stopped: false,
        floor: -4 * i32::from(game.geometry().points) - 4000,
        ceiling: 4 * i32::from(game.geometry().points) + 4000,
        moves: Vec::new(),
    };
    let mut game = game.clone();
    let black_view = if game.to_move() == Side::First { 1 } else { -1 };
    for depth in 1..=u16::MAX {
        let (low, best) = solver.search(
            &mut game,
            depth,
            0,
            solver.floor,
            solver.ceiling,
            Side2::Lower,
        );
        let (high, best_high) = solver.search(
            &mut game,
            depth,
            0,
            solver.floor,
            solver.ceiling,
            Side2::Upper,
        );
        if solver.stopped {
            return Err(SearchError::BudgetExhausted {
                nodes: solver.nodes,
            });
        }
        if low == high {
            // The side to move's margin: its count minus the other's, komi and bonus included
            // in the verdict only.
            let value = low * black_view;
            let variant = game.variant();
            let shift = variant.rules.komi_halves + 2 * variant.bonus();
            let count = (low + shift) / 2 * black_view;
            let verdict = match value.signum() {
                1 => ProvenResult::Win,
                -1 => ProvenResult::Loss,
                _ => ProvenResult::Draw,
            };
            let best = if game.outcome().is_some() {
                None
            } else {
                best.or(best_high)
            };
            return Ok(Report {
                result: SearchResult {
                    best,
                    score: value.clamp(-MATE_BOUND + 1, MATE_BOUND - 1),
                    depth: u32::from(depth),
                    nodes: solver.nodes,
                    pv: best.into_iter().collect(),
                },
                proven: Some(Proven {
                    verdict,
                    margin: Some(count),
                }),
            });
        }
    }
    Err(SearchError::BudgetExhausted {
        nodes: solver.nodes,
    })
}
