//! Text forms: cells (`a1`..`c3`), the one-line position form and the board diagram.
//!
//! Row `1` is the **top** row, as in the project's Othello engine; column `a` is on the left.
//!
//! One-line form: `"x.o/.x./..o x"` — the three rows from top to bottom separated by `/`, each
//! three cells of `x`, `o` or `.` (letters in either case), a space, and the side to move
//! (`x` or `o`).
//!
//! Diagram: three rows of three cells (`X`, `O`, `.`; `-` is read as empty too), top row first,
//! spaces between cells allowed. The labels that [`diagram`] prints (a header line `a b c` and a
//! row number before each row) are accepted and skipped.

use arbiter_core::grid::{self, Grid, Labels, RowOrder};
use arbiter_core::{NotationError, Side};

use crate::board::Cell;
use crate::setup::Setup;

const COLUMNS: [char; 3] = ['a', 'b', 'c'];

/// Reads a cell such as `b2` (case-insensitive).
///
/// # Errors
/// A [`NotationError`] unless the text is a column `a`..`c` followed by a row `1`..`3`.
pub fn parse_cell(text: &str) -> Result<Cell, NotationError> {
    let expected = || NotationError::new(format!("expected a cell a1..c3, found `{text}`"));
    let mut chars = text.trim().chars();
    let (Some(column), Some(row), None) = (chars.next(), chars.next(), chars.next()) else {
        return Err(expected());
    };
    let column = COLUMNS
        .iter()
        .position(|&c| c == column.to_ascii_lowercase())
        .ok_or_else(expected)?;
    let row = match row {
        '1'..='3' => row as usize - '1' as usize,
        _ => return Err(expected()),
    };
    Cell::at(row, column).ok_or_else(expected)
}

/// Writes a cell as `a1`..`c3`.
#[must_use]
pub fn format_cell(cell: Cell) -> String {
    format!("{}{}", COLUMNS[cell.column()], cell.row() + 1)
}

/// The spec name of a side: `x` or `o`.
#[must_use]
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "x",
        Side::Second => "o",
    }
}

/// The text layout of the board: row 1 at the top.
const GRID: Grid = Grid {
    width: 3,
    height: 3,
    rows: RowOrder::TopIsOne,
    unit: "cells",
    legend: "x, o or .",
};

/// Reads one cell character of either form: `x`/`X`, `o`/`O`, `.` or `-`.
fn cell_content(c: char) -> Option<Option<Side>> {
    match c {
        'x' | 'X' => Some(Some(Side::First)),
        'o' | 'O' => Some(Some(Side::Second)),
        '.' | '-' => Some(None),
        _ => None,
    }
}

/// The setup of `cells` (a1 order) with `to_move`.
fn setup_of(cells: &[Option<Side>], to_move: Side) -> Setup {
    let mut setup = Setup {
        x: 0,
        o: 0,
        to_move,
    };
    for (index, cell) in cells.iter().enumerate() {
        let bit = Cell::at(index / 3, index % 3).map_or(0, Cell::bit);
        match cell {
            Some(Side::First) => setup.x |= bit,
            Some(Side::Second) => setup.o |= bit,
            None => {}
        }
    }
    setup
}

/// The cells (a1 order) of the stones `x` and `o`.
fn cells_of(x: u16, o: u16) -> Vec<Option<Side>> {
    Cell::ALL
        .iter()
        .map(|cell| {
            if x & cell.bit() != 0 {
                Some(Side::First)
            } else if o & cell.bit() != 0 {
                Some(Side::Second)
            } else {
                None
            }
        })
        .collect()
}

/// Reads the one-line form `"x.o/.x./..o x"`.
///
/// # Errors
/// A [`NotationError`] when the text does not have three rows of three cells and a side.
pub fn parse_position(text: &str) -> Result<Setup, NotationError> {
    let mut parts = text.split_whitespace();
    let (Some(board), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(NotationError::new(format!(
            "expected `<row1>/<row2>/<row3> <side>` such as `x.o/.x./..o x`, found `{text}`"
        )));
    };
    let to_move = parse_side(side)?;
    let cells = GRID.parse_rows(board, None, cell_content)?;
    Ok(setup_of(&cells, to_move))
}

