//! The evaluation: lines still open to each side, and threats (open lines holding two of a
//! side's stones). Wins and losses are scored by the searchers' default win/loss-by-distance
//! scores ([`Evaluator::terminal_score`]), so a quicker win is preferred; the evaluation only
//! ranks unfinished positions at the horizon.

use arbiter_core::Game;
use arbiter_search::Evaluator;
use arbiter_search::score::MATE_BOUND;
use serde::{Deserialize, Serialize};

use crate::board::{Cell, LINES};
use crate::{Move, TicTacToe};

/// The evaluation weights: the `eval:` section of `engines/tictactoe/params.yaml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TicTacToeWeights {
    /// Points per line still open to the side to move (no opponent stone on it), minus the
    /// lines still open to the opponent.
    pub open_line: i32,
    /// Extra points per open line already holding two of the side's stones (a threat to win
    /// on the next move), own minus the opponent's.
    pub threat: i32,
}

/// The tic-tac-toe evaluator: open lines and threats ([`TicTacToeWeights`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToeEval {
    weights: TicTacToeWeights,
}

impl TicTacToeEval {
    /// An evaluator with these weights.
    #[must_use]
    pub fn new(weights: TicTacToeWeights) -> TicTacToeEval {
        TicTacToeEval { weights }
    }

    /// The lines open to the owner of `mine` (no stone of `theirs`) and, among them, those
    /// holding two of its stones.
    fn lines(mine: u16, theirs: u16) -> (i32, i32) {
        let open = LINES.iter().filter(|&&line| line & theirs == 0);
        let (mut count, mut threats) = (0, 0);
        for &line in open {
            count += 1;
            if (line & mine).count_ones() == 2 {
                threats += 1;
            }
        }
        (count, threats)
    }
}

arbiter_search::evaluator_from!(TicTacToeEval, TicTacToeWeights);

impl Evaluator<TicTacToe> for TicTacToeEval {
    fn evaluate(&self, game: &TicTacToe) -> i32 {
        let side = game.side_to_move();
        let (mine, theirs) = (game.stones(side), game.stones(side.opponent()));
        let (my_lines, my_threats) = Self::lines(mine, theirs);
        let (their_lines, their_threats) = Self::lines(theirs, mine);
        let w = &self.weights;
        // At most 8 lines each: with weights below 10^5 this stays far inside ±MATE_BOUND.
        let score = i64::from(w.open_line) * i64::from(my_lines - their_lines)
            + i64::from(w.threat) * i64::from(my_threats - their_threats);
        let bound = i64::from(MATE_BOUND - 1);
        i32::try_from(score.clamp(-bound, bound)).expect("clamped into the i32 range")
    }

    /// The centre (on four lines) first, then the corners (three lines), then the edges (two).
    fn move_order_hint(&self, _game: &TicTacToe, mv: Move) -> i32 {
        let cell = mv.cell();
        match (cell.row() == 1, cell.column() == 1) {
            (true, true) => 2,
            (false, false) => 1,
            _ => 0,
        }
    }

    fn history_slots(&self) -> usize {
        Cell::ALL.len()
    }

    fn history_slot(&self, mv: Move) -> usize {
        mv.cell().index()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TicTacToeVariant;
    use arbiter_laws::Fixture;

    #[test]
    fn evaluation_counts_open_lines_and_threats() {
        let eval = TicTacToeEval::new(TicTacToeWeights {
            open_line: 1,
            threat: 10,
        });
        let start = TicTacToe::start(&TicTacToeVariant::Standard);
        assert_eq!(eval.evaluate(&start), 0);
        // X on b2 (four lines), O to move: O has the four lines avoiding b2 open, X all eight.
        let centre = TicTacToe::position_of(".../.x./... o");
        assert_eq!(eval.evaluate(&centre), 4 - 8);
        // X on a1 b1, O on b2, O to move. Open to O (no x): rows 2 and 3, column c and the
        // diagonal c1 b2 a3, no threat; open to X (no o): rows 1 and 3, columns a and c, with
        // the threat a1 b1 on row 1.
        let threat = TicTacToe::position_of("xx./.o./... o");
        // Open lines 4 - 4, threats 0 - 1 (worth 10 each).
        assert_eq!(eval.evaluate(&threat), -10);
    }
}
