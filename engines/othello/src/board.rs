//! The board: the [`Move`] type, and the bitboard primitives, legal-move generation and flip
//! computation on a pair of `u64`s.
//!
//! A board is two bitboards, the side to move's discs (`me`) and the opponent's (`opp`). Bit
//! `row * 8 + col` is the square in column `col` (a..h, left to right) and row `row` (1..8, top to
//! bottom), so bit 0 is a1 (top-left), bit 7 is h1 and bit 63 is h8: the FFO/Edax string order.
//!
//! Everything here is branch-light, allocation-free and `#[inline]`: these are the hot paths of
//! perft and of any search built on this crate.

/// a1, h1, a8, h8.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;
/// b2, g2, b7, g7: the squares diagonally next to the corners.
pub const X_SQUARES: u64 = 0x0042_0000_0000_4200;
/// The edge squares orthogonally next to the corners (b1, g1, a2, h2, a7, h7, b8, g8).
pub const C_SQUARES: u64 = 0x4281_0000_0000_8142;
/// The 28 squares on the board's rim.
pub const EDGES: u64 = 0xFF81_8181_8181_81FF;

/// Every square but those on the a- and h-files. A horizontal or diagonal line of discs to flip
/// never includes an edge-file square, so masking the opponent's discs with this stops a
/// shifted line from wrapping from one row into the next.
const NOT_EDGE_FILES: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// The eight directions as (row step, column step). The first four go towards higher bit
/// indices (east, south-west, south, south-east), the last four towards lower ones.
const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, -1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// `RAYS[d][sq]`: the squares strictly beyond `sq` in direction `DIRECTIONS[d]`, up to the edge.
/// A constant, not a static, so that the endgame's flips specialised by square
/// (`endgame::flips`) read their rays at compile time.
pub(crate) const RAYS: [[u64; 64]; 8] = rays();

const fn rays() -> [[u64; 64]; 8] {
    let mut table = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let (dr, dc) = DIRECTIONS[d];
        let mut sq = 0;
        while sq < 64 {
            let mut row = (sq / 8) as i8 + dr;
            let mut col = (sq % 8) as i8 + dc;
            while row >= 0 && row < 8 && col >= 0 && col < 8 {
                table[d][sq] |= 1u64 << (row * 8 + col);
                row += dr;
                col += dc;
            }
            sq += 1;
        }
        d += 1;
    }
    table
}

/// The squares next to a disc of `discs` in any of the eight directions (no wrap across edges):
/// where potential mobility is counted.
#[inline(always)]
#[must_use]
pub fn neighbours(discs: u64) -> u64 {
    const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let horizontal = ((discs << 1) & NOT_A) | ((discs >> 1) & NOT_H);
    let row = discs | horizontal;
    horizontal | (row << 8) | (row >> 8)
}

/// The empty squares where the side owning `me` may place a disc: those that outflank at least
/// one line of `opp` discs in one of the eight directions.
///
/// Parallel-prefix (Kogge-Stone style) fills along the four axes, both ways at once. Where the
/// processor has AVX2 (detected at run time), the four axes go in the four lanes of one vector
/// register ([`legal_moves_avx2`]); the result is the same either way.
#[inline(always)]
#[must_use]
pub fn legal_moves(me: u64, opp: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor was just found to support AVX2, the only feature the
            // function needs beyond the x86_64 baseline.
            return unsafe { legal_moves_avx2(me, opp) };
        }
    }
    legal_moves_portable(me, opp)
}

/// [`legal_moves`] on plain 64-bit integers, for any processor.
#[inline(always)]
#[must_use]
pub fn legal_moves_portable(me: u64, opp: u64) -> u64 {
    let inner = opp & NOT_EDGE_FILES;
    let lines = direction_moves(me, inner, 1)
        | direction_moves(me, opp, 8)
        | direction_moves(me, inner, 7)
        | direction_moves(me, inner, 9);
    lines & !(me | opp)
}

