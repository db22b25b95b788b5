//! Raw positions: the PDN FEN one-line form and the 10×10 diagram, parsed into a
//! [`DraughtsSetup`] that [`PositionText::validate`] turns into a [`crate::Draughts`].
//!
//! One-line form: PDN's FEN, `W:W31-50:B1-20` — the side to move (`W` or `B`), then each
//! side's squares after `:W` and `:B`, separated by commas, a range `31-35` standing for every
//! square in it and a `K` before a number (or a range) marking kings: `B:WK4,31:BK40`. Either
//! side's list may come first or be empty, and a final `.` is allowed. arbiter adds, only when
//! they are not zero, the two counts the draw rules need: the plies since the last capture or
//! man's move and the plies played in the current 16-move or 5-move endgame, as
//! `W:WK4:BK40 12 3`.
//!
//! Diagram: ten rows of ten cells, square 1's row first, as players see the board from
//! white's side (square 46 bottom left). `w`/`b` are white and black men, `W`/`B` kings, `.`
//! (or `-`) an empty square; light squares are written `.` and must stay empty.

use arbiter_core::grid::{Grid, Labels, RowOrder};
use arbiter_core::{Bits, Game, NotationError, PositionText, SetupProblem, Side};

use crate::board::{SQUARE_COUNT, column_of, index_at, index_of, promotion_row, row_of, square};
use crate::rules::{Draughts, Endgame, MEN};
use crate::variant::DraughtsVariant;

/// A position as written, not yet validated: `cells[i]` for square `i + 1`, each a side and
/// whether the piece is a king.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraughtsSetup {
    pub cells: Vec<Option<(Side, bool)>>,
    pub to_move: Side,
    /// Plies since the last capture or man's move (the 25-move rule).
    pub king_plies: u32,
    /// Plies played in the current 16-move or 5-move endgame.
    pub endgame_plies: u32,
}

impl DraughtsSetup {
    /// An empty board with `to_move` to move.
    #[must_use]
    pub fn empty(to_move: Side) -> DraughtsSetup {
        DraughtsSetup {
            cells: vec![None; SQUARE_COUNT],
            to_move,
            king_plies: 0,
            endgame_plies: 0,
        }
    }
}

/// The diagram's layout: ten by ten, square 1's row at the top.
const BOARD: Grid = Grid {
    width: 10,
    height: 10,
    rows: RowOrder::TopIsOne,
    unit: "cells",
    legend: "w, b, W, B or .",
};

fn side_letter(text: &str) -> Option<Side> {
    match text {
        "W" | "w" => Some(Side::First),
        "B" | "b" => Some(Side::Second),
        _ => None,
    }
}

fn square_number(text: &str, line: &str) -> Result<usize, NotationError> {
    text.parse::<usize>()
        .ok()
        .filter(|n| (1..=SQUARE_COUNT).contains(n))
        .ok_or_else(|| {
            NotationError::new(format!(
                "`{text}` in `{line}` is not a square: expected a number 1-50"
            ))
        })
}

/// Reads one side's list `K4,31-35,K40` into `cells`.
fn read_list(
    list: &str,
    side: Side,
    cells: &mut [Option<(Side, bool)>],
    line: &str,
) -> Result<(), NotationError> {
    for item in list
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
    {
        let (king, rest) = match item.strip_prefix(['K', 'k']) {
            Some(rest) => (true, rest),
            None => (false, item),
        };
        let (first, last) = match rest.split_once('-') {
            Some((first, last)) => (square_number(first, line)?, square_number(last, line)?),
            None => {
                let n = square_number(rest, line)?;
                (n, n)
            }
        };
        if first > last {
            return Err(NotationError::new(format!(
                "the range `{item}` in `{line}` runs backwards"
            )));
        }
        for n in first..=last {
            if cells[n - 1].replace((side, king)).is_some() {
                return Err(NotationError::new(format!(
                    "square {n} is given twice in `{line}`"
                )));
            }
        }
    }
    Ok(())
}

