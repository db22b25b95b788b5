//! Driving a Gomocup (Piskvork) engine: `START`, the `INFO` settings, then `BEGIN`, `TURN X,Y`
//! or `BOARD`…`DONE`, and `END`; `RESTART` for a new game, relaunching the engine when it
//! answers `UNKNOWN`.
//!
//! Lines to the engine end in CR LF, as Piskvork sends them. Lines from the engine starting
//! with `MESSAGE`, `DEBUG` or `SUGGEST` are information and skipped; `UNKNOWN` and `ERROR` are
//! protocol errors when a move is expected.

use std::time::{Duration, Instant};

use super::Player;
use super::encode::{Answer, Board};
use super::fault::Fault;
use super::sandbox::{Process, SpawnSpec, preview};

/// The `INFO` settings sent after `START`.
#[derive(Clone, Debug)]
pub struct GomocupSettings {
    /// Time for one move and for the first (process start and `START` included), in ms.
    pub first_ms: u64,
    pub move_ms: u64,
    pub memory_mb: Option<u64>,
    /// The `INFO rule` value, if the manifest gives one.
    pub rule: Option<u32>,
}

/// A Gomocup engine's side of a game.
pub struct GomocupPlayer {
    spec: SpawnSpec,
    board: Board,
    settings: GomocupSettings,
    /// The live process and how many plies it has seen (its own answer included).
    live: Option<(Process, usize)>,
    groups: Vec<i32>,
}

impl GomocupPlayer {
    /// A player for `board` started from `spec`.
    #[must_use]
    pub fn new(spec: SpawnSpec, board: Board, settings: GomocupSettings) -> GomocupPlayer {
        GomocupPlayer {
            spec,
            board,
            settings,
            live: None,
            groups: Vec::new(),
        }
    }

    /// Starts the engine: `START size` (it must answer `OK`), then the `INFO` lines.
    fn start(&mut self, deadline: Instant) -> Result<Process, Fault> {
        let mut process = Process::spawn(&self.spec)?;
        self.groups.push(process.pgid());
        process.send(&format!("START {}\r\n", self.board.size))?;
        let answer = read_answer(&mut process, deadline, "its answer to START")?;
        if answer != "OK" {
            return Err(Fault::protocol(format!(
                "answered `{}` to `START {}` (expected OK)",
                preview(&answer),
                self.board.size
            )));
        }
        process.send(&info_lines(&self.settings))?;
        Ok(process)
    }

    /// A new game with the live process: `RESTART`, or `END` and a relaunch on `UNKNOWN`.
    /// Returns whether the engine understood `RESTART`.
    ///
    /// # Errors
    /// The engine failed while restarting.
    pub fn restart(&mut self) -> Result<bool, Fault> {
        let Some((mut process, _)) = self.live.take() else {
            return Ok(false);
        };
        let deadline = Instant::now() + Duration::from_millis(self.settings.move_ms);
        process.send("RESTART\r\n")?;
        let answer = read_answer(&mut process, deadline, "its answer to RESTART")?;
        match answer.as_str() {
            "OK" => {
                self.live = Some((process, 0));
                Ok(true)
            }
            "UNKNOWN" => {
                end(process);
                Ok(false)
            }
            other => Err(Fault::protocol(format!(
                "answered `{}` to RESTART (expected OK or UNKNOWN)",
                preview(other)
            ))),
        }
    }

    /// `BOARD` … `DONE` with the stones in move order: 1 the side to move's, 2 the other's.
    fn board_command(&self, history: &[String]) -> Result<String, Fault> {
        let me = history.len() % 2;
        let mut text = String::from("BOARD\r\n");
        for (ply, mv) in history.iter().enumerate() {
            let owner = if ply % 2 == me { 1 } else { 2 };
            text.push_str(&format!("{},{owner}\r\n", self.board.to_gomocup(mv)?));
        }
        text.push_str("DONE\r\n");
        Ok(text)
    }
}

/// The `INFO` lines for `settings`.
#[must_use]
pub fn info_lines(settings: &GomocupSettings) -> String {
    let mut text = format!(
        "INFO timeout_turn {}\r\nINFO timeout_match 0\r\n",
        settings.move_ms
    );
    if let Some(mb) = settings.memory_mb {
        text.push_str(&format!("INFO max_memory {}\r\n", mb * (1 << 20)));
    }
    text.push_str("INFO game_type 1\r\n");
    if let Some(rule) = settings.rule {
        text.push_str(&format!("INFO rule {rule}\r\n"));
    }
    text
}

/// The next line that is not information (`MESSAGE`, `DEBUG`, `SUGGEST`) or blank.
///
/// # Errors
/// The sandbox's faults (timeout, crash, no answer, overlong line).
pub fn read_answer(process: &mut Process, deadline: Instant, what: &str) -> Result<String, Fault> {
    loop {
        let line = process.read_line(deadline, what)?;
        let line = line.trim();
        let word = line.split_whitespace().next().unwrap_or("");
        if line.is_empty() || matches!(word, "MESSAGE" | "DEBUG" | "SUGGEST") {
            continue;
        }
        return Ok(line.to_owned());
    }
}

/// `END`, a second to leave, then the group is killed.
pub fn end(mut process: Process) {
    let _ = process.send("END\r\n");
    process.shutdown(Duration::from_millis(1000));
}

impl Player for GomocupPlayer {
    fn answer(&mut self, history: &[String]) -> Result<Answer, Fault> {
        let continuing = matches!(&self.live, Some((_, seen)) if *seen + 1 == history.len());
        let fresh_game = matches!(&self.live, Some((_, 0)));
        let first = self.live.is_none();
        let limit = if first {
            self.settings.first_ms
        } else {
            self.settings.move_ms
        };
        let deadline = Instant::now() + Duration::from_millis(limit);
        let mut process = match self.live.take() {
            Some((process, _)) => process,
            None => self.start(deadline)?,
        };
        let command = match history.last() {
            None if first || fresh_game => "BEGIN\r\n".to_owned(),
            Some(last) if continuing => format!("TURN {}\r\n", self.board.to_gomocup(last)?),
            _ => self.board_command(history)?,
        };
        process.send(&command)?;
        let line = read_answer(&mut process, deadline, "its move")?;
        if line.starts_with("UNKNOWN") || line.starts_with("ERROR") {
            return Err(Fault::protocol(format!(
                "answered `{}` to `{}`",
                preview(&line),
                command.lines().next().unwrap_or("")
            )));
        }
        let answer = self.board.from_gomocup(&line)?;
        self.live = Some((process, history.len() + 1));
        Ok(answer)
    }

    fn finish(&mut self) {
        if let Some((process, _)) = self.live.take() {
            end(process);
        }
    }

    fn groups(&self) -> Vec<i32> {
        self.groups.clone()
    }
}

impl Drop for GomocupPlayer {
    fn drop(&mut self) {
        self.finish();
    }
}
