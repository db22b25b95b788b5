//! Rule tests on whole positions: perft and tree totals against the published figures,
//! validation against the full reachable set, the law kit, and the board's symmetries over
//! random playouts.

use std::collections::HashSet;

use arbiter_core::{EndReason, Game, Outcome, PerftConvention, Side, TreeCounts, tree_counts};
use arbiter_laws::{GameLaws, assert_over};
use rstest::rstest;

use crate::board::{Cell, Symmetry, symmetric_stones};
use crate::rules::{Move, TicTacToe};
use crate::setup::{Setup, problems};
use crate::variant::TicTacToeVariant;

fn start() -> TicTacToe {
    TicTacToe::start(&TicTacToeVariant::Standard)
}

fn after(moves: &str) -> TicTacToe {
    let mut game = start();
    for text in TicTacToe::split_moves(moves) {
        let mv = game.parse_move(&text).unwrap();
        game.play(mv).unwrap();
    }
    game
}

#[test]
fn perft_matches_published_counts() {
    // radekmie/rg interpreter_node/src/bench.test.ts (ticTacToe.rbg).
    let expected = [
        1u64, 9, 72, 504, 3024, 15120, 54720, 148_176, 200_448, 127_872,
    ];
    let mut game = start();
    for (depth, &nodes) in expected.iter().enumerate() {
        let depth = depth as u32;
        assert_eq!(
            game.perft(depth, PerftConvention::SequencesOfExactLength),
            nodes,
            "d{depth}"
        );
    }
    assert_eq!(game, start());
    // Past the end of every game nothing is left; finished games as leaves keep all 255,168.
    assert_eq!(game.perft(10, PerftConvention::SequencesOfExactLength), 0);
    assert_eq!(game.perft(9, PerftConvention::FinishedGameIsLeaf), 255_168);
    assert_eq!(game.perft(12, PerftConvention::FinishedGameIsLeaf), 255_168);
}

#[test]
fn tree_totals_match_published_counts() {
    // nishioka.com/javascript/tic-tac-toe.html (X 131,184, O 77,904, ties 46,080) and public
    // repositories (5,478 positions, 958 terminal).
    // The walk the `tree:` expectation of specs runs (549,946 nodes), unbounded here.
    assert_eq!(
        tree_counts(&start(), u64::MAX, usize::MAX),
        Some(TreeCounts {
            games: 255_168,
            positions: 5478,
            terminal_positions: 958,
            first_wins: 131_184,
            second_wins: 77_904,
            draws: 46_080,
        })
    );
    // A bound below the tree's size stops the walk.
    assert_eq!(tree_counts(&start(), 549_945, usize::MAX), None);
    assert_eq!(tree_counts(&start(), u64::MAX, 5477), None);
}

#[test]
fn validation_accepts_exactly_the_reachable_boards() {
    // Every board reachable by play, with the side to move.
    let reachable: HashSet<(u16, u16)> = arbiter_laws::reachable(&start())
        .values()
        .map(|game| (game.stones(Side::First), game.stones(Side::Second)))
        .collect();
    assert_eq!(reachable.len(), 5478);
    // All 3^9 boards, each with both sides to move: valid exactly when reachable with the side
    // to move the counts imply.
    let mut valid = 0;
    for code in 0..3u32.pow(9) {
        let (mut x, mut o, mut rest) = (0u16, 0u16, code);
        for cell in Cell::ALL {
            match rest % 3 {
                1 => x |= cell.bit(),
                2 => o |= cell.bit(),
                _ => {}
            }
            rest /= 3;
        }
        for to_move in [Side::First, Side::Second] {
            let setup = Setup { x, o, to_move };
            let ok = problems(&setup).is_empty();
            let implied = if x.count_ones() == o.count_ones() {
                Side::First
            } else {
                Side::Second
            };
            assert_eq!(
                ok,
                reachable.contains(&(x, o)) && to_move == implied,
                "{setup:?}: {:?}",
                problems(&setup)
            );
            valid += usize::from(ok);
            if ok {
                let game = TicTacToe::from_setup(&TicTacToeVariant::Standard, &setup).unwrap();
                assert_eq!(game.hash(), game.hash_from_scratch());
            }
        }
    }
    assert_eq!(valid, 5478);
}

