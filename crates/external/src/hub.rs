//! Driving a Hub draughts engine (Scan and the engines of the Hub GUI): `hub` (answered by `id`,
//! `param` lines and `wait`), `init` (answered `ready`), then per move `pos pos=… moves="…"`,
//! `level move-time=S`, a `ping` answered `pong`, `go think` answered `done move=M [ponder=P]`,
//! and `quit`. The codec is [`arbiter_protocol::hub`].
//!
//! * **Start-up**: `hub` and `init` must be answered (`wait`, then `ready`) within the start-up
//!   time: an engine that is not in Hub mode fails at once.
//! * **Positions**: a game goes as its start position and its moves (`pos pos=<start>
//!   moves="…"`), so that the engine sees repetitions; so does a case's board with the moves
//!   played from it (`pos pos=<board> moves="…"`); any other board goes as it stands
//!   (`pos pos=<board>`, no moves). So every draughts position reaches a Hub engine.
//! * **Synchronisation**: after `pos` and `level` a `ping` must be answered `pong` before `go`;
//!   a late `done` of an earlier search is skipped and noted, never read as the next move.
//! * **Lines that are not answers**: `info` lines and the lines Hub says a GUI ignores (unknown
//!   commands: Scan prints `init book`, `init eval` between `init` and `ready`) are logged and
//!   skipped; lines that are not Hub's at all are counted in a warning.
//! * **Moves**: Hub writes a capture as its start, end and captured squares in any order
//!   (`28x19x23`); the answer is read as the legal move with that start, end and captured set.
//!   A capture whose pieces fit no legal capture is an illegal move (never read as another
//!   capture between the same squares); a step that is not legal is checked by the rules, so
//!   the fault gives the rule's reason.
//! * **Time**: `level move-time=S` is the move time (the match's clock through
//!   [`Player::set_clock`]); under a game clock whose time left is the tighter limit, `level
//!   time=S` (the time left, sudden death). The answer may take the move time plus the
//!   tolerance from its `go`; start-up has its own deadline (the manifest's
//!   `first-move-time-ms`), which a match's referee adds to the side's first answer.

use std::cell::RefCell;
use std::time::Duration;

use super::board::MoveAnswer;
use super::driver::{Driver, Foreign, Goodbye};
use super::sandbox::{Deadline, Process, SpawnSpec, preview};
use super::{Player, Timing};
use arbiter_core::Game;
use arbiter_draughts::{Draughts, DraughtsVariant};
use arbiter_engine::fault::{Fault, FaultKind};
use arbiter_protocol::hub::{
    self, Answer as HubAnswer, Command, GoMode, HubMove, HubPosition, Level,
};

/// A Hub engine's side of a game.
pub(crate) struct HubPlayer {
    driver: Driver,
    variant: DraughtsVariant,
}

/// `quit`, a second to leave, then the tree is killed.
pub(crate) const GOODBYE: Goodbye = Goodbye {
    line: "quit\n",
    grace: Duration::from_secs(1),
};

/// What a read lets pass besides the answer it waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lenience {
    /// Lines that are no Hub answer are skipped with a warning; `error` is a fault.
    Strict,
    /// Between `init` and `ready` an engine "might display some information, that the GUI
    /// should ignore" (Hub's protocol.txt): such lines are skipped without a warning.
    Init,
    /// After a command the engine does not know: `error` is a warning (Hub says engines
    /// ignore what they do not understand), not a fault.
    Unknown,
}

/// How a read treats one line.
fn kind(line: &str) -> Option<HubAnswer> {
    HubAnswer::parse(line).ok()
}

impl HubPlayer {
    /// A player of `variant` started from `spec`.
    #[must_use]
    pub(crate) fn new(spec: SpawnSpec, timing: Timing, variant: DraughtsVariant) -> HubPlayer {
        HubPlayer {
            driver: Driver::new(spec, timing, GOODBYE),
            variant,
        }
    }

    fn timing(&self) -> Timing {
        self.driver.timing()
    }

    /// Sends `command` and reads up to the answer `wanted` names, as [`Self::read_until`].
    fn ask(
        &mut self,
        process: &mut Process,
        deadline: &Deadline,
        command: &Command,
        waiting: (&str, Lenience),
        wanted: fn(&HubAnswer) -> bool,
    ) -> Result<HubAnswer, Fault> {
        process.send(&format!("{}\n", command.to_line()))?;
        self.read_until(process, deadline, waiting, wanted)
    }