/// [`legal_moves`] with the four axes in the four 64-bit lanes of an AVX2 register: the same
/// fills as `direction_moves`, each step done for every axis by one instruction.
///
/// # Safety
/// The processor must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[must_use]
pub unsafe fn legal_moves_avx2(me: u64, opp: u64) -> u64 {
    use std::arch::x86_64::{
        _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_add_epi64, _mm256_and_si256,
        _mm256_castsi256_si128, _mm256_extracti128_si256, _mm256_or_si256, _mm256_set_epi64x,
        _mm256_set1_epi64x, _mm256_sllv_epi64, _mm256_srlv_epi64,
    };
    // Lanes, lowest first: horizontal, vertical, the two diagonals (as in `legal_moves`).
    let shift = _mm256_set_epi64x(9, 7, 8, 1);
    // The casts reinterpret bit patterns, not numbers.
    let (me_v, mask) = (
        _mm256_set1_epi64x(me as i64),
        _mm256_and_si256(
            _mm256_set1_epi64x(opp as i64),
            _mm256_set_epi64x(
                NOT_EDGE_FILES as i64,
                NOT_EDGE_FILES as i64,
                -1,
                NOT_EDGE_FILES as i64,
            ),
        ),
    );
    let mut up = _mm256_and_si256(mask, _mm256_sllv_epi64(me_v, shift));
    let mut down = _mm256_and_si256(mask, _mm256_srlv_epi64(me_v, shift));
    up = _mm256_or_si256(up, _mm256_and_si256(mask, _mm256_sllv_epi64(up, shift)));
    down = _mm256_or_si256(down, _mm256_and_si256(mask, _mm256_srlv_epi64(down, shift)));
    let mask_up = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, shift));
    let mask_down = _mm256_and_si256(mask, _mm256_srlv_epi64(mask, shift));
    let shift2 = _mm256_add_epi64(shift, shift);
    up = _mm256_or_si256(up, _mm256_and_si256(mask_up, _mm256_sllv_epi64(up, shift2)));
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(mask_down, _mm256_srlv_epi64(down, shift2)),
    );
    up = _mm256_or_si256(up, _mm256_and_si256(mask_up, _mm256_sllv_epi64(up, shift2)));
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(mask_down, _mm256_srlv_epi64(down, shift2)),
    );
    let lines = _mm256_or_si256(_mm256_sllv_epi64(up, shift), _mm256_srlv_epi64(down, shift));
    let halves = _mm_or_si128(
        _mm256_castsi256_si128(lines),
        _mm256_extracti128_si256::<1>(lines),
    );
    // The casts reinterpret bit patterns, not numbers.
    let lines = _mm_cvtsi128_si64(_mm_or_si128(halves, _mm_unpackhi_epi64(halves, halves))) as u64;
    lines & !(me | opp)
}

/// Squares just beyond a run of `mask` discs that starts next to a `me` disc, along one axis
/// (`shift` 1: horizontal, 8: vertical, 7 and 9: the diagonals), in both directions.
#[inline(always)]
fn direction_moves(me: u64, mask: u64, shift: u32) -> u64 {
    // A run holds at most six discs: 1 + 1 + 2 + 2 steps of filling cover it.
    let mut up = mask & (me << shift);
    let mut down = mask & (me >> shift);
    up |= mask & (up << shift);
    down |= mask & (down >> shift);
    let mask_up = mask & (mask << shift);
    let mask_down = mask & (mask >> shift);
    up |= mask_up & (up << (2 * shift));
    down |= mask_down & (down >> (2 * shift));
    up |= mask_up & (up << (2 * shift));
    down |= mask_down & (down >> (2 * shift));
    (up << shift) | (down >> shift)
}

/// The `opp` discs that a disc placed on `square` (0..64, assumed empty) by the owner of `me`
/// would flip. Zero means the placement is not legal.
///
/// For each direction the nearest square along the ray that is not an opponent disc is found
/// with one bit scan; when it holds a `me` disc, the ray squares before it flip.
#[inline(always)]
#[must_use]
pub fn flips(me: u64, opp: u64, square: u32) -> u64 {
    debug_assert!(square < 64);
    let sq = square as usize;
    let mut flipped = 0;
    // Towards higher indices: the nearest non-opponent square is the lowest set bit.
    for rays in &RAYS[..4] {
        let ray = rays[sq];
        let blockers = ray & !opp;
        let outflank = blockers & blockers.wrapping_neg() & me;
        if outflank != 0 {
            flipped |= ray & (outflank - 1);
        }
    }
    // Towards lower indices: the nearest non-opponent square is the highest set bit.
    for rays in &RAYS[4..] {
        let ray = rays[sq];
        let blockers = ray & !opp;
        if blockers != 0 {
            let outflank = (1u64 << (63 - blockers.leading_zeros())) & me;
            // `-outflank << 1` keeps the indices above the outflanking square (none if zero).
            flipped |= ray & (outflank.wrapping_neg() << 1);
        }
    }
    flipped
}

/// Whether a placement exists for the owner of `me`.
#[inline]
#[must_use]
pub fn can_move(me: u64, opp: u64) -> bool {
    legal_moves(me, opp) != 0
}

