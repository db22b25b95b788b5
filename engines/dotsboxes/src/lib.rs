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
//! platform sends in one `move N KIJ…`. Perft counts turns (the engine's `Game::perft`); [`perft_lines`]
//! counts single lines as OpenSpiel's `dots_and_boxes` does.
//!
//! Notation: dots `a1` (column a on the left, row 1 at the top), a line `a1b1` or `a1a2`, a
//! turn `b1b2+c3d3`; the CCGC `N KIJ…` via [`format_ccgc`]/[`parse_ccgc`] and
//! [`DotsBoxes::turn_from_sequence`]. Positions: a diagram of dots, lines and box
//! owners, or the one-line form `a1b1,a1a2 b... white` (module `setup`).
//!
//! Search: the exact solver (module `solve`: free boxes taken, simple loony endgames counted by
//! [`chains`]) proves 3x3 boards and endgames; alpha-beta and MCTS search with the
//! long-chain-rule evaluator [`Params`], whose `search_moves` hook leaves the beaten turns out
//! ([`narrow_moves`]).
//!
//! Illegal-move codes: `game-over`, `empty-turn`, `off-board`, `already-drawn`,
//! `must-move-again`, `no-extra-move` ([`arbiter_core::Game::check_move`]).

mod board;
pub mod chains;
mod eval;
mod line_perft;
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

pub use board::{Edge, Geometry};
pub use eval::{Params, evaluate};
pub use line_perft::{LinePerft, perft_lines};
pub use narrow::narrow_moves;
pub use notation::{
    Move, drawing_order, format_ccgc, format_line, format_lines, parse_ccgc, parse_line, parse_turn,
};
pub use rules::{DotsBoxes, TurnScratch};
pub use setup::DotsBoxesSetup;
pub use variant::{DotsBoxesVariant, MAX_EDGES};
