//! `arbiter-line` v1: arbiter's own line protocol, for teams who want their move generator
//! audited directly (legal-move sets, outcomes, perft), not only their chosen moves.
//!
//! One command per line, one answer line per command except `quit`. Moves are single tokens in
//! the game's notation (the notation of `docs/spec-format.md`); the engine answers in the
//! canonical notation. Lines end in LF (a CR before it is ignored).
//!
//! | command | answer |
//! |---|---|
//! | `hello` | `arbiter-line 1 game=<game> variant=<variant> name=<name>` |
//! | `variant <name>` | `ok` \| `error <message>` (the position is reset to the start) |
//! | `position start [moves <m1> <m2> …]` | `ok` \| `error illegal-move <index> <move> <reason-code>` \| `error <message>` |
//! | `position text <one-line form> [moves …]` | as above |
//! | `legal` | `legal <m1> <m2> …` (any order; `legal` alone when there is none) |
//! | `check <move>` | `ok` \| `illegal <reason-code>` |
//! | `outcome` | `outcome none` \| `outcome winner <side> <reason> [score <raw> <empties>]` \| `outcome draw <reason> [score …]` |
//! | `forbidden` | `forbidden <move>:<kind> …` (renju) \| `error unsupported` |
//! | `board` (optional) | `board <one-line form>`: the position as the engine holds it |
//! | `perft <depth>` | `perft <depth> <nodes>` (sequences of exactly `depth` plies) |
//! | `go depth N` \| `go nodes N` \| `go movetime MS` | `bestmove <move> score <n> depth <d> nodes <n> [pv <m> …]` \| `bestmove none` |
//! | `quit` | none: the engine exits |
//! | anything else | `error unknown-command <word>` |
//!
//! `<index>` counts the moves of the list from 1. The one-line form of `position text` must not
//! contain the word `moves` as a token of its own (no game's form does).

use std::fmt;

use super::CodecError;

/// The protocol version this module speaks.
pub const VERSION: u32 = 1;

/// Where a `position` command starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The variant's start position.
    Start,
    /// The game's one-line position form.
    Text(String),
}

/// A search limit of `go`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoLimit {
    Depth(u32),
    Nodes(u64),
    MoveTime(u64),
}

/// A command, client → engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineCommand {
    Hello,
    Variant(String),
    Position {
        start: Start,
        moves: Vec<String>,
    },
    Legal,
    Check(String),
    Outcome,
    Forbidden,
    /// `board`: the position as the engine holds it, in the game's one-line form (optional:
    /// an engine may answer `error unknown-command board`).
    Board,
    /// `perft <depth>`: sequences of exactly `depth` plies.
    Perft(u32),
    /// `perft <depth> finished-is-leaf`: a game finished early counts as one leaf.
    PerftFinishedIsLeaf(u32),
    Go(GoLimit),
    Quit,
    /// An unknown command: its first word (answered `error unknown-command <word>`).
    Unknown(String),
}

fn number<T: std::str::FromStr>(text: Option<&str>, what: &str) -> Result<T, CodecError> {
    let text = text.unwrap_or("");
    text.parse()
        .map_err(|_| CodecError::new(format!("expected {what}, got {text:?}")))
}

