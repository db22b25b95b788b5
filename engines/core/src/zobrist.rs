//! Zobrist keys from a fixed seed, generated at compile time so that every build on every
//! machine hashes the same position to the same key, and the two parts every game's hash
//! from scratch has: the side to move and the pieces kept as bits.

use crate::{BitWord, Bits, Side};

/// One step of SplitMix64: a small, well-mixed generator, good enough for hash keys.
#[must_use]
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// `N` keys from `seed`; use a different seed per game so tables do not repeat across games.
#[must_use]
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, key) = splitmix64(state);
        state = next;
        out[i] = key;
        i += 1;
    }
    out
}

/// What the side to move adds to a hash: `key` when [`Side::Second`] is to move, nothing when
/// [`Side::First`] is.
#[must_use]
pub const fn side_to_move(side: Side, key: u64) -> u64 {
    match side {
        Side::First => 0,
        Side::Second => key,
    }
}

/// The hash of pieces kept as one set of squares (bits) per side, indexed by [`Side::index`]:
/// the XOR of `key(side, square)` over every piece.
#[must_use]
pub fn pieces<T: BitWord>(pieces: [T; 2], key: impl Fn(Side, u8) -> u64) -> u64 {
    [Side::First, Side::Second]
        .into_iter()
        .flat_map(|side| Bits(pieces[side.index()]).map(move |square| (side, square)))
        .fold(0, |hash, (side, square)| hash ^ key(side, square))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_fixed_and_distinct() {
        let a: [u64; 64] = keys(1);
        let b: [u64; 64] = keys(1);
        assert_eq!(a, b);
        let mut sorted = a.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 64);
        // The first SplitMix64 output for seed 1, as published with the algorithm's reference code.
        assert_eq!(keys::<1>(0)[0], 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn pieces_and_the_side_to_move_hash_apart() {
        let key = |side: Side, square: u8| (side.index() as u64 + 1) << (2 * square);
        assert_eq!(pieces([0b101u64, 0b10], key), 0b01 ^ 0b1_0000 ^ 0b1000);
        assert_eq!(pieces([0u16, 0], key), 0);
        assert_eq!(side_to_move(Side::First, 7), 0);
        assert_eq!(side_to_move(Side::Second, 7), 7);
    }
}
