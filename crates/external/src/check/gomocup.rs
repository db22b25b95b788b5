//! The Gomocup rows: `START`, `INFO` before `BEGIN`, `TURN`, an unknown command, `ABOUT`,
//! `RESTART` (or its `UNKNOWN` fallback: `END` and a relaunch), `BOARD` in move order (renju:
//! a forbidden point to avoid), `SWAP2BOARD`'s three cases, `END`. Each row is a fresh process.

use std::time::Duration;

use super::{Checker, DOUBLE_THREE, RowVerdict};
use crate::gomocup::{
    GomocupSettings, info_lines, is_information, is_noise_before_move, memory_advice,
};
use crate::sandbox::{Process, preview};
use crate::{Timing, validate};
use arbiter_engine::RulesEngine;
use arbiter_protocol::gomocup::{Command, EngineLine};

/// One row's engine: started, `START` answered.
struct Session<'a> {
    checker: &'a Checker,
    process: Process,
    timing: Timing,
}

impl<'a> Session<'a> {
    /// A fresh process that answered `START N` with `OK`.
    fn start(checker: &'a Checker) -> Result<Session<'a>, String> {
        let timing = Timing::of(checker.engine.manifest());
        let mut process =
            Process::spawn(&checker.engine.spawn_spec()).map_err(|f| f.to_string())?;
        checker.engine.record_started(&[process.started()]);
        let size = checker.size();
        process
            .send(&format!("START {size}\r\n"))
            .map_err(|f| f.to_string())?;
        let deadline = timing.for_start("start-up time");
        let answer = process
            .read_answer(&deadline, "its answer to START", &is_information)
            .map_err(|f| f.to_string())?;
        if let Some(warning) = deadline.lateness_warning("its answer to START") {
            checker.engine.warn(vec![warning]);
        }
        if !answer.trim().eq_ignore_ascii_case("OK") {
            return Err(protocol(format!(
                "answered `{}` to START {size}",
                preview(&answer)
            )));
        }
        Ok(Session {
            checker,
            process,
            timing,
        })
    }

    fn send(&mut self, text: &str) -> Result<(), String> {
        self.process.send(text).map_err(|f| f.to_string())
    }

    /// A fresh process's answer to `command` sent right after `START` (information skipped),
    /// read as `what`.
    fn ask(checker: &'a Checker, command: &str, what: &str) -> Result<String, String> {
        let mut session = Session::start(checker)?;
        session.send(command)?;
        session.answer(what, &is_information)
    }

    /// The `INFO` lines of the manifest's default variant.
    fn info(&mut self) -> Result<(), String> {
        let manifest = self.checker.engine.manifest();
        let settings = GomocupSettings {
            timing: self.timing,
            memory_mb: manifest.memory_mb,
            rule: manifest.variants[0].gomocup_rule,
        };
        self.send(&info_lines(&settings, None))
    }

    /// The next answer line within the move time, skipping `noise`; then the memory, as a
    /// Gomocup judge measures it after each answer.
    fn answer(&mut self, what: &str, noise: &dyn Fn(&str) -> bool) -> Result<String, String> {
        let deadline = self.timing.for_move();
        let line = self
            .process
            .read_answer(&deadline, what, noise)
            .map_err(|f| f.to_string())?;
        let memory_mb = self.checker.engine.manifest().memory_mb;
        self.process
            .watch_memory(true)
            .map_err(|f| memory_advice(f, memory_mb).to_string())?;
        if let Some(warning) = deadline.lateness_warning(what) {
            self.checker.engine.warn(vec![warning]);
        }
        Ok(line)
    }

    /// Sends a move command and checks the move it answers after `history`; `ERROR` lines
    /// before the move are skipped, with a warning.
    fn play(&mut self, command: &str, history: &[String]) -> Result<String, String> {
        let board = self.checker.engine.board().ok_or("no board")?;
        self.send(command)?;
        let errors = std::cell::Cell::new(0);
        let noise = |line: &str| {
            if is_noise_before_move(line) && !is_information(line) {
                errors.set(errors.get() + 1);
            }
            is_noise_before_move(line)
        };
        let line = self.answer("its move", &noise);
        if errors.get() > 0 {
            self.checker.engine.warn(vec![format!(
                "printed {} ERROR line(s) while a move was awaited (skipped, as the managers do)",
                errors.get()
            )]);
        }
        let line = line?;
        let reference = self.checker.reference(history);
        board
            .answer_from_gomocup(&line)
            .and_then(|answer| validate(reference.as_ref(), answer))
            .map_err(|fault| fault.to_string())
    }
}

impl Checker {
    fn size(&self) -> u8 {
        self.engine.board().map_or(15, |board| board.size)
    }

