//! Raw positions: the board diagram and the one-line form (on [`arbiter_core::grid`]), parsed
//! into an [`AmazonsSetup`], and its validation into an [`Amazons`].
//!
//! Diagram: one text row per board row, top row (highest rank) first; `W` a white amazon, `B` a
//! black amazon, `x` (or `X`, `#`) an arrow, `.` (or `-`) an empty square; spaces between cells
//! are ignored. One-line form: the same rows joined by `/`, where a number stands for that many
//! empty squares, then a space and the side to move (`white`/`black`, or `w`/`b`), e.g. the 10x10
//! start `3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 white`.

use arbiter_core::grid::{self, Grid, Labels, RowOrder};
use arbiter_core::{Game, NotationError, PositionText, SetupProblem, Side};

use crate::rules::Amazons;
use crate::variant::AmazonsVariant;

/// One square of a raw position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Amazon(Side),
    Arrow,
}

/// A position as written, not yet validated: `cells[rank * size + file]`, a1 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmazonsSetup {
    pub size: u8,
    pub cells: Vec<Cell>,
    pub to_move: Side,
}

impl Cell {
    fn from_char(c: char) -> Option<Cell> {
        match c {
            '.' | '-' => Some(Cell::Empty),
            'W' | 'w' => Some(Cell::Amazon(Side::First)),
            'B' | 'b' => Some(Cell::Amazon(Side::Second)),
            'x' | 'X' | '#' => Some(Cell::Arrow),
            _ => None,
        }
    }

    /// The diagram character.
    #[must_use]
    pub fn to_char(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Amazon(Side::First) => 'W',
            Cell::Amazon(Side::Second) => 'B',
            Cell::Arrow => 'x',
        }
    }
}

/// The text layout of a `size` x `size` board: rank 1 at the bottom.
pub(crate) const fn grid(size: u8) -> Grid {
    Grid::square(
        size as usize,
        RowOrder::BottomIsOne,
        "squares",
        "W, B, x or .",
    )
}

/// The side names of the one-line form: `white`/`w` or `black`/`b`, any case.
const SIDES: [&[&str]; 2] = [&["white", "w"], &["black", "b"]];

impl Amazons {
    /// The raw setup of this position.
    #[must_use]
    pub fn to_setup(&self) -> AmazonsSetup {
        let cells = (0..self.geometry.squares)
            .map(|square| {
                let bit = 1u128 << square;
                if self.amazons[0] & bit != 0 {
                    Cell::Amazon(Side::First)
                } else if self.amazons[1] & bit != 0 {
                    Cell::Amazon(Side::Second)
                } else if self.arrows & bit != 0 {
                    Cell::Arrow
                } else {
                    Cell::Empty
                }
            })
            .collect();
        AmazonsSetup {
            size: self.geometry.size,
            cells,
            to_move: self.to_move,
        }
    }
}

impl PositionText<Amazons> for AmazonsSetup {
    /// Parses the one-line form (`3B2B3/10/…/3W2W3 white`) of the variant's board.
    ///
    /// # Errors
    /// A [`NotationError`] when the rows, their lengths, a character or the side are wrong.
    fn parse_position(variant: &AmazonsVariant, text: &str) -> Result<AmazonsSetup, NotationError> {
        let size = variant.size();
        let Some((rows, side)) = grid::board_and_side(text) else {
            return Err(NotationError::new(format!(
                "`{text}` is not an Amazons position: expected `<rows separated by /> <white|black>`"
            )));
        };
        let to_move = grid::parse_side(side, SIDES)?;
        let cells = grid(size).parse_rows(rows, Cell::Empty, Cell::from_char)?;
        Ok(AmazonsSetup {
            size,
            cells,
            to_move,
        })
    }

