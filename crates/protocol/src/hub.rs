//! The Hub protocol (version 2: Scan 3.1 and the Hub GUI 2.1), both directions: Fabien
//! Letouzey's line protocol for draughts engines, described in `protocol.txt`, which ships
//! with Scan. No IO here.
//!
//! Every line is `<command> <arg>=<value> …`; a value with a space, `=` or `"`, or an empty
//! one, is written in double quotes, and an argument without `=value` is a flag. Both sides
//! ignore the commands and arguments they do not know ([`Command::Unknown`],
//! [`Answer::Unknown`]).
//!
//! | GUI → engine | meaning |
//! |---|---|
//! | `hub` | enter Hub mode; the engine answers `id …`, `param …` lines, then `wait` |
//! | `set-param name=N value=V` | set an engine parameter before `init` |
//! | `init` | initialise; the engine answers `ready` |
//! | `pos pos=<51 chars> [moves="m1 m2 …"]` | the position: side `W`/`B`, then squares 1–50 of `w b W B e`; the moves (Hub sends king moves) let the engine see repetitions |
//! | `level depth=N` / `nodes=N` / `move-time=S` / `[moves=N] time=S [inc=S]` / `infinite` | the search limit (seconds, real numbers) |
//! | `go think` / `go ponder` / `go analyze` | search; the engine answers `done move=M [ponder=P]` |
//! | `ponder-hit`, `stop`, `ping` (also during a search), `new-game`, `quit` | |
//!
//! | engine → GUI | meaning |
//! |---|---|
//! | `id name=… version=… author=… country=…` | who it is |
//! | `param name=… value=… type=bool\|int\|real\|string\|enum [min= max= values=]` | a parameter |
//! | `wait` | the end of the parameters |
//! | `ready` | initialised |
//! | `info depth=… score=… nodes=… time=… nps=… pv="…"` | search information |
//! | `done move=M [ponder=P]` | the move |
//! | `pong`, `error message="…"` | |
//!
//! Moves ([`HubMove`]): a step `32-28`; a capture `from x to x captured x captured …` — the
//! start, the end, then every captured square in any order (`28x19x23` goes from 28 to 19
//! taking 23), not the landing squares of PDN's long form. [`HubMove::resolve`] finds the
//! legal move it names in a position.

use std::fmt::{self, Write as _};

use arbiter_core::{Game, Side};
use arbiter_draughts::{Draughts, DraughtsSetup, Move};

use super::CodecError;
use super::draughts::{self, Letters};

/// Hub's letters for the squares of a position.
const SQUARES: Letters = ['e', 'w', 'W', 'b', 'B'];

/// The protocol version this codec speaks.
pub const VERSION: u32 = 2;

/// One line split into its command and arguments (values unquoted; a flag has `None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub command: String,
    pub args: Vec<(String, Option<String>)>,
}

impl Line {
    /// A line with no arguments.
    #[must_use]
    pub fn new(command: &str) -> Line {
        Line {
            command: command.to_owned(),
            args: Vec::new(),
        }
    }

    /// This line with `name=value` added.
    #[must_use]
    pub fn arg(mut self, name: &str, value: impl Into<String>) -> Line {
        self.args.push((name.to_owned(), Some(value.into())));
        self
    }

    /// This line with the flag `name` added.
    #[must_use]
    pub fn flag(mut self, name: &str) -> Line {
        self.args.push((name.to_owned(), None));
        self
    }

