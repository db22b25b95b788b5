//! Moves between arbiter's notation and the platforms' coordinates, on the manager's side: a
//! thin layer over the shared codecs of [`arbiter_protocol::encoding`] (the coordinate rule and
//! the meanings of Botzone's all-`-1` are documented there).
//!
//! What this layer adds is the *classification* of what an engine answered: a malformed
//! answer is a protocol error, well-formed coordinates that name no point are an illegal move.
//! The all-`-1` value is decoded by [`Encoding::decode`] alone (the one place that knows its
//! meanings): an answer is never "you move first", so it reads as `swap` (gomoku) or `pass`
//! (Othello), and [`super::validate`] tells a wrong exchange or a wrong pass from an illegal
//! move.

use serde_json::Value;

use super::sandbox::preview;
use arbiter_engine::fault::Fault;
use arbiter_protocol::encoding::{
    Coords, Decoded, Encoding, gomoku_point_to_xy, gomoku_xy_to_point,
};
use arbiter_protocol::gomocup::parse_xy;

/// A game's board as the platforms see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub(crate) size: u8,
    encoding: Encoding,
}

/// A decoded answer: a move in arbiter's notation (`swap` and `pass` included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveAnswer {
    Move(String),
    /// Coordinates that name no point (or no move) of this board.
    OffBoard(String),
    /// The engine resigned (GTP `= resign`, UCCI `bestmove … resign`): no move, the game
    /// lost by resignation in a match.
    Resign,
}

impl Board {
    /// The board of `game` under `variant`; `None` for a game no play protocol carries.
    #[must_use]
    pub(crate) fn of(game: &str, variant: &str) -> Option<Board> {
        let encoding = Encoding::for_game(game, variant).ok()?;
        let size = match encoding {
            Encoding::Gomoku { size } | Encoding::Amazons { size } | Encoding::NoGo { size } => {
                size
            }
            Encoding::Reversi => 8,
        };
        Some(Board { size, encoding })
    }

    /// The shared codec of this board.
    #[must_use]
    pub(crate) fn encoding(self) -> Encoding {
        self.encoding
    }

    /// The coordinates of a move; `None` is "you move first" (all `-1`).
    fn coords(self, mv: Option<&str>) -> Result<Coords, Fault> {
        match mv {
            None => Ok(self.encoding.start()),
            Some(mv) => self.encoding.encode(mv).map_err(|error| {
                Fault::protocol(format!("the move `{mv}` has no platform encoding: {error}"))
            }),
        }
    }

    /// An engine's answer from its coordinates. An answer is never "you move first", so it is
    /// decoded as at a ply after the start.
    fn answer(self, coords: &Coords) -> MoveAnswer {
        match self.encoding.decode(coords, 1) {
            Ok(Decoded::Move(mv)) => MoveAnswer::Move(mv),
            // Not at ply 1; kept total all the same.
            Ok(Decoded::Start) => {
                MoveAnswer::OffBoard("\"you move first\" is no answer".to_owned())
            }
            Err(error) => MoveAnswer::OffBoard(error.message),
        }
    }

    /// Botzone JSON of a move (`None`: "you move first").
    ///
    /// # Errors
    /// A protocol fault for a move without an encoding (gomoku's `put-two`).
    pub(crate) fn to_json(self, mv: Option<&str>) -> Result<Value, Fault> {
        Ok(self.encoding.to_json(&self.coords(mv)?))
    }

    /// A move from Botzone JSON.
    ///
    /// # Errors
    /// A protocol fault when the value is not an object with the game's integer fields.
    pub(crate) fn answer_from_json(self, value: &Value) -> Result<MoveAnswer, Fault> {
        let coords = self.encoding.from_json(value).map_err(|error| {
            Fault::protocol(format!(
                "response {} is not a move: {error}",
                preview(&value.to_string())
            ))
        })?;
        Ok(self.answer(&coords))
    }

    /// Botzone's simplified form `x y` (Amazons: six numbers).
    ///
    /// # Errors
    /// As [`Board::to_json`].
    pub(crate) fn to_simple(self, mv: Option<&str>) -> Result<String, Fault> {
        Ok(self.encoding.to_simple(&self.coords(mv)?))
    }

