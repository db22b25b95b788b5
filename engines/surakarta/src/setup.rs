//! Raw positions: the board diagram and the one-line form, parsed into a [`SurakartaSetup`]
//! that [`crate::Surakarta`] validates.
//!
//! Diagram: six rows, rank 6 first; `R` a red piece (the first player, home ranks 1-2), `B` a
//! black piece, `.` (or `-`) an empty point; spaces between cells are ignored. One-line form:
//! the rows joined by `/`, a number standing for that many empty points, then the side to move
//! (`red`/`black` or `r`/`b`) and, optionally, the number of plies since the last capture
//! (default 0), e.g. the start `BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red 0`.

use arbiter_core::{NotationError, Side};

use crate::board::{POINTS, SIZE};

/// A position as written, not yet validated: `cells[rank * 6 + file]`, a1 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SurakartaSetup {
    pub cells: Vec<Option<Side>>,
    pub to_move: Side,
    /// Plies played since the last capture (for the no-capture limit).
    pub no_capture_plies: u32,
}

fn cell_from_char(c: char) -> Option<Option<Side>> {
    match c {
        '.' | '-' => Some(None),
        'R' | 'r' => Some(Some(Side::First)),
        'B' | 'b' => Some(Some(Side::Second)),
        _ => None,
    }
}

fn cell_char(cell: Option<Side>) -> char {
    match cell {
        None => '.',
        Some(Side::First) => 'R',
        Some(Side::Second) => 'B',
    }
}

/// Reads the side to move: `red`/`r` or `black`/`b`, any case.
///
/// # Errors
/// A [`NotationError`] for anything else.
pub fn parse_side(text: &str) -> Result<Side, NotationError> {
    match text.to_ascii_lowercase().as_str() {
        "red" | "r" => Ok(Side::First),
        "black" | "b" => Ok(Side::Second),
        _ => Err(NotationError::new(format!(
            "`{text}` is not a side: expected red or black"
        ))),
    }
}

/// Parses a six-row diagram.
///
/// # Errors
/// A [`NotationError`] on a wrong number of rows or cells, or an unknown character.
pub fn parse_diagram(diagram: &str, to_move: Side) -> Result<SurakartaSetup, NotationError> {
    let rows: Vec<&str> = diagram
        .lines()
        .map(str::trim)
        .filter(|row| !row.is_empty())
        .collect();
    if rows.len() != SIZE {
        return Err(NotationError::new(format!(
            "the diagram has {} rows: expected {SIZE}",
            rows.len()
        )));
    }
    let mut cells = vec![None; POINTS];
    for (index, row) in rows.iter().enumerate() {
        let rank = SIZE - 1 - index;
        let row_cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        if row_cells.len() != SIZE {
            return Err(NotationError::new(format!(
                "diagram row {} (`{row}`) has {} cells: expected {SIZE}",
                index + 1,
                row_cells.len()
            )));
        }
        for (file, c) in row_cells.into_iter().enumerate() {
            cells[rank * SIZE + file] = cell_from_char(c).ok_or_else(|| {
                NotationError::new(format!(
                    "unknown diagram character `{c}`: expected R, B or ."
                ))
            })?;
        }
    }
    Ok(SurakartaSetup {
        cells,
        to_move,
        no_capture_plies: 0,
    })
}

