//! `cargo xtask baseline freeze NAME` and `cargo xtask baseline diff NAME`.
//!
//! Freeze runs every suite case through the runner, which writes the snapshots under
//! `snapshots/<engine>/` in place (the files `cargo test` compares), and records them with each
//! engine's params.yaml, the fingerprints of its built-in data files (trained weights) and the
//! bench signature in `snapshots/baselines/NAME/`. Diff runs the
//! same and lists what changed; exit 1 when anything did.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use arbiter::baseline::{self, Baseline, ReadError};
use arbiter::bench;
use arbiter::engine::{RulesEngine, embedded_engines};
use arbiter::runner::{
    self, CaseFiles, CaseRef, PlanScope, PlannedCase, RunOptions, SnapshotPolicy, SnapshotStatus,
};
use arbiter::snapshot;
use arbiter::suite::LoadedSuite;
use clap::{Args, Subcommand};
use rayon::prelude::*;

use crate::Status;
use crate::progress::Progress;

#[derive(Args, Debug)]
pub struct BaselineArgs {
    #[command(subcommand)]
    pub command: BaselineCommand,
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
    },
    /// List every position whose move or score changed since NAME (or NAME.prev, the one a
    /// `--force` freeze replaced), and parameter and signature changes; exit 1 if anything
    /// changed, 2 if the baseline is missing or corrupt.
    Diff { name: String },
}

/// The workspace root (xtask lives one level below it).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_owned)
}

/// Runs a baseline command.
///
/// # Errors
/// A taken or bad name, unreadable suites, IO errors.
pub fn run(args: &BaselineArgs) -> Result<Status> {
    match &args.command {
        BaselineCommand::Freeze { name, force, slow } => freeze(name, *force, *slow),
        BaselineCommand::Diff { name } => diff(name),
    }
}

fn freeze(name: &str, force: bool, slow: bool) -> Result<Status> {
    let root = root();
    baseline::check_free(&root, name, force)?;
    let engines = embedded_engines();
    let files = load(&root, &engines)?;
    let include = |loaded: &LoadedSuite| slow || !loaded.suite.slow;
    let policy = SnapshotPolicy::Accept { root: root.clone() };
    let texts = current_snapshots(&files, &engines, include, policy)?;
    let mut frozen = Baseline::default();
    for (engine, file_name, text) in &texts {
        frozen.add_snapshot(engine, file_name, snapshot::file_text(text));
    }
    add_engine_files(&mut frozen, &engines);
    let dir = baseline::write(&root, name, &frozen, force)?;
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

fn diff(name: &str) -> Result<Status> {
    let root = root();
    let dir = baseline::dir_to_read(&root, name)?;
    let frozen = match Baseline::read(&dir) {
        Ok(frozen) => frozen,
        Err(error @ ReadError::Missing { left: None, .. }) => {
            bail!("{error}; freeze one with `cargo xtask baseline freeze {name}`")
        }
        Err(error) => bail!("{error}"),
    };
    let engines = embedded_engines();
    let files = load(&root, &engines)?;
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
    let changes = baseline::diff(&frozen, &current);
    print!("{}", baseline::render(name, &changes));
    Ok(if changes.is_empty() {
        Status::Ok
    } else {
        Status::Failures
    })
}

/// The suites under `root/suites` (no specs: baselines record searches).
fn load(root: &Path, engines: &[Box<dyn RulesEngine>]) -> Result<CaseFiles> {
    let loaded = runner::load(None, Some(&root.join("suites")), engines);
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
    let planned: Vec<PlannedCase> = runner::plan(files, engines, PlanScope { include_slow: true })
        .into_iter()
        .filter(|planned| match planned.case {
            CaseRef::Suite { file, .. } => include(&files.suites[file]),
            CaseRef::Spec { .. } => false,
        })
        .collect();
    let options = RunOptions {
        perft_limit: Some(0),
        tree_limit: 0,
        snapshots: policy,
    };
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
