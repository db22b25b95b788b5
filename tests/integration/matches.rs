//! Refereed matches end to end, at small node budgets so that they stay cheap: the SPRT rejects
//! a clearly weaker parameter set and not a copy, the LLR in the result JSON is recomputed here
//! by an independent method, two shards merged equal one run, and an external bot with a
//! deliberate fault loses every game it faults in, with the right class and a spec case that
//! fails against it and passes against a correct bot.
//!
//! Parameters files here are the shipped Othello ones with a 1 MiB transposition table:
//! allocating the shipped 16 MiB for every one of thousands of tiny searches would be most of
//! the test's time.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use arbiter_arena::config::MatchConfig;
use arbiter_arena::merge;
use arbiter_arena::request::MatchRequest;
use arbiter_arena::run::{MatchEnd, Progress, RunOptions, Runner};
use arbiter_arena::stats::SprtConfig;
use arbiter_arena::stop::StopFile;
use arbiter_arena::tally::Status;
use arbiter_engine::{RulesEngine, embedded_engines};
use arbiter_external::{ExternalEngine, Manifest};
use arbiter_runner::spec;
use arbiter_runner::{CaseFiles, PlanScope, RunOptions as CaseOptions, Verdict, plan};
use serde_json::Value;

use super::external::{OTHELLO_BOTZONE, RENJU_GOMOCUP, Setting, Times, bot_yaml};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    crate::fresh_dir(
        std::env::temp_dir()
            .join(format!("arbiter-match-tests-{}", std::process::id()))
            .join(name),
    )
}

/// A params file: the shipped Othello one, or the one without mobility, with a small table.
fn othello_params(dir: &Path, weak: bool) -> PathBuf {
    let source = if weak {
        root().join("tests/match/othello-no-mobility.yaml")
    } else {
        root().join("engines/othello/params.yaml")
    };
    let text = std::fs::read_to_string(source).unwrap();
    assert!(text.contains("tt-size-mb: 16"));
    let path = dir.join(if weak { "weak.yaml" } else { "shipped.yaml" });
    std::fs::write(&path, text.replace("tt-size-mb: 16", "tt-size-mb: 1")).unwrap();
    path
}

fn play(dir: &Path, config: MatchConfig) -> MatchEnd {
    let runner = Runner::prepare(dir, Some(config)).unwrap_or_else(|e| panic!("{e}"));
    run_through(&runner, 2)
}

/// Plays a prepared match to its end, `concurrency` games at a time, uninterrupted.
pub(super) fn run_through(runner: &Runner, concurrency: usize) -> MatchEnd {
    let interrupted = AtomicBool::new(false);
    runner
        .run(&RunOptions {
            concurrency,
            on_game: &|_| {},
            interrupted: &interrupted,
            stop_file: None,
            clock_stress: 0,
        })
        .unwrap_or_else(|e| panic!("{e}"))
}

fn othello_request(dir: &Path, weak_b: bool, games: usize, sprt: &str) -> MatchRequest {
    MatchRequest {
        engines: ["othello".to_owned(), "othello".to_owned()],
        params: [
            Some(othello_params(dir, false)),
            Some(othello_params(dir, weak_b)),
        ],
        games,
        sprt: (!sprt.is_empty()).then(|| sprt.parse::<SprtConfig>().unwrap()),
        nodes: Some(300),
        ..MatchRequest::default()
    }
}

