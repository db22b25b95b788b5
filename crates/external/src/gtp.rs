//! Driving a GTP engine (GNU Go, Pachi, KataGo, Leela Zero; Hex engines through their HTP
//! dialect): one process per game, every command with an id, every response read to its empty
//! line. The codec is [`arbiter_protocol::gtp`]; the game's side (vertices, komi, handicap,
//! the rules by name) is [`GtpGame`], so that this driver knows no game.
//!
//! * **Start-up**: `protocol_version` (a version other than 2 is a warning) and
//!   `list_commands`, within the start-up time. The list decides the optional commands.
//! * **A new game**: `boardsize`, `komi`, the rules (`kata-set-rules` when listed, else
//!   `kgs-rules` when listed and one of its four names is the rule set, else a warning that
//!   the engine plays its own default rules), then `clear_board` and `fixed_handicap` (its
//!   answer must be vertices). A refused `boardsize` is a protocol error (the engine cannot play
//!   this board); a refused `komi` or rules command is a warning. Hex (HTP): `boardsize N N`,
//!   no komi, and whether the swap is a move as Benzene is told it (`param_game allow_swap`,
//!   when listed; a warning otherwise, under a swap rule).
//! * **Positions**: the moves from the start as `play` commands (each with its colour and
//!   vertex as [`GtpGame`] translates them after a swap), each answered `=`; a later
//!   position of the same game sends only the new moves, any other starts again with
//!   `clear_board`. A refused `play` of a legal move is an `illegal-move` fault of the engine
//!   (its rules disagree with the game's), naming the move and its answer.
//! * **Time**: `time_settings` once per game, when listed, then `time_left` (when listed:
//!   HTP engines have it without `time_settings`) before each `genmove`: Canadian byo-yomi
//!   of one stone per period of the move time (`0 T 1`, the manifest's move time or a match's
//!   per-move limit), absolute time (`main 0 0`, a match's game clock, as CCGC's 包干 total),
//!   or a match's Canadian byo-yomi (`main period stones`, then `time_left COLOUR main 0`
//!   while main time lasts and `time_left COLOUR period_left stones_left` in byo-yomi),
//!   whole seconds as GTP has them (at least 1, main time excepted).
//!   `genmove` gets the move time plus the tolerance from the moment it is sent.
//! * **Answers**: `= <vertex>` or `= pass` is the move (lower case in arbiter's notation); a
//!   vertex off the board is reported as such; `= resign` is [`MoveAnswer::Resign`] (a match
//!   scores it a loss by resignation); a `?` response or anything else is a protocol error.
//!   Lines that are no response (a `?`/`=` must start one) are skipped with a warning that
//!   counts them, a flood of them is a protocol error; a response whose id is not the
//!   command's (a late answer) is skipped and noted.
//! * **Dead stones**: [`Player::dead_stones`] asks `final_status_list dead` (when listed) after
//!   a game's two passes, for the referee's adjudication; a list that is no vertices is a
//!   protocol error. In a play-out ([`Player::begin_play_out`]) each move is asked with
//!   `kgs-genmove_cleanup` when listed (capture what you hold dead), else with `genmove`.
//! * **The end**: [`Player::game_over`] sends the last moves, then `final_score` and
//!   `final_status_list dead`, and keeps both answers as the game's note (a game without a
//!   count, Hex, asks neither); `quit` (answered
//!   `=`) ends the process, which gets a second to leave.

use std::time::Duration;

use super::board::MoveAnswer;
use super::driver::{Driver, Goodbye};
use super::sandbox::{Deadline, MAX_SKIPPED_LINES, Process, SpawnSpec, preview};
use super::{ByoYomi, Clock, Player, Timing};
use arbiter_engine::fault::{Fault, FaultKind};
use arbiter_protocol::gtp::{Command, GtpGame, Move, Request, Response, ResponseReader, Status};

pub(crate) use arbiter_protocol::gtp::REQUIRED;

/// How the clock is told to the engine (`time_settings`, then `time_left` before each move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TimeSystem {
    /// Canadian byo-yomi: no main time, `period` seconds for each stone.
    PerMove { period: u32 },
    /// Absolute time: `main` seconds for the game; `left` seconds are left now.
    Absolute { main: u32, left: u32 },
    /// Canadian byo-yomi after main time (a match's `byoyomi=` control): `main` seconds, then
    /// `period` seconds for every `stones` stones; now `left` seconds, and `stones_left` to
    /// play in them (0: `left` is main time).
    Canadian {
        main: u32,
        period: u32,
        stones: u32,
        left: u32,
        stones_left: u32,
    },
}

