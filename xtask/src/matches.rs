//! `cargo xtask match A B`: a refereed match between two engines with SPRT, and its helpers
//! `match merge DIR...` (shards combined) and `match openings GAME` (an arbiter-made book).
//! The library does the work ([`arbiter_arena`]); this is the command line, the progress bar
//! and the summary. `docs/match.md` is the user's guide.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{Result, anyhow, bail};
use arbiter_arena::clock::TimeControl;
use arbiter_arena::config::{MatchConfig, Shard};
use arbiter_arena::merge;
use arbiter_arena::openings::generate::{self, GenerateOptions};
use arbiter_arena::request::MatchRequest;
use arbiter_arena::run::{self, Progress, RunOptions, Runner};
use arbiter_arena::stats::{Decision, SprtConfig};
use arbiter_arena::stop::StopFile;
use arbiter_arena::tally::{Status as RunStatus, Tally};
use arbiter_arena::timing::Phases;
use arbiter_engine::{Algorithm, Budget, find_engine};
use arbiter_report::MatchSummary;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;

use crate::Status;

/// `cargo xtask match`.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct MatchArgs {
    #[command(subcommand)]
    pub action: Option<MatchAction>,
    #[command(flatten)]
    pub play: PlayArgs,
}

/// The helpers beside playing.
#[derive(Subcommand, Debug)]
pub enum MatchAction {
    /// Combine the results of shards (`--shard I/N` runs) into the result of the whole match.
    Merge {
        /// The shards' match directories.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// Write the merged result.json here.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Print the merged result JSON on stdout.
        #[arg(long)]
        json: bool,
        /// Write this file when the merged SPRT has decided; shards run with the same
        /// `--stop-file` stop at their next pair.
        #[arg(long, value_name = "FILE")]
        stop_file: Option<PathBuf>,
        /// Merge again every SECS seconds while the shards play, until the SPRT decides or
        /// every shard has ended its run (written its result.json); a folder that holds no
        /// match yet is a shard not started.
        #[arg(long, value_name = "SECS")]
        watch: Option<u64>,
    },
    /// Make an opening book: random starts kept when a search finds them near even.
    Openings(OpeningsArgs),
}

/// Playing a match.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Engine A (the reference) and engine B (the candidate; every figure is B's against A):
    /// an embedded engine (`othello`), a frozen one (`othello@BASELINE`), or an external engine
    /// (a manifest name in engines/external/ or a path to a manifest).
    #[arg(num_args = 0..=2)]
    pub engines: Vec<String>,
    /// The folder of baselines `NAME@BASELINE` is found in (default: snapshots/baselines in
    /// arbiter's checkout), as `baseline freeze --baselines DIR` wrote it.
    #[arg(long, value_name = "DIR")]
    pub baselines: Option<PathBuf>,
    /// A parameters file for embedded engine A (replaces its params.yaml).
    #[arg(long, value_name = "FILE")]
    pub params_a: Option<PathBuf>,
    /// A parameters file for embedded engine B.
    #[arg(long, value_name = "FILE")]
    pub params_b: Option<PathBuf>,
    /// The rule variant (default: an external engine's manifest variant, else the game's).
    #[arg(long)]
    pub variant: Option<String>,
    /// Games to play (rounded up to whole pairs); with --sprt, the most it plays.
    #[arg(long, default_value_t = 200)]
    pub games: usize,
    /// Sequential test: elo0=E0,elo1=E1[,alpha=0.05,beta=0.05,model=normalized|logistic]
    /// (bounds in normalized Elo by default, as fastchess); stops when H0 or H1 is accepted.
    #[arg(long, value_name = "SPEC")]
    pub sprt: Option<SprtConfig>,
    /// Games at once (default: the cores; one fewer with an external engine).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Time control: move=MS (Botzone), game=MS (CCGC), match=MS,turn=MS (Gomocup),
    /// main=MS,byoyomi=MS,stones=N (Go's Canadian byo-yomi).
    #[arg(long, value_name = "SPEC")]
    pub tc: Option<TimeControl>,
    /// Nodes per move for embedded engines (deterministic games; default 20000 without --tc).
    #[arg(long, conflicts_with = "depth")]
    pub nodes: Option<u64>,
    /// Depth per move for embedded engines (deterministic games).
    #[arg(long)]
    pub depth: Option<u32>,
    /// An opening book file, a shipped book's name (e.g. renju-26), or `start`.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// The referee's move limit (a game reaching it is drawn); default per game.
    #[arg(long)]
    pub max_plies: Option<usize>,
    /// Ban each move that would complete a repetition the variant's ruling loses for its
    /// mover, as UCCI's league does (`banmoves` to UCCI engines; a banned move played is an
    /// illegal move); without it such a move is played and loses.
    #[arg(long)]
    pub banmoves: bool,
    /// The match directory (default: `matches/<A>-vs-<B>[-N]`).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print the result JSON on stdout (the summary goes to stderr).
    #[arg(long)]
    pub json: bool,
    /// Continue the match in DIR (after an interruption or kill); other options are taken
    /// from DIR/match.json.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["engines", "out", "sprt", "tc", "shard", "phases"])]
    pub resume: Option<PathBuf>,
    /// Play only part I of N of the openings (e.g. 1/4); combine with `match merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// The phases of the clock's statistics in the report, as ply ranges from 1:
    /// `opening=1-20,middle=21-44,endgame=45-` (default per game, docs/match.md).
    #[arg(long, value_name = "RANGES")]
    pub phases: Option<Phases>,
    /// Load the machine with N busy threads while playing (a slower venue machine): does the
    /// engines' time management hold? The result and the summary say the load.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub clock_stress: usize,
    /// Stop at the next pair once this file exists (`match merge --stop-file` writes it when
    /// the merged SPRT has decided); the pairs begun are finished.
    #[arg(long, value_name = "FILE")]
    pub stop_file: Option<PathBuf>,
}

