//! Positions as text and their validation.
//!
//! A piece is two characters, its side and its number: `R1`-`R6` for red, `B1`-`B6` for
//! blue (either case); an empty square is `.`. Since a piece carries a digit, EinStein writes
//! its own text forms instead of the one-character cells of `arbiter_core::grid`, in the same
//! shapes:
//!
//! - the **one-line form**: the five rows from the top joined by `/`, each five cells with no
//!   spaces (a digit on its own stands for that many empty squares when reading), then the
//!   side to move and the phase: `place` (it sets up), `roll` (the die is to be rolled for
//!   it) or the number it rolled. After `layout-123456 layout-123456` under `standard`:
//!   `R1R2R3../R4R5.../R6...B1/...B2B3/..B4B5B6 red roll`;
//! - the **diagram**: one line per row from the top, cells separated by spaces, with the
//!   file letters above and the rank numbers on the left (both optional when reading). It
//!   shows no phase: read with a side to move, a diagram is a position where the die is to be
//!   rolled, unless it is one of the setup positions (an empty board with the first mover to
//!   move, or the first mover's full layout alone with the other side to move).
//!
//! Problems (codes): `duplicate-piece` (a side with two pieces of one number), `setup-phase`
//! (a setup position whose board is not what the setup leaves: empty for the first mover,
//! the first mover's six pieces on its start cells and nothing else for the other side),
//! `side-to-move` (the side that sets up second to set up on an empty board, or the first
//! mover on a board with its own layout), `piece-count` (no piece on the board after the
//! setup), `both-won` (a piece of each side on its goal corner, or one side on its corner
//! and the other with no piece left), `moved-after-end` (the winner to move, or a die rolled
//! after the end).

use arbiter_core::{Game, NotationError, PositionText, SetupProblem, Side};

use crate::board::Piece;
use crate::board::{self, SIZE, SQUARES, Square};
use crate::notation::format_square;
use crate::rules::{EinStein, Phase};
use crate::variant::EinSteinVariant;

/// A raw position, not yet validated: the piece on every square (two pieces of one number
/// are possible here, validation refuses them), the side to move and the phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EinSteinSetup {
    pub cells: [Option<Piece>; SQUARES],
    pub to_move: Side,
    pub phase: Phase,
}

impl EinSteinSetup {
    /// The raw form of a position.
    #[must_use]
    pub fn of(game: &EinStein) -> EinSteinSetup {
        let mut cells = [None; SQUARES];
        for (square, piece) in game.pieces() {
            cells[square.index()] = Some(piece);
        }
        EinSteinSetup {
            cells,
            to_move: game.side_to_move(),
            phase: game.phase(),
        }
    }
}

fn read_side(text: &str) -> Result<Side, NotationError> {
    match text.to_ascii_lowercase().as_str() {
        "red" | "first" => Ok(Side::First),
        "blue" | "second" => Ok(Side::Second),
        _ => Err(NotationError::new(format!(
            "`{text}` is not a side: expected red or blue"
        ))),
    }
}

/// A piece token `R1`-`R6` / `B1`-`B6` (either case).
fn read_piece(side: char, number: char) -> Option<Piece> {
    let side = match side.to_ascii_uppercase() {
        'R' => Side::First,
        'B' => Side::Second,
        _ => return None,
    };
    let number = number.to_digit(10).filter(|n| (1..=6).contains(n))?;
    Some(Piece {
        side,
        // 1 to 6.
        number: number as u8,
    })
}

fn write_piece(piece: Option<Piece>) -> String {
    match piece {
        Some(Piece { side, number }) => {
            let letter = if side == Side::First { 'R' } else { 'B' };
            format!("{letter}{number}")
        }
        None => ".".to_owned(),
    }
}

fn number_text(row: usize) -> String {
    (row + 1).to_string()
}

fn unknown_cell(token: &str, row: &str) -> NotationError {
    NotationError::new(format!(
        "unknown diagram cell `{token}` in row {row}: expected R1-R6, B1-B6 or ."
    ))
}

