//! What refereeing costs: the match runner against the searches alone, and against external
//! engines' thinking time. A benchmark, not a test (figures depend on the machine); the README
//! quotes its output.
//!
//! ```text
//! cargo build --release --bin arbiter-bot
//! cargo run --release --example match_speed [NODES] [PAIRS] [BOT_MS]
//! MATCH_SPEED_ONLY=alone|referee|runner valgrind --tool=callgrind target/release/examples/match_speed NODES PAIRS
//! ```
//!
//! 1. Embedded Othello at a fixed node budget: the same games played (a) by calling the
//!    engine's search alone in a loop over `arbiter_core::Game` (no referee, no records) and
//!    (b) by the match runner, one game at a time (judging every move on the text-level rules,
//!    writing the JSON and GGF records, the state file). The games are checked to be the same
//!    move for move; the figure is (b)'s games per second over (a)'s.
//! 2. arbiter-bot over Gomocup (renju) with about `BOT_MS` of thinking per move: the share of
//!    the match's wall-clock time that is not the engines' answers (the referee, records,
//!    state; process start and pipes count as the engine's, as a platform judge sees them).

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use arbiter_arena::clock::SeatTime;
use arbiter_arena::config::{FixedBudget, MatchConfig};
use arbiter_arena::contestant::{Contestant, SeatSettings};
use arbiter_arena::record::GameRecord;
use arbiter_arena::referee::{GameSpec, Played, Referee, Table};
use arbiter_arena::request::MatchRequest;
use arbiter_arena::run::{RunOptions, Runner};
use arbiter_core::Game;
use arbiter_engine::find_engine;
use arbiter_othello::{Othello, OthelloVariant};
use arbiter_search::{Algorithm, Budget, SearchRequest, Searchable};

/// CPU time of the whole process (every thread), user plus system, in seconds: on a machine
/// shared with other jobs it varies far less than the wall clock.
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage fills the struct it is given and touches nothing else.
    let usage = unsafe {
        let mut usage = std::mem::zeroed::<libc::rusage>();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("arbiter-match-speed-{}", std::process::id()))
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Runs a match one game at a time: CPU seconds, wall seconds and the records.
fn run(dir: &Path, config: MatchConfig) -> (f64, f64, Vec<GameRecord>) {
    let runner = Runner::prepare(dir, Some(config)).expect("a match");
    let interrupted = AtomicBool::new(false);
    let started = cpu_seconds();
    let wall = std::time::Instant::now();
    runner
        .run(&RunOptions {
            concurrency: 1,
            on_game: &|_| {},
            interrupted: &interrupted,
            stop_file: None,
            clock_stress: 0,
        })
        .expect("the match runs");
    let seconds = cpu_seconds() - started;
    let wall = wall.elapsed().as_secs_f64();
    let games = runner.store().games().expect("records");
    (seconds, wall, games.into_values().collect())
}

/// The schedule's games played by the searches alone; returns seconds and the move lists.
fn searches_alone(config: &MatchConfig, yaml: &str, nodes: u64) -> (f64, Vec<Vec<String>>) {
    let started = cpu_seconds();
    let mut games = Vec::new();
    for index in config.scheduled_games() {
        let opening = config.opening(index / 2);
        let mut game = Othello::start(&OthelloVariant::Standard);
        let mut moves = Vec::new();
        for text in &opening.moves {
            let mv = game.parse_move(text).expect("a book move");
            game.play(mv).expect("a legal book move");
            moves.push(text.clone());
        }
        while game.outcome().is_none() {
            let request = SearchRequest {
                algorithm: Algorithm::AlphaBeta,
                budget: Budget::Nodes(nodes),
            };
            let report = game.search(request, yaml).expect("a search");
            let best = report.result.best.expect("a move");
            moves.push(game.format_move(best));
            game.play(best).expect("a legal move");
        }
        games.push(moves);
    }
    (cpu_seconds() - started, games)
}

/// The schedule's games played by the referee alone (seats and judging, no records).
fn referee_alone(config: &MatchConfig) -> f64 {
    let contestants = config
        .engines
        .clone()
        .map(|entry| Contestant::load(&entry).expect("an engine"));
    let rules = find_engine(&config.game).expect("rules");
    let referee = Referee {
        engine: rules.as_ref(),
        variant: &config.variant,
        max_plies: config.max_plies,
        control: None,
        banmoves: config.banmoves,
    };
    let settings = SeatSettings {
        control: None,
        budget: config.budget.map(FixedBudget::budget),
    };
    let logs = std::env::temp_dir();
    let started = cpu_seconds();
    for index in config.scheduled_games() {
        let first = MatchConfig::first_role(index);
        let roles = [first, first.other()];
        let [one, two] = roles.map(|role| contestants[role.index()].seat(settings, &logs));
        let table = Table {
            seats: [one.seat, two.seat],
            roles,
            labels: roles.map(|role| role.letter().to_owned()),
            time: [SeatTime::default(); 2],
        };
        let game = GameSpec {
            index,
            pair: index / 2,
            opening: config.opening(index / 2),
        };
        let played = referee.play(game, table, &|| false).expect("a game");
        assert!(matches!(played, Played::Finished(_)));
    }
    cpu_seconds() - started
}

