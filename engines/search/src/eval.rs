//! What a game supplies to the searchers: a static evaluation, move-ordering hints and the
//! score of a finished game.

use arbiter_core::{Game, Outcome};

use crate::score::{mate_in, mated_in};

/// The game-specific knowledge the searchers use.
///
/// Every score is from the point of view of the side to move in `game`. Evaluations and custom
/// terminal scores must lie strictly inside `±`[`crate::score::MATE_BOUND`]; debug builds check it.
pub trait Evaluator<G: Game> {
    /// The static value of a position that is not over, for the side to move.
    fn evaluate(&self, game: &G) -> i32;

    /// An ordering class for `mv` in `game`: higher classes are searched first. Within a class,
    /// alpha-beta orders killer moves first, then by history. Called once per move at nodes
    /// where the transposition-table move did not already cut off.
    fn move_order_hint(&self, game: &G, mv: G::Move) -> i32 {
        let _ = (game, mv);
        0
    }

    /// The score of the finished `game` reached `ply` plies from the root, for its side to move.
    ///
    /// The default scores a win as [`mate_in`]`(ply)`, a loss as [`mated_in`]`(ply)` and a draw
    /// as 0. A game scored by a count (Othello discs) may return a count-based value inside
    /// `±MATE_BOUND` instead; such values are not adjusted by ply.
    fn terminal_score(&self, game: &G, outcome: Outcome, ply: usize) -> i32 {
        match outcome.winner {
            None => 0,
            Some(winner) if winner == game.side_to_move() => mate_in(ply),
            Some(_) => mated_in(ply),
        }
    }

    /// The number of history-table slots; 0 (the default) turns history ordering off.
    /// The core's `Game::Move` has no dense index, so the game provides one here.
    fn history_slots(&self) -> usize {
        0
    }

    /// The history slot of `mv`, below [`Evaluator::history_slots`] (e.g. its target square).
    /// Different moves may share a slot.
    fn history_slot(&self, mv: G::Move) -> usize {
        let _ = mv;
        0
    }
}
