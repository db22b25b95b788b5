//! Tests of the position: turn structure, wins, perft against the published formulas, and
//! properties over random playouts.

use arbiter_core::{EndReason, Game, Outcome, PerftConvention, Side};
use arbiter_laws::GameLaws;
use arbiter_laws::{Fixture, assert_over, perft_both};
use proptest::prelude::*;

use crate::Connect6;
use crate::board::{Board, Move, Point, Symmetry};
use crate::setup::Setup;
use crate::variant::Connect6Variant;

fn start(size: u8) -> Connect6 {
    Connect6::start(&Connect6Variant::with_size(size).unwrap())
}

fn after(size: u8, moves: &str) -> Connect6 {
    let mut game = start(size);
    for text in Connect6::split_moves(moves) {
        let mv = game.parse_move(&text).unwrap();
        game.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    game
}

fn code(game: &Connect6, text: &str) -> &'static str {
    game.check_move(game.move_of(text)).unwrap_err().code
}

#[test]
fn perft_from_the_start_matches_the_formula() {
    // The rules (I-Chen Wu; iggamecenter.com/info/en/connect6.html) give by counting:
    // perft(d) = 361 * prod C(361 - 1 - 2(k-1), 2) while no game can end.
    let mut game = start(19);
    assert_eq!(game.perft(1, PerftConvention::SequencesOfExactLength), 361);
    assert_eq!(perft_both(&mut game, 2), [23_327_820; 2]);
    assert_eq!(game, start(19));
}

#[test]
fn bulk_perft_matches_the_formula_on_six_by_six() {
    // 6x6: 36, 36 * C(35, 2), 36 * C(35, 2) * C(33, 2); no game ends before ply 6.
    let mut game = start(6);
    for (depth, nodes) in [(1, 36), (2, 21_420), (3, 11_309_760)] {
        assert_eq!(
            game.perft(depth, PerftConvention::SequencesOfExactLength),
            nodes
        );
    }
}

#[test]
fn bulk_perft_counts_finished_games_by_the_convention() {
    // 7x7, black to move: a1-d1 and g1 black, so e1 with f1 completes a six.
    let game = after(7, "a1 g7-f7 b1-c1 g6-f6 d1-g1 g5-f5");
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    for convention in [
        PerftConvention::SequencesOfExactLength,
        PerftConvention::FinishedGameIsLeaf,
    ] {
        // Every move played and its replies listed: a won game counts by the convention.
        let expected: u64 = moves
            .iter()
            .map(|&mv| {
                let mut child = game.clone();
                child.make(mv);
                let mut replies = Vec::new();
                child.generate_moves(&mut replies);
                match (replies.len(), convention) {
                    (0, PerftConvention::FinishedGameIsLeaf) => 1,
                    (replies, _) => replies as u64,
                }
            })
            .sum();
        assert_eq!(
            game.clone().perft(2, convention),
            expected,
            "{convention:?}"
        );
    }
    assert_eq!(moves.len(), 38 * 37 / 2);
}

#[test]
fn first_turn_is_one_stone() {
    let game = start(19);
    assert_eq!(code(&game, "j10-k11"), "wrong-stone-count");
    assert!(game.check_move(game.move_of("j10")).is_ok());
    let game = after(19, "j10");
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert_eq!(moves.len(), 64_620);
    assert_eq!(code(&game, "k11"), "wrong-stone-count");
    assert_eq!(code(&game, "j10-k11"), "occupied");
    assert_eq!(code(&game, "k11-k11"), "same-point");
    assert!(game.check_move(game.move_of("k11-l12")).is_ok());
}

#[test]
fn pairs_are_unordered() {
    let a = after(19, "j10 k11-l12");
    let b = after(19, "j10 l12-k11");
    assert_eq!(a, b);
    assert_eq!(a.hash(), b.hash());
    assert_eq!(code(&a, "k11-a1"), "occupied");
    assert_eq!(code(&a, "a1-l12"), "occupied");
}

#[test]
fn six_wins_and_five_does_not() {
    // Black: j10, then a1-b1, c1-d1; white stones far away.
    let five = after(19, "j10 a19-b19 a1-b1 d19-e19 c1-d1 g19-h19");
    assert_eq!(five.outcome(), None);
    let mut game = five.clone();
    // e1 makes five (a1..e1), f3 elsewhere: not over.
    game.play(game.move_of("e1-f3")).unwrap();
    assert_eq!(game.outcome(), None);
    // Six by the pair's two stones together.
    let mut game = five.clone();
    game.play(game.move_of("e1-f1")).unwrap();
    assert_over(&game, Outcome::win(Side::First, EndReason::Line));
    assert_eq!(code(&game, "a10-b10"), "game-over");
}

#[test]
fn six_by_the_first_stone_of_the_pair_wins() {
    // Black has a1..e1; e... f1 completes six whatever the other stone is, in either order.
    let five = after(19, "j10 a19-b19 a1-b1 d19-e19 c1-d1 g19-h19 e1-s5 k19-l19");
    assert_eq!(five.outcome(), None);
    for text in ["f1-s10", "s10-f1", "a2-f1"] {
        let mut game = five.clone();
        game.play(game.move_of(text)).unwrap();
        assert_eq!(
            game.outcome(),
            Some(Outcome::win(Side::First, EndReason::Line)),
            "{text}"
        );
    }
}

