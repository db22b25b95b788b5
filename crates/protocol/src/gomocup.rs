//! The Gomocup/Piskvork protocol (`pbrain-*` engines): manager commands and engine answers.
//!
//! One command per line; the manager ends lines with CR LF, and LF alone is accepted. Commands
//! are read case-insensitively. `BOARD` and `SWAP2BOARD` span several lines up to `DONE`:
//! [`CommandReader`] assembles them. Coordinates are 0-based `X,Y` with `Y` counted down from the
//! top row; [`crate::encoding::gomoku_point_to_xy`] and
//! [`crate::encoding::gomoku_xy_to_point`] convert them to our notation.
//!
//! | command | answer |
//! |---|---|
//! | `START N` | `OK` or `ERROR msg` |
//! | `RECTSTART W,H` | `OK` or `ERROR msg` |
//! | `BEGIN` | `X,Y` |
//! | `TURN X,Y` | `X,Y` |
//! | `BOARD`, lines `X,Y,f` (f 1 own, 2 opponent, 3 continuous-game mark), `DONE` | `X,Y` |
//! | `INFO key value` | none |
//! | `END` | none (the engine exits) |
//! | `ABOUT` | `name="…", version="…", author="…", country="…"` |
//! | `RESTART` | `OK` (or `UNKNOWN`: the manager restarts the engine) |
//! | `TAKEBACK X,Y` | `OK` |
//! | `SWAP2BOARD`, lines `X,Y`, `DONE` | 0 stones: `X,Y X,Y X,Y`; 3 stones: `SWAP`, `X,Y` or `X,Y X,Y`; 5 stones: `SWAP` or `X,Y` |
//! | anything else | `UNKNOWN msg` |
//!
//! Any time the engine may also print `MESSAGE text`, `DEBUG text`, `ERROR text` and
//! `SUGGEST X,Y`; a manager logs them while it waits for the answer.
//!
//! # `INFO rule`
//! The value is a bitmask whose meaning engines disagree on (see `docs/protocols.md`). arbiter
//! reads it as [`variant_for_rule`] says: bit 2 ("continuous game") only concerns the manager
//! and is ignored; then 0 = freestyle, 1 = standard (exactly five), 4 = renju; any other value
//! is refused.

use arbiter_gomoku::{BaseRule, GomokuVariant};

use super::CodecError;

/// One stone of a `BOARD` block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardStone {
    pub x: i32,
    pub y: i32,
    /// 1 = the engine's own stone, 2 = the opponent's, 3 = a continuous-game mark (a winning
    /// line stone, or a renju forbidden point).
    pub field: u8,
}

/// A manager → engine command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START N`: a new game on an empty N×N board.
    Start(u32),
    /// `RECTSTART W,H`: a rectangular board.
    RectStart(u32, u32),
    /// `BEGIN`: the engine moves first on the empty board.
    Begin,
    /// `TURN X,Y`: the opponent's move; the engine answers its own.
    Turn(i32, i32),
    /// `BOARD` … `DONE`: the whole position, the engine to move. Renju managers send the
    /// stones in move order.
    Board(Vec<BoardStone>),
    /// `INFO key value`; the key is lower-cased, the value kept as sent (it may hold spaces).
    Info { key: String, value: String },
    /// `END`: quit at once.
    End,
    /// `ABOUT`: identify yourself.
    About,
    /// `RESTART`: a new game on the same board.
    Restart,
    /// `TAKEBACK X,Y`: take back the last move, which was at `X,Y`.
    Takeback(i32, i32),
    /// `SWAP2BOARD` … `DONE`: a swap2 opening decision over the stones placed so far, in order.
    Swap2Board(Vec<(i32, i32)>),
    /// A command this codec does not know: the whole line. Engines answer `UNKNOWN`.
    Other(String),
}

impl Command {
    /// The command's lines, without line ends.
    #[must_use]
    pub(crate) fn to_lines(&self) -> Vec<String> {
        match self {
            Command::Start(n) => vec![format!("START {n}")],
            Command::RectStart(w, h) => vec![format!("RECTSTART {w},{h}")],
            Command::Begin => vec!["BEGIN".to_owned()],
            Command::Turn(x, y) => vec![format!("TURN {x},{y}")],
            Command::Board(stones) => {
                let mut lines = vec!["BOARD".to_owned()];
                lines.extend(
                    stones
                        .iter()
                        .map(|s| format!("{},{},{}", s.x, s.y, s.field)),
                );
                lines.push("DONE".to_owned());
                lines
            }
            Command::Info { key, value } => vec![format!("INFO {key} {value}")],
            Command::End => vec!["END".to_owned()],
            Command::About => vec!["ABOUT".to_owned()],
            Command::Restart => vec!["RESTART".to_owned()],
            Command::Takeback(x, y) => vec![format!("TAKEBACK {x},{y}")],
            Command::Swap2Board(stones) => {
                let mut lines = vec!["SWAP2BOARD".to_owned()];
                lines.extend(stones.iter().map(|(x, y)| format!("{x},{y}")));
                lines.push("DONE".to_owned());
                lines
            }
            Command::Other(line) => vec![line.clone()],
        }
    }

