//! The static evaluation and the point values that order and narrow the search, both from
//! window counts (see [`crate::windows`]).
//!
//! For the side to move `S` and its opponent `O`:
//!
//! - `S` has a threat (a window with four or five of its stones and none of `O`'s): `S`
//!   completes six this turn, the value is `win-next`;
//! - `O`'s threats need three or more stones to block: `S` cannot stop them all and `O` wins
//!   next turn, the value is `-win-next`;
//! - otherwise `sum over k in 1..=3 of window-k * (windows open for S with k stones - the same
//!   for O) - block-stone * (stones S must spend blocking O's threats) + tempo`.
//!
//! The two extreme cases are exact consequences of "six or more in a row wins" and two stones
//! per turn; the sum is a heuristic. The weights come from `params.yaml` ([`EvalParams`]).
//!
//! A point's value (for move ordering and for the narrowed move list of [`crate::narrow`]) sums,
//! over the windows through it that hold stones of one side only, `attack[k]` for the mover's
//! windows with `k` stones and `defence[k]` for the opponent's (`k = 0` for an empty window).

use std::cell::RefCell;

use arbiter_core::{Game, Side};
use arbiter_search::{Evaluator, MoveSet};
use serde::{Deserialize, Serialize};

use crate::Connect6;
use crate::board::Move;
use crate::board::{Board, POINTS, SIX};
use crate::narrow::narrow_moves;
use crate::windows::{Gap, THREAT, for_each_window, min_blockers};

/// The `eval:` section of `engines/connect6/params.yaml`. All scores are in evaluation points
/// from the side to move's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EvalParams {
    /// Per window holding exactly one stone of a side and none of the other's.
    pub window_1: i32,
    /// Per window holding exactly two stones of a side only.
    pub window_2: i32,
    /// Per window holding exactly three stones of a side only (one turn from a threat).
    pub window_3: i32,
    /// Per stone the side to move must place to block the opponent's threats (0, 1 or 2).
    pub block_stone: i32,
    /// Bonus of the side to move for having the turn.
    pub tempo: i32,
    /// The value of a position the side to move wins on this turn (it has a threat), and minus
    /// the value of one it loses next turn (the opponent's threats need three blockers). Must
    /// stay below `arbiter_search::score::MATE_BOUND`.
    pub win_next: i32,
    /// Point value added per window of the mover through the point, by its stone count `k`
    /// (index 0..=5; index 0 = an empty window).
    pub attack: [i32; SIX],
    /// Point value added per window of the opponent through the point, by its stone count.
    pub defence: [i32; SIX],
    /// How many points (best first by value) the narrowed move list pairs up: the search
    /// looks at `C(n, 2)` pairs per node plus forced blocks.
    pub candidate_points: usize,
}

impl Default for EvalParams {
    /// The values shipped in `params.yaml` (a test keeps the two equal).
    fn default() -> EvalParams {
        EvalParams {
            window_1: 1,
            window_2: 8,
            window_3: 40,
            block_stone: 80,
            tempo: 20,
            win_next: 500_000,
            attack: [1, 6, 30, 300, 5_000, 5_000],
            defence: [0, 4, 20, 100, 2_000, 2_000],
            candidate_points: 10,
        }
    }
}

/// What one scan of the windows finds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// `open[side][k]`: windows holding exactly `k` stones of `side` and none of the other's.
    pub open: [[u32; SIX + 1]; 2],
    /// Each side's threat gaps (distinct), see [`crate::windows::threat_gaps`].
    pub gaps: [Vec<Gap>; 2],
}

/// Scans every window of `board` once; with `values`, also adds each window's point values
/// for the mover `values.1` into `values.0` (which the caller zeroes).
pub fn analyse(
    board: &Board,
    params: &EvalParams,
    values: Option<(&mut [i32; POINTS], Side)>,
) -> Analysis {
    let mut analysis = Analysis::default();
    let mut values = values;
    for_each_window(board, |window| {
        let [black, white] = window.counts;
        let owner = match (black, white) {
            (0, 0) => None,
            (_, 0) => Some(Side::First),
            (0, _) => Some(Side::Second),
            _ => return, // dead: both colours, nobody can six here
        };
        if let Some(side) = owner {
            let k = usize::from(window.own(side));
            analysis.open[side.index()][k] += 1;
            if window.own(side) >= THREAT {
                let mut empties = window.empties(board);
                if let Some(a) = empties.next() {
                    let gap = (a, empties.next().unwrap_or(a));
                    let gaps = &mut analysis.gaps[side.index()];
                    if !gaps.contains(&gap) {
                        gaps.push(gap);
                    }
                }
            }
        }
        if let Some((values, mover)) = values.as_mut() {
            // A full window (six, a finished game) scores like five: no index past the table.
            let k = |side: Side| usize::from(window.own(side)).min(SIX - 1);
            let add = match owner {
                None => params.attack[0],
                Some(side) if side == *mover => params.attack[k(side)],
                Some(side) => params.defence[k(side)],
            };
            for i in window.indices() {
                if board.cell(i).is_none() {
                    values[i] = values[i].saturating_add(add);
                }
            }
        }
    });
    analysis
}

