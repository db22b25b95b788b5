//! The clock of a match as a team reads it before a tournament: per engine, the time of its
//! moves against the ply (with the limits it was held to), per phase of the game (mean, 95th
//! percentile, maximum), the clock left at the end of each game under a game clock, and the
//! moves that came within 10% of their limit. Computed from the game records alone into the
//! result's `clock` section, which the report draws and the command line summarizes.
//!
//! Plies are numbered from 1 (the first move of the game, opening moves included), so that a
//! phase `21-44` of Othello is the 21st to the 44th disc-or-pass of the game whoever played it.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::config::MatchConfig;
use super::record::{GameRecord, Role};

/// A move counts as near its limit from this share of the limit on.
pub(crate) const NEAR_LIMIT: f64 = 0.9;
/// The most near-limit moves listed per engine (all are counted).
const NEAR_LIMIT_LISTED: usize = 100;

/// One phase of a game: the plies `first..=last` (from 1; `last` open for the rest).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Phase {
    pub name: String,
    pub first: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<usize>,
}

impl Phase {
    fn holds(&self, ply: usize) -> bool {
        ply >= self.first && self.last.is_none_or(|last| ply <= last)
    }
}

/// The phases of a game, in order, without gaps or overlaps, from ply 1 on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Phases(pub Vec<Phase>);

impl Phases {
    /// The default phases of a game: opening, middle game and endgame by the plies where a
    /// game of it usually turns, as its engine says (`Game::phase_plies`: Othello 20 and 44,
    /// Go a sixth and half of its points, …; chess's rule of thumb, 20 and 60, otherwise).
    #[must_use]
    pub fn default_for(game: &str, variant: &str) -> Phases {
        // The game's own phases (its `Game::phase_plies`); the rule of thumb for a game or
        // variant arbiter does not know.
        let (opening, middle) = arbiter_engine::find_engine(game)
            .and_then(|engine| engine.phase_plies(variant))
            .unwrap_or((20, 60));
        Phases(vec![
            Phase {
                name: "opening".to_owned(),
                first: 1,
                last: Some(opening),
            },
            Phase {
                name: "middle game".to_owned(),
                first: opening + 1,
                last: Some(middle),
            },
            Phase {
                name: "endgame".to_owned(),
                first: middle + 1,
                last: None,
            },
        ])
    }
}

impl FromStr for Phases {
    type Err = String;

    /// `1-20,21-44,45-` or with names, `opening=1-20,middle=21-44,end=45-`: consecutive ply
    /// ranges from 1, the last one open.
    fn from_str(text: &str) -> Result<Phases, String> {
        let mut phases = Vec::new();
        let mut next = 1;
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        for (i, part) in parts.iter().enumerate() {
            let (name, range) = match part.split_once('=') {
                Some((name, range)) => (name.trim().to_owned(), range.trim()),
                None => (format!("plies {part}"), *part),
            };
            let (first, last) = range.split_once('-').ok_or_else(|| {
                format!("`{part}`: expected FIRST-LAST or FIRST- (plies from 1), e.g. 1-20")
            })?;
            let ply = |text: &str| {
                text.trim()
                    .parse::<usize>()
                    .map_err(|_| format!("`{part}`: `{text}` is not a ply number"))
            };
            let first = ply(first)?;
            if first != next {
                return Err(format!(
                    "`{part}`: the phases must follow each other from ply 1; expected this one to \
                     start at {next}"
                ));
            }
            let open = i + 1 == parts.len();
            let last = match (last.trim(), open) {
                ("", true) => None,
                ("", false) => {
                    return Err(format!("`{part}`: only the last phase is open-ended"));
                }
                (_, true) => {
                    return Err(format!(
                        "`{part}`: the last phase is open-ended (`{first}-`): every ply belongs \
                         to a phase"
                    ));
                }
                (last, false) => Some(ply(last)?),
            };
            if let Some(last) = last {
                if last < first {
                    return Err(format!("`{part}`: ends before it starts"));
                }
                next = last + 1;
            }
            phases.push(Phase { name, first, last });
        }
        Ok(Phases(phases))
    }
}

