//! Raw positions: the one-line form and the diagram (on [`arbiter_core::grid`]), and their
//! validation.
//!
//! **One-line position**: rows from the top (row 19) to the bottom separated by `/`, each row
//! made of `x` (black), `o` (white), `.` (one empty point) and decimal numbers (that many empty
//! points), then a space and the side to move (`black` or `white`). The start position on
//! 19x19 is `19/19/…/19 black` (19 rows); the engine writes empty runs as numbers.
//!
//! **Diagram**: one text row per board row, top row (19) first, cells `X` (black), `O` (white)
//! and `.` (`+` and `-` are read as empty too), spaces between cells allowed. The labels that
//! [`PositionText::diagram`] prints (a header of column letters, row numbers on both sides) are skipped.
//!
//! Turn order: black places one stone on turn 1, then white and black alternately place two.
//! After `t` turns black has `1 + 2⌊(t-1)/2⌋` stones and white `2⌊t/2⌋`, so a position is
//!
//! - black to move: the empty board, or black has an odd number `b` and white `b + 1`;
//! - white to move: black has an odd number `b` and white `b - 1`.
//!
//! A finished game may stop one stone short: a six made by the first stone of a pair ends the
//! game in tournament practice, so the winner (who moved last) may have one stone fewer than
//! the table above says. The engine itself always places both stones of a move.
//!
//! Beyond the counts, a position is refused when both sides have six in a row, when the side to
//! move has one (the game ended when it was made), or when the winner's sixes cannot all have
//! been completed by its last turn (one or two stones whose removal leaves no six).
//! These are necessary conditions for reachability; they are not proved sufficient for every
//! board (a board could pass them and still be unreachable for deeper reasons).

use arbiter_core::grid::{Grid, Labels, RowOrder, Stones};
use arbiter_core::{Game, NotationError, PositionText, SetupProblem, Side};

use crate::board::{Board, Point};
use crate::rules::Connect6;
use crate::variant::Connect6Variant;

/// A raw position as read from text: stones and side to move, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The stones; the board's size is the variant's.
    pub board: Board,
    /// The side to move.
    pub to_move: Side,
}

/// The text layout of a `size` x `size` board: row 1 at the bottom.
pub(crate) const fn grid(size: usize) -> Grid {
    Grid::square(size, RowOrder::BottomIsOne, "points", "X, O or .")
}

/// The stones' letters (either case) and the empty cell's characters.
const STONES: Stones = Stones::new('x', 'o', ".+-");

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

/// Whether black `b` and white `w` stones fit a game with `to_move` to move, after full turns.
const fn full_turns_fit(b: usize, w: usize, to_move: Side) -> bool {
    match to_move {
        Side::First => (b == 0 && w == 0) || (b % 2 == 1 && w == b + 1),
        Side::Second => b % 2 == 1 && w + 1 == b,
    }
}

/// Whether the counts fit a game that `winner` ended with the first stone of its last pair.
const fn short_last_turn_fits(b: usize, w: usize, winner: Side) -> bool {
    match winner {
        // Black moved last with one stone of its pair: one fewer than w + 1.
        Side::First => w >= 2 && w.is_multiple_of(2) && b == w,
        // White moved last with one stone of its pair: one fewer than b + 1.
        Side::Second => b % 2 == 1 && w == b,
    }
}

/// Checks `setup` under `variant`.
///
/// # Errors
/// Every reason the setup is not a position.
pub(crate) fn check(variant: &Connect6Variant, setup: &Setup) -> Result<(), Vec<SetupProblem>> {
    let mut problems = Vec::new();
    if setup.board.size() != usize::from(variant.size()) {
        problems.push(SetupProblem::new(
            "board-size",
            format!(
                "the board is {0}x{0} but the variant `{variant}` plays on {1}x{1}",
                setup.board.size(),
                variant.size()
            ),
        ));
    }
    let board = &setup.board;
    let to_move = setup.to_move;
    let size = board.size();
    if board.has_stones_off_board() {
        problems.push(SetupProblem::new(
            "off-board",
            format!("stones outside the {size}x{size} board"),
        ));
    }
    let (b, w) = (board.count(Side::First), board.count(Side::Second));
    let winner = winner_of(board).unwrap_or_else(|both_won| {
        problems.push(both_won);
        None
    });
    let short = winner.is_some_and(|s| s != to_move && short_last_turn_fits(b, w, s));
    if !full_turns_fit(b, w, to_move) && !short {
        problems.push(count_problem(b, w, to_move));
    }
    if let Some(winner) = winner {
        // The winner's last turn: one stone on black's first turn or a short last turn.
        let one_stone = short || (winner == Side::First && b == 1);
        problems.extend(ending_problem(board, winner, to_move, one_stone));
    }
    SetupProblem::validated(problems, || ())
}

