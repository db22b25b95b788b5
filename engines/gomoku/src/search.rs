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
//! The evaluation and the move ordering read threat levels ([`crate::level`]): per colour, what a
//! stone would make on each line through a point. Weights come from `engines/gomoku/params.yaml`.

use std::borrow::Cow;

use arbiter_core::{Game, Outcome};
use arbiter_search::score::{MATE_BOUND, mate_in, mated_in};
use arbiter_search::{
    Budget, EngineParams, Evaluator, Proven, Report, SearchError, SearchResult, Searchable, Verdict,
};
use serde::{Deserialize, Serialize};

use crate::game::{Gomoku, Move, Undo};
use crate::lines::level;
use crate::patterns::{LevelCounts, Patterns};
use crate::point::{CELLS, Colour};
use crate::vcf::{MAX_FOURS, VcfOutcome, solve_vcf_within};
use crate::vct::{best_level, solve_vct};

/// The node budget of `Solve` under a `Time` budget (the solvers count nodes, not time).
pub const SOLVE_TIME_NODES: u64 = 2_000_000;
/// The most attacker moves of a VCT under a node budget (iterative deepening stops there).
pub const MAX_VCT_ATTACKS: u32 = 12;

/// Points per level for one side (see `params.yaml` for what each level measures).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LevelWeights {
    /// Per five point (a point completing a winning line).
    pub five: i32,
    /// Per straight-four point (a stone there makes two five points on the line).
    pub open_four: i32,
    /// Per four point (a stone there makes one five point).
    pub four: i32,
    /// Per open-three point (a stone there makes a three candidate).
    pub open_three: i32,
    /// Per closed-three point (three own stones in a free five-cell window).
    pub three: i32,
    /// Per two point (two own stones in a free five-cell window).
    pub two: i32,
}

impl LevelWeights {
    /// The weighted sum of `counts`, fives being `fives` (overlines folded in by the caller).
    fn score(&self, counts: &LevelCounts, fives: i32) -> i32 {
        let count = |l: u8| i32::from(counts[usize::from(l)]);
        self.five * fives
            + self.open_four * count(level::OPEN_FOUR)
            + self.four * count(level::FOUR)
            + self.open_three * count(level::OPEN_THREE)
            + self.three * count(level::THREE)
            + self.two * count(level::TWO)
    }
}

/// The `eval:` section of `params.yaml`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EvalWeights {
    /// The score when the side to move has a five point.
    pub win_next_move: i32,
    /// The score subtracted when the opponent has two five points and the side to move none.
    pub lose_next_move: i32,
    /// Weights of the side to move's counts.
    pub own: LevelWeights,
    /// Weights of the opponent's counts (subtracted).
    pub opponent: LevelWeights,
}

/// The gomoku evaluator: pattern counts times weights, threat-class move ordering. It keeps
/// the `Patterns` of the searched position from [`Evaluator::begin`] on, updated by its
/// make/unmake hooks; before a search begins it counts them from scratch.
#[derive(Clone, Debug)]
pub struct GomokuEval {
    weights: EvalWeights,
    patterns: Option<Patterns>,
}

impl GomokuEval {
    /// An evaluator with these weights.
    #[must_use]
    pub fn new(weights: EvalWeights) -> GomokuEval {
        GomokuEval {
            weights,
            patterns: None,
        }
    }

    /// The patterns of `game`: the kept ones during a search, else counted now.
    fn patterns(&self, game: &Gomoku) -> Cow<'_, Patterns> {
        match &self.patterns {
            Some(patterns) => Cow::Borrowed(patterns),
            None => Cow::Owned(Patterns::of(game, true)),
        }
    }
}

/// The five points of `colour` in `counts`: exact fives, plus overlines where they win.
fn fives(game: &Gomoku, colour: Colour, counts: &LevelCounts) -> i32 {
    let mut fives = i32::from(counts[usize::from(level::FIVE)]);
    if game.variant().overline_wins(colour) {
        fives += i32::from(counts[usize::from(level::OVERLINE)]);
    }
    fives
}

/// Ordering classes, highest first (the hint's high part; the threat sum breaks ties below).
mod class {
    pub const WIN: i32 = 9;
    pub const BLOCK_FIVE: i32 = 8;
    pub const OPEN_FOUR: i32 = 7;
    pub const FOUR_THREE: i32 = 6;
    pub const BLOCK_OPEN_FOUR: i32 = 5;
    pub const FOUR: i32 = 4;
    pub const DOUBLE_THREE: i32 = 3;
    pub const BLOCK_FOUR_THREE: i32 = 2;
    pub const QUIET: i32 = 0;
}

/// Threat score per level for the tie-break inside a class (own and opponent levels added).
const TIE_BREAK: [i32; level::COUNT] = [0, 2, 6, 20, 40, 80, 160, 0];

