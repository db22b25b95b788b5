//! The static evaluation the heuristic searchers (alpha-beta, MCTS) use on Othello positions.
//!
//! Classic hand-made terms, each a difference "side to move minus opponent" multiplied by a
//! weight from the `eval:` section of `engines/othello/params.yaml` ([`EvalWeights`]):
//! mobility, potential mobility (frontier), corners, X- and C-squares next to an empty corner,
//! the other edge squares, and the disc count once few squares are left. There are no trained
//! patterns; this is a sound, explainable baseline, and the exact endgame solver
//! ([`crate::endgame`]) is what gives proven values.
//!
//! # Score scale
//! An evaluation is in *points* (the weights' unit) and always lies within `±EVAL_LIMIT`. A
//! finished game scores `±(WIN_BASE + margin)`, `margin` being the FFO final disc difference
//! (empties to the winner), and 0 for a draw: every won game outranks every evaluation, a
//! bigger win outranks a smaller one, and the margin is read back with [`finished_margin`].
//! Both stay far inside `±MATE_BOUND`, so the searchers never take them for a win by distance.

use arbiter_core::Outcome;
use arbiter_search::Evaluator;
use arbiter_search::score::MATE_BOUND;
use serde::{Deserialize, Serialize};

use crate::board::{C_SQUARES, CORNERS, EDGES, X_SQUARES, legal_moves, neighbours};
use crate::{Move, Othello};

/// The base of a finished game's score: a win by `m` discs scores `WIN_BASE + m` (`m >= 1`).
pub const WIN_BASE: i32 = 100_000;

/// Every evaluation is clamped into `±EVAL_LIMIT`, strictly below the smallest win score.
pub const EVAL_LIMIT: i32 = WIN_BASE - 1;

// The score scale is consistent: the largest win (64 discs) is still no win by distance.
const _: () = assert!(WIN_BASE + 64 < MATE_BOUND);

/// The evaluation weights: the `eval:` section of `params.yaml`. Every term is "side to move
/// minus opponent" of a count, times its weight, in points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EvalWeights {
    /// Points per legal placement of the side to move, minus the same for the opponent.
    pub mobility: i32,
    /// Points per empty square next to an opponent disc (where we may move later), minus the
    /// same for the opponent: the frontier that gives the other side its moves.
    pub potential_mobility: i32,
    /// Points per corner disc.
    pub corner: i32,
    /// Points per disc on an X-square (diagonally next to a corner) while that corner is empty:
    /// usually negative, since it hands the corner to the opponent.
    pub x_square: i32,
    /// Points per disc on a C-square (on the edge next to a corner) while that corner is empty.
    pub c_square: i32,
    /// Points per disc on any other edge square (neither corner nor a C-square next to an empty
    /// corner).
    pub edge: i32,
    /// Points per disc, counted only with at most [`EvalWeights::disc_parity_empties`] empty
    /// squares: near the end the disc count becomes the result.
    pub disc: i32,
    /// The number of empty squares from which on (downwards) [`EvalWeights::disc`] counts.
    pub disc_parity_empties: u32,
}

/// `count(me & mask) - count(opp & mask)`.
#[inline]
fn difference(me: u64, opp: u64, mask: u64) -> i32 {
    (me & mask).count_ones() as i32 - (opp & mask).count_ones() as i32
}

/// The FFO final score of a finished position for its side to move: disc difference, the
/// empty squares added to the winner's side.
#[inline]
fn final_margin(me: u64, opp: u64) -> i32 {
    let raw = me.count_ones() as i32 - opp.count_ones() as i32;
    let empties = 64 - (me | opp).count_ones() as i32;
    raw + raw.signum() * empties
}

/// The score of a finished game won (`margin > 0`), lost (`< 0`) or drawn (0) by `margin`
/// discs, in the evaluation's scale.
#[must_use]
pub const fn finished_score(margin: i32) -> i32 {
    if margin > 0 {
        WIN_BASE + margin
    } else if margin < 0 {
        -WIN_BASE + margin
    } else {
        0
    }
}

