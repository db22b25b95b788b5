//! Moves as text, PDN style: squares `1`–`50`, a step `32-28`, a capture `19x28` from its
//! start to its end square.
//!
//! A capture is one move whatever path it takes: two capture paths with the same start, end
//! and captured pieces are the same move (the pieces come off together at the end). When two
//! legal captures share the start and end squares but take different pieces, `19x28` does
//! not say which: arbiter then writes the whole path of landing squares, `19x10x28` (every
//! square the piece lands on, in order), and reads such a path back by the pieces it jumps.
//! `19x28` alone, when several captures fit, reads as an [`Form::Ambiguous`] move that
//! [`crate::Draughts::check_move`] refuses with the code `ambiguous`.

use arbiter_core::NotationError;

use crate::board::{DIRECTIONS, Form, Move, SQUARE_COUNT, shift, square};
use crate::rules::Draughts;

/// A square number `1`–`50` as its index.
///
/// # Errors
/// A [`NotationError`] for anything else.
pub fn parse_square(text: &str) -> Result<u8, NotationError> {
    text.parse::<u8>()
        .ok()
        .filter(|n| (1..=SQUARE_COUNT as u8).contains(n) && !text.starts_with('+'))
        .map(|n| n - 1)
        .ok_or_else(|| NotationError::new(format!("`{text}` is not a square: expected 1-50")))
}

/// The squares a written capture path runs through (start, landings…, end), or a step's two.
struct Written {
    squares: Vec<u8>,
    capture: bool,
}

fn split(text: &str) -> Result<Written, NotationError> {
    let form = || {
        NotationError::new(format!(
            "`{text}` is not a draughts move: expected a step `32-28` or a capture `19x28` \
             (or its path `19x10x28`), squares 1-50"
        ))
    };
    let capture = text.contains(['x', 'X', ':']);
    let parts: Vec<&str> = if capture {
        text.split(['x', 'X', ':']).collect()
    } else {
        text.split('-').collect()
    };
    if parts.len() < 2 || (!capture && parts.len() != 2) {
        return Err(form());
    }
    let squares = parts
        .iter()
        .map(|part| parse_square(part).map_err(|_| form()))
        .collect::<Result<Vec<u8>, _>>()?;
    Ok(Written { squares, capture })
}

/// The pieces a path of landing squares jumps, if each leg runs along one diagonal over
/// exactly one occupied square (the mover's own start counted empty).
fn jumped(game: &Draughts, path: &[u8]) -> Option<u64> {
    let start = square(usize::from(path[0]));
    let occupied = game.occupied() & !start;
    let mut captured = 0;
    for leg in path.windows(2) {
        let (from, to) = (square(usize::from(leg[0])), square(usize::from(leg[1])));
        let direction = DIRECTIONS.into_iter().find(|&direction| {
            let mut at = shift(from, direction);
            while at != 0 && at != to {
                at = shift(at, direction);
            }
            at == to
        })?;
        let (mut between, mut at) = (0, shift(from, direction));
        while at != to {
            between |= at & occupied;
            at = shift(at, direction);
        }
        if between.count_ones() != 1 {
            return None;
        }
        captured |= between;
    }
    Some(captured)
}

/// Parses a move in `game`'s position: a step, a capture by its start and end (resolved to
/// the one legal capture that fits, or marked ambiguous or unresolved), or a capture path.
///
/// # Errors
/// A [`NotationError`] when the text is not a move's form at all.
pub fn parse_move(game: &Draughts, text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    let written = split(text)?;
    let (from, to) = (
        written.squares[0],
        written.squares[written.squares.len() - 1],
    );
    if !written.capture {
        return Ok(Move::step(from, to));
    }
    if written.squares.len() > 2 {
        return Ok(match jumped(game, &written.squares) {
            Some(captured) => Move {
                from,
                to,
                captured,
                form: Form::Played,
            },
            None => Move {
                from,
                to,
                captured: 0,
                form: Form::Unresolved,
            },
        });
    }
    let fitting: Vec<Move> = game
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.captured != 0 && mv.from == from && mv.to == to)
        .collect();
    Ok(match fitting.as_slice() {
        [one] => *one,
        [] => Move {
            from,
            to,
            captured: 0,
            form: Form::Unresolved,
        },
        _ => Move {
            from,
            to,
            captured: 0,
            form: Form::Ambiguous,
        },
    })
}

/// Writes `mv` in `game`'s position: `32-28`, `19x28`, or the full path `19x10x28` when
/// another legal capture has the same start and end.
#[must_use]
pub fn format_move(game: &Draughts, mv: Move) -> String {
    let number = |i: u8| u32::from(i) + 1;
    if !mv.is_capture() {
        return format!("{}-{}", number(mv.from), number(mv.to));
    }
    let shared = mv.form == Form::Played
        && game.legal_moves().iter().any(|other| {
            other.from == mv.from
                && other.to == mv.to
                && other.captured != mv.captured
                && other.captured != 0
        });
    if shared && let Some(path) = game.capture_path(mv) {
        return path
            .iter()
            .map(|&i| number(i).to_string())
            .collect::<Vec<_>>()
            .join("x");
    }
    format!("{}x{}", number(mv.from), number(mv.to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("1", 0)]
    #[case("50", 49)]
    #[case("28", 27)]
    fn squares(#[case] text: &str, #[case] index: u8) {
        assert_eq!(parse_square(text), Ok(index));
    }

    #[test]
    fn not_squares() {
        arbiter_laws::refuses_all(&["0", "51", "", "+5", "a1", "-3"], parse_square);
    }

    #[rstest]
    #[case("32-28", &[31, 27], false)]
    #[case("19x28", &[18, 27], true)]
    #[case("19X28", &[18, 27], true)]
    #[case("19:28", &[18, 27], true)]
    #[case("19x10x28", &[18, 9, 27], true)]
    fn forms(#[case] text: &str, #[case] squares: &[u8], #[case] capture: bool) {
        let written = split(text).unwrap();
        assert_eq!(
            (written.squares.as_slice(), written.capture),
            (squares, capture)
        );
    }

    #[test]
    fn refuses() {
        arbiter_laws::refuses_all(
            &[
                "32", "32-", "32-28-23", "32--28", "x28", "32x", "32 28", "51-46", "32-28x",
            ],
            split,
        );
    }
}
