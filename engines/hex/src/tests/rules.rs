//! Rule tests on whole positions: the start, connections through every kind of edge cell, the
//! end of the game, the swap in both readings, refusals and setups.

use arbiter_core::{EndReason, Game, Outcome, PerftConvention, Side};
use arbiter_laws::played;
use arbiter_laws::{Fixture, assert_over, perft_both};
use rstest::rstest;

use crate::{Cell, Colour, Hex, HexMove, HexVariant};

#[test]
fn the_start_is_empty_with_black_to_move() {
    let start = Hex::start(&HexVariant::default());
    assert_eq!(
        start.format_position(),
        "11/11/11/11/11/11/11/11/11/11/11 black"
    );
    assert_eq!(start.side_to_move(), Side::First);
    let mut moves = Vec::new();
    start.generate_moves(&mut moves);
    assert_eq!(moves.len(), 121);
    assert_eq!(start.longest_game(), Some(121));
    assert_eq!(
        Hex::start(&Hex::variant_named("swap-mirror")).longest_game(),
        Some(122)
    );
}

#[rstest]
// 11 x 11: 121 first moves; then 120 stones, and the swap under either swap rule.
#[case("standard", &[121, 14_520, 1_727_880])]
#[case("swap-mirror", &[121, 14_641, 1_742_400])]
#[case("swap-sides", &[121, 14_641, 1_742_400])]
fn perft_is_the_arithmetic_of_empty_cells(#[case] name: &str, #[case] counts: &[u64]) {
    let mut game = Hex::start(&Hex::variant_named(name));
    for (depth, &count) in (1..).zip(counts) {
        assert_eq!(
            perft_both(&mut game, depth),
            [count; 2],
            "{name} depth {depth}"
        );
    }
}

#[test]
fn a_chain_between_the_own_edges_wins() {
    // Black down column a (through the acute corner a1): wins on a3.
    let mut game = played::<Hex>(&Hex::variant_named("standard@3"), "a1 b1 a2 b2");
    assert_eq!(game.outcome(), None);
    game.play(game.move_of("a3")).unwrap();
    assert_over(&game, Outcome::win(Side::First, EndReason::Connection));
    assert_eq!(
        game.check_move(game.move_of("c3")).unwrap_err().code,
        "game-over"
    );
    assert_eq!(game.count_moves(&mut Vec::new()), 0);
}

#[test]
fn white_joins_left_and_right_through_the_obtuse_corner() {
    // White a3 b3 c3 along the bottom row: a3 is an obtuse corner (on the left and bottom
    // edges), c3 the acute one; white joins its edges, black's b1 c1 do not join black's.
    let game = played::<Hex>(&Hex::variant_named("standard@3"), "b1 a3 c1 b3 a1 c3");
    assert_over(&game, Outcome::win(Side::Second, EndReason::Connection));
}

