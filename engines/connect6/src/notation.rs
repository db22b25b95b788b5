//! Points and moves as text (the one-line position and the diagram are in `setup.rs`).
//!
//! **Points**: a column letter `a`..`s` followed by a row number `1`..`19`, e.g. `j10`. Columns
//! run left to right *without skipping `i`* (`a b c d e f g h i j … s`: 19 letters for 19
//! columns); some Go-style GUIs skip `i`, so their `j` is our `i` — convert when comparing.
//! Rows run from `1` at the bottom to `19` at the top. Letters may be upper case.
//!
//! **Moves**: a single point (black's first turn) or two points. A move is written as one token
//! so that a move list can be split on whitespace: the engine writes `j10-k11`, smaller point
//! index first (lower row first, then the left column), and reads `j10-k11`, `j10,k11` and
//! `j10k11` in either order (`k11-j10` is the same move).

use arbiter_core::NotationError;
use arbiter_core::grid::{self, Letters};

use crate::board::{Move, Point};

/// Writes a point as `a1`..`s19`.
#[must_use]
pub fn format_point(point: Point) -> String {
    grid::format_square(Letters::Consecutive, point.column(), point.row())
}

/// Writes a move: `j10` or `j10-k11` (smaller index first).
#[must_use]
pub fn format_move(mv: Move) -> String {
    match mv.second() {
        None => format_point(mv.first()),
        Some(second) => format!("{}-{}", format_point(mv.first()), format_point(second)),
    }
}

/// Reads one point at the start of `text` (points may be written back to back: `j10k11`),
/// returning it and the rest of the text.
fn read_point(text: &str, size: usize) -> Result<(Point, &str), NotationError> {
    let (name, rest) = grid::split_square(text).ok_or_else(|| {
        NotationError::new(format!(
            "expected a point such as `j10` (column a..{}, row 1..{size}), found `{text}`",
            Letters::Consecutive.letter(size - 1)
        ))
    })?;
    let (column, row) = grid::parse_square(name, Letters::Consecutive, size, size, "point")?;
    Ok((Point::new(row, column).expect("a point of the board"), rest))
}

/// Reads a move on a `size` x `size` board: `j10`, or a pair `j10-k11`, `j10,k11`, `j10k11` or
/// `j10 k11`, in either order.
///
/// # Errors
/// A [`NotationError`] unless the text is one or two points, on the board, with at most one
/// separator between them.
pub fn parse_move(text: &str, size: usize) -> Result<Move, NotationError> {
    let trimmed = text.trim();
    if !trimmed.is_ascii() {
        return Err(NotationError::new(format!(
            "expected a move such as `j10-k11`, found `{text}`"
        )));
    }
    let (first, rest) = read_point(trimmed, size)?;
    if rest.is_empty() {
        return Ok(Move::single(first));
    }
    let rest = rest.trim_start();
    let rest = rest.strip_prefix(['-', ',']).unwrap_or(rest).trim_start();
    let (second, rest) = read_point(rest, size)?;
    if !rest.is_empty() {
        return Err(NotationError::new(format!(
            "a move has one or two points, found more in `{text}`"
        )));
    }
    Ok(Move::pair(first, second))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn pt(text: &str) -> Point {
        read_point(text, 19).unwrap().0
    }

    #[rstest]
    #[case("a1", 0, 0)]
    #[case("s1", 0, 18)]
    #[case("a19", 18, 0)]
    #[case("J10", 9, 9)]
    #[case("i9", 8, 8)]
    fn reads_points(#[case] text: &str, #[case] row: usize, #[case] column: usize) {
        let point = pt(text);
        assert_eq!((point.row(), point.column()), (row, column));
        assert_eq!(format_point(point), text.to_ascii_lowercase());
    }

    #[rstest]
    #[case("j10", "j10")]
    #[case("j10-k11", "j10-k11")]
    #[case("k11-j10", "j10-k11")]
    #[case("j10,k11", "j10-k11")]
    #[case("j10k11", "j10-k11")]
    #[case("k11j10", "j10-k11")]
    #[case("J10 K11", "j10-k11")]
    #[case(" a1 - s19 ", "a1-s19")]
    #[case("k10-j11", "k10-j11")]
    #[case("j11-k10", "k10-j11")]
    #[case("j10-j10", "j10-j10")]
    fn reads_moves(#[case] text: &str, #[case] formatted: &str) {
        let mv = parse_move(text, 19).unwrap();
        assert_eq!(format_move(mv), formatted);
        assert_eq!(parse_move(formatted, 19), Ok(mv));
    }

    #[rstest]
    #[case("", 19)]
    #[case("j", 19)]
    #[case("10", 19)]
    #[case("t1", 19)]
    #[case("a0", 19)]
    #[case("a20", 19)]
    #[case("a01", 19)]
    #[case("a100", 19)]
    #[case("j10--k11", 19)]
    #[case("j10-", 19)]
    #[case("j10-k11-l12", 19)]
    #[case("j10k11l12", 19)]
    #[case("j10 ; k11", 19)]
    #[case("p1", 15)]
    #[case("a16", 15)]
    #[case("é1", 19)]
    #[case("j1é", 19)]
    fn refuses_bad_moves(#[case] text: &str, #[case] size: usize) {
        assert!(parse_move(text, size).is_err(), "{text}");
    }
}
