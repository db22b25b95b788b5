//! `cargo xtask baseline freeze NAME` and `cargo xtask baseline diff NAME`.
//!
//! Freeze runs every suite case through the runner, which writes the snapshots under
//! `snapshots/<engine>/` in place (the files `cargo test` compares), and records them with each
//! engine's params.yaml, the fingerprints of its built-in data files (trained weights) and the
//! bench signature in `snapshots/baselines/NAME/`. Diff runs the
//! same and lists what changed; exit 1 when anything did.
//!
//! With `--engine MANIFEST` the baseline is a team's engine instead: its program and the files
//! its manifest lists, copied with their SHA-256, and its answers to every suite case of its
//! game over its own protocol ([`arbiter_baseline::engine`]); diff lists the files whose hash
//! changed and the answers that changed.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use arbiter_baseline::{Baseline, ReadError};
use arbiter_engine::bench;
use arbiter_engine::{RulesEngine, embedded_engines};
use arbiter_external::{ExternalEngine, MANIFEST_DIR, Manifest, ProgramPlace};
use arbiter_runner::snapshot;
use arbiter_runner::suite::LoadedSuite;
use arbiter_runner::{
    CaseFiles, CaseRef, PlanScope, PlannedCase, RunOptions, SnapshotPolicy, SnapshotStatus,
};
use clap::{Args, Subcommand};
use rayon::prelude::*;

use crate::Status;
use crate::progress::Progress;

