//! [`Searchable`] for Surakarta: alpha-beta and MCTS with the material-and-threats evaluator
//! ([`SurakartaEval`]), whose table key makes the transposition table sound.
//!
//! **Why a key of its own.** A Surakarta position's value depends on more than its board: the
//! repetition rule draws on the n-th occurrence of a board in the game (so it depends on the
//! positions already seen), and the no-capture limit on the plies since the last capture. The
//! rules' hash stays what the core contract says — the board and the side to move, as
//! repetition tables everywhere use it — and the evaluator's [`Evaluator::table_key`] adds
//! exactly the history that can still matter:
//! - the plies since the last capture, when a no-capture limit is in force;
//! - the multiset of positions since the last capture (a wrapping sum of their mixed hashes),
//!   when a repetition rule is in force. Positions before a capture can never recur (a capture
//!   lowers the piece count for good), so a capture empties the multiset.
//!
//! Two nodes with the same key then have the same future under the rules, and a table hit is
//! sound (up to hash collisions). The sum is kept by the make/unmake hooks, as a chess engine
//! keeps its repetition stack in the search. The price is fewer transpositions: quiet move
//! orders that pass through different intermediate positions no longer meet. Iterative
//! deepening still finds its own earlier entries, which is what move ordering needs.

use arbiter_core::Game;
#[cfg(doc)]
use arbiter_search::{Algorithm, SearchError};
use arbiter_search::{Evaluator, Searchable};

use crate::board::POINTS;
use crate::eval::{Params, evaluate, order_hint};
use crate::notation::Move;
use crate::rules::{Surakarta, Undo, board_hash};
#[cfg(test)]
use crate::variant::SurakartaVariant;
#[cfg(test)]
use arbiter_search::SearchError;

/// A bijective 64-bit mixer (SplitMix64's finaliser): sums of mixed hashes do not cancel the
/// way sums of raw Zobrist keys could.
const fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Salts that keep the counter and the history parts of the key apart.
const COUNTER_SALT: u64 = 0x6E6F_2D63_6170_7475;
const HISTORY_SALT: u64 = 0x7265_7065_7469_7469;

/// The evaluator the searchers use: `evaluate` and `order_hint` with the weights of
/// `params.yaml`, history by (from, to), and the history-aware table key.
#[derive(Clone, Debug, PartialEq)]
pub struct SurakartaEval {
    params: Params,
    /// Wrapping sum of `mix(hash)` over the positions since the last capture, the current one
    /// excluded.
    seen: u64,
    /// `seen` before each move made, for unmake.
    stack: Vec<u64>,
}

impl SurakartaEval {
    /// An evaluator with these weights.
    #[must_use]
    pub fn new(params: Params) -> SurakartaEval {
        SurakartaEval {
            params,
            seen: 0,
            stack: Vec::new(),
        }
    }

    /// The sum of the positions since the last capture, from the position's own history.
    fn seen_from_scratch(position: &Surakarta) -> u64 {
        let boards = position.boards_since_capture();
        let earlier = boards.len() - 1;
        boards[..earlier]
            .iter()
            .enumerate()
            .map(|(i, &board)| {
                // Sides to move alternate backwards from the current position.
                let to_move = if (earlier - i).is_multiple_of(2) {
                    position.to_move
                } else {
                    position.to_move.opponent()
                };
                mix(board_hash(board, to_move))
            })
            .fold(0, u64::wrapping_add)
    }

    /// The search key from the rules' hash `hash`, the counter and the running sum `seen`.
    fn key(position: &Surakarta, hash: u64, seen: u64) -> u64 {
        let variant = position.variant;
        let mut key = hash;
        if variant.no_capture_limit.is_some() {
            key ^= mix(COUNTER_SALT ^ u64::from(position.no_capture_plies));
        }
        if variant.repetition.is_some() {
            key ^= mix(HISTORY_SALT ^ seen);
        }
        key
    }

    /// The key [`Evaluator::table_key`] gives, computed from the position alone (the tests
    /// compare the two).
    #[cfg(test)]
    fn key_from_scratch(position: &Surakarta) -> u64 {
        Self::key(
            position,
            position.hash_from_scratch(),
            Self::seen_from_scratch(position),
        )
    }
}

arbiter_search::evaluator_from!(SurakartaEval, Params);

impl Evaluator<Surakarta> for SurakartaEval {
    fn evaluate(&self, game: &Surakarta) -> i32 {
        evaluate(game, &self.params)
    }

    fn move_order_hint(&self, _: &Surakarta, mv: Move) -> i32 {
        order_hint(mv)
    }

    fn history_slots(&self) -> usize {
        POINTS * POINTS
    }

    fn history_slot(&self, mv: Move) -> usize {
        usize::from(mv.from) * POINTS + usize::from(mv.to)
    }

    fn begin(&mut self, root: &Surakarta) {
        self.seen = Self::seen_from_scratch(root);
        self.stack.clear();
    }

    fn table_key(&self, game: &Surakarta) -> u64 {
        Self::key(game, game.hash, self.seen)
    }

    fn make(&mut self, game: &mut Surakarta, mv: Move) -> Undo {
        self.stack.push(self.seen);
        self.seen = if mv.capture {
            0
        } else {
            self.seen.wrapping_add(mix(game.hash))
        };
        game.make(mv)
    }

