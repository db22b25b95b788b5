//! The NBoard protocol (the NBoard Othello GUI's engine protocol, spoken by Edax, NTest,
//! Egaroucid, Zebra ports and most open Othello programs), both directions, and the GGF game
//! record it sets positions with.
//!
//! Sources: the NBoard protocol page (Chris Welty, shipped with NBoard and in NTest's
//! `instructions/Protocol.htm`); Edax's `src/nboard.c` read as a reference implementation.
//!
//! | manager → engine | meaning |
//! |---|---|
//! | `nboard 2` | first command: enter NBoard mode (version 2; Edax only accepts `1` silently) |
//! | `set depth N` | midgame search depth (engines answer `set myname <name>`) |
//! | `set game (;GM[Othello]…;)` | the position at the end of this GGF game |
//! | `move F5[/eval/time]` | the position after this move |
//! | `hint N`, `learn`, `set contempt N` | analysis, book learning (not used by arbiter) |
//! | `go` | answer `=== F5[/eval/time]` (the engine does not play it) |
//! | `ping N` | stop thinking and answer `pong N` (synchronisation) |
//! | `quit` | leave |
//!
//! | engine → manager | meaning |
//! |---|---|
//! | `=== F5` (`=== F5/1.0/0.3`, Edax: `=== f5 1.00 0.3`) | the move of `go`; `PA` is a pass |
//! | `pong N` | every command before `ping N` is done |
//! | `status …`, `search …`, `nodestats …`, `book …`, `set myname …`, `learned` | information |
//!
//! Moves are two characters, a column letter `A`–`H` and a row digit `1`–`8` (row 1 at the top,
//! as arbiter's `a1`), either case; `PA` (or `pass`) is a pass. GGF's board `BO[8 <64 squares>
//! <side>]` lists the squares row by row from a1, `*` black, `O` white, `-` empty, and the side
//! to move `*` or `O`. Every parser returns a [`CodecError`] for text it cannot read.

use std::fmt;

use super::CodecError;

/// The protocol version arbiter sends (`nboard 2`, the current one).
pub const VERSION: u32 = 2;

/// The 64 squares of Othello's start, in GGF's alphabet (d4 and e5 white, d5 and e4 black).
pub const START_SQUARES: &str = "---------------------------O*------*O---------------------------";

/// A command, manager → engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Nboard(u32),
    SetDepth(u32),
    SetGame(GgfGame),
    /// Another `set` (`set contempt N`): its name and value, kept for the engine to ignore.
    SetOther(String, String),
    /// `move <move>[/eval/time]`: the move in arbiter's notation.
    Move(String),
    Hint(u32),
    Go,
    Ping(u64),
    Learn,
    Quit,
    /// A command the protocol does not list: its first word (engines ignore the line).
    Unknown(String),
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, CodecError> {
    text.trim()
        .parse()
        .map_err(|_| CodecError::new(format!("expected {what}, got {text:?}")))
}

impl Command {
    /// Parses a command line (its line end may still be there).
    ///
    /// # Errors
    /// A [`CodecError`] for a known command with bad arguments, or an empty line.
    pub fn parse(line: &str) -> Result<Command, CodecError> {
        let line = super::trim_line_end(line).trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "" => Err(CodecError::new("empty command line")),
            "nboard" => number(rest, "a protocol version").map(Command::Nboard),
            "set" => {
                let (name, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                match name {
                    "depth" => number(value, "a depth").map(Command::SetDepth),
                    "game" => GgfGame::parse(value.trim()).map(Command::SetGame),
                    "" => Err(CodecError::new("expected `set <name> <value>`")),
                    other => Ok(Command::SetOther(other.to_owned(), value.trim().to_owned())),
                }
            }
            "move" => {
                let mv = rest.split('/').next().unwrap_or("");
                parse_move(mv).map(Command::Move)
            }
            "hint" => number(rest, "a move count").map(Command::Hint),
            "go" => Ok(Command::Go),
            "ping" => number(rest, "a ping number").map(Command::Ping),
            "learn" => Ok(Command::Learn),
            "quit" => Ok(Command::Quit),
            other => Ok(Command::Unknown(other.to_owned())),
        }
    }
}

