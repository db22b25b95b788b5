//! The evaluation: boxes owned, boxes free for the taking, and who will control the chains.
//!
//! From the side to move's view, in centi-boxes:
//! - the boxes it owns minus the opponent's, plus the free boxes it can take at once
//!   ([`crate::solve::free_boxes`]);
//! - once every incomplete box has two sides drawn, or three at the ends of chains just opened
//!   (a simple loony endgame), the exact value of the chains and loops
//!   ([`crate::chains::structure_value`]): the evaluation is then exact;
//! - before that, the **long chain rule** (Berlekamp, *The Dots-and-Boxes Game*, ch. 3): the
//!   turns left are the lines left that complete no box, plus one, and every double-cross (one
//!   line taking two boxes) adds a completing line; the player in control of the endgame
//!   double-deals on every long chain but the last, so the double-crosses to come are about
//!   the long chains minus one. The side to move makes the last turn, and takes the last and
//!   usually biggest chains, when `lines left - boxes left + double-crosses` is even. The
//!   evaluation counts the long chains formed so far and, once few safe lines are left
//!   (`safe-lines`), gives the side the rule favours a bonus for control (`control`) and for
//!   the boxes in long chains (`chain`);
//! - boxes offered now (a chain the opponent opened) count for the mover, as if it took them.
//!
//! The weights were set by self-play of alpha-beta (5,000 and 20,000 nodes a move, 60 games
//! from random two-line openings, both colours) against the same search with `control` and
//! `chain` at 0: `control: 400` with `safe-lines: 10` won 42/60, 35/60 and, at 500, 45/60; the
//! chain-boxes term brought nothing measurable and is off (`chain: 0`).

use arbiter_search::{Evaluator, MoveSet};
use serde::{Deserialize, Serialize};

use crate::chains::{long_chains, structure, structure_value};
use crate::notation::Move;
use crate::rules::DotsBoxes;

/// The evaluation weights of `engines/dotsboxes/params.yaml` (`eval:`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Params {
    /// Per box owned (or free to take, or won in a loony endgame) more than the opponent.
    pub r#box: i32,
    /// Per box in long chains, for the side the long chain rule favours.
    pub chain: i32,
    /// For the side the long chain rule favours.
    pub control: i32,
    /// The chain and control terms count once at most this many safe lines are left.
    pub safe_lines: i32,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            r#box: 100,
            chain: 0,
            control: 400,
            safe_lines: 10,
        }
    }
}

/// The static value of `game` for the side to move.
#[must_use]
pub fn evaluate(game: &DotsBoxes, params: &Params) -> i32 {
    let g = game.geometry();
    let (free, gained) = crate::solve::free_boxes(g, game.drawn());
    let drawn = game.drawn() | free;
    let mut boxes = game.score_for_mover() + gained;
    if drawn == g.all {
        return params.r#box * boxes;
    }
    if let Some(structure) = structure(g, drawn) {
        boxes += structure_value(&structure);
        return params.r#box * boxes;
    }
    // Boxes offered now (chains opened by the opponent) count for the mover, as if it took
    // them all; the rest is judged after that.
    let mut drawn = drawn;
    loop {
        let captures = g.capturing_lines(drawn);
        if captures == 0 {
            break;
        }
        let line = captures.trailing_zeros() as u8;
        boxes += g.completed_by(line, drawn).count_ones() as i32;
        drawn |= 1 << line;
    }
    if drawn == g.all {
        return params.r#box * boxes;
    }
    let lines_left = (g.all & !drawn).count_ones() as i32;
    let boxes_left = (g.all_boxes & !g.complete_boxes(drawn)).count_ones() as i32;
    let (chain_boxes, chains) = long_chains(g, drawn);
    let double_crosses = (chains as i32 - 1).max(0);
    let favoured = if (lines_left - boxes_left + double_crosses) % 2 == 0 {
        1
    } else {
        -1
    };
    let safe = g.safe_lines(drawn).count_ones() as i32;
    let structure = params.chain * chain_boxes as i32 + params.control;
    let weighted = if safe <= params.safe_lines {
        structure
    } else {
        0
    };
    params.r#box * boxes + favoured * weighted
}

arbiter_search::evaluator_from!(Params);

impl Evaluator<DotsBoxes> for Params {
    fn evaluate(&self, game: &DotsBoxes) -> i32 {
        evaluate(game, self)
    }

    /// Turns that take more boxes first, then single lines that are safe.
    fn move_order_hint(&self, game: &DotsBoxes, mv: Move) -> i32 {
        let g = game.geometry();
        let taken = mv.len() as i32 - 1;
        let last = crate::narrow::last_line(g, game.drawn(), mv);
        let before_last = (game.drawn() | mv.lines()) & !(1 << last);
        // Safe: the last line gives no box its third side.
        let safe = g.edge_boxes[usize::from(last)]
            .iter()
            .all(|&id| id == crate::board::NO_BOX || g.sides_drawn(id, before_last) <= 1);
        2 * taken + i32::from(safe)
    }

    /// The turns no other turn provably beats (the `narrow` module): a complete list, since a
    /// best turn is always among them.
    fn search_moves(&mut self, game: &DotsBoxes, moves: &mut Vec<Move>) -> MoveSet {
        *moves = crate::narrow::narrow_moves(game);
        MoveSet::Complete
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_laws::Fixture;

    #[test]
    fn a_loony_endgame_is_valued_exactly() {
        // 1x3 with both long sides drawn: one chain of 3, which the mover must open.
        let game = DotsBoxes::position("1x3", "a1b1,b1c1,c1d1,a2b2,b2c2,c2d2 ... black");
        assert_eq!(evaluate(&game, &Params::default()), -300);
    }

    #[test]
    fn free_boxes_count_for_the_mover() {
        // 1x1 with three sides drawn: the mover takes the box.
        let game = DotsBoxes::position("1x1", "a1b1,a2b2,a1a2 . white");
        assert_eq!(evaluate(&game, &Params::default()), 100);
    }
}