fn count(text: &str, what: &str) -> Result<u32, NotationError> {
    text.parse()
        .map_err(|_| NotationError::new(format!("`{text}` is not a number of plies {what}")))
}

/// One side's list: ranges for runs of three or more men, kings one by one.
fn write_list(cells: &[Option<(Side, bool)>], side: Side) -> String {
    let mut items = Vec::new();
    let mut n = 0;
    while n < SQUARE_COUNT {
        match cells[n] {
            Some((owner, true)) if owner == side => {
                items.push(format!("K{}", n + 1));
                n += 1;
            }
            Some((owner, false)) if owner == side => {
                let mut last = n;
                while last + 1 < SQUARE_COUNT && cells[last + 1] == Some((side, false)) {
                    last += 1;
                }
                match last - n {
                    0 => items.push(format!("{}", n + 1)),
                    1 => items.push(format!("{},{}", n + 1, last + 1)),
                    _ => items.push(format!("{}-{}", n + 1, last + 1)),
                }
                n = last + 1;
            }
            _ => n += 1,
        }
    }
    items.join(",")
}

/// What a diagram cell holds: a piece, an empty square, or a light square (always empty).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Empty,
    Piece(Side, bool),
}

fn read_cell(c: char) -> Option<Cell> {
    match c {
        '.' | '-' => Some(Cell::Empty),
        'w' => Some(Cell::Piece(Side::First, false)),
        'W' => Some(Cell::Piece(Side::First, true)),
        'b' => Some(Cell::Piece(Side::Second, false)),
        'B' => Some(Cell::Piece(Side::Second, true)),
        _ => None,
    }
}

fn write_cell(cell: Cell) -> char {
    match cell {
        Cell::Empty => '.',
        Cell::Piece(Side::First, false) => 'w',
        Cell::Piece(Side::First, true) => 'W',
        Cell::Piece(Side::Second, false) => 'b',
        Cell::Piece(Side::Second, true) => 'B',
    }
}

/// The raw setup of a position (its history is not part of it).
pub(crate) fn to_setup(game: &Draughts) -> DraughtsSetup {
    let cells = (0..SQUARE_COUNT)
        .map(|i| {
            [Side::First, Side::Second]
                .into_iter()
                .find(|&side| game.pieces(side) & square(i) != 0)
                .map(|side| (side, game.kings() & square(i) != 0))
        })
        .collect();
    DraughtsSetup {
        cells,
        to_move: game.side_to_move(),
        king_plies: game.king_plies(),
        endgame_plies: game.endgame_plies(),
    }
}

impl PositionText<Draughts> for DraughtsSetup {
    /// Parses the one-line form `W:W31-50:B1-20` (with the optional counts).
    ///
    /// # Errors
    /// A [`NotationError`] naming what is wrong.
    fn parse_position(_: &DraughtsVariant, text: &str) -> Result<DraughtsSetup, NotationError> {
        let mut words = text.split_whitespace();
        let fen = words.next().unwrap_or("");
        let form = || {
            NotationError::new(format!(
                "`{text}` is not a draughts position: expected a PDN FEN such as W:W31-50:B1-20 \
                 (optionally followed by the plies since the last capture or man's move and the \
                 plies in the endgame)"
            ))
        };
        let fen = fen.strip_suffix('.').unwrap_or(fen);
        let mut fields = fen.split(':');
        let to_move = fields.next().and_then(side_letter).ok_or_else(form)?;
        let mut setup = DraughtsSetup::empty(to_move);
        let mut seen = Vec::new();
        for field in fields {
            let side = field.get(..1).and_then(side_letter).ok_or_else(form)?;
            if seen.contains(&side) {
                return Err(NotationError::new(format!(
                    "`{text}` lists the {} pieces twice",
                    if side == Side::First {
                        "white"
                    } else {
                        "black"
                    }
                )));
            }
            seen.push(side);
            read_list(&field[1..], side, &mut setup.cells, text)?;
        }
        if seen.is_empty() {
            return Err(form());
        }
        if let Some(plies) = words.next() {
            setup.king_plies = count(plies, "since the last capture or man's move")?;
        }
        if let Some(plies) = words.next() {
            setup.endgame_plies = count(plies, "in the endgame")?;
        }
        if words.next().is_some() {
            return Err(form());
        }
        Ok(setup)
    }

