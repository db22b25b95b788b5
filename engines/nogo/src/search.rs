//! [`Searchable`] for NoGo: alpha-beta and MCTS with the own-point evaluator ([`Params`]),
//! and the exact solver ([`crate::solve`]) for small boards and late positions.
//!
//! What a report proves: the solver's score always (a win or loss by distance); an
//! alpha-beta or MCTS score only when it is a win or loss by distance, i.e. every line the
//! search kept ends the game ([`Report::heuristic`](arbiter_search::Report::heuristic)). NoGo
//! has no draws.

use arbiter_search::Searchable;

use crate::eval::Params;
use crate::rules::NoGo;

impl Searchable for NoGo {
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    /// Searches every line to the end ([`solve_to_end`](arbiter_search::solve_to_end)): small
    /// boards and late positions. NoGo has no draws and no passes, and every move fills a point
    /// for good, so every line ends within as many plies as there are empty points and the
    /// result is a win or loss by distance: a proof. The transposition table keys on the
    /// position hash, which is sound here (the value of a NoGo position does not depend on how
    /// it was reached).
    const SOLVES_TO_END: bool = true;
    /// Own points, mobility and territory ([`Params`]); MCTS plays its playouts with random
    /// legal moves to the end of the game (NoGo games are short: at most one move per point).
    type Evaluator = Params;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::NoGoVariant;
    use arbiter_core::Game;
    use arbiter_laws::{Fixture, SearchLaws, minimax, search, solver_gives_up};
    use arbiter_search::{Algorithm, Budget, ProvenResult};

    #[test]
    fn the_solver_agrees_with_minimax_on_small_boards() {
        for variant in ["standard@2", "standard@3", "foul-loses@2", "foul-loses@3"] {
            let variant: NoGoVariant = variant.parse().unwrap();
            let mut game = NoGo::start(&variant);
            let report = search(&game, Algorithm::Solve, Budget::Nodes(10_000_000)).unwrap();
            assert_eq!(report.result.score, minimax(&mut game), "{variant}");
            for &mv in &report.result.pv {
                game.play(mv).unwrap();
            }
            assert!(game.outcome().is_some(), "{variant}");
        }
    }

    #[test]
    fn a_tiny_solver_budget_is_exhausted_not_guessed() {
        let game = NoGo::start(&NoGoVariant::default());
        solver_gives_up(&game, 100);
    }

    /// The `Searchable` laws (arbiter-laws), with a file whose weight is no number.
    #[test]
    fn search_laws() {
        SearchLaws::<NoGo>::starts(&["standard", "foul-loses@5"])
            .nodes(3_000)
            .mcts_iterations(300)
            .broken_params(&["eval:\n  own-point: 1\n  mobility: x\n"])
            .shipped_params_are_default()
            .check();
    }

    #[test]
    fn every_searcher_finds_the_last_safe_point() {
        // 3x3, black a3 b2 a1, white b3 c2 c1, black to move; empty c3, a2, b1. Black c3
        // would capture b3. Black b1 leaves white c3 (no liberty for b3-c3-c2-c1) and a2 (no
        // liberty, and it would capture both black groups): white has no legal point and
        // loses. Black a2 instead lets white c3, after which black has no point left.
        let game = NoGo::position("standard@3", "XO1/1XO/X1O black");
        let solved = search(&game, Algorithm::Solve, Budget::Nodes(100_000)).unwrap();
        assert_eq!(solved.proven.map(|p| p.verdict), Some(ProvenResult::Win));
        let best = solved.result.best.unwrap();
        assert_eq!(best, game.parse_move("b1").unwrap());
        for algorithm in [Algorithm::AlphaBeta, Algorithm::Mcts] {
            let report = search(&game, algorithm, Budget::Nodes(2_000)).unwrap();
            assert_eq!(report.result.best, Some(best), "{algorithm}");
        }
    }
}
