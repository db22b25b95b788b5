//! Game-independent search for every arbiter engine: alpha-beta and MCTS, generic over
//! [`arbiter_core::Game`].
//!
//! A game supplies an [`Evaluator`] (static evaluation, move-ordering hints, terminal scores);
//! tunables come in a [`SearchParams`] that the engine loads from its `params.yaml`. Both
//! searchers implement [`Searcher`]: give a position and a [`Budget`], get a [`SearchResult`].
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
//! Modules: [`budget`] (budget, result, the `Searcher` trait), [`eval`] (what a game
//! supplies), [`alphabeta`], [`tt`] (transposition table), [`ordering`] (killers, history),
//! [`mcts`], [`params`], [`score`] (the score scale), [`rng`] (deterministic numerics).

pub mod alphabeta;
pub mod budget;
pub mod engine;
pub mod eval;
pub mod mcts;
pub mod ordering;
pub mod params;
pub mod rng;
pub mod score;
pub mod tt;

#[cfg(test)]
mod test_game;

pub use alphabeta::AlphaBeta;
pub use budget::{Budget, SearchResult, Searcher};
pub use engine::{
    Algorithm, DataFile, EngineParams, Proven, Report, SearchError, SearchRequest, Searchable,
    Verdict, parse_params, run_heuristic,
};
pub use eval::Evaluator;
pub use mcts::Mcts;
pub use params::SearchParams;
pub use tt::TranspositionTable;
