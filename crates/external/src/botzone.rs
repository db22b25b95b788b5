//! Driving a Botzone bot: simple interaction (a new process every turn with the whole
//! history), keep-running (one process; later turns get only the new request line and the bot
//! prints `>>>BOTZONE_REQUEST_KEEP_RUNNING<<<` after each answer), in JSON or simplified I/O.
//!
//! Players alternate strictly: the side to move is player `plies % 2`, its requests are the
//! other player's moves (the first request of player 0 is "you move first", all `-1`) and its
//! responses are its own moves. A pass (Othello) and an exchange (gomoku) are moves like any
//! other, encoded as all `-1`.
//!
//! Output is read as the judges read it: blank lines are skipped (and counted, see
//! [`super::sandbox::MAX_SKIPPED_LINES`]); a `debug`, `data` or `globaldata` that is not a
//! string is kept as its JSON text, with a warning; a decoding error names the field. Time:
//! the first turn gets the first-turn time (process start included), later turns the move
//! time, each plus the tolerance.

use std::time::Duration;

use serde_json::{Value, json};

use super::board::{Board, MoveAnswer};
use super::driver::{Driver, Goodbye, blank};
use super::sandbox::{Deadline, SpawnSpec, preview};
use super::{Player, Timing};
use arbiter_engine::fault::Fault;
use arbiter_protocol::Protocol;
use arbiter_protocol::botzone::{Input, JsonLine, KEEP_RUNNING, SimpleInput, Turns, read_output};

/// One bot's side of a game.
pub(crate) struct BotzonePlayer {
    /// The shared kit; under keep-running its live process with the plies it has seen answered.
    driver: Driver,
    board: Board,
    protocol: Protocol,
    /// What the bot stored with its last answer (`data`, `globaldata`), handed back.
    data: String,
    globaldata: String,
    /// The `debug` text of the last answer.
    debug: Option<String>,
}

/// Botzone sends nothing at the end: a keep-running bot is given a moment, then killed.
const GOODBYE: Goodbye = Goodbye {
    line: "",
    grace: Duration::from_millis(200),
};

impl BotzonePlayer {
    /// A player for `board` under one of the Botzone protocols, started from `spec`.
    #[must_use]
    pub(crate) fn new(
        spec: SpawnSpec,
        board: Board,
        protocol: Protocol,
        timing: Timing,
    ) -> BotzonePlayer {
        BotzonePlayer {
            driver: Driver::new(spec, timing, GOODBYE),
            board,
            protocol,
            data: String::new(),
            globaldata: String::new(),
            debug: None,
        }
    }

    /// The limits in force: the manifest's, or the match's clock (Botzone's per-turn limit).
    fn timing(&self) -> Timing {
        self.driver.timing()
    }

    fn simple(&self) -> bool {
        self.protocol.is_botzone_simple()
    }

    /// The deadline of a turn: the bot's first turn (its first or second ply) or a later one.
    fn deadline(&self, history: &[String]) -> Deadline {
        if history.len() < 2 {
            self.timing().for_start("first-turn time")
        } else {
            self.timing().for_move()
        }
    }

    /// The whole-history input, with the `data` the bot stored last turn.
    fn full_input(&self, history: &[String]) -> Result<String, Fault> {
        let (encoding, player) = (self.board.encoding(), history.len() % 2);
        let no_form = |error| Fault::protocol(format!("history has no Botzone form: {error}"));
        let (data, globaldata) = (self.data.clone(), self.globaldata.clone());
        if self.simple() {
            let input = SimpleInput {
                turns: Turns::from_moves(encoding, history, player).map_err(no_form)?,
                data,
                globaldata,
            };
            return Ok(input.to_text());
        }
        let limit = if history.len() < 2 {
            self.timing().first_ms
        } else {
            self.timing().move_ms
        };
        let input = Input {
            turns: Turns::from_moves(encoding, history, player).map_err(no_form)?,
            data,
            globaldata,
            time_limit: Some(json!(limit.div_ceil(1000))),
            memory_limit: Some(json!(self.driver.spec().memory_mb.unwrap_or(256))),
        };
        Ok(format!("{}\n", input.to_line()))
    }

