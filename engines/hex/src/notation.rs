//! Moves as text: a cell `a1` … `s19` (column letter, then row number from the top, as HexGUI,
//! Benzene and PlayHex write them; no letter skipped, `i` included), or the swap.
//!
//! The swap is written `swap-pieces` (HexGUI, PlayHex, MoHex's HTP); `swap` (LittleGolem's
//! HSGF, which HexGUI also reads) and `swap-sides` are read as the same move. What the move
//! does is the variant's business ([`crate::SwapRule`]). A cell of the largest board (19 x 19)
//! always parses, so that `l1` on 11 x 11 is a move the rules refuse as `off-board` rather
//! than text that is no move; `resign` is no move of the game (a protocol ends the game on it).

use arbiter_core::NotationError;
use arbiter_core::grid::{self, Letters};

use crate::board::{Cell, HexMove};
use crate::variant::MAX_SIZE;

/// The swap as written.
pub const SWAP: &str = "swap-pieces";

/// Reads a cell name: a column letter `a`-`s` (either case) and a row number `1`-`19`.
///
/// # Errors
/// A [`NotationError`] naming the range of letters and numbers.
pub fn parse_cell(text: &str) -> Result<Cell, NotationError> {
    let max = usize::from(MAX_SIZE);
    let (column, row) = grid::parse_square(text.trim(), Letters::Consecutive, max, max, "cell")?;
    // Both are below 19.
    Ok(Cell::new(column as u8, row as u8))
}

/// Writes a cell name, `a1`.
#[must_use]
pub fn format_cell(cell: Cell) -> String {
    grid::format_square(
        Letters::Consecutive,
        usize::from(cell.column),
        usize::from(cell.row),
    )
}

/// Reads a move: a cell or the swap.
///
/// # Errors
/// A [`NotationError`] saying what a move looks like (and that resigning is not one).
pub fn parse_move(text: &str) -> Result<HexMove, NotationError> {
    let trimmed = text.trim();
    let lower = trimmed.to_ascii_lowercase();
    match lower.as_str() {
        SWAP | "swap" | "swap-sides" => return Ok(HexMove::Swap),
        "resign" => {
            return Err(NotationError::new(
                "`resign` is not a move of the game: a protocol ends the game on it",
            ));
        }
        _ => {}
    }
    parse_cell(trimmed).map(HexMove::Stone).map_err(|error| {
        NotationError::new(format!(
            "{}, or the swap `{SWAP}`",
            error.message.trim_end_matches('.')
        ))
    })
}

/// Writes a move: `a1` or `swap-pieces`.
#[must_use]
pub fn format_move(mv: HexMove) -> String {
    match mv {
        HexMove::Stone(cell) => format_cell(cell),
        HexMove::Swap => SWAP.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("a1", 0, 0)]
    #[case("K11", 10, 10)]
    #[case(" i9 ", 8, 8)]
    #[case("s19", 18, 18)]
    #[case("l1", 11, 0)]
    fn cells(#[case] text: &str, #[case] column: u8, #[case] row: u8) {
        let cell = Cell::new(column, row);
        assert_eq!(parse_move(text), Ok(HexMove::Stone(cell)));
        assert_eq!(
            format_move(HexMove::Stone(cell)),
            text.trim().to_lowercase()
        );
    }

    #[rstest]
    #[case("swap-pieces")]
    #[case("SWAP")]
    #[case("swap-sides")]
    fn the_swap(#[case] text: &str) {
        assert_eq!(parse_move(text), Ok(HexMove::Swap));
        assert_eq!(format_move(HexMove::Swap), "swap-pieces");
    }

    #[test]
    fn refuses() {
        let square = "expected a file a-s and a rank 1-19";
        arbiter_laws::refuses_saying(
            &[
                ("", square),
                ("t1", square),
                ("a20", square),
                ("a0", square),
                ("a01", square),
                ("pass", "or the swap `swap-pieces`"),
                ("resign", "not a move of the game"),
            ],
            parse_move,
        );
    }
}
