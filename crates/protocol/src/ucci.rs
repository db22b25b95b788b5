//! The xiangqi engine protocols, both directions: UCCI (中国象棋通用引擎协议, version 3.0,
//! xqbase.com/protocol/cchess_ucci.htm) and UCI as xiangqi engines speak it (Pikafish's README:
//! a UCI engine; Fairy-Stockfish with `UCI_Variant xiangqi`).
//!
//! Pure codec: lines in, typed messages out, and back; no IO, no game rules. Moves travel as
//! ICCS text (`h2e2`: file a-i, rank 0-9 from red's side), arbiter's notation; a [`Dialect`]
//! translates the ranks of a UCI engine that counts them from 1 (Fairy-Stockfish writes
//! `h3e3` for `h2e2`, `a10a8` for `a9a7`).
//!
//! | manager → engine | UCCI | UCI |
//! |---|---|---|
//! | hello | `ucci` | `uci` |
//! | readiness | `isready` | `isready` |
//! | an option | `setoption NAME [VALUE]` | `setoption name NAME [value VALUE]` |
//! | a new game | `setoption newgame` | `ucinewgame` |
//! | the position | `position {fen F \| startpos} [moves m…]` (F: the position after the last capture) | the same |
//! | forbidden moves | `banmoves m…` (until the next `position`) | — |
//! | think | `go [ponder\|draw] depth N \| infinite \| nodes N \| time T [movestogo M \| increment I] [opptime T [oppmovestogo M \| oppincrement I]]` | `go [ponder] [wtime T] [btime T] [winc I] [binc I] [movestogo M] [depth N] [nodes N] [movetime T] [infinite]` |
//! | ponder hit | `ponderhit [draw]` | `ponderhit` |
//! | stop, quit | `stop`, `quit` | `stop`, `quit` |
//!
//! | engine → manager | UCCI | UCI |
//! |---|---|---|
//! | identity | `id name X` (`copyright`, `author`, `user`) | `id name X` (`author`) |
//! | an option | `option NAME type T [min N] [max N] [var V]… [default D]` | `option name NAME type T …` |
//! | ready for commands | `ucciok` | `uciok` |
//! | readiness | `readyok` | `readyok` |
//! | thinking | `info depth N score S pv m… \| nodes N time T \| currmove m \| message TEXT` | `info depth N score cp S \| mate N nodes N time T pv m… \| string TEXT` |
//! | the answer | `bestmove m [ponder p] [draw \| resign]`, or `nobestmove` (Fairy-Stockfish writes `bestmove (none)`, read as `nobestmove`) | `bestmove m [ponder p]` (`bestmove (none)`: no move) |
//! | leaving | `bye` | — |
//!
//! Times are as the engine asked: UCCI counts seconds unless the engine announced `option
//! usemillisec` (then milliseconds; the codec carries the numbers as written); UCI counts
//! milliseconds. Every parser returns a [`CodecError`] for text it cannot read and never
//! panics; words the protocol does not define become [`Command::Unknown`] or
//! [`Reply::Unknown`], which an engine or a manager ignores.

use std::fmt::{self, Write as _};

use super::{CodecError, trim_line_end};

/// Which of the protocols a line is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// UCCI 3.0: ICCS moves, ranks 0-9.
    Ucci,
    /// UCI with ranks 0-9 (Pikafish).
    Uci,
    /// UCI with ranks 1-10 (Fairy-Stockfish's xiangqi under UCI: `h3e3` is `h2e2`).
    UciRanksFromOne,
}

impl Dialect {
    /// Whether this is one of the UCI dialects.
    #[must_use]
    pub const fn is_uci(self) -> bool {
        !matches!(self, Dialect::Ucci)
    }

    /// The rank the engine's notation gives the first rank.
    const fn first_rank(self) -> u32 {
        match self {
            Dialect::UciRanksFromOne => 1,
            Dialect::Ucci | Dialect::Uci => 0,
        }
    }

    /// A move in the engine's notation from ICCS (`h2e2`); the text as it is when it is not
    /// an ICCS move (so that an error shows on the other side).
    #[must_use]
    pub fn encode_move(self, iccs: &str) -> String {
        match squares(iccs, 0) {
            Some([a, b]) if self.first_rank() != 0 => {
                format!("{}{}", square_text(a, 1), square_text(b, 1))
            }
            _ => iccs.to_owned(),
        }
    }

    /// An ICCS move from the engine's notation.
    ///
    /// # Errors
    /// A [`CodecError`] when the text is not two squares of the board in this dialect.
    pub fn decode_move(self, text: &str) -> Result<String, CodecError> {
        let base = self.first_rank();
        let [a, b] = squares(text, base).ok_or_else(|| {
            let ranks = if base == 0 { "0-9" } else { "1-10" };
            CodecError::new(format!(
                "expected a move like h2e2 (two points, files a-i, ranks {ranks}), got {text:?}"
            ))
        })?;
        Ok(format!("{}{}", square_text(a, 0), square_text(b, 0)))
    }
}

/// A point as (file 0-8, rank 0-9).
type Square = (u8, u8);

