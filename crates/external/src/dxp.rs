//! Driving a DXP draughts engine (the DamExchange Protocol: Kingsrow, Moby Dam, Scan's `dxp`
//! mode) over TCP on the loopback address. The codec is [`arbiter_protocol::dxp`].
//!
//! * **Connection**: arbiter listens on `127.0.0.1` (the manifest's `dxp-port`, else a free
//!   port, put into any argument that holds `{dxp-port}`), starts the engine, and waits for
//!   its connection within the start-up time. arbiter never listens on another address, and
//!   never connects to an engine's server (Scan's binds every address).
//! * **arbiter as initiator**: a game request (`R`) names the engine's colour (the side to
//!   move, so that it moves at once), a time control and the start: the usual one for a game
//!   from the start, else the board as it stands. So every draughts position reaches a DXP engine, but as a board: DXP carries no
//!   earlier moves, so an engine cannot know repetitions or the draw counts before it.
//! * **Moves**: after the accept (`A`, code 0) the engine's `M` is read as the legal move
//!   with its start, end and captured squares (a capture sent without them is accepted when
//!   one capture alone fits); a capture whose pieces fit no legal capture is an illegal move.
//!   A game continues over the connection while the referee's history extends it by one move
//!   of each side: arbiter sends the opponent's move as `M`.
//! * **Time**: DXP's control is per game (whole minutes for a number of moves), never per
//!   move. Under a match's game clock the request gives its time (rounded down to minutes) for
//!   the whole game; else the move time per move, as the minutes and the moves they hold at
//!   that time (3 s a move: 3 min for 60 moves). The engine shares that time as it likes, so
//!   it is held to the clock it was given (the time left on it is its deadline), and a move
//!   over the move time is a warning; a match's referee still rules on the match's control.
//! * **Back-requests** (`B`) are refused (`K` code 2: a referee takes no move back), with a
//!   warning; chat (`C`) is logged. A game end (`E`) instead of a move is a protocol error
//!   that gives its reason.
//! * **End**: a game the rules end ([`Player::game_over`]) ends as DXP says: the side to move
//!   in the finished position sends `E` with its result from its own view (`1` it lost, `2` a
//!   draw, `3` it won), the other confirms with its own `E`. After the engine's last move that
//!   is arbiter (stop code 1); after arbiter's, arbiter sends that move and the engine must
//!   send `E`, which arbiter confirms. A missing or wrong game end is a warning. A game
//!   stopped otherwise (a fault, arbiter's move limit, a single position) gets arbiter's `E`
//!   (reason 0, stop 1) on arbiter's turn only, since messages cross; then the tree is killed.

use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

use super::board::MoveAnswer;
use super::driver::{Driver, Goodbye};
use super::hub::board_of;
use super::sandbox::{Deadline, Process, SpawnSpec, describe_exit};
use super::{Clock, Player, Timing};
use arbiter_core::{Game, Side};
use arbiter_draughts::{Draughts, DraughtsVariant};
use arbiter_engine::fault::{Fault, FaultKind};
use arbiter_protocol::dxp::{DxpMove, Frames, GameRequest, Message, VERSION, end_reason};

/// The initiator name arbiter gives in its game requests.
const NAME: &str = "arbiter";

/// A TCP connection carrying DXP messages.
pub(crate) struct Link {
    stream: TcpStream,
    frames: Frames,
    /// Messages that were neither chat nor a back request are returned; those go here.
    pub(crate) warnings: Vec<String>,
}

impl Link {
    /// Sends one message.
    ///
    /// # Errors
    /// A `no-answer` fault when the connection is gone.
    pub(crate) fn send(&mut self, message: &Message) -> Result<(), Fault> {
        self.stream
            .write_all(&message.frame())
            .and_then(|()| self.stream.flush())
            .map_err(|error| {
                Fault::new(
                    FaultKind::NoAnswer,
                    format!(
                        "the engine's connection is gone ({error}) when arbiter sent `{message}`"
                    ),
                )
            })
    }

