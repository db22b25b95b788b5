//! Rule tests on whole positions, the law kit, and property tests over random playouts.

use arbiter_core::{EndReason, Game, Outcome, PerftConvention, Side, chance_distribution};
use arbiter_laws::legal_sorted;
use arbiter_laws::{Fixture, assert_over};
use proptest::prelude::*;

use crate::board::{EinSteinMove, Layout, SQUARES, Square};
use crate::rules::Phase;
use crate::{EinStein, EinSteinVariant};

fn played(variant_name: &str, moves: &str) -> EinStein {
    arbiter_laws::played::<EinStein>(&EinStein::variant_named(variant_name), moves)
}

/// Every value a move can take: 625 steps, six rolls and every 7th layout.
fn every_move(_: &EinStein) -> Vec<EinSteinMove> {
    let squares: Vec<Square> = (0..SQUARES).filter_map(Square::from_index).collect();
    let steps = squares.iter().flat_map(|&from| {
        squares
            .iter()
            .map(move |&to| EinSteinMove::Step { from, to })
    });
    let rolls = (0..=7).map(EinSteinMove::Roll);
    let layouts = (0..Layout::COUNT)
        .step_by(7)
        .filter_map(|rank| Layout::from_rank(rank).map(EinSteinMove::Layout));
    steps.chain(rolls).chain(layouts).collect()
}

#[test]
fn game_laws() {
    arbiter_laws::GameLaws::<EinStein>::named(&["standard", "blue-first"])
        .cases(48)
        .plies(150)
        .every_move(every_move)
        .check();
}

#[test]
fn the_start_is_the_setup_of_the_first_mover() {
    for (variant, text) in [
        (
            EinSteinVariant::default(),
            "...../...../...../...../..... red place",
        ),
        (
            EinStein::variant_named("blue-first"),
            "...../...../...../...../..... blue place",
        ),
    ] {
        let start = EinStein::start(&variant);
        assert_eq!(start.format_position(), text);
        assert_eq!(start.phase(), Phase::Place, "{text}");
        assert!(!start.is_chance(), "{text}");
    }
    let game = played("standard", "layout-123456 layout-123456");
    assert_eq!(
        game.format_position(),
        "R1R2R3../R4R5.../R6...B1/...B2B3/..B4B5B6 red roll"
    );
    assert!(game.is_chance());
}

#[test]
fn a_roll_is_a_chance_event_of_one_in_six() {
    let game = played("standard", "layout-123456 layout-654321");
    let distribution = chance_distribution(&game).unwrap();
    assert_eq!(distribution.len(), 6);
    for (i, (event, probability)) in distribution.iter().enumerate() {
        assert_eq!(game.format_move(*event), format!("roll-{}", i + 1));
        assert!((probability - 1.0 / 6.0).abs() < 1e-15);
    }
    let after = played("standard", "layout-123456 layout-654321 roll-2");
    assert!(!after.is_chance());
    assert_eq!(chance_distribution(&after), None);
    assert_eq!(after.side_to_move(), game.side_to_move());
}

#[test]
fn the_rules_example_with_four_and_five_gone() {
    // Red 4 and 5 gone: a roll of 4 lets red move 3 (c1) or 6 (a3).
    for die in [4, 5] {
        let text = format!("R1R2R3../...../R6...B1/...B2B3/..B4B5B6 red {die}");
        assert_eq!(
            legal_sorted(&EinStein::position("standard", &text)),
            ["a3-a4", "a3-b3", "a3-b4", "c1-c2", "c1-d1", "c1-d2"],
            "{text}"
        );
    }
    // Only pieces below: the nearest one.
    let game = EinStein::position("standard", "R1R2.../...../....B1/...B2B3/..B4B5B6 red 6");
    assert_eq!(legal_sorted(&game), ["b1-b2", "b1-c1", "b1-c2"]);
    // Only pieces above: the nearest one.
    let game = EinStein::position("standard", "..R3../...R5./....B1/...B2B3/..B4B5B6 red 1");
    assert_eq!(legal_sorted(&game), ["c1-c2", "c1-d1", "c1-d2"]);
    assert_eq!(
        game.check_move(game.parse_move("d2-e2").unwrap())
            .unwrap_err()
            .code,
        "wrong-piece"
    );
}

#[test]
fn blue_moves_left_up_and_up_left() {
    let game = EinStein::position(
        "standard",
        "R1R2R3../R4R5.../R6...B1/...B2B3/..B4B5B6 blue 1",
    );
    assert_eq!(legal_sorted(&game), ["e3-d2", "e3-d3", "e3-e2"]);
    for (mv, code) in [
        ("e3-e4", "wrong-direction"),
        ("d4-c3", "wrong-piece"),
        ("a1-b1", "not-own-piece"),
    ] {
        let error = game.check_move(game.parse_move(mv).unwrap()).unwrap_err();
        assert_eq!(error.code, code, "{mv}");
    }
}

