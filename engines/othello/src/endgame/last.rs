//! The last few empty squares: null-window searches without move generation or table.
//!
//! Near the end most nodes of the tree are here, so everything is specialised:
//! - one empty square: the final score comes from a flip *count* read from small line tables
//!   ([`last_score_at`]): the board is full but for that square, so the mover's discs alone
//!   say how many discs each line flips;
//! - two to four: the empties are tried in a fixed order, squares alone in their quadrant first
//!   (parity: in a region with an odd number of empties the mover is likely to get the last
//!   move there); each count has its own function over a fixed-size array, which the
//!   compiler unrolls, so `last3` and `last4` repeat one shape on purpose (this is the
//!   solver's hottest code);
//! - five up to [`super::SHALLOW_EMPTIES`]: a loop over the empties by parity, then a static
//!   square order (corners first, X-squares last); a move is any empty square that flips
//!   something, so no move generation is needed.
//!
//! Every function here is a null-window search on `(alpha, alpha + 1)` and fails soft: a value
//! above `alpha` is a lower bound on the true score, a value at or below it an upper bound.

use super::flips::{flips, per_square};
use super::{Solver, final_score, quadrant_parity_squares};
use crate::board::{C_SQUARES, CORNERS, X_SQUARES, legal_moves};

/// The square classes in the order the shallow search tries them.
const SQUARE_CLASSES: [u64; 4] = [
    CORNERS,
    !(CORNERS | X_SQUARES | C_SQUARES),
    C_SQUARES,
    X_SQUARES,
];

/// `NEIGHBOURS[sq]`: the up to eight squares around `sq`. A placement flips nothing unless one
/// of them holds an opponent disc, which is far cheaper to test than computing the flips.
static NEIGHBOURS: [u64; 64] = neighbours();

const fn neighbours() -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (row, col) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (r, c) = (row + dr, col + dc);
                if (dr != 0 || dc != 0) && r >= 0 && r < 8 && c >= 0 && c < 8 {
                    table[sq] |= 1u64 << (r * 8 + c);
                }
                dc += 1;
            }
            dr += 1;
        }
        sq += 1;
    }
    table
}

/// The discs of `opp` flipped by `me` playing `sq`, skipping the flip computation when no
/// opponent disc is next to `sq` (the common case near the end, where most empties are
/// surrounded by one colour).
#[inline(always)]
fn flips_near(me: u64, opp: u64, sq: u32) -> u64 {
    // Squares are below 64 anyway: the mask spares a bounds check on this hot path.
    if NEIGHBOURS[(sq & 63) as usize] & opp == 0 {
        0
    } else {
        flips(me, opp, sq)
    }
}

/// `LINE_FLIPS[pos][mine]`: twice the number of discs flipped on one line of eight squares by
/// a disc placed at `pos`, when every other square of the line is filled and `mine` marks the
/// mover's discs there (the rest are the opponent's). Doubled because scores count each flipped
/// disc twice (one more for the mover, one fewer for the opponent).
static LINE_FLIPS: [[u8; 256]; 8] = line_flips();

const fn line_flips() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut mine = 0;
        while mine < 256 {
            let mut count = 0;
            // Towards higher positions: a run of opponent discs closed by one of ours.
            let mut i = pos + 1;
            while i < 8 && mine & (1 << i) == 0 {
                i += 1;
            }
            if i < 8 {
                count += i - pos - 1;
            }
            // Towards lower positions.
            let mut j = pos;
            while j > 0 && mine & (1 << (j - 1)) == 0 {
                j -= 1;
            }
            if j > 0 {
                count += pos - j;
            }
            table[pos][mine] = 2 * count as u8;
            mine += 1;
        }
        pos += 1;
    }
    table
}

/// `DIAGONALS[sq]`: the a1-h8 direction diagonal through `sq` and the h1-a8 one.
const DIAGONALS: [(u64, u64); 64] = diagonals();

