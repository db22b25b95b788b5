//! Text forms: points, moves, the one-line position form and the board diagram.
//!
//! **Points**: a column letter `a`..`s` followed by a row number `1`..`19`, e.g. `j10`. Columns
//! run left to right *without skipping `i`* (`a b c d e f g h i j … s`: 19 letters for 19
//! columns); some Go-style GUIs skip `i`, so their `j` is our `i` — convert when comparing.
//! Rows run from `1` at the bottom to `19` at the top. Letters may be upper case.
//!
//! **Moves**: a single point (black's first turn) or two points. A move is written as one token
//! so that a move list can be split on whitespace: the engine writes `j10-k11`, smaller point
//! index first (lower row first, then the left column), and reads `j10-k11`, `j10,k11` and
//! `j10k11` in either order (`k11-j10` is the same move).
//!
//! **One-line position**: rows from the top (row 19) to the bottom separated by `/`, each row
//! made of `x` (black), `o` (white), `.` (one empty point) and decimal numbers (that many empty
//! points), then a space and the side to move (`black` or `white`). The start position on
//! 19x19 is `19/19/…/19 black` (19 rows); the engine writes empty runs as numbers.
//!
//! **Diagram**: one text row per board row, top row (19) first, cells `X` (black), `O` (white)
//! and `.` (`+` and `-` are read as empty too), spaces between cells allowed. The labels that
//! [`diagram`] prints (a header of column letters, row numbers on both sides) are skipped.

use arbiter_core::grid::{self, Grid, Labels, RowOrder};
use arbiter_core::{NotationError, Side};

use crate::board::{Board, Point};
use crate::moves::Move;

const COLUMNS: &[u8; 19] = b"abcdefghijklmnopqrs";

/// The spec name of a side.
#[must_use]
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "black",
        Side::Second => "white",
    }
}

/// Writes a point as `a1`..`s19`.
#[must_use]
pub fn format_point(point: Point) -> String {
    format!("{}{}", char::from(COLUMNS[point.column()]), point.row() + 1)
}

/// Writes a move: `j10` or `j10-k11` (smaller index first).
#[must_use]
pub fn format_move(mv: Move) -> String {
    match mv.second() {
        None => format_point(mv.first()),
        Some(second) => format!("{}-{}", format_point(mv.first()), format_point(second)),
    }
}

/// Reads one point at the start of `text`, returning it and the rest of the text.
fn read_point(text: &str, size: usize) -> Result<(Point, &str), NotationError> {
    let expected = || {
        NotationError::new(format!(
            "expected a point such as `j10` (column a..{}, row 1..{size}), found `{text}`",
            char::from(COLUMNS[size - 1])
        ))
    };
    let letter = text
        .bytes()
        .next()
        .ok_or_else(expected)?
        .to_ascii_lowercase();
    let column = COLUMNS
        .iter()
        .position(|&c| c == letter)
        .ok_or_else(expected)?;
    let digits = text[1..].bytes().take_while(u8::is_ascii_digit).count();
    // Two digits at most: rows go to 19; longer numbers are an error, not an overflow.
    if digits == 0 || digits > 2 || text[1..].starts_with('0') {
        return Err(expected());
    }
    let row: usize = text[1..=digits].parse().map_err(|_| expected())?;
    if column >= size || row == 0 || row > size {
        return Err(NotationError::new(format!(
            "`{}` is off the {size}x{size} board",
            &text[..=digits]
        )));
    }
    let point = Point::new(row - 1, column).ok_or_else(expected)?;
    Ok((point, &text[1 + digits..]))
}

/// Reads a move on a `size` x `size` board: `j10`, or a pair `j10-k11`, `j10,k11`, `j10k11` or
/// `j10 k11`, in either order.
///
/// # Errors
/// A [`NotationError`] unless the text is one or two points, on the board, with at most one
/// separator between them.
pub fn parse_move(text: &str, size: usize) -> Result<Move, NotationError> {
    let trimmed = text.trim();
    if !trimmed.is_ascii() {
        return Err(NotationError::new(format!(
            "expected a move such as `j10-k11`, found `{text}`"
        )));
    }
    let (first, rest) = read_point(trimmed, size)?;
    if rest.is_empty() {
        return Ok(Move::single(first));
    }
    let rest = rest.trim_start();
    let rest = rest.strip_prefix(['-', ',']).unwrap_or(rest).trim_start();
    let (second, rest) = read_point(rest, size)?;
    if !rest.is_empty() {
        return Err(NotationError::new(format!(
            "a move has one or two points, found more in `{text}`"
        )));
    }
    Ok(Move::pair(first, second))
}

