//! Moves as text: a point `a1`…`t19` (file letters without `i`, as Go boards and GTP write
//! them; either case on input, lower case on output) or `pass`.
//!
//! `a1` is the lower-left corner; a 19x19 board runs from `a1` to `t19`. Resigning is no move
//! of the game: a referee or a protocol ends the game for it.

use arbiter_core::NotationError;
use arbiter_core::grid::{self, Letters};

use crate::board::{Geometry, Point};

/// One turn: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GoMove(u16);

impl GoMove {
    /// The pass: always legal while the game goes on.
    pub const PASS: GoMove = GoMove(u16::MAX);

    /// A stone on `point`.
    #[must_use]
    pub const fn at(point: Point) -> GoMove {
        GoMove(point)
    }

    /// The point of a stone, `None` for the pass.
    #[inline]
    #[must_use]
    pub const fn point(self) -> Option<Point> {
        if self.0 == u16::MAX {
            None
        } else {
            Some(self.0)
        }
    }

    #[inline]
    #[must_use]
    pub const fn is_pass(self) -> bool {
        self.0 == u16::MAX
    }
}

/// Formats a point as `a1` … `t19`.
#[must_use]
pub fn format_point(geometry: &Geometry, point: Point) -> String {
    grid::format_index(Letters::SkipI, geometry.size, point)
}

/// Parses a point of this board: a file letter without `i` (either case) and a rank from 1.
///
/// # Errors
/// A [`NotationError`] naming the board's files and ranks.
pub fn parse_point(geometry: &Geometry, text: &str) -> Result<Point, NotationError> {
    grid::parse_index(text.trim(), Letters::SkipI, geometry.size, "point")
}

/// Formats a move: its point, or `pass`.
#[must_use]
pub fn format_move(geometry: &Geometry, mv: GoMove) -> String {
    match mv.point() {
        Some(point) => format_point(geometry, point),
        None => "pass".to_owned(),
    }
}

/// Parses a move: a point or `pass` (either case).
///
/// # Errors
/// A [`NotationError`] for text that is neither.
pub fn parse_move(geometry: &Geometry, text: &str) -> Result<GoMove, NotationError> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("pass") {
        return Ok(GoMove::PASS);
    }
    parse_point(geometry, text)
        .map(GoMove::at)
        .map_err(|error| NotationError::new(format!("{error}, or pass")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case(19, "a1", 0)]
    #[case(19, "T19", 360)]
    #[case(19, "j1", 8)]
    #[case(19, "H1", 7)]
    #[case(19, "k10", 9 * 19 + 9)]
    #[case(9, "e5", 40)]
    #[case(9, " J9 ", 80)]
    #[case(2, "b2", 3)]
    fn points_read_and_print(#[case] size: u8, #[case] text: &str, #[case] point: Point) {
        let g = Geometry::of_size(size);
        assert_eq!(parse_point(g, text), Ok(point));
        assert_eq!(format_point(g, point), text.trim().to_ascii_lowercase());
    }

    #[rstest]
    #[case(19, "i1")]
    #[case(19, "I9")]
    #[case(19, "u1")]
    #[case(19, "a20")]
    #[case(19, "a0")]
    #[case(19, "a01")]
    #[case(9, "k1")]
    #[case(9, "a10")]
    #[case(19, "")]
    #[case(19, "resign")]
    #[case(19, "passs")]
    #[case(19, "é1")]
    fn bad_moves_are_refused(#[case] size: u8, #[case] text: &str) {
        assert!(parse_move(Geometry::of_size(size), text).is_err(), "{text}");
    }

    #[test]
    fn pass_in_any_case() {
        let g = Geometry::of_size(9);
        for text in ["pass", "PASS", " Pass "] {
            assert_eq!(parse_move(g, text), Ok(GoMove::PASS));
        }
        assert_eq!(format_move(g, GoMove::PASS), "pass");
        assert_eq!(GoMove::PASS.point(), None);
        assert!(GoMove::at(0) < GoMove::PASS, "passes sort after points");
    }
}
