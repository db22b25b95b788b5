//! Raw positions: the board diagram and the one-line form (on [`arbiter_core::grid`]), parsed
//! into a [`NoGoSetup`], and its validation into a [`NoGo`].
//!
//! Diagram: one text row per board row, top row (highest rank) first; `X` a black stone, `O`
//! a white stone, `.` (or `+`, `-`) an empty point; spaces between cells are ignored. One-line
//! form: the same rows joined by `/`, a number standing for that many empty points, then a
//! space and the side to move (`black`/`white`, or `b`/`w`), e.g. `9/9/9/9/4X4/9/9/9/9 white`.

use arbiter_core::grid::{self, Grid, Labels, RowOrder, Stones};
use arbiter_core::{Bits, Game, NotationError, PositionText, SetupProblem, Side};

use crate::rules::NoGo;
use crate::variant::NoGoVariant;

/// A position as written, not yet validated: `cells[row * size + column]`, a1 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoGoSetup {
    pub size: u8,
    pub cells: Vec<Option<Side>>,
    pub to_move: Side,
}

/// The board of `size` as text.
pub(crate) const fn grid(size: u8) -> Grid {
    Grid::square(size as usize, RowOrder::BottomIsOne, "points", "X, O or .")
}

/// The stones' letters (either case) and the empty cell's characters.
const STONES: Stones = Stones::new('X', 'O', ".+-");

/// Reads the side to move: `black`/`b` or `white`/`w`, any case.
///
/// # Errors
/// A [`NotationError`] for anything else.
pub fn parse_side(text: &str) -> Result<Side, NotationError> {
    grid::parse_side(text, [&["black", "b"], &["white", "w"]])
}

impl NoGo {
    /// The raw setup of this position.
    #[must_use]
    pub fn to_setup(&self) -> NoGoSetup {
        let cells = (0..self.geometry.points)
            .map(|point| self.stone_at(point))
            .collect();
        NoGoSetup {
            size: self.geometry.size,
            cells,
            to_move: self.to_move,
        }
    }
}

impl PositionText<NoGo> for NoGoSetup {
    /// Parses the one-line form of the variant's board.
    ///
    /// # Errors
    /// A [`NotationError`] when the rows, their lengths, a character or the side are wrong.
    fn parse_position(variant: &NoGoVariant, text: &str) -> Result<NoGoSetup, NotationError> {
        let Some((board, side)) = grid::board_and_side(text) else {
            return Err(NotationError::new(format!(
                "`{text}` is not a NoGo position: expected `<rows separated by /> <black|white>`"
            )));
        };
        let to_move = parse_side(side)?;
        let cells = grid(variant.size).parse_rows(board, None, |c| STONES.read(c))?;
        Ok(NoGoSetup {
            size: variant.size,
            cells,
            to_move,
        })
    }

    /// Parses a diagram of the variant's board.
    ///
    /// # Errors
    /// A [`NotationError`] on a wrong number of rows or cells, or an unknown character.
    fn parse_diagram(variant: &NoGoVariant, rows: &str, side: Side) -> Result<Self, NotationError> {
        let cells = grid(variant.size).parse_diagram(rows, |c| STONES.read(c))?;
        Ok(NoGoSetup {
            size: variant.size,
            cells,
            to_move: side,
        })
    }

    /// The one-line form of the position, empty runs as numbers.
    fn format_position(game: &NoGo) -> String {
        let setup = &game.to_setup();
        let rows = grid(setup.size).format_rows(&setup.cells, true, '.', |cell| {
            cell.map(|side| STONES.write(Some(side)))
        });
        format!("{rows} {}", NoGo::side_name(setup.to_move))
    }

    /// The diagram of the position: rows top first, cells separated by spaces.
    fn diagram(game: &NoGo) -> String {
        let setup = &game.to_setup();
        grid(setup.size).format_diagram(&setup.cells, Labels::None, 1, |cell| STONES.write(cell))
    }