/// The side with six in a row, if one has; a `both-won` problem if both have.
fn winner_of(board: &Board) -> Result<Option<Side>, SetupProblem> {
    match (board.find_six(Side::First), board.find_six(Side::Second)) {
        (Some(_), Some(_)) => Err(SetupProblem::new(
            "both-won",
            "both sides have six in a row",
        )),
        (Some(_), None) => Ok(Some(Side::First)),
        (None, Some(_)) => Ok(Some(Side::Second)),
        (None, None) => Ok(None),
    }
}

/// The problem with `b` black and `w` white stones that no full turns give with `to_move` to
/// move: `side-to-move` when they fit the other side, else `piece-count`.
fn count_problem(b: usize, w: usize, to_move: Side) -> SetupProblem {
    if full_turns_fit(b, w, to_move.opponent()) {
        SetupProblem::new(
            "side-to-move",
            format!(
                "side to move: black has {b} stones and white {w}, so {} is to move, not {}",
                Connect6::side_name(to_move.opponent()),
                Connect6::side_name(to_move)
            ),
        )
    } else {
        SetupProblem::new(
            "piece-count",
            format!(
                "stone counts: black has {b} stones and white {w}, which no game reaches \
             (black places 1 stone on its first turn, then each side 2 per turn)"
            ),
        )
    }
}

/// The problem, if any, with `winner`'s six: `winner` is to move (`moved-after-end`), or its
/// last turn cannot have made all its sixes (`unreachable`); `one_stone`: that turn placed
/// one stone.
fn ending_problem(
    board: &Board,
    winner: Side,
    to_move: Side,
    one_stone: bool,
) -> Option<SetupProblem> {
    if winner == to_move {
        return Some(SetupProblem::new(
            "moved-after-end",
            format!(
                "{} has six in a row but is to move: the game ended when it made the six",
                Connect6::side_name(winner)
            ),
        ));
    }
    let stones = if one_stone { 1 } else { 2 };
    (!last_turn_can_make_every_six(board, winner, stones)).then(|| {
        SetupProblem::new("unreachable", format!(
            "{} has sixes that its last turn cannot all have made: the game ends at the first six",
            Connect6::side_name(winner)
        ))
    })
}

/// Whether taking away at most `stones` (1 or 2) of `side`'s stones leaves `side` without six
/// in a row. One of them must lie in the first six found, the other (if any) in the first six
/// left after the first removal: at most 19 x 19 trials of a board scan.
fn last_turn_can_make_every_six(board: &Board, side: Side, stones: usize) -> bool {
    let mut board = board.clone();
    let Some(first_run) = board.find_six(side) else {
        return true;
    };
    first_run.into_iter().any(|p| {
        board.set(p, None);
        let ok = match board.find_six(side) {
            None => true,
            Some(second_run) if stones == 2 => second_run.into_iter().any(|q: Point| {
                board.set(q, None);
                let ok = board.find_six(side).is_none();
                board.set(q, Some(side));
                ok
            }),
            Some(_) => false,
        };
        board.set(p, Some(side));
        ok
    })
}

impl PositionText<Connect6> for Setup {
    /// Reads the one-line form on the variant's board.
    ///
    /// # Errors
    /// A [`NotationError`] when the rows, cells or side are not of the form.
    fn parse_position(variant: &Connect6Variant, text: &str) -> Result<Setup, NotationError> {
        let size = usize::from(variant.size());
        let (cells, to_move) =
            grid(size).parse_line(text, None, |c| STONES.read(c), [&["black"], &["white"]])?;
        Ok(Setup {
            board: board_of(size, &cells),
            to_move,
        })
    }

    /// Reads a diagram of the variant's rows (top row first) with `to_move`.
    ///
    /// # Errors
    /// A [`NotationError`] when there are not as many rows of as many known cells as the board's size.
    fn parse_diagram(
        variant: &Connect6Variant,
        diagram: &str,
        to_move: Side,
    ) -> Result<Setup, NotationError> {
        let size = usize::from(variant.size());
        let cells = grid(size).parse_diagram(diagram, |c| STONES.read(c))?;
        Ok(Setup {
            board: board_of(size, &cells),
            to_move,
        })
    }

