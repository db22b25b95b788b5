//! Driving an `arbiter-line` engine (the protocol of [`crate::protocol::line`] and
//! `docs/protocols.md`): one process, kept for every query; before a query the position is
//! sent with `position` unless the engine already has it.
//!
//! Deadlines: `hello` and `variant` get the first-move time; rule queries the larger of the
//! first-move time and 10 s; `perft` the larger of that and 120 s; `go movetime T` gets `T`
//! plus the move time; `go depth|nodes` the query deadline.

use std::time::{Duration, Instant};

use arbiter_core::PerftConvention;

use super::engine::ExternalEngine;
use super::fault::{Fault, FaultKind};
use super::sandbox::{Process, preview};
use crate::engine::{Budget, OutcomeView, PositionRequest, Refusal, SearchReport};
use crate::protocol::line::{GoLimit, LineAnswer, LineCommand, LineOutcome, Start};

/// A running `arbiter-line` engine.
pub struct LineSession {
    process: Process,
    query_ms: u64,
    move_ms: u64,
    /// The last `position` line the engine accepted.
    position: Option<String>,
    /// The engine that started it (for the reference's start form).
    engine: ExternalEngine,
}

impl LineSession {
    /// Starts the engine: `hello` (its game must be the manifest's), then `variant`.
    ///
    /// # Errors
    /// A fault when it does not start or answers wrongly.
    pub fn start(engine: &ExternalEngine) -> Result<LineSession, Fault> {
        let manifest = engine.manifest();
        let process = Process::spawn(&engine.spawn_spec())?;
        let mut session = LineSession {
            process,
            query_ms: manifest.first_move_time_ms.max(10_000),
            move_ms: manifest.move_time_ms,
            position: None,
            engine: engine.clone(),
        };
        let first = manifest.first_move_time_ms;
        match session.ask(&LineCommand::Hello, first)? {
            LineAnswer::Hello { game, .. } if game == manifest.game => {}
            LineAnswer::Hello { game, .. } => {
                return Err(Fault::protocol(format!(
                    "`hello` says game={game}, the manifest says {}",
                    manifest.game
                )));
            }
            other => return Err(unexpected("hello", &other)),
        }
        let variant = LineCommand::Variant(manifest.variant.clone());
        match session.ask(&variant, first)? {
            LineAnswer::Ok => Ok(session),
            other => Err(unexpected(&variant.to_line(), &other)),
        }
    }

    /// The process group (for leak checks).
    #[must_use]
    pub fn groups(&self) -> Vec<i32> {
        vec![self.process.pgid()]
    }

    /// Sends a command and reads its one answer line.
    ///
    /// # Errors
    /// The sandbox's faults, or `protocol-error` for a line that is not an answer.
    pub fn ask(&mut self, command: &LineCommand, limit_ms: u64) -> Result<LineAnswer, Fault> {
        let line = command.to_line();
        let deadline = Instant::now() + Duration::from_millis(limit_ms);
        self.process.send(&format!("{line}\n"))?;
        let what = format!("the answer to `{}`", preview(&line));
        let answer = loop {
            let answer = self.process.read_line(deadline, &what)?;
            if !answer.trim().is_empty() {
                break answer;
            }
        };
        LineAnswer::parse(&answer)
            .map_err(|error| Fault::protocol(format!("to `{}`: {error}", preview(&line))))
    }