/// `match openings`.
#[derive(Args, Debug)]
pub struct OpeningsArgs {
    /// The game.
    pub game: String,
    #[arg(long)]
    pub variant: Option<String>,
    /// Openings wanted.
    #[arg(long, default_value_t = 100)]
    pub count: usize,
    /// Random plies per opening (default per game).
    #[arg(long)]
    pub plies: Option<usize>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stones within this many lines of the centre (gomoku, Connect6).
    #[arg(long)]
    pub radius: Option<u32>,
    /// Filter with this many nodes of alpha-beta (default 20000).
    #[arg(long, conflicts_with = "depth")]
    pub nodes: Option<u64>,
    /// Filter with alpha-beta to this depth.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Filter with the exact solver (small games).
    #[arg(long)]
    pub solve: bool,
    /// Keep openings scored within +-MARGIN (engine units; default per game).
    #[arg(long)]
    pub margin: Option<i32>,
    /// Write the book here instead of stdout.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Runs `cargo xtask match ...`.
///
/// # Errors
/// Bad arguments, engines that cannot be loaded, unreadable books, IO errors.
pub fn run(args: &MatchArgs) -> Result<Status> {
    match &args.action {
        Some(MatchAction::Merge {
            dirs,
            out,
            json,
            stop_file,
            watch,
        }) => {
            let options = MergeOptions {
                out: out.as_deref(),
                json: *json,
                stop_file: stop_file.as_deref().map(StopFile::at),
            };
            match watch {
                Some(seconds) => watch_command(dirs, &options, Duration::from_secs(*seconds)),
                None => merge_command(dirs, &options),
            }
        }
        Some(MatchAction::Openings(openings)) => openings_command(openings),
        None => play(&args.play),
    }
}

/// `matches/<a>-vs-<b>`, with `-2`, `-3`, … when taken.
fn default_out(a: &str, b: &str) -> PathBuf {
    let clean = |name: &str| -> String {
        name.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    };
    let base = PathBuf::from("matches").join(format!("{}-vs-{}", clean(a), clean(b)));
    if !base.exists() {
        return base;
    }
    (2..)
        .map(|n| PathBuf::from(format!("{}-{n}", base.display())))
        .find(|path| !path.exists())
        .unwrap_or(base)
}

/// Builds the match config from the command line.
fn configure(args: &PlayArgs) -> Result<MatchConfig> {
    let [a, b] = args.engines.as_slice() else {
        bail!("name two engines: cargo xtask match A B (or --resume DIR)");
    };
    let request = MatchRequest {
        engines: [a.clone(), b.clone()],
        params: [args.params_a.clone(), args.params_b.clone()],
        variant: args.variant.clone(),
        games: args.games,
        sprt: args.sprt,
        time_control: args.tc,
        nodes: args.nodes,
        depth: args.depth,
        openings: args.openings.clone(),
        max_plies: args.max_plies,
        banmoves: args.banmoves,
        shard: args.shard,
        phases: args.phases.clone(),
    };
    let root = crate::workspace_root();
    request
        .build_with_baselines(
            root,
            &arbiter_baseline::folder(root, args.baselines.as_deref()),
        )
        .map_err(|e| anyhow!(e))
}

/// Whether to draw a progress bar: on a terminal, and not in CI.
fn interactive() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("CI").is_none()
}

