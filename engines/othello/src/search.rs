//! [`Searchable`] for [`Othello`]: alpha-beta and MCTS on [`OthelloEval`], and the exact
//! endgame solver ([`crate::endgame`]) for [`Algorithm::Solve`].
//!
//! # What a report proves
//! - `Solve`: always exact. The score is the FFO final disc difference (empties to the winner)
//!   for the side to move, `proven` holds its sign as the verdict and the score as the margin;
//!   `depth` is the number of empty squares, `pv` the best move alone.
//! - Alpha-beta: a score at or beyond [`WIN_BASE`](crate::eval::WIN_BASE) is a finished-game
//!   score, so every line the search kept ends in a game won (or lost) by at least that margin:
//!   the verdict is proven. The margin itself is exact only when the whole game tree below the
//!   position was searched (an iteration met no horizon: [`AlphaBeta::resolved`]); otherwise a
//!   deeper search may find a bigger win, and `margin` is `None`. An exhaustive search scoring 0
//!   is a proven draw.
//! - MCTS: never a proof, except at a finished position.
//!
//! A finished position (for any algorithm) reports no move and proves its own final score.

use arbiter_core::Game;
use arbiter_search::{
    Algorithm, AlphaBeta, Budget, DataFile, Mcts, ParamsOf, Proven, ProvenResult, Report,
    SearchError, SearchResult, Searchable, Searcher,
};

use crate::endgame::{self, Solution};
use crate::eval::{OthelloEval, finished_margin};
use crate::{Move, Othello};

impl Searchable for Othello {
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    /// The pattern weights that order the endgame solver's moves.
    const DATA_FILES: &'static [DataFile] = &[crate::pattern::SHIPPED_FILE];
    type Evaluator = OthelloEval;

    /// The endgame solver, where a `Nodes(n)` budget gives up after about `n` nodes and
    /// `Depth`/`Time` budgets do not limit it (the solver has no depth, and its node counts
    /// must stay reproducible).
    ///
    /// # Errors
    /// [`SearchError::BudgetExhausted`] when the solver gives up within a node budget.
    fn solve(&self, budget: Budget, _: &ParamsOf<Self>) -> Result<Report<Move>, SearchError> {
        solve(self, budget)
    }

    /// Alpha-beta and MCTS with [`OthelloEval`], reported with what the disc scores prove
    /// (see the module docs).
    fn search_heuristic(
        &self,
        algorithm: Algorithm,
        budget: Budget,
        params: ParamsOf<Self>,
    ) -> Report<Move> {
        let evaluator = OthelloEval::new(params.eval);
        let (result, resolved) = if algorithm == Algorithm::Mcts {
            (
                Mcts::new(evaluator, params.search).search(self, budget),
                false,
            )
        } else {
            let mut searcher = AlphaBeta::new(evaluator, params.search);
            let result = searcher.search(self, budget);
            (result, searcher.resolved())
        };
        heuristic_report(self, algorithm, resolved, result)
    }
}

/// The verdict of a final margin for the side to move.
fn verdict(margin: i32) -> ProvenResult {
    match margin.signum() {
        1 => ProvenResult::Win,
        -1 => ProvenResult::Loss,
        _ => ProvenResult::Draw,
    }
}

/// The exact proof of a margin.
fn exact(margin: i32) -> Proven {
    Proven {
        verdict: verdict(margin),
        margin: Some(margin),
    }
}

/// The side to move's final margin at a finished position, `None` while the game goes on.
fn finished_position_margin(game: &Othello) -> Option<i32> {
    game.final_score().map(|score| {
        let black = score.empties_to_winner;
        match game.side_to_move() {
            arbiter_core::Side::First => black,
            arbiter_core::Side::Second => -black,
        }
    })
}

/// The report of an alpha-beta or MCTS result, with what its score proves; `resolved` says
/// that alpha-beta searched the whole game tree ([`AlphaBeta::resolved`]).
fn heuristic_report(
    game: &Othello,
    algorithm: Algorithm,
    resolved: bool,
    result: SearchResult<Move>,
) -> Report<Move> {
    if let Some(margin) = finished_position_margin(game) {
        return Report {
            result,
            proven: Some(exact(margin)),
        };
    }
    let proven = if algorithm == Algorithm::Mcts {
        // MCTS scores are winning chances, never finished-game scores.
        None
    } else if let Some(margin) = finished_margin(result.score) {
        Some(Proven {
            verdict: verdict(margin),
            margin: resolved.then_some(margin),
        })
    } else if resolved && result.score == 0 {
        // Every leaf was a finished game: a zero is a draw, not an evaluation.
        Some(exact(0))
    } else {
        None
    };
    Report { result, proven }
}

