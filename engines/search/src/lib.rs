//! Game-independent search for every arbiter engine: alpha-beta and MCTS, generic over
//! [`arbiter_core::Game`].
//!
//! A game supplies an [`Evaluator`] (static evaluation, move-ordering hints, terminal scores,
//! and defaulted hooks: the moves to search, the table key, an MCTS playout policy,
//! make/unmake notifications for evaluator state); tunables come in a [`SearchParams`] that the engine loads from its
//! `params.yaml`. Both searchers implement [`Searcher`]: give a position and a [`Budget`], get
//! a [`SearchResult`]. The hooks replace wrappers around the position: a game narrows its move
//! list, keys its table on its path or keeps incremental evaluation state in its evaluator,
//! and the rules stay the rules ([`eval`] says how each hook is used).
//!
//! ```
//! use arbiter_core::Game;
//! use arbiter_search::{AlphaBeta, Budget, Evaluator, SearchParams, Searcher};
//!
//! fn best_move<G: Game, E: Evaluator<G>>(position: &G, evaluator: E) -> Option<G::Move> {
//!     let mut searcher = AlphaBeta::new(evaluator, SearchParams::default());
//!     searcher.search(position, Budget::Nodes(1_000_000)).best
//! }
//! ```
//!
//! Invariants: no IO, no global mutable state, one thread; under a `Depth` or `Nodes` budget
//! every field of the result is reproducible (alpha-beta starts from a cleared table, MCTS
//! from its seed). Scores are from the side to move's point of view ([`score`]).
//!
//! Engine crates implement [`Searchable`] ([`engine`]): the framework's one entry point.
//!
//! **Chance nodes** (a die to roll, as in EinStein würfelt nicht) fit the same hooks. A
//! position where chance acts lists the rolls as its moves (a `roll-4` is an ordinary
//! `Game::Move`), each with a probability the game gives; a roll is made and taken back through
//! [`Evaluator::make`]/[`Evaluator::unmake`] like any move, so evaluator state follows it, and
//! the game's hash tells a position before the roll from the same board after it, as it tells
//! the side to move, so [`Evaluator::table_key`] needs nothing more. Alpha-beta then scores a
//! chance node as the probability-weighted mean of its rolls instead of a maximum: expectimax,
//! keeping cut-offs with the Star1 bounds (the window for the next roll is what the rolls
//! searched so far leave possible, every value lying inside the evaluation bounds) and Star2
//! probing (a cheap null-window pass over the rolls first). A chance node must not be narrowed:
//! a mean over some rolls proves nothing, so its list is always [`MoveSet::Complete`], and its
//! mate-distance bounds count the roll as a ply. MCTS walks a chance node by drawing a roll
//! from its probabilities with the seeded generator (reproducible under a node budget) and
//! backs up plain averages. A suite fixes the rolls that have happened; searches never roll
//! the real die.
//!
//! Modules: [`eval`] (what a game supplies, the hooks), [`alphabeta`], [`mcts`], [`engine`]
//! (the `Searchable` contract), [`score`] (the score scale); inside: `budget.rs` (budget,
//! result, the `Searcher` trait), `tt.rs` (transposition table), `ordering.rs` (killers,
//! history), `params.rs`, `rng.rs` (deterministic numerics).

pub mod alphabeta;
mod budget;
pub mod engine;
pub mod eval;
pub mod mcts;
mod ordering;
mod params;
mod rng;
pub mod score;
mod tt;

#[cfg(test)]
mod test_game;

pub use alphabeta::AlphaBeta;
pub use budget::{Budget, SearchResult, Searcher};
pub use engine::{
    Algorithm, DataFile, EngineParams, ParamsOf, Proven, ProvenResult, Report, SearchError,
    SearchRequest, Searchable, Weighted, WeightsOf, parse_params, run_searcher, solve_to_end,
};
pub use eval::{Evaluator, MoveSet, Quiescence};
pub use mcts::Mcts;
pub use params::SearchParams;
/// The seeded generator of MCTS, for callers that need the same reproducible numbers
/// (the match runner's opening generator).
pub use rng::SplitMix64;
pub use tt::{Bound, Entry, TranspositionTable};
