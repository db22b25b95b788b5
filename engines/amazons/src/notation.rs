//! Moves and their notations: algebraic `d1-d7/g7` (from-to/arrow, a1 bottom-left) and
//! Botzone's six numbers `x0 y0 x1 y1 x2 y2` (x right, y down, origin top-left).

use arbiter_core::NotationError;
use arbiter_core::grid::{self, Letters};

use crate::board::{Geometry, Square};

/// One Amazons turn: the queen move `from` → `to`, then the arrow shot from `to` onto `arrow`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub arrow: Square,
}

/// Formats a square as `a1` … `j10`.
#[must_use]
pub fn format_square(geometry: &Geometry, square: Square) -> String {
    grid::format_index(Letters::Consecutive, geometry.size, square)
}

/// Parses a square: a file letter (case-insensitive) and a rank number from 1.
///
/// # Errors
/// A [`NotationError`] for text that is not a square of this board.
pub fn parse_square(geometry: &Geometry, text: &str) -> Result<Square, NotationError> {
    grid::parse_index(text, Letters::Consecutive, geometry.size, "square")
}

/// Formats a move as `from-to/arrow`, e.g. `d1-d7/g7`.
#[must_use]
pub fn format_move(geometry: &Geometry, mv: Move) -> String {
    format!(
        "{}-{}/{}",
        format_square(geometry, mv.from),
        format_square(geometry, mv.to),
        format_square(geometry, mv.arrow)
    )
}

/// Parses `from-to/arrow` (e.g. `d1-d7/g7`). Legality is not checked here.
///
/// # Errors
/// A [`NotationError`] when the text is not of that form or names a square off the board.
pub fn parse_move(geometry: &Geometry, text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    let form = || {
        NotationError::new(format!(
            "`{text}` is not an Amazons move: expected from-to/arrow, e.g. d1-d7/g7"
        ))
    };
    let (from, rest) = text.split_once('-').ok_or_else(form)?;
    let (to, arrow) = rest.split_once('/').ok_or_else(form)?;
    Ok(Move {
        from: parse_square(geometry, from)?,
        to: parse_square(geometry, to)?,
        arrow: parse_square(geometry, arrow)?,
    })
}

/// The Botzone coordinates `[x0, y0, x1, y1, x2, y2]` of a move (x = file, y = rows from the top).
#[must_use]
pub fn to_botzone(geometry: &Geometry, mv: Move) -> [u8; 6] {
    let n = geometry.size;
    let mut out = [0; 6];
    for (i, square) in [mv.from, mv.to, mv.arrow].into_iter().enumerate() {
        let (file, rank) = grid::coords_of(n, square);
        out[2 * i] = file as u8;
        out[2 * i + 1] = n - 1 - rank as u8;
    }
    out
}

/// A move from Botzone coordinates `[x0, y0, x1, y1, x2, y2]`. Legality is not checked here.
///
/// # Errors
/// A [`NotationError`] when a coordinate is off the board (Botzone's all `-1` "you move first"
/// request is not a move).
pub fn from_botzone(geometry: &Geometry, coords: [i32; 6]) -> Result<Move, NotationError> {
    let n = i32::from(geometry.size);
    let mut squares = [0; 3];
    for (i, square) in squares.iter_mut().enumerate() {
        let (x, y) = (coords[2 * i], coords[2 * i + 1]);
        if !(0..n).contains(&x) || !(0..n).contains(&y) {
            return Err(NotationError::new(format!(
                "botzone point ({x}, {y}) is off the {n}x{n} board"
            )));
        }
        *square = (n - 1 - y) as u8 * geometry.size + x as u8;
    }
    Ok(Move {
        from: squares[0],
        to: squares[1],
        arrow: squares[2],
    })
}

/// Formats a move as Botzone's simplified-I/O line `x0 y0 x1 y1 x2 y2` (for the tests: the
/// framework's protocol codecs read and write the coordinates themselves).
#[cfg(test)]
#[must_use]
pub(crate) fn format_botzone(geometry: &Geometry, mv: Move) -> String {
    to_botzone(geometry, mv).map(|c| c.to_string()).join(" ")
}

