//! Rule tests on whole positions (the start, the refusal codes, passes and the end of the game,
//! the diagram, setup problems, perft at the end) and property tests over random playouts: the
//! `Game` laws (arbiter-laws), board symmetries, parsers that never panic.

use arbiter_core::grid::Symmetry;
use arbiter_core::{EndReason, FinalScore, Game, Outcome, PerftConvention, Side};
use arbiter_laws::{GameLaws, assert_over, legal, perft_both, play};
use proptest::prelude::*;

use crate::{Move, Othello, OthelloVariant};

fn standard() -> OthelloVariant {
    OthelloVariant::Standard
}

fn from_diagram(diagram: &str, to_move: Side) -> Othello {
    let setup = Othello::parse_diagram(&standard(), diagram, to_move).expect("diagram");
    Othello::from_setup(&standard(), &setup).expect("valid")
}

#[test]
fn start_position() {
    let game = Othello::start(&standard());
    assert_eq!(legal(&game), ["d3", "c4", "f5", "e6"]);
    assert_eq!(
        game.format_position(),
        "---------------------------OX------XO--------------------------- X"
    );
    assert_eq!(game.outcome(), None);
    assert_eq!(game.final_score(), None);
}

#[test]
fn illegal_move_codes() {
    let game = Othello::start(&standard());
    let code = |text: &str| {
        game.check_move(game.parse_move(text).unwrap())
            .unwrap_err()
            .code
    };
    assert_eq!(code("d4"), "occupied");
    assert_eq!(code("c3"), "no-flip");
    assert_eq!(code("a1"), "no-flip");
    assert_eq!(code("pass"), "pass-not-allowed");
}

#[test]
fn forced_pass_then_the_opponent_moves_then_the_game_ends() {
    // Black's only disc b1 sits in a closed white row: black has no placement, white has a1.
    let mut game = from_diagram(
        ".XOOOOOO\n........\n........\n...OO...\n...OO...\n........\n........\n........",
        Side::First,
    );
    assert_eq!(legal(&game), ["pass"]);
    assert_eq!(
        game.check_move(Move::place(0).unwrap()).unwrap_err().code,
        "no-flip"
    );
    play(&mut game, "pass");
    assert_eq!(legal(&game), ["a1"]);
    assert_eq!(
        game.check_move(Move::PASS).unwrap_err().code,
        "pass-not-allowed"
    );
    play(&mut game, "a1");
    assert_over(&game, Outcome::win(Side::Second, EndReason::NoMoves));
    assert_eq!(
        game.final_score(),
        Some(FinalScore {
            raw: -12,
            empties_to_winner: -64
        })
    );
    assert_eq!(game.check_move(Move::PASS).unwrap_err().code, "game-over");
    assert_eq!(
        game.check_move(Move::place(8).unwrap()).unwrap_err().code,
        "game-over"
    );
    assert!(
        game.diagram()
            .ends_with("game over: white wins (no-moves); discs X 0, O 12")
    );
}

#[test]
fn shortest_game_is_a_wipeout() {
    // Manubu Maruo's nine-ply game, as a compact transcript.
    let mut game = Othello::start(&standard());
    play(&mut game, "e6f4e3f6g5d6e7f5c5");
    assert_over(&game, Outcome::win(Side::First, EndReason::NoMoves));
    assert_eq!(
        game.final_score(),
        Some(FinalScore {
            raw: 13,
            empties_to_winner: 64
        })
    );
}

#[test]
fn full_board_outcomes() {
    let draw = from_diagram(
        &("XXXXXXXX\n".repeat(4) + &"OOOOOOOO\n".repeat(4)),
        Side::First,
    );
    assert_over(&draw, Outcome::draw(EndReason::BoardFull));
    assert_eq!(
        draw.final_score(),
        Some(FinalScore {
            raw: 0,
            empties_to_winner: 0
        })
    );
    let win = from_diagram(
        &("XXXXXXXX\n".repeat(5) + &"OOOOOOOO\n".repeat(3)),
        Side::Second,
    );
    assert_over(&win, Outcome::win(Side::First, EndReason::BoardFull));
    assert_eq!(
        win.final_score(),
        Some(FinalScore {
            raw: 16,
            empties_to_winner: 16
        })
    );
}

#[test]
fn diagram_shows_coordinates_and_side() {
    let game = Othello::start(&standard());
    let diagram = game.diagram();
    assert!(diagram.starts_with("  a b c d e f g h\n1 . . . . . . . . 1\n"));
    assert!(diagram.contains("4 . . . O X . . . 4"));
    assert!(diagram.ends_with("to move: black (X); discs X 2, O 2"));
}

