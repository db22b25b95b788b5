//! [`Searchable`] for Connect6: alpha-beta and MCTS with [`Connect6Eval`], which narrows the
//! move list ([`crate::narrow`]), and the threat solver ([`crate::solve`]) for
//! [`Algorithm::Solve`].
//!
//! Win/loss scores are proofs: the search counts the narrowed nodes as horizons, so a loss
//! found there (where a pair left out might defend) is never scored as one, and a win found
//! anywhere is a winning line (see [`arbiter_search::alphabeta`]).
//!
//! The tests: the shipped parameters, determinism, and the positions whose answer follows from
//! the rules.

#[cfg(doc)]
use arbiter_search::Algorithm;
use arbiter_search::{Budget, ParamsOf, Report, SearchError, Searchable, parse_params};

use crate::Connect6;
use crate::board::Move;
use crate::eval::Connect6Eval;
use crate::solve;

impl Searchable for Connect6 {
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    type Evaluator = Connect6Eval;

    /// Parses the file and checks that `eval.win-next` is a positive evaluation.
    fn read_params(yaml: &str) -> Result<ParamsOf<Self>, SearchError> {
        let params: ParamsOf<Self> = parse_params(&Connect6::params_path(), yaml)?;
        let win_next = params.eval.win_next;
        if win_next <= 0 || win_next >= arbiter_search::score::MATE_BOUND {
            return Err(SearchError::Params(format!(
                "{}: eval.win-next is {win_next}; it must be positive and below {}",
                Connect6::params_path(),
                arbiter_search::score::MATE_BOUND
            )));
        }
        Ok(params)
    }

    /// The threat solver (`solve::solve`).
    fn solve(&self, budget: Budget, params: &ParamsOf<Self>) -> Result<Report<Move>, SearchError> {
        solve::solve(self, &params.eval, budget)
    }
}

#[cfg(test)]
mod tests {
    use arbiter_core::{Game, Side};
    use arbiter_laws::{SearchLaws, search, solver_gives_up};
    use arbiter_search::score::{mate_in, mated_in};
    use arbiter_search::{Algorithm, Budget, ProvenResult, SearchError, Searchable};

    use super::*;
    use crate::Connect6Variant;

    fn after(moves: &str) -> Connect6 {
        arbiter_laws::played(&Connect6Variant::STANDARD, moves)
    }

    fn run(game: &Connect6, algorithm: Algorithm, budget: Budget) -> Report<Move> {
        search(game, algorithm, budget).unwrap()
    }

    /// Whether `mv` ends the game with a win for the side to move in `game`.
    fn wins(game: &Connect6, mv: Move) -> bool {
        let mut next = game.clone();
        next.play(mv).is_ok() && next.outcome().and_then(|o| o.winner) == Some(game.side_to_move())
    }

    /// Black a1..d1 (a threat: e1-f1 makes six), black to move.
    const BLACK_WINS: &str = "j10 a19-b19 a1-b1 d19-s10 c1-d1 g19-s12";
    /// The same, white to move: white must put a stone on e1 or f1.
    const WHITE_MUST_BLOCK: &str = "j10 a19-b19 a1-b1 d19-s10 c1-d1";
    /// White to move against three separate black fours: lost next turn.
    const WHITE_LOST: &str =
        "j10 a19-s19 a1-b1 a17-s17 c1-d1 a15-s15 a5-b5 a13-s13 c5-d5 a11-s11 a9-b9 s9-s7 c9-d9";

    #[test]
    fn bad_params_name_the_file() {
        let bad = Connect6::PARAMS_YAML.replace("window-2: 8", "window-2: many");
        let Err(SearchError::Params(message)) = Connect6::read_params(&bad) else {
            panic!("accepted a bad file");
        };
        assert!(
            message.starts_with("engines/connect6/params.yaml:"),
            "{message}"
        );
        let too_big = Connect6::PARAMS_YAML.replace("win-next: 500000", "win-next: 999999");
        assert!(matches!(
            Connect6::read_params(&too_big),
            Err(SearchError::Params(_))
        ));
    }

    #[test]
    fn every_algorithm_finds_the_winning_pair() {
        let game = after(BLACK_WINS);
        for (algorithm, budget) in [
            (Algorithm::AlphaBeta, Budget::Depth(1)),
            (Algorithm::AlphaBeta, Budget::Nodes(5_000)),
            (Algorithm::Mcts, Budget::Nodes(300)),
            (Algorithm::Solve, Budget::Nodes(1_000)),
        ] {
            let report = run(&game, algorithm, budget);
            let best = report.result.best.unwrap();
            assert!(wins(&game, best), "{algorithm} {budget:?}: {best:?}");
            if algorithm != Algorithm::Mcts {
                assert_eq!(report.result.score, mate_in(1), "{algorithm}");
                assert_eq!(report.proven.map(|p| p.verdict), Some(ProvenResult::Win));
            }
        }
    }

