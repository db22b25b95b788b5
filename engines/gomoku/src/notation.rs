//! Points and moves as text: `<column letter><row number>`, columns `a`..`t` from the left, rows
//! `1`..`20` from the bottom, as in renju notation (`h8` is the centre of the 15x15 board); a
//! move is a point, `swap` or `put-two`. Gomocup (Piskvork) and Botzone's 0-based `x,y` pairs
//! convert with [`to_xy`]/[`from_xy`] (see `board.rs` for the orientation).

use std::fmt;

use arbiter_core::NotationError;
use arbiter_core::grid::{self, Letters};

use crate::board::{MAX_SIZE, Move, Point};

impl Point {
    /// Reads `h8`-style notation (case-insensitive). Any point of the largest (20x20) board is
    /// accepted here; whether it is on *this* board is the rules' question (`off-board`).
    ///
    /// # Errors
    /// A [`NotationError`] when the text is not a column letter `a`..`t` and a row `1`..`20`.
    pub fn parse(text: &str) -> Result<Point, NotationError> {
        let size = usize::from(MAX_SIZE);
        let (col, row) =
            grid::parse_square(text.trim(), Letters::Consecutive, size, size, "point")?;
        // Both are below MAX_SIZE (20): they fit a u8.
        Ok(Point::new(col as u8, row as u8))
    }
}

/// Reads a move: a point, `swap` or `put-two` (any case).
///
/// # Errors
/// A [`NotationError`] for anything else.
pub fn parse_move(text: &str) -> Result<Move, NotationError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "swap" => Ok(Move::Swap),
        "put-two" => Ok(Move::PutTwo),
        _ => Point::parse(text).map(Move::Stone).map_err(|_| {
            NotationError::new(format!(
                "expected a point like h8, swap or put-two, got {text:?}"
            ))
        }),
    }
}

/// Writes a move: its point, `swap` or `put-two`.
#[must_use]
pub fn format_move(mv: Move) -> String {
    match mv {
        Move::Stone(point) => point.to_string(),
        Move::Swap => "swap".to_owned(),
        Move::PutTwo => "put-two".to_owned(),
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let square =
            grid::format_square(Letters::Consecutive, self.col().into(), self.row().into());
        f.write_str(&square)
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The 0-based Gomocup/Botzone `(x, y)` of `point` on a board of side `size`: `x` = column from the
/// left, `y` = row from the **top** (`y = size - 1 - row`).
///
/// # Panics
/// When the point is not on the board (`point.on_board(size)` is false).
#[must_use]
pub fn to_xy(point: Point, size: u8) -> (u8, u8) {
    assert!(
        point.on_board(size),
        "{point} is not on a {size}x{size} board"
    );
    (point.col(), size - 1 - point.row())
}

/// The point of the 0-based Gomocup/Botzone `(x, y)` (y from the top row) on a board of side
/// `size`; `None` off the board (including Botzone's `(-1, -1)`, which is a decision, not a point).
#[must_use]
pub fn from_xy(x: i32, y: i32, size: u8) -> Option<Point> {
    let size_i = i32::from(size);
    if size > MAX_SIZE || !(0..size_i).contains(&x) || !(0..size_i).contains(&y) {
        return None;
    }
    Some(Point::new(x as u8, (size_i - 1 - y) as u8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("h8", 7, 7)]
    #[case("a1", 0, 0)]
    #[case("O15", 14, 14)]
    #[case("t20", 19, 19)]
    #[case("i10", 8, 9)]
    fn parses_points(#[case] text: &str, #[case] col: u8, #[case] row: u8) {
        let point = Point::parse(text).unwrap();
        assert_eq!((point.col(), point.row()), (col, row));
        assert_eq!(point.to_string(), text.to_ascii_lowercase());
    }

    #[test]
    fn rejects_bad_points() {
        arbiter_laws::refuses_all(
            &[
                "", "h", "8", "u5", "h0", "h21", "h08", "h8x", "hh8", "h-1", "h123",
            ],
            Point::parse,
        );
    }

    #[rstest]
    #[case(15, 7, 7, "h8")]
    #[case(15, 0, 0, "a15")]
    #[case(15, 0, 14, "a1")]
    #[case(15, 14, 0, "o15")]
    #[case(20, 0, 0, "a20")]
    #[case(20, 19, 19, "t1")]
    fn converts_xy(#[case] size: u8, #[case] x: i32, #[case] y: i32, #[case] text: &str) {
        let point = from_xy(x, y, size).unwrap();
        assert_eq!(point.to_string(), text);
        assert_eq!(to_xy(point, size), (x as u8, y as u8));
    }

    #[rstest]
    #[case(15, -1, -1)]
    #[case(15, 15, 0)]
    #[case(15, 0, 15)]
    #[case(20, 20, 3)]
    fn xy_off_board(#[case] size: u8, #[case] x: i32, #[case] y: i32) {
        assert_eq!(from_xy(x, y, size), None);
    }
}