#[test]
fn setup_problems_are_listed() {
    let setup = Othello::parse_position(&standard(), &format!("{} O", "-".repeat(64))).unwrap();
    assert_eq!(
        Othello::from_setup(&standard(), &setup).unwrap_err().len(),
        4
    );
}

#[test]
fn perft_at_a_finished_game_follows_the_convention() {
    let mut over = Othello::start(&standard());
    play(&mut over, "e6f4e3f6g5d6e7f5c5");
    assert_eq!(perft_both(&mut over, 2), [0, 1]);
}

/// The start's discs: black d5 e4, white d4 e5.
const BLACK: u64 = (1 << 28) | (1 << 35);
const WHITE: u64 = (1 << 27) | (1 << 36);

#[test]
fn start_counts_match_the_published_table() {
    // Edax `count games`, OEIS A124004, Aart Bik's table: depths 1..9 (equal in both
    // conventions).
    let expected = [4, 12, 56, 244, 1396, 8200, 55092, 390_216, 3_005_288];
    let mut game = Othello::start(&standard());
    for (depth, nodes) in (1..).zip(expected) {
        assert_eq!(perft_both(&mut game, depth), [nodes; 2], "depth {depth}");
    }
}

#[test]
fn conventions_differ_from_depth_10() {
    // 228 games are over after 9 plies, so nodes_T(10) - nodes_E(10) = 228.
    let mut game = Othello::start(&standard());
    assert_eq!(perft_both(&mut game, 10), [24_571_056, 24_571_284]);
}

#[test]
fn a_walk_stops_when_its_budget_is_spent() {
    let convention = PerftConvention::SequencesOfExactLength;
    let mut game = Othello::start(&standard());
    assert_eq!(game.perft_within(100, convention, 1_000), None);
    assert_eq!(game.perft_within(4, convention, 1_000), Some(244));
    assert_eq!(game, Othello::start(&standard()));
}

#[test]
fn finished_game_counts_by_convention() {
    // Only black discs: nobody can move.
    let mut over = Othello::from_boards(BLACK | WHITE, 0, Side::First).unwrap();
    assert_eq!(perft_both(&mut over, 3), [0, 1]);
    assert_eq!(over.perft(0, PerftConvention::SequencesOfExactLength), 1);
}

/// The image of the square (`c`, `r`) under `sym`.
fn map_square(sym: Symmetry, c: u8, r: u8) -> (u8, u8) {
    let (row, column) = sym.apply(usize::from(r), usize::from(c), 8);
    // Both are below 8.
    (column as u8, row as u8)
}

fn map_board(board: u64, sym: Symmetry) -> u64 {
    (0..64u8)
        .filter(|sq| board & (1 << sq) != 0)
        .map(|sq| {
            let (c, r) = map_square(sym, sq % 8, sq / 8);
            1u64 << (r * 8 + c)
        })
        .fold(0, |a, b| a | b)
}

fn map_move(mv: Move, sym: Symmetry) -> Move {
    match mv.square() {
        None => Move::PASS,
        Some(sq) => {
            let (c, r) = map_square(sym, sq % 8, sq / 8);
            Move::at(c, r).expect("a symmetry maps the board onto itself")
        }
    }
}

/// The image of the position under `sym`.
fn image(game: &Othello, sym: Symmetry) -> Othello {
    let (black, white) = (map_board(game.black(), sym), map_board(game.white(), sym));
    Othello::from_boards(black, white, game.side_to_move()).expect("the centre stays occupied")
}

/// The `Game` laws (arbiter-laws), every move value (the 64 squares and the pass) tried at
/// every position, and the symmetries of the board.
#[test]
fn game_laws() {
    GameLaws::<Othello>::new(&[OthelloVariant::Standard])
        .cases(200)
        .plies(70)
        .perft_table(5)
        .every_move(|_| {
            (0..64)
                .filter_map(Move::place)
                .chain([Move::PASS])
                .collect()
        })
        .complete_text()
        .symmetries(image, |_, sym, mv| map_move(mv, sym))
        .check();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn parsers_never_panic(text in "[-.XxOo a-h1-9;\n\u{e9}]{0,80}") {
        let variant = OthelloVariant::Standard;
        let _ = Othello::parse_position(&variant, &text);
        let _ = Othello::parse_diagram(&variant, &text, arbiter_core::Side::First);
        for token in Othello::split_moves(&text) {
            let _ = crate::parse_move(&token);
        }
    }
}
