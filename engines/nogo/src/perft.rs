//! Perft with bulk counting: the last ply is counted, not played.
//!
//! At depth 1 the count is the population of the move set ([`NoGo::move_set`]). A position
//! without moves is a finished game (a foul under `foul-loses`, or a side without a legal
//! point) and counts by the convention.

use arbiter_core::PerftConvention;

use crate::board::Bits;
use crate::position::NoGo;

/// Number of move sequences of `depth` plies from `position`.
pub fn perft(position: &mut NoGo, depth: u32, convention: PerftConvention) -> u64 {
    let finished = match convention {
        PerftConvention::SequencesOfExactLength => 0,
        PerftConvention::FinishedGameIsLeaf => 1,
    };
    walk(position, depth, finished)
}

fn walk(position: &mut NoGo, depth: u32, finished: u64) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.move_set();
    if moves == 0 {
        return finished;
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    let mut nodes = 0;
    for point in Bits(moves) {
        let undo = position.make(point);
        nodes += walk(position, depth - 1, finished);
        position.unmake(point, undo);
    }
    nodes
}