/// The two squares of a move written with ranks from `base`, or `None`.
fn squares(text: &str, base: u32) -> Option<[Square; 2]> {
    let bytes = text.as_bytes();
    if !text.is_ascii() || bytes.is_empty() {
        return None;
    }
    // The second square starts at the second letter.
    let split = bytes.iter().skip(1).position(u8::is_ascii_alphabetic)? + 1;
    let (a, b) = text.split_at(split);
    Some([square(a, base)?, square(b, base)?])
}

fn square(text: &str, base: u32) -> Option<Square> {
    let (file, rank) = text.split_at(1);
    let file = file.as_bytes()[0].to_ascii_lowercase().checked_sub(b'a')?;
    if file > 8 || rank.is_empty() || rank.len() > 2 || (rank.len() == 2 && rank.starts_with('0')) {
        return None;
    }
    let rank = rank.parse::<u32>().ok()?.checked_sub(base)?;
    (rank <= 9).then_some((file, rank as u8))
}

fn square_text((file, rank): Square, base: u32) -> String {
    format!("{}{}", char::from(b'a' + file), u32::from(rank) + base)
}

/// A position: a FEN or the start, and the moves played since (ICCS).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The FEN (`None`: `startpos`). UCCI sends the position after the last capture.
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// UCCI's clock: the mover's and the opponent's time, per period or with an increment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UcciClock {
    pub time: u64,
    pub movestogo: Option<u32>,
    pub increment: Option<u64>,
    pub opptime: Option<u64>,
    pub oppmovestogo: Option<u32>,
    pub oppincrement: Option<u64>,
}

/// How long to think: the fields of `go` (a field the dialect lacks is never set by
/// [`Command::parse`], and is not written by [`Command::format`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub ponder: bool,
    /// UCCI `go draw`: the manager offers a draw.
    pub draw: bool,
    pub depth: Option<u32>,
    pub infinite: bool,
    pub nodes: Option<u64>,
    /// UCCI `time …`.
    pub clock: Option<UcciClock>,
    /// UCI: red's (`w`) and black's time and increment, milliseconds.
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    /// UCI: moves to the next time control.
    pub movestogo: Option<u32>,
    /// UCI: exactly this long, milliseconds.
    pub movetime: Option<u64>,
}

/// A command, manager → engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ucci` or `uci`.
    Hello,
    IsReady,
    /// An option and its value (UCCI's `setoption NAME VALUE`, UCI's `name … value …`).
    SetOption {
        name: String,
        value: Option<String>,
    },
    /// UCI's `ucinewgame` (UCCI says `setoption newgame`).
    NewGame,
    Position(Position),
    /// UCCI's `banmoves`: moves the engine may not play in the current position.
    BanMoves(Vec<String>),
    Go(Go),
    PonderHit {
        draw: bool,
    },
    Stop,
    Quit,
    /// Another command, as written (without its line end).
    Unknown(String),
}

fn number<T: std::str::FromStr>(text: Option<&str>, what: &str) -> Result<T, CodecError> {
    let text = text.ok_or_else(|| CodecError::new(format!("expected {what}, got nothing")))?;
    text.parse()
        .map_err(|_| CodecError::new(format!("expected {what}, got {text:?}")))
}

fn moves(dialect: Dialect, words: &[&str]) -> Result<Vec<String>, CodecError> {
    words.iter().map(|m| dialect.decode_move(m)).collect()
}

impl Command {
    /// Parses a command line (its line end may still be there).
    ///
    /// # Errors
    /// A [`CodecError`] for an empty line or a known command with bad arguments.
    pub fn parse(dialect: Dialect, line: &str) -> Result<Command, CodecError> {
        let words: Vec<&str> = trim_line_end(line).split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Err(CodecError::new("empty command line"));
        };
        match first {
            "ucci" if !dialect.is_uci() => Ok(Command::Hello),
            "uci" if dialect.is_uci() => Ok(Command::Hello),
            "isready" => Ok(Command::IsReady),
            "ucinewgame" if dialect.is_uci() => Ok(Command::NewGame),
            "setoption" => parse_setoption(dialect, rest),
            "position" => parse_position(dialect, rest).map(Command::Position),
            "banmoves" if !dialect.is_uci() => moves(dialect, rest).map(Command::BanMoves),
            "go" => parse_go(dialect, rest).map(Command::Go),
            "ponderhit" => match rest {
                [] => Ok(Command::PonderHit { draw: false }),
                ["draw"] if !dialect.is_uci() => Ok(Command::PonderHit { draw: true }),
                _ => Err(CodecError::new(format!(
                    "expected `ponderhit` or `ponderhit draw`, got {:?}",
                    rest.join(" ")
                ))),
            },
            "stop" => Ok(Command::Stop),
            "quit" => Ok(Command::Quit),
            _ => Ok(Command::Unknown(words.join(" "))),
        }
    }

    /// The command line in `dialect`, without a line end.
    #[must_use]
    pub fn format(&self, dialect: Dialect) -> String {
        let uci = dialect.is_uci();
        let list = |moves: &[String]| {
            moves
                .iter()
                .map(|m| dialect.encode_move(m))
                .collect::<Vec<_>>()
                .join(" ")
        };
        match self {
            Command::Hello => (if uci { "uci" } else { "ucci" }).to_owned(),
            Command::IsReady => "isready".to_owned(),
            Command::SetOption { name, value } => match (uci, value) {
                (true, Some(value)) => format!("setoption name {name} value {value}"),
                (true, None) => format!("setoption name {name}"),
                (false, Some(value)) => format!("setoption {name} {value}"),
                (false, None) => format!("setoption {name}"),
            },
            Command::NewGame => (if uci {
                "ucinewgame"
            } else {
                "setoption newgame"
            })
            .to_owned(),
            Command::Position(position) => {
                let mut line = match &position.fen {
                    None => "position startpos".to_owned(),
                    Some(fen) => format!("position fen {fen}"),
                };
                if !position.moves.is_empty() {
                    let _ = write!(line, " moves {}", list(&position.moves));
                }
                line
            }
            Command::BanMoves(moves) => format!("banmoves {}", list(moves)),
            Command::Go(go) => format_go(dialect, go),
            Command::PonderHit { draw } => (if *draw && !uci {
                "ponderhit draw"
            } else {
                "ponderhit"
            })
            .to_owned(),
            Command::Stop => "stop".to_owned(),
            Command::Quit => "quit".to_owned(),
            Command::Unknown(word) => word.clone(),
        }
    }
}