#[test]
fn a_row_of_the_wrong_colour_joins_nothing() {
    // Black across row 2 touches white's edges, not its own: no winner yet.
    let game = Hex::position("standard@3", "W1W/BBB/3 white");
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_zigzag_chain_uses_the_short_diagonal_steps() {
    // Black c1 b2 a3: each step goes one row down and one column left (a hex neighbour).
    let game = Hex::position("standard@3", "2B/1B1/BWW white");
    assert_eq!(game.winner_colour(), Some(Colour::Black));
    // The other diagonal is no chain: a1 b2 c3 are not neighbours in turn.
    let setup =
        Hex::parse_position(&Hex::variant_named("standard@3"), "B1W/1B1/W1B white").unwrap();
    assert_eq!(
        Hex::from_setup(&Hex::variant_named("standard@3"), &setup)
            .unwrap()
            .outcome(),
        None
    );
}

#[test]
fn one_by_one_is_won_by_the_first_stone() {
    let game = played::<Hex>(&Hex::variant_named("standard@1"), "a1");
    assert_over(&game, Outcome::win(Side::First, EndReason::Connection));
}

#[rstest]
#[case("standard", "a1", None)]
#[case("standard", "k11", None)]
#[case("standard", "l1", Some("off-board"))]
#[case("standard", "a12", Some("off-board"))]
#[case("standard@5", "f1", Some("off-board"))]
#[case("standard", "swap-pieces", Some("swap-not-allowed"))]
#[case("swap-mirror", "swap-pieces", Some("swap-not-allowed"))]
fn refusals_on_the_empty_board(#[case] name: &str, #[case] text: &str, #[case] code: Option<&str>) {
    let game = Hex::start(&Hex::variant_named(name));
    let result = game.check_move(game.move_of(text));
    assert_eq!(result.err().map(|error| error.code), code, "{name} {text}");
}

#[test]
fn an_occupied_cell_is_refused() {
    let game = played::<Hex>(&Hex::variant_named("standard"), "f6");
    assert_eq!(
        game.check_move(game.move_of("f6")).unwrap_err().code,
        "occupied"
    );
}

#[test]
fn the_swap_comes_only_at_the_second_ply() {
    for name in ["swap-mirror", "swap-sides"] {
        let after_one = played::<Hex>(&Hex::variant_named(name), "b1");
        assert!(after_one.swap_offered(), "{name}");
        let mut moves = Vec::new();
        after_one.generate_moves(&mut moves);
        assert_eq!(moves.len(), 121, "{name}: 120 cells and the swap");
        let after_two = played::<Hex>(&Hex::variant_named(name), "b1 c3");
        assert_eq!(
            after_two.check_move(HexMove::Swap).unwrap_err().code,
            "swap-not-allowed"
        );
        let swapped = played::<Hex>(&Hex::variant_named(name), "b1 swap-pieces");
        assert_eq!(
            swapped.check_move(HexMove::Swap).unwrap_err().code,
            "swap-not-allowed",
            "{name}: no second swap"
        );
    }
    let standard = played::<Hex>(&Hex::variant_named("standard"), "b1");
    assert_eq!(
        standard.check_move(HexMove::Swap).unwrap_err().code,
        "swap-not-allowed"
    );
}

#[test]
fn swap_mirror_turns_the_stone_into_white_on_its_mirror_image() {
    // PlayHex: `b1 swap-pieces c3` is black c3 and white a2.
    let game = played::<Hex>(&Hex::variant_named("swap-mirror@5"), "b1 swap-pieces");
    assert_eq!(game.format_position(), "5/W4/5/5/5 black");
    assert_eq!(game.side_to_move(), Side::First);
    assert_eq!(game.at(Cell::new(0, 1)), Some(Colour::White));
    let game = played::<Hex>(&Hex::variant_named("swap-mirror@5"), "b1 swap-pieces c3");
    assert_eq!(game.format_position(), "5/W4/2B2/5/5 white");
}

#[test]
fn swap_sides_gives_the_first_stone_to_the_second_player() {
    // MoHex and Hayward's HexGUI: the stone stays, white (now the first player) moves next.
    let game = played::<Hex>(&Hex::variant_named("swap-sides@5"), "b1 swap-pieces");
    assert_eq!(game.format_position(), "1B3/5/5/5/5 white swapped");
    assert_eq!(game.colour_to_move(), Colour::White);
    assert_eq!(game.side_to_move(), Side::First);
    assert_eq!(game.colour_of(Side::Second), Colour::Black);
    // The second player, black now, joins the top and bottom: it wins.
    let game = played::<Hex>(
        &Hex::variant_named("swap-sides@3"),
        "b1 swap-pieces a1 b2 c1 b3",
    );
    assert_over(&game, Outcome::win(Side::Second, EndReason::Connection));
}

#[test]
fn the_two_readings_count_alike() {
    // Mirror and exchange are the same game up to the board's symmetry: every count agrees.
    let mut mirror = played::<Hex>(&Hex::variant_named("swap-mirror@4"), "b2");
    let mut sides = played::<Hex>(&Hex::variant_named("swap-sides@4"), "b2");
    for depth in 1..=4 {
        let convention = PerftConvention::SequencesOfExactLength;
        assert_eq!(
            mirror.perft(depth, convention),
            sides.perft(depth, convention)
        );
    }
}

#[rstest]
#[case("standard@3", "3/3/3 white", "side-to-move")]
#[case("standard@3", "BB1/3/3 white", "piece-count")]
#[case("standard@3", "W2/3/3 black", "piece-count")]
#[case("swap-mirror@3", "W2/3/3 white", "side-to-move")]
#[case("standard@3", "1B1/3/3 white swapped", "swap-rule")]
#[case("swap-sides@3", "3/3/3 black swapped", "swap-rule")]
#[case("standard@3", "BWB/WBW/BWB black", "moved-after-end")]
#[case("standard@4", "BBWW/BBWW/BBWW/BBW1 white", "unreachable")]
#[case("standard@5", "3/3/3 black", "board-size")]
fn impossible_positions_are_refused(#[case] name: &str, #[case] text: &str, #[case] code: &str) {
    let variant = Hex::variant_named(name);
    let result = Hex::parse_position(&variant, text)
        .map_err(|error| vec![error.message])
        .and_then(|setup| {
            Hex::from_setup(&variant, &setup)
                .map_err(|problems| problems.into_iter().map(|p| p.code.to_owned()).collect())
        });
    match result {
        Err(codes) if code == "board-size" => assert!(!codes.is_empty(), "{codes:?}"),
        Err(codes) => assert!(codes.iter().any(|c| c == code), "{text}: {codes:?}"),
        Ok(_) => panic!("{text} was accepted"),
    }
}

#[test]
fn positions_a_game_reaches_are_accepted() {
    for (name, text) in [
        ("swap-mirror@3", "W2/3/3 black"),
        ("swap-mirror@3", "W2/1B1/3 white"),
        ("swap-sides@3", "1B1/3/3 white swapped"),
        ("standard@3", "BBB/WW1/3 white"),
    ] {
        let game = Hex::position(name, text);
        assert_eq!(game.format_position(), text, "{name}");
    }
}

#[test]
fn winning_cells_complete_a_chain_at_once() {
    // Black f1 to f10 on 11 x 11: f11 and e11 join the bottom row.
    let mut moves = Vec::new();
    for row in 1..=10 {
        moves.push(format!("f{row} a{row}"));
    }
    let game = played::<Hex>(&Hex::variant_named("standard"), &moves.join(" "));
    let cells: Vec<String> = game
        .winning_cells(Colour::Black)
        .into_iter()
        .map(crate::format_cell)
        .collect();
    assert_eq!(cells, ["e11", "f11"]);
    assert!(game.winning_cells(Colour::White).is_empty());
    // On 1 x 1 the one cell wins for either colour.
    assert_eq!(
        Hex::start(&Hex::variant_named("standard@1"))
            .winning_cells(Colour::White)
            .len(),
        1
    );
}