/// A JSON file.
fn json_file(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The result JSON as written to disk.
fn result_file(dir: &Path) -> Value {
    json_file(&dir.join("result.json"))
}

/// The JSON record of `game`, a game of the result of the match in `out`.
fn record_of(out: &Path, game: &Value) -> Value {
    json_file(&out.join(game["record"].as_str().unwrap()))
}

/// An independent recomputation of the SPRT's LLR from the pentanomial counts of a result
/// file, by a different method than the library's fixed point (fishtest `LLRcalc.py`): the
/// LLR is `N (KL_0 - KL_1)` with `KL_j` the least Kullback-Leibler divergence `KL(p || q)` of
/// a distribution `q` meeting hypothesis `j`, each found by golden-section searches.
///
/// Logistic: the mean score is `s`; by duality `KL = max_x sum p ln(1 + x (a - s))`, concave
/// in `x`. Normalized: `mu - 1/2 = t sigma`; for each mean `m` the variance is fixed, the
/// three moment constraints are linear, `q` moves in a plane (two finite-difference
/// directions) where KL is convex, and the least KL over `m` is found on a grid refined by
/// golden section.
mod independent {
    const A: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
    const RATIO: f64 = 0.618_033_988_749_894_8;

    /// The minimum of a unimodal `f` on `[low, high]`.
    fn golden(mut low: f64, mut high: f64, f: impl Fn(f64) -> f64) -> (f64, f64) {
        for _ in 0..100 {
            let left = high - RATIO * (high - low);
            let right = low + RATIO * (high - low);
            if f(left) < f(right) {
                high = right;
            } else {
                low = left;
            }
        }
        let x = 0.5 * (low + high);
        (x, f(x))
    }

    fn kl(p: &[f64; 5], q: &[f64; 5]) -> f64 {
        (0..5).map(|i| p[i] * (p[i] / q[i]).ln()).sum()
    }

    /// `min_{q: mean s} KL(p || q)`, through its one-dimensional dual.
    fn kl_mean(p: &[f64; 5], s: f64) -> f64 {
        let u = A.map(|a| a - s);
        let (low, high) = (-1.0 / u[4], -1.0 / u[0]);
        let dual = |x: f64| -> f64 { -(0..5).map(|i| p[i] * (1.0 + x * u[i]).ln()).sum::<f64>() };
        let width = high - low;
        -golden(low + 1e-12 * width, high - 1e-12 * width, dual).1
    }

    /// `min KL(p || q)` over `q` with mean `m` and variance `v`: `q = q0 + x e1 + y e2`.
    fn kl_moments(p: &[f64; 5], m: f64, v: f64) -> f64 {
        let s2 = v + m * m;
        let q0 = [
            1.0 - 4.0 * (m - s2) - (2.0 * s2 - m),
            0.0,
            4.0 * (m - s2),
            0.0,
            2.0 * s2 - m,
        ];
        let e1 = [1.0, -3.0, 3.0, -1.0, 0.0];
        let e2 = [0.0, 1.0, -3.0, 3.0, -1.0];
        let at =
            |x: f64, y: f64| -> [f64; 5] { std::array::from_fn(|i| q0[i] + x * e1[i] + y * e2[i]) };
        // The y interval where every q_i > 0, for a given x.
        let span = |x: f64| -> (f64, f64) {
            let (mut low, mut high) = (f64::NEG_INFINITY, f64::INFINITY);
            for i in 0..5 {
                let base = q0[i] + x * e1[i];
                if e2[i] > 0.0 {
                    low = low.max(-base / e2[i]);
                } else if e2[i] < 0.0 {
                    high = high.min(-base / e2[i]);
                } else if base <= 0.0 {
                    return (1.0, -1.0);
                }
            }
            (low, high)
        };
        let room = |x: f64| {
            let (low, high) = span(x);
            high - low
        };
        // The x interval with room: around the x of most room (room is concave).
        let (centre, widest) = golden(-2.0, 2.0, |x| -room(x));
        if -widest <= 0.0 {
            return f64::INFINITY;
        }
        let edge = |mut inside: f64, mut outside: f64| {
            for _ in 0..200 {
                let middle = 0.5 * (inside + outside);
                if room(middle) > 0.0 {
                    inside = middle;
                } else {
                    outside = middle;
                }
            }
            inside
        };
        let (x_low, x_high) = (edge(centre, -2.0), edge(centre, 2.0));
        let inner = |x: f64| -> f64 {
            let (low, high) = span(x);
            if high <= low {
                return f64::INFINITY;
            }
            let width = high - low;
            golden(low + 1e-13 * width, high - 1e-13 * width, |y| {
                kl(p, &at(x, y))
            })
            .1
        };
        let width = x_high - x_low;
        golden(x_low + 1e-13 * width, x_high - 1e-13 * width, inner).1
    }

    /// `min_{q: mu - 1/2 = t sigma} KL(p || q)`.
    fn kl_t(p: &[f64; 5], t: f64) -> f64 {
        if t == 0.0 {
            return kl_mean(p, 0.5);
        }
        let at = |m: f64| kl_moments(p, m, ((m - 0.5) / t).powi(2));
        // Feasible means: (m - 1/2)^2 < t^2 m (1 - m), on the side of 1/2 that t points to.
        let reach = 0.5 * t.abs() / (1.0 + t * t).sqrt();
        let (low, high) = if t > 0.0 {
            (0.5, 0.5 + reach)
        } else {
            (0.5 - reach, 0.5)
        };
        let steps = 400;
        let grid = |k: usize| low + (high - low) * k as f64 / steps as f64;
        let best = (1..steps)
            .min_by(|&i, &j| at(grid(i)).total_cmp(&at(grid(j))))
            .expect("a grid");
        golden(grid(best - 1), grid(best + 1), at).1
    }

    /// The LLR of H1 against H0 for pentanomial class counts, fishtest's regularization
    /// included (an empty class counts 0.001).
    pub fn llr(classes: [u64; 5], elo0: f64, elo1: f64, model: &str) -> f64 {
        let counts = classes.map(|c| if c == 0 { 1e-3 } else { c as f64 });
        let n: f64 = counts.iter().sum();
        let p = counts.map(|c| c / n);
        let (kl0, kl1) = match model {
            "logistic" => {
                let score = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
                (kl_mean(&p, score(elo0)), kl_mean(&p, score(elo1)))
            }
            "normalized" => {
                let t = |nelo: f64| 2f64.sqrt() * nelo * std::f64::consts::LN_10 / 800.0;
                (kl_t(&p, t(elo0)), kl_t(&p, t(elo1)))
            }
            other => panic!("unknown model {other}"),
        };
        n * (kl0 - kl1)
    }
}

/// Recomputes the LLR of a result file and checks the bounds and decision against it.
fn check_recomputed(result: &Value) {
    let sprt = &result["statistics"]["sprt"];
    let classes: Vec<u64> = result["statistics"]["pentanomial_classes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let classes: [u64; 5] = classes.try_into().unwrap();
    let (elo0, elo1) = (
        sprt["elo0"].as_f64().unwrap(),
        sprt["elo1"].as_f64().unwrap(),
    );
    let (alpha, beta) = (
        sprt["alpha"].as_f64().unwrap(),
        sprt["beta"].as_f64().unwrap(),
    );
    let model = sprt["model"].as_str().unwrap();
    let llr = sprt["llr"].as_f64().unwrap();
    let again = independent::llr(classes, elo0, elo1, model);
    assert!(
        (llr - again).abs() < 1e-6 * llr.abs().max(1.0),
        "{classes:?} {model}: result says {llr}, recomputed {again}"
    );
    let lower = (beta / (1.0 - alpha)).ln();
    let upper = ((1.0 - beta) / alpha).ln();
    assert!((sprt["lower_bound"].as_f64().unwrap() - lower).abs() < 1e-12);
    assert!((sprt["upper_bound"].as_f64().unwrap() - upper).abs() < 1e-12);
    let decision = if again <= lower {
        "h0"
    } else if again >= upper {
        "h1"
    } else {
        "continue"
    };
    assert_eq!(sprt["decision"], decision);
    // The pentanomial classes are the pair counts, which the game lines give too.
    let games = result["games"].as_array().unwrap();
    let counted = games.iter().filter(|game| game["counted"] == true).count() as u64;
    assert_eq!(counted, 2 * classes.iter().sum::<u64>());
}

#[test]
fn the_sprt_rejects_a_weaker_parameter_set_and_the_llr_recomputes() {
    let dir = scratch("weak");
    let request = othello_request(&dir, true, 200, "elo0=0,elo1=10,alpha=0.05,beta=0.05");
    let outcome = play(&dir.join("match"), request.build(root()).unwrap());
    assert_eq!(outcome.status, Status::Decided);
    let result = result_file(&dir.join("match"));
    assert_eq!(result["statistics"]["sprt"]["decision"], "h0", "{result:#}");
    assert!(result["statistics"]["elo"].as_f64().unwrap() < -100.0);
    assert!(result["statistics"]["games"].as_u64().unwrap() < 200);
    check_recomputed(&result);
    // The same counts under the logistic model, recomputed by the other dual.
    let logistic: SprtConfig = "elo0=-10,elo1=0,model=logistic".parse().unwrap();
    let mut relabelled = result.clone();
    relabelled["statistics"]["sprt"]["model"] = "logistic".into();
    relabelled["statistics"]["sprt"]["elo0"] = (-10.0).into();
    relabelled["statistics"]["sprt"]["elo1"] = 0.0.into();
    let mut pentanomial = arbiter_arena::stats::Pentanomial::default();
    let classes = &result["statistics"]["pentanomial_classes"];
    pentanomial.ll = classes[0].as_u64().unwrap();
    pentanomial.ld = classes[1].as_u64().unwrap();
    pentanomial.dd = classes[2].as_u64().unwrap();
    pentanomial.wd = classes[3].as_u64().unwrap();
    pentanomial.ww = classes[4].as_u64().unwrap();
    let llr = logistic.llr(&pentanomial);
    relabelled["statistics"]["sprt"]["llr"] = llr.into();
    relabelled["statistics"]["sprt"]["decision"] =
        serde_json::to_value(logistic.decide(llr)).unwrap();
    check_recomputed(&relabelled);
}

#[test]
fn a_copy_is_not_rejected() {
    let dir = scratch("copy");
    let mut request = othello_request(&dir, false, 200, "elo0=0,elo1=10");
    request.nodes = Some(100);
    let outcome = play(&dir.join("match"), request.build(root()).unwrap());
    assert_eq!(outcome.status, Status::Complete);
    let result = result_file(&dir.join("match"));
    let statistics = &result["statistics"];
    assert_eq!(statistics["sprt"]["decision"], "continue", "{statistics:#}");
    // Deterministic searches: with colours swapped, each pair's two games are the same game.
    assert_eq!(
        statistics["pentanomial_classes"],
        serde_json::json!([0, 0, 100, 0, 0])
    );
    assert!(
        statistics["elo"].as_f64().unwrap().abs() < 1e-9,
        "{statistics:#}"
    );
    check_recomputed(&result);
}

/// The result's statistics and the result of every game, which must not depend on how the
/// games were split between runs.
fn essence(result: &Value) -> (Value, Vec<Value>) {
    let games = result["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| {
            serde_json::json!([
                game["index"],
                game["score_b"],
                game["reason"],
                game["plies"],
                game["counted"]
            ])
        })
        .collect();
    (result["statistics"].clone(), games)
}

#[test]
fn two_shards_merged_equal_one_run() {
    let dir = scratch("shards");
    let request = othello_request(&dir, true, 12, "elo0=0,elo1=10");
    let whole = request.build(root()).unwrap();
    play(&dir.join("whole"), whole);
    let mut parts = Vec::new();
    for shard in ["1/2", "2/2"] {
        let mut request = request.clone();
        request.shard = Some(shard.parse().unwrap());
        let out = dir.join(shard.replace('/', "-of-"));
        let outcome = play(&out, request.build(root()).unwrap());
        assert_eq!(outcome.status, Status::Complete);
        assert_eq!(result_file(&out)["games_played"], 6);
        parts.push(out);
    }
    let merged = merge::merge(&parts).unwrap_or_else(|e| panic!("{e}"));
    assert!(merged.missing_shards.is_empty());
    assert_eq!(
        essence(&merged.result),
        essence(&result_file(&dir.join("whole")))
    );
    // A shard cannot be merged with itself, nor with another match.
    let twice = merge::merge(&[parts[0].clone(), parts[0].clone()])
        .err()
        .unwrap();
    assert!(twice.contains("given twice"), "{twice}");
    let whole = merge::merge(&[parts[0].clone(), dir.join("whole")])
        .err()
        .unwrap();
    assert!(whole.contains("not a shard"), "{whole}");
}

/// The statistics and the counted games of a result: what a decided SPRT rests on, whatever
/// games were played past its decision.
fn counted_essence(result: &Value) -> (Value, Vec<Value>) {
    let (statistics, games) = essence(result);
    let counted = games.into_iter().filter(|game| game[4] == true).collect();
    (statistics, counted)
}

/// Two shard threads kept in step: after each game a shard waits until the other has played
/// as many, or has ended its run. The lock also keeps one merge at a time.
#[derive(Default)]
struct Lockstep {
    /// Per shard: games played and whether its run ended.
    state: std::sync::Mutex<[(usize, bool); 2]>,
    changed: std::sync::Condvar,
}

impl Lockstep {
    /// Counts a game of `shard`; the guard holds the lock (one merge at a time).
    fn played(&self, shard: usize) -> std::sync::MutexGuard<'_, [(usize, bool); 2]> {
        let mut state = self.state.lock().unwrap();
        state[shard].0 += 1;
        self.changed.notify_all();
        state
    }

    fn wait_for_the_other(&self, shard: usize) {
        let other = 1 - shard;
        let state = self.state.lock().unwrap();
        let _state = self
            .changed
            .wait_while(state, |state| {
                state[other].0 < state[shard].0 && !state[other].1
            })
            .unwrap();
    }

    fn finished(&self, shard: usize) {
        self.state.lock().unwrap()[shard].1 = true;
        self.changed.notify_all();
    }
}