    /// A JSON answer line → the move; keeps its `data` and `globaldata` for the next turn, as
    /// Botzone does.
    fn parse_json_answer(&mut self, line: &str) -> Result<MoveAnswer, Fault> {
        let (output, warnings) = read_output(line)
            .map_err(|error| Fault::protocol(format!("answer `{}`: {error}", preview(line))))?;
        for warning in warnings {
            self.driver.warn(warning);
        }
        self.debug.clone_from(&output.debug);
        if let Some(data) = output.data {
            self.data = data;
        }
        if let Some(globaldata) = output.globaldata {
            self.globaldata = globaldata;
        }
        let field = |fault: Fault| fault.context("field `response`");
        // Some bots print the response as a string holding the JSON.
        match &output.response {
            Value::String(inner) => {
                let inner: Value = serde_json::from_str(inner).map_err(|_| {
                    Fault::protocol(format!(
                        "field `response`: the string `{}` is not a move object",
                        preview(inner)
                    ))
                })?;
                self.driver.warn(
                    "field `response` is a string holding JSON, not a JSON object".to_owned(),
                );
                self.board.answer_from_json(&inner).map_err(field)
            }
            other => self.board.answer_from_json(other).map_err(field),
        }
    }

    /// A simplified answer: the move line, then optional `debug`, `data`, `globaldata` lines.
    fn parse_simple_answer(&mut self, line: &str, extra: &[String]) -> Result<MoveAnswer, Fault> {
        if let Some(data) = extra.get(1) {
            self.data.clone_from(data);
        }
        if let Some(globaldata) = extra.get(2) {
            self.globaldata.clone_from(globaldata);
        }
        self.board.answer_from_simple(line)
    }

    /// Simple interaction: one process for this turn.
    fn one_shot(&mut self, history: &[String]) -> Result<MoveAnswer, Fault> {
        let input = self.full_input(history)?;
        let mut process = self.driver.spawn()?;
        let deadline = self.deadline(history);
        process.send(&input)?;
        process.close_input();
        let line = process.read_answer(&deadline, "its answer", &blank)?;
        self.driver.note_late(&deadline, "its answer");
        // Botzone reads the output when the turn's process ends: the lines after the answer
        // (debug, data, globaldata) are read until it exits or the deadline passes.
        let mut extra = Vec::new();
        while let Ok(more) = process.read_line(&deadline, "the rest of its output") {
            extra.push(more);
        }
        process.watch_memory(true)?;
        drop(process);
        if self.simple() {
            self.parse_simple_answer(&line, &extra)
        } else {
            self.parse_json_answer(&line)
        }
    }

    /// Keep-running: the full history to a new process, or only the new request to the live one.
    fn keep_running(&mut self, history: &[String]) -> Result<MoveAnswer, Fault> {
        let continuing = self
            .driver
            .seen()
            .is_some_and(|seen| seen + 1 == history.len());
        let input = if continuing {
            let request = history.last().map(String::as_str);
            if self.simple() {
                format!("{}\n", self.board.to_simple(request)?)
            } else {
                format!("{}\n", self.board.to_json(request)?)
            }
        } else {
            drop(self.driver.take_live());
            self.full_input(history)?
        };
        let mut process = match self.driver.take_live() {
            Some((process, _)) => process,
            None => self.driver.spawn()?,
        };
        let deadline = self.deadline(history);
        process.send(&input)?;
        let line = process.read_answer(&deadline, "its answer", &blank)?;
        // Then, in simplified I/O, optional debug / data / globaldata lines; then the marker.
        let mut extra = Vec::new();
        loop {
            let next = process
                .read_line(&deadline, "the keep-running marker")
                .map_err(|fault| fault.context("after its answer"))?;
            if next.trim() == KEEP_RUNNING {
                break;
            }
            if !self.simple() && !blank(&next) {
                return Err(Fault::protocol(format!(
                    "expected `{KEEP_RUNNING}` after the answer, got `{}`",
                    preview(&next)
                )));
            }
            extra.push(next);
            if extra.len() > 3 {
                return Err(Fault::protocol(format!(
                    "more than 3 lines after the answer without `{KEEP_RUNNING}`"
                )));
            }
        }
        self.driver.note_late(&deadline, "its answer");
        process.watch_memory(true)?;
        let answer = if self.simple() {
            self.parse_simple_answer(&line, &extra)?
        } else {
            self.parse_json_answer(&line)?
        };
        // It has seen the history and its own answer.
        self.driver.keep_live(process, history.len() + 1);
        Ok(answer)
    }
}

impl Player for BotzonePlayer {
    crate::driver::driver_field!();

    fn answer(&mut self, history: &[String]) -> Result<MoveAnswer, Fault> {
        if self.protocol.keeps_running() {
            self.keep_running(history)
        } else {
            self.one_shot(history)
        }
    }

    fn last_note(&self) -> Option<String> {
        self.debug.clone()
    }
}
