//! Driving a xiangqi engine over UCCI 3.0 (ElephantEye, Fairy-Stockfish after `ucci`) or UCI as
//! xiangqi engines speak it (Pikafish; Fairy-Stockfish). The codec is
//! [`arbiter_protocol::ucci`].
//!
//! * **Start-up**: `ucci` (or `uci`), the `id` and `option` lines up to `ucciok` (`uciok`)
//!   within the start-up time; then, under UCCI, `setoption usemillisec true` when the engine
//!   offers it (times in milliseconds, else whole seconds), under UCI `setoption name UCI_Variant
//!   value xiangqi` when the engine offers `UCI_Variant` (Fairy-Stockfish: its moves then count
//!   ranks from 1, `h3e3` for `h2e2`, which the driver translates); then `isready`, answered
//!   `readyok`. Lines before `ucciok` that are neither (Fairy-Stockfish's banner) are skipped
//!   with a warning.
//! * **Positions**: `position fen F moves m…`, F the position after the last capture and the
//!   moves since (UCCI 3.0 §"position": the engine needs no more to judge repetitions), from
//!   the start or from a case's board (its FEN and its moves, so that a case about a
//!   repetition reaches the engine with the moves that make it); then `banmoves` when moves are banned (UCCI),
//!   and `isready` … `readyok`, so that a late `bestmove` of an earlier `go` is skipped and
//!   noted, never read as the next answer.
//! * **Time**: UCCI `go time T movestogo 1`, UCI `go movetime T`, T the move time (a match's
//!   clock included); the answer is due T plus the tolerance after `go`.
//! * **Answers**: `bestmove m [ponder p] [draw|resign]` (a draw offer is kept as the move's
//!   note; a resignation is the answer [`MoveAnswer::Resign`], the move it named in the note),
//!   `nobestmove` (UCI and Fairy-Stockfish: `bestmove (none)`), which is a
//!   protocol error where a legal move is left; `info` and blank lines are skipped.

use std::time::Duration;

use super::board::MoveAnswer;
use super::driver::{Driver, Goodbye, blank};
use super::sandbox::{Deadline, Process, SpawnSpec, preview};
use super::{Player, Timing};
use arbiter_engine::fault::{Fault, FaultKind};
use arbiter_engine::{PositionRequest, RulesEngine, find_engine};
use arbiter_protocol::Protocol;
use arbiter_protocol::ucci::{Command, Dialect, Go, Position, Reply, UcciClock};

/// `quit`, a second to leave (UCCI engines answer `bye`), then the tree is killed.
pub(crate) const GOODBYE: Goodbye = Goodbye {
    line: "quit\n",
    grace: Duration::from_millis(1000),
};

/// What the engine said at start-up.
#[derive(Clone, Debug, Default)]
pub(crate) struct Hello {
    /// `id name`, if given.
    pub(crate) name: Option<String>,
    /// The options it announced, by name.
    pub(crate) options: Vec<String>,
    /// Lines that were not the protocol's (a banner), skipped.
    pub(crate) foreign: Vec<String>,
}

/// The engine's answer to one `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Best {
    /// `bestmove`, decoded (or off the board), with `draw` or `resign` if it said so.
    Move {
        answer: MoveAnswer,
        draw: bool,
        resign: bool,
    },
    /// `nobestmove` (or `bestmove (none)`).
    None,
}

/// A xiangqi engine's side of a game over UCCI or UCI.
pub(crate) struct UcciPlayer {
    driver: Driver,
    /// The dialect asked for (UCI engines may switch to ranks from 1 at start-up).
    protocol: Protocol,
    dialect: Dialect,
    /// UCCI `usemillisec` was set: times go in milliseconds.
    millis: bool,
    /// The variant whose rules replay a history (for the FEN after the last capture).
    variant: String,
    reference: Box<dyn RulesEngine>,
    /// Moves the next position bans (`banmoves`, UCCI).
    banned: Vec<String>,
    /// The last answer's draw offer or resignation, for the match record.
    note: Option<String>,
}

