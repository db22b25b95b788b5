//! Perft with bulk counting: the last ply is counted, not played.
//!
//! At depth 1 the count is the population of the move set ([`NoGo::move_set`]). A position
//! without moves is a finished game (a foul under `foul-loses`, or a side without a legal
//! point) and counts by the convention.

use arbiter_core::{NodeBudget, PerftConvention};

use crate::board::Bits;
use crate::position::NoGo;

/// Number of move sequences of `depth` plies from `position`, visiting at most the positions
/// `budget` allows (the count is incomplete when it runs out: see [`NodeBudget::result`]).
pub fn perft(
    position: &mut NoGo,
    depth: u32,
    convention: PerftConvention,
    budget: &mut NodeBudget,
) -> u64 {
    let finished = match convention {
        PerftConvention::SequencesOfExactLength => 0,
        PerftConvention::FinishedGameIsLeaf => 1,
    };
    walk(position, depth, finished, budget)
}

fn walk(position: &mut NoGo, depth: u32, finished: u64, budget: &mut NodeBudget) -> u64 {
    if depth == 0 {
        return 1;
    }
    if !budget.take() {
        return 0;
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
        nodes += walk(position, depth - 1, finished, budget);
        position.unmake(point, undo);
    }
    nodes
}