/// Parses the one-line form `BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red 0`.
///
/// # Errors
/// A [`NotationError`] when the rows, a character, the side or the ply count are wrong.
pub fn parse_line(text: &str) -> Result<SurakartaSetup, NotationError> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    let (board, side, plies) = match parts.as_slice() {
        [board, side] => (*board, *side, None),
        [board, side, plies] => (*board, *side, Some(*plies)),
        _ => {
            return Err(NotationError::new(format!(
                "`{text}` is not a Surakarta position: expected `<rows separated by /> <red|black> [plies since capture]`"
            )));
        }
    };
    let to_move = parse_side(side)?;
    let no_capture_plies = match plies {
        None => 0,
        Some(plies) => plies.parse().map_err(|_| {
            NotationError::new(format!(
                "`{plies}` is not a number of plies since the last capture"
            ))
        })?,
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != SIZE {
        return Err(NotationError::new(format!(
            "the position has {} rows: expected {SIZE}",
            rows.len()
        )));
    }
    let mut cells = vec![None; POINTS];
    for (index, row) in rows.iter().enumerate() {
        let rank = SIZE - 1 - index;
        let mut file = 0usize;
        let mut run = 0usize;
        let too_long = || NotationError::new(format!("row `{row}` is longer than {SIZE} points"));
        for c in row.chars() {
            if let Some(digit) = c.to_digit(10) {
                // A number (of any length) is a run of empty points.
                run = run * 10 + digit as usize;
                if file + run > SIZE {
                    return Err(too_long());
                }
                continue;
            }
            file += std::mem::take(&mut run);
            let cell = cell_from_char(c).ok_or_else(|| {
                NotationError::new(format!(
                    "unknown character `{c}` in row `{row}`: expected R, B, . or a number"
                ))
            })?;
            if file >= SIZE {
                return Err(too_long());
            }
            cells[rank * SIZE + file] = cell;
            file += 1;
        }
        file += run;
        if file != SIZE {
            return Err(NotationError::new(format!(
                "row `{row}` has {file} points: expected {SIZE}"
            )));
        }
    }
    Ok(SurakartaSetup {
        cells,
        to_move,
        no_capture_plies,
    })
}

/// Formats cells (a1 first) as the one-line form.
#[must_use]
pub fn format_line(cells: &[Option<Side>], to_move: Side, no_capture_plies: u32) -> String {
    let mut rows = Vec::new();
    for rank in (0..SIZE).rev() {
        let mut row = String::new();
        let mut run = 0;
        for file in 0..SIZE {
            match cells[rank * SIZE + file] {
                None => run += 1,
                cell => {
                    if run > 0 {
                        row.push_str(&run.to_string());
                        run = 0;
                    }
                    row.push(cell_char(cell));
                }
            }
        }
        if run > 0 {
            row.push_str(&run.to_string());
        }
        rows.push(row);
    }
    let side = if to_move == Side::First {
        "red"
    } else {
        "black"
    };
    format!("{} {side} {no_capture_plies}", rows.join("/"))
}

/// Formats cells (a1 first) as a diagram: rank 6 first, cells separated by spaces.
#[must_use]
pub fn format_diagram(cells: &[Option<Side>]) -> String {
    (0..SIZE)
        .rev()
        .map(|rank| {
            (0..SIZE)
                .map(|file| cell_char(cells[rank * SIZE + file]).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[test]
    fn the_start_reads_back() {
        let text = "BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red 0";
        let setup = parse_line(text).unwrap();
        assert_eq!(setup.cells[0], Some(Side::First));
        assert_eq!(setup.cells[35], Some(Side::Second));
        assert_eq!(
            format_line(&setup.cells, setup.to_move, setup.no_capture_plies),
            text
        );
        let diagram = format_diagram(&setup.cells);
        assert_eq!(parse_diagram(&diagram, Side::First), Ok(setup));
    }

    #[rstest]
    #[case("BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red", Side::First, 0)]
    #[case("6/6/2R3/6/3b2/6 b 17", Side::Second, 17)]
    fn good_lines(#[case] text: &str, #[case] to_move: Side, #[case] plies: u32) {
        let setup = parse_line(text).unwrap();
        assert_eq!((setup.to_move, setup.no_capture_plies), (to_move, plies));
    }

    #[rstest]
    #[case("BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR")]
    #[case("BBBBBB/BBBBBB/6/6/RRRRRR red")]
    #[case("BBBBBB/BBBBBB/6/6/RRRRRR/RRRRR red")]
    #[case("BBBBBB/BBBBBB/7/6/RRRRRR/RRRRRR red")]
    #[case("BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRRR red")]
    #[case("BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRX red")]
    #[case("BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR green")]
    #[case("BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red -1")]
    #[case("BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red 1 2")]
    #[case("BBBBBB/BBBBBB/33/6/RRRRRR/RRRRRR red")]
    fn bad_lines(#[case] text: &str) {
        assert!(parse_line(text).is_err(), "{text}");
    }

    #[rstest]
    #[case("......\n......")]
    #[case("......\n......\n......\n......\n......\n.....")]
    #[case("......\n......\n......\n......\n......\n.....X")]
    fn bad_diagrams(#[case] text: &str) {
        assert!(parse_diagram(text, Side::First).is_err());
    }
}
