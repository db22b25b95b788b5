//! The transposition table: a fixed-size array of exact positions and bounds in buckets of two.
//!
//! Every entry keys on both bitboards in full, so a hit is never a false match. A position maps
//! to a bucket of two slots; a new position replaces the slot holding fewer empty squares (the
//! cheaper one to recompute). The table is
//! created empty for each solve so that node counts do not depend on earlier solves. Entries
//! carry no depth: in an exact endgame search a position's value does not depend on how it was
//! reached, only the search window used to bound it.

/// log2 of the number of entries (2^20 entries of 24 bytes: 24 MiB).
pub const TABLE_BITS: u32 = 20;

/// One stored position: its boards, a lower and an upper bound on its value (side to move's
/// disc difference), and the move that produced the best value (64 if none).
#[derive(Clone, Copy, Default)]
pub struct Entry {
    me: u64,
    opp: u64,
    /// Lower bound on the value.
    pub lower: i8,
    /// Upper bound on the value.
    pub upper: i8,
    /// Best move square, 64 when unknown.
    pub best: u8,
    /// Empty squares of the position: the replacement priority.
    empties: u8,
}

/// The table itself.
pub struct Table {
    entries: Vec<Entry>,
}

impl Table {
    /// An empty table of 2^[`TABLE_BITS`] entries.
    #[must_use]
    pub fn new() -> Table {
        Table {
            // All-zero boards never occur in a search (the side to move always has a disc or
            // the opponent does), so the default entry matches nothing.
            entries: vec![Entry::default(); 1 << TABLE_BITS],
        }
    }

    #[inline]
    fn index(me: u64, opp: u64) -> usize {
        let h = (me ^ opp.rotate_left(29).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .wrapping_mul(0xD6E8_FEB8_6659_FD93);
        // The bucket is the even slot and the odd one after it.
        (h >> (64 - TABLE_BITS)) as usize & !1
    }

    /// The entry for this position, if stored.
    #[inline]
    #[must_use]
    pub fn probe(&self, me: u64, opp: u64) -> Option<Entry> {
        let i = Self::index(me, opp);
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.me == me && e.opp == opp)
            .copied()
    }

    /// Stores bounds and best move for this position, replacing whatever was in its slot.
    #[inline]
    pub fn store(&mut self, me: u64, opp: u64, lower: i32, upper: i32, best: u8) {
        debug_assert!((-64..=64).contains(&lower) && lower <= upper && upper <= 64);
        #[allow(clippy::cast_possible_truncation)] // bounds are within -64..=64
        let entry = Entry {
            me,
            opp,
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties: (!(me | opp)).count_ones() as u8,
        };
        let i = Self::index(me, opp);
        let slot = if self.entries[i].me == me && self.entries[i].opp == opp {
            i
        } else if self.entries[i + 1].me == me && self.entries[i + 1].opp == opp {
            i + 1
        } else if self.entries[i].empties <= self.entries[i + 1].empties {
            i
        } else {
            i + 1
        };
        self.entries[slot] = entry;
    }
}

impl Default for Table {
    fn default() -> Self {
        Self::new()
    }
}
