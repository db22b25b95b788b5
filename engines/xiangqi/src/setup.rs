//! Raw positions: FEN as UCCI and WXF write it and the board diagram, parsed into a
//! [`XiangqiSetup`] that [`PositionText::validate`] turns into a position, listing every problem.
//!
//! FEN (xqbase.com, 中国象棋电脑应用规范(三)：FEN文件格式): ten rows from black's back rank
//! (rank 9) down to red's (rank 0), each from file a, red pieces in upper case `K A B N R C P`
//! and black's in lower case (`E` and `H` are read for the elephant and the horse too), digits
//! for runs of empty points; then the side to move, `w` (red; `r` and `red` are read too) or
//! `b`; then, optionally, the two placeholders `- -`, the plies since the last capture and the
//! move number, e.g. the start
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`. The diagram is
//! the same rows one per line with `.` for an empty point, spaces between points allowed.
//!
//! Setup problems (codes): `piece-count` (a side without a general, or more pieces of a kind
//! than a side has), `palace` (a general or advisor outside its palace), `placement` (an
//! advisor, elephant or pawn on a point it can never reach), `generals-facing` (the generals
//! face each other on an open file), `opponent-in-check` (the side that just moved left its
//! general attacked: the side to move could take it).

use arbiter_core::grid::{self, Grid, Labels, RowOrder};
use arbiter_core::{NotationError, PositionText, SetupProblem, Side};

use crate::board::{
    EMPTY, FILES, Kind, POINTS, Point, RANKS, file_of, in_palace, own_half, piece, rank_of,
};
use crate::rules::{Board, Xiangqi};
use crate::variant::XiangqiVariant;

/// The start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A position as written, not yet validated: `cells[rank * 9 + file]`, a0 first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XiangqiSetup {
    pub cells: Vec<Option<(Side, Kind)>>,
    pub to_move: Side,
    /// Plies since the last capture (FEN's fifth field).
    pub quiet: u32,
    /// The move number (FEN's sixth field).
    pub move_number: u32,
}

/// The text layout of the board: rank 0 at the bottom, written last.
const BOARD: Grid = Grid {
    width: FILES,
    height: RANKS,
    rows: RowOrder::BottomIsOne,
    unit: "points",
    legend: "K A B N R C P (red), k a b n r c p (black) or .",
};

fn cell_from_char(c: char) -> Option<Option<(Side, Kind)>> {
    if c == '.' || c == '-' {
        return Some(None);
    }
    let kind = Kind::from_letter(c)?;
    let side = if c.is_ascii_uppercase() {
        Side::First
    } else {
        Side::Second
    };
    Some(Some((side, kind)))
}

fn cell_char(cell: Option<(Side, Kind)>) -> char {
    match cell {
        None => '.',
        Some((Side::First, kind)) => kind.letter(),
        Some((Side::Second, kind)) => kind.letter().to_ascii_lowercase(),
    }
}

/// Reads the side to move: `w`, `r`, `red` for red; `b`, `black` for black (any case).
///
/// # Errors
/// A [`NotationError`] for anything else.
pub fn parse_side(text: &str) -> Result<Side, NotationError> {
    grid::parse_side(text, [&["red", "w", "r"], &["black", "b"]])
}

/// The raw setup of a position (its record of plies is not part of it).
#[must_use]
pub fn of(position: &Xiangqi) -> XiangqiSetup {
    XiangqiSetup {
        cells: (0..POINTS as Point).map(|p| position.piece_at(p)).collect(),
        to_move: position.to_move,
        quiet: position.quiet,
        move_number: position.move_number(),
    }
}

/// The name of a side in messages.
fn side_name(side: Side) -> &'static str {
    <Xiangqi as arbiter_core::Game>::side_name(side)
}

/// How many pieces of each kind a side has at the start.
const fn full_count(kind: Kind) -> usize {
    match kind {
        Kind::King => 1,
        Kind::Pawn => 5,
        _ => 2,
    }
}

/// Whether a piece of `side` and `kind` can ever stand on `p`.
fn reachable(side: Side, kind: Kind, p: Point) -> bool {
    let (file, rank) = (file_of(p), rank_of(p));
    // Ranks counted from `side`'s own back rank.
    let from_home = match side {
        Side::First => rank,
        Side::Second => RANKS - 1 - rank,
    };
    match kind {
        Kind::King => in_palace(side, p),
        // The five points of the palace's cross: its corners and its centre.
        Kind::Advisor => in_palace(side, p) && (file + from_home) % 2 == 1,
        // The seven points two diagonal steps apart on the own half.
        Kind::Elephant => {
            own_half(side, p)
                && file % 2 == 0
                && from_home % 2 == 0
                && (file / 2 + from_home / 2) % 2 == 1
        }
        // A pawn never goes back, and moves sideways only across the river.
        Kind::Pawn => from_home >= 5 || (from_home >= 3 && file % 2 == 0),
        Kind::Horse | Kind::Rook | Kind::Cannon => true,
    }
}

impl PositionText<Xiangqi> for XiangqiSetup {
    /// Parses a FEN.
    ///
    /// # Errors
    /// A [`NotationError`] naming what is wrong: the rows, a character, the side, the counts.
    fn parse_position(_: &XiangqiVariant, text: &str) -> Result<XiangqiSetup, NotationError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let form = || {
            NotationError::new(format!(
                "`{text}` is not a xiangqi FEN: expected `<10 rows separated by /> <w|b> [- - <plies since capture> <move number>]`"
            ))
        };
        let (rows, side, counts) = match fields.as_slice() {
            [rows, side] => (*rows, *side, &[][..]),
            [rows, side, "-", "-", counts @ ..] if counts.len() <= 2 => (*rows, *side, counts),
            [rows, side, counts @ ..] if counts.len() <= 2 => (*rows, *side, counts),
            _ => return Err(form()),
        };
        let number = |text: &str, what: &str| {
            text.parse::<u32>()
                .map_err(|_| NotationError::new(format!("`{text}` is not {what}")))
        };
        let quiet = counts.first().map_or(Ok(0), |n| {
            number(n, "a number of plies since the last capture")
        })?;
        let move_number = counts
            .get(1)
            .map_or(Ok(1), |n| number(n, "a move number"))?
            .max(1);
        Ok(XiangqiSetup {
            cells: BOARD.parse_rows(rows, None, cell_from_char)?,
            to_move: parse_side(side)?,
            quiet,
            move_number,
        })
    }

    /// Parses a ten-row diagram.
    ///
    /// # Errors
    /// A [`NotationError`] on a wrong number of rows or points, or an unknown character.
    fn parse_diagram(
        _: &XiangqiVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<XiangqiSetup, NotationError> {
        Ok(XiangqiSetup {
            cells: BOARD.parse_diagram(diagram, cell_from_char)?,
            to_move,
            quiet: 0,
            move_number: 1,
        })
    }

    /// Formats a position as FEN, UCCI's six fields.
    fn format_position(position: &Xiangqi) -> String {
        let setup = &of(position);
        let rows = BOARD.format_rows(&setup.cells, true, '.', |cell| {
            cell.map(|_| cell_char(cell))
        });
        let side = if setup.to_move == Side::First {
            'w'
        } else {
            'b'
        };
        format!("{rows} {side} - - {} {}", setup.quiet, setup.move_number)
    }

    /// Formats the cells (a0 first) as a diagram: rank 9 first, points separated by spaces.
    fn diagram(position: &Xiangqi) -> String {
        let cells = &of(position).cells;
        BOARD.format_diagram(cells, Labels::None, 0, cell_char)
    }

    /// Validates a setup under `variant`, listing every problem.
    ///
    /// # Errors
    /// Every [`SetupProblem`] found.
    fn validate(&self, variant: &XiangqiVariant) -> Result<Xiangqi, Vec<SetupProblem>> {
        let (variant, setup) = (*variant, self);
        let Ok(cells) = <&[Option<(Side, Kind)>; POINTS]>::try_from(setup.cells.as_slice()) else {
            let found = setup.cells.len();
            let message = format!("the board has {found} points: expected {POINTS}");
            return Err(vec![SetupProblem::new("board-size", message)]);
        };
        let mut problems = Vec::new();
        let (board, counts) = place_pieces(cells, &mut problems);
        count_problems(&counts, &mut problems);
        if problems.is_empty() {
            problems.extend(generals_problem(&board, setup.to_move));
        }
        debug_assert!(
            board.squares.iter().filter(|&&p| p != EMPTY).count() <= 32 || !problems.is_empty()
        );
        SetupProblem::validated(problems, || {
            Xiangqi::from_parts(
                variant,
                board,
                setup.to_move,
                setup.quiet,
                setup.move_number,
            )
        })
    }
}

/// How many pieces of each kind (by `Kind as usize`) each side (by `Side::index`) has.
type Counts = [[usize; 8]; 2];

/// The board holding `cells` and its pieces counted, with a problem pushed for every piece on
/// a point it never reaches.
fn place_pieces(
    cells: &[Option<(Side, Kind)>; POINTS],
    problems: &mut Vec<SetupProblem>,
) -> (Board, Counts) {
    let mut board = Board::empty();
    let mut counts = [[0usize; 8]; 2];
    for (p, cell) in cells.iter().enumerate() {
        let Some((side, kind)) = *cell else { continue };
        let p = p as Point;
        counts[side.index()][kind as usize] += 1;
        problems.extend(placement_problem(side, kind, p));
        board.put(p, piece(side, kind));
    }
    (board, counts)
}

/// The problem, if any, with a piece of `side` and `kind` on `p`: `palace` for a general or
/// advisor outside its palace, `placement` for another point it never reaches.
fn placement_problem(side: Side, kind: Kind, p: Point) -> Option<SetupProblem> {
    if reachable(side, kind, p) {
        return None;
    }
    let (code, what) = if matches!(kind, Kind::King | Kind::Advisor) && !in_palace(side, p) {
        ("palace", "outside its palace")
    } else {
        ("placement", "on a point it can never reach")
    };
    Some(SetupProblem::new(
        code,
        format!(
            "the {} {} on {} is {what}",
            side_name(side),
            kind.character(side),
            crate::notation::format_point(p)
        ),
    ))
}

/// Pushes a `piece-count` problem for every kind a side has too many of, and for a side
/// without a general.
fn count_problems(counts: &Counts, problems: &mut Vec<SetupProblem>) {
    for side in [Side::First, Side::Second] {
        let name = side_name(side);
        for kind in Kind::ALL {
            let count = counts[side.index()][kind as usize];
            if count > full_count(kind) {
                problems.push(SetupProblem::new(
                    "piece-count",
                    format!(
                        "{name} has {count} of {}: at most {}",
                        kind.character(side),
                        full_count(kind)
                    ),
                ));
            }
        }
        if counts[side.index()][Kind::King as usize] == 0 {
            problems.push(SetupProblem::new(
                "piece-count",
                format!("{name} has no general"),
            ));
        }
    }
}

/// The problem, if any, with the generals of a board whose pieces are all in order: they face
/// each other (`generals-facing`), or the side that just moved left its own in check
/// (`opponent-in-check`).
fn generals_problem(board: &Board, to_move: Side) -> Option<SetupProblem> {
    let [red, black] = board.kings;
    let facing = file_of(red) == file_of(black)
        && crate::board::LINES_10[rank_of(red)][crate::board::file_bits(board.files, file_of(red))]
            .high[0]
            == rank_of(black) as u8;
    if facing {
        Some(SetupProblem::new(
            "generals-facing",
            "the generals face each other on an open file",
        ))
    } else if board.in_check(to_move.opponent()) {
        Some(SetupProblem::new(
            "opponent-in-check",
            format!(
                "{} is in check with {} to move: the general could be taken",
                side_name(to_move.opponent()),
                side_name(to_move)
            ),
        ))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_laws::Fixture;
    use rstest::rstest;

    #[test]
    fn the_start_reads_back() {
        let setup = Xiangqi::setup_of(START_FEN).unwrap();
        assert_eq!(setup.cells[0], Some((Side::First, Kind::Rook)));
        assert_eq!(setup.cells[4], Some((Side::First, Kind::King)));
        assert_eq!(setup.cells[85], Some((Side::Second, Kind::King)));
        let game = setup.validate(&XiangqiVariant::default()).unwrap();
        assert_eq!(XiangqiSetup::format_position(&game), START_FEN);
        let diagram = XiangqiSetup::diagram(&game);
        assert!(diagram.starts_with("r n b a k a b n r\n"), "{diagram}");
        assert_eq!(
            XiangqiSetup::parse_diagram(&XiangqiVariant::default(), &diagram, Side::First)
                .unwrap()
                .cells,
            setup.cells
        );
    }

    #[rstest]
    #[case(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        Side::First,
        0,
        1
    )]
    #[case(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 12",
        Side::Second,
        7,
        12
    )]
    #[case(
        "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r 3 4",
        Side::First,
        3,
        4
    )]
    fn good_fens(#[case] text: &str, #[case] side: Side, #[case] quiet: u32, #[case] number: u32) {
        let setup = Xiangqi::setup_of(text).unwrap();
        assert_eq!(
            (setup.to_move, setup.quiet, setup.move_number),
            (side, quiet, number)
        );
    }

    #[test]
    fn bad_fens() {
        arbiter_laws::refuses_all(
            &[
                "",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR g",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 9",
            ],
            Xiangqi::setup_of,
        );
    }

    fn problems(text: &str) -> Vec<&'static str> {
        let setup = Xiangqi::setup_of(text).unwrap();
        match setup.validate(&XiangqiVariant::default()) {
            Ok(_) => Vec::new(),
            Err(problems) => problems.iter().map(|p| p.code).collect(),
        }
    }

    #[rstest]
    #[case("4k4/9/9/9/9/9/9/9/9/3K5 w", &[])]
    #[case("4k4/9/9/9/9/9/9/9/9/4K4 w", &["generals-facing"])]
    #[case("4k4/9/9/9/9/9/9/9/9/9 w", &["piece-count"])]
    #[case("3kk4/9/9/9/9/9/9/9/9/3K5 w", &["piece-count"])]
    #[case("4k4/9/9/9/9/9/9/9/9/K8 w", &["palace"])]
    #[case("4k4/9/9/9/9/9/9/9/3A5/3K5 w", &["placement"])]
    #[case("4k4/9/9/9/9/9/9/9/4A4/3K5 w", &[])]
    #[case("4k4/9/9/9/9/9/9/3B5/9/3K5 w", &["placement"])]
    #[case("4k4/9/9/9/9/9/9/4B4/9/3K5 w", &[])]
    #[case("4k4/9/9/9/9/9/P8/9/9/3K5 w", &[])]
    #[case("4k4/9/9/9/9/9/1P7/9/9/3K5 w", &["placement"])]
    #[case("4k4/9/9/9/9/9/9/P8/9/3K5 w", &["placement"])]
    #[case("3k5/9/9/9/9/9/9/9/9/3R1K3 w", &["opponent-in-check"])]
    #[case("3k5/9/9/9/9/9/9/9/9/3R1K3 b", &[])]
    fn setup_problems(#[case] text: &str, #[case] expected: &[&str]) {
        assert_eq!(problems(text), expected, "{text}");
    }

    #[test]
    fn every_start_piece_is_on_a_reachable_point() {
        let setup = Xiangqi::setup_of(START_FEN).unwrap();
        for (p, cell) in setup.cells.iter().enumerate() {
            if let Some((side, kind)) = *cell {
                assert!(reachable(side, kind, p as Point), "{kind:?} on {p}");
            }
        }
        // Elephants reach seven points a side, advisors five.
        for (kind, count) in [(Kind::Elephant, 7), (Kind::Advisor, 5), (Kind::King, 9)] {
            for side in [Side::First, Side::Second] {
                let points = (0..POINTS as Point)
                    .filter(|&p| reachable(side, kind, p))
                    .count();
                assert_eq!(points, count, "{kind:?} {side:?}");
            }
        }
    }
}
