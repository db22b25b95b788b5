//! The transposition table: a flat, power-of-two array of entries indexed by the low bits of
//! the position's Zobrist key, one entry per slot, depth-preferred replacement.
//!
//! Each entry carries the number of the search that stored it. Clearing the table only moves
//! the first visible search number past every stored one, so a reproducible search need not
//! wipe megabytes first: an invisible entry behaves exactly like an empty slot.

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The slot holds nothing.
    Empty,
    /// The score is the value.
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<M> {
    /// The full Zobrist key, to tell apart positions sharing a slot.
    pub key: u64,
    /// The best (or refuting) move found, searched first next time.
    pub best: Option<M>,
    /// The score relative to this node (mate distances counted from here).
    pub score: i32,
    /// The remaining depth the score was searched to; [`Entry::RESOLVED`] when the subtree
    /// reached no horizon, so the bound holds at any depth.
    pub depth: u8,
    pub bound: Bound,
    /// The search that stored it (see [`TranspositionTable::new_search`]).
    generation: u32,
}

impl<M> Entry<M> {
    /// The depth of an entry whose subtree was searched to the end of the game everywhere.
    pub const RESOLVED: u8 = u8::MAX;

    const EMPTY: Entry<M> = Entry {
        key: 0,
        best: None,
        score: 0,
        depth: 0,
        bound: Bound::Empty,
        generation: 0,
    };
}

/// A transposition table for moves of type `M`.
#[derive(Clone, Debug)]
pub struct TranspositionTable<M> {
    entries: Vec<Entry<M>>,
    /// `entries.len() - 1`; the length is a power of two (or zero: the table is off).
    mask: usize,
    /// The number of the current search.
    generation: u32,
    /// Entries stored before this search number are treated as empty.
    first_visible: u32,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table of at most `size_mb` MiB: the largest power-of-two number of entries that fits.
    /// `0` gives a table that stores nothing.
    #[must_use]
    pub fn new(size_mb: usize) -> TranspositionTable<M> {
        let bytes = size_mb.saturating_mul(1 << 20);
        let fit = bytes / std::mem::size_of::<Entry<M>>().max(1);
        let len = if fit == 0 { 0 } else { 1 << fit.ilog2() };
        TranspositionTable {
            entries: vec![Entry::EMPTY; len],
            mask: len.saturating_sub(1),
            generation: 0,
            first_visible: 0,
        }
    }

    /// The number of slots.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table stores nothing at all (size 0).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets every entry (keeps the allocation; usually without touching it). A search that
    /// must be reproducible starts from a cleared table.
    pub fn clear(&mut self) {
        self.new_search();
        self.first_visible = self.generation;
    }

    /// Marks the start of a new search on a kept table: entries of earlier searches stay
    /// visible but are replaced whatever their depth.
    pub fn new_search(&mut self) {
        if self.generation == u32::MAX {
            // Once in four billion searches: wipe for real rather than let numbers repeat.
            self.entries.fill(Entry::EMPTY);
            self.generation = 0;
            self.first_visible = 0;
        }
        self.generation += 1;
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let entry = self.entries.get(self.index(key))?;
        (self.visible(entry) && entry.key == key).then_some(*entry)
    }

    /// Stores a result, unless the slot holds a deeper result of the current search for
    /// another position. A store without a move keeps the slot's move for the same position.
    #[inline]
    pub fn store(&mut self, key: u64, best: Option<M>, score: i32, depth: u8, bound: Bound) {
        debug_assert!(bound != Bound::Empty);
        let index = self.index(key);
        let (generation, first_visible) = (self.generation, self.first_visible);
        let Some(slot) = self.entries.get_mut(index) else {
            return;
        };
        let visible = slot.bound != Bound::Empty && slot.generation >= first_visible;
        let same = visible && slot.key == key;
        let replace = !visible
            || slot.generation != generation
            || depth >= slot.depth
            || (same && bound == Bound::Exact);
        if !replace {
            return;
        }
        let best = if same && best.is_none() {
            slot.best
        } else {
            best
        };
        *slot = Entry {
            key,
            best,
            score,
            depth,
            bound,
            generation,
        };
    }

    #[inline]
    fn visible(&self, entry: &Entry<M>) -> bool {
        entry.bound != Bound::Empty && entry.generation >= self.first_visible
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Truncation is intended: only the low bits select the slot.
        (key as usize) & self.mask
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_a_power_of_two_within_budget() {
        let table = TranspositionTable::<u16>::new(1);
        assert!(table.len().is_power_of_two());
        assert!(table.len() * std::mem::size_of::<Entry<u16>>() <= 1 << 20);
        assert!(TranspositionTable::<u16>::new(0).is_empty());
    }

    #[test]
    fn zero_sized_table_stores_nothing() {
        let mut table = TranspositionTable::<u16>::new(0);
        table.store(5, Some(1), 10, 3, Bound::Exact);
        assert_eq!(table.probe(5), None);
    }

    #[test]
    fn depth_preferred_replacement() {
        let mut table = TranspositionTable::<u16>::new(1);
        let other = 7 + table.len() as u64; // same slot, another position
        table.store(7, Some(1), 10, 5, Bound::Exact);
        table.store(other, Some(2), 20, 4, Bound::Lower);
        assert_eq!(table.probe(7).map(|e| e.score), Some(10));
        assert_eq!(table.probe(other), None);
        table.store(other, Some(2), 20, 5, Bound::Lower);
        assert_eq!(
            table.probe(other).map(|e| (e.best, e.bound)),
            Some((Some(2), Bound::Lower))
        );
        // A later search replaces older entries whatever their depth.
        table.new_search();
        table.store(7, None, 30, 1, Bound::Upper);
        assert_eq!(table.probe(7).map(|e| (e.best, e.score)), Some((None, 30)));
        // The same position without a move keeps the stored move.
        table.store(7, Some(3), 31, 2, Bound::Upper);
        table.store(7, None, 32, 2, Bound::Upper);
        assert_eq!(
            table.probe(7).map(|e| (e.best, e.score)),
            Some((Some(3), 32))
        );
        table.clear();
        assert_eq!(table.probe(7), None);
        // A cleared slot takes any entry and keeps nothing of the old one.
        table.store(7, None, 33, 0, Bound::Lower);
        assert_eq!(table.probe(7).map(|e| (e.best, e.depth)), Some((None, 0)));
    }
}
