//! One side of one game: a [`Seat`] is asked for moves and answers, or fails with a fault.
//!
//! Embedded engines search the referee's own position ([`EmbeddedSeat`]); external engines
//! are asked through their protocol by the one adapter in [`super::external_seat`], so that a
//! change on the external side (drivers, manifests, new fault kinds) is a one-place edit.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::clock::TurnLimit;
use arbiter_engine::{Algorithm, Budget, Fault, FaultKind, Position, SearchReport};
use arbiter_external::MoveAnswer;

/// What a seat is asked: the moves so far (from the start, canonical) and the referee's
/// position after them.
pub struct Turn<'a> {
    pub(crate) history: &'a [String],
    pub(crate) position: &'a dyn Position,
    pub(crate) limit: TurnLimit,
    /// Moves the referee bans here (a repetition lost by its mover, under `--banmoves`).
    pub(crate) banned: &'a [String],
}

/// What an engine said about its move, where its protocol gives it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct MoveInfo {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) score: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) depth: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) nodes: Option<u64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) pv: Vec<String>,
    /// Free text the protocol carried (Botzone's `debug`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) note: Option<String>,
    /// What the seat's driver noticed while the engine answered (a skipped line, a move over
    /// the move time but inside the tolerance, a missing optional command): kept with the move
    /// it came with, so that a match's records say what a protocol check would.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) warnings: Vec<String>,
}

impl MoveInfo {
    /// The info of a search report.
    #[must_use]
    pub(crate) fn of_report(report: &SearchReport) -> MoveInfo {
        MoveInfo {
            score: Some(report.score),
            depth: Some(report.depth),
            nodes: Some(report.nodes),
            pv: report.pv.clone(),
            note: None,
            warnings: Vec::new(),
        }
    }
}

/// A seat's answer, decoded but not yet judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub(crate) answer: MoveAnswer,
    pub(crate) info: MoveInfo,
}

/// One side of one game.
pub trait Seat: Send {
    /// The answer in the turn's position.
    ///
    /// # Errors
    /// The [`Fault`] of an engine that did not answer properly.
    fn play(&mut self, turn: &Turn<'_>) -> Result<Reply, Fault>;
    /// The game is over after `history` (see [`arbiter_external::Player::game_over`]).
    fn game_over(&mut self, _history: &[String]) {}
    /// The stones the seat holds dead after the passes that ended `history`; `None` when it
    /// cannot say (an embedded engine: it plays by the rules' own count, every stone alive).
    ///
    /// # Errors
    /// The [`Fault`] of an engine that failed to answer.
    fn dead_stones(&mut self, _history: &[String]) -> Result<Option<Vec<String>>, Fault> {
        Ok(None)
    }
    /// The game goes on as a play-out of disputed dead stones (see
    /// [`arbiter_external::Player::begin_play_out`]).
    fn begin_play_out(&mut self) {}
    /// The warnings of the seat's driver since the last call (see
    /// [`arbiter_external::Player::take_warnings`]); the referee asks after each answer and
    /// at the end of the game. An embedded engine has none.
    fn take_warnings(&mut self) -> Vec<String> {
        Vec::new()
    }
    /// Ends the game for this seat (processes are stopped).
    fn finish(&mut self);
}

/// How an embedded engine searches each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SearchLimit {
    /// A fixed budget: games are deterministic.
    Fixed(Budget),
    /// On the clock: this share of the move's limit.
    Clock,
}

/// The share of a move's time limit an embedded engine searches for (arbiter-bot's share):
/// its stop checks are batched, the first search of a game also clears its table, and on a
/// busy machine the thread may wait for a core; the referee's wall-clock check must not flag
/// that.
pub(crate) const CLOCK_SHARE: f64 = 0.3;

/// Under a game clock without a limit per move, a move gets this fraction of the time left.
pub(crate) const GAME_CLOCK_DIVISOR: u32 = 30;

