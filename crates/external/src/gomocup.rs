//! Driving a Gomocup (Piskvork) engine: `START`, the `INFO` settings, then `BEGIN`, `TURN X,Y`
//! or `BOARD`…`DONE`, and `END`; `RESTART` for a new game, relaunching the engine when it
//! answers `UNKNOWN`.
//!
//! * Lines to the engine end in CR LF, as Piskvork sends them.
//! * Lines that are not answers are logged to the engine's log and skipped, as the managers
//!   do: `MESSAGE`, `DEBUG`, `SUGGEST`, blank lines, and, while a move is awaited, `ERROR`
//!   (e.g. `ERROR Failed to allocate …`: the engine still owes its move). A flood of them ends
//!   in a protocol error ([`super::sandbox::MAX_SKIPPED_LINES`]).
//! * Time: `START` must be answered within the start-up time (process start included); then
//!   `INFO` goes out, and each move, the first one too, gets the full move time plus the
//!   tolerance from the moment its command is sent.
//! * A position with a known move order goes as `BOARD` in that order (renju managers send
//!   move order); one without ([`Stones`]) goes as its stones stand, own stones first.

use std::time::Duration;

use super::board::{Board, MoveAnswer};
use super::driver::{Driver, Goodbye};
use super::sandbox::{Deadline, Process, SpawnSpec, preview};
use super::{Clock, Player, Timing};
use arbiter_engine::fault::{Fault, FaultKind};

/// The `INFO` settings sent after `START`.
#[derive(Clone, Debug)]
pub(crate) struct GomocupSettings {
    pub(crate) timing: Timing,
    pub(crate) memory_mb: Option<u64>,
    /// The `INFO rule` value, if the variant has one.
    pub(crate) rule: Option<u32>,
}

/// A gomoku position as its stones stand, from the side to move's view (`BOARD` fields 1 and
/// 2), for a board no move order reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stones {
    pub(crate) own: Vec<String>,
    pub(crate) opponent: Vec<String>,
}

/// A Gomocup engine's side of a game.
pub(crate) struct GomocupPlayer {
    /// The shared kit; its live process with the plies it has seen (its own answer included).
    driver: Driver,
    board: Board,
    settings: GomocupSettings,
}

/// `END`, a second to leave, then the tree is killed.
pub(crate) const GOODBYE: Goodbye = Goodbye {
    line: "END\r\n",
    grace: Duration::from_millis(1000),
};

/// Information lines a manager logs and skips at any time.
#[must_use]
pub(crate) fn is_information(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    line.trim().is_empty()
        || ["MESSAGE", "DEBUG", "SUGGEST"]
            .iter()
            .any(|w| word.eq_ignore_ascii_case(w))
}

/// While a move is awaited, `ERROR` lines are skipped too: the engine still owes its move.
#[must_use]
pub(crate) fn is_noise_before_move(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    is_information(line) || word.eq_ignore_ascii_case("ERROR")
}

impl GomocupPlayer {
    /// A player for `board` started from `spec`.
    #[must_use]
    pub(crate) fn new(spec: SpawnSpec, board: Board, settings: GomocupSettings) -> GomocupPlayer {
        GomocupPlayer {
            driver: Driver::new(spec, settings.timing, GOODBYE),
            board,
            settings,
        }
    }

    /// Starts the engine: `START size` (it must answer `OK` within the start-up time), then
    /// the `INFO` lines.
    ///
    /// # Errors
    /// The engine did not start or refused `START`.
    pub(crate) fn start(&mut self) -> Result<Process, Fault> {
        let mut process = self.driver.spawn()?;
        process.send(&format!("START {}\r\n", self.board.size))?;
        let deadline = self.driver.timing().for_start("start-up time");
        let answer = process.read_answer(&deadline, "its answer to START", &is_information)?;
        if !answer.trim().eq_ignore_ascii_case("OK") {
            return Err(Fault::protocol(format!(
                "answered `{}` to `START {}` (expected OK)",
                preview(&answer),
                self.board.size
            )));
        }
        self.driver.note_late(&deadline, "its answer to START");
        process.send(&info_lines(&self.settings, self.driver.clock()))?;
        Ok(process)
    }

