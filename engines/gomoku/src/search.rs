//! Search for gomoku and renju: [`Searchable`] for [`Gomoku`].
//!
//! * `AlphaBeta` and `Mcts` run the framework's searchers with [`GomokuEval`], which keeps the
//!   incremental pattern counts ([`Patterns`]) beside the position through the searchers'
//!   make/unmake hooks.
//! * `Solve` runs the VCF solver ([`crate::vcf`]) and, when it finds nothing, the threat-space
//!   search ([`crate::vct`]), both under the request's node budget (`Depth(d)`: at most `d`
//!   attacker moves, no node limit; `Time`: [`SOLVE_TIME_NODES`] nodes, so the answer stays
//!   deterministic). A line found is a proven win with the first attacking move as `best`; no
//!   line is [`SearchError::BudgetExhausted`] (these solvers prove wins only, never a draw or a
//!   loss).
//!
//! The evaluation and the move ordering ([`GomokuEval`], `eval.rs`) read threat levels: per
//! colour, what a stone would make on each line through a point. Weights come from
//! `engines/gomoku/params.yaml`.

use arbiter_core::{Game, Outcome};
use arbiter_search::score::{mate_in, mated_in};
use arbiter_search::{
    Budget, ParamsOf, Proven, ProvenResult, Report, SearchError, SearchResult, Searchable,
};

use crate::board::Move;
use crate::eval::GomokuEval;
use crate::rules::Gomoku;
use crate::vcf::{MAX_FOURS, VcfOutcome, solve_vcf_within};
use crate::vct::solve_vct;

/// The node budget of `Solve` under a `Time` budget (the solvers count nodes, not time).
pub const SOLVE_TIME_NODES: u64 = 2_000_000;
/// The most attacker moves of a VCT under a node budget (iterative deepening stops there).
pub const MAX_VCT_ATTACKS: u32 = 12;

impl Searchable for Gomoku {
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    type Evaluator = GomokuEval;

    /// VCF, then VCT (see the module docs).
    fn solve(&self, budget: Budget, _: &ParamsOf<Self>) -> Result<Report<Move>, SearchError> {
        solve(self, budget)
    }
}

/// VCF, then VCT, under `budget` (see the module docs).
fn solve(game: &Gomoku, budget: Budget) -> Result<Report<Move>, SearchError> {
    if let Some(outcome) = game.outcome() {
        return Ok(finished(game, outcome));
    }
    let (nodes, max_fours, max_attacks) = match budget {
        Budget::Nodes(nodes) => (nodes, MAX_FOURS, MAX_VCT_ATTACKS),
        Budget::Depth(depth) => (u64::MAX, depth, depth),
        Budget::Time(_) => (SOLVE_TIME_NODES, MAX_FOURS, MAX_VCT_ATTACKS),
    };
    let vcf = solve_vcf_within(game, nodes, max_fours);
    match vcf.outcome {
        VcfOutcome::Win(line) => return Ok(proven_win(line, vcf.nodes)),
        VcfOutcome::OutOfBudget => return Err(SearchError::BudgetExhausted { nodes: vcf.nodes }),
        VcfOutcome::NoWin => {}
    }
    let vct = solve_vct(game, nodes.saturating_sub(vcf.nodes), max_attacks);
    let total = vcf.nodes + vct.nodes;
    match vct.outcome {
        VcfOutcome::Win(line) => Ok(proven_win(line, total)),
        VcfOutcome::NoWin | VcfOutcome::OutOfBudget => {
            Err(SearchError::BudgetExhausted { nodes: total })
        }
    }
}

/// The report of a winning line found by a solver; `depth` is its number of attacker moves.
fn proven_win(line: Vec<Move>, nodes: u64) -> Report<Move> {
    let attacker_moves = u32::try_from(line.len().div_ceil(2)).unwrap_or(u32::MAX);
    Report {
        result: SearchResult {
            best: line.first().copied(),
            // The line's length in plies (a trap line ends one block short of the five).
            score: mate_in(line.len()),
            depth: attacker_moves,
            nodes,
            pv: line,
        },
        proven: Some(Proven {
            verdict: ProvenResult::Win,
            margin: None,
        }),
    }
}