/// The search time for a move under a clock: under byo-yomi a share of main time (never less
/// than a period's share per stone), then the period's time over its stones left.
#[must_use]
pub(crate) fn clock_budget(limit: TurnLimit) -> Duration {
    let from_move = limit.move_ms.map_or(u64::MAX, |ms| ms);
    let from_clock = match (limit.time_left_ms, limit.byo_yomi) {
        (_, Some(clock)) if clock.stones_left > 0 => {
            clock.period_left_ms / u64::from(clock.stones_left)
        }
        (_, Some(clock)) => (clock.main_left_ms / u64::from(GAME_CLOCK_DIVISOR))
            .max(clock.period_ms / u64::from(clock.stones.max(1))),
        (Some(ms), None) => ms / u64::from(GAME_CLOCK_DIVISOR),
        (None, None) => u64::MAX,
    };
    let ms = from_move.min(from_clock);
    Duration::from_secs_f64(ms as f64 / 1000.0 * CLOCK_SHARE)
}

/// An embedded engine's seat: it searches the referee's position with its parameters file.
pub(crate) struct EmbeddedSeat {
    params_yaml: Option<String>,
    limit: SearchLimit,
    algorithm: Algorithm,
}

impl EmbeddedSeat {
    /// A seat searching by `algorithm` with `params_yaml` (the engine's shipped file when
    /// `None`).
    #[must_use]
    pub(crate) fn new(
        params_yaml: Option<String>,
        limit: SearchLimit,
        algorithm: Algorithm,
    ) -> EmbeddedSeat {
        EmbeddedSeat {
            params_yaml,
            limit,
            algorithm,
        }
    }
}

impl Seat for EmbeddedSeat {
    fn play(&mut self, turn: &Turn<'_>) -> Result<Reply, Fault> {
        let budget = match self.limit {
            SearchLimit::Fixed(budget) => budget,
            SearchLimit::Clock => Budget::Time(clock_budget(turn.limit)),
        };
        let report = turn
            .position
            .search(self.algorithm, budget, self.params_yaml.as_deref())
            .map_err(|error| Fault {
                kind: FaultKind::EngineError,
                detail: error.to_string(),
                played: None,
            })?;
        let best = report.best.clone().ok_or_else(|| Fault {
            kind: FaultKind::NoAnswer,
            detail: "the search returned no move in a position that goes on".to_owned(),
            played: None,
        })?;
        Ok(Reply {
            answer: MoveAnswer::Move(best),
            info: MoveInfo::of_report(&report),
        })
    }

    fn finish(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budgets_take_a_share_of_the_tighter_limit() {
        let move_only = TurnLimit {
            move_ms: Some(1000),
            time_left_ms: None,
            byo_yomi: None,
        };
        assert_eq!(clock_budget(move_only), Duration::from_millis(300));
        let game = TurnLimit {
            move_ms: Some(60_000),
            time_left_ms: Some(60_000),
            byo_yomi: None,
        };
        assert_eq!(clock_budget(game), Duration::from_millis(600));
    }

    #[test]
    fn byo_yomi_budgets_share_main_time_then_the_period_over_its_stones() {
        let control = arbiter_external::ByoYomi {
            main_ms: 60_000,
            period_ms: 10_000,
            stones: 5,
            main_left_ms: 30_000,
            period_left_ms: 10_000,
            stones_left: 0,
        };
        let limit = |clock: arbiter_external::ByoYomi| TurnLimit {
            move_ms: Some(clock.main_left_ms + clock.period_left_ms),
            time_left_ms: None,
            byo_yomi: Some(clock),
        };
        // Main time: 30 s / 30 = 1 s, less than the period's 2 s a stone.
        assert_eq!(clock_budget(limit(control)), Duration::from_millis(600));
        let in_period = arbiter_external::ByoYomi {
            main_left_ms: 0,
            period_left_ms: 4000,
            stones_left: 4,
            ..control
        };
        assert_eq!(clock_budget(limit(in_period)), Duration::from_millis(300));
    }
}
