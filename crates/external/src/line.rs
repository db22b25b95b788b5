//! Driving an `arbiter-line` engine (the protocol of [`arbiter_protocol::line`] and
//! `docs/protocols.md`): one process, kept for every query; before a query the variant and
//! the position are sent unless the engine already has them.
//!
//! Deadlines (each plus the manifest's tolerance): `hello` and `variant` get the start-up
//! time; rule queries the larger of it and 10 s; `perft` the larger of that and 120 s;
//! `go movetime T` gets `T` plus the move time; `go depth|nodes` the query deadline.

use std::time::Duration;

use arbiter_core::PerftConvention;

use super::Timing;
use super::driver::{Driver, Goodbye, blank};
use super::engine::ExternalEngine;
use super::sandbox::{Deadline, Process, Started, preview};
use arbiter_engine::fault::{Fault, FaultKind};
use arbiter_engine::{Budget, OutcomeView, PositionRequest, Refusal, SearchReport};
use arbiter_protocol::line::{GoLimit, LineAnswer, LineCommand, LineOutcome, Start};

/// The least time of a rule query, in ms (an engine's `legal` is not a move under a clock).
pub(crate) const QUERY_MS: u64 = 10_000;

/// The least time of a `perft`, in ms.
pub(crate) const PERFT_MS: u64 = 120_000;

/// A running `arbiter-line` engine.
pub struct LineSession {
    /// The one process, kept for every query (not the kit's live process: a session always
    /// has one).
    process: Process,
    /// The shared kit: the manifest's limits, the process started, the warnings.
    driver: Driver,
    /// The variant the engine plays now.
    variant: String,
    /// The last `position` line the engine accepted.
    position: Option<String>,
    /// The engine that started it (for the reference's start form).
    engine: ExternalEngine,
}

/// `quit`, a second to leave, then the tree is killed.
const GOODBYE: Goodbye = Goodbye {
    line: "quit\n",
    grace: Duration::from_millis(1000),
};

impl LineSession {
    /// Starts the engine: `hello` (its game must be the manifest's), then `variant`.
    ///
    /// # Errors
    /// A fault when it does not start or answers wrongly.
    pub fn start(engine: &ExternalEngine) -> Result<LineSession, Fault> {
        let manifest = engine.manifest();
        let mut driver = Driver::new(engine.spawn_spec(), Timing::of(manifest), GOODBYE);
        let mut session = LineSession {
            process: driver.spawn()?,
            driver,
            variant: String::new(),
            position: None,
            engine: engine.clone(),
        };
        let deadline = session.driver.timing().for_start("start-up time");
        match session.ask_by(&LineCommand::Hello, &deadline)? {
            LineAnswer::Hello { game, .. } if game == manifest.game => {}
            LineAnswer::Hello { game, .. } => {
                return Err(Fault::protocol(format!(
                    "`hello` says game={game}, the manifest says {}",
                    manifest.game
                )));
            }
            other => return Err(unexpected("hello", &other)),
        }
        session.set_variant(manifest.variant())?;
        Ok(session)
    }

    /// The process (for leak checks).
    #[must_use]
    pub fn started(&self) -> Started {
        self.process.started()
    }

    /// Warnings since the last call.
    pub fn take_warnings(&mut self) -> Vec<String> {
        self.driver.take_warnings()
    }

    /// The deadline of a rule query: the start-up time, at least [`QUERY_MS`].
    fn query_deadline(&self) -> Deadline {
        let timing = self.driver.timing();
        Deadline::new(
            "query time",
            timing.first_ms.max(QUERY_MS),
            timing.tolerance_ms,
        )
    }

    /// Sends a command and reads its one answer line within the query time.
    ///
    /// # Errors
    /// The sandbox's faults, or `protocol-error` for a line that is not an answer.
    pub(crate) fn ask(&mut self, command: &LineCommand) -> Result<LineAnswer, Fault> {
        let deadline = self.query_deadline();
        self.ask_by(command, &deadline)
    }