fn parse_setoption(dialect: Dialect, rest: &[&str]) -> Result<Command, CodecError> {
    if !dialect.is_uci() {
        // UCCI: one lower-case word, then the value (which may hold spaces: bookfiles).
        return match rest {
            [] => Err(CodecError::new("expected `setoption <name> [<value>]`")),
            ["newgame"] => Ok(Command::NewGame),
            [name, value @ ..] => Ok(Command::SetOption {
                name: (*name).to_owned(),
                value: (!value.is_empty()).then(|| value.join(" ")),
            }),
        };
    }
    // UCI: `name` NAME (words) [`value` VALUE (words)].
    let ["name", after @ ..] = rest else {
        return Err(CodecError::new(format!(
            "expected `setoption name <name> [value <value>]`, got {:?}",
            rest.join(" ")
        )));
    };
    let split = after.iter().position(|&w| w == "value");
    let (name, value) = match split {
        Some(i) => (&after[..i], Some(after[i + 1..].join(" "))),
        None => (after, None),
    };
    if name.is_empty() {
        return Err(CodecError::new(
            "expected an option name after `setoption name`",
        ));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(dialect: Dialect, rest: &[&str]) -> Result<Position, CodecError> {
    let split = rest.iter().position(|&w| w == "moves");
    let (head, tail) = match split {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let fen = match head {
        ["startpos"] => None,
        ["fen", fen @ ..] if !fen.is_empty() => Some(fen.join(" ")),
        _ => {
            return Err(CodecError::new(format!(
                "expected `position startpos` or `position fen <fen>` [moves …], got {:?}",
                rest.join(" ")
            )));
        }
    };
    Ok(Position {
        fen,
        moves: moves(dialect, tail)?,
    })
}

fn parse_go(dialect: Dialect, rest: &[&str]) -> Result<Go, CodecError> {
    let mut go = Go::default();
    let mut words = rest.iter().copied().peekable();
    let uci = dialect.is_uci();
    while let Some(word) = words.next() {
        let mut value = || words.next();
        match word {
            "ponder" => go.ponder = true,
            "draw" if !uci => go.draw = true,
            "depth" => go.depth = Some(number(value(), "a depth")?),
            "infinite" => go.infinite = true,
            "nodes" => go.nodes = Some(number(value(), "a node count")?),
            "time" if !uci => {
                go.clock.get_or_insert_with(UcciClock::default).time = number(value(), "a time")?;
            }
            "movestogo" if !uci => {
                go.clock.get_or_insert_with(UcciClock::default).movestogo =
                    Some(number(value(), "a move count")?);
            }
            "increment" if !uci => {
                go.clock.get_or_insert_with(UcciClock::default).increment =
                    Some(number(value(), "an increment")?);
            }
            "opptime" if !uci => {
                go.clock.get_or_insert_with(UcciClock::default).opptime =
                    Some(number(value(), "a time")?);
            }
            "oppmovestogo" if !uci => {
                go.clock.get_or_insert_with(UcciClock::default).oppmovestogo =
                    Some(number(value(), "a move count")?);
            }
            "oppincrement" if !uci => {
                go.clock.get_or_insert_with(UcciClock::default).oppincrement =
                    Some(number(value(), "an increment")?);
            }
            "wtime" if uci => go.wtime = Some(number(value(), "a time")?),
            "btime" if uci => go.btime = Some(number(value(), "a time")?),
            "winc" if uci => go.winc = Some(number(value(), "an increment")?),
            "binc" if uci => go.binc = Some(number(value(), "an increment")?),
            "movestogo" => go.movestogo = Some(number(value(), "a move count")?),
            "movetime" if uci => go.movetime = Some(number(value(), "a time")?),
            other => {
                return Err(CodecError::new(format!(
                    "unknown `go` parameter {other:?} in {} `go`",
                    if uci { "a UCI" } else { "a UCCI" }
                )));
            }
        }
    }
    if go.clock.is_some() && !rest.contains(&"time") {
        return Err(CodecError::new(
            "`movestogo`, `increment` and the opponent's clock need `time`",
        ));
    }
    Ok(go)
}

fn format_go(dialect: Dialect, go: &Go) -> String {
    let mut line = "go".to_owned();
    let mut add = |word: &str, value: Option<String>| {
        if let Some(value) = value {
            let _ = write!(line, " {word} {value}");
        }
    };
    let text = |n: Option<u64>| n.map(|n| n.to_string());
    if dialect.is_uci() {
        add("wtime", text(go.wtime));
        add("btime", text(go.btime));
        add("winc", text(go.winc));
        add("binc", text(go.binc));
        add("movestogo", go.movestogo.map(|n| n.to_string()));
        add("depth", go.depth.map(|n| n.to_string()));
        add("nodes", text(go.nodes));
        add("movetime", text(go.movetime));
    } else {
        add("depth", go.depth.map(|n| n.to_string()));
        add("nodes", text(go.nodes));
        if let Some(clock) = &go.clock {
            add("time", Some(clock.time.to_string()));
            add("movestogo", clock.movestogo.map(|n| n.to_string()));
            add("increment", text(clock.increment));
            add("opptime", text(clock.opptime));
            add("oppmovestogo", clock.oppmovestogo.map(|n| n.to_string()));
            add("oppincrement", text(clock.oppincrement));
        }
    }
    // The mode words come first, as the protocols write them.
    let mut head = "go".to_owned();
    if go.ponder {
        head.push_str(" ponder");
    }
    if go.draw && !dialect.is_uci() {
        head.push_str(" draw");
    }
    if go.infinite {
        head.push_str(" infinite");
    }
    format!("{head}{}", &line[2..])
}

/// A score in an `info` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Hundredths of a pawn (UCCI: a bare number; UCI: `cp N`).
    Centipawns(i32),
    /// UCI `mate N`: mate in N moves (negative: being mated).
    Mate(i32),
}

/// The fields of an `info` line that arbiter reads; others are skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub depth: Option<u32>,
    pub score: Option<Score>,
    pub nodes: Option<u64>,
    pub time: Option<u64>,
    pub pv: Vec<String>,
    pub currmove: Option<String>,
    /// UCCI's `message` or UCI's `string`: the rest of the line.
    pub message: Option<String>,
}

/// A line from the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `id <field> <value>`: name, author, copyright, user.
    Id {
        field: String,
        value: String,
    },
    /// `option …`: the option's name and the rest of the line (`type …`).
    Option {
        name: String,
        rest: String,
    },
    /// `ucciok` or `uciok`.
    Ok,
    ReadyOk,
    Info(Info),
    BestMove {
        mv: String,
        ponder: Option<String>,
        /// UCCI: the engine offers or accepts a draw.
        draw: bool,
        /// UCCI: the engine resigns.
        resign: bool,
    },
    /// UCCI's `nobestmove`, UCI's `bestmove (none)`.
    NoBestMove,
    /// UCCI's answer to `quit`.
    Bye,
    /// Another line, as written (without its line end).
    Unknown(String),
}

