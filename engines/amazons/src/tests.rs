//! Rule tests on whole positions and property tests over random playouts.

use arbiter_core::grid::Symmetry;
use arbiter_core::{Bits, EndReason, Game, Outcome, PerftConvention, Side};
use arbiter_laws::{Fixture, GameLaws, assert_over, perft_both, play};
use proptest::prelude::*;
use rstest::rstest;

use crate::{Amazons, AmazonsVariant, Move};

/// A position on Botzone's 8x8 board.
fn position(text: &str) -> Amazons {
    arbiter_laws::position("botzone8", text)
}

#[test]
fn start_positions() {
    let standard = Amazons::start(&AmazonsVariant::Standard);
    assert_eq!(
        standard.format_position(),
        "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 white"
    );
    assert_eq!(standard.side_to_move(), Side::First);
    let botzone = Amazons::start(&AmazonsVariant::Botzone8);
    assert_eq!(
        botzone.format_position(),
        "2B2B2/8/B6B/8/8/W6W/8/2W2W2 black"
    );
    assert_eq!(botzone.side_to_move(), Side::Second);
}

#[test]
fn shallow_perft_matches_the_published_counts() {
    // Hensgens (2001) via the chessprogramming wiki; radekmie/rg bench.test.ts.
    let mut standard = Amazons::start(&AmazonsVariant::Standard);
    assert_eq!(standard.perft(1, PerftConvention::default()), 2176);
    assert_eq!(standard.perft(2, PerftConvention::default()), 4_307_152);
    // Full generation agrees with the bulk count.
    let mut moves = Vec::new();
    standard.generate_moves(&mut moves);
    assert_eq!(moves.len(), 2176);
    // Botzone's 8x8 start: no published count was found; 1,331,198 is an independent
    // enumerator's (a plain C walk written for the 10x10 counts above, which it reproduces).
    let mut botzone = Amazons::start(&AmazonsVariant::Botzone8);
    assert_eq!(botzone.perft(2, PerftConvention::default()), 1_331_198);
}

#[test]
fn openspiel_phase_facts() {
    // OpenSpiel amazons_test.cc: from d1 there are 20 destinations; after d1-f1, 23 shots.
    let start = Amazons::start(&AmazonsVariant::Standard);
    let mut moves = Vec::new();
    start.generate_moves(&mut moves);
    let d1 = start.parse_move("d1-d2/d1").unwrap().from;
    let mut destinations: Vec<u8> = moves
        .iter()
        .filter(|m| m.from == d1)
        .map(|m| m.to)
        .collect();
    destinations.dedup();
    assert_eq!(destinations.len(), 20);
    let f1 = start.parse_move("d1-f1/d1").unwrap().to;
    assert_eq!(
        moves.iter().filter(|m| m.from == d1 && m.to == f1).count(),
        23
    );
}

#[test]
fn the_arrow_may_land_on_and_cross_the_vacated_square() {
    // Onto the square just left.
    let mut game = Amazons::start(&AmazonsVariant::Standard);
    play(&mut game, "d1-d3/d1");
    assert_eq!(
        game.format_position(),
        "3B2B3/10/10/B8B/10/10/W8W/3W6/10/3x2W3 black"
    );
    // Across it: d1 to e1, then the arrow flies west over d1 onto c1.
    let mut game = Amazons::start(&AmazonsVariant::Standard);
    play(&mut game, "d1-e1/c1");
    assert_eq!(
        game.format_position(),
        "3B2B3/10/10/B8B/10/10/W8W/10/10/2x1W1W3 black"
    );
}

#[rstest]
#[case("d2-d3/d4", "not-own-amazon")]
#[case("a7-a6/a5", "not-own-amazon")]
#[case("d1-e3/e4", "not-queen-line")]
#[case("d1-d1/d2", "not-queen-line")]
#[case("d1-g1/g2", "blocked-path")]
#[case("d1-h1/h2", "blocked-path")]
#[case("a4-a7/a8", "blocked-path")]
#[case("d1-d2/e4", "arrow-not-queen-line")]
#[case("d1-d2/d2", "arrow-not-queen-line")]
#[case("d1-d4/a4", "arrow-blocked")]
#[case("d1-d4/j4", "arrow-blocked")]
#[case("g1-g7/g10", "arrow-blocked")]
fn illegal_moves_from_the_start(#[case] text: &str, #[case] code: &str) {
    let game = Amazons::start(&AmazonsVariant::Standard);
    let mv = game.parse_move(text).unwrap();
    assert_eq!(game.check_move(mv).map_err(|e| e.code), Err(code), "{text}");
}

#[test]
fn off_board_move_values_are_refused() {
    let game = Amazons::start(&AmazonsVariant::Botzone8);
    let mv = Move {
        from: 2,
        to: 64,
        arrow: 3,
    };
    assert_eq!(game.check_move(mv).map_err(|e| e.code), Err("off-board"));
}

