//! [`Searchable`] for draughts: alpha-beta (and MCTS) with the material-and-structure
//! evaluator ([`DraughtsEval`], with its capture quiescence and history-aware table key);
//! there is no exact solver.

use arbiter_search::Searchable;

use crate::eval::DraughtsEval;
use crate::rules::Draughts;

impl Searchable for Draughts {
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    type Evaluator = DraughtsEval;
}

#[cfg(test)]
mod tests {
    use arbiter_core::Game;
    use arbiter_laws::{SearchLaws, position};
    use arbiter_search::{Algorithm, Budget, SearchRequest, Searchable};

    use crate::Draughts;

    #[test]
    fn search_laws() {
        SearchLaws::<Draughts>::starts(&["standard"])
            .position("standard", "W:WK47,36:BK4,15")
            .nodes(20_000)
            .mcts_iterations(1_000)
            .check();
    }

    #[test]
    fn the_search_sees_a_capture_past_its_horizon() {
        // 28x19 takes black's last piece; at depth 1 the quiescence settles the capture race.
        let game: Draughts = position("standard", "W:W28:B23");
        let report = game
            .search(
                SearchRequest {
                    algorithm: Algorithm::AlphaBeta,
                    budget: Budget::Depth(1),
                },
                Draughts::PARAMS_YAML,
            )
            .unwrap();
        assert_eq!(
            report.result.best.map(|mv| game.format_move(mv)),
            Some("28x19".to_owned())
        );
    }
}