    /// Sends a command and reads its one answer line before `deadline`.
    ///
    /// # Errors
    /// As [`LineSession::ask`].
    pub(crate) fn ask_by(
        &mut self,
        command: &LineCommand,
        deadline: &Deadline,
    ) -> Result<LineAnswer, Fault> {
        let line = command.to_line();
        self.process.send(&format!("{line}\n"))?;
        let what = format!("the answer to `{}`", preview(&line));
        let answer = self.process.read_answer(deadline, &what, &blank)?;
        self.driver.note_late(deadline, &what);
        LineAnswer::parse(&answer)
            .map_err(|error| Fault::protocol(format!("to `{}`: {error}", preview(&line))))
    }

    /// `variant <name>`, unless the engine plays it already.
    ///
    /// # Errors
    /// A fault when the engine refuses the variant or fails.
    pub(crate) fn set_variant(&mut self, variant: &str) -> Result<(), Fault> {
        if self.variant == variant {
            return Ok(());
        }
        let command = LineCommand::Variant(variant.to_owned());
        let deadline = self.driver.timing().for_start("start-up time");
        match self.ask_by(&command, &deadline)? {
            LineAnswer::Ok => {
                variant.clone_into(&mut self.variant);
                self.position = None;
                Ok(())
            }
            other => Err(unexpected(&command.to_line(), &other)),
        }
    }

    /// Sets the variant and the position: `request` (its start and moves) then the moves
    /// `played` since.
    ///
    /// # Errors
    /// A fault when the engine refuses a move that the reference rules accept, or fails.
    pub fn set_position(
        &mut self,
        variant: &str,
        request: &PositionRequest,
        played: &[String],
    ) -> Result<(), Fault> {
        self.set_variant(variant)?;
        let mut moves = Vec::new();
        if let Some(text) = &request.move_text {
            moves.extend(self.engine.reference().split_moves(text));
        }
        moves.extend(request.moves.iter().cloned());
        moves.extend(played.iter().cloned());
        let start = if request.text.is_none() && request.board.is_none() {
            Start::Start
        } else {
            // A board diagram has no line form in the protocol: send the reference's one-line
            // form of the same start.
            let bare = PositionRequest {
                moves: Vec::new(),
                move_text: None,
                history: None,
                ..request.clone()
            };
            let text = self
                .engine
                .reference()
                .position(variant, &bare)
                .map_err(|error| Fault::protocol(format!("position not representable: {error}")))?
                .text();
            Start::Text(text)
        };
        let command = LineCommand::Position { start, moves };
        let line = command.to_line();
        if self.position.as_deref() == Some(line.as_str()) {
            return Ok(());
        }
        self.position = None;
        match self.ask(&command)? {
            LineAnswer::Ok => {
                self.position = Some(line);
                Ok(())
            }
            LineAnswer::IllegalMove { index, mv, code } => Err(Fault::new(
                FaultKind::IllegalMove,
                format!(
                    "the engine refused move {index} `{mv}` of the position ({code}), which the rules allow"
                ),
            )),
            other => Err(unexpected("position", &other)),
        }
    }

    /// `legal`.
    ///
    /// # Errors
    /// A fault when the engine fails.
    pub(crate) fn legal(&mut self) -> Result<Vec<String>, Fault> {
        match self.ask(&LineCommand::Legal)? {
            LineAnswer::Legal(moves) => Ok(moves),
            other => Err(unexpected("legal", &other)),
        }
    }

    /// `check <move>`: `Ok` or the engine's refusal code.
    ///
    /// # Errors
    /// A fault when the engine fails.
    pub(crate) fn check(&mut self, mv: &str) -> Result<Result<(), Refusal>, Fault> {
        match self.ask(&LineCommand::Check(mv.to_owned()))? {
            LineAnswer::Ok => Ok(Ok(())),
            LineAnswer::Illegal(code) => Ok(Err(Refusal {
                detail: format!("the engine refuses `{mv}`"),
                code,
            })),
            other => Err(unexpected("check", &other)),
        }
    }

    /// `outcome`.
    ///
    /// # Errors
    /// A fault when the engine fails.
    pub(crate) fn outcome(&mut self) -> Result<Option<OutcomeView>, Fault> {
        match self.ask(&LineCommand::Outcome)? {
            LineAnswer::Outcome(LineOutcome::None) => Ok(None),
            LineAnswer::Outcome(LineOutcome::Winner {
                side,
                reason,
                score,
            }) => Ok(Some(OutcomeView {
                winner: Some(side),
                reason,
                score,
            })),
            LineAnswer::Outcome(LineOutcome::Draw { reason, score }) => Ok(Some(OutcomeView {
                winner: None,
                reason,
                score,
            })),
            other => Err(unexpected("outcome", &other)),
        }
    }