/// Writes the one-line form of a board and side to move.
#[must_use]
pub fn format_position(x: u16, o: u16, to_move: Side) -> String {
    let rows = GRID.format_rows(&cells_of(x, o), false, '.', |cell| {
        cell.map(|side| if side == Side::First { 'x' } else { 'o' })
    });
    format!("{rows} {}", side_name(to_move))
}

/// Reads a side name `x` or `o` (case-insensitive).
fn parse_side(text: &str) -> Result<Side, NotationError> {
    grid::parse_side(text, [&["x"], &["o"]])
}

/// Reads a diagram of three rows (top row first) with `to_move`.
///
/// # Errors
/// A [`NotationError`] when there are not three rows of three known cell characters.
pub fn parse_diagram(diagram: &str, to_move: Side) -> Result<Setup, NotationError> {
    let cells = GRID.parse_diagram(diagram, None, cell_content)?;
    Ok(setup_of(&cells, to_move))
}

/// The diagram of a board, with coordinates:
///
/// ```text
///   a b c
/// 1 X . O
/// 2 . X .
/// 3 . . O
/// ```
#[must_use]
pub fn diagram(x: u16, o: u16) -> String {
    GRID.format_diagram(&cells_of(x, o), Labels::Left, 1, |cell| match cell {
        Some(Side::First) => 'X',
        Some(Side::Second) => 'O',
        None => '.',
    })
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

    #[rstest]
    #[case("")]
    #[case("a")]
    #[case("d1")]
    #[case("a0")]
    #[case("a4")]
    #[case("a10")]
    #[case("1a")]
    #[case("pass")]
    #[case("é1")]
    fn refuses_bad_cells(#[case] text: &str) {
        assert!(parse_cell(text).is_err(), "{text}");
    }

    #[rstest]
    #[case("x.o/.x./..o x", 0b000_010_001, 0b100_000_100, Side::First)]
    #[case(".../.../... x", 0, 0, Side::First)]
    #[case("X../.../... O", 1, 0, Side::Second)]
    #[case("  x--/.../...   o ", 1, 0, Side::Second)]
    fn reads_positions(#[case] text: &str, #[case] x: u16, #[case] o: u16, #[case] side: Side) {
        assert_eq!(
            parse_position(text),
            Ok(Setup {
                x,
                o,
                to_move: side
            })
        );
    }

    #[rstest]
    #[case("")]
    #[case(".../.../...")]
    #[case(".../.../... x extra")]
    #[case(".../.../... y")]
    #[case(".../... x")]
    #[case(".../.../.../... x")]
    #[case("..../.../... x")]
    #[case("../.../... x")]
    #[case("..z/.../... x")]
    #[case("........./ x")]
    fn refuses_bad_positions(#[case] text: &str) {
        assert!(parse_position(text).is_err(), "{text}");
    }

    #[test]
    fn position_round_trip() {
        let text = "x.o/.x./..o x";
        let setup = parse_position(text).unwrap();
        assert_eq!(format_position(setup.x, setup.o, setup.to_move), text);
    }

    #[rstest]
    #[case("X . O\n. X .\n. . O")]
    #[case("X.O\n.X.\n..O\n")]
    #[case("  a b c\n1 X . O\n2 . X .\n3 . . O\n")]
    #[case("\n  X . O\n  . X .\n  . . O\n\n")]
    fn reads_diagrams(#[case] text: &str) {
        assert_eq!(
            parse_diagram(text, Side::First),
            Ok(Setup {
                x: 0b000_010_001,
                o: 0b100_000_100,
                to_move: Side::First
            })
        );
    }

    #[rstest]
    #[case("")]
    #[case("X . O\n. X .")]
    #[case("X . O\n. X .\n. . O\n. . .")]
    #[case("X . O\n. X\n. . O")]
    #[case("X . O\n. X . .\n. . O")]
    #[case("X . Q\n. X .\n. . O")]
    #[case("2 X . O\n. X .\n. . O")]
    fn refuses_bad_diagrams(#[case] text: &str) {
        assert!(parse_diagram(text, Side::First).is_err(), "{text:?}");
    }

    #[test]
    fn diagram_reads_back() {
        let (x, o) = (0b000_010_001, 0b100_000_100);
        let text = diagram(x, o);
        assert_eq!(text, "  a b c\n1 X . O\n2 . X .\n3 . . O\n");
        assert_eq!(
            parse_diagram(&text, Side::Second),
            Ok(Setup {
                x,
                o,
                to_move: Side::Second
            })
        );
    }
}
