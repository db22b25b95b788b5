//! [`Searchable`] for Go: MCTS with the playout policy and the count of [`GoEval`],
//! alpha-beta with the same count (a weak searcher for Go, kept for the common contract), and
//! the exact solver for small boards ([`crate::solve`]).
//!
//! What a report proves: the solver's score always (the exact area margin, with the
//! verdict); an alpha-beta or MCTS score only when it is a win or loss by distance, every
//! line the search kept ending the game.

use arbiter_search::{Algorithm, Budget, ParamsOf, Report, SearchError, Searchable};

use crate::eval::GoEval;
use crate::notation::GoMove;
use crate::rules::Go;

impl Searchable for Go {
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    /// MCTS with the playout policy: alpha-beta on the count plays Go weakly.
    const PLAYS_WITH: Algorithm = Algorithm::Mcts;
    /// The count and the playout policy ([`GoEval`]), with the weights of `eval:`.
    type Evaluator = GoEval;

    /// Proves the area score by Benson bounds (module `solve`): small boards and settled
    /// positions.
    fn solve(&self, budget: Budget, params: &ParamsOf<Go>) -> Result<Report<GoMove>, SearchError> {
        crate::solve::solve(self, budget, params.search.tt_size_mb)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Game;
    use arbiter_search::{Algorithm, ProvenResult, SearchRequest};

    fn solve(variant: &str, moves: &str) -> Report<GoMove> {
        let mut game = Go::new(variant.parse().unwrap());
        for text in moves.split_whitespace() {
            let mv = game.parse_move(text).unwrap();
            game.play(mv).unwrap();
        }
        let request = SearchRequest {
            algorithm: Algorithm::Solve,
            budget: Budget::Nodes(2_000_000),
        };
        game.search(request, Go::PARAMS_YAML).unwrap()
    }

    /// 2x2 under positional superko: black wins by 1 (Bill Taylor's proof, Sensei's Library
    /// "2x2 board"); 3x3: black b2 takes the whole board (Ted Drange's mini-go table,
    /// mathpuzzle.com/go: 3x3 = 9).
    #[test]
    fn the_solver_proves_the_smallest_boards() {
        let two = solve("tromp-taylor@2,komi=0", "");
        assert_eq!(
            two.proven.map(|p| (p.verdict, p.margin)),
            Some((ProvenResult::Win, Some(1)))
        );
        let three = solve("tromp-taylor@3,komi=0", "");
        assert_eq!(three.proven.map(|p| p.margin), Some(Some(9)));
        assert_eq!(three.result.best, Some(GoMove::at(4)), "b2, the centre");
    }

    #[test]
    fn the_margin_is_for_the_side_to_move_and_komi_decides_the_verdict() {
        // After black b2 on 3x3, white to move loses the whole board: -9 for white.
        let white = solve("tromp-taylor@3,komi=0", "b2");
        assert_eq!(
            white.proven.map(|p| (p.verdict, p.margin)),
            Some((ProvenResult::Loss, Some(-9)))
        );
        // With komi 9.5 the same count loses for black.
        let komi = solve("tromp-taylor@3,komi=9.5", "");
        assert_eq!(
            komi.proven.map(|p| (p.verdict, p.margin)),
            Some((ProvenResult::Loss, Some(9)))
        );
    }

    #[test]
    fn territory_rules_have_no_solver_and_a_tiny_budget_is_no_proof() {
        let game = Go::new("japanese@3".parse().unwrap());
        let request = SearchRequest {
            algorithm: Algorithm::Solve,
            budget: Budget::Nodes(1_000),
        };
        assert!(matches!(
            game.search(request, Go::PARAMS_YAML),
            Err(SearchError::Unsupported(_))
        ));
        let game = Go::new("tromp-taylor@4".parse().unwrap());
        assert!(matches!(
            game.search(request, Go::PARAMS_YAML),
            Err(SearchError::BudgetExhausted { .. })
        ));
    }

    /// The search laws on 9x9 and 5x5, and the shipped file read as the defaults.
    #[test]
    fn search_laws_and_the_shipped_params() {
        arbiter_laws::SearchLaws::<Go>::starts(&["chinese@9", "tromp-taylor@5"])
            .nodes(2_000)
            .mcts_iterations(200)
            .shipped_params_are_default()
            .check();
    }

    #[test]
    fn mcts_is_deterministic_and_takes_a_capture() {
        // 5x5: white c3 is in atari (black b3, c2, d3 around it); MCTS captures at c4.
        let game: Go = arbiter_laws::position("chinese@5", "5/5/1XOX1/2X2/5 black");
        let request = SearchRequest {
            algorithm: Algorithm::Mcts,
            budget: Budget::Nodes(3_000),
        };
        let first = game.search(request, Go::PARAMS_YAML).unwrap();
        assert_eq!(first, game.search(request, Go::PARAMS_YAML).unwrap());
        assert_eq!(first.result.best, Some(game.parse_move("c4").unwrap()));
    }
}
