//! Driving an NBoard Othello engine (Edax, NTest, Egaroucid …): `nboard 2`, `set depth`, then
//! per move `set game <GGF>`, `ping N` (answered `pong N`), `go` (answered `=== <move>`), and
//! `quit`. The codec is [`arbiter_protocol::nboard`].
//!
//! * **Start-up**: `nboard 2` and `set depth`, then a `ping`; its `pong` must come within the
//!   start-up time (so an engine that is not in NBoard mode fails at once, not at its first move).
//! * **Synchronisation**: every position goes as a whole `set game` followed by a `ping`; lines
//!   before the matching `pong` (a late `===` of an earlier `go`, an old `pong`) are skipped and
//!   noted, as the NBoard GUI ignores them, so a late answer can never be read as the next move.
//! * **Lines that are not answers**: `status`, `search`, `nodestats`, `book`, `set myname`,
//!   `learned` and blank lines are logged and skipped. So are lines that are not NBoard's at all
//!   (NTest prints its banner and search tables on stdout), as the NBoard GUI ignores them, but
//!   with a warning that counts them; a fault after such lines names the last one, and a flood
//!   of them is a protocol error ([`super::sandbox::MAX_SKIPPED_LINES`]).
//! * **Time**: `go` gets the move time plus the tolerance from the moment it is sent; NBoard has
//!   no clock command, so the search is bounded by `set depth` (`nboard-depth:` in the
//!   manifest, default [`DEFAULT_DEPTH`]).
//! * **Positions**: a game's move history from the start, or any board as it stands (GGF `BO`),
//!   so every Othello case reaches an NBoard engine.

use std::cell::RefCell;
use std::time::Duration;

use super::board::MoveAnswer;
use super::driver::{Driver, Foreign, Goodbye};
use super::sandbox::{Deadline, Process, SpawnSpec, preview};
use super::{Player, Timing};
use arbiter_engine::fault::Fault;
use arbiter_protocol::nboard::{Command, GgfGame, Reply, VERSION};

/// The `set depth` sent when the manifest gives no `nboard-depth`: deep enough to be a real
/// search, shallow enough that Edax or NTest answer well within a second.
pub(crate) const DEFAULT_DEPTH: u32 = 8;

/// An NBoard engine's side of a game.
pub(crate) struct NboardPlayer {
    /// The shared kit; its live process (every position goes whole, so the plies it has seen
    /// do not count).
    driver: Driver,
    depth: u32,
    /// The number of the last `ping` sent.
    ping: u64,
}

/// `quit`, a second to leave, then the tree is killed.
pub(crate) const GOODBYE: Goodbye = Goodbye {
    line: "quit\n",
    grace: Duration::from_millis(1000),
};

/// Whether `line` is information the manager logs and skips.
#[must_use]
pub(crate) fn is_information(line: &str) -> bool {
    line.trim().is_empty() || matches!(Reply::parse(line), Ok(Reply::Information(_)))
}

impl NboardPlayer {
    /// A player started from `spec`, searching to `depth`.
    #[must_use]
    pub(crate) fn new(spec: SpawnSpec, timing: Timing, depth: u32) -> NboardPlayer {
        NboardPlayer {
            driver: Driver::new(spec, timing, GOODBYE),
            depth,
            ping: 0,
        }
    }

    /// Starts the engine: `nboard 2`, `set depth`, and a `ping` answered within the start-up
    /// time.
    ///
    /// # Errors
    /// The engine did not start or never answered the `ping`.
    pub(crate) fn start(&mut self) -> Result<Process, Fault> {
        let mut process = self.driver.spawn()?;
        process.send(&format!(
            "{}\n{}\n",
            Command::Nboard(VERSION),
            Command::SetDepth(self.depth)
        ))?;
        let deadline = self.driver.timing().for_start("start-up time");
        self.sync(&mut process, &deadline)
            .map_err(|fault| fault.context("at start-up (`nboard 2`, `set depth`, `ping`)"))?;
        self.driver.note_late(&deadline, "its pong at start-up");
        Ok(process)
    }

