//! Run-time choice of the instructions the solver's leaf functions may use.
//!
//! The crate is built for the x86_64 baseline, which lacks `popcnt` and AVX2: a population
//! count then costs about twenty instructions. The last-square score (one function per square,
//! called at most leaves of the search, counting the discs of the board each time) is therefore
//! compiled twice, once for the baseline and once with `popcnt` ([`has_popcnt`]); the flips
//! have an AVX2 version ([`has_avx2`]). Both copies of each give the same results.
//!
//! The flags are set by [`detect`], which every solve calls first, and only read on the hot
//! paths (one memory test each). Until [`detect`] runs they say "absent", which only means the
//! portable code runs.
//!
//! The move ordering (its shallow searches on the pattern evaluation count discs, mobility and
//! pattern squares many times a node) has a copy compiled with both `popcnt` and AVX2
//! ([`has_popcnt_avx2`]), so that the counts and the move generation inside it need no call
//! or test.
//!
//! Tried and dropped: the flip functions compiled with `lzcnt` and BMI1 ran no faster (the
//! compiler already vectorises their rays).

use std::sync::atomic::{AtomicBool, Ordering};

static POPCNT: AtomicBool = AtomicBool::new(false);
static AVX2: AtomicBool = AtomicBool::new(false);
static POPCNT_AVX2: AtomicBool = AtomicBool::new(false);

/// Finds out what the processor has and sets the flags read by [`has_popcnt`] and
/// [`has_avx2`] and [`has_popcnt_avx2`]. Cheap (the standard library caches the answer): called once per solve.
pub fn detect() {
    #[cfg(target_arch = "x86_64")]
    {
        POPCNT.store(
            std::arch::is_x86_feature_detected!("popcnt"),
            Ordering::Relaxed,
        );
        AVX2.store(
            std::arch::is_x86_feature_detected!("avx2"),
            Ordering::Relaxed,
        );
        POPCNT_AVX2.store(
            std::arch::is_x86_feature_detected!("popcnt")
                && std::arch::is_x86_feature_detected!("avx2"),
            Ordering::Relaxed,
        );
    }
}

/// Whether the processor has `popcnt` (as found by [`detect`]), the feature of the functions
/// marked `#[target_feature(enable = "popcnt")]` in this module's siblings.
#[inline(always)]
#[must_use]
pub fn has_popcnt() -> bool {
    POPCNT.load(Ordering::Relaxed)
}

/// Whether the processor has AVX2 (as found by [`detect`]).
#[inline(always)]
#[must_use]
pub fn has_avx2() -> bool {
    AVX2.load(Ordering::Relaxed)
}

/// Whether the processor has both `popcnt` and AVX2 (as found by [`detect`]): one flag, so
/// that the move ordering picks its copy with one test.
#[inline(always)]
#[must_use]
pub fn has_popcnt_avx2() -> bool {
    POPCNT_AVX2.load(Ordering::Relaxed)
}
