//! Points, colours and the move notation.
//!
//! A point is written `<column letter><row number>`: columns `a`..`t` from the left, rows `1`..`20`
//! from the bottom, as in renju notation (`h8` is the centre of the 15x15 board). Internally a point
//! is `row * 32 + col`, a layout that does not depend on the board size, so a [`Point`] formats
//! without knowing the board it lives on.
//!
//! Gomocup (Piskvork) and Botzone send 0-based `x,y` pairs. We read them with the origin at the
//! top-left corner: `x` is the column from the left, `y` the row counted **downward from the top
//! row** (screen order, as Piskvork draws its board and as Botzone draws Amazons). Hence
//! `col = x` and `row = size - 1 - y`; `(7,7)` is `h8` on 15x15 either way, and because every rule
//! here is symmetric under reflection, the choice only matters for translating transcripts.

use arbiter_core::NotationError;
use std::fmt;

/// The smallest board side accepted.
pub const MIN_SIZE: u8 = 5;
/// The largest board side accepted (Gomocup plays 15 and 20).
pub const MAX_SIZE: u8 = 20;
/// Row stride of the internal point layout.
pub(crate) const STRIDE: usize = 32;
/// Number of internal cells: every point of the largest board has an index below this.
pub(crate) const CELLS: usize = STRIDE * MAX_SIZE as usize;

/// A stone colour. Black moves first in every variant; [`arbiter_core::Side`] is the *player*.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub const fn opposite(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The cell value of a stone of this colour (1 black, 2 white; 0 is empty).
    #[must_use]
    pub(crate) const fn cell(self) -> u8 {
        match self {
            Colour::Black => 1,
            Colour::White => 2,
        }
    }

    /// `black` or `white`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }

    /// Reads `black`/`white` (also `x`/`o`), case-insensitively.
    #[must_use]
    pub fn parse(text: &str) -> Option<Colour> {
        match text.trim().to_ascii_lowercase().as_str() {
            "black" | "x" | "b" => Some(Colour::Black),
            "white" | "o" | "w" => Some(Colour::White),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A point of the board, by column (0 = `a`, left) and row (0 = `1`, bottom).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The point at `col`, `row` (both 0-based, row 0 at the bottom).
    ///
    /// # Panics
    /// When `col` or `row` is 20 or more (no board is that large).
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Point {
        assert!(
            col < MAX_SIZE && row < MAX_SIZE,
            "point outside the largest board"
        );
        Point(row as u16 * STRIDE as u16 + col as u16)
    }

    /// The column, 0 = `a` (left).
    #[must_use]
    pub const fn col(self) -> u8 {
        (self.0 as usize % STRIDE) as u8
    }

    /// The row, 0 = `1` (bottom).
    #[must_use]
    pub const fn row(self) -> u8 {
        (self.0 as usize / STRIDE) as u8
    }

    /// The internal cell index (`row * 32 + col`).
    #[must_use]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether the point lies on a board of side `size`.
    #[must_use]
    pub const fn on_board(self, size: u8) -> bool {
        self.col() < size && self.row() < size
    }

    /// The point `steps` steps from here along `(dc, dr)`, if it is on a board of side `size`.
    #[must_use]
    pub(crate) fn step(self, dc: i8, dr: i8, steps: i8, size: u8) -> Option<Point> {
        let col = i16::from(self.col()) + i16::from(dc) * i16::from(steps);
        let row = i16::from(self.row()) + i16::from(dr) * i16::from(steps);
        let size = i16::from(size);
        if (0..size).contains(&col) && (0..size).contains(&row) {
            Some(Point::new(col as u8, row as u8))
        } else {
            None
        }
    }

    /// Reads `h8`-style notation (case-insensitive). Any point of the largest (20x20) board is
    /// accepted here; whether it is on *this* board is the rules' question (`off-board`).
    ///
    /// # Errors
    /// A [`NotationError`] when the text is not a column letter `a`..`t` and a row `1`..`20`.
    pub fn parse(text: &str) -> Result<Point, NotationError> {
        let text = text.trim();
        let bad = || {
            NotationError::new(format!(
                "expected a point like h8 (a-t, 1-20), got {text:?}"
            ))
        };
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !('a'..='t').contains(&letter) {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let number: u8 = digits.parse().map_err(|_| bad())?;
        if !(1..=MAX_SIZE).contains(&number) || digits.starts_with('0') {
            return Err(bad());
        }
        Ok(Point::new(letter as u8 - b'a', number - 1))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.col()), self.row() + 1)
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

    #[rstest]
    #[case("")]
    #[case("h")]
    #[case("8")]
    #[case("u5")]
    #[case("h0")]
    #[case("h21")]
    #[case("h08")]
    #[case("h8x")]
    #[case("hh8")]
    #[case("h-1")]
    #[case("h123")]
    fn rejects_bad_points(#[case] text: &str) {
        assert!(Point::parse(text).is_err());
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