    /// The value of the first argument called `name` (a flag's is empty).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(arg, _)| arg == name)
            .map(|(_, value)| value.as_deref().unwrap_or(""))
    }

    /// Whether the line has the flag or argument `name`.
    #[must_use]
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(arg, _)| arg == name)
    }

    /// Splits a line (its line end may still be there).
    ///
    /// # Errors
    /// A [`CodecError`] for an empty line or an unterminated quote.
    pub fn parse(text: &str) -> Result<Line, CodecError> {
        let text = super::trim_line_end(text);
        let mut words = Vec::new();
        let mut chars = text.chars().peekable();
        loop {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            if chars.peek().is_none() {
                break;
            }
            // A word runs to the next space outside quotes; quotes are dropped.
            let (mut word, mut quoted, mut in_quote) = (String::new(), false, false);
            while let Some(&c) = chars.peek() {
                if c == '"' {
                    in_quote = !in_quote;
                    quoted = true;
                } else if c.is_whitespace() && !in_quote {
                    break;
                } else {
                    word.push(c);
                }
                chars.next();
            }
            if in_quote {
                return Err(CodecError::new(format!("unterminated quote in {text:?}")));
            }
            words.push((word, quoted));
        }
        let mut words = words.into_iter();
        let Some((command, _)) = words.next() else {
            return Err(CodecError::new("empty hub line"));
        };
        let args = words
            .map(|(word, _)| match word.split_once('=') {
                Some((name, value)) => (name.to_owned(), Some(value.to_owned())),
                None => (word, None),
            })
            .collect();
        Ok(Line { command, args })
    }
}

/// A value as written on a line: quoted when it is empty or holds a space, `=` or `"`.
fn quote(value: &str) -> String {
    if value.is_empty() || value.contains([' ', '=', '"', '\t']) {
        format!("\"{}\"", value.replace('"', "'"))
    } else {
        value.to_owned()
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.command)?;
        for (name, value) in &self.args {
            match value {
                Some(value) => write!(f, " {name}={}", quote(value))?,
                None => write!(f, " {name}")?,
            }
        }
        Ok(())
    }
}

/// A move as Hub writes it: start, end and the captured squares (numbers 1–50).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HubMove {
    pub from: u8,
    pub to: u8,
    /// The captured squares, in the order written.
    pub captured: Vec<u8>,
}

fn square(text: &str, move_text: &str) -> Result<u8, CodecError> {
    text.parse::<u8>()
        .ok()
        .filter(|n| (1..=50).contains(n))
        .ok_or_else(|| {
            CodecError::new(format!(
                "expected a hub move `32-28` or `28x19x23` (squares 1-50), got {move_text:?}"
            ))
        })
}

impl HubMove {
    /// Parses `32-28` or `28x19x23`.
    ///
    /// # Errors
    /// A [`CodecError`] for anything else.
    pub fn parse(text: &str) -> Result<HubMove, CodecError> {
        let bad = || {
            CodecError::new(format!(
                "expected a hub move `32-28` or `28x19x23`, got {text:?}"
            ))
        };
        if let Some((from, to)) = text.split_once('-') {
            return Ok(HubMove {
                from: square(from, text)?,
                to: square(to, text)?,
                captured: Vec::new(),
            });
        }
        let parts: Vec<&str> = text.split('x').collect();
        if parts.len() < 3 {
            return Err(bad());
        }
        let numbers = parts
            .iter()
            .map(|part| square(part, text))
            .collect::<Result<Vec<u8>, _>>()?;
        Ok(HubMove {
            from: numbers[0],
            to: numbers[1],
            captured: numbers[2..].to_vec(),
        })
    }

    /// The Hub form of a legal move (captured squares ascending).
    #[must_use]
    pub fn of(mv: Move) -> HubMove {
        HubMove {
            from: mv.from + 1,
            to: mv.to + 1,
            captured: mv.captured_squares(),
        }
    }

    /// The legal move of `game` this names: same start, end and captured set.
    ///
    /// # Errors
    /// A [`CodecError`] when no legal move fits (the text says which).
    pub fn resolve(&self, game: &Draughts) -> Result<Move, CodecError> {
        fitting(game, self.from, self.to, Some(&self.captured))
            .into_iter()
            .next()
            .ok_or_else(|| CodecError::new(format!("`{self}` is not a legal move here")))
    }
}

/// The legal moves of `game` from square `from` to `to` (numbered from 1, as Hub and DXP write
/// them) taking the squares `captured` in any order, or taking anything when `None`.
pub(crate) fn fitting(game: &Draughts, from: u8, to: u8, captured: Option<&[u8]>) -> Vec<Move> {
    let captured = captured.map(|squares| {
        let mut squares = squares.to_vec();
        squares.sort_unstable();
        squares
    });
    game.legal_moves()
        .into_iter()
        .filter(|mv| {
            mv.from + 1 == from
                && mv.to + 1 == to
                && captured
                    .as_ref()
                    .is_none_or(|squares| mv.captured_squares() == *squares)
        })
        .collect()
}

