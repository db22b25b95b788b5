//! Rule tests on whole positions and property tests over random playouts.

use arbiter_core::grid::Symmetry;
use arbiter_core::{Bits, EndReason, Game, Outcome, Side};
use arbiter_laws::Fixture;
use arbiter_laws::{GameLaws, assert_over, legal_sorted, play, refusal};
use proptest::prelude::*;
use rstest::rstest;

use crate::board::{POINTS, SIZE};
use crate::{Move, Surakarta, SurakartaSetup, SurakartaVariant};

#[test]
fn sixteen_steps_from_the_start() {
    let start = Surakarta::start(&SurakartaVariant::default());
    assert_eq!(
        start.format_position(),
        "BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red 0"
    );
    let moves = legal_sorted(&start);
    assert_eq!(moves.len(), 16);
    assert!(moves.iter().all(|m| m.contains('-')));
    let mut game = start.clone();
    assert_eq!(game.perft(1, Default::default()), 16);
}

/// A capture through a loop among a lone red piece's legal moves.
#[rstest]
// Through the bottom-left inner loop: red b1, black c2: b1 → loop → a2 → b2 → c2.
#[case("6/6/6/6/2B3/1R4 red", &["b1-a1", "b1-a2", "b1-b2", "b1-c1", "b1xc2"])]
// Along the outer circuit: red c1, black d3: c1 → loop → a3 → b3 → c3 → d3.
#[case("6/6/6/3B2/6/2R3 red", &["c1-b1", "c1-b2", "c1-c2", "c1-d1", "c1-d2", "c1xd3"])]
fn captures_through_a_loop(#[case] text: &str, #[case] legal: &[&str]) {
    let game = Surakarta::position("standard", text);
    assert_eq!(legal_sorted(&game), legal, "{text}");
}

#[rstest]
// (mover, inward blocker of its own, enemy across the loop)
#[case("b1", "b2", "a2")]
#[case("e1", "e2", "f2")]
#[case("e6", "e5", "f5")]
#[case("b6", "b5", "a5")]
#[case("c1", "c2", "a3")]
#[case("d1", "d2", "f3")]
#[case("d6", "d5", "f4")]
#[case("c6", "c5", "a4")]
fn every_corner_loop_joins_its_two_ends(
    #[case] mover: &str,
    #[case] blocker: &str,
    #[case] enemy: &str,
) {
    let mut cells = vec![None; POINTS];
    for (point, side) in [
        (mover, Side::First),
        (blocker, Side::First),
        (enemy, Side::Second),
    ] {
        cells[usize::from(crate::notation::parse_point(point).unwrap())] = Some(side);
    }
    let setup = SurakartaSetup {
        cells,
        to_move: Side::First,
        no_capture_plies: 0,
    };
    let game = Surakarta::from_setup(&SurakartaVariant::default(), &setup).unwrap();
    assert_eq!(refusal(&game, &format!("{mover}x{enemy}")), Ok(()));
}

#[test]
fn a_capture_must_pass_a_loop() {
    // Red a2 reaches black c2 along rank 2 without a loop; the other way is blocked by red b1.
    let game = Surakarta::position("standard", "6/6/6/6/R1B3/1R4 red");
    assert_eq!(refusal(&game, "a2xc2"), Err("no-loop"));
    // b1 cannot pass its own a2 through the near loop, but takes c2 the long way: up file b,
    // and through three loops it comes along rank 2 from the right.
    assert_eq!(refusal(&game, "b1xc2"), Ok(()));
}

#[test]
fn the_movers_start_point_counts_as_empty() {
    // Red b2 (a crossing point) takes black b4 going left: a2, loop, b1, b2 (its own start), b3, b4.
    let game = Surakarta::position("standard", "6/6/1B4/6/1RR3/6 red");
    assert_eq!(refusal(&game, "b2xb4"), Ok(()));
}

#[rstest]
#[case("6/6/6/6/2R3/1R3B red", "b1xc2", Err("own-piece"))]
#[case("6/6/6/6/6/1R3B red", "b1xc2", Err("nothing-to-capture"))]
#[case("6/6/6/6/6/R4B red", "a1xf1", Err("not-on-circuit"))]
#[case("6/6/1R4/6/2BB2/1R4 red", "b1xd2", Err("blocked"))]
#[case("6/6/1R4/6/2BB2/1R4 red", "b1xc2", Ok(()))]
#[case("6/6/6/6/6/1R3B red", "b1-b3", Err("not-adjacent"))]
#[case("6/6/6/6/1B4/1R4 red", "b1-b2", Err("occupied"))]
#[case("6/6/6/6/6/1R3B red", "f1-f2", Err("not-own-piece"))]
fn illegal_codes(#[case] text: &str, #[case] mv: &str, #[case] expected: Result<(), &'static str>) {
    assert_eq!(
        refusal(&Surakarta::position("standard", text), mv),
        expected
    );
}

#[test]
fn taking_the_last_piece_wins() {
    let mut game = Surakarta::position("standard", "6/6/6/6/2B3/1R4 red");
    play(&mut game, "b1xc2");
    assert_over(&game, Outcome::win(Side::First, EndReason::NoPieces));
    assert_eq!(game.final_score().map(|s| s.raw), Some(1));
}

