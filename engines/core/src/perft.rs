//! Perft: counting move sequences, the standard test of a move generator.

use crate::Game;

/// How a finished game is counted at depths past its end.
///
/// Both are in public use and agree until the first game can end before the last ply
/// (Othello: depth 10). A pass is always a ply, and so is a chance event (a roll of the die):
/// a chance node contributes one leaf per event, as OpenSpiel's game tree has one child per
/// chance outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PerftConvention {
    /// A finished game contributes nothing past its end: perft(d) is the number of legal move
    /// sequences of exactly d plies (Edax, OEIS A124004 in its Edax reading).
    #[default]
    SequencesOfExactLength,
    /// A finished game reached with plies to spare counts as one leaf (Aart Bik's tables).
    FinishedGameIsLeaf,
}

impl PerftConvention {
    /// The spec name of the convention.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PerftConvention::SequencesOfExactLength => "exact-length",
            PerftConvention::FinishedGameIsLeaf => "finished-is-leaf",
        }
    }
}

/// Perft by walking the tree with [`Game::make`]/[`Game::unmake`]; no bulk counting.
pub fn perft_generic<G: Game>(game: &mut G, depth: u32, convention: PerftConvention) -> u64 {
    fn walk<G: Game>(
        game: &mut G,
        depth: u32,
        convention: PerftConvention,
        buffers: &mut [Vec<G::Move>],
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
        let mut nodes = 0;
        for &mv in moves.iter() {
            let undo = game.make(mv);
            nodes += walk(game, depth - 1, convention, rest);
            game.unmake(mv, undo);
        }
        nodes
    }
    let mut buffers = vec![Vec::new(); depth as usize];
    walk(game, depth, convention, &mut buffers)
}
