//! Hex (海克斯) for arbiter: n x n boards from 1 x 1 to 19 x 19 (11 x 11 the default, as the
//! CCGC plays it; 13 x 13 and 19 x 19 named), with and without the swap rule.
//!
//! # Rules
//! Black and white place a stone of their colour on an empty cell in turn, black first; black
//! wins by joining the top and bottom edges (rows 1 and n) with a chain of black stones,
//! white by joining the left and right edges (columns `a` and the last). A cell has six
//! neighbours; the corner cells belong to both edges they lie on. A full board always holds
//! exactly one winning chain, so there are no draws and no passes. Sources: Browne, *Hex
//! Strategy* (2000), ch. 1; Wikipedia "Hex (board game)"; HexWiki "Rules"; the colours, edges and
//! the first mover as Benzene (MoHex) and HexGUI have them (`HexColor.hpp`: `FIRST_TO_PLAY =
//! BLACK`, `VERTICAL_COLOR = BLACK`); the board and the 30 minutes a side of the CCGC
//! (全国计算机博弈竞赛总则).
//!
//! # Variants
//! `<rule>[@<size>]` ([`HexVariant`]): `standard` (no swap), `swap-mirror` and `swap-sides`
//! (the pie rule: the second player's first move may be `swap-pieces`, which PlayHex reads as
//! the first stone mirrored in the long diagonal into white, black moving next (as Selinger's
//! HexGUI does), and MoHex and Hayward's HexGUI as the players exchanging colours, the stone
//! staying and white moving next (Selinger's HexGUI's `swap-sides`); see [`SwapRule`]). Examples: `standard`, `swap-mirror`, `swap-sides@13`, `standard@7`.
//!
//! # Players and colours
//! [`arbiter_core::Side`] is the *player*: `First` placed the first stone. It plays black
//! unless a `swap-sides` swap gave it white ([`Hex::colour_of`]); the side names `black` and
//! `white` are the players' colours before any swap, and `first` and `second` are read too.
//! Results name the player.
//!
//! # Notation
//! Cells `a1` … `s19`: the column letter (`a` on the left, no letter skipped) and the row
//! number (1 at the top), as HexGUI and Benzene write them; the swap `swap-pieces` (also read:
//! `swap`, LittleGolem's HSGF word, and `swap-sides`). Positions: the one-line form
//! `5/5/2B2/5/5 white` (rows from the top, `B` black, `W` white, numbers for runs of empty
//! cells, the colour to move, and `swapped` after a `swap-sides` swap) and the diagram, a
//! rhombus of `B`, `W` and `.` ([`setup`]).
//!
//! Illegal-move codes ([`arbiter_core::Game::check_move`]): `game-over`, `off-board` (a cell
//! of the 19 x 19 board outside this one), `occupied`, `swap-not-allowed` (no swap rule, or
//! not the second player's first move). Setup problems: `board-size`, `piece-count`,
//! `side-to-move`, `swap-rule`, `moved-after-end`, `unreachable`.
//!
//! # Search
//! `impl arbiter_search::Searchable for Hex` (module `search`, `engines/hex/params.yaml`):
//! alpha-beta on the shortest-path distance evaluation, MCTS whose playouts fill the board at
//! random but answer an intrusion into a bridge (module `playout`, through the search's
//! playout hook), and an exact solver for boards up to 11 x 11 (module `solve`: a win/loss
//! depth-first search with a transposition table, pruned by the carriers of its proofs and by
//! the opponent's immediate threats and semi-connections). Alpha-beta and MCTS search only the
//! winning stone, or the one stone that blocks, when there is one (`HexEval::search_moves`).
//!
//! # Figures
//! Measured on the project's 2-core machine under a load average of 10 to 14 (other builds):
//! * perft from the 11 x 11 start, `cargo xtask perft hex 4`: 203,889,840 at depth 4 in 0.25 s
//!   (the last ply counted in bulk); with the swap (`--variant swap-mirror`) 205,617,720 in
//!   0.21 s. `examples/hex_perft.rs` prints each depth.
//! * MCTS from the 11 x 11 start, `cargo xtask search hex --algorithm mcts --nodes 20000`:
//!   34,000-45,000 playouts a second with the bridge-aware policy (every playout fills the
//!   board), 57,000-66,000 with uniform playouts (`save-bridges: false`); alpha-beta about
//!   56,000 nodes a second (each node runs two shortest-path searches).
//! * The solver (`examples/hex_solve.rs`, release): every 5 x 5 opening in 2,353,548 nodes and
//!   15-30 s by load, the hardest (a3, e3, a2) 0.36-0.49 M nodes each; the winning openings e1 b2 c2 d2
//!   e2 b3 c3 d3 a4 b4 c4 d4 a5 are MoHex's (`suites/hex/openings-5x5.yaml`). Every opening of
//!   2 x 2 to 4 x 4 in a few thousand nodes. No 6 x 6 opening within 5 M nodes: the virtual
//!   connections (bridges, edge templates, one-cell hops, the OR rule per pair of groups) are a
//!   small part of H-search, and 6 x 6 needs more (`suites/hex/openings-6x6.yaml` and the 7 x 7
//!   and 8 x 8 tables are audit-only, each case a `fixme`).

pub mod board;
mod eval;
mod notation;
mod order;
mod playout;
mod rules;
mod search;
pub mod setup;
mod solve;
mod svg;
mod union_find;
mod variant;

#[cfg(test)]
mod tests;

pub use board::{Cell, Colour, HexMove};
pub use eval::{HexEval, Params, distance, evaluate};
pub use notation::{SWAP, format_cell, format_move, parse_cell, parse_move};
pub use order::game_to;
pub use rules::{Hex, Undo};
pub use setup::HexSetup;
pub use solve::{MAX_SOLVER_SIZE, solve};
pub use variant::{DEFAULT_SIZE, HexVariant, MAX_SIZE, MIN_SIZE, SwapRule};
