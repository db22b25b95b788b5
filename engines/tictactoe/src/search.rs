//! [`Searchable`] for [`TicTacToe`]: an open-lines evaluation for alpha-beta and MCTS, and an
//! exact solver (alpha-beta searched to the end of every line) for [`Algorithm::Solve`](arbiter_search::Algorithm::Solve).
//!
//! Wins and losses are scored by the searchers' default win/loss-by-distance scores
//! ([`Evaluator::terminal_score`]), so a quicker win is preferred; the evaluation only ranks
//! unfinished positions at the horizon.

use arbiter_core::Game;
use arbiter_search::score::MATE_BOUND;
use arbiter_search::{
    AlphaBeta, Budget, EngineParams, Evaluator, Report, SearchError, Searchable, Searcher,
};
use serde::{Deserialize, Serialize};

use crate::board::{Cell, LINES};
use crate::{Move, TicTacToe};

/// The evaluation weights: the `eval:` section of `engines/tictactoe/params.yaml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TicTacToeWeights {
    /// Points per line still open to the side to move (no opponent stone on it), minus the
    /// lines still open to the opponent.
    pub open_line: i32,
    /// Extra points per open line already holding two of the side's stones (a threat to win
    /// on the next move), own minus the opponent's.
    pub threat: i32,
}

/// The shape of `engines/tictactoe/params.yaml`.
pub type TicTacToeParams = EngineParams<TicTacToeWeights>;

/// The tic-tac-toe evaluator: open lines and threats ([`TicTacToeWeights`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToeEval {
    weights: TicTacToeWeights,
}

impl TicTacToeEval {
    /// An evaluator with these weights.
    #[must_use]
    pub fn new(weights: TicTacToeWeights) -> TicTacToeEval {
        TicTacToeEval { weights }
    }

    /// The lines open to the owner of `mine` (no stone of `theirs`) and, among them, those
    /// holding two of its stones.
    fn lines(mine: u16, theirs: u16) -> (i32, i32) {
        let open = LINES.iter().filter(|&&line| line & theirs == 0);
        let (mut count, mut threats) = (0, 0);
        for &line in open {
            count += 1;
            if (line & mine).count_ones() == 2 {
                threats += 1;
            }
        }
        (count, threats)
    }
}

impl Evaluator<TicTacToe> for TicTacToeEval {
    fn evaluate(&self, game: &TicTacToe) -> i32 {
        let side = game.side_to_move();
        let (mine, theirs) = (game.stones(side), game.stones(side.opponent()));
        let (my_lines, my_threats) = Self::lines(mine, theirs);
        let (their_lines, their_threats) = Self::lines(theirs, mine);
        let w = &self.weights;
        // At most 8 lines each: with weights below 10^5 this stays far inside ±MATE_BOUND.
        let score = i64::from(w.open_line) * i64::from(my_lines - their_lines)
            + i64::from(w.threat) * i64::from(my_threats - their_threats);
        let bound = i64::from(MATE_BOUND - 1);
        i32::try_from(score.clamp(-bound, bound)).expect("clamped into the i32 range")
    }

    /// The centre (on four lines) first, then the corners (three lines), then the edges (two).
    fn move_order_hint(&self, _game: &TicTacToe, mv: Move) -> i32 {
        let cell = mv.cell();
        match (cell.row() == 1, cell.column() == 1) {
            (true, true) => 2,
            (false, false) => 1,
            _ => 0,
        }
    }

    fn history_slots(&self) -> usize {
        Cell::ALL.len()
    }

    fn history_slot(&self, mv: Move) -> usize {
        mv.cell().index()
    }
}

impl Searchable for TicTacToe {
    const PARAMS_PATH: &'static str = "engines/tictactoe/params.yaml";
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    type Weights = TicTacToeWeights;
    type Evaluator = TicTacToeEval;

    fn evaluator(weights: TicTacToeWeights) -> TicTacToeEval {
        TicTacToeEval::new(weights)
    }

