//! [`Searchable`] for Amazons: alpha-beta and MCTS with the territory evaluator, and the exact
//! solver for small endgames ([`crate::solve`]).

use arbiter_search::{
    Algorithm, EngineParams, Report, SearchError, SearchRequest, Searchable, parse_params,
    run_heuristic,
};

use crate::eval::Params;
use crate::notation::Move;
use crate::position::Amazons;

impl Searchable for Amazons {
    const PARAMS_PATH: &'static str = "engines/amazons/params.yaml";
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");

    /// Alpha-beta and MCTS score leaves with [`Params`] (territory and mobility);
    /// [`Algorithm::Solve`] searches every line to the end and is only practical for small
    /// endgames (a few dozen empty squares that the amazons can still reach).
    fn search(
        &self,
        request: SearchRequest,
        params_yaml: &str,
    ) -> Result<Report<Move>, SearchError> {
        let params: EngineParams<Params> = parse_params(Self::PARAMS_PATH, params_yaml)?;
        match request.algorithm {
            Algorithm::Solve => crate::solve::solve(self, request.budget, params.search.tt_size_mb),
            Algorithm::AlphaBeta | Algorithm::Mcts => {
                run_heuristic(self, request, params.eval, &params.search)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::AmazonsVariant;
    use arbiter_core::Game;
    use arbiter_search::{Budget, Verdict};

    fn request(algorithm: Algorithm, budget: Budget) -> SearchRequest {
        SearchRequest { algorithm, budget }
    }

    #[test]
    fn the_shipped_params_parse() {
        let params: EngineParams<Params> =
            parse_params(Amazons::PARAMS_PATH, Amazons::PARAMS_YAML).unwrap();
        assert_eq!(params.eval, Params::default());
        assert_eq!(params.search.mcts_playout_limit, 0);
    }

    #[test]
    fn a_bad_params_file_names_the_place() {
        let start = Amazons::new(AmazonsVariant::Standard);
        let error = start
            .search(
                request(Algorithm::AlphaBeta, Budget::Depth(1)),
                "eval:\n  mobility: 4\n",
            )
            .unwrap_err();
        assert!(
            matches!(&error, SearchError::Params(message) if message.starts_with(Amazons::PARAMS_PATH)),
            "{error}"
        );
    }

    #[test]
    fn searches_are_deterministic_and_legal() {
        let start = Amazons::new(AmazonsVariant::Botzone8);
        for (algorithm, budget) in [
            (Algorithm::AlphaBeta, Budget::Nodes(3_000)),
            (Algorithm::Mcts, Budget::Nodes(300)),
        ] {
            let first = start
                .search(request(algorithm, budget), Amazons::PARAMS_YAML)
                .unwrap();
            let again = start
                .search(request(algorithm, budget), Amazons::PARAMS_YAML)
                .unwrap();
            assert_eq!(first, again, "{algorithm}");
            let best = first.result.best.expect("a move from the start");
            assert_eq!(start.check_move(best), Ok(()), "{algorithm}");
        }
    }

    #[test]
    fn solve_proves_a_small_endgame_and_gives_up_on_the_start() {
        let text = "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxx..xxx/xx.W.xxx/xxx.Bxxx/xxxxxxxx/xxxxxxxx white";
        let setup = Amazons::parse_position(&AmazonsVariant::Botzone8, text).unwrap();
        let game = Amazons::from_setup(AmazonsVariant::Botzone8, &setup).unwrap();
        let solve = request(Algorithm::Solve, Budget::Nodes(100_000));
        let report = game.search(solve, Amazons::PARAMS_YAML).unwrap();
        assert!(report.proven.is_some());
        assert_eq!(Ok(report), game.search(solve, Amazons::PARAMS_YAML));
        let start = Amazons::new(AmazonsVariant::Standard);
        assert_eq!(
            start.search(solve, Amazons::PARAMS_YAML),
            Err(SearchError::BudgetExhausted { nodes: 100_000 })
        );
    }

    #[test]
    fn alpha_beta_takes_the_last_free_square() {
        // Black's amazon h8 has one free neighbour, h7; white a1-h1/h7 shoots it (the game-end
        // spec's last-arrow-traps-the-opponent): a win in one.
        let text = "6xB/6x1/8/8/8/8/8/W7 white";
        let setup = Amazons::parse_position(&AmazonsVariant::Botzone8, text).unwrap();
        let game = Amazons::from_setup(AmazonsVariant::Botzone8, &setup).unwrap();
        let report = game
            .search(
                request(Algorithm::AlphaBeta, Budget::Depth(2)),
                Amazons::PARAMS_YAML,
            )
            .unwrap();
        let best = report.result.best.unwrap();
        assert_eq!(best.arrow, game.parse_move("a1-h1/h7").unwrap().arrow);
        assert_eq!(report.proven.map(|p| p.verdict), Some(Verdict::Win));
    }
}