    /// Sets the position: `request` (its start and moves) then the moves `played` since.
    ///
    /// # Errors
    /// A fault when the engine refuses a move that the reference rules accept, or fails.
    pub fn set_position(
        &mut self,
        variant: &str,
        request: &PositionRequest,
        played: &[String],
    ) -> Result<(), Fault> {
        let (start, mut moves) = if request.text.is_none() && request.board.is_none() {
            let mut moves = Vec::new();
            if let Some(text) = &request.move_text {
                moves.extend(super::engine::split_transcript(text));
            }
            moves.extend(request.moves.iter().cloned());
            (Start::Start, moves)
        } else {
            // A board diagram has no line form in the protocol: send the reference's one-line
            // form of the same start.
            let bare = PositionRequest {
                moves: Vec::new(),
                move_text: None,
                ..request.clone()
            };
            let text = self
                .engine
                .reference()
                .position(variant, &bare)
                .map_err(|error| Fault::protocol(format!("position not representable: {error}")))?
                .text();
            let mut moves = Vec::new();
            if let Some(text) = &request.move_text {
                moves.extend(super::engine::split_transcript(text));
            }
            moves.extend(request.moves.iter().cloned());
            (Start::Text(text), moves)
        };
        moves.extend(played.iter().cloned());
        let command = LineCommand::Position { start, moves };
        let line = command.to_line();
        if self.position.as_deref() == Some(line.as_str()) {
            return Ok(());
        }
        self.position = None;
        match self.ask(&command, self.query_ms)? {
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
    pub fn legal(&mut self) -> Result<Vec<String>, Fault> {
        match self.ask(&LineCommand::Legal, self.query_ms)? {
            LineAnswer::Legal(moves) => Ok(moves),
            other => Err(unexpected("legal", &other)),
        }
    }

    /// `check <move>`: `Ok` or the engine's refusal code.
    ///
    /// # Errors
    /// A fault when the engine fails.
    pub fn check(&mut self, mv: &str) -> Result<Result<(), Refusal>, Fault> {
        match self.ask(&LineCommand::Check(mv.to_owned()), self.query_ms)? {
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
    pub fn outcome(&mut self) -> Result<Option<OutcomeView>, Fault> {
        match self.ask(&LineCommand::Outcome, self.query_ms)? {
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
    pub fn forbidden(&mut self) -> Result<Option<Vec<(String, String)>>, Fault> {
        match self.ask(&LineCommand::Forbidden, self.query_ms)? {
            LineAnswer::Forbidden(points) => Ok(Some(points)),
            LineAnswer::Unsupported => Ok(None),
            other => Err(unexpected("forbidden", &other)),
        }
    }

    /// `perft <depth>` (the protocol counts sequences of exactly `depth` plies).
    ///
    /// # Errors
    /// A fault when the engine fails, answers another depth, or the convention is not the
    /// protocol's.
    pub fn perft(&mut self, depth: u32, convention: PerftConvention) -> Result<u64, Fault> {
        let command = match convention {
            PerftConvention::SequencesOfExactLength => LineCommand::Perft(depth),
            PerftConvention::FinishedGameIsLeaf => LineCommand::PerftFinishedIsLeaf(depth),
        };
        let limit = self.query_ms.max(120_000);
        match self.ask(&command, limit)? {
            LineAnswer::Perft { depth: d, nodes } if d == depth => Ok(nodes),
            other => Err(unexpected(&format!("perft {depth}"), &other)),
        }
    }

    /// `go` under `budget`.
    ///
    /// # Errors
    /// A fault when the engine fails or answers no move.
    pub fn go(&mut self, budget: Budget, move_ms: u64) -> Result<SearchReport, Fault> {
        let (limit, deadline_ms) = match budget {
            Budget::Depth(depth) => (GoLimit::Depth(depth), self.query_ms),
            Budget::Nodes(nodes) => (GoLimit::Nodes(nodes), self.query_ms),
            Budget::Time(time) => {
                let ms = u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
                (
                    GoLimit::MoveTime(ms),
                    ms.saturating_add(move_ms.max(self.move_ms)),
                )
            }
        };
        match self.ask(&LineCommand::Go(limit), deadline_ms)? {
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

    /// `quit`, a second to leave, then the group is killed.
    pub fn quit(&mut self) {
        let _ = self.process.send("quit\n");
        self.process.shutdown(Duration::from_millis(1000));
    }

    /// Kills the group now.
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
