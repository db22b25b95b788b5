//! `cargo xtask protocol-check --engine NAME`: the mandatory commands and the edge cases of
//! the engine's protocol, each a row of a table (passed / failed / not applicable, detail).
//!
//! * Gomocup: `START`, `INFO` before `BEGIN`, `TURN`, `ABOUT`, an unknown command, `BOARD` in
//!   move order (renju: the engine must avoid a forbidden point), `RESTART` (or its `UNKNOWN`
//!   fallback: `END` and a relaunch), `SWAP2BOARD`'s three cases, `END`.
//! * Botzone (all three styles): first turns as each player, a mid-game history, histories
//!   with passes (Othello) and exchanges (gomoku exchange variants), a forbidden point (renju),
//!   and for keep-running several turns in one process.
//! * arbiter-line: `hello`, legal-move sets, `check`, `outcome`, `perft`, `forbidden`, `go`, an
//!   unknown command, `quit`.
//!
//! Positions come from the embedded engine of the same game: fixed-seed random playouts, so a
//! run is repeatable. Exit code 1 when a check failed.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow};
use arbiter::engine::{Algorithm, Budget, Position, PositionRequest, RulesEngine};
use arbiter::external::gomocup::{GomocupSettings, info_lines, read_answer};
use arbiter::external::line::LineSession;
use arbiter::external::sandbox::{Process, group_gone};
use arbiter::external::{Answer, ExternalEngine, Fault, Protocol, validate};
use arbiter::protocol::gomocup::Answer as GomocupAnswer;
use arbiter::protocol::line::{LineAnswer, LineCommand};
use arbiter_core::PerftConvention;
use clap::Args;

use crate::Status;

/// `cargo xtask protocol-check`.
#[derive(Args, Debug)]
pub struct ProtocolCheckArgs {
    /// The engine: a manifest `<manifests>/<NAME>.yaml`.
    #[arg(long)]
    pub engine: String,
    /// Where the manifests are.
    #[arg(long, default_value = "engines/external")]
    pub manifests: PathBuf,
}

/// How one check ended.
enum Outcome {
    Passed(String),
    Failed(String),
    NotApplicable(String),
}

struct Row {
    check: String,
    outcome: Outcome,
}

/// Black to move with h8 a double-three (f8 g8 h8 and h6 h7 h8 both open).
const DOUBLE_THREE: &str = "f8 a1 g8 a3 h6 a5 h7 a7";

/// Runs the checks and prints the table.
///
/// # Errors
/// The manifest cannot be loaded (exit code 2).
pub fn run(args: &ProtocolCheckArgs) -> Result<Status> {
    let engine = ExternalEngine::load(&args.manifests, &args.engine).map_err(|e| anyhow!("{e}"))?;
    let manifest = engine.manifest().clone();
    println!(
        "protocol check of `{}` ({} {}, protocol {})",
        manifest.name, manifest.game, manifest.variant, manifest.protocol
    );
    let checker = Checker::new(engine);
    let rows = match manifest.protocol {
        Protocol::Gomocup => checker.gomocup(),
        Protocol::ArbiterLine => checker.line(),
        _ => checker.botzone(),
    };
    checker.engine.shutdown();
    let mut leftovers = Vec::new();
    for pgid in checker.engine.groups() {
        let end = Instant::now() + Duration::from_secs(2);
        while !group_gone(pgid) && Instant::now() < end {
            std::thread::sleep(Duration::from_millis(10));
        }
        if !group_gone(pgid) {
            leftovers.push(pgid);
        }
    }
    let mut rows = rows;
    rows.push(Row {
        check: "no process left behind".to_owned(),
        outcome: if leftovers.is_empty() {
            Outcome::Passed(String::new())
        } else {
            Outcome::Failed(format!("process groups still alive: {leftovers:?}"))
        },
    });
    Ok(print(&rows))
}

fn print(rows: &[Row]) -> Status {
    let width = rows
        .iter()
        .map(|row| row.check.len())
        .max()
        .unwrap_or(5)
        .max(5);
    println!("{:<width$}  {:<14}  detail", "check", "result");
    println!("{:-<width$}  {:-<14}  {:-<6}", "", "", "");
    let mut failed = 0;
    for row in rows {
        let (result, detail) = match &row.outcome {
            Outcome::Passed(detail) => ("passed", detail),
            Outcome::Failed(detail) => {
                failed += 1;
                ("FAILED", detail)
            }
            Outcome::NotApplicable(detail) => ("not applicable", detail),
        };
        println!("{:<width$}  {result:<14}  {detail}", row.check);
    }
    println!("\n{} checks, {failed} failed", rows.len());
    if failed == 0 {
        Status::Ok
    } else {
        Status::Failures
    }
}