impl Reply {
    /// Parses an engine line (its line end may still be there).
    ///
    /// # Errors
    /// A [`CodecError`] for an empty line or a known reply with bad arguments (a `bestmove`
    /// that is not a move of the board).
    pub fn parse(dialect: Dialect, line: &str) -> Result<Reply, CodecError> {
        let words: Vec<&str> = trim_line_end(line).split_whitespace().collect();
        let Some((&first, rest)) = words.split_first() else {
            return Err(CodecError::new("empty engine line"));
        };
        match first {
            "id" => match rest {
                [field, value @ ..] => Ok(Reply::Id {
                    field: (*field).to_owned(),
                    value: value.join(" "),
                }),
                [] => Err(CodecError::new("expected `id <field> <value>`")),
            },
            "option" => {
                // UCI names follow `name` and may hold spaces, up to `type`.
                let rest = if dialect.is_uci() {
                    rest.strip_prefix(&["name"]).unwrap_or(rest)
                } else {
                    rest
                };
                let split = rest.iter().position(|&w| w == "type").unwrap_or(rest.len());
                if split == 0 {
                    return Err(CodecError::new("expected `option <name> type <type> …`"));
                }
                Ok(Reply::Option {
                    name: rest[..split].join(" "),
                    rest: rest[split..].join(" "),
                })
            }
            "ucciok" if !dialect.is_uci() => Ok(Reply::Ok),
            "uciok" if dialect.is_uci() => Ok(Reply::Ok),
            "readyok" => Ok(Reply::ReadyOk),
            "info" => parse_info(dialect, rest).map(Reply::Info),
            "nobestmove" => Ok(Reply::NoBestMove),
            "bestmove" => parse_bestmove(dialect, rest),
            "bye" => Ok(Reply::Bye),
            _ => Ok(Reply::Unknown(words.join(" "))),
        }
    }