impl LineCommand {
    /// Parses a command line (its line end may still be there).
    ///
    /// # Errors
    /// A [`CodecError`] for a known command with bad arguments; an unknown command word is
    /// [`LineCommand::Unknown`], not an error. An empty line is an error too.
    pub fn parse(line: &str) -> Result<LineCommand, CodecError> {
        let line = super::trim_line_end(line).trim();
        let mut words = line.split_whitespace();
        let Some(word) = words.next() else {
            return Err(CodecError::new("empty command line"));
        };
        let rest: Vec<&str> = words.collect();
        let no_args = |command: LineCommand| {
            if rest.is_empty() {
                Ok(command)
            } else {
                Err(CodecError::new(format!("`{word}` takes no arguments")))
            }
        };
        match word {
            "hello" => no_args(LineCommand::Hello),
            "legal" => no_args(LineCommand::Legal),
            "outcome" => no_args(LineCommand::Outcome),
            "forbidden" => no_args(LineCommand::Forbidden),
            "board" => no_args(LineCommand::Board),
            "quit" => no_args(LineCommand::Quit),
            "variant" => match rest.as_slice() {
                [name] => Ok(LineCommand::Variant((*name).to_owned())),
                _ => Err(CodecError::new("expected `variant <name>`")),
            },
            "check" => match rest.as_slice() {
                [mv] => Ok(LineCommand::Check((*mv).to_owned())),
                _ => Err(CodecError::new("expected `check <move>`")),
            },
            "perft" => match rest.as_slice() {
                [depth] => number(Some(depth), "a depth").map(LineCommand::Perft),
                [depth, "finished-is-leaf"] => {
                    number(Some(depth), "a depth").map(LineCommand::PerftFinishedIsLeaf)
                }
                _ => Err(CodecError::new(
                    "expected `perft <depth>` or `perft <depth> finished-is-leaf`",
                )),
            },
            "go" => {
                let limit = match rest.as_slice() {
                    ["depth", n] => number(Some(n), "a depth").map(GoLimit::Depth),
                    ["nodes", n] => number(Some(n), "a node count").map(GoLimit::Nodes),
                    ["movetime", n] => number(Some(n), "milliseconds").map(GoLimit::MoveTime),
                    _ => Err(CodecError::new(
                        "expected `go depth N`, `go nodes N` or `go movetime MS`",
                    )),
                };
                limit.map(LineCommand::Go)
            }
            "position" => parse_position(&rest),
            other => Ok(LineCommand::Unknown(other.to_owned())),
        }
    }

    /// The command line, without a line end.
    #[must_use]
    pub fn to_line(&self) -> String {
        match self {
            LineCommand::Hello => "hello".to_owned(),
            LineCommand::Variant(name) => format!("variant {name}"),
            LineCommand::Position { start, moves } => {
                let mut line = match start {
                    Start::Start => "position start".to_owned(),
                    Start::Text(text) => format!("position text {text}"),
                };
                if !moves.is_empty() {
                    line.push_str(" moves ");
                    line.push_str(&moves.join(" "));
                }
                line
            }
            LineCommand::Legal => "legal".to_owned(),
            LineCommand::Check(mv) => format!("check {mv}"),
            LineCommand::Outcome => "outcome".to_owned(),
            LineCommand::Forbidden => "forbidden".to_owned(),
            LineCommand::Board => "board".to_owned(),
            LineCommand::Perft(depth) => format!("perft {depth}"),
            LineCommand::PerftFinishedIsLeaf(depth) => format!("perft {depth} finished-is-leaf"),
            LineCommand::Go(GoLimit::Depth(n)) => format!("go depth {n}"),
            LineCommand::Go(GoLimit::Nodes(n)) => format!("go nodes {n}"),
            LineCommand::Go(GoLimit::MoveTime(ms)) => format!("go movetime {ms}"),
            LineCommand::Quit => "quit".to_owned(),
            LineCommand::Unknown(word) => word.clone(),
        }
    }
}

fn parse_position(words: &[&str]) -> Result<LineCommand, CodecError> {
    let (before, moves) = match words.iter().position(|w| *w == "moves") {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let start = match before {
        ["start"] => Start::Start,
        ["text", form @ ..] if !form.is_empty() => Start::Text(form.join(" ")),
        _ => {
            return Err(CodecError::new(
                "expected `position start [moves …]` or `position text <form> [moves …]`",
            ));
        }
    };
    Ok(LineCommand::Position {
        start,
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
    })
}

/// The game's result as `outcome` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineOutcome {
    None,
    /// `score` is the final count difference from the first side's view, plain and with
    /// empty squares to the winner (`score <raw> <empties>`), for counted games.
    Winner {
        side: String,
        reason: String,
        score: Option<(i32, i32)>,
    },
    Draw {
        reason: String,
        score: Option<(i32, i32)>,
    },
}

