//! External engines: a team's program, started from a manifest, driven through its tournament
//! protocol in a sandbox, its answers checked against arbiter's own rules.
//!
//! | module | job |
//! |---|---|
//! | [`manifest`] | `engines/external/<name>.yaml`: how to start and talk to the engine |
//! | [`sandbox`] | the process: own group, bounded lines, deadlines, kill at timeout and drop |
//! | [`encode`] | moves ↔ Botzone/Gomocup coordinates (the manager's side) |
//! | [`botzone`], [`gomocup`], [`line`](mod@line) | the protocol drivers |
//! | [`fault`] | the classification of every failure |
//! | [`engine`] | [`ExternalEngine`]: the engine handle the runner and the audit use |
//! | [`game`] | whole games between players (self-play), for tests and sparring |
//!
//! Through a play protocol (Botzone, Gomocup) an engine only chooses moves: arbiter gives it the
//! game's move history and checks the answer with the embedded engine of the same game (legal,
//! not a forbidden point, pass only when forced, exchange only where allowed). Through
//! `arbiter-line` its rules themselves are audited: legal moves, outcome, perft go to the process.

pub mod botzone;
pub mod encode;
pub mod engine;
pub mod fault;
pub mod game;
pub mod gomocup;
pub mod line;
pub mod manifest;
pub mod sandbox;

pub use encode::{Answer, Board, Family};
pub use engine::{ExternalEngine, validate};
pub use fault::{Fault, FaultKind};
pub use manifest::{MANIFEST_DIR, Manifest, ManifestError, Protocol};

/// One engine's side of a game through a play protocol. A player may keep a process between
/// turns (keep-running, Gomocup) and then sends only what is new.
pub trait Player: Send {
    /// The engine's answer in the position after `history` (moves in arbiter's notation, from
    /// the start), decoded but not yet checked against the rules (see [`validate`]).
    ///
    /// # Errors
    /// The [`Fault`] of a process that did not answer properly.
    fn answer(&mut self, history: &[String]) -> Result<Answer, Fault>;
    /// Ends the game: a polite goodbye, then the process group is killed.
    fn finish(&mut self);
    /// The process groups started so far (to check that none is left).
    fn groups(&self) -> Vec<i32>;
    /// Free text the engine sent beside its last answer, where the protocol carries it
    /// (Botzone's `debug`); the match records it with the move.
    fn last_note(&self) -> Option<String> {
        None
    }
    /// The clock before the next answer, from a match with a time control: at most
    /// `turn_ms` for this answer, `time_left_ms` on the side's game clock (Gomocup
    /// `INFO time_left`). Drivers that ignore it keep the manifest's move time, and the match's
    /// referee still rules a late answer a timeout.
    fn set_clock(&mut self, _turn_ms: u64, _time_left_ms: Option<u64>) {}
}