    /// The next message other than chat, answering back requests with a refusal.
    ///
    /// # Errors
    /// `timeout` past the deadline, `crash` or `no-answer` when the engine goes, a
    /// `protocol-error` for a message that is not DXP's.
    pub(crate) fn receive(
        &mut self,
        process: &mut Process,
        deadline: &Deadline,
        waiting_for: &str,
    ) -> Result<Message, Fault> {
        let mut buffer = [0u8; 512];
        loop {
            if let Some(message) = self.frames.next_message() {
                match message {
                    Ok(Message::Chat(_)) => continue,
                    Ok(Message::BackRequest {
                        move_number,
                        to_move,
                    }) => {
                        self.warnings.push(format!(
                            "asked to take moves back (to move {move_number}, {} to move); \
                             arbiter refused (`K2`), as a referee does",
                            Draughts::side_name(to_move)
                        ));
                        self.send(&Message::BackAccept { code: 2 })?;
                        continue;
                    }
                    Ok(message) => return Ok(message),
                    Err(error) => {
                        return Err(Fault::protocol(format!(
                            "sent a message that is not DXP's while arbiter waited for \
                             {waiting_for}: {error}"
                        )));
                    }
                }
            }
            let left = deadline.at().saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Fault::new(
                    FaultKind::Timeout,
                    format!("{waiting_for} did not come within {}", deadline.describe()),
                ));
            }
            // Engines print on stdout too: keep the pipe from filling while the socket waits.
            drop(process.drain());
            let _ = self
                .stream
                .set_read_timeout(Some(left.min(Duration::from_millis(50))));
            match self.stream.read(&mut buffer) {
                Ok(0) => return Err(gone(process, waiting_for)),
                Ok(n) => self.frames.push(&buffer[..n]),
                Err(error)
                    if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) =>
                {
                    if let Some(status) = process.wait_exit(Duration::ZERO) {
                        let when = format!("while arbiter waited for {waiting_for}");
                        return Err(crashed(status, &when));
                    }
                }
                Err(_) => return Err(gone(process, waiting_for)),
            }
        }
    }
}

/// The fault of a connection the engine closed.
fn gone(process: &mut Process, waiting_for: &str) -> Fault {
    match process.wait_exit(Duration::from_millis(500)) {
        Some(status) => Fault::new(
            FaultKind::Crash,
            format!(
                "{} while arbiter waited for {waiting_for}",
                describe_exit(status)
            ),
        ),
        None => Fault::new(
            FaultKind::NoAnswer,
            format!("closed the connection while arbiter waited for {waiting_for}"),
        ),
    }
}

/// Listens on the loopback address, starts the engine and takes its connection.
///
/// # Errors
/// The port is taken (a `crash`-free protocol fault that names it), the engine did not start,
/// exited, or did not connect within the start-up time.
pub(crate) fn connect(
    driver: &mut Driver,
    spec: &SpawnSpec,
    port: Option<u16>,
    deadline: &Deadline,
) -> Result<(Process, Link), Fault> {
    let listener = TcpListener::bind(("127.0.0.1", port.unwrap_or(0))).map_err(|error| {
        Fault::protocol(format!(
            "arbiter cannot listen on 127.0.0.1:{}: {error}",
            port.unwrap_or(0)
        ))
    })?;
    let port = listener
        .local_addr()
        .map_err(|error| Fault::protocol(format!("arbiter's listener has no address: {error}")))?
        .port();
    let mut spec = spec.clone();
    for arg in &mut spec.args {
        *arg = arg.replace("{dxp-port}", &port.to_string());
    }
    let mut process = driver.spawn_with(&spec)?;
    let _ = listener.set_nonblocking(true);
    loop {
        match listener.accept() {
            Ok((stream, _)) => {
                let _ = stream.set_nonblocking(false);
                let _ = stream.set_nodelay(true);
                return Ok((
                    process,
                    Link {
                        stream,
                        frames: Frames::default(),
                        warnings: Vec::new(),
                    },
                ));
            }
            Err(error) if error.kind() == ErrorKind::WouldBlock => {
                if let Some(status) = process.wait_exit(Duration::ZERO) {
                    let when = format!("before it connected to 127.0.0.1:{port}");
                    return Err(crashed(status, &when));
                }
                if Instant::now() >= deadline.at() {
                    process.kill();
                    return Err(Fault::new(
                        FaultKind::Timeout,
                        format!(
                            "did not connect to 127.0.0.1:{port} within {}",
                            deadline.describe()
                        ),
                    ));
                }
                drop(process.drain());
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(error) => {
                process.kill();
                return Err(Fault::protocol(format!(
                    "arbiter's listener on 127.0.0.1:{port} failed: {error}"
                )));
            }
        }
    }
}

/// The time control a game request carries, and the engine's clock under it as the engine
/// keeps it. DXP has no limit per move: `minutes` for every `moves` moves (0: the whole game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DxpClock {
    minutes: u32,
    moves: u32,
    left_ms: u64,
    /// The engine's answers so far (a period of `moves` refills the clock).
    answered: u32,
}

