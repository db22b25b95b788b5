//! Raw positions: the board diagram and the one-line form (on [`arbiter_core::grid`]), parsed
//! into a [`SurakartaSetup`], and its validation into a [`Surakarta`].
//!
//! Diagram: six rows, rank 6 first; `R` a red piece (the first player, home ranks 1-2), `B` a
//! black piece, `.` (or `-`) an empty point; spaces between cells are ignored. One-line form:
//! the rows joined by `/`, a number standing for that many empty points, then the side to move
//! (`red`/`black` or `r`/`b`) and, optionally, the number of plies since the last capture
//! (default 0), e.g. the start `BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red 0`.

use arbiter_core::grid::{self, Grid, Labels, RowOrder, Stones};
use arbiter_core::{Game, NotationError, PositionText, SetupProblem, Side};

use crate::board::{POINTS, SIZE};
use crate::rules::{PIECES, Surakarta};
use crate::variant::SurakartaVariant;

/// A position as written, not yet validated: `cells[rank * 6 + file]`, a1 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SurakartaSetup {
    pub cells: Vec<Option<Side>>,
    pub to_move: Side,
    /// Plies played since the last capture (for the no-capture limit).
    pub no_capture_plies: u32,
}

/// The text layout of the board: rank 1 at the bottom.
pub(crate) const GRID: Grid = Grid::square(SIZE, RowOrder::BottomIsOne, "points", "R, B or .");

/// The stones' letters (either case) and the empty cell's characters.
const STONES: Stones = Stones::new('R', 'B', ".-");

/// The side names of the one-line form: `red`/`r` or `black`/`b`, any case.
const SIDES: [&[&str]; 2] = [&["red", "r"], &["black", "b"]];

impl Surakarta {
    /// The raw setup of this position (its history is not part of it).
    #[must_use]
    pub fn to_setup(&self) -> SurakartaSetup {
        let cells = (0..POINTS)
            .map(|p| {
                [Side::First, Side::Second]
                    .into_iter()
                    .find(|side| self.pieces[side.index()] & (1 << p) != 0)
            })
            .collect();
        SurakartaSetup {
            cells,
            to_move: self.to_move,
            no_capture_plies: self.no_capture_plies,
        }
    }
}

impl PositionText<Surakarta> for SurakartaSetup {
    /// Parses the one-line form `BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red 0`.
    ///
    /// # Errors
    /// A [`NotationError`] when the rows, a character, the side or the ply count are wrong.
    fn parse_position(_: &SurakartaVariant, text: &str) -> Result<SurakartaSetup, NotationError> {
        let parts: Vec<&str> = text.split_whitespace().collect();
        let (rows, side, plies) = match parts.as_slice() {
            [rows, side] => (*rows, *side, None),
            [rows, side, plies] => (*rows, *side, Some(*plies)),
            _ => {
                return Err(NotationError::new(format!(
                    "`{text}` is not a Surakarta position: expected `<rows separated by /> <red|black> [plies since capture]`"
                )));
            }
        };
        let to_move = grid::parse_side(side, SIDES)?;
        let no_capture_plies = match plies {
            None => 0,
            Some(plies) => plies.parse().map_err(|_| {
                NotationError::new(format!(
                    "`{plies}` is not a number of plies since the last capture"
                ))
            })?,
        };
        Ok(SurakartaSetup {
            cells: GRID.parse_rows(rows, None, |c| STONES.read(c))?,
            to_move,
            no_capture_plies,
        })
    }

