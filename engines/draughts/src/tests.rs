//! Rule tests on whole positions, perft, and the law kits over random playouts.

use arbiter_core::{EndReason, Game, Outcome, PerftConvention, Side};
use arbiter_laws::Fixture;
use arbiter_laws::{GameLaws, assert_over, legal_sorted, play, refusal};

use crate::{Draughts, DraughtsVariant};

#[test]
fn perft_from_the_start_matches_the_published_counts() {
    // Aart Bik, "BikDam: international checkers" (duplicate captures removed).
    let mut game = Draughts::start(&DraughtsVariant::default());
    let published = [9, 81, 658, 4265, 27117, 167_140];
    for (depth, &nodes) in (1..).zip(&published) {
        assert_eq!(
            game.perft(depth, PerftConvention::default()),
            nodes,
            "depth {depth}"
        );
    }
}

#[test]
fn the_start_has_nine_steps() {
    let game = Draughts::start(&DraughtsVariant::default());
    assert_eq!(game.format_position(), "W:W31-50:B1-20");
    assert_eq!(
        legal_sorted(&game),
        [
            "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"
        ]
    );
}

#[test]
fn the_majority_rule_counts_kings_as_one() {
    // White man 33 can take 28 and 19 (two men, 33x24x13? no: 33x22x13). The king on 44 can
    // take only the black king on 17 ... one piece. Two beats one.
    let game = Draughts::position("standard", "W:W33,K44:B28,19,K17,1");
    let moves = legal_sorted(&game);
    assert!(moves.iter().all(|mv| mv.starts_with("33x")), "{moves:?}");
}

#[test]
fn laws() {
    GameLaws::<Draughts>::new(&[
        DraughtsVariant::default(),
        "repetition-2+king-moves-3".parse().unwrap(),
        "no-repetition+no-king-moves+no-endgame-rule"
            .parse()
            .unwrap(),
    ])
    .check();
}

#[test]
fn a_side_without_pieces_loses() {
    let mut game = Draughts::position("standard", "W:W28:B23");
    play(&mut game, "28x19");
    assert_over(&game, Outcome::win(Side::First, EndReason::NoPieces));
    assert_eq!(refusal(&game, "19-14"), Err("game-over"));
}

#[test]
fn an_ambiguous_capture_is_written_in_full_and_refused_bare() {
    let game = Draughts::position("standard", "W:W6,K47:B2,21,23,28,42,43");
    assert_eq!(legal_sorted(&game), ["47x29x12x26", "47x33x17x26"]);
    assert_eq!(refusal(&game, "47x26"), Err("ambiguous"));
    assert_eq!(refusal(&game, "47x33x17x26"), Ok(()));
    // A path that does not jump one piece per leg is no capture.
    assert_eq!(refusal(&game, "47x38x26"), Err("no-capture"));
}

#[test]
fn refusal_codes() {
    let game = Draughts::position("standard", "W:W28,45,K50:B32,1");
    assert_eq!(refusal(&game, "28x37"), Ok(()));
    assert_eq!(refusal(&game, "45-40"), Err("capture-available"));
    assert_eq!(refusal(&game, "1-7"), Err("not-own-piece"));
    assert_eq!(refusal(&game, "45-34"), Err("too-far"));
    assert_eq!(refusal(&game, "28-33"), Err("wrong-direction"));
    assert_eq!(refusal(&game, "45-44"), Err("not-diagonal"));
    let king = Draughts::position("standard", "W:WK50,39:B1");
    assert_eq!(refusal(&king, "50-28"), Err("blocked"));
    assert_eq!(refusal(&king, "50-39"), Err("occupied"));
    assert_eq!(refusal(&king, "50-44"), Ok(()));
}

#[test]
fn crowning_only_at_the_end_of_a_move() {
    let mut game = Draughts::position("standard", "W:W13:B9,10,1");
    play(&mut game, "13x15 1-6");
    assert_eq!(legal_sorted(&game), ["15-10"]);
    let mut game = Draughts::position("standard", "W:W13:B9,40");
    play(&mut game, "13x4");
    assert_eq!(game.format_position(), "B:WK4:B40");
}

#[test]
fn the_draw_rules_end_the_game() {
    let cycle = "47-42 4-9 42-47 9-4";
    let mut game = Draughts::position("standard", "W:WK47,36:BK4,15");
    play(&mut game, &format!("{cycle} {cycle}"));
    assert_over(&game, Outcome::draw(EndReason::Repetition));
    let mut game = Draughts::position("king-moves-2+no-repetition", "W:WK47,36:BK4,15");
    play(&mut game, cycle);
    assert_over(&game, Outcome::draw(EndReason::MoveLimit));
    let mut game = Draughts::position("no-repetition", "W:WK47,K48:BK4");
    play(&mut game, &format!("{cycle} {cycle}").replace("42", "41"));
    assert_eq!(game.outcome(), None);
    play(&mut game, "47-41 4-9");
    assert_over(&game, Outcome::draw(EndReason::MoveLimit));
}

#[test]
fn a_blocked_side_loses() {
    let game = Draughts::position("standard", "W:W46:B41,37");
    assert_over(&game, Outcome::win(Side::Second, EndReason::Stalemate));
    assert!(game.legal_moves().is_empty());
}

/// The board turned half a turn with the colours swapped: square n becomes 51 - n.
fn mirrored(game: &Draughts) -> Draughts {
    let setup = game.to_setup();
    let mut flipped = crate::DraughtsSetup::empty(setup.to_move.opponent());
    for (i, cell) in setup.cells.iter().enumerate() {
        flipped.cells[49 - i] = cell.map(|(side, king)| (side.opponent(), king));
    }
    Draughts::from_setup(game.variant(), &flipped).unwrap()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 64, ..Default::default() })]

    /// The rules are the same for both colours: the mirrored position has the mirrored moves,
    /// and the bulk count agrees with the list.
    #[test]
    fn colours_are_symmetric(choices in proptest::collection::vec(0u32..1000, 0..80)) {
        let (game, _) = arbiter_laws::playout(Draughts::start(&DraughtsVariant::default()), &choices);
        let mirror = mirrored(&game);
        let mut ours: Vec<(u8, u8, Vec<u8>)> = game
            .legal_moves()
            .into_iter()
            .map(|mv| (49 - mv.from, 49 - mv.to, mv.captured_squares().iter().map(|n| 51 - n).rev().collect()))
            .collect();
        let mut theirs: Vec<(u8, u8, Vec<u8>)> = mirror
            .legal_moves()
            .into_iter()
            .map(|mv| (mv.from, mv.to, mv.captured_squares()))
            .collect();
        ours.sort();
        theirs.sort();
        proptest::prop_assert_eq!(ours, theirs);
        let mut buffer = Vec::new();
        proptest::prop_assert_eq!(game.count_moves(&mut buffer), game.legal_moves().len() as u64);
    }
}