impl fmt::Display for Phases {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|phase| {
                let last = phase.last.map_or_else(String::new, |last| last.to_string());
                format!("{}={}-{last}", phase.name, phase.first)
            })
            .collect();
        f.write_str(&parts.join(","))
    }
}

/// Mean, 95th percentile (nearest rank) and maximum of some times.
fn spread(times: &mut [f64]) -> Value {
    if times.is_empty() {
        return json!({ "moves": 0 });
    }
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let rank = ((0.95 * times.len() as f64).ceil() as usize).clamp(1, times.len());
    json!({
        "moves": times.len(),
        "mean_ms": mean,
        "p95_ms": times[rank - 1],
        "max_ms": times[times.len() - 1],
    })
}

/// One engine's timed moves.
#[derive(Default)]
struct EngineMoves {
    /// By ply: the times and the least limit.
    by_ply: BTreeMap<usize, (Vec<f64>, Option<u64>)>,
    near_limit: Vec<Value>,
    near_limit_count: usize,
    /// Per game under a game clock: (game, the clock left at its end).
    clock_left: Vec<(usize, u64)>,
}

impl EngineMoves {
    fn add(&mut self, game: usize, ply: usize, time_ms: f64, limit_ms: Option<u64>) {
        let entry = self.by_ply.entry(ply).or_default();
        entry.0.push(time_ms);
        if let Some(limit) = limit_ms {
            entry.1 = Some(entry.1.map_or(limit, |least| least.min(limit)));
            if time_ms >= NEAR_LIMIT * limit as f64 {
                self.near_limit_count += 1;
                if self.near_limit.len() < NEAR_LIMIT_LISTED {
                    self.near_limit.push(json!({
                        "game": game,
                        "ply": ply,
                        "time_ms": time_ms,
                        "limit_ms": limit,
                        "record": format!("games/{game:05}.json"),
                    }));
                }
            }
        }
    }

    fn json(&self, label: &str, phases: &Phases) -> Value {
        let by_ply: Vec<Value> = self
            .by_ply
            .iter()
            .map(|(ply, (times, limit))| {
                let mean = times.iter().sum::<f64>() / times.len() as f64;
                let max = times.iter().copied().fold(0.0, f64::max);
                json!({ "ply": ply, "moves": times.len(), "mean_ms": mean, "max_ms": max,
                        "limit_ms": limit })
            })
            .collect();
        let phase_lines: Vec<Value> = phases
            .0
            .iter()
            .map(|phase| {
                let mut times: Vec<f64> = self
                    .by_ply
                    .iter()
                    .filter(|(ply, _)| phase.holds(**ply))
                    .flat_map(|(_, (times, _))| times.iter().copied())
                    .collect();
                let mut line = spread(&mut times);
                line["name"] = json!(phase.name);
                line["first"] = json!(phase.first);
                line["last"] = json!(phase.last);
                line
            })
            .collect();
        let mut all: Vec<f64> = self
            .by_ply
            .values()
            .flat_map(|(times, _)| times.iter().copied())
            .collect();
        let clock_left = (!self.clock_left.is_empty()).then(|| {
            let (least_game, least) = self
                .clock_left
                .iter()
                .copied()
                .min_by_key(|&(_, left)| left)
                .unwrap_or_default();
            let mean = self
                .clock_left
                .iter()
                .map(|&(_, left)| left as f64)
                .sum::<f64>()
                / self.clock_left.len() as f64;
            json!({
                "games": self.clock_left.len(),
                "least_ms": least,
                "least_game": least_game,
                "least_record": format!("games/{least_game:05}.json"),
                "mean_ms": mean,
            })
        });
        json!({
            "label": label,
            "all": spread(&mut all),
            "phases": phase_lines,
            "by_ply": by_ply,
            "clock_left": clock_left,
            "near_limit": {
                "share": NEAR_LIMIT,
                "count": self.near_limit_count,
                "listed": self.near_limit,
            },
        })
    }
}

