//! Exact endgame solver: the final disc difference with perfect play from any position.
//!
//! [`solve`] returns the score for the side to move and a move achieving it;
//! [`solve_with_limit`] does the same within a node budget; [`solve_window`] bounds the score
//! within a window (fail-soft). Scores follow the FFO/Edax convention: the side to move's discs
//! minus the opponent's at the end of the game, the empty squares (if the game ends early)
//! going to the winner. Every such score is even, which the windows exploit.
//!
//! # Search
//! Null-window search on raw bitboards (module `search`): every node but the root answers
//! whether the score beats one bound. The root of a large solve asks "is the score at least
//! `b`?" for `b` stepping up from a little below a guess (module `guess`: a shallow search on
//! the pattern evaluation), the table carrying what each answer learnt into the next; tests
//! below the true score pass cheaply and the guess errs low, so most of the work goes into the
//! last two tests, the proofs that the score is at least `s` and not more. From 20 empties on,
//! the same tests are first made twice with probable cut-offs (module `probcut`: a node is cut
//! when a shallow pattern search lands far beyond its window), loosely then more strictly.
//! These selective passes cost a fraction of the exact one; they leave a best move in the
//! table for most of the nodes it will visit, and a close score to start its tests from. The
//! exact pass trusts only its own table bounds, so its score is exact. A small solve asks for
//! the sign first, then searches with an open window on the side of that bound.
//!
//! The work is split by the number of empty squares `n`, because what pays differs:
//! - `n > SHALLOW_EMPTIES` (module `search`): transposition table (module `table`; a child's
//!   slot is prefetched while its parent generates or orders moves), stability cut-off
//!   (module `stability`), enhanced transposition cut-off, and move ordering (module
//!   `order`): the table's move first (before the other moves are even generated), then
//!   fastest-first (fewest opponent replies, corners counted twice), potential mobility,
//!   corner stability, parity and square class; from 16 empties on a shallow search (one to
//!   three plies) on the trained pattern evaluation ([`crate::pattern`]) plus a hand-made
//!   mobility heuristic leads the key.
//! - `n <= SHALLOW_EMPTIES` (module `last`): no table, no move generation: empties by quadrant
//!   parity, then static square classes; the last four squares have their own code and the
//!   very last one is counted from line tables.
//! - Flips come from one function per square (module `flips`), or from one AVX2 function where
//!   the processor has AVX2; the last-square score likewise has a `popcnt` copy. Module `cpu`
//!   picks at run time, so the build needs no `target-cpu` and results never differ.
//!
//! Nothing depends on time or on earlier solves (the table is new for each solve), so node
//! counts are reproducible. Example: `cargo run --release -p arbiter-othello --example solve --
//! --ffo 40..49`.

mod cpu;
mod flips;
mod guess;
mod last;
mod order;
mod probcut;
mod search;
mod stability;
mod table;

#[cfg(test)]
mod tests;

use crate::Move;
use table::Table;

/// The result of [`solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// A move achieving [`Solution::score`]: a square, [`Move::PASS`] when the side to move must
    /// pass, `None` when the game is over.
    pub best: Option<Move>,
    /// The exact final disc difference for the side to move, empties to the winner.
    pub score: i32,
    /// Positions visited (every call of the search, leaves and ordering searches included).
    pub nodes: u64,
}

/// At or below this many empty squares the search drops the table and move generation.
const SHALLOW_EMPTIES: u32 = 6;

/// The four 4x4 quadrants: a1-d4, e1-h4, a5-d8, e5-h8.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// Solves the position exactly: `player` holds the side to move's discs, `opponent` the other's.
///
/// # Panics
/// Debug builds assert that the two boards do not overlap.
#[must_use]
pub fn solve(player: u64, opponent: u64) -> Solution {
    let mut solver = Solver::new(player, opponent, u64::MAX);
    let (best, score) = solver.root(player, opponent);
    Solution {
        best,
        score,
        nodes: solver.nodes,
    }
}

/// Solves the position exactly like [`solve`], giving up (`None`) once more than about
/// `max_nodes` nodes have been searched. The budget is checked at the nodes that use the table
/// and in the root's guess, so a search may overshoot it by one small subtree (a few thousand
/// nodes at most). With the
/// same budget the outcome is always the same.
///
/// # Panics
/// Debug builds assert that the two boards do not overlap.
#[must_use]
pub fn solve_with_limit(player: u64, opponent: u64, max_nodes: u64) -> Option<Solution> {
    let mut solver = Solver::new(player, opponent, max_nodes);
    let (best, score) = solver.root(player, opponent);
    (!solver.aborted).then_some(Solution {
        best,
        score,
        nodes: solver.nodes,
    })
}