    /// Writes the one-line form of the board with the side to move.
    fn format_position(game: &Connect6) -> String {
        let (board, to_move) = (game.board(), game.side_to_move());
        let write =
            |stone: Option<Side>| stone.map(|side| if side == Side::First { 'x' } else { 'o' });
        grid(board.size()).format_line(
            &cells_of(board),
            true,
            '.',
            write,
            Connect6::side_name(to_move),
        )
    }

    /// The diagram of the board, with column letters above and below and row numbers on both sides.
    fn diagram(game: &Connect6) -> String {
        let board = game.board();
        grid(board.size()).format_diagram(
            &cells_of(board),
            Labels::Around,
            2,
            |stone| match stone {
                Some(Side::First) => 'X',
                Some(Side::Second) => 'O',
                None => '.',
            },
        )
    }

    /// Validates the setup under `variant`: every problem [`check`] finds, or the position.
    fn validate(&self, variant: &Connect6Variant) -> Result<Connect6, Vec<SetupProblem>> {
        check(variant, self)?;
        Ok(Connect6::from_checked_setup(variant, self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sized(size: usize) -> Connect6Variant {
        Connect6Variant::with_size(size as u8).unwrap()
    }

    fn seven() -> Connect6Variant {
        sized(7)
    }

    fn parse_position(text: &str, size: usize) -> Result<Setup, NotationError> {
        Setup::parse_position(&sized(size), text)
    }

    fn parse_diagram(text: &str, size: usize, to_move: Side) -> Result<Setup, NotationError> {
        Setup::parse_diagram(&sized(size), text, to_move)
    }
    use crate::notation::parse_move;
    use rstest::rstest;

    /// A 19x19 setup with `black` and `white` stones given as move texts (points or pairs).
    fn setup(black: &str, white: &str, to_move: Side) -> Setup {
        setup_on(19, black, white, to_move)
    }

    /// A `size` x `size` setup with `black` and `white` stones given as move texts.
    fn setup_on(size: u8, black: &str, white: &str, to_move: Side) -> Setup {
        let mut board = Board::empty(size);
        for (side, text) in [(Side::First, black), (Side::Second, white)] {
            for token in text.split_whitespace() {
                for point in parse_move(token, 19).unwrap().points() {
                    board.set(point, Some(side));
                }
            }
        }
        Setup { board, to_move }
    }

    fn problems(black: &str, white: &str, to_move: Side) -> Vec<String> {
        check(&Connect6Variant::STANDARD, &setup(black, white, to_move))
            .err()
            .unwrap_or_default()
            .into_iter()
            .map(|p| p.message)
            .collect()
    }

    fn has(found: &[String], fragment: &str) -> bool {
        found.iter().any(|p| p.contains(fragment))
    }

    #[test]
    fn turn_order_counts() {
        assert!(problems("", "", Side::First).is_empty());
        assert!(problems("j10", "", Side::Second).is_empty());
        assert!(problems("j10", "a1-a2", Side::First).is_empty());
        assert!(problems("j10 b1-b2", "a1-a2", Side::Second).is_empty());
        assert!(has(&problems("", "", Side::Second), "side to move"));
        assert!(has(&problems("j10", "", Side::First), "side to move"));
        assert!(has(&problems("j10 k10", "", Side::Second), "stone counts"));
        assert!(has(&problems("j10", "a1", Side::First), "stone counts"));
        assert!(has(&problems("", "a1", Side::First), "stone counts"));
        assert!(has(
            &problems("j10 b1-b2", "a1-a2", Side::First),
            "side to move"
        ));
    }

    #[test]
    fn wins_must_be_by_the_last_mover() {
        // Black: j10 then a six on row 1 (a..f) with 7 stones; white 6 stones, no six.
        let black = "j10 a1-b1 c1-d1 e1-f1";
        let white = "a5-b5 c5-d5 e5-g5";
        assert!(problems(black, white, Side::Second).is_empty());
        assert!(has(&problems(black, white, Side::First), "is to move"));
        // White's six with black to move: fine; both sixes: refused.
        let white_six = "a5-b5 c5-d5 e5-f5";
        assert!(problems("j10 a1-b1 c1-d1", white_six, Side::First).is_empty());
        assert!(has(
            &problems("j10 a1-b1 c1-d1 e1-f1 k10", white_six, Side::First),
            "both sides"
        ));
    }

    #[test]
    fn a_win_may_stop_after_the_first_stone_of_a_pair() {
        // Black made its six with the first stone of its last pair: 6 black, 6 white.
        assert!(problems("a1-b1 c1-d1 e1-f1", "a5-b5 c5-d5 e5-g5", Side::Second).is_empty());
        // White likewise: 7 black, 7 white (white's seventh stone made the six).
        assert!(problems("j10 a1-b1 c1-d1 a3-b3", "a5-b5 c5-d5 e5-f5 g7", Side::First).is_empty());
    }

    #[test]
    fn sixes_must_fit_in_one_last_turn() {
        // Black's stones, white's, and whether one last black turn cannot have made all of
        // black's sixes (white to move).
        let cases = [
            // Two separate sixes on rows 1 and 3: the last pair can have closed both (one stone
            // each).
            (
                "j10 a1-b1 c1-d1 e1-f1 a3-b3 c3-d3 e3-f3",
                "a5-b5 c5-d5 e5-g5 a7-b7 c7-d7 e7-g7",
                false,
            ),
            // Three separate sixes: no single pair made them all.
            (
                "j10 a1-b1 c1-d1 e1-f1 a3-b3 c3-d3 e3-f3 a9-b9 c9-d9 e9-f9",
                "a5-b5 c5-d5 e5-g5 a7-b7 c7-d7 e7-g7 a11-b11 c11-d11 e11-g11",
                true,
            ),
            // A short last turn (one stone) cannot close two separate sixes.
            (
                "a1-b1 c1-d1 e1-f1 a3-b3 c3-d3 e3-f3",
                "a5-b5 c5-d5 e5-g5 a7-b7 c7-d7 e7-g7",
                true,
            ),
            // A row of twelve: taking away its 6th and 7th stones leaves 5 and 5.
            (
                "j10 a1-b1 c1-d1 e1-f1 g1-h1 i1-j1 k1-l1",
                "a5-b5 c5-d5 e5-g5 a7-b7 c7-d7 e7-g7",
                false,
            ),
            // A row of 13: taking away its 6th and 12th stones leaves 5, 5 and 1. A full row of
            // 19 needs three removals (at most 5 + 1 + 5 + 1 + 5 = 17 stones fit two).
            (
                "j10 a1-b1 c1-d1 e1-f1 g1-h1 i1-j1 k1-l1 m1-a19",
                "a5-b5 c5-d5 e5-g5 a7-b7 c7-d7 e7-g7 a9-b9",
                false,
            ),
            (
                "j10 a1-b1 c1-d1 e1-f1 g1-h1 i1-j1 k1-l1 m1-n1 o1-p1 q1-r1 s1-a19",
                "a5-b5 c5-d5 e5-g5 a7-b7 c7-d7 e7-g7 a9-b9 c9-d9 e9-g9 a11-b11",
                true,
            ),
        ];
        for (black, white, refused) in cases {
            let found = problems(black, white, Side::Second);
            if refused {
                assert!(has(&found, "cannot all have made"), "{black}: {found:?}");
            } else {
                assert!(found.is_empty(), "{black}: {found:?}");
            }
        }
    }

    #[test]
    fn lists_every_problem() {
        let found = problems(
            "a1-b1 c1-d1 e1-f1 j10 k10",
            "a5-b5 c5-d5 e5-f5",
            Side::Second,
        );
        for fragment in ["stone counts", "both sides"] {
            assert!(has(&found, fragment), "{fragment}: {found:?}");
        }
    }

    #[test]
    fn position_form_round_trips() {
        let setup = setup("a1", "s19 j10", Side::First);
        let game = Connect6::from_setup(&Connect6Variant::STANDARD, &setup).unwrap();
        let text = Setup::format_position(&game);
        assert!(text.starts_with("18o/19/"), "{text}");
        assert!(text.ends_with("/x18 black"), "{text}");
        assert_eq!(parse_position(&text, 19), Ok(setup));
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
        let to_move = Side::First;
        let expected = setup_on(7, "a1", "g7 f7", to_move);
        let game = Connect6::from_setup(&seven(), &expected).unwrap();
        let text = Setup::diagram(&game);
        assert!(
            text.starts_with("   a b c d e f g\n 7 . . . . . O O 7\n"),
            "{text}"
        );
        assert_eq!(parse_diagram(&text, 7, to_move), Ok(expected.clone()));
        let bare = ".....OO\n.......\n.......\n.......\n.......\n.......\nX......\n";
        assert_eq!(parse_diagram(bare, 7, to_move), Ok(expected));
    }

    #[test]
    fn refuses_bad_diagrams() {
        arbiter_laws::refuses_all(
            &[
                "",
                "......\n......\n......\n......\n......\n......",
                ".......\n.......\n.......\n.......\n.......\n.......\n.......\n.......",
                ".......\n.......\n.......\n.......\n.......\n.......\n......Z",
                ".......\n.......\n.......\n.......\n.......\n.......\n........",
            ],
            |text| parse_diagram(text, 7, Side::First),
        );
    }
}