impl TimeSystem {
    /// The system of `clock` (a match), or of the manifest's move time.
    fn of(clock: Option<Clock>, timing: Timing) -> TimeSystem {
        match clock {
            Some(Clock {
                byo_yomi: Some(byo_yomi),
                ..
            }) => TimeSystem::canadian(byo_yomi),
            Some(Clock {
                time_left_ms: Some(left),
                ..
            }) => TimeSystem::Absolute {
                main: seconds(left),
                left: seconds(left),
            },
            Some(clock) => TimeSystem::PerMove {
                period: seconds(clock.turn_ms),
            },
            None => TimeSystem::PerMove {
                period: seconds(timing.move_ms),
            },
        }
    }

    /// A side's byo-yomi clock as GTP's numbers: main time may be 0 (straight into
    /// byo-yomi), a period is at least a second (GTP reads a period of 0 as no byo-yomi).
    fn canadian(clock: ByoYomi) -> TimeSystem {
        let in_main = clock.stones_left == 0;
        TimeSystem::Canadian {
            main: whole_seconds(clock.main_ms),
            period: seconds(clock.period_ms),
            stones: clock.stones.max(1),
            left: if in_main {
                seconds(clock.main_left_ms)
            } else {
                seconds(clock.period_left_ms)
            },
            stones_left: clock.stones_left,
        }
    }

    /// `time_settings` for this system.
    fn settings(self) -> Request {
        match self {
            TimeSystem::PerMove { period } => Request::TimeSettings {
                main: 0,
                period,
                stones: 1,
            },
            TimeSystem::Absolute { main, .. } => Request::TimeSettings {
                main,
                period: 0,
                stones: 0,
            },
            TimeSystem::Canadian {
                main,
                period,
                stones,
                ..
            } => Request::TimeSettings {
                main,
                period,
                stones,
            },
        }
    }

    /// `time_left` for `colour`'s next move.
    fn left(self, colour: arbiter_protocol::gtp::Colour) -> Request {
        let (time, stones) = match self {
            TimeSystem::PerMove { period } => (period, 1),
            TimeSystem::Absolute { left, .. } => (left, 0),
            TimeSystem::Canadian {
                left, stones_left, ..
            } => (left, stones_left),
        };
        Request::TimeLeft {
            colour,
            time,
            stones,
        }
    }

    /// Whether `self` and `other` are the same control: a clock stays the one told at the
    /// game's first move (only its time left changes).
    fn same_control(self, other: TimeSystem) -> bool {
        match (self, other) {
            (TimeSystem::PerMove { period: x }, TimeSystem::PerMove { period: y }) => x == y,
            (TimeSystem::Absolute { .. }, TimeSystem::Absolute { .. }) => true,
            (TimeSystem::Canadian { .. }, TimeSystem::Canadian { .. }) => {
                self.settings() == other.settings()
            }
            _ => false,
        }
    }
}

/// Whole seconds of `ms`, rounded down (0 allowed: main time may be none).
fn whole_seconds(ms: u64) -> u32 {
    u32::try_from(ms / 1000).unwrap_or(u32::MAX)
}

/// Whole seconds of `ms`, rounded down, at least 1 (GTP's times are whole seconds; 0 would
/// mean no limit).
fn seconds(ms: u64) -> u32 {
    whole_seconds(ms).max(1)
}

/// `request` as a command without an id, in the game's dialect (GTP's without a game).
fn command_of(request: &Request, game: Option<&GtpGame>) -> Command {
    let dialect = game.map_or(arbiter_protocol::gtp::GTP, |game| game.dialect);
    request.to_command(None, dialect)
}

/// One GTP process: commands with ids, responses read whole.
pub(crate) struct GtpSession {
    pub(crate) process: Process,
    /// The engine's `list_commands`.
    pub(crate) commands: Vec<String>,
    next_id: u32,
    /// The moves the engine has been given since its last `clear_board`, or `None` before the
    /// first game.
    sent: Option<Vec<String>>,
    /// The time system told to the engine in this game, if any.
    time: Option<TimeSystem>,
    /// Whether a response came without the command's id.
    no_ids: bool,
    /// Whether the game is being played out to settle disputed dead stones.
    pub(crate) cleanup: bool,
}