/// The match of the embedded rows.
fn embedded_config(nodes: u64, pairs: usize, params: Option<&Path>) -> (MatchConfig, String) {
    let request = MatchRequest {
        engines: ["othello".to_owned(), "othello".to_owned()],
        params: [params.map(Path::to_owned), params.map(Path::to_owned)],
        games: 2 * pairs,
        nodes: Some(nodes),
        ..MatchRequest::default()
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = request.build(root).expect("a match config");
    let yaml = params.map_or_else(
        || Othello::PARAMS_YAML.to_owned(),
        |path| std::fs::read_to_string(path).expect("a parameters file"),
    );
    (config, yaml)
}

/// One part of an embedded row, once (`MATCH_SPEED_ONLY=alone|referee|runner`): for an
/// instruction count under `valgrind --tool=callgrind`, which is the same on every run however
/// busy the machine is.
fn embedded_part(part: &str, nodes: u64, pairs: usize, params: Option<&Path>) {
    let (config, yaml) = embedded_config(nodes, pairs, params);
    match part {
        "alone" => drop(searches_alone(&config, &yaml, nodes)),
        "referee" => drop(referee_alone(&config)),
        "runner" => drop(run(&scratch("part-runner"), config)),
        other => panic!("MATCH_SPEED_ONLY={other}: expected alone, referee or runner"),
    }
    println!(
        "othello, {nodes} nodes per move, {} games: {part} done",
        2 * pairs
    );
}

fn embedded(nodes: u64, pairs: usize, params: Option<&Path>) {
    let dir = scratch(&format!("embedded-{nodes}"));
    let (config, yaml) = embedded_config(nodes, pairs, params);
    // Three rounds, interleaved; the least CPU time of each kind counts.
    let (mut alone, mut refereed_only, mut refereed) = (f64::MAX, f64::MAX, f64::MAX);
    let mut records = Vec::new();
    for round in 0..3 {
        let (seconds, alone_games) = searches_alone(&config, &yaml, nodes);
        alone = alone.min(seconds);
        refereed_only = refereed_only.min(referee_alone(&config));
        let (seconds, _, played) = run(&dir.join(format!("match-{round}")), config.clone());
        refereed = refereed.min(seconds);
        for (record, moves) in played.iter().zip(&alone_games) {
            assert_eq!(&record.move_list(), moves, "game {} differs", record.index);
        }
        records = played;
    }
    let games = records.len() as f64;
    println!(
        "othello, {nodes} nodes per move, {} games{}, games per CPU second (best of 3): searches \
         alone {:.2}, match runner {:.2}: {:.1}% of the searches' rate (the referee without \
         records: {:.1}%)",
        records.len(),
        params.map_or(String::new(), |path| format!(" ({})", path.display())),
        games / alone,
        games / refereed,
        100.0 * alone / refereed,
        100.0 * alone / refereed_only
    );
}

fn external(bot: &Path, pairs: usize, bot_ms: u64) {
    let dir = scratch("external");
    // arbiter-bot searches 30% of its turn time: give it a turn of BOT_MS / 0.3.
    let turn_ms = bot_ms * 10 / 3;
    let manifest = dir.join("bot.yaml");
    std::fs::write(
        &manifest,
        format!(
            "name: bot\ngame: gomoku\nvariant: renju\ncommand: [{:?}, --game, gomoku, --variant, \
             renju, --protocol, gomocup]\nprotocol: gomocup\nmove-time-ms: {turn_ms}\n\
             first-move-time-ms: {}\ngomocup-rule: 4\n",
            bot.display(),
            turn_ms + 2000
        ),
    )
    .expect("a manifest");
    let name = manifest.display().to_string();
    let request = MatchRequest {
        engines: [name.clone(), name],
        games: 2 * pairs,
        ..MatchRequest::default()
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = request.build(root).expect("a match config");
    let (_, wall, records) = run(&dir.join("match"), config);
    let engine_ms: f64 = records
        .iter()
        .flat_map(|record| record.moves.iter().filter_map(|m| m.time_ms))
        .sum();
    let game_ms: f64 = records.iter().map(|record| record.duration_ms).sum();
    let moves: usize = records
        .iter()
        .map(|record| record.moves.iter().filter(|m| !m.opening).count())
        .sum();
    println!(
        "gomocup arbiter-bot, renju, {} games, {moves} engine moves, {:.1} ms per answer: \
         referee in the games {:.3}% of their time ({:.3} ms per move); the whole match \
         outside the engines' answers {:.3}% of its {:.1} s",
        records.len(),
        engine_ms / moves as f64,
        100.0 * (game_ms - engine_ms) / game_ms,
        (game_ms - engine_ms) / moves as f64,
        100.0 * (wall * 1000.0 - engine_ms) / (wall * 1000.0),
        wall
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |index: usize, default: u64| -> u64 {
        args.get(index)
            .and_then(|text| text.parse().ok())
            .unwrap_or(default)
    };
    let pairs = number(1, 20) as usize;
    // ARBITER_PARAMS=FILE: both engines search with that parameters file instead.
    let params = std::env::var_os("ARBITER_PARAMS").map(PathBuf::from);
    if let Ok(part) = std::env::var("MATCH_SPEED_ONLY") {
        embedded_part(&part, number(0, 2_000), pairs, params.as_deref());
        return;
    }
    for nodes in [number(0, 20_000), 2_000] {
        embedded(nodes, pairs, params.as_deref());
    }
    let bot = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/release/arbiter-bot");
    if bot.is_file() {
        external(&bot, pairs.min(4), number(2, 100));
    } else {
        println!(
            "{} is missing: cargo build --release --bin arbiter-bot",
            bot.display()
        );
    }
}
