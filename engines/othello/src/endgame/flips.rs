//! Flip computation specialised by square, for the solver's hot loops.
//!
//! [`crate::board::flips`] walks all eight rays of a square through a table. Here each square
//! has its own function (a const generic instantiated 64 times), so the rays are constants, the
//! rays that run off the board at once (a corner has three rays, not eight) are gone, and the
//! call is one indirect jump through [`FLIPPERS`]. Where the processor has AVX2, one function
//! for all squares ([`flips_avx2`]) does four rays at a time instead: about as many
//! instructions, but a direct call, which the processor does not mispredict as it does the
//! jump through the table (measured: 6-15% less time for the whole solve).

use crate::board::RAYS;

/// The discs of `opp` that a disc of `me` placed on `SQ` flips. Same method as
/// [`crate::board::flips`]: per ray, the nearest square that is not an opponent disc is
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
    #[cfg(target_arch = "x86_64")]
    if super::cpu::has_avx2() {
        // SAFETY: the processor has AVX2, the only feature `flips_avx2` needs beyond the
        // baseline.
        return unsafe { flips_avx2(me, opp, square) };
    }
    // Squares are below 64 anyway: the mask spares a bounds check on this hot path.
    FLIPPERS[(square & 63) as usize](me, opp)
}

/// Four rays of one square, one per 64-bit lane of an AVX2 register.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct Lanes([u64; 4]);

/// `VECTOR_RAYS[sq]`: the rays of `sq` towards higher indices (directions 0-3: steps +1, +7,
/// +8, +9), then those towards lower ones (directions 4-7: the same steps down).
static VECTOR_RAYS: [[Lanes; 2]; 64] = vector_rays();

const fn vector_rays() -> [[Lanes; 2]; 64] {
    let mut table = [[Lanes([0; 4]); 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            table[sq][d / 4].0[d % 4] = RAYS[d][sq];
            d += 1;
        }
        sq += 1;
    }
    table
}

/// [`flips`] with the four rays of each half in the lanes of an AVX2 register.
///
/// Towards higher indices, as in [`flips_at`]: the nearest square that is not an opponent disc
/// is the lowest set bit of `ray & !opp`. Towards lower indices (the highest set bit, which
/// AVX2 cannot count): the non-opponent squares are smeared down the ray by shifts of one, two
/// and four steps; the squares of the ray left unsmeared lie between the disc played and the
/// nearest non-opponent square, and that square is the only smeared one whose upper neighbour
/// is not. In both directions the squares in between flip when the nearest square is ours.
///
/// # Safety
/// The processor must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn flips_avx2(me: u64, opp: u64, square: u32) -> u64 {
    use std::arch::x86_64::{
        __m256i, _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_add_epi64,
        _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_si128, _mm256_cmpeq_epi64,
        _mm256_extracti128_si256, _mm256_load_si256, _mm256_or_si256, _mm256_set_epi64x,
        _mm256_set1_epi64x, _mm256_setzero_si256, _mm256_srlv_epi64, _mm256_sub_epi64,
    };
    let [up_rays, down_rays] = &VECTOR_RAYS[(square & 63) as usize];
    // SAFETY: `Lanes` is 32 bytes aligned on 32, as `_mm256_load_si256` requires.
    let (up, down) = unsafe {
        (
            _mm256_load_si256(std::ptr::from_ref(up_rays).cast::<__m256i>()),
            _mm256_load_si256(std::ptr::from_ref(down_rays).cast::<__m256i>()),
        )
    };
    // The casts reinterpret bit patterns, not numbers.
    let (me_v, opp_v) = (
        _mm256_set1_epi64x(me as i64),
        _mm256_set1_epi64x(opp as i64),
    );
    let zero = _mm256_setzero_si256();

    // Towards higher indices.
    let blockers = _mm256_andnot_si256(opp_v, up);
    let nearest = _mm256_and_si256(blockers, _mm256_sub_epi64(zero, blockers));
    let outflank = _mm256_and_si256(nearest, me_v);
    let below = _mm256_and_si256(_mm256_add_epi64(outflank, _mm256_set1_epi64x(-1)), up);
    let flip_up = _mm256_andnot_si256(_mm256_cmpeq_epi64(outflank, zero), below);

    // Towards lower indices.
    let step = _mm256_set_epi64x(9, 8, 7, 1);
    let blockers = _mm256_andnot_si256(opp_v, down);
    let mut smear = _mm256_or_si256(blockers, _mm256_srlv_epi64(blockers, step));
    smear = _mm256_or_si256(
        smear,
        _mm256_srlv_epi64(smear, _mm256_set_epi64x(18, 16, 14, 2)),
    );
    smear = _mm256_or_si256(
        smear,
        _mm256_srlv_epi64(smear, _mm256_set_epi64x(36, 32, 28, 4)),
    );
    let nearest = _mm256_andnot_si256(_mm256_srlv_epi64(smear, step), smear);
    let outflank = _mm256_and_si256(nearest, me_v);
    let between = _mm256_andnot_si256(smear, down);
    let flip_down = _mm256_andnot_si256(_mm256_cmpeq_epi64(outflank, zero), between);

    let flipped = _mm256_or_si256(flip_up, flip_down);
    let halves = _mm_or_si128(
        _mm256_castsi256_si128(flipped),
        _mm256_extracti128_si256::<1>(flipped),
    );
    // The cast reinterprets a bit pattern, not a number.
    _mm_cvtsi128_si64(_mm_or_si128(halves, _mm_unpackhi_epi64(halves, halves))) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::random_bitboards;

    #[test]
    fn agrees_with_the_generic_flip_generator() {
        super::super::cpu::detect();
        for [a, b] in random_bitboards(5, 3000) {
            let me = a & b;
            let opp = !me & (a | b);
            for sq in 0..64 {
                if (me | opp) & (1 << sq) == 0 {
                    let expected = crate::board::flips(me, opp, sq);
                    assert_eq!(flips(me, opp, sq), expected, "square {sq}");
                    assert_eq!(FLIPPERS[sq as usize](me, opp), expected, "square {sq}");
                    #[cfg(target_arch = "x86_64")]
                    if super::super::cpu::has_avx2() {
                        // SAFETY: the processor has AVX2.
                        let vector = unsafe { flips_avx2(me, opp, sq) };
                        assert_eq!(vector, expected, "square {sq}");
                    }
                }
            }
        }
    }
}
