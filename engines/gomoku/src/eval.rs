//! The evaluation and the move ordering for alpha-beta and MCTS ([`GomokuEval`]): threat levels
//! per colour ([`crate::lines`]), counted incrementally beside the position
//! ([`crate::patterns::Patterns`], through the searchers' make/unmake hooks), weighed by the
//! `eval:` section of `engines/gomoku/params.yaml` ([`EvalWeights`]).

use std::borrow::Cow;

use arbiter_core::Game;
use arbiter_search::Evaluator;
use arbiter_search::score::MATE_BOUND;
use serde::{Deserialize, Serialize};

use crate::board::{CELLS, Colour, Move};
use crate::lines::level;
use crate::patterns::{LevelCounts, Patterns};
use crate::rules::{Gomoku, Undo};
use crate::vct::best_level;

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

arbiter_search::evaluator_from!(GomokuEval, EvalWeights);

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

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_laws::Fixture;
    use arbiter_search::Searchable;

    fn stone(text: &str) -> Move {
        Move::Stone(crate::Point::parse(text).unwrap())
    }

    #[test]
    fn ordering_puts_the_win_then_the_block_first() {
        let game = Gomoku::position(
            "freestyle",
            "black: h8,i8,j8,k8,c3; white: c4,c5,c6,c7; to-move: white",
        );
        let mut eval = GomokuEval::new(Gomoku::read_params(Gomoku::PARAMS_YAML).unwrap().eval);
        eval.begin(&game);
        let win = eval.move_order_hint(&game, stone("c8"));
        let block = eval.move_order_hint(&game, stone("l8"));
        let quiet = eval.move_order_hint(&game, stone("a15"));
        assert!(win > block && block > quiet, "{win} {block} {quiet}");
    }
}