/// Parses Botzone's simplified-I/O line `x0 y0 x1 y1 x2 y2` (whitespace separated; for the
/// tests, as [`format_botzone`]).
///
/// # Errors
/// A [`NotationError`] unless the text is six integers naming points on the board.
#[cfg(test)]
pub(crate) fn parse_botzone(geometry: &Geometry, text: &str) -> Result<Move, NotationError> {
    let numbers: Vec<i32> = text
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| {
            NotationError::new(format!("`{text}` is not six integers x0 y0 x1 y1 x2 y2"))
        })?;
    let coords: [i32; 6] = numbers.try_into().map_err(|_| {
        NotationError::new(format!("`{text}` is not six integers x0 y0 x1 y1 x2 y2"))
    })?;
    from_botzone(geometry, coords)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn ten() -> &'static Geometry {
        Geometry::of_size(10)
    }

    #[rstest]
    #[case("d1-d7/g7", (3, 0), (3, 6), (6, 6))]
    #[case("a1-a10/j1", (0, 0), (0, 9), (9, 0))]
    #[case("J10-A10/a1", (9, 9), (0, 9), (0, 0))]
    #[case(" g1-g2/g1 ", (6, 0), (6, 1), (6, 0))]
    fn parses_good_moves(
        #[case] text: &str,
        #[case] from: (usize, usize),
        #[case] to: (usize, usize),
        #[case] arrow: (usize, usize),
    ) {
        let g = ten();
        let sq = |(f, r)| g.square(f, r).unwrap();
        assert_eq!(
            parse_move(g, text),
            Ok(Move {
                from: sq(from),
                to: sq(to),
                arrow: sq(arrow)
            })
        );
    }

    #[test]
    fn refuses_bad_moves() {
        arbiter_laws::refuses_all(
            &[
                "",
                "d1d7g7",
                "d1-d7",
                "d1-d7/",
                "d1-d7/g7/h8",
                "k1-d7/g7",
                "d0-d7/g7",
                "d11-d7/g7",
                "d01-d7/g7",
                "d1-d7/g-7",
                "1d-d7/g7",
                "é1-d7/g7",
            ],
            |text| parse_move(ten(), text),
        );
    }

    #[test]
    fn eight_by_eight_has_no_file_i_or_rank_9() {
        let g = Geometry::of_size(8);
        assert!(parse_move(g, "h8-h1/a1").is_ok());
        assert!(parse_move(g, "i1-h1/a1").is_err());
        assert!(parse_move(g, "a9-h1/a1").is_err());
    }

    #[test]
    fn format_round_trips() {
        let g = ten();
        for text in ["d1-d7/g7", "j10-a10/a1", "g1-g2/g1"] {
            assert_eq!(format_move(g, parse_move(g, text).unwrap()), text);
        }
    }

    #[rstest]
    // Botzone black (top) amazon at (2,0) = c8 moves to (2,3) = c5 and shoots (2,0) back at c8.
    #[case("2 0 2 3 2 0", "c8-c5/c8")]
    #[case("0 5 0 7 7 0", "a3-a1/h8")]
    fn botzone_coordinates(#[case] botzone: &str, #[case] algebraic: &str) {
        let g = Geometry::of_size(8);
        let mv = parse_botzone(g, botzone).unwrap();
        assert_eq!(format_move(g, mv), algebraic);
        assert_eq!(format_botzone(g, mv), botzone);
    }

    #[test]
    fn botzone_refuses() {
        arbiter_laws::refuses_all(
            &[
                "-1 -1 -1 -1 -1 -1",
                "0 0 0 1 0",
                "0 0 0 1 0 2 3",
                "0 0 0 8 0 2",
                "a b c d e f",
            ],
            |text| parse_botzone(Geometry::of_size(8), text),
        );
    }
}
