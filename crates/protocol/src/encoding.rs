//! Per-game move encodings: our notation ↔ the platforms' coordinates.
//!
//! # The coordinate rule (every game, Botzone and Gomocup alike)
//! Coordinates are 0-based `(x, y)` with the origin at the **top-left** corner: `x` is the
//! column from the left, `y` the row counted **down from the top row** (screen order, as Botzone
//! and Piskvork draw their boards). Our notations name columns by letters from `a` on the left;
//! their rows differ per game, hence:
//!
//! | game | our move | Botzone | rule |
//! |---|---|---|---|
//! | gomoku / renju (N×N) | `h8` (rows from the bottom) | `{"x":7,"y":7}` | `x = col`, `y = N - 1 - row` ([`arbiter_gomoku::to_xy`]) |
//! | othello (8×8) | `d3` (rows from the top) | `{"x":3,"y":2}` | `x = col`, `y = row` |
//! | amazons (8×8 `botzone8`) | `c8-c5/c8` (rows from the bottom) | `{"x0":2,"y0":0,"x1":2,"y1":3,"x2":2,"y2":0}` | [`arbiter_amazons::to_botzone`] |
//! | nogo (9×9) | `e5` (rows from the bottom) | `{"x":4,"y":4}` | `x = col`, `y = N - 1 - row` ([`arbiter_nogo::to_xy`]) |
//!
//! So `h8` on 15×15 is `(7,7)`, `a15` is `(0,0)` and `a1` is `(0,14)`; Othello's `a1` is
//! `(0,0)`. Because every rule of these games is symmetric under reflection, a mirrored reading
//! changes no legality, only the transcript.
//!
//! # The all-`-1` value
//! Botzone sends and accepts `{"x":-1,"y":-1}` (Amazons: all six `-1`) with meanings that depend
//! on the game and the ply ([`Encoding::decode`]):
//! * as the very first request (no move played yet): "you move first" ([`Decoded::Start`]);
//! * Reversi, later: a pass (`pass`);
//! * Gomoku/Renju, later: a swap decision (`swap`): the exchange of Botzone "Renju" (the 4th-stone
//!   answer that inverts every stone, variant `+botzone-exchange`), "the opponent exchanged" when
//!   it arrives as a request, and the swap-1 colour choice (variant `+swap1`). Whether a swap is
//!   legal at that ply is the rules' question, not the codec's;
//! * Amazons and NoGo, later: not a move (an error; NoGo has no pass).
//!
//! Botzone's JavaScript "Renju" judge also accepts any other unplaceable point at the exchange
//! ply as the exchange; this codec does not (it reads such a point as off-board), so an engine
//! relying on that is reported.

use arbiter_core::Game;
use arbiter_gomoku::{GomokuVariant, Point};
use arbiter_othello::Move as OthelloMove;
use serde_json::{Map, Value};

use super::CodecError;

/// The numbers of one move as a platform writes it, in key order: `[x, y]` or
/// `[x0, y0, x1, y1, x2, y2]`. Raw: they may be off the board (a bot's bad answer).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Coords(pub Vec<i32>);

impl Coords {
    /// Whether every number is `-1` (Botzone's start / pass / exchange value).
    #[must_use]
    pub fn is_all_minus_one(&self) -> bool {
        !self.0.is_empty() && self.0.iter().all(|&v| v == -1)
    }
}

/// A platform move read back into our terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// "You move first": the all-`-1` first request. Not a move.
    Start,
    /// A move in the game's notation (`h8`, `pass`, `swap`, `d1-d7/g7`).
    Move(String),
}

/// How one game (and variant) encodes moves on Botzone, and, for gomoku, on Gomocup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Gomoku and renju on an N×N board: `{x, y}`.
    Gomoku { size: u8 },
    /// Othello/Reversi 8×8: `{x, y}`, pass `{-1, -1}`.
    Reversi,
    /// Amazons N×N (Botzone plays 8×8): `{x0, y0, x1, y1, x2, y2}`.
    Amazons { size: u8 },
    /// NoGo N×N (Botzone plays 9×9): `{x, y}`, no pass.
    NoGo { size: u8 },
}

