//! Cells and moves as text: `a1`..`c3` (row `1` is the **top** row, as in the project's
//! Othello engine; column `a` is on the left). A move is the cell its stone goes on.

use arbiter_core::NotationError;
use arbiter_core::grid::{self, Letters};

use crate::board::Cell;

/// Reads a cell such as `b2` (case-insensitive).
///
/// # Errors
/// A [`NotationError`] unless the text is a column `a`..`c` followed by a row `1`..`3`.
pub fn parse_cell(text: &str) -> Result<Cell, NotationError> {
    let (column, row) = grid::parse_square(text.trim(), Letters::Consecutive, 3, 3, "cell")?;
    Ok(Cell::at(row, column).expect("a cell of the board"))
}

/// Writes a cell as `a1`..`c3`.
#[must_use]
pub fn format_cell(cell: Cell) -> String {
    grid::format_square(Letters::Consecutive, cell.column(), cell.row())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("a1", 0)]
    #[case("b1", 1)]
    #[case("c1", 2)]
    #[case("a2", 3)]
    #[case("B2", 4)]
    #[case("c3", 8)]
    #[case(" a3 ", 6)]
    fn reads_cells(#[case] text: &str, #[case] index: usize) {
        let cell = parse_cell(text).unwrap();
        assert_eq!(cell.index(), index);
        assert_eq!(parse_cell(&format_cell(cell)), Ok(cell));
    }

    #[test]
    fn refuses_bad_cells() {
        arbiter_laws::refuses_all(
            &["", "a", "d1", "a0", "a4", "a10", "1a", "pass", "é1"],
            parse_cell,
        );
    }
}
