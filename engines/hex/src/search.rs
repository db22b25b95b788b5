//! [`Searchable`] for Hex: alpha-beta with the distance evaluation, MCTS with the
//! bridge-aware playouts (both through [`HexEval`]), and the exact solver ([`crate::solve`])
//! for boards up to 11 x 11 (in practice boards up to 5 x 5, and late positions).
//!
//! What a report proves: the solver's result always (a win or a loss; Hex has no draws); an
//! alpha-beta or MCTS score only when it is a win or loss by distance.

use arbiter_search::{Budget, EngineParams, Report, SearchError, Searchable};

use crate::board::HexMove;
use crate::eval::{HexEval, Params};
use crate::rules::Hex;

/// The shape of `engines/hex/params.yaml`.
pub type HexParams = EngineParams<Params>;

impl Searchable for Hex {
    const PARAMS_PATH: &'static str = "engines/hex/params.yaml";
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    type Weights = Params;
    type Evaluator = HexEval;

    /// The carrier-pruned depth-first solver, its table sized by `tt-size-mb`.
    fn solve(&self, budget: Budget, params: &HexParams) -> Result<Report<HexMove>, SearchError> {
        crate::solve::solve(self, budget, params.search.tt_size_mb)
    }
}
