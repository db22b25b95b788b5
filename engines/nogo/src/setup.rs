//! Raw positions: the board diagram and the one-line form, parsed into a [`NoGoSetup`] that
//! [`crate::NoGo::from_setup`] validates.
//!
//! Diagram: one text row per board row, top row (highest rank) first; `X` a black stone, `O`
//! a white stone, `.` (or `+`, `-`) an empty point; spaces between cells are ignored. One-line
//! form: the same rows joined by `/`, a number standing for that many empty points, then a
//! space and the side to move (`black`/`white`, or `b`/`w`), e.g. `9/9/9/9/4X4/9/9/9/9 white`.

use arbiter_core::{NotationError, Side};

/// A position as written, not yet validated: `cells[row * size + column]`, a1 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoGoSetup {
    pub size: u8,
    pub cells: Vec<Option<Side>>,
    pub to_move: Side,
}

fn cell_of(c: char) -> Option<Option<Side>> {
    match c {
        '.' | '+' | '-' => Some(None),
        'X' | 'x' => Some(Some(Side::First)),
        'O' | 'o' => Some(Some(Side::Second)),
        _ => None,
    }
}

fn cell_char(cell: Option<Side>) -> char {
    match cell {
        None => '.',
        Some(Side::First) => 'X',
        Some(Side::Second) => 'O',
    }
}

/// Reads the side to move: `black`/`b` or `white`/`w`, any case.
///
/// # Errors
/// A [`NotationError`] for anything else.
pub fn parse_side(text: &str) -> Result<Side, NotationError> {
    match text.to_ascii_lowercase().as_str() {
        "black" | "b" => Ok(Side::First),
        "white" | "w" => Ok(Side::Second),
        _ => Err(NotationError::new(format!(
            "`{text}` is not a side: expected black or white"
        ))),
    }
}

/// Parses a diagram of a `size` x `size` board.
///
/// # Errors
/// A [`NotationError`] on a wrong number of rows or cells, or an unknown character.
pub fn parse_diagram(size: u8, diagram: &str, to_move: Side) -> Result<NoGoSetup, NotationError> {
    let n = usize::from(size);
    let rows: Vec<&str> = diagram
        .lines()
        .map(str::trim)
        .filter(|row| !row.is_empty())
        .collect();
    if rows.len() != n {
        return Err(NotationError::new(format!(
            "the diagram has {} rows: expected {n}",
            rows.len()
        )));
    }
    let mut cells = vec![None; n * n];
    for (index, row) in rows.iter().enumerate() {
        let rank = n - 1 - index;
        let row_cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        if row_cells.len() != n {
            return Err(NotationError::new(format!(
                "diagram row {} (`{row}`) has {} cells: expected {n}",
                index + 1,
                row_cells.len()
            )));
        }
        for (column, c) in row_cells.into_iter().enumerate() {
            cells[rank * n + column] = cell_of(c).ok_or_else(|| {
                NotationError::new(format!(
                    "unknown diagram character `{c}`: expected X, O or ."
                ))
            })?;
        }
    }
    Ok(NoGoSetup {
        size,
        cells,
        to_move,
    })
}

