//! Raw positions ([`Setup`]) and their text forms: the FFO/Edax one-line string, the board
//! diagram, and validation into a playable position.
//!
//! The one-line form is 64 cells in the order a1, b1, …, h1, a2, …, h8 (`X` black, `O` white,
//! `-` or `.` empty), whitespace, the side to move (`X` or `O`, or `black` / `white`), and an
//! optional `;`: `---------------------------OX------XO--------------------------- X`.
//!
//! The diagram is what [`PositionText::diagram`] (and so `Game::diagram`) prints:
//!
//! ```text
//!   a b c d e f g h
//! 1 . . . . . . . . 1
//! 2 . . . . . . . . 2
//! 3 . . . . . . . . 3
//! 4 . . . O X . . . 4
//! 5 . . . X O . . . 5
//! 6 . . . . . . . . 6
//! 7 . . . . . . . . 7
//! 8 . . . . . . . . 8
//!   a b c d e f g h
//! to move: black (X); discs X 2, O 2
//! ```
//!
//! [`PositionText::parse_diagram`] reads 8 rows of 8 cells (`X`, `O`, `.` or `-`, either case for the discs),
//! with or without spaces between cells and row numbers at either end; it skips blank lines,
//! column-header lines (only the letters a..h) and footer lines starting with `to move:` or
//! `game over:`.

use arbiter_core::grid::{self, Grid, Labels, Letters, RowOrder, Stones};
use arbiter_core::{Game, NotationError, PositionText, SetupProblem, Side};

use crate::rules::Othello;
use crate::variant::OthelloVariant;

/// A raw position as a spec or a protocol message gives it, before validation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Black discs, bit `row * 8 + col` (bit 0 = a1).
    pub black: u64,
    /// White discs.
    pub white: u64,
    /// The side to move: [`Side::First`] is black.
    pub to_move: Side,
}

/// The four centre squares d4, e4, d5, e5 with their names: occupied from the start on, and
/// discs are never removed, so no reachable position has one of them empty.
const CENTRE: [(u32, &str); 4] = [(27, "d4"), (28, "e4"), (35, "d5"), (36, "e5")];

/// Every problem that keeps `setup` from being a reachable-looking position: each empty centre
/// square, and (for hand-built setups) each square claimed by both colours. Nothing else is
/// refused: FFO boards are arbitrary positions.
#[must_use]
pub fn problems(setup: &Setup) -> Vec<SetupProblem> {
    let mut out = Vec::new();
    for (sq, name) in CENTRE {
        if (setup.black | setup.white) & (1 << sq) == 0 {
            out.push(SetupProblem::new("empty-centre", format!(
                "centre square {name} is empty (the four centre squares are occupied in every Othello position)"
            )));
        }
    }
    let mut both = setup.black & setup.white;
    while both != 0 {
        let sq = both.trailing_zeros();
        both &= both - 1;
        out.push(SetupProblem::new(
            "overlap",
            format!(
                "square {} holds both a black and a white disc",
                square_name(sq)
            ),
        ));
    }
    out
}

/// `a1`..`h8` for a square index.
#[must_use]
pub fn square_name(sq: u32) -> String {
    grid::format_index(Letters::Consecutive, 8_usize, sq as usize)
}

/// The cell characters: stones and empty cells.
const STONES: Stones = Stones::new('X', 'O', "-.");

/// Fills in bit `sq` of the right colour.
fn put(black: &mut u64, white: &mut u64, sq: usize, disc: Option<Side>) {
    match disc {
        Some(Side::First) => *black |= 1 << sq,
        Some(Side::Second) => *white |= 1 << sq,
        None => {}
    }
}

/// `X`/`O` (either case) or the side names `black`/`white`.
pub(crate) fn parse_side_letter(text: &str) -> Option<Side> {
    match text.to_ascii_lowercase().as_str() {
        "x" | "black" => Some(Side::First),
        "o" | "white" => Some(Side::Second),
        _ => None,
    }
}

/// `X` for black, `O` for white.
#[must_use]
pub const fn side_letter(side: Side) -> char {
    match side {
        Side::First => 'X',
        Side::Second => 'O',
    }
}

fn cell_char(black: u64, white: u64, sq: u32, empty: char) -> char {
    if black & (1 << sq) != 0 {
        'X'
    } else if white & (1 << sq) != 0 {
        'O'
    } else {
        empty
    }
}

/// The text layout of the board: row 1 at the top, as FFO and Edax print it.
pub(crate) const GRID: Grid = Grid::square(8, RowOrder::TopIsOne, "cells", "X, O, . or -");

/// The cells (a1 order: bit order) of a board, for the grid forms.
fn cells_of(black: u64, white: u64) -> Vec<Option<Side>> {
    (0..64)
        .map(|sq| {
            if black & (1 << sq) != 0 {
                Some(Side::First)
            } else if white & (1 << sq) != 0 {
                Some(Side::Second)
            } else {
                None
            }
        })
        .collect()
}

