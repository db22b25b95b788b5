//! Probable cut-offs (ProbCut) and the selective passes that use them.
//!
//! Before proving the score of a large solve, the root makes the same null-window tests with
//! probable cut-offs ([`Solver::probcut`]): a node whose shallow pattern search lands far
//! enough beyond its window is cut as if the exact search had agreed. Such a pass is not
//! exact, but it costs a fraction of the exact one, and it leaves in the table a best move for
//! most nodes the exact pass will visit, and a score close to the true one to start from. A
//! table entry records the level of the pass that stored it (0 for the most selective), and
//! its bounds are trusted only by passes of that level or a lower one, as selective or more:
//! the exact pass, the last, uses the earlier passes' entries for their moves alone, so its
//! result stays exact.
//!
//! The margins are multiples of the shallow search's error, measured as a standard deviation
//! against exact scores by the `probcut_fit` example.

use super::Solver;
use crate::pattern::EVAL_SCALE;

/// The selective passes, loosest first: how many standard deviations of its error
/// ([`sigma`]) a shallow search must land beyond a node's window to cut it. Measured on the
/// node counts of FFO #30-#52 (#30-#39, #40-#49 and #50-#52 summed), with shallow searches of
/// at most 4 plies: 1.0 then 2.0 2.27 G, against 2.62 G without selective passes; 1.5 alone
/// 2.31 G, 0.8 then 1.6 2.28 G, 1.0, 1.5 then 2.0 2.26 G, 1.2 then 2.4 2.34 G, 1.5 then 3.0
/// 2.34 G. With the depths of [`probcut_depth`]: 2.20 G.
pub(super) const SELECTIVITY: [f32; 2] = [1.0, 2.0];
/// The level of the exact search: above every index of [`SELECTIVITY`].
pub(super) const EXACT: u8 = u8::MAX;
/// Solves of this many empties or more make the selective passes first. From 22: FFO #30-#39
/// took 6% more nodes.
pub(super) const SELECTIVE_ROOT_EMPTIES: u32 = 20;
/// Nodes of this many empties or more try probable cut-offs (13: 1% more nodes on #30-#52).
pub(super) const PROBCUT_EMPTIES: u32 = 12;

/// The depth of the shallow search at a node of `n` empties. Deeper searches err less (see
/// [`sigma`]) and cost more; one depth less from 22 empties on took 2.5% more nodes on FFO
/// #30-#52, a depth 6 from 24 empties 0.5% fewer.
fn probcut_depth(n: u32) -> u32 {
    match n {
        0..16 => 2,
        16..20 => 3,
        20..22 => 4,
        22..24 => 5,
        _ => 6,
    }
}

/// The standard deviation, in discs, of the error of a `depth`-ply pattern search at `n`
/// empties against the exact score: `probcut_fit` on 1,000 positions per number of empties
/// from 10 to 18, from games the weights were not fitted on, as a line in `n`. 100 solved
/// positions per number of empties from 20 to 24 stay within about 0.5 disc of the line.
fn sigma(n: u32, depth: u32) -> f32 {
    let (at_10, per_empty) = match depth {
        0 => (8.8, 0.35),
        1 => (7.9, 0.29),
        2 => (6.8, 0.26),
        3 => (6.5, 0.21),
        4 => (6.3, 0.15),
        5 => (5.9, 0.12),
        _ => (5.8, 0.10),
    };
    at_10 + per_empty * (n as f32 - 10.0)
}

impl Solver {
    /// A probable cut-off at a null-window node `(alpha, alpha + 1)` of `n` empties, in the
    /// selective pass `self.level`: `alpha + 1` when a shallow search says the score is above
    /// the window by the pass's margin, `alpha` when it says it is below by as much, `None`
    /// otherwise. Only one side is tested, the one the static evaluation points to.
    pub(super) fn probcut(&mut self, me: u64, opp: u64, alpha: i32, n: u32) -> Option<i32> {
        let depth = probcut_depth(n);
        let t = SELECTIVITY[usize::from(self.level)];
        // No truncation: a few hundred evaluation units.
        let margin = (t * sigma(n, depth) * EVAL_SCALE as f32) as i32;
        // Depth 0: the static evaluation (a node, like every evaluation the solver makes).
        let static_value = self.guess_search(me, opp, 0, 0, 0);
        if static_value > alpha * EVAL_SCALE {
            let bound = (alpha + 1) * EVAL_SCALE + margin;
            if bound < 64 * EVAL_SCALE
                && self.guess_search(me, opp, depth, bound - 1, bound) >= bound
            {
                return Some(alpha + 1);
            }
        } else {
            let bound = alpha * EVAL_SCALE - margin;
            if bound > -64 * EVAL_SCALE
                && self.guess_search(me, opp, depth, bound, bound + 1) <= bound
            {
                return Some(alpha);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deeper_searches_get_narrower_margins() {
        for n in PROBCUT_EMPTIES..=40 {
            for depth in 1..=6 {
                assert!(
                    sigma(n, depth) <= sigma(n, depth - 1),
                    "n {n} depth {depth}"
                );
            }
            assert!(sigma(n + 1, probcut_depth(n)) >= sigma(n, probcut_depth(n)));
        }
    }
}