/// One Othello turn: a disc on a square, or a pass.
///
/// Internally the square index `row * 8 + col` (0 = a1, top-left; 63 = h8) and 64 for the pass.
/// A pass is an ordinary move, legal only when the side to move has no placement and the
/// opponent has one.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move(u8);

impl Move {
    /// The pass.
    pub const PASS: Move = Move(64);

    /// A placement on `square` (`row * 8 + col`, 0..64); `None` outside the board.
    #[must_use]
    pub const fn place(square: u8) -> Option<Move> {
        if square < 64 {
            Some(Move(square))
        } else {
            None
        }
    }

    /// A placement on column `col` (0 = a) and row `row` (0 = row 1, the top); `None` off the board.
    #[must_use]
    pub const fn at(col: u8, row: u8) -> Option<Move> {
        if col < 8 && row < 8 {
            Some(Move(row * 8 + col))
        } else {
            None
        }
    }

    /// The square index of a placement, `None` for the pass.
    #[must_use]
    pub const fn square(self) -> Option<u8> {
        if self.0 < 64 { Some(self.0) } else { None }
    }

    /// Whether this is the pass.
    #[must_use]
    pub const fn is_pass(self) -> bool {
        self.0 == 64
    }

    /// The raw index, 0..=64 (64 = pass); handy as a table index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// For tests: `count` arrays of `N` pseudo-random bitboards from `seed` (SplitMix64: the same
/// boards on every run and machine).
#[cfg(test)]
pub(crate) fn random_bitboards<const N: usize>(
    seed: u64,
    count: usize,
) -> impl Iterator<Item = [u64; N]> {
    let mut rng = arbiter_search::SplitMix64::new(seed);
    (0..count).map(move |_| std::array::from_fn(|_| rng.next_u64()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit of the square named like `d3`.
    fn bit(name: &str) -> u64 {
        let b = name.as_bytes();
        1u64 << ((b[1] - b'1') * 8 + (b[0] - b'a'))
    }

    fn bits(names: &[&str]) -> u64 {
        names.iter().map(|n| bit(n)).fold(0, |a, b| a | b)
    }

    /// The plainest possible generator: walk each direction square by square.
    fn naive_flips(me: u64, opp: u64, sq: u32) -> u64 {
        let mut flipped = 0;
        for (dr, dc) in DIRECTIONS {
            let (mut r, mut c) = ((sq / 8) as i8 + dr, (sq % 8) as i8 + dc);
            let mut line = 0u64;
            while (0..8).contains(&r) && (0..8).contains(&c) {
                let b = 1u64 << (r * 8 + c);
                if opp & b != 0 {
                    line |= b;
                } else {
                    if me & b != 0 {
                        flipped |= line;
                    }
                    break;
                }
                r += dr;
                c += dc;
            }
        }
        flipped
    }

    #[test]
    fn start_position_moves() {
        // Black to move: black d5 e4, white d4 e5.
        let black = bits(&["d5", "e4"]);
        let white = bits(&["d4", "e5"]);
        assert_eq!(legal_moves(black, white), bits(&["d3", "c4", "f5", "e6"]));
        assert_eq!(flips(black, white, bit("f5").trailing_zeros()), bit("e5"));
    }

    #[test]
    fn no_wrap_between_rows() {
        // White on h1, black on a2 (the next bit), black to move cannot use g1 through the wrap.
        let me = bit("a2") | bit("f1");
        let opp = bit("h1") | bit("g1");
        // f1 g1 h1 | a2: placing nowhere should outflank across the edge.
        assert_eq!(legal_moves(me, opp) & bit("b2"), 0);
        assert_eq!(flips(me, opp, bit("b2").trailing_zeros()), 0);
    }

    #[test]
    fn generator_agrees_with_naive_walk_on_pseudo_random_boards() {
        for [a, b, c] in random_bitboards(7, 2000) {
            // About 25% mine, 37% theirs, 37% empty: long runs of opponent discs are common.
            let me = a & b;
            let opp = !(a & b) & (b | c) & (a | c);
            let mut expected = 0;
            for sq in 0..64 {
                if (me | opp) & (1 << sq) == 0 {
                    let f = naive_flips(me, opp, sq);
                    assert_eq!(flips(me, opp, sq), f, "square {sq}");
                    if f != 0 {
                        expected |= 1 << sq;
                    }
                }
            }
            assert_eq!(legal_moves(me, opp), expected);
            assert_eq!(legal_moves_portable(me, opp), expected);
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: AVX2 was just detected.
                assert_eq!(unsafe { legal_moves_avx2(me, opp) }, expected);
            }
        }
    }
}
