//! Points and their notations: ours (`e5`: file a on the left, rank 1 at the bottom, as in
//! gomoku), Botzone's `{x, y}` and the CCGC platform's two letters `XY`.
//!
//! Both platforms put the origin at the top-left corner: `x` is the column from the left, `y`
//! the row counted down from the top. So on 9x9 our `a1` is Botzone `(0, 8)` and CCGC `AI`,
//! and `a9` is `(0, 0)` and `AA`. NoGo's rules are the same under every reflection of the
//! board, so a reading mirrored by mistake would change no legality, only the transcript.

use arbiter_core::NotationError;
use arbiter_core::grid::{self, Letters};

use crate::board::{Geometry, Point};

/// Formats a point as `a1` … `k11`.
#[must_use]
pub fn format_point(geometry: &Geometry, point: Point) -> String {
    grid::format_index(Letters::Consecutive, geometry.size, point)
}

/// Parses a point: a file letter (any case) and a rank number from 1.
///
/// # Errors
/// A [`NotationError`] for text that is not a point of this board (NoGo has no pass).
pub fn parse_point(geometry: &Geometry, text: &str) -> Result<Point, NotationError> {
    let text = text.trim();
    grid::parse_index(text, Letters::Consecutive, geometry.size, "point").map_err(|error| {
        if text.eq_ignore_ascii_case("pass") {
            NotationError::new(format!("{error} (NoGo has no pass)"))
        } else {
            error
        }
    })
}

/// Botzone's `(x, y)` of a point: column from the left, row down from the top.
#[must_use]
pub fn to_xy(geometry: &Geometry, point: Point) -> (u8, u8) {
    let (column, row) = grid::coords_of(geometry.size, point);
    (column as u8, geometry.size - 1 - row as u8)
}

/// The point at Botzone's `(x, y)`, if it is on the board (`(-1, -1)`, "you move first", is
/// not).
#[must_use]
pub fn from_xy(geometry: &Geometry, x: i32, y: i32) -> Option<Point> {
    let n = i32::from(geometry.size);
    if !(0..n).contains(&x) || !(0..n).contains(&y) {
        return None;
    }
    geometry.point(x as usize, (n - 1 - y) as usize)
}

/// The CCGC platform's two letters of a point: `'A' + x`, then `'A' + y` (x and y as in
/// [`to_xy`]), e.g. `EE` for the centre of 9x9.
#[must_use]
pub fn to_ccgc(geometry: &Geometry, point: Point) -> String {
    let (x, y) = to_xy(geometry, point);
    [char::from(b'A' + x), char::from(b'A' + y)]
        .iter()
        .collect()
}

/// The point of the CCGC platform's two letters (upper or lower case).
///
/// # Errors
/// A [`NotationError`] unless the text is two letters naming a point of this board.
pub fn from_ccgc(geometry: &Geometry, text: &str) -> Result<Point, NotationError> {
    let bytes = text.trim().as_bytes();
    let bad = || {
        NotationError::new(format!(
            "`{text}` is not a CCGC point: expected two letters A-{}",
            char::from(b'A' + geometry.size - 1)
        ))
    };
    let [x, y] = bytes else {
        return Err(bad());
    };
    if !x.is_ascii_alphabetic() || !y.is_ascii_alphabetic() {
        return Err(bad());
    }
    let coordinate = |letter: u8| i32::from(letter.to_ascii_uppercase()) - i32::from(b'A');
    from_xy(geometry, coordinate(*x), coordinate(*y)).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn nine() -> &'static Geometry {
        Geometry::of_size(9)
    }

    #[rstest]
    #[case("a1", 0)]
    #[case("i1", 8)]
    #[case("a2", 9)]
    #[case("E5", 40)]
    #[case(" i9 ", 80)]
    fn parses_points(#[case] text: &str, #[case] point: Point) {
        assert_eq!(parse_point(nine(), text), Ok(point));
        assert_eq!(
            format_point(nine(), point),
            text.trim().to_ascii_lowercase()
        );
    }

    #[test]
    fn refuses_bad_points() {
        arbiter_laws::refuses_all(
            &["", "j1", "a10", "a0", "a01", "1a", "pass", "é1", "a-1"],
            |text| parse_point(nine(), text),
        );
    }

    #[test]
    fn pass_is_explained() {
        let error = parse_point(nine(), "pass").unwrap_err();
        assert!(error.message.contains("no pass"), "{error}");
    }

    #[rstest]
    // The Botzone viewer labels columns A.. from the left and rows 1.. from the top.
    #[case("a9", (0, 0), "AA")]
    #[case("a1", (0, 8), "AI")]
    #[case("i1", (8, 8), "II")]
    #[case("e5", (4, 4), "EE")]
    #[case("c7", (2, 2), "CC")]
    #[case("b3", (1, 6), "BG")]
    fn platform_coordinates(#[case] ours: &str, #[case] xy: (u8, u8), #[case] ccgc: &str) {
        let g = nine();
        let point = parse_point(g, ours).unwrap();
        assert_eq!(to_xy(g, point), xy);
        assert_eq!(from_xy(g, i32::from(xy.0), i32::from(xy.1)), Some(point));
        assert_eq!(to_ccgc(g, point), ccgc);
        assert_eq!(from_ccgc(g, ccgc), Ok(point));
        assert_eq!(from_ccgc(g, &ccgc.to_ascii_lowercase()), Ok(point));
    }

    #[rstest]
    #[case(-1, -1)]
    #[case(9, 0)]
    #[case(0, 9)]
    #[case(-1, 3)]
    fn off_board_xy(#[case] x: i32, #[case] y: i32) {
        assert_eq!(from_xy(nine(), x, y), None);
    }

    #[test]
    fn refuses_bad_ccgc() {
        arbiter_laws::refuses_all(&["", "A", "AAA", "AJ", "@A", "A1"], |text| {
            from_ccgc(nine(), text)
        });
    }
}