#[derive(Args, Debug)]
pub struct BaselineArgs {
    #[command(subcommand)]
    pub command: BaselineCommand,
    /// The folder baselines live in (default: snapshots/baselines in arbiter's checkout): a
    /// team keeps its frozen engines in its own repository. `match` and `audit` take the same
    /// option to find `NAME@BASELINE` there.
    #[arg(long, global = true, value_name = "DIR")]
    pub baselines: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum BaselineCommand {
    /// Record every snapshot, params.yaml, data file fingerprint and bench signature as
    /// baseline NAME.
    Freeze {
        name: String,
        /// Replace an existing NAME (the old one is kept as NAME.prev).
        #[arg(long)]
        force: bool,
        /// Include the slow suites (FFO #40-#59).
        #[arg(long)]
        slow: bool,
        /// Freeze a team's engine instead: a manifest name (`engines/external/NAME.yaml`) or
        /// path. Its program and `files:` are copied and its suite answers recorded.
        #[arg(long, value_name = "MANIFEST")]
        engine: Option<String>,
    },
    /// List every position whose move or score changed since NAME (or NAME.prev, the one a
    /// `--force` freeze replaced), and parameter and signature changes; exit 1 if anything
    /// changed, 2 if the baseline is missing or corrupt.
    Diff {
        name: String,
        /// Compare a team's engine (manifest name or path) with its frozen copy in NAME.
        #[arg(long, value_name = "MANIFEST")]
        engine: Option<String>,
    },
}

/// Runs a baseline command.
///
/// # Errors
/// A taken or bad name, unreadable suites, IO errors.
pub fn run(args: &BaselineArgs) -> Result<Status> {
    let root = crate::workspace_root();
    let folder = arbiter_baseline::folder(root, args.baselines.as_deref());
    match &args.command {
        BaselineCommand::Freeze {
            name,
            force,
            slow,
            engine: Some(engine),
        } => freeze_engine(&folder, name, engine, *force, *slow),
        BaselineCommand::Freeze {
            name, force, slow, ..
        } => freeze(&folder, name, *force, *slow),
        BaselineCommand::Diff {
            name,
            engine: Some(engine),
        } => diff_engine(&folder, name, engine),
        BaselineCommand::Diff { name, .. } => diff(&folder, name),
    }
}

/// A manifest named on the command line: a path (with `/` or a `.yaml` ending) or a name in
/// `engines/external/`; its text too (the frozen copy's manifest is made from it).
fn team_engine(root: &Path, name: &str) -> Result<(ExternalEngine, String)> {
    let path = if name.contains('/') || name.ends_with(".yaml") || name.ends_with(".yml") {
        PathBuf::from(name)
    } else {
        root.join(MANIFEST_DIR).join(format!("{name}.yaml"))
    };
    let manifest = Manifest::load(&path).map_err(|error| anyhow::anyhow!("{error}"))?;
    let text = std::fs::read_to_string(&path)?;
    Ok((ExternalEngine::new(manifest), text))
}

/// A team's engine frozen: its files and its answers to the suites of its game.
fn engine_baseline(
    root: &Path,
    engine: ExternalEngine,
    text: &str,
    slow: bool,
) -> Result<Baseline> {
    let manifest = engine.manifest().clone();
    let engines: Vec<Box<dyn RulesEngine>> = vec![Box::new(engine)];
    // Loaded against every game's rules (the suites of other games must still load), planned
    // for the team's engine alone.
    let files = load(root, &embedded_engines())?;
    let answers = suite_answers(&files, &engines, |loaded| slow || !loaded.suite.slow);
    let mut frozen = Baseline::default();
    arbiter_baseline::engine::add_engine(&mut frozen, &manifest, text, answers)
        .map_err(|error| anyhow::anyhow!("{error}"))?;
    Ok(frozen)
}

fn freeze_engine(
    folder: &Path,
    name: &str,
    engine: &str,
    force: bool,
    slow: bool,
) -> Result<Status> {
    let root = crate::workspace_root();
    arbiter_baseline::check_free(folder, name, force)?;
    let (engine, text) = team_engine(root, engine)?;
    let engine_name = engine.manifest().name.clone();
    let place = engine.manifest().program_place.clone();
    let frozen = engine_baseline(root, engine, &text, slow)?;
    if frozen.blobs.is_empty() {
        eprintln!(
            "warning: nothing of {engine_name} was copied (its program is {place} and its \
             manifest lists no `files:`), so the frozen copy runs the original; list the \
             engine's own files under `files:`"
        );
    } else if !matches!(place, ProgramPlace::Own(_)) {
        eprintln!(
            "note: the program of {engine_name} is not copied (it is {place}): the frozen copy \
             runs it where it is, and its hash is recorded"
        );
    }
    let dir = arbiter_baseline::write(folder, name, &frozen, force)?;
    let answers = frozen
        .files
        .get(
            &Path::new(arbiter_baseline::engine::ENGINE_DIR)
                .join(arbiter_baseline::engine::ANSWERS),
        )
        .map_or(0, |text| text.lines().count());
    println!(
        "froze {engine_name}: {} file(s) copied, {answers} suite answer(s), into {}",
        frozen.blobs.len(),
        dir.display()
    );
    let elsewhere = if folder == arbiter_baseline::folder(root, None) {
        String::new()
    } else {
        format!(" --baselines {}", folder.display())
    };
    println!(
        "play against it with `cargo xtask match {engine_name} \
         {engine_name}@{name}{elsewhere}`; compare with `cargo xtask baseline diff {name} \
         --engine {engine_name}{elsewhere}`"
    );
    Ok(Status::Ok)
}

fn diff_engine(folder: &Path, name: &str, engine: &str) -> Result<Status> {
    let root = crate::workspace_root();
    let frozen = read_baseline(folder, name)?;
    let (engine, text) = team_engine(root, engine)?;
    let engine_name = engine.manifest().name.clone();
    if !frozen
        .files
        .contains_key(&arbiter_baseline::engine::frozen_manifest_path(
            Path::new(""),
            &engine_name,
        ))
    {
        bail!(
            "baseline {name} holds no frozen copy of `{engine_name}`; freeze one with `cargo \
             xtask baseline freeze {name} --engine {engine_name}`"
        );
    }
    // The suites the frozen copy answered, slow ones included if it had them.
    let slow = frozen
        .files
        .get(
            &Path::new(arbiter_baseline::engine::ENGINE_DIR)
                .join(arbiter_baseline::engine::ANSWERS),
        )
        .is_some_and(|answers| answers.lines().any(|line| line.starts_with("ffo-40-59::")));
    let current = engine_baseline(root, engine, &text, slow)?;
    Ok(print_diff(name, &frozen, &current))
}

/// Prints how `current` differs from the frozen baseline `name`: failures when it does.
fn print_diff(name: &str, frozen: &Baseline, current: &Baseline) -> Status {
    let changes = arbiter_baseline::diff(frozen, current);
    print!("{}", arbiter_baseline::render(name, &changes));
    if changes.is_empty() {
        Status::Ok
    } else {
        Status::Failures
    }
}

/// The run options of a baseline's suite searches: only searches run (no perft, no tree).
fn suite_options(snapshots: SnapshotPolicy) -> RunOptions {
    RunOptions {
        snapshots,
        ..RunOptions::limited(Some(0), 0)
    }
}

/// Baseline `name` of `folder`, read and checked.
fn read_baseline(folder: &Path, name: &str) -> Result<Baseline> {
    let dir = arbiter_baseline::dir_to_read(folder, name)?;
    match Baseline::read(&dir) {
        Ok(frozen) => Ok(frozen),
        Err(error @ ReadError::Missing { left: None, .. }) => {
            bail!("{error}; freeze one with `cargo xtask baseline freeze {name}`")
        }
        Err(error) => bail!("{error}"),
    }
}

/// Every suite case (slow ones too) of a suite `include` takes, planned for `engines`.
fn suite_plan(
    files: &CaseFiles,
    engines: &[Box<dyn RulesEngine>],
    include: impl Fn(&LoadedSuite) -> bool,
) -> Vec<PlannedCase> {
    arbiter_runner::plan(files, engines, PlanScope { include_slow: true })
        .into_iter()
        .filter(|planned| match planned.case {
            CaseRef::Suite { file, .. } => include(&files.suites[file]),
            CaseRef::Spec { .. } => false,
        })
        .collect()
}

/// Every included suite case run on the one engine in `engines`, one case at a time (an
/// external engine answers under a clock): `<suite>::<id>: <verdict>: <answer>` lines, sorted.
fn suite_answers(
    files: &CaseFiles,
    engines: &[Box<dyn RulesEngine>],
    include: impl Fn(&LoadedSuite) -> bool,
) -> String {
    let planned = suite_plan(files, engines, include);
    let options = suite_options(SnapshotPolicy::Ignore);
    let progress = Progress::new("suites", planned.len() as u64);
    let mut lines: Vec<String> = planned
        .iter()
        .map(|planned| {
            let result = planned.run(files, engines[planned.engine].as_ref(), &options);
            progress.inc(&planned.name);
            // The move, and the score only when proven: an engine under a clock searches
            // differently on every run, and its node counts and heuristic scores with it.
            let answer = match (&result.search, &result.fault) {
                (_, Some(fault)) => format!("fault {fault}"),
                (Some(search), None) => {
                    let best = search.best.as_deref().unwrap_or("none");
                    match &search.proven {
                        Some(proven) => match proven.margin {
                            Some(margin) => format!("move {best}, {} {margin:+}", proven.verdict),
                            None => format!("move {best}, {}", proven.verdict),
                        },
                        None => format!("move {best}"),
                    }
                }
                (None, None) => result
                    .engine_said
                    .or(result.reason)
                    .unwrap_or_else(|| "no answer".to_owned()),
            };
            format!(
                "{}::{}: {}: {}",
                result.origin.topic,
                result.origin.id,
                result.verdict.name(),
                answer.replace('\n', " ")
            )
        })
        .collect();
    progress.finish();
    lines.sort();
    lines.iter().map(|line| format!("{line}\n")).collect()
}

fn freeze(folder: &Path, name: &str, force: bool, slow: bool) -> Result<Status> {
    let root = crate::workspace_root();
    arbiter_baseline::check_free(folder, name, force)?;
    let engines = embedded_engines();
    let files = load(root, &engines)?;
    let include = |loaded: &LoadedSuite| slow || !loaded.suite.slow;
    let policy = SnapshotPolicy::Accept {
        root: root.to_owned(),
    };
    let texts = current_snapshots(&files, &engines, include, policy)?;
    let mut frozen = Baseline::default();
    for (engine, file_name, text) in &texts {
        frozen.add_snapshot(engine, file_name, snapshot::file_text(text));
    }
    add_engine_files(&mut frozen, &engines);
    let dir = arbiter_baseline::write(folder, name, &frozen, force)?;
    println!(
        "froze {} snapshot(s), {} params file(s), {} data file fingerprint(s) and the bench \
         signature into {}",
        texts.len(),
        engines.iter().filter(|e| e.params().is_some()).count(),
        engines.iter().map(|e| e.data_files().len()).sum::<usize>(),
        dir.display()
    );
    print!(
        "{}",
        frozen
            .files
            .get(Path::new("bench.txt"))
            .map_or("", String::as_str)
    );
    Ok(Status::Ok)
}

fn diff(folder: &Path, name: &str) -> Result<Status> {
    let root = crate::workspace_root();
    let frozen = read_baseline(folder, name)?;
    let engines = embedded_engines();
    let files = load(root, &engines)?;
    // The suites the baseline covered (slow ones included if it had them), and new fast ones.
    let frozen_suites: Vec<String> = frozen
        .files
        .keys()
        .filter_map(|path| path.file_stem())
        .filter_map(|stem| {
            stem.to_str()?
                .split_once("__")
                .map(|(suite, _)| suite.to_owned())
        })
        .collect();
    let include = |loaded: &LoadedSuite| !loaded.suite.slow || frozen_suites.contains(&loaded.name);
    let mut current = Baseline::default();
    for (engine, file_name, text) in
        current_snapshots(&files, &engines, include, SnapshotPolicy::Ignore)?
    {
        current.add_snapshot(&engine, &file_name, snapshot::file_text(&text));
    }
    add_engine_files(&mut current, &engines);
    Ok(print_diff(name, &frozen, &current))
}

/// The suites under `root/suites` (no specs: baselines record searches).
fn load(root: &Path, engines: &[Box<dyn RulesEngine>]) -> Result<CaseFiles> {
    let loaded = arbiter_runner::load(None, Some(&root.join("suites")), engines);
    if !loaded.errors.is_empty() {
        for error in &loaded.errors {
            eprintln!("{error}\n");
        }
        bail!(
            "{} suite file error(s); fix them first",
            loaded.errors.len()
        );
    }
    Ok(loaded.files)
}

/// Every included suite case searched through the runner under `policy`: (engine, snapshot
/// file name, snapshot text), sorted. Cases whose search did not run have no snapshot and are
/// reported.
fn current_snapshots(
    files: &CaseFiles,
    engines: &[Box<dyn RulesEngine>],
    include: impl Fn(&LoadedSuite) -> bool + Sync,
    policy: SnapshotPolicy,
) -> Result<Vec<(String, String, String)>> {
    let planned = suite_plan(files, engines, include);
    let options = suite_options(policy);
    let progress = Progress::new("suites", planned.len() as u64);
    let results: Vec<_> = planned
        .par_iter()
        .map(|planned| {
            let result = planned.run(files, engines[planned.engine].as_ref(), &options);
            progress.inc(&planned.name);
            result
        })
        .collect();
    progress.finish();
    let mut texts = Vec::new();
    for result in results {
        let Some(found) = result.snapshot else {
            eprintln!("warning: {}: no snapshot: {}", result.name, result.message);
            continue;
        };
        if let SnapshotStatus::Unreadable { problem } = &found.status {
            bail!("{}: {problem}", found.path.display());
        }
        let file_name = format!(
            "{}.snap",
            snapshot::name(&result.origin.topic, &result.origin.id)
        );
        texts.push((result.engine, file_name, found.text));
    }
    Ok(texts)
}

/// Each engine's parameters file, the fingerprints of its built-in data files, and the bench
/// signature.
fn add_engine_files(baseline: &mut Baseline, engines: &[Box<dyn RulesEngine>]) {
    let mut data = String::new();
    for engine in engines {
        if let Some(params) = engine.params() {
            baseline.add_params(engine.name(), params.yaml);
        }
        for file in engine.data_files() {
            data.push_str(&format!("{} {}\n", engine.name(), file.fingerprint()));
        }
    }
    baseline.set_data(data);
    baseline.set_bench(bench::signature_text(&bench::run(engines)));
}
