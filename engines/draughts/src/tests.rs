//! Rule tests on whole positions, perft, and the law kits over random playouts.

use arbiter_core::{EndReason, Game, Outcome, PerftConvention, Side};
use arbiter_laws::GameLaws;

use crate::{Draughts, DraughtsVariant};

fn position(rule: &str, text: &str) -> Draughts {
    let variant: DraughtsVariant = rule.parse().unwrap();
    let setup = Draughts::parse_position(&variant, text).unwrap();
    Draughts::from_setup(variant, &setup).unwrap()
}

fn legal(game: &Draughts) -> Vec<String> {
    let mut texts: Vec<String> = game
        .legal_moves()
        .into_iter()
        .map(|mv| game.format_move(mv))
        .collect();
    texts.sort();
    texts
}

fn code(game: &Draughts, text: &str) -> Result<(), &'static str> {
    let mv = game.parse_move(text).unwrap();
    game.check_move(mv).map_err(|error| error.code)
}

fn play(game: &mut Draughts, moves: &str) {
    for text in Draughts::split_moves(moves) {
        let mv = game.parse_move(&text).unwrap();
        game.play(mv)
            .unwrap_or_else(|error| panic!("{text}: {error}"));
    }
}

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
    // The bulk count agrees with the plain walk.
    let mut plain = game.clone();
    assert_eq!(
        arbiter_core::perft_generic(&mut plain, 4, PerftConvention::default()),
        4265
    );
}

#[test]
fn the_start_has_nine_steps() {
    let game = Draughts::start(&DraughtsVariant::default());
    assert_eq!(game.format_position(), "W:W31-50:B1-20");
    assert_eq!(
        legal(&game),
        [
            "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"
        ]
    );
}

#[test]
fn the_majority_rule_counts_kings_as_one() {
    // White man 33 can take 28 and 19 (two men, 33x24x13? no: 33x22x13). The king on 44 can
    // take only the black king on 17 ... one piece. Two beats one.
    let game = position("standard", "W:W33,K44:B28,19,K17,1");
    let moves = legal(&game);
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
    let mut game = position("standard", "W:W28:B23");
    play(&mut game, "28x19");
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Side::First, EndReason::NoPieces))
    );
    assert_eq!(code(&game, "19-14"), Err("game-over"));
}