/// Runs the exact solver under `budget`.
fn solve(game: &Othello, budget: Budget) -> Result<Report<Move>, SearchError> {
    let solution = match budget {
        Budget::Nodes(limit) => {
            let (me, opp) = game.boards();
            // The solver reports no count when it gives up; it had searched about `limit`.
            endgame::solve_with_limit(me, opp, limit)
                .ok_or(SearchError::BudgetExhausted { nodes: limit })?
        }
        Budget::Depth(_) | Budget::Time(_) => endgame::solve_game(game),
    };
    Ok(solution_report(game, solution))
}

/// The report of an exact solution.
fn solution_report(game: &Othello, solution: Solution) -> Report<Move> {
    debug_assert_eq!(solution.best.is_none(), game.outcome().is_some());
    Report {
        result: SearchResult {
            best: solution.best,
            score: solution.score,
            depth: game.empties(),
            nodes: solution.nodes,
            pv: solution.best.into_iter().collect(),
        },
        proven: Some(exact(solution.score)),
    }
}

#[cfg(test)]
mod tests {
    use arbiter_core::Side;

    use arbiter_laws::SearchLaws;

    use super::*;
    use crate::OthelloVariant;
    use crate::eval::WIN_BASE;

    /// FFO #1, #2, #3 and #8 (board, side, exact best score, best moves): the Edax repository
    /// abulmo/edax-reversi (commit 14f048c), `problem/fforum-1-19.obf`; value and best-move set
    /// agree with rcrr/reversi's independent solver (`c/db/README-FFO`).
    const FFO: [(&str, i32, &[&str]); 4] = [
        (
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
            18,
            &["g8"],
        ),
        (
            "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X",
            10,
            &["a4"],
        ),
        (
            "----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X",
            2,
            &["d1"],
        ),
        (
            "---X-X--X-XXXX--XXXXOXXXXXXOOOOOXXOXXXO-XOXXXXO-XOOXXX--XOOXXO-- O",
            8,
            &["e1"],
        ),
    ];

    fn position(text: &str) -> Othello {
        let setup = Othello::parse_position(&OthelloVariant::default(), text).unwrap();
        Othello::from_boards(setup.black, setup.white, setup.to_move).unwrap()
    }

    fn search(game: &Othello, algorithm: Algorithm, budget: Budget) -> Report<Move> {
        arbiter_laws::search(game, algorithm, budget).unwrap()
    }

    fn name(mv: Option<Move>) -> String {
        mv.map_or_else(|| "none".to_owned(), |mv| mv.to_string())
    }

    #[test]
    fn shipped_params_parse() {
        let params: ParamsOf<Othello> = Othello::read_params(Othello::PARAMS_YAML).unwrap();
        assert!(params.eval.corner > 0 && params.eval.x_square < 0);
        assert!(params.eval.disc_parity_empties <= 60);
    }

    #[test]
    fn alpha_beta_from_the_start_plays_a_legal_move() {
        let start = Othello::start(&OthelloVariant::Standard);
        let report = search(&start, Algorithm::AlphaBeta, Budget::Depth(6));
        let best = report.result.best.expect("a move");
        assert!(start.check_move(best).is_ok(), "{best}");
        assert_eq!(report.result.depth, 6);
        assert_eq!(report.result.pv.first(), Some(&best));
        assert_eq!(report.proven, None);
    }

    /// The `Searchable` laws (arbiter-laws).
    #[test]
    fn search_laws() {
        let mut game = Othello::start(&OthelloVariant::Standard);
        for text in Othello::split_moves("f5d6c3d3c4f4f6f3e6e7") {
            game.play(game.parse_move(&text).unwrap()).unwrap();
        }
        SearchLaws::new(vec![game, Othello::start(&OthelloVariant::Standard)])
            .nodes(20_000)
            .mcts_iterations(300)
            .check();
    }

    #[test]
    fn solve_gives_the_published_ffo_scores() {
        for (text, score, best) in FFO {
            let game = position(text);
            let report = search(&game, Algorithm::Solve, Budget::Depth(0));
            assert_eq!(report.result.score, score, "{text}");
            assert!(
                best.contains(&name(report.result.best).as_str()),
                "{text}: {report:?}"
            );
            assert_eq!(report.proven, Some(exact(score)));
            assert_eq!(report.result.depth, game.empties());
            assert_eq!(report.result.pv, vec![report.result.best.unwrap()]);
        }
    }

    #[test]
    fn solve_under_a_node_budget_gives_up_or_agrees() {
        let game = position(FFO[0].0);
        let report = arbiter_laws::search(&game, Algorithm::Solve, Budget::Nodes(10));
        assert_eq!(report, Err(SearchError::BudgetExhausted { nodes: 10 }));
        let report = search(&game, Algorithm::Solve, Budget::Nodes(100_000_000));
        assert_eq!(report.proven, Some(exact(FFO[0].1)));
    }

