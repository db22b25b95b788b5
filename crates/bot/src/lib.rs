//! `arbiter-bot`: the embedded engines as real processes speaking every tournament protocol, so
//! that the adapters of external engines are tested against real processes and teams get a
//! sparring partner for Botzone, Gomocup, NBoard, the CCGC platform, GTP and UCCI/UCI (xiangqi).
//!
//! [`run`] drives one protocol over any reader and writer (the binary passes stdin and stdout;
//! tests may pass buffers). The [`player::Player`] chooses moves; [`fault`] holds the deliberate
//! faults. The codecs are in [`arbiter_protocol`]; this module only does the IO and keeps the game.
//!
//! Every protocol driver counts the move requests it answers (from 1) for the `crash-at:N` and
//! `segv-at:N` faults; in Botzone's one-turn-per-process mode the count comes from the history.

mod botzone;
mod ccgc;
pub mod cli;
pub(crate) mod dxp;
pub(crate) mod fault;
mod gomocup;
mod gtp;
mod hub;
mod line;
mod nboard;
pub(crate) mod player;
mod ucci;

use std::io::{self, BufRead, Write};
use std::time::Duration;

pub(crate) use arbiter_protocol::Protocol;
use arbiter_protocol::ucci::Dialect;
pub(crate) use fault::Fault;
pub(crate) use player::{Limit, Player, Reply};

/// The name the bot gives (arbiter-line `hello`, Gomocup `ABOUT`).
pub(crate) const NAME: &str = "arbiter-bot";

/// Why the bot stopped with an error (exit code 2).
#[derive(Debug)]
pub(crate) enum BotError {
    /// Reading or writing failed.
    Io(io::Error),
    /// The input cannot be played (an unreadable history, a game without this protocol).
    Input(String),
}

impl std::fmt::Display for BotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotError::Io(error) => write!(f, "i/o error: {error}"),
            BotError::Input(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for BotError {}

impl From<io::Error> for BotError {
    fn from(error: io::Error) -> Self {
        BotError::Io(error)
    }
}

/// A position the engine refuses (an unreadable history, an unknown variant) is an input the
/// bot cannot play.
impl From<arbiter_engine::PositionError> for BotError {
    fn from(error: arbiter_engine::PositionError) -> Self {
        BotError::Input(error.to_string())
    }
}

/// Plays `protocol` on `input`/`output` until the protocol's end (end of input, `END`, `quit`,
/// or the one turn of a Botzone simple interaction).
///
/// # Errors
/// A [`BotError`] for an IO failure or an input the bot cannot play.
pub(crate) fn run(
    player: &Player,
    protocol: Protocol,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), BotError> {
    let slow_start = match player.fault() {
        Some(Fault::SlowStart(ms)) => Some(ms),
        _ => None,
    };
    let mut out = Out {
        inner: output,
        slow_start,
    };
    match protocol {
        Protocol::Botzone => botzone::run(player, botzone::Mode::Json, false, input, &mut out),
        Protocol::BotzoneKeepRunning => {
            botzone::run(player, botzone::Mode::Json, true, input, &mut out)
        }
        Protocol::BotzoneSimple => {
            botzone::run(player, botzone::Mode::Simple, false, input, &mut out)
        }
        Protocol::BotzoneSimpleKeepRunning => {
            botzone::run(player, botzone::Mode::Simple, true, input, &mut out)
        }
        Protocol::Gomocup => gomocup::run(player, input, &mut out),
        Protocol::ArbiterLine => line::run(player, input, &mut out),
        Protocol::Nboard => nboard::run(player, input, &mut out),
        Protocol::Ccgc => ccgc::run(player, input, &mut out),
        Protocol::Gtp => gtp::run(player, input, &mut out),
        Protocol::Ucci => ucci::run(player, Dialect::Ucci, input, &mut out),
        Protocol::Uci => ucci::run(player, Dialect::Uci, input, &mut out),
        Protocol::Hub => hub::run(player, input, &mut out),
        Protocol::Dxp => Err(BotError::Input(
            "DXP goes over TCP: give --dxp-port, the port of the DXP server on 127.0.0.1"
                .to_owned(),
        )),
    }
}

/// The bot's output: whole lines, flushed at once, with the `slow-start` delay before the first.
struct Out<'a> {
    inner: &'a mut dyn Write,
    /// Milliseconds still to sleep before the first output.
    slow_start: Option<u64>,
}

