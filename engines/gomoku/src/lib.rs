//! Gomoku and renju for arbiter: freestyle, standard (exact five) and renju rules with RIF
//! forbidden moves, on boards from 5x5 to 20x20, with the swap openings of Botzone and Gomocup.
//!
//! # Variants
//! A variant is a value ([`GomokuVariant`]) named `<base>[+<opening>][@<size>]`:
//!
//! | name part | meaning |
//! |---|---|
//! | `freestyle` | five or more in a row wins |
//! | `standard` | exactly five wins, for both colours; an overline is an ordinary move |
//! | `renju` (default) | RIF renju: black's overline, double-four and double-three are forbidden and not legal moves (`check_move` codes `overline`, `double-four`, `double-three`); black wins with exactly five, white with five or more; a black move that makes exactly five is never forbidden |
//! | `renju-foul-loses` | the same, but a forbidden black move is legal and loses: white wins, `EndReason::Forbidden` |
//! | `+swap1`, `+swap-at-N` | at ply N (N moves played; swap1: after black's first stone) the player to move may answer `swap` |
//! | `+botzone-exchange`, `+exchange-at-N` | Botzone "Renju" (N = 3, instead of the 4th stone): `swap` inverts every stone |
//! | `+swap2` | the Gomocup swap2 opening |
//! | `@N` | board side N, 5..=20 (default 15) |
//!
//! Examples: `renju`, `renju-foul-loses`, `freestyle`, `standard`, `freestyle+swap1`,
//! `freestyle+swap2`, `freestyle+botzone-exchange`, `renju+swap2`, `freestyle@20`.
//!
//! Renju fouls follow the RIF definitions (module `renju`): fours counted per line (two on one
//! line, `X.XXX.X`, make a double-four), at most one three per line, and a three only if one of its
//! straight-four points is a black move that is itself not forbidden and makes no five
//! (recursively).
//!
//! A full board without a winner is a draw (`EndReason::BoardFull`). Under the illegal-foul ruling,
//! black to move with every empty point forbidden also ends the game as a `board-full` draw (RIF
//! would let black pass; this engine has no pass move).
//!
//! # Players and colours
//! [`arbiter_core::Side`] is the *player*: `First` is the player who moved first. The position
//! knows each player's colour ([`Gomoku::colour_of`]); diagrams and the one-line form show stones
//! by colour. Without a swap, First is black, hence the side names `black`/`white`; `first` and
//! `second` are also read.
//!
//! # Moves and decisions
//! Every move is one token: a point (`h8`, a stone of the colour to move), `swap`, or `put-two`.
//! * `swap-at-N`: at ply N the player to move answers a stone (keeping the colour to move) or
//!   `swap`: the players exchange colours, the stones stay, and the opponent (now owning the colour
//!   to move) places the next stone. `swap1` is `swap-at-1`: white may take black's first stone.
//! * `exchange-at-N` (Botzone "Renju" at N = 3): `swap` turns every stone into the other colour
//!   (Botzone's `reverseGrid`), players keep their colours, and the other player moves next; e.g.
//!   after black h8, white h9, black h10, white's `swap` leaves white stones on h8, h10, a black
//!   stone on h9, and black (the first player) to move.
//! * `swap2` (Gomocup; Piskvork `SWAP2BOARD`): the first player places three stones (black, white,
//!   black: plies 0-2). The second player then answers (ply 3):
//!   `swap` → the second player takes black, the first player is white and places stone 4;
//!   a point → the second player stays white and that is stone 4 (then black, the first player);
//!   `put-two` → the second player places stones 4 (white) and 5 (black) as the next two moves, and
//!   the first player answers (ply 6): `swap` → the first player takes black and the second player
//!   (white) places stone 6; a point → the first player is white and that is stone 6.
//!
//! In every case `swap` means what Piskvork's `SWAP` means: the deciding player takes the colour
//! that is *not* to move, and the opponent moves next.
//!
//! # Notation
//! Points are `<column><row>`: columns `a`..`t` left to right, rows `1`..`20` bottom to top; `h8` is
//! the centre of 15x15. Gomocup/Botzone `x,y` convert with [`to_xy`]/[`from_xy`] (`y` counted down
//! from the top row). Positions: [`arbiter_core::Game::parse_diagram`] and the one-line form
//! `black: h8,i9; white: h9; to-move: black` (see `setup`).
//!
//! Botzone's two judges differ on the exchange (protocols.md): this crate follows the online
//! JavaScript judge (`Renju.js`: draw only when the board is really full); the Python judge
//! (`envs/botzone/renju.py`) counts the exchange as a round and declares the draw with one empty
//! point left.
//!
//! # Search
//! [`arbiter_search::Searchable`] is implemented in `search`: alpha-beta and MCTS with a
//! pattern-count evaluation (weights in `engines/gomoku/params.yaml`) and threat-class move
//! ordering; `Solve` = [`vcf::solve_vcf`] (victory by continuous fours; renju fouls observed for
//! both attacker and defender), then `vct::solve_vct` (threat-space search with open threes),
//! both under the request's node budget, proving wins only.
//!
//! The evaluation reads threat `level`s: per empty point, direction and colour, what a stone
//! there would make on that line (five, straight four, four, open three, closed three, two). The
//! per-level totals (`patterns::Patterns`) are kept stone by stone beside the position, by the
//! search's evaluator through its make/unmake hooks and by the solvers on their own copy, never
//! in the rules' position: they would make `make`/`unmake` about four times dearer (measured on
//! perft 3).
//!
//! # Speed
//! Every point keeps, per direction, a base-3 code of the 10 cells around it, updated in place by
//! each stone (module `lines`); one table lookup per direction classifies a black stone there. The
//! complete forbidden map ([`Gomoku::forbidden_points`]) recurses only at points with two three
//! candidates. `cargo run --release -p arbiter-gomoku --example forbidden_bench` times it.
//!
//! `--example vcf_bench` times [`vcf::solve_vcf`] over the renju VCF data file (about 1.1 million
//! nodes over its 10 positions, 3 repeats: about 200,000 nodes/s measured on the shared 2-core
//! development machine under a load average near 12), and `--example search_bench` times
//! alpha-beta and MCTS through [`arbiter_search::Searchable`] at a fixed node budget (alpha-beta
//! about 160,000 nodes/s, reaching depth 2-3 at 20,000 nodes on 20-stone positions).

mod board;
mod eval;
mod lines;
mod notation;
mod opening;
mod patterns;
mod renju;
mod rules;
mod search;
mod setup;
mod svg;
#[cfg(test)]
mod tests;
mod variant;
mod vcf;
mod vct;

pub use board::{Colour, MAX_SIZE, MIN_SIZE, Move, Point};
pub use eval::{EvalWeights, GomokuEval};
pub use notation::{from_xy, to_xy};
pub use renju::ForbiddenKind;
pub use rules::{Gomoku, Undo};
pub use setup::Setup;
pub use variant::{BaseRule, FoulRuling, GomokuVariant, Opening};
pub use vcf::{VcfOutcome, VcfResult, solve_vcf};
