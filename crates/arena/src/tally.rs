//! The counts of a match and its result JSON. Every figure is engine B's (the candidate:
//! the changed parameters, the new build) against engine A (the reference), as
//! `match BASE NEW` reads.
//!
//! Pairs are counted in schedule order, as far as every game of the schedule is finished;
//! with an SPRT, counting stops at the pair where it decides. So the result does not depend
//! on how many games ran at once, in which order they finished, or whether the run was
//! interrupted and resumed: games finished beyond the decision are kept on disk but not
//! counted. After each counted pair the history records the counts, Elo and LLR, so that a
//! report can draw the match's course.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::config::MatchConfig;
use super::record::{GameRecord, Role};
use super::stats::{Decision, EloEstimate, Pentanomial, Wdl};
use super::timing;

/// The version tag of `result.json`.
pub(crate) const FORMAT: &str = "arbiter-match-result/1";

/// The statistics after one counted pair.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Point {
    pub(crate) pair: usize,
    pub(crate) games: u64,
    pub(crate) wdl: Wdl,
    pub(crate) elo: f64,
    pub(crate) elo95: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) llr: Option<f64>,
}

/// The running counts of a match.
#[derive(Clone, Debug)]
pub struct Tally {
    /// The pairs this run plays, in order.
    pairs: Vec<usize>,
    /// How many of them are counted.
    counted: usize,
    pub wdl: Wdl,
    pub(crate) pentanomial: Pentanomial,
    pub(crate) history: Vec<Point>,
    /// The SPRT's decision and the pair it came at.
    pub(crate) decision: Option<(Decision, usize)>,
    sprt: Option<super::stats::SprtConfig>,
    stops: bool,
}

impl Tally {
    /// Nothing counted yet.
    #[must_use]
    pub(crate) fn new(config: &MatchConfig) -> Tally {
        Tally {
            pairs: config.scheduled_pairs(),
            counted: 0,
            wdl: Wdl::default(),
            pentanomial: Pentanomial::default(),
            history: Vec::new(),
            decision: None,
            sprt: config.sprt,
            stops: config.stops_early(),
        }
    }

    /// Counts every pair that became complete; returns whether the SPRT has decided (and the
    /// run may stop).
    pub(crate) fn advance(&mut self, games: &BTreeMap<usize, GameRecord>) -> bool {
        while self.counted < self.pairs.len() && !self.decided() {
            let pair = self.pairs[self.counted];
            let (Some(first), Some(second)) = (games.get(&(2 * pair)), games.get(&(2 * pair + 1)))
            else {
                break;
            };
            // The statistics are engine B's, the candidate's, against engine A.
            let (first, second) = (
                first.result.score_of(Role::B),
                second.result.score_of(Role::B),
            );
            self.wdl.add(first);
            self.wdl.add(second);
            self.pentanomial.add_pair(first, second);
            self.counted += 1;
            let estimate = EloEstimate::from_pairs(&self.pentanomial);
            let llr = self.sprt.map(|sprt| sprt.llr(&self.pentanomial));
            self.history.push(Point {
                pair,
                games: self.wdl.games(),
                wdl: self.wdl,
                elo: estimate.elo,
                elo95: estimate.elo95,
                llr,
            });
            if let (Some(sprt), Some(llr)) = (self.sprt, llr) {
                let decision = sprt.decide(llr);
                if decision != Decision::Continue && self.stops {
                    self.decision = Some((decision, pair));
                }
            }
        }
        self.decided()
    }

    /// Whether the SPRT has decided.
    #[must_use]
    pub(crate) fn decided(&self) -> bool {
        self.decision.is_some()
    }

    /// Whether every scheduled pair is counted.
    #[must_use]
    pub(crate) fn complete(&self) -> bool {
        self.counted == self.pairs.len()
    }

    /// How the run stands: decided by the SPRT, else complete, else interrupted.
    #[must_use]
    pub(crate) fn status(&self) -> Status {
        if self.decided() {
            Status::Decided
        } else if self.complete() {
            Status::Complete
        } else {
            Status::Interrupted
        }
    }

    /// The last counted pair, if any.
    #[must_use]
    pub(crate) fn last_pair(&self) -> Option<usize> {
        self.counted.checked_sub(1).map(|i| self.pairs[i])
    }

    /// The LLR after the counted pairs.
    #[must_use]
    pub fn llr(&self) -> Option<f64> {
        self.history.last().and_then(|point| point.llr)
    }