    /// `BOARD` … `DONE` of a game in move order: 1 the side to move's stones, 2 the other's.
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

    /// Sends a move command to a (new or live) process and reads the move.
    fn move_answer(
        &mut self,
        process: Option<Process>,
        command: &str,
        plies: usize,
    ) -> Result<MoveAnswer, Fault> {
        let mut process = match process {
            Some(process) => process,
            None => self.start()?,
        };
        // Under a game clock the engine is told what is left before each move, as Piskvork
        // does.
        if let Some(left) = self.driver.clock().and_then(|clock| clock.time_left_ms) {
            process.send(&format!("INFO time_left {left}\r\n"))?;
        }
        process.send(command)?;
        // The move's time starts with its command: START and INFO are not part of it.
        let deadline = self.driver.timing().for_move();
        let line = self
            .read_move(&mut process, &deadline)
            .map_err(|fault| memory_advice(fault, self.settings.memory_mb))?;
        let first = command.lines().next().unwrap_or("");
        let word = line.split_whitespace().next().unwrap_or("");
        if word.eq_ignore_ascii_case("UNKNOWN") {
            return Err(Fault::protocol(format!(
                "answered `{}` to `{first}`",
                preview(&line)
            )));
        }
        self.driver
            .note_late(&deadline, &format!("its move to `{first}`"));
        process
            .watch_memory(true)
            .map_err(|fault| memory_advice(fault, self.settings.memory_mb))?;
        let answer = self.board.answer_from_gomocup(&line)?;
        self.driver.keep_live(process, plies + 1);
        Ok(answer)
    }

    /// The move line, `ERROR` lines skipped (and noted once; a fault names the last).
    fn read_move(&mut self, process: &mut Process, deadline: &Deadline) -> Result<String, Fault> {
        let errors = std::cell::RefCell::new((0usize, String::new()));
        let noise = |line: &str| {
            if !is_information(line) && is_noise_before_move(line) {
                let mut errors = errors.borrow_mut();
                errors.0 += 1;
                line.clone_into(&mut errors.1);
            }
            is_noise_before_move(line)
        };
        let line = process.read_answer(deadline, "its move", &noise);
        let (count, last) = errors.into_inner();
        if count == 0 {
            return line;
        }
        self.driver.warn(format!(
            "printed {count} ERROR line(s) while a move was awaited (skipped, as the managers do; \
             see the stderr log)"
        ));
        line.map_err(|fault| fault.context(&format!("after `{}`", preview(&last))))
    }
}

/// A `memory-limit` fault with what a team does about it: a Gomocup judge rules the same.
pub(crate) fn memory_advice(fault: Fault, memory_mb: Option<u64>) -> Fault {
    if fault.kind != FaultKind::MemoryLimit {
        return fault;
    }
    let max_memory = memory_mb.unwrap_or(0) << 20;
    Fault {
        detail: format!(
            "{}; a Gomocup judge measures the same (unique set size of the brain and its \
             children, after each move) and rules a loss. The brain was sent `INFO max_memory \
             {max_memory}`: one that sizes its hash table from it must leave room for the rest \
             of its memory (rapfi: `memory_reserved_mb` in its config.toml)",
            fault.detail
        ),
        ..fault
    }
}

