//! EinStein würfelt nicht (爱恩斯坦棋) for arbiter, with the die as chance events.
//!
//! **Rules** (CCGC 爱恩斯坦棋项目规则, computergames.caai.cn, as copied in
//! Takeapocket/computergames `爱恩斯坦棋项目规则.md`): a 5×5 board; red
//! starts in the top-left triangle (a1 b1 c1 a2 b2 a3) and moves right, down or down-right, blue
//! in the bottom-right one and moves left, up or up-left, one square a move. A roll of the die
//! selects the piece of its number, or, when that piece is gone, the nearest surviving piece
//! below and the nearest above (the mover chooses). A step removes any piece on its square, own
//! or enemy. A side wins on the far corner (red e5, blue a1) or by taking every enemy piece; no
//! draws.
//!
//! **Modelling.** Three kinds of [`EinSteinMove`]: a layout (`layout-123456`, the numbers on the
//! side's start cells in reading order), a roll (`roll-4`, a chance event of weight 1 in
//! [`arbiter_core::Game::is_chance`] positions) and a step (`b2-c3`). The setup is moves, not a
//! given position: each side chooses its placement, the first mover first (OpenSpiel draws it at
//! random instead; the counts agree). A turn is two plies, the roll and the step, and perft counts
//! both, as OpenSpiel's tree does. Variants: `standard` (red first) and `blue-first` (the CCGC
//! rounds alternate the first mover). One-line form and diagram: [`setup`](EinSteinSetup).
//!
//! **Refusal codes**: `game-over`, `layout-expected`, `roll-expected`, `move-expected`,
//! `no-roll`, `not-own-piece`, `wrong-piece` (the die does not select it), `wrong-direction`.
//!
//! **Search** ([`eval`], `search.rs`): a race evaluation on a winning-chance scale (a win is
//! 6^7); the shared alpha-beta with chance nodes (expectimax, Star1/Star2) and MCTS with chance
//! nodes; the solver searches to the end and reports the exact winning chance. Searches never
//! roll the die: at a roll they give the expectation and no move.

mod board;
pub mod eval;
mod notation;
mod rules;
mod search;
mod setup;
mod svg;
#[cfg(test)]
mod tests;
mod variant;

pub use board::{EinSteinMove, Layout, Piece, SIZE, SQUARES, Square, distance, goal, start_cells};
pub use notation::{format_move, format_square, parse_move, parse_square};
pub use rules::{EinStein, Phase, Undo};
pub use setup::EinSteinSetup;
pub use variant::EinSteinVariant;