    /// The statistics as JSON: counts, Elo, and the SPRT with its bounds and decision.
    #[must_use]
    pub fn statistics(&self) -> Value {
        let estimate = EloEstimate::from_pairs(&self.pentanomial);
        let sprt = self.sprt.map(|sprt| {
            let (lower, upper) = sprt.bounds();
            // The LLR of the counted pairs was computed as they were counted.
            let llr = self.llr().unwrap_or_else(|| sprt.llr(&self.pentanomial));
            let (decision, at) = match self.decision {
                Some((decision, pair)) => (decision, Some(pair)),
                None if self.stops => (Decision::Continue, None),
                // A shard's LLR is informative only; `match merge` decides.
                None => (sprt.decide(llr), None),
            };
            json!({
                "elo0": sprt.elo0,
                "elo1": sprt.elo1,
                "alpha": sprt.alpha,
                "beta": sprt.beta,
                "model": sprt.model,
                "llr": llr,
                "lower_bound": lower,
                "upper_bound": upper,
                "decision": decision,
                "decided_at_pair": at,
                "applied": self.stops,
            })
        });
        json!({
            "perspective": "engine B (the candidate) against engine A (the reference)",
            "games": self.wdl.games(),
            "pairs": self.pentanomial.pairs(),
            "wins": self.wdl.wins,
            "draws": self.wdl.draws,
            "losses": self.wdl.losses,
            "pentanomial": self.pentanomial,
            "pentanomial_classes": self.pentanomial.classes(),
            "score": estimate.score,
            "elo": estimate.elo,
            "elo95": estimate.elo95,
            "los": estimate.los,
            "nelo": estimate.nelo,
            "nelo95": estimate.nelo95,
            "sprt": sprt,
        })
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Every scheduled game was played.
    Complete,
    /// The SPRT decided before the end of the schedule.
    Decided,
    /// Stopped before either; `--resume` continues.
    Interrupted,
    /// A shard stopped by the stop file: the merged SPRT decided (`match merge --stop-file`).
    Stopped,
}

/// One game's line in the result.
fn game_line(record: &GameRecord, counted: bool) -> Value {
    let first = record.roles[0];
    json!({
        "index": record.index,
        "pair": record.pair,
        "opening": record.opening,
        "first": first,
        "score_b": record.result.score_of(Role::B),
        "winner": record.result.winner,
        "reason": record.result.reason,
        "plies": record.moves.len(),
        "fault": record.fault.as_ref().map(|fault| json!({
            "role": fault.role,
            "engine": fault.engine,
            "class": fault.kind,
            "code": fault.code,
            "ply": fault.ply,
        })),
        "found_case": record.found_case,
        "record": format!("games/{:05}.json", record.index),
        "duration_ms": record.duration_ms,
        "counted": counted,
    })
}

/// Faults by engine and class.
fn faults(games: &BTreeMap<usize, GameRecord>) -> Value {
    let mut by_role: [BTreeMap<String, u64>; 2] = [BTreeMap::new(), BTreeMap::new()];
    for fault in games.values().filter_map(|game| game.fault.as_ref()) {
        *by_role[fault.role.index()]
            .entry(fault.kind.code().to_owned())
            .or_default() += 1;
    }
    json!({ "a": by_role[0], "b": by_role[1] })
}

/// The whole result: the match, the statistics, the course after each pair and every game.
#[must_use]
pub(crate) fn result_json(
    config: &MatchConfig,
    games: &BTreeMap<usize, GameRecord>,
    tally: &Tally,
    status: Status,
) -> Value {
    let last = tally.last_pair();
    let counted = |record: &GameRecord| {
        last.is_some_and(|last| record.pair <= last) && config.plays_pair(record.pair)
    };
    let engine = |role: Role| {
        let entry = &config.engines[role.index()];
        json!({ "name": entry.name, "label": entry.label, "kind": entry.kind })
    };
    json!({
        "format": FORMAT,
        "game": config.game,
        "variant": config.variant,
        "engines": { "a": engine(Role::A), "b": engine(Role::B) },
        "config": {
            "games": config.games,
            "sprt": config.sprt,
            "time_control": config.time_control.map(|tc| tc.to_string()),
            "budget": config.budget,
            "max_plies": config.max_plies,
            "shard": config.shard.map(|shard| shard.to_string()),
            "openings": {
                "name": config.book.name,
                "origin": config.book.origin,
                "count": config.book.openings.len(),
                "repeated": config.pairs() > config.book.openings.len(),
            },
        },
        "status": status,
        "games_played": games.len(),
        "games_scheduled": config.scheduled_games().len(),
        "statistics": tally.statistics(),
        "faults": faults(games),
        "history": tally.history,
        "clock": timing::clock_json(config, games),
        "games": games.values().map(|record| game_line(record, counted(record))).collect::<Vec<_>>(),
    })
}
