//! [`Searchable`] for Dots and Boxes: alpha-beta and MCTS with the chain-aware evaluator
//! ([`Params`], whose `search_moves` hook leaves out the turns another turn provably beats),
//! and the exact solver (the `solve` module).
//!
//! What a report proves: the solver's always (the exact final margin); an alpha-beta or MCTS
//! score when it is a win or loss by distance, every line the search kept having reached the
//! end of the game ([`Report::searched`]). The narrowed turn list is complete (a best turn is
//! always in it), so such a proof holds for the game itself.

use arbiter_search::{Budget, ParamsOf, Report, SearchError, Searchable};

use crate::eval::Params;
use crate::notation::Move;
use crate::rules::DotsBoxes;

impl Searchable for DotsBoxes {
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    /// Boxes, offered chains, loony endgames and the long chain rule ([`Params`]).
    type Evaluator = Params;

    /// The exact margin (the `solve` module): 3x3 boards from the start, endgames of larger
    /// ones. `Nodes` bounds the effort, `Time` the clock; `Depth` is ignored.
    fn solve(&self, budget: Budget, params: &ParamsOf<Self>) -> Result<Report<Move>, SearchError> {
        crate::solve::solve(self, budget, params.search.tt_size_mb)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Game;
    use arbiter_laws::{Fixture, SearchLaws, search};
    use arbiter_search::{Algorithm, ProvenResult};

    /// The `Searchable` laws (arbiter-laws), with a file whose weight is no number.
    #[test]
    fn search_laws() {
        SearchLaws::<DotsBoxes>::starts(&["5x5", "2x3"])
            .nodes(3_000)
            .mcts_iterations(300)
            .broken_params(&["eval:\n  box: x\n"])
            .shipped_params_are_default()
            .check();
    }

    #[test]
    fn every_searcher_takes_an_offered_chain_end() {
        // 1x3, both long sides drawn and the left end closed: white to move must... here black
        // has opened the chain (a1a2 drawn) and white takes all three boxes: the game ends.
        let game = DotsBoxes::position("1x3", "a1b1,b1c1,c1d1,a2b2,b2c2,c2d2,a1a2 ... white");
        let all = game.parse_move("b1b2+c1c2+d1d2").unwrap();
        for algorithm in [Algorithm::Solve, Algorithm::AlphaBeta, Algorithm::Mcts] {
            let report = search(&game, algorithm, Budget::Nodes(2_000)).unwrap();
            assert_eq!(report.result.best, Some(all), "{algorithm}");
        }
        let solved = search(&game, Algorithm::Solve, Budget::Nodes(2_000)).unwrap();
        assert_eq!(
            solved.proven.map(|p| (p.verdict, p.margin)),
            Some((ProvenResult::Win, Some(3)))
        );
    }
}