impl UcciPlayer {
    /// A player started from `spec`, speaking `protocol` (UCCI or UCI) in `variant`.
    ///
    /// # Panics
    /// Never: the xiangqi engine is in the registry.
    #[must_use]
    pub(crate) fn new(
        spec: SpawnSpec,
        timing: Timing,
        protocol: Protocol,
        variant: &str,
    ) -> UcciPlayer {
        UcciPlayer {
            driver: Driver::new(spec, timing, GOODBYE),
            protocol,
            dialect: if protocol == Protocol::Uci {
                Dialect::Uci
            } else {
                Dialect::Ucci
            },
            millis: false,
            variant: variant.to_owned(),
            reference: find_engine("xiangqi").expect("xiangqi is an embedded engine"),
            banned: Vec::new(),
            note: None,
        }
    }

    /// The dialect in force (after start-up: UCI engines that count ranks from 1 included).
    #[must_use]
    pub(crate) fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Sends one line in the dialect.
    fn send(&self, process: &mut Process, command: &Command) -> Result<(), Fault> {
        process.send(&format!("{}\n", command.format(self.dialect)))
    }

    /// Starts the engine: the hello up to `ucciok`/`uciok`, the options arbiter sets, and
    /// `isready` answered.
    ///
    /// # Errors
    /// The engine did not start, or did not answer the hello or `isready` in time.
    pub(crate) fn start(&mut self) -> Result<(Process, Hello), Fault> {
        let mut process = self.driver.spawn()?;
        self.dialect = if self.protocol == Protocol::Uci {
            Dialect::Uci
        } else {
            Dialect::Ucci
        };
        self.send(&mut process, &Command::Hello)?;
        let ok = if self.dialect.is_uci() {
            "uciok"
        } else {
            "ucciok"
        };
        let deadline = self.driver.timing().for_start("start-up time");
        let mut hello = Hello::default();
        let dialect = self.dialect;
        loop {
            let line = process
                .read_line(&deadline, &format!("`{ok}`"))
                .map_err(|fault| {
                    fault.context(&format!("at start-up (`{}`)", &ok[..ok.len() - 2]))
                })?;
            match Reply::parse(dialect, &line) {
                Ok(Reply::Ok) => break,
                Ok(Reply::Id { field, value }) if field == "name" => hello.name = Some(value),
                Ok(Reply::Option { name, .. }) => hello.options.push(name),
                Ok(Reply::Id { .. } | Reply::Info(_)) => {}
                _ if blank(&line) => {}
                _ => {
                    hello.foreign.push(line);
                    if hello.foreign.len() > super::sandbox::MAX_SKIPPED_LINES {
                        return Err(Fault::protocol(format!(
                            "more than {} lines that are not UCCI/UCI before `{ok}`",
                            super::sandbox::MAX_SKIPPED_LINES
                        )));
                    }
                }
            }
        }
        self.driver.note_late(&deadline, &format!("its `{ok}`"));
        if let Some(first) = hello.foreign.first() {
            self.driver.warn(format!(
                "printed {} line(s) before `{ok}` that are not the protocol's (skipped; the \
                 first: `{}`)",
                hello.foreign.len(),
                preview(first)
            ));
        }
        let offers = |name: &str| hello.options.iter().any(|o| o.eq_ignore_ascii_case(name));
        if self.dialect.is_uci() && offers("UCI_Variant") {
            let set = Command::SetOption {
                name: "UCI_Variant".to_owned(),
                value: Some("xiangqi".to_owned()),
            };
            self.send(&mut process, &set)?;
            self.dialect = Dialect::UciRanksFromOne;
        }
        if !self.dialect.is_uci() && offers("usemillisec") {
            let set = Command::SetOption {
                name: "usemillisec".to_owned(),
                value: Some("true".to_owned()),
            };
            self.send(&mut process, &set)?;
            self.millis = true;
        }
        let deadline = self.driver.timing().for_start("start-up time");
        self.sync(&mut process, &deadline)
            .map_err(|fault| fault.context("at start-up"))?;
        Ok((process, hello))
    }