    /// Parses a board diagram of the variant's board.
    ///
    /// # Errors
    /// A [`NotationError`] on a wrong number of rows or cells, or an unknown character.
    fn parse_diagram(
        variant: &AmazonsVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<AmazonsSetup, NotationError> {
        let size = variant.size();
        let cells = grid(size).parse_diagram(diagram, Cell::from_char)?;
        Ok(AmazonsSetup {
            size,
            cells,
            to_move,
        })
    }

    /// The one-line form of the position, empty runs as numbers.
    fn format_position(game: &Amazons) -> String {
        let setup = &game.to_setup();
        let rows = grid(setup.size).format_rows(&setup.cells, true, '.', |cell| {
            (cell != Cell::Empty).then(|| cell.to_char())
        });
        format!("{rows} {}", Amazons::side_name(setup.to_move))
    }

    /// The diagram of the position: rows top first, cells separated by spaces.
    fn diagram(game: &Amazons) -> String {
        let setup = &game.to_setup();
        grid(setup.size).format_diagram(&setup.cells, Labels::None, 0, Cell::to_char)
    }

    /// Validates a raw setup: the board size must be the variant's, and each side needs one to
    /// four amazons (the rules give four and never remove one; fewer are allowed for studies).
    ///
    /// # Errors
    /// Every problem found.
    fn validate(&self, variant: &AmazonsVariant) -> Result<Amazons, Vec<SetupProblem>> {
        let (variant, setup) = (*variant, self);
        let size = variant.size();
        SetupProblem::check_square_board(
            usize::from(setup.size),
            setup.cells.len(),
            usize::from(size),
            variant,
        )?;
        let mut amazons = [0u128; 2];
        let mut arrows = 0u128;
        for (square, cell) in setup.cells.iter().enumerate() {
            match cell {
                Cell::Empty => {}
                Cell::Amazon(side) => amazons[side.index()] |= 1 << square,
                Cell::Arrow => arrows |= 1 << square,
            }
        }
        let mut problems = Vec::new();
        for side in [Side::First, Side::Second] {
            let count = amazons[side.index()].count_ones();
            if !(1..=4).contains(&count) {
                problems.push(SetupProblem::new(
                    "piece-count",
                    format!(
                        "{} has {count} amazons: expected 1 to 4",
                        Amazons::side_name(side)
                    ),
                ));
            }
        }
        SetupProblem::validated(problems, || {
            Amazons::from_sets(variant, amazons, arrows, setup.to_move)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START_10: &str = "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 white";

    #[test]
    fn the_start_line_reads_back() {
        let setup = AmazonsSetup::parse_position(&AmazonsVariant::Standard, START_10).unwrap();
        assert_eq!(setup.cells[3], Cell::Amazon(Side::First)); // d1
        assert_eq!(setup.cells[6 * 10], Cell::Amazon(Side::Second)); // a7
        assert_eq!(
            AmazonsSetup::format_position(&setup.validate(&AmazonsVariant::Standard).unwrap()),
            START_10
        );
    }

    #[test]
    fn bad_lines_are_refused() {
        arbiter_laws::refuses_all(
            &[
                "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3",
                "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 red",
                "3B2B3/10/10/B8B/10/10/W8W/10/10 white",
                "3B2B4/10/10/B8B/10/10/W8W/10/10/3W2W3 white",
                "3B2B2/10/10/B8B/10/10/W8W/10/10/3W2W3 white",
                "3B2B3/11/10/B8B/10/10/W8W/10/10/3W2W3 white",
                "3B2Q3/10/10/B8B/10/10/W8W/10/10/3W2W3 white",
                "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 white extra",
                "99999999999999999999/10/10/B8B/10/10/W8W/10/10/3W2W3 white",
            ],
            |text| AmazonsSetup::parse_position(&AmazonsVariant::Standard, text),
        );
    }

    #[test]
    fn diagram_round_trips_with_spaces_or_without() {
        let setup = AmazonsSetup::parse_position(
            &AmazonsVariant::Botzone8,
            "2B2B2/B6B/8/8/8/W6W/8/2W1xW2 black",
        )
        .unwrap();
        let diagram = AmazonsSetup::diagram(&setup.validate(&AmazonsVariant::Botzone8).unwrap());
        for text in [diagram.clone(), diagram.replace(' ', "")] {
            let read = AmazonsSetup::parse_diagram(&AmazonsVariant::Botzone8, &text, Side::Second);
            assert_eq!(read.as_ref(), Ok(&setup), "{text}");
        }
    }

    #[test]
    fn bad_diagrams_are_refused() {
        arbiter_laws::refuses_all(
            &[
                "........\n........",
                "........\n........\n........\n........\n........\n........\n........\n.......",
                "........\n........\n........\n........\n........\n........\n........\n.......Q",
                "........\n........\n........\n........\n........\n........\n........\n.........",
            ],
            |text| AmazonsSetup::parse_diagram(&AmazonsVariant::Botzone8, text, Side::First),
        );
    }
}
