//! Surakarta for arbiter: 6x6, twelve pieces a side, captures along two looping circuits.
//!
//! Red ([`arbiter_core::Side::First`], home ranks 1-2) moves first, as in minizero (player 1)
//! and on iggamecenter (red first); black ([`arbiter_core::Side::Second`]) starts on ranks 5-6.
//! A turn is a step to any of the eight neighbouring points, which must be empty, or a capture:
//! the piece runs along one circuit in one direction over empty points, passes at least one
//! corner loop, and takes the enemy piece on the first occupied point (`board` has the
//! circuits, [`Surakarta::capture_targets`] the exact path rule). Capturing is optional.
//!
//! Endings (`outcome`): a side without pieces loses; the draw by repetition and
//! the no-capture limit are variant settings ([`SurakartaVariant`]).
//!
//! Notation: points `a1`-`f6` (file a on the left, rank 1 at the bottom); a step `b2-b3`, a
//! capture `b2xe5` (minizero's `b2e5` is read too). Positions: a diagram of `R`, `B`, `.` (rank
//! 6 first) or the one-line form `BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red 0` (`setup`).
//!
//! Search: [`SurakartaEval`] (material, mobility, capture threats along the circuits, with the
//! weights [`Params`] of `engines/surakarta/params.yaml`) is the evaluator, and `impl
//! arbiter_search::Searchable for Surakarta` (`search`) runs alpha-beta or MCTS with it; its
//! table key adds the history the draw rules depend on, so that the transposition table stays
//! sound.
//!
//! Illegal-move codes: `game-over`, `off-board`, `not-own-piece`, `not-adjacent`, `occupied`,
//! `own-piece`, `nothing-to-capture`, `not-on-circuit`, `no-loop`, `blocked`
//! ([`arbiter_core::Game::check_move`]).

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

pub use eval::Params;
pub use notation::Move;
pub use rules::{Surakarta, Undo};
pub use search::SurakartaEval;
pub use setup::SurakartaSetup;
pub use variant::SurakartaVariant;
