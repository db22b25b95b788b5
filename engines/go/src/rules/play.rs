//! Making and taking back a turn on the incremental groups.
//!
//! A stone joins its friendly neighbours' groups (circular stone lists spliced together, the
//! smaller groups relabelled to the largest's root), takes the point from its enemy
//! neighbours' liberties, removes the enemy groups left without liberties (their points become
//! liberties of the mover's groups next to them), and, where multi-stone suicide is legal,
//! removes its own group when that has none. Each step is recorded so that `unmake` walks it
//! back exactly: a captured group keeps its list links while it is off the board, and a
//! stone's own link and label are saved because a later stone on a captured point overwrites
//! them.

use arbiter_core::Side;

use crate::board::{Point, stone_key};
use crate::notation::GoMove;

use super::history::Record;
use super::{End, Go, Group};
use crate::variant::KoRule;

impl Go {
    /// Plays `mv` (legal here) and records it.
    pub(crate) fn make_turn(&mut self, mv: GoMove) {
        let mut record = Record::new(
            mv,
            self.board_hash,
            self.hash,
            self.ko,
            self.passes,
            self.last_pass,
        );
        self.filter.add(self.board_hash);
        match mv.point() {
            None => self.make_pass(),
            Some(point) => self.make_stone(point, &mut record),
        }
        self.records.push(record);
        self.to_move = self.to_move.opponent();
        self.end = self.end_after_turn(mv);
        self.hash = self.hash_of_state();
    }

    /// Takes back the last turn.
    pub(crate) fn unmake_turn(&mut self) {
        let record = self.records.pop().expect("a turn to take back");
        self.filter.remove(record.board_hash);
        self.to_move = self.to_move.opponent();
        self.end = None;
        if let Some(point) = record.mv.point() {
            self.unmake_stone(point, &record);
        }
        self.board_hash = record.board_hash;
        self.hash = record.hash;
        self.ko = record.ko;
        self.passes = record.passes;
        self.last_pass = record.last_pass;
    }

    fn make_pass(&mut self) {
        self.passes += 1;
        self.ko = None;
        // The turn being recorded is number `records.len()`.
        self.last_pass = Some(self.records.len() as u32);
    }

    /// How the game stands after `mv`: two passes end it; under simple ko, KataGo's end
    /// conditions for cycles (a pass from a state its player passed from before; a state met a
    /// third time since the last pass, which ends the game without a result).
    fn end_after_turn(&self, mv: GoMove) -> Option<End> {
        if self.passes >= 2 {
            return Some(End::Passes);
        }
        if self.variant.rules.ko != KoRule::Simple {
            return None;
        }
        if mv.is_pass() {
            return self.passed_from_here_before().then_some(End::Passes);
        }
        (self.repetitions_since_last_pass() >= 2).then_some(End::NoResult)
    }

    fn make_stone(&mut self, point: Point, record: &mut Record) {
        let me = self.to_move;
        let them = me.opponent();
        let p = usize::from(point);
        record.next = self.next[p];
        record.group_of = self.group_of[p];
        self.place(point, me);
        self.next[p] = point;

        // Enemy neighbours lose the point; friendly ones are merged.
        let mut merged_libs = crate::board::PointSet::EMPTY;
        let mut size = 1u16;
        let mut key = stone_key(me, point);
        let (mut root, mut largest) = (point, 0u16);
        for &n in self.geometry.neighbours(point) {
            let cell = self.colour[usize::from(n)];
            if cell.is_none() {
                merged_libs.insert(n);
                continue;
            }
            let r = self.group_of[usize::from(n)];
            if cell == Some(them) {
                if !record.enemies().contains(&r) {
                    record.enemies[usize::from(record.enemies_len)] = r;
                    record.enemies_len += 1;
                    self.groups[usize::from(r)].libs.remove(point);
                }
            } else if !record.merged().iter().any(|&(seen, _)| seen == r) {
                let group = self.groups[usize::from(r)];
                record.merged[usize::from(record.merged_len)] = (r, group);
                record.merged_len += 1;
                merged_libs = merged_libs.union(&group.libs);
                size += group.size;
                key ^= group.key;
                if group.size > largest {
                    largest = group.size;
                    root = r;
                }
            }
        }
        merged_libs.remove(point);
        // Relabel while the lists are apart, then splice them into one circle.
        for &(r, _) in record.merged() {
            if r != root {
                self.relabel(r, root);
            }
        }
        for &(r, _) in record.merged() {
            self.next.swap(p, usize::from(r));
        }
        self.group_of[p] = root;
        self.groups[usize::from(root)] = Group {
            libs: merged_libs,
            size,
            key,
        };
        record.root = root;

        // Captures.
        for i in 0..usize::from(record.enemies_len) {
            let r = record.enemies[i];
            if self.groups[usize::from(r)].libs.is_empty() {
                record.captured_stones += self.remove_group(r, them);
                record.captured[usize::from(record.captured_len)] = r;
                record.captured_len += 1;
            }
        }
        self.prisoners[me.index()] += u32::from(record.captured_stones);

        // Multi-stone suicide, where the rules allow it (check_move refused it otherwise).
        if record.captured_len == 0 && self.groups[usize::from(root)].libs.is_empty() {
            let removed = self.remove_group(root, me);
            self.prisoners[them.index()] += u32::from(removed);
            record.suicide = true;
        }

        // A single stone that took a single stone and has that point as its one liberty
        // could be taken back at once: the ko ban the hash carries.
        let group = &self.groups[usize::from(root)];
        self.ko = (record.captured_stones == 1 && group.size == 1 && group.libs.is_single())
            .then_some(record.captured[0]);
        self.passes = 0;
    }

