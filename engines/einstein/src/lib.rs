//! EinStein würfelt nicht (爱恩斯坦棋) for arbiter, with the die as chance events.
//!
//! (Full documentation below is completed with the search.)

mod board;
pub mod eval;
mod game;
mod moves;
mod notation;
mod perft;
mod position;
mod search;
mod setup;
mod variant;

#[cfg(test)]
mod tests;

pub use board::{SIZE, SQUARES, Square, distance, goal, start_cells};
pub use moves::{EinSteinMove, Layout, Piece};
pub use notation::{format_move, format_square, parse_move, parse_square};
pub use position::{EinStein, Phase, Undo};
pub use search::EinSteinParams;
pub use setup::EinSteinSetup;
pub use variant::EinSteinVariant;