/// The disc margin of a finished-game score from [`finished_score`]; `None` for a score below
/// `WIN_BASE` in magnitude (an evaluation, or a draw, which is indistinguishable from a
/// zero evaluation).
#[must_use]
pub const fn finished_margin(score: i32) -> Option<i32> {
    if score > WIN_BASE {
        Some(score - WIN_BASE)
    } else if score < -WIN_BASE {
        Some(score + WIN_BASE)
    } else {
        None
    }
}

/// The Othello evaluator: [`EvalWeights`] plus the fixed move-ordering classes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OthelloEval {
    weights: EvalWeights,
}

impl OthelloEval {
    /// An evaluator with these weights.
    #[must_use]
    pub fn new(weights: EvalWeights) -> OthelloEval {
        OthelloEval { weights }
    }

    /// The weights in use.
    #[must_use]
    pub fn weights(&self) -> &EvalWeights {
        &self.weights
    }

    /// The evaluation of the boards `me` (side to move) and `opp`, before clamping.
    fn raw(&self, me: u64, opp: u64) -> i64 {
        let w = &self.weights;
        let empty = !(me | opp);
        let mobility =
            legal_moves(me, opp).count_ones() as i32 - legal_moves(opp, me).count_ones() as i32;
        // Empty squares next to the opponent's discs are where we may move; the opponent's
        // frontier is our potential mobility and ours is theirs.
        let potential = (neighbours(opp) & empty).count_ones() as i32
            - (neighbours(me) & empty).count_ones() as i32;
        let open_corners = CORNERS & empty;
        let near_open_corner = neighbours(open_corners);
        let open_x = X_SQUARES & near_open_corner;
        let open_c = C_SQUARES & near_open_corner;
        let other_edges = EDGES & !CORNERS & !open_c;
        let mut score = i64::from(w.mobility) * i64::from(mobility)
            + i64::from(w.potential_mobility) * i64::from(potential)
            + i64::from(w.corner) * i64::from(difference(me, opp, CORNERS))
            + i64::from(w.x_square) * i64::from(difference(me, opp, open_x))
            + i64::from(w.c_square) * i64::from(difference(me, opp, open_c))
            + i64::from(w.edge) * i64::from(difference(me, opp, other_edges));
        if empty.count_ones() <= w.disc_parity_empties {
            score += i64::from(w.disc) * i64::from(difference(me, opp, !0));
        }
        score
    }

    /// The static ordering class of a placement on `square`: corners first, then edges, the
    /// middle, C-squares and X-squares last (the last two only while their corner is empty).
    fn square_class(me: u64, opp: u64, square: u8) -> i32 {
        let bit = 1u64 << square;
        let near_open_corner = neighbours(CORNERS & !(me | opp));
        if bit & CORNERS != 0 {
            4
        } else if bit & X_SQUARES & near_open_corner != 0 {
            0
        } else if bit & C_SQUARES & near_open_corner != 0 {
            1
        } else if bit & EDGES != 0 {
            3
        } else {
            2
        }
    }
}

arbiter_search::evaluator_from!(OthelloEval, EvalWeights);

impl Evaluator<Othello> for OthelloEval {
    fn evaluate(&self, game: &Othello) -> i32 {
        let (me, opp) = game.boards();
        let clamped = self
            .raw(me, opp)
            .clamp(-i64::from(EVAL_LIMIT), i64::from(EVAL_LIMIT));
        i32::try_from(clamped).expect("clamped into the i32 range")
    }

    fn move_order_hint(&self, game: &Othello, mv: Move) -> i32 {
        let (me, opp) = game.boards();
        // A pass is the only move when it is legal: its class does not matter.
        mv.square()
            .map_or(0, |square| Self::square_class(me, opp, square))
    }

