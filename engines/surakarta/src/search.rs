//! [`Searchable`] for Surakarta: alpha-beta and MCTS with the material-and-threats evaluator,
//! run on a [`SearchView`] whose hash makes the transposition table sound.
//!
//! **Why a view.** The search's transposition table keys on [`Game::hash`] alone, but a
//! Surakarta position's value depends on more than its board: the repetition rule draws on the
//! n-th occurrence of a board in the game (so it depends on the positions already seen), and
//! the no-capture limit on the plies since the last capture. The rules' hash stays what the
//! core contract says — the board and the side to move, as repetition tables everywhere use
//! it — and the search runs on a thin wrapper whose [`Game::hash`] adds exactly the history that
//! can still matter:
//! - the plies since the last capture, when a no-capture limit is in force;
//! - the multiset of positions since the last capture (a wrapping sum of their mixed hashes),
//!   when a repetition rule is in force. Positions before a capture can never recur (a capture
//!   lowers the piece count for good), so a capture empties the multiset.
//!
//! Two nodes with the same key then have the same future under the rules, and a table hit is
//! sound (up to hash collisions). The price is fewer transpositions: quiet move orders that pass
//! through different intermediate positions no longer meet. Iterative deepening still finds its
//! own earlier entries, which is what move ordering needs.

use arbiter_core::{
    FinalScore, Game, IllegalMove, NotationError, Outcome, PerftConvention, SetupProblem, Side,
};
use arbiter_search::{
    Algorithm, EngineParams, Evaluator, Report, SearchError, SearchRequest, Searchable,
    parse_params, run_heuristic,
};

use crate::eval::Params;
use crate::notation::Move;
use crate::position::{Surakarta, Undo, board_hash};
use crate::setup::SurakartaSetup;
use crate::variant::SurakartaVariant;

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

/// A Surakarta position for the searchers: the rules' position plus the running sum of the
/// mixed hashes of the earlier positions since the last capture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchView {
    position: Surakarta,
    /// Wrapping sum of `mix(hash)` over the positions since the last capture, the current one
    /// excluded.
    seen: u64,
}

impl SearchView {
    /// The view of `position`, its history included.
    #[must_use]
    pub fn new(position: Surakarta) -> SearchView {
        let seen = Self::seen_from_scratch(&position);
        SearchView { position, seen }
    }

    /// The rules' position.
    #[must_use]
    pub fn position(&self) -> &Surakarta {
        &self.position
    }

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

    /// The search key from the rules' hash and the running sum.
    fn key(&self, seen: u64) -> u64 {
        let variant = self.position.variant;
        let mut key = self.position.hash;
        if variant.no_capture_limit.is_some() {
            key ^= mix(COUNTER_SALT ^ u64::from(self.position.no_capture_plies));
        }
        if variant.repetition.is_some() {
            key ^= mix(HISTORY_SALT ^ seen);
        }
        key
    }
}

impl Game for SearchView {
    type Move = Move;
    type Variant = SurakartaVariant;
    /// The rules' undo and the running sum before the move.
    type Undo = (Undo, u64);
    type Setup = SurakartaSetup;

    const NAME: &'static str = Surakarta::NAME;
    const SIDE_NAMES: [&'static str; 2] = Surakarta::SIDE_NAMES;

    fn start(variant: &SurakartaVariant) -> SearchView {
        SearchView::new(Surakarta::start(variant))
    }

    fn variant(&self) -> &SurakartaVariant {
        self.position.variant()
    }

    fn side_to_move(&self) -> Side {
        self.position.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        self.position.generate_moves(moves);
    }

    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        self.position.check_move(mv)
    }

    fn make(&mut self, mv: Move) -> (Undo, u64) {
        let before = self.seen;
        self.seen = if mv.capture {
            0
        } else {
            self.seen.wrapping_add(mix(self.position.hash))
        };
        (self.position.make(mv), before)
    }

