//! [`Searchable`] for Connect6: alpha-beta and MCTS with [`Connect6Eval`], which narrows the
//! move list ([`crate::narrow`]), and the threat solver ([`crate::solver`]) for
//! [`Algorithm::Solve`].
//!
//! Win/loss scores are proofs: the search counts the narrowed nodes as horizons, so a loss
//! found there (where a pair left out might defend) is never scored as one, and a win found
//! anywhere is a winning line (see [`arbiter_search::alphabeta`]).

#[cfg(doc)]
use arbiter_search::Algorithm;
use arbiter_search::{Budget, EngineParams, Report, SearchError, Searchable, parse_params};

use crate::Connect6;
use crate::eval::{Connect6Eval, EvalParams};
use crate::moves::Move;
use crate::solver;

/// The parameters file's shape: `search:` for the searchers, `eval:` for [`EvalParams`].
pub type Params = EngineParams<EvalParams>;

impl Searchable for Connect6 {
    const PARAMS_PATH: &'static str = "engines/connect6/params.yaml";
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    type Weights = EvalParams;
    type Evaluator = Connect6Eval;

    fn evaluator(weights: EvalParams) -> Connect6Eval {
        Connect6Eval::new(weights)
    }

    /// Parses the file and checks that `eval.win-next` is a positive evaluation.
    fn read_params(yaml: &str) -> Result<Params, SearchError> {
        let params: Params = parse_params(Connect6::PARAMS_PATH, yaml)?;
        let win_next = params.eval.win_next;
        if win_next <= 0 || win_next >= arbiter_search::score::MATE_BOUND {
            return Err(SearchError::Params(format!(
                "{}: eval.win-next is {win_next}; it must be positive and below {}",
                Connect6::PARAMS_PATH,
                arbiter_search::score::MATE_BOUND
            )));
        }
        Ok(params)
    }

    /// The threat solver (`solver::solve`).
    fn solve(&self, budget: Budget, params: &Params) -> Result<Report<Move>, SearchError> {
        solver::solve(self, &params.eval, budget)
    }
}

#[cfg(test)]
mod tests;