/// Whether the board is one the setup leaves with `to_move` to set up: empty with the first
/// mover to move, or the first mover's full layout and nothing else with the other side.
fn is_setup_board(
    variant: &EinSteinVariant,
    cells: &[Option<Piece>; SQUARES],
    to_move: Side,
) -> bool {
    let pieces = placed(cells);
    if pieces.is_empty() {
        return to_move == variant.first;
    }
    to_move != variant.first && full_layout(&pieces, variant.first)
}

/// Whether `pieces` are exactly `side`'s six pieces, each number once, on its start cells.
fn full_layout(pieces: &[(usize, Piece)], side: Side) -> bool {
    let start = board::start_mask(side);
    let mut numbers = 0u8;
    pieces.len() == 6
        && pieces.iter().all(|&(index, piece)| {
            let fresh = numbers & (1 << (piece.number - 1)) == 0;
            numbers |= 1 << (piece.number - 1);
            piece.side == side && start & (1 << index) != 0 && fresh
        })
}

/// Refuses a `form` (the one-line position or the diagram) of `rows` rows: the board has
/// [`SIZE`].
fn expect_rows(form: &str, rows: usize) -> Result<(), NotationError> {
    if rows == SIZE {
        return Ok(());
    }
    Err(NotationError::new(format!(
        "the {form} has {rows} rows: expected {SIZE}"
    )))
}

/// The pieces on the board, each with the index of its square.
fn placed(cells: &[Option<Piece>; SQUARES]) -> Vec<(usize, Piece)> {
    cells
        .iter()
        .enumerate()
        .filter_map(|(index, cell)| cell.map(|piece| (index, piece)))
        .collect()
}

/// A `duplicate-piece` problem for every number a side has more than one piece of.
fn duplicate_pieces(pieces: &[(usize, Piece)]) -> Vec<SetupProblem> {
    let mut problems = Vec::new();
    for side in [Side::First, Side::Second] {
        for number in 1..=6 {
            let squares: Vec<String> = pieces
                .iter()
                .filter(|(_, piece)| piece.side == side && piece.number == number)
                .map(|&(index, _)| {
                    Square::from_index(index).map_or_else(String::new, format_square)
                })
                .collect();
            if squares.len() > 1 {
                problems.push(SetupProblem::new(
                    "duplicate-piece",
                    format!(
                        "{} has {} pieces numbered {number} ({})",
                        EinStein::side_name(side),
                        squares.len(),
                        squares.join(", ")
                    ),
                ));
            }
        }
    }
    problems
}

/// Whether `side` has won on `cells`: a piece of its own on its goal corner, or no enemy
/// piece left among `pieces`.
fn has_won(cells: &[Option<Piece>; SQUARES], pieces: &[(usize, Piece)], side: Side) -> bool {
    let goal = board::goal(side).index();
    let on_goal = cells[goal].is_some_and(|piece| piece.side == side);
    on_goal || !pieces.iter().any(|(_, p)| p.side == side.opponent())
}

impl EinSteinSetup {
    /// The problems of a position in the setup phase (`place`): the board must be the one the
    /// setup leaves to the side to move (`setup-phase`, `side-to-move`).
    fn setup_phase_problems(
        &self,
        variant: &EinSteinVariant,
        pieces: &[(usize, Piece)],
        problems: &mut Vec<SetupProblem>,
    ) {
        let first = variant.first;
        let second = first.opponent();
        if self.to_move == first && !pieces.is_empty() {
            problems.push(SetupProblem::new(
                "setup-phase",
                format!(
                    "{} sets up first, on an empty board: this one has {} pieces",
                    EinStein::side_name(first),
                    pieces.len()
                ),
            ));
        }
        if self.to_move == second && !full_layout(pieces, first) {
            let code = if pieces.is_empty() {
                "side-to-move"
            } else {
                "setup-phase"
            };
            problems.push(SetupProblem::new(
                code,
                format!(
                    "{} sets up after {}, whose six pieces stand on its start cells and nothing \
                     else on the board (the variant {variant} has {} move first)",
                    EinStein::side_name(second),
                    EinStein::side_name(first),
                    EinStein::side_name(first)
                ),
            ));
        }
    }

