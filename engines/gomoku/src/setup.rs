//! Raw positions ([`Setup`]) and their two text forms: the board diagram and the one-line form.
//!
//! Diagram: one text row per board row, top row first; `X` black, `O` white, `.` empty (also `+`
//! or `-`; lower case accepted); spaces between cells are optional; a row number may lead and/or
//! trail each row and a line of column letters (`a b c ...`) may come first and/or last. That is
//! exactly what [`PositionText::diagram`] prints.
//!
//! One-line form: `black: h8,i9; white: h9; to-move: black` — fields separated by `;`, in any
//! order: `black` and `white` list points (commas or spaces; `-` or nothing for none), `to-move`
//! is the *colour* of the next stone (default: black when both colours have as many stones, else
//! white), and the optional `first` is the colour of the first player (default black; only a swap
//! opening makes it white).
//!
//! A set-up position counts its stones as its plies. Its opening stage is inferred from the stone
//! count, as if no decision had been taken yet: a swap decision is on offer exactly when the
//! count is the decision ply (and, for `swap2`, 3 stones with white to move). Positions inside
//! swap2's `put-two` stage are reachable only by playing moves from the start.

use arbiter_core::grid::{Grid, Labels, RowOrder};
use arbiter_core::{NotationError, PositionText, SetupProblem, Side};

use crate::board::{Colour, Point};
use crate::opening::Stage;
use crate::rules::Gomoku;
use crate::variant::{GomokuVariant, Opening};

/// A raw position: what a spec or a protocol message says, not yet validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Board side.
    pub size: u8,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
    /// The colour of the next stone.
    pub to_move: Colour,
    /// The colour of the first player (black unless a swap was taken).
    pub first: Colour,
}

/// Every problem of `setup` under `variant`.
pub(crate) fn check_setup(variant: &GomokuVariant, setup: &Setup) -> Vec<SetupProblem> {
    let mut problems = Vec::new();
    if setup.size != variant.size {
        problems.push(SetupProblem::new(
            "board-size",
            format!(
                "the position is {}x{} but the variant {variant} is {}x{}",
                setup.size, setup.size, variant.size, variant.size
            ),
        ));
    }
    let mut seen = vec![false; crate::board::CELLS];
    for point in setup.black.iter().chain(&setup.white) {
        if !point.on_board(variant.size) {
            problems.push(SetupProblem::new(
                "off-board",
                format!("{point} is off the board"),
            ));
        } else if std::mem::replace(&mut seen[point.index()], true) {
            problems.push(SetupProblem::new(
                "overlap",
                format!("{point} holds more than one stone"),
            ));
        }
    }
    // Stones alternate black, white from black's first: white never has more than black, or
    // one more after a Botzone exchange turned every stone over. Rulebook diagrams of black's
    // forbidden points are drawn freely (many more black stones, or one white stone more), so
    // only what no diagram and no game has is refused.
    if setup.white.len() > setup.black.len() + 1 {
        problems.push(SetupProblem::new(
            "piece-count",
            format!(
                "white has {} stones and black {}: black places the first stone and the sides \
                 alternate, so white never has more than one stone more than black",
                setup.white.len(),
                setup.black.len(),
            ),
        ));
    }
    if variant.opening == Opening::Swap2 && setup.black.len() + setup.white.len() < 3 {
        let expected = if setup.white.len() < setup.black.len() {
            Colour::White
        } else {
            Colour::Black
        };
        if setup.black.len() > setup.white.len() + 1
            || setup.white.len() > setup.black.len()
            || setup.to_move != expected
        {
            problems.push(SetupProblem::new(
                "opening-order",
                "swap2 opening stones must alternate black, white, black",
            ));
        }
    }
    problems
}

/// The opening stage of a set-up position (see the module docs).
pub(crate) fn inferred_stage(variant: &GomokuVariant, setup: &Setup) -> Stage {
    let stones = setup.black.len() + setup.white.len();
    let usual = if stones.is_multiple_of(2) {
        Colour::Black
    } else {
        Colour::White
    };
    let untouched = setup.first == Colour::Black && setup.to_move == usual;
    match variant.opening {
        Opening::Plain => Stage::Play,
        Opening::SwapAt { ply } | Opening::ExchangeAt { ply } => {
            if stones == usize::from(ply) && untouched {
                Stage::Decision
            } else {
                Stage::Play
            }
        }
        Opening::Swap2 if stones < 3 => Stage::Swap2Opening,
        Opening::Swap2 if stones == 3 && untouched => Stage::Swap2Choice,
        Opening::Swap2 => Stage::Play,
    }
}

/// The text layout of a `size` board: row 1 at the bottom.
pub(crate) const fn grid(size: u8) -> Grid {
    Grid::square(size as usize, RowOrder::BottomIsOne, "cells", "X, O or .")
}

