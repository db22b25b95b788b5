//! Perft with bulk counting: the last ply is counted, not played.
//!
//! At depth 1 the count is, per amazon and destination, the number of arrow squares — four
//! table lookups with the amazon lifted off its square ([`Amazons::count_moves`]). A position
//! without moves is a finished game (the side to move lost) and counts by the convention.

use arbiter_core::PerftConvention;

use crate::notation::Move;
use crate::position::Amazons;

/// Number of move sequences of `depth` plies from `position`.
pub fn perft(position: &mut Amazons, depth: u32, convention: PerftConvention) -> u64 {
    let finished = match convention {
        PerftConvention::SequencesOfExactLength => 0,
        PerftConvention::FinishedGameIsLeaf => 1,
    };
    let mut buffers = vec![Vec::new(); depth.saturating_sub(1) as usize];
    walk(position, depth, finished, &mut buffers)
}

fn walk(position: &mut Amazons, depth: u32, finished: u64, buffers: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => match position.count_moves() {
            0 => finished,
            count => count,
        },
        _ => {
            let (moves, rest) = buffers.split_first_mut().expect("one buffer per inner ply");
            position.generate_moves(moves);
            if moves.is_empty() {
                return finished;
            }
            let mut nodes = 0;
            for &mv in moves.iter() {
                position.make(mv);
                nodes += walk(position, depth - 1, finished, rest);
                position.unmake(mv);
            }
            nodes
        }
    }
}
