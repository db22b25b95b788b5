//! The record of one game as the match keeps it (`games/NNNNN.json`): every move with its time
//! and what the engine said, the result, and the fault that ended the game, if one did.

use arbiter_engine::FaultKind;
use serde::{Deserialize, Serialize};

use super::seat::MoveInfo;
use super::stats::Score;

/// Engine A (named first on the command line) or engine B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    A,
    B,
}

impl Role {
    /// The other engine.
    #[must_use]
    pub const fn other(self) -> Role {
        match self {
            Role::A => Role::B,
            Role::B => Role::A,
        }
    }

    /// 0 for A, 1 for B.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Role::A => 0,
            Role::B => 1,
        }
    }

    /// `A` or `B`.
    #[must_use]
    pub const fn letter(self) -> &'static str {
        match self {
            Role::A => "A",
            Role::B => "B",
        }
    }
}

/// One ply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// The side that played it (the game's side name, e.g. `black`).
    pub(crate) side: String,
    /// The move in arbiter's notation.
    pub(crate) mv: String,
    /// Part of the opening (played by the referee, not by an engine).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opening: bool,
    /// The time the engine took, in ms (microsecond resolution).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<f64>,
    /// The limit the referee held this answer to, in ms: the move's limit under the match's
    /// control (the time left, under a game clock), with the start-up allowance of a side's
    /// first answer; tolerances aside. `None` without a clock (a node budget).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit_ms: Option<u64>,
    /// The side's time left on its game clock before this move, in ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_left_ms: Option<u64>,
    #[serde(default, flatten)]
    pub(crate) info: MoveInfo,
}

/// The clock of one answer: its time, the limit it was held to and the clock left before it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct AnswerClock {
    pub(crate) time_ms: f64,
    pub(crate) limit_ms: Option<u64>,
    pub(crate) clock_left_ms: Option<u64>,
}

/// The fault that ended a game: the side at fault loses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FaultRecord {
    pub(crate) role: Role,
    /// The engine's label.
    pub engine: String,
    /// The side it played.
    pub(crate) side: String,
    /// What went wrong (`illegal-move`, `renju-foul`, `wrong-pass`, `timeout`, `crash`, …),
    /// written as `class`.
    #[serde(rename = "class")]
    pub kind: FaultKind,
    /// The rule's reason code for a refused move (`occupied`, `double-three`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) code: Option<String>,
    pub detail: String,
    /// The move it answered, in arbiter's notation where it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) answer: Option<String>,
    /// The ply (from 0) it was asked at: the moves before it are the game's first `ply`.
    pub(crate) ply: usize,
    /// The position it was asked in, in the game's one-line form.
    pub(crate) position: String,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct GameResult {
    /// The winner, `None` for a draw.
    pub(crate) winner: Option<Role>,
    /// The end reason: the rules' (`line`, `no-moves`, `repetition`, …), `move-limit` for the
    /// referee's limit, `resignation`, or `fault`.
    pub(crate) reason: String,
    /// In words, e.g. `black wins by line`.
    pub(crate) text: String,
    /// The count of a counted game (the rules' final score, the first side's count minus the
    /// second's, before komi), with the agreed dead stones off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) score: Option<i32>,
    /// How the referee settled the end of a game over by passes with dead stones
    /// (`docs/match.md`): the engines' lists, and the count or the play-out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) adjudication: Option<String>,
}

impl GameResult {
    /// The score of engine `role`.
    #[must_use]
    pub(crate) fn score_of(&self, role: Role) -> Score {
        match self.winner {
            None => Score::Draw,
            Some(winner) if winner == role => Score::Win,
            Some(_) => Score::Loss,
        }
    }
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's number in the match's schedule, from 0.
    pub index: usize,
    /// Its pair (`index / 2`): the two games of a pair share an opening.
    pub(crate) pair: usize,
    pub(crate) opening: String,
    pub(crate) game: String,
    pub(crate) variant: String,
    /// The side names, first side (the side that moves first from the start) first.
    pub(crate) sides: [String; 2],
    /// Which engine played each side, first side first.
    pub(crate) roles: [Role; 2],
    /// The engines' labels, first side first.
    pub(crate) engines: [String; 2],
    pub moves: Vec<MoveRecord>,
    pub(crate) result: GameResult,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault: Option<FaultRecord>,
    /// The spec case written for the fault, relative to the match directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub found_case: Option<String>,
    /// The final position in the game's one-line form.
    pub(crate) final_position: String,
    /// Each side's time left on a game clock, in ms, first side first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) clock_left_ms: Option<[u64; 2]>,
    /// What the seats' drivers noticed outside a recorded move (at the game's end, such as a
    /// DXP game end not confirmed, or in the turn that faulted), each as `ENGINE: warning`;
    /// a move's own warnings are kept with the move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) warnings: Vec<String>,
    /// Wall-clock time of the whole game, in ms.
    pub duration_ms: f64,
}

impl GameRecord {
    /// The moves in arbiter's notation.
    #[must_use]
    pub fn move_list(&self) -> Vec<&str> {
        self.moves.iter().map(|m| m.mv.as_str()).collect()
    }
}
