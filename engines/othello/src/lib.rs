//! 8x8 Othello (Reversi under the World Othello Federation rules) for arbiter.
//!
//! [`Othello`] implements [`arbiter_core::Game`]. The rules, as the WOF rules state them: a
//! player places a disc of their colour on an empty square so that at least one straight line
//! (horizontal, vertical or diagonal) of the opponent's discs lies between it and another disc
//! of theirs; every such line flips. A player with no such placement passes; the game ends
//! when neither player can move, and the player with more discs wins.
//!
//! # Coordinates
//! Columns `a`..`h` left to right, rows `1`..`8` top to bottom; `a1` is the top-left square and
//! square index `row * 8 + col` runs a1, b1, …, h1, a2, …, h8 (the FFO/Edax string order).
//! The start has white on d4 and e5, black on d5 and e4; black moves first.
//!
//! # Moves
//! [`Move`] is one byte: a square 0..64, or 64 for the pass. The pass is an ordinary move,
//! legal only when the side to move has no placement and the game is not over. Notation:
//! `a1`..`h8` (read in either case, written in lower case) and `pass` (also read: `PA`, `PS`).
//! `split_moves` reads spaced lists and compact transcripts (`f5d6c3d3`, `f5d6passc3`).
//!
//! # Illegal-move codes
//! [`arbiter_core::Game::check_move`] refuses a move with one of these stable codes, tried in
//! this order:
//! - `game-over`: any move once neither side can move;
//! - `pass-not-allowed`: a pass while a placement exists;
//! - `occupied`: a placement on a disc;
//! - `no-flip`: a placement that flips nothing (also every placement when the side must pass).
//!
//! # End of the game
//! When neither side can move [`arbiter_core::Game::outcome`] gives the winner by disc count
//! (equal counts: a draw) with reason `board-full` if no square is empty, else `no-moves`.
//! [`arbiter_core::Game::final_score`] is black minus white, raw and with the empty squares
//! given to the winner (the FFO/Edax convention; a draw stays 0).
//!
//! # Positions
//! The one-line form is the FFO/Edax string (`<64 cells> X`), the diagram a lettered and
//! numbered board: see [`setup`]. Validation refuses only boards with an empty centre
//! square (no position reachable from the start has one), listing each.
//!
//! # Example
//! ```
//! use arbiter_core::{Game, PerftConvention, Side};
//! use arbiter_othello::{Othello, OthelloVariant};
//!
//! let mut game = Othello::start(&OthelloVariant::Standard);
//! // 12 two-ply sequences from the start (OEIS A124004).
//! assert_eq!(game.perft(2, PerftConvention::SequencesOfExactLength), 12);
//! for text in Othello::split_moves("f5d6c3") {
//!     let mv = game.parse_move(&text).unwrap();
//!     game.play(mv).unwrap();
//! }
//! assert_eq!(game.side_to_move(), Side::Second);
//! let pass = game.parse_move("pass").unwrap();
//! assert_eq!(game.check_move(pass).unwrap_err().code, "pass-not-allowed");
//! ```
//!
//! # Search
//! `search` implements [`arbiter_search::Searchable`]: alpha-beta and MCTS on the evaluation
//! of `eval` ([`OthelloEval`], weights in `engines/othello/params.yaml`), and the exact
//! [`endgame`] solver for `Algorithm::Solve`. The solver orders its moves with [`pattern`], an
//! evaluation trained on solved games (weights in `engines/othello/weights/patterns.bin`, made
//! by the `train_eval` example).
//!
//! # Hashing, undo, perft
//! The Zobrist hash is incremental, from fixed-seed keys per square and colour plus one for
//! white to move. Undo is copy-make (the previous boards and hash). Perft is core's walk, the
//! last ply counted by one population count of the placements (`count_moves`): `cargo xtask
//! perft othello 12`.
//!
//! The modules the crate's examples (the solver's measurements, the weights' training) reach
//! into are public: [`board`], [`endgame`], [`pattern`], [`setup`].

pub mod board;
pub mod endgame;
mod eval;
mod notation;
pub mod pattern;
mod rules;
mod search;
pub mod setup;
mod svg;
#[cfg(test)]
mod tests;
mod variant;

pub use board::Move;
pub use endgame::{Solution, solve};
pub use eval::{EvalWeights, OthelloEval};
pub use notation::{parse_move, split_moves};
pub use rules::{Othello, Undo};
pub use setup::Setup;
pub use variant::OthelloVariant;
