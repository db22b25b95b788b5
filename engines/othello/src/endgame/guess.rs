//! The root's first guess at the score: a depth-limited alpha-beta search on the trained
//! pattern evaluation ([`crate::pattern`]), in discs. The same search decides the probable
//! cut-offs of the selective passes (module `probcut`).
//!
//! The root (module `search`) proves the score with a sequence of null-window tests, and how
//! much they cost depends on where the first one lands: tests below the true score are cheap
//! to pass, tests above it are as dear as a whole proof to fail. The guess only chooses where
//! to start; the result is exact whatever it is.

use super::Solver;
use super::flips::flips;
use crate::board::legal_moves;
use crate::pattern::{EVAL_SCALE, PatternWeights};

/// Beyond any evaluation or scaled final score.
const INF: i32 = 1 << 20;
/// From this depth on, moves are tried best static evaluation first.
const ORDER_DEPTH: u32 = 3;

impl Solver {
    /// The pattern evaluation searched `depth` plies ahead, rounded to discs, side to move's
    /// view. Its nodes count in [`super::Solution::nodes`] and against the node limit (past
    /// it, the value is meaningless and `aborted` is set).
    pub(super) fn guess(&mut self, me: u64, opp: u64, depth: u32) -> i32 {
        let value = self.guess_search(me, opp, depth, -INF, INF);
        (value as f64 / f64::from(EVAL_SCALE)).round() as i32
    }

    /// Plain fail-soft alpha-beta on the pattern evaluation (scaled final scores where the game
    /// ends).
    pub(super) fn guess_search(
        &mut self,
        me: u64,
        opp: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return 0;
        }
        let weights = PatternWeights::shipped();
        if depth == 0 {
            return weights.evaluate(me, opp);
        }
        let mut moves = legal_moves(me, opp);
        if moves == 0 {
            if legal_moves(opp, me) == 0 {
                return super::final_score(me, opp) * EVAL_SCALE;
            }
            return -self.guess_search(opp, me, depth, -beta, -alpha);
        }
        // The children, best-looking first once the subtrees are big enough to pay for it.
        let mut children = [(0i32, 0u64, 0u64); 34];
        let mut len = 0;
        while moves != 0 {
            let sq = moves.trailing_zeros();
            moves &= moves - 1;
            let f = flips(me, opp, sq);
            let (child_me, child_opp) = (opp & !f, me | f | (1u64 << sq));
            let key = if depth >= ORDER_DEPTH {
                -weights.evaluate(child_me, child_opp)
            } else {
                0
            };
            children[len] = (key, child_me, child_opp);
            len += 1;
        }
        let children = &mut children[..len];
        children.sort_by_key(|&(key, ..)| std::cmp::Reverse(key));
        let mut best = -INF;
        for &(_, child_me, child_opp) in children.iter() {
            let value = -self.guess_search(child_me, child_opp, depth - 1, -beta, -alpha);
            // The fail-soft update written out, as in `sort_search_body`: a search loop, kept
            // inline.
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