/// The PDN text (arbiter's notation) of the legal move `mv` names in `game`.
///
/// # Errors
/// A [`CodecError`] when no legal move fits.
pub fn to_pdn(game: &Draughts, mv: &HubMove) -> Result<String, CodecError> {
    mv.resolve(game).map(|mv| game.format_move(mv))
}

/// The Hub form of the legal move that the PDN text `text` names in `game`.
///
/// # Errors
/// A [`CodecError`] for text that is no legal move there.
pub fn from_pdn(game: &Draughts, text: &str) -> Result<HubMove, CodecError> {
    let mv = game
        .parse_move(text)
        .map_err(|error| CodecError::new(format!("`{text}`: {error}")))?;
    game.check_move(mv)
        .map_err(|error| CodecError::new(format!("`{text}`: {error}")))?;
    Ok(HubMove::of(mv))
}

/// The Hub moves of a game given in PDN texts from `start`, and the position they reach.
///
/// # Errors
/// A [`CodecError`] naming the first move that is not legal where it is played.
pub fn replay(start: Draughts, moves: &[String]) -> Result<(Draughts, Vec<HubMove>), CodecError> {
    let mut game = start;
    let mut hub = Vec::with_capacity(moves.len());
    for text in moves {
        let mv = from_pdn(&game, text)?;
        let resolved = mv.resolve(&game)?;
        game.make(resolved);
        hub.push(mv);
    }
    Ok((game, hub))
}

impl fmt::Display for HubMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.captured.is_empty() {
            return write!(f, "{}-{}", self.from, self.to);
        }
        write!(f, "{}x{}", self.from, self.to)?;
        for square in &self.captured {
            write!(f, "x{square}")?;
        }
        Ok(())
    }
}

/// A position as `pos=` writes it: the side to move and the 50 squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HubPosition(pub DraughtsSetup);

impl HubPosition {
    /// Parses `W` or `B` and 50 characters of `w b W B e`.
    ///
    /// # Errors
    /// A [`CodecError`] for another length or character.
    pub fn parse(text: &str) -> Result<HubPosition, CodecError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 51 {
            return Err(CodecError::new(format!(
                "expected a hub position of 51 characters (side and 50 squares), got {} in {text:?}",
                chars.len()
            )));
        }
        let to_move = match chars[0] {
            'W' => Side::First,
            'B' => Side::Second,
            other => {
                return Err(CodecError::new(format!(
                    "expected the side to move `W` or `B`, got {other:?}"
                )));
            }
        };
        let setup = draughts::read_squares(to_move, chars[1..].iter().copied(), SQUARES)?;
        Ok(HubPosition(setup))
    }

    /// The position of `game`.
    #[must_use]
    pub fn of(game: &Draughts) -> HubPosition {
        HubPosition(game.to_setup())
    }
}

impl fmt::Display for HubPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.to_move == Side::First {
            "W"
        } else {
            "B"
        })?;
        draughts::write_squares(&self.0, SQUARES).try_for_each(|c| f.write_char(c))
    }
}

/// A search limit (`level`).
#[derive(Clone, Debug, PartialEq)]
pub enum Level {
    Depth(u32),
    Nodes(u64),
    MoveTime(f64),
    /// `[moves=N] time=S [inc=S]`: the time left for the game (or the next `moves` moves).
    Clock {
        moves: Option<u32>,
        time: f64,
        increment: Option<f64>,
    },
    Infinite,
}

/// How `go` searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoMode {
    Think,
    Ponder,
    Analyze,
}

/// A GUI → engine command.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Hub,
    SetParam {
        name: String,
        value: String,
    },
    Init,
    Pos {
        position: HubPosition,
        moves: Vec<HubMove>,
    },
    Level(Level),
    Go(GoMode),
    PonderHit,
    Stop,
    NewGame,
    Ping,
    Quit,
    /// A command this codec does not know (engines ignore it): its line.
    Unknown(Line),
}