impl Evaluator<Gomoku> for GomokuEval {
    fn evaluate(&self, game: &Gomoku) -> i32 {
        let me = game.colour_of(game.side_to_move());
        let them = me.opposite();
        let patterns = self.patterns(game);
        let (mine, theirs) = (patterns.counts(me), patterns.counts(them));
        let (my_fives, their_fives) = (fives(game, me, &mine), fives(game, them, &theirs));
        if game.colour_to_move() == me {
            if my_fives > 0 {
                return self.weights.win_next_move;
            }
            if their_fives >= 2 {
                return -self.weights.lose_next_move;
            }
        }
        let score = self.weights.own.score(&mine, my_fives)
            - self.weights.opponent.score(&theirs, their_fives);
        score.clamp(1 - MATE_BOUND / 2, MATE_BOUND / 2 - 1)
    }

    /// Wins, then blocks of fives, own straight fours, four-threes, blocks of the opponent's
    /// open threes, own fours, double threes, the rest by a threat sum (own and opponent levels
    /// at the point). Decisions (`swap`, `put-two`) are quiet.
    fn move_order_hint(&self, game: &Gomoku, mv: Move) -> i32 {
        let Move::Stone(point) = mv else {
            return class::QUIET;
        };
        let me = game.colour_to_move();
        let them = me.opposite();
        let variant = game.variant();
        let patterns = self.patterns(game);
        let mine = patterns.threat_levels(game, point, me);
        let theirs = patterns.threat_levels(game, point, them);
        let count =
            |levels: &[u8; 4], wanted: &[u8]| levels.iter().filter(|l| wanted.contains(l)).count();
        // Black's double fours and double threes are fouls under renju: no class of their own.
        let combos = |colour: Colour| !(colour == Colour::Black && variant.is_renju());
        let my_fours = count(&mine, &[level::FOUR, level::OPEN_FOUR]);
        let my_threes = count(&mine, &[level::OPEN_THREE]);
        let their_fours = count(&theirs, &[level::FOUR, level::OPEN_FOUR]);
        let their_threes = count(&theirs, &[level::OPEN_THREE]);
        let class = if best_level(mine, variant.overline_wins(me)) == level::FIVE {
            class::WIN
        } else if best_level(theirs, variant.overline_wins(them)) == level::FIVE {
            class::BLOCK_FIVE
        } else if mine.contains(&level::OPEN_FOUR) || (my_fours >= 2 && combos(me)) {
            class::OPEN_FOUR
        } else if my_fours >= 1 && my_threes >= 1 && combos(me) {
            class::FOUR_THREE
        } else if theirs.contains(&level::OPEN_FOUR) || (their_fours >= 2 && combos(them)) {
            class::BLOCK_OPEN_FOUR
        } else if my_fours >= 1 {
            class::FOUR
        } else if my_threes >= 2 && combos(me) {
            class::DOUBLE_THREE
        } else if their_fours >= 1 && their_threes >= 1 && combos(them) {
            class::BLOCK_FOUR_THREE
        } else {
            class::QUIET
        };
        let tie: i32 = mine
            .iter()
            .chain(&theirs)
            .map(|&l| TIE_BREAK[usize::from(l)])
            .sum();
        class * 10_000 + tie
    }

    fn history_slots(&self) -> usize {
        CELLS + 2
    }

    fn history_slot(&self, mv: Move) -> usize {
        match mv {
            Move::Stone(point) => point.index(),
            Move::Swap => CELLS,
            Move::PutTwo => CELLS + 1,
        }
    }

    fn begin(&mut self, root: &Gomoku) {
        self.patterns = Some(Patterns::of(root, true));
    }

    fn make(&mut self, game: &mut Gomoku, mv: Move) -> Undo {
        match &mut self.patterns {
            Some(patterns) => patterns.make(game, mv),
            None => game.make(mv),
        }
    }

    fn unmake(&mut self, game: &mut Gomoku, mv: Move, undo: Undo) {
        match &mut self.patterns {
            Some(patterns) => patterns.unmake(game, mv, undo),
            None => game.unmake(mv, undo),
        }
    }
}

impl Searchable for Gomoku {
    const PARAMS_PATH: &'static str = "engines/gomoku/params.yaml";
    const PARAMS_YAML: &'static str = include_str!("../params.yaml");
    type Weights = EvalWeights;
    type Evaluator = GomokuEval;

    fn evaluator(weights: EvalWeights) -> GomokuEval {
        GomokuEval::new(weights)
    }

    /// VCF, then VCT (see the module docs).
    fn solve(
        &self,
        budget: Budget,
        _: &EngineParams<EvalWeights>,
    ) -> Result<Report<Move>, SearchError> {
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
            verdict: Verdict::Win,
            margin: None,
        }),
    }
}