impl DxpClock {
    /// The control for a driver's limits: under a match's game clock that is the tighter
    /// limit, its time left in whole minutes (rounded down, at least one) for the whole game;
    /// else the move time per move, as whole minutes and the moves they hold at that time.
    fn of(timing: Timing, clock: Option<Clock>) -> DxpClock {
        let (minutes, moves) = match clock {
            Some(Clock {
                turn_ms,
                time_left_ms: Some(left),
                ..
            }) if left <= turn_ms => ((left / 60_000).clamp(1, 999), 0),
            _ => {
                let move_ms = timing.move_ms.max(1);
                let minutes = (move_ms * 60).div_ceil(60_000).clamp(1, 999);
                (minutes, (minutes * 60_000 / move_ms).clamp(1, 999))
            }
        };
        DxpClock {
            minutes: u32::try_from(minutes).unwrap_or(999),
            moves: u32::try_from(moves).unwrap_or(999),
            left_ms: minutes * 60_000,
            answered: 0,
        }
    }

    /// The deadline of the engine's next move: what its clock has left, or the driver's move
    /// time when that is longer (a match's referee rules on its own clock).
    fn deadline(&self, timing: Timing) -> Deadline {
        Deadline::new(
            "time left on its DXP clock",
            self.left_ms.max(timing.move_ms),
            timing.tolerance_ms,
        )
    }

    /// Charges an answer's time; the clock gains the control's minutes again after every
    /// `moves` answers.
    fn charge(&mut self, elapsed: Duration) {
        let taken = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
        self.left_ms = self.left_ms.saturating_sub(taken);
        self.answered += 1;
        if self.moves != 0 && self.answered.is_multiple_of(self.moves) {
            self.left_ms += u64::from(self.minutes) * 60_000;
        }
    }
}

impl std::fmt::Display for DxpClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.moves {
            0 => write!(f, "{} min for the game", self.minutes),
            moves => write!(f, "{} min for {moves} moves", self.minutes),
        }
    }
}

/// The game request for `board`: the engine plays the side to move (so that it moves at
/// once), under `clock`'s time control, from the usual start when `at_start`.
fn game_request(board: &Draughts, at_start: bool, clock: DxpClock) -> GameRequest {
    GameRequest {
        version: VERSION,
        initiator: NAME.to_owned(),
        follower: board.side_to_move(),
        minutes: clock.minutes,
        moves: clock.moves,
        position: (!at_start).then(|| board.to_setup()),
    }
}

/// The game request for `board` under a manifest's `timing` (the protocol check's), and the
/// deadline of the engine's first move under it.
pub(crate) fn request_under(
    board: &Draughts,
    at_start: bool,
    timing: Timing,
) -> (GameRequest, Deadline) {
    let clock = DxpClock::of(timing, None);
    (game_request(board, at_start, clock), clock.deadline(timing))
}

/// A game in progress over one connection.
struct Live {
    process: Process,
    link: Link,
    /// The position the engine was asked about.
    game: Draughts,
    /// The referee's history up to that position, when the game began at the variant's start
    /// (so that it can continue); `None` for a board sent as it stands.
    history: Option<Vec<String>>,
    /// The engine's last answer, in arbiter's notation.
    answered: Option<String>,
    /// The time control the request carried and the engine's clock under it.
    clock: DxpClock,
    /// The side the engine plays.
    side: Side,
}

/// A DXP engine's side of a game, arbiter the initiator.
pub(crate) struct DxpPlayer {
    driver: Driver,
    variant: DraughtsVariant,
    port: Option<u16>,
    live: Option<Live>,
}