    /// Sends `isready` and reads up to `readyok`, skipping `info` lines and noting a stale
    /// `bestmove`.
    ///
    /// # Errors
    /// The engine failed, timed out, or answered something else.
    pub(crate) fn sync(&mut self, process: &mut Process, deadline: &Deadline) -> Result<(), Fault> {
        self.send(process, &Command::IsReady)?;
        let dialect = self.dialect;
        let stale = std::cell::Cell::new(0);
        let line = process.read_answer(deadline, "`readyok`", &|line| match Reply::parse(
            dialect, line,
        ) {
            Ok(Reply::ReadyOk) => false,
            Ok(Reply::BestMove { .. } | Reply::NoBestMove) => {
                stale.set(stale.get() + 1);
                true
            }
            _ => true,
        })?;
        if stale.get() > 0 {
            self.driver.warn(format!(
                "{} `bestmove` line(s) of an earlier `go` came before `readyok` and were ignored",
                stale.get()
            ));
        }
        match Reply::parse(dialect, &line) {
            Ok(Reply::ReadyOk) => Ok(()),
            _ => Err(Fault::protocol(format!(
                "answered `{}` to `isready` (expected `readyok`)",
                preview(&line)
            ))),
        }
    }

    /// The `position` command of the game after `history` (moves from the start): the FEN after
    /// the last capture and the moves since.
    ///
    /// # Errors
    /// A history the reference rules do not replay.
    pub(crate) fn position_after(&self, history: &[String]) -> Result<Position, Fault> {
        self.position_from(None, history)
    }

    /// The `position` command of the game that starts from `start` (a FEN; the initial
    /// position when `None`) and goes on with `moves`: the FEN after the last capture among
    /// them (`start` itself when none captures) and the moves since.
    ///
    /// # Errors
    /// A start or moves the reference rules do not replay.
    pub(crate) fn position_from(
        &self,
        start: Option<&str>,
        moves: &[String],
    ) -> Result<Position, Fault> {
        let replay = |moves: &[String]| {
            let request = PositionRequest {
                text: start.map(str::to_owned),
                moves: moves.to_vec(),
                ..PositionRequest::default()
            };
            self.reference
                .position(&self.variant, &request)
                .map_err(|error| Fault::protocol(format!("the history does not replay: {error}")))
        };
        let mut position = replay(&[])?;
        let mut pieces = piece_count(&position.text());
        let mut last_capture = 0;
        for (ply, mv) in moves.iter().enumerate() {
            position
                .play(mv)
                .map_err(|refusal| Fault::protocol(format!("`{mv}` does not replay: {refusal}")))?;
            let now = piece_count(&position.text());
            if now < pieces {
                last_capture = ply + 1;
            }
            pieces = now;
        }
        let fen = if last_capture == 0 {
            start.map(str::to_owned)
        } else {
            Some(replay(&moves[..last_capture])?.text())
        };
        Ok(Position {
            fen,
            moves: moves[last_capture..].to_vec(),
        })
    }

    /// The `go` of one move under the move time (a match's clock included).
    #[must_use]
    pub(crate) fn timed_go(&self) -> Go {
        let ms = self.driver.timing().move_ms;
        if self.dialect.is_uci() {
            Go {
                movetime: Some(ms),
                ..Go::default()
            }
        } else {
            let time = if self.millis { ms } else { (ms / 1000).max(1) };
            Go {
                clock: Some(UcciClock {
                    time,
                    movestogo: Some(1),
                    ..UcciClock::default()
                }),
                ..Go::default()
            }
        }
    }

    /// The timing in force.
    #[must_use]
    pub(crate) fn timing(&self) -> Timing {
        self.driver.timing()
    }

    /// Whether times go in milliseconds (UCI, or UCCI after `usemillisec`).
    #[must_use]
    pub(crate) fn millis(&self) -> bool {
        self.millis || self.dialect.is_uci()
    }

    /// A live process, or a new one.
    ///
    /// # Errors
    /// The engine did not start.
    pub(crate) fn process(&mut self) -> Result<Process, Fault> {
        match self.driver.take_live() {
            Some((process, _)) => Ok(process),
            None => self.start().map(|(process, _)| process),
        }
    }

    /// Keeps `process` for the next answer.
    pub(crate) fn keep(&mut self, process: Process) {
        self.driver.keep_live(process, 0);
    }