/// The report of a finished game: its result for the side to move, no move.
fn finished(game: &Gomoku, outcome: Outcome) -> Report<Move> {
    let (verdict, score) = match outcome.winner {
        None => (Verdict::Draw, 0),
        Some(winner) if winner == game.side_to_move() => (Verdict::Win, mate_in(0)),
        Some(_) => (Verdict::Loss, mated_in(0)),
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
    use crate::point::Point;
    use crate::variant::GomokuVariant;
    use arbiter_laws::SearchLaws;
    use arbiter_search::{Algorithm, SearchRequest, parse_params};

    fn position(variant: &str, text: &str) -> Gomoku {
        let variant: GomokuVariant = variant.parse().unwrap();
        Gomoku::from_setup(&variant, &Gomoku::parse_position(&variant, text).unwrap()).unwrap()
    }

    fn run(
        game: &Gomoku,
        algorithm: Algorithm,
        budget: Budget,
    ) -> Result<Report<Move>, SearchError> {
        game.search(SearchRequest { algorithm, budget }, Gomoku::PARAMS_YAML)
    }

    fn stone(text: &str) -> Move {
        Move::Stone(Point::parse(text).unwrap())
    }

    #[test]
    fn shipped_params_parse() {
        let params: EngineParams<EvalWeights> =
            parse_params(Gomoku::PARAMS_PATH, Gomoku::PARAMS_YAML).unwrap();
        assert!(params.eval.own.open_four > params.eval.own.four);
    }

    #[test]
    fn alpha_beta_completes_its_five_and_blocks_the_opponents() {
        // Black to move with its own four on row 8: five at l8 wins (h8-k8 plus l8; g8 is white).
        let game = position(
            "renju",
            "black: h8,i8,j8,k8; white: g8,h9,i10,a1; to-move: black",
        );
        let report = run(&game, Algorithm::AlphaBeta, Budget::Nodes(2_000)).unwrap();
        assert_eq!(report.result.best, Some(stone("l8")));
        assert_eq!(report.proven.map(|p| p.verdict), Some(Verdict::Win));
        // White to move must block it at l8.
        let game = position(
            "renju",
            "black: h8,i8,j8,k8; white: g8,h9,i10; to-move: white",
        );
        let report = run(&game, Algorithm::AlphaBeta, Budget::Nodes(20_000)).unwrap();
        assert_eq!(report.result.best, Some(stone("l8")));
    }

    /// The `Searchable` laws (arbiter-laws).
    #[test]
    fn search_laws() {
        let opening = position("freestyle", "black: h8; white: i9; to-move: black");
        let renju = position("renju", "black: h8,i8; white: h9,g7; to-move: black");
        SearchLaws::new(vec![opening, renju])
            .nodes(2_000)
            .mcts_iterations(300)
            .check();
    }

    #[test]
    fn solve_proves_a_vcf_and_gives_up_when_there_is_none() {
        let game = position(
            "renju",
            "black: g7,h8,i7,j8,j10,k8,l10; white: g5,h6,i6,j7,j9,k11,l8; to-move: black",
        );
        let report = run(&game, Algorithm::Solve, Budget::Nodes(200_000)).unwrap();
        assert_eq!(report.proven.map(|p| p.verdict), Some(Verdict::Win));
        assert_eq!(report.result.best, report.result.pv.first().copied());
        let quiet = position("renju", "black: h8; white: i9; to-move: black");
        assert!(matches!(
            run(&quiet, Algorithm::Solve, Budget::Nodes(20_000)),
            Err(SearchError::BudgetExhausted { .. })
        ));
    }

    #[test]
    fn solve_finds_a_threat_win_that_is_no_vcf() {
        let game = position(
            "freestyle",
            "black: e8,f8,h10,h11; white: a1,o1,a15,o15; to-move: black",
        );
        let report = run(&game, Algorithm::Solve, Budget::Depth(4)).unwrap();
        assert_eq!(report.result.best, Some(stone("h8")));
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
            let game = position("renju", text);
            let report = run(&game, Algorithm::Solve, Budget::Nodes(200_000)).unwrap();
            assert_eq!(
                report.proven.map(|p| p.verdict),
                Some(Verdict::Win),
                "{text}"
            );
            if let Some(first) = first {
                assert_eq!(report.result.best, Some(stone(first)));
            }
        }
    }

    #[test]
    fn ordering_puts_the_win_then_the_block_first() {
        let game = position(
            "freestyle",
            "black: h8,i8,j8,k8,c3; white: c4,c5,c6,c7; to-move: white",
        );
        let mut eval = GomokuEval::new(
            parse_params::<EngineParams<EvalWeights>>(Gomoku::PARAMS_PATH, Gomoku::PARAMS_YAML)
                .unwrap()
                .eval,
        );
        eval.begin(&game);
        let win = eval.move_order_hint(&game, stone("c8"));
        let block = eval.move_order_hint(&game, stone("l8"));
        let quiet = eval.move_order_hint(&game, stone("a15"));
        assert!(win > block && block > quiet, "{win} {block} {quiet}");
    }
}