/// The diagram's board lines (header, 8 numbered rows, header), without the footer.
#[must_use]
pub fn diagram_rows(black: u64, white: u64) -> String {
    GRID.format_diagram(
        &cells_of(black, white),
        Labels::Around,
        1,
        |disc| match disc {
            Some(Side::First) => 'X',
            Some(Side::Second) => 'O',
            None => '.',
        },
    )
}

impl PositionText<Othello> for Setup {
    /// Parses the FFO/Edax one-line form (see the module docs).
    ///
    /// # Errors
    /// A [`NotationError`] for a wrong number of cells, an unknown cell character, a missing or
    /// unknown side to move, or trailing text.
    fn parse_position(_: &OthelloVariant, text: &str) -> Result<Setup, NotationError> {
        let trimmed = text.trim();
        let trimmed = trimmed.strip_suffix(';').unwrap_or(trimmed);
        let mut parts = trimmed.split_whitespace();
        let board = parts.next().unwrap_or("");
        let count = board.chars().count();
        if count != 64 {
            return Err(NotationError::new(format!(
                "expected 64 cells (X, O, - or .) then the side to move, found {count} cells"
            )));
        }
        let (mut black, mut white) = (0, 0);
        for (sq, c) in board.chars().enumerate() {
            let disc = STONES.read(c).ok_or_else(|| {
                NotationError::new(format!(
                    "unknown cell `{c}` at {} (expected X, O, - or .)",
                    square_name(sq as u32)
                ))
            })?;
            put(&mut black, &mut white, sq, disc);
        }
        let to_move = match parts.next() {
            Some(side) => parse_side_letter(side).ok_or_else(|| {
                NotationError::new(format!(
                    "expected the side to move `X` or `O`, found `{side}`"
                ))
            })?,
            None => {
                return Err(NotationError::new(
                    "expected the side to move `X` or `O` after the 64 cells",
                ));
            }
        };
        if let Some(extra) = parts.next() {
            return Err(NotationError::new(format!(
                "unexpected `{extra}` after the side to move"
            )));
        }
        Ok(Setup {
            black,
            white,
            to_move,
        })
    }