    #[test]
    fn a_whole_tree_alpha_beta_search_proves_the_exact_margin() {
        // FFO #1 after its best move g8 (published score +18) and white's best reply: the
        // position, 12 empties, is worth +18 to black with best play.
        let mut game = position(FFO[0].0);
        game.play(game.parse_move("g8").unwrap()).unwrap();
        let reply = search(&game, Algorithm::Solve, Budget::Depth(0))
            .result
            .best
            .unwrap();
        game.play(reply).unwrap();
        assert_eq!(game.side_to_move(), Side::First);
        let report = search(&game, Algorithm::AlphaBeta, Budget::Depth(40));
        assert_eq!(report.result.score, WIN_BASE + 18);
        assert!(report.result.depth < 40);
        assert_eq!(report.proven, Some(exact(18)));
    }

    #[test]
    fn a_shallow_win_score_proves_the_verdict_only() {
        // Black: d4 e4 d5; white: e5 f5. Black's g5 flips both white discs and wins 64-0 at
        // once; its other moves (e6, f6, ...) flip e5 alone and the game goes on.
        let black = (1u64 << 27) | (1 << 28) | (1 << 35);
        let white = (1u64 << 36) | (1 << 37);
        let game = Othello::from_boards(black, white, Side::First).unwrap();
        let report = search(&game, Algorithm::AlphaBeta, Budget::Depth(1));
        assert_eq!(name(report.result.best), "g5");
        assert_eq!(report.result.score, WIN_BASE + 64);
        // Depth 1 was the whole budget and other lines met the horizon: the search cannot
        // tell that no bigger win exists.
        assert_eq!(
            report.proven,
            Some(Proven {
                verdict: ProvenResult::Win,
                margin: None
            })
        );
    }

    #[test]
    fn a_one_ply_tree_is_searched_whole() {
        // Black: d4 e4 d5; white: e5 alone. Each of black's moves (f6, e6, f5) flips e5, the
        // last white disc: every line ends at ply 1, so the depth-1 search is exhaustive and
        // proves the margin.
        let black = (1u64 << 27) | (1 << 28) | (1 << 35);
        let white = 1u64 << 36;
        let game = Othello::from_boards(black, white, Side::First).unwrap();
        let report = search(&game, Algorithm::AlphaBeta, Budget::Depth(1));
        assert!(["f6", "e6", "f5"].contains(&name(report.result.best).as_str()));
        assert_eq!(report.result.score, WIN_BASE + 64);
        assert_eq!(report.proven, Some(exact(64)));
    }

    #[test]
    fn a_finished_position_has_no_move_and_proves_its_score() {
        // Black alone on the board (after the wipe-out above): black wins 64-0.
        let black = (1u64 << 27) | (1 << 28) | (1 << 35) | (1 << 36) | (1 << 45);
        let game = Othello::from_boards(black, 0, Side::Second).unwrap();
        for algorithm in Algorithm::ALL {
            let report = search(&game, algorithm, Budget::Depth(3));
            assert_eq!(report.result.best, None, "{algorithm}");
            assert_eq!(report.proven, Some(exact(-64)), "{algorithm}");
        }
    }

    /// The first position of a fixed pseudo-random playout from `seed` where the side to move
    /// must pass with at most 14 empty squares, if the playout has one.
    fn pass_position(seed: u64) -> Option<Othello> {
        let mut game = Othello::start(&OthelloVariant::Standard);
        let mut moves = Vec::new();
        let mut state = seed;
        loop {
            game.generate_moves(&mut moves);
            if moves.is_empty() {
                return None;
            }
            if moves == [Move::PASS] && game.empties() <= 14 {
                return Some(game);
            }
            let (next, random) = arbiter_core::zobrist::splitmix64(state);
            state = next;
            // No truncation: the remainder is below moves.len().
            let index = (random % moves.len() as u64) as usize;
            game.play(moves[index]).unwrap();
        }
    }

    #[test]
    fn solve_passes_when_the_side_to_move_must() {
        let game = (0..1000)
            .find_map(pass_position)
            .expect("a pass in one of the playouts");
        let report = search(&game, Algorithm::Solve, Budget::Depth(0));
        assert_eq!(report.result.best, Some(Move::PASS));
        assert_eq!(report.result.pv, vec![Move::PASS]);
        // The pass keeps the position's value, negated: check against a solve after it.
        let mut after = game.clone();
        after.play(Move::PASS).unwrap();
        let next = search(&after, Algorithm::Solve, Budget::Depth(0));
        assert_eq!(report.result.score, -next.result.score);
    }
}
