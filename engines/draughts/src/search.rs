//! [`Searchable`] for draughts: alpha-beta (and MCTS) with the material-and-structure
//! evaluator ([`DraughtsEval`]), a capture quiescence and a table key that keeps the
//! transposition table sound under the draw rules.
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

use arbiter_core::Game;
use arbiter_search::{Evaluator, Quiescence, Searchable};

use crate::board::SQUARE_COUNT;
use crate::eval::{Params, evaluate, order_hint};
use crate::notation::Move;
use crate::rules::Draughts;

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

    fn quiescence_moves(&mut self, game: &Draughts, moves: &mut Vec<Move>) -> Quiescence {
        if !game.must_capture() {
            moves.clear();
            return Quiescence::Evaluate;
        }
        game.generate_moves(moves);
        Quiescence::MustMove
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
}

impl Searchable for Draughts {
    const PARAMS_PATH: &'static str = "engines/draughts/params.yaml";
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    type Weights = Params;
    type Evaluator = DraughtsEval;

    /// Alpha-beta and MCTS; there is no exact solver.
    fn evaluator(weights: Params) -> DraughtsEval {
        DraughtsEval::new(weights)
    }
}