impl fmt::Display for Command {
    /// The command line, without a line end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Nboard(version) => write!(f, "nboard {version}"),
            Command::SetDepth(depth) => write!(f, "set depth {depth}"),
            Command::SetGame(game) => write!(f, "set game {game}"),
            Command::SetOther(name, value) => write!(f, "set {name} {value}"),
            Command::Move(mv) => write!(f, "move {}", format_move(mv)),
            Command::Hint(n) => write!(f, "hint {n}"),
            Command::Go => f.write_str("go"),
            Command::Ping(n) => write!(f, "ping {n}"),
            Command::Learn => f.write_str("learn"),
            Command::Quit => f.write_str("quit"),
            Command::Unknown(word) => f.write_str(word),
        }
    }
}

/// A move in arbiter's notation from NBoard's (`F5`, `f5`, `PA`, `pass`).
///
/// # Errors
/// A [`CodecError`] for text that is not a square `a1`–`h8` or a pass.
pub fn parse_move(text: &str) -> Result<String, CodecError> {
    let lower = text.trim().to_ascii_lowercase();
    if lower == "pa" || lower == "pass" {
        return Ok("pass".to_owned());
    }
    let bytes = lower.as_bytes();
    if bytes.len() == 2 && (b'a'..=b'h').contains(&bytes[0]) && (b'1'..=b'8').contains(&bytes[1]) {
        return Ok(lower);
    }
    Err(CodecError::new(format!(
        "expected a move `A1`-`H8` or `PA`, got {text:?}"
    )))
}

/// NBoard's spelling of a move in arbiter's notation (`f5` → `F5`, `pass` → `PA`).
#[must_use]
pub fn format_move(mv: &str) -> String {
    if mv == "pass" {
        "PA".to_owned()
    } else {
        mv.to_ascii_uppercase()
    }
}

/// A GGF Othello game as NBoard sends it: a start board, the side to move there, the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GgfGame {
    /// The 64 squares of the start board, from a1 row by row, `*` black, `O` white, `-` empty.
    pub(crate) squares: String,
    /// Whether black moves first from that board.
    pub(crate) black_first: bool,
    /// The moves after it, in arbiter's notation (`pass` included).
    pub moves: Vec<String>,
    /// The players' names (`PB`, `PW`), if given.
    pub(crate) names: (String, String),
}

impl GgfGame {
    /// The game of `moves` from Othello's start position.
    #[must_use]
    pub fn from_start(moves: &[String]) -> GgfGame {
        GgfGame {
            squares: START_SQUARES.to_owned(),
            black_first: true,
            moves: moves.to_vec(),
            names: ("arbiter".to_owned(), "engine".to_owned()),
        }
    }