    /// Sets `position` (with the banned moves), synchronises, sends `go`, and, with
    /// `stop_after`, `stop` that long after it; reads the answer within the move time (from
    /// `go`, or from `stop`).
    ///
    /// # Errors
    /// The engine failed, timed out, or answered something that is not `bestmove`/`nobestmove`.
    pub(crate) fn think(
        &mut self,
        process: &mut Process,
        position: &Position,
        go: &Go,
        stop_after: Option<Duration>,
    ) -> Result<Best, Fault> {
        self.send(process, &Command::Position(position.clone()))?;
        let banned = std::mem::take(&mut self.banned);
        if !banned.is_empty() && !self.dialect.is_uci() {
            self.send(process, &Command::BanMoves(banned))?;
        }
        let deadline = self.driver.timing().for_move();
        self.sync(process, &deadline)
            .map_err(|fault| fault.context("after `position`"))?;
        self.send(process, &Command::Go(go.clone()))?;
        if let Some(wait) = stop_after {
            std::thread::sleep(wait);
            self.send(process, &Command::Stop)?;
        }
        let deadline = self.driver.timing().for_move();
        let dialect = self.dialect;
        // Lines that are neither an answer nor `info`: skipped, as UCCI and UCI tell a GUI to
        // skip what it does not know, but kept to name the fault if no answer comes.
        let foreign = std::cell::RefCell::new((0_usize, None::<String>));
        let is_answer = |line: &str| {
            let reply = Reply::parse(dialect, line);
            let answer = matches!(reply, Ok(Reply::BestMove { .. } | Reply::NoBestMove))
                || line.trim_start().starts_with("bestmove");
            if !answer && !matches!(reply, Ok(Reply::Info(_))) && !blank(line) {
                let mut foreign = foreign.borrow_mut();
                foreign.0 += 1;
                foreign.1.get_or_insert_with(|| preview(line));
            }
            answer
        };
        let line = process
            .read_answer(&deadline, "`bestmove` to `go`", &|line| !is_answer(line))
            .map_err(|fault| no_answer(fault, &foreign.borrow()))?;
        self.driver.note_late(&deadline, "its `bestmove`");
        process.watch_memory(true)?;
        Ok(match Reply::parse(dialect, &line) {
            Ok(Reply::BestMove {
                mv, draw, resign, ..
            }) => Best::Move {
                answer: MoveAnswer::Move(mv),
                draw,
                resign,
            },
            Ok(Reply::NoBestMove) => Best::None,
            Ok(_) => unreachable!("only answers end the read"),
            Err(error) => Best::Move {
                answer: MoveAnswer::OffBoard(format!("`{}`: {error}", preview(&line))),
                draw: false,
                resign: false,
            },
        })
    }

    /// The answer in `position` under the move time, the process kept for the next.
    fn answer_position(&mut self, position: &Position) -> Result<MoveAnswer, Fault> {
        let mut process = self.process()?;
        let go = self.timed_go();
        let best = self.think(&mut process, position, &go, None);
        let best = match best {
            Ok(best) => best,
            Err(fault) => {
                self.driver.leave(process);
                return Err(fault);
            }
        };
        self.keep(process);
        self.note = None;
        match best {
            Best::Move {
                answer,
                draw,
                resign,
            } => {
                if resign {
                    // UCCI 3.0: `bestmove m resign` resigns; the move named is not played.
                    if let MoveAnswer::Move(mv) = &answer {
                        self.note = Some(format!("resign (with the move `{mv}`)"));
                    }
                    return Ok(MoveAnswer::Resign);
                }
                if draw {
                    self.note = Some("draw".to_owned());
                }
                Ok(answer)
            }
            Best::None => Err(no_move()),
        }
    }
}

/// The fault of `nobestmove` where the rules leave legal moves. UCCI 3.0 lets an engine answer
/// it in a position it holds dead (ElephantEye does at its own 50-move count, and with no
/// attacking piece left), so it is no protocol error; but the game goes on under the variant's
/// rules, so no move came where one was due.
pub(crate) fn no_move() -> Fault {
    Fault::new(
        FaultKind::NoAnswer,
        "answered `nobestmove` where the rules leave legal moves (UCCI 3.0: the engine holds \
         the position dead, a draw by its own reckoning; under the variant's rules the game \
         goes on)"
            .to_owned(),
    )
}