    /// The command as a manager writes it: every line ending in CR LF.
    #[must_use]
    pub fn to_wire(&self) -> String {
        self.to_lines()
            .into_iter()
            .map(|line| line + "\r\n")
            .collect()
    }
}

/// Parses `X,Y` (spaces around the numbers allowed).
///
/// # Errors
/// A [`CodecError`] when the text is not two integers separated by a comma.
pub fn parse_xy(text: &str) -> Result<(i32, i32), CodecError> {
    let bad = || CodecError::new(format!("expected X,Y, got {text:?}"));
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    Ok((
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    ))
}

/// A multi-line block being read.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Block {
    Board(Vec<BoardStone>),
    Swap2(Vec<(i32, i32)>),
}

/// Assembles commands from lines: one line is one command, except `BOARD` and `SWAP2BOARD`,
/// which end at `DONE`.
#[derive(Clone, Debug, Default)]
pub struct CommandReader {
    block: Option<Block>,
    /// The first bad line of the open block, reported at `DONE`.
    block_error: Option<CodecError>,
}

impl CommandReader {
    /// A reader between commands.
    #[must_use]
    pub fn new() -> CommandReader {
        CommandReader::default()
    }

    /// Whether a `BOARD`/`SWAP2BOARD` block is open (waiting for `DONE`).
    #[cfg(test)]
    fn in_block(&self) -> bool {
        self.block.is_some()
    }

    /// Reads one line (its line end may still be there). Returns a finished command, `None`
    /// while a block is open or for an empty line, or an error for a malformed command; a
    /// malformed line inside a block is reported when the block ends.
    pub fn feed(&mut self, line: &str) -> Option<Result<Command, CodecError>> {
        let line = super::trim_line_end(line).trim();
        if let Some(block) = &mut self.block {
            if line.eq_ignore_ascii_case("DONE") {
                let block = self.block.take()?;
                if let Some(error) = self.block_error.take() {
                    return Some(Err(error));
                }
                return Some(Ok(match block {
                    Block::Board(stones) => Command::Board(stones),
                    Block::Swap2(stones) => Command::Swap2Board(stones),
                }));
            }
            if line.is_empty() {
                return None;
            }
            let result = match block {
                Block::Board(stones) => parse_board_line(line).map(|s| stones.push(s)),
                // Piskvork writes `X,Y`; a field after a second comma is tolerated.
                Block::Swap2(stones) => {
                    let xy = line
                        .rsplit_once(',')
                        .filter(|_| line.matches(',').count() == 2);
                    parse_xy(xy.map_or(line, |(xy, _)| xy)).map(|p| stones.push(p))
                }
            };
            if let Err(error) = result {
                self.block_error.get_or_insert(error);
            }
            return None;
        }
        if line.is_empty() {
            return None;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let word = word.to_ascii_uppercase();
        let command = match word.as_str() {
            "START" => parse_count(rest).map(Command::Start),
            "RECTSTART" => {
                parse_xy(rest).and_then(|(w, h)| match (u32::try_from(w), u32::try_from(h)) {
                    (Ok(w), Ok(h)) => Ok(Command::RectStart(w, h)),
                    _ => Err(CodecError::new(format!("bad board size {rest:?}"))),
                })
            }
            "BEGIN" => Ok(Command::Begin),
            "TURN" => parse_xy(rest).map(|(x, y)| Command::Turn(x, y)),
            "TAKEBACK" => parse_xy(rest).map(|(x, y)| Command::Takeback(x, y)),
            "BOARD" => {
                self.block = Some(Block::Board(Vec::new()));
                return None;
            }
            "SWAP2BOARD" => {
                self.block = Some(Block::Swap2(Vec::new()));
                return None;
            }
            "INFO" => {
                let (key, value) = rest.split_once(' ').unwrap_or((rest, ""));
                if key.is_empty() {
                    Err(CodecError::new("INFO without a key"))
                } else {
                    Ok(Command::Info {
                        key: key.to_ascii_lowercase(),
                        value: value.trim().to_owned(),
                    })
                }
            }
            "END" => Ok(Command::End),
            "ABOUT" => Ok(Command::About),
            "RESTART" => Ok(Command::Restart),
            _ => Ok(Command::Other(line.to_owned())),
        };
        Some(command)
    }
}

fn parse_count(text: &str) -> Result<u32, CodecError> {
    text.trim()
        .parse()
        .map_err(|_| CodecError::new(format!("expected a board size, got {text:?}")))
}

/// Parses one `X,Y,f` line of a `BOARD` block.
///
/// # Errors
/// A [`CodecError`] for a line that is not three integers with a field 1, 2 or 3.
pub fn parse_board_line(line: &str) -> Result<BoardStone, CodecError> {
    let bad = || CodecError::new(format!("expected X,Y,field in BOARD, got {line:?}"));
    let (xy, field) = line.rsplit_once(',').ok_or_else(bad)?;
    let (x, y) = parse_xy(xy).map_err(|_| bad())?;
    let field: u8 = field.trim().parse().map_err(|_| bad())?;
    if !(1..=3).contains(&field) {
        return Err(bad());
    }
    Ok(BoardStone { x, y, field })
}

/// An engine → manager line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineLine {
    /// `X,Y`: a move.
    Move(i32, i32),
    /// `X,Y X,Y …`: several stones (swap2 answers: three, or the 4th and 5th).
    Stones(Vec<(i32, i32)>),
    /// `SWAP`: the swap2 colour choice.
    Swap,
    /// `OK`.
    Ok,
    /// `ERROR text`.
    Error(String),
    /// `UNKNOWN text`.
    Unknown(String),
    /// `MESSAGE text`.
    Message(String),
    /// `DEBUG text`.
    Debug(String),
    /// `SUGGEST X,Y`.
    Suggest(i32, i32),
    /// The `ABOUT` answer: `key="value"` pairs in order.
    About(Vec<(String, String)>),
}