    /// Positions where exactly one pair makes six (see suites/connect6/tactics.yaml).
    #[test]
    fn unique_winning_pairs_are_found() {
        for (moves, pair) in [
            ("j10 s19-q19 a1-b1 o17-s15 c1-d1 q13-o11", "e1-f1"),
            ("j10 c3-d4 b2-s19 e5-f6 s17-q19", "g7-h8"),
            ("j5 j4-a19 j6-j8 c19-e19 j9-s1 g17-a17", "j7-j10"),
            ("j10 a19-b19 a1-b1 c19-d19 c1-d1 s10-q8", "e1-f1"),
        ] {
            let game = after(moves);
            let expected = game.parse_move(pair).unwrap();
            for algorithm in Algorithm::ALL {
                let report = run(&game, algorithm, Budget::Nodes(2_000));
                assert_eq!(report.result.best, Some(expected), "{moves} {algorithm}");
            }
        }
    }

    #[test]
    fn a_threat_is_blocked() {
        let game = after(WHITE_MUST_BLOCK);
        let gap = ["e1", "f1"].map(|p| game.parse_move(p).unwrap().first());
        for (algorithm, budget) in [
            (Algorithm::AlphaBeta, Budget::Nodes(2_000)),
            (Algorithm::Mcts, Budget::Nodes(200)),
        ] {
            let report = run(&game, algorithm, budget);
            let best = report.result.best.unwrap();
            assert!(
                best.points().any(|p| gap.contains(&p)),
                "{algorithm}: {best:?}"
            );
        }
    }

    #[test]
    fn a_lost_position_is_proven_lost() {
        let game = after(WHITE_LOST);
        assert_eq!(game.side_to_move(), Side::Second);
        for algorithm in [Algorithm::AlphaBeta, Algorithm::Solve] {
            let report = run(&game, algorithm, Budget::Nodes(20_000));
            assert_eq!(report.result.score, mated_in(2), "{algorithm}");
            assert_eq!(
                report.proven.map(|p| p.verdict),
                Some(ProvenResult::Loss),
                "{algorithm}"
            );
        }
    }

    /// Black to move with a1..c1, a3..c3 and d4-d5: d1-d3 makes three fours (gaps e1-f1, e3-f3
    /// and d2/d6 in column d) that no two white stones can all block.
    const BLACK_TRIPLE_THREAT: &str =
        "j10 s19-r19 a1-b1 s17-r17 c1-a3 s15-r15 b3-c3 s13-r13 d4-d5 s11-r11";

    #[test]
    fn a_triple_threat_wins_on_the_next_turn() {
        let game = after(BLACK_TRIPLE_THREAT);
        assert_eq!(game.side_to_move(), Side::First);
        for (algorithm, budget) in [
            (Algorithm::Solve, Budget::Nodes(200_000)),
            (Algorithm::AlphaBeta, Budget::Depth(3)),
        ] {
            let report = run(&game, algorithm, budget);
            assert_eq!(report.result.score, mate_in(3), "{algorithm}: {report:?}");
            assert_eq!(
                report.proven.map(|p| p.verdict),
                Some(ProvenResult::Win),
                "{algorithm}"
            );
            let mut next = game.clone();
            next.play(report.result.best.unwrap()).unwrap();
            let gaps = crate::windows::threat_gaps(next.board(), Side::First);
            assert_eq!(crate::windows::min_blockers(&gaps), 3, "{algorithm}");
        }
    }

    #[test]
    fn the_solver_gives_up_on_quiet_positions() {
        let game = after("j10 k11-l12");
        solver_gives_up(&game, 5_000);
    }

    /// The `Searchable` laws (arbiter-laws).
    #[test]
    fn search_laws() {
        let quiet = after("j10 k11-l12 j11-j12 h9-g8");
        SearchLaws::new(vec![quiet.clone(), after("j10")])
            .nodes(1_500)
            .mcts_iterations(200)
            .shipped_params_are_default()
            .check();
        // A quiet position proves nothing.
        for algorithm in [Algorithm::AlphaBeta, Algorithm::Mcts] {
            assert_eq!(run(&quiet, algorithm, Budget::Nodes(1_500)).proven, None);
        }
    }

    #[test]
    fn the_first_stone_goes_to_the_centre() {
        let game = Connect6::start(&Connect6Variant::STANDARD);
        let report = run(&game, Algorithm::AlphaBeta, Budget::Depth(2));
        assert_eq!(report.result.best, Some(game.parse_move("j10").unwrap()));
    }
}
