//! Run-time choice of the instructions the solver's leaf functions may use.
//!
//! The crate is built for the x86_64 baseline, which lacks `popcnt`: a population count then
//! costs about twenty instructions. The last-square score (one function per square, called at
//! most leaves of the search, and counting the discs of the board each time) is therefore
//! compiled twice, once for the baseline and once with `popcnt`, and [`has_popcnt`] picks a
//! copy. Both copies run the same source code, so they give the same results.
//!
//! The flips likewise have an AVX2 version ([`has_avx2`]).
//!
//! Tried and dropped: the flip functions compiled with `lzcnt` and BMI1 ran no faster (the
//! compiler already vectorises their rays), and the check before each call cost more.

#[cfg(target_arch = "x86_64")]
use std::sync::atomic::{AtomicU8, Ordering};

/// Unknown yet (0), absent (1), present (2).
#[cfg(target_arch = "x86_64")]
static POPCNT: AtomicU8 = AtomicU8::new(0);

/// Whether the processor has `popcnt`, the feature of the functions marked
/// `#[target_feature(enable = "popcnt")]` in this module's siblings. Cached: one load and one
/// comparison after the first call (`is_x86_feature_detected!` costs a little more).
#[inline(always)]
#[must_use]
pub fn has_popcnt() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        match POPCNT.load(Ordering::Relaxed) {
            2 => true,
            1 => false,
            _ => detect(),
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// Unknown yet (0), absent (1), present (2).
#[cfg(target_arch = "x86_64")]
static AVX2: AtomicU8 = AtomicU8::new(0);

/// Whether the processor has AVX2, cached like [`has_popcnt`].
#[inline(always)]
#[must_use]
pub fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        match AVX2.load(Ordering::Relaxed) {
            2 => true,
            1 => false,
            _ => {
                let present = std::arch::is_x86_feature_detected!("avx2");
                AVX2.store(1 + u8::from(present), Ordering::Relaxed);
                present
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

#[cfg(target_arch = "x86_64")]
#[cold]
fn detect() -> bool {
    let present = std::arch::is_x86_feature_detected!("popcnt");
    POPCNT.store(1 + u8::from(present), Ordering::Relaxed);
    present
}