    /// The problems of a position after the setup (a die to roll or rolled): a board with
    /// pieces (`piece-count`), at most one winner (`both-won`), and nothing done after a win
    /// (`moved-after-end`).
    fn play_phase_problems(&self, pieces: &[(usize, Piece)], problems: &mut Vec<SetupProblem>) {
        if pieces.is_empty() {
            problems.push(SetupProblem::new(
                "piece-count",
                "no piece on the board: the game has not been set up (use the phase `place`)",
            ));
            return;
        }
        let won = |side: Side| has_won(&self.cells, pieces, side);
        let first_won = won(Side::First);
        match (first_won, won(Side::Second)) {
            (true, true) => problems.push(SetupProblem::new(
                "both-won",
                "both sides have won: each has a piece on its goal corner or has taken every \
                 enemy piece",
            )),
            (true, false) | (false, true) => {
                let winner = if first_won { Side::First } else { Side::Second };
                if self.to_move == winner || self.phase != Phase::Roll {
                    problems.push(SetupProblem::new(
                        "moved-after-end",
                        format!(
                            "{} has won, so the game ended with its move: {} cannot be to \
                             move or have rolled",
                            EinStein::side_name(winner),
                            EinStein::side_name(self.to_move)
                        ),
                    ));
                }
            }
            (false, false) => {}
        }
    }
}