#[test]
fn a_side_without_a_move_loses() {
    // White's only amazon on a1 is walled in by arrows on a2, b1, b2: black wins.
    let text = "7B/8/8/8/8/8/xx6/Wx6 white";
    let game = position(text);
    assert_over(&game, Outcome::win(Side::Second, EndReason::Stalemate));
    let mut moves = vec![Move {
        from: 0,
        to: 0,
        arrow: 0,
    }];
    game.generate_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(game.count_moves(&mut moves), 0);
    let mv = game.parse_move("a1-a2/a1").unwrap();
    assert_eq!(game.check_move(mv).map_err(|e| e.code), Err("game-over"));
    // One empty neighbour is enough: step there and shoot back.
    let open = position("7B/8/8/8/8/8/x7/Wx6 white");
    assert_eq!(open.outcome(), None);
    let mut moves = Vec::new();
    open.generate_moves(&mut moves);
    assert!(moves.contains(&open.parse_move("a1-b2/a1").unwrap()));
}

#[test]
fn perft_conventions_at_a_finished_game() {
    let mut game = position("7B/8/8/8/8/8/xx6/Wx6 white");
    assert_eq!(perft_both(&mut game, 2), [0, 1]);
}

#[rstest]
#[case("7B/8/8/8/8/8/8/8 white", "white has 0 amazons")]
#[case("WWWWW2B/8/8/8/8/8/8/8 white", "white has 5 amazons")]
fn invalid_setups(#[case] text: &str, #[case] problem: &str) {
    Amazons::refuses_setup("botzone8", text, "piece-count", problem);
}

#[test]
fn a_board_of_the_wrong_size_is_refused() {
    let setup = Amazons::parse_position(
        &AmazonsVariant::Botzone8,
        "2B2B2/8/B6B/8/8/W6W/8/2W2W2 black",
    )
    .unwrap();
    assert!(Amazons::from_setup(&AmazonsVariant::Standard, &setup).is_err());
}

/// The image of `square` under `symmetry`.
fn image_square(game: &Amazons, symmetry: Symmetry, square: u8) -> u8 {
    symmetry.apply_index(usize::from(square), usize::from(game.geometry().size)) as u8
}

/// The image of the position under `symmetry`.
fn image(game: &Amazons, symmetry: Symmetry) -> Amazons {
    arbiter_laws::image_by_cells(game, game.to_setup(), symmetry, |setup| &mut setup.cells)
}

/// The image of a move under `symmetry`.
fn image_move(game: &Amazons, symmetry: Symmetry, mv: Move) -> Move {
    let image = |square| image_square(game, symmetry, square);
    Move {
        from: image(mv.from),
        to: image(mv.to),
        arrow: image(mv.arrow),
    }
}

/// A candidate move for the law kit's `check_move` probes: half the time from one of the
/// mover's amazons (so that the later checks are reached), else any three squares.
fn probe(game: &Amazons, random: u64) -> Move {
    let squares = u64::from(game.geometry().squares);
    let own: Vec<u8> = Bits(game.amazons(game.side_to_move())).collect();
    let [a, b, c, d, ..] = random.to_le_bytes().map(u64::from);
    let from = if a % 2 == 0 && !own.is_empty() {
        own[(b as usize) % own.len()]
    } else {
        (b % squares) as u8
    };
    Move {
        from,
        to: (c % squares) as u8,
        arrow: (d % squares) as u8,
    }
}

/// The `Game` laws (arbiter-laws) on both boards, with probes, the internal state and the
/// symmetries of the board.
#[test]
fn game_laws() {
    GameLaws::<Amazons>::new(&[AmazonsVariant::Standard, AmazonsVariant::Botzone8])
        .cases(128)
        .plies(60)
        .move_stride(11)
        .probes(probe, 64)
        .complete_text()
        .invariant(Amazons::is_consistent)
        .symmetries(image, image_move)
        .check();
}

/// Plays `choices` (indices modulo the legal-move count) from the start, stopping at the end.
fn playout(variant: AmazonsVariant, choices: &[u16]) -> (Amazons, Vec<Move>) {
    let choices: Vec<u32> = choices.iter().map(|&c| u32::from(c)).collect();
    arbiter_laws::playout(Amazons::start(&variant), &choices)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn botzone_coordinates_round_trip(choices in prop::collection::vec(any::<u16>(), 0..20)) {
        let (game, played) = playout(AmazonsVariant::Botzone8, &choices);
        for mv in played {
            let g = game.geometry();
            prop_assert_eq!(crate::notation::parse_botzone(g, &crate::notation::format_botzone(g, mv)), Ok(mv));
        }
    }
}