/// The report of a finished game: its result for the side to move, no move.
fn finished(game: &Gomoku, outcome: Outcome) -> Report<Move> {
    let (verdict, score) = match outcome.winner {
        None => (ProvenResult::Draw, 0),
        Some(winner) if winner == game.side_to_move() => (ProvenResult::Win, mate_in(0)),
        Some(_) => (ProvenResult::Loss, mated_in(0)),
    };
    Report {
        result: SearchResult {
            best: None,
            score,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        },
        proven: Some(Proven {
            verdict,
            margin: None,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;
    use arbiter_laws::Fixture;
    use arbiter_laws::{SearchLaws, search};
    use arbiter_search::Algorithm;
    use rstest::rstest;

    fn stone(text: &str) -> Move {
        Move::Stone(Point::parse(text).unwrap())
    }

    /// What `algorithm` reports under `budget` from the position `text` of `variant`.
    fn searched(variant: &str, text: &str, algorithm: Algorithm, budget: Budget) -> Report<Move> {
        search(&Gomoku::position(variant, text), algorithm, budget).unwrap()
    }

    #[test]
    fn shipped_params_parse() {
        let params: ParamsOf<Gomoku> = Gomoku::read_params(Gomoku::PARAMS_YAML).unwrap();
        assert!(params.eval.own.open_four > params.eval.own.four);
    }

    /// The move a search finds. Black to move with its own four on row 8: five at l8 wins
    /// (h8-k8 plus l8; g8 is white), a proven win; white to move must block it at l8. And a
    /// threat win that is no VCF, from h8. `proves_a_win`: the report must also prove the win.
    #[rstest]
    #[case::alpha_beta_completes_its_five(
        "renju",
        "black: h8,i8,j8,k8; white: g8,h9,i10,a1; to-move: black",
        Algorithm::AlphaBeta,
        Budget::Nodes(2_000),
        "l8",
        true
    )]
    #[case::alpha_beta_blocks_the_opponents_five(
        "renju",
        "black: h8,i8,j8,k8; white: g8,h9,i10; to-move: white",
        Algorithm::AlphaBeta,
        Budget::Nodes(20_000),
        "l8",
        false
    )]
    #[case::solve_finds_a_threat_win_that_is_no_vcf(
        "freestyle",
        "black: e8,f8,h10,h11; white: a1,o1,a15,o15; to-move: black",
        Algorithm::Solve,
        Budget::Depth(4),
        "h8",
        false
    )]
    fn finds(
        #[case] variant: &str,
        #[case] text: &str,
        #[case] algorithm: Algorithm,
        #[case] budget: Budget,
        #[case] best: &str,
        #[case] proves_a_win: bool,
    ) {
        let report = searched(variant, text, algorithm, budget);
        assert_eq!(report.result.best, Some(stone(best)));
        if proves_a_win {
            assert_eq!(report.proven.map(|p| p.verdict), Some(ProvenResult::Win));
        }
    }

    /// The `Searchable` laws (arbiter-laws).
    #[test]
    fn search_laws() {
        let opening = Gomoku::position("freestyle", "black: h8; white: i9; to-move: black");
        let renju = Gomoku::position("renju", "black: h8,i8; white: h9,g7; to-move: black");
        SearchLaws::new(vec![opening, renju])
            .nodes(2_000)
            .mcts_iterations(300)
            .check();
    }

    #[test]
    fn solve_proves_a_vcf_and_gives_up_when_there_is_none() {
        let report = searched(
            "renju",
            "black: g7,h8,i7,j8,j10,k8,l10; white: g5,h6,i6,j7,j9,k11,l8; to-move: black",
            Algorithm::Solve,
            Budget::Nodes(200_000),
        );
        assert_eq!(report.proven.map(|p| p.verdict), Some(ProvenResult::Win));
        assert_eq!(report.result.best, report.result.pv.first().copied());
        let quiet = Gomoku::position("renju", "black: h8; white: i9; to-move: black");
        assert!(matches!(
            search(&quiet, Algorithm::Solve, Budget::Nodes(20_000)),
            Err(SearchError::BudgetExhausted { .. })
        ));
    }

    /// The two cases of suites/gomoku/vct.yaml (wins argued there from the rules).
    #[test]
    fn solve_proves_the_renju_threat_wins() {
        for (text, first) in [
            (
                "black: a1,o1,a15,o15,c14; white: e8,f8,h10,h11; to-move: white",
                None,
            ),
            (
                "black: f8,g8,h8,i9,i10; white: e8,a1,o1,a15,o15; to-move: black",
                Some("i8"),
            ),
        ] {
            let report = searched("renju", text, Algorithm::Solve, Budget::Nodes(200_000));
            assert_eq!(
                report.proven.map(|p| p.verdict),
                Some(ProvenResult::Win),
                "{text}"
            );
            if let Some(first) = first {
                assert_eq!(report.result.best, Some(stone(first)));
            }
        }
    }
}