    /// Parses a six-row diagram.
    ///
    /// # Errors
    /// A [`NotationError`] on a wrong number of rows or cells, or an unknown character.
    fn parse_diagram(
        _: &SurakartaVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<SurakartaSetup, NotationError> {
        Ok(SurakartaSetup {
            cells: GRID.parse_diagram(diagram, |c| STONES.read(c))?,
            to_move,
            no_capture_plies: 0,
        })
    }

    /// The one-line form of the position.
    fn format_position(game: &Surakarta) -> String {
        let setup = &game.to_setup();
        let rows = GRID.format_rows(&setup.cells, true, '.', |cell| {
            cell.map(|_| STONES.write(cell))
        });
        format!(
            "{rows} {} {}",
            Surakarta::side_name(setup.to_move),
            setup.no_capture_plies
        )
    }

    /// Formats the cells (a1 first) as a diagram: rank 6 first, cells separated by spaces.
    fn diagram(game: &Surakarta) -> String {
        let cells = &game.to_setup().cells;
        GRID.format_diagram(cells, Labels::None, 0, |cell| STONES.write(cell))
    }

    /// Validates a raw setup: at most 12 pieces a side, and at least one piece on the board.
    /// The position starts a fresh history (earlier positions are unknown).
    ///
    /// # Errors
    /// Every problem found.
    fn validate(&self, variant: &SurakartaVariant) -> Result<Surakarta, Vec<SetupProblem>> {
        let (variant, setup) = (*variant, self);
        if setup.cells.len() != POINTS {
            return Err(vec![SetupProblem::new(
                "board-size",
                format!(
                    "the board has {} points: expected {POINTS}",
                    setup.cells.len()
                ),
            )]);
        }
        let mut pieces = [0u64; 2];
        for (p, cell) in setup.cells.iter().enumerate() {
            if let Some(side) = cell {
                pieces[side.index()] |= 1 << p;
            }
        }
        let mut problems = Vec::new();
        for side in [Side::First, Side::Second] {
            let count = pieces[side.index()].count_ones();
            if count > PIECES {
                problems.push(SetupProblem::new(
                    "piece-count",
                    format!(
                        "{} has {count} pieces: at most {PIECES}",
                        Surakarta::side_name(side)
                    ),
                ));
            }
        }
        if pieces[0] | pieces[1] == 0 {
            problems.push(SetupProblem::new("piece-count", "the board is empty"));
        }
        SetupProblem::validated(problems, || {
            Surakarta::from_parts(variant, pieces, setup.to_move, setup.no_capture_plies)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_laws::Fixture;
    use rstest::rstest;

    #[test]
    fn the_start_reads_back() {
        let text = "BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red 0";
        let setup = Surakarta::setup_of(text).unwrap();
        assert_eq!(setup.cells[0], Some(Side::First));
        assert_eq!(setup.cells[35], Some(Side::Second));
        let game = Surakarta::from_setup(&SurakartaVariant::default(), &setup).unwrap();
        assert_eq!(SurakartaSetup::format_position(&game), text);
        let diagram = SurakartaSetup::diagram(&game);
        assert_eq!(
            Surakarta::setup_of_diagram(&diagram, Side::First),
            Ok(setup)
        );
    }

    #[rstest]
    #[case("BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red", Side::First, 0)]
    #[case("6/6/2R3/6/3b2/6 b 17", Side::Second, 17)]
    fn good_lines(#[case] text: &str, #[case] to_move: Side, #[case] plies: u32) {
        let setup = Surakarta::setup_of(text).unwrap();
        assert_eq!((setup.to_move, setup.no_capture_plies), (to_move, plies));
    }

    #[test]
    fn bad_lines() {
        arbiter_laws::refuses_all(
            &[
                "BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR",
                "BBBBBB/BBBBBB/6/6/RRRRRR red",
                "BBBBBB/BBBBBB/6/6/RRRRRR/RRRRR red",
                "BBBBBB/BBBBBB/7/6/RRRRRR/RRRRRR red",
                "BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRRR red",
                "BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRX red",
                "BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR green",
                "BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red -1",
                "BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red 1 2",
                "BBBBBB/BBBBBB/33/6/RRRRRR/RRRRRR red",
            ],
            Surakarta::setup_of,
        );
    }

    #[test]
    fn bad_diagrams() {
        arbiter_laws::refuses_all(
            &[
                "......\n......",
                "......\n......\n......\n......\n......\n.....",
                "......\n......\n......\n......\n......\n.....X",
            ],
            |text| Surakarta::setup_of_diagram(text, Side::First),
        );
    }
}
