//! Fast perft on raw bitboards: bulk counting at the last ply, passes as plies, and both
//! [`PerftConvention`]s.
//!
//! This is what [`crate::Othello`]'s `Game::perft_within` (and so `Game::perft`) calls, on the
//! position's two bitboards.

use arbiter_core::{NodeBudget, PerftConvention};

use crate::bitboard::{flips, legal_moves};

/// The number of move sequences of `depth` plies from the position where the side to move owns
/// `me` and the other side `opp`, under `convention`. A pass is a ply; depth 0 counts 1.
///
/// Allocation-free and single-threaded. At the last ply the legal placements are counted with
/// one population count instead of being played. On x86-64 processors with AVX2, BMI and
/// LZCNT (checked at run time) the same code runs compiled for those instructions, which is
/// about 1.5 times faster than the baseline x86-64 build. The walk visits at most `budget`'s
/// positions (the last ply is counted in bulk): when it runs out the count is incomplete and
/// [`NodeBudget::exhausted`] says so.
#[must_use]
pub fn perft_within(
    me: u64,
    opp: u64,
    depth: u32,
    convention: PerftConvention,
    budget: &mut NodeBudget,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let finished = match convention {
        PerftConvention::SequencesOfExactLength => 0,
        PerftConvention::FinishedGameIsLeaf => 1,
    };
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("popcnt")
    {
        // SAFETY: the processor has every feature `count_x86_v3` is compiled for (checked above).
        return unsafe { count_x86_v3(me, opp, depth, finished, budget) };
    }
    count_portable(me, opp, depth, finished, budget)
}

/// Defines a recursive counter: `perft` for `depth >= 1`, where `finished` is what a game over
/// counts (0 or 1), under `budget` (0 once it is spent). A macro so that the one body can be
/// compiled twice, once per instruction set.
macro_rules! counter {
    ($(#[$attr:meta])* $name:ident) => {
        $(#[$attr])*
        fn $name(me: u64, opp: u64, depth: u32, finished: u64, budget: &mut NodeBudget) -> u64 {
            if !budget.take() {
                return 0;
            }
            let mut moves = legal_moves(me, opp);
            if moves == 0 {
                if legal_moves(opp, me) == 0 {
                    return finished;
                }
                // The forced pass is the only move: one sequence at the last ply.
                return if depth == 1 { 1 } else { $name(opp, me, depth - 1, finished, budget) };
            }
            if depth == 1 {
                return u64::from(moves.count_ones());
            }
            let mut nodes = 0;
            if depth == 2 {
                // The last two plies unrolled: play each move, count the replies in bulk.
                while moves != 0 {
                    let sq = moves.trailing_zeros();
                    moves &= moves - 1;
                    let flipped = flips(me, opp, sq);
                    let (child_me, child_opp) = (opp ^ flipped, me | flipped | (1 << sq));
                    let replies = legal_moves(child_me, child_opp);
                    nodes += if replies != 0 {
                        u64::from(replies.count_ones())
                    } else if legal_moves(child_opp, child_me) != 0 {
                        1
                    } else {
                        finished
                    };
                }
                return nodes;
            }
            while moves != 0 {
                let sq = moves.trailing_zeros();
                moves &= moves - 1;
                let flipped = flips(me, opp, sq);
                nodes += $name(opp ^ flipped, me | flipped | (1 << sq), depth - 1, finished, budget);
                if budget.exhausted() {
                    break;
                }
            }
            nodes
        }
    };
}

counter!(count_portable);
counter!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
    count_x86_v3
);

#[cfg(test)]
mod tests {
    use super::*;

    /// The count without a practical limit.
    fn perft(me: u64, opp: u64, depth: u32, convention: PerftConvention) -> u64 {
        perft_within(me, opp, depth, convention, &mut NodeBudget::new(u64::MAX))
    }

    const BLACK: u64 = (1 << 28) | (1 << 35);
    const WHITE: u64 = (1 << 27) | (1 << 36);

    #[test]
    fn start_counts_match_the_published_table() {
        // othello_perft.tsv (Edax `count games`, OEIS A124004, Aart Bik's table), depths 1..9
        // (equal in both conventions), and 10 where they differ by the 228 finished games.
        let expected = [4, 12, 56, 244, 1396, 8200, 55092, 390_216, 3_005_288];
        for (depth, nodes) in (1..).zip(expected) {
            for convention in [
                PerftConvention::SequencesOfExactLength,
                PerftConvention::FinishedGameIsLeaf,
            ] {
                assert_eq!(
                    perft(BLACK, WHITE, depth, convention),
                    nodes,
                    "depth {depth}"
                );
            }
        }
    }

    #[test]
    fn conventions_differ_from_depth_10() {
        // othello_perft.tsv: 228 games are over after 9 plies, so nodes_T(10) - nodes_E(10) = 228.
        assert_eq!(
            perft(BLACK, WHITE, 10, PerftConvention::SequencesOfExactLength),
            24_571_056
        );
        assert_eq!(
            perft(BLACK, WHITE, 10, PerftConvention::FinishedGameIsLeaf),
            24_571_284
        );
    }

    #[test]
    fn portable_counter_agrees_with_the_dispatched_one() {
        // `perft` may pick the x86-64-v3 copy; the baseline copy must count the same.
        for (finished, convention) in [
            (0, PerftConvention::SequencesOfExactLength),
            (1, PerftConvention::FinishedGameIsLeaf),
        ] {
            assert_eq!(
                count_portable(BLACK, WHITE, 8, finished, &mut NodeBudget::new(u64::MAX)),
                perft(BLACK, WHITE, 8, convention)
            );
        }
    }

    #[test]
    fn a_walk_stops_when_its_budget_is_spent() {
        let convention = PerftConvention::SequencesOfExactLength;
        let mut budget = NodeBudget::new(1_000);
        let _ = perft_within(BLACK, WHITE, 100, convention, &mut budget);
        assert!(budget.exhausted(), "depth 100 does not fit in 1000 nodes");
        let mut budget = NodeBudget::new(1_000);
        assert_eq!(perft_within(BLACK, WHITE, 4, convention, &mut budget), 244);
        assert!(!budget.exhausted());
    }

    #[test]
    fn finished_game_counts_by_convention() {
        // Only black discs: nobody can move.
        assert_eq!(
            perft(BLACK | WHITE, 0, 3, PerftConvention::SequencesOfExactLength),
            0
        );
        assert_eq!(
            perft(BLACK | WHITE, 0, 3, PerftConvention::FinishedGameIsLeaf),
            1
        );
        assert_eq!(
            perft(BLACK | WHITE, 0, 0, PerftConvention::SequencesOfExactLength),
            1
        );
    }
}
