//! Raw positions: the one-line form and the diagram (on [`arbiter_core::grid`]), and their
//! validation.
//!
//! One-line form: `"x.o/.x./..o x"` — the three rows from top to bottom separated by `/`, each
//! three cells of `x`, `o` or `.` (letters in either case), a space, and the side to move
//! (`x` or `o`).
//!
//! Diagram: three rows of three cells (`X`, `O`, `.`; `-` is read as empty too), top row first,
//! spaces between cells allowed. The labels that [`PositionText::diagram`] prints (a header line `a b c` and a
//! row number before each row) are accepted and skipped.
//!
//! A board is a position of tic-tac-toe exactly when it can be reached from the empty board by
//! legal play that stops at the first line. That holds exactly when all of these do (the test
//! `validation_accepts_exactly_the_reachable_boards` checks it against every one of the 3^9
//! boards):
//!
//! 1. X has as many stones as O (X to move) or one more (O to move) — X moves first and the
//!    sides alternate; the side to move given with the board must agree.
//! 2. Not both sides have a line: the game stops at the first one.
//! 3. A side with a line moved last: X's line needs X to have one stone more than O, O's line
//!    needs equal counts.
//! 4. All the lines of the winner pass through one of its stones (its last), and without that
//!    stone neither side has a line. Two lines of one side share at most one cell, so two
//!    *disjoint* lines (two parallel rows) are never reachable, and two crossing lines only when
//!    the crossing stone came last; with at most 5 stones X can never have three lines.

use arbiter_core::grid::{self, Grid, Labels, RowOrder, Stones};
use arbiter_core::{Game, NotationError, PositionText, SetupProblem, Side};

use crate::board::{Cell, FULL, has_line, lines_of};
use crate::notation::format_cell;
use crate::rules::TicTacToe;
use crate::variant::TicTacToeVariant;

/// A raw board as read from text: each side's stones as a bitboard, and the side to move.
/// Not yet checked; [`PositionText::validate`] (or `Game::from_setup`) turns it into a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// X's stones (bit `3 * row + column`, row 0 at the top).
    pub x: u16,
    /// O's stones.
    pub o: u16,
    /// The side to move.
    pub to_move: Side,
}

/// The text layout of the board: row 1 at the top.
pub(crate) const GRID: Grid = Grid::square(3, RowOrder::TopIsOne, "cells", "x, o or .");

/// The stones' letters (either case) and the empty cell's characters.
const STONES: Stones = Stones::new('x', 'o', ".-");

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

/// Reads a side name `x` or `o` (case-insensitive).
fn parse_side(text: &str) -> Result<Side, NotationError> {
    grid::parse_side(text, [&["x"], &["o"]])
}