    /// Parses a board diagram (see the module docs) with the side to move given apart.
    ///
    /// # Errors
    /// A [`NotationError`] for a row with other than 8 cells, an unknown character, a row number
    /// out of order, or other than 8 rows.
    fn parse_diagram(
        _: &OthelloVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<Setup, NotationError> {
        // The footer lines that `diagram()` prints below the board.
        let board: String = diagram
            .lines()
            .filter(|line| {
                let line = line.trim();
                !(line.starts_with("to move:") || line.starts_with("game over:"))
            })
            .map(|line| format!("{line}\n"))
            .collect();
        let cells = GRID.parse_diagram(&board, |c| STONES.read(c))?;
        let (mut black, mut white) = (0, 0);
        for (sq, disc) in cells.into_iter().enumerate() {
            put(&mut black, &mut white, sq, disc);
        }
        Ok(Setup {
            black,
            white,
            to_move,
        })
    }

    /// The one-line form of a board: 64 cells, a space, `X` or `O`.
    fn format_position(game: &Othello) -> String {
        let (black, white, to_move) = (game.black(), game.white(), game.side_to_move());
        let mut out: String = (0..64).map(|sq| cell_char(black, white, sq, '-')).collect();
        out.push(' ');
        out.push(side_letter(to_move));
        out
    }

    /// The diagram of `game`: the lettered and numbered board, then who is to move and the disc
    /// counts, or the result.
    fn diagram(game: &Othello) -> String {
        let mut out = diagram_rows(game.black(), game.white());
        let (black, white) = (game.discs(Side::First), game.discs(Side::Second));
        let side = Othello::side_name(game.side_to_move());
        let letter = side_letter(game.side_to_move());
        match game.outcome() {
            None => out.push_str(&format!(
                "to move: {side} ({letter}); discs X {black}, O {white}"
            )),
            Some(outcome) => {
                let result = match outcome.winner {
                    Some(winner) => format!("{} wins", Othello::side_name(winner)),
                    None => "draw".to_owned(),
                };
                out.push_str(&format!(
                    "game over: {result} ({}); discs X {black}, O {white}",
                    outcome.reason
                ));
            }
        }
        out
    }

    /// Validates the board: every problem [`problems`] finds, or the position.
    fn validate(&self, variant: &OthelloVariant) -> Result<Othello, Vec<SetupProblem>> {
        SetupProblem::validated(problems(self), || {
            Othello::new_unchecked(self.black, self.white, self.to_move, *variant)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_laws::Fixture;
    use rstest::rstest;

    const START: &str = "---------------------------OX------XO--------------------------- X";
    const START_BLACK: u64 = (1 << 28) | (1 << 35);
    const START_WHITE: u64 = (1 << 27) | (1 << 36);

    #[rstest]
    #[case(START, Side::First)]
    #[case(
        "---------------------------OX------XO--------------------------- O",
        Side::Second
    )]
    #[case(
        "  ...........................OX......XO........................... x ;",
        Side::First
    )]
    #[case(
        "---------------------------ox------xo--------------------------- white;",
        Side::Second
    )]
    fn parses_start_positions(#[case] text: &str, #[case] side: Side) {
        assert_eq!(
            Othello::setup_of(text),
            Ok(Setup {
                black: START_BLACK,
                white: START_WHITE,
                to_move: side
            })
        );
    }

    #[test]
    fn rejects_bad_positions() {
        arbiter_laws::refuses_saying(
            &[
                ("", "64 cells"),
                (
                    "---------------------------OX------XO-------------------------- X",
                    "63 cells",
                ),
                (
                    "---------------------------OX------XO---------------------------- X",
                    "65 cells",
                ),
                (
                    "---------------------------OX------XO--------------------------Z X",
                    "unknown cell `Z` at h8",
                ),
                (
                    "---------------------------OX------XO---------------------------",
                    "side to move",
                ),
                (
                    "---------------------------OX------XO--------------------------- B",
                    "found `B`",
                ),
                (
                    "---------------------------OX------XO--------------------------- X 12",
                    "unexpected `12`",
                ),
                (
                    "---------------------------OX------XO--------------------------- X;;",
                    "found `X;`",
                ),
            ],
            Othello::setup_of,
        );
    }

    #[test]
    fn formats_and_reads_back() {
        assert_eq!(
            Setup::format_position(&Othello::start(&OthelloVariant::default())),
            START
        );
        let diagram = diagram_rows(START_BLACK, START_WHITE);
        assert_eq!(
            Othello::setup_of_diagram(&diagram, Side::Second),
            Ok(Setup {
                black: START_BLACK,
                white: START_WHITE,
                to_move: Side::Second
            })
        );
    }

    #[rstest]
    #[case("........\n........\n........\n...OX...\n...XO...\n........\n........\n........")]
    #[case(
        "- - - - - - - -\n- - - - - - - -\n- - - - - - - -\n- - - O X - - -\n- - - X O - - -\n- - - - - - - -\n- - - - - - - -\n- - - - - - - -\n"
    )]
    #[case(
        "  a b c d e f g h\n1 ........\n2 ........\n3 ........\n4 ...ox...\n5 ...xo...\n6 ........\n7 ........\n8 ........\nto move: black (X)\n"
    )]
    #[case(
        "\n  ........ 1\n........ 2\n........\n...OX...\n...XO...\n........\n........\n........\n\n"
    )]
    fn parses_good_diagrams(#[case] text: &str) {
        assert_eq!(
            Othello::setup_of_diagram(text, Side::First),
            Ok(Setup {
                black: START_BLACK,
                white: START_WHITE,
                to_move: Side::First
            })
        );
    }

    #[test]
    fn rejects_bad_diagrams() {
        arbiter_laws::refuses_saying(
            &[
                (
                    "........\n........\n........\n...OX...\n...XO...\n........\n........",
                    "has 7 rows",
                ),
                (
                    "........\n........\n........\n...OX...\n...XO...\n........\n........\n........\n........",
                    "has 9 rows",
                ),
                (
                    "........\n.......\n........\n...OX...\n...XO...\n........\n........\n........",
                    "has 7 cells: expected 8",
                ),
                (
                    "........\n........\n........\n...OX...\n...XO...\n........\n....Z...\n........",
                    "unknown diagram character `Z`",
                ),
                (
                    "1 ........\n3 ........\n........\n...OX...\n...XO...\n........\n........\n........",
                    "labelled 3",
                ),
                (
                    "........\n........\n........\n...OX...\n...XO...\n........\n........\n........ 9",
                    "labelled 9",
                ),
                (
                    "........\n........\n........\n...OX...\n...XO...\n........\n........\n......é. 8",
                    "unknown diagram character `é`",
                ),
            ],
            |text| Othello::setup_of_diagram(text, Side::First),
        );
    }

    #[test]
    fn lists_every_empty_centre_square() {
        let setup = Setup {
            black: 1 << 28,
            white: 0,
            to_move: Side::First,
        };
        let found: Vec<String> = problems(&setup).into_iter().map(|p| p.message).collect();
        assert_eq!(found.len(), 3);
        for name in ["d4", "d5", "e5"] {
            assert!(found.iter().any(|m| m.contains(name)), "{name}: {found:?}");
        }
        let clash = Setup {
            black: START_BLACK | 1,
            white: START_WHITE | 1,
            to_move: Side::First,
        };
        assert_eq!(problems(&clash).len(), 1);
    }
}