impl GtpSession {
    /// Starts the engine from `driver` (which records the process): `protocol_version` and
    /// `list_commands` within the start-up time.
    ///
    /// # Errors
    /// The engine did not start or did not answer both.
    pub(crate) fn start(
        driver: &mut Driver,
        warnings: &mut Vec<String>,
    ) -> Result<GtpSession, Fault> {
        let timing = driver.timing();
        let process = driver.spawn()?;
        let mut session = GtpSession {
            process,
            commands: Vec::new(),
            next_id: 0,
            sent: None,
            time: None,
            no_ids: false,
            cleanup: false,
        };
        let deadline = timing.for_start("start-up time");
        let version = session.expect(&Request::ProtocolVersion, None, &deadline, warnings)?;
        if version.trim() != "2" {
            warnings.push(format!(
                "`protocol_version` answered `{}` (GTP is version 2)",
                preview(&version)
            ));
        }
        let list = session.expect(&Request::ListCommands, None, &deadline, warnings)?;
        session.commands = list.split_whitespace().map(str::to_owned).collect();
        if let Some(warning) = deadline.lateness_warning("its answers at start-up") {
            warnings.push(warning);
        }
        Ok(session)
    }

    /// Whether `list_commands` named `command`.
    pub(crate) fn lists(&self, command: &str) -> bool {
        self.commands.iter().any(|c| c == command)
    }

    /// Sends `command` with the next id and reads its response.
    ///
    /// # Errors
    /// The engine failed, timed out, or flooded its output with lines that are no response.
    pub(crate) fn send(
        &mut self,
        command: &Command,
        deadline: &Deadline,
        warnings: &mut Vec<String>,
    ) -> Result<Response, Fault> {
        self.next_id += 1;
        let id = self.next_id;
        let command = Command {
            id: Some(id),
            ..command.clone()
        };
        self.process.send(&command.format())?;
        self.read(id, &command.to_string(), deadline, warnings)
    }

    /// Sends a request (in the game's dialect) and reads its response.
    ///
    /// # Errors
    /// As [`GtpSession::send`].
    pub(crate) fn ask(
        &mut self,
        request: &Request,
        game: Option<&GtpGame>,
        deadline: &Deadline,
        warnings: &mut Vec<String>,
    ) -> Result<Response, Fault> {
        self.send(&command_of(request, game), deadline, warnings)
    }

    /// A request that must succeed: its text.
    ///
    /// # Errors
    /// As [`GtpSession::send`], and a protocol error for a `?` response.
    fn expect(
        &mut self,
        request: &Request,
        game: Option<&GtpGame>,
        deadline: &Deadline,
        warnings: &mut Vec<String>,
    ) -> Result<String, Fault> {
        let command = command_of(request, game);
        let response = self.send(&command, deadline, warnings)?;
        if response.success {
            Ok(response.text)
        } else {
            Err(Fault::protocol(format!(
                "refused `{}`: `? {}`",
                command,
                preview(&response.text)
            )))
        }
    }

    /// Reads the response of the command with `id` (sent as `text`).
    fn read(
        &mut self,
        id: u32,
        text: &str,
        deadline: &Deadline,
        warnings: &mut Vec<String>,
    ) -> Result<Response, Fault> {
        let mut reader = ResponseReader::default();
        let (mut foreign, mut last_foreign) = (0usize, String::new());
        let mut stale = Vec::new();
        let waiting_for = format!("the response to `{}`", preview(text));
        let result = loop {
            let line = match self.process.read_line(deadline, &waiting_for) {
                Ok(line) => line,
                Err(fault) => break Err(fault),
            };
            match reader.feed(&line) {
                Ok(Some(response)) => match response.id {
                    Some(other) if other != id => stale.push(line_of(&response)),
                    _ => {
                        if response.id.is_none() && !self.no_ids {
                            self.no_ids = true;
                            warnings.push(format!(
                                "answered `{}` without its id {id} (GTP echoes the id)",
                                preview(text)
                            ));
                        }
                        break Ok(response);
                    }
                },
                Ok(None) => {}
                Err(_) => {
                    foreign += 1;
                    line.trim().clone_into(&mut last_foreign);
                    if foreign > MAX_SKIPPED_LINES {
                        break Err(Fault::protocol(format!(
                            "more than {MAX_SKIPPED_LINES} lines that are no GTP response while \
                             waiting for {waiting_for} (the last: `{}`)",
                            preview(&last_foreign)
                        )));
                    }
                }
            }
        };
        if !stale.is_empty() {
            warnings.push(format!(
                "{} response(s) with another command's id came before the response to `{}` and \
                 were ignored (the first: `{}`)",
                stale.len(),
                preview(text),
                preview(&stale[0])
            ));
        }
        if foreign > 0 {
            warnings.push(format!(
                "printed {foreign} line(s) that are no GTP response (skipped; the last: `{}`)",
                preview(&last_foreign)
            ));
            return result.map_err(|fault| {
                fault.context(&format!(
                    "after {foreign} line(s) that are no GTP response (the last: `{}`)",
                    preview(&last_foreign)
                ))
            });
        }
        result
    }