impl EngineLine {
    /// The line, without a line end.
    #[must_use]
    pub fn to_line(&self) -> String {
        let with_text = |word: &str, text: &str| {
            if text.is_empty() {
                word.to_owned()
            } else {
                format!("{word} {text}")
            }
        };
        match self {
            EngineLine::Move(x, y) => format!("{x},{y}"),
            EngineLine::Stones(stones) => {
                let parts: Vec<String> = stones.iter().map(|(x, y)| format!("{x},{y}")).collect();
                parts.join(" ")
            }
            EngineLine::Swap => "SWAP".to_owned(),
            EngineLine::Ok => "OK".to_owned(),
            EngineLine::Error(text) => with_text("ERROR", text),
            EngineLine::Unknown(text) => with_text("UNKNOWN", text),
            EngineLine::Message(text) => with_text("MESSAGE", text),
            EngineLine::Debug(text) => with_text("DEBUG", text),
            EngineLine::Suggest(x, y) => format!("SUGGEST {x},{y}"),
            EngineLine::About(fields) => {
                let parts: Vec<String> = fields
                    .iter()
                    .map(|(k, v)| format!("{k}=\"{}\"", v.replace('"', "'")))
                    .collect();
                parts.join(", ")
            }
        }
    }

    /// Parses an engine's line (its line end may still be there). Keywords are read
    /// case-insensitively.
    ///
    /// # Errors
    /// A [`CodecError`] for a line that is none of the answers.
    pub fn parse(line: &str) -> Result<EngineLine, CodecError> {
        let line = super::trim_line_end(line).trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim().to_owned();
        match word.to_ascii_uppercase().as_str() {
            "OK" if rest.is_empty() => return Ok(EngineLine::Ok),
            "SWAP" if rest.is_empty() => return Ok(EngineLine::Swap),
            "ERROR" => return Ok(EngineLine::Error(rest)),
            "UNKNOWN" => return Ok(EngineLine::Unknown(rest)),
            "MESSAGE" => return Ok(EngineLine::Message(rest)),
            "DEBUG" => return Ok(EngineLine::Debug(rest)),
            "SUGGEST" => return parse_xy(&rest).map(|(x, y)| EngineLine::Suggest(x, y)),
            _ => {}
        }
        if line.contains("=\"") {
            return parse_about(line).map(EngineLine::About);
        }
        // Stones: `X,Y` tokens separated by spaces; `X, Y` with a space is one stone too.
        let compact: String = line.split(',').map(str::trim).collect::<Vec<_>>().join(",");
        let stones: Result<Vec<(i32, i32)>, CodecError> =
            compact.split_whitespace().map(parse_xy).collect();
        match stones {
            Ok(stones) if stones.len() == 1 => Ok(EngineLine::Move(stones[0].0, stones[0].1)),
            Ok(stones) if !stones.is_empty() => Ok(EngineLine::Stones(stones)),
            _ => Err(CodecError::new(format!(
                "not a gomocup answer: {:?}",
                truncate(line, 80)
            ))),
        }
    }
}

