//! Move ordering for alpha-beta: killer moves per ply, a history table per side, and the lazy
//! selection of the next-best move from a scored list.
//!
//! A move's ordering key is its game hint (the class, [`crate::Evaluator::move_order_hint`])
//! in the high 32 bits and, below it, a killer bonus or its history count: classes first, then
//! killers, then history within a class.

use arbiter_core::Side;

use crate::score::MAX_PLY;

/// Above any history count, so killers come first within their class.
const KILLER_BONUS: i64 = 1 << 31;
/// History counts are halved when one passes this, keeping them below [`KILLER_BONUS`].
const HISTORY_LIMIT: u32 = 1 << 30;

/// Two killer moves per ply: quiet moves that caused a beta cut-off in a sibling node.
#[derive(Clone, Debug)]
pub struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + Eq> Killers<M> {
    /// Empty killers for every ply up to [`MAX_PLY`].
    #[must_use]
    pub fn new() -> Killers<M> {
        Killers {
            slots: vec![[None, None]; MAX_PLY + 1],
        }
    }

    /// Forgets all killers.
    pub fn clear(&mut self) {
        self.slots.fill([None, None]);
    }

    /// Records `mv` as the newest killer at `ply`.
    #[inline]
    pub fn record(&mut self, ply: usize, mv: M) {
        let slot = &mut self.slots[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }

    /// Whether `mv` is a killer at `ply`.
    #[inline]
    #[must_use]
    pub fn contains(&self, ply: usize, mv: M) -> bool {
        self.slots[ply].contains(&Some(mv))
    }
}

impl<M: Copy + Eq> Default for Killers<M> {
    fn default() -> Killers<M> {
        Killers::new()
    }
}

/// Cut-off counts per side and history slot, weighted by the square of the remaining depth.
#[derive(Clone, Debug, Default)]
pub struct History {
    counts: [Vec<u32>; 2],
}

impl History {
    /// A table of `slots` slots per side (0: history off).
    #[must_use]
    pub fn new(slots: usize) -> History {
        History {
            counts: [vec![0; slots], vec![0; slots]],
        }
    }

    /// Forgets all counts.
    pub fn clear(&mut self) {
        self.counts.iter_mut().for_each(|counts| counts.fill(0));
    }

    /// Credits the move in `slot` of `side` with a cut-off at `depth` remaining plies.
    #[inline]
    pub fn record(&mut self, side: Side, slot: usize, depth: u32) {
        let counts = &mut self.counts[side.index()];
        let Some(count) = counts.get_mut(slot) else {
            return;
        };
        *count = count.saturating_add(depth * depth);
        if *count > HISTORY_LIMIT {
            counts.iter_mut().for_each(|c| *c /= 2);
        }
    }

    /// The count of `slot` for `side` (0 outside the table).
    #[inline]
    #[must_use]
    pub fn get(&self, side: Side, slot: usize) -> u32 {
        self.counts[side.index()].get(slot).copied().unwrap_or(0)
    }
}

/// The ordering key of a move from its game hint, whether it is a killer, and its history.
#[inline]
#[must_use]
pub fn order_key(hint: i32, killer: bool, history: u32) -> i64 {
    let low = if killer {
        KILLER_BONUS
    } else {
        i64::from(history)
    };
    (i64::from(hint) << 32) + low
}

/// Moves the highest-keyed move of `moves[from..]` to `from` (selection sort, one step at a
/// time: most nodes cut off after a few moves, so sorting the whole list would be wasted).
/// Ties go to the move nearer the front, so the order depends only on the generator's order.
#[inline]
pub fn pick_next<M>(moves: &mut [M], keys: &mut [i64], from: usize) {
    debug_assert_eq!(moves.len(), keys.len());
    let mut best = from;
    for i in from + 1..keys.len() {
        if keys[i] > keys[best] {
            best = i;
        }
    }
    moves.swap(from, best);
    keys.swap(from, best);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_then_killers_then_history() {
        assert!(order_key(1, false, 0) > order_key(0, true, 0));
        assert!(order_key(0, true, 0) > order_key(0, false, HISTORY_LIMIT));
        assert!(order_key(0, false, 5) > order_key(0, false, 4));
        assert!(order_key(-1, true, 0) < order_key(0, false, 0));
    }

    #[test]
    fn pick_next_selects_highest_first() {
        let mut moves = ['a', 'b', 'c', 'd'];
        let mut keys = [1, 3, 3, 2];
        for i in 0..moves.len() {
            pick_next(&mut moves, &mut keys, i);
        }
        assert_eq!(moves, ['b', 'c', 'd', 'a']);
    }

    #[test]
    fn killers_keep_two_newest_distinct() {
        let mut killers = Killers::new();
        killers.record(3, 1u8);
        killers.record(3, 1);
        killers.record(3, 2);
        assert!(killers.contains(3, 1) && killers.contains(3, 2) && !killers.contains(4, 1));
        killers.record(3, 5);
        assert!(!killers.contains(3, 1));
    }

    #[test]
    fn history_halves_instead_of_overflowing() {
        let mut history = History::new(2);
        for _ in 0..100 {
            history.record(Side::First, 1, 200);
        }
        assert!(history.get(Side::First, 1) <= HISTORY_LIMIT);
        assert_eq!(history.get(Side::Second, 1), 0);
        assert_eq!(history.get(Side::First, 99), 0);
    }
}
