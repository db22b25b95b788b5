//! Rule tests on whole positions and property tests over random playouts.

use arbiter_laws::{Fixture, any_variant, assert_over, play};
use std::collections::HashMap;

use arbiter_core::grid::Symmetry;
use arbiter_core::{Bits, EndReason, Game, Outcome, PerftConvention, Side};
use proptest::prelude::*;
use rstest::rstest;

use crate::board::{Geometry, Orientation};
use crate::line_perft::perft_lines;
use crate::notation::{Move, drawing_order};
use crate::{DotsBoxes, DotsBoxesSetup, DotsBoxesVariant};

#[test]
fn the_start_is_empty_with_black_to_move() {
    let start = DotsBoxes::start(&DotsBoxesVariant::default());
    assert_eq!(
        start.format_position(),
        format!("- {} black", ".".repeat(25))
    );
    assert_eq!(start.side_to_move(), Side::First);
    let mut moves = Vec::new();
    start.generate_moves(&mut moves);
    assert_eq!(moves.len(), 60);
    assert!(moves.iter().all(|mv| mv.len() == 1));
}

#[test]
fn completing_a_box_earns_another_line_in_the_same_turn() {
    // 1x2: box a1 has three sides (a1b1, a2b2, a1a2); b1b2 takes it, and the turn goes on with
    // a line that completes nothing (c1c2).
    let mut game = DotsBoxes::position("1x2", "a1b1,a2b2,a1a2 .. black");
    let taken = game.move_of("b1b2+c1c2");
    assert_eq!(game.check_move(taken), Ok(()));
    game.play(taken).unwrap();
    assert_eq!(game.side_to_move(), Side::Second);
    assert_eq!(game.boxes(Side::First), 1);
    assert_eq!(game.format_position(), "a1b1,a2b2,a1a2,b1b2,c1c2 b. white");
}

#[rstest]
// Stopping right after the box while lines are left.
#[case("a1b1,a2b2,a1a2 .. black", "b1b2", "must-move-again")]
// Two lines where the first completes nothing: the turn ended after it.
#[case("a1b1,a2b2,a1a2 .. black", "b1c1+c1c2", "no-extra-move")]
#[case("- .. black", "a1b1+a1a2", "no-extra-move")]
#[case("a1b1,a2b2,a1a2 .. black", "a1b1", "already-drawn")]
#[case("a1b1,a2b2,a1a2 .. black", "b1b2+c1c2", "")]
#[case("a1b1,a2b2,a1a2 .. black", "c1c2", "")]
fn turn_rules(#[case] text: &str, #[case] mv: &str, #[case] code: &str) {
    let game = DotsBoxes::position("1x2", text);
    let mv = game.move_of(mv);
    assert_eq!(
        game.check_move(mv).map_err(|e| e.code).err(),
        (!code.is_empty()).then_some(code)
    );
}

#[test]
fn the_last_line_may_complete_the_last_box() {
    // 1x1 with three sides: the fourth completes the box and ends the game.
    let mut game = DotsBoxes::position("1x1", "a1b1,a2b2,a1a2 . white");
    play(&mut game, "b1b2");
    assert_over(&game, Outcome::win(Side::Second, EndReason::BoardFull));
    assert_eq!(game.final_score().map(|s| s.raw), Some(-1));
    assert_eq!(
        game.check_move(Move::single(0)).map_err(|e| e.code),
        Err("game-over")
    );
    let mut moves = vec![Move(0)];
    game.generate_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn equal_boxes_draw() {
    // 1x2: black owns a1, white to move takes b1 with the last line.
    let mut game = DotsBoxes::position("1x2", "a1b1,b1c1,a2b2,b2c2,a1a2,b1b2 b. white");
    play(&mut game, "c1c2");
    assert_over(&game, Outcome::draw(EndReason::BoardFull));
}

#[test]
fn captures_in_any_order_are_one_turn() {
    // 1x3 with both long sides and the left end drawn: the chain b1b2, c1c2, d1d2 can only be
    // taken in that order, and the whole chain is one turn.
    let game = DotsBoxes::position("1x3", "a1b1,b1c1,c1d1,a2b2,b2c2,c2d2,a1a2 ... white");
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|&mv| game.format_move(mv)).collect();
    texts.sort();
    // Decline the chain (c1c2 or d1d2, which complete nothing), take one box and end with
    // d1d2 (leaving two), or take all three. Taking one or two and stopping is no turn: each
    // capture earns a line, and c1c2 after b1b2 completes a box too.
    assert_eq!(texts, ["b1b2+c1c2+d1d2", "b1b2+d1d2", "c1c2", "d1d2"]);
}