    /// A move from the simplified form.
    ///
    /// # Errors
    /// A protocol fault when the line is not the right count of integers.
    pub(crate) fn answer_from_simple(self, line: &str) -> Result<MoveAnswer, Fault> {
        let coords = self.encoding.from_simple(line).map_err(|error| {
            Fault::protocol(format!("`{}` is not a move: {error}", preview(line)))
        })?;
        Ok(self.answer(&coords))
    }

    /// Gomocup `X,Y` of a gomoku point.
    ///
    /// # Errors
    /// A protocol fault for a move that is not a point of the board (`swap`, `put-two`).
    pub(crate) fn to_gomocup(self, mv: &str) -> Result<String, Fault> {
        let (x, y) = gomoku_point_to_xy(mv, self.size)
            .map_err(|error| Fault::protocol(format!("`{mv}` has no Gomocup encoding: {error}")))?;
        Ok(format!("{x},{y}"))
    }

    /// A move from Gomocup `X,Y`. Gomocup has no pass and no exchange, so `-1,-1` can only be
    /// read as a pass (`pass`).
    ///
    /// # Errors
    /// A protocol fault when the line is not two integers separated by a comma.
    pub(crate) fn answer_from_gomocup(self, line: &str) -> Result<MoveAnswer, Fault> {
        let (x, y) = parse_xy(line).map_err(|error| {
            Fault::protocol(format!("`{}` is not a move: {error}", preview(line)))
        })?;
        if (x, y) == (-1, -1) {
            return Ok(MoveAnswer::Move("pass".to_owned()));
        }
        Ok(match gomoku_xy_to_point(x, y, self.size) {
            Ok(point) => MoveAnswer::Move(point),
            Err(error) => MoveAnswer::OffBoard(error.message),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn gomoku_centre_is_7_7() {
        let board = Board::of("gomoku", "renju").unwrap();
        assert_eq!(board.to_gomocup("h8").unwrap(), "7,7");
        assert_eq!(
            board.answer_from_gomocup("7,7").unwrap(),
            MoveAnswer::Move("h8".to_owned())
        );
        assert_eq!(
            board.answer_from_gomocup("-1,-1").unwrap(),
            MoveAnswer::Move("pass".to_owned())
        );
        assert!(matches!(
            board.answer_from_gomocup("15,3").unwrap(),
            MoveAnswer::OffBoard(_)
        ));
        assert!(board.answer_from_gomocup("7 7").is_err());
        assert_eq!(board.to_json(Some("a15")).unwrap(), json!({"x": 0, "y": 0}));
        assert_eq!(board.to_json(None).unwrap(), json!({"x": -1, "y": -1}));
        assert_eq!(
            board.to_json(Some("swap")).unwrap(),
            json!({"x": -1, "y": -1})
        );
        assert!(matches!(
            board.answer_from_simple("15 3").unwrap(),
            MoveAnswer::OffBoard(_)
        ));
        assert!(board.answer_from_simple("7").is_err());
    }

    #[test]
    fn othello_a1_is_top_left_and_amazons_has_six() {
        let othello = Board::of("othello", "standard").unwrap();
        assert_eq!(othello.to_simple(Some("d3")).unwrap(), "3 2");
        assert_eq!(
            othello.answer_from_simple("-1 -1").unwrap(),
            MoveAnswer::Move("pass".to_owned())
        );
        let gomoku = Board::of("gomoku", "freestyle").unwrap();
        assert_eq!(
            gomoku.answer_from_simple("-1 -1").unwrap(),
            MoveAnswer::Move("swap".to_owned())
        );
        let amazons = Board::of("amazons", "botzone8").unwrap();
        let text = amazons.to_simple(Some("a6-a2/b2")).unwrap();
        assert_eq!(text, "0 2 0 6 1 6");
        assert_eq!(
            amazons.answer_from_simple(&text).unwrap(),
            MoveAnswer::Move("a6-a2/b2".to_owned())
        );
        assert!(matches!(
            amazons.answer_from_simple("-1 -1 -1 -1 -1 -1").unwrap(),
            MoveAnswer::OffBoard(_)
        ));
        assert!(Board::of("tictactoe", "standard").is_none());
    }
}
