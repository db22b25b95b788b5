//! Rule tests on whole positions and property tests over random playouts.

use arbiter_core::grid::Symmetry;
use arbiter_core::{EndReason, Game, Outcome, PerftConvention, Side};
use arbiter_laws::Fixture;
use rstest::rstest;

use arbiter_laws::{assert_over, play};

use crate::{Go, GoMove, Point, PointSet};

fn refusal(game: &Go, mv: &str) -> Option<&'static str> {
    game.check_move(game.parse_move(mv).unwrap())
        .err()
        .map(|e| e.code)
}

#[test]
fn the_start_is_empty_with_black_to_move_and_every_point_and_the_pass() {
    let start = Go::start(&Go::variant_named("chinese@9"));
    assert_eq!(start.format_position(), "9/9/9/9/9/9/9/9/9 black");
    let mut moves = Vec::new();
    start.generate_moves(&mut moves);
    assert_eq!(moves.len(), 82);
    assert_eq!(moves.last(), Some(&GoMove::PASS));
}

#[test]
fn perft_of_the_first_plies_is_combinatorics() {
    // No capture, suicide or ko can happen in three plies: 81 points and the pass, and the
    // second pass in a row ends the game (B pass, W pass is one finished sequence).
    let mut start = Go::start(&Go::variant_named("chinese@9"));
    assert_eq!(start.perft(1, PerftConvention::default()), 82);
    assert_eq!(start.perft(2, PerftConvention::default()), 81 * 81 + 82);
    // Depth 3: after two stones 79 points and the pass; after stone-pass and pass-stone 80
    // points and the pass; pass-pass has ended the game.
    let depth3 = 81 * 80 * 80 + 81 * 81 + 81 * 81;
    assert_eq!(start.perft(3, PerftConvention::default()), depth3);
}

#[test]
fn a_capture_removes_the_group_and_counts_a_prisoner() {
    // Black a1 in the corner, white a2 and b1 take its liberties.
    let mut game = Go::start(&Go::variant_named("chinese@5"));
    play(&mut game, "a1 a2 e5 b1");
    assert_eq!(game.stone_at(0), None);
    assert_eq!(game.prisoners(Side::Second), 1);
    assert!(game.is_consistent());
}

#[rstest]
// A single stone's suicide: black a1 between white a2 and b1.
#[case("tromp-taylor@5", "5/5/5/O4/1O3 black", "a1", Some("suicide"))]
#[case("chinese@5", "5/5/5/O4/1O3 black", "a1", Some("suicide"))]
// A two-stone suicide: black a2 joins a1, both without liberties (white a3, b2, b1).
#[case("chinese@5", "5/5/O4/1O3/XO3 black", "a2", Some("suicide"))]
#[case("tromp-taylor@5", "5/5/O4/1O3/XO3 black", "a2", None)]
#[case("new-zealand@5", "5/5/O4/1O3/XO3 black", "a2", None)]
// Taking the last liberty of white a2 captures it: no suicide. Without black a3 to take
// a2's other liberty, black a1 would be suicide.
#[case("chinese@5", "5/5/X4/OX3/1O3 black", "a1", None)]
#[case("chinese@5", "5/5/5/OX3/1O3 black", "a1", Some("suicide"))]
#[case("chinese@5", "5/5/X4/OX3/1O3 black", "b2", Some("occupied"))]
fn suicide_by_rule(
    #[case] rules: &str,
    #[case] text: &str,
    #[case] mv: &str,
    #[case] code: Option<&str>,
) {
    assert_eq!(refusal(&Go::position(rules, text), mv), code);
}

#[test]
fn a_multi_stone_suicide_removes_the_group() {
    let mut game = Go::position("tromp-taylor@5", "5/5/O4/1O3/XO3 black");
    play(&mut game, "a2");
    assert_eq!(game.stone_at(0), None);
    assert_eq!(game.stone_at(5), None);
    assert_eq!(game.prisoners(Side::Second), 2);
    assert!(game.is_consistent());
}

#[test]
fn the_immediate_ko_retake_is_refused_under_every_rule() {
    for rules in ["chinese@9", "tromp-taylor@9", "aga@9", "japanese@9"] {
        let mut game = Go::start(&Go::variant_named(rules));
        // Black d5 c4 d3 e4, white e5 f4 e3; white d4 takes e4.
        play(&mut game, "d5 e5 c4 f4 d3 e3 e4 d4");
        assert_eq!(refusal(&game, "e4"), Some("ko"), "{rules}");
        // After an exchange elsewhere the retake is legal.
        play(&mut game, "a9 b9");
        assert_eq!(refusal(&game, "e4"), None, "{rules}");
    }
}

#[test]
fn two_passes_end_the_game_and_area_decides() {
    let mut game = Go::start(&Go::variant_named("tromp-taylor@5,komi=0"));
    play(&mut game, "c3 pass pass");
    assert_over(&game, Outcome::win(Side::First, EndReason::Passes));
    assert_eq!(game.final_score().map(|s| s.raw), Some(25));
    let mut moves = vec![GoMove::PASS];
    game.generate_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(refusal(&game, "a1"), Some("game-over"));
}