    fn board_command(&self, history: &[String]) -> Result<String, String> {
        let board = self.engine.board().ok_or("no board")?;
        let me = history.len() % 2;
        let mut text = String::from("BOARD\r\n");
        for (ply, mv) in history.iter().enumerate() {
            let owner = if ply % 2 == me { 1 } else { 2 };
            let xy = board.to_gomocup(mv).map_err(|f| f.to_string())?;
            text.push_str(&format!("{xy},{owner}\r\n"));
        }
        text.push_str("DONE\r\n");
        Ok(text)
    }

    pub(super) fn gomocup(&self) {
        let size = self.size();
        self.result(
            "START answers OK",
            Session::start(self).map(|_| format!("START {size} → OK")),
        );
        let begin = (|| {
            let mut session = Session::start(self)?;
            session.info()?;
            session.play("BEGIN\r\n", &[])
        })();
        self.result(
            "INFO before BEGIN, then BEGIN",
            begin.clone().map(|mv| format!("START, INFO, BEGIN → {mv}")),
        );
        let turn = (|| {
            let mut session = Session::start(self)?;
            session.info()?;
            let first = session.play("BEGIN\r\n", &[])?;
            let mut history = vec![first];
            let legal = self.legal(&history);
            let reply = legal[legal.len() / 3].clone();
            let board = self.engine.board().ok_or("no board")?;
            let xy = board.to_gomocup(&reply).map_err(|f| f.to_string())?;
            history.push(reply.clone());
            let mv = session.play(&format!("TURN {xy}\r\n"), &history)?;
            Ok(format!(
                "BEGIN → {}, TURN {xy} ({reply}) → {mv}",
                history[0]
            ))
        })();
        self.result("TURN answers a legal move", turn);
        self.unknown_command();
        self.about();
        self.restart();
        // BOARD in move order: for renju the position has a foul the engine must avoid.
        let foul = self.has_foul();
        let history = if foul {
            Self::split(DOUBLE_THREE)
        } else {
            self.playout(5, 10, |h, _| h.len() == 8).unwrap_or_default()
        };
        let board = (|| {
            let command = self.board_command(&history)?;
            let mut session = Session::start(self)?;
            session.info()?;
            let mv = session.play(&command, &history)?;
            Ok(format!("BOARD of {} stones → {mv}", history.len()))
        })();
        self.result(
            if foul {
                "BOARD in move order, foul avoided"
            } else {
                "BOARD in move order"
            },
            board,
        );
        self.swap2();
        let end = (|| {
            let mut session = Session::start(self)?;
            session.info()?;
            session.send("END\r\n")?;
            let status = session.process.wait_exit(Duration::from_millis(1000));
            status
                .map(|s| format!("exited: {s}"))
                .ok_or_else(|| protocol("still running 1 s after END".to_owned()))
        })();
        self.result("END ends the process within 1 s", end);
    }