#[rstest]
#[case("a1b1,a2b2,a1a2,b1b2 .. black", "box a1 has four sides but no owner")]
#[case("a1b1 b. black", "box a1 has an owner but only 1 sides")]
fn invalid_setups(#[case] text: &str, #[case] problem: &str) {
    DotsBoxes::setup_problem("1x2", text, problem);
}

#[test]
fn a_board_of_the_wrong_size_is_refused() {
    let setup =
        DotsBoxes::parse_position(&DotsBoxes::variant_named("2x2"), "- .... black").unwrap();
    assert!(DotsBoxes::from_setup(&DotsBoxes::variant_named("2x3"), &setup).is_err());
}

#[test]
fn the_platform_sequence_order_is_checked() {
    // protocols-ccgc.md: "move 2 BBAACC (BBA closes box (0,0) whose AAA, ABA, BAA sides were
    // already drawn; then ACC)". In the other order ACC completes nothing and must be last.
    let game = DotsBoxes::position("5x5", &format!("a1b1,a2b2,a1a2 {} black", ".".repeat(25)));
    let g = game.geometry();
    let edges = crate::parse_ccgc(g, "2 BBAACC").unwrap();
    let mv = game.turn_from_sequence(&edges).unwrap();
    assert_eq!(game.format_move(mv), "b1b2+c3d3");
    assert_eq!(
        crate::format_ccgc(g, &drawing_order(g, game.drawn(), mv)),
        "2 BBAACC"
    );
    let reversed: Vec<u8> = edges.iter().rev().copied().collect();
    assert_eq!(
        game.turn_from_sequence(&reversed).map_err(|e| e.code),
        Err("no-extra-move")
    );
    // The platform's form is a move notation too, read in its order.
    assert_eq!(game.parse_move("move 2 BBAACC"), Ok(mv));
    assert_eq!(game.parse_move("2 BBAACC"), Ok(mv));
    let refused = game.parse_move("2 ACCBBA").unwrap_err().to_string();
    assert!(
        refused.contains("drawing order") && refused.contains("no-extra-move"),
        "{refused}"
    );
    // An illegal set keeps its own refusal from `check_move`.
    let drawn_again = game.parse_move("1 AAA").unwrap();
    assert_eq!(
        game.check_move(drawn_again).map_err(|e| e.code),
        Err("already-drawn")
    );
}

#[test]
fn openspiel_counts_per_line_and_per_turn() {
    // engines/dotsboxes/scripts/openspiel_counts.py with open_spiel 2.0.2 (pip), 2x2 boxes:
    // `lines 2 2 7` and `turns 2 2 12`.
    let start = DotsBoxes::start(&DotsBoxes::variant_named("2x2"));
    let lines = [
        (12, 0),
        (132, 132),
        (1320, 0),
        (11880, 11784),
        (95040, 3840),
        (665_280, 584_640),
    ];
    for (depth, &(sequences, black)) in (1..).zip(&lines) {
        let counts = perft_lines(&start, depth);
        assert_eq!(
            (counts.sequences, counts.black_to_move),
            (sequences, black),
            "{depth}"
        );
    }
    let turns = [12, 132, 1320, 12552, 118_080, 1_116_000];
    let mut game = start.clone();
    for (depth, &count) in (1..).zip(&turns) {
        assert_eq!(
            game.perft(depth, PerftConvention::default()),
            count,
            "{depth}"
        );
    }
}

/// The reference value (future boxes for the mover) by memoised minimax over single lines, no
/// knowledge: what the solver (its own tests too) must agree with.
pub(crate) fn reference(g: &Geometry, drawn: u64, memo: &mut HashMap<u64, i32>) -> i32 {
    if drawn == g.all {
        return 0;
    }
    if let Some(&v) = memo.get(&drawn) {
        return v;
    }
    let mut best = i32::MIN;
    for edge in Bits(g.all & !drawn) {
        let boxes = g.completed_by(edge, drawn).count_ones() as i32;
        let after = drawn | (1 << edge);
        best = best.max(if boxes > 0 {
            boxes + reference(g, after, memo)
        } else {
            -reference(g, after, memo)
        });
    }
    memo.insert(drawn, best);
    best
}

