//! Totals over the complete game tree below a position: games, distinct positions, results.
//!
//! These are the figures a spec's `tree:` expectation names (`games`, `positions`,
//! `terminal-positions`, `first-wins`, `second-wins`, `draws`). The walk is generic over
//! [`Game`] so that any small game can use it; it only makes sense for games whose whole tree
//! fits in a few seconds (tic-tac-toe: 549,946 nodes).

use std::collections::HashSet;
use std::hash::Hash;

use arbiter_core::{Game, Side};

/// Counts over the complete game tree from a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TreeTotals {
    /// Complete games: move sequences from the position to a finished game.
    pub games: u64,
    /// Distinct positions reached, the position itself included. Positions are told apart by
    /// their Zobrist hash ([`Game::hash`]), which covers the board and the side to move.
    pub positions: u64,
    /// Distinct finished positions among them.
    pub terminal_positions: u64,
    /// Games won by [`Side::First`].
    pub first_wins: u64,
    /// Games won by [`Side::Second`].
    pub second_wins: u64,
    /// Drawn games.
    pub draws: u64,
}

/// Walks the complete game tree below `game` (restored on return) and counts it.
pub fn tree_totals<G: Game>(game: &mut G) -> TreeTotals {
    let mut totals = TreeTotals::default();
    let mut seen = HashSet::new();
    let mut terminal = HashSet::new();
    walk(game, 0, &mut Vec::new(), &mut |game: &G| {
        seen.insert(game.hash());
        if let Some(outcome) = game.outcome() {
            terminal.insert(game.hash());
            totals.games += 1;
            match outcome.winner {
                Some(Side::First) => totals.first_wins += 1,
                Some(Side::Second) => totals.second_wins += 1,
                None => totals.draws += 1,
            }
        }
        true
    });
    totals.positions = seen.len() as u64;
    totals.terminal_positions = terminal.len() as u64;
    totals
}

/// The distinct `key`s of the positions reachable from `game` (restored on return), the
/// position itself included; each position is expanded once, the first time its key is seen.
pub fn reachable<G: Game, K: Eq + Hash>(game: &mut G, key: impl Fn(&G) -> K) -> HashSet<K> {
    let mut seen = HashSet::new();
    walk(game, 0, &mut Vec::new(), &mut |game: &G| {
        seen.insert(key(game))
    });
    seen
}

/// Depth-first walk below `game`, `ply` plies from where it started: `enter` sees every node
/// reached, and the walk goes on below a node when `enter` returns `true` and the game there
/// is not over.
fn walk<G: Game>(
    game: &mut G,
    ply: usize,
    buffers: &mut Vec<Vec<G::Move>>,
    enter: &mut impl FnMut(&G) -> bool,
) {
    if !enter(game) || game.outcome().is_some() {
        return;
    }
    // One move buffer per ply, reused across the whole walk.
    if buffers.len() <= ply {
        buffers.push(Vec::new());
    }
    let mut moves = std::mem::take(&mut buffers[ply]);
    game.generate_moves(&mut moves);
    for &mv in &moves {
        let undo = game.make(mv);
        walk(game, ply + 1, buffers, enter);
        game.unmake(mv, undo);
    }
    buffers[ply] = moves;
}