    /// The line in `dialect`, without a line end.
    #[must_use]
    pub fn format(&self, dialect: Dialect) -> String {
        match self {
            Reply::Id { field, value } => format!("id {field} {value}"),
            Reply::Option { name, rest } if dialect.is_uci() => {
                format!("option name {name} {rest}")
            }
            Reply::Option { name, rest } => format!("option {name} {rest}"),
            Reply::Ok => (if dialect.is_uci() { "uciok" } else { "ucciok" }).to_owned(),
            Reply::ReadyOk => "readyok".to_owned(),
            Reply::Info(info) => format_info(dialect, info),
            Reply::BestMove {
                mv,
                ponder,
                draw,
                resign,
            } => {
                let mut line = format!("bestmove {}", dialect.encode_move(mv));
                if let Some(ponder) = ponder {
                    let _ = write!(line, " ponder {}", dialect.encode_move(ponder));
                }
                if !dialect.is_uci() {
                    if *draw {
                        line.push_str(" draw");
                    }
                    if *resign {
                        line.push_str(" resign");
                    }
                }
                line
            }
            Reply::NoBestMove if dialect.is_uci() => "bestmove (none)".to_owned(),
            Reply::NoBestMove => "nobestmove".to_owned(),
            Reply::Bye => "bye".to_owned(),
            Reply::Unknown(word) => word.clone(),
        }
    }
}

fn parse_bestmove(dialect: Dialect, rest: &[&str]) -> Result<Reply, CodecError> {
    let Some((&mv, tail)) = rest.split_first() else {
        return Err(CodecError::new("expected `bestmove <move>`, got nothing"));
    };
    // UCI's way of saying "no move"; Fairy-Stockfish writes it under UCCI too.
    if mv == "(none)" || mv == "0000" {
        return Ok(Reply::NoBestMove);
    }
    let mv = dialect.decode_move(mv)?;
    let (mut ponder, mut draw, mut resign) = (None, false, false);
    let mut words = tail.iter();
    while let Some(&word) = words.next() {
        match word {
            "ponder" => {
                let text = words
                    .next()
                    .ok_or_else(|| CodecError::new("expected a move after `ponder`"))?;
                // Engines print `ponder (none)` when they have no guess.
                if *text != "(none)" {
                    ponder = Some(dialect.decode_move(text)?);
                }
            }
            "draw" if !dialect.is_uci() => draw = true,
            "resign" if !dialect.is_uci() => resign = true,
            other => {
                return Err(CodecError::new(format!(
                    "unexpected {other:?} after `bestmove {}`",
                    rest[0]
                )));
            }
        }
    }
    Ok(Reply::BestMove {
        mv,
        ponder,
        draw,
        resign,
    })
}

/// The `info` words that take one value and are not read.
const SKIPPED_INFO: &[&str] = &[
    "seldepth",
    "multipv",
    "nps",
    "hashfull",
    "tbhits",
    "currmovenumber",
    "wdl",
    "cpuload",
    "sbhits",
];

fn parse_info(dialect: Dialect, rest: &[&str]) -> Result<Info, CodecError> {
    let mut info = Info::default();
    let mut i = 0;
    while i < rest.len() {
        let word = rest[i];
        let value = rest.get(i + 1).copied();
        i += 2;
        match word {
            "depth" => info.depth = Some(number(value, "a depth")?),
            "nodes" => info.nodes = Some(number(value, "a node count")?),
            "time" => info.time = Some(number(value, "a time")?),
            "currmove" => {
                info.currmove = Some(dialect.decode_move(value.unwrap_or(""))?);
            }
            "score" => match (value, rest.get(i).copied()) {
                (Some("cp"), n) => {
                    info.score = Some(Score::Centipawns(number(n, "a score")?));
                    i += 1;
                }
                (Some("mate"), n) => {
                    info.score = Some(Score::Mate(number(n, "a mate distance")?));
                    i += 1;
                }
                (n, _) => info.score = Some(Score::Centipawns(number(n, "a score")?)),
            },
            "lowerbound" | "upperbound" => i -= 1,
            "pv" => {
                // The moves run to the end of the line (or to the next word that is no move).
                let start = i - 1;
                let end = rest[start..]
                    .iter()
                    .position(|m| dialect.decode_move(m).is_err())
                    .map_or(rest.len(), |n| start + n);
                info.pv = moves(dialect, &rest[start..end])?;
                i = end;
            }
            "message" | "string" => {
                info.message = Some(rest[i - 1..].join(" "));
                i = rest.len();
            }
            skipped if SKIPPED_INFO.contains(&skipped) => {
                // `wdl` has three numbers.
                if skipped == "wdl" {
                    i += 2;
                }
            }
            // Words an engine adds that arbiter does not read: skip the word alone.
            _ => i -= 1,
        }
    }
    Ok(info)
}