/// No goodbye line (DXP's is a game end on the connection, [`Player::finish`]): a second to
/// leave, then the tree is killed.
pub(crate) const GOODBYE: Goodbye = Goodbye {
    line: "",
    grace: Duration::from_secs(1),
};

impl DxpPlayer {
    /// A player of `variant` started from `spec`, listening on `port` (a free one when `None`).
    #[must_use]
    pub(crate) fn new(
        spec: SpawnSpec,
        timing: Timing,
        variant: DraughtsVariant,
        port: Option<u16>,
    ) -> DxpPlayer {
        DxpPlayer {
            driver: Driver::new(spec, timing, GOODBYE),
            variant,
            port,
            live: None,
        }
    }

    fn timing(&self) -> Timing {
        self.driver.timing()
    }

    /// A fresh engine, a game request for `board`, its accept and its first move.
    fn new_game(
        &mut self,
        board: Draughts,
        history: Option<Vec<String>>,
    ) -> Result<MoveAnswer, Fault> {
        self.finish();
        let deadline = self.timing().for_start("start-up time");
        let spec = self.driver.spec().clone();
        let (mut process, mut link) = connect(&mut self.driver, &spec, self.port, &deadline)
            .map_err(|fault| fault.context("at start-up (the engine's connection)"))?;
        let at_start = history.as_ref().is_some_and(Vec::is_empty);
        let clock = DxpClock::of(self.timing(), self.driver.clock());
        if let Some(left) = self.driver.clock().and_then(|clock| clock.time_left_ms)
            && left < u64::from(clock.minutes) * 60_000
            && clock.moves == 0
        {
            self.driver.warn(format!(
                "DXP counts whole minutes: the game request gives {clock} for a game clock of \
                 {left} ms"
            ));
        }
        let request = Message::GameRequest(game_request(&board, at_start, clock));
        let accepted = link.send(&request).and_then(|()| {
            link.receive(
                &mut process,
                &deadline,
                "the accept (`A`) of the game request",
            )
        });
        let accepted = accepted.map_err(|fault| fault.context(&format!("after `{request}`")));
        let result = match accepted {
            Ok(Message::GameAccept { code: 0, .. }) => Ok(()),
            Ok(Message::GameAccept { code, name }) => Err(Fault::protocol(format!(
                "{} refused the game request `{request}` with code {code} ({})",
                name.trim(),
                match code {
                    1 => "wrong version",
                    2 => "not this game",
                    3 => "no game at all",
                    _ => "not a code DXP defines",
                }
            ))),
            Ok(other) => Err(Fault::protocol(format!(
                "answered `{other}` to the game request (expected `A`)"
            ))),
            Err(fault) => Err(fault),
        };
        if let Err(fault) = result {
            process.shutdown(Duration::from_millis(200));
            return Err(fault);
        }
        let side = board.side_to_move();
        let mut live = Live {
            process,
            link,
            game: board,
            history,
            answered: None,
            clock,
            side,
        };
        let answer = self.read_move(&mut live);
        self.settle(live, answer.is_ok());
        answer
    }

    /// After an answer: passes on the link's warnings, and keeps the game live after a move or
    /// ends the process after a fault.
    fn settle(&mut self, mut live: Live, answered: bool) {
        for warning in live.link.warnings.drain(..) {
            self.driver.warn(warning);
        }
        if answered {
            self.live = Some(live);
        } else {
            live.process.shutdown(Duration::from_millis(200));
        }
    }