struct Checker {
    engine: ExternalEngine,
    variant: String,
    rows: std::cell::RefCell<Vec<Row>>,
}

/// A small fixed-seed generator for repeatable playouts.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

impl Checker {
    fn new(engine: ExternalEngine) -> Checker {
        let variant = engine.default_variant();
        Checker {
            engine,
            variant,
            rows: std::cell::RefCell::new(Vec::new()),
        }
    }

    fn record(&self, check: &str, outcome: Outcome) {
        self.rows.borrow_mut().push(Row {
            check: check.to_owned(),
            outcome,
        });
    }

    fn result(&self, check: &str, result: Result<String, String>) {
        self.record(
            check,
            match result {
                Ok(detail) => Outcome::Passed(detail),
                Err(detail) => Outcome::Failed(detail),
            },
        );
    }

    fn take(&self) -> Vec<Row> {
        self.rows.take()
    }

    fn reference(&self, history: &[String]) -> Box<dyn Position> {
        let request = PositionRequest {
            moves: history.to_vec(),
            ..PositionRequest::default()
        };
        self.engine
            .reference()
            .position(&self.variant, &request)
            .expect("a playout of the reference rules")
    }

    /// A random playout from the start until `stop` holds (checked before each move), at most
    /// `max` plies; `None` when `stop` never held.
    fn playout(
        &self,
        seed: u64,
        max: usize,
        stop: impl Fn(&[String], &dyn Position) -> bool,
    ) -> Option<Vec<String>> {
        let mut rng = Lcg(seed);
        let mut position = self.reference(&[]);
        let mut history = Vec::new();
        loop {
            if stop(&history, position.as_ref()) {
                return Some(history);
            }
            if history.len() >= max || position.outcome().is_some() {
                return None;
            }
            let legal = position.legal_moves();
            if legal.is_empty() {
                return None;
            }
            let mv = legal[rng.below(legal.len())].clone();
            position.play(&mv).ok()?;
            history.push(mv);
        }
    }

    /// The engine's checked answer after `history`, through a fresh player.
    fn ask(&self, history: &[String]) -> Result<String, String> {
        let mut player = self.engine.player().ok_or("no play protocol")?;
        let answer = player.answer(history);
        player.finish();
        self.engine.record_groups(&player.groups());
        let family = self.engine.board().map(|b| b.family).ok_or("no board")?;
        let reference = self.reference(history);
        answer
            .and_then(|answer| validate(reference.as_ref(), family, answer))
            .map_err(|fault| fault.to_string())
    }

    fn ask_check(&self, check: &str, history: Option<Vec<String>>, missing: &str) {
        match history {
            None => self.record(check, Outcome::NotApplicable(missing.to_owned())),
            Some(history) => {
                let result = self
                    .ask(&history)
                    .map(|mv| format!("after {} plies: {mv}", history.len()));
                self.result(check, result);
            }
        }
    }