    /// `solve`.
    fn solve(&self, budget: Budget, params: &TicTacToeParams) -> Result<Report<Move>, SearchError> {
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
    params: &TicTacToeParams,
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
    use std::collections::HashMap;

    use arbiter_laws::SearchLaws;
    use arbiter_search::{Algorithm, SearchRequest, Verdict, parse_params};

    use super::*;
    use crate::TicTacToeVariant;
    use crate::notation::parse_position;

    fn params() -> TicTacToeParams {
        parse_params(TicTacToe::PARAMS_PATH, TicTacToe::PARAMS_YAML).unwrap()
    }

    fn position(text: &str) -> TicTacToe {
        let setup = parse_position(text).unwrap();
        TicTacToe::from_setup(&TicTacToeVariant::Standard, &setup).unwrap()
    }

    fn search(game: &TicTacToe, algorithm: Algorithm, budget: Budget) -> Report<Move> {
        game.search(SearchRequest { algorithm, budget }, TicTacToe::PARAMS_YAML)
            .unwrap()
    }

    /// Plain minimax without pruning or tables: 1 win, 0 draw, -1 loss for the side to move.
    fn minimax(game: &mut TicTacToe) -> i32 {
        if let Some(outcome) = game.outcome() {
            return match outcome.winner {
                None => 0,
                Some(winner) if winner == game.side_to_move() => 1,
                Some(_) => -1,
            };
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mut best = -1;
        for mv in moves {
            game.make(mv);
            best = best.max(-minimax(game));
            game.unmake(mv, ());
        }
        best
    }

    fn value(verdict: Verdict) -> i32 {
        match verdict {
            Verdict::Win => 1,
            Verdict::Draw => 0,
            Verdict::Loss => -1,
            Verdict::Chance => unreachable!("tic-tac-toe has no dice"),
        }
    }

    /// Every position reachable from `game`, by hash.
    fn reachable(game: &mut TicTacToe, seen: &mut HashMap<u64, TicTacToe>) {
        if seen.insert(game.hash(), game.clone()).is_some() {
            return;
        }
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        for mv in moves {
            game.make(mv);
            reachable(game, seen);
            game.unmake(mv, ());
        }
    }

    #[test]
    fn shipped_params_parse() {
        let params = params();
        assert!(params.eval.open_line > 0 && params.eval.threat > 0);
    }

    #[test]
    fn the_start_is_a_draw() {
        // Published: small_games_counts.txt, "Game value: draw with perfect play".
        let start = TicTacToe::start(&TicTacToeVariant::Standard);
        let report = search(&start, Algorithm::Solve, Budget::Depth(0));
        assert_eq!(report.proven.map(|p| p.verdict), Some(Verdict::Draw));
        assert!(report.result.best.is_some());
        assert_eq!(report.result.pv.first().copied(), report.result.best);
    }

    /// Solves every reachable position (5,478 with the empty board, 958 finished, as
    /// small_games_counts.txt publishes) and compares with plain minimax, the best move's
    /// value included.
    #[test]
    fn solve_agrees_with_minimax_on_every_reachable_position() {
        let mut seen = HashMap::new();
        reachable(
            &mut TicTacToe::start(&TicTacToeVariant::Standard),
            &mut seen,
        );
        assert_eq!(seen.len(), 5_478);
        let finished = seen.values().filter(|g| g.outcome().is_some()).count();
        assert_eq!(finished, 958);
        let params = params();
        for game in seen.values().filter(|g| g.outcome().is_none()) {
            let report = solve(game, Budget::Depth(0), &params).unwrap();
            let proven = report.proven.expect("a solve proves its result");
            let expected = minimax(&mut game.clone());
            assert_eq!(
                value(proven.verdict),
                expected,
                "{}",
                game.format_position()
            );
            let best = report.result.best.expect("a move");
            let mut after = game.clone();
            after.play(best).unwrap();
            assert_eq!(-minimax(&mut after), expected, "{}", game.format_position());
        }
    }

    #[test]
    fn finished_positions_have_no_move() {
        // X has a1 b1 c1.
        let game = position("xxx/oo./... o");
        let report = search(&game, Algorithm::Solve, Budget::Depth(0));
        assert_eq!(report.result.best, None);
        assert_eq!(report.proven.map(|p| p.verdict), Some(Verdict::Loss));
        let drawn = position("xox/xoo/oxx o");
        let report = search(&drawn, Algorithm::Solve, Budget::Depth(0));
        assert_eq!(report.proven.map(|p| p.verdict), Some(Verdict::Draw));
    }

    #[test]
    fn a_node_budget_bounds_the_solve() {
        let start = TicTacToe::start(&TicTacToeVariant::Standard);
        let request = SearchRequest {
            algorithm: Algorithm::Solve,
            budget: Budget::Nodes(50),
        };
        assert_eq!(
            start.search(request, TicTacToe::PARAMS_YAML),
            Err(SearchError::BudgetExhausted { nodes: 50 })
        );
        let report = search(&start, Algorithm::Solve, Budget::Nodes(1_000_000));
        assert_eq!(report.proven.map(|p| p.verdict), Some(Verdict::Draw));
    }

    /// The `Searchable` laws (arbiter-laws).
    #[test]
    fn search_laws() {
        let start = TicTacToe::start(&TicTacToeVariant::Standard);
        SearchLaws::new(vec![start, position("x../.o./... x")])
            .nodes(200)
            .mcts_iterations(500)
            .check();
    }

    #[test]
    fn evaluation_counts_open_lines_and_threats() {
        let eval = TicTacToeEval::new(TicTacToeWeights {
            open_line: 1,
            threat: 10,
        });
        let start = TicTacToe::start(&TicTacToeVariant::Standard);
        assert_eq!(eval.evaluate(&start), 0);
        // X on b2 (four lines), O to move: O has the four lines avoiding b2 open, X all eight.
        let centre = position(".../.x./... o");
        assert_eq!(eval.evaluate(&centre), 4 - 8);
        // X on a1 b1, O on b2, O to move. Open to O (no x): rows 2 and 3, column c and the
        // diagonal c1 b2 a3, no threat; open to X (no o): rows 1 and 3, columns a and c, with
        // the threat a1 b1 on row 1.
        let threat = position("xx./.o./... o");
        // Open lines 4 - 4, threats 0 - 1 (worth 10 each).
        assert_eq!(eval.evaluate(&threat), -10);
    }
}
