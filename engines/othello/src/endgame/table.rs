//! The transposition table: a fixed-size array of exact positions and bounds in buckets of two,
//! each bucket one 64-byte cache line (so that one prefetch brings both slots in).
//!
//! Every entry keys on both bitboards in full, so a hit is never a false match. A position maps
//! to a bucket of two slots; a new position replaces the slot holding fewer empty squares (the
//! cheaper one to recompute). The table is created empty for each solve, sized to the number
//! of empty squares, so that node counts do not depend on earlier solves. Entries carry no
//! depth: in an exact endgame search a position's value does not depend on how it was reached,
//! only the search window used to bound it.

use std::ops::RangeInclusive;

/// log2 of the number of entries, from the smallest table to the largest (2^21 entries, 2^20
/// buckets of 64 bytes: 64 MiB): a table is sized to the empties of its solve, within these.
const TABLE_BITS: RangeInclusive<u32> = 10..=21;

/// One stored position: its boards, a lower and an upper bound on its value (side to move's
/// disc difference), and the move that produced the best value (64 if none).
#[derive(Clone, Copy, Default)]
pub struct Entry {
    me: u64,
    opp: u64,
    /// Lower bound on the value; -65 (none) when probed by a less selective search than the
    /// one that stored it.
    pub lower: i8,
    /// Upper bound on the value; 65 (none) likewise.
    pub upper: i8,
    /// Best move square, 64 when unknown.
    pub best: u8,
    /// Empty squares of the position: the replacement priority.
    empties: u8,
    /// The level of the pass that found the bounds (see `probcut`: 0 for the most selective
    /// pass, `EXACT` for the exact search): passes of this level or a lower one trust them.
    level: u8,
}

/// Two entries in one cache line: 2 x 24 bytes, padded to 64 and aligned on a line.
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([Entry; 2]);

/// The table itself.
pub struct Table {
    buckets: Vec<Bucket>,
    /// 64 minus log2 of the number of buckets: the shift taking a hash to a bucket index.
    shift: u32,
}

impl Table {
    /// An empty table fit for a solve from `empties` empty squares: the deeper the solve, the
    /// more positions it stores (solves of a dozen empties need only a few thousand entries,
    /// and allocating 48 MiB for them would cost more than the search).
    #[must_use]
    pub fn for_empties(empties: u32) -> Table {
        let bits = empties.clamp(*TABLE_BITS.start(), *TABLE_BITS.end());
        Table {
            // All-zero boards never occur in a search (the side to move always has a disc or
            // the opponent does), so the default entry matches nothing.
            buckets: vec![Bucket::default(); 1 << (bits - 1)],
            shift: 65 - bits,
        }
    }

    #[inline]
    fn index(&self, me: u64, opp: u64) -> usize {
        let h = (me ^ opp.rotate_left(29).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (h >> self.shift) as usize
    }

    /// Asks the processor to bring this position's bucket into the cache, so that a later
    /// [`Table::probe`] or [`Table::store`] does not wait on memory.
    #[inline]
    pub fn prefetch(&self, me: u64, opp: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let i = self.index(me, opp);
            let ptr = std::ptr::from_ref(&self.buckets[i]).cast::<i8>();
            // SAFETY: SSE, which `_mm_prefetch` needs, is part of the x86_64 baseline, and a
            // prefetch is only a hint: it reads nothing and cannot fault.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(ptr) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (me, opp);
    }

    /// The entry for this position, if stored, as a search of `level` may use it: bounds only
    /// from passes of that level or a higher one (see `probcut`).
    #[inline]
    #[must_use]
    pub fn probe(&self, me: u64, opp: u64, level: u8) -> Option<Entry> {
        let mut entry = *self.buckets[self.index(me, opp)]
            .0
            .iter()
            .find(|e| e.me == me && e.opp == opp)?;
        if entry.level < level {
            // Bounds found with more selective cut-offs are guesses at this level: beyond the
            // score range, they bound nothing, and only the move is kept.
            (entry.lower, entry.upper) = (-65, 65);
        }
        Some(entry)
    }

    /// Stores bounds and best move for this position, replacing whatever was in its slot.
    #[inline]
    pub fn store(&mut self, me: u64, opp: u64, lower: i32, upper: i32, best: u8, level: u8) {
        debug_assert!((-64..=64).contains(&lower) && lower <= upper && upper <= 64);
        // No truncation: bounds are within -64..=64.
        let entry = Entry {
            me,
            opp,
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties: (!(me | opp)).count_ones() as u8,
            level,
        };
        let i = self.index(me, opp);
        let bucket = &mut self.buckets[i].0;
        let slot = if bucket[0].me == me && bucket[0].opp == opp {
            0
        } else if bucket[1].me == me && bucket[1].opp == opp {
            1
        } else if bucket[0].empties <= bucket[1].empties {
            0
        } else {
            1
        };
        bucket[slot] = entry;
    }
}