impl PositionText<EinStein> for EinSteinSetup {
    /// Reads the one-line form (see the module docs).
    ///
    /// # Errors
    /// A [`NotationError`] naming the row or word that is wrong.
    fn parse_position(_: &EinSteinVariant, text: &str) -> Result<EinSteinSetup, NotationError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let [rows, side, phase] = words.as_slice() else {
            return Err(NotationError::new(format!(
                "`{text}`: expected the rows, the side to move and the phase, e.g. \
                 `R1R2R3../R4R5.../R6...B1/...B2B3/..B4B5B6 red roll`"
            )));
        };
        let rows: Vec<&str> = rows.split('/').collect();
        expect_rows("position", rows.len())?;
        let mut cells = [None; SQUARES];
        for (row, text) in rows.iter().enumerate() {
            let mut column = 0;
            let mut chars = text.chars();
            while let Some(c) = chars.next() {
                let (piece, width) = match c {
                    '.' => (None, 1),
                    '1'..='5' => (None, c.to_digit(10).map_or(1, |n| n as usize)),
                    _ => {
                        let number = chars.next().unwrap_or(' ');
                        let piece = read_piece(c, number).ok_or_else(|| {
                            NotationError::new(format!(
                                "row `{text}`: `{c}{number}` is not a cell: expected R1-R6, \
                                 B1-B6, . or a number of empty squares"
                            ))
                        })?;
                        (Some(piece), 1)
                    }
                };
                if column + width > SIZE {
                    return Err(NotationError::new(format!(
                        "row `{text}` is longer than {SIZE} squares"
                    )));
                }
                cells[row * SIZE + column] = piece;
                column += width;
            }
            if column != SIZE {
                return Err(NotationError::new(format!(
                    "row `{text}` has {column} squares: expected {SIZE}"
                )));
            }
        }
        let to_move = read_side(side)?;
        let phase = match *phase {
            "place" => Phase::Place,
            "roll" => Phase::Roll,
            number => match number.parse::<u8>() {
                Ok(die @ 1..=6) => Phase::Move(die),
                _ => {
                    return Err(NotationError::new(format!(
                        "`{number}` is not a phase: expected place, roll or the number rolled (1 to 6)"
                    )));
                }
            },
        };
        Ok(EinSteinSetup {
            cells,
            to_move,
            phase,
        })
    }

    /// Reads a diagram (see the module docs) with the side to move.
    ///
    /// # Errors
    /// A [`NotationError`] for a wrong number of rows or cells, a wrong row label or a cell that
    /// is not a piece.
    fn parse_diagram(
        variant: &EinSteinVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<EinSteinSetup, NotationError> {
        let letters = ["a", "b", "c", "d", "e"];
        let rows: Vec<Vec<&str>> = diagram
            .lines()
            .map(|line| line.split_whitespace().collect::<Vec<_>>())
            .filter(|tokens| {
                let header = tokens.len() == SIZE
                    && tokens
                        .iter()
                        .zip(letters)
                        .all(|(token, letter)| token.eq_ignore_ascii_case(letter));
                !tokens.is_empty() && !header
            })
            .collect();
        expect_rows("diagram", rows.len())?;
        let mut cells = [None; SQUARES];
        for (row, tokens) in rows.iter().enumerate() {
            let number = (row + 1).to_string();
            let mut tokens = tokens.as_slice();
            for _ in 0..2 {
                let label = match tokens {
                    [first, rest @ ..] if first.bytes().all(|b| b.is_ascii_digit()) => {
                        Some((*first, rest))
                    }
                    [rest @ .., last] if last.bytes().all(|b| b.is_ascii_digit()) => {
                        Some((*last, rest))
                    }
                    _ => None,
                };
                if let Some((label, rest)) = label {
                    if label != number {
                        return Err(NotationError::new(format!(
                            "diagram row {number} is labelled {label}"
                        )));
                    }
                    tokens = rest;
                }
            }
            if tokens.len() != SIZE {
                return Err(NotationError::new(format!(
                    "diagram row {number} has {} cells: expected {SIZE}",
                    tokens.len()
                )));
            }
            for (column, token) in tokens.iter().enumerate() {
                let mut chars = token.chars();
                let piece = match (chars.next(), chars.next(), chars.next()) {
                    (Some('.'), None, None) => None,
                    (Some(side), Some(number), None) => Some(
                        read_piece(side, number)
                            .ok_or_else(|| unknown_cell(token, &number_text(row)))?,
                    ),
                    _ => return Err(unknown_cell(token, &number_text(row))),
                };
                cells[row * SIZE + column] = piece;
            }
        }
        let phase = if is_setup_board(variant, &cells, to_move) {
            Phase::Place
        } else {
            Phase::Roll
        };
        Ok(EinSteinSetup {
            cells,
            to_move,
            phase,
        })
    }

    /// Writes the one-line form; [`PositionText::parse_position`] reads it back.
    fn format_position(game: &EinStein) -> String {
        let setup = &EinSteinSetup::of(game);
        let rows: Vec<String> = (0..SIZE)
            .map(|row| {
                (0..SIZE)
                    .map(|column| write_piece(setup.cells[row * SIZE + column]))
                    .collect()
            })
            .collect();
        let phase = match setup.phase {
            Phase::Place => "place".to_owned(),
            Phase::Roll => "roll".to_owned(),
            Phase::Move(die) => die.to_string(),
        };
        format!(
            "{} {} {phase}",
            rows.join("/"),
            EinStein::side_name(setup.to_move)
        )
    }

    /// Writes the diagram: file letters on top, rank numbers on the left.
    fn diagram(game: &EinStein) -> String {
        let cells = &EinSteinSetup::of(game).cells;
        let mut out = String::from("   a  b  c  d  e\n");
        for row in 0..SIZE {
            let cells: Vec<String> = (0..SIZE)
                .map(|column| format!("{:<2}", write_piece(cells[row * SIZE + column])))
                .collect();
            out.push_str(format!("{}  {}", row + 1, cells.join(" ")).trim_end());
            out.push('\n');
        }
        out
    }

    /// Validates a raw setup: every problem is listed (see the module docs for the codes).
    ///
    /// # Errors
    /// The problems found.
    fn validate(&self, variant: &EinSteinVariant) -> Result<EinStein, Vec<SetupProblem>> {
        let setup = self;
        let pieces = placed(&setup.cells);
        let mut problems = duplicate_pieces(&pieces);
        if setup.phase == Phase::Place {
            setup.setup_phase_problems(variant, &pieces, &mut problems);
        } else {
            setup.play_phase_problems(&pieces, &mut problems);
        }
        SetupProblem::validated(problems, || {
            let pieces: Vec<(Square, Piece)> = pieces
                .into_iter()
                .filter_map(|(index, piece)| Some((Square::from_index(index)?, piece)))
                .collect();
            EinStein::from_parts(*variant, &pieces, setup.to_move, setup.phase)
        })
    }
}