    /// A position given by its one-line form (`"<64 chars of X O -> X"`, the FFO/Edax form of
    /// `docs/spec-format.md`), with no moves.
    ///
    /// # Errors
    /// A [`CodecError`] for a form that is not 64 squares and a side.
    pub fn from_text(text: &str) -> Result<GgfGame, CodecError> {
        let (board, side) = text
            .trim()
            .rsplit_once(' ')
            .ok_or_else(|| CodecError::new(format!("no side to move in {text:?}")))?;
        let squares: String = board
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                'X' | 'x' | '*' => Ok('*'),
                'O' | 'o' => Ok('O'),
                '-' | '.' => Ok('-'),
                other => Err(CodecError::new(format!("unknown square {other:?}"))),
            })
            .collect::<Result<_, _>>()?;
        if squares.len() != 64 {
            return Err(CodecError::new(format!(
                "expected 64 squares, got {}",
                squares.len()
            )));
        }
        let black_first = match side {
            "X" | "x" | "*" => true,
            "O" | "o" => false,
            other => return Err(CodecError::new(format!("unknown side to move {other:?}"))),
        };
        Ok(GgfGame {
            squares,
            black_first,
            moves: Vec::new(),
            names: ("arbiter".to_owned(), "engine".to_owned()),
        })
    }

    /// The start board in the one-line form (`X` black, `O` white, `-` empty, side `X`/`O`).
    #[must_use]
    pub fn start_text(&self) -> String {
        let board: String = self
            .squares
            .chars()
            .map(|c| if c == '*' { 'X' } else { c })
            .collect();
        format!("{board} {}", if self.black_first { 'X' } else { 'O' })
    }

    /// Whether the game starts from Othello's start position with black to move.
    #[must_use]
    pub fn starts_at_start(&self) -> bool {
        self.black_first && self.squares == START_SQUARES
    }

    /// Parses `(;GM[Othello]…;)`. Properties other than `GM`, `BO`, `PB`, `PW`, `B` and `W` are
    /// skipped; a move's `/eval/time` suffix is dropped.
    ///
    /// # Errors
    /// A [`CodecError`] naming what is missing or malformed.
    pub fn parse(text: &str) -> Result<GgfGame, CodecError> {
        let text = text.trim();
        let body = text
            .strip_prefix("(;")
            .and_then(|t| t.strip_suffix(";)"))
            .ok_or_else(|| CodecError::new("a GGF game is `(;` … `;)`"))?;
        let mut game = GgfGame::from_start(&[]);
        let mut rest = body;
        let mut seen_board = false;
        let mut side = None;
        while !rest.trim().is_empty() {
            let open = rest
                .find('[')
                .ok_or_else(|| CodecError::new(format!("a property without `[`: {rest:?}")))?;
            let close = rest[open..]
                .find(']')
                .map(|i| open + i)
                .ok_or_else(|| CodecError::new("a property without `]`"))?;
            let tag = rest[..open].trim();
            let value = &rest[open + 1..close];
            rest = &rest[close + 1..];
            match tag {
                "GM" if !value.eq_ignore_ascii_case("othello") => {
                    return Err(CodecError::new(format!("GM[{value}] is not Othello")));
                }
                "BO" => {
                    let mut parts = value.split_whitespace();
                    if parts.next() != Some("8") {
                        return Err(CodecError::new(format!(
                            "BO[{value}]: only 8×8 boards are played"
                        )));
                    }
                    let squares: String = parts.next().unwrap_or("").to_owned();
                    if squares.len() != 64 || !squares.chars().all(|c| matches!(c, '*' | 'O' | '-'))
                    {
                        return Err(CodecError::new(format!(
                            "BO: expected 64 squares of `*`, `O`, `-`, got {squares:?}"
                        )));
                    }
                    game.black_first = match parts.next() {
                        Some("*") => true,
                        Some("O") => false,
                        other => {
                            return Err(CodecError::new(format!(
                                "BO: expected the side to move `*` or `O`, got {other:?}"
                            )));
                        }
                    };
                    game.squares = squares;
                    seen_board = true;
                }
                "PB" => game.names.0 = value.to_owned(),
                "PW" => game.names.1 = value.to_owned(),
                "B" | "W" => {
                    let black = tag == "B";
                    let expected = side.unwrap_or(game.black_first);
                    if black != expected {
                        return Err(CodecError::new(format!(
                            "{tag}[{value}]: moves must alternate (a pass is `PA`)"
                        )));
                    }
                    side = Some(!black);
                    game.moves
                        .push(parse_move(value.split('/').next().unwrap_or(""))?);
                }
                _ => {}
            }
        }
        if !seen_board {
            return Err(CodecError::new("the game has no board (BO[…])"));
        }
        Ok(game)
    }
}

impl fmt::Display for GgfGame {
    /// The game on one line, as NBoard sends it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "(;GM[Othello]PC[arbiter]PB[{}]PW[{}]RE[?]TI[0:00]TY[8]BO[8 {} {}]",
            self.names.0,
            self.names.1,
            self.squares,
            if self.black_first { '*' } else { 'O' }
        )?;
        let mut black = self.black_first;
        for mv in &self.moves {
            write!(f, "{}[{}]", if black { 'B' } else { 'W' }, format_move(mv))?;
            black = !black;
        }
        f.write_str(";)")
    }
}

/// An engine line, engine → manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `=== <move>[/eval/time]` (or Edax's `=== <move> <eval> <time>`): the move, in arbiter's
    /// notation.
    Move(String),
    Pong(u64),
    /// `status`, `search`, `nodestats`, `book`, `set myname`, `learned`: the line, to log.
    Information(String),
}

