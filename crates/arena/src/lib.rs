//! Refereed matches between two engines (`cargo xtask match`): did a change make the engine
//! weaker?
//!
//! | module | job |
//! |---|---|
//! | [`request`] | what the user asks, checked and turned into a config |
//! | [`config`] | the match as configured (`match.json`): engines, openings, limits, schedule, shard |
//! | [`contestant`] | engine names (`othello`, `othello@BASELINE`, a manifest) and the seats they take |
//! | [`seat`] | one side of one game; [`seat::EmbeddedSeat`] searches the referee's position |
//! | [`external_seat`] | the one adapter to external engines (Botzone, Gomocup, arbiter-line) |
//! | [`clock`] | time controls (`move=`, `game=`, `match=,turn=`) and a game's clocks |
//! | [`referee`] | plays one game with arbiter's rules as the judge; faults and resignations lose; the dead stones of a game ended by passes adjudicated |
//! | [`record`], [`formats`], [`sgf`] | the game record (JSON) and SGF / GGF / PDN / move-list files |
//! | [`found`] | a ready spec case for every fault |
//! | [`openings`] | opening books: file format, the shipped books, the generator |
//! | [`stats`] | W/D/L, pentanomial pairs, Elo, SPRT as fishtest computes them |
//! | [`tally`] | the counts in schedule order, the result JSON |
//! | [`timing`] | the clock: time per move by ply and phase, clock left, moves near a limit |
//! | [`store`] | the match directory, written atomically; resume reads it back |
//! | [`run`] | games in parallel, the SPRT stop, interruption |
//! | [`merge`] | shards combined into one result, also while they play |
//! | [`stop`] | the stop file: a merged SPRT's decision told to the shards |
//! | [`stress`] | clock stress: busy threads while the engines play, and the load reported |
//!
//! The flow: `config` → [`run::Runner`] → per game a [`referee::Referee`] with two seats →
//! [`record::GameRecord`] → saved by [`store`] → counted by [`tally`] → `result.json`.

pub mod clock;
pub mod config;
pub mod contestant;
pub(crate) mod external_seat;
pub(crate) mod formats;
pub(crate) mod found;
pub mod merge;
pub mod openings;
pub mod record;
pub mod referee;
pub mod request;
pub mod run;
pub(crate) mod seat;
pub(crate) mod sgf;
pub mod stats;
pub mod stop;
pub mod store;
pub mod stress;
pub mod tally;
pub mod timing;