const POINT_KEYS: &[&str] = &["x", "y"];
const AMAZONS_KEYS: &[&str] = &["x0", "y0", "x1", "y1", "x2", "y2"];

impl Encoding {
    /// The encoding of `game` under `variant` (a variant name of that game).
    ///
    /// # Errors
    /// A [`CodecError`] for a game without a Botzone encoding (connect6, dotsboxes,
    /// surakarta, tictactoe) or a variant the game does not know.
    pub fn for_game(game: &str, variant: &str) -> Result<Encoding, CodecError> {
        match game {
            "gomoku" => {
                let variant: GomokuVariant = variant.parse().map_err(CodecError::new)?;
                Ok(Encoding::Gomoku { size: variant.size })
            }
            "othello" => Ok(Encoding::Reversi),
            "amazons" => {
                let variant: arbiter_amazons::AmazonsVariant =
                    variant.parse().map_err(CodecError::new)?;
                Ok(Encoding::Amazons {
                    size: variant.size(),
                })
            }
            "nogo" => {
                let variant: arbiter_nogo::NoGoVariant =
                    variant.parse().map_err(CodecError::new)?;
                Ok(Encoding::NoGo { size: variant.size })
            }
            other => Err(CodecError::new(format!(
                "no botzone encoding for the game `{other}`: expected gomoku, othello, amazons \
                 or nogo"
            ))),
        }
    }