/// The `INFO` lines for `settings` (`timeout_turn` is the platform's move time, without
/// arbiter's tolerance). Under a match's clock, `timeout_turn` is the match's turn limit and
/// `timeout_match` the game clock as it stands when the engine starts (0: none).
#[must_use]
pub(crate) fn info_lines(settings: &GomocupSettings, clock: Option<Clock>) -> String {
    let turn_ms = clock.map_or(settings.timing.move_ms, |clock| clock.turn_ms);
    let match_ms = clock.and_then(|clock| clock.time_left_ms).unwrap_or(0);
    let mut text = format!("INFO timeout_turn {turn_ms}\r\nINFO timeout_match {match_ms}\r\n");
    // Sent always, as GomocupJudge does: 0 is "no limit" (GomocupProtocol.md).
    let max_memory = settings.memory_mb.map_or(0, |mb| mb << 20);
    text.push_str(&format!("INFO max_memory {max_memory}\r\n"));
    text.push_str("INFO game_type 1\r\n");
    if let Some(rule) = settings.rule {
        text.push_str(&format!("INFO rule {rule}\r\n"));
    }
    text
}

impl Player for GomocupPlayer {
    crate::driver::driver_field!();

    fn answer(&mut self, history: &[String]) -> Result<MoveAnswer, Fault> {
        let seen = self.driver.seen();
        let continuing = seen.is_some_and(|seen| seen + 1 == history.len());
        let fresh_game = seen == Some(0);
        let first = seen.is_none();
        // A live process takes `BOARD` too: it sets the whole position anew.
        let live = self.driver.take_live().map(|(process, _)| process);
        let command = match history.last() {
            None if first || fresh_game => "BEGIN\r\n".to_owned(),
            Some(last) if continuing => format!("TURN {}\r\n", self.board.to_gomocup(last)?),
            _ => self.board_command(history)?,
        };
        self.move_answer(live, &command, history.len())
    }

    fn answer_stones(&mut self, stones: &Stones) -> Option<Result<MoveAnswer, Fault>> {
        let command = (|| -> Result<String, Fault> {
            let mut text = String::from("BOARD\r\n");
            for (field, list) in [(1, &stones.own), (2, &stones.opponent)] {
                for point in list {
                    text.push_str(&format!("{},{field}\r\n", self.board.to_gomocup(point)?));
                }
            }
            text.push_str("DONE\r\n");
            Ok(text)
        })();
        let plies = stones.own.len() + stones.opponent.len();
        let live = self.driver.take_live().map(|(process, _)| process);
        Some(command.and_then(|command| self.move_answer(live, &command, plies)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> GomocupSettings {
        GomocupSettings {
            timing: Timing {
                first_ms: 5000,
                move_ms: 1000,
                tolerance_ms: 1000,
            },
            memory_mb: None,
            rule: Some(4),
        }
    }

    #[test]
    fn info_lines_carry_the_manifest_times_or_the_match_clock() {
        assert_eq!(
            info_lines(&settings(), None),
            "INFO timeout_turn 1000\r\nINFO timeout_match 0\r\nINFO max_memory 0\r\nINFO game_type \
             1\r\nINFO rule 4\r\n"
        );
        // A limit goes in bytes, as GomocupJudge sends it (350 MB: 367001600).
        let limited = GomocupSettings {
            memory_mb: Some(350),
            ..settings()
        };
        assert!(info_lines(&limited, None).contains("INFO max_memory 367001600\r\n"));
        let clock = Clock {
            turn_ms: 5000,
            time_left_ms: Some(180_000),
            byo_yomi: None,
        };
        assert!(
            info_lines(&settings(), Some(clock))
                .starts_with("INFO timeout_turn 5000\r\nINFO timeout_match 180000\r\n")
        );
    }

    #[test]
    fn a_clock_gives_the_shorter_of_the_turn_and_the_time_left() {
        let timing = settings().timing;
        assert_eq!(timing.under(None), timing);
        let short = timing.under(Some(Clock {
            turn_ms: 5000,
            time_left_ms: Some(700),
            byo_yomi: None,
        }));
        assert_eq!(
            (short.move_ms, short.first_ms, short.tolerance_ms),
            (700, 4700, 1000)
        );
        let turn = timing.under(Some(Clock {
            turn_ms: 2000,
            time_left_ms: None,
            byo_yomi: None,
        }));
        assert_eq!((turn.move_ms, turn.first_ms), (2000, 6000));
    }
}