    /// Sends `ping N` and reads up to `pong N`, skipping information, stale moves and old
    /// pongs (the stale ones are noted).
    ///
    /// # Errors
    /// The engine failed, timed out, or printed a line that is not NBoard's.
    pub(crate) fn sync(&mut self, process: &mut Process, deadline: &Deadline) -> Result<(), Fault> {
        self.ping += 1;
        let ping = self.ping;
        process.send(&format!("{}\n", Command::Ping(ping)))?;
        let foreign = foreign();
        let stale = RefCell::new(Vec::new());
        let noise = |line: &str| {
            if is_information(line) {
                return true;
            }
            match Reply::parse(line) {
                Ok(Reply::Pong(n)) if n == ping => false,
                Ok(Reply::Pong(_) | Reply::Move(_)) => {
                    stale.borrow_mut().push(line.trim().to_owned());
                    true
                }
                _ => foreign.note(line),
            }
        };
        let line = process.read_answer(deadline, &format!("`pong {ping}`"), &noise);
        let line = foreign.report(line, &mut self.driver)?;
        let stale = stale.into_inner();
        if !stale.is_empty() {
            self.driver.warn(format!(
                "{} line(s) of an earlier command came before `pong {ping}` and were ignored, as \
                 NBoard does (the first: `{}`)",
                stale.len(),
                preview(&stale[0])
            ));
        }
        match Reply::parse(&line) {
            Ok(Reply::Pong(n)) if n == ping => Ok(()),
            _ => Err(Fault::protocol(format!(
                "answered `{}` to `ping {ping}` (expected `pong {ping}`)",
                preview(&line)
            ))),
        }
    }

    /// Sets `game` on a (new or live) process, synchronises, and reads the answer to `go`.
    fn answer_game(&mut self, game: &GgfGame) -> Result<MoveAnswer, Fault> {
        let mut process = match self.driver.take_live() {
            Some((process, _)) => process,
            None => self.start()?,
        };
        process.send(&format!("{}\n", Command::SetGame(game.clone())))?;
        let deadline = self.driver.timing().for_move();
        self.sync(&mut process, &deadline)
            .map_err(|fault| fault.context("after `set game`"))?;
        process.send("go\n")?;
        // The move's time starts with its `go`.
        let deadline = self.driver.timing().for_move();
        let foreign = foreign();
        let line = process.read_answer(&deadline, "its move (`=== …`) to `go`", &|line| {
            if is_information(line) || matches!(Reply::parse(line), Ok(Reply::Pong(_))) {
                return true;
            }
            !line.trim_start().starts_with("===") && foreign.note(line)
        });
        let line = foreign.report(line, &mut self.driver)?;
        self.driver.note_late(&deadline, "its move to `go`");
        process.watch_memory(true)?;
        let answer = match Reply::parse(&line) {
            Ok(Reply::Move(mv)) => MoveAnswer::Move(mv),
            Ok(_) => {
                return Err(Fault::protocol(format!(
                    "answered `{}` to `go` (expected `=== <move>`)",
                    preview(&line)
                )));
            }
            Err(error) if line.trim_start().starts_with("===") => {
                MoveAnswer::OffBoard(format!("`{}`: {error}", preview(&line)))
            }
            Err(_) => {
                return Err(Fault::protocol(format!(
                    "answered `{}` to `go` (expected `=== <move>`)",
                    preview(&line)
                )));
            }
        };
        self.driver.keep_live(process, 0);
        Ok(answer)
    }
}

/// The lines a read skipped that are not NBoard's.
fn foreign() -> Foreign {
    Foreign::new("are not NBoard's", "the NBoard GUI ignores them")
}

impl Player for NboardPlayer {
    crate::driver::driver_field!();

    fn answer(&mut self, history: &[String]) -> Result<MoveAnswer, Fault> {
        self.answer_game(&GgfGame::from_start(history))
    }

    fn answer_text(&mut self, text: &str) -> Option<Result<MoveAnswer, Fault>> {
        Some(
            GgfGame::from_text(text)
                .map_err(|error| {
                    Fault::protocol(format!("the position `{text}` has no GGF board: {error}"))
                })
                .and_then(|game| self.answer_game(&game)),
        )
    }
}
