//! [`Searchable`] for Connect6: alpha-beta and MCTS over the narrowed [`SearchView`], and the
//! threat solver ([`crate::solver`]) for [`Algorithm::Solve`].
//!
//! Win/loss scores found through the view are kept as proofs only where the narrowing cannot
//! have changed them: a win this turn (ply 1), a loss next turn (ply 2) and a win on the
//! mover's next turn (ply 3). At ply 2 and 3 the narrowed list keeps a pair blocking every
//! threat whenever one exists, and a turn that blocks every threat leaves nothing to complete,
//! so "no escape" in the view is "no escape" in the rules. Deeper win/loss scores stay in the
//! result but are not reported as proven.

use arbiter_search::score::{mate_in, mated_in};
use arbiter_search::{
    Algorithm, EngineParams, Report, SearchError, SearchRequest, Searchable, parse_params,
    run_heuristic,
};

use crate::Connect6;
use crate::eval::{Connect6Eval, EvalParams};
use crate::moves::Move;
use crate::solver;
use crate::view::SearchView;

/// The parameters file's shape: `search:` for the searchers, `eval:` for [`EvalParams`].
pub type Params = EngineParams<EvalParams>;

/// Whether a win/loss score found through the view is exact (see the module docs).
const fn exact_through_view(score: i32) -> bool {
    score >= mate_in(3) || score <= mated_in(2)
}

/// Reads a parameters file and checks the values serde cannot.
///
/// # Errors
/// [`SearchError::Params`] naming the file and the problem.
pub fn read_params(yaml: &str) -> Result<Params, SearchError> {
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

impl Searchable for Connect6 {
    const PARAMS_PATH: &'static str = "engines/connect6/params.yaml";
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");

    fn search(
        &self,
        request: SearchRequest,
        params_yaml: &str,
    ) -> Result<Report<Move>, SearchError> {
        let params = read_params(params_yaml)?;
        if request.algorithm == Algorithm::Solve {
            return solver::solve(self, &params.eval, request.budget);
        }
        let view = SearchView::new(self.clone(), params.eval.clone());
        let mut report = run_heuristic(
            &view,
            request,
            Connect6Eval::new(params.eval),
            &params.search,
        )?;
        if !exact_through_view(report.result.score) {
            report.proven = None;
        }
        Ok(report)
    }
}

#[cfg(test)]
mod tests;