    /// The engine's next move in `live.game`, within the time its DXP clock has left; an
    /// answer over the driver's move time is a warning (DXP cannot carry that limit).
    fn read_move(&mut self, live: &mut Live) -> Result<MoveAnswer, Fault> {
        let timing = self.timing();
        let deadline = live.clock.deadline(timing);
        let asked = Instant::now();
        let message = live
            .link
            .receive(&mut live.process, &deadline, "its move (`M`)")?;
        let elapsed = asked.elapsed();
        live.clock.charge(elapsed);
        if elapsed > Duration::from_millis(timing.move_ms) {
            self.driver.warn(format!(
                "its move came after {:.2} s, over the move time of {} ms: DXP carries only a \
                 game's time control (the request gave {}), and the engine kept that",
                elapsed.as_secs_f64(),
                timing.move_ms,
                live.clock
            ));
        }
        live.process.watch_memory(true)?;
        let answer = match message {
            Message::Move(mv) => read_move(&live.game, &mv)?,
            Message::GameEnd { reason, stop } => {
                return Err(Fault::protocol(format!(
                    "sent a game end (`E{reason}{stop}`: {}) instead of a move, in a game that \
                     is not over",
                    match reason {
                        1 => "it gives up",
                        2 => "it claims a draw",
                        3 => "it claims a win",
                        _ => "no reason",
                    }
                )));
            }
            other => {
                return Err(Fault::protocol(format!(
                    "sent `{other}` while arbiter waited for its move (`M`)"
                )));
            }
        };
        if let MoveAnswer::Move(text) = &answer {
            live.answered = Some(text.clone());
        }
        Ok(answer)
    }

    /// Continues the live game when `history` is its history, the engine's answer and one
    /// move more; `None` when it is not.
    fn continue_game(&mut self, history: &[String]) -> Option<Result<MoveAnswer, Fault>> {
        let live = self.live.as_mut()?;
        let seen = live.history.as_ref()?;
        let answered = live.answered.as_ref()?;
        let fits = history.len() == seen.len() + 2
            && history[..seen.len()] == seen[..]
            && &history[seen.len()] == answered;
        if !fits {
            return None;
        }
        let mut live = self.live.take()?;
        let result = (|| {
            replay(&mut live.game, &history[history.len() - 2])?;
            let theirs = replay(&mut live.game, &history[history.len() - 1])?;
            live.link.send(&Message::Move(DxpMove::of(theirs, 0)))?;
            live.history = Some(history.to_vec());
            live.answered = None;
            self.read_move(&mut live)
        })();
        self.settle(live, result.is_ok());
        Some(result)
    }
}

impl DxpPlayer {
    /// Ends the live game that `history` finished by the rules, as DXP ends a game: the side
    /// to move in the finished position sends `E` with its result, the other confirms with
    /// its own. After the engine's last move that is arbiter; after arbiter's, the engine
    /// (which is first sent that move), and arbiter confirms. `None` when `history` is not
    /// the live game's end.
    fn end_by_rules(&mut self, live: &mut Live, history: &[String]) -> Option<Result<(), String>> {
        let seen = live.history.as_ref()?;
        let answered = live.answered.as_ref()?;
        let after_ours = history.len() == seen.len() + 1;
        let after_theirs = history.len() == seen.len() + 2;
        if !(after_ours || after_theirs)
            || history[..seen.len()] != seen[..]
            || &history[seen.len()] != answered
        {
            return None;
        }
        let from = seen.len();
        // Only a game the rules ended: a referee's move limit or a fault is [`Player::finish`]'s.
        let mut end = live.game.clone();
        for text in &history[from..] {
            let mv = end.parse_move(text).ok()?;
            end.play(mv).ok()?;
        }
        end.outcome()?;
        Some(self.exchange_game_ends(live, &history[from..], after_theirs))
    }

    /// Plays `tail` (the engine's answer, then arbiter's move if `theirs`) and exchanges the
    /// game ends; a problem is a warning's text.
    fn exchange_game_ends(
        &mut self,
        live: &mut Live,
        tail: &[String],
        theirs: bool,
    ) -> Result<(), String> {
        replay_tail(live, tail, theirs)?;
        let outcome = live.game.outcome();
        let ours = end_reason(outcome, live.side);
        let arbiters = end_reason(outcome, live.side.opponent());
        let timing = self.timing();
        let problem = if theirs {
            // The engine is to move in a finished game: the game end is its to send.
            let problem = their_game_end(live, &timing.for_move(), ours);
            // Confirmed (stop: the match starts a fresh engine for its next game).
            send_game_end(live, arbiters)?;
            problem
        } else {
            send_game_end(live, arbiters)?;
            their_confirmation(live, &timing.for_move(), arbiters)
        };
        problem.map_or(Ok(()), Err)
    }
}

