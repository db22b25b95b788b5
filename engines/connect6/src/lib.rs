//! Connect6 (I-Chen Wu, 2005) implementing [`arbiter_core::Game`].
//!
//! Rules: a 19x19 board (the variant sets the size: `standard` = 19, `size-N` for N in 6..=19);
//! black moves first and places **one** stone on its first turn; from then on white and black
//! alternately place **two** stones per turn on two different empty points. The first side with
//! six or more stones in a row (horizontal, vertical or diagonal) wins ([`EndReason::Line`];
//! overlines win, nothing is forbidden). When the board has fewer empty points than the next
//! turn needs, the game is drawn ([`EndReason::BoardFull`]).
//!
//! A [`Move`] is one whole turn: a single stone on black's first turn, else an unordered pair
//! (`j10-k11` equals `k11-j10`). A turn wins when either of its stones completes six: placing a
//! stone never removes one, so the order of the two stones cannot change the result of the turn.
//! In tournament practice a six made by the first stone ends the game at once; the position is
//! won by the same side either way, and validation accepts a final position one stone short.
//!
//! Illegal-move codes: `occupied`, `same-point` (both stones on one point), `wrong-stone-count`
//! (two stones on black's first turn, one later), `game-over`, and `off-board` for a point
//! outside a smaller board.
//!
//! Notation (see `notation.rs`; positions in `setup.rs`): columns `a`..`s` left to right **without skipping `i`**, rows
//! `1`..`19` from the bottom; a pair is written `j10-k11` (smaller index first) and read as
//! `j10-k11`, `j10,k11` or `j10k11`.
//!
//! Search (`search.rs`): `eval.rs` scores positions from window counts (`windows.rs`),
//! `narrow.rs` narrows the move list for alpha-beta and MCTS (wins first, then forced blocks,
//! then pairs of the best-valued points; not part of the rules), `solve.rs` proves short wins
//! and losses from threats; weights live in `engines/connect6/params.yaml`.
//!
//! Perft counts whole turns; the last ply is bulk-counted (`E` or `C(E, 2)`): from the start
//! d1 = 361, d2 = 23,327,820, d3 = 1,490,717,681,460; d4 and beyond overflow `u64`.

mod board;
mod eval;
mod narrow;
mod notation;
mod rules;
mod search;
mod setup;
mod solve;
mod svg;
#[cfg(test)]
mod tests;
mod variant;
mod windows;

pub use board::{Board, Move, Point};
pub use eval::{Connect6Eval, EvalParams};
pub use rules::Connect6;
pub use setup::Setup;
pub use variant::{Connect6Variant, MAX_SIZE, MIN_SIZE};

#[cfg(doc)]
use arbiter_core::EndReason;
