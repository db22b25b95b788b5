//! Rule tests on whole positions and property tests over random playouts.

use arbiter_core::grid::Symmetry;
use arbiter_core::{Bits, EndReason, Game, Outcome, PerftConvention, Side};
use arbiter_laws::{Fixture, any_variant, assert_over};
use proptest::prelude::*;
use rstest::rstest;

use crate::board::Point;
use crate::{NoGo, NoGoVariant};

#[test]
fn the_start_is_empty_with_black_to_move() {
    let start = NoGo::start(&NoGoVariant::default());
    assert_eq!(start.format_position(), "9/9/9/9/9/9/9/9/9 black");
    assert_eq!(start.side_to_move(), Side::First);
    let mut moves = Vec::new();
    start.generate_moves(&mut moves);
    assert_eq!(moves.len(), 81);
}

#[test]
fn the_first_two_plies_are_unrestricted() {
    // No stone can be a foul before one side has two stones: a capture needs a group in
    // atari next to the mover's point, a suicide needs a point with no empty neighbour.
    let mut start = NoGo::start(&NoGoVariant::default());
    assert_eq!(start.perft(1, PerftConvention::default()), 81);
    assert_eq!(start.perft(2, PerftConvention::default()), 81 * 80);
}

#[rstest]
// White a1 next to black b1 has one liberty, a2: black a2 would capture it.
#[case("standard", "9/9/9/9/9/9/9/9/OX7 black", "a2", Some("capture"))]
// Black a1 between white a2 and b1 would have no liberty.
#[case("standard", "9/9/9/9/9/9/9/O8/1O5XX black", "a1", Some("suicide"))]
// Joining a group with another liberty is no suicide.
#[case("standard", "9/9/9/9/9/9/X8/O8/1O5XX white", "a1", None)]
#[case("standard", "9/9/9/9/9/9/9/9/OX7 black", "b1", Some("occupied"))]
#[case("standard", "9/9/9/9/9/9/9/9/OX7 black", "e5", None)]
// Under foul-loses the same stones are legal moves (and lose).
#[case("foul-loses", "9/9/9/9/9/9/9/9/OX7 black", "a2", None)]
#[case("foul-loses", "9/9/9/9/9/9/9/O8/1O5XX black", "a1", None)]
fn fouls_by_ruling(
    #[case] ruling: &str,
    #[case] text: &str,
    #[case] mv: &str,
    #[case] code: Option<&str>,
) {
    let game = NoGo::position(ruling, text);
    let mv = game.move_of(mv);
    assert_eq!(game.check_move(mv).map_err(|e| e.code).err(), code);
}

#[test]
fn a_foul_loses_under_foul_loses() {
    let mut game = NoGo::position("foul-loses", "9/9/9/9/9/9/9/9/OX7 black");
    let a2 = game.move_of("a2");
    assert_eq!(
        game.forbidden_moves(),
        Some(vec![(a2, "capture")]),
        "a2 is black's only foul"
    );
    game.play(a2).unwrap();
    assert_over(&game, Outcome::win(Side::Second, EndReason::Forbidden));
    let mut moves = vec![0];
    game.generate_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(
        game.check_move(game.move_of("e5")).map_err(|e| e.code),
        Err("game-over")
    );
}

#[test]
fn the_side_without_a_legal_point_loses() {
    // 2x2: black a1, white b2; black to move... a2 and b1 are both empty. Black a2: its group
    // a1-a2 keeps b1 as liberty, and white b2 keeps b1: legal. White b1 then would take the
    // last liberty of a1-a2 (capture) and have none itself: white has no legal point.
    let mut game = NoGo::position("standard@2", "1O/X1 black");
    let a2 = game.move_of("a2");
    game.play(a2).unwrap();
    assert_over(&game, Outcome::win(Side::First, EndReason::Stalemate));
    assert_eq!(game.perft(1, PerftConvention::SequencesOfExactLength), 0);
    assert_eq!(game.perft(3, PerftConvention::FinishedGameIsLeaf), 1);
}

#[test]
fn foul_loses_ends_when_no_safe_point_is_left() {
    // The same position under foul-loses: white's only empty point b1 is a foul, so white,
    // with no safe point, has lost (the platform declares the mover the winner then).
    let mut game = NoGo::position("foul-loses@2", "1O/X1 black");
    game.play(game.move_of("a2")).unwrap();
    assert_over(&game, Outcome::win(Side::First, EndReason::Stalemate));
}

#[rstest]
#[case(
    "standard",
    "9/9/9/9/9/9/9/9/9 white",
    "black has 0 stones and white 0"
)]
#[case(
    "standard",
    "9/9/9/9/9/9/9/9/XX7 black",
    "black has 2 stones and white 0"
)]
#[case("standard@2", "OX/XO white", "has no liberty")]
#[case("standard@2", "OX/XO white", "the black group at a1")]
fn invalid_setups(#[case] ruling: &str, #[case] text: &str, #[case] problem: &str) {
    NoGo::setup_problem(ruling, text, problem);
}

