//! What a position remembers of its game: one record per turn since the start or the set-up
//! position (the undo data of the turn and the state it started from), and a counting filter
//! over the boards of those states, so that a repetition rule asks "was this board seen?" in
//! constant time for nearly every move and scans the records only on a likely hit.

use crate::board::Point;
use crate::notation::GoMove;

use super::Group;

/// Slots of the counting filter (a power of two).
const SLOTS: usize = 1 << 10;

/// How many records hold each board hash's slot: `count(h) == 0` proves `h` is not among
/// them; a positive count is confirmed by a scan.
#[derive(Clone, Debug)]
pub(crate) struct BoardFilter {
    counts: Box<[u16; SLOTS]>,
}

impl Default for BoardFilter {
    fn default() -> BoardFilter {
        BoardFilter {
            counts: Box::new([0; SLOTS]),
        }
    }
}

impl BoardFilter {
    #[inline]
    fn slot(hash: u64) -> usize {
        // The high bits: the low ones of a Zobrist xor are as good, but this keeps the filter
        // independent of the table's indexing.
        (hash >> (64 - 10)) as usize
    }

    #[inline]
    pub(crate) fn add(&mut self, hash: u64) {
        self.counts[Self::slot(hash)] += 1;
    }

    #[inline]
    pub(crate) fn remove(&mut self, hash: u64) {
        self.counts[Self::slot(hash)] -= 1;
    }

    /// At most how many records may hold `hash` (exact when 0).
    #[inline]
    pub(crate) fn count(&self, hash: u64) -> u16 {
        self.counts[Self::slot(hash)]
    }
}

/// One turn: the state it started from, and what undoes it.
#[derive(Clone, Debug)]
pub(crate) struct Record {
    pub(crate) mv: GoMove,
    /// The board (grid colouring) hash at the start of the turn.
    pub(crate) board_hash: u64,
    /// The full hash at the start of the turn.
    pub(crate) hash: u64,
    pub(crate) ko: Option<Point>,
    pub(crate) passes: u8,
    pub(crate) last_pass: Option<u32>,
    /// For a stone: what the point's list link and group label were (a captured stone's
    /// point may be reused, and its old group restored later).
    pub(crate) next: Point,
    pub(crate) group_of: Point,
    /// The root of the group the stone made (or joined).
    pub(crate) root: Point,
    /// Friendly groups merged into it, as they were.
    pub(crate) merged: [(Point, Group); 4],
    pub(crate) merged_len: u8,
    /// Enemy groups that lost the point as a liberty (captured ones included).
    pub(crate) enemies: [Point; 4],
    pub(crate) enemies_len: u8,
    /// Roots of the captured groups.
    pub(crate) captured: [Point; 4],
    pub(crate) captured_len: u8,
    pub(crate) captured_stones: u16,
    /// Whether the stone's own group was removed (multi-stone suicide).
    pub(crate) suicide: bool,
}

impl Record {
    /// The record of a turn starting from this state, before its changes are known.
    pub(crate) fn new(
        mv: GoMove,
        board_hash: u64,
        hash: u64,
        ko: Option<Point>,
        passes: u8,
        last_pass: Option<u32>,
    ) -> Record {
        Record {
            mv,
            board_hash,
            hash,
            ko,
            passes,
            last_pass,
            next: 0,
            group_of: 0,
            root: 0,
            merged: [(0, Group::default()); 4],
            merged_len: 0,
            enemies: [0; 4],
            enemies_len: 0,
            captured: [0; 4],
            captured_len: 0,
            captured_stones: 0,
            suicide: false,
        }
    }

    pub(crate) fn merged(&self) -> &[(Point, Group)] {
        &self.merged[..usize::from(self.merged_len)]
    }

    pub(crate) fn enemies(&self) -> &[Point] {
        &self.enemies[..usize::from(self.enemies_len)]
    }

    pub(crate) fn captured(&self) -> &[Point] {
        &self.captured[..usize::from(self.captured_len)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_counts_and_forgets() {
        let mut filter = BoardFilter::default();
        let hash = 0xDEAD_BEEF_0000_0001;
        assert_eq!(filter.count(hash), 0);
        filter.add(hash);
        filter.add(hash);
        assert_eq!(filter.count(hash), 2);
        filter.remove(hash);
        assert_eq!(filter.count(hash), 1);
    }
}