#[test]
fn overline_wins() {
    // Black a1..c1 and e1..g1 (3 + 3), d1 joins them into seven.
    let game = after(19, "j10 a19-b19 a1-b1 d19-e19 c1-e1 g19-h19 f1-g1 k19-l19");
    assert_eq!(game.outcome(), None);
    let mut game = game;
    game.play(game.move_of("d1-s10")).unwrap();
    assert_over(&game, Outcome::win(Side::First, EndReason::Line));
}

#[test]
fn white_wins_too() {
    let game = after(19, "j10 a5-b5 a1-b1 c5-d5 a19-s19 e5-f5");
    assert_over(&game, Outcome::win(Side::Second, EndReason::Line));
}

#[test]
fn off_board_points_are_refused() {
    let game = start(15);
    assert!(game.parse_move("p1").is_err());
    let mv = Move::single(Point::new(0, 15).unwrap());
    assert_eq!(game.check_move(mv).unwrap_err().code, "off-board");
}

#[test]
fn text_forms_of_the_start() {
    let game = start(19);
    let text = game.format_position();
    assert_eq!(text, format!("{}19 black", "19/".repeat(18)));
    let variant = Connect6Variant::STANDARD;
    let setup = Connect6::parse_position(&variant, &text).unwrap();
    assert_eq!(Connect6::from_setup(&variant, &setup).unwrap(), game);
    // A board of the wrong size for the variant.
    let setup = Setup {
        board: Board::empty(7),
        to_move: Side::First,
    };
    assert!(Connect6::from_setup(&variant, &setup).is_err());
}

#[test]
fn finished_setups_are_over() {
    let variant = Connect6Variant::with_size(7).unwrap();
    let diagram = ".......\n.......\nOOOOO.O\n.......\n.......\n.......\nXXXXXXX\n";
    let setup = Connect6::parse_diagram(&variant, diagram, Side::Second).unwrap();
    let game = Connect6::from_setup(&variant, &setup).unwrap();
    assert_over(&game, Outcome::win(Side::First, EndReason::Line));
}

/// Plays the moves picked by `choices` (indices modulo the legal-move count).
fn playout(size: u8, choices: &[u32]) -> (Connect6, Vec<Move>) {
    arbiter_laws::playout(start(size), choices)
}

/// The position with every stone moved by `sym`.
fn transformed(game: &Connect6, sym: Symmetry) -> Connect6 {
    let size = game.board().size();
    let mut board = Board::empty(size as u8);
    for p in game.board().points() {
        board.set(p.under(sym, size), game.board().get(p));
    }
    let setup = Setup {
        board,
        to_move: game.side_to_move(),
    };
    Connect6::from_setup(game.variant(), &setup).unwrap()
}

fn map_move(mv: Move, sym: Symmetry, size: usize) -> Move {
    match mv.second() {
        None => Move::single(mv.first().under(sym, size)),
        Some(b) => Move::pair(mv.first().under(sym, size), b.under(sym, size)),
    }
}

/// A candidate move for the law kit's `check_move` probes: any point, and any second point
/// or none.
fn probe(_: &Connect6, random: u64) -> Move {
    let a = Point::from_index((random % 361) as usize).expect("an index below 361");
    // Index 361 stands for "no second stone".
    Point::from_index(((random >> 16) % 362) as usize).map_or(Move::single(a), |b| Move::pair(a, b))
}

/// The `Game` laws (arbiter-laws) on small boards and the full one, with probes.
#[test]
fn game_laws() {
    let sizes = [6, 8, 12];
    let variants = sizes.map(|size| Connect6Variant::with_size(size).unwrap());
    GameLaws::<Connect6>::new(&variants)
        .cases(48)
        .plies(40)
        .move_stride(97)
        .probes(probe, 50)
        .complete_text()
        .symmetries(transformed, |game, sym, mv| {
            map_move(mv, sym, game.board().size())
        })
        .check();
    GameLaws::<Connect6>::new(&[Connect6Variant::STANDARD])
        .cases(8)
        .plies(12)
        .move_stride(997)
        .probes(probe, 50)
        .complete_text()
        .check();
}

/// The generated list is sorted and without repeats (the rules' binary searches need it).
#[test]
fn generated_pairs_are_sorted() {
    let (game, _) = playout(8, &[3, 17, 5]);
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    assert!(moves.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn games_end_by_the_rules(size in 6u8..=8, choices in prop::collection::vec(any::<u32>(), 40)) {
        let (game, _) = playout(size, &choices);
        let board = game.board();
        match game.outcome() {
            Some(Outcome { winner: Some(side), reason: EndReason::Line }) => {
                prop_assert!(board.find_six(side).is_some());
                prop_assert!(board.find_six(side.opponent()).is_none());
                prop_assert_eq!(side, game.side_to_move().opponent());
            }
            Some(Outcome { winner: None, reason: EndReason::BoardFull }) => {
                prop_assert!(game.empty_count() < 2);
                prop_assert!(board.find_six(Side::First).is_none() && board.find_six(Side::Second).is_none());
            }
            None => prop_assert!(game.empty_count() >= 2),
            Some(other) => prop_assert!(false, "unexpected {:?}", other),
        }
    }

}