/// Solves the position of `game` exactly (see [`solve`]).
#[must_use]
pub fn solve_game(game: &crate::Othello) -> Solution {
    let (me, opp) = game.boards();
    solve(me, opp)
}

/// Fail-soft bound on the exact score within the window `alpha < beta`: a returned value `v`
/// with `alpha < v < beta` is exact, `v <= alpha` is an upper bound, `v >= beta` a lower bound.
/// Returns the value and the nodes searched.
///
/// # Panics
/// Debug builds assert `alpha < beta` and that the boards do not overlap.
#[must_use]
pub fn solve_window(player: u64, opponent: u64, alpha: i32, beta: i32) -> (i32, u64) {
    debug_assert!(alpha < beta);
    let mut solver = Solver::new(player, opponent, u64::MAX);
    let n = (!(player | opponent)).count_ones();
    let value = if beta == alpha + 1 {
        solver.nws(player, opponent, alpha, n)
    } else {
        solver.pvs(player, opponent, alpha, beta, n).0
    };
    (value, solver.nodes)
}

/// The pattern evaluation searched `depth` plies ahead, in [`crate::pattern::EVAL_SCALE`]
/// units per disc: what the solver's probable cut-offs compare with their bounds. Public for
/// the `probcut_fit` example, which measures its error.
#[doc(hidden)]
#[must_use]
pub fn shallow_value(player: u64, opponent: u64, depth: u32) -> i32 {
    // The smallest table: the pattern search does not use one.
    let mut solver = Solver::for_empties(0, u64::MAX);
    solver.guess_search(player, opponent, depth, -(1 << 20), 1 << 20)
}

/// Search state for one solve.
struct Solver {
    table: Table,
    nodes: u64,
    /// Give up once `nodes` reaches this.
    limit: u64,
    /// Set when the node limit was reached: every value computed since is meaningless.
    aborted: bool,
    /// The selectivity of the search under way: an index into [`probcut::SELECTIVITY`], or
    /// [`probcut::EXACT`].
    level: u8,
}

impl Solver {
    /// A solver for the position `(me, opp)`, its table sized to the number of empties.
    fn new(me: u64, opp: u64, limit: u64) -> Solver {
        debug_assert_eq!(me & opp, 0, "overlapping boards");
        Solver::for_empties((!(me | opp)).count_ones(), limit)
    }

    /// A solver whose table is sized for solves of `empties` empty squares.
    fn for_empties(empties: u32, limit: u64) -> Solver {
        cpu::detect();
        Solver {
            table: Table::for_empties(empties),
            nodes: 0,
            limit,
            aborted: false,
            level: probcut::EXACT,
        }
    }
}

/// The final score when neither side can move: disc difference, empties to the winner.
#[inline]
fn final_score(me: u64, opp: u64) -> i32 {
    let mine = me.count_ones() as i32;
    let theirs = opp.count_ones() as i32;
    let empties = 64 - mine - theirs;
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => mine - theirs + empties,
        std::cmp::Ordering::Less => mine - theirs - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The squares of the quadrants holding an odd number of `empties`.
///
/// XOR-folds each 4x4 block into its corner bit (rows first, then columns), so that bits 0, 4,
/// 32 and 36 hold the parities of the four quadrants.
#[inline]
fn quadrant_parity_squares(empties: u64) -> u64 {
    let mut x = empties ^ (empties >> 8);
    x ^= x >> 16;
    x ^= x >> 1;
    x ^= x >> 2;
    let pick = |bit: u32, quadrant: u64| ((x >> bit) & 1).wrapping_neg() & quadrant;
    pick(0, QUADRANTS[0]) | pick(4, QUADRANTS[1]) | pick(32, QUADRANTS[2]) | pick(36, QUADRANTS[3])
}

#[cfg(test)]
mod parity_tests {
    use super::*;
    use crate::board::random_bitboards;

    #[test]
    fn quadrant_parity_matches_counting() {
        for [empties] in random_bitboards(3, 1000) {
            let expected = QUADRANTS
                .iter()
                .filter(|&&q| (empties & q).count_ones() % 2 == 1)
                .fold(0, |acc, q| acc | q);
            assert_eq!(quadrant_parity_squares(empties), expected);
        }
    }
}