    fn unmake_stone(&mut self, point: Point, record: &Record) {
        let me = self.to_move;
        let them = me.opponent();
        let p = usize::from(point);
        if record.suicide {
            // The merged groups' records below restore the group data.
            let (size, _) = self.restore_group(record.root, me);
            self.prisoners[them.index()] -= u32::from(size);
        }
        for &r in record.captured().iter().rev() {
            // The root's group data may have been overwritten by a later stone on its point:
            // rebuilt from the list. A captured group's one liberty was this point.
            let (size, key) = self.restore_group(r, them);
            self.groups[usize::from(r)] = Group {
                libs: crate::board::PointSet::single(point),
                size,
                key,
            };
        }
        self.prisoners[me.index()] -= u32::from(record.captured_stones);
        for &(r, _) in record.merged().iter().rev() {
            self.next.swap(p, usize::from(r));
        }
        for &(r, group) in record.merged() {
            self.groups[usize::from(r)] = group;
            if r != record.root {
                self.relabel(r, r);
            }
        }
        for &r in record.enemies() {
            self.groups[usize::from(r)].libs.insert(point);
        }
        self.unplace(point, me);
        self.next[p] = record.next;
        self.group_of[p] = record.group_of;
    }

    /// Puts a `side` stone on the empty `point` (colour, stone sets, board hash only).
    fn place(&mut self, point: Point, side: Side) {
        self.colour[usize::from(point)] = Some(side);
        self.stones[side.index()].insert(point);
        self.board_hash ^= stone_key(side, point);
    }

    fn unplace(&mut self, point: Point, side: Side) {
        self.colour[usize::from(point)] = None;
        self.stones[side.index()].remove(point);
        self.board_hash ^= stone_key(side, point);
    }

    /// Labels every stone of the list through `start` with `root`.
    fn relabel(&mut self, start: Point, root: Point) {
        let mut stone = start;
        loop {
            self.group_of[usize::from(stone)] = root;
            stone = self.next[usize::from(stone)];
            if stone == start {
                break;
            }
        }
    }

    /// Takes the `side` group of `root` off the board; its points become liberties of the
    /// opponent's groups next to them. Returns the stones removed. The list links stay, so
    /// that [`Go::restore_group`] can put it back.
    fn remove_group(&mut self, root: Point, side: Side) -> u16 {
        let mut stone = root;
        let mut count = 0;
        loop {
            self.unplace(stone, side);
            for &n in self.geometry.neighbours(stone) {
                if self.colour[usize::from(n)] == Some(side.opponent()) {
                    let r = self.group_of[usize::from(n)];
                    self.groups[usize::from(r)].libs.insert(stone);
                }
            }
            count += 1;
            stone = self.next[usize::from(stone)];
            if stone == root {
                return count;
            }
        }
    }

    /// Puts back the `side` group whose list runs through `root`, taking its points from the
    /// opponent groups' liberties. Returns its size and key; its group data is the caller's.
    fn restore_group(&mut self, root: Point, side: Side) -> (u16, u64) {
        let mut stone = root;
        let mut count = 0;
        let mut key = 0;
        loop {
            key ^= stone_key(side, stone);
            self.place(stone, side);
            self.group_of[usize::from(stone)] = root;
            // remove_group's loop mirrored (liberties removed, not inserted): a copy on purpose,
            // unmake's hot path.
            for &n in self.geometry.neighbours(stone) {
                if self.colour[usize::from(n)] == Some(side.opponent()) {
                    let r = self.group_of[usize::from(n)];
                    self.groups[usize::from(r)].libs.remove(stone);
                }
            }
            count += 1;
            stone = self.next[usize::from(stone)];
            if stone == root {
                return (count, key);
            }
        }
    }
}
