//! Raw positions: the one-line form and the diagram, read into a [`HexSetup`] on
//! `arbiter_core::grid`, and their validation into a [`Hex`] position with every problem.
//!
//! Cells: `B` (or `X`) a black stone, `W` (or `O`) a white one, `.` (or `-`, `+`) empty; either
//! case. Rows are written top row (row 1) first, as HexGUI and Benzene draw the board.
//!
//! One-line form: the rows joined by `/`, a number standing for that many empty cells, then
//! the colour to move (`black`/`b` or `white`/`w`), then, under `swap-sides` once the swap was
//! taken, the word `swapped` (the players have exchanged colours: the first player owns the
//! white stones). Example, 5 x 5 after black c3: `5/5/2B2/5/5 white`.
//!
//! Diagram: the rows of cells, top row first, spaces between cells optional, each row may be
//! indented (the rhombus as [`Hex::diagram`](arbiter_core::Game::diagram) prints it) and
//! carry its number; a line of column letters is skipped. The side to move comes apart.
//!
//! Validation ([`PositionText::validate`]) refuses what no game reaches, naming every problem: stone
//! counts that do not alternate from black's first stone (`piece-count`, `side-to-move`; after
//! a `swap-mirror` swap white has the extra stone), a `swapped` mark without the `swap-sides`
//! rule or before any stone (`swap-rule`), a move after the game ended (`moved-after-end`), a
//! connection that was complete before the winner's last stone (`unreachable`). Both colours
//! joined at once cannot be drawn: the two chains would cross.

use arbiter_core::grid::{Grid, Labels, RowOrder};
use arbiter_core::{NotationError, PositionText, SetupProblem, Side};

use crate::board::{Cell, Colour, Edge, neighbours};
use crate::rules::Hex;
use crate::variant::{HexVariant, SwapRule};

/// A position as written, not yet validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexSetup {
    pub size: u8,
    /// The cells in a1 order (`row * size + column`, row 1 first).
    pub cells: Vec<Option<Colour>>,
    /// The colour the next stone has.
    pub to_move: Colour,
    /// `swap-sides` was taken: the first player owns white.
    pub swapped: bool,
}

/// The text layout of an n x n board: row 1 at the top.
#[must_use]
pub const fn grid(size: u8) -> Grid {
    Grid {
        width: size as usize,
        height: size as usize,
        rows: RowOrder::TopIsOne,
        unit: "cells",
        legend: "B, W or .",
    }
}

fn read_cell(c: char) -> Option<Option<Colour>> {
    match c {
        '.' | '-' | '+' => Some(None),
        'B' | 'b' | 'X' | 'x' => Some(Some(Colour::Black)),
        'W' | 'w' | 'O' | 'o' => Some(Some(Colour::White)),
        _ => None,
    }
}

fn write_cell(cell: Option<Colour>) -> char {
    match cell {
        None => '.',
        Some(Colour::Black) => 'B',
        Some(Colour::White) => 'W',
    }
}

/// Reads a colour: `black`/`b` or `white`/`w`, any case.
///
/// # Errors
/// A [`NotationError`] for anything else.
pub fn parse_colour(text: &str) -> Result<Colour, NotationError> {
    arbiter_core::grid::parse_side(text, [&["black", "b"], &["white", "w"]]).map(
        |side| match side {
            Side::First => Colour::Black,
            Side::Second => Colour::White,
        },
    )
}

impl PositionText<Hex> for HexSetup {
    /// Reads the one-line form of an n x n board.
    ///
    /// # Errors
    /// A [`NotationError`] when the rows, a character, the colour or the trailing word are wrong.
    fn parse_position(variant: &HexVariant, text: &str) -> Result<HexSetup, NotationError> {
        let parts: Vec<&str> = text.split_whitespace().collect();
        let (rows, colour, swapped) = match parts.as_slice() {
            [rows, colour] => (*rows, *colour, false),
            [rows, colour, "swapped"] => (*rows, *colour, true),
            _ => {
                return Err(NotationError::new(format!(
                    "`{text}` is not a hex position: expected `<rows separated by /> <black|white>` \
                     and, after a swap-sides swap, `swapped`"
                )));
            }
        };
        let cells = grid(variant.size).parse_rows(rows, None, read_cell)?;
        Ok(HexSetup {
            size: variant.size,
            cells,
            to_move: parse_colour(colour)?,
            swapped,
        })
    }