fn format_info(dialect: Dialect, info: &Info) -> String {
    let mut line = "info".to_owned();
    if let Some(depth) = info.depth {
        let _ = write!(line, " depth {depth}");
    }
    match (info.score, dialect.is_uci()) {
        (Some(Score::Centipawns(n)), true) => {
            let _ = write!(line, " score cp {n}");
        }
        (Some(Score::Centipawns(n)), false) => {
            let _ = write!(line, " score {n}");
        }
        (Some(Score::Mate(n)), _) => {
            let _ = write!(line, " score mate {n}");
        }
        (None, _) => {}
    }
    if let Some(nodes) = info.nodes {
        let _ = write!(line, " nodes {nodes}");
    }
    if let Some(time) = info.time {
        let _ = write!(line, " time {time}");
    }
    if let Some(mv) = &info.currmove {
        let _ = write!(line, " currmove {}", dialect.encode_move(mv));
    }
    if !info.pv.is_empty() {
        let pv: Vec<String> = info.pv.iter().map(|m| dialect.encode_move(m)).collect();
        let _ = write!(line, " pv {}", pv.join(" "));
    }
    if let Some(message) = &info.message {
        let word = if dialect.is_uci() {
            "string"
        } else {
            "message"
        };
        let _ = write!(line, " {word} {message}");
    }
    line
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dialect::Ucci => "ucci",
            Dialect::Uci => "uci",
            Dialect::UciRanksFromOne => "uci (ranks from 1)",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assert_refused;
    use rstest::rstest;

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    fn position(fen: Option<&str>, moves: &[&str]) -> Command {
        Command::Position(Position {
            fen: fen.map(str::to_owned),
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        })
    }

    fn set(name: &str, value: Option<&str>) -> Command {
        Command::SetOption {
            name: name.to_owned(),
            value: value.map(str::to_owned),
        }
    }

    /// Commands that read and write back exactly.
    #[rstest]
    #[case(Dialect::Ucci, "ucci", Command::Hello)]
    #[case(Dialect::Uci, "uci", Command::Hello)]
    #[case(Dialect::Ucci, "isready", Command::IsReady)]
    #[case(
        Dialect::Ucci,
        "setoption usemillisec true",
        set("usemillisec", Some("true"))
    )]
    #[case(
        Dialect::Ucci,
        "setoption bookfiles a.dat;b dat",
        set("bookfiles", Some("a.dat;b dat"))
    )]
    #[case(Dialect::Ucci, "setoption newgame", Command::NewGame)]
    #[case(Dialect::Uci, "ucinewgame", Command::NewGame)]
    #[case(
        Dialect::Uci,
        "setoption name UCI_Variant value xiangqi",
        set("UCI_Variant", Some("xiangqi"))
    )]
    #[case(Dialect::Uci, "setoption name Clear Hash", set("Clear Hash", None))]
    #[case(
        Dialect::Uci,
        "setoption name EvalFile value a b.nnue",
        set("EvalFile", Some("a b.nnue"))
    )]
    #[case(Dialect::Ucci, "position startpos", position(None, &[]))]
    #[case(Dialect::Ucci, &format!("position fen {START} moves h2e2 h9g7"), position(Some(START), &["h2e2", "h9g7"]))]
    #[case(Dialect::Uci, "position startpos moves h2e2", position(None, &["h2e2"]))]
    #[case(Dialect::UciRanksFromOne, "position startpos moves h3e3 a10a8", position(None, &["h2e2", "a9a7"]))]
    #[case(Dialect::Ucci, "banmoves h6i4 i9h9", Command::BanMoves(vec!["h6i4".into(), "i9h9".into()]))]
    #[case(Dialect::Ucci, "go depth 10", Command::Go(Go { depth: Some(10), ..Go::default() }))]
    #[case(Dialect::Ucci, "go nodes 5000", Command::Go(Go { nodes: Some(5000), ..Go::default() }))]
    #[case(Dialect::Ucci, "go infinite", Command::Go(Go { infinite: true, ..Go::default() }))]
    #[case(Dialect::Ucci, "go draw time 300000 increment 0", Command::Go(Go { draw: true, clock: Some(UcciClock { time: 300_000, increment: Some(0), ..UcciClock::default() }), ..Go::default() }))]
    #[case(Dialect::Ucci, "go ponder time 295000 movestogo 20 opptime 290000 oppmovestogo 19", Command::Go(Go { ponder: true, clock: Some(UcciClock { time: 295_000, movestogo: Some(20), opptime: Some(290_000), oppmovestogo: Some(19), ..UcciClock::default() }), ..Go::default() }))]
    #[case(Dialect::Ucci, "go time 60 increment 2 opptime 55 oppincrement 2", Command::Go(Go { clock: Some(UcciClock { time: 60, increment: Some(2), opptime: Some(55), oppincrement: Some(2), ..UcciClock::default() }), ..Go::default() }))]
    #[case(Dialect::Uci, "go wtime 60000 btime 55000 winc 1000 binc 1000", Command::Go(Go { wtime: Some(60_000), btime: Some(55_000), winc: Some(1000), binc: Some(1000), ..Go::default() }))]
    #[case(Dialect::Uci, "go movetime 500", Command::Go(Go { movetime: Some(500), ..Go::default() }))]
    #[case(Dialect::Uci, "go wtime 1000 btime 1000 movestogo 5", Command::Go(Go { wtime: Some(1000), btime: Some(1000), movestogo: Some(5), ..Go::default() }))]
    #[case(Dialect::Uci, "go depth 3 nodes 100", Command::Go(Go { depth: Some(3), nodes: Some(100), ..Go::default() }))]
    #[case(Dialect::Ucci, "ponderhit draw", Command::PonderHit { draw: true })]
    #[case(Dialect::Uci, "ponderhit", Command::PonderHit { draw: false })]
    #[case(Dialect::Ucci, "stop", Command::Stop)]
    #[case(Dialect::Ucci, "quit", Command::Quit)]
    #[case(Dialect::Ucci, "probe startpos", Command::Unknown("probe startpos".into()))]
    fn commands_both_ways(#[case] dialect: Dialect, #[case] line: &str, #[case] command: Command) {
        assert_eq!(Command::parse(dialect, line), Ok(command.clone()), "{line}");
        assert_eq!(
            Command::parse(dialect, &format!("{line}\r\n")),
            Ok(command.clone())
        );
        assert_eq!(command.format(dialect), line);
    }

    #[test]
    fn malformed_commands_are_errors() {
        assert_refused(
            |line| Command::parse(Dialect::Ucci, line),
            &[
                "",
                "   ",
                "position",
                "position fen",
                "position startpos moves h2e",
                "position startpos moves h2j2",
                "position startpos moves a10a8",
                "position somewhere",
                "banmoves h2",
                "go depth",
                "go depth ten",
                "go nodes -5",
                "go wtime 100",
                "go time 99999999999999999999999",
                "setoption",
                "ponderhit now",
            ],
        );
        assert_refused(
            |line| Command::parse(Dialect::UciRanksFromOne, line),
            &["position startpos moves a0a1"],
        );
        assert_refused(
            |line| Command::parse(Dialect::Uci, line),
            &[
                "go time 100",
                "go draw depth 3",
                "setoption Hash 16",
                "setoption name",
                "setoption name value 3",
            ],
        );
    }

    #[test]
    fn the_other_dialects_hello_is_not_a_hello() {
        assert_eq!(
            Command::parse(Dialect::Ucci, "uci"),
            Ok(Command::Unknown("uci".into()))
        );
        assert_eq!(
            Command::parse(Dialect::Uci, "ucci"),
            Ok(Command::Unknown("ucci".into()))
        );
        assert_eq!(
            Command::parse(Dialect::Uci, "banmoves h2e2"),
            Ok(Command::Unknown("banmoves h2e2".into()))
        );
    }

    fn best(mv: &str, ponder: Option<&str>, draw: bool, resign: bool) -> Reply {
        Reply::BestMove {
            mv: mv.to_owned(),
            ponder: ponder.map(str::to_owned),
            draw,
            resign,
        }
    }

    /// Replies that read and write back exactly.
    #[rstest]
    #[case(Dialect::Ucci, "id name ElephantEye 3.3", Reply::Id { field: "name".into(), value: "ElephantEye 3.3".into() })]
    #[case(Dialect::Ucci, "option usemillisec type check default false", Reply::Option { name: "usemillisec".into(), rest: "type check default false".into() })]
    #[case(Dialect::Uci, "option name UCI_Variant type combo default chess var xiangqi", Reply::Option { name: "UCI_Variant".into(), rest: "type combo default chess var xiangqi".into() })]
    #[case(Dialect::Uci, "option name Clear Hash type button", Reply::Option { name: "Clear Hash".into(), rest: "type button".into() })]
    #[case(Dialect::Ucci, "ucciok", Reply::Ok)]
    #[case(Dialect::Uci, "uciok", Reply::Ok)]
    #[case(Dialect::Ucci, "readyok", Reply::ReadyOk)]
    #[case(
        Dialect::Ucci,
        "bestmove b0c2 ponder b9c7",
        best("b0c2", Some("b9c7"), false, false)
    )]
    #[case(Dialect::Ucci, "bestmove h2e2 draw", best("h2e2", None, true, false))]
    #[case(Dialect::Ucci, "bestmove h2e2 resign", best("h2e2", None, false, true))]
    #[case(
        Dialect::Uci,
        "bestmove h2e2 ponder h9g7",
        best("h2e2", Some("h9g7"), false, false)
    )]
    #[case(
        Dialect::UciRanksFromOne,
        "bestmove a10a8",
        best("a9a7", None, false, false)
    )]
    #[case(Dialect::Ucci, "nobestmove", Reply::NoBestMove)]
    #[case(Dialect::Uci, "bestmove (none)", Reply::NoBestMove)]
    #[case(Dialect::Ucci, "bye", Reply::Bye)]
    #[case(Dialect::Ucci, "info depth 6 score 4 pv b0c2 b9c7 c3c4", Reply::Info(Info { depth: Some(6), score: Some(Score::Centipawns(4)), pv: vec!["b0c2".into(), "b9c7".into(), "c3c4".into()], ..Info::default() }))]
    #[case(Dialect::Ucci, "info nodes 5000000 time 5000", Reply::Info(Info { nodes: Some(5_000_000), time: Some(5000), ..Info::default() }))]
    #[case(Dialect::Ucci, "info currmove h2e2", Reply::Info(Info { currmove: Some("h2e2".into()), ..Info::default() }))]
    #[case(Dialect::Ucci, "info message book move", Reply::Info(Info { message: Some("book move".into()), ..Info::default() }))]
    #[case(Dialect::Uci, "info depth 9 score mate -3 nodes 120 time 7 pv h2e2", Reply::Info(Info { depth: Some(9), score: Some(Score::Mate(-3)), nodes: Some(120), time: Some(7), pv: vec!["h2e2".into()], ..Info::default() }))]
    #[case(Dialect::Uci, "info string NNUE evaluation using pikafish.nnue", Reply::Info(Info { message: Some("NNUE evaluation using pikafish.nnue".into()), ..Info::default() }))]
    fn replies_both_ways(#[case] dialect: Dialect, #[case] line: &str, #[case] reply: Reply) {
        assert_eq!(Reply::parse(dialect, line), Ok(reply.clone()), "{line}");
        assert_eq!(reply.format(dialect), line);
    }

    #[rstest]
    // Fields arbiter does not read are skipped, whatever their place.
    #[case(
        Dialect::Uci,
        "info depth 12 seldepth 18 multipv 1 score cp 35 wdl 300 600 100 nodes 9000 nps 1000 hashfull 3 tbhits 0 time 9 pv h2e2 h9g7"
    )]
    #[case(Dialect::Uci, "info depth 5 score cp 10 lowerbound nodes 10")]
    #[case(
        Dialect::UciRanksFromOne,
        "info depth 1 seldepth 2 multipv 1 score cp -229 nodes 46 nps 23000 tbhits 0 time 2 pv i9i10 e10e9"
    )]
    fn engine_info_lines_are_read(#[case] dialect: Dialect, #[case] line: &str) {
        let Ok(Reply::Info(info)) = Reply::parse(dialect, line) else {
            panic!("{line}");
        };
        assert!(
            info.depth.is_some() && info.score.is_some() && info.nodes.is_some(),
            "{info:?}"
        );
    }

    #[test]
    fn malformed_replies_are_errors() {
        assert_refused(
            |line| Reply::parse(Dialect::Ucci, line),
            &[
                "",
                "bestmove",
                "bestmove h2",
                "bestmove h2e2 ponder",
                "bestmove h2e2 maybe",
                "info depth x",
                "info score",
                "info currmove zz",
                "id",
                "option type check",
            ],
        );
        assert_refused(
            |line| Reply::parse(Dialect::Uci, line),
            &["bestmove h2e2 draw"],
        );
    }

    #[test]
    fn fairy_stockfish_s_no_move_under_ucci_is_read() {
        assert_eq!(
            Reply::parse(Dialect::Ucci, "bestmove (none)"),
            Ok(Reply::NoBestMove)
        );
        assert_eq!(Reply::NoBestMove.format(Dialect::Ucci), "nobestmove");
    }

    #[test]
    fn unknown_replies_are_kept_for_the_caller_to_ignore() {
        assert_eq!(
            Reply::parse(Dialect::Ucci, "Fairy-Stockfish 021226 LB by Fabian Fichter"),
            Ok(Reply::Unknown(
                "Fairy-Stockfish 021226 LB by Fabian Fichter".into()
            ))
        );
        assert_eq!(
            Reply::parse(Dialect::Ucci, "uciok"),
            Ok(Reply::Unknown("uciok".into()))
        );
    }

    #[test]
    fn moves_translate_between_rank_bases() {
        assert_eq!(Dialect::UciRanksFromOne.encode_move("a9a7"), "a10a8");
        assert_eq!(
            Dialect::UciRanksFromOne.decode_move("i9i10"),
            Ok("i8i9".to_owned())
        );
        assert_eq!(Dialect::Uci.encode_move("a9a7"), "a9a7");
        assert!(Dialect::UciRanksFromOne.decode_move("a11a8").is_err());
        assert!(Dialect::Ucci.decode_move("a01a1").is_err());
    }

    /// No line makes a parser panic: every sequence of three words from the protocols'
    /// vocabulary (numbers and moves of every shape among them), and every prefix of some.
    #[test]
    fn parsers_never_panic() {
        let words = [
            "go",
            "position",
            "fen",
            "startpos",
            "moves",
            "time",
            "depth",
            "nodes",
            "ponder",
            "draw",
            "h2e2",
            "a10a8",
            "score",
            "cp",
            "mate",
            "pv",
            "info",
            "bestmove",
            "setoption",
            "name",
            "value",
            "99999999999999999999999",
            "-1",
            "0",
            "(none)",
            "é",
            "message",
            "wdl",
            "type",
        ];
        let mut lines = Vec::new();
        for a in words {
            for b in words {
                for c in words {
                    lines.push((format!("{a} {b} {c}"), false));
                }
                for d in ["h2", "3", "x", "movestogo"] {
                    lines.push((format!("{a} {b} {d}"), true));
                }
            }
        }
        for (line, prefixes) in &lines {
            let ends = if *prefixes { 0 } else { line.len() };
            for end in (ends..=line.len()).filter(|&i| line.is_char_boundary(i)) {
                for dialect in [Dialect::Ucci, Dialect::Uci, Dialect::UciRanksFromOne] {
                    let _ = Command::parse(dialect, &line[..end]);
                    let _ = Reply::parse(dialect, &line[..end]);
                }
            }
        }
    }
}
