//! Moves and points in text, as ICCS writes them (xqbase.com, 中国象棋电脑应用规范(二)：着法表示):
//! a point is a file letter `a`-`i` (from red's left) and a rank digit `0`-`9` (from red's
//! back rank), a move the two points of its start and end. UCCI sends the short form `h2e2`;
//! the original ICCS form `H2-E2` (upper case, a hyphen) is read too.

use arbiter_core::NotationError;
use arbiter_core::grid::Letters;

use crate::board::{FILES, Move, POINTS, Point, RANKS, at, file_of, rank_of};

/// Formats a point as `a0` … `i9`.
#[must_use]
pub fn format_point(p: Point) -> String {
    if usize::from(p) >= POINTS {
        return format!("?{p}");
    }
    // Ranks count from 0 here (ICCS), so core's `format_square` (ranks from 1) does not fit;
    // the file letters are core's.
    format!("{}{}", Letters::Consecutive.letter(file_of(p)), rank_of(p))
}

/// Parses a point `a0` … `i9` (the file letter in either case).
///
/// # Errors
/// A [`NotationError`] for anything else.
pub fn parse_point(text: &str) -> Result<Point, NotationError> {
    let bad = || {
        NotationError::new(format!(
            "`{text}` is not a point: expected a file a-i and a rank 0-9"
        ))
    };
    let &[file, rank] = text.as_bytes() else {
        return Err(bad());
    };
    let file = Letters::Consecutive
        .column(char::from(file))
        .ok_or_else(bad)?;
    let rank = usize::from(rank.wrapping_sub(b'0'));
    if file < FILES && rank < RANKS {
        Ok(at(file, rank))
    } else {
        Err(bad())
    }
}

/// Formats a move in UCCI's form, `h2e2`.
#[must_use]
pub fn format_move(mv: Move) -> String {
    format!("{}{}", format_point(mv.from), format_point(mv.to))
}

/// Parses `h2e2` or ICCS's `H2-E2`. Legality is not checked here.
///
/// # Errors
/// A [`NotationError`] when the text is not of these forms.
pub fn parse_move(text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    let form = || {
        NotationError::new(format!(
            "`{text}` is not a xiangqi move: expected ICCS like h2e2 (file a-i, rank 0-9) or H2-E2"
        ))
    };
    if !text.is_ascii() {
        return Err(form());
    }
    let (from, to) = match text.len() {
        4 => text.split_at(2),
        5 if text.as_bytes()[2] == b'-' => (&text[..2], &text[3..]),
        _ => return Err(form()),
    };
    Ok(Move {
        from: parse_point(from)?,
        to: parse_point(to)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("h2e2", "h2", "e2")]
    #[case("H2-E2", "h2", "e2")]
    #[case(" a0a1 ", "a0", "a1")]
    #[case("i9i0", "i9", "i0")]
    #[case("b0C2", "b0", "c2")]
    fn parses(#[case] text: &str, #[case] from: &str, #[case] to: &str) {
        let mv = parse_move(text).unwrap();
        assert_eq!(
            mv,
            Move {
                from: parse_point(from).unwrap(),
                to: parse_point(to).unwrap()
            }
        );
        assert_eq!(parse_move(&format_move(mv)), Ok(mv));
    }

    #[test]
    fn refuses() {
        arbiter_laws::refuses_all(
            &[
                "",
                "h2",
                "h2e",
                "j2e2",
                "h2e10",
                "h2+e2",
                "h2 e2",
                "h2e2e",
                "h-2e2",
                "炮二平五",
                "h2é2",
            ],
            parse_move,
        );
    }

    #[test]
    fn points_are_rank_major_from_a0() {
        assert_eq!(parse_point("a0"), Ok(0));
        assert_eq!(parse_point("i0"), Ok(8));
        assert_eq!(parse_point("a1"), Ok(9));
        assert_eq!(parse_point("i9"), Ok(89));
        assert_eq!(format_point(89), "i9");
    }
}