    fn unmake(&mut self, mv: Move, (undo, seen): (Undo, u64)) {
        self.position.unmake(mv, undo);
        self.seen = seen;
    }

    fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    fn hash(&self) -> u64 {
        self.key(self.seen)
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut from_scratch = self.clone();
        from_scratch.position.hash = self.position.hash_from_scratch();
        from_scratch.key(Self::seen_from_scratch(&self.position))
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        self.position.parse_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        self.position.format_move(mv)
    }

    fn parse_position(
        variant: &SurakartaVariant,
        text: &str,
    ) -> Result<SurakartaSetup, NotationError> {
        Surakarta::parse_position(variant, text)
    }

    fn parse_diagram(
        variant: &SurakartaVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<SurakartaSetup, NotationError> {
        Surakarta::parse_diagram(variant, diagram, to_move)
    }

    fn from_setup(
        variant: &SurakartaVariant,
        setup: &SurakartaSetup,
    ) -> Result<SearchView, Vec<SetupProblem>> {
        <Surakarta as Game>::from_setup(variant, setup).map(SearchView::new)
    }

    fn format_position(&self) -> String {
        self.position.format_position()
    }

    fn diagram(&self) -> String {
        self.position.diagram()
    }

    fn perft(&mut self, depth: u32, convention: PerftConvention) -> u64 {
        self.position.perft(depth, convention)
    }

    fn final_score(&self) -> Option<FinalScore> {
        self.position.final_score()
    }
}

/// The evaluator sees the rules' position through the view.
impl Evaluator<SearchView> for Params {
    fn evaluate(&self, game: &SearchView) -> i32 {
        Evaluator::<Surakarta>::evaluate(self, &game.position)
    }

    fn move_order_hint(&self, game: &SearchView, mv: Move) -> i32 {
        Evaluator::<Surakarta>::move_order_hint(self, &game.position, mv)
    }

    fn history_slots(&self) -> usize {
        Evaluator::<Surakarta>::history_slots(self)
    }

    fn history_slot(&self, mv: Move) -> usize {
        Evaluator::<Surakarta>::history_slot(self, mv)
    }
}

impl Searchable for Surakarta {
    const PARAMS_PATH: &'static str = "engines/surakarta/params.yaml";
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");

