//! Perft: counting move sequences, the standard test of a move generator.

mod table;

use crate::Game;
use table::{PerftTable, Subtree};

/// How a finished game is counted at depths past its end.
///
/// Both are in public use and agree until the first game can end before the last ply
/// (Othello: depth 10). A pass is always a ply, and so is a chance event (a roll of the die):
/// a chance node contributes one leaf per event, as OpenSpiel's game tree has one child per
/// chance outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PerftConvention {
    /// A finished game contributes nothing past its end: perft(d) is the number of legal move
    /// sequences of exactly d plies (Edax, OEIS A124004 in its Edax reading).
    #[default]
    SequencesOfExactLength,
    /// A finished game reached with plies to spare counts as one leaf (Aart Bik's tables).
    FinishedGameIsLeaf,
}

impl PerftConvention {
    /// The spec name of the convention.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PerftConvention::SequencesOfExactLength => "exact-length",
            PerftConvention::FinishedGameIsLeaf => "finished-is-leaf",
        }
    }
}

/// A budget of nodes for the perft walk, so that any walk can be stopped: a depth that a game
/// can reach only in astronomically many nodes (Othello at depth 100) ends when the budget is
/// spent instead of never. The walk calls [`NodeBudget::take`] once per position it visits
/// (positions counted in bulk at the last ply are not visited) and [`NodeBudget::charge`]
/// for the moves listed there, so that a budget means about the same time in every game.
/// The moves listed at a position that cost one more unit of a [`NodeBudget`].
pub(crate) const MOVES_PER_UNIT: u64 = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NodeBudget {
    left: u64,
    exhausted: bool,
}

impl NodeBudget {
    /// A budget of `max_nodes` visited positions.
    #[must_use]
    pub(crate) const fn new(max_nodes: u64) -> NodeBudget {
        NodeBudget {
            left: max_nodes,
            exhausted: false,
        }
    }

    /// Counts one visited position; `false` (and [`NodeBudget::exhausted`] from then on)
    /// when none is left.
    #[inline]
    pub(crate) fn take(&mut self) -> bool {
        if self.left == 0 {
            self.exhausted = true;
            return false;
        }
        self.left -= 1;
        true
    }

    /// Charges a visited position (which [`NodeBudget::take`] paid one unit for) for the
    /// `moves` listed there: one unit per [`MOVES_PER_UNIT`] moves in all. Listing (and
    /// playing) the moves is most of a visit's cost, so a gomoku position with 225 empty
    /// points costs 28 units where an Othello position (rarely 16 moves) costs one: without
    /// it the same budget walked Othello for a minute and gomoku for half an hour (measured,
    /// `xtask perft`). `false` (and exhausted) when the budget cannot pay.
    #[inline]
    pub(crate) fn charge(&mut self, moves: u64) -> bool {
        let cost = (moves / MOVES_PER_UNIT).saturating_sub(1);
        if cost > self.left {
            self.left = 0;
            self.exhausted = true;
            return false;
        }
        self.left -= cost;
        true
    }

    /// Whether the walk ran out of nodes (its count is then incomplete).
    #[must_use]
    pub(crate) const fn exhausted(&self) -> bool {
        self.exhausted
    }
}

/// One move buffer per ply of a walk, grown as the walk goes deeper (never sized by the depth
/// asked for, which a spec may give as 4294967295).
#[derive(Debug)]
struct MoveBuffers<M> {
    buffers: Vec<Vec<M>>,
}

impl<M> Default for MoveBuffers<M> {
    fn default() -> Self {
        MoveBuffers {
            buffers: Vec::new(),
        }
    }
}

impl<M> MoveBuffers<M> {
    /// The buffer of `ply`, taken out (give it back with [`MoveBuffers::put`]).
    fn take(&mut self, ply: usize) -> Vec<M> {
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        std::mem::take(&mut self.buffers[ply])
    }

