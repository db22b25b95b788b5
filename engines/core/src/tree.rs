//! The counts of a complete game tree, for the small games whose whole tree can be walked (a
//! spec's `tree:` expectation: tic-tac-toe from the start, endgames of the others).

use std::collections::HashSet;

use crate::{Game, Side};

/// Counts over the complete game tree below a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeCounts {
    /// Complete games: move sequences from the position to a finished game.
    pub games: u64,
    /// Distinct positions reached, the position itself included.
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

/// Walks the whole game tree below `game` depth first and counts it; `None` when the walk
/// would visit more than `max_nodes` nodes or keep more than `max_positions` distinct
/// positions, so that its time and its memory are both bounded. Positions are told apart by
/// their one-line form ([`Game::format_position`]), not by hash, so that a collision cannot
/// hide one.
#[must_use]
pub fn tree_counts<G: Game>(game: &G, max_nodes: u64, max_positions: usize) -> Option<TreeCounts> {
    let mut walk = TreeWalk {
        counts: TreeCounts::default(),
        seen: HashSet::new(),
        terminal: HashSet::new(),
        nodes: 0,
        max_nodes,
        max_positions,
    };
    walk.visit(&mut game.clone()).then_some(walk.counts)
}

struct TreeWalk {
    counts: TreeCounts,
    seen: HashSet<String>,
    terminal: HashSet<String>,
    nodes: u64,
    max_nodes: u64,
    max_positions: usize,
}

impl TreeWalk {
    /// Counts `game` and everything below it; `false` when a bound stopped the walk.
    fn visit<G: Game>(&mut self, game: &mut G) -> bool {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return false;
        }
        let key = game.format_position();
        // Most nodes repeat a position: the key is copied only for a new one.
        if !self.seen.contains(&key) {
            self.seen.insert(key.clone());
            self.counts.positions += 1;
            if self.seen.len() > self.max_positions {
                return false;
            }
        }
        if let Some(outcome) = game.outcome() {
            if self.terminal.insert(key) {
                self.counts.terminal_positions += 1;
            }
            self.counts.games += 1;
            match outcome.winner {
                Some(Side::First) => self.counts.first_wins += 1,
                Some(Side::Second) => self.counts.second_wins += 1,
                None => self.counts.draws += 1,
            }
            return true;
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for mv in moves {
            let undo = game.make(mv);
            let complete = self.visit(game);
            game.unmake(mv, undo);
            if !complete {
                return false;
            }
        }
        true
    }
}