impl PositionText<TicTacToe> for Setup {
    /// Reads a diagram of three rows (top row first) with `to_move`.
    ///
    /// # Errors
    /// A [`NotationError`] when there are not three rows of three known cell characters.
    fn parse_diagram(
        _: &TicTacToeVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<Setup, NotationError> {
        let cells = GRID.parse_diagram(diagram, |c| STONES.read(c))?;
        Ok(setup_of(&cells, to_move))
    }

    /// Reads the one-line form `"x.o/.x./..o x"`.
    ///
    /// # Errors
    /// A [`NotationError`] when the text does not have three rows of three cells and a side.
    fn parse_position(_: &TicTacToeVariant, text: &str) -> Result<Setup, NotationError> {
        let Some((board, side)) = grid::board_and_side(text) else {
            return Err(NotationError::new(format!(
                "expected `<row1>/<row2>/<row3> <side>` such as `x.o/.x./..o x`, found `{text}`"
            )));
        };
        let to_move = parse_side(side)?;
        let cells = GRID.parse_rows(board, None, |c| STONES.read(c))?;
        Ok(setup_of(&cells, to_move))
    }

    /// Writes the one-line form of a board and side to move.
    fn format_position(game: &TicTacToe) -> String {
        let (x, o, to_move) = (
            game.stones(Side::First),
            game.stones(Side::Second),
            game.side_to_move(),
        );
        let rows = GRID.format_rows(&cells_of(x, o), false, '.', |cell| {
            cell.map(|side| if side == Side::First { 'x' } else { 'o' })
        });
        format!("{rows} {}", TicTacToe::side_name(to_move))
    }

    /// The diagram of a board, with coordinates:
    ///
    /// ```text
    ///   a b c
    /// 1 X . O
    /// 2 . X .
    /// 3 . . O
    /// ```
    fn diagram(game: &TicTacToe) -> String {
        let (x, o) = (game.stones(Side::First), game.stones(Side::Second));
        GRID.format_diagram(&cells_of(x, o), Labels::Left, 1, |cell| match cell {
            Some(Side::First) => 'X',
            Some(Side::Second) => 'O',
            None => '.',
        })
    }

    /// Validates the board: every problem [`problems`] finds, or the position.
    fn validate(&self, variant: &TicTacToeVariant) -> Result<TicTacToe, Vec<SetupProblem>> {
        SetupProblem::validated(problems(self), || TicTacToe::from_valid(*variant, self))
    }
}

/// Every reason the setup is not a reachable position; empty when it is one.
#[must_use]
pub(crate) fn problems(setup: &Setup) -> Vec<SetupProblem> {
    let mut problems = Vec::new();
    let Setup { x, o, to_move } = *setup;
    if (x | o) & !FULL != 0 {
        problems.push(SetupProblem::new(
            "off-board",
            "stones outside the 3x3 board",
        ));
    }
    let both = x & o & FULL;
    if both != 0 {
        let cells: Vec<String> = Cell::ALL
            .iter()
            .filter(|c| both & c.bit() != 0)
            .map(|&c| format_cell(c))
            .collect();
        problems.push(SetupProblem::new(
            "overlap",
            format!("cells holding both x and o: {}", cells.join(" ")),
        ));
    }
    let (nx, no) = ((x & FULL).count_ones(), (o & FULL).count_ones());
    // Who moved last follows from the counts when they are possible at all.
    let counts_ok = nx == no || nx == no + 1;
    if counts_ok {
        let expected = if nx == no { Side::First } else { Side::Second };
        if to_move != expected {
            problems.push(SetupProblem::new(
                "side-to-move",
                format!(
                    "side to move: x has {nx} stones and o has {no}, so {} is to move, not {}",
                    TicTacToe::side_name(expected),
                    TicTacToe::side_name(to_move)
                ),
            ));
        }
    } else {
        problems.push(SetupProblem::new("piece-count", format!(
            "stone counts: x has {nx} and o has {no}; x must have as many stones as o or one more"
        )));
    }
    let (x_line, o_line) = (has_line(x), has_line(o));
    if x_line && o_line {
        problems.push(SetupProblem::new("both-won", "both sides have a line"));
    }
    if x_line && counts_ok && nx != no + 1 {
        problems.push(SetupProblem::new(
            "moved-after-end",
            "x has a line but o moved last: the game ended at x's line",
        ));
    }
    if o_line && counts_ok && nx != no {
        problems.push(SetupProblem::new(
            "moved-after-end",
            "o has a line but x moved last: the game ended at o's line",
        ));
    }
    for (side, own) in [(Side::First, x), (Side::Second, o)] {
        if has_line(own) && !one_last_stone_made_every_line(own) {
            problems.push(SetupProblem::new("unreachable", format!(
                "{} has lines that no single last stone completes: the game ends at the first line",
                TicTacToe::side_name(side)
            )));
        }
    }
    problems
}

/// Whether some stone of `own` lies on every line of `own` and, taken away, leaves `own` without
/// a line: only then can the lines have been made by one (the last) move. (A line of the other
/// side is reported on its own, as "both sides have a line".)
fn one_last_stone_made_every_line(own: u16) -> bool {
    let common = lines_of(own).fold(FULL, |acc, line| acc & line);
    Cell::ALL
        .into_iter()
        .filter(|cell| common & cell.bit() != 0)
        .any(|cell| !has_line(own & !cell.bit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const V: TicTacToeVariant = TicTacToeVariant::Standard;

    fn parse_position(text: &str) -> Result<Setup, NotationError> {
        Setup::parse_position(&V, text)
    }

    fn parse_diagram(text: &str, to_move: Side) -> Result<Setup, NotationError> {
        Setup::parse_diagram(&V, text, to_move)
    }
    use rstest::rstest;

    fn problems_of(text: &str) -> Vec<String> {
        problems(&parse_position(text).unwrap())
            .into_iter()
            .map(|p| p.message)
            .collect()
    }

    #[rstest]
    #[case(".../.../... x")]
    #[case("x../.../... o")]
    #[case("xxx/oo./... o")] // X wins on move 5
    #[case("xxx/oo./o.x o")] // X wins with 4 stones
    #[case("ooo/xx./x.. x")] // O wins on move 6
    #[case("xxx/xoo/xoo o")] // two crossing lines made by the last stone a1
    #[case("xox/xox/oxo o")] // full board, no line: draw
    #[case("xox/oxo/xox o")] // X's two diagonals through b2, made last
    fn accepts_reachable(#[case] text: &str) {
        assert_eq!(problems_of(text), Vec::<String>::new(), "{text}");
    }

    #[rstest]
    #[case("xx./.../... o", "stone counts")]
    #[case("o../.../... x", "stone counts")]
    #[case(".../.../... o", "side to move")]
    #[case("x../.../... x", "side to move")]
    #[case("xxx/ooo/x.. o", "both sides have a line")]
    #[case("xxx/oo./o.. x", "x has a line but o moved last")]
    #[case("ooo/xx./xx. o", "o has a line but x moved last")]
    #[case("xxx/ooo/xoo x", "both sides have a line")]
    #[case("xxx/.../xxx o", "no single last stone")]
    #[case("xxx/xoo/xoo o", "")]
    fn finds_problems(#[case] text: &str, #[case] fragment: &str) {
        let found = problems_of(text);
        if fragment.is_empty() {
            assert!(found.is_empty(), "{text}: {found:?}");
        } else {
            assert!(
                found.iter().any(|p| p.contains(fragment)),
                "{text}: {found:?}"
            );
        }
    }

    #[test]
    fn lists_every_problem() {
        // Six X and three O in two disjoint rows, with the wrong side to move and O's line.
        let found = problems_of("xxx/ooo/xxx x");
        for fragment in [
            "stone counts",
            "both sides have a line",
            "no single last stone",
        ] {
            assert!(
                found.iter().any(|p| p.contains(fragment)),
                "{fragment}: {found:?}"
            );
        }
    }

    #[test]
    fn crossing_lines_need_the_crossing_stone_to_be_removable() {
        // X: row 1 and column a cross at a1. Without a1, X has b1 c1 a2 a3 and no line: fine.
        assert!(one_last_stone_made_every_line(0b001_001_111));
        // Two parallel rows share no stone.
        assert!(!one_last_stone_made_every_line(0b111_000_111));
    }

    #[test]
    fn overlapping_cells_and_off_board_bits() {
        let found: Vec<String> = problems(&Setup {
            x: 1 | 1 << 12,
            o: 1,
            to_move: Side::First,
        })
        .into_iter()
        .map(|p| p.message)
        .collect();
        assert!(found.iter().any(|p| p.contains("outside")), "{found:?}");
        assert!(
            found.iter().any(|p| p.contains("both x and o: a1")),
            "{found:?}"
        );
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

    #[test]
    fn refuses_bad_positions() {
        arbiter_laws::refuses_all(
            &[
                "",
                ".../.../...",
                ".../.../... x extra",
                ".../.../... y",
                ".../... x",
                ".../.../.../... x",
                "..../.../... x",
                "../.../... x",
                "..z/.../... x",
                "........./ x",
            ],
            parse_position,
        );
    }

    #[test]
    fn position_round_trip() {
        let text = "x.o/.x./..o x";
        let game = TicTacToe::from_setup(&V, &parse_position(text).unwrap()).unwrap();
        assert_eq!(Setup::format_position(&game), text);
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

    #[test]
    fn refuses_bad_diagrams() {
        arbiter_laws::refuses_all(
            &[
                "",
                "X . O\n. X .",
                "X . O\n. X .\n. . O\n. . .",
                "X . O\n. X\n. . O",
                "X . O\n. X . .\n. . O",
                "X . Q\n. X .\n. . O",
                "2 X . O\n. X .\n. . O",
            ],
            |text| parse_diagram(text, Side::First),
        );
    }

    #[test]
    fn diagram_reads_back() {
        let (x, o) = (0b000_010_001, 0b100_000_100);
        let game = TicTacToe::from_setup(&V, &parse_diagram("X.O\n.X.\n..O", Side::First).unwrap())
            .unwrap();
        let text = Setup::diagram(&game);
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
