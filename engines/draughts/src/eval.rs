//! Static evaluation and move-ordering hints.
//!
//! Draughts is a game of material first: a king is worth about three men (the engines'
//! usual figure). Then structure: men gain by advancing (tempo) and by holding the centre
//! (22–24, 27–29); the men on the back-row squares that guard against an enemy crowning
//! (2, 3, 4 for black, 47, 48, 49 for white) are worth keeping; a man with a free path to
//! the promotion row that no enemy piece can meet (a runaway) is nearly a king. Weights come
//! from the `eval:` section of `engines/draughts/params.yaml`.
//!
//! **Quiescence.** Captures are compulsory, so a position where the side to move can capture
//! is no place to judge material: at a leaf the captures (which are then every legal move)
//! are searched first ([`Quiescence::MustMove`]), down to `quiescence-plies`; a quiet leaf is
//! evaluated as it stands.
//!
//! **Table key.** A position's value depends on more than its pieces under the draw rules:
//! the repetition rule on the boards since the last capture or man's move, the 25-move rule
//! on how many king plies were played, the endgame rules on the plies in the endgame. The
//! key ([`Evaluator::table_key`]) mixes into the rules' hash the counts of the rules in
//! force and, under the repetition rule, the boards since the last progress, which the
//! position keeps for its own repetition rule. Two nodes with one key then have one future.

use arbiter_core::{Game, Side};
use arbiter_search::{Evaluator, Quiescence};
use serde::{Deserialize, Serialize};

use crate::board::Move;
use crate::board::{SQUARE_COUNT, SQUARES, forward, index_of, row_of, shift, square};
use crate::rules::Draughts;

/// Evaluation weights, the `eval:` section of `params.yaml` (kebab-case keys, unknown keys
/// refused). With `man` at 100 the unit is a hundredth of a man.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Params {
    /// Per man of the side to move, minus the opponent's.
    pub man: i32,
    /// Per king.
    pub king: i32,
    /// Per row a man has advanced from its own back row.
    pub advance: i32,
    /// Per man on the six centre squares.
    pub centre: i32,
    /// Per man on the back-row squares that guard against crowning.
    pub back_rank: i32,
    /// Per runaway man: a free path to the promotion row that no enemy piece can meet.
    pub runaway: i32,
    /// For the side to move.
    pub tempo: i32,
}

impl Default for Params {
    /// The values of the committed `params.yaml`'s `eval:` section.
    fn default() -> Params {
        Params {
            man: 100,
            king: 300,
            advance: 3,
            centre: 6,
            back_rank: 8,
            runaway: 60,
            tempo: 2,
        }
    }
}

const fn set(squares: &[usize]) -> u64 {
    let mut bits = 0;
    let mut k = 0;
    while k < squares.len() {
        bits |= square(squares[k] - 1);
        k += 1;
    }
    bits
}

/// The centre squares 22–24 and 27–29.
const CENTRE: u64 = set(&[22, 23, 24, 27, 28, 29]);
/// The guarding back-row squares, white then black.
const GUARDS: [u64; 2] = [set(&[47, 48, 49]), set(&[2, 3, 4])];

/// The rows a man of `side` on square index `i` has advanced from its own back row.
fn advanced(side: Side, i: usize) -> i32 {
    let row = row_of(i) as i32;
    if side == Side::First { 9 - row } else { row }
}

/// The men of `side` with a free path to promotion: no enemy piece in the cone of squares
/// ahead of them, and no enemy king anywhere to come back.
fn runaways(game: &Draughts, side: Side) -> u32 {
    let enemy = game.pieces(side.opponent());
    if enemy & game.kings() != 0 {
        return 0;
    }
    let men = game.pieces(side) & !game.kings();
    arbiter_core::Bits(men)
        .filter(|&bit| {
            let i = index_of(u32::from(bit));
            let rows = 9 - advanced(side, i);
            // Too far from the row to count on: the opponent has time to come across.
            if rows > 3 {
                return false;
            }
            let (mut front, mut cone) = (1u64 << bit, 0u64);
            for _ in 0..rows {
                front = forward(side)
                    .into_iter()
                    .fold(0, |next, direction| next | shift(front, direction));
                cone |= front;
            }
            cone & enemy == 0 && cone & SQUARES != 0
        })
        .count() as u32
}