#[test]
fn komi_decides_and_an_integer_komi_can_tie() {
    // 2x2: black a1, white b2, then two passes: 1 point each.
    let mut even = Go::start(&Go::variant_named("tromp-taylor@2,komi=0"));
    play(&mut even, "a1 b2 pass pass");
    assert_over(&even, Outcome::draw(EndReason::Passes));
    let mut komi = Go::start(&Go::variant_named("tromp-taylor@2,komi=0.5"));
    play(&mut komi, "a1 b2 pass pass");
    assert_over(&komi, Outcome::win(Side::Second, EndReason::Passes));
}

#[test]
fn fixed_handicap_starts_with_white_to_move() {
    let game = Go::start(&Go::variant_named("chinese,handicap=4"));
    assert_eq!(game.side_to_move(), Side::Second);
    assert_eq!(game.stones(Side::First).len(), 4);
    let g = game.geometry();
    for point in ["d4", "q16", "d16", "q4"] {
        let p = crate::parse_point(g, point).unwrap();
        assert_eq!(game.stone_at(p), Some(Side::First), "{point}");
    }
}

#[test]
fn a_set_up_group_without_liberties_is_refused() {
    let problems = Go::setup_problems("chinese@2", "OX/XO black");
    assert_eq!(problems.len(), 4, "{problems:?}");
    assert!(problems.iter().all(|p| p.code == "no-liberty"));
}

#[test]
fn dead_stones_given_by_a_referee_change_the_count() {
    // 5x5: a black wall on the c file, a white stone at e5 on black's right.
    let text = "2X1O/2X2/2X2/2X2/2X2 black";
    let e5 = PointSet::single(crate::parse_point(crate::Geometry::of_size(5), "e5").unwrap());
    // Area without tax: the left side is black's, the right side touches both colours.
    let chinese = Go::position("chinese@5", text);
    assert_eq!(
        chinese.count(&PointSet::EMPTY),
        crate::Count {
            black: 15,
            white: 1
        }
    );
    assert_eq!(
        chinese.count(&e5),
        crate::Count {
            black: 25,
            white: 0
        }
    );
    // Territory with the seki tax (KataGo's independent-life regions): while e5 lives, the
    // empty points right of the wall are dame and black's whole region counts nothing; with
    // e5 dead black has the 20 empty points and the prisoner.
    let japanese = Go::position("japanese@5", text);
    assert_eq!(
        japanese.count(&PointSet::EMPTY),
        crate::Count { black: 0, white: 0 }
    );
    assert_eq!(
        japanese.count(&e5),
        crate::Count {
            black: 21,
            white: 0
        }
    );
}

#[rstest]
// A seki: black c6-d6-e6-d7 shares c7 with white b7-b6-a6 (eye a7) and e7 with white
// f7-f6-g6 (eye g7); the other groups live with two eyes each. Area without tax counts the
// seki eyes (black 20 stones + 4, white 19 + 4); the seki tax does not (white 19 + 2); territory
// counts the eyes of the living groups only under the seki tax (black 4, white 2).
#[case("tromp-taylor@7", 24, 23)]
#[case("chinese@7,tax=seki", 24, 21)]
#[case("japanese@7", 4, 2)]
#[case("japanese@7,tax=none", 4, 4)]
fn seki_by_rule(#[case] rules: &str, #[case] black: i32, #[case] white: i32) {
    let text = "1O1X1O1/OOXXXOO/XXOOOXX/1XO1OX1/XXOOOXX/1XO1OX1/XXOOOXX black";
    let game = Go::position(rules, text);
    assert_eq!(game.count(&PointSet::EMPTY), crate::Count { black, white });
}

/// Every point of the board, one past it, and the pass.
fn every_move(game: &Go) -> Vec<GoMove> {
    (0..=game.geometry().points)
        .map(GoMove::at)
        .chain([GoMove::PASS])
        .collect()
}

/// The `Game` laws under each ko rule and suicide setting, on small and full boards.
#[test]
fn game_laws() {
    arbiter_laws::GameLaws::<Go>::named(&[
        "tromp-taylor@5",
        "chinese@4",
        "aga@3",
        "new-zealand@9",
        "japanese@2",
        "chinese@19",
    ])
    .cases(96)
    .plies(120)
    .every_move(every_move)
    .invariant(Go::is_consistent)
    .symmetries(transformed, transform_move)
    .check();
}

/// The image of `mv` under `symmetry` (a pass is its own image).
fn transform_move(game: &Go, symmetry: Symmetry, mv: GoMove) -> GoMove {
    let Some(point) = mv.point() else {
        return mv;
    };
    let size = usize::from(game.geometry().size);
    GoMove::at(symmetry.apply_index(usize::from(point), size) as Point)
}

/// The image of a game played from the empty board: the images of its moves played from the
/// empty board, so that the history the ko rules read is the image's too.
fn transformed(game: &Go, symmetry: Symmetry) -> Go {
    let mut image = Go::start(&game.variant());
    assert_eq!(
        image.empty().len(),
        u32::from(game.geometry().points),
        "no handicap stones"
    );
    for mv in game.moves() {
        image
            .play(transform_move(game, symmetry, mv))
            .expect("the image of a legal move");
    }
    image
}