    /// Gives the buffer of `ply` back, for the next position at that ply.
    fn put(&mut self, ply: usize, buffer: Vec<M>) {
        self.buffers[ply] = buffer;
    }
}

/// What one perft walk to a depth counts at every ply on the way: enough for the count at
/// every smaller depth under both conventions ([`PerftProfile::count`]), so that the depths of
/// a spec, and both conventions of one position, take one walk rather than one each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PerftProfile {
    /// The depth walked.
    depth: u32,
    /// Per ply from 0 on: the positions reached there (the move sequences of exactly that
    /// many plies). Grown as the walk goes deeper (never sized by the depth asked for, which
    /// a spec may give as 4294967295): plies past its end reached none.
    reached: Vec<u64>,
    /// Per ply below the walk's depth: the finished games reached there (grown likewise).
    finished: Vec<u64>,
}

impl PerftProfile {
    /// The depth the walk went to: [`PerftProfile::count`] answers every depth up to it.
    #[must_use]
    pub const fn depth(&self) -> u32 {
        self.depth
    }

    /// Perft at `depth` under `convention`; `None` beyond the walk's depth.
    #[must_use]
    pub fn count(&self, depth: u32, convention: PerftConvention) -> Option<u64> {
        if depth > self.depth {
            return None;
        }
        let depth = depth as usize;
        let reached = self.reached.get(depth).copied().unwrap_or(0);
        Some(match convention {
            PerftConvention::SequencesOfExactLength => reached,
            // Every game that ended before `depth` is one more leaf.
            PerftConvention::FinishedGameIsLeaf => {
                let ended = &self.finished[..depth.min(self.finished.len())];
                reached + ended.iter().sum::<u64>()
            }
        })
    }

    /// Makes room for the counts of a position visited at `ply` (its own finished count and
    /// the positions reached one ply further).
    #[inline]
    fn reach(&mut self, ply: usize) {
        if self.reached.len() < ply + 2 {
            self.reached.resize(ply + 2, 0);
            self.finished.resize(ply + 1, 0);
        }
    }
}

/// The walks no shorter than this get a transposition table (when the game gives keys): below
/// it a walk visits too few positions to repay even the table's first pages.
const TABLE_FROM_DEPTH: u32 = 4;

/// The one perft walk of every game ([`Game::perft_profile_within`]), under a node budget: it
/// stops (with partial counts; check [`NodeBudget::exhausted`]) when the budget is spent, and
/// the position is restored either way. Each position above the last ply is visited (one unit
/// of the budget) and its moves made and unmade; at the last ply the moves are counted by
/// [`Game::count_moves`] without being played. It counts the positions reached and the games
/// finished at every ply, from which [`PerftProfile::count`] gives either convention.
///
/// A walk of [`TABLE_FROM_DEPTH`] plies or more keeps the counts of the subtrees below the
/// positions the game gives a key for ([`Game::perft_key`]) in a transposition table
/// ([`table`]), so that a position reached again by another move order is visited once (one
/// unit of the budget) and its subtree's counts added from the table.
pub(crate) fn walk<G: Game>(game: &mut G, depth: u32, budget: &mut NodeBudget) -> PerftProfile {
    let mut table = (depth >= TABLE_FROM_DEPTH).then(|| PerftTable::new(table::LOWEST_LEVEL_SLOTS));
    walk_with(game, depth, budget, table.as_mut())
}

/// The perft walk of [`Game::perft_profile_within`], without a node budget, with a
/// transposition table of `table_slots` slots for the subtrees of one ply (each deeper level
/// half as many, at least one), or none: for the tests that show the counts do not depend on
/// the table (the laws' `perft_table`), and for measurements. The walk itself uses a table of
/// 2^20 slots (at most about 112 MiB) from depth 4 on.
pub fn perft_profile_with_table<G: Game>(
    game: &mut G,
    depth: u32,
    table_slots: Option<usize>,
) -> PerftProfile {
    let mut table = table_slots.map(PerftTable::new);
    walk_with(game, depth, &mut NodeBudget::new(u64::MAX), table.as_mut())
}

