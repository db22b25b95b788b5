//! Tic-tac-toe (3x3, X first) implementing [`arbiter_core::Game`].
//!
//! The game stops as soon as a side completes three in a row ([`EndReason::Line`]) or the board
//! is full without a line (a draw, [`EndReason::BoardFull`]).
//!
//! Conventions (see `board.rs`, `notation.rs` and `setup.rs`):
//! - sides are named `x` (first) and `o` (second);
//! - cells are `a1`..`c3`: column `a`..`c` from left to right, row `1` at the **top** and row `3`
//!   at the bottom (the orientation of the project's Othello engine);
//! - the one-line position form is `"x.o/.x./..o x"`: three rows top to bottom separated by `/`,
//!   cells `x`, `o`, `.`, then the side to move;
//! - a diagram is three rows of `X`, `O`, `.` (top row first), optionally with the coordinate
//!   labels that [`TicTacToe::diagram`](arbiter_core::Game::diagram) prints.
//!
//! Search (`search.rs`): [`arbiter_search::Searchable`] with an open-lines evaluation
//! ([`TicTacToeEval`], `eval.rs`, weights in `engines/tictactoe/params.yaml`) and an exact
//! solver, an alpha-beta search to the end of every line.
//!
//! Illegal-move codes: `occupied`, `game-over`.

mod board;
mod eval;
mod notation;
mod rules;
mod search;
mod setup;
mod svg;
#[cfg(test)]
mod tests;
mod variant;

pub use board::Cell;
pub use eval::{TicTacToeEval, TicTacToeWeights};
pub use rules::{Move, TicTacToe};
pub use setup::Setup;
pub use variant::TicTacToeVariant;

#[cfg(doc)]
use arbiter_core::EndReason;