    /// An unknown command must get `UNKNOWN`; `ERROR` is tolerated with a warning.
    fn unknown_command(&self) {
        let check = "unknown command: UNKNOWN";
        let answer = Session::ask(
            self,
            "ARBITER-PROBE\r\n",
            "its answer to an unknown command",
        );
        let word = |line: &str| {
            line.split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_uppercase()
        };
        match answer {
            Ok(line) if word(&line) == "UNKNOWN" => {
                self.result(check, Ok(format!("ARBITER-PROBE → {}", preview(&line))));
            }
            Ok(line) if word(&line) == "ERROR" => {
                let _ = self.engine.take_warnings();
                self.record(
                    check,
                    RowVerdict::Warning,
                    format!(
                        "answered `{}` where the protocol says UNKNOWN (managers accept it)",
                        preview(&line)
                    ),
                );
            }
            Ok(line) => self.result(
                check,
                Err(protocol(format!(
                    "answered `{}` to ARBITER-PROBE",
                    preview(&line)
                ))),
            ),
            Err(error) => self.result(check, Err(error)),
        }
    }

    /// `ABOUT` is optional: a missing or unreadable answer is a warning.
    fn about(&self) {
        let check = "ABOUT names the engine";
        let answer = Session::ask(self, "ABOUT\r\n", "its answer to ABOUT");
        let _ = self.engine.take_warnings();
        match answer {
            Ok(line) if line.contains("name=") => {
                self.record(check, RowVerdict::Passed, preview(&line));
            }
            Ok(line) => self.record(
                check,
                RowVerdict::Warning,
                format!(
                    "answered `{}` (ABOUT is optional; managers show the name it gives)",
                    preview(&line)
                ),
            ),
            Err(error) => self.record(
                check,
                RowVerdict::Warning,
                format!("no ABOUT answer (it is optional): {error}"),
            ),
        }
    }

    /// `RESTART`: `OK`, or `UNKNOWN` and then the manager relaunches.
    fn restart(&self) {
        let restart = (|| -> Result<String, String> {
            let mut session = Session::start(self)?;
            session.info()?;
            let first = session.play("BEGIN\r\n", &[])?;
            session.send("RESTART\r\n")?;
            let answer = session.answer("its answer to RESTART", &is_information)?;
            let word = answer
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_uppercase();
            match word.as_str() {
                "OK" => {
                    session.info()?;
                    let mv = session.play("BEGIN\r\n", &[])?;
                    Ok(format!("BEGIN → {first}, RESTART → OK, BEGIN → {mv}"))
                }
                "UNKNOWN" | "ERROR" => {
                    if word == "ERROR" {
                        self.engine.warn(vec![format!(
                            "answered `{}` to RESTART where the protocol says UNKNOWN",
                            preview(&answer)
                        )]);
                    }
                    let _ = session.send("END\r\n");
                    session.process.shutdown(Duration::from_millis(1000));
                    let mut session = Session::start(self)?;
                    session.info()?;
                    let mv = session.play("BEGIN\r\n", &[])?;
                    Ok(format!(
                        "RESTART → {}; END and relaunch, then BEGIN → {mv}",
                        preview(&answer)
                    ))
                }
                _ => Err(protocol(format!(
                    "answered `{}` to RESTART (expected OK or UNKNOWN)",
                    preview(&answer)
                ))),
            }
        })();
        self.result("RESTART (or UNKNOWN and relaunch)", restart);
    }

    /// `SWAP2BOARD`'s three cases, each on a fresh process: the answer must fit the stones.
    fn swap2(&self) {
        let swap2 = self.variant.contains("swap2");
        let cases: [(&str, &[(i32, i32)]); 3] = [
            ("SWAP2BOARD, empty: three stones", &[]),
            (
                "SWAP2BOARD, 3 stones: SWAP or 1-2 stones",
                &[(7, 7), (8, 7), (7, 9)],
            ),
            (
                "SWAP2BOARD, 5 stones: SWAP or a stone",
                &[(7, 7), (8, 7), (7, 9), (9, 9), (6, 6)],
            ),
        ];
        for (check, stones) in cases {
            if !swap2 {
                // A manager sends SWAP2BOARD only in swap2 games (GomocupJudge's ai_match.py),
                // so how a brain that plays none answers it decides nothing.
                self.record(
                    check,
                    RowVerdict::NotApplicable,
                    "not sent: the manifest offers no swap2 variant, and a Gomocup manager sends \
                     SWAP2BOARD only in swap2 games"
                        .to_owned(),
                );
                continue;
            }
            let (answer, printed) = self.swap2_answer(stones);
            let _ = self.engine.take_warnings();
            let (verdict, detail) = swap2_verdict(stones, answer, i32::from(self.size()));
            let detail = match (&verdict, printed) {
                (RowVerdict::Failed, Some(printed)) => detail + &printed,
                _ => detail,
            };
            self.record(check, verdict, detail);
        }
    }

