//! The part every protocol driver shares, written once: how its process is started, the limits
//! in force (the manifest's, or a match's clock), the processes started so far (for the leak
//! checks), the warnings gathered since the last call, the live process kept between turns,
//! and how the process is ended (the protocol's goodbye, a grace, then the tree is killed).
//!
//! A driver holds one [`Driver`] beside its protocol's own state. For a play protocol it
//! implements [`Player`](crate::Player): `driver` and `driver_mut` return the [`Driver`]
//! ([`driver_field!`] writes the two for a field `driver`), and the trait's
//! `started`, `take_warnings`, `set_clock` and `finish` are then the kit's; the [`Driver`]'s
//! own `Drop` says the goodbye to a live process, so a driver writes no `Drop` of its own.
//!
//! ```text
//! pub(crate) struct GtpPlayer { driver: Driver, board: Board }
//!
//! pub(crate) const GOODBYE: Goodbye = Goodbye { line: "quit\n", grace: Duration::from_secs(1) };
//!
//! impl GtpPlayer {
//!     fn new(spec: SpawnSpec, board: Board, timing: Timing) -> GtpPlayer {
//!         GtpPlayer { driver: Driver::new(spec, timing, GOODBYE), board }
//!     }
//! }
//!
//! impl Player for GtpPlayer {
//!     driver_field!();
//!     fn answer(&mut self, history: &[String]) -> Result<MoveAnswer, Fault> {
//!         // A live process that has seen all but the last ply gets only that ply.
//!         let mut process = match self.driver.take_live() {
//!             Some((process, seen)) if seen + 1 == history.len() => process,
//!             _ => self.driver.spawn()?,          // recorded for the leak check
//!         };
//!         process.send("genmove b\n")?;
//!         let deadline = self.driver.timing().for_move();   // a match's clock included
//!         let line = process.read_answer(&deadline, "its move to `genmove`", &blank)?;
//!         self.driver.note_late(&deadline, "its move to `genmove`");
//!         process.watch_memory(true)?;
//!         self.driver.keep_live(process, history.len() + 1);
//!         self.board.answer_from_gtp(&line)
//!     }
//! }
//! ```
//!
//! Hooks stay in [`Player`](crate::Player): a driver overrides `take_warnings` when it gathers a warning over
//! many turns (CCGC's stray moves: it calls [`Driver::warn`], then the kit's
//! [`Driver::take_warnings`]). A rules session ([`crate::line::LineSession`]) keeps its one
//! process itself and uses the kit for the rest.

use std::cell::RefCell;
use std::time::Duration;

use arbiter_engine::fault::Fault;

use super::sandbox::{Deadline, Process, SpawnSpec, Started, preview};
use super::{Clock, Timing};

/// The accessors [`Player`](crate::Player) needs of a driver that keeps its [`Driver`] in a
/// field `driver`, written once for every protocol's player (a trait cannot default a field
/// access): `impl Player for GtpPlayer { driver_field!(); fn answer(…) … }`.
macro_rules! driver_field {
    () => {
        fn driver(&self) -> &$crate::driver::Driver {
            &self.driver
        }

        fn driver_mut(&mut self) -> &mut $crate::driver::Driver {
            &mut self.driver
        }
    };
}
pub(crate) use driver_field;

/// How a protocol ends a process: its goodbye line (empty: none), and how long the process is
/// given to leave before its tree is killed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Goodbye {
    /// The line sent, with its line ending (`"quit\n"`, Gomocup's `"END\r\n"`), or `""`.
    pub(crate) line: &'static str,
    /// The time the process has to exit after the line.
    pub(crate) grace: Duration,
}

impl Goodbye {
    /// Says goodbye to `process`: the line (a process that has gone cannot read it, which is
    /// no fault at the end), the grace, then its tree is killed.
    pub(crate) fn say(self, process: &mut Process) {
        if !self.line.is_empty() {
            let _ = process.send(self.line);
        }
        process.shutdown(self.grace);
    }
}

/// What a driver keeps beside its protocol's state (see the module documentation).
pub struct Driver {
    spec: SpawnSpec,
    timing: Timing,
    goodbye: Goodbye,
    /// The match's clock before the next answer, if a match gives one.
    clock: Option<Clock>,
    started: Vec<Started>,
    warnings: Vec<String>,
    /// The process kept between turns, and how many plies of its game it has seen.
    live: Option<(Process, usize)>,
}

impl Driver {
    /// The kit of a driver whose processes start from `spec`, under the manifest's `timing`,
    /// ended by `goodbye`.
    #[must_use]
    pub(crate) fn new(spec: SpawnSpec, timing: Timing, goodbye: Goodbye) -> Driver {
        Driver {
            spec,
            timing,
            goodbye,
            clock: None,
            started: Vec::new(),
            warnings: Vec::new(),
            live: None,
        }
    }

    /// How the processes start (the memory limit is part of some protocols' input).
    #[must_use]
    pub(crate) fn spec(&self) -> &SpawnSpec {
        &self.spec
    }

