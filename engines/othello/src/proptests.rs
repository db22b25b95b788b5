//! Property tests over random playouts: the `Game` laws (arbiter-laws), board symmetries,
//! parsers that never panic.

use arbiter_core::Game;
use arbiter_core::grid::Symmetry;
use arbiter_laws::GameLaws;
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

/// The `Game` laws (arbiter-laws), every move value (the 64 squares and the pass) tried at
/// every position.
#[test]
fn game_laws() {
    GameLaws::<Othello>::new(&[OthelloVariant::Standard])
        .cases(200)
        .plies(70)
        .every_move(|_| {
            (0..64)
                .filter_map(Move::place)
                .chain([Move::PASS])
                .collect()
        })
        .complete_text()
        .check();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

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
    fn parsers_never_panic(text in "[-.XxOo a-h1-9;\n\u{e9}]{0,80}") {
        let variant = OthelloVariant::Standard;
        let _ = Othello::parse_position(&variant, &text);
        let _ = Othello::parse_diagram(&variant, &text, arbiter_core::Side::First);
        for token in Othello::split_moves(&text) {
            let _ = crate::parse_move(&token);
        }
    }
}
