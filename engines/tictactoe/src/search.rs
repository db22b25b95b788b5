//! [`Searchable`] for [`TicTacToe`]: the open-lines evaluation ([`TicTacToeEval`]) for
//! alpha-beta and MCTS, and an exact solver (alpha-beta searched to the end of every line) for
//! [`Algorithm::Solve`](arbiter_search::Algorithm::Solve).

use arbiter_search::score::MATE_BOUND;
use arbiter_search::{AlphaBeta, Budget, ParamsOf, Report, SearchError, Searchable, Searcher};

use crate::eval::TicTacToeEval;
use crate::{Move, TicTacToe};

impl Searchable for TicTacToe {
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    type Evaluator = TicTacToeEval;

    /// `solve`.
    fn solve(&self, budget: Budget, params: &ParamsOf<Self>) -> Result<Report<Move>, SearchError> {
        solve(self, budget, params)
    }
}

/// Solves `game` exactly: alpha-beta with a depth of one ply more than the empty cells.
///
/// Why the result is a proof: a game has at most as many plies left as there are empty cells,
/// so at that depth every line ends in a finished game before the search reaches its horizon,
/// and the evaluator scores no leaf. Every score is then a win or loss by distance or the draw
/// score 0. Iterative deepening stops earlier only after an iteration that met no horizon
/// (the same exhaustive tree) or on a win/loss score, which a search can only reach through
/// finished games, since evaluations stay inside `±MATE_BOUND`. So a score `>= MATE_BOUND` is
/// a forced win, `<= -MATE_BOUND` a forced loss, and 0 a draw. The transposition table cannot
/// bring in a shallower heuristic value: a position always has the same number of empty cells,
/// hence the same remaining depth in one iteration, and an entry from an earlier, shallower
/// iteration has too little depth to be used.
///
/// A `Nodes(n)` budget gives up with [`SearchError::BudgetExhausted`] once `n` nodes are
/// spent; `Depth` and `Time` budgets are ignored (the whole game has 549,946 nodes).
///
/// # Errors
/// [`SearchError::BudgetExhausted`] when a node budget ran out.
pub fn solve(
    game: &TicTacToe,
    budget: Budget,
    params: &ParamsOf<TicTacToe>,
) -> Result<Report<Move>, SearchError> {
    let full_depth = game.empty().count_ones() + 1;
    let mut search_params = params.search.clone();
    search_params.max_depth = full_depth;
    let budget = match budget {
        Budget::Nodes(nodes) => Budget::Nodes(nodes),
        Budget::Depth(_) | Budget::Time(_) => Budget::Depth(full_depth),
    };
    let evaluator = TicTacToeEval::new(params.eval.clone());
    let result = AlphaBeta::new(evaluator, search_params).search(game, budget);
    if let Budget::Nodes(limit) = budget {
        // A node-limited search stops exactly at its limit; below it the search ended itself.
        if result.nodes >= limit {
            return Err(SearchError::BudgetExhausted {
                nodes: result.nodes,
            });
        }
    }
    debug_assert!(
        result.score == 0 || result.score.abs() >= MATE_BOUND,
        "a full-depth search met an evaluation"
    );
    Ok(Report::searched(result, true))
}

#[cfg(test)]
mod tests {
    use arbiter_core::Game;
    use arbiter_laws::{SearchLaws, minimax, reachable, search};
    use arbiter_search::{Algorithm, ProvenResult};

    use super::*;
    use crate::TicTacToeVariant;
    use arbiter_laws::Fixture;

    fn params() -> ParamsOf<TicTacToe> {
        TicTacToe::read_params(TicTacToe::PARAMS_YAML).unwrap()
    }

    fn solved(game: &TicTacToe, budget: Budget) -> Report<Move> {
        search(game, Algorithm::Solve, budget).unwrap()
    }

    /// 1 a win, 0 a draw, -1 a loss.
    fn value(verdict: ProvenResult) -> i32 {
        match verdict {
            ProvenResult::Win => 1,
            ProvenResult::Draw => 0,
            ProvenResult::Loss => -1,
            ProvenResult::Chance => unreachable!("tic-tac-toe has no dice"),
        }
    }

    #[test]
    fn shipped_params_parse() {
        let params = params();
        assert!(params.eval.open_line > 0 && params.eval.threat > 0);
    }

    #[test]
    fn the_start_is_a_draw() {
        // Tic-tac-toe is a draw with perfect play (the published value of the game).
        let start = TicTacToe::start(&TicTacToeVariant::Standard);
        let report = solved(&start, Budget::Depth(0));
        assert_eq!(report.proven.map(|p| p.verdict), Some(ProvenResult::Draw));
        assert!(report.result.best.is_some());
        assert_eq!(report.result.pv.first().copied(), report.result.best);
    }

    /// Solves every reachable position (5,478 with the empty board, 958 finished, as
    /// several public repositories count them) and compares with plain minimax, the best move's
    /// value included.
    #[test]
    fn solve_agrees_with_minimax_on_every_reachable_position() {
        let seen = reachable(&TicTacToe::start(&TicTacToeVariant::Standard));
        assert_eq!(seen.len(), 5_478);
        let finished = seen.values().filter(|g| g.outcome().is_some()).count();
        assert_eq!(finished, 958);
        let params = params();
        for game in seen.values().filter(|g| g.outcome().is_none()) {
            let report = solve(game, Budget::Depth(0), &params).unwrap();
            let proven = report.proven.expect("a solve proves its result");
            let expected = minimax(&mut game.clone()).signum();
            assert_eq!(
                value(proven.verdict),
                expected,
                "{}",
                game.format_position()
            );
            let best = report.result.best.expect("a move");
            let mut after = game.clone();
            after.play(best).unwrap();
            assert_eq!(
                -minimax(&mut after).signum(),
                expected,
                "{}",
                game.format_position()
            );
        }
    }

    #[test]
    fn finished_positions_have_no_move() {
        // X has a1 b1 c1.
        let game = TicTacToe::position_of("xxx/oo./... o");
        let report = solved(&game, Budget::Depth(0));
        assert_eq!(report.result.best, None);
        assert_eq!(report.proven.map(|p| p.verdict), Some(ProvenResult::Loss));
        let drawn = TicTacToe::position_of("xox/xoo/oxx o");
        let report = solved(&drawn, Budget::Depth(0));
        assert_eq!(report.proven.map(|p| p.verdict), Some(ProvenResult::Draw));
    }

    #[test]
    fn a_node_budget_bounds_the_solve() {
        let start = TicTacToe::start(&TicTacToeVariant::Standard);
        assert_eq!(
            search(&start, Algorithm::Solve, Budget::Nodes(50)),
            Err(SearchError::BudgetExhausted { nodes: 50 })
        );
        let report = solved(&start, Budget::Nodes(1_000_000));
        assert_eq!(report.proven.map(|p| p.verdict), Some(ProvenResult::Draw));
    }

    /// The `Searchable` laws (arbiter-laws).
    #[test]
    fn search_laws() {
        SearchLaws::<TicTacToe>::starts(&["standard"])
            .position("standard", "x../.o./... x")
            .nodes(200)
            .mcts_iterations(500)
            .check();
    }
}
