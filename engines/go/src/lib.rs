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
//! **Perft.** A pass is a ply, legal whenever the game goes on; the game ends after two
//! consecutive passes, so a second pass in a row is a leaf and nothing follows it. Under the
//! default convention perft(d) counts the legal sequences of exactly d turns: from the empty
//! 9x9 board 82, 6643, … ([`arbiter_core::PerftConvention`]).
//!
//! **Search.** MCTS with playouts that never fill their own eyes, prefer captures and
//! escapes from atari, and end with a Tromp-Taylor count (module `eval`); an exact solver
//! for small boards (module `solve`) that proves area scores by bounds from Benson's
//! pass-alive groups; `impl arbiter_search::Searchable for Go` runs them with
//! `engines/go/params.yaml`.

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
pub use search::GoParams;
pub use setup::GoSetup;
pub use variant::{DEFAULT_SIZE, GoVariant, HandicapBonus, KoRule, Profile, Rules, Scoring, Tax};