/// Plays `tail` on arbiter's copy of the live game, sending the engine arbiter's move (the
/// second) when `theirs`.
fn replay_tail(live: &mut Live, tail: &[String], theirs: bool) -> Result<(), String> {
    for (index, text) in tail.iter().enumerate() {
        let mv = live
            .game
            .parse_move(text)
            .map_err(|error| format!("arbiter's replay: {error}"))?;
        live.game
            .play(mv)
            .map_err(|error| format!("arbiter's replay: {error}"))?;
        if theirs && index == 1 {
            live.link
                .send(&Message::Move(DxpMove::of(mv, 0)))
                .map_err(|fault| fault.to_string())?;
        }
    }
    Ok(())
}

/// Arbiter's game end with `reason`, and stop.
fn send_game_end(live: &mut Live, reason: u8) -> Result<(), String> {
    live.link
        .send(&Message::GameEnd { reason, stop: 1 })
        .map_err(|fault| fault.to_string())
}

/// The problem with the engine's game end, read by `deadline`, when it is missing or its
/// reason is not `ours` (or 0).
fn their_game_end(live: &mut Live, deadline: &Deadline, ours: u8) -> Option<String> {
    match live
        .link
        .receive(&mut live.process, deadline, "its game end (`E`)")
    {
        Ok(Message::GameEnd { reason, .. }) if reason == ours || reason == 0 => None,
        Ok(Message::GameEnd { reason, .. }) => Some(format!(
            "its game end gave reason {reason} where the rules' result is {ours} for it"
        )),
        Ok(other) => Some(format!(
            "sent `{other}` after arbiter's move ended the game by the rules (expected \
             its game end `E{ours}…`)"
        )),
        Err(fault) => Some(format!(
            "sent no game end after arbiter's move ended the game by the rules: {fault}"
        )),
    }
}

/// The problem with the engine's confirmation of arbiter's game end `E{arbiters}1`, read by
/// `deadline`, when it is missing.
fn their_confirmation(live: &mut Live, deadline: &Deadline, arbiters: u8) -> Option<String> {
    match live
        .link
        .receive(&mut live.process, deadline, "the confirmation (`E`)")
    {
        Ok(Message::GameEnd { .. }) => None,
        Ok(other) => Some(format!(
            "answered arbiter's game end `E{arbiters}1` with `{other}` (expected `E`)"
        )),
        Err(fault) => Some(format!(
            "did not confirm arbiter's game end `E{arbiters}1`: {fault}"
        )),
    }
}

/// The crash of an engine that exited with `status` `when` (a phrase: while arbiter waited
/// for what).
fn crashed(status: std::process::ExitStatus, when: &str) -> Fault {
    Fault::new(
        FaultKind::Crash,
        format!("{} {when}", describe_exit(status)),
    )
}

/// Plays the move `text` on arbiter's copy of the game; a move that does not replay is a
/// protocol fault.
fn replay(game: &mut Draughts, text: &str) -> Result<arbiter_draughts::Move, Fault> {
    let fault = |error: String| Fault::protocol(format!("arbiter's replay: {error}"));
    let mv = game
        .parse_move(text)
        .map_err(|error| fault(error.to_string()))?;
    game.play(mv).map_err(|error| fault(error.to_string()))?;
    Ok(mv)
}

/// The engine's move `mv` in `game`, in arbiter's notation, read as [`crate::hub::read_move`]
/// reads Hub's (the same start, end and captured set).
///
/// # Errors
/// `illegal-move` for a capture whose pieces fit no legal capture.
pub(crate) fn read_move(game: &Draughts, mv: &DxpMove) -> Result<MoveAnswer, Fault> {
    let hub = arbiter_protocol::hub::HubMove {
        from: mv.from,
        to: mv.to,
        captured: mv.captured.clone(),
    };
    if mv.captured.is_empty()
        && let Ok(resolved) = mv.resolve(game)
    {
        return Ok(MoveAnswer::Move(game.format_move(resolved)));
    }
    crate::hub::read_move(game, &hub)
}

impl Player for DxpPlayer {
    crate::driver::driver_field!();

