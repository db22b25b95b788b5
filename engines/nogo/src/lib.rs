//! NoGo (不围棋) for arbiter: the 9x9 board of the CCGC and Botzone, and other sizes from 2x2
//! to 11x11 as variants.
//!
//! Black ([`arbiter_core::Side::First`]) moves first; the sides place one stone per turn on
//! an empty point, and never pass. A stone that takes the last liberty of an enemy group
//! (`capture`) or leaves its own group without a liberty (`suicide`) is a *foul*. Under the
//! `standard` ruling a foul is an illegal move (Botzone's judge, the usual computer NoGo
//! rules); under `foul-loses` it is a legal move that loses at once
//! ([`arbiter_core::EndReason::Forbidden`]), as the CCGC platform rules it. A side to move with
//! no legal point loses ([`arbiter_core::EndReason::Stalemate`]). There are no draws. Variants:
//! `standard`, `foul-loses`, and either with `@<size>` ([`NoGoVariant`]).
//!
//! State: one bitboard per side and incremental groups, each with its stones and liberties
//! (module `rules`); a side's legal points are a few bitboard operations over the groups in
//! atari ([`NoGo::legal_points`]).
//!
//! Notation: points `a1`-`i9` (file a on the left, rank 1 at the bottom, as gomoku); Botzone's
//! `{x, y}` and the CCGC platform's `XY` via [`to_xy`]/[`from_xy`] and
//! [`to_ccgc`]/[`from_ccgc`] (origin top-left, y down). Positions: a diagram of `X`, `O`, `.`
//! (top row first) or the one-line form `9/9/9/9/4X4/9/9/9/9 white` ([`NoGoSetup`]).
//!
//! Search: [`Params`] (own points, mobility and territory) is the evaluator of alpha-beta and
//! MCTS, and the exact solver (alpha-beta searched to the end of the game) proves small boards
//! and late positions; `impl arbiter_search::Searchable for NoGo` (module `search`) runs them
//! with `engines/nogo/params.yaml`.
//!
//! Illegal-move codes: `game-over`, `off-board`, `occupied`, `capture`, `suicide`
//! ([`arbiter_core::Game::check_move`]); [`arbiter_core::Game::forbidden_moves`] lists the fouls of the side
//! to move with the same codes.

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

pub use board::{Geometry, Point};
pub use eval::{Params, evaluate};
pub use notation::{format_point, from_ccgc, from_xy, parse_point, to_ccgc, to_xy};
pub use rules::{Foul, NoGo, Undo};
pub use setup::{NoGoSetup, parse_side};
pub use variant::{DEFAULT_SIZE, FoulRuling, MAX_SIZE, MIN_SIZE, NoGoVariant};
