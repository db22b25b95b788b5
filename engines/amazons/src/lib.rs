//! The Game of the Amazons for arbiter: the 10x10 ICGA board (`standard`) and Botzone's 8x8
//! board (`botzone8`).
//!
//! A turn moves one of one's amazons like a chess queen over empty squares, then shoots an
//! arrow, again like a queen, from the amazon's new square; the arrow may land on or cross the
//! square just left. Arrows stay for good. The side to move with no turn loses
//! ([`arbiter_core::EndReason::Stalemate`]).
//!
//! Sides: white is [`arbiter_core::Side::First`], black [`arbiter_core::Side::Second`], in
//! every variant. White moves first on 10x10 (ICGA rules); on Botzone's 8x8 board black
//! (Botzone player 0) moves first, so that start position has `Side::Second` to move.
//!
//! Notation: `d1-d7/g7` (from-to/arrow, file a on the left, rank 1 at the bottom); Botzone's
//! `x0 y0 x1 y1 x2 y2` via [`to_botzone`]/[`from_botzone`].
//! Positions: a diagram (`W`, `B`, `x`, `.`, top row first) or the one-line form
//! `3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 white` (`setup`).
//!
//! Search: [`Params`] is the territory-and-mobility evaluator the generic searchers use, and
//! `impl arbiter_search::Searchable for Amazons` (module `search`) runs alpha-beta, MCTS or the
//! exact endgame solver (alpha-beta searched to the end) with the weights of
//! `engines/amazons/params.yaml`.
//!
//! Illegal-move codes: `game-over`, `off-board`, `not-own-amazon`, `not-queen-line`,
//! `blocked-path`, `arrow-not-queen-line`, `arrow-blocked` ([`arbiter_core::Game::check_move`]).

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

pub use board::{DIRECTIONS, Geometry, Square};
pub use eval::Params;
pub use notation::{Move, from_botzone, to_botzone};
pub use rules::Amazons;
pub use setup::{AmazonsSetup, Cell};
pub use variant::AmazonsVariant;
