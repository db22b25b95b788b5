//! A match as configured, kept in `match.json` so that `--resume` and `match merge` know
//! exactly what was played: the engines (with their parameters' text), the openings, the
//! limits, the schedule and its shard.
//!
//! # Schedule
//! Game `2p` and `2p + 1` form pair `p` and share opening `p` (cycled when the book is
//! shorter): in game `2p` engine A takes the first side, in `2p + 1` engine B does. `--shard
//! I/N` plays the pairs `p` with `p % N == I - 1`, so N shards play disjoint parts that
//! together are the whole schedule.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::clock::TimeControl;
use super::contestant::EngineEntry;
use super::openings::{Opening, OpeningBook};
use super::record::Role;
use super::stats::SprtConfig;
use super::timing::Phases;
use arbiter_engine::Budget;

/// The version tag of `match.json`.
pub(crate) const FORMAT: &str = "arbiter-match/1";

/// A fixed search budget for embedded (and `arbiter-line`) engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FixedBudget {
    Nodes(u64),
    Depth(u32),
}

impl FixedBudget {
    /// As a search budget.
    #[must_use]
    pub const fn budget(self) -> Budget {
        match self {
            FixedBudget::Nodes(nodes) => Budget::Nodes(nodes),
            FixedBudget::Depth(depth) => Budget::Depth(depth),
        }
    }
}

/// Part `index` (from 1) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub(crate) index: usize,
    pub count: usize,
}

impl FromStr for Shard {
    type Err = String;

    /// `I/N` with `1 <= I <= N`.
    fn from_str(text: &str) -> Result<Shard, String> {
        let (index, count) = text
            .split_once('/')
            .ok_or_else(|| format!("`{text}`: expected I/N, e.g. 1/4"))?;
        let parse = |part: &str| part.trim().parse::<usize>().ok();
        match (parse(index), parse(count)) {
            (Some(index), Some(count)) if index >= 1 && index <= count => {
                Ok(Shard { index, count })
            }
            _ => Err(format!("`{text}`: expected I/N with 1 <= I <= N")),
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchConfig {
    pub(crate) format: String,
    pub game: String,
    pub variant: String,
    /// Engine A, engine B.
    pub engines: [EngineEntry; 2],
    /// Games in the whole schedule (all shards), an even number.
    pub(crate) games: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtConfig>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) time_control: Option<TimeControl>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget: Option<FixedBudget>,
    /// The referee's move limit.
    pub max_plies: usize,
    /// The referee bans each move that would complete a repetition the variant's ruling loses
    /// for its mover, as UCCI's league does (UCCI engines are sent `banmoves`), and a banned
    /// move played is an illegal move (code `banned`); without it such a move is played and
    /// loses by the ruling.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub banmoves: bool,
    pub book: OpeningBook,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// The phases the clock's statistics are given for (`--phases`); `None`: the game's
    /// defaults ([`Phases::default_for`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phases: Option<Phases>,
}

impl MatchConfig {
    /// The number of pairs in the whole schedule.
    #[must_use]
    pub fn pairs(&self) -> usize {
        self.games / 2
    }

    /// Whether this run plays pair `pair`.
    #[must_use]
    pub(crate) fn plays_pair(&self, pair: usize) -> bool {
        self.shard
            .is_none_or(|shard| pair % shard.count == shard.index - 1)
    }

    /// The pairs this run plays, in order.
    #[must_use]
    pub(crate) fn scheduled_pairs(&self) -> Vec<usize> {
        (0..self.pairs()).filter(|&p| self.plays_pair(p)).collect()
    }

    /// The games this run plays, in order.
    #[must_use]
    pub fn scheduled_games(&self) -> Vec<usize> {
        self.scheduled_pairs()
            .into_iter()
            .flat_map(|pair| [2 * pair, 2 * pair + 1])
            .collect()
    }

    /// The opening of a pair.
    #[must_use]
    pub fn opening(&self, pair: usize) -> &Opening {
        &self.book.openings[pair % self.book.openings.len()]
    }

    /// Which engine takes the first side in game `index`.
    #[must_use]
    pub const fn first_role(index: usize) -> Role {
        if index.is_multiple_of(2) {
            Role::A
        } else {
            Role::B
        }
    }

    /// Whether an SPRT may stop this run early: not in a shard, whose SPRT the merge decides.
    #[must_use]
    pub(crate) fn stops_early(&self) -> bool {
        self.sprt.is_some() && self.shard.is_none()
    }

    /// The same match without its shard (what `match merge` combines shards into).
    #[must_use]
    pub(crate) fn unsharded(&self) -> MatchConfig {
        MatchConfig {
            shard: None,
            ..self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_pairs_exactly() {
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        for bad in ["0/3", "4/3", "3", "a/b"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let mut covered = Vec::new();
        for index in 1..=3 {
            let shard = Shard { index, count: 3 };
            let plays = |p: usize| p % shard.count == shard.index - 1;
            covered.extend((0..10).filter(|&p| plays(p)));
        }
        covered.sort_unstable();
        assert_eq!(covered, (0..10).collect::<Vec<_>>());
        assert_eq!(MatchConfig::first_role(4), Role::A);
        assert_eq!(MatchConfig::first_role(5), Role::B);
    }
}
