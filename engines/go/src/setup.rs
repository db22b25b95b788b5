//! Raw positions: the board diagram and the one-line form, parsed into a [`GoSetup`] that
//! [`PositionText::validate`] (so [`crate::Go`]'s `from_setup`) validates.
//!
//! Diagram: one text row per board row, top row (highest rank) first; `X` a black stone, `O`
//! a white stone, `.` (or `+`) an empty point, as GNU Go's `showboard` draws them; spaces
//! between cells are ignored, and so are row numbers and a line of file letters. One-line
//! form: the rows joined by `/`, a number standing for that many empty points, then a space
//! and the side to move (`black`/`b` or `white`/`w`), e.g. `9/9/9/9/4X4/9/9/9/9 white`.
//!
//! A set-up position has no history: no ko ban and no earlier position for a superko rule,
//! and no prisoners. A case that needs them plays the moves (`moves:` after the board).

use arbiter_core::grid::{self, Grid, Labels, RowOrder};
use arbiter_core::{Game, NotationError, PositionText, SetupProblem, Side};

use crate::notation;
use crate::rules::Go;
use crate::variant::GoVariant;

/// A position as written, not yet validated: `cells[row * size + column]`, a1 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoSetup {
    pub size: u8,
    pub cells: Vec<Option<Side>>,
    pub to_move: Side,
}

/// The characters of a point: the first of each is the one written.
const CELLS: [(Option<Side>, &str); 3] = [
    (None, ".+"),
    (Some(Side::First), "Xx"),
    (Some(Side::Second), "Oo"),
];

fn read_cell(c: char) -> Option<Option<Side>> {
    CELLS
        .iter()
        .find(|(_, chars)| chars.contains(c))
        .map(|&(cell, _)| cell)
}

fn cell_char(cell: Option<Side>) -> char {
    CELLS
        .iter()
        .find(|(stone, _)| *stone == cell)
        .and_then(|(_, chars)| chars.chars().next())
        .unwrap_or('.')
}

/// The text layout of a `size` x `size` board: rank 1 at the bottom (the picture's too).
pub(crate) const fn board(size: u8) -> Grid {
    Grid {
        width: size as usize,
        height: size as usize,
        rows: RowOrder::BottomIsOne,
        unit: "points",
        legend: "X, O or .",
    }
}

impl GoSetup {
    /// The raw setup of `cells` (a1 first) on the variant's board, `to_move` to play.
    fn on(variant: &GoVariant, cells: Vec<Option<Side>>, to_move: Side) -> GoSetup {
        GoSetup {
            size: variant.size,
            cells,
            to_move,
        }
    }
}

/// The side names of the one-line form: `black`/`b` or `white`/`w`, any case.
const SIDES: [&[&str]; 2] = [&["black", "b"], &["white", "w"]];

/// Reads the side to move: `black`/`b` or `white`/`w`, any case.
///
/// # Errors
/// A [`NotationError`] for anything else.
pub fn parse_side(text: &str) -> Result<Side, NotationError> {
    grid::parse_side(text, SIDES)
}

impl PositionText<Go> for GoSetup {
    /// Parses the one-line form of the variant's board.
    ///
    /// # Errors
    /// A [`NotationError`] when the rows, their lengths, a character or the side are wrong.
    fn parse_position(variant: &GoVariant, text: &str) -> Result<GoSetup, NotationError> {
        let (cells, to_move) = board(variant.size).parse_line(text, None, read_cell, SIDES)?;
        Ok(GoSetup::on(variant, cells, to_move))
    }

    /// Parses a diagram of the variant's board.
    ///
    /// # Errors
    /// A [`NotationError`] on a wrong number of rows or cells, or an unknown character.
    fn parse_diagram(variant: &GoVariant, rows: &str, side: Side) -> Result<Self, NotationError> {
        let cells = board(variant.size).parse_diagram(rows, read_cell)?;
        Ok(GoSetup::on(variant, cells, side))
    }