/// The fault of a `go` left unanswered: a timeout, unless the engine printed lines that are not
/// the protocol's instead of its answer. Those are skipped while waiting (an engine may print
/// what a GUI does not know), so only the deadline tells them apart from a slow answer: then
/// the engine spoke something else, a protocol error.
fn no_answer(fault: Fault, foreign: &(usize, Option<String>)) -> Fault {
    match (fault.kind, foreign) {
        (FaultKind::Timeout, (count, Some(first))) => Fault::protocol(format!(
            "printed {count} line(s) that are not UCCI/UCI (the first: `{first}`) and no \
             `bestmove`: {}",
            fault.detail
        )),
        _ => fault,
    }
}

/// The number of pieces in a FEN (its first field's letters).
pub(crate) fn piece_count(fen: &str) -> usize {
    fen.split_whitespace()
        .next()
        .unwrap_or("")
        .chars()
        .filter(char::is_ascii_alphabetic)
        .count()
}

impl Player for UcciPlayer {
    crate::driver::driver_field!();

    fn answer(&mut self, history: &[String]) -> Result<MoveAnswer, Fault> {
        let position = self.position_after(history)?;
        self.answer_position(&position)
    }

    fn answer_after(&mut self, start: &str, moves: &[String]) -> Option<Result<MoveAnswer, Fault>> {
        Some(
            self.position_from(Some(start), moves)
                .and_then(|position| self.answer_position(&position)),
        )
    }

    fn answer_text(&mut self, text: &str) -> Option<Result<MoveAnswer, Fault>> {
        let position = Position {
            fen: Some(text.to_owned()),
            moves: Vec::new(),
        };
        Some(self.answer_position(&position))
    }

    /// Bans `moves` (ICCS) in the next position, as UCCI's `banmoves` (a referee's ruling of
    /// a repetition the engine may not complete). Not sent under UCI, which has no such
    /// command.
    fn ban(&mut self, moves: &[String]) {
        self.banned = moves.to_vec();
    }

    fn last_note(&self) -> Option<String> {
        self.note.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The moves of a space-separated list.
    fn moves(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    fn player() -> UcciPlayer {
        let spec = SpawnSpec {
            program: "/bin/true".into(),
            args: Vec::new(),
            working_dir: "/".into(),
            memory_mb: None,
            memory_rule: crate::sandbox::MemoryRule::Always,
            stderr_log: None,
        };
        let timing = Timing {
            first_ms: 1000,
            move_ms: 1000,
            tolerance_ms: 1000,
        };
        UcciPlayer::new(spec, timing, Protocol::Ucci, "standard")
    }

    #[test]
    fn the_position_starts_after_the_last_capture() {
        // b2b9 takes black's horse over the cannon on b7; a8a9 takes the cannon back.
        let history = moves("h2e2 h9g7 b2b9 a9a8 b9a9 a8a9 h0g2");
        let position = player().position_after(&history).unwrap();
        assert_eq!(position.moves, moves("h0g2"));
        let fen = position.fen.unwrap();
        assert!(fen.starts_with("r1bakab1r/"), "{fen}");
        assert_eq!(piece_count(&fen), 30);
        let quiet = player().position_after(&moves("h2e2 h9g7")).unwrap();
        assert_eq!(quiet.fen, None);
        assert_eq!(quiet.moves, moves("h2e2 h9g7"));
    }

    #[test]
    fn a_case_board_goes_with_its_moves_until_a_capture() {
        // Fairy-Stockfish's “creating pins to undermine root”: the horse's shuffle is what
        // a repetition ruling reads, so it goes with the board.
        let start = "4k4/4c4/9/4p4/9/9/3rn4/3NR4/4K4/9 b - - 0 1";
        let shuffle = moves("e3g4 e1f1 g4e3 f1e1 e3g4 e1f1 g4e3");
        let position = player().position_from(Some(start), &shuffle).unwrap();
        assert_eq!(position.fen.as_deref(), Some(start));
        assert_eq!(position.moves, shuffle);
        // d3d2 takes red's horse: the FEN is the board after it.
        let position = player()
            .position_from(Some(start), &moves("e3g4 e1f1 d3d2 f1e1"))
            .unwrap();
        assert_eq!(position.moves, moves("f1e1"));
        assert_eq!(piece_count(position.fen.as_deref().unwrap()), 7);
    }

    #[test]
    fn a_history_that_does_not_replay_is_a_fault() {
        let history = vec!["h2e2".to_owned(), "e9e7".to_owned()];
        assert!(player().position_after(&history).is_err());
    }
}