/// ` score <raw> <empties>` when there is a score.
fn score_suffix(score: Option<(i32, i32)>) -> String {
    score.map_or_else(String::new, |(raw, empties)| {
        format!(" score {raw} {empties}")
    })
}

/// The optional `score <raw> <empties>` tail of an outcome answer.
fn parse_score(rest: &[&str]) -> Result<Option<(i32, i32)>, CodecError> {
    match rest {
        [] => Ok(None),
        ["score", raw, empties] => match (raw.parse(), empties.parse()) {
            (Ok(raw), Ok(empties)) => Ok(Some((raw, empties))),
            _ => Err(CodecError::new("outcome score is not two integers")),
        },
        _ => Err(CodecError::new(
            "expected `score <raw> <empties>` after the outcome",
        )),
    }
}

/// What `go` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    pub mv: String,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<String>,
}

/// An answer line, engine → client. The first word tells the kind, so an answer parses without
/// knowing its command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineAnswer {
    Hello {
        version: u32,
        game: String,
        variant: String,
        name: String,
    },
    Ok,
    /// `error illegal-move <index> <move> <reason-code>`: a move of a `position` list.
    IllegalMove {
        index: usize,
        mv: String,
        code: String,
    },
    /// `error unsupported` (e.g. `forbidden` in a game without fouls).
    Unsupported,
    /// `error unknown-command <word>`.
    UnknownCommand(String),
    /// Any other `error <message>`.
    Error(String),
    Legal(Vec<String>),
    /// `illegal <reason-code>`, the answer to `check`.
    Illegal(String),
    Outcome(LineOutcome),
    /// `forbidden <move>:<kind> …`.
    Forbidden(Vec<(String, String)>),
    /// `board <one-line form>`.
    Board(String),
    Perft {
        depth: u32,
        nodes: u64,
    },
    /// `bestmove …`, or `bestmove none` (`None`) when the game is over.
    BestMove(Option<BestMove>),
}

impl fmt::Display for LineAnswer {
    /// The answer line, without a line end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineAnswer::Hello {
                version,
                game,
                variant,
                name,
            } => write!(
                f,
                "arbiter-line {version} game={game} variant={variant} name={name}"
            ),
            LineAnswer::Ok => f.write_str("ok"),
            LineAnswer::IllegalMove { index, mv, code } => {
                write!(f, "error illegal-move {index} {mv} {code}")
            }
            LineAnswer::Unsupported => f.write_str("error unsupported"),
            LineAnswer::UnknownCommand(word) => write!(f, "error unknown-command {word}"),
            LineAnswer::Error(message) => write!(f, "error {}", one_line(message)),
            LineAnswer::Legal(moves) => write_list(f, "legal", moves),
            LineAnswer::Illegal(code) => write!(f, "illegal {code}"),
            LineAnswer::Outcome(LineOutcome::None) => f.write_str("outcome none"),
            LineAnswer::Outcome(LineOutcome::Winner {
                side,
                reason,
                score,
            }) => write!(f, "outcome winner {side} {reason}{}", score_suffix(*score)),
            LineAnswer::Outcome(LineOutcome::Draw { reason, score }) => {
                write!(f, "outcome draw {reason}{}", score_suffix(*score))
            }
            LineAnswer::Forbidden(points) => {
                let items: Vec<String> = points.iter().map(|(m, k)| format!("{m}:{k}")).collect();
                write_list(f, "forbidden", &items)
            }
            LineAnswer::Board(text) => write!(f, "board {}", one_line(text)),
            LineAnswer::Perft { depth, nodes } => write!(f, "perft {depth} {nodes}"),
            LineAnswer::BestMove(None) => f.write_str("bestmove none"),
            LineAnswer::BestMove(Some(best)) => {
                write!(
                    f,
                    "bestmove {} score {} depth {} nodes {}",
                    best.mv, best.score, best.depth, best.nodes
                )?;
                if !best.pv.is_empty() {
                    write!(f, " pv {}", best.pv.join(" "))?;
                }
                Ok(())
            }
        }
    }
}

