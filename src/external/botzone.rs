//! Driving a Botzone bot: simple interaction (a new process every turn with the whole
//! history), keep-running (one process; later turns get only the new request line and the bot
//! prints `>>>BOTZONE_REQUEST_KEEP_RUNNING<<<` after each answer) and simplified line I/O.
//!
//! Players alternate strictly: the side to move is player `plies % 2`, its requests are the
//! other player's moves (the first request of player 0 is "you move first", all `-1`) and its
//! responses are its own moves. A pass (Othello) and an exchange (gomoku) are moves like any
//! other, encoded as all `-1`.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::Player;
use super::encode::{Answer, Board};
use super::fault::Fault;
use super::sandbox::{Process, SpawnSpec, preview};
use crate::protocol::botzone::{Input, KEEP_RUNNING, SimpleInput, parse_output};

/// The three Botzone interaction styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Json,
    KeepRunning,
    Simplified,
}

/// One bot's side of a game.
pub struct BotzonePlayer {
    spec: SpawnSpec,
    board: Board,
    style: Style,
    /// Time limits in ms: the bot's first turn, later turns.
    first_ms: u64,
    move_ms: u64,
    memory_mb: Option<u64>,
    /// Keep-running: the live process and how many plies it has seen answered.
    live: Option<(Process, usize)>,
    /// Process groups started so far (for leak checks).
    groups: Vec<i32>,
    /// What the bot stored with its last answer (`data`, `globaldata`), handed back.
    data: String,
    globaldata: String,
    /// The `debug` text of the last answer.
    debug: Option<String>,
}

impl BotzonePlayer {
    /// A player for `board` started from `spec`.
    #[must_use]
    pub fn new(
        spec: SpawnSpec,
        board: Board,
        style: Style,
        (first_ms, move_ms): (u64, u64),
        memory_mb: Option<u64>,
    ) -> BotzonePlayer {
        BotzonePlayer {
            spec,
            board,
            style,
            first_ms,
            move_ms,
            memory_mb,
            live: None,
            groups: Vec::new(),
            data: String::new(),
            globaldata: String::new(),
            debug: None,
        }
    }

    /// The whole-history JSON input, with the `data` the bot stored last turn.
    fn json_input(&self, history: &[String]) -> Result<String, Fault> {
        let mut input = Input::from_moves(self.board.encoding(), history, history.len() % 2)
            .map_err(|error| Fault::protocol(format!("history has no Botzone form: {error}")))?;
        let limit = if input.responses.is_empty() {
            self.first_ms
        } else {
            self.move_ms
        };
        input.data.clone_from(&self.data);
        input.globaldata.clone_from(&self.globaldata);
        input.time_limit = Some(json!(limit.div_ceil(1000)));
        input.memory_limit = Some(json!(self.memory_mb.unwrap_or(256)));
        Ok(format!("{}\n", input.to_line()))
    }

    /// The simplified-I/O input: `n`, then `2n-1` alternating lines, `data`, `globaldata`.
    fn simple_input(&self, history: &[String]) -> Result<String, Fault> {
        let input = SimpleInput::from_moves(self.board.encoding(), history, history.len() % 2)
            .map_err(|error| Fault::protocol(format!("history has no Botzone form: {error}")))?;
        Ok(input.to_text())
    }

    fn spawn(&mut self) -> Result<Process, Fault> {
        let process = Process::spawn(&self.spec)?;
        self.groups.push(process.pgid());
        Ok(process)
    }

    /// A JSON answer line → the move; keeps its `data` and `globaldata` for the next turn,
    /// as Botzone does.
    fn parse_json_answer(&mut self, line: &str) -> Result<Answer, Fault> {
        let output = parse_output(line)
            .map_err(|error| Fault::protocol(format!("answer `{}`: {error}", preview(line))))?;
        self.debug.clone_from(&output.debug);
        if let Some(data) = output.data {
            self.data = data;
        }
        if let Some(globaldata) = output.globaldata {
            self.globaldata = globaldata;
        }
        // Some bots print the response as a string holding the JSON.
        match &output.response {
            Value::String(inner) => {
                let inner: Value = serde_json::from_str(inner).map_err(|_| {
                    Fault::protocol(format!("response `{}` is not a move", preview(inner)))
                })?;
                self.board.from_json(&inner)
            }
            other => self.board.from_json(other),
        }
    }

    /// Simple interaction (JSON or simplified): one process for this turn.
    fn one_shot(&mut self, history: &[String]) -> Result<Answer, Fault> {
        let first = history.len() < 2;
        let limit = if first { self.first_ms } else { self.move_ms };
        let input = match self.style {
            Style::Simplified => self.simple_input(history)?,
            _ => self.json_input(history)?,
        };
        let deadline = Instant::now() + Duration::from_millis(limit);
        let mut process = self.spawn()?;
        process.send(&input)?;
        process.close_input();
        let line = next_nonempty(&mut process, deadline, "its answer")?;
        // The turn is over: the bot may exit on its own; the group is killed at drop.
        drop(process);
        match self.style {
            Style::Simplified => self.board.from_simple(&line),
            _ => self.parse_json_answer(&line),
        }
    }

    /// Keep-running: the full history to a new process, or only the new request to the live one.
    fn keep_running(&mut self, history: &[String]) -> Result<Answer, Fault> {
        let continuing = matches!(&self.live, Some((_, seen)) if *seen + 1 == history.len());
        let (limit, input) = if continuing {
            let request = history.last().map(String::as_str);
            (self.move_ms, format!("{}\n", self.board.to_json(request)?))
        } else {
            self.live = None;
            let limit = if history.len() < 2 {
                self.first_ms
            } else {
                self.move_ms
            };
            (limit, self.json_input(history)?)
        };
        let deadline = Instant::now() + Duration::from_millis(limit);
        let mut process = match self.live.take() {
            Some((process, _)) => process,
            None => self.spawn()?,
        };
        process.send(&input)?;
        let line = next_nonempty(&mut process, deadline, "its answer")?;
        let answer = self.parse_json_answer(&line)?;
        let marker = next_nonempty(&mut process, deadline, "the keep-running marker")
            .map_err(|fault| fault.context("after its answer"))?;
        if marker.trim() != KEEP_RUNNING {
            return Err(Fault::protocol(format!(
                "expected `{KEEP_RUNNING}` after the answer, got `{}`",
                preview(&marker)
            )));
        }
        // It has seen the history and its own answer.
        self.live = Some((process, history.len() + 1));
        Ok(answer)
    }
}

/// The next line that is not blank.
fn next_nonempty(process: &mut Process, deadline: Instant, what: &str) -> Result<String, Fault> {
    loop {
        let line = process.read_line(deadline, what)?;
        if !line.trim().is_empty() {
            return Ok(line);
        }
    }
}

impl Player for BotzonePlayer {
    fn answer(&mut self, history: &[String]) -> Result<Answer, Fault> {
        match self.style {
            Style::KeepRunning => self.keep_running(history),
            Style::Json | Style::Simplified => self.one_shot(history),
        }
    }

    fn finish(&mut self) {
        if let Some((mut process, _)) = self.live.take() {
            process.shutdown(Duration::from_millis(200));
        }
    }

    fn last_note(&self) -> Option<String> {
        self.debug.clone()
    }

    fn groups(&self) -> Vec<i32> {
        self.groups.clone()
    }
}

impl Drop for BotzonePlayer {
    fn drop(&mut self) {
        self.finish();
    }
}