    /// Reads up to the answer `wanted` names, skipping `info`, unknown commands, `pong`s and
    /// late `done`s (noted) — all but `wanted` and `error`.
    fn read_until(
        &mut self,
        process: &mut Process,
        deadline: &Deadline,
        (waiting_for, lenience): (&str, Lenience),
        wanted: fn(&HubAnswer) -> bool,
    ) -> Result<HubAnswer, Fault> {
        // Lines no Hub answer parses from.
        let foreign = Foreign::new("are no Hub answer", "Hub says a GUI ignores them");
        let stale = RefCell::new(Vec::new());
        let errors = RefCell::new(Vec::new());
        let line = process.read_answer(deadline, waiting_for, &|line| {
            if line.trim().is_empty() {
                return true;
            }
            match kind(line) {
                Some(answer) if wanted(&answer) => false,
                Some(HubAnswer::Error { .. }) if lenience == Lenience::Unknown => {
                    errors.borrow_mut().push(line.trim().to_owned());
                    true
                }
                Some(HubAnswer::Error { .. }) => false,
                Some(HubAnswer::Unknown(_)) if lenience == Lenience::Init => true,
                Some(HubAnswer::Done { .. }) => {
                    stale.borrow_mut().push(line.trim().to_owned());
                    true
                }
                Some(HubAnswer::Unknown(_)) => foreign.note(line),
                Some(_) => true,
                // A line no Hub answer parses from, or a known answer with bad arguments: the
                // answer we wait for is read as it stands so that its fault names it.
                None if wanted_word(line, wanted) => false,
                None => foreign.note(line),
            }
        });
        let line = foreign.report(line, &mut self.driver)?;
        if let Some(error) = errors.into_inner().first() {
            self.driver.warn(format!(
                "answered `{}` to a command it does not know (Hub says an engine ignores what it \
                 does not understand)",
                preview(error)
            ));
        }
        let stale = stale.into_inner();
        if !stale.is_empty() {
            self.driver.warn(format!(
                "{} `done` line(s) of an earlier search came while waiting for {waiting_for} and \
                 were ignored (the first: `{}`)",
                stale.len(),
                preview(&stale[0])
            ));
        }
        match HubAnswer::parse(&line) {
            Ok(HubAnswer::Error { message }) => Err(Fault::protocol(format!(
                "answered `error message=\"{}\"` while arbiter waited for {waiting_for}",
                preview(&message)
            ))),
            Ok(answer) => Ok(answer),
            Err(error) => Err(Fault::protocol(format!(
                "answered `{}` while arbiter waited for {waiting_for}: {error}",
                preview(&line)
            ))),
        }
    }

    /// Starts the engine: `hub` answered by `wait`, `init` answered by `ready`, within the
    /// start-up time.
    ///
    /// # Errors
    /// The engine did not start or did not answer in Hub's way.
    pub(crate) fn start(&mut self) -> Result<Process, Fault> {
        let mut process = self.driver.spawn()?;
        let deadline = self.timing().for_start("start-up time");
        let result = (|| {
            let hub = ("`wait` to `hub`", Lenience::Strict);
            self.ask(&mut process, &deadline, &Command::Hub, hub, |a| {
                matches!(a, HubAnswer::Wait)
            })?;
            let init = ("`ready` to `init`", Lenience::Init);
            self.ask(&mut process, &deadline, &Command::Init, init, |a| {
                matches!(a, HubAnswer::Ready)
            })
        })();
        result.map_err(|fault| fault.context("at start-up (`hub`, `init`)"))?;
        self.driver.note_late(&deadline, "`ready` at start-up");
        Ok(process)
    }

    /// Sends `ping` and reads up to its `pong`.
    ///
    /// # Errors
    /// The engine failed, timed out, or answered `error`.
    pub(crate) fn sync(
        &mut self,
        process: &mut Process,
        deadline: &Deadline,
        lenience: Lenience,
    ) -> Result<(), Fault> {
        let ping = ("`pong` to `ping`", lenience);
        self.ask(process, deadline, &Command::Ping, ping, |a| {
            matches!(a, HubAnswer::Pong)
        })
        .map(|_| ())
    }

    /// The level of one answer: the move time (`move-time=S`), or under a match's game clock
    /// whose time left is the tighter limit, that time (`time=S`, sudden death, so that the
    /// engine shares it over the game). A fresh process's start-up is not part of it: the
    /// referee gives a side's first answer the manifest's start-up time on top.
    fn level(&self) -> Level {
        let timing = self.timing();
        match self.driver.clock() {
            Some(clock) if clock.time_left_ms.is_some_and(|left| left <= clock.turn_ms) => {
                Level::Clock {
                    moves: None,
                    time: timing.move_ms as f64 / 1000.0,
                    increment: None,
                }
            }
            _ => Level::MoveTime(timing.move_ms as f64 / 1000.0),
        }
    }