    /// The JSON keys of a move object, in the order of [`Coords`].
    #[must_use]
    pub fn keys(self) -> &'static [&'static str] {
        match self {
            Encoding::Gomoku { .. } | Encoding::Reversi | Encoding::NoGo { .. } => POINT_KEYS,
            Encoding::Amazons { .. } => AMAZONS_KEYS,
        }
    }

    /// The all-`-1` value: the first request of the player who moves first.
    #[must_use]
    pub fn start(self) -> Coords {
        Coords(vec![-1; self.keys().len()])
    }

    /// The platform coordinates of a move in our notation. `swap` (gomoku) and `pass` (othello)
    /// become the all-`-1` value.
    ///
    /// # Errors
    /// A [`CodecError`] for text that is no move of the game, a point off the board, or a move
    /// without an encoding (gomoku's `put-two`, which Botzone has no form for).
    pub fn encode(self, mv: &str) -> Result<Coords, CodecError> {
        let mv = mv.trim();
        match self {
            Encoding::Gomoku { size } => {
                if mv.eq_ignore_ascii_case("swap") {
                    return Ok(self.start());
                }
                let (x, y) = gomoku_point_to_xy(mv, size)?;
                Ok(Coords(vec![x, y]))
            }
            Encoding::Reversi => {
                let parsed = arbiter_othello::parse_move(mv)
                    .map_err(|e| CodecError::new(format!("not an othello move: {e}")))?;
                Ok(match parsed.square() {
                    None => self.start(),
                    Some(square) => Coords(vec![i32::from(square % 8), i32::from(square / 8)]),
                })
            }
            Encoding::Amazons { size } => {
                let (variant, geometry) = amazons_board(size)?;
                let game = arbiter_amazons::Amazons::start(&variant);
                let parsed = game
                    .parse_move(mv)
                    .map_err(|e| CodecError::new(format!("not an amazons move: {e}")))?;
                let numbers = arbiter_amazons::to_botzone(geometry, parsed);
                Ok(Coords(numbers.iter().map(|&n| i32::from(n)).collect()))
            }
            Encoding::NoGo { size } => {
                let geometry = nogo_board(size)?;
                let point = arbiter_nogo::parse_point(geometry, mv)
                    .map_err(|e| CodecError::new(format!("not a nogo move: {e}")))?;
                let (x, y) = arbiter_nogo::to_xy(geometry, point);
                Ok(Coords(vec![i32::from(x), i32::from(y)]))
            }
        }
    }

    /// Reads platform coordinates back; `plies` is the number of moves already played in the
    /// game (it tells "you start" from a pass or an exchange, see the module docs). This is the
    /// one place that gives the all-`-1` value its meaning: the bot's history replay, the
    /// manager's reading of an answer and the drivers all come here.
    ///
    /// # Errors
    /// A [`CodecError`] for the wrong count of numbers, a point off the board, or an all-`-1`
    /// value where the game gives it no meaning.
    pub fn decode(self, coords: &Coords, plies: usize) -> Result<Decoded, CodecError> {
        let arity = self.keys().len();
        if coords.0.len() != arity {
            return Err(CodecError::new(format!(
                "expected {arity} coordinates, got {}",
                coords.0.len()
            )));
        }
        if coords.is_all_minus_one() {
            return match (self, plies) {
                (_, 0) => Ok(Decoded::Start),
                (Encoding::Gomoku { .. }, _) => Ok(Decoded::Move("swap".to_owned())),
                (Encoding::Reversi, _) => Ok(Decoded::Move("pass".to_owned())),
                (Encoding::Amazons { .. }, _) => Err(CodecError::new(
                    "all -1 is not an amazons move after the start",
                )),
                (Encoding::NoGo { .. }, _) => Err(CodecError::new(
                    "all -1 is not a nogo move after the start (nogo has no pass)",
                )),
            };
        }
        let (x, y) = (coords.0[0], coords.0[1]);
        match self {
            Encoding::Gomoku { size } => gomoku_xy_to_point(x, y, size).map(Decoded::Move),
            Encoding::Reversi => {
                let square = u8::try_from(x)
                    .ok()
                    .zip(u8::try_from(y).ok())
                    .and_then(|(col, row)| OthelloMove::at(col, row));
                square
                    .map(|mv| Decoded::Move(mv.to_string()))
                    .ok_or_else(|| off_board(&coords.0, 8))
            }
            Encoding::Amazons { size } => {
                let (variant, geometry) = amazons_board(size)?;
                let numbers: [i32; 6] =
                    coords.0.as_slice().try_into().map_err(|_| {
                        CodecError::new("expected 6 coordinates for an amazons move")
                    })?;
                let parsed = arbiter_amazons::from_botzone(geometry, numbers)
                    .map_err(|e| CodecError::new(e.message))?;
                let game = arbiter_amazons::Amazons::start(&variant);
                Ok(Decoded::Move(game.format_move(parsed)))
            }
            Encoding::NoGo { size } => {
                let geometry = nogo_board(size)?;
                arbiter_nogo::from_xy(geometry, x, y)
                    .map(|point| Decoded::Move(arbiter_nogo::format_point(geometry, point)))
                    .ok_or_else(|| off_board(&coords.0, size))
            }
        }
    }

    /// The JSON object of a move: `{"x":7,"y":7}` or `{"x0":…,"y0":…,…,"y2":…}`.
    #[must_use]
    pub fn to_json(self, coords: &Coords) -> Value {
        let mut object = Map::new();
        for (key, value) in self.keys().iter().zip(&coords.0) {
            object.insert((*key).to_owned(), Value::from(*value));
        }
        Value::Object(object)
    }

    /// Reads a move object. Keys other than the game's are ignored; numbers must be integers
    /// (a numeric string such as `"7"` is also read, since some bots print them).
    ///
    /// # Errors
    /// A [`CodecError`] when the value is not an object or a key is missing or not an integer.
    pub fn from_json(self, value: &Value) -> Result<Coords, CodecError> {
        let object = value
            .as_object()
            .ok_or_else(|| CodecError::new(format!("expected a move object, got {value}")))?;
        let mut numbers = Vec::with_capacity(self.keys().len());
        for key in self.keys() {
            let field = object
                .get(*key)
                .ok_or_else(|| CodecError::new(format!("move object {value} has no `{key}`")))?;
            let number = match field {
                Value::Number(n) => n.as_i64(),
                Value::String(s) => s.trim().parse::<i64>().ok(),
                _ => None,
            }
            .and_then(|n| i32::try_from(n).ok())
            .ok_or_else(|| CodecError::new(format!("`{key}` in {value} is not a small integer")))?;
            numbers.push(number);
        }
        Ok(Coords(numbers))
    }

    /// Botzone's simplified-I/O form of a move: the numbers separated by one space (`7 7`).
    #[must_use]
    pub fn to_simple(self, coords: &Coords) -> String {
        let parts: Vec<String> = coords.0.iter().map(i32::to_string).collect();
        parts.join(" ")
    }

    /// Reads the simplified-I/O form (whitespace-separated integers).
    ///
    /// # Errors
    /// A [`CodecError`] for a wrong count of numbers or a token that is not an integer.
    pub fn from_simple(self, line: &str) -> Result<Coords, CodecError> {
        let numbers: Result<Vec<i32>, _> = line.split_whitespace().map(str::parse).collect();
        let numbers =
            numbers.map_err(|_| CodecError::new(format!("expected integers, got {line:?}")))?;
        if numbers.len() != self.keys().len() {
            return Err(CodecError::new(format!(
                "expected {} integers, got {line:?}",
                self.keys().len()
            )));
        }
        Ok(Coords(numbers))
    }
}

