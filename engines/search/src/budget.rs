//! How much a search may spend, what it returns, and the interface both searchers share.

use std::time::Duration;

use arbiter_core::Game;

/// The limit of one search.
///
/// `Depth` and `Nodes` budgets make a search deterministic: the same position, parameters and
/// budget give the same [`SearchResult`] on every run. `Time` is for play under a clock; it is
/// checked at the batched node checks (see [`crate::SearchParams::node_check_interval`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// Alpha-beta: iterative deepening up to this many plies. MCTS, which has no depth:
    /// this many iterations, the same as `Nodes`.
    Depth(u32),
    /// Alpha-beta: stop after this many nodes (positions visited). MCTS: this many iterations
    /// (one selection, expansion, playout and backup each).
    Nodes(u64),
    /// Stop once this much wall-clock time has passed since the search began.
    Time(Duration),
}

/// What a search found. Every field is deterministic under a `Depth` or `Nodes` budget, so the
/// whole value can go into a snapshot; callers who want the elapsed time measure it themselves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` exactly when the game is already over.
    pub best: Option<M>,
    /// The score of `best` for the side to move: an evaluation, or a win/loss by distance
    /// ([`crate::score::is_mate`]). MCTS reports its winning chance scaled to `-1000..=1000`.
    pub score: i32,
    /// Alpha-beta: the nominal depth of the iteration the result comes from. MCTS: the deepest
    /// tree node reached.
    pub depth: u32,
    /// Alpha-beta: nodes visited, over all iterations. MCTS: iterations run.
    pub nodes: u64,
    /// The principal variation, starting with `best` (empty when the game is over).
    pub pv: Vec<M>,
}

/// A search algorithm over any [`Game`]: alpha-beta ([`crate::AlphaBeta`]) or MCTS
/// ([`crate::Mcts`]) behind one interface.
pub trait Searcher<G: Game> {
    /// Searches `game` within `budget`. The position itself is not changed.
    fn search(&mut self, game: &G, budget: Budget) -> SearchResult<G::Move>;
}
