//! Perft per line, as OpenSpiel's `dots_and_boxes` counts: a ply is one line (one action per
//! line; the same player acts again after completing a box). The engine's own perft
//! (`Game::perft`, what specs, `cargo xtask perft` and arbiter-line count) is core's walk over
//! turns, all the lines a player draws before the opponent moves, as the CCGC platform's `move
//! N KIJ…` sends them; turns are sets of lines, so two orders of the same captures are one turn.
//!
//! Every undrawn line is always a legal action, so the number of sequences of `d` lines is the
//! falling factorial `n (n - 1) … (n - d + 1)` of the `n` undrawn lines whatever the position;
//! what the extra-move rule changes is *who* is to move at the end of each sequence, which
//! [`LinePerft`] counts too.

use arbiter_core::{Bits, Game, Side};

use crate::rules::DotsBoxes;

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
        position.side_to_move(),
        depth,
        &mut out,
    );
    out
}