    /// `forbidden`; `None` when the engine answers `error unsupported`.
    ///
    /// # Errors
    /// A fault when the engine fails.
    pub(crate) fn forbidden(&mut self) -> Result<Option<Vec<(String, String)>>, Fault> {
        match self.ask(&LineCommand::Forbidden)? {
            LineAnswer::Forbidden(points) => Ok(Some(points)),
            LineAnswer::Unsupported => Ok(None),
            other => Err(unexpected("forbidden", &other)),
        }
    }

    /// `board` (optional): the engine's one-line position; `None` when it does not know the
    /// command.
    ///
    /// # Errors
    /// A fault when the engine fails.
    pub(crate) fn board(&mut self) -> Result<Option<String>, Fault> {
        match self.ask(&LineCommand::Board)? {
            LineAnswer::Board(text) => Ok(Some(text)),
            LineAnswer::UnknownCommand(_) | LineAnswer::Unsupported => Ok(None),
            other => Err(unexpected("board", &other)),
        }
    }

    /// `perft <depth>` (the protocol counts sequences of exactly `depth` plies).
    ///
    /// # Errors
    /// A fault when the engine fails or answers another depth.
    pub(crate) fn perft(&mut self, depth: u32, convention: PerftConvention) -> Result<u64, Fault> {
        let command = match convention {
            PerftConvention::SequencesOfExactLength => LineCommand::Perft(depth),
            PerftConvention::FinishedGameIsLeaf => LineCommand::PerftFinishedIsLeaf(depth),
        };
        let timing = self.driver.timing();
        let deadline = Deadline::new(
            "perft time",
            timing.first_ms.max(QUERY_MS).max(PERFT_MS),
            timing.tolerance_ms,
        );
        match self.ask_by(&command, &deadline)? {
            LineAnswer::Perft { depth: d, nodes } if d == depth => Ok(nodes),
            other => Err(unexpected(&format!("perft {depth}"), &other)),
        }
    }

    /// `go` under `budget`; a time budget is due within `movetime` plus the move time (the
    /// manifest's, or `move_ms` where a match gives a longer one).
    ///
    /// # Errors
    /// A fault when the engine fails or answers no move.
    pub fn go(&mut self, budget: Budget, move_ms: u64) -> Result<SearchReport, Fault> {
        let timing = self.driver.timing();
        let (limit, deadline) = match budget {
            Budget::Depth(depth) => (GoLimit::Depth(depth), self.query_deadline()),
            Budget::Nodes(nodes) => (GoLimit::Nodes(nodes), self.query_deadline()),
            Budget::Time(time) => {
                let ms = u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
                (
                    GoLimit::MoveTime(ms),
                    Deadline::new(
                        "movetime + move time",
                        ms.saturating_add(move_ms.max(timing.move_ms)),
                        timing.tolerance_ms,
                    ),
                )
            }
        };
        match self.ask_by(&LineCommand::Go(limit), &deadline)? {
            LineAnswer::BestMove(Some(best)) => Ok(SearchReport {
                best: Some(best.mv),
                score: best.score,
                depth: best.depth,
                nodes: best.nodes,
                pv: best.pv,
                proven: None,
            }),
            LineAnswer::BestMove(None) => Ok(SearchReport {
                best: None,
                score: 0,
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
                proven: None,
            }),
            other => Err(unexpected("go", &other)),
        }
    }

    /// `quit`, a second to leave, then the tree is killed.
    pub fn quit(&mut self) {
        GOODBYE.say(&mut self.process);
    }

    /// Kills the tree now.
    pub fn kill(&mut self) {
        self.process.kill();
    }
}

impl Drop for LineSession {
    fn drop(&mut self) {
        self.process.kill();
    }
}

fn unexpected(command: &str, answer: &LineAnswer) -> Fault {
    Fault::protocol(format!(
        "answered `{}` to `{command}`",
        preview(&answer.to_string())
    ))
}
