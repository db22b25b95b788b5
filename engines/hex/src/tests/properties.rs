//! Properties over random playouts and random boards: the law kit, the Hex theorem (a full
//! board has exactly one winner), and the board's symmetries.

use arbiter_core::{Game, PerftConvention};
use arbiter_laws::{GameLaws, playout};
use proptest::prelude::*;

use crate::setup::joins;
use crate::{Cell, Colour, Hex, HexMove, HexSetup, HexVariant, MAX_SIZE};

/// Every move value: each cell of the largest board, and the swap.
fn every_move(_: &Hex) -> Vec<HexMove> {
    let mut moves: Vec<HexMove> = (0..MAX_SIZE)
        .flat_map(|row| (0..MAX_SIZE).map(move |column| HexMove::Stone(Cell::new(column, row))))
        .collect();
    moves.push(HexMove::Swap);
    moves
}

/// The incremental state equals a count and a flood from scratch: the union-find's winner is
/// the colour whose stones join its edges, and the stone counts are the board's.
fn invariant(game: &Hex) -> bool {
    let setup = game.to_setup();
    let flood = [Colour::Black, Colour::White]
        .into_iter()
        .find(|&colour| joins(&setup, colour, None));
    let empty = game.cells().iter().filter(|cell| cell.is_none()).count();
    game.winner_colour() == flood && game.empty_cells() == empty
}

#[test]
fn game_laws() {
    // The line and the diagram hold the whole position, except a swap-sides exchange, which
    // only the line can say.
    let complete = [
        "standard@1",
        "standard@2",
        "standard@5",
        "standard",
        "swap-mirror@4",
        "swap-mirror",
    ];
    GameLaws::<Hex>::named(&complete)
        .complete_text()
        .every_move(every_move)
        .invariant(invariant)
        .cases(48)
        .plies(130)
        .check();
    GameLaws::<Hex>::named(&["swap-sides@3", "swap-sides"])
        .every_move(every_move)
        .invariant(invariant)
        .cases(16)
        .plies(130)
        .check();
}

/// A full board of `size` coloured by `bits` (bit i: cell i black).
fn full_board(size: u8, bits: &[bool]) -> HexSetup {
    HexSetup {
        size,
        cells: bits
            .iter()
            .map(|&black| Some(if black { Colour::Black } else { Colour::White }))
            .collect(),
        to_move: Colour::Black,
        swapped: false,
    }
}

proptest! {
    /// The Hex theorem: on a full board exactly one colour joins its edges (no draws, never
    /// both), whatever the colouring.
    #[test]
    fn a_full_board_has_exactly_one_winner(
        (size, bits) in (1u8..=11).prop_flat_map(|size| {
            (Just(size), proptest::collection::vec(any::<bool>(), usize::from(size) * usize::from(size)))
        })
    ) {
        let board = full_board(size, &bits);
        let black = joins(&board, Colour::Black, None);
        let white = joins(&board, Colour::White, None);
        prop_assert!(black != white, "black {} white {}", black, white);
    }

    /// Every game played to the end has a winner, and the board holds exactly the stones
    /// played: a game ends only by a connection.
    #[test]
    fn every_game_ends_with_a_winner(size in 1u8..=7, picks in proptest::collection::vec(any::<u32>(), 60)) {
        let start = Hex::start(&HexVariant::new(size, crate::SwapRule::None));
        let (end, moves) = playout(start, &picks);
        let finished = end.outcome().is_some();
        prop_assert!(finished || moves.len() < 60, "{} moves, no end", moves.len());
        if finished {
            prop_assert!(moves.len() >= 2 * usize::from(size) - 1, "an early end");
        }
    }

    /// The half turn keeps each colour's edges: the same winner and the same counts.
    /// The mirror in the long diagonal with the colours exchanged swaps the roles: the
    /// other colour wins, and the move counts agree.
    #[test]
    fn symmetric_positions_agree(size in 2u8..=5, picks in proptest::collection::vec(any::<u32>(), 0..12)) {
        let start = Hex::start(&HexVariant::new(size, crate::SwapRule::None));
        let (game, _) = playout(start, &picks);
        let n = usize::from(size);
        let cells = game.cells();
        let turned: Vec<Option<Colour>> = (0..n * n).map(|i| cells[n * n - 1 - i]).collect();
        let mirrored: Vec<Option<Colour>> = (0..n * n)
            .map(|i| {
                let cell = Cell::from_index(i, size).mirrored();
                cells[cell.index(size)].map(Colour::opposite)
            })
            .collect();
        let mut turned = Hex::from_cells(*game.variant(), &turned, game.colour_to_move(), false);
        let mut mirrored = Hex::from_cells(*game.variant(), &mirrored, game.colour_to_move().opposite(), false);
        let mut game = game;
        prop_assert_eq!(turned.winner_colour(), game.winner_colour());
        prop_assert_eq!(mirrored.winner_colour(), game.winner_colour().map(Colour::opposite));
        let convention = PerftConvention::SequencesOfExactLength;
        let count = game.perft(2, convention);
        prop_assert_eq!(turned.perft(2, convention), count);
        prop_assert_eq!(mirrored.perft(2, convention), count);
    }
}