/// The text layout of a `size` x `size` board: row 1 at the bottom.
const fn grid(size: usize) -> Grid {
    Grid {
        width: size,
        height: size,
        rows: RowOrder::BottomIsOne,
        unit: "points",
        legend: "X, O or .",
    }
}

/// Reads a side name `black` or `white` (case-insensitive).
fn parse_side(text: &str) -> Result<Side, NotationError> {
    grid::parse_side(text, [&["black"], &["white"]])
}

fn stone_of(c: char) -> Option<Option<Side>> {
    match c {
        'x' | 'X' => Some(Some(Side::First)),
        'o' | 'O' => Some(Some(Side::Second)),
        '.' | '+' | '-' => Some(None),
        _ => None,
    }
}

/// The board holding `cells` (a1 order).
fn board_of(size: usize, cells: &[Option<Side>]) -> Board {
    let mut board = Board::empty(size as u8);
    for (index, &stone) in cells.iter().enumerate() {
        if let Some(point) = Point::new(index / size, index % size) {
            board.set(point, stone);
        }
    }
    board
}

/// The cells of `board` in a1 order.
fn cells_of(board: &Board) -> Vec<Option<Side>> {
    let size = board.size();
    (0..size * size)
        .map(|index| Point::new(index / size, index % size).and_then(|p| board.get(p)))
        .collect()
}

/// Reads the one-line form on a `size` x `size` board into a board and side to move.
///
/// # Errors
/// A [`NotationError`] when the rows, cells or side are not of the form.
pub fn parse_position(text: &str, size: usize) -> Result<(Board, Side), NotationError> {
    let mut parts = text.split_whitespace();
    let (Some(rows), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(NotationError::new(format!(
            "expected `<rows top to bottom, separated by /> <side>`, found `{text}`"
        )));
    };
    let to_move = parse_side(side)?;
    let cells = grid(size).parse_rows(rows, None, stone_of)?;
    Ok((board_of(size, &cells), to_move))
}

/// Writes the one-line form of `board` with `to_move`.
#[must_use]
pub fn format_position(board: &Board, to_move: Side) -> String {
    let rows = grid(board.size()).format_rows(&cells_of(board), true, '.', |stone| {
        stone.map(|side| if side == Side::First { 'x' } else { 'o' })
    });
    format!("{rows} {}", side_name(to_move))
}

/// Reads a diagram of `size` rows (top row first).
///
/// # Errors
/// A [`NotationError`] when there are not `size` rows of `size` known cells.
pub fn parse_diagram(diagram: &str, size: usize) -> Result<Board, NotationError> {
    let cells = grid(size).parse_diagram(diagram, None, stone_of)?;
    Ok(board_of(size, &cells))
}