    /// Starts a new game on the engine: size, komi, rules, a clear board and the handicap.
    ///
    /// # Errors
    /// A refused `boardsize`, `clear_board` or handicap, or a failing process.
    pub(crate) fn new_game(
        &mut self,
        game: &GtpGame,
        timing: Timing,
        warnings: &mut Vec<String>,
    ) -> Result<(), Fault> {
        let deadline = timing.for_start("time to set up a game");
        self.expect(
            &Request::BoardSize(game.size),
            Some(game),
            &deadline,
            warnings,
        )?;
        if let Some(komi) = game.komi {
            let response = self.ask(&Request::Komi(komi), Some(game), &deadline, warnings)?;
            if !response.success {
                warnings.push(format!(
                    "refused `komi {komi}`: `? {}`",
                    preview(&response.text)
                ));
            }
        }
        self.rules(game, &deadline, warnings)?;
        self.swap_rule(game, &deadline, warnings)?;
        // The board last: an engine may clear it when its rules change.
        self.clear(game, &deadline, warnings)?;
        self.time = None;
        Ok(())
    }

    /// `clear_board` and the handicap stones; the engine then has no move.
    fn clear(
        &mut self,
        game: &GtpGame,
        deadline: &Deadline,
        warnings: &mut Vec<String>,
    ) -> Result<(), Fault> {
        self.expect(&Request::ClearBoard, Some(game), deadline, warnings)?;
        if game.handicap > 0 {
            let stones = self.expect(
                &Request::FixedHandicap(game.handicap),
                Some(game),
                deadline,
                warnings,
            )?;
            game.dialect
                .parse_vertices(&stones, game.size)
                .map_err(|error| {
                    Fault::protocol(format!(
                        "answered `{}` to `fixed_handicap {}`: {error}",
                        preview(&stones),
                        game.handicap
                    ))
                })?;
        }
        self.sent = Some(Vec::new());
        Ok(())
    }

    /// The rules command the engine lists, or a warning that it has none.
    fn rules(
        &mut self,
        game: &GtpGame,
        deadline: &Deadline,
        warnings: &mut Vec<String>,
    ) -> Result<(), Fault> {
        let request = if let Some(rules) = game.kata_rules.clone()
            && self.lists("kata-set-rules")
        {
            Request::KataSetRules(rules)
        } else if let Some(rules) = game.kgs_rules
            && self.lists("kgs-rules")
        {
            Request::KgsRules(rules.to_owned())
        } else {
            if game.kata_rules.is_some() || game.kgs_rules.is_some() {
                warnings.push(format!(
                    "the engine lists neither `kata-set-rules` nor `kgs-rules`{}: it plays \
                     its own default rules",
                    if self.lists("kgs-rules") {
                        " (it lists `kgs-rules`, which has no name for these rules)"
                    } else {
                        ""
                    }
                ));
            }
            return Ok(());
        };
        if let Some(unsaid) = &game.unsaid {
            warnings.push(unsaid.clone());
        }
        let response = self.ask(&request, Some(game), deadline, warnings)?;
        if !response.success {
            warnings.push(format!(
                "refused `{}`: `? {}`",
                request.to_command(None, game.dialect),
                preview(&response.text)
            ));
        }
        Ok(())
    }

