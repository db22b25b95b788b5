//! The score scale shared by every searcher: plain evaluations in the middle, win/loss scores
//! at the ends, adjusted by the distance (in plies) from the root so that a quicker win and a
//! slower loss are preferred.

/// The deepest ply any search reaches; deeper nodes are evaluated statically.
pub const MAX_PLY: usize = 250;

/// The score of a win at the root itself (a position already won for the side to move).
/// A win `n` plies from the root scores `MATE - n`.
pub const MATE: i32 = 1_000_000;

/// Above every score; the initial alpha-beta window is `(-INFINITY, INFINITY)`.
pub const INFINITY: i32 = MATE + 1;

/// Scores whose magnitude reaches this are win/loss-by-distance scores ([`is_mate`]).
/// Evaluations and game-specific terminal scores must stay strictly inside `±MATE_BOUND`.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// The score of winning at `ply` plies from the root, for the side to move at the root's
/// perspective at that node (always positive).
#[must_use]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// The score of losing at `ply` plies from the root (always negative).
#[must_use]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Whether `score` is a win or loss by distance rather than an evaluation.
#[must_use]
pub const fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// Converts a score relative to the root into one relative to the node at `ply`, for the
/// transposition table: a mate score is stored as "mate in n from this node" so that it stays
/// right when the node is reached again at another ply.
#[must_use]
pub(crate) const fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_table`].
#[must_use]
pub(crate) const fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_conversion_round_trips() {
        for score in [
            0,
            17,
            -17,
            MATE_BOUND - 1,
            mate_in(3),
            mated_in(5),
            mate_in(0),
        ] {
            for ply in [0, 1, 7, 40] {
                assert_eq!(from_table(to_table(score, ply), ply), score);
            }
        }
        // A mate 5 plies from the root found at ply 2 is a mate in 3 from that node.
        assert_eq!(to_table(mate_in(5), 2), mate_in(3));
        assert!(is_mate(mated_in(MAX_PLY)) && !is_mate(MATE_BOUND - 1));
    }
}