    /// Alpha-beta and MCTS on the [`SearchView`] of this position (its history included);
    /// there is no exact solver ([`Algorithm::Solve`] is [`SearchError::Unsupported`]).
    fn search(
        &self,
        request: SearchRequest,
        params_yaml: &str,
    ) -> Result<Report<Move>, SearchError> {
        let params: EngineParams<Params> = parse_params(Self::PARAMS_PATH, params_yaml)?;
        if request.algorithm == Algorithm::Solve {
            return Err(SearchError::Unsupported(
                "surakarta has no exact solver".to_owned(),
            ));
        }
        run_heuristic(
            &SearchView::new(self.clone()),
            request,
            params.eval,
            &params.search,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_search::{Budget, Verdict};
    use proptest::prelude::*;

    fn view(rule: &str, text: &str) -> SearchView {
        let variant: SurakartaVariant = rule.parse().unwrap();
        let setup = Surakarta::parse_position(&variant, text).unwrap();
        SearchView::new(Surakarta::from_setup(variant, &setup).unwrap())
    }

    fn request(algorithm: Algorithm, budget: Budget) -> SearchRequest {
        SearchRequest { algorithm, budget }
    }

    #[test]
    fn the_shipped_params_parse() {
        let params: EngineParams<Params> =
            parse_params(Surakarta::PARAMS_PATH, Surakarta::PARAMS_YAML).unwrap();
        assert_eq!(params.eval, Params::default());
    }

    #[test]
    fn solve_is_unsupported() {
        let start = Surakarta::new(SurakartaVariant::default());
        let error = start
            .search(
                request(Algorithm::Solve, Budget::Nodes(10)),
                Surakarta::PARAMS_YAML,
            )
            .unwrap_err();
        assert!(matches!(error, SearchError::Unsupported(_)), "{error}");
    }

    #[test]
    fn searches_are_deterministic_and_legal() {
        let start = Surakarta::new(SurakartaVariant::default());
        for (algorithm, budget) in [
            (Algorithm::AlphaBeta, Budget::Nodes(20_000)),
            (Algorithm::Mcts, Budget::Nodes(2_000)),
        ] {
            let first = start
                .search(request(algorithm, budget), Surakarta::PARAMS_YAML)
                .unwrap();
            let again = start
                .search(request(algorithm, budget), Surakarta::PARAMS_YAML)
                .unwrap();
            assert_eq!(first, again, "{algorithm}");
            let best = first.result.best.expect("a move from the start");
            assert_eq!(start.check_move(best), Ok(()), "{algorithm}");
        }
    }

    #[test]
    fn takes_the_last_piece() {
        // Red b1 takes black's only piece c2 through the bottom-left inner loop.
        let game = view("standard", "6/6/6/6/2B3/1R4 red").position;
        let report = game
            .search(
                request(Algorithm::AlphaBeta, Budget::Depth(3)),
                Surakarta::PARAMS_YAML,
            )
            .unwrap();
        assert_eq!(
            report.result.best.map(|mv| game.format_move(mv)),
            Some("b1xc2".to_owned())
        );
        assert_eq!(report.proven.map(|p| p.verdict), Some(Verdict::Win));
    }

    #[test]
    fn the_key_tells_apart_what_the_rules_tell_apart() {
        // The same board after different numbers of quiet plies.
        let fresh = view("standard", "6/6/6/6/2B3/1R4 red 0");
        let later = view("standard", "6/6/6/6/2B3/1R4 red 7");
        assert_eq!(fresh.position.hash(), later.position.hash());
        assert_ne!(fresh.hash(), later.hash());
        // Without a limit the counter does not matter.
        let fresh = view("no-limit", "6/6/6/6/2B3/1R4 red 0");
        let later = view("no-limit", "6/6/6/6/2B3/1R4 red 7");
        assert_eq!(fresh.hash(), later.hash());
        // The same board and counter, once fresh and once on its second occurrence.
        let mut walked = view("no-limit", "B5/6/6/6/6/R5 red");
        let start_key = walked.hash();
        for text in ["a1-b1", "a6-b6", "b1-a1", "b6-a6"] {
            let mv = walked.parse_move(text).unwrap();
            walked.make(mv);
        }
        assert_eq!(
            walked.position.hash(),
            view("no-limit", "B5/6/6/6/6/R5 red").position.hash()
        );
        assert_ne!(walked.hash(), start_key);
        // Without a repetition rule the path does not matter.
        let mut walked = view("no-repetition+no-limit", "B5/6/6/6/6/R5 red");
        let start_key = walked.hash();
        for text in ["a1-b1", "a6-b6", "b1-a1", "b6-a6"] {
            let mv = walked.parse_move(text).unwrap();
            walked.make(mv);
        }
        assert_eq!(walked.hash(), start_key);
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

        /// The running key equals the key from scratch, and unmake restores the view.
        #[test]
        fn key_is_incremental_and_unmake_restores(
            rule in rules(),
            choices in prop::collection::vec(any::<u16>(), 0..100),
        ) {
            let mut game = SearchView::start(&rule.parse().unwrap());
            let mut moves = Vec::new();
            for choice in choices {
                game.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[usize::from(choice) % moves.len()];
                let before = game.clone();
                let undo = game.make(mv);
                prop_assert_eq!(game.hash(), game.hash_from_scratch());
                let mut back = game.clone();
                back.unmake(mv, undo);
                prop_assert_eq!(&back, &before);
                prop_assert_eq!(back.hash(), before.hash());
            }
        }
    }
}