    fn answer(&mut self, history: &[String]) -> Result<MoveAnswer, Fault> {
        if let Some(result) = self.continue_game(history) {
            return result;
        }
        let start = Draughts::start(&self.variant);
        let mut board = start;
        for text in history {
            let mv = board
                .parse_move(text)
                .map_err(|error| Fault::protocol(format!("arbiter's replay: {error}")))?;
            board
                .play(mv)
                .map_err(|error| Fault::protocol(format!("arbiter's replay: {error}")))?;
        }
        self.new_game(board, Some(history.to_vec()))
    }

    fn answer_text(&mut self, text: &str) -> Option<Result<MoveAnswer, Fault>> {
        let board = board_of(&self.variant, text);
        Some(match board {
            Ok(board) => self.new_game(board, None),
            Err(error) => Err(Fault::protocol(format!(
                "the position `{text}` has no DXP form: {error}"
            ))),
        })
    }

    /// A game the rules ended ends over the connection too: `E` each way.
    fn game_over(&mut self, history: &[String]) {
        let Some(mut live) = self.live.take() else {
            return;
        };
        match self.end_by_rules(&mut live, history) {
            Some(result) => {
                if let Err(problem) = result {
                    self.driver.warn(problem);
                }
                for warning in live.link.warnings.drain(..) {
                    self.driver.warn(warning);
                }
                live.process.shutdown(Duration::from_millis(1000));
            }
            None => self.live = Some(live),
        }
    }

    fn finish(&mut self) {
        let Some(mut live) = self.live.take() else {
            return;
        };
        // arbiter's turn: the engine has answered. A game end, then its confirmation.
        if live.answered.is_some() && send_game_end(&mut live, 0).is_ok() {
            let deadline = Deadline::new("game end", 500, 0);
            let _ = live
                .link
                .receive(&mut live.process, &deadline, "the game end's confirmation");
        }
        live.process.shutdown(Duration::from_millis(1000));
        self.driver.finish();
    }
}

impl Drop for DxpPlayer {
    fn drop(&mut self) {
        Player::finish(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TIMING: Timing = Timing {
        first_ms: 10_000,
        move_ms: 3000,
        tolerance_ms: 1000,
    };

    #[test]
    fn a_move_time_becomes_whole_minutes_and_the_moves_they_hold() {
        let clock = DxpClock::of(TIMING, None);
        assert_eq!(
            (clock.minutes, clock.moves, clock.left_ms),
            (3, 60, 180_000)
        );
        assert_eq!(clock.to_string(), "3 min for 60 moves");
        // A turn limit shorter than the game clock is a limit per move too.
        let turn = Clock {
            turn_ms: 3000,
            time_left_ms: Some(600_000),
            byo_yomi: None,
        };
        assert_eq!(DxpClock::of(TIMING, Some(turn)), clock);
    }

    #[test]
    fn a_game_clock_goes_as_its_minutes_for_the_whole_game() {
        let game = Clock {
            turn_ms: 150_000,
            time_left_ms: Some(150_000),
            byo_yomi: None,
        };
        let clock = DxpClock::of(TIMING, Some(game));
        assert_eq!((clock.minutes, clock.moves), (2, 0));
        assert_eq!(clock.to_string(), "2 min for the game");
        let short = Clock {
            turn_ms: 30_000,
            time_left_ms: Some(30_000),
            byo_yomi: None,
        };
        assert_eq!(DxpClock::of(TIMING, Some(short)).minutes, 1);
    }

    #[test]
    fn the_clock_runs_down_and_refills_after_its_moves() {
        // 3 s a move is 3 minutes for 60 moves (`003060`).
        let mut clock = DxpClock::of(TIMING, None);
        assert_eq!((clock.minutes, clock.moves), (3, 60));
        clock.charge(Duration::from_millis(170_000));
        assert_eq!(clock.left_ms, 10_000);
        for _ in 0..58 {
            clock.charge(Duration::ZERO);
        }
        assert_eq!(clock.left_ms, 10_000);
        // The 60th answer refills the clock with the control's minutes.
        clock.charge(Duration::from_millis(5000));
        assert_eq!(clock.left_ms, 185_000);
        // The deadline is what is left, or the move time when that is longer.
        clock.charge(Duration::from_millis(184_000));
        assert_eq!(clock.left_ms, 1000);
        let deadline = clock.deadline(TIMING);
        assert!(
            deadline.describe().contains("3000 ms"),
            "{}",
            deadline.describe()
        );
    }
}