/// The diagram of `board`, with column letters above and below and row numbers on both sides.
#[must_use]
pub fn diagram(board: &Board) -> String {
    grid(board.size()).format_diagram(&cells_of(board), Labels::Around, 2, |stone| match stone {
        Some(Side::First) => 'X',
        Some(Side::Second) => 'O',
        None => '.',
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn pt(text: &str) -> Point {
        read_point(text, 19).unwrap().0
    }

    #[rstest]
    #[case("a1", 0, 0)]
    #[case("s1", 0, 18)]
    #[case("a19", 18, 0)]
    #[case("J10", 9, 9)]
    #[case("i9", 8, 8)]
    fn reads_points(#[case] text: &str, #[case] row: usize, #[case] column: usize) {
        let point = pt(text);
        assert_eq!((point.row(), point.column()), (row, column));
        assert_eq!(format_point(point), text.to_ascii_lowercase());
    }

    #[rstest]
    #[case("j10", "j10")]
    #[case("j10-k11", "j10-k11")]
    #[case("k11-j10", "j10-k11")]
    #[case("j10,k11", "j10-k11")]
    #[case("j10k11", "j10-k11")]
    #[case("k11j10", "j10-k11")]
    #[case("J10 K11", "j10-k11")]
    #[case(" a1 - s19 ", "a1-s19")]
    #[case("k10-j11", "k10-j11")]
    #[case("j11-k10", "k10-j11")]
    #[case("j10-j10", "j10-j10")]
    fn reads_moves(#[case] text: &str, #[case] formatted: &str) {
        let mv = parse_move(text, 19).unwrap();
        assert_eq!(format_move(mv), formatted);
        assert_eq!(parse_move(formatted, 19), Ok(mv));
    }

    #[rstest]
    #[case("", 19)]
    #[case("j", 19)]
    #[case("10", 19)]
    #[case("t1", 19)]
    #[case("a0", 19)]
    #[case("a20", 19)]
    #[case("a01", 19)]
    #[case("a100", 19)]
    #[case("j10--k11", 19)]
    #[case("j10-", 19)]
    #[case("j10-k11-l12", 19)]
    #[case("j10k11l12", 19)]
    #[case("j10 ; k11", 19)]
    #[case("p1", 15)]
    #[case("a16", 15)]
    #[case("é1", 19)]
    #[case("j1é", 19)]
    fn refuses_bad_moves(#[case] text: &str, #[case] size: usize) {
        assert!(parse_move(text, size).is_err(), "{text}");
    }

    #[test]
    fn position_form_round_trips() {
        let mut board = Board::empty(19);
        board.set(pt("a1"), Some(Side::First));
        board.set(pt("s19"), Some(Side::Second));
        board.set(pt("j10"), Some(Side::First));
        let text = format_position(&board, Side::Second);
        assert!(text.starts_with("18o/19/"), "{text}");
        assert!(text.ends_with("/x18 white"), "{text}");
        assert_eq!(parse_position(&text, 19), Ok((board, Side::Second)));
    }

    #[rstest]
    #[case("6/6/6/6/6/6 black", true)]
    #[case("....../6/6/6/6/6 white", true)]
    #[case("x5/6/6/6/6/5o BLACK", true)]
    #[case("3x2/6/6/6/6/6 black", true)]
    #[case("6/6/6/6/6 black", false)]
    #[case("6/6/6/6/6/6/6 black", false)]
    #[case("7/6/6/6/6/6 black", false)]
    #[case("5/6/6/6/6/6 black", false)]
    #[case("x6/6/6/6/6/6 black", false)]
    #[case("99999999999999999999999/6/6/6/6/6 black", false)]
    #[case("6/6/6/6/6/6", false)]
    #[case("6/6/6/6/6/6 blue", false)]
    #[case("6/6/6/6/6/6 black extra", false)]
    #[case("q5/6/6/6/6/6 black", false)]
    fn reads_positions_on_six_by_six(#[case] text: &str, #[case] ok: bool) {
        assert_eq!(parse_position(text, 6).is_ok(), ok, "{text}");
    }

    #[test]
    fn diagram_reads_back() {
        let mut board = Board::empty(7);
        board.set(pt("a1"), Some(Side::First));
        board.set(pt("g7"), Some(Side::Second));
        let text = diagram(&board);
        assert!(
            text.starts_with("   a b c d e f g\n 7 . . . . . . O 7\n"),
            "{text}"
        );
        assert_eq!(parse_diagram(&text, 7), Ok(board.clone()));
        let bare = "......O\n.......\n.......\n.......\n.......\n.......\nX......\n";
        assert_eq!(parse_diagram(bare, 7), Ok(board));
    }

    #[rstest]
    #[case("")]
    #[case("......\n......\n......\n......\n......\n......")]
    #[case(".......\n.......\n.......\n.......\n.......\n.......\n.......\n.......")]
    #[case(".......\n.......\n.......\n.......\n.......\n.......\n......Z")]
    #[case(".......\n.......\n.......\n.......\n.......\n.......\n........")]
    fn refuses_bad_diagrams(#[case] text: &str) {
        assert!(parse_diagram(text, 7).is_err(), "{text:?}");
    }
}