#[test]
fn loony_endgames_from_many_games_are_valued_exactly() {
    // Safe lines at random (a fixed linear congruential stream) until none is left, on 3x3 and
    // 2x4: every position that is a simple loony endgame gets the chain-and-loop value of
    // plain minimax, and there are many of them.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % n
    };
    let (mut checked, mut offered) = (0, 0);
    for board in ["3x3", "2x4"] {
        let g = Geometry::new(DotsBoxes::variant_named(board));
        for _ in 0..400 {
            let mut drawn = 0u64;
            loop {
                let safe: Vec<u8> = Bits(g.safe_lines(drawn)).collect();
                if safe.is_empty() {
                    break;
                }
                drawn |= 1 << safe[next(safe.len())];
            }
            if let Some(components) = crate::chains::decompose(&g, drawn) {
                let exact = reference(&g, drawn, &mut HashMap::new());
                assert_eq!(
                    crate::chains::loony_value(&components),
                    exact,
                    "{board} {components:?}"
                );
                checked += 1;
                // Then the mover opens something (any line), and the opponent's options are the
                // offered boxes: valued exactly too, once the free boxes are taken.
                let undrawn: Vec<u8> = Bits(g.all & !drawn).collect();
                let opened = drawn | (1 << undrawn[next(undrawn.len())]);
                let (free, gained) = crate::solve::free_boxes(&g, opened);
                if let Some(structure) = crate::chains::structure(&g, opened | free) {
                    let exact = reference(&g, opened, &mut HashMap::new());
                    assert_eq!(
                        gained + crate::chains::structure_value(&structure),
                        exact,
                        "{board} {structure:?}"
                    );
                    offered += 1;
                }
            }
        }
    }
    assert!(checked >= 100, "only {checked} loony endgames met");
    assert!(offered >= 50, "only {offered} opened endgames met");
}

/// Every single undrawn line, each a candidate turn.
fn single_lines(game: &DotsBoxes) -> Vec<Move> {
    Bits(game.undrawn()).map(Move::single).collect()
}

/// A random set of undrawn lines, as a candidate turn.
fn random_lines(game: &DotsBoxes, random: u64) -> Move {
    Move(random & game.undrawn() & (random >> 7 | random << 3))
}

/// The `Game` laws (arbiter-laws) on the CCGC board and four small ones, with every single
/// line and random sets of lines as candidate turns.
#[test]
fn game_laws() {
    arbiter_laws::GameLaws::<DotsBoxes>::named(&["5x5", "3x3", "2x3", "2x2", "1x4"])
        .cases(160)
        .plies(70)
        .perft_table(3)
        .every_move(single_lines)
        .probes(random_lines, 64)
        .complete_text()
        .invariant(DotsBoxes::is_consistent)
        .symmetries(image, image_move)
        .check();
}

/// The image board of a symmetry: transposing swaps rows and columns.
fn image_geometry(g: &Geometry, symmetry: usize) -> Geometry {
    let (rows, cols) = if symmetry & 4 != 0 {
        (g.cols, g.rows)
    } else {
        (g.rows, g.cols)
    };
    Geometry::new(DotsBoxesVariant::new(rows, cols).unwrap())
}

/// Maps a point in doubled coordinates (dots at even `(x, y)`, line midpoints and box centres
/// between) by one of the eight symmetries (four of them transpose).
fn map_point(g: &Geometry, symmetry: usize, (x, y): (u32, u32)) -> (u32, u32) {
    let (x, y) = if symmetry & 4 != 0 { (y, x) } else { (x, y) };
    let image = image_geometry(g, symmetry);
    let (w, h) = (2 * u32::from(image.cols), 2 * u32::from(image.rows));
    let x = if symmetry & 1 != 0 { w - x } else { x };
    let y = if symmetry & 2 != 0 { h - y } else { y };
    (x, y)
}

fn transform_line(g: &Geometry, symmetry: usize, edge: u8) -> u8 {
    let image = image_geometry(g, symmetry);
    let (orientation, r, c) = g.locate(edge);
    let (r, c) = (u32::from(r), u32::from(c));
    let middle = match orientation {
        Orientation::Horizontal => (2 * c + 1, 2 * r),
        Orientation::Vertical => (2 * c, 2 * r + 1),
    };
    let (x, y) = map_point(g, symmetry, middle);
    if x % 2 == 1 {
        image.line(Orientation::Horizontal, (y / 2) as u8, (x / 2) as u8)
    } else {
        image.line(Orientation::Vertical, (y / 2) as u8, (x / 2) as u8)
    }
}

fn transform_box(g: &Geometry, symmetry: usize, id: u8) -> u8 {
    let image = image_geometry(g, symmetry);
    let (r, c) = (u32::from(id / g.cols), u32::from(id % g.cols));
    let (x, y) = map_point(g, symmetry, (2 * c + 1, 2 * r + 1));
    (y / 2) as u8 * image.cols + (x / 2) as u8
}

