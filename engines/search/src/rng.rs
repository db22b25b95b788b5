//! Small deterministic numerics for MCTS: a seeded SplitMix64 generator and a natural logarithm
//! built from `+ - * /` only, so that UCT gives the same bits on every platform (the standard
//! library's `ln` calls the system math library, which may round differently).

use arbiter_core::zobrist::splitmix64;

/// SplitMix64: tiny, fast and good enough for playouts; the same stream from the same seed.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started at `seed`.
    #[must_use]
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let (state, out) = splitmix64(self.state);
        self.state = state;
        out
    }

    /// A number in `0..n` (Lemire's multiply-shift; the bias is below `n / 2^64`).
    ///
    /// # Panics
    /// Debug builds panic when `n` is 0.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        // The product's high half is below n, so it fits back into usize.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// The natural logarithm of `x >= 1`, to about 1e-15 relative error, computed the same way on
/// every platform: `x = m * 2^e` with `m` in `[sqrt(1/2), sqrt(2))`, then
/// `ln m = 2 atanh((m - 1) / (m + 1))` by its series.
#[must_use]
pub fn ln(x: f64) -> f64 {
    debug_assert!(x >= 1.0 && x.is_finite());
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7FF) as i32;
    let mantissa = f64::from_bits((bits & ((1 << 52) - 1)) | (1023 << 52));
    let (m, e) = if mantissa > std::f64::consts::SQRT_2 {
        (mantissa / 2.0, biased - 1022)
    } else {
        (mantissa, biased - 1023)
    };
    let t = (m - 1.0) / (m + 1.0);
    let t2 = t * t;
    // |t| < 0.172, so t^2 < 0.03 and 12 terms are past f64 precision.
    let mut sum = 0.0;
    let mut power = t;
    for k in 0..12 {
        sum += power / f64::from(2 * k + 1);
        power *= t2;
    }
    2.0 * sum + f64::from(e) * std::f64::consts::LN_2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ln_matches_the_standard_library() {
        for x in [1.0, 1.5, 2.0, 3.0, 10.0, 1000.0, 123_456.0, 4e9] {
            let ours = ln(x);
            assert!(
                (ours - x.ln()).abs() <= 1e-12 * x.ln().max(1.0),
                "ln({x}) = {ours}"
            );
        }
        assert_eq!(ln(1.0), 0.0);
    }

    #[test]
    fn below_stays_in_range_and_repeats_by_seed() {
        let mut a = SplitMix64::new(3);
        let mut b = SplitMix64::new(3);
        for n in 1..200 {
            let x = a.below(n);
            assert!(x < n);
            assert_eq!(x, b.below(n));
        }
        // The core's published first SplitMix64 output for seed 0.
        assert_eq!(SplitMix64::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    }
}
