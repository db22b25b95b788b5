//! The laws every engine keeps, written once over the traits, for each engine's tests to call
//! in one line (as shakmaty's fuzz targets check every variant of its position):
//!
//! - [`GameLaws`] over [`arbiter_core::Game`]: along random playouts, the incremental hash
//!   equals the hash from scratch, unmake restores every position, `check_move` accepts
//!   exactly the generated moves (and a refused `play` changes nothing), the move list is
//!   empty exactly when the game is over, and moves, one-line positions and diagrams read
//!   back what they write.
//! - [`SearchLaws`] over [`arbiter_search::Searchable`]: the shipped parameters parse and a
//!   broken file is refused with its path, alpha-beta and MCTS under a node budget are
//!   deterministic and play legal moves along a legal principal variation, and a finished
//!   game has no move for any algorithm.
//!
//! A broken law panics with the variant, the moves from the start and what differed, so the
//! test that called it fails with a reproducible case. Playouts are proptest strategies (a
//! list of indices taken modulo the number of legal moves), shrunk to a short failing line.

mod game;
mod search;

pub use game::GameLaws;
pub use search::SearchLaws;