    /// Whether the swap is a move, as Benzene's `param_game allow_swap` tells it, when the
    /// engine lists `param_game`; under a swap rule, a warning when it does not (the engine
    /// may then refuse the swap as an illegal move).
    fn swap_rule(
        &mut self,
        game: &GtpGame,
        deadline: &Deadline,
        warnings: &mut Vec<String>,
    ) -> Result<(), Fault> {
        let Some(command) = game.swap_command() else {
            return Ok(());
        };
        if !self.lists("param_game") {
            if game.swap.is_some() {
                warnings.push(format!(
                    "the engine lists no `param_game`: it is not told `{command}` (Benzene's \
                     way to allow the swap), and may refuse `swap-pieces`"
                ));
            }
            return Ok(());
        }
        let response = self.send(&command, deadline, warnings)?;
        if !response.success {
            warnings.push(format!(
                "refused `{command}`: `? {}`",
                preview(&response.text)
            ));
        }
        Ok(())
    }

    /// Brings the engine to the position after `history`: only the new moves when it holds a
    /// beginning of it, else `clear_board` and every move.
    ///
    /// # Errors
    /// A refused `play` (an `illegal-move` of the engine's rules), or a failing process.
    pub(crate) fn sync(
        &mut self,
        game: &GtpGame,
        history: &[String],
        timing: Timing,
        warnings: &mut Vec<String>,
    ) -> Result<(), Fault> {
        let deadline = timing.for_move();
        let sent = self.sent.clone().unwrap_or_default();
        let from = if history.starts_with(&sent) {
            sent.len()
        } else {
            self.clear(game, &deadline, warnings)?;
            0
        };
        for (ply, mv) in history.iter().enumerate().skip(from) {
            let before = &history[..ply];
            let gtp = game
                .to_gtp(before, mv)
                .map_err(|error| Fault::protocol(format!("arbiter cannot send `{mv}`: {error}")))?;
            let request = Request::Play(game.colour_after(before), gtp);
            let response = self.ask(&request, Some(game), &deadline, warnings)?;
            if !response.success {
                return Err(Fault::new(
                    FaultKind::IllegalMove,
                    format!(
                        "refused `{}`, a legal move after {ply} plies: `? {}`",
                        request.to_command(None, game.dialect),
                        preview(&response.text)
                    ),
                ));
            }
            if let Some(sent) = &mut self.sent {
                sent.push(mv.clone());
            }
        }
        Ok(())
    }

    /// The clock for the next move: `time_settings` once a game, then `time_left`, when the
    /// engine lists them.
    fn tell_time(
        &mut self,
        game: &GtpGame,
        system: TimeSystem,
        colour: arbiter_protocol::gtp::Colour,
        deadline: &Deadline,
        warnings: &mut Vec<String>,
    ) -> Result<(), Fault> {
        let first = match self.time {
            None => true,
            Some(told) => !told.same_control(system),
        };
        if !self.lists("time_settings") {
            if first {
                warnings.push(format!(
                    "the engine lists no `time_settings`: it is not told the clock{}",
                    if self.lists("time_left") {
                        ", only the time left before each move"
                    } else {
                        ""
                    }
                ));
                self.time = Some(system);
            }
        } else if first {
            let response = self.ask(&system.settings(), Some(game), deadline, warnings)?;
            if !response.success {
                warnings.push(format!(
                    "refused `{}`: `? {}`",
                    system.settings().to_command(None, game.dialect),
                    preview(&response.text)
                ));
            }
            self.time = Some(system);
        }
        if self.lists("time_left") {
            let response = self.ask(&system.left(colour), Some(game), deadline, warnings)?;
            if !response.success {
                warnings.push(format!(
                    "refused `{}`: `? {}`",
                    system.left(colour).to_command(None, game.dialect),
                    preview(&response.text)
                ));
            }
        }
        Ok(())
    }

