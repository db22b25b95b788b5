//! Move notation: squares `a1`-`e5` (file a on the left, rank 1 at the top, where red
//! starts), steps `b2-c3`, rolls `roll-4` and layouts `layout-123456`.

use arbiter_core::NotationError;

use crate::board::{EinSteinMove, Layout};
use crate::board::{SIZE, Square};

const EXPECTED: &str =
    "expected a step such as b2-c3, a roll such as roll-4 or a layout such as layout-123456";

/// `a1` … `e5`.
#[must_use]
pub fn format_square(square: Square) -> String {
    let file = char::from(b"abcde"[square.column()]);
    format!("{file}{}", square.row() + 1)
}

/// Reads a square, `a1` to `e5` (either case).
///
/// # Errors
/// A [`NotationError`] saying what was expected.
pub fn parse_square(text: &str) -> Result<Square, NotationError> {
    let bytes = text.as_bytes();
    let off = || NotationError::new(format!("`{text}` is not a square: expected a1 to e5"));
    let [file, rank] = bytes else {
        return Err(off());
    };
    let column = usize::from(file.to_ascii_lowercase().wrapping_sub(b'a'));
    let row = usize::from(rank.wrapping_sub(b'1'));
    if column >= SIZE || row >= SIZE {
        return Err(off());
    }
    Square::at(row, column).ok_or_else(off)
}

/// Reads a move in any of its three forms.
///
/// # Errors
/// A [`NotationError`] naming the forms.
pub fn parse_move(text: &str) -> Result<EinSteinMove, NotationError> {
    let trimmed = text.trim();
    let lower = trimmed.to_ascii_lowercase();
    if let Some(number) = lower.strip_prefix("roll-") {
        return match number.parse::<u8>() {
            Ok(die @ 1..=6) => Ok(EinSteinMove::Roll(die)),
            _ => Err(NotationError::new(format!(
                "`{trimmed}` is not a roll: a die shows 1 to 6 (roll-1 to roll-6)"
            ))),
        };
    }
    if let Some(digits) = lower.strip_prefix("layout-") {
        let numbers: Vec<u8> = digits.bytes().map(|b| b.wrapping_sub(b'0')).collect();
        let layout = <[u8; 6]>::try_from(numbers)
            .ok()
            .and_then(Layout::from_numbers);
        return layout.map(EinSteinMove::Layout).ok_or_else(|| {
            NotationError::new(format!(
                "`{trimmed}` is not a layout: expected the numbers 1 to 6, each once, on the \
                 start cells in reading order (layout-123456)"
            ))
        });
    }
    let Some((from, to)) = lower.split_once('-') else {
        return Err(NotationError::new(format!("`{trimmed}`: {EXPECTED}")));
    };
    let squares = parse_square(from).and_then(|from| Ok((from, parse_square(to)?)));
    squares
        .map(|(from, to)| EinSteinMove::Step { from, to })
        .map_err(|error| NotationError::new(format!("`{trimmed}`: {error}; {EXPECTED}")))
}

/// The canonical text of a move, which [`parse_move`] reads back.
#[must_use]
pub fn format_move(mv: EinSteinMove) -> String {
    match mv {
        EinSteinMove::Layout(layout) => {
            let digits: String = layout
                .numbers()
                .iter()
                .map(|&n| char::from(b'0' + n))
                .collect();
            format!("layout-{digits}")
        }
        EinSteinMove::Roll(die) => format!("roll-{die}"),
        EinSteinMove::Step { from, to } => {
            format!("{}-{}", format_square(from), format_square(to))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("b2-c3")]
    #[case("e5-d4")]
    #[case("roll-1")]
    #[case("roll-6")]
    #[case("layout-123456")]
    #[case("layout-615243")]
    fn moves_round_trip(#[case] text: &str) {
        assert_eq!(format_move(parse_move(text).unwrap()), text);
    }

    #[rstest]
    #[case("B2-C3", "b2-c3")]
    #[case(" Roll-3 ", "roll-3")]
    fn other_spellings_read(#[case] text: &str, #[case] canonical: &str) {
        assert_eq!(format_move(parse_move(text).unwrap()), canonical);
    }

    #[test]
    fn bad_moves_say_what_was_expected() {
        arbiter_laws::refuses_saying(
            &[
                ("roll-0", "a die shows 1 to 6"),
                ("roll-7", "a die shows 1 to 6"),
                ("layout-123455", "each once"),
                ("layout-12345", "each once"),
                ("f1-e2", "not a square"),
                ("a0-b1", "not a square"),
                ("pass", "expected a step"),
            ],
            parse_move,
        );
    }

    #[test]
    fn squares_are_read_from_the_top_left() {
        assert_eq!(parse_square("a1").unwrap().index(), 0);
        assert_eq!(parse_square("e1").unwrap().index(), 4);
        assert_eq!(parse_square("a2").unwrap().index(), 5);
        assert_eq!(parse_square("e5").unwrap().index(), 24);
    }
}