#[test]
fn a_step_takes_any_piece_on_its_square() {
    // Red 1 on a1 steps onto red 2 on b1: its own piece is removed.
    let mut game = EinStein::position(
        "standard",
        "R1R2R3../R4R5.../R6...B1/...B2B3/..B4B5B6 red 1",
    );
    game.play(game.parse_move("a1-b1").unwrap()).unwrap();
    assert_eq!(
        game.format_position(),
        ".R1R3../R4R5.../R6...B1/...B2B3/..B4B5B6 blue roll"
    );
    assert_eq!(game.alive(Side::First).count_ones(), 5);
    // And an enemy piece: blue 1 on c3 steps up-left onto red 2 on b2.
    let mut game = EinStein::position("standard", "R1..../.R2.../..B1../...../..... blue 1");
    assert_eq!(legal_sorted(&game), ["c3-b2", "c3-b3", "c3-c2"]);
    game.play(game.parse_move("c3-b2").unwrap()).unwrap();
    assert_eq!(
        game.format_position(),
        "R1..../.B1.../...../...../..... red roll"
    );
    assert_eq!(game.outcome(), None);
}

#[test]
fn reaching_the_corner_or_taking_every_piece_wins() {
    let game = EinStein::position("standard", "R1..../...../...../...../...R2B6 red 2");
    let mut won = game.clone();
    won.play(won.parse_move("d5-e5").unwrap()).unwrap();
    assert_over(&won, Outcome::win(Side::First, EndReason::Goal));
    assert!(!won.is_chance());
    // Taking the last blue piece elsewhere wins by no-pieces.
    let game = EinStein::position("standard", "R1..../.B3.../...../...../..... red 1");
    let mut taken = game.clone();
    taken.play(taken.parse_move("a1-b2").unwrap()).unwrap();
    assert_over(&taken, Outcome::win(Side::First, EndReason::NoPieces));
}

#[test]
fn perft_counts_rolls_as_plies() {
    let mut start = EinStein::start(&EinSteinVariant::default());
    assert_eq!(start.perft(1, PerftConvention::default()), 720);
    assert_eq!(start.perft(2, PerftConvention::default()), 720 * 720);
    let mut game = played("blue-first", "layout-123456 layout-123456");
    // OpenSpiel 2.0.2 einstein_wurfelt_nicht from the same setup (scripts/openspiel_einstein.py).
    let expected = [6, 18, 108, 324, 1944, 6162, 36972, 117_369];
    for (depth, nodes) in (1..).zip(expected) {
        assert_eq!(
            game.perft(depth, PerftConvention::default()),
            nodes,
            "depth {depth}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The game ends within 142 plies from the start: each side makes at most 35 steps
    /// (every step brings a piece nearer its corner, and the six pieces start 34 steps of
    /// distance short of standing one step from it), each after a roll, after the two layouts.
    #[test]
    fn every_game_ends_within_142_plies(picks in prop::collection::vec(any::<u32>(), 200)) {
        let (game, played) = arbiter_laws::playout(EinStein::start(&EinSteinVariant::default()), &picks);
        prop_assert!(game.outcome().is_some());
        prop_assert!(played.len() <= 142, "{}", played.len());
    }

    /// Rotating the board half a turn and swapping the colours maps the game to itself: the
    /// mirror of a position has the mirrored moves.
    #[test]
    fn the_half_turn_with_swapped_colours_is_a_symmetry(picks in prop::collection::vec(any::<u32>(), 0..60)) {
        let (game, _) = arbiter_laws::playout(EinStein::start(&EinSteinVariant::default()), &picks);
        let mirror = mirrored(&game);
        let mut ours = legal_sorted(&game).into_iter().map(|mv| mirror_move(&mv)).collect::<Vec<_>>();
        ours.sort();
        prop_assert_eq!(ours, legal_sorted(&mirror));
        prop_assert_eq!(
            game.outcome().map(|o| (o.winner.map(Side::opponent), o.reason)),
            mirror.outcome().map(|o| (o.winner, o.reason))
        );
    }
}

fn mirror_square(text: &str) -> String {
    let bytes = text.as_bytes();
    let file = char::from(b'e' - (bytes[0] - b'a'));
    let rank = char::from(b'5' - (bytes[1] - b'1'));
    format!("{file}{rank}")
}

fn mirror_move(text: &str) -> String {
    if let Some((from, to)) = text.split_once('-').filter(|(a, _)| a.len() == 2) {
        return format!("{}-{}", mirror_square(from), mirror_square(to));
    }
    if let Some(digits) = text.strip_prefix("layout-") {
        return format!("layout-{}", digits.chars().rev().collect::<String>());
    }
    text.to_owned()
}

/// The position turned half a turn with the colours swapped (under the other first mover).
fn mirrored(game: &EinStein) -> EinStein {
    let text = game.format_position();
    let (rows, rest) = text.split_once(' ').unwrap();
    let (side, phase) = rest.split_once(' ').unwrap();
    let cells: Vec<String> = rows
        .split('/')
        .flat_map(|row| {
            let mut cells = Vec::new();
            let mut chars = row.chars();
            while let Some(c) = chars.next() {
                if c == '.' {
                    cells.push(".".to_owned());
                } else {
                    let swapped = if c == 'R' { 'B' } else { 'R' };
                    cells.push(format!("{swapped}{}", chars.next().unwrap()));
                }
            }
            cells
        })
        .collect();
    let reversed: Vec<String> = cells.into_iter().rev().collect();
    let rows: Vec<String> = reversed.chunks(5).map(|row| row.concat()).collect();
    let side = if side == "red" { "blue" } else { "red" };
    let other = if game.variant().first == Side::First {
        "blue-first"
    } else {
        "standard"
    };
    EinStein::position(other, &format!("{} {side} {phase}", rows.join("/")))
}