fn write_list(f: &mut fmt::Formatter<'_>, word: &str, items: &[String]) -> fmt::Result {
    f.write_str(word)?;
    for item in items {
        write!(f, " {item}")?;
    }
    Ok(())
}

/// A message squeezed onto one line (an answer must never span two).
fn one_line(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl LineAnswer {
    /// Parses an answer line (its line end may still be there).
    ///
    /// # Errors
    /// A [`CodecError`] for a line that is not an answer of the protocol.
    pub fn parse(line: &str) -> Result<LineAnswer, CodecError> {
        let line = super::trim_line_end(line).trim();
        let bad =
            |why: &str| CodecError::new(format!("not an arbiter-line answer ({why}): {line:?}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["arbiter-line", version, fields @ ..] => parse_hello(version, fields, bad),
            ["ok"] => Ok(LineAnswer::Ok),
            ["error", "illegal-move", index, mv, code] => Ok(LineAnswer::IllegalMove {
                index: index.parse().map_err(|_| bad("move index"))?,
                mv: (*mv).to_owned(),
                code: (*code).to_owned(),
            }),
            ["error", "unsupported"] => Ok(LineAnswer::Unsupported),
            ["error", "unknown-command", word] => {
                Ok(LineAnswer::UnknownCommand((*word).to_owned()))
            }
            ["error", message @ ..] if !message.is_empty() => {
                Ok(LineAnswer::Error(message.join(" ")))
            }
            ["legal", moves @ ..] => Ok(LineAnswer::Legal(
                moves.iter().map(|m| (*m).to_owned()).collect(),
            )),
            ["illegal", code] => Ok(LineAnswer::Illegal((*code).to_owned())),
            ["outcome", "none"] => Ok(LineAnswer::Outcome(LineOutcome::None)),
            ["outcome", "winner", side, reason, rest @ ..] => {
                Ok(LineAnswer::Outcome(LineOutcome::Winner {
                    side: (*side).to_owned(),
                    reason: (*reason).to_owned(),
                    score: parse_score(rest)?,
                }))
            }
            ["outcome", "draw", reason, rest @ ..] => Ok(LineAnswer::Outcome(LineOutcome::Draw {
                reason: (*reason).to_owned(),
                score: parse_score(rest)?,
            })),
            ["forbidden", items @ ..] => parse_forbidden(items, bad).map(LineAnswer::Forbidden),
            ["board", form @ ..] if !form.is_empty() => Ok(LineAnswer::Board(form.join(" "))),
            ["perft", depth, nodes] => Ok(LineAnswer::Perft {
                depth: depth.parse().map_err(|_| bad("perft depth"))?,
                nodes: nodes.parse().map_err(|_| bad("perft nodes"))?,
            }),
            ["bestmove", "none"] => Ok(LineAnswer::BestMove(None)),
            [
                "bestmove",
                mv,
                "score",
                score,
                "depth",
                depth,
                "nodes",
                nodes,
                rest @ ..,
            ] => parse_best_move([*mv, *score, *depth, *nodes], rest, bad)
                .map(|best| LineAnswer::BestMove(Some(best))),
            _ => Err(bad("unknown form")),
        }
    }
}

/// The hello answer: its version and the `game=`, `variant=` and `name=` fields.
fn parse_hello(
    version: &str,
    fields: &[&str],
    bad: impl Fn(&str) -> CodecError,
) -> Result<LineAnswer, CodecError> {
    let version = version.parse().map_err(|_| bad("version"))?;
    let mut hello = (None, None, None);
    for field in fields {
        match field.split_once('=') {
            Some(("game", v)) => hello.0 = Some(v.to_owned()),
            Some(("variant", v)) => hello.1 = Some(v.to_owned()),
            Some(("name", v)) => hello.2 = Some(v.to_owned()),
            // Later versions may add fields; v1 readers skip them.
            _ => {}
        }
    }
    match hello {
        (Some(game), Some(variant), Some(name)) => Ok(LineAnswer::Hello {
            version,
            game,
            variant,
            name,
        }),
        _ => Err(bad("hello needs game=, variant= and name=")),
    }
}

/// The `<move>:<kind>` items of a `forbidden` answer.
fn parse_forbidden(
    items: &[&str],
    bad: impl Fn(&str) -> CodecError,
) -> Result<Vec<(String, String)>, CodecError> {
    items
        .iter()
        .map(|item| {
            item.split_once(':')
                .filter(|(m, k)| !m.is_empty() && !k.is_empty())
                .map(|(m, k)| (m.to_owned(), k.to_owned()))
                .ok_or_else(|| bad("forbidden item is not <move>:<kind>"))
        })
        .collect()
}

/// A `bestmove` answer's move, score, depth and nodes, and the `pv …` after them if any.
fn parse_best_move(
    [mv, score, depth, nodes]: [&str; 4],
    rest: &[&str],
    bad: impl Fn(&str) -> CodecError,
) -> Result<BestMove, CodecError> {
    let pv = match rest {
        [] => Vec::new(),
        ["pv", pv @ ..] => pv.iter().map(|m| (*m).to_owned()).collect(),
        _ => return Err(bad("text after the node count is not `pv …`")),
    };
    Ok(BestMove {
        mv: mv.to_owned(),
        score: score.parse().map_err(|_| bad("score"))?,
        depth: depth.parse().map_err(|_| bad("depth"))?,
        nodes: nodes.parse().map_err(|_| bad("nodes"))?,
        pv,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assert_refused;
    use crate::words;
    use rstest::rstest;

    #[rstest]
    #[case("hello", LineCommand::Hello)]
    #[case("variant renju\r\n", LineCommand::Variant("renju".into()))]
    #[case("position start", LineCommand::Position { start: Start::Start, moves: vec![] })]
    #[case("position start moves h8 i9", LineCommand::Position { start: Start::Start, moves: words("h8 i9") })]
    #[case("position text black: h8,i9; white: h9; to-move: white moves j10",
        LineCommand::Position { start: Start::Text("black: h8,i9; white: h9; to-move: white".into()), moves: words("j10") })]
    #[case("position text ---------------------------XO------OX--------------------------- X",
        LineCommand::Position { start: Start::Text("---------------------------XO------OX--------------------------- X".into()), moves: vec![] })]
    #[case("legal", LineCommand::Legal)]
    #[case("check d1-d7/g7", LineCommand::Check("d1-d7/g7".into()))]
    #[case("outcome", LineCommand::Outcome)]
    #[case("forbidden", LineCommand::Forbidden)]
    #[case("board", LineCommand::Board)]
    #[case("perft 3", LineCommand::Perft(3))]
    #[case("perft 3 finished-is-leaf", LineCommand::PerftFinishedIsLeaf(3))]
    #[case("go depth 4", LineCommand::Go(GoLimit::Depth(4)))]
    #[case("go nodes 10000", LineCommand::Go(GoLimit::Nodes(10_000)))]
    #[case("go movetime 250", LineCommand::Go(GoLimit::MoveTime(250)))]
    #[case("quit", LineCommand::Quit)]
    #[case("isready", LineCommand::Unknown("isready".into()))]
    fn reads_commands(#[case] line: &str, #[case] expected: LineCommand) {
        crate::assert_round_trip(LineCommand::parse, LineCommand::to_line, line, &expected);
    }

    #[test]
    fn refuses_bad_commands() {
        assert_refused(
            LineCommand::parse,
            &[
                "",
                "hello there",
                "variant",
                "variant a b",
                "position",
                "position text",
                "position start h8",
                "position middle",
                "check",
                "perft",
                "perft -1",
                "go",
                "go depth",
                "go infinite",
                "go nodes x",
            ],
        );
    }

    #[rstest]
    #[case("arbiter-line 1 game=gomoku variant=renju name=arbiter-bot", LineAnswer::Hello {
        version: 1, game: "gomoku".into(), variant: "renju".into(), name: "arbiter-bot".into() })]
    #[case("ok", LineAnswer::Ok)]
    #[case("error illegal-move 3 h8 occupied", LineAnswer::IllegalMove { index: 3, mv: "h8".into(), code: "occupied".into() })]
    #[case("error unsupported", LineAnswer::Unsupported)]
    #[case("error unknown-command isready", LineAnswer::UnknownCommand("isready".into()))]
    #[case("error unknown variant x", LineAnswer::Error("unknown variant x".into()))]
    #[case("legal", LineAnswer::Legal(vec![]))]
    #[case("legal d3 c4 f5 e6", LineAnswer::Legal(words("d3 c4 f5 e6")))]
    #[case("illegal double-three", LineAnswer::Illegal("double-three".into()))]
    #[case("outcome none", LineAnswer::Outcome(LineOutcome::None))]
    #[case("outcome winner black five", LineAnswer::Outcome(LineOutcome::Winner { side: "black".into(), reason: "five".into(), score: None }))]
    #[case("outcome winner black no-moves score 13 64", LineAnswer::Outcome(LineOutcome::Winner { side: "black".into(), reason: "no-moves".into(), score: Some((13, 64)) }))]
    #[case("outcome draw board-full", LineAnswer::Outcome(LineOutcome::Draw { reason: "board-full".into(), score: None }))]
    #[case("forbidden", LineAnswer::Forbidden(vec![]))]
    #[case("forbidden h8:double-three j10:overline", LineAnswer::Forbidden(vec![
        ("h8".into(), "double-three".into()), ("j10".into(), "overline".into())]))]
    #[case("perft 2 12", LineAnswer::Perft { depth: 2, nodes: 12 })]
    #[case("board black: h8,i9; white: h9; to-move: white", LineAnswer::Board("black: h8,i9; white: h9; to-move: white".into()))]
    #[case("bestmove none", LineAnswer::BestMove(None))]
    #[case("bestmove h8 score -12 depth 3 nodes 4000", LineAnswer::BestMove(Some(BestMove {
        mv: "h8".into(), score: -12, depth: 3, nodes: 4000, pv: vec![] })))]
    #[case("bestmove h8 score 5 depth 2 nodes 40 pv h8 i9", LineAnswer::BestMove(Some(BestMove {
        mv: "h8".into(), score: 5, depth: 2, nodes: 40, pv: words("h8 i9") })))]
    fn reads_answers(#[case] line: &str, #[case] expected: LineAnswer) {
        assert_eq!(LineAnswer::parse(line), Ok(expected.clone()));
        assert_eq!(expected.to_string(), line);
    }

    #[test]
    fn refuses_bad_answers() {
        assert_refused(
            LineAnswer::parse,
            &[
                "",
                "OK",
                "error",
                "arbiter-line x game=g variant=v name=n",
                "arbiter-line 1 game=g",
                "error illegal-move x h8 occupied",
                "illegal",
                "outcome winner black",
                "forbidden h8",
                "perft 2",
                "board",
                "bestmove h8",
                "bestmove h8 score x depth 1 nodes 1",
                "bestmove h8 score 1 depth 1 nodes 1 h9",
            ],
        );
    }

    #[test]
    fn error_messages_stay_on_one_line() {
        let answer = LineAnswer::Error("two\nlines".into());
        assert_eq!(answer.to_string(), "error two lines");
    }
}