/// Parses the one-line form of a `size` x `size` board.
///
/// # Errors
/// A [`NotationError`] when the rows, their lengths, a character or the side are wrong.
pub fn parse_line(size: u8, text: &str) -> Result<NoGoSetup, NotationError> {
    let n = usize::from(size);
    let mut parts = text.split_whitespace();
    let (Some(board), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(NotationError::new(format!(
            "`{text}` is not a NoGo position: expected `<rows separated by /> <black|white>`"
        )));
    };
    let to_move = parse_side(side)?;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != n {
        return Err(NotationError::new(format!(
            "the position has {} rows: expected {n}",
            rows.len()
        )));
    }
    let mut cells = vec![None; n * n];
    for (index, row) in rows.iter().enumerate() {
        let rank = n - 1 - index;
        let mut column = 0usize;
        let mut run = 0usize;
        let too_long = || NotationError::new(format!("row `{row}` is longer than {n} points"));
        for c in row.chars() {
            if let Some(digit) = c.to_digit(10) {
                run = run * 10 + digit as usize;
                if run > n {
                    return Err(too_long());
                }
                continue;
            }
            column += std::mem::take(&mut run);
            let cell = cell_of(c).ok_or_else(|| {
                NotationError::new(format!(
                    "unknown character `{c}` in row `{row}`: expected X, O, . or a number"
                ))
            })?;
            if column >= n {
                return Err(too_long());
            }
            cells[rank * n + column] = cell;
            column += 1;
        }
        column += run;
        if column != n {
            return Err(NotationError::new(format!(
                "row `{row}` has {column} points: expected {n}"
            )));
        }
    }
    Ok(NoGoSetup {
        size,
        cells,
        to_move,
    })
}

/// Formats cells (a1 first) as the one-line form, empty runs as numbers.
#[must_use]
pub fn format_line(size: u8, cells: &[Option<Side>], to_move: Side) -> String {
    let n = usize::from(size);
    let mut out = String::new();
    for rank in (0..n).rev() {
        let mut run = 0;
        for column in 0..n {
            match cells[rank * n + column] {
                None => run += 1,
                cell => {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(cell_char(cell));
                }
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push_str(if to_move == Side::First {
        " black"
    } else {
        " white"
    });
    out
}

/// Formats cells (a1 first) as a diagram: rows top first, cells separated by spaces.
#[must_use]
pub fn format_diagram(size: u8, cells: &[Option<Side>]) -> String {
    let n = usize::from(size);
    (0..n)
        .rev()
        .map(|rank| {
            (0..n)
                .map(|column| cell_char(cells[rank * n + column]).to_string())
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
    fn a_line_reads_back() {
        let text = "9/9/9/9/4X4/3O5/9/9/X8 black";
        let setup = parse_line(9, text).unwrap();
        assert_eq!(setup.cells[0], Some(Side::First)); // a1
        assert_eq!(setup.cells[4 * 9 + 4], Some(Side::First)); // e5
        assert_eq!(setup.cells[3 * 9 + 3], Some(Side::Second)); // d4
        assert_eq!(format_line(9, &setup.cells, setup.to_move), text);
    }

    #[rstest]
    #[case("9/9/9/9/9/9/9/9/9")]
    #[case("9/9/9/9/9/9/9/9/9 red")]
    #[case("9/9/9/9/9/9/9/9 black")]
    #[case("10/9/9/9/9/9/9/9/9 black")]
    #[case("8/9/9/9/9/9/9/9/9 black")]
    #[case("4Q4/9/9/9/9/9/9/9/9 black")]
    #[case("9/9/9/9/9/9/9/9/9 black extra")]
    #[case("99999999999999999999/9/9/9/9/9/9/9/9 black")]
    #[case("XXXXXXXXXX/9/9/9/9/9/9/9/9 black")]
    fn bad_lines_are_refused(#[case] text: &str) {
        assert!(parse_line(9, text).is_err(), "{text}");
    }

    #[test]
    fn diagram_round_trips_with_spaces_or_without() {
        let setup = parse_line(5, "5/1X3/2O2/5/X3O white").unwrap();
        let diagram = format_diagram(5, &setup.cells);
        assert_eq!(parse_diagram(5, &diagram, Side::Second), Ok(setup.clone()));
        let compact = diagram.replace(' ', "");
        assert_eq!(parse_diagram(5, &compact, Side::Second), Ok(setup));
    }

    #[rstest]
    #[case(".....\n.....")]
    #[case(".....\n.....\n.....\n.....\n....")]
    #[case(".....\n.....\n.....\n.....\n....Q")]
    #[case(".....\n.....\n.....\n.....\n......")]
    fn bad_diagrams_are_refused(#[case] text: &str) {
        assert!(parse_diagram(5, text, Side::First).is_err());
    }
}