impl Out<'_> {
    fn delay(&mut self) {
        if let Some(ms) = self.slow_start.take() {
            std::thread::sleep(Duration::from_millis(ms));
        }
    }

    /// Writes `text` and a line end, and flushes.
    fn line(&mut self, text: &str) -> io::Result<()> {
        self.delay();
        self.inner.write_all(text.as_bytes())?;
        self.inner.write_all(b"\n")?;
        self.inner.flush()
    }

    /// Writes `text` as a line again and again until the reader goes away (the flood faults).
    fn flood(&mut self, text: &str) -> io::Result<()> {
        self.delay();
        eprintln!("arbiter-bot: fault flood: writing `{text}` without end");
        let mut line = text.as_bytes().to_vec();
        line.push(b'\n');
        let block = line.repeat(64);
        loop {
            self.inner.write_all(&block)?;
            self.inner.flush()?;
        }
    }

    /// The flood faults in a protocol whose information line is `message`: the message
    /// flood writes it without end, the blank flood (an empty `text`) blank lines.
    fn flood_as(&mut self, text: &str, message: &str) -> io::Result<()> {
        self.flood(if text.is_empty() { "" } else { message })
    }

    /// Writes `text` without a line end, flushes, and waits for good (`no-newline`).
    fn unterminated(&mut self, text: &str) -> io::Result<()> {
        self.delay();
        self.inner.write_all(text.as_bytes())?;
        self.inner.flush()?;
        eprintln!("arbiter-bot: fault no-newline: answered without a line end, now waiting");
        fault::wait_forever()
    }

    /// Writes the replies every line protocol writes alike: a raw line verbatim, a flood (of
    /// `flood` in place of a non-empty fault text, so that a manager can throw the lines away;
    /// of the fault's text when `None`), and a move without its line end, as `unterminated`
    /// phrases the move. Hands back the replies the protocol phrases itself; `None` once one
    /// is written.
    fn fault_reply(
        &mut self,
        reply: Reply,
        flood: Option<&str>,
        unterminated: impl FnOnce(&str) -> Result<String, BotError>,
    ) -> Result<Option<Phrased>, BotError> {
        match reply {
            Reply::Move { mv, report } => return Ok(Some(Phrased::Move { mv, report })),
            Reply::OffBoard => return Ok(Some(Phrased::OffBoard)),
            Reply::Pass => return Ok(Some(Phrased::Pass)),
            Reply::GameOver => return Ok(Some(Phrased::GameOver)),
            Reply::Raw(text) => self.line(&text)?,
            Reply::Flood(text) => match flood {
                Some(message) => self.flood_as(&text, message)?,
                None => self.flood(&text)?,
            },
            Reply::NoNewline(mv) => self.unterminated(&unterminated(&mv)?)?,
        }
        Ok(None)
    }
}

/// The replies each protocol writes in its own words (the others: [`Out::fault_reply`]).
enum Phrased {
    /// A move, with the search's report when a search chose it.
    Move {
        mv: String,
        report: Option<arbiter_engine::SearchReport>,
    },
    /// A point off the board.
    OffBoard,
    /// The protocol's pass.
    Pass,
    /// The game is over: there is nothing to play.
    GameOver,
}

/// The next command of `input` (`None` at its end). Blank lines are skipped; a line `parse`
/// refuses goes to `refused` (a note on stderr, or the protocol's error answer) and is skipped.
fn next_command<C>(
    input: &mut dyn BufRead,
    parse: impl Fn(&str) -> Result<C, arbiter_protocol::CodecError>,
    mut refused: impl FnMut(&str, arbiter_protocol::CodecError) -> io::Result<()>,
) -> io::Result<Option<C>> {
    while let Some(line) = read_line(input)? {
        if line.trim().is_empty() {
            continue;
        }
        match parse(&line) {
            Ok(command) => return Ok(Some(command)),
            Err(error) => refused(&line, error)?,
        }
    }
    Ok(None)
}

/// A refused line that the protocol ignores, with a note on stderr.
#[allow(clippy::unnecessary_wraps)] // the shape `next_command` takes
fn ignore_refused(line: &str, error: arbiter_protocol::CodecError) -> io::Result<()> {
    eprintln!("arbiter-bot: ignoring `{line}`: {error}");
    Ok(())
}

/// Reads one line, without its line end; `None` at the end of the input.
fn read_line(input: &mut dyn BufRead) -> io::Result<Option<String>> {
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(arbiter_protocol::trim_line_end(&line).to_owned()))
}

/// What the bot prints for `input` under `protocol`, line by line (the servers' unit tests).
/// What the bot writes for `input` under `protocol`, playing `game` (`variant`, else the default
/// one) at `nodes` nodes a move, with `fault`.
#[cfg(test)]
fn session(
    protocol: Protocol,
    (game, variant): (&str, Option<&str>),
    nodes: u64,
    fault: Option<Fault>,
    input: &str,
) -> Vec<String> {
    let player = Player::new(game, variant, Some(Limit::Nodes(nodes)), fault).unwrap();
    transcript(&player, protocol, input)
}

#[cfg(test)]
fn transcript(player: &Player, protocol: Protocol, input: &str) -> Vec<String> {
    let mut output = Vec::new();
    run(player, protocol, &mut input.as_bytes(), &mut output).expect("the bot runs");
    String::from_utf8(output)
        .expect("the bot prints UTF-8")
        .lines()
        .map(str::to_owned)
        .collect()
}