fn required<'a>(line: &'a Line, name: &str) -> Result<&'a str, CodecError> {
    line.get(name).ok_or_else(|| {
        CodecError::new(format!("`{}` needs `{name}=…`, got `{line}`", line.command))
    })
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, CodecError> {
    text.parse()
        .map_err(|_| CodecError::new(format!("expected {what}, got {text:?}")))
}

fn seconds(text: &str) -> Result<f64, CodecError> {
    let value: f64 = number(text, "a time in seconds")?;
    if value.is_finite() && value >= 0.0 {
        Ok(value)
    } else {
        Err(CodecError::new(format!(
            "expected a time in seconds, got {text:?}"
        )))
    }
}

fn moves(text: &str) -> Result<Vec<HubMove>, CodecError> {
    text.split_whitespace().map(HubMove::parse).collect()
}

impl Command {
    /// Parses a command line.
    ///
    /// # Errors
    /// A [`CodecError`] for a known command with missing or bad arguments, or an empty line.
    pub fn parse(text: &str) -> Result<Command, CodecError> {
        let line = Line::parse(text)?;
        Ok(match line.command.as_str() {
            "hub" => Command::Hub,
            "set-param" => Command::SetParam {
                name: required(&line, "name")?.to_owned(),
                value: required(&line, "value")?.to_owned(),
            },
            "init" => Command::Init,
            "pos" => Command::Pos {
                position: HubPosition::parse(required(&line, "pos")?)?,
                moves: moves(line.get("moves").unwrap_or(""))?,
            },
            "level" => Command::Level(if let Some(depth) = line.get("depth") {
                Level::Depth(number(depth, "a depth")?)
            } else if let Some(nodes) = line.get("nodes") {
                Level::Nodes(number(nodes, "a node count")?)
            } else if let Some(time) = line.get("move-time") {
                Level::MoveTime(seconds(time)?)
            } else if let Some(time) = line.get("time") {
                Level::Clock {
                    moves: line
                        .get("moves")
                        .map(|m| number(m, "a move count"))
                        .transpose()?,
                    time: seconds(time)?,
                    increment: line.get("inc").map(seconds).transpose()?,
                }
            } else if line.has("infinite") {
                Level::Infinite
            } else {
                return Err(CodecError::new(format!(
                    "`level` needs depth, nodes, move-time, time or infinite, got `{line}`"
                )));
            }),
            "go" => Command::Go(if line.has("think") {
                GoMode::Think
            } else if line.has("ponder") {
                GoMode::Ponder
            } else if line.has("analyze") {
                GoMode::Analyze
            } else {
                return Err(CodecError::new(format!(
                    "`go` needs think, ponder or analyze, got `{line}`"
                )));
            }),
            "ponder-hit" => Command::PonderHit,
            "stop" => Command::Stop,
            "new-game" => Command::NewGame,
            "ping" => Command::Ping,
            "quit" => Command::Quit,
            _ => Command::Unknown(line),
        })
    }

    /// The command as a line (without a line end).
    #[must_use]
    pub fn to_line(&self) -> Line {
        match self {
            Command::Hub => Line::new("hub"),
            Command::SetParam { name, value } => {
                Line::new("set-param").arg("name", name).arg("value", value)
            }
            Command::Init => Line::new("init"),
            Command::Pos { position, moves } => {
                let line = Line::new("pos").arg("pos", position.to_string());
                if moves.is_empty() {
                    line
                } else {
                    let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
                    line.arg("moves", moves.join(" "))
                }
            }
            Command::Level(level) => match level {
                Level::Depth(depth) => Line::new("level").arg("depth", depth.to_string()),
                Level::Nodes(nodes) => Line::new("level").arg("nodes", nodes.to_string()),
                Level::MoveTime(time) => Line::new("level").arg("move-time", time.to_string()),
                Level::Clock {
                    moves,
                    time,
                    increment,
                } => {
                    let mut line = Line::new("level");
                    if let Some(moves) = moves {
                        line = line.arg("moves", moves.to_string());
                    }
                    line = line.arg("time", time.to_string());
                    if let Some(increment) = increment {
                        line = line.arg("inc", increment.to_string());
                    }
                    line
                }
                Level::Infinite => Line::new("level").flag("infinite"),
            },
            Command::Go(mode) => Line::new("go").flag(match mode {
                GoMode::Think => "think",
                GoMode::Ponder => "ponder",
                GoMode::Analyze => "analyze",
            }),
            Command::PonderHit => Line::new("ponder-hit"),
            Command::Stop => Line::new("stop"),
            Command::NewGame => Line::new("new-game"),
            Command::Ping => Line::new("ping"),
            Command::Quit => Line::new("quit"),
            Command::Unknown(line) => line.clone(),
        }
    }
}

