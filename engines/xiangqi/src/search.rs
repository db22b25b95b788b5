//! [`Searchable`] for xiangqi: alpha-beta with a quiescence search and check extensions, the
//! evaluation of [`crate::eval`], most-valuable-victim ordering, and a table key that keeps
//! the transposition table sound under the path-dependent rulings.
//!
//! **Quiescence** ([`Evaluator::quiescence_moves`]): below the horizon the side to move may
//! stand pat or capture; in check it must move, and every evasion is searched (a mate at the
//! horizon is then seen). **Extensions** ([`Evaluator::extends`]): a position in check is
//! searched a ply deeper. **Ordering** ([`Evaluator::move_order_hint`]): captures first, the
//! most valuable victim first and among equal victims the least valuable attacker (MVV-LVA).
//!
//! **Why a key of its own.** The repetition rulings judge the moves of a cycle, so the value
//! of a position depends on the positions since the last capture and on their order (whether
//! each move of the cycle checked or chased), and the natural-move limit on the count of
//! those plies. The rules' hash stays the board and the side to move; [`XiangqiEval`] keys the
//! table on the hash, an order-dependent chain of the hashes of the positions since the last
//! capture (when a repetition rule is in force), and the count of plies since the last capture
//! (when a limit is). Two nodes with one key then have one future under the rules (up to
//! collisions). A capture starts a new chain, so positions after equal captures still meet;
//! quiet move orders no longer transpose, which iterative deepening does not need.

use arbiter_search::{Evaluator, Quiescence, Searchable};

use crate::board::Move;
use crate::board::{EMPTY, kind_of};
use crate::eval::{Params, Tables, evaluate};
use crate::rules::Xiangqi;
use arbiter_core::{Game, zobrist};

/// A well-mixed image of `x` (one SplitMix64 step, the core's Zobrist generator), so that
/// chains of different orders differ.
fn mix(x: u64) -> u64 {
    zobrist::splitmix64(x).1
}

/// Salts that keep the parts of the key apart: the counter's, the chain's.
const SALTS: [u64; 2] = [0x7175_6965_742D_706C, 0x6379_636C_652D_6B65];

/// The evaluator the searchers use, with the path-aware table key.
#[derive(Clone, Debug, PartialEq)]
pub struct XiangqiEval {
    params: Params,
    /// The evaluation's tables, built from `params`.
    tables: Tables,
    /// The chain of the positions since the last capture, the current one excluded.
    chain: u64,
    /// `chain` before each move made, for unmake.
    stack: Vec<u64>,
}

impl XiangqiEval {
    /// An evaluator with these weights.
    #[must_use]
    pub fn new(params: Params) -> XiangqiEval {
        XiangqiEval {
            tables: Tables::new(&params),
            params,
            chain: 0,
            stack: Vec::new(),
        }
    }

    /// One step of the chain: the position with hash `hash` joins it.
    fn link(chain: u64, hash: u64) -> u64 {
        mix(chain ^ mix(hash))
    }

    /// The chain from the position's own record of plies.
    fn chain_from_scratch(position: &Xiangqi) -> u64 {
        let past = position.past();
        let since_capture = (position.quiet_plies() as usize).min(past.len());
        past[past.len() - since_capture..]
            .iter()
            .fold(0, |chain, ply| Self::link(chain, ply.hash))
    }

    /// The key from the rules' hash, the plies since the capture and the chain.
    fn key(position: &Xiangqi, chain: u64) -> u64 {
        let variant = position.variant();
        let mut key = position.hash();
        if variant.move_limit.is_some() {
            key ^= mix(SALTS[0] ^ u64::from(position.quiet_plies()));
        }
        if variant.repetition.is_some() {
            key ^= mix(SALTS[1] ^ chain);
        }
        key
    }

    /// The MVV-LVA class of a capture, 0 for a quiet move.
    fn capture_class(&self, game: &Xiangqi, mv: Move) -> i32 {
        let victim = game.board().at(mv.to);
        if victim == EMPTY {
            return 0;
        }
        let attacker = kind_of(game.board().at(mv.from));
        // Victims in units of 10 pawns outrank any difference of attackers.
        1 + self.params.value(kind_of(victim)) * 16 - self.params.value(attacker) / 10
    }
}

impl Evaluator<Xiangqi> for XiangqiEval {
    fn evaluate(&self, game: &Xiangqi) -> i32 {
        evaluate(game, &self.tables)
    }

    fn move_order_hint(&self, game: &Xiangqi, mv: Move) -> i32 {
        self.capture_class(game, mv)
    }

    fn history_slots(&self) -> usize {
        crate::board::POINTS * crate::board::POINTS
    }

    fn history_slot(&self, mv: Move) -> usize {
        usize::from(mv.from) * crate::board::POINTS + usize::from(mv.to)
    }

    fn begin(&mut self, root: &Xiangqi) {
        self.chain = Self::chain_from_scratch(root);
        self.stack.clear();
    }

    fn table_key(&self, game: &Xiangqi) -> u64 {
        Self::key(game, self.chain)
    }