/// The `clock` section of a result: per engine (`a`, `b`) its times by ply and by phase, the
/// clock left at the end of its games under a game clock, and its moves near their limit.
#[must_use]
pub(crate) fn clock_json(config: &MatchConfig, games: &BTreeMap<usize, GameRecord>) -> Value {
    let phases = config
        .phases
        .clone()
        .unwrap_or_else(|| Phases::default_for(&config.game, &config.variant));
    let labels = [Role::A, Role::B].map(|role| config.engines[role.index()].label.as_str());
    let control = config.time_control.map(|tc| tc.to_string());
    clock_of(&phases, labels, control, games)
}

/// [`clock_json`] of the engines labelled `labels` (A, B) under `control`.
fn clock_of(
    phases: &Phases,
    labels: [&str; 2],
    control: Option<String>,
    games: &BTreeMap<usize, GameRecord>,
) -> Value {
    let mut engines: [EngineMoves; 2] = Default::default();
    for record in games.values() {
        let seat_of = |side: &str| usize::from(!record.sides[0].eq_ignore_ascii_case(side));
        for (i, mv) in record.moves.iter().enumerate() {
            let Some(time_ms) = mv.time_ms.filter(|_| !mv.opening) else {
                continue;
            };
            let role = record.roles[seat_of(&mv.side)];
            engines[role.index()].add(record.index, i + 1, time_ms, mv.limit_ms);
        }
        if let Some(left) = record.clock_left_ms {
            for (seat, role) in record.roles.iter().enumerate() {
                engines[role.index()]
                    .clock_left
                    .push((record.index, left[seat]));
            }
        }
    }
    json!({
        "time_control": control,
        "phases": phases,
        "engines": {
            "a": engines[0].json(labels[0], phases),
            "b": engines[1].json(labels[1], phases),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_read_back_and_refuse_gaps() {
        let phases: Phases = "opening=1-20,middle=21-44,end=45-".parse().unwrap();
        assert_eq!(phases.0.len(), 3);
        assert_eq!(phases.to_string().parse(), Ok(phases.clone()));
        assert!(phases.0[1].holds(44) && !phases.0[1].holds(45) && phases.0[2].holds(500));
        let unnamed: Phases = "1-10,11-".parse().unwrap();
        assert_eq!(unnamed.0[0].name, "plies 1-10");
        for (bad, words) in [
            ("2-10,11-", "from ply 1"),
            ("1-10,12-", "start at 11"),
            ("1-10,11-20", "open-ended"),
            ("1-,11-", "only the last"),
            ("1-x,11-", "not a ply number"),
            ("1-0,1-", "ends before"),
            ("1", "FIRST-LAST"),
        ] {
            let error = bad.parse::<Phases>().unwrap_err();
            assert!(error.contains(words), "{bad}: {error}");
        }
        let othello = Phases::default_for("othello", "standard");
        assert_eq!(
            othello.to_string(),
            "opening=1-20,middle game=21-44,endgame=45-"
        );
        let go = Phases::default_for("go", "chinese@9");
        assert_eq!(go.to_string(), "opening=1-13,middle game=14-40,endgame=41-");
    }

    /// A game of `times` (ms, `None` for an opening move) under a 1000 ms limit per move
    /// (2000 ms on each side's first answer, its start-up), A first in even games.
    fn game(index: usize, times: &[Option<f64>], left: [u64; 2]) -> GameRecord {
        use crate::record::{GameResult, MoveRecord};
        let roles = if index.is_multiple_of(2) {
            [Role::A, Role::B]
        } else {
            [Role::B, Role::A]
        };
        let moves = times
            .iter()
            .enumerate()
            .map(|(ply, time)| MoveRecord {
                side: ["black", "white"][ply % 2].to_owned(),
                mv: format!("m{ply}"),
                opening: time.is_none(),
                time_ms: *time,
                limit_ms: time.map(|_| if ply < 3 { 2000 } else { 1000 }),
                clock_left_ms: None,
                info: crate::seat::MoveInfo::default(),
            })
            .collect();
        // The formats' test record, with these moves and clocks and no winner.
        let base = crate::formats::tests::record("gomoku", &[]);
        GameRecord {
            index,
            pair: index / 2,
            opening: "o".to_owned(),
            roles,
            engines: ["x".to_owned(), "y".to_owned()],
            moves,
            result: GameResult {
                winner: None,
                reason: "move-limit".to_owned(),
                text: String::new(),
                ..base.result.clone()
            },
            clock_left_ms: Some(left),
            duration_ms: 0.0,
            ..base
        }
    }

    #[test]
    fn the_clock_counts_each_engines_moves_by_ply_phase_and_limit() {
        let games: BTreeMap<usize, GameRecord> = [
            // Game 0, A black (odd plies; ply 1 is the opening's), B white (even plies).
            game(
                0,
                &[None, Some(10.0), Some(20.0), Some(950.0), Some(40.0)],
                [5000, 4000],
            ),
            // Game 1, B black, A white.
            game(
                1,
                &[None, Some(30.0), Some(60.0), Some(50.0), Some(899.0)],
                [3000, 7000],
            ),
        ]
        .into_iter()
        .map(|record| (record.index, record))
        .collect();
        let phases: Phases = "opening=1-3,rest=4-".parse().unwrap();
        let clock = clock_of(
            &phases,
            ["A-engine", "B-engine"],
            Some("move=1000".into()),
            &games,
        );
        let a = &clock["engines"]["a"];
        let b = &clock["engines"]["b"];
        assert_eq!(a["label"], "A-engine");
        // A: 20 (ply 3), 40 (ply 5) in game 0; 30 (ply 2), 50 (ply 4) in game 1.
        assert_eq!(a["all"]["moves"], 4);
        assert_eq!(a["all"]["max_ms"], 50.0);
        assert_eq!(a["phases"][0]["moves"], 2);
        assert_eq!(a["phases"][0]["mean_ms"], 25.0);
        assert_eq!(a["phases"][1]["max_ms"], 50.0);
        let plies: Vec<u64> = a["by_ply"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["ply"].as_u64().unwrap())
            .collect();
        assert_eq!(plies, [2, 3, 4, 5]);
        assert_eq!(a["by_ply"][0]["limit_ms"], 2000);
        assert_eq!(a["by_ply"][2]["limit_ms"], 1000);
        assert_eq!(a["near_limit"]["count"], 0);
        // B: 10, 950 in game 0; 60, 899 in game 1. 950 of 1000 is within 10%, 899 is not.
        assert_eq!(b["all"]["moves"], 4);
        assert_eq!(b["all"]["p95_ms"], 950.0);
        assert_eq!(b["near_limit"]["count"], 1);
        assert_eq!(b["near_limit"]["listed"][0]["game"], 0);
        assert_eq!(b["near_limit"]["listed"][0]["ply"], 4);
        assert_eq!(b["near_limit"]["listed"][0]["record"], "games/00000.json");
        // A's clock: 5000 left as black in game 0, 7000 as white in game 1.
        assert_eq!(a["clock_left"]["least_ms"], 5000);
        assert_eq!(a["clock_left"]["least_game"], 0);
        assert_eq!(a["clock_left"]["mean_ms"], 6000.0);
        assert_eq!(b["clock_left"]["least_ms"], 3000);
        assert_eq!(b["clock_left"]["least_game"], 1);
        assert_eq!(clock["time_control"], "move=1000");
    }

    #[test]
    fn spreads_use_the_nearest_rank() {
        let mut times: Vec<f64> = (1..=20).map(f64::from).collect();
        let line = spread(&mut times);
        assert_eq!(line["moves"], 20);
        assert_eq!(line["mean_ms"], 10.5);
        assert_eq!(line["p95_ms"], 19.0);
        assert_eq!(line["max_ms"], 20.0);
        assert_eq!(spread(&mut []), json!({ "moves": 0 }));
    }
}