/// The walk of [`walk`], with `table` or none.
fn walk_with<G: Game>(
    game: &mut G,
    depth: u32,
    budget: &mut NodeBudget,
    table: Option<&mut PerftTable>,
) -> PerftProfile {
    let mut walk = Walk {
        profile: PerftProfile {
            depth,
            reached: vec![1],
            finished: Vec::new(),
        },
        buffers: MoveBuffers::default(),
        leaf_buffer: Vec::new(),
        budget,
        table,
    };
    walk.node(game, depth, 0);
    walk.profile
}

/// The state of one walk.
struct Walk<'a, G: Game> {
    profile: PerftProfile,
    buffers: MoveBuffers<G::Move>,
    /// The buffer [`Walk::last_ply`] lends [`Game::count_moves`].
    leaf_buffer: Vec<G::Move>,
    budget: &'a mut NodeBudget,
    table: Option<&'a mut PerftTable>,
}

impl<G: Game> Walk<'_, G> {
    /// Counts the subtree of `depth` plies below `game`, which stands at `ply`; returns the
    /// plies of it in which a position was visited (0 when none was), so that the profile
    /// grows as far with a table as without.
    fn node(&mut self, game: &mut G, depth: u32, ply: usize) -> usize {
        if depth == 0 || !self.budget.take() {
            return 0;
        }
        let key = match &self.table {
            Some(table) if table.keeps(depth) => game.perft_key(depth),
            _ => None,
        };
        let Some(key) = key else {
            return self.expand(game, depth, ply);
        };
        if let Some(subtree) = self
            .table
            .as_ref()
            .and_then(|table| table.probe(depth, key))
        {
            self.add(ply, depth, &subtree);
            return subtree.extent;
        }
        let before = self.subtree_counts(ply, depth);
        let extent = self.expand(game, depth, ply);
        if !self.budget.exhausted() {
            let after = self.subtree_counts(ply, depth);
            let mut subtree = Subtree::EMPTY;
            subtree.extent = extent;
            for i in 0..depth as usize {
                subtree.reached[i] = after.reached[i] - before.reached[i];
                subtree.finished[i] = after.finished[i] - before.finished[i];
            }
            if let Some(table) = self.table.as_deref_mut() {
                table.store(depth, key, &subtree);
            }
        }
        extent
    }

    /// Lists the moves of `game` (at `ply`, `depth` plies to go; its budget unit taken) and
    /// counts them, then walks below each (or counts them in bulk at the last ply).
    fn expand(&mut self, game: &mut G, depth: u32, ply: usize) -> usize {
        self.profile.reach(ply);
        let mut moves = self.buffers.take(ply);
        if depth == 1 {
            let count = game.count_moves(&mut moves);
            self.buffers.put(ply, moves);
            if !self.budget.charge(count) {
                return 1;
            }
            self.profile.reached[ply + 1] += count;
            if count == 0 {
                self.profile.finished[ply] += 1;
            }
            return 1;
        }
        game.generate_moves(&mut moves);
        if !self.budget.charge(moves.len() as u64) {
            self.buffers.put(ply, moves);
            return 1;
        }
        if moves.is_empty() {
            self.profile.finished[ply] += 1;
        }
        self.profile.reached[ply + 1] += moves.len() as u64;
        let mut extent = 1;
        for &mv in &moves {
            let undo = game.make(mv);
            if depth == 2 && !self.keyed(game, 1) {
                extent = extent.max(1 + self.last_ply(game, ply + 1));
                game.unmake(mv, undo);
                if self.budget.exhausted() {
                    break;
                }
                continue;
            }
            extent = extent.max(1 + self.node(game, depth - 1, ply + 1));
            game.unmake(mv, undo);
            if self.budget.exhausted() {
                break;
            }
        }
        self.buffers.put(ply, moves);
        extent
    }

    /// Whether the table keeps subtrees of `depth` plies and `game` gives a key for one.
    #[inline]
    fn keyed(&self, game: &G, depth: u32) -> bool {
        self.table
            .as_ref()
            .is_some_and(|table| table.keeps(depth) && game.perft_key(depth).is_some())
    }

    /// [`Walk::node`] at the last ply of a walk, for a position the table keeps no count of:
    /// its moves counted in bulk (the hot loop of every walk, so without the table's and the
    /// move buffers' bookkeeping).
    #[inline]
    fn last_ply(&mut self, game: &G, ply: usize) -> usize {
        if !self.budget.take() {
            return 0;
        }
        self.profile.reach(ply);
        let count = game.count_moves(&mut self.leaf_buffer);
        if self.budget.charge(count) {
            self.profile.reached[ply + 1] += count;
            if count == 0 {
                self.profile.finished[ply] += 1;
            }
        }
        1
    }

    /// The profile's counts so far in the plies of a subtree of `depth` plies at `ply`, as a
    /// [`Subtree`] (whose extent is left 0).
    fn subtree_counts(&self, ply: usize, depth: u32) -> Subtree {
        let mut counts = Subtree::EMPTY;
        for i in 0..depth as usize {
            counts.reached[i] = self.profile.reached.get(ply + 1 + i).copied().unwrap_or(0);
            counts.finished[i] = self.profile.finished.get(ply + i).copied().unwrap_or(0);
        }
        counts
    }

    /// Adds a subtree's counts from the table, as if the subtree at `ply` had been walked.
    fn add(&mut self, ply: usize, depth: u32, subtree: &Subtree) {
        self.profile.reach(ply + subtree.extent - 1);
        for i in 0..depth as usize {
            if let Some(reached) = self.profile.reached.get_mut(ply + 1 + i) {
                *reached += subtree.reached[i];
            }
            if let Some(finished) = self.profile.finished.get_mut(ply + i) {
                *finished += subtree.finished[i];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_runs_out_once_and_stays_out() {
        let mut budget = NodeBudget::new(2);
        assert!(budget.take() && budget.take());
        assert!(!budget.take());
        assert!(budget.exhausted());
        assert!(!NodeBudget::new(1).exhausted());
    }

    #[test]
    fn a_profile_counts_each_depth_under_both_conventions() {
        // Ply 0: the root; ply 1: 3 positions, one of them a finished game; ply 2: 4.
        let profile = PerftProfile {
            depth: 3,
            reached: vec![1, 3, 4],
            finished: vec![0, 1, 2],
        };
        let exact = PerftConvention::SequencesOfExactLength;
        let leaf = PerftConvention::FinishedGameIsLeaf;
        assert_eq!(profile.count(0, exact), Some(1));
        assert_eq!(profile.count(2, exact), Some(4));
        assert_eq!(profile.count(2, leaf), Some(5), "the game over at ply 1");
        assert_eq!(
            profile.count(3, exact),
            Some(0),
            "no position reached at ply 3"
        );
        assert_eq!(
            profile.count(3, leaf),
            Some(3),
            "the three games over before"
        );
        assert_eq!(profile.count(4, exact), None, "deeper than the walk");
    }

    #[test]
    fn a_position_pays_one_unit_per_eight_moves_listed() {
        let mut budget = NodeBudget::new(3);
        assert!(budget.charge(15), "fewer than 16 moves cost nothing more");
        assert!(budget.charge(31), "31 moves cost three units, two more");
        assert!(!budget.exhausted());
        assert!(!budget.charge(32), "two units more than the one left");
        assert!(budget.exhausted());
    }

    #[test]
    fn buffers_grow_with_the_walk_not_with_the_depth() {
        let mut buffers: MoveBuffers<u8> = MoveBuffers::default();
        let mut third = buffers.take(3);
        third.push(7);
        buffers.put(3, third);
        assert_eq!(buffers.buffers.len(), 4);
        assert_eq!(buffers.take(3), [7]);
    }
}