    /// Formats the cells (a1 first) as the one-line form, empty runs as numbers.
    fn format_position(game: &Go) -> String {
        let (size, cells, to_move) = (game.geometry().size, game.cells(), game.to_move());
        let side = SIDES[to_move.index()][0];
        board(size).format_line(cells, true, '.', |cell| cell.map(|_| cell_char(cell)), side)
    }

    /// Formats the cells (a1 first) as a diagram: rows top first, cells separated by spaces.
    fn diagram(game: &Go) -> String {
        let (size, cells) = (game.geometry().size, game.cells());
        board(size).format_diagram(cells, Labels::None, 0, cell_char)
    }

    /// Validates a raw setup. Problems (with their codes): a board of another size
    /// (`board-size`); a group without liberties (`no-liberty`: no move leaves one on the
    /// board). Any other board is reachable (with passes) and either side may be to move.
    ///
    /// # Errors
    /// Every problem found.
    fn validate(&self, variant: &GoVariant) -> Result<Go, Vec<SetupProblem>> {
        let (variant, setup) = (*variant, self);
        SetupProblem::check_square_board(
            usize::from(setup.size),
            setup.cells.len(),
            usize::from(variant.size),
            variant,
        )?;
        let go = Go::from_cells(variant, &setup.cells, setup.to_move);
        let problems: Vec<SetupProblem> = go
            .groups_without_liberty()
            .into_iter()
            .map(|(side, point)| {
                SetupProblem::new(
                    "no-liberty",
                    format!(
                        "the {} group at {} has no liberty: a move removes such a group",
                        Go::side_name(side),
                        notation::format_point(go.geometry(), point)
                    ),
                )
            })
            .collect();
        SetupProblem::validated(problems, || go)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sized(size: u8) -> GoVariant {
        format!("chinese@{size}").parse().unwrap()
    }

    #[test]
    fn a_line_reads_back() {
        let text = "9/9/9/9/4X4/2O6/9/9/8X white";
        let setup = GoSetup::parse_position(&sized(9), text).unwrap();
        let black = [8, 4 * 9 + 4].map(|i| setup.cells[i]);
        assert_eq!(black, [Some(Side::First); 2], "j1 and e5");
        assert_eq!(setup.cells[3 * 9 + 2], Some(Side::Second), "c4");
        assert_eq!(
            GoSetup::format_position(&setup.validate(&sized(setup.size)).unwrap()),
            text
        );
        let nineteen = "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/18O w";
        let setup = GoSetup::parse_position(&sized(19), nineteen).unwrap();
        assert_eq!(setup.cells[18], Some(Side::Second));
    }

    #[test]
    fn malformed_lines_say_what_is_wrong() {
        let wrong = [
            ("9/9/9/9/9/9/9/9/9", "is not a position"),
            ("9/9/9/9/9/9/9/9/9 red", "not a side"),
            ("9/9/9/9/9/9/9/9 black", "8 rows"),
            ("10/9/9/9/9/9/9/9/9 black", "longer than 9 points"),
            ("4Q4/9/9/9/9/9/9/9/9 black", "unknown character `Q`"),
            ("9/9/9/9/9/9/9/9/9 black extra", "is not a position"),
            (
                "99999999999999999999/9/9/9/9/9/9/9/9 black",
                "longer than 9 points",
            ),
        ];
        arbiter_laws::refuses_saying(&wrong, |text| GoSetup::parse_position(&sized(9), text));
    }

    #[test]
    fn diagrams_take_plus_signs_and_no_spaces() {
        let setup = GoSetup::parse_position(&sized(5), "5/1X3/2O2/5/X3O white").unwrap();
        let spaced = GoSetup::diagram(&setup.validate(&sized(setup.size)).unwrap());
        let compact: String = spaced
            .chars()
            .filter(|c| *c != ' ')
            .map(|c| if c == '.' { '+' } else { c })
            .collect();
        for text in [spaced.as_str(), compact.as_str()] {
            assert_eq!(
                GoSetup::parse_diagram(&sized(5), text, Side::Second).as_ref(),
                Ok(&setup)
            );
        }
    }
}
