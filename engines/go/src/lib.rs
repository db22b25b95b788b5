//! Go (weiqi, baduk) for arbiter: square boards from 2x2 to 19x19 (9x9, 13x13 and 19x19 by
//! name), every common rule set as data, and a search to play with.
//!
//! **Rules.** Black ([`arbiter_core::Side::First`]) moves first (white first after fixed
//! handicap stones); a turn is a stone on an empty point or a pass. A stone removes the enemy
//! groups it leaves without liberties, then (where multi-stone suicide is legal) its own group
//! if that has none. Two consecutive passes end the game, which is then counted. The rule
//! settings are those of KataGo's rules (lightvector/KataGo docs/rules.html), as values of
//! [`GoVariant`]: ko `simple` | `positional` | `situational`; scoring `area` | `territory`;
//! tax `none` | `seki` | `all` (whether empty points in seki count); multi-stone suicide
//! allowed or not; white's handicap bonus `0` | `n-1` | `n`; komi. Named profiles
//! ([`Profile`]): `tromp-taylor`, `chinese` (simple ko, as Chinese tournaments play),
//! `chinese-ogs` (positional superko, the written rule as OGS/KGS apply it), `japanese`,
//! `korean`, `aga`, `new-zealand`, `stone-scoring`; each names its rule text
//! ([`Profile::source`]). Variants: `<profile>[@<size>][,key=value…]` (module `variant`).
//!
//! **Ending and scoring.** The game ends after two consecutive passes; under simple ko also
//! by KataGo's cycle conditions (a player passing from a state it already passed from ends
//! it; a state met a third time since the last pass ends it with no result, reported as a
//! draw by `repetition`). A game ended by passes is counted on the board as it stands
//! (Tromp-Taylor: every stone is alive; area scoring needs nothing more), its
//! [`arbiter_core::Game::final_score`] being black's count minus white's before komi and the
//! handicap bonus, which decide the winner with it (`reason: passes`; an integer komi can
//! tie: a draw). Territory rules and games ended with dead stones on the board are counted
//! with the dead stones a referee gives ([`Go::count`], [`Go::margin_halves`]).
//!
//! **Handicap.** `handicap=N` places black's N stones where GTP v2's `fixed_handicap` puts
//! them ([`handicap`]) with white to move; free placement is a set-up board with the stones
//! and white to move, under the same `handicap=N` for white's bonus.
//!
//! **Notation.** Moves: `a1`…`t19` without `i` (either case; `a1` lower left) and `pass`.
//! Positions: a diagram of `X`, `O`, `.` (top row first) or the one-line form
//! `9/9/9/9/4X4/9/9/9/9 white` ([`setup`]); a set-up position has no history (no ko ban,
//! no earlier boards for superko, no prisoners).
//!
//! **Illegal-move codes** ([`arbiter_core::Game::check_move`]): `game-over`, `off-board`,
//! `occupied`, `suicide` (a stone whose group would have no liberty and capture nothing:
//! always for a single stone, whose suicide would repeat the board; for a larger group where
//! suicide is forbidden), `ko` (the immediate retake: the board at the start of the
//! opponent's previous turn, forbidden by every ko rule), `positional-superko` (any earlier
//! board), `situational-superko` (an earlier board with the same side to move).
//!
//! **Setup codes** (`from_setup`): the shared `board-size`, and `no-liberty` for each group
//! left without a liberty (no game reaches one: a move removes such groups at once).
//!
//! **Perft.** A pass is a ply, legal whenever the game goes on; the game ends after two
//! consecutive passes, so a second pass in a row is a leaf and nothing follows it. Under the
//! default convention perft(d) counts the legal sequences of exactly d turns: from the empty
//! 9x9 board 82, 6643, … ([`arbiter_core::PerftConvention`]).
//!
//! **Search.** MCTS (the shared UCT, no RAVE or priors) with its own playout policy through
//! the `playout_move` hook: answer an atari, capture, never fill one's own eye, no self-atari
//! of a group of more than two stones; playouts run to two passes and are scored by the
//! rules (module `eval`). An exact solver for small boards (module `solve`) proves area
//! scores by bounds from Benson's pass-alive groups ([`benson`]): 2x2 (+1, 4 k nodes) and 3x3
//! (+9 from the centre, 75 k nodes) from the start; 4x4 and 5x5 are beyond it (the table keys
//! on the whole history, sound under superko but with few transpositions). `impl
//! arbiter_search::Searchable for Go` runs them with `engines/go/params.yaml`.
//!
//! **Speed** (`cargo run --release -p arbiter-go --example go_bench`, measured on a shared
//! 2-core machine at load 10-12, wall clock; the run used 0.38 of a core, so one core does
//! about 2.6 times as much): perft 9x9 depth 4 (42,002,809) in 1.65 s, 25 M leaves/s; 19x19
//! depth 3 (47,046,242) in 1.43 s; the playout policy alone 7,000 playouts/s on 9x9 (106
//! plies each) and 970/s on 19x19 (440 plies); MCTS 6,000 playouts/s on 9x9 and 930/s on
//! 19x19. GNU Go 3.8's Monte Carlo mode does about 16,000 light playouts/s per core on 9x9 and
//! Pachi 12.90 about 2,800 heavy ones at the same load.

pub mod benson;
pub mod board;
mod eval;
pub mod handicap;
pub mod notation;
mod rules;
mod search;
pub mod setup;
mod solve;
mod svg;
mod variant;

#[cfg(test)]
mod tests;

pub use board::{Geometry, MAX_SIZE, MIN_SIZE, Point, PointSet};
pub use eval::{GoEval, Params, is_eye};
pub use notation::{GoMove, format_move, format_point, parse_move, parse_point};
pub use rules::Go;
pub use rules::score::Count;
pub use setup::GoSetup;
pub use variant::{DEFAULT_SIZE, GoVariant, HandicapBonus, KoRule, Profile, Rules, Scoring, Tax};