    /// The limits in force: the manifest's, or under the match's clock ([`Timing::under`]).
    #[must_use]
    pub(crate) fn timing(&self) -> Timing {
        self.timing.under(self.clock)
    }

    /// The match's clock, if a match gave one.
    #[must_use]
    pub(crate) fn clock(&self) -> Option<Clock> {
        self.clock
    }

    /// The match's clock before the next answer ([`Player::set_clock`](crate::Player::set_clock)).
    pub(crate) fn set_clock(&mut self, clock: Clock) {
        self.clock = Some(clock);
    }

    /// Starts a new process and records it for the leak checks.
    ///
    /// # Errors
    /// The process could not be started.
    pub(crate) fn spawn(&mut self) -> Result<Process, Fault> {
        let process = Process::spawn(&self.spec)?;
        self.started.push(process.started());
        Ok(process)
    }

    /// Starts a process from `spec` (this driver's spec with what only the start can say, such
    /// as DXP's port) and records it for the leak checks.
    ///
    /// # Errors
    /// The process could not be started.
    pub(crate) fn spawn_with(&mut self, spec: &SpawnSpec) -> Result<Process, Fault> {
        let process = Process::spawn(spec)?;
        self.started.push(process.started());
        Ok(process)
    }

    /// The processes started so far.
    #[must_use]
    pub(crate) fn started(&self) -> Vec<Started> {
        self.started.clone()
    }

    /// Adds a warning.
    pub(crate) fn warn(&mut self, warning: String) {
        self.warnings.push(warning);
    }

    /// Adds a warning when the answer `what` came after `deadline`'s budget (within the
    /// tolerance).
    pub(crate) fn note_late(&mut self, deadline: &Deadline, what: &str) {
        if let Some(warning) = deadline.lateness_warning(what) {
            self.warnings.push(warning);
        }
    }

    /// The warnings since the last call.
    pub(crate) fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// The live process and the plies it has seen, taken out (put it back with
    /// [`Driver::keep_live`] once it has answered).
    pub(crate) fn take_live(&mut self) -> Option<(Process, usize)> {
        self.live.take()
    }

    /// Keeps `process` for the next turn, having seen `seen` plies.
    pub(crate) fn keep_live(&mut self, process: Process, seen: usize) {
        self.live = Some((process, seen));
    }

    /// The live process and the plies it has seen, in place.
    pub(crate) fn live_mut(&mut self) -> Option<&mut (Process, usize)> {
        self.live.as_mut()
    }

    /// How many plies the live process has seen; `None` without one.
    #[must_use]
    pub(crate) fn seen(&self) -> Option<usize> {
        self.live.as_ref().map(|(_, seen)| *seen)
    }

    /// Says the goodbye to `process` (one the driver does not keep live, or a protocol check's).
    pub(crate) fn leave(&self, mut process: Process) {
        self.goodbye.say(&mut process);
    }

    /// Ends the live process, if any, with the goodbye ([`Player::finish`](crate::Player::finish)).
    pub(crate) fn finish(&mut self) {
        if let Some((process, _)) = self.live.take() {
            self.leave(process);
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        self.finish();
    }
}

/// A blank line, which every protocol skips.
#[must_use]
pub(crate) fn blank(line: &str) -> bool {
    line.trim().is_empty()
}

/// The lines a read skipped because they are not the protocol's (a GUI ignores them, so a
/// driver does too): noted while the read runs, then reported once, as a warning and, when
/// the read failed, in its fault.
pub(crate) struct Foreign {
    /// How many lines, and the last of them (trimmed).
    seen: RefCell<(usize, String)>,
    /// What the lines are not, as the messages say it (`are no Hub answer`).
    what: &'static str,
    /// Why they are skipped (`Hub says a GUI ignores them`).
    why: &'static str,
}

impl Foreign {
    /// Nothing noted yet, for lines that `what` (`are not NBoard's`), skipped as `why`.
    #[must_use]
    pub(crate) fn new(what: &'static str, why: &'static str) -> Foreign {
        Foreign {
            seen: RefCell::default(),
            what,
            why,
        }
    }

    /// Notes a line that is not the protocol's; always skipped (returns `true`).
    pub(crate) fn note(&self, line: &str) -> bool {
        let mut seen = self.seen.borrow_mut();
        seen.0 += 1;
        line.trim().clone_into(&mut seen.1);
        true
    }

    /// The read's result, with a warning for the noted lines and, on a fault, the last of them.
    ///
    /// # Errors
    /// The read's fault, with the noted lines as its context.
    pub(crate) fn report(
        &self,
        line: Result<String, Fault>,
        driver: &mut Driver,
    ) -> Result<String, Fault> {
        let (count, last) = self.seen.borrow().clone();
        if count == 0 {
            return line;
        }
        let (what, why) = (self.what, self.why);
        driver.warn(format!(
            "printed {count} line(s) that {what} (skipped, as {why}; the last: `{}`)",
            preview(&last)
        ));
        line.map_err(|fault| {
            fault.context(&format!(
                "after {count} line(s) that {what} (the last: `{}`)",
                preview(&last)
            ))
        })
    }
}