    /// Validates a raw setup. Problems (with their codes): a board of another size
    /// (`board-size`); a group without liberties (`no-liberty`: no NoGo game reaches one, since
    /// such a stone is a foul); stone counts that alternation from an empty board cannot give
    /// (`piece-count`), or that say the other side moves (`side-to-move`): black has as many
    /// stones as white with black to move, one more with white to move.
    ///
    /// # Errors
    /// Every problem found.
    fn validate(&self, variant: &NoGoVariant) -> Result<NoGo, Vec<SetupProblem>> {
        let (size, expected) = (usize::from(self.size), usize::from(variant.size));
        SetupProblem::check_square_board(size, self.cells.len(), expected, variant)?;
        let mut stones = [0u128; 2];
        for (point, cell) in self.cells.iter().enumerate() {
            if let Some(side) = cell {
                stones[side.index()] |= 1 << point;
            }
        }
        let position = NoGo::from_stones(*variant, stones, self.to_move);
        let mut problems = Vec::new();
        for side in [Side::First, Side::Second] {
            for (group, liberties) in position.groups(side) {
                if liberties == 0 {
                    // A group is named by its lowest stone.
                    let at = Bits(group).next().expect("a group has a stone");
                    problems.push(SetupProblem::new(
                        "no-liberty",
                        format!(
                            "the {} group at {} has no liberty: NoGo never leaves a group without one",
                            NoGo::side_name(side),
                            position.format_move(at)
                        ),
                    ));
                }
            }
        }
        let (black, white) = (stones[0].count_ones(), stones[1].count_ones());
        let expected_mover = match black.checked_sub(white) {
            Some(0) => Some(Side::First),
            Some(1) => Some(Side::Second),
            _ => None,
        };
        match expected_mover {
            None => problems.push(SetupProblem::new(
                "piece-count",
                format!(
                    "black has {black} stones and white {white}: black moves first and the \
                     sides alternate, so black has as many stones as white or one more"
                ),
            )),
            Some(mover) if mover != self.to_move => problems.push(SetupProblem::new(
                "side-to-move",
                format!(
                    "black has {black} stones and white {white}, so {} is to move, not {}",
                    NoGo::side_name(mover),
                    NoGo::side_name(self.to_move)
                ),
            )),
            Some(_) => {}
        }
        SetupProblem::validated(problems, || position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sized(size: u8) -> NoGoVariant {
        NoGoVariant {
            size,
            ..NoGoVariant::default()
        }
    }

    /// The position `setup` validates into on its own board size.
    fn position(setup: &NoGoSetup) -> NoGo {
        setup.validate(&sized(setup.size)).unwrap()
    }

    #[test]
    fn a_line_reads_back() {
        let text = "9/9/9/9/4X4/3O5/9/9/X8 white";
        let setup = NoGoSetup::parse_position(&sized(9), text).unwrap();
        assert_eq!(setup.cells[0], Some(Side::First)); // a1
        assert_eq!(setup.cells[4 * 9 + 4], Some(Side::First)); // e5
        assert_eq!(setup.cells[3 * 9 + 3], Some(Side::Second)); // d4
        assert_eq!(NoGoSetup::format_position(&position(&setup)), text);
    }

    #[test]
    fn bad_lines_are_refused() {
        arbiter_laws::refuses_all(
            &[
                "9/9/9/9/9/9/9/9/9",
                "9/9/9/9/9/9/9/9/9 red",
                "9/9/9/9/9/9/9/9 black",
                "10/9/9/9/9/9/9/9/9 black",
                "8/9/9/9/9/9/9/9/9 black",
                "4Q4/9/9/9/9/9/9/9/9 black",
                "9/9/9/9/9/9/9/9/9 black extra",
                "99999999999999999999/9/9/9/9/9/9/9/9 black",
                "XXXXXXXXXX/9/9/9/9/9/9/9/9 black",
            ],
            |text| NoGoSetup::parse_position(&sized(9), text),
        );
    }

    #[test]
    fn diagram_round_trips_with_spaces_or_without() {
        let setup = NoGoSetup::parse_position(&sized(5), "5/1X3/2O2/5/X3O black").unwrap();
        let diagram = NoGoSetup::diagram(&position(&setup));
        assert_eq!(
            NoGoSetup::parse_diagram(&sized(5), &diagram, Side::First),
            Ok(setup.clone())
        );
        let compact = diagram.replace(' ', "");
        assert_eq!(
            NoGoSetup::parse_diagram(&sized(5), &compact, Side::First),
            Ok(setup)
        );
    }

    #[test]
    fn bad_diagrams_are_refused() {
        arbiter_laws::refuses_all(
            &[
                ".....\n.....",
                ".....\n.....\n.....\n.....\n....",
                ".....\n.....\n.....\n.....\n....Q",
                ".....\n.....\n.....\n.....\n......",
            ],
            |text| NoGoSetup::parse_diagram(&sized(5), text, Side::First),
        );
    }
}
