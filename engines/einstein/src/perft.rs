//! Perft with bulk counting at the last ply: the moves of a position are counted, not made.
//!
//! Rolls are plies (OpenSpiel's tree has a chance node per roll), so one turn is two plies,
//! the roll and the step, and the setup is two plies, one layout per side.

use arbiter_core::PerftConvention;

use crate::moves::EinSteinMove;
use crate::position::EinStein;

/// The number of move sequences of `depth` plies from `game` under `convention`.
pub fn perft(game: &mut EinStein, depth: u32, convention: PerftConvention) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize];
    walk(game, depth, convention, &mut buffers)
}

fn walk(
    game: &mut EinStein,
    depth: u32,
    convention: PerftConvention,
    buffers: &mut [Vec<EinSteinMove>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    game.generate_moves(moves);
    if moves.is_empty() {
        return match convention {
            PerftConvention::SequencesOfExactLength => 0,
            PerftConvention::FinishedGameIsLeaf => 1,
        };
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in moves.iter() {
        let undo = game.make(mv);
        nodes += walk(game, depth - 1, convention, rest);
        game.unmake(mv, undo);
    }
    nodes
}