/// `W-D-L 10-4-6  Elo +35.2 +- 40.1  LLR 1.02 [-2.94, 2.94]`.
fn progress_line(tally: &Tally, config: &MatchConfig) -> String {
    let statistics = tally.statistics();
    let number = |key: &str| statistics[key].as_f64().unwrap_or(0.0);
    let mut line = format!(
        "W-D-L {}-{}-{}  Elo {:+.1} ± {:.1}",
        tally.wdl.wins,
        tally.wdl.draws,
        tally.wdl.losses,
        number("elo"),
        number("elo95")
    );
    if let (Some(sprt), Some(llr)) = (config.sprt, tally.llr()) {
        let (lower, upper) = sprt.bounds();
        line.push_str(&format!("  LLR {llr:.2} [{lower:.2}, {upper:.2}]"));
    }
    line
}

/// Plays the match (a new one, or the rest of `--resume DIR`) with a progress bar, then prints
/// its summary.
fn play(args: &PlayArgs) -> Result<Status> {
    let (dir, config) = match_folder(args)?;
    let runner = Runner::prepare(&dir, config).map_err(|e| anyhow!(e))?;
    let config = &runner.config;
    if args.resume.is_some() {
        say_resumed(&runner, &dir)?;
    }
    let stop_file = args.stop_file.as_deref().map(StopFile::at);
    say_notes(config, stop_file.as_ref());
    let concurrency = args
        .concurrency
        .unwrap_or_else(|| run::default_concurrency(runner.has_external()));
    announce(config, concurrency, &dir, args.clock_stress);
    let bar = progress_bar(config.scheduled_games().len());
    let on_game = |progress: &Progress<'_>| show_game(&bar, progress, config);
    let interrupted = AtomicBool::new(false);
    let outcome = runner
        .run(&RunOptions {
            concurrency,
            on_game: &on_game,
            interrupted: &interrupted,
            stop_file: stop_file.as_ref(),
            clock_stress: args.clock_stress,
        })
        .map_err(|e| anyhow!(e))?;
    bar.finish_and_clear();
    summarize(&outcome.result, &dir);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&outcome.result)?);
    }
    Ok(exit_status(&outcome.result, outcome.status))
}

/// The match folder, with the config of a new match (`None` to resume the one in `--resume`).
fn match_folder(args: &PlayArgs) -> Result<(PathBuf, Option<MatchConfig>)> {
    Ok(match &args.resume {
        Some(dir) => (dir.clone(), None),
        None => {
            let config = configure(args)?;
            let out = args
                .out
                .clone()
                .unwrap_or_else(|| default_out(&args.engines[0], &args.engines[1]));
            (out, Some(config))
        }
    })
}

/// Says how many of a resumed match's games are read back from `dir` and how many are left.
fn say_resumed(runner: &Runner, dir: &Path) -> Result<()> {
    let scheduled = runner.config.scheduled_games();
    let on_disk = runner.store().games().map_err(|e| anyhow!(e))?;
    let read = scheduled
        .iter()
        .filter(|index| on_disk.contains_key(index))
        .count();
    eprintln!(
        "resuming {}: read back {read} finished game(s) of {}; {} left to play",
        dir.display(),
        scheduled.len(),
        scheduled.len() - read
    );
    Ok(())
}