    /// `±(WIN_BASE + margin)` with the FFO margin, 0 for a draw (see the module docs): not
    /// adjusted by ply, so among wins the search prefers the biggest, not the quickest.
    fn terminal_score(&self, game: &Othello, _outcome: Outcome, _ply: usize) -> i32 {
        let (me, opp) = game.boards();
        finished_score(final_margin(me, opp))
    }

    /// One slot per square and one for the pass.
    fn history_slots(&self) -> usize {
        65
    }

    fn history_slot(&self, mv: Move) -> usize {
        mv.index()
    }
}

#[cfg(test)]
mod tests {
    use arbiter_core::{Game, Side};

    use super::*;
    use crate::OthelloVariant;

    fn weights() -> EvalWeights {
        EvalWeights {
            mobility: 10,
            potential_mobility: 3,
            corner: 100,
            x_square: -50,
            c_square: -20,
            edge: 5,
            disc: 1,
            disc_parity_empties: 10,
        }
    }

    #[test]
    fn masks_hold_the_named_squares() {
        assert_eq!(CORNERS.count_ones(), 4);
        assert_eq!(X_SQUARES.count_ones(), 4);
        assert_eq!(C_SQUARES.count_ones(), 8);
        assert_eq!(EDGES.count_ones(), 28);
        assert_eq!(C_SQUARES & !EDGES, 0);
        assert_eq!(neighbours(CORNERS), X_SQUARES | C_SQUARES);
    }

    #[test]
    fn start_is_symmetric() {
        // Both sides have four moves and the same frontier: every term is 0.
        let start = Othello::start(&OthelloVariant::Standard);
        assert_eq!(OthelloEval::new(weights()).evaluate(&start), 0);
    }

    #[test]
    fn evaluation_is_negated_for_the_other_side() {
        let mut position = Othello::start(&OthelloVariant::Standard);
        for text in Othello::split_moves("f5d6c3d3c4f4f6") {
            position.play(position.parse_move(&text).unwrap()).unwrap();
        }
        let (black, white) = (position.black(), position.white());
        let eval = OthelloEval::new(weights());
        let to_move = position.side_to_move();
        let flipped = Othello::from_boards(black, white, to_move.opponent()).unwrap();
        assert_eq!(eval.evaluate(&position), -eval.evaluate(&flipped));
    }

    #[test]
    fn a_corner_counts_for_its_owner() {
        // The start position's discs plus a black disc on a1, white to move.
        let start = Othello::start(&OthelloVariant::Standard);
        let position =
            Othello::from_boards(start.black() | 1, start.white(), Side::Second).unwrap();
        let with_corner = OthelloEval::new(EvalWeights {
            corner: 1000,
            ..weights()
        });
        assert!(with_corner.evaluate(&position) < -500);
    }

    #[test]
    fn finished_scores_round_trip_and_outrank_evaluations() {
        for margin in [-64, -1, 1, 2, 64] {
            assert_eq!(finished_margin(finished_score(margin)), Some(margin));
            assert!(finished_score(margin).abs() > EVAL_LIMIT);
        }
        assert_eq!(finished_score(0), 0);
        assert_eq!(finished_margin(EVAL_LIMIT), None);
        // Huge weights are clamped below the smallest win.
        let huge = OthelloEval::new(EvalWeights {
            mobility: i32::MAX,
            ..weights()
        });
        let mut position = Othello::start(&OthelloVariant::Standard);
        position.play(position.parse_move("f5").unwrap()).unwrap();
        assert!(huge.evaluate(&position).abs() <= EVAL_LIMIT);
    }

    #[test]
    fn corners_order_first_and_x_squares_last() {
        let (me, opp) = (0, 0);
        let class = |name: &str| {
            let mv = crate::parse_move(name).unwrap();
            OthelloEval::square_class(me, opp, mv.square().unwrap())
        };
        assert!(class("a1") > class("d1"));
        assert!(class("d1") > class("d3"));
        assert!(class("d3") > class("b1"));
        assert!(class("b1") > class("b2"));
    }
}
