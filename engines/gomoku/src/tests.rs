//! Rule tests on whole positions (the swap openings, lines by variant, text forms, set-up
//! wins, perft), with the property tests (`properties`) and the swap self-play (`swap_selfplay`)
//! beside them.

mod properties;
mod swap_selfplay;

use arbiter_core::{EndReason, Game, Outcome, PerftConvention, Side};

use crate::{Colour, Gomoku, GomokuVariant, Move, Point};

fn play(variant: &str, moves: &str) -> Gomoku {
    let mut game = Gomoku::start(&variant.parse().unwrap());
    for text in moves.split_whitespace() {
        let mv = game.parse_move(text).unwrap();
        game.play(mv)
            .unwrap_or_else(|e| panic!("{text}: {e}\n{game:?}"));
    }
    game
}

fn legal(game: &Gomoku) -> Vec<Move> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves
}

fn p(text: &str) -> Point {
    Point::parse(text).unwrap()
}

#[test]
fn swap1_is_offered_only_after_the_first_stone() {
    assert!(!legal(&play("freestyle+swap1", "")).contains(&Move::Swap));
    let game = play("freestyle+swap1", "h8");
    assert!(legal(&game).contains(&Move::Swap));
    assert_eq!(game.side_to_move(), Side::Second);
    let game = play("freestyle+swap1", "h8 swap");
    assert_eq!(game.colour_of(Side::Second), Colour::Black);
    assert_eq!(
        (game.side_to_move(), game.colour_to_move()),
        (Side::First, Colour::White)
    );
    let game = play("freestyle+swap1", "h8 swap i9");
    assert_eq!(
        (game.side_to_move(), game.colour_to_move()),
        (Side::Second, Colour::Black)
    );
    assert!(!legal(&game).contains(&Move::Swap));
    assert!(!legal(&play("freestyle+swap1", "h8 i9")).contains(&Move::Swap));
}

#[test]
fn swap2_paths() {
    use Colour::{Black, White};
    use Side::{First, Second};
    let game = play("freestyle+swap2", "h8 i9 j10");
    let moves = legal(&game);
    assert!(moves.contains(&Move::Swap) && moves.contains(&Move::PutTwo));
    assert_eq!(game.side_to_move(), Side::Second);
    let game = play("freestyle+swap2", "h8 i9 j10 put-two a1 a2");
    assert_eq!(legal(&game)[0], Move::Swap);
    // The moves played; who moves next, with which colour; and, once the colours are chosen,
    // the colour a side holds.
    let paths = [
        ("h8 i9", (First, Black), None),
        // Swap: the second player is black, the first places the white 4th stone.
        ("h8 i9 j10 swap", (First, White), Some((Second, Black))),
        // A stone: the second player stays white; then the first player (black).
        ("h8 i9 j10 k11", (First, Black), Some((Second, White))),
        // put-two: the second player places two stones, then the first player chooses.
        ("h8 i9 j10 put-two", (Second, White), None),
        ("h8 i9 j10 put-two a1", (Second, Black), None),
        ("h8 i9 j10 put-two a1 a2", (First, White), None),
        (
            "h8 i9 j10 put-two a1 a2 swap",
            (Second, White),
            Some((First, Black)),
        ),
        (
            "h8 i9 j10 put-two a1 a2 a3",
            (Second, Black),
            Some((First, White)),
        ),
    ];
    for (moves, turn, holds) in paths {
        let game = play("freestyle+swap2", moves);
        assert_eq!(
            (game.side_to_move(), game.colour_to_move()),
            turn,
            "{moves}"
        );
        if let Some((side, colour)) = holds {
            assert_eq!(game.colour_of(side), colour, "{moves}");
        }
    }
}

#[test]
fn botzone_exchange_inverts_the_stones() {
    let game = play("freestyle+botzone-exchange", "h8 h9 h10");
    assert!(legal(&game).contains(&Move::Swap));
    let game = play("freestyle+botzone-exchange", "h8 h9 h10 swap");
    assert_eq!(game.stone_at(p("h8")), Some(Colour::White));
    assert_eq!(game.stone_at(p("h9")), Some(Colour::Black));
    assert_eq!(
        (game.side_to_move(), game.colour_to_move()),
        (Side::First, Colour::Black)
    );
    assert_eq!(game.colour_of(Side::First), Colour::Black);
}

#[test]
fn lines_win_by_variant() {
    // Black builds d8 e8 f8 g8 . i8 and fills h8: six in a row.
    let six = "d8 d1 e8 e1 f8 f1 g8 a3 i8 a5 h8";
    assert_eq!(
        play("freestyle", six).outcome(),
        Some(Outcome::win(Side::First, EndReason::Line))
    );
    assert_eq!(play("standard", six).outcome(), None);
    let err = play("renju", "d8 d1 e8 e1 f8 f1 g8 a3 i8 a5")
        .play(Move::Stone(p("h8")))
        .unwrap_err();
    assert_eq!(err.code, "overline");
    assert_eq!(
        play("renju-foul-loses", six).outcome(),
        Some(Outcome::win(Side::Second, EndReason::Forbidden))
    );
    // White's six wins under renju.
    let white_six = "a1 d8 a3 e8 a5 f8 a7 g8 a9 i8 a11 h8";
    assert_eq!(
        play("renju", white_six).outcome(),
        Some(Outcome::win(Side::Second, EndReason::Line))
    );
    assert_eq!(play("standard", white_six).outcome(), None);
}

#[test]
fn text_forms_round_trip() {
    let game = play("renju+swap1", "h8 swap i9 j10");
    let variant = *game.variant();
    let line = game.format_position();
    assert_eq!(
        line,
        "black: h8,j10; white: i9; to-move: white; first: white"
    );
    let back =
        Gomoku::from_setup(&variant, &Gomoku::parse_position(&variant, &line).unwrap()).unwrap();
    assert_eq!(back.format_position(), line);
    let diagram = game.diagram();
    let mut setup = Gomoku::parse_diagram(&variant, &diagram, Side::Second).unwrap();
    setup.black.sort();
    setup.white.sort();
    assert_eq!(
        (setup.black, setup.white),
        (game.to_setup().black, game.to_setup().white)
    );
}

#[test]
fn set_up_wins_and_conflicts() {
    let variant = GomokuVariant::RENJU;
    let won = Gomoku::parse_position(&variant, "black: a1,a2,a3,a4,a5; white: c1; to-move: white")
        .unwrap();
    assert_eq!(
        Gomoku::from_setup(&variant, &won).unwrap().outcome(),
        Some(Outcome::win(Side::First, EndReason::Line))
    );
    let both =
        Gomoku::parse_position(&variant, "black: a1,a2,a3,a4,a5; white: c1,c2,c3,c4,c5").unwrap();
    assert!(Gomoku::from_setup(&variant, &both).is_err());
    let clash = Gomoku::parse_position(&variant, "black: a1,o16; white: a1").unwrap();
    assert_eq!(Gomoku::from_setup(&variant, &clash).unwrap_err().len(), 2);
}

#[test]
fn perft_from_the_start() {
    let mut game = Gomoku::start(&GomokuVariant::RENJU);
    assert_eq!(game.perft(2, PerftConvention::default()), 225 * 224);
    let mut game = Gomoku::start(&"freestyle+swap1".parse().unwrap());
    assert_eq!(game.perft(2, PerftConvention::default()), 225 * 225);
}