#[rstest]
#[case("standard", 8)]
#[case("repetition-2", 4)]
#[case("repetition-4", 12)]
fn repetition_draws_on_the_nth_occurrence_exactly(#[case] rule: &str, #[case] plies: usize) {
    let cycle = ["b2-b3", "b5-b4", "b3-b2", "b4-b5"];
    let mut game = Surakarta::start(&Surakarta::variant_named(rule));
    for (ply, text) in cycle.iter().cycle().take(plies).enumerate() {
        assert_eq!(game.outcome(), None, "{rule}: over before ply {}", ply + 1);
        play(&mut game, text);
    }
    assert_over(&game, Outcome::draw(EndReason::Repetition));
}

#[test]
fn no_repetition_rule_plays_on() {
    let mut game = Surakarta::start(&Surakarta::variant_named("no-repetition"));
    play(
        &mut game,
        "b2-b3 b5-b4 b3-b2 b4-b5 b2-b3 b5-b4 b3-b2 b4-b5 b2-b3 b5-b4 b3-b2 b4-b5",
    );
    assert_eq!(game.outcome(), None);
}

#[test]
fn the_no_capture_limit_adjudicates_by_piece_count() {
    let mut game = Surakarta::position("standard", "BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red 48");
    play(&mut game, "b2-b3");
    assert_eq!(game.outcome(), None);
    play(&mut game, "b5-b4");
    assert_over(&game, Outcome::draw(EndReason::MoveLimit));
    let mut game = Surakarta::position("standard", "BBBBB1/BBBBBB/6/6/RRRRRR/RRRRRR red 49");
    play(&mut game, "b2-b3");
    assert_over(&game, Outcome::win(Side::First, EndReason::MoveLimit));
    assert_eq!(game.final_score().map(|s| s.raw), Some(1));
    let mut game = Surakarta::position("no-limit", "BBBBB1/BBBBBB/6/6/RRRRRR/RRRRRR red 49");
    play(&mut game, "b2-b3");
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_capture_resets_the_counter() {
    let mut game = Surakarta::position("standard", "6/6/6/6/2B3/1R2B1 red 30");
    play(&mut game, "b1xc2");
    assert_eq!(game.no_capture_plies(), 0);
}

#[test]
fn a_side_that_cannot_move_ends_the_game_on_piece_count() {
    // Red a1 is hemmed in by black a2, b1, b2 and no circuit passes a1.
    let game = Surakarta::position("standard", "6/6/6/6/BB4/RB4 red");
    assert_over(&game, Outcome::win(Side::Second, EndReason::NoMoves));
}

#[rstest]
#[case("6/6/6/6/6/6 red", "the board is empty")]
#[case("BBBBBB/BBBBBB/B5/6/RRRRRR/RRRRRR red", "black has 13 pieces")]
fn invalid_setups(#[case] text: &str, #[case] problem: &str) {
    Surakarta::refuses_setup("standard", text, "piece-count", problem);
}

/// The image of the point `p` under `symmetry`.
fn image_point(symmetry: Symmetry, p: u8) -> u8 {
    symmetry.apply_index(usize::from(p), SIZE) as u8
}

/// The image of the position under `symmetry`, its history included (the repetition rule
/// reads it).
fn image(game: &Surakarta, symmetry: Symmetry) -> Surakarta {
    let map = |board: [u64; 2]| {
        board
            .map(|pieces| Bits(pieces).fold(0u64, |image, p| image | 1 << image_point(symmetry, p)))
    };
    let mut image = game.clone();
    image.pieces = map(game.pieces);
    image.history = game.history.iter().map(|&board| map(board)).collect();
    image.hash = image.hash_from_scratch();
    image
}

/// The image of a move under `symmetry`.
fn image_move(_: &Surakarta, symmetry: Symmetry, mv: Move) -> Move {
    Move {
        from: image_point(symmetry, mv.from),
        to: image_point(symmetry, mv.to),
        capture: mv.capture,
    }
}

/// A candidate move for the law kit's `check_move` probes: half the time from one of the
/// mover's pieces, else any two points, a step or a capture.
fn probe(game: &Surakarta, random: u64) -> Move {
    let [a, b, c, ..] = random.to_le_bytes();
    let own: Vec<u8> = Bits(game.pieces(game.side_to_move())).collect();
    let from = if a % 2 == 0 && !own.is_empty() {
        own[usize::from(a / 2) % own.len()]
    } else {
        a % POINTS as u8
    };
    Move {
        from,
        to: b % POINTS as u8,
        capture: c % 2 == 0,
    }
}

/// The `Game` laws (arbiter-laws) under three rule sets, with probes.
#[test]
fn game_laws() {
    GameLaws::<Surakarta>::named(&[
        "standard",
        "repetition-2+limit-10",
        "no-repetition+no-limit",
    ])
    .cases(128)
    .plies(120)
    .probes(probe, 64)
    .symmetries(image, image_move)
    .check();
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

}