/// The stone colour of a diagram cell, `Ok(None)` for an empty cell.
fn cell(c: char) -> Option<Option<Colour>> {
    match c {
        'X' | 'x' | 'B' | 'b' | '●' => Some(Some(Colour::Black)),
        'O' | 'o' | 'W' | 'w' | '○' => Some(Some(Colour::White)),
        '.' | '+' | '-' | '_' => Some(None),
        _ => None,
    }
}

/// Reads a point list (`h8,i9` or `h8 i9`; `-` or nothing for none).
fn parse_points(text: &str) -> Result<Vec<Point>, NotationError> {
    text.split([',', ' '])
        .map(str::trim)
        .filter(|t| !t.is_empty() && *t != "-")
        .map(Point::parse)
        .collect()
}

impl PositionText<Gomoku> for Setup {
    /// Reads the one-line form on the variant's board.
    ///
    /// # Errors
    /// A [`NotationError`] for an unknown or repeated field, a bad point or a bad colour.
    fn parse_position(variant: &GomokuVariant, text: &str) -> Result<Setup, NotationError> {
        let mut black = None;
        let mut white = None;
        let mut to_move = None;
        let mut first = None;
        for field in text.split(';').map(str::trim).filter(|f| !f.is_empty()) {
            let (key, value) = field
                .split_once(':')
                .ok_or_else(|| NotationError::new(format!("expected key: value, got {field:?}")))?;
            let repeated = || NotationError::new(format!("field {:?} given twice", key.trim()));
            let colour = |v: &str| {
                // Gomocup's `x` and `o` beside the colour names.
                match v.trim().to_ascii_lowercase().as_str() {
                    "x" => Some(Colour::Black),
                    "o" => Some(Colour::White),
                    other => Colour::parse(other),
                }
                .ok_or_else(|| NotationError::new(format!("expected black or white, got {v:?}")))
            };
            match key.trim() {
                "black" if black.is_none() => black = Some(parse_points(value)?),
                "white" if white.is_none() => white = Some(parse_points(value)?),
                "to-move" if to_move.is_none() => to_move = Some(colour(value)?),
                "first" if first.is_none() => first = Some(colour(value)?),
                "black" | "white" | "to-move" | "first" => return Err(repeated()),
                other => {
                    return Err(NotationError::new(format!(
                        "unknown field {other:?} (expected black, white, to-move, first)"
                    )));
                }
            }
        }
        let black = black.unwrap_or_default();
        let white = white.unwrap_or_default();
        let to_move = to_move.unwrap_or(if black.len() == white.len() {
            Colour::Black
        } else {
            Colour::White
        });
        Ok(Setup {
            size: variant.size,
            black,
            white,
            to_move,
            first: first.unwrap_or(Colour::Black),
        })
    }

    /// Reads a diagram of the variant's board with `to_move` to play; the first player is black.
    ///
    /// # Errors
    /// A [`NotationError`] naming the row when the shape or a character is wrong.
    fn parse_diagram(
        variant: &GomokuVariant,
        rows: &str,
        side: Side,
    ) -> Result<Self, NotationError> {
        let cells = grid(variant.size).parse_diagram(rows, cell)?;
        let mut setup = Setup {
            size: variant.size,
            black: Vec::new(),
            white: Vec::new(),
            to_move: if side == Side::First {
                Colour::Black
            } else {
                Colour::White
            },
            first: Colour::Black,
        };
        let width = usize::from(variant.size);
        for (index, stone) in cells.into_iter().enumerate() {
            // Both are below the board size, which fits a u8.
            let point = Point::new((index % width) as u8, (index / width) as u8);
            match stone {
                Some(Colour::Black) => setup.black.push(point),
                Some(Colour::White) => setup.white.push(point),
                None => {}
            }
        }
        Ok(setup)
    }

    /// The one-line form of the position (points bottom row first).
    fn format_position(game: &Gomoku) -> String {
        let setup = &game.to_setup();
        let list = |points: &[Point]| {
            if points.is_empty() {
                "-".to_owned()
            } else {
                points
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            }
        };
        let mut out = format!(
            "black: {}; white: {}; to-move: {}",
            list(&setup.black),
            list(&setup.white),
            setup.to_move
        );
        if setup.first == Colour::White {
            out.push_str("; first: white");
        }
        out
    }

    /// The diagram of the position: a letter line, rows with their numbers on both sides, a letter line.
    fn diagram(game: &Gomoku) -> String {
        let setup = &game.to_setup();
        let size = setup.size;
        let cells: Vec<char> = (0..size)
            .flat_map(|row| (0..size).map(move |col| Point::new(col, row)))
            .map(|point| {
                if setup.black.contains(&point) {
                    'X'
                } else if setup.white.contains(&point) {
                    'O'
                } else {
                    '.'
                }
            })
            .collect();
        grid(size).format_diagram(&cells, Labels::Around, 2, |c| c)
    }

    /// Validates the setup under `variant`: every problem [`check_setup`] finds, or the position.
    fn validate(&self, variant: &GomokuVariant) -> Result<Gomoku, Vec<SetupProblem>> {
        SetupProblem::validated(check_setup(variant, self), || {
            Gomoku::from_checked_setup(variant, self)
        })?
    }
}