fn off_board(numbers: &[i32], size: u8) -> CodecError {
    CodecError::new(format!("point {numbers:?} is off the {size}x{size} board"))
}

fn amazons_board(
    size: u8,
) -> Result<
    (
        arbiter_amazons::AmazonsVariant,
        &'static arbiter_amazons::Geometry,
    ),
    CodecError,
> {
    let variant = match size {
        8 => arbiter_amazons::AmazonsVariant::Botzone8,
        10 => arbiter_amazons::AmazonsVariant::Standard,
        _ => {
            return Err(CodecError::new(format!(
                "no amazons board of size {size}: expected 8 or 10"
            )));
        }
    };
    Ok((variant, arbiter_amazons::Geometry::of_size(size)))
}

/// The NoGo board of side `size`.
fn nogo_board(size: u8) -> Result<&'static arbiter_nogo::Geometry, CodecError> {
    if (arbiter_nogo::MIN_SIZE..=arbiter_nogo::MAX_SIZE).contains(&size) {
        Ok(arbiter_nogo::Geometry::of_size(size))
    } else {
        Err(CodecError::new(format!(
            "no nogo board of size {size}: expected {} to {}",
            arbiter_nogo::MIN_SIZE,
            arbiter_nogo::MAX_SIZE
        )))
    }
}

/// The 0-based `(x, y)` (y down from the top row) of a gomoku point in our notation (`h8`) on an
/// N×N board. Used by Botzone and Gomocup alike.
///
/// # Errors
/// A [`CodecError`] when the text is not a point or the point is off this board.
pub fn gomoku_point_to_xy(text: &str, size: u8) -> Result<(i32, i32), CodecError> {
    let point = Point::parse(text).map_err(|e| CodecError::new(e.message))?;
    if !point.on_board(size) {
        return Err(CodecError::new(format!(
            "{point} is off the {size}x{size} board"
        )));
    }
    let (x, y) = arbiter_gomoku::to_xy(point, size);
    Ok((i32::from(x), i32::from(y)))
}

