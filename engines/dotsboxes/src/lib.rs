//! Dots and Boxes (点格棋) for arbiter: the CCGC board of 5x5 boxes (6x6 dots), and smaller
//! boards as variants (`RxC` boxes, at most 64 lines: [`DotsBoxesVariant`]).
//!
//! Black ([`arbiter_core::Side::First`]) moves first. A player draws a line between two
//! neighbouring dots; one that completes the fourth side of a box takes the box and must draw
//! again. When every line is drawn, more boxes wins; equal counts (on boards of an even number
//! of boxes) draw ([`arbiter_core::EndReason::BoardFull`]).
//!
//! **One move is one turn** ([`Move`]): every line the player draws before the opponent's
//! turn, all but the last completing a box, the last completing none (unless it ends the game).
//! So sides alternate with every move, as in the other games, and a move is what the CCGC
//! platform sends in one `move N KIJ…`. Perft counts turns ([`perft`]); [`perft::perft_lines`]
//! counts single lines as OpenSpiel's `dots_and_boxes` does.
//!
//! Notation: dots `a1` (column a on the left, row 1 at the top), a line `a1b1` or `a1a2`, a
//! turn `b1b2+c3d3`; the CCGC `N KIJ…` via [`format_ccgc`]/[`parse_ccgc`] and
//! [`DotsBoxes::turn_from_sequence`] ([`notation`]). Positions: a diagram of dots, lines and box
//! owners, or the one-line form `a1b1,a1a2 b... white` ([`setup`]).
//!
//! Search: the exact solver ([`solve`]: free boxes taken, simple loony endgames counted by
//! [`chains`]) proves 3x3 boards and endgames; alpha-beta and MCTS search the [`SearchView`]
//! (beaten turns left out) with the long-chain-rule evaluator [`Params`].
//!
//! Illegal-move codes: `game-over`, `empty-turn`, `off-board`, `already-drawn`,
//! `must-move-again`, `no-extra-move` ([`DotsBoxes::check_move`]).

pub mod chains;
mod eval;
mod game;
pub mod geometry;
pub mod notation;
pub mod perft;
mod position;
mod search;
pub mod setup;
pub mod solve;
mod variant;
pub mod view;

#[cfg(test)]
mod tests;

pub use eval::{Params, evaluate};
pub use geometry::{Edge, Geometry};
pub use notation::{Move, format_ccgc, parse_ccgc};
pub use position::{DotsBoxes, TurnScratch};
pub use search::DotsBoxesParams;
pub use setup::DotsBoxesSetup;
pub use variant::{DotsBoxesVariant, MAX_EDGES};
pub use view::SearchView;