/// The notes on a match whose figures need care: openings that repeat at a fixed budget, and
/// a shard under an SPRT that only `match merge` applies.
fn say_notes(config: &MatchConfig, stop_file: Option<&StopFile>) {
    if config.pairs() > config.book.openings.len() && config.budget.is_some() {
        eprintln!(
            "note: {} pairs from {} openings: openings repeat, and at a fixed budget a repeated \
             pair repeats its games",
            config.pairs(),
            config.book.openings.len()
        );
    }
    if config.sprt.is_some() && config.shard.is_some() {
        match stop_file {
            Some(stop) => eprintln!(
                "note: `cargo xtask match merge --stop-file {}` applies the SPRT; this shard \
                 stops at its next pair once that file exists",
                stop.path().display()
            ),
            None => eprintln!(
                "note: a shard plays its part whole; `cargo xtask match merge` applies the SPRT \
                 (with --stop-file on both, the shards stop once it has decided)"
            ),
        }
    }
}

/// The line that says what is about to be played, where, and how many games at once.
fn announce(config: &MatchConfig, concurrency: usize, dir: &Path, clock_stress: usize) {
    eprintln!(
        "match {} (A) vs {} (B): {} {}, {} games{}, openings {} ({}), {} at once, in {}",
        config.engines[0].label,
        config.engines[1].label,
        config.game,
        config.variant,
        config.scheduled_games().len(),
        config
            .shard
            .map_or(String::new(), |shard| format!(" (shard {shard})")),
        config.book.name,
        config.book.openings.len(),
        concurrency,
        dir.display()
    );
    if clock_stress > 0 {
        eprintln!(
            "clock stress: {clock_stress} busy thread(s) load the machine while the games are played"
        );
    }
}

/// A bar of the `games` played, drawn only when [`interactive`].
fn progress_bar(games: usize) -> ProgressBar {
    if !interactive() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games as u64);
    if let Ok(style) = ProgressStyle::with_template("games {pos}/{len} {elapsed} {wide_msg}") {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(500));
    bar
}

/// After a game: the bar's position and figures, and a line for a game lost by a fault.
fn show_game(bar: &ProgressBar, progress: &Progress<'_>, config: &MatchConfig) {
    bar.set_position(progress.played as u64);
    bar.set_message(progress_line(progress.tally, config));
    if let Some(fault) = &progress.record.fault {
        bar.suspend(|| {
            eprintln!(
                "game {}: {} lost by {}: {}{}",
                progress.record.index,
                fault.engine,
                fault.kind,
                fault.detail,
                progress
                    .record
                    .found_case
                    .as_deref()
                    .map_or(String::new(), |case| format!(" -> {case}"))
            );
        });
    }
}

/// 1 when a fault was found or the SPRT accepted H0 (the change is not better), else 0.
fn exit_status(result: &Value, status: RunStatus) -> Status {
    let faults = ["a", "b"].iter().any(|role| {
        result["faults"][role]
            .as_object()
            .is_some_and(|classes| !classes.is_empty())
    });
    let rejected = result["statistics"]["sprt"]["decision"] == serde_json::json!(Decision::H0);
    if faults || rejected || status == RunStatus::Interrupted {
        Status::Failures
    } else {
        Status::Ok
    }
}

