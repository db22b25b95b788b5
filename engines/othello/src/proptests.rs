//! Property tests over random playouts: hashing, undo, move checking, board symmetries.

use arbiter_core::Game;
use arbiter_core::grid::Symmetry;
use proptest::prelude::*;

use crate::{Move, Othello, OthelloVariant};

/// Plays `choices` from the start (each an index taken modulo the legal-move count), stopping
/// at the end of the game, and returns every position passed through.
fn playout(choices: &[u16]) -> Vec<Othello> {
    let mut game = Othello::start(&OthelloVariant::Standard);
    let mut seen = vec![game.clone()];
    let mut moves = Vec::new();
    for &choice in choices {
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        game.make(moves[usize::from(choice) % moves.len()]);
        seen.push(game.clone());
    }
    seen
}

/// The image of the square (`c`, `r`) under `sym`.
fn map_square(sym: Symmetry, c: u8, r: u8) -> (u8, u8) {
    let (row, column) = sym.apply(usize::from(r), usize::from(c), 8);
    // Both are below 8.
    (column as u8, row as u8)
}

fn map_board(board: u64, sym: Symmetry) -> u64 {
    (0..64u8)
        .filter(|sq| board & (1 << sq) != 0)
        .map(|sq| {
            let (c, r) = map_square(sym, sq % 8, sq / 8);
            1u64 << (r * 8 + c)
        })
        .fold(0, |a, b| a | b)
}

fn map_move(mv: Move, sym: Symmetry) -> Move {
    match mv.square() {
        None => Move::PASS,
        Some(sq) => {
            let (c, r) = map_square(sym, sq % 8, sq / 8);
            Move::at(c, r).expect("a symmetry maps the board onto itself")
        }
    }
}

fn sorted_moves(game: &Othello) -> Vec<Move> {
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    moves.sort_unstable();
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn incremental_hash_equals_hash_from_scratch(choices in prop::collection::vec(any::<u16>(), 0..70)) {
        for game in playout(&choices) {
            prop_assert_eq!(game.hash(), game.hash_from_scratch());
        }
    }

    #[test]
    fn make_then_unmake_restores_the_position(choices in prop::collection::vec(any::<u16>(), 0..70)) {
        for game in playout(&choices) {
            let mut moves = Vec::new();
            game.generate_moves(&mut moves);
            for &mv in &moves {
                let mut child = game.clone();
                let undo = child.make(mv);
                prop_assert_eq!(child.hash(), child.hash_from_scratch());
                child.unmake(mv, undo);
                prop_assert_eq!(&child, &game);
                prop_assert_eq!(child.hash(), game.hash());
            }
        }
    }

    #[test]
    fn check_move_accepts_exactly_the_generated_moves(choices in prop::collection::vec(any::<u16>(), 0..70)) {
        for game in playout(&choices) {
            let moves = sorted_moves(&game);
            // Every move value there is: the 64 squares and the pass.
            let all = (0..64).filter_map(Move::place).chain([Move::PASS]);
            for mv in all {
                prop_assert_eq!(game.check_move(mv).is_ok(), moves.contains(&mv), "{}", mv);
            }
            prop_assert_eq!(moves.is_empty(), game.outcome().is_some());
        }
    }

    #[test]
    fn legal_moves_commute_with_the_board_symmetries(choices in prop::collection::vec(any::<u16>(), 0..70)) {
        let game = playout(&choices).pop().expect("the start at least");
        let moves = sorted_moves(&game);
        for sym in Symmetry::ALL {
            let image = Othello::from_boards(
                map_board(game.black(), sym),
                map_board(game.white(), sym),
                game.side_to_move(),
            ).expect("a symmetry keeps the centre occupied");
            let mut expected: Vec<Move> = moves.iter().map(|&mv| map_move(mv, sym)).collect();
            expected.sort_unstable();
            prop_assert_eq!(sorted_moves(&image), expected);
        }
    }

    #[test]
    fn position_text_reads_back(choices in prop::collection::vec(any::<u16>(), 0..70)) {
        let game = playout(&choices).pop().expect("the start at least");
        let variant = OthelloVariant::Standard;
        let setup = Othello::parse_position(&variant, &game.format_position()).expect("own format");
        prop_assert_eq!(&Othello::from_setup(&variant, &setup).expect("valid"), &game);
        let setup = Othello::parse_diagram(&variant, &game.diagram(), game.side_to_move()).expect("own diagram");
        prop_assert_eq!(&Othello::from_setup(&variant, &setup).expect("valid"), &game);
    }

    #[test]
    fn parsers_never_panic(text in "[-.XxOo a-h1-9;\n\u{e9}]{0,80}") {
        let variant = OthelloVariant::Standard;
        let _ = Othello::parse_position(&variant, &text);
        let _ = Othello::parse_diagram(&variant, &text, arbiter_core::Side::First);
        for token in Othello::split_moves(&text) {
            let _ = crate::parse_move(&token);
        }
    }
}
