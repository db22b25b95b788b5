//! Zobrist keys from a fixed seed, generated at compile time so that every build on every
//! machine hashes the same position to the same key.

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
}
