//! The transposition table of the perft walk: the counts of a subtree, kept under the key the
//! game gives its root ([`crate::Game::perft_key`]), so that a position reached again by
//! another move order is counted once.
//!
//! What is kept is exact: a subtree's relative counts (the positions reached and the games
//! finished at each ply below its root), which the walk adds to its profile at the ply where
//! the position stands. The table only saves work: the counts never depend on its size or on
//! what it replaced, since a missing entry is walked again. A subtree of `d` plies lives in the
//! level of `d` (entries of one size per level), and a new entry always replaces the old one
//! in its slot, so that two runs of one walk store, find and visit the same positions on every
//! machine (the node budget's outcome included).

/// The most plies below a position that the table keeps the counts of. Above that few
/// positions are visited (the root's first plies), and the entries would only grow.
pub(crate) const DEEPEST_LEVEL: usize = 16;

/// The slots of the level of one-ply subtrees in a walk's table; each deeper level has half
/// as many slots as the one below it (deeper subtrees are fewer and their entries larger).
/// All levels together take at most about 112 MiB (`PerftTable::max_bytes`), allocated
/// level by level when the walk first stores there, and zeroed lazily by the system.
pub(crate) const LOWEST_LEVEL_SLOTS: usize = 1 << 20;

/// The counts of one subtree of `depth` plies, relative to its root: `reached[i]` the
/// positions `i + 1` plies below it, `finished[i]` the games over `i` plies below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Subtree {
    /// The plies of the subtree in which the walk visited a position (at least the root's).
    pub(crate) extent: usize,
    pub(crate) reached: [u64; DEEPEST_LEVEL],
    pub(crate) finished: [u64; DEEPEST_LEVEL],
}

impl Subtree {
    /// No counts yet.
    pub(crate) const EMPTY: Subtree = Subtree {
        extent: 0,
        reached: [0; DEEPEST_LEVEL],
        finished: [0; DEEPEST_LEVEL],
    };
}

/// One level of the table: the subtrees of one depth, in slots of `3 + 2 * depth` words (the
/// extent, 0 for an empty slot; the key's high and low halves; the reached counts; the
/// finished counts).
#[derive(Debug)]
struct Level {
    depth: usize,
    /// The number of slots, a power of two, as a shift of the index's hash.
    bits: u32,
    /// Empty until the first store.
    words: Vec<u64>,
}

impl Level {
    fn stride(&self) -> usize {
        3 + 2 * self.depth
    }

    /// The slot of `key`: the key's halves mixed by multiplication (Othello's raw disc sets
    /// are no hash), its top bits the index.
    fn slot(&self, key: u128) -> usize {
        if self.bits == 0 {
            return 0;
        }
        let (high, low) = ((key >> 64) as u64, key as u64);
        let mixed =
            (low ^ high.wrapping_mul(0x9E37_79B9_7F4A_7C15)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (mixed >> (64 - self.bits)) as usize * self.stride()
    }
}

/// A perft walk's transposition table (see the module documentation).
#[derive(Debug)]
pub(crate) struct PerftTable {
    levels: Vec<Level>,
}

impl PerftTable {
    /// A table with `lowest_slots` slots for one-ply subtrees (rounded down to a power of two,
    /// at least one), half as many per ply deeper, at least one; nothing allocated yet.
    pub(crate) fn new(lowest_slots: usize) -> PerftTable {
        let lowest_bits = lowest_slots.max(1).ilog2();
        let levels = (1..=DEEPEST_LEVEL)
            .map(|depth| Level {
                depth,
                bits: lowest_bits.saturating_sub(depth as u32 - 1),
                words: Vec::new(),
            })
            .collect();
        PerftTable { levels }
    }

    /// The memory the table takes once every level is in use.
    #[cfg(test)]
    pub(crate) fn max_bytes(&self) -> usize {
        self.levels
            .iter()
            .map(|level| (1usize << level.bits) * level.stride() * 8)
            .sum()
    }

    /// The level of subtrees of `depth` plies, if the table keeps them.
    fn level(&self, depth: u32) -> Option<&Level> {
        self.levels.get((depth as usize).checked_sub(1)?)
    }