#[test]
fn a_board_of_the_wrong_size_is_refused() {
    let setup =
        NoGo::parse_position(&NoGo::variant_named("standard@5"), "5/5/5/5/5 black").unwrap();
    assert!(NoGo::from_setup(&NoGoVariant::default(), &setup).is_err());
}

/// Every point of the board and one past it (an off-board value), legal or not.
fn every_point(game: &NoGo) -> Vec<Point> {
    (0..=game.geometry().points).collect()
}

/// The `Game` laws (arbiter-laws) under both rulings on four sizes, with the internal state
/// and the symmetries of the board. A game lost by a foul
/// under `foul-loses` keeps a group without liberties, which no setup may hold: no text form
/// holds it.
#[test]
fn game_laws() {
    arbiter_laws::GameLaws::<NoGo>::named(&[
        "standard",
        "standard@4",
        "standard@5",
        "standard@11",
        "foul-loses@5",
    ])
    .cases(160)
    .plies(90)
    .every_move(every_point)
    .complete_text()
    .invariant(NoGo::is_consistent)
    .symmetries(transformed, transform_point)
    .unwritable(|game| {
        game.outcome()
            .is_some_and(|outcome| outcome.reason == EndReason::Forbidden)
    })
    .check();
}

/// The image of `point` under `symmetry`.
fn transform_point(game: &NoGo, symmetry: Symmetry, point: Point) -> Point {
    symmetry.apply_index(usize::from(point), usize::from(game.geometry().size)) as Point
}

/// The image of the position under `symmetry`.
fn transformed(game: &NoGo, symmetry: Symmetry) -> NoGo {
    arbiter_laws::image_by_cells(game, game.to_setup(), symmetry, |setup| &mut setup.cells)
}

/// The variants of the property tests.
const VARIANTS: [&str; 5] = [
    "standard",
    "standard@5",
    "standard@4",
    "foul-loses@5",
    "standard@11",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// The fouls are the empty points that are not legal, under either ruling.
    #[test]
    fn fouls_are_the_empty_points_not_legal(variant in any_variant::<NoGo>(&VARIANTS), choices in prop::collection::vec(any::<u32>(), 0..90)) {
        let game = NoGo::played_out(&variant, &choices);
        prop_assume!(game.outcome().is_none());
        let fouls: Vec<Point> = game.forbidden_moves().unwrap().iter().map(|&(p, _)| p).collect();
        for p in 0..game.geometry().points {
            let empty = game.stone_at(p).is_none();
            let legal = game.legal_points(game.side_to_move()) & (1 << p) != 0;
            prop_assert_eq!(fouls.contains(&p), empty && !legal);
        }
    }

    #[test]
    fn fouls_match_a_flood_fill(variant in any_variant::<NoGo>(&VARIANTS), choices in prop::collection::vec(any::<u32>(), 0..90)) {
        // An independent statement of the rule: place the stone, then look for a group of
        // either colour without an empty neighbour.
        let game = NoGo::played_out(&variant, &choices);
        let g = game.geometry();
        let side = game.side_to_move();
        for p in 0..g.points {
            if game.stone_at(p).is_some() {
                continue;
            }
            let mut stones = [game.stones(Side::First), game.stones(Side::Second)];
            stones[side.index()] |= 1 << p;
            let empty = g.board & !(stones[0] | stones[1]);
            let dead = |owner: Side, seed: u128| {
                let mut group = seed;
                loop {
                    let grown = (group | g.neighbours(group)) & stones[owner.index()];
                    if grown == group {
                        return g.neighbours(group) & empty == 0;
                    }
                    group = grown;
                }
            };
            let capture = Bits(g.neighbours_of(p) & stones[side.opponent().index()])
                .any(|q| dead(side.opponent(), 1 << q));
            let suicide = dead(side, 1 << p);
            let expected = if capture { Some(crate::Foul::Capture) } else if suicide { Some(crate::Foul::Suicide) } else { None };
            prop_assert_eq!(game.foul_of(p, side), expected, "point {}", p);
        }
    }

    #[test]
    fn platform_coordinates_round_trip(variant in any_variant::<NoGo>(&VARIANTS), p in any::<u8>()) {
        let g = crate::Geometry::of_size(variant.size);
        let p = p % g.points;
        let (x, y) = crate::to_xy(g, p);
        prop_assert_eq!(crate::from_xy(g, i32::from(x), i32::from(y)), Some(p));
        prop_assert_eq!(crate::from_ccgc(g, &crate::to_ccgc(g, p)), Ok(p));
    }
}