/// An engine → GUI answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// `id name=… version=…`: every field as sent.
    Id(Line),
    /// `param name=… value=… type=… [min=… max=… values=…]`: a parameter the GUI may set
    /// before `init` (every field as sent; `name` is required).
    Param(Line),
    Wait,
    Ready,
    /// `info …`: search information, every field as sent.
    Info(Line),
    Done {
        mv: HubMove,
        ponder: Option<HubMove>,
    },
    Pong,
    Error {
        message: String,
    },
    /// An answer this codec does not know (GUIs ignore it).
    Unknown(Line),
}

impl Answer {
    /// Parses an answer line.
    ///
    /// # Errors
    /// A [`CodecError`] for a known answer with missing or bad arguments, or an empty line.
    pub fn parse(text: &str) -> Result<Answer, CodecError> {
        let line = Line::parse(text)?;
        Ok(match line.command.as_str() {
            "id" => Answer::Id(line),
            "param" => {
                required(&line, "name")?;
                Answer::Param(line)
            }
            "wait" => Answer::Wait,
            "ready" => Answer::Ready,
            "info" => Answer::Info(line),
            "done" => Answer::Done {
                mv: HubMove::parse(required(&line, "move")?)?,
                ponder: line
                    .get("ponder")
                    .filter(|ponder| !ponder.is_empty())
                    .map(HubMove::parse)
                    .transpose()?,
            },
            "pong" => Answer::Pong,
            "error" => Answer::Error {
                message: line.get("message").unwrap_or("").to_owned(),
            },
            _ => Answer::Unknown(line),
        })
    }

    /// The answer as a line.
    #[must_use]
    pub fn to_line(&self) -> Line {
        match self {
            Answer::Id(line) | Answer::Param(line) | Answer::Info(line) | Answer::Unknown(line) => {
                line.clone()
            }
            Answer::Wait => Line::new("wait"),
            Answer::Ready => Line::new("ready"),
            Answer::Done { mv, ponder } => {
                let line = Line::new("done").arg("move", mv.to_string());
                match ponder {
                    Some(ponder) => line.arg("ponder", ponder.to_string()),
                    None => line,
                }
            }
            Answer::Pong => Line::new("pong"),
            Answer::Error { message } => Line::new("error").arg("message", message),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assert_refused;
    use arbiter_core::Game;
    use arbiter_draughts::DraughtsVariant;
    use rstest::rstest;

    const START: &str = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

    fn start() -> Draughts {
        Draughts::start(&DraughtsVariant::default())
    }

    #[rstest]
    #[case("hub", Command::Hub)]
    #[case("init", Command::Init)]
    #[case("set-param name=variant value=normal", Command::SetParam { name: "variant".into(), value: "normal".into() })]
    #[case("level depth=12", Command::Level(Level::Depth(12)))]
    #[case("level nodes=100000", Command::Level(Level::Nodes(100_000)))]
    #[case("level move-time=1.5", Command::Level(Level::MoveTime(1.5)))]
    #[case("level moves=9 time=291.5", Command::Level(Level::Clock { moves: Some(9), time: 291.5, increment: None }))]
    #[case("level time=60 inc=1", Command::Level(Level::Clock { moves: None, time: 60.0, increment: Some(1.0) }))]
    #[case("level infinite", Command::Level(Level::Infinite))]
    #[case("go think", Command::Go(GoMode::Think))]
    #[case("go ponder", Command::Go(GoMode::Ponder))]
    #[case("go analyze", Command::Go(GoMode::Analyze))]
    #[case("ponder-hit", Command::PonderHit)]
    #[case("stop", Command::Stop)]
    #[case("new-game", Command::NewGame)]
    #[case("ping", Command::Ping)]
    #[case("quit\r\n", Command::Quit)]
    fn commands_both_ways(#[case] text: &str, #[case] command: Command) {
        assert_eq!(Command::parse(text).unwrap(), command);
        let line = command.to_line().to_string();
        assert_eq!(Command::parse(&line).unwrap(), command, "{line}");
    }

    #[test]
    fn a_pos_with_moves_both_ways() {
        let text = format!("pos pos={START} moves=\"32-28 19-23 28x19x23\"");
        let Command::Pos { position, moves } = Command::parse(&text).unwrap() else {
            panic!("not a pos");
        };
        assert_eq!(position, HubPosition::of(&start()));
        assert_eq!(moves.len(), 3);
        assert_eq!(
            moves[2],
            HubMove {
                from: 28,
                to: 19,
                captured: vec![23]
            }
        );
        let again = Command::Pos { position, moves }.to_line().to_string();
        assert_eq!(again, text);
    }

    #[rstest]
    #[case("id name=Scan version=3.1 author=\"Fabien Letouzey\" country=France")]
    #[case("param name=variant value=normal type=enum values=\"normal killer bt frisian losing\"")]
    #[case("wait")]
    #[case("ready")]
    #[case(
        "info depth=21 mean-depth=20.8 score=-0.01 nodes=31261613 time=3.906 nps=8.0 pv=\"32-28 17-22 28x17x22\""
    )]
    #[case("done move=32-28 ponder=17-22")]
    #[case("done move=28x19x23")]
    #[case("pong")]
    #[case("error message=\"bad position\"")]
    fn answers_both_ways(#[case] text: &str) {
        crate::assert_both_ways(Answer::parse, |answer| answer.to_line().to_string(), text);
    }