    /// `genmove` for the side to move after `history`, and its answer decoded.
    ///
    /// # Errors
    /// A `?` response or an answer that is no move: a protocol error; a failing process.
    pub(crate) fn genmove(
        &mut self,
        game: &GtpGame,
        history: &[String],
        timing: Timing,
        warnings: &mut Vec<String>,
    ) -> Result<MoveAnswer, Fault> {
        let colour = game.colour_after(history);
        // In a play-out of disputed dead stones, the engine is asked to capture them.
        let request = if self.cleanup && self.lists("kgs-genmove_cleanup") {
            Request::KgsGenMoveCleanup(colour)
        } else {
            Request::GenMove(colour)
        };
        let sent = request.to_command(None, game.dialect).to_string();
        // The move's time starts with its `genmove`.
        let deadline = timing.for_move();
        let response = self.ask(&request, Some(game), &deadline, warnings)?;
        if let Some(warning) = deadline.lateness_warning(&format!("its answer to `{sent}`")) {
            warnings.push(warning);
        }
        self.process.watch_memory(true)?;
        if !response.success {
            return Err(Fault::protocol(format!(
                "refused `{sent}`: `? {}`",
                preview(&response.text)
            )));
        }
        let text = response.text.trim();
        let answer = match game.dialect.parse_move(text, game.size) {
            Ok(Move::Resign) => MoveAnswer::Resign,
            Ok(mv) => MoveAnswer::Move(game.from_gtp(history, mv)),
            Err(error) if looks_like_vertex(text) => {
                MoveAnswer::OffBoard(format!("`{}`: {error}", preview(text)))
            }
            Err(error) => {
                return Err(Fault::protocol(format!(
                    "answered `= {}` to `{sent}`: {error}",
                    preview(text)
                )));
            }
        };
        // The engine has played its move on its board (GTP's `genmove` plays it).
        if let (MoveAnswer::Move(mv), Some(moves)) = (&answer, &mut self.sent) {
            moves.push(mv.clone());
        }
        Ok(answer)
    }

    /// `quit`: its `=` within a second, then the process gets a second to leave.
    pub(crate) fn quit(mut self) {
        let mut ignored = Vec::new();
        let deadline = Deadline::new("time to quit", 1000, 0);
        let _ = self.ask(&Request::Quit, None, &deadline, &mut ignored);
        self.process.shutdown(Duration::from_millis(1000));
    }
}

/// A response as a line, for messages.
fn line_of(response: &Response) -> String {
    response.format().trim_end().replace('\n', " / ")
}

/// Whether an answer looks like a vertex (a letter and digits), so that a vertex off the board
/// is told apart from text that is no move at all.
fn looks_like_vertex(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && !chars.as_str().is_empty()
        && chars.all(|c| c.is_ascii_digit())
}

/// The end of a GTP process that is not the player's live session (a protocol check's row):
/// `quit` without an id, then a second to leave. The live session says its own `quit` with an
/// id ([`GtpSession::quit`]).
pub(crate) const GOODBYE: Goodbye = Goodbye {
    line: "quit\n",
    grace: Duration::from_millis(1000),
};

/// A GTP engine's side of a game.
pub(crate) struct GtpPlayer {
    driver: Driver,
    game: GtpGame,
    /// The live session: the kit's live process plus what GTP keeps beside it (the listed
    /// commands, the moves sent, the ids), so it is kept here rather than in the kit.
    live: Option<GtpSession>,
    /// The engine's `final_score` and dead stones after [`Player::game_over`].
    note: Option<String>,
    /// Whether the game is being played out ([`Player::begin_play_out`]).
    cleanup: bool,
}

impl GtpPlayer {
    /// A player of `game`, started from `spec`.
    #[must_use]
    pub(crate) fn new(spec: SpawnSpec, game: GtpGame, timing: Timing) -> GtpPlayer {
        GtpPlayer {
            driver: Driver::new(spec, timing, GOODBYE),
            game,
            live: None,
            note: None,
            cleanup: false,
        }
    }

    /// The live session, started and given a new game if there is none.
    ///
    /// # Errors
    /// The engine did not start or refused the game.
    pub(crate) fn session(&mut self, warnings: &mut Vec<String>) -> Result<&mut GtpSession, Fault> {
        if self.live.is_none() {
            let timing = self.driver.timing();
            let mut session = GtpSession::start(&mut self.driver, warnings)?;
            session
                .new_game(&self.game, timing, warnings)
                .map_err(|fault| fault.context("setting up the game"))?;
            self.live = Some(session);
        }
        Ok(self.live.as_mut().expect("started above"))
    }

    /// `warnings` gathered by a turn, kept for [`Player::take_warnings`].
    fn keep_warnings(&mut self, warnings: Vec<String>) {
        for warning in warnings {
            self.driver.warn(warning);
        }
    }