/// The static value of `game` (not over) for its side to move; see the module docs.
#[must_use]
pub fn evaluate(game: &Connect6, params: &EvalParams) -> i32 {
    let me = game.side_to_move();
    let opp = me.opponent();
    let a = analyse(game.board(), params, None);
    if !a.gaps[me.index()].is_empty() {
        return params.win_next;
    }
    let blockers = min_blockers(&a.gaps[opp.index()]);
    if blockers >= 3 {
        return -params.win_next;
    }
    let weights = [0, params.window_1, params.window_2, params.window_3];
    // In i64: a parameters file may hold any i32 weights.
    let mut score = i64::from(params.tempo) - i64::from(params.block_stone) * i64::from(blockers);
    for (k, &w) in weights.iter().enumerate().skip(1) {
        let diff = i64::from(a.open[me.index()][k]) - i64::from(a.open[opp.index()][k]);
        score += i64::from(w) * diff;
    }
    // Stay clear of the win scores whatever the weights.
    let bound = (i64::from(params.win_next) - 1).max(0);
    i32::try_from(score.clamp(-bound, bound)).unwrap_or(0)
}

/// The point values of `game` for its side to move (0 on occupied points).
pub fn point_values(game: &Connect6, params: &EvalParams, values: &mut [i32; POINTS]) -> Analysis {
    values.fill(0);
    analyse(game.board(), params, Some((values, game.side_to_move())))
}

/// Point values of the last position asked about, keyed by its hash: move ordering asks for
/// every move of a node in turn, and the table is computed once per node.
#[derive(Clone, Debug)]
struct Cache {
    hash: Option<u64>,
    values: Box<[i32; POINTS]>,
}

/// The evaluator the searchers use: `evaluate`, point values for ordering, and the narrowed
/// move list (`narrow_moves`).
#[derive(Clone, Debug)]
pub struct Connect6Eval {
    params: EvalParams,
    cache: RefCell<Cache>,
}

impl Connect6Eval {
    /// An evaluator with these weights.
    #[must_use]
    pub fn new(params: EvalParams) -> Connect6Eval {
        Connect6Eval {
            params,
            cache: RefCell::new(Cache {
                hash: None,
                values: Box::new([0; POINTS]),
            }),
        }
    }

    /// The weights.
    #[must_use]
    pub const fn params(&self) -> &EvalParams {
        &self.params
    }

    /// The sum of the point values of the move's stones in `game`.
    #[must_use]
    pub fn move_value(&self, game: &Connect6, mv: Move) -> i32 {
        let mut cache = self.cache.borrow_mut();
        if cache.hash != Some(game.hash()) {
            point_values(game, &self.params, &mut cache.values);
            cache.hash = Some(game.hash());
        }
        mv.points()
            .map(|p| cache.values[p.index()])
            .fold(0, i32::saturating_add)
    }
}

arbiter_search::evaluator_from!(Connect6Eval, EvalParams);

impl Evaluator<Connect6> for Connect6Eval {
    fn evaluate(&self, game: &Connect6) -> i32 {
        evaluate(game, &self.params)
    }

    /// The move's point value: stones that extend the mover's windows or cut the opponent's
    /// come first.
    fn move_order_hint(&self, game: &Connect6, mv: Move) -> i32 {
        self.move_value(game, mv)
    }

    fn history_slots(&self) -> usize {
        POINTS
    }

    /// The first stone's point: a coarse but dense index.
    fn history_slot(&self, mv: Move) -> usize {
        mv.first().index()
    }

    /// The threat-narrowed pair list (`narrow_moves`).
    fn search_moves(&mut self, game: &Connect6, moves: &mut Vec<Move>) -> MoveSet {
        narrow_moves(game, &self.params, moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Connect6Variant;

    fn after(moves: &str) -> Connect6 {
        arbiter_laws::played(&Connect6Variant::STANDARD, moves)
    }

    #[test]
    fn a_threat_for_the_mover_is_a_win_next() {
        // Black a1..d1, black to move.
        let game = after("j10 a19-b19 a1-b1 d19-e19 c1-d1 g19-h19");
        let params = EvalParams::default();
        assert_eq!(evaluate(&game, &params), params.win_next);
    }

    #[test]
    fn three_blockers_needed_is_a_loss_next() {
        // White to move; black has three separate fours (rows 1, 5 and 9, columns a..d) and
        // white's stones (columns a and s, every other row) make no window of four.
        let game = after(
            "j10 a19-s19 a1-b1 a17-s17 c1-d1 a15-s15 a5-b5 a13-s13 c5-d5 a11-s11 a9-b9 s9-s7 c9-d9",
        );
        assert_eq!(game.side_to_move(), Side::Second);
        let params = EvalParams::default();
        assert_eq!(evaluate(&game, &params), -params.win_next);
    }

    #[test]
    fn quiet_values_stay_inside_the_win_scores() {
        let game = after("j10 a1-s19");
        let params = EvalParams::default();
        assert!(evaluate(&game, &params).abs() < params.win_next);
    }

    #[test]
    fn move_values_favour_the_threat_gap() {
        // White to move must block black's a1..d1 at e1 or f1: those points score highest.
        let game = after("j10 a19-b19 a1-b1 d19-s10 c1-d1");
        let eval = Connect6Eval::new(EvalParams::default());
        let block = game.parse_move("e1-f1").unwrap();
        let quiet = game.parse_move("k11-l12").unwrap();
        assert!(eval.move_value(&game, block) > eval.move_value(&game, quiet));
    }
}