    /// Reads a diagram of an n x n board; the player `to_move` places the next stone (the
    /// diagram cannot say that the players exchanged colours: the one-line form can).
    ///
    /// # Errors
    /// A [`NotationError`] on a wrong number of rows or cells, or an unknown character.
    fn parse_diagram(variant: &HexVariant, rows: &str, side: Side) -> Result<Self, NotationError> {
        let cells = grid(variant.size).parse_diagram(rows, read_cell)?;
        Ok(HexSetup {
            size: variant.size,
            cells,
            to_move: match side {
                Side::First => Colour::Black,
                Side::Second => Colour::White,
            },
            swapped: false,
        })
    }

    /// Writes the one-line form.
    fn format_position(game: &Hex) -> String {
        let setup = &game.to_setup();
        let rows = grid(setup.size).format_rows(&setup.cells, true, '.', |cell| {
            cell.map(|colour| write_cell(Some(colour)))
        });
        let swapped = if setup.swapped { " swapped" } else { "" };
        format!("{rows} {}{swapped}", setup.to_move.name())
    }

    /// Writes the diagram: column letters, then each row with its number, indented one space
    /// more than the row above, as the rhombus is drawn.
    fn diagram(game: &Hex) -> String {
        let setup = &game.to_setup();
        let width = if setup.size >= 10 { 2 } else { 1 };
        let text = grid(setup.size).format_diagram(&setup.cells, Labels::Left, width, write_cell);
        text.lines()
            .enumerate()
            .map(|(k, line)| {
                // Line 0 holds the column letters; row k (1 to n) is indented k - 1 spaces.
                format!("{}{line}", " ".repeat(k.saturating_sub(1)))
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Validates a setup into a position under `variant`.
    ///
    /// # Errors
    /// Every problem found (see the module docs for the codes).
    fn validate(&self, variant: &HexVariant) -> Result<Hex, Vec<SetupProblem>> {
        let setup = self;
        if setup.size != variant.size || setup.cells.len() != variant.cells() {
            return Err(vec![SetupProblem::new(
                "board-size",
                format!(
                    "the board has {} cells: the {variant} board has {}",
                    setup.cells.len(),
                    variant.cells()
                ),
            )]);
        }
        let (black, white) = (setup.stones(Colour::Black), setup.stones(Colour::White));
        let problems = [
            turn_order_problem(setup, variant, black, white),
            swap_problem(setup, variant, black),
            ending_problem(setup),
        ]
        .into_iter()
        .flatten()
        .collect();
        SetupProblem::validated(problems, || {
            Hex::from_cells(*variant, &setup.cells, setup.to_move, setup.swapped)
        })
    }
}

impl HexSetup {
    /// How many stones of `colour` stand on the board.
    fn stones(&self, colour: Colour) -> usize {
        self.cells
            .iter()
            .filter(|&&cell| cell == Some(colour))
            .count()
    }
}

/// The problem, if any, with `black` and `white` stones and the side to move: `side-to-move`
/// when the other colour's turn fits the counts, else `piece-count`.
fn turn_order_problem(
    setup: &HexSetup,
    variant: &HexVariant,
    black: usize,
    white: usize,
) -> Option<SetupProblem> {
    let mirror = variant.swap == SwapRule::Mirror;
    // The stones alternate from black's first; after a swap-mirror swap white owns the first
    // stone (mirrored) and black moves next, so white is one stone ahead.
    let fits = |to_move: Colour| match to_move {
        Colour::Black => black == white || (mirror && white == black + 1),
        Colour::White => black == white + 1 || (mirror && black == white && black >= 1),
    };
    if fits(setup.to_move) {
        return None;
    }
    let other = setup.to_move.opposite();
    Some(if fits(other) {
        SetupProblem::new(
            "side-to-move",
            format!(
                "black has {black} stones and white {white}, so {} is to move, not {}",
                other.name(),
                setup.to_move.name()
            ),
        )
    } else {
        SetupProblem::new(
            "piece-count",
            format!(
                "black has {black} stones and white {white}: no game of {variant} reaches that"
            ),
        )
    })
}

/// The problem, if any, with a `swapped` mark: a rule without the swap, or no stone yet.
fn swap_problem(setup: &HexSetup, variant: &HexVariant, black: usize) -> Option<SetupProblem> {
    if setup.swapped && variant.swap != SwapRule::Sides {
        Some(SetupProblem::new(
            "swap-rule",
            format!("the position says the players swapped sides, which {variant} does not allow"),
        ))
    } else if setup.swapped && black == 0 {
        Some(SetupProblem::new(
            "swap-rule",
            "the position says the players swapped sides before the first stone",
        ))
    } else {
        None
    }
}

/// The problem, if any, with a connection on the board: the winner is to move
/// (`moved-after-end`), or the connection stands without any one of its stones, so it was
/// complete before the last (`unreachable`).
fn ending_problem(setup: &HexSetup) -> Option<SetupProblem> {
    // Both colours never join their edges at once: a black chain from top to bottom and a
    // white chain from left to right would cross (the Hex theorem), so one check per colour.
    let winner = [Colour::Black, Colour::White]
        .into_iter()
        .find(|&colour| joins(setup, colour, None))?;
    if setup.to_move == winner {
        Some(SetupProblem::new(
            "moved-after-end",
            format!(
                "{} joins its edges, so the game ended before {} moved",
                winner.name(),
                winner.opposite().name()
            ),
        ))
    } else if !(0..setup.cells.len())
        .any(|index| setup.cells[index] == Some(winner) && !joins(setup, winner, Some(index)))
    {
        Some(SetupProblem::new(
            "unreachable",
            format!(
                "{} joined its edges before its last stone: no stone of its chain can be the last",
                winner.name()
            ),
        ))
    } else {
        None
    }
}

/// Whether `colour`'s stones (without the one on `without`) join its two edges: a search
/// from the stones on the first edge.
pub(crate) fn joins(setup: &HexSetup, colour: Colour, without: Option<usize>) -> bool {
    let size = setup.size;
    let [from, to] = Edge::of(colour);
    let own = |index: usize| setup.cells[index] == Some(colour) && Some(index) != without;
    let mut seen = vec![false; setup.cells.len()];
    let mut stack: Vec<usize> = (0..setup.cells.len())
        .filter(|&index| own(index) && from.touches(Cell::from_index(index, size), size))
        .collect();
    for &index in &stack {
        seen[index] = true;
    }
    while let Some(index) = stack.pop() {
        if to.touches(Cell::from_index(index, size), size) {
            return true;
        }
        for next in neighbours(size, index) {
            if !seen[next] && own(next) {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sized(size: u8) -> HexVariant {
        HexVariant::new(size, SwapRule::Sides)
    }

    /// The position `setup` validates into on its own board size.
    fn position(setup: &HexSetup) -> Hex {
        setup.validate(&sized(setup.size)).unwrap()
    }

    #[test]
    fn a_line_reads_back() {
        let text = "5/1B3/2W2/5/B4 white";
        let setup = HexSetup::parse_position(&sized(5), text).unwrap();
        assert_eq!(setup.cells[0], None); // a1
        assert_eq!(setup.cells[5 + 1], Some(Colour::Black)); // b2
        assert_eq!(setup.cells[2 * 5 + 2], Some(Colour::White)); // c3
        assert_eq!(setup.cells[4 * 5], Some(Colour::Black)); // a5
        assert_eq!(HexSetup::format_position(&position(&setup)), text);
        let swapped = HexSetup::parse_position(&sized(5), "5/5/2B2/5/5 w swapped").unwrap();
        assert!(swapped.swapped);
        assert_eq!(
            HexSetup::format_position(&position(&swapped)),
            "5/5/2B2/5/5 white swapped"
        );
    }

    #[test]
    fn bad_lines_are_refused() {
        arbiter_laws::refuses_all(
            &[
                "5/5/5/5/5",
                "5/5/5/5/5 red",
                "5/5/5/5 black",
                "6/5/5/5/5 black",
                "5/5/5/5/Q4 black",
                "5/5/5/5/5 black swap",
                "5/5/5/5/5 black swapped extra",
            ],
            |text| HexSetup::parse_position(&sized(5), text),
        );
    }

    #[test]
    fn the_diagram_is_a_rhombus_and_reads_back() {
        let setup = HexSetup::parse_position(&sized(3), "B2/1W1/3 black").unwrap();
        let diagram = HexSetup::diagram(&position(&setup));
        assert_eq!(diagram, "  a b c\n1 B . .\n 2 . W .\n  3 . . .");
        assert_eq!(
            HexSetup::parse_diagram(&sized(3), &diagram, Side::First),
            Ok(setup.clone())
        );
        assert_eq!(
            HexSetup::parse_diagram(&sized(3), "B..\n.W.\n...", Side::First),
            Ok(setup)
        );
    }
}
