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

/// The 15 diagonals running towards higher indices by 9 (a1-h8 direction), and the 15 running by
/// 7 (h1-a8 direction).
static DIAGONALS: ([u64; 15], [u64; 15]) = diagonals();

const fn diagonals() -> ([u64; 15], [u64; 15]) {
    let mut d9 = [0u64; 15];
    let mut d7 = [0u64; 15];
    let mut sq = 0;
    while sq < 64 {
        let (row, col) = (sq / 8, sq % 8);
        d9[7 + col - row] |= 1u64 << sq;
        d7[row + col] |= 1u64 << sq;
        sq += 1;
    }
    (d9, d7)
}

/// The squares lying on full lines along each axis: (horizontal, vertical, a1-h8 diagonal,
/// h1-a8 diagonal).
#[inline]
fn full_lines(filled: u64) -> (u64, u64, u64, u64) {
    let mut horizontal = 0;
    for row in 0..8 {
        let mask = 0xFFu64 << (8 * row);
        if filled & mask == mask {
            horizontal |= mask;
        }
    }
    let mut columns = filled;
    columns &= columns >> 32;
    columns &= columns >> 16;
    columns &= columns >> 8;
    let vertical = (columns & 0xFF) * 0x0101_0101_0101_0101;
    let (mut d9, mut d7) = (0, 0);
    for mask in DIAGONALS.0 {
        if filled & mask == mask {
            d9 |= mask;
        }
    }
    for mask in DIAGONALS.1 {
        if filled & mask == mask {
            d7 |= mask;
        }
    }
    (horizontal, vertical, d9, d7)
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

    #[test]
    fn corners_and_their_edges_are_stable_lone_edge_discs_are_not() {
        // Black on a1, b1, c1 (anchored by the a1 corner) and on e1 (not anchored).
        let me = 0b1_0111;
        let opp = 1u64 << 9; // b2
        assert_eq!(stable_discs(me, opp), 0b111);
        assert_eq!(stable_discs(opp, me), 0);
    }

    #[test]
    fn a_full_board_is_entirely_stable() {
        let me = 0x0123_4567_89AB_CDEF;
        assert_eq!(stable_discs(me, !me), me);
        assert_eq!(stable_discs(!me, me), !me);
    }
}
