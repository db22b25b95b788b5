//! The evaluation: a race between the two sides' best runners, weighed by the die.
//!
//! Scores are on the scale of a winning chance: a won game is [`WIN`], a lost one `-WIN`, and
//! a score `s` stands for a winning chance of about `(1 + s / WIN) / 2`, so that the means the
//! searches take at chance nodes are expectations. [`WIN`] is `6^7`: a mean over six rolls of
//! multiples of `6^k` is a multiple of `6^(k-1)`, so a search to the end whose lines end
//! within seven rolls computes the exact winning chance in whole numbers.
//!
//! A piece needs as many turns to reach its corner as its distance in steps (a diagonal step
//! shortens both the row and the column distance), divided by the chance that a roll lets it
//! move: a roll selects the piece of its number, and the number of a piece that is gone
//! selects the nearest pieces below and above it, so a side with fewer pieces moves each more
//! often (the rules' clause 2). A side's expected race is that of its best runner; the
//! evaluation weighs the difference of the two races (`race`), the difference of the piece
//! counts (`material`: more pieces, more choice and more to take) and the turn (`tempo`).

use arbiter_core::{Game, Side};
use arbiter_search::Evaluator;
use serde::{Deserialize, Serialize};

use crate::board::EinSteinMove;
use crate::board::{self, distance};
use crate::rules::{EinStein, Phase};

/// The score of a won game: `6^7` ([module docs](self)).
pub const WIN: i32 = 279_936;

/// The evaluation weights, the `eval:` section of `engines/einstein/params.yaml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Params {
    /// Per sixth of a turn by which the side's best runner is ahead of the opponent's.
    pub race: i32,
    /// Per piece more than the opponent.
    pub material: i32,
    /// For the side to move (the die is rolled for it next, or it has rolled).
    pub tempo: i32,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            race: 4_000,
            material: 3_000,
            tempo: 12_000,
        }
    }
}

/// How many of the die's six numbers let `side` move its piece `number`.
#[must_use]
pub fn faces(game: &EinStein, side: Side, number: u8) -> u32 {
    (1..=6)
        .filter(|&die| {
            let (numbers, count) = game.selectable(side, die);
            numbers[..count].contains(&number)
        })
        .count() as u32
}

/// `side`'s expected race in sixths of a turn: the least, over its pieces, of the steps to
/// its corner times six over the faces that move the piece.
#[must_use]
pub fn race(game: &EinStein, side: Side) -> i32 {
    let alive = game.alive(side);
    (1..=6u8)
        .filter(|&number| alive & (1 << (number - 1)) != 0)
        .filter_map(|number| {
            let square = game.square_of(side, number)?;
            let steps = distance(side, square) as u32;
            Some((steps * 36 / faces(game, side, number).max(1)) as i32)
        })
        .min()
        .unwrap_or(36 * 4)
}

impl Params {
    /// The static value of `game` (not over) for its side to move.
    #[must_use]
    pub fn score(&self, game: &EinStein) -> i32 {
        let me = game.side_to_move();
        let you = me.opponent();
        if game.phase() == Phase::Place {
            return 0;
        }
        let pieces = |side| i32::from(game.alive(side).count_ones() as u8);
        let value = self.race * (race(game, you) - race(game, me))
            + self.material * (pieces(me) - pieces(you))
            + self.tempo;
        value.clamp(1 - WIN, WIN - 1)
    }
}

arbiter_search::evaluator_from!(Params);

impl Evaluator<EinStein> for Params {
    fn evaluate(&self, game: &EinStein) -> i32 {
        self.score(game)
    }

    /// A step onto the corner first, then taking an enemy piece, then a diagonal step (it
    /// shortens both distances); taking one's own piece last.
    fn move_order_hint(&self, game: &EinStein, mv: EinSteinMove) -> i32 {
        let EinSteinMove::Step { from, to } = mv else {
            return 0;
        };
        let side = game.side_to_move();
        if to == board::goal(side) {
            return 4;
        }
        let diagonal = i32::from(from.row() != to.row() && from.column() != to.column());
        match game.piece_at(to) {
            Some(piece) if piece.side != side => 2 + diagonal,
            Some(_) => -1,
            None => diagonal,
        }
    }

    /// A won game is `WIN` whatever its length, so that a chance node's mean is an
    /// expectation (a loss `-WIN`; EinStein has no draws).
    fn terminal_score(&self, game: &EinStein, outcome: arbiter_core::Outcome, _ply: usize) -> i32 {
        match outcome.winner {
            Some(winner) if winner == game.side_to_move() => WIN,
            Some(_) => -WIN,
            None => 0,
        }
    }

    fn history_slots(&self) -> usize {
        board::SQUARES * board::SQUARES
    }

    fn history_slot(&self, mv: EinSteinMove) -> usize {
        match mv {
            EinSteinMove::Step { from, to } => from.index() * board::SQUARES + to.index(),
            EinSteinMove::Layout(_) | EinSteinMove::Roll(_) => 0,
        }
    }

    fn score_bounds(&self) -> (i32, i32) {
        (-WIN, WIN)
    }
}