fn transformed(game: &DotsBoxes, symmetry: usize) -> DotsBoxes {
    let g = game.geometry();
    let image = image_geometry(g, symmetry);
    let drawn = Bits(game.drawn()).fold(0u64, |acc, e| acc | (1 << transform_line(g, symmetry, e)));
    let mut owners = [0u32; 2];
    for side in [Side::First, Side::Second] {
        for id in Bits(u64::from(game.boxes(side))) {
            owners[side.index()] |= 1 << transform_box(g, symmetry, id);
        }
    }
    let variant = DotsBoxesVariant::new(image.rows, image.cols).unwrap();
    let setup = DotsBoxesSetup {
        rows: image.rows,
        cols: image.cols,
        drawn,
        owners,
        to_move: game.side_to_move(),
    };
    DotsBoxes::from_setup(&variant, &setup).unwrap()
}

/// The eight symmetries as the flags the maps above read: 4 transposes, 1 and 2 mirror.
fn flags(symmetry: Symmetry) -> usize {
    Symmetry::ALL.iter().position(|&s| s == symmetry).unwrap()
}

/// The image of the position under `symmetry` (on the transposed board for four of them).
fn image(game: &DotsBoxes, symmetry: Symmetry) -> DotsBoxes {
    transformed(game, flags(symmetry))
}

/// The image of a turn under `symmetry`.
fn image_move(game: &DotsBoxes, symmetry: Symmetry, mv: Move) -> Move {
    let map = |edge| transform_line(game.geometry(), flags(symmetry), edge);
    Move(Bits(mv.lines()).fold(0, |lines, edge| lines | (1 << map(edge))))
}

/// The boards of the property tests.
const BOARDS: [&str; 5] = ["5x5", "2x2", "2x3", "3x3", "1x4"];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// A turn's canonical text is a drawing order the platform accepts.
    #[test]
    fn canonical_turns_are_drawing_orders(variant in any_variant::<DotsBoxes>(&BOARDS), choices in prop::collection::vec(any::<u32>(), 0..70)) {
        let game = DotsBoxes::played_out(&variant, &choices);
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for &mv in &moves {
            let order = drawing_order(game.geometry(), game.drawn(), mv);
            prop_assert_eq!(game.turn_from_sequence(&order), Ok(mv));
        }
    }

    #[test]
    fn the_narrowed_turns_keep_the_value(choices in prop::collection::vec(any::<u32>(), 4..30)) {
        // On 2x2 and 2x3, the best narrowed turn is as good as the best turn of the game,
        // by plain minimax on single lines.
        for board in ["2x2", "2x3"] {
            let game = DotsBoxes::played_out(&DotsBoxes::variant_named(board), &choices);
            if game.outcome().is_some() {
                continue;
            }
            let g = *game.geometry();
            let mut memo = HashMap::new();
            let value_of = |mv: Move, memo: &mut HashMap<u64, i32>| {
                let boxes = g.complete_boxes(game.drawn() | mv.lines()).count_ones() as i32
                    - g.complete_boxes(game.drawn()).count_ones() as i32;
                boxes - reference(&g, game.drawn() | mv.lines(), memo)
            };
            let mut all = Vec::new();
            game.generate_moves(&mut all);
            let best = all.iter().map(|&mv| value_of(mv, &mut memo)).max().unwrap();
            let narrowed = crate::narrow::narrow_moves(&game);
            prop_assert!(!narrowed.is_empty());
            prop_assert!(narrowed.iter().all(|mv| all.contains(mv)));
            let view_best = narrowed.iter().map(|&mv| value_of(mv, &mut memo)).max().unwrap();
            prop_assert_eq!(view_best, best);
            prop_assert_eq!(crate::solve::value(&game, u64::MAX, 1), Some(best));
        }
    }

    #[test]
    fn loony_endgames_are_valued_exactly(choices in prop::collection::vec(any::<u16>(), 0..40)) {
        // Play safe lines at random on 3x3 until none is left, then compare the chain-and-loop
        // value with plain minimax wherever the position is a simple loony endgame.
        let mut game = DotsBoxes::start(&DotsBoxes::variant_named("3x3"));
        let g = *game.geometry();
        for choice in choices {
            let safe = g.safe_lines(game.drawn());
            if safe == 0 {
                break;
            }
            let lines: Vec<u8> = Bits(safe).collect();
            game.make(Move::single(lines[usize::from(choice) % lines.len()]));
        }
        if let Some(components) = crate::chains::decompose(&g, game.drawn())
            && g.capturing_lines(game.drawn()) == 0
            && game.outcome().is_none()
        {
            let exact = reference(&g, game.drawn(), &mut HashMap::new());
            prop_assert_eq!(crate::chains::loony_value(&components), exact, "{:?}", components);
        }
    }

}