    fn quiescence_moves(&mut self, game: &Xiangqi, moves: &mut Vec<Move>) -> Quiescence {
        if game.in_check() {
            game.generate_moves(moves);
            return Quiescence::MustMove;
        }
        moves.clear();
        let us = game.side_to_move();
        game.board().legal_captures(us, false, |mv| moves.push(mv));
        Quiescence::StandPatOr
    }

    fn extends(&self, game: &Xiangqi) -> bool {
        game.in_check()
    }

    fn make(&mut self, game: &mut Xiangqi, mv: Move) {
        self.stack.push(self.chain);
        let capture = game.board().at(mv.to) != EMPTY;
        self.chain = if capture {
            0
        } else {
            Self::link(self.chain, game.hash())
        };
        game.make(mv);
    }

    fn unmake(&mut self, game: &mut Xiangqi, mv: Move, (): ()) {
        game.unmake(mv, ());
        self.chain = self.stack.pop().unwrap_or(0);
    }
}

arbiter_search::evaluator_from!(XiangqiEval, Params);

/// Alpha-beta (with quiescence and check extensions) and MCTS; no exact solver.
impl Searchable for Xiangqi {
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    type Evaluator = XiangqiEval;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::XiangqiVariant;
    use arbiter_laws::Fixture;
    use arbiter_laws::SearchLaws;
    use arbiter_search::{Algorithm, Budget, ProvenResult, SearchRequest};
    use proptest::prelude::*;

    fn search(game: &Xiangqi, budget: Budget) -> arbiter_search::Report<Move> {
        game.search(
            SearchRequest {
                algorithm: Algorithm::AlphaBeta,
                budget,
            },
            Xiangqi::PARAMS_YAML,
        )
        .unwrap()
    }

    /// The `Searchable` laws (arbiter-laws).
    #[test]
    fn search_laws() {
        SearchLaws::<Xiangqi>::starts(&["standard"])
            .position("standard", "3k5/9/9/9/9/9/9/9/4R4/5K3 w")
            .nodes(20_000)
            .mcts_iterations(500)
            // The weights in code are the shipped file's.
            .shipped_params_are_default()
            .check();
    }

    #[test]
    fn mates_in_one_with_the_rook() {
        // The rook on b8 holds rank 8 and the red general holds file e (the generals may not
        // face), so a0a9 along rank 9 or a0d0 along file d leaves the black general on d9 no
        // point; black's pawn on i6 keeps it from being stalemated by any other move.
        let game = Xiangqi::position("standard", "3k5/1R7/9/8p/9/9/9/9/9/R3K4 w");
        let report = search(&game, Budget::Depth(3));
        let best = report.result.best.map(|mv| game.format_move(mv));
        assert!(matches!(best.as_deref(), Some("a0a9" | "a0d0")), "{best:?}");
        assert_eq!(report.result.depth, 1);
        assert_eq!(report.proven.map(|p| p.verdict), Some(ProvenResult::Win));
    }

    #[test]
    fn the_key_tells_apart_what_the_rulings_tell_apart() {
        let start = Xiangqi::position("standard", "3k5/9/9/9/9/9/9/9/9/R3K4 w");
        let (game, fresh, key) = there_and_back(&start);
        assert_eq!(game.hash(), start.hash());
        assert_ne!(key, fresh);
        assert_eq!(
            key,
            XiangqiEval::key(&game, XiangqiEval::chain_from_scratch(&game))
        );
        // Without the rulings the path does not matter.
        let plain = Xiangqi::position("no-repetition+no-limit", "3k5/9/9/9/9/9/9/9/9/R3K4 w");
        let (_, fresh, key) = there_and_back(&plain);
        assert_eq!(key, fresh);
    }

    /// The rook and the general there and back from `start` through the evaluator's `make`:
    /// the position reached, the table key at the start and the key at the end.
    fn there_and_back(start: &Xiangqi) -> (Xiangqi, u64, u64) {
        let mut game = start.clone();
        let mut eval = XiangqiEval::new(Params::default());
        eval.begin(&game);
        let fresh = eval.table_key(&game);
        for text in ["a0a1", "d9d8", "a1a0", "d8d9"] {
            let mv = game.parse_move(text).unwrap();
            eval.make(&mut game, mv);
        }
        let key = eval.table_key(&game);
        (game, fresh, key)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

        /// The running key equals the key from scratch, and unmake restores it, along a
        /// random game (the law kit's playout).
        #[test]
        fn key_is_incremental_and_unmake_restores(choices in prop::collection::vec(any::<u32>(), 0..80)) {
            let start = Xiangqi::start(&XiangqiVariant::default());
            let (_, line) = arbiter_laws::playout(start.clone(), &choices);
            let mut eval = XiangqiEval::new(Params::default());
            eval.begin(&start);
            let mut game = start;
            for mv in line {
                let key_before = eval.table_key(&game);
                let before = game.clone();
                eval.make(&mut game, mv);
                let scratch = XiangqiEval::key(&game, XiangqiEval::chain_from_scratch(&game));
                prop_assert_eq!(eval.table_key(&game), scratch);
                let (mut back, mut back_eval) = (game.clone(), eval.clone());
                back_eval.unmake(&mut back, mv, ());
                prop_assert_eq!(back_eval.table_key(&back), key_before);
                prop_assert_eq!(back, before);
            }
        }
    }
}