    #[test]
    fn the_id_and_done_fields_are_read() {
        let Answer::Id(line) =
            Answer::parse("id name=Scan version=3.1 author=\"Fabien Letouzey\"").unwrap()
        else {
            panic!("not an id");
        };
        assert_eq!(line.get("author"), Some("Fabien Letouzey"));
        let Answer::Done { mv, ponder } = Answer::parse("done move=32-28 ponder=17-22").unwrap()
        else {
            panic!("not done");
        };
        assert_eq!(
            (mv.to_string(), ponder.map(|p| p.to_string())),
            ("32-28".into(), Some("17-22".into()))
        );
    }

    #[test]
    fn malformed_commands_are_errors() {
        assert_refused(
            Command::parse,
            &[
                "",
                "   ",
                "pos",
                "pos pos=W",
                "pos pos=Xbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
                "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwwq",
                "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 x\"",
                "level",
                "level depth=x",
                "level move-time=-1",
                "level move-time=NaN",
                "go",
                "set-param name=x",
                "pos pos=\"Wbbb",
            ],
        );
    }

    #[test]
    fn malformed_answers_are_errors() {
        assert_refused(
            Answer::parse,
            &[
                "done",
                "done move=",
                "done move=32-51",
                "done move=32x28",
                "done move=32-28 ponder=1-0",
                "param value=1",
            ],
        );
    }

    #[test]
    fn unknown_lines_are_kept() {
        assert_eq!(
            Command::parse("hello there=1").unwrap(),
            Command::Unknown(Line::new("hello").arg("there", "1"))
        );
        assert!(matches!(
            Answer::parse("bestmove 1"),
            Ok(Answer::Unknown(_))
        ));
    }

    #[test]
    fn moves_resolve_in_a_position() {
        // After 32-28 19-23 white must take 28x19 (over 23).
        let mut game = start();
        for text in ["32-28", "19-23"] {
            let mv = HubMove::parse(text).unwrap().resolve(&game).unwrap();
            game.play(mv).unwrap();
        }
        let capture = HubMove::parse("28x19x23").unwrap().resolve(&game).unwrap();
        assert_eq!(game.format_move(capture), "28x19");
        assert_eq!(HubMove::of(capture).to_string(), "28x19x23");
        assert!(HubMove::parse("28x19x24").unwrap().resolve(&game).is_err());
        assert!(HubMove::parse("31-27").unwrap().resolve(&game).is_err());
    }
}