#[test]
fn a_sharded_sprt_stops_through_the_merge_with_pairs_whole() {
    let dir = scratch("sharded-sprt");
    // Decides at pair 96 of the 200 (in one process, at this budget).
    let request = othello_request(&dir, true, 400, "elo0=0,elo1=10");
    let whole = play(&dir.join("whole"), request.build(root()).unwrap());
    assert_eq!(whole.status, Status::Decided);
    let stop = StopFile::at(&dir.join("shared").join("STOP"));
    let parts: Vec<PathBuf> = ["1-of-2", "2-of-2"]
        .iter()
        .map(|name| dir.join("shared").join(name))
        .collect();
    let runners: Vec<Runner> = ["1/2", "2/2"]
        .iter()
        .zip(&parts)
        .map(|(shard, out)| {
            let mut request = request.clone();
            request.shard = Some(shard.parse().unwrap());
            Runner::prepare(out, Some(request.build(root()).unwrap())).unwrap()
        })
        .collect();
    // Each shard merges what both have finished so far after each of its games, as `match
    // merge --watch --stop-file` does beside them, and writes the stop file once decided.
    // The shards keep in step (neither starts a game while the other has played fewer), so
    // that how fast each thread runs changes nothing.
    let step = Lockstep::default();
    let watch = |shard: usize| {
        let (step, parts, stop) = (&step, &parts, &stop);
        move |_: &Progress<'_>| {
            let played = step.played(shard);
            let merged = merge::merge(parts).unwrap_or_else(|e| panic!("{e}"));
            if merged.status == Status::Decided && !stop.is_set() {
                stop.write(&merged.result).unwrap();
            }
            drop(played);
            step.wait_for_the_other(shard);
        }
    };
    let interrupted = AtomicBool::new(false);
    let ends: Vec<MatchEnd> = std::thread::scope(|scope| {
        let handles: Vec<_> = runners
            .iter()
            .enumerate()
            .map(|(shard, runner)| {
                let (watch, interrupted, stop, step) = (watch(shard), &interrupted, &stop, &step);
                scope.spawn(move || {
                    let end = runner
                        .run(&RunOptions {
                            concurrency: 1,
                            on_game: &watch,
                            interrupted,
                            stop_file: Some(stop),
                            clock_stress: 0,
                        })
                        .unwrap_or_else(|e| panic!("{e}"));
                    step.finished(shard);
                    end
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    eprintln!(
        "decided at pair {}, shards played {} and {} games",
        whole.result["statistics"]["sprt"]["decided_at_pair"],
        result_file(&parts[0])["games_played"],
        result_file(&parts[1])["games_played"]
    );
    assert!(stop.is_set(), "the merged SPRT never decided");
    for ((end, part), runner) in ends.iter().zip(&parts).zip(&runners) {
        assert_eq!(end.status, Status::Stopped, "{}", part.display());
        let played = result_file(part)["games_played"].as_u64().unwrap();
        assert!(played < 200, "{}: played its whole part", part.display());
        // Whole pairs only: a stopped shard finishes the pairs it began.
        let games = runner.store().games().unwrap();
        for index in games.keys() {
            assert!(
                games.contains_key(&(index ^ 1)),
                "game {index} without its pair"
            );
        }
    }
    let merged = merge::merge(&parts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(merged.status, Status::Decided);
    assert_eq!(merged.result["statistics"]["sprt"]["decision"], "h0");
    assert_eq!(
        counted_essence(&merged.result),
        counted_essence(&whole.result)
    );
    let written: Value =
        serde_json::from_str(&std::fs::read_to_string(stop.path()).unwrap()).unwrap();
    assert_eq!(written["decision"], "h0");
    assert_eq!(
        written["decided_at_pair"],
        whole.result["statistics"]["sprt"]["decided_at_pair"]
    );
}

const TICTACTOE_LINE: Setting = ("tictactoe", "standard", "arbiter-line");
const GO_GTP: Setting = ("go", "chinese@5", "gtp");
const HEX_HTP: Setting = ("hex", "swap-sides@5", "gtp");

/// A match of `games` games of engine A (an embedded engine's game name or a manifest) against
/// the manifest `b`, the rest as by default.
fn versus(a: impl std::fmt::Display, b: &Path, games: usize) -> MatchRequest {
    MatchRequest {
        engines: [a.to_string(), b.display().to_string()],
        games,
        ..MatchRequest::default()
    }
}

/// `games` games in `dir` between a good arbiter-bot named `good` and one named `bad` with
/// `fault`, both on `setting`: the request and the faulty bot's manifest.
fn versus_fault(
    dir: &Path,
    setting: Setting,
    (good, bad): (&str, &str),
    fault: &str,
    games: usize,
) -> (MatchRequest, PathBuf) {
    let good = bot(dir, good, setting, &[]);
    let bad = bot(dir, bad, setting, &["--fault", fault]);
    (versus(good.display(), &bad, games), bad)
}

/// Two games from the start position of embedded `game` against the manifest `b`, 300 nodes a
/// move.
fn from_start(game: &str, b: &Path) -> MatchRequest {
    MatchRequest {
        nodes: Some(300),
        openings: Some("start".to_owned()),
        ..versus(game, b, 2)
    }
}

/// Plays `request` into `out` and returns its result file.
fn play_request(out: &Path, request: &MatchRequest) -> Value {
    play(out, request.build(root()).unwrap());
    result_file(out)
}

/// Plays `request` into `out`, every game of which must end by a fault of `class`; its result
/// file.
fn play_to_faults(out: &Path, request: &MatchRequest, class: &str) -> Value {
    let result = play_request(out, request);
    for game in result["games"].as_array().unwrap() {
        assert_eq!(game["fault"]["class"], class, "{game:#}");
    }
    result
}

/// Plays `request` into `out`: every game must be played and end without a fault, for one of
/// `reasons`; its result file.
fn play_without_faults(out: &Path, request: &MatchRequest, reasons: &[&str]) -> Value {
    let result = play_request(out, request);
    let games = result["games"].as_array().unwrap();
    assert_eq!(games.len(), request.games);
    for game in games {
        assert!(game["fault"].is_null(), "{game:#}");
        let reason = game["reason"].as_str().unwrap();
        assert!(reasons.contains(&reason), "{game:#}");
    }
    result
}

/// Every found case of a match gives `verdict` against `engine`.
fn assert_audit(found: &Path, engine: &dyn RulesEngine, verdict: Verdict, cases: usize) {
    assert_eq!(audit(found, engine), vec![verdict; cases]);
}

/// A manifest of arbiter-bot in `dir`.
fn bot(dir: &Path, name: &str, setting: Setting, extra: &[&str]) -> PathBuf {
    let (_, _, protocol) = setting;
    let keys = if protocol == "gomocup" {
        "memory-mb: 1024\ngomocup-rule: 4\n"
    } else {
        "memory-mb: 1024\n"
    };
    // The tolerance is the manifests' default, GomocupJudge's 1000 ms.
    let times = Times {
        move_ms: 5000,
        first_ms: 10_000,
        tolerance_ms: 1000,
    };
    let path = dir.join(format!("{name}.yaml"));
    let yaml = bot_yaml(name, setting, extra, times, keys);
    std::fs::write(&path, yaml).unwrap();
    path
}

/// Runs each found case of a match against an engine and returns the verdicts: the cases are
/// planned for the embedded engine of their game, and run against `engine`.
fn audit(found: &Path, engine: &dyn RulesEngine) -> Vec<Verdict> {
    let engines = embedded_engines();
    let loaded = spec::load_dir(found, &engines);
    assert!(loaded.errors.is_empty(), "{}", loaded.errors[0]);
    let files = CaseFiles::of_specs(loaded.files);
    let options = CaseOptions::limited(None, 1000);
    plan(&files, &engines, PlanScope::default())
        .iter()
        .filter(|planned| engines[planned.engine].game() == engine.game())
        .map(|planned| planned.run(&files, engine, &options).verdict)
        .collect()
}

fn external(path: &Path, logs: &Path) -> ExternalEngine {
    ExternalEngine::new(Manifest::load(path).unwrap()).with_log_dir(logs)
}

#[test]
fn an_illegal_bot_loses_every_game_and_leaves_cases_that_catch_it() {
    let dir = scratch("illegal");
    let (request, bad) = versus_fault(&dir, RENJU_GOMOCUP, ("good", "bad"), "illegal", 4);
    let good = PathBuf::from(&request.engines[0]);
    let out = dir.join("match");
    let result = play_to_faults(&out, &request, "illegal-move");
    let games = result["games"].as_array().unwrap();
    assert_eq!(games.len(), 4);
    for game in games {
        // The renju openings leave stones on the board: the bot plays one of them.
        assert_eq!(game["fault"]["code"], "occupied", "{game:#}");
        assert_eq!(game["fault"]["role"], "b");
        assert_eq!(game["score_b"], "loss");
        let record = out.join(game["record"].as_str().unwrap());
        assert!(
            record.with_extension("sgf").is_file(),
            "an SGF beside {}",
            record.display()
        );
    }
    assert_eq!(result["faults"]["b"]["illegal-move"], 4);
    let found = out.join("found");
    let embedded = arbiter_engine::find_engine("gomoku").unwrap();
    assert_audit(&found, embedded.as_ref(), Verdict::Pass, 4);
    let logs = dir.join("audit-logs");
    assert_audit(&found, &external(&bad, &logs), Verdict::Fail, 4);
    assert_audit(&found, &external(&good, &logs), Verdict::Pass, 4);

    // Side files lost (they are not flushed to disk) come back on resume, from the records.
    let case = out.join(games[0]["found_case"].as_str().unwrap());
    let sgf = out.join("games/00001.sgf");
    std::fs::remove_file(&case).unwrap();
    std::fs::remove_file(&sgf).unwrap();
    let runner = Runner::prepare(&out, None).unwrap();
    let interrupted = AtomicBool::new(false);
    let resumed = runner
        .run(&RunOptions {
            concurrency: 1,
            on_game: &|_| panic!("no game is left to play"),
            interrupted: &interrupted,
            stop_file: None,
            clock_stress: 0,
        })
        .unwrap();
    assert_eq!(resumed.status, Status::Complete);
    assert!(case.is_file() && sgf.is_file());
    assert_eq!(result_file(&out)["statistics"], result["statistics"]);
}

#[test]
fn wrong_passes_and_crashes_are_their_own_classes() {
    let dir = scratch("classes");
    let names = ("good-othello", "passer");
    let (request, passer) = versus_fault(&dir, OTHELLO_BOTZONE, names, "wrong-pass", 2);
    let out = dir.join("passes");
    let found = out.join("found");
    let result = play_to_faults(&out, &request, "wrong-pass");
    for game in result["games"].as_array().unwrap() {
        assert_eq!(game["fault"]["code"], "pass-not-allowed", "{game:#}");
    }
    let embedded = arbiter_engine::find_engine("othello").unwrap();
    assert_audit(&found, embedded.as_ref(), Verdict::Pass, 2);
    let logs = dir.join("audit-logs");
    assert_audit(&found, &external(&passer, &logs), Verdict::Fail, 2);

    let names = ("renju", "crasher");
    let (request, _) = versus_fault(&dir, RENJU_GOMOCUP, names, "crash-at:1", 2);
    let out = dir.join("crashes");
    let found = out.join("found");
    play_to_faults(&out, &request, "crash");
    assert_audit(&found, embedded_gomoku().as_ref(), Verdict::Pass, 2);
}

fn embedded_gomoku() -> Box<dyn RulesEngine> {
    arbiter_engine::find_engine("gomoku").unwrap()
}

#[test]
fn an_arbiter_line_engine_plays_with_a_node_budget_and_reports_its_search() {
    let dir = scratch("line");
    let line = bot(&dir, "line", TICTACTOE_LINE, &[]);
    let request = MatchRequest {
        nodes: Some(500),
        ..versus("tictactoe", &line, 4)
    };
    let out = dir.join("match");
    let outcome = play(&out, request.build(root()).unwrap());
    assert_eq!(outcome.status, Status::Complete);
    let result = result_file(&out);
    for game in result["games"].as_array().unwrap() {
        // Both search tic-tac-toe to the end: every game is a draw, and nothing faults.
        assert_eq!(game["score_b"], "draw", "{game:#}");
        assert!(game["fault"].is_null(), "{game:#}");
        let record = record_of(&out, game);
        let engine_moves: Vec<&Value> = record["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|mv| mv["opening"] != true)
            .collect();
        assert!(engine_moves.iter().all(|mv| mv["time_ms"].is_number()));
        assert!(
            engine_moves.iter().all(|mv| mv["depth"].is_number()),
            "{record:#}"
        );
        let text = out
            .join(game["record"].as_str().unwrap())
            .with_extension("txt");
        assert!(text.is_file());
    }
}

#[test]
fn a_hanging_engine_loses_on_time() {
    let dir = scratch("hang");
    let (request, hang) = versus_fault(&dir, RENJU_GOMOCUP, ("good-hang", "hang"), "hang", 2);
    // A short first turn: the manifest's start-up allowance over its move time is 5 s.
    let text = std::fs::read_to_string(&hang)
        .unwrap()
        .replace("first-move-time-ms: 10000", "first-move-time-ms: 5100");
    std::fs::write(&hang, text).unwrap();
    let request = MatchRequest {
        time_control: Some("move=300".parse().unwrap()),
        nodes: Some(300),
        ..request
    };
    let out = dir.join("match");
    let found = out.join("found");
    let result = play_to_faults(&out, &request, "timeout");
    for game in result["games"].as_array().unwrap() {
        assert_eq!(game["fault"]["role"], "b");
    }
    assert_audit(&found, embedded_gomoku().as_ref(), Verdict::Pass, 2);
}

/// Go over GTP: arbiter-bot names no dead stones (`final_status_list dead` is empty) and the
/// embedded engine cannot say, so the referee counts each game by the rules; the records are
/// SGF with Go's root properties.
#[test]
fn a_go_match_over_gtp_ends_by_the_rules_and_is_recorded_as_sgf() {
    let dir = scratch("go-gtp");
    let gtp = bot(&dir, "go-bot", GO_GTP, &[]);
    let request = from_start("go", &gtp);
    let out = dir.join("match");
    play_without_faults(&out, &request, &["passes", "repetition"]);
    let sgf = std::fs::read_to_string(out.join("games/00000.sgf")).unwrap();
    assert!(
        sgf.starts_with("(;FF[4]CA[UTF-8]GM[1]SZ[5]AP[arbiter]KM[7.5]HA[0]RU[Chinese]"),
        "{sgf}"
    );
}

/// A GTP engine that answers `= resign` (arbiter-bot's `resign-at:2`) loses by resignation,
/// not by a fault, and the SGF's `RE` names the winner by `R`.
#[test]
fn a_resigning_go_engine_loses_by_resignation() {
    let dir = scratch("go-resign");
    let gtp = bot(&dir, "go-resigns", GO_GTP, &["--fault", "resign-at:2"]);
    let request = from_start("go", &gtp);
    let out = dir.join("match");
    let result = play_without_faults(&out, &request, &["resignation"]);
    for game in result["games"].as_array().unwrap() {
        assert_eq!(game["winner"], "a", "{game:#}");
        // The bot resigned at its second move: two moves of each side at most before it.
        assert!(game["plies"].as_u64().unwrap() <= 4, "{game:#}");
        assert_sgf_won_by_a(&out, game, "R");
    }
}

/// The SGF beside `game`'s record (of the match in `out`) says engine A won by `how` (`R`
/// resignation, `T` time): `RE[B+…]` when A played first (black), else `RE[W+…]`.
fn assert_sgf_won_by_a(out: &Path, game: &Value, how: &str) {
    let sgf = std::fs::read_to_string(
        out.join(game["record"].as_str().unwrap())
            .with_extension("sgf"),
    )
    .unwrap();
    let winner = if game["first"] == "a" { "B" } else { "W" };
    assert!(sgf.contains(&format!("RE[{winner}+{how}]")), "{sgf}");
}

/// Canadian byo-yomi over GTP: a bot that answers within its clock plays whole games (main
/// time and periods on the record's clocks), and one that sleeps 3 s a move under 1 s periods
/// and the manifest's 1 s tolerance loses on time at its first move (GTP's start-up has its
/// own deadline before it), `RE[B+T]`/`RE[W+T]`.
#[test]
fn go_under_byo_yomi_plays_within_the_clock_and_a_slow_engine_loses_on_time() {
    let dir = scratch("go-byo-yomi");
    let good = bot(&dir, "go-in-time", GO_GTP, &[]);
    let slow = bot(&dir, "go-slow", GO_GTP, &["--fault", "slow:3000"]);
    let generous = MatchRequest {
        time_control: Some("main=60000,byoyomi=30000,stones=5".parse().unwrap()),
        ..from_start("go", &good)
    };
    let out = dir.join("in-time");
    for game in play_request(&out, &generous)["games"].as_array().unwrap() {
        assert!(game["fault"].is_null(), "{game:#}");
        let record = record_of(&out, game);
        // Main time and a whole period at most: what is left of the control.
        let left = record["clock_left_ms"].as_array().unwrap();
        assert!(
            left.iter().all(|ms| ms.as_u64().unwrap() <= 90_000),
            "{record:#}"
        );
    }
    let tight = MatchRequest {
        engines: ["go".to_owned(), slow.display().to_string()],
        time_control: Some("byoyomi=1000,stones=1".parse().unwrap()),
        ..generous
    };
    let out = dir.join("slow");
    for game in play_to_faults(&out, &tight, "timeout")["games"]
        .as_array()
        .unwrap()
    {
        assert_eq!(game["fault"]["role"], "b", "{game:#}");
        assert!(game["fault"]["ply"].as_u64().unwrap() <= 1, "{game:#}");
        assert_sgf_won_by_a(&out, game, "T");
    }
}

/// Hex over HTP under the CCGC's clock (30 minutes a side, absolute: `time_settings 1800 0 0`,
/// then `time_left COLOUR SECONDS` before each move), with the swap rule as MoHex reads it; the
/// records are SGF `GM[11]` with cells by name, as HexGUI reads them.
#[test]
fn a_hex_match_over_htp_under_the_ccgc_clock_is_recorded_as_hexgui_sgf() {
    let dir = scratch("hex-htp");
    let htp = bot(&dir, "hex-bot", HEX_HTP, &[]);
    let request = MatchRequest {
        time_control: Some("game=1800000".parse().unwrap()),
        ..from_start("hex", &htp)
    };
    let out = dir.join("match");
    let result = play_without_faults(&out, &request, &["connection"]);
    for game in result["games"].as_array().unwrap() {
        let path = out.join(game["record"].as_str().unwrap());
        let record = json_file(&path);
        let left = record["clock_left_ms"]
            .as_array()
            .expect("a game clock ran");
        assert!(
            left.iter()
                .all(|ms| ms.as_u64().is_some_and(|ms| ms < 1_800_000)),
            "both clocks charged: {record:#}"
        );
        let sgf = std::fs::read_to_string(path.with_extension("sgf")).unwrap();
        assert!(
            sgf.starts_with("(;FF[4]CA[UTF-8]GM[11]SZ[5]AP[arbiter]"),
            "{sgf}"
        );
        assert!(sgf.contains("RE[B+]") || sgf.contains("RE[W+]"), "{sgf}");
        assert!(sgf.contains(";B[") && !sgf.contains(";W[]"), "{sgf}");
    }
}