/// The first `max` characters of `text`, for error messages about possibly huge lines.
fn truncate(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_owned(),
    }
}

/// Parses `name="…", version="…"`.
fn parse_about(line: &str) -> Result<Vec<(String, String)>, CodecError> {
    let bad = || CodecError::new(format!("not an ABOUT answer: {:?}", truncate(line, 80)));
    let mut fields = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        let (key, after) = rest.split_once("=\"").ok_or_else(bad)?;
        let (value, after) = after.split_once('"').ok_or_else(bad)?;
        let key = key.trim().trim_start_matches(',').trim();
        if key.is_empty() || key.contains(char::is_whitespace) {
            return Err(bad());
        }
        fields.push((key.to_owned(), value.to_owned()));
        rest = after.trim_start().trim_start_matches(',').trim_start();
    }
    Ok(fields)
}

/// The gomoku variant base an `INFO rule` value stands for: `freestyle`, `standard` or `renju`.
/// Bit 2 (continuous game) is ignored.
///
/// # Errors
/// A [`CodecError`] for any other value (caro, 8; the swap codes some engines use, 5 and 6).
pub fn variant_for_rule(rule: u32) -> Result<&'static str, CodecError> {
    match rule & !2 {
        0 => Ok("freestyle"),
        1 => Ok("standard"),
        4 => Ok("renju"),
        _ => Err(CodecError::new(format!(
            "unsupported INFO rule {rule}: arbiter reads 0 freestyle, 1 standard, 4 renju (bit 2 ignored)"
        ))),
    }
}

