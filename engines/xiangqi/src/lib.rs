//! Xiangqi (中国象棋, Chinese chess) for arbiter: the rules with the repetition rulings of the
//! Asian and Chinese federations as variant settings, FEN and ICCS notation, and an alpha-beta
//! engine with quiescence and check extensions.
//!
//! **Rules** (WXF and AXF rule books; the xqbase.com rule pages): a 9×10 board of points, red
//! ([`arbiter_core::Side::First`], moves first) on ranks 0-4, black on ranks 5-9, the river
//! between. The general (帥/將) steps one point orthogonally inside its palace (files d-f of the
//! three back ranks), the advisor (仕/士) one point diagonally inside it; the elephant (相/象)
//! goes two points diagonally, never across the river, and not when the point between (its
//! eye, 象眼) is occupied; the horse (傌/馬) one point orthogonally then one diagonally
//! outwards, not when the first point (its leg, 馬腿) is occupied; the rook (俥/車) any
//! distance along a line; the cannon (炮/砲) moves like the rook but captures by jumping
//! exactly one piece (its screen); the pawn (兵/卒) one point forward, and also sideways once it
//! has crossed the river. The generals may never face each other on an open file (飛將), and
//! no move may leave its own general attacked. A player with no legal move loses, in check
//! (`checkmate`) or not (`stalemate`: 困斃 loses too).
//!
//! **Long games** ([`XiangqiVariant`]): when a position stands for the N-th time the
//! repetition is ruled ([`rulings`]): perpetual check loses unless both sides check, a
//! perpetual chase of one unprotected (or stronger) piece loses under the AXF (and, with
//! alternating checks, under the CXA profile), anything else draws; a natural-move limit
//! draws after N moves without a capture. `standard` is `axf+repetition-3+limit-60`. What is
//! left unruled is listed in [`rulings`].
//!
//! **Notation**: ICCS moves `h2e2` (file a-i from red's left, rank 0-9 from red's back rank;
//! `H2-E2` is read too); FEN as UCCI and WXF write it, `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/
//! P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1` (red to move is `w`; [`setup`]); the diagram is the
//! FEN's rows one per line with `.` for an empty point.
//!
//! **Illegal-move codes** ([`arbiter_core::Game::check_move`]): `game-over`, `off-board`,
//! `not-own-piece`, `occupied-by-own`, `not-a-move`, `palace`, `river`, `blocked-leg`,
//! `elephant-eye-blocked`, `blocked`, `no-screen`, `flying-generals`,
//! `leaves-general-in-check`.
//!
//! **Speed**: the occupancy is kept twice, rank-major and file-major, so a rook or cannon
//! reads its rank and file as two small integers and finds its stops in a table; legality is
//! tested only for moves that touch the general's lines. Perft(5) from the start takes 3.2 s of
//! CPU (41 M leaves/s), about five times faster than Fairy-Stockfish's perft on the same
//! machine; alpha-beta searches about 650,000 nodes/s from the start (`examples/xiangqi_perft.rs`
//! has the figures).
//!
//! **Search** (`search`): [`XiangqiEval`] scores material and piece-square terms ([`Params`],
//! `engines/xiangqi/params.yaml`), orders captures most valuable victim first, searches
//! captures (or every evasion in check) below the horizon and extends checks; its table key
//! adds the path since the last capture, on which the repetition rulings depend.

mod board;
mod eval;
mod movegen;
mod notation;
mod perft_key;
mod rules;
pub mod rulings;
mod search;
pub mod setup;
mod svg;
mod variant;

#[cfg(test)]
mod tests;

pub use board::{FILES, Kind, Move, POINTS, Point, RANKS, at, file_of, rank_of};
pub use eval::Params;
pub use notation::{format_point, parse_point};
pub use rules::{Ply, Xiangqi};
pub use search::XiangqiEval;
pub use setup::{START_FEN, XiangqiSetup};
pub use variant::{Profile, XiangqiVariant};
