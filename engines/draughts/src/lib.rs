//! International draughts for arbiter: 10×10, twenty men a side, under the Official FMJD
//! rules of international draughts (FMJD, the World Draughts Federation; Annex 1 of its
//! regulations; articles cited as "FMJD 4.3").
//!
//! **Rules** ([`Draughts`], `rules.rs`, its captures in `rules/captures.rs`). The game is played on the 50 dark squares; white moves
//! first (article 3). A man steps one square diagonally forwards; a king ("flying") any
//! distance along a free diagonal. Capturing is compulsory, forwards and backwards, for men
//! and kings (4.1–4.3): a man jumps an adjacent piece onto the empty square behind it, a
//! king a piece at any distance onto any empty square behind it, and a capture goes on while
//! a jump is possible (4.5). The capture that takes the most pieces must be played, a king
//! counting as one piece (the majority rule; FMJD 5.4.8 lists "capture of less or more than
//! the number of possible pieces" as an irregularity). Captured pieces come off only when
//! the capture is over, so none is jumped twice and they block the way (the Turkish strike).
//! A man is crowned only when its move *ends* on the far row: passing it during a capture
//! does not crown. A player who cannot move (no pieces, or all blocked) loses.
//!
//! **Draws** ([`DraughtsVariant`], article 6 of the rules): the third occurrence of a
//! position with the same player to move; 25 successive moves of each player in which only
//! kings moved, without a capture; three kings, two kings and a man, or a king and two men
//! against a lone king: drawn after 16 moves of each player; two kings, a king and a man,
//! or a king against a lone king: after 5 moves each. Each is a variant setting.
//!
//! **Notation** (`notation`): PDN squares 1–50; a step `32-28`, a capture `19x28` by its start
//! and end square. A capture is one move whatever path it takes (the pieces come off at the
//! end), so two paths taking the same pieces are one move, as in published perft counts. When
//! two legal captures have the same start and end but take different pieces, arbiter writes
//! the whole path of landing squares, `19x10x28`, and reads such a path back by the pieces
//! it jumps; a bare `19x28` is then refused as `ambiguous`. Positions (`setup`): PDN FEN
//! `W:W31-50:B1-20` (kings `K`), or a ten-row diagram of `w b W B .`.
//!
//! **Refusal codes** ([`arbiter_core::Game::check_move`]): `game-over`, `not-own-piece`,
//! `occupied`, `not-diagonal`, `wrong-direction`, `too-far`, `blocked`, `capture-available`,
//! `not-maximum-capture`, `no-capture`, `ambiguous`. Setup problems: `board-size`,
//! `piece-count`, `man-on-promotion-row`, `endgame-count`.
//!
//! **Perft** from the start: 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961 (Aart Bik,
//! "BikDam: international checkers", duplicate captures removed); the last ply is counted
//! in bulk ([`arbiter_core::Game::count_moves`]); `examples/draughts_perft.rs` measures it.
//!
//! **Search** (`eval`, `search`): alpha-beta with a capture quiescence (captures are
//! compulsory: at a leaf with a capture on, the captures are searched before the position is
//! judged) and a material-and-structure evaluation weighted by `engines/draughts/params.yaml`.

mod board;
mod eval;
mod notation;
mod rules;
mod search;
mod setup;
mod svg;
mod variant;

#[cfg(test)]
mod tests;

pub use board::{Form, Move};
pub use board::{SQUARE_COUNT, bit_of, index_of, square};
pub use eval::{DraughtsEval, Params};
pub use notation::parse_square;
pub use rules::{Draughts, Endgame, MEN, Undo};

pub use setup::DraughtsSetup;
pub use variant::DraughtsVariant;