/// The `INFO rule` value for a gomoku variant name (0, 1 or 4), `None` for a text that is no
/// gomoku variant.
#[must_use]
pub fn rule_for_variant(variant: &str) -> Option<u32> {
    let variant: GomokuVariant = variant.parse().ok()?;
    Some(match variant.rule {
        BaseRule::Freestyle => 0,
        BaseRule::Standard => 1,
        BaseRule::Renju => 4,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assert_refused;
    use rstest::rstest;

    fn read_all(text: &str) -> Vec<Result<Command, CodecError>> {
        let mut reader = CommandReader::new();
        text.split_inclusive('\n')
            .filter_map(|line| reader.feed(line))
            .collect()
    }

    #[rstest]
    #[case("START 20\r\n", Command::Start(20))]
    #[case("start 15\n", Command::Start(15))]
    #[case("RECTSTART 20,15\r\n", Command::RectStart(20, 15))]
    #[case("BEGIN\r\n", Command::Begin)]
    #[case("TURN 7,7\r\n", Command::Turn(7, 7))]
    #[case("TURN 7, 8", Command::Turn(7, 8))]
    #[case("TAKEBACK 3,4\r\n", Command::Takeback(3, 4))]
    #[case("INFO timeout_turn 5000\r\n", Command::Info { key: "timeout_turn".into(), value: "5000".into() })]
    #[case("INFO folder C:\\my dir\r\n", Command::Info { key: "folder".into(), value: "C:\\my dir".into() })]
    #[case("INFO RULE 4", Command::Info { key: "rule".into(), value: "4".into() })]
    #[case("END\r\n", Command::End)]
    #[case("ABOUT\r\n", Command::About)]
    #[case("RESTART\r\n", Command::Restart)]
    #[case("PLAY 7,7\r\n", Command::Other("PLAY 7,7".into()))]
    #[case("BOARD\r\n7,7,1\r\n8,8,2\r\n\r\nDONE\r\n", Command::Board(vec![
        BoardStone { x: 7, y: 7, field: 1 },
        BoardStone { x: 8, y: 8, field: 2 },
    ]))]
    #[case("BOARD\nDONE\n", Command::Board(vec![]))]
    #[case("SWAP2BOARD\r\nDONE\r\n", Command::Swap2Board(vec![]))]
    #[case("SWAP2BOARD\r\n7,7\r\n8,7\r\n7,9\r\nDONE\r\n", Command::Swap2Board(vec![(7, 7), (8, 7), (7, 9)]))]
    #[case("SWAP2BOARD\n7,7,1\ndone\n", Command::Swap2Board(vec![(7, 7)]))]
    fn reads_commands(#[case] text: &str, #[case] expected: Command) {
        assert_eq!(read_all(text), vec![Ok(expected.clone())]);
        // Our own wire form reads back the same.
        assert_eq!(read_all(&expected.to_wire()), vec![Ok(expected)]);
    }

    #[rstest]
    #[case("START x\r\n")]
    #[case("START -1\r\n")]
    #[case("TURN 7\r\n")]
    #[case("TURN a,b\r\n")]
    #[case("RECTSTART 20\r\n")]
    #[case("INFO\r\n")]
    #[case("BOARD\r\n7,7\r\nDONE\r\n")]
    #[case("BOARD\r\n7,7,4\r\nDONE\r\n")]
    #[case("SWAP2BOARD\r\nhello\r\nDONE\r\n")]
    fn refuses_bad_commands(#[case] text: &str) {
        let results = read_all(text);
        assert_eq!(results.len(), 1, "{text:?}");
        assert!(results[0].is_err(), "{text:?}");
    }

    #[test]
    fn a_block_stays_open_until_done() {
        let mut reader = CommandReader::new();
        assert_eq!(reader.feed("BOARD\r\n"), None);
        assert!(reader.in_block());
        assert_eq!(reader.feed("TURN 1,1\r\n"), None);
        assert!(matches!(reader.feed("DONE\r\n"), Some(Err(_))));
        assert!(!reader.in_block());
        assert_eq!(reader.feed("BEGIN"), Some(Ok(Command::Begin)));
    }

    #[rstest]
    #[case("7,7\r\n", EngineLine::Move(7, 7))]
    #[case(" 7 , 7 ", EngineLine::Move(7, 7))]
    #[case("7,7 8,8 9,9", EngineLine::Stones(vec![(7, 7), (8, 8), (9, 9)]))]
    #[case("7,7 8,8", EngineLine::Stones(vec![(7, 7), (8, 8)]))]
    #[case("SWAP", EngineLine::Swap)]
    #[case("OK", EngineLine::Ok)]
    #[case("ERROR unsupported size", EngineLine::Error("unsupported size".into()))]
    #[case("UNKNOWN", EngineLine::Unknown(String::new()))]
    #[case("MESSAGE hello world", EngineLine::Message("hello world".into()))]
    #[case("DEBUG depth 4", EngineLine::Debug("depth 4".into()))]
    #[case("SUGGEST 3,4", EngineLine::Suggest(3, 4))]
    #[case(r#"name="arbiter-bot", version="0.1", author="x y""#, EngineLine::About(vec![
        ("name".into(), "arbiter-bot".into()),
        ("version".into(), "0.1".into()),
        ("author".into(), "x y".into()),
    ]))]
    fn reads_answers(#[case] line: &str, #[case] expected: EngineLine) {
        crate::assert_round_trip(EngineLine::parse, EngineLine::to_line, line, &expected);
    }

    #[test]
    fn refuses_bad_answers() {
        assert_refused(
            EngineLine::parse,
            &[
                "",
                "hello",
                "7",
                "7,7,7",
                "7,x",
                "OK then",
                "SUGGEST",
                r#"name="unterminated"#,
            ],
        );
    }

    #[rstest]
    #[case(0, Some("freestyle"))]
    #[case(1, Some("standard"))]
    #[case(2, Some("freestyle"))]
    #[case(3, Some("standard"))]
    #[case(4, Some("renju"))]
    #[case(6, Some("renju"))]
    #[case(5, None)]
    #[case(8, None)]
    #[case(9, None)]
    fn maps_info_rule(#[case] rule: u32, #[case] variant: Option<&str>) {
        assert_eq!(variant_for_rule(rule).ok(), variant);
        if let Some(variant) = variant {
            assert_eq!(rule_for_variant(variant), Some(rule & !2));
        }
    }

    #[test]
    fn rule_of_variants() {
        assert_eq!(rule_for_variant("renju-foul-loses+swap2@20"), Some(4));
        assert_eq!(rule_for_variant("freestyle+swap2"), Some(0));
        assert_eq!(rule_for_variant("go"), None);
    }
}