const fn diagonals() -> [(u64, u64); 64] {
    let mut table = [(0u64, 0u64); 64];
    let mut sq = 0;
    while sq < 64 {
        let (row, col) = (sq / 8, sq % 8);
        let mut other = 0;
        while other < 64 {
            let (r, c) = (other / 8, other % 8);
            if c + row == col + r {
                table[sq].0 |= 1u64 << other;
            }
            if r + c == row + col {
                table[sq].1 |= 1u64 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    table
}

/// Twice the number of discs that `mine`'s owner flips by playing `SQ` on an otherwise full
/// board (every square but `SQ` filled, the ones not in `mine` belonging to the opponent).
///
/// Each of the four lines through `SQ` is gathered into one byte indexed by column (rows and
/// diagonals, whose squares all lie in distinct columns: a multiplication sums the bytes
/// without carries) or by row (the column), then looked up in [`LINE_FLIPS`]. A short diagonal
/// reads the squares off its ends as opponent discs, which never closes a run: correct. The
/// square is a constant, so the shifts, masks and table rows are too, and diagonals of fewer
/// than three squares (which cannot flip anything) are left out.
#[inline(always)]
fn flip_count_at<const SQ: usize>(mine: u64) -> i32 {
    let (row, col) = (SQ / 8, SQ % 8);
    let (d9, d7) = const { DIAGONALS[SQ] };
    let row_bits = (mine >> (row * 8)) as u8;
    let col_bits =
        (((mine >> col) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
    let mut count = i32::from(LINE_FLIPS[col][usize::from(row_bits)])
        + i32::from(LINE_FLIPS[row][usize::from(col_bits)]);
    if d9.count_ones() >= 3 {
        let d9_bits = ((mine & d9).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8;
        count += i32::from(LINE_FLIPS[col][usize::from(d9_bits)]);
    }
    if d7.count_ones() >= 3 {
        let d7_bits = ((mine & d7).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8;
        count += i32::from(LINE_FLIPS[col][usize::from(d7_bits)]);
    }
    count
}

/// The exact final score for the owner of `me` with one empty square `SQ` left, to move:
/// whoever can play there does, else the game ends.
fn last_score_at<const SQ: usize>(me: u64) -> i32 {
    let base = 2 * me.count_ones() as i32 - 64;
    let mine = flip_count_at::<SQ>(me);
    if mine != 0 {
        return base + 2 + mine;
    }
    let theirs = flip_count_at::<SQ>(!me & !(1u64 << SQ));
    if theirs != 0 {
        return base - theirs;
    }
    // Nobody can fill the square: 63 discs split unevenly, the empty goes to the winner.
    if base >= 0 { base + 2 } else { base }
}

/// [`last_score_at`] compiled with `popcnt` (see [`super::cpu`]).
///
/// # Safety
/// The processor must have `popcnt` ([`super::cpu::has_popcnt`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn last_score_at_popcnt<const SQ: usize>(me: u64) -> i32 {
    last_score_at::<SQ>(me)
}

/// `LAST_SCORES[sq](me)`: [`last_score_at`] for square `sq`, like [`super::flips`] one
/// function per square with the square's constants folded in.
static LAST_SCORES: [fn(u64) -> i32; 64] = per_square!(last_score_at as fn(u64) -> i32);

/// [`LAST_SCORES`] compiled with `popcnt`.
#[cfg(target_arch = "x86_64")]
static LAST_SCORES_POPCNT: [unsafe fn(u64) -> i32; 64] =
    per_square!(last_score_at_popcnt as unsafe fn(u64) -> i32);

/// `FLIP_COUNTS[sq](mine)`: [`flip_count_at`] for square `sq`.
#[cfg(test)]
static FLIP_COUNTS: [fn(u64) -> i32; 64] = per_square!(flip_count_at as fn(u64) -> i32);

impl Solver {
    /// One empty square `sq` left: whoever can play there does, else the game ends. Exact.
    #[inline]
    pub(super) fn last1(&mut self, me: u64, sq: u32) -> i32 {
        self.nodes += 1;
        #[cfg(target_arch = "x86_64")]
        if super::cpu::has_popcnt() {
            // SAFETY: the processor has the features `last_score_at_popcnt` is compiled with.
            return unsafe { LAST_SCORES_POPCNT[(sq & 63) as usize](me) };
        }
        LAST_SCORES[(sq & 63) as usize](me)
    }

    /// Two empty squares `a` and `b`.
    #[inline]
    fn last2(&mut self, me: u64, opp: u64, alpha: i32, a: u32, b: u32) -> i32 {
        self.nodes += 1;
        let mut best = -65;
        let f = flips_near(me, opp, a);
        if f != 0 {
            best = -self.last1(opp & !f, b);
            if best > alpha {
                return best;
            }
        }
        let f = flips_near(me, opp, b);
        if f != 0 {
            return best.max(-self.last1(opp & !f, a));
        }
        if best > -65 {
            return best;
        }
        // We pass: the opponent plays, then we are to move again on the last square.
        let mut worst = 65;
        let f = flips_near(opp, me, a);
        if f != 0 {
            worst = self.last1(me & !f, b);
            if worst <= alpha {
                return worst;
            }
        }
        let f = flips_near(opp, me, b);
        if f != 0 {
            return worst.min(self.last1(me & !f, a));
        }
        if worst < 65 {
            return worst;
        }
        final_score(me, opp)
    }

    /// Three empty squares, tried in the order given.
    fn last3(&mut self, me: u64, opp: u64, alpha: i32, sq: [u32; 3]) -> i32 {
        self.nodes += 1;
        let mut best = -65;
        for i in 0..3 {
            let f = flips_near(me, opp, sq[i]);
            if f != 0 {
                let (a, b) = match i {
                    0 => (sq[1], sq[2]),
                    1 => (sq[0], sq[2]),
                    _ => (sq[0], sq[1]),
                };
                let bit = 1u64 << sq[i];
                let value = -self.last2(opp & !f, me | f | bit, -alpha - 1, a, b);
                if value > best {
                    best = value;
                    if value > alpha {
                        return best;
                    }
                }
            }
        }
        if best > -65 {
            return best;
        }
        if legal_moves(opp, me) == 0 {
            self.nodes += 1;
            return final_score(me, opp);
        }
        -self.last3(opp, me, -alpha - 1, sq)
    }

    /// Four empty squares, tried in the order given. The shape of `last3` again, on purpose: a
    /// fixed-size array the compiler unrolls, in the solver's hottest code (see the module docs).
    fn last4(&mut self, me: u64, opp: u64, alpha: i32, sq: [u32; 4]) -> i32 {
        self.nodes += 1;
        let mut best = -65;
        for i in 0..4 {
            let f = flips_near(me, opp, sq[i]);
            if f != 0 {
                let rest = match i {
                    0 => [sq[1], sq[2], sq[3]],
                    1 => [sq[0], sq[2], sq[3]],
                    2 => [sq[0], sq[1], sq[3]],
                    _ => [sq[0], sq[1], sq[2]],
                };
                let bit = 1u64 << sq[i];
                let value = -self.last3(opp & !f, me | f | bit, -alpha - 1, order3(rest));
                if value > best {
                    best = value;
                    if value > alpha {
                        return best;
                    }
                }
            }
        }
        if best > -65 {
            return best;
        }
        if legal_moves(opp, me) == 0 {
            self.nodes += 1;
            return final_score(me, opp);
        }
        -self.last4(opp, me, -alpha - 1, sq)
    }

    /// Four empty squares given as a set: orders them, squares alone in their quadrant first.
    #[inline]
    pub(super) fn last4_set(&mut self, me: u64, opp: u64, alpha: i32, empties: u64) -> i32 {
        let odd = quadrant_parity_squares(empties);
        let mut sq = [0u32; 4];
        let mut len = 0;
        for group in [empties & odd, empties & !odd] {
            let mut squares = group;
            while squares != 0 {
                sq[len] = squares.trailing_zeros();
                squares &= squares - 1;
                len += 1;
            }
        }
        debug_assert_eq!(len, 4);
        self.last4(me, opp, alpha, sq)
    }

    /// From two up to [`super::SHALLOW_EMPTIES`] empty squares: `n` is their number.
    pub(super) fn shallow(&mut self, me: u64, opp: u64, alpha: i32, empties: u64, n: u32) -> i32 {
        match n {
            2 => {
                let a = empties.trailing_zeros();
                let b = 63 - empties.leading_zeros();
                self.last2(me, opp, alpha, a, b)
            }
            3 => {
                let odd = quadrant_parity_squares(empties);
                let mut sq = [0u32; 3];
                let mut len = 0;
                for group in [empties & odd, empties & !odd] {
                    let mut squares = group;
                    while squares != 0 {
                        sq[len] = squares.trailing_zeros();
                        squares &= squares - 1;
                        len += 1;
                    }
                }
                self.last3(me, opp, alpha, sq)
            }
            4 => self.last4_set(me, opp, alpha, empties),
            _ => self.shallow_loop(me, opp, alpha, empties, n),
        }
    }

    /// Five or more empty squares without the table: parity, then square classes.
    fn shallow_loop(&mut self, me: u64, opp: u64, alpha: i32, empties: u64, n: u32) -> i32 {
        self.nodes += 1;
        let odd = quadrant_parity_squares(empties);
        let mut best = -65;
        for group in [empties & odd, empties & !odd] {
            for class in SQUARE_CLASSES {
                let mut squares = group & class;
                while squares != 0 {
                    let sq = squares.trailing_zeros();
                    squares &= squares - 1;
                    let f = flips_near(me, opp, sq);
                    if f == 0 {
                        continue;
                    }
                    let bit = 1u64 << sq;
                    let value =
                        -self.shallow(opp & !f, me | f | bit, -alpha - 1, empties & !bit, n - 1);
                    if value > best {
                        best = value;
                        if value > alpha {
                            return best;
                        }
                    }
                }
            }
        }
        if best > -65 {
            return best;
        }
        if legal_moves(opp, me) == 0 {
            return final_score(me, opp);
        }
        -self.shallow_loop(opp, me, -alpha - 1, empties, n)
    }
}

/// Three squares with the one alone in its quadrant first (when two share a quadrant).
#[inline]
fn order3(sq: [u32; 3]) -> [u32; 3] {
    // Bit 2 of a square is its column's half, bit 5 its row's: two squares share a quadrant
    // when they agree on both.
    let same_quadrant = |a: u32, b: u32| (a ^ b) & 0b10_0100 == 0;
    if same_quadrant(sq[0], sq[1]) {
        [sq[2], sq[0], sq[1]]
    } else if same_quadrant(sq[0], sq[2]) {
        [sq[1], sq[0], sq[2]]
    } else {
        sq
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::random_bitboards;

    #[test]
    fn flip_counts_agree_with_the_flip_generator() {
        for [mine, pick] in random_bitboards(11, 5000) {
            let sq = (pick % 64) as u32;
            let me = mine & !(1u64 << sq);
            let opp = !me & !(1u64 << sq);
            let expected = 2 * flips(me, opp, sq).count_ones() as i32;
            assert_eq!(FLIP_COUNTS[sq as usize](me), expected, "square {sq}");
        }
    }

    #[test]
    fn order3_puts_the_square_alone_in_its_quadrant_first() {
        let quadrant = |s: u32| (s / 8 / 4, s % 8 / 4);
        for a in 0..64 {
            for b in 0..64 {
                for c in 0..64 {
                    let expected = if quadrant(a) == quadrant(b) {
                        [c, a, b]
                    } else if quadrant(a) == quadrant(c) {
                        [b, a, c]
                    } else {
                        [a, b, c]
                    };
                    assert_eq!(order3([a, b, c]), expected, "{a} {b} {c}");
                }
            }
        }
    }

    /// The final score with one empty square, played out with the generic flip generator.
    fn last_score_reference(me: u64, sq: u32) -> i32 {
        let opp = !me & !(1u64 << sq);
        let f = crate::board::flips(me, opp, sq);
        if f != 0 {
            return final_score(me | f | (1u64 << sq), opp & !f);
        }
        let f = crate::board::flips(opp, me, sq);
        if f != 0 {
            return final_score(me & !f, opp | f | (1u64 << sq));
        }
        final_score(me, opp)
    }

    #[test]
    fn last_scores_agree_with_playing_the_square_out() {
        super::super::cpu::detect();
        for (i, [mine, pick]) in random_bitboards(13, 20_000).enumerate() {
            let sq = (pick % 64) as u32;
            // Every fourth board lopsided, so that passes and blocked squares occur too.
            let mine = match i % 4 {
                0 => mine & (pick >> 6),
                1 => mine | (pick >> 6),
                _ => mine,
            };
            let me = mine & !(1u64 << sq);
            let expected = last_score_reference(me, sq);
            assert_eq!(LAST_SCORES[sq as usize](me), expected, "square {sq}");
            #[cfg(target_arch = "x86_64")]
            if super::super::cpu::has_popcnt() {
                // SAFETY: the processor has `popcnt`.
                let fast = unsafe { LAST_SCORES_POPCNT[sq as usize](me) };
                assert_eq!(fast, expected, "square {sq}");
            }
        }
    }
}