impl Reply {
    /// Parses an engine line.
    ///
    /// # Errors
    /// A [`CodecError`] for a line that is none of the protocol's, or a `===`/`pong` whose
    /// argument does not read.
    pub fn parse(line: &str) -> Result<Reply, CodecError> {
        let line = super::trim_line_end(line).trim();
        let mut words = line.split_whitespace();
        match words.next() {
            Some("===") => {
                let token = words.next().unwrap_or("");
                parse_move(token.split('/').next().unwrap_or(""))
                    .map(Reply::Move)
                    .map_err(|error| CodecError::new(format!("`{line}`: {error}")))
            }
            Some("pong") => number(words.next().unwrap_or(""), "a pong number").map(Reply::Pong),
            Some("status" | "search" | "nodestats" | "book" | "learned" | "set") => {
                Ok(Reply::Information(line.to_owned()))
            }
            _ => Err(CodecError::new(format!(
                "not an NBoard engine line: {line:?}"
            ))),
        }
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Move(mv) => write!(f, "=== {}", format_move(mv)),
            Reply::Pong(n) => write!(f, "pong {n}"),
            Reply::Information(line) => f.write_str(line),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assert_refused;
    use rstest::rstest;

    /// The game of the NBoard protocol page's example session.
    const EXAMPLE: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]\
        RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]\
        B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

    #[test]
    fn reads_the_protocol_pages_example_game() {
        let Command::SetGame(game) = Command::parse(&format!("set game {EXAMPLE}\n")).unwrap()
        else {
            panic!("not a game");
        };
        assert!(game.starts_at_start());
        assert_eq!(game.moves, ["f5", "f6", "d3", "c5", "e6", "f7", "e7", "f4"]);
        assert_eq!(game.names.0, "./mEdax");
        let again = GgfGame::parse(&game.to_string()).unwrap();
        assert_eq!(again.moves, game.moves);
        assert_eq!(again.squares, game.squares);
    }

    #[test]
    fn writes_passes_as_pa_and_alternates_colours() {
        let game = GgfGame::from_start(&["f5".to_owned(), "pass".to_owned(), "d3".to_owned()]);
        let text = game.to_string();
        assert!(text.ends_with("B[F5]W[PA]B[D3];)"), "{text}");
        assert!(text.contains(&format!("BO[8 {START_SQUARES} *]")));
        assert_eq!(GgfGame::parse(&text).unwrap().moves[1], "pass");
    }

    #[test]
    fn a_board_round_trips_through_the_one_line_form() {
        let text = format!("{} O", START_SQUARES.replace('*', "X"));
        let game = GgfGame::from_text(&text).unwrap();
        assert!(!game.black_first);
        assert_eq!(game.start_text(), text);
        let parsed = GgfGame::parse(&game.to_string()).unwrap();
        assert_eq!(parsed, game);
    }

    #[test]
    fn refuses_bad_games() {
        assert_refused(
            GgfGame::parse,
            &[
                "(;GM[Chess]BO[8 - *];)",
                "(;GM[Othello]B[F5];)",
                "(;GM[Othello]BO[10 ---- *];)",
                "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]W[F5];)",
                "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[Z9];)",
                "GM[Othello]",
                "(;GM[Othello]BO[8 ---;)",
            ],
        );
    }

    #[rstest]
    #[case("nboard 2", Command::Nboard(2))]
    #[case("set depth 6\r\n", Command::SetDepth(6))]
    #[case("set contempt 0", Command::SetOther("contempt".into(), "0".into()))]
    #[case("move F5/1.5/0.2", Command::Move("f5".into()))]
    #[case("move PA", Command::Move("pass".into()))]
    #[case("hint 3", Command::Hint(3))]
    #[case("go", Command::Go)]
    #[case("ping 17", Command::Ping(17))]
    #[case("learn", Command::Learn)]
    #[case("quit", Command::Quit)]
    #[case("analyze", Command::Unknown("analyze".into()))]
    fn parses_commands(#[case] line: &str, #[case] command: Command) {
        let parsed = Command::parse(line).unwrap();
        assert_eq!(parsed, command);
        assert_eq!(Command::parse(&parsed.to_string()).unwrap(), command);
    }

    #[test]
    fn refuses_bad_commands() {
        assert_refused(
            Command::parse,
            &["", "nboard two", "set depth", "set", "ping", "move Q9"],
        );
    }

    #[rstest]
    #[case("=== F5", Reply::Move("f5".into()))]
    #[case("=== d6 -1.00 0.0", Reply::Move("d6".into()))]
    #[case("=== C4/2.5/0.31", Reply::Move("c4".into()))]
    #[case("=== PA", Reply::Move("pass".into()))]
    #[case("pong 3", Reply::Pong(3))]
    #[case("status Edax is thinking", Reply::Information("status Edax is thinking".into()))]
    #[case("nodestats 35805 0.00", Reply::Information("nodestats 35805 0.00".into()))]
    #[case("set myname Edax6", Reply::Information("set myname Edax6".into()))]
    #[case("search F5d6 1.0 0 12", Reply::Information("search F5d6 1.0 0 12".into()))]
    fn parses_replies(#[case] line: &str, #[case] reply: Reply) {
        assert_eq!(Reply::parse(line).unwrap(), reply);
    }

    #[test]
    fn refuses_bad_replies() {
        assert_refused(
            Reply::parse,
            &["=== ", "=== I9", "pong x", "e6", "bestmove e6"],
        );
    }
}