/// The summary on stderr.
fn summarize(result: &Value, dir: &Path) {
    let s = &result["statistics"];
    let number = |value: &Value| value.as_f64().unwrap_or(f64::NAN);
    let label = |role: &str| {
        result["engines"][role]["label"]
            .as_str()
            .unwrap_or("?")
            .to_owned()
    };
    eprintln!(
        "{} (A) vs {} (B): {} games counted of {} played ({})",
        label("a"),
        label("b"),
        s["games"],
        result["games_played"],
        result["status"].as_str().unwrap_or("?")
    );
    let games = number(&s["games"]).max(1.0);
    eprintln!(
        "  B against A: {} wins, {} draws, {} losses (score {:.1}%)",
        s["wins"],
        s["draws"],
        s["losses"],
        100.0 * (number(&s["wins"]) + 0.5 * number(&s["draws"])) / games
    );
    let p = &s["pentanomial"];
    eprintln!(
        "  pairs [LL, LD, WL+DD, WD, WW] = {} (WL {}, DD {})",
        s["pentanomial_classes"], p["wl"], p["dd"]
    );
    eprintln!(
        "  Elo {:+.1} ± {:.1} (95%), normalized Elo {:+.1} ± {:.1}, LOS {:.1}%",
        number(&s["elo"]),
        number(&s["elo95"]),
        number(&s["nelo"]),
        number(&s["nelo95"]),
        100.0 * number(&s["los"])
    );
    if let Some(sprt) = s["sprt"].as_object() {
        let decision: Option<Decision> = serde_json::from_value(sprt["decision"].clone()).ok();
        let meaning = match decision {
            Some(Decision::H0) => {
                ": B's Elo against A is elo0 or less rather than elo1 (fishtest: rejected)"
            }
            Some(Decision::H1) => {
                ": B's Elo against A is elo1 or more rather than elo0 (fishtest: accepted)"
            }
            _ => "",
        };
        eprintln!(
            "  SPRT elo0={} elo1={} alpha={} beta={} ({}): LLR {:.3} in [{:.3}, {:.3}]: {}{meaning}",
            sprt["elo0"],
            sprt["elo1"],
            sprt["alpha"],
            sprt["beta"],
            sprt["model"].as_str().unwrap_or("?"),
            number(&sprt["llr"]),
            number(&sprt["lower_bound"]),
            number(&sprt["upper_bound"]),
            decision.map_or_else(|| "?".to_owned(), |d| d.to_string())
        );
    }
    for role in ["a", "b"] {
        if let Some(classes) = result["faults"][role].as_object()
            && !classes.is_empty()
        {
            let list: Vec<String> = classes
                .iter()
                .map(|(class, n)| format!("{n} {class}"))
                .collect();
            eprintln!(
                "  faults of {}: {} (spec cases in {}/found/)",
                label(role),
                list.join(", "),
                dir.display()
            );
        }
    }
    for line in MatchSummary::of(dir, result.clone()).clock_lines() {
        eprintln!("  {line}");
    }
    eprintln!("  result: {}", dir.join("result.json").display());
}

/// What `match merge` does with the merged result besides printing it.
struct MergeOptions<'a> {
    out: Option<&'a Path>,
    json: bool,
    stop_file: Option<StopFile>,
}

/// Merges once: prints the summary, writes the result and, when the SPRT has decided, the
/// stop file.
fn merge_command(dirs: &[PathBuf], options: &MergeOptions<'_>) -> Result<Status> {
    let merged = merge::merge(dirs).map_err(|e| anyhow!(e))?;
    report_merged(&merged, options)
}

/// `match merge --watch`: merges every `every` until the SPRT decides or every shard given
/// has ended its run.
fn watch_command(dirs: &[PathBuf], options: &MergeOptions<'_>, every: Duration) -> Result<Status> {
    loop {
        let started: Vec<PathBuf> = dirs
            .iter()
            .filter(|dir| dir.join("match.json").is_file())
            .cloned()
            .collect();
        if !started.is_empty() {
            let merged = merge::merge(&started).map_err(|e| anyhow!(e))?;
            let ended = started.len() == dirs.len()
                && dirs.iter().all(|dir| dir.join("result.json").is_file());
            if merged.status == RunStatus::Decided || ended {
                return report_merged(&merged, options);
            }
            eprintln!(
                "merged {} of {} shard folder(s): {}; again in {} s",
                started.len(),
                dirs.len(),
                so_far(&merged),
                every.as_secs()
            );
        } else {
            eprintln!("no shard has started yet; again in {} s", every.as_secs());
        }
        std::thread::sleep(every);
    }
}

/// How far a merge of running shards got: the pairs counted and the LLR.
fn so_far(merged: &merge::Merged) -> String {
    let statistics = &merged.result["statistics"];
    let mut line = format!(
        "{} of {} pairs counted",
        statistics["pairs"],
        merged.config.pairs()
    );
    if let Some(llr) = statistics["sprt"]["llr"].as_f64() {
        line.push_str(&format!(", LLR {llr:.3}, not decided"));
    }
    line
}

