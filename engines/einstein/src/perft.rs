//! Perft with bulk counting at the last ply: the moves of a position are counted, not made.
//!
//! Rolls are plies (OpenSpiel's tree has a chance node per roll), so one turn is two plies,
//! the roll and the step, and the setup is two plies, one layout per side.

use arbiter_core::{MoveBuffers, NodeBudget, PerftConvention};

use crate::moves::EinSteinMove;
use crate::position::EinStein;

/// The number of move sequences of `depth` plies from `game` under `convention`, visiting at
/// most the positions `budget` allows (the count is incomplete when it runs out).
pub fn perft_within(
    game: &mut EinStein,
    depth: u32,
    convention: PerftConvention,
    budget: &mut NodeBudget,
) -> u64 {
    let finished = match convention {
        PerftConvention::SequencesOfExactLength => 0,
        PerftConvention::FinishedGameIsLeaf => 1,
    };
    let mut buffers = MoveBuffers::default();
    walk(game, depth, finished, budget, &mut buffers, 0)
}

fn walk(
    game: &mut EinStein,
    depth: u32,
    finished: u64,
    budget: &mut NodeBudget,
    buffers: &mut MoveBuffers<EinSteinMove>,
    ply: usize,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if !budget.take() {
        return 0;
    }
    let mut moves = buffers.take(ply);
    game.generate_moves(&mut moves);
    let nodes = if moves.is_empty() {
        finished
    } else if depth == 1 {
        moves.len() as u64
    } else {
        let mut nodes = 0;
        for &mv in &moves {
            let undo = game.make(mv);
            nodes += walk(game, depth - 1, finished, budget, buffers, ply + 1);
            game.unmake(mv, undo);
            if budget.exhausted() {
                break;
            }
        }
        nodes
    };
    buffers.put(ply, moves);
    nodes
}
