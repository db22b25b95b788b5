//! Moves and points in text: `b2-b3` a step, `b2xe5` a capture (file a-f from the left, rank
//! 1-6 from the bottom, the first player's home ranks 1-2).

use arbiter_core::NotationError;
use arbiter_core::grid::{self, Letters};

use crate::board::{Point, SIZE};

/// One turn: a piece moves from `from` to `to`, a one-point step or a capture along a circuit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    pub from: Point,
    pub to: Point,
    /// A capture along a circuit (the enemy piece on `to` is removed), not a step.
    pub capture: bool,
}

/// Formats a point as `a1` … `f6`.
#[must_use]
pub fn format_point(p: Point) -> String {
    grid::format_index(Letters::Consecutive, SIZE, p)
}

/// Parses a point `a1` … `f6` (file letter in either case).
///
/// # Errors
/// A [`NotationError`] for anything else.
pub fn parse_point(text: &str) -> Result<Point, NotationError> {
    grid::parse_index(text, Letters::Consecutive, SIZE, "point")
}

/// Formats a move: `b2-b3` for a step, `b2xe5` for a capture.
#[must_use]
pub fn format_move(mv: Move) -> String {
    format!(
        "{}{}{}",
        format_point(mv.from),
        if mv.capture { 'x' } else { '-' },
        format_point(mv.to)
    )
}

/// Parses `b2-b3` (a step) or `b2xe5` (a capture); `b2e5` without a separator (minizero's
/// form) is a capture exactly when `enemy_on(to)` says the target holds an enemy piece.
/// Legality is not checked here.
///
/// # Errors
/// A [`NotationError`] when the text is not of these forms.
pub fn parse_move(text: &str, enemy_on: impl Fn(Point) -> bool) -> Result<Move, NotationError> {
    let text = text.trim();
    let form = || {
        NotationError::new(format!(
            "`{text}` is not a Surakarta move: expected a step b2-b3 or a capture b2xe5"
        ))
    };
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return Err(form());
    }
    let from = parse_point(&text[..2])?;
    let (separator, to) = text[2..].split_at(text.len() - 4);
    let to = parse_point(to)?;
    let capture = match separator {
        "-" => false,
        "x" | "X" => true,
        "" => enemy_on(to),
        _ => return Err(form()),
    };
    Ok(Move { from, to, capture })
}

/// Whether two points are a king step apart.
#[must_use]
pub fn adjacent(a: Point, b: Point) -> bool {
    let ((fa, ra), (fb, rb)) = (grid::coords_of(SIZE, a), grid::coords_of(SIZE, b));
    a != b && fa.abs_diff(fb) <= 1 && ra.abs_diff(rb) <= 1
}

// Points are two characters (one letter, one digit) because the board is 6x6.
const _: () = assert!(SIZE <= 9);

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("b2-b3", "b2", "b3", false)]
    #[case("b2xe5", "b2", "e5", true)]
    #[case("B2XE5", "b2", "e5", true)]
    #[case(" f6-e5 ", "f6", "e5", false)]
    #[case("a1a2", "a1", "a2", false)]
    #[case("a1f6", "a1", "f6", true)]
    fn parses(#[case] text: &str, #[case] from: &str, #[case] to: &str, #[case] capture: bool) {
        // In this table f6 holds an enemy piece and nothing else does.
        let f6 = parse_point("f6").unwrap();
        let mv = parse_move(text, |p| p == f6).unwrap();
        assert_eq!(
            mv,
            Move {
                from: parse_point(from).unwrap(),
                to: parse_point(to).unwrap(),
                capture
            }
        );
    }

    #[test]
    fn refuses() {
        arbiter_laws::refuses_all(
            &[
                "", "b2", "b2-", "b2+b3", "b2--b3", "g2-b3", "b7-b3", "b0-b3", "b2-b3x", "b2xé5",
                "b2 b3",
            ],
            |text| parse_move(text, |_| false),
        );
    }

    #[test]
    fn round_trips() {
        for text in ["a1-b2", "c3xd4", "f6-f5"] {
            assert_eq!(format_move(parse_move(text, |_| false).unwrap()), text);
        }
    }
}