    /// A fresh process's answer to `SWAP2BOARD` with `stones`, and a note of the last `ERROR`
    /// line it printed before that answer, if any.
    fn swap2_answer(&self, stones: &[(i32, i32)]) -> (Result<String, String>, Option<String>) {
        let command = Command::Swap2Board(stones.to_vec()).to_wire();
        // An ERROR line skipped before the answer explains a wrong one (e.g. an engine that
        // reads the stones as BOARD's `X,Y,field` rather than the protocol's `X,Y`).
        let last_error = std::cell::RefCell::new(None::<String>);
        let noise = |line: &str| {
            if is_noise_before_move(line) && !is_information(line) {
                *last_error.borrow_mut() = Some(line.trim().to_owned());
            }
            is_noise_before_move(line)
        };
        let answer = (|| {
            let mut session = Session::start(self)?;
            session.info()?;
            session.send(&command)?;
            session.answer("its swap2 answer", &noise)
        })();
        let printed = last_error.into_inner().map(|line| {
            format!(
                "; before it the engine printed `{}` (the stones went as `X,Y` lines, as the \
                 protocol gives them)",
                preview(&line)
            )
        });
        (answer, printed)
    }
}

/// The row's verdict on a swap2 `answer` to `stones` on a board of `size`.
fn swap2_verdict(
    stones: &[(i32, i32)],
    answer: Result<String, String>,
    size: i32,
) -> (RowVerdict, String) {
    match answer {
        Err(detail) => (RowVerdict::Failed, detail),
        Ok(line) => match EngineLine::parse(&line) {
            Ok(answer) => match swap2_ok(stones, &answer, size) {
                Ok(()) => (RowVerdict::Passed, line),
                Err(why) => (
                    RowVerdict::Failed,
                    format!("illegal-move: answered `{line}`: {why}"),
                ),
            },
            Err(error) => (
                RowVerdict::Failed,
                protocol(format!("answered `{line}`: {error}")),
            ),
        },
    }
}

/// A protocol-error row detail, in the fault's own spelling.
fn protocol(detail: String) -> String {
    arbiter_engine::Fault::protocol(detail).to_string()
}

/// Whether a swap2 answer fits the stones placed so far.
fn swap2_ok(stones: &[(i32, i32)], answer: &EngineLine, size: i32) -> Result<(), String> {
    let fresh = |placed: &[(i32, i32)]| -> Result<(), String> {
        let mut seen: Vec<(i32, i32)> = stones.to_vec();
        for &(x, y) in placed {
            if !(0..size).contains(&x) || !(0..size).contains(&y) {
                return Err(format!("{x},{y} is off the board"));
            }
            if seen.contains(&(x, y)) {
                return Err(format!("{x},{y} is occupied"));
            }
            seen.push((x, y));
        }
        Ok(())
    };
    match (stones.len(), answer) {
        (0, EngineLine::Stones(placed)) if placed.len() == 3 => fresh(placed),
        (3 | 5, EngineLine::Swap) => Ok(()),
        (3 | 5, EngineLine::Move(x, y)) => fresh(&[(*x, *y)]),
        (3, EngineLine::Stones(placed)) if placed.len() == 2 => fresh(placed),
        (n, _) => Err(format!("not a valid answer with {n} stones placed")),
    }
}
