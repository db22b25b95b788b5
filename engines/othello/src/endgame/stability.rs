//! Stable discs: discs that no sequence of moves can ever flip, for the stability cut-off.
//!
//! A disc cannot be flipped along one of the four axes when the line through it on that axis is
//! full, or when one of its two neighbours on that axis is off the board or a stable disc of the
//! same colour (a flip along the axis would have to flip that neighbour too). A disc safe along
//! all four axes is stable. Starting from no stable disc, the rule is applied until nothing
//! changes: the corners come first, then whatever they anchor. The result is a lower bound on the
//! true set of stable discs, which is all a cut-off needs.

/// Every square but the a-file.
const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
/// Every square but the h-file.
const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// The a- and h-files.
const SIDE_FILES: u64 = 0x8181_8181_8181_8181;
/// Rows 1 and 8.
const END_ROWS: u64 = 0xFF00_0000_0000_00FF;
/// The 28 border squares.
const BORDER: u64 = SIDE_FILES | END_ROWS;

/// The squares lying on full lines along each axis: (horizontal, vertical, a1-h8 diagonal,
/// h1-a8 diagonal). Only the squares off the border are exact: the border squares are safe on
/// every axis but their own edge anyway.
#[inline]
fn full_lines(filled: u64) -> (u64, u64, u64, u64) {
    // A row is full when the AND of its eight bits, folded into its a-file bit, is set.
    let mut rows = filled;
    rows &= rows >> 1;
    rows &= rows >> 2;
    rows &= rows >> 4;
    let horizontal = (rows & 0x0101_0101_0101_0101) * 0xFF;
    let mut columns = filled;
    columns &= columns >> 32;
    columns &= columns >> 16;
    columns &= columns >> 8;
    let vertical = (columns & 0xFF) * 0x0101_0101_0101_0101;
    (
        horizontal,
        vertical,
        full_diagonals(filled, 9),
        full_diagonals(filled, 7),
    )
}

/// The inner squares of the full diagonals in the direction of `shift` (7 or 9).
///
/// Erosion: keep the filled squares whose two neighbours along the diagonal are kept (filled
/// border squares, which end every diagonal, are always kept); an empty square removes one more
/// square of its diagonal each way per round, and six rounds cross the six inner squares of the
/// longest diagonal. The inner squares never wrap from one side of the board to the other.
#[inline]
fn full_diagonals(filled: u64, shift: u32) -> u64 {
    let edge = filled & BORDER;
    let mut full = filled & (((filled >> shift) & (filled << shift)) | edge);
    for _ in 0..4 {
        full &= ((full >> shift) & (full << shift)) | edge;
    }
    full & (full >> shift) & (full << shift)
}

/// A subset of `me`'s discs that can never be flipped (`opp` is the other colour).
#[must_use]
pub fn stable_discs(me: u64, opp: u64) -> u64 {
    let (full_h, full_v, full_d9, full_d7) = full_lines(me | opp);
    let safe_h = full_h | SIDE_FILES;
    let safe_v = full_v | END_ROWS;
    let safe_d9 = full_d9 | BORDER;
    let safe_d7 = full_d7 | BORDER;
    let mut stable = 0u64;
    loop {
        let h = safe_h | ((stable << 1) & NOT_A) | ((stable >> 1) & NOT_H);
        let v = safe_v | (stable << 8) | (stable >> 8);
        let d9 = safe_d9 | ((stable << 9) & NOT_A) | ((stable >> 9) & NOT_H);
        let d7 = safe_d7 | ((stable << 7) & NOT_H) | ((stable >> 7) & NOT_A);
        let next = me & h & v & d9 & d7;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::random_bitboards;

    #[test]
    fn corners_and_their_edges_are_stable_lone_edge_discs_are_not() {
        // Black on a1, b1, c1 (anchored by the a1 corner) and on e1 (not anchored).
        let me = 0b1_0111;
        let opp = 1u64 << 9; // b2
        assert_eq!(stable_discs(me, opp), 0b111);
        assert_eq!(stable_discs(opp, me), 0);
    }

    /// Full lines by checking every line square by square.
    fn full_lines_reference(filled: u64) -> (u64, u64, u64, u64) {
        let line = |mask: u64| if filled & mask == mask { mask } else { 0 };
        let (mut h, mut v, mut d9, mut d7) = (0, 0, 0, 0);
        for i in 0..8 {
            h |= line(0xFFu64 << (8 * i));
            v |= line(0x0101_0101_0101_0101u64 << i);
        }
        for k in 0..15i32 {
            let (mut diag9, mut diag7) = (0u64, 0u64);
            for sq in 0..64i32 {
                let (row, col) = (sq / 8, sq % 8);
                if col - row + 7 == k {
                    diag9 |= 1 << sq;
                }
                if row + col == k {
                    diag7 |= 1 << sq;
                }
            }
            d9 |= line(diag9);
            d7 |= line(diag7);
        }
        (h, v, d9, d7)
    }

    #[test]
    fn full_lines_agree_with_checking_every_line() {
        let inner = !BORDER;
        for [a, b] in random_bitboards(17, 20_000) {
            // Mostly full boards, where full lines are common.
            let filled = a | b | (a >> 3);
            let (h, v, d9, d7) = full_lines(filled);
            let (rh, rv, rd9, rd7) = full_lines_reference(filled);
            assert_eq!(h, rh, "{filled:#x}");
            assert_eq!(v, rv, "{filled:#x}");
            assert_eq!(d9 & inner, rd9 & inner, "{filled:#x}");
            assert_eq!(d7 & inner, rd7 & inner, "{filled:#x}");
        }
    }

    #[test]
    fn a_full_board_is_entirely_stable() {
        let me = 0x0123_4567_89AB_CDEF;
        assert_eq!(stable_discs(me, !me), me);
        assert_eq!(stable_discs(!me, me), !me);
    }
}