/// The gomoku point in our notation of the 0-based `(x, y)` (y down from the top row).
///
/// # Errors
/// A [`CodecError`] when the point is off the N×N board (including `(-1, -1)`).
pub fn gomoku_xy_to_point(x: i32, y: i32, size: u8) -> Result<String, CodecError> {
    arbiter_gomoku::from_xy(x, y, size)
        .map(|point| point.to_string())
        .ok_or_else(|| off_board(&[x, y], size))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    const GOMOKU: Encoding = Encoding::Gomoku { size: 15 };
    const AMAZONS: Encoding = Encoding::Amazons { size: 8 };
    const NOGO: Encoding = Encoding::NoGo { size: 9 };

    #[rstest]
    #[case(GOMOKU, "h8", vec![7, 7])]
    #[case(GOMOKU, "a15", vec![0, 0])]
    #[case(GOMOKU, "a1", vec![0, 14])]
    #[case(GOMOKU, "o1", vec![14, 14])]
    #[case(GOMOKU, "H9", vec![7, 6])]
    #[case(GOMOKU, "swap", vec![-1, -1])]
    #[case(Encoding::Gomoku { size: 20 }, "t20", vec![19, 0])]
    #[case(Encoding::Reversi, "a1", vec![0, 0])]
    #[case(Encoding::Reversi, "d3", vec![3, 2])]
    #[case(Encoding::Reversi, "h8", vec![7, 7])]
    #[case(Encoding::Reversi, "pass", vec![-1, -1])]
    // Botzone black (top) amazon (2,0) = c8 moves to (2,3) = c5 and shoots back at (2,0).
    #[case(AMAZONS, "c8-c5/c8", vec![2, 0, 2, 3, 2, 0])]
    #[case(AMAZONS, "a3-a4/b4", vec![0, 5, 0, 4, 1, 4])]
    // The Botzone NoGo viewer labels columns A.. from the left and rows 1.. from the top.
    #[case(NOGO, "a9", vec![0, 0])]
    #[case(NOGO, "a1", vec![0, 8])]
    #[case(NOGO, "e5", vec![4, 4])]
    #[case(NOGO, "i2", vec![8, 7])]
    fn encodes_moves(#[case] encoding: Encoding, #[case] mv: &str, #[case] numbers: Vec<i32>) {
        let coords = encoding.encode(mv).unwrap();
        assert_eq!(coords, Coords(numbers));
        let back = encoding.decode(&coords, 5).unwrap();
        assert_eq!(back, Decoded::Move(mv.to_ascii_lowercase()));
    }

    #[rstest]
    #[case(GOMOKU, "p1")]
    #[case(GOMOKU, "put-two")]
    #[case(GOMOKU, "")]
    #[case(GOMOKU, "z9")]
    #[case(Encoding::Gomoku { size: 9 }, "j1")]
    #[case(Encoding::Reversi, "i1")]
    #[case(Encoding::Reversi, "swap")]
    #[case(AMAZONS, "c8-c5")]
    #[case(AMAZONS, "j1-j2/j3")]
    #[case(NOGO, "j1")]
    #[case(NOGO, "pass")]
    fn refuses_to_encode(#[case] encoding: Encoding, #[case] mv: &str) {
        assert!(encoding.encode(mv).is_err(), "{mv}");
    }

    #[rstest]
    #[case(GOMOKU, vec![-1, -1], 0, Some("start"))]
    #[case(GOMOKU, vec![-1, -1], 1, Some("swap"))]
    #[case(GOMOKU, vec![-1, -1], 3, Some("swap"))]
    #[case(Encoding::Reversi, vec![-1, -1], 0, Some("start"))]
    #[case(Encoding::Reversi, vec![-1, -1], 9, Some("pass"))]
    #[case(AMAZONS, vec![-1; 6], 0, Some("start"))]
    #[case(AMAZONS, vec![-1; 6], 2, None)]
    #[case(GOMOKU, vec![15, 0], 2, None)]
    #[case(GOMOKU, vec![-1, 3], 2, None)]
    #[case(GOMOKU, vec![1, 2, 3], 2, None)]
    #[case(Encoding::Reversi, vec![8, 0], 2, None)]
    #[case(Encoding::Reversi, vec![-2, -2], 2, None)]
    #[case(AMAZONS, vec![0, 0, 0, 0, 0, 8], 2, None)]
    #[case(AMAZONS, vec![0, 0], 2, None)]
    #[case(NOGO, vec![-1, -1], 0, Some("start"))]
    #[case(NOGO, vec![-1, -1], 4, None)]
    #[case(NOGO, vec![9, 0], 4, None)]
    fn decodes_special_values(
        #[case] encoding: Encoding,
        #[case] numbers: Vec<i32>,
        #[case] plies: usize,
        #[case] expected: Option<&str>,
    ) {
        let decoded = encoding.decode(&Coords(numbers), plies);
        match expected {
            Some("start") => assert_eq!(decoded, Ok(Decoded::Start)),
            Some(mv) => assert_eq!(decoded, Ok(Decoded::Move(mv.to_owned()))),
            None => assert!(decoded.is_err(), "{decoded:?}"),
        }
    }

    #[rstest]
    #[case(GOMOKU, r#"{"x":7,"y":7}"#, Some(vec![7, 7]))]
    #[case(GOMOKU, r#"{"y":7,"x":3,"extra":1}"#, Some(vec![3, 7]))]
    #[case(GOMOKU, r#"{"x":"7","y":" 8"}"#, Some(vec![7, 8]))]
    #[case(GOMOKU, r#"{"x":7}"#, None)]
    #[case(GOMOKU, r#"{"x":7.5,"y":7}"#, None)]
    #[case(GOMOKU, r#"{"x":99999999999,"y":7}"#, None)]
    #[case(GOMOKU, r#"[7,7]"#, None)]
    #[case(GOMOKU, r#""7 7""#, None)]
    #[case(AMAZONS, r#"{"x0":2,"y0":0,"x1":2,"y1":3,"x2":2,"y2":0}"#, Some(vec![2, 0, 2, 3, 2, 0]))]
    #[case(AMAZONS, r#"{"x0":2,"y0":0,"x1":2,"y1":3,"x2":2}"#, None)]
    fn reads_json(
        #[case] encoding: Encoding,
        #[case] json: &str,
        #[case] numbers: Option<Vec<i32>>,
    ) {
        let value: Value = serde_json::from_str(json).unwrap();
        match numbers {
            Some(numbers) => {
                let coords = encoding.from_json(&value).unwrap();
                assert_eq!(coords, Coords(numbers));
                assert_eq!(encoding.from_json(&encoding.to_json(&coords)), Ok(coords));
            }
            None => assert!(encoding.from_json(&value).is_err()),
        }
    }

    #[test]
    fn writes_json_in_key_order() {
        let json = serde_json::to_string(&AMAZONS.to_json(&Coords(vec![2, 0, 2, 3, 2, 0])));
        assert_eq!(
            json.unwrap(),
            r#"{"x0":2,"x1":2,"x2":2,"y0":0,"y1":3,"y2":0}"#
        );
    }

    #[rstest]
    #[case(GOMOKU, "7 7", Some(vec![7, 7]))]
    #[case(GOMOKU, " -1   -1 ", Some(vec![-1, -1]))]
    #[case(GOMOKU, "7,7", None)]
    #[case(GOMOKU, "7", None)]
    #[case(AMAZONS, "2 0 2 3 2 0", Some(vec![2, 0, 2, 3, 2, 0]))]
    #[case(AMAZONS, "2 0 2 3 2", None)]
    fn reads_simple_lines(
        #[case] encoding: Encoding,
        #[case] line: &str,
        #[case] numbers: Option<Vec<i32>>,
    ) {
        match numbers {
            Some(numbers) => {
                let coords = encoding.from_simple(line).unwrap();
                assert_eq!(
                    encoding.to_simple(&coords),
                    line.split_whitespace().collect::<Vec<_>>().join(" ")
                );
                assert_eq!(coords, Coords(numbers));
            }
            None => assert!(encoding.from_simple(line).is_err()),
        }
    }

    #[rstest]
    #[case("gomoku", "freestyle", Some(GOMOKU))]
    #[case("gomoku", "renju+botzone-exchange@20", Some(Encoding::Gomoku { size: 20 }))]
    #[case("othello", "standard", Some(Encoding::Reversi))]
    #[case("amazons", "botzone8", Some(AMAZONS))]
    #[case("amazons", "standard", Some(Encoding::Amazons { size: 10 }))]
    #[case("nogo", "standard", Some(NOGO))]
    #[case("nogo", "foul-loses@7", Some(Encoding::NoGo { size: 7 }))]
    #[case("dotsboxes", "5x5", None)]
    #[case("gomoku", "nonsense", None)]
    #[case("connect6", "standard", None)]
    #[case("chess", "standard", None)]
    fn finds_the_game_encoding(
        #[case] game: &str,
        #[case] variant: &str,
        #[case] expected: Option<Encoding>,
    ) {
        assert_eq!(Encoding::for_game(game, variant).ok(), expected);
    }
}