    fn split(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    fn has_foul(&self) -> bool {
        self.engine.game() == "gomoku"
            && self
                .reference(&Self::split(DOUBLE_THREE))
                .forbidden()
                .is_some_and(|points| !points.is_empty())
    }

    // ---------------------------------------------------------------- Botzone

    fn botzone(&self) -> Vec<Row> {
        let protocol = self.engine.manifest().protocol;
        self.ask_check("first turn, moving first", Some(Vec::new()), "");
        let one = self.playout(1, 1, |h, _| h.len() == 1);
        self.ask_check("first turn, moving second", one, "no first move");
        let mid = self.playout(2, 12, |h, _| h.len() == 10);
        self.ask_check("a mid-game history", mid, "the game ends within 10 plies");
        let with_pass = (0..200).find_map(|seed| {
            self.playout(seed, 80, |h, p| {
                h.iter().any(|m| m == "pass") && p.legal_moves().iter().all(|m| m != "pass")
            })
        });
        self.ask_check(
            "a history with a pass",
            with_pass,
            "no pass within 200 random games of this game",
        );
        let only_pass =
            (0..200).find_map(|seed| self.playout(seed, 80, |_, p| p.legal_moves() == ["pass"]));
        self.ask_check(
            "only a pass is legal: pass",
            only_pass,
            "this game has no pass",
        );
        let offered = self.playout(3, 12, |_, p| p.legal_moves().iter().any(|m| m == "swap"));
        let after = offered.clone().map(|mut history| {
            history.push("swap".to_owned());
            history
        });
        self.ask_check("exchange offered", offered, "the variant has no exchange");
        self.ask_check(
            "after the opponent exchanged",
            after,
            "the variant has no exchange",
        );
        let foul = self.has_foul().then(|| Self::split(DOUBLE_THREE));
        self.ask_check(
            "avoids a forbidden point",
            foul,
            "no forbidden points in this variant",
        );
        if protocol == Protocol::BotzoneKeepRunning {
            self.result("keep-running: 5 turns in one process", self.keep_running(5));
        } else {
            self.record(
                "keep-running: 5 turns in one process",
                Outcome::NotApplicable("simple interaction".to_owned()),
            );
        }
        self.take()
    }

    /// One player, the opponent random: the process must stay and answer each new request.
    fn keep_running(&self, turns: usize) -> Result<String, String> {
        let mut player = self.engine.player().ok_or("no play protocol")?;
        let family = self.engine.board().map(|b| b.family).ok_or("no board")?;
        let mut rng = Lcg(7);
        let mut history: Vec<String> = Vec::new();
        let mut result = Ok(());
        for _ in 0..turns {
            let mut position = self.reference(&history);
            if position.outcome().is_some() {
                break;
            }
            match player
                .answer(&history)
                .and_then(|answer| validate(position.as_ref(), family, answer))
            {
                Ok(mv) => {
                    position.play(&mv).map_err(|r| r.to_string())?;
                    history.push(mv);
                }
                Err(fault) => {
                    result = Err(format!("turn {}: {fault}", history.len() / 2 + 1));
                    break;
                }
            }
            if position.outcome().is_some() {
                break;
            }
            let legal = position.legal_moves();
            history.push(legal[rng.below(legal.len())].clone());
        }
        player.finish();
        let groups = player.groups();
        self.engine.record_groups(&groups);
        result?;
        if groups.len() == 1 {
            Ok(format!("{} plies, one process", history.len()))
        } else {
            Err(format!(
                "{} processes were started for one game",
                groups.len()
            ))
        }
    }

    // ---------------------------------------------------------------- Gomocup

    fn settings(&self) -> GomocupSettings {
        let manifest = self.engine.manifest();
        GomocupSettings {
            first_ms: manifest.first_move_time_ms,
            move_ms: manifest.move_time_ms,
            memory_mb: manifest.memory_mb,
            rule: manifest.gomocup_rule,
        }
    }

    fn size(&self) -> u8 {
        self.engine.board().map_or(15, |board| board.size)
    }

    fn deadline(&self, first: bool) -> Instant {
        let manifest = self.engine.manifest();
        let ms = if first {
            manifest.first_move_time_ms
        } else {
            manifest.move_time_ms
        };
        Instant::now() + Duration::from_millis(ms)
    }

    /// A started engine: `START` answered `OK`.
    fn gomocup_start(&self) -> Result<Process, String> {
        let mut process = Process::spawn(&self.engine.spawn_spec()).map_err(|f| f.to_string())?;
        self.engine.record_groups(&[process.pgid()]);
        process
            .send(&format!("START {}\r\n", self.size()))
            .map_err(|f| f.to_string())?;
        let answer = read_answer(&mut process, self.deadline(true), "its answer to START")
            .map_err(|f| f.to_string())?;
        if answer == "OK" {
            Ok(process)
        } else {
            Err(format!("answered `{answer}` to START {}", self.size()))
        }
    }

    /// Sends `command` and checks the move it answers after `history`.
    fn gomocup_move(
        &self,
        process: &mut Process,
        command: &str,
        history: &[String],
    ) -> Result<String, String> {
        let board = self.engine.board().ok_or("no board")?;
        process.send(command).map_err(|f| f.to_string())?;
        let line =
            read_answer(process, self.deadline(false), "its move").map_err(|f| f.to_string())?;
        let answer: Result<Answer, Fault> = board.from_gomocup(&line);
        let reference = self.reference(history);
        answer
            .and_then(|answer| validate(reference.as_ref(), board.family, answer))
            .map_err(|fault| fault.to_string())
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

    fn gomocup(&self) -> Vec<Row> {
        let started = self.gomocup_start();
        self.result(
            "START answers OK",
            started
                .as_ref()
                .map(|_| String::new())
                .map_err(Clone::clone),
        );
        let Ok(mut process) = started else {
            return self.take();
        };
        let info = info_lines(&self.settings());
        let begin = process
            .send(&info)
            .map_err(|f| f.to_string())
            .and_then(|()| self.gomocup_move(&mut process, "BEGIN\r\n", &[]));
        self.result("INFO before BEGIN, then BEGIN", begin.clone());
        if let Ok(first) = begin {
            let history = vec![first];
            let reference = self.reference(&history);
            let legal = reference.legal_moves();
            let reply = legal[legal.len() / 3].clone();
            let command = match self.engine.board().map(|b| b.to_gomocup(&reply)) {
                Some(Ok(xy)) => format!("TURN {xy}\r\n"),
                _ => String::new(),
            };
            let mut history = history;
            history.push(reply);
            self.result(
                "TURN answers a legal move",
                self.gomocup_move(&mut process, &command, &history),
            );
        } else {
            self.record(
                "TURN answers a legal move",
                Outcome::NotApplicable("BEGIN failed".to_owned()),
            );
        }
        self.result(
            "unknown command: UNKNOWN",
            self.simple_answer(&mut process, "ARBITER-PROBE\r\n", |a| {
                a.starts_with("UNKNOWN")
            }),
        );
        self.result(
            "ABOUT names the engine",
            self.simple_answer(&mut process, "ABOUT\r\n", |a| a.contains("name=")),
        );
        // RESTART: OK, or UNKNOWN and then the manager relaunches.
        let restart = (|| -> Result<String, String> {
            process.send("RESTART\r\n").map_err(|f| f.to_string())?;
            let answer = read_answer(&mut process, self.deadline(false), "its answer to RESTART")
                .map_err(|f| f.to_string())?;
            match answer.as_str() {
                "OK" => {
                    process.send(&info).map_err(|f| f.to_string())?;
                    let mv = self.gomocup_move(&mut process, "BEGIN\r\n", &[])?;
                    Ok(format!("RESTART supported; BEGIN then {mv}"))
                }
                a if a.starts_with("UNKNOWN") => {
                    let _ = process.send("END\r\n");
                    process.shutdown(Duration::from_millis(1000));
                    process = self.gomocup_start()?;
                    process.send(&info).map_err(|f| f.to_string())?;
                    let mv = self.gomocup_move(&mut process, "BEGIN\r\n", &[])?;
                    Ok(format!("RESTART unknown; END and relaunch, then {mv}"))
                }
                other => Err(format!(
                    "answered `{other}` to RESTART (expected OK or UNKNOWN)"
                )),
            }
        })();
        self.result("RESTART (or UNKNOWN and relaunch)", restart);
        // BOARD in move order: for renju the position has a foul the engine must avoid.
        let history = if self.has_foul() {
            Self::split(DOUBLE_THREE)
        } else {
            self.playout(5, 10, |h, _| h.len() == 8).unwrap_or_default()
        };
        let board = self
            .board_command(&history)
            .and_then(|command| self.gomocup_move(&mut process, &command, &history));
        self.result(
            if self.has_foul() {
                "BOARD in move order, foul avoided"
            } else {
                "BOARD in move order"
            },
            board,
        );
        self.swap2(&mut process);
        process.send("END\r\n").ok();
        let ended = process.wait_exit(Duration::from_millis(1000));
        self.result(
            "END ends the process within 1 s",
            ended
                .map(|s| format!("{s}"))
                .ok_or_else(|| "still running 1 s after END".to_owned()),
        );
        process.kill();
        self.take()
    }

    /// Sends `command`; the first non-informational line must satisfy `ok`.
    fn simple_answer(
        &self,
        process: &mut Process,
        command: &str,
        ok: impl Fn(&str) -> bool,
    ) -> Result<String, String> {
        process.send(command).map_err(|f| f.to_string())?;
        let line =
            read_answer(process, self.deadline(false), "its answer").map_err(|f| f.to_string())?;
        if ok(&line) {
            Ok(line)
        } else {
            Err(format!("answered `{line}`"))
        }
    }

    fn swap2(&self, process: &mut Process) {
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
            let mut command = String::from("SWAP2BOARD\r\n");
            for (x, y) in stones {
                command.push_str(&format!("{x},{y}\r\n"));
            }
            command.push_str("DONE\r\n");
            let answer = process
                .send(&command)
                .map_err(|f| f.to_string())
                .and_then(|()| {
                    read_answer(process, self.deadline(false), "its swap2 answer")
                        .map_err(|f| f.to_string())
                });
            let outcome = match answer {
                Err(detail) => Outcome::Failed(detail),
                Ok(line) => match GomocupAnswer::parse(&line) {
                    Ok(GomocupAnswer::Unknown(_)) if !swap2 => Outcome::NotApplicable(format!(
                        "answered `{line}` (swap2 is optional outside swap2 variants)"
                    )),
                    Ok(answer) => match swap2_ok(stones, &answer, i32::from(self.size())) {
                        Ok(()) => Outcome::Passed(line),
                        Err(why) => Outcome::Failed(format!("answered `{line}`: {why}")),
                    },
                    Err(error) => Outcome::Failed(format!("answered `{line}`: {error}")),
                },
            };
            self.record(check, outcome);
        }
    }

    // ---------------------------------------------------------------- arbiter-line

    fn line(&self) -> Vec<Row> {
        let variant = self.variant.clone();
        let position_of = |history: &[String]| {
            self.engine.position(
                &variant,
                &PositionRequest {
                    moves: history.to_vec(),
                    ..PositionRequest::default()
                },
            )
        };
        let faults = |engine: &ExternalEngine| {
            let faults = engine.take_faults();
            if faults.is_empty() {
                String::new()
            } else {
                format!(
                    " (faults: {})",
                    faults
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("; ")
                )
            }
        };
        let hello = LineSession::start(&self.engine).map(|mut s| s.quit());
        self.result(
            "hello names the game; variant accepted",
            hello.map(|()| String::new()).map_err(|f| f.to_string()),
        );
        // Legal-move sets at playout positions.
        let mut mismatches = Vec::new();
        let mut compared = 0;
        for seed in 0..6 {
            let plies = 2 + 5 * seed as usize;
            let Some(history) = self.playout(seed, plies, |h, _| h.len() == plies) else {
                continue;
            };
            let Ok(position) = position_of(&history) else {
                continue;
            };
            let mut actual = position.legal_moves();
            let mut expected = self.reference(&history).legal_moves();
            actual.sort();
            expected.sort();
            compared += 1;
            if actual != expected {
                mismatches.push(format!(
                    "after `{}`: {} moves, expected {}{}",
                    history.join(" "),
                    actual.len(),
                    expected.len(),
                    faults(&self.engine)
                ));
            }
        }
        self.result(
            "legal moves match the reference",
            if mismatches.is_empty() {
                Ok(format!("{compared} positions"))
            } else {
                Err(mismatches.join("; "))
            },
        );
        // check: a move that was legal and is not any more.
        let check = self.playout(11, 6, |h, _| h.len() == 4).map(|history| {
            let reference = self.reference(&history);
            let probe = history[0].clone();
            let expected = reference.check(&probe).err();
            let actual = position_of(&history).map(|p| p.check(&probe).err());
            match (expected, actual) {
                (None, _) => Outcome::NotApplicable(format!("`{probe}` is still legal")),
                (Some(e), Ok(Some(a))) if a.code == e.code => {
                    Outcome::Passed(format!("`{probe}` refused: {}", a.code))
                }
                (Some(e), Ok(Some(a))) => Outcome::Failed(format!(
                    "`{probe}` refused as `{}`, expected `{}`",
                    a.code, e.code
                )),
                (Some(e), Ok(None)) => {
                    Outcome::Failed(format!("`{probe}` accepted; the rules refuse it: {e}"))
                }
                (Some(_), Err(error)) => Outcome::Failed(error.to_string()),
            }
        });
        self.record(
            "check refuses an illegal move",
            check.unwrap_or(Outcome::NotApplicable("no position".to_owned())),
        );
        // outcome: none mid-game, and the result of a finished random game.
        let mid = self
            .playout(12, 6, |h, _| h.len() == 4)
            .and_then(|h| position_of(&h).ok());
        self.result(
            "outcome none mid-game",
            match mid.map(|p| p.outcome()) {
                Some(None) => Ok(String::new()),
                Some(Some(outcome)) => Err(format!("says `{outcome}`{}", faults(&self.engine))),
                None => Err("no position".to_owned()),
            },
        );
        let finished = self.playout(13, 1000, |_, p| p.outcome().is_some());
        let outcome = finished.map(|history| {
            let expected = self.reference(&history).outcome();
            let actual = position_of(&history).ok().and_then(|p| p.outcome());
            match (expected, actual) {
                (Some(e), Some(a)) if e.winner == a.winner => Ok(format!("{a}")),
                (Some(e), a) => Err(format!("expected `{e}`, got {a:?}{}", faults(&self.engine))),
                (None, _) => Err("the playout did not end".to_owned()),
            }
        });
        match outcome {
            Some(result) => self.result("outcome of a finished game", result),
            None => self.record(
                "outcome of a finished game",
                Outcome::NotApplicable("no random game ended within 1000 plies".to_owned()),
            ),
        }
        // perft from the start.
        let perft = position_of(&[]).map(|mut position| {
            let mut reference = self.reference(&[]);
            let convention = PerftConvention::SequencesOfExactLength;
            (1..=2)
                .map(|depth| {
                    (
                        depth,
                        position.perft(depth, convention),
                        reference.perft(depth, convention),
                    )
                })
                .collect::<Vec<_>>()
        });
        self.result(
            "perft 1 and 2 from the start",
            match perft {
                Ok(counts) if counts.iter().all(|(_, a, e)| a == e) => Ok(format!("{counts:?}")),
                Ok(counts) => Err(format!(
                    "(depth, engine, reference): {counts:?}{}",
                    faults(&self.engine)
                )),
                Err(error) => Err(error.to_string()),
            },
        );
        if self.has_foul() {
            let history = Self::split(DOUBLE_THREE);
            let expected = self.reference(&history).forbidden();
            let actual = position_of(&history).ok().and_then(|p| p.forbidden());
            let sorted = |list: Option<Vec<(String, String)>>| {
                list.map(|mut l| {
                    l.sort();
                    l
                })
            };
            let (expected, actual) = (sorted(expected), sorted(actual));
            self.result(
                "forbidden points",
                if expected == actual {
                    Ok(format!("{actual:?}"))
                } else {
                    Err(format!(
                        "expected {expected:?}, got {actual:?}{}",
                        faults(&self.engine)
                    ))
                },
            );
        } else {
            self.record(
                "forbidden points",
                Outcome::NotApplicable("no fouls in this variant".to_owned()),
            );
        }
        let go = position_of(&[]).map_err(|e| e.to_string()).and_then(|p| {
            p.search(Algorithm::AlphaBeta, Budget::Depth(1), None)
                .map_err(|e| e.to_string())
        });
        self.result(
            "go depth 1 gives a legal move",
            go.and_then(|r| r.best.ok_or_else(|| "bestmove none".to_owned())),
        );
        self.engine.shutdown();
        // Raw: an unknown command, then quit.
        let raw = LineSession::start(&self.engine)
            .map_err(|f| f.to_string())
            .and_then(|mut session| {
                let answer = session
                    .ask(&LineCommand::Unknown("arbiter-probe".to_owned()), 5000)
                    .map_err(|f| f.to_string());
                self.engine.record_groups(&session.groups());
                session.quit();
                answer
            });
        self.result(
            "unknown command: error unknown-command",
            match raw {
                Ok(LineAnswer::UnknownCommand(word)) => Ok(word),
                Ok(other) => Err(format!("answered `{other}`")),
                Err(error) => Err(error),
            },
        );
        self.take()
    }
}

/// Whether a swap2 answer fits the stones placed so far.
fn swap2_ok(stones: &[(i32, i32)], answer: &GomocupAnswer, size: i32) -> Result<(), String> {
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
        (0, GomocupAnswer::Stones(placed)) if placed.len() == 3 => fresh(placed),
        (3, GomocupAnswer::Swap) | (5, GomocupAnswer::Swap) => Ok(()),
        (3 | 5, GomocupAnswer::Move(x, y)) => fresh(&[(*x, *y)]),
        (3, GomocupAnswer::Stones(placed)) if placed.len() == 2 => fresh(placed),
        (n, _) => Err(format!("not a valid answer with {n} stones placed")),
    }
}