/// One side's score.
fn side_score(game: &Draughts, side: Side, params: &Params) -> i32 {
    let pieces = game.pieces(side);
    let kings = pieces & game.kings();
    let men = pieces & !kings;
    let count = |set: u64| set.count_ones() as i32;
    let advance: i32 = arbiter_core::Bits(men)
        .map(|bit| advanced(side, index_of(u32::from(bit))))
        .sum();
    params.man * count(men)
        + params.king * count(kings)
        + params.advance * advance
        + params.centre * count(men & CENTRE)
        + params.back_rank * count(men & GUARDS[side.index()])
        + params.runaway * runaways(game, side) as i32
}

/// The position's value for the side to move (higher is better).
#[must_use]
pub fn evaluate(game: &Draughts, params: &Params) -> i32 {
    let us = game.side_to_move();
    side_score(game, us, params) - side_score(game, us.opponent(), params) + params.tempo
}

/// A cheap move-ordering hint, higher first: captures by the pieces taken, then crowning
/// steps, then other steps.
#[must_use]
pub fn order_hint(game: &Draughts, mv: Move) -> i32 {
    if mv.captured != 0 {
        return 10 + mv.captured.count_ones() as i32;
    }
    let crowns = game.kings() & square(usize::from(mv.from)) == 0
        && crate::board::promotion_row(game.side_to_move()) & square(usize::from(mv.to)) != 0;
    i32::from(crowns)
}

/// SplitMix64's finaliser, a bijection: the board words and counts mixed into the key do
/// not cancel each other.
const fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The evaluator the searchers use: `evaluate` and `order_hint` with the weights of
/// `params.yaml`, history by (from, to), captures in quiescence, the history-aware key.
#[derive(Clone, Debug, PartialEq)]
pub struct DraughtsEval {
    params: Params,
}

arbiter_search::evaluator_from!(DraughtsEval, Params);

impl DraughtsEval {
    /// An evaluator with these weights.
    #[must_use]
    pub fn new(params: Params) -> DraughtsEval {
        DraughtsEval { params }
    }
}

impl Evaluator<Draughts> for DraughtsEval {
    fn evaluate(&self, game: &Draughts) -> i32 {
        evaluate(game, &self.params)
    }

    fn move_order_hint(&self, game: &Draughts, mv: Move) -> i32 {
        order_hint(game, mv)
    }

    fn history_slots(&self) -> usize {
        SQUARE_COUNT * SQUARE_COUNT
    }

    fn history_slot(&self, mv: Move) -> usize {
        usize::from(mv.from) * SQUARE_COUNT + usize::from(mv.to)
    }

    fn table_key(&self, game: &Draughts) -> u64 {
        let variant = game.variant();
        let mut key = game.hash();
        if variant.king_moves.is_some() {
            key ^= mix(0x6B69_6E67 ^ u64::from(game.king_plies()));
        }
        if variant.endgame_rule {
            key ^= mix(0x656E_6467 ^ u64::from(game.endgame_plies()));
        }
        if variant.repetition.is_some() {
            // The earlier boards since progress, in order (their sides to move follow).
            let boards = game.boards_since_progress();
            let earlier = &boards[..boards.len() - 1];
            let seen = earlier.iter().fold(0x7265_7065u64, |seen, board| {
                mix(seen ^ mix(board[0]) ^ mix(board[1].rotate_left(21)) ^ board[2])
            });
            key ^= mix(seen);
        }
        key
    }

    fn quiescence_moves(&mut self, game: &Draughts, moves: &mut Vec<Move>) -> Quiescence {
        if !game.must_capture() {
            moves.clear();
            return Quiescence::Evaluate;
        }
        game.generate_moves(moves);
        Quiescence::MustMove
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_laws::Fixture;

    #[test]
    fn the_start_is_even_but_for_the_tempo() {
        let start = Draughts::start(&crate::DraughtsVariant::default());
        assert_eq!(
            evaluate(&start, &Params::default()),
            Params::default().tempo
        );
    }

    #[test]
    fn a_king_is_worth_about_three_men() {
        let params = Params::default();
        let king = evaluate(&Draughts::position_of("W:WK28:B12,13,14"), &params);
        assert!(king.abs() < params.man, "{king}");
    }

    #[test]
    fn a_free_man_near_the_row_is_a_runaway() {
        // White 16 has 11 and 6/7 ahead, all empty; black's men are far away on the right.
        let game = Draughts::position_of("W:W16:B15,20");
        assert_eq!(runaways(&game, Side::First), 1);
        // With a black man on 11 in the way it is not.
        let game = Draughts::position_of("W:W16:B11,20");
        assert_eq!(runaways(&game, Side::First), 0);
    }
}