    /// The engine's count of the game after `history`: `final_score`, and the dead stones
    /// (`final_status_list dead`) when listed.
    ///
    /// # Errors
    /// A failing process; a refusal is part of the text.
    pub(crate) fn final_status(&mut self, history: &[String]) -> Result<String, Fault> {
        let timing = self.driver.timing();
        let game = self.game.clone();
        let mut warnings = Vec::new();
        let result = (|| {
            let session = self.session(&mut warnings)?;
            session.sync(&game, history, timing, &mut warnings)?;
            let deadline = timing.for_move();
            let mut parts = Vec::new();
            // Hex has no dead stones: its `final_score` names the winner only.
            let asked = if game.counted { 2 } else { 1 };
            for (command, request) in [
                ("final_score", Request::FinalScore),
                ("final_status_list", Request::FinalStatusList(Status::Dead)),
            ]
            .into_iter()
            .take(asked)
            {
                if !session.lists(command) {
                    parts.push(format!("`{command}` not listed"));
                    continue;
                }
                let response = session.ask(&request, Some(&game), &deadline, &mut warnings)?;
                let text = response
                    .text
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                let shown = if response.success {
                    format!("= {text}")
                } else {
                    format!("? {text}")
                };
                parts.push(format!(
                    "`{}` {}",
                    request.to_command(None, game.dialect),
                    preview(&shown)
                ));
            }
            Ok(parts.join("; "))
        })();
        self.keep_warnings(warnings);
        result
    }
}

impl Player for GtpPlayer {
    crate::driver::driver_field!();

    fn answer(&mut self, history: &[String]) -> Result<MoveAnswer, Fault> {
        let timing = self.driver.timing();
        let game = self.game.clone();
        let system = TimeSystem::of(self.driver.clock(), timing);
        let mut warnings = Vec::new();
        let result = (|| {
            let cleanup = self.cleanup;
            let session = self.session(&mut warnings)?;
            session.cleanup = cleanup;
            session.sync(&game, history, timing, &mut warnings)?;
            let colour = game.colour_after(history);
            session
                .tell_time(&game, system, colour, &timing.for_move(), &mut warnings)
                .map_err(|fault| fault.context("telling the clock"))?;
            session.genmove(&game, history, timing, &mut warnings)
        })();
        self.keep_warnings(warnings);
        if result.is_err()
            && let Some(session) = self.live.take()
        {
            session.quit();
        }
        result
    }

    fn game_over(&mut self, history: &[String]) {
        // A game without a count (Hex) ends on the board: nothing to ask.
        self.note = if self.game.counted {
            self.final_status(history).ok()
        } else {
            None
        };
    }

    fn dead_stones(&mut self, history: &[String]) -> Result<Option<Vec<String>>, Fault> {
        let timing = self.driver.timing();
        let game = self.game.clone();
        let mut warnings = Vec::new();
        let result = (|| {
            let session = self.session(&mut warnings)?;
            if !session.lists("final_status_list") {
                return Ok(None);
            }
            session.sync(&game, history, timing, &mut warnings)?;
            let request = Request::FinalStatusList(Status::Dead);
            let response = session.ask(&request, Some(&game), &timing.for_move(), &mut warnings)?;
            if !response.success {
                warnings.push(format!(
                    "refused `final_status_list dead`: `? {}`",
                    preview(&response.text)
                ));
                return Ok(None);
            }
            match game.dialect.parse_vertices(&response.text, game.size) {
                Ok(vertices) => Ok(Some(
                    vertices
                        .into_iter()
                        .map(|vertex| game.from_gtp(history, Move::Stone(vertex)))
                        .collect(),
                )),
                Err(error) => Err(Fault::protocol(format!(
                    "answered `= {}` to `final_status_list dead`: {error}",
                    preview(&response.text)
                ))),
            }
        })();
        self.keep_warnings(warnings);
        result
    }

    fn begin_play_out(&mut self) {
        self.cleanup = true;
    }

    fn finish(&mut self) {
        if let Some(session) = self.live.take() {
            session.quit();
        }
        self.driver.finish();
    }

    fn last_note(&self) -> Option<String> {
        self.note.clone()
    }
}

