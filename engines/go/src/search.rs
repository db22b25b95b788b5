//! [`Searchable`] for Go: MCTS with the playout policy and the count of [`GoEval`],
//! alpha-beta with the same count (a weak searcher for Go, kept for the common contract), and
//! the exact solver for small boards ([`crate::solve`]).
//!
//! What a report proves: the solver's score always (the exact area margin, with the
//! verdict); an alpha-beta or MCTS score only when it is a win or loss by distance, every
//! line the search kept ending the game.

use arbiter_search::{Budget, EngineParams, Report, SearchError, Searchable};

use crate::eval::{GoEval, Params};
use crate::notation::GoMove;
use crate::rules::Go;

/// The shape of `engines/go/params.yaml`.
pub type GoParams = EngineParams<Params>;

impl Searchable for Go {
    const PARAMS_PATH: &'static str = "engines/go/params.yaml";
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    type Weights = Params;
    type Evaluator = GoEval;

    fn evaluator(weights: Params) -> GoEval {
        GoEval::new(weights)
    }

    /// Proves the area score by Benson bounds ([`crate::solve`]): small boards and settled
    /// positions.
    fn solve(&self, budget: Budget, params: &GoParams) -> Result<Report<GoMove>, SearchError> {
        crate::solve::solve(self, budget, params.search.tt_size_mb)
    }
}
