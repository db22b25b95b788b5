//! Perft, per turn and per line.
//!
//! **Per turn** ([`perft`], the [`arbiter_core::Game::perft`] of this engine and what specs,
//! `cargo xtask perft` and arbiter-line count): a ply is one turn, all the lines a player
//! draws before the opponent moves, as the CCGC platform's `move N KIJ…` sends them; turns are
//! counted as sets of lines, so two orders of the same captures are one turn. The last ply is
//! counted without being played ([`DotsBoxes::count_moves`]).
//!
//! **Per line** ([`perft_lines`]): a ply is one line, as in OpenSpiel's `dots_and_boxes`
//! (one action per line; the same player acts again after completing a box). Every undrawn
//! line is always a legal action, so the number of sequences of `d` lines is the falling
//! factorial `n (n - 1) … (n - d + 1)` of the `n` undrawn lines whatever the position; what the
//! extra-move rule changes is *who* is to move at the end of each sequence, which
//! [`LinePerft`] counts too.

use arbiter_core::{MoveBuffers, NodeBudget, PerftConvention, Side};

use crate::geometry::Bits;
use crate::notation::Move;
use crate::position::{DotsBoxes, TurnScratch};

/// Number of turn sequences of `depth` turns from `position`, visiting at most the positions
/// `budget` allows (the count is incomplete when it runs out: see [`NodeBudget::result`]).
/// The move buffers grow with the walk, never sized by the depth.
pub fn perft(
    position: &mut DotsBoxes,
    depth: u32,
    convention: PerftConvention,
    budget: &mut NodeBudget,
) -> u64 {
    let finished = match convention {
        PerftConvention::SequencesOfExactLength => 0,
        PerftConvention::FinishedGameIsLeaf => 1,
    };
    let mut walk = Walk {
        finished,
        buffers: MoveBuffers::default(),
        scratch: TurnScratch::default(),
        budget,
    };
    walk.count(position, depth, 0)
}

/// One perft walk's state, shared by every node.
struct Walk<'a> {
    finished: u64,
    buffers: MoveBuffers<Move>,
    scratch: TurnScratch,
    budget: &'a mut NodeBudget,
}

impl Walk<'_> {
    fn count(&mut self, position: &mut DotsBoxes, depth: u32, ply: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        if !self.budget.take() {
            return 0;
        }
        if position.undrawn() == 0 {
            return self.finished;
        }
        if depth == 1 {
            return position.count_moves(&mut self.scratch);
        }
        let mut moves = self.buffers.take(ply);
        moves.clear();
        position.for_each_turn_after(0, &mut self.scratch, |mv| {
            moves.push(mv);
            true
        });
        let mut nodes = 0;
        for &mv in &moves {
            let completed = position.make(mv);
            nodes += self.count(position, depth - 1, ply + 1);
            position.unmake(mv, completed);
        }
        self.buffers.put(ply, moves);
        nodes
    }
}

/// Counts of line sequences (OpenSpiel's actions) of one length.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LinePerft {
    /// Sequences of exactly `depth` lines.
    pub sequences: u64,
    /// Those that end with black ([`Side::First`]) to move (the game not over).
    pub black_to_move: u64,
    /// Those that end with the game over (every line drawn).
    pub finished: u64,
}

/// Line sequences of exactly `depth` lines from `position`, by who is to move at their end.
#[must_use]
pub fn perft_lines(position: &DotsBoxes, depth: u32) -> LinePerft {
    fn walk(position: &DotsBoxes, drawn: u64, to_move: Side, depth: u32, out: &mut LinePerft) {
        let g = position.geometry();
        if depth == 0 {
            out.sequences += 1;
            if drawn == g.all {
                out.finished += 1;
            } else if to_move == Side::First {
                out.black_to_move += 1;
            }
            return;
        }
        for edge in Bits(g.all & !drawn) {
            let next = if g.completed_by(edge, drawn) != 0 {
                to_move
            } else {
                to_move.opponent()
            };
            walk(position, drawn | (1 << edge), next, depth - 1, out);
        }
    }
    let mut out = LinePerft::default();
    walk(
        position,
        position.drawn(),
        position.to_move(),
        depth,
        &mut out,
    );
    out
}
