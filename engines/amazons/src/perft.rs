//! Perft with bulk counting: the last ply is counted, not played.
//!
//! At depth 1 the count is, per amazon and destination, the number of arrow squares — four
//! table lookups with the amazon lifted off its square ([`Amazons::count_moves`]). A position
//! without moves is a finished game (the side to move lost) and counts by the convention.

use arbiter_core::{MoveBuffers, NodeBudget, PerftConvention};

use crate::notation::Move;
use crate::position::Amazons;

/// Number of move sequences of `depth` plies from `position`, visiting at most about
/// `budget`'s nodes (the count is incomplete when it runs out).
pub fn perft(
    position: &mut Amazons,
    depth: u32,
    convention: PerftConvention,
    budget: &mut NodeBudget,
) -> u64 {
    let finished = match convention {
        PerftConvention::SequencesOfExactLength => 0,
        PerftConvention::FinishedGameIsLeaf => 1,
    };
    walk(
        position,
        depth,
        finished,
        &mut MoveBuffers::default(),
        0,
        budget,
    )
}

fn walk(
    position: &mut Amazons,
    depth: u32,
    finished: u64,
    buffers: &mut MoveBuffers<Move>,
    ply: usize,
    budget: &mut NodeBudget,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if !budget.take() {
        return 0;
    }
    if depth == 1 {
        return match position.count_moves() {
            0 => finished,
            count => count,
        };
    }
    let mut moves = buffers.take(ply);
    position.generate_moves(&mut moves);
    let mut nodes = if moves.is_empty() { finished } else { 0 };
    for &mv in &moves {
        position.make(mv);
        nodes += walk(position, depth - 1, finished, buffers, ply + 1, budget);
        position.unmake(mv);
        if budget.exhausted() {
            break;
        }
    }
    buffers.put(ply, moves);
    nodes
}