fn report_merged(merged: &merge::Merged, options: &MergeOptions<'_>) -> Result<Status> {
    if !merged.missing_shards.is_empty() {
        eprintln!(
            "note: shards {:?} of {} are missing: the result covers the given ones",
            merged.missing_shards,
            merged.config.shard.map_or(1, |shard| shard.count)
        );
    }
    match merged.status {
        RunStatus::Decided => {
            if let Some(stop) = &options.stop_file {
                stop.write(&merged.result).map_err(|e| anyhow!(e))?;
                eprintln!(
                    "the SPRT has decided: wrote {}, the shards stop at their next pair",
                    stop.path().display()
                );
            }
        }
        RunStatus::Complete => {}
        RunStatus::Interrupted | RunStatus::Stopped => eprintln!(
            "not every game is played yet: {}; merge again later",
            so_far(merged)
        ),
    }
    let (out, json) = (options.out, options.json);
    let dir = out.map_or_else(|| PathBuf::from("."), Path::to_owned);
    if let Some(out) = out {
        std::fs::create_dir_all(out)?;
        arbiter_arena::store::write_atomic(
            &out.join("result.json"),
            format!("{}\n", serde_json::to_string_pretty(&merged.result)?).as_bytes(),
            arbiter_arena::store::Care::Durable,
        )?;
    }
    summarize(&merged.result, &dir);
    if json {
        println!("{}", serde_json::to_string_pretty(&merged.result)?);
    }
    Ok(exit_status(&merged.result, merged.status))
}

/// Per game: (random plies, radius, margin) for `match openings`.
fn opening_defaults(game: &str) -> (usize, Option<u32>, i32) {
    match game {
        "othello" => (8, None, 120),
        "gomoku" => (3, Some(2), 150),
        "connect6" => (3, Some(2), 150),
        "amazons" => (2, None, 100),
        "surakarta" => (4, None, 100),
        "dotsboxes" => (4, None, 150),
        "nogo" => (4, None, 150),
        _ => (2, None, 0),
    }
}

fn openings_command(args: &OpeningsArgs) -> Result<Status> {
    let engine = find_engine(&args.game).ok_or_else(|| anyhow!("unknown game `{}`", args.game))?;
    let variant = args
        .variant
        .clone()
        .unwrap_or_else(|| engine.default_variant());
    let (plies, radius, margin) = opening_defaults(&args.game);
    let (algorithm, budget) = match (args.solve, args.nodes, args.depth) {
        (true, _, depth) => (Algorithm::Solve, Budget::Depth(depth.unwrap_or(64))),
        (false, Some(nodes), _) => (Algorithm::AlphaBeta, Budget::Nodes(nodes)),
        (false, None, Some(depth)) => (Algorithm::AlphaBeta, Budget::Depth(depth)),
        (false, None, None) => (Algorithm::AlphaBeta, Budget::Nodes(20_000)),
    };
    let options = GenerateOptions {
        count: args.count,
        plies: args.plies.unwrap_or(plies),
        seed: args.seed,
        radius: args.radius.or(radius),
        algorithm,
        budget,
        margin: args.margin.unwrap_or(margin),
        max_tries: args.count.saturating_mul(200).max(1000),
    };
    let (openings, attempts) =
        generate::generate(engine.as_ref(), &variant, &options).map_err(|e| anyhow!(e))?;
    let mut command = format!(
        "cargo xtask match openings {} --variant {variant} --count {} --plies {} --seed {}",
        args.game, options.count, options.plies, options.seed
    );
    if let Some(radius) = options.radius {
        command.push_str(&format!(" --radius {radius}"));
    }
    command.push_str(&match (algorithm, budget) {
        (Algorithm::Solve, _) => " --solve".to_owned(),
        (_, Budget::Nodes(nodes)) => format!(" --nodes {nodes}"),
        (_, Budget::Depth(depth)) => format!(" --depth {depth}"),
        (_, Budget::Time(_)) => String::new(),
    });
    command.push_str(&format!(" --margin {}", options.margin));
    let text = generate::book_text(engine.as_ref(), &variant, &options, &command, &openings);
    eprintln!(
        "{} openings kept of {} tried ({} repeated, {} over, {} unbalanced)",
        openings.len(),
        attempts.tried,
        attempts.repeated,
        attempts.over,
        attempts.unbalanced
    );
    match &args.out {
        Some(path) => std::fs::write(path, text)?,
        None => print!("{text}"),
    }
    if openings.len() < args.count {
        eprintln!("warning: fewer openings than asked; widen --margin or --plies");
        return Ok(Status::Failures);
    }
    Ok(Status::Ok)
}