    /// Whether the table keeps subtrees of `depth` plies (the walk asks the game for a key
    /// only then).
    pub(crate) fn keeps(&self, depth: u32) -> bool {
        self.level(depth).is_some()
    }

    /// The counts stored for the subtree of `depth` plies below the position of `key`.
    pub(crate) fn probe(&self, depth: u32, key: u128) -> Option<Subtree> {
        let level = self.level(depth)?;
        if level.words.is_empty() {
            return None;
        }
        let at = level.slot(key);
        let slot = &level.words[at..at + level.stride()];
        if slot[0] == 0 || slot[1] != (key >> 64) as u64 || slot[2] != key as u64 {
            return None;
        }
        let d = level.depth;
        let mut subtree = Subtree::EMPTY;
        subtree.extent = slot[0] as usize;
        subtree.reached[..d].copy_from_slice(&slot[3..3 + d]);
        subtree.finished[..d].copy_from_slice(&slot[3 + d..3 + 2 * d]);
        Some(subtree)
    }

    /// Keeps the counts of the subtree of `depth` plies below the position of `key`, in
    /// place of whatever its slot held.
    pub(crate) fn store(&mut self, depth: u32, key: u128, subtree: &Subtree) {
        let Some(index) = (depth as usize).checked_sub(1) else {
            return;
        };
        let Some(level) = self.levels.get_mut(index) else {
            return;
        };
        if level.words.is_empty() {
            // `vec![0; n]` asks the allocator for zeroed memory: pages never stored to are
            // never touched, so a small walk costs little of the table.
            level.words = vec![0; (1usize << level.bits) * level.stride()];
        }
        let at = level.slot(key);
        let d = level.depth;
        let stride = level.stride();
        let slot = &mut level.words[at..at + stride];
        debug_assert!(subtree.extent >= 1, "a stored subtree has its root visited");
        slot[0] = subtree.extent as u64;
        slot[1] = (key >> 64) as u64;
        slot[2] = key as u64;
        slot[3..3 + d].copy_from_slice(&subtree.reached[..d]);
        slot[3 + d..3 + 2 * d].copy_from_slice(&subtree.finished[..d]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts of a subtree of `depth` plies (only those the table keeps at that depth).
    fn subtree(depth: usize, first: u64) -> Subtree {
        let mut subtree = Subtree::EMPTY;
        subtree.extent = depth;
        subtree.reached[0] = first;
        subtree.reached[depth - 1] += first * 10;
        subtree.finished[depth - 1] = 1;
        subtree
    }

    #[test]
    fn a_stored_subtree_is_found_under_its_key_and_depth_only() {
        let mut table = PerftTable::new(64);
        table.store(2, 7, &subtree(2, 3));
        assert_eq!(table.probe(2, 7), Some(subtree(2, 3)));
        assert_eq!(table.probe(2, 7 << 64), None, "another key");
        assert_eq!(table.probe(3, 7), None, "another depth");
        assert_eq!(table.probe(0, 7), None);
        assert!(!table.keeps(DEEPEST_LEVEL as u32 + 1));
    }

    #[test]
    fn a_full_slot_is_replaced_by_the_newest() {
        // One slot per level: every key shares it.
        let mut table = PerftTable::new(1);
        table.store(1, 1, &subtree(1, 4));
        table.store(1, 2, &subtree(1, 5));
        assert_eq!(table.probe(1, 1), None);
        assert_eq!(table.probe(1, 2), Some(subtree(1, 5)));
    }

    #[test]
    fn the_key_zero_is_a_key_like_any_other() {
        let mut table = PerftTable::new(8);
        assert_eq!(table.probe(1, 0), None, "an empty slot holds no key");
        table.store(1, 0, &subtree(1, 0));
        assert_eq!(table.probe(1, 0), Some(subtree(1, 0)));
    }

    #[test]
    fn a_walks_table_stays_within_128_mib() {
        let bytes = PerftTable::new(LOWEST_LEVEL_SLOTS).max_bytes();
        assert!(bytes <= 128 << 20, "{bytes} bytes");
        assert!(
            bytes >= 64 << 20,
            "{bytes} bytes: the lowest level is the point"
        );
    }
}