    /// Parses a ten-row diagram.
    ///
    /// # Errors
    /// A [`NotationError`] on a wrong number of rows or cells, an unknown character or a piece
    /// on a light square.
    fn parse_diagram(
        _: &DraughtsVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<DraughtsSetup, NotationError> {
        let cells = BOARD.parse_diagram(diagram, read_cell)?;
        let mut setup = DraughtsSetup::empty(to_move);
        for (k, cell) in cells.into_iter().enumerate() {
            let (row, column) = (k / 10, k % 10);
            let Cell::Piece(side, king) = cell else {
                continue;
            };
            let i = index_at(row, column).ok_or_else(|| {
                NotationError::new(format!(
                    "diagram row {} column {} is a light square: pieces stand on the dark squares",
                    row + 1,
                    column + 1
                ))
            })?;
            setup.cells[i] = Some((side, king));
        }
        Ok(setup)
    }

    /// Writes the one-line form of a position.
    fn format_position(game: &Draughts) -> String {
        let setup = &to_setup(game);
        let side = if setup.to_move == Side::First {
            'W'
        } else {
            'B'
        };
        let mut line = format!(
            "{side}:W{}:B{}",
            write_list(&setup.cells, Side::First),
            write_list(&setup.cells, Side::Second)
        );
        if setup.king_plies != 0 || setup.endgame_plies != 0 {
            line.push_str(&format!(" {} {}", setup.king_plies, setup.endgame_plies));
        }
        line
    }

    /// Writes the cells of a position as a ten-row diagram.
    fn diagram(game: &Draughts) -> String {
        let cells = &to_setup(game).cells;
        let mut grid = vec![Cell::Empty; 100];
        for (i, cell) in cells.iter().enumerate() {
            if let Some((side, king)) = cell {
                grid[row_of(i) * 10 + column_of(i)] = Cell::Piece(*side, *king);
            }
        }
        BOARD.format_diagram(&grid, Labels::None, 0, write_cell)
    }

    /// Validates a raw setup: at most 20 pieces a side, some piece on the board, no man on
    /// its own promotion row (it would have been crowned), an endgame count only in an
    /// endgame. The position starts a fresh history.
    ///
    /// # Errors
    /// Every problem found.
    fn validate(&self, variant: &DraughtsVariant) -> Result<Draughts, Vec<SetupProblem>> {
        let (variant, setup) = (*variant, self);
        let (mut pieces, mut kings) = ([0u64; 2], 0u64);
        for (i, cell) in setup.cells.iter().enumerate().take(SQUARE_COUNT) {
            if let Some((side, king)) = cell {
                pieces[side.index()] |= square(i);
                if *king {
                    kings |= square(i);
                }
            }
        }
        let mut problems = Vec::new();
        if setup.cells.len() != SQUARE_COUNT {
            problems.push(SetupProblem::new(
                "board-size",
                format!("the board has {} squares: expected 50", setup.cells.len()),
            ));
        }
        for side in [Side::First, Side::Second] {
            let name = Draughts::side_name(side);
            let count = pieces[side.index()].count_ones();
            if count > MEN {
                problems.push(SetupProblem::new(
                    "piece-count",
                    format!("{name} has {count} pieces: at most {MEN}"),
                ));
            }
            let crowned_late = pieces[side.index()] & !kings & promotion_row(side);
            if crowned_late != 0 {
                let squares: Vec<String> = Bits(crowned_late)
                    .map(|bit| (index_of(u32::from(bit)) + 1).to_string())
                    .collect();
                problems.push(SetupProblem::new(
                    "man-on-promotion-row",
                    format!(
                        "{name} has a man on its promotion row ({}): it would have been crowned",
                        squares.join(", ")
                    ),
                ));
            }
        }
        if pieces[0] | pieces[1] == 0 {
            problems.push(SetupProblem::new("piece-count", "the board is empty"));
        }
        if setup.endgame_plies > 0 && Endgame::of(pieces[0], pieces[1], kings).is_none() {
            problems.push(SetupProblem::new(
                "endgame-count",
                format!(
                    "{} plies are counted in an endgame, but the material is none of the \
                     16-move or 5-move endgames",
                    setup.endgame_plies
                ),
            ));
        }
        SetupProblem::validated(problems, || {
            Draughts::from_parts(
                variant,
                pieces,
                kings,
                setup.to_move,
                setup.king_plies,
                setup.endgame_plies,
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_laws::Fixture;
    use rstest::rstest;

    fn game(setup: &DraughtsSetup) -> Draughts {
        Draughts::from_setup(&DraughtsVariant::default(), setup).unwrap()
    }

    #[test]
    fn the_start_reads_and_writes_back() {
        let setup = Draughts::setup_of("W:W31-50:B1-20").unwrap();
        assert_eq!(setup.cells[30], Some((Side::First, false)));
        assert_eq!(setup.cells[19], Some((Side::Second, false)));
        assert_eq!(setup.cells[20], None);
        assert_eq!(
            DraughtsSetup::format_position(&game(&setup)),
            "W:W31-50:B1-20"
        );
        let diagram = DraughtsSetup::diagram(&game(&setup));
        assert!(
            diagram.starts_with(". b . b . b . b . b\nb . b"),
            "{diagram}"
        );
        assert_eq!(Draughts::setup_of_diagram(&diagram, Side::First), Ok(setup));
    }

    #[rstest]
    #[case("B:WK4,31:BK40", Side::Second, &[(4, Side::First, true), (31, Side::First, false), (40, Side::Second, true)], 0, 0)]
    #[case("W:B1,2:W50.", Side::First, &[(1, Side::Second, false), (2, Side::Second, false), (50, Side::First, false)], 0, 0)]
    #[case("W:WK10-11:B", Side::First, &[(10, Side::First, true), (11, Side::First, true)], 0, 0)]
    #[case("W:WK46:BK5 12 3", Side::First, &[(46, Side::First, true), (5, Side::Second, true)], 12, 3)]
    fn lines(
        #[case] text: &str,
        #[case] to_move: Side,
        #[case] pieces: &[(usize, Side, bool)],
        #[case] king_plies: u32,
        #[case] endgame_plies: u32,
    ) {
        let setup = Draughts::setup_of(text).unwrap();
        assert_eq!(setup.to_move, to_move);
        assert_eq!(setup.cells.iter().flatten().count(), pieces.len());
        for &(n, side, king) in pieces {
            assert_eq!(setup.cells[n - 1], Some((side, king)), "{n}");
        }
        assert_eq!(
            (setup.king_plies, setup.endgame_plies),
            (king_plies, endgame_plies)
        );
        assert_eq!(
            Draughts::setup_of(&DraughtsSetup::format_position(&game(&setup))),
            Ok(setup)
        );
    }

    #[test]
    fn bad_lines() {
        arbiter_laws::refuses_all(
            &[
                "",
                "X:W31:B1",
                "W",
                "W:W31:W32",
                "W:W0:B1",
                "W:W51:B1",
                "W:W31,31:B1",
                "W:W31:B31",
                "W:W35-31:B1",
                "W:W3a:B1",
                "W:X31:B1",
                "W:W31:B1 x",
                "W:W31:B1 1 2 3",
            ],
            Draughts::setup_of,
        );
    }

    #[test]
    fn a_piece_on_a_light_square_is_refused() {
        let mut rows = [". . . . . . . . . ."; 10];
        rows[0] = "w . . . . . . . . .";
        let error = Draughts::setup_of_diagram(&rows.join("\n"), Side::First).unwrap_err();
        assert!(error.message.contains("light square"), "{error}");
    }
}