    /// Sends the position `start` and `moves`, synchronises, and reads the answer to `go
    /// think`, as a move of `reached` (the position after `moves`).
    fn answer_position(
        &mut self,
        start: &Draughts,
        moves: Vec<HubMove>,
        reached: &Draughts,
    ) -> Result<MoveAnswer, Fault> {
        let mut process = match self.driver.take_live() {
            Some((process, _)) => process,
            None => self.start()?,
        };
        let pos = Command::Pos {
            position: HubPosition::of(start),
            moves,
        };
        process.send(&format!(
            "{}\n{}\n",
            pos.to_line(),
            Command::Level(self.level()).to_line()
        ))?;
        let deadline = self.timing().for_move();
        self.sync(&mut process, &deadline, Lenience::Strict)
            .map_err(|fault| fault.context("after `pos` and `level`"))?;
        process.send(&format!("{}\n", Command::Go(GoMode::Think).to_line()))?;
        // The move's time starts with its `go`.
        let deadline = self.timing().for_move();
        let answer = self.read_until(
            &mut process,
            &deadline,
            ("`done move=…` to `go think`", Lenience::Strict),
            |a| matches!(a, HubAnswer::Done { .. }),
        )?;
        self.driver.note_late(&deadline, "its move to `go think`");
        process.watch_memory(true)?;
        let HubAnswer::Done { mv, .. } = answer else {
            return Err(Fault::protocol(format!(
                "answered `{}` to `go think` (expected `done move=…`)",
                answer.to_line()
            )));
        };
        let answer = read_move(reached, &mv)?;
        self.driver.keep_live(process, 0);
        Ok(answer)
    }
}

/// Whether a line that no Hub answer parses from starts with the word `wanted` waits for (a
/// `done` without a readable move), so that it is the answer and its fault names it.
fn wanted_word(line: &str, wanted: fn(&HubAnswer) -> bool) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    let probe = match word {
        "done" => HubAnswer::Done {
            mv: HubMove {
                from: 1,
                to: 1,
                captured: Vec::new(),
            },
            ponder: None,
        },
        "wait" => HubAnswer::Wait,
        "ready" => HubAnswer::Ready,
        "pong" => HubAnswer::Pong,
        _ => return false,
    };
    wanted(&probe)
}

/// The engine's move `mv` in `game`, in arbiter's notation: the legal move with its start, end
/// and captured set; a step that is no legal move as its PDN text (the rules then say why); a
/// capture whose pieces fit no legal capture, an illegal move.
///
/// # Errors
/// `illegal-move` for such a capture.
pub(crate) fn read_move(game: &Draughts, mv: &HubMove) -> Result<MoveAnswer, Fault> {
    if let Ok(text) = hub::to_pdn(game, mv) {
        return Ok(MoveAnswer::Move(text));
    }
    if mv.captured.is_empty() {
        return Ok(MoveAnswer::Move(format!("{}-{}", mv.from, mv.to)));
    }
    let legal: Vec<String> = game
        .legal_moves()
        .into_iter()
        .filter(|legal| legal.is_capture())
        .map(|legal| HubMove::of(legal).to_string())
        .take(6)
        .collect();
    Err(Fault::new(
        FaultKind::IllegalMove,
        format!(
            "`{mv}` (from {} to {} taking {:?}) is no legal capture here; the legal captures \
             include {}",
            mv.from,
            mv.to,
            mv.captured,
            arbiter_files::list_or_none(&legal, ", ")
        ),
    ))
}

impl Player for HubPlayer {
    crate::driver::driver_field!();

    fn answer(&mut self, history: &[String]) -> Result<MoveAnswer, Fault> {
        let start = Draughts::start(&self.variant);
        let (reached, moves) = hub::replay(start.clone(), history).map_err(|error| {
            Fault::protocol(format!(
                "the game has no Hub form (arbiter's fault): {error}"
            ))
        })?;
        self.answer_position(&start, moves, &reached)
    }

    /// A board and the moves played from it go as `pos pos=<board> moves="…"`, so that the
    /// engine sees the repetitions those moves make (the board's counts of the 25-move and
    /// endgame rules have no place in Hub's `pos`).
    fn answer_after(&mut self, start: &str, moves: &[String]) -> Option<Result<MoveAnswer, Fault>> {
        let replayed = board_of(&self.variant, start)
            .map_err(|error| format!("the position `{start}` has no Hub form: {error}"))
            .and_then(|board| {
                hub::replay(board.clone(), moves)
                    .map(|(reached, moves)| (board, reached, moves))
                    .map_err(|error| format!("the moves have no Hub form: {error}"))
            });
        Some(match replayed {
            Ok((board, reached, moves)) => self.answer_position(&board, moves, &reached),
            Err(error) => Err(Fault::protocol(format!("{error} (arbiter's fault)"))),
        })
    }

    fn answer_text(&mut self, text: &str) -> Option<Result<MoveAnswer, Fault>> {
        let board = board_of(&self.variant, text);
        Some(match board {
            Ok(board) => self.answer_position(&board, Vec::new(), &board),
            Err(error) => Err(Fault::protocol(format!(
                "the position `{text}` has no Hub form: {error}"
            ))),
        })
    }
}
/// The draughts board `text` gives under `variant` (Hub and DXP set any position so), or why
/// there is none.
pub(crate) fn board_of(variant: &DraughtsVariant, text: &str) -> Result<Draughts, String> {
    let setup = Draughts::parse_position(variant, text).map_err(|error| error.to_string())?;
    Draughts::from_setup(variant, &setup).map_err(|problems| {
        let problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
        problems.join("; ")
    })
}