#[rstest]
#[case("a1 a2 b1 b2 c1", Side::First)] // row 1
#[case("a2 a1 b2 b1 c2", Side::First)] // row 2
#[case("a3 a1 b3 b1 c3", Side::First)] // row 3
#[case("a1 b1 a2 b2 a3", Side::First)] // column a
#[case("b1 a1 b2 a2 b3", Side::First)] // column b
#[case("c1 a1 c2 a2 c3", Side::First)] // column c
#[case("a1 b1 b2 c1 c3", Side::First)] // diagonal
#[case("c1 b1 b2 a1 a3", Side::First)] // anti-diagonal
#[case("c3 a1 a2 b1 b3 c1", Side::Second)] // O row 1
#[case("a1 b1 c3 b2 a3 b3", Side::Second)] // O column b
#[case("a2 a1 b1 b2 c2 c3", Side::Second)] // O diagonal
fn lines_win(#[case] moves: &str, #[case] winner: Side) {
    let game = after(moves);
    assert_over(&game, Outcome::win(winner, EndReason::Line));
    let empty_cell = Cell::ALL
        .into_iter()
        .find(|c| game.empty() & c.bit() != 0)
        .unwrap();
    assert_eq!(
        game.check_move(Move::new(empty_cell)).unwrap_err().code,
        "game-over"
    );
}

#[test]
fn full_board_without_line_is_a_draw() {
    let game = after("a1 b2 c3 b1 b3 a3 c1 c2 a2");
    assert_over(&game, Outcome::draw(EndReason::BoardFull));
}

#[test]
fn win_on_the_last_cell_is_a_win() {
    // X completes column a with the ninth stone.
    let game = after("a1 b1 c1 b2 a2 c2 b3 c3 a3");
    assert_over(&game, Outcome::win(Side::First, EndReason::Line));
}

#[test]
fn occupied_cell_is_refused() {
    let mut game = after("b2");
    let mv = game.parse_move("b2").unwrap();
    let before = game.clone();
    assert_eq!(game.play(mv).unwrap_err().code, "occupied");
    assert_eq!(game, before);
}

#[test]
fn position_text_round_trips() {
    let game = after("a1 c1 b2 c3");
    assert_eq!(game.format_position(), "x.o/.x./..o x");
    let setup = TicTacToe::parse_position(&TicTacToeVariant::Standard, "x.o/.x./..o x").unwrap();
    assert_eq!(
        TicTacToe::from_setup(&TicTacToeVariant::Standard, &setup).unwrap(),
        game
    );
    let diagram = game.diagram();
    let setup = TicTacToe::parse_diagram(&TicTacToeVariant::Standard, &diagram, Side::First);
    assert_eq!(
        TicTacToe::from_setup(&TicTacToeVariant::Standard, &setup.unwrap()).unwrap(),
        game
    );
}

#[test]
fn sides_parse_by_name() {
    assert_eq!(TicTacToe::parse_side("X"), Some(Side::First));
    assert_eq!(TicTacToe::parse_side("o"), Some(Side::Second));
    assert_eq!(TicTacToe::parse_side("black"), None);
}

/// The position with every stone moved by `sym`.
fn transformed(game: &TicTacToe, sym: Symmetry) -> TicTacToe {
    let setup = Setup {
        x: symmetric_stones(sym, game.stones(Side::First)),
        o: symmetric_stones(sym, game.stones(Side::Second)),
        to_move: game.side_to_move(),
    };
    TicTacToe::from_setup(&TicTacToeVariant::Standard, &setup).unwrap()
}

/// The `Game` laws (arbiter-laws), every cell probed as a move at every position.
#[test]
fn game_laws() {
    GameLaws::<TicTacToe>::new(&[TicTacToeVariant::Standard])
        .plies(10)
        .probes(|_, random| Move::new(Cell::ALL[(random % 9) as usize]), 9)
        .complete_text()
        .symmetries(transformed, |_, sym, mv| Move::new(mv.cell().under(sym)))
        .check();
}