/// The session lives beside the kit (see [`GtpPlayer::live`]), so its `quit` is said here.
impl Drop for GtpPlayer {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_systems_in_whole_seconds() {
        let timing = Timing {
            first_ms: 5000,
            move_ms: 2500,
            tolerance_ms: 1000,
        };
        assert_eq!(
            TimeSystem::of(None, timing),
            TimeSystem::PerMove { period: 2 }
        );
        let game_clock = Clock {
            turn_ms: 60_000,
            time_left_ms: Some(899_999),
            byo_yomi: None,
        };
        let absolute = TimeSystem::of(Some(game_clock), timing);
        assert_eq!(
            absolute,
            TimeSystem::Absolute {
                main: 899,
                left: 899
            }
        );
        let colour = arbiter_protocol::gtp::Colour::White;
        let text = |request: Request| {
            request
                .to_command(None, arbiter_protocol::gtp::GTP)
                .to_string()
        };
        assert_eq!(text(absolute.settings()), "time_settings 899 0 0");
        assert_eq!(text(absolute.left(colour)), "time_left white 899 0");
        let short = TimeSystem::of(
            Some(Clock {
                turn_ms: 300,
                time_left_ms: None,
                byo_yomi: None,
            }),
            timing,
        );
        assert_eq!(
            text(short.settings()),
            "time_settings 0 1 1",
            "at least a second"
        );
        assert_eq!(text(short.left(colour)), "time_left white 1 1");
    }

    /// A match's Canadian byo-yomi: the control once, then main time left with 0 stones, then
    /// the period's time and stones left (GTP's `time_left`, "stones 0: main time").
    #[test]
    fn canadian_byo_yomi_tells_main_time_then_the_period() {
        let timing = Timing {
            first_ms: 5000,
            move_ms: 2500,
            tolerance_ms: 1000,
        };
        let control = ByoYomi {
            main_ms: 60_000,
            period_ms: 30_000,
            stones: 5,
            main_left_ms: 42_700,
            period_left_ms: 30_000,
            stones_left: 0,
        };
        let clock = |byo_yomi| {
            Some(Clock {
                turn_ms: 72_700,
                time_left_ms: None,
                byo_yomi: Some(byo_yomi),
            })
        };
        let colour = arbiter_protocol::gtp::Colour::Black;
        let text = |request: Request| {
            request
                .to_command(None, arbiter_protocol::gtp::GTP)
                .to_string()
        };
        let in_main = TimeSystem::of(clock(control), timing);
        assert_eq!(text(in_main.settings()), "time_settings 60 30 5");
        assert_eq!(text(in_main.left(colour)), "time_left black 42 0");
        let in_period = TimeSystem::of(
            clock(ByoYomi {
                main_left_ms: 0,
                period_left_ms: 12_400,
                stones_left: 3,
                ..control
            }),
            timing,
        );
        assert_eq!(text(in_period.left(colour)), "time_left black 12 3");
        assert!(
            in_main.same_control(in_period),
            "the same control, told once"
        );
        let straight_in = TimeSystem::of(
            clock(ByoYomi {
                main_ms: 0,
                main_left_ms: 0,
                stones_left: 5,
                ..control
            }),
            timing,
        );
        assert_eq!(text(straight_in.settings()), "time_settings 0 30 5");
        assert!(!in_main.same_control(straight_in));
    }

    /// The CCGC's clock (30 minutes a side, absolute) to a Hex engine: `time_settings 1800 0
    /// 0` once, then HTP's two-argument `time_left` with what is left (MoHex refuses the third
    /// argument).
    #[test]
    fn a_game_clock_reaches_htp_as_absolute_time() {
        let timing = Timing {
            first_ms: 5000,
            move_ms: 2000,
            tolerance_ms: 1000,
        };
        let htp = |request: Request| {
            request
                .to_command(None, arbiter_protocol::gtp::HTP)
                .to_string()
        };
        let start = TimeSystem::of(
            Some(Clock {
                turn_ms: 1_800_000,
                time_left_ms: Some(1_800_000),
                byo_yomi: None,
            }),
            timing,
        );
        assert_eq!(htp(start.settings()), "time_settings 1800 0 0");
        let colour = arbiter_protocol::gtp::Colour::Black;
        assert_eq!(htp(start.left(colour)), "time_left black 1800");
        let later = TimeSystem::of(
            Some(Clock {
                turn_ms: 1_754_321,
                time_left_ms: Some(1_754_321),
                byo_yomi: None,
            }),
            timing,
        );
        assert!(start.same_control(later), "told once a game");
        assert_eq!(htp(later.left(colour)), "time_left black 1754");
    }

    #[test]
    fn vertices_off_the_board_are_told_from_other_text() {
        assert!(looks_like_vertex("Z30"));
        assert!(!looks_like_vertex("hello"));
        assert!(!looks_like_vertex("D"));
    }
}