    fn unmake(&mut self, game: &mut Surakarta, mv: Move, undo: Undo) {
        game.unmake(mv, undo);
        self.seen = self.stack.pop().unwrap_or(0);
    }
}

impl Searchable for Surakarta {
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    /// Alpha-beta and MCTS; there is no exact solver ([`Algorithm::Solve`] is
    /// [`SearchError::Unsupported`]).
    type Evaluator = SurakartaEval;
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_laws::{Fixture, SearchLaws, search};
    use arbiter_search::{Algorithm, Budget, ProvenResult};
    use proptest::prelude::*;

    /// An evaluator that has begun a search at `root`.
    fn begun(root: &Surakarta) -> SurakartaEval {
        let mut eval = SurakartaEval::new(Params::default());
        eval.begin(root);
        eval
    }

    /// The table key at the end of `moves` played through the evaluator from `root`.
    fn key_after(root: &Surakarta, moves: &[&str]) -> (u64, Surakarta) {
        let mut game = root.clone();
        let mut eval = begun(root);
        for text in moves {
            let mv = game.parse_move(text).unwrap();
            eval.make(&mut game, mv);
        }
        (eval.table_key(&game), game)
    }

    #[test]
    fn solve_is_unsupported() {
        let start = Surakarta::start(&SurakartaVariant::default());
        let error = search(&start, Algorithm::Solve, Budget::Nodes(10)).unwrap_err();
        assert!(matches!(error, SearchError::Unsupported(_)), "{error}");
    }

    /// The `Searchable` laws (arbiter-laws).
    #[test]
    fn search_laws() {
        SearchLaws::<Surakarta>::starts(&["standard"])
            .position("standard", "1B4/6/6/R5/6/6 red 20")
            .nodes(20_000)
            .mcts_iterations(2_000)
            .shipped_params_are_default()
            .check();
    }

    #[test]
    fn takes_the_last_piece() {
        // Red b1 takes black's only piece c2 through the bottom-left inner loop.
        let game = Surakarta::position("standard", "6/6/6/6/2B3/1R4 red");
        let report = search(&game, Algorithm::AlphaBeta, Budget::Depth(3)).unwrap();
        assert_eq!(
            report.result.best.map(|mv| game.format_move(mv)),
            Some("b1xc2".to_owned())
        );
        assert_eq!(report.proven.map(|p| p.verdict), Some(ProvenResult::Win));
    }

    #[test]
    fn the_key_tells_apart_what_the_rules_tell_apart() {
        // The same board after different numbers of quiet plies.
        let fresh = Surakarta::position("standard", "6/6/6/6/2B3/1R4 red 0");
        let later = Surakarta::position("standard", "6/6/6/6/2B3/1R4 red 7");
        assert_eq!(fresh.hash(), later.hash());
        assert_ne!(key_after(&fresh, &[]).0, key_after(&later, &[]).0);
        // Without a limit the counter does not matter.
        let fresh = Surakarta::position("no-limit", "6/6/6/6/2B3/1R4 red 0");
        let later = Surakarta::position("no-limit", "6/6/6/6/2B3/1R4 red 7");
        assert_eq!(key_after(&fresh, &[]).0, key_after(&later, &[]).0);
        // The same board and counter, once fresh and once on its second occurrence.
        let there_and_back = ["a1-b1", "a6-b6", "b1-a1", "b6-a6"];
        let start = Surakarta::position("no-limit", "B5/6/6/6/6/R5 red");
        let (walked_key, walked) = key_after(&start, &there_and_back);
        assert_eq!(walked.hash(), start.hash());
        assert_ne!(walked_key, key_after(&start, &[]).0);
        // Without a repetition rule the path does not matter.
        let start = Surakarta::position("no-repetition+no-limit", "B5/6/6/6/6/R5 red");
        assert_eq!(
            key_after(&start, &there_and_back).0,
            key_after(&start, &[]).0
        );
    }

    fn rules() -> impl Strategy<Value = &'static str> {
        prop_oneof![
            Just("standard"),
            Just("no-limit"),
            Just("no-repetition"),
            Just("repetition-2+limit-12")
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// The running key equals the key from scratch, and unmake restores it.
        #[test]
        fn key_is_incremental_and_unmake_restores(
            rule in rules(),
            choices in prop::collection::vec(any::<u16>(), 0..100),
        ) {
            let mut game = Surakarta::start(&rule.parse().unwrap());
            let mut eval = begun(&game);
            let mut moves = Vec::new();
            for choice in choices {
                let Some(mv) = arbiter_laws::pick(&game, &mut moves, usize::from(choice)) else {
                    break;
                };
                let (before, key_before) = (game.clone(), eval.table_key(&game));
                let undo = eval.make(&mut game, mv);
                prop_assert_eq!(eval.table_key(&game), SurakartaEval::key_from_scratch(&game));
                let mut back = game.clone();
                let mut back_eval = eval.clone();
                back_eval.unmake(&mut back, mv, undo);
                prop_assert_eq!(&back, &before);
                prop_assert_eq!(back_eval.table_key(&back), key_before);
            }
        }
    }
}
