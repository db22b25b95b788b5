//! Flip computation specialised by square, for the solver's hot loops.
//!
//! [`crate::bitboard::flips`] walks all eight rays of a square through a table. Here each square
//! has its own function (a const generic instantiated 64 times), so the rays are constants, the
//! rays that run off the board at once (a corner has three rays, not eight) are gone, and the
//! call is one indirect jump through [`FLIPPERS`].

/// The eight directions as (row step, column step): the first four towards higher square
/// indices, the last four towards lower ones.
const DIRECTIONS: [(i32, i32); 8] = [
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
const RAYS: [[u64; 64]; 8] = rays();

const fn rays() -> [[u64; 64]; 8] {
    let mut table = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let (dr, dc) = DIRECTIONS[d];
        let mut sq = 0;
        while sq < 64 {
            let mut row = (sq / 8) as i32 + dr;
            let mut col = (sq % 8) as i32 + dc;
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

/// The discs of `opp` that a disc of `me` placed on `SQ` flips. Same method as
/// [`crate::bitboard::flips`]: per ray, the nearest square that is not an opponent disc is
/// found with one bit scan, and the ray squares before it flip when it is ours.
#[inline(always)]
fn flips_at<const SQ: usize>(me: u64, opp: u64) -> u64 {
    let mut flipped = 0;
    let mut d = 0;
    while d < 4 {
        let ray = RAYS[d][SQ];
        // Rays of one square are never useful: nothing can lie between the disc and the end.
        if ray.count_ones() >= 2 {
            let blockers = ray & !opp;
            let outflank = blockers & blockers.wrapping_neg() & me;
            // All ones when a disc of ours closes the run, else nothing.
            let closed = u64::from(outflank != 0).wrapping_neg();
            flipped |= ray & outflank.wrapping_sub(1) & closed;
        }
        d += 1;
    }
    while d < 8 {
        let ray = RAYS[d][SQ];
        if ray.count_ones() >= 2 {
            let blockers = ray & !opp;
            // `| 1` keeps the scan defined; bit 0 can only be a real blocker on rays that hold
            // it, where the result is right anyway.
            let top = 63 - (blockers | 1).leading_zeros();
            let outflank = (1u64 << top) & me & blockers;
            flipped |= ray & (outflank.wrapping_neg() << 1);
        }
        d += 1;
    }
    flipped
}

/// A flip function per square.
type Flipper = fn(u64, u64) -> u64;

macro_rules! per_square {
    ($f:ident as $t:ty) => {
        per_square!($f as $t;
            0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
            32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60
            61 62 63)
    };
    ($f:ident as $t:ty; $($sq:literal)*) => { [$($f::<$sq> as $t),*] };
}
pub(super) use per_square;

/// `FLIPPERS[sq](me, opp)`: the discs flipped by `me` playing `sq`.
static FLIPPERS: [Flipper; 64] = per_square!(flips_at as Flipper);

/// The discs of `opp` that `me` flips by playing `square` (empty, below 64); zero when the
/// placement is illegal.
#[inline(always)]
pub fn flips(me: u64, opp: u64, square: u32) -> u64 {
    FLIPPERS[square as usize](me, opp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_generic_flip_generator() {
        let mut state = 5u64;
        for _ in 0..3000 {
            let (s, a) = arbiter_core::zobrist::splitmix64(state);
            let (s, b) = arbiter_core::zobrist::splitmix64(s);
            state = s;
            let me = a & b;
            let opp = !me & (a | b);
            for sq in 0..64 {
                if (me | opp) & (1 << sq) == 0 {
                    assert_eq!(
                        flips(me, opp, sq),
                        crate::bitboard::flips(me, opp, sq),
                        "square {sq}"
                    );
                }
            }
        }
    }
}
