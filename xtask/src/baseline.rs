//! `cargo xtask baseline freeze NAME` and `cargo xtask baseline diff NAME`.
//!
//! Freeze runs every suite case, accepts the snapshots under `snapshots/<engine>/` (through
//! insta, so the files are exactly what `cargo test` compares) and records them with each
//! engine's params.yaml, the fingerprints of its built-in data files (trained weights) and the
//! bench signature in `snapshots/baselines/NAME/`. Diff runs the
//! same and lists what changed; exit 1 when anything did.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use arbiter::baseline::{self, Baseline};
use arbiter::bench;
use arbiter::engine::{RulesEngine, embedded_engines};
use arbiter::runner;
use arbiter::snapshot;
use arbiter::suite::{self, LoadedSuite};
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
    /// List every position whose move or score changed since NAME, and parameter and
    /// signature changes; exit 1 if anything changed.
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
    // SAFETY: set before any other thread exists (rayon's pool starts later); insta reads
    // them to accept snapshots in place instead of failing on a difference.
    unsafe {
        std::env::set_var("INSTA_UPDATE", "always");
        std::env::set_var("INSTA_FORCE_PASS", "1");
        std::env::set_var("INSTA_OUTPUT", "minimal");
    }
    let engines = embedded_engines();
    let suites = load(&root, &engines)?;
    let include = |loaded: &LoadedSuite| slow || !loaded.suite.slow;
    let texts = current_snapshots(&suites, &engines, include);
    let mut frozen = Baseline::default();
    for (engine, file_name, text) in &texts {
        let name = file_name.trim_end_matches(".snap");
        snapshot::assert_snapshot(&root, engine, name, text);
        let path = root.join(snapshot::DIR).join(engine).join(file_name);
        let written = std::fs::read_to_string(&path)
            .with_context(|| format!("reading back {}", path.display()))?;
        frozen.add_snapshot(engine, file_name, written);
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
    let dir = baseline::dir_of(&root, name)?;
    if !dir.is_dir() {
        bail!(
            "no baseline {}; freeze one with `cargo xtask baseline freeze {name}`",
            dir.display()
        );
    }
    let frozen = Baseline::read(&dir).with_context(|| format!("reading {}", dir.display()))?;
    let engines = embedded_engines();
    let suites = load(&root, &engines)?;
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
    for (engine, file_name, text) in current_snapshots(&suites, &engines, include) {
        current.add_snapshot(&engine, &file_name, text);
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

fn load(root: &Path, engines: &[Box<dyn RulesEngine>]) -> Result<Vec<LoadedSuite>> {
    let loaded = suite::load_suites(&root.join("suites"), engines);
    if !loaded.errors.is_empty() {
        for error in &loaded.errors {
            eprintln!("{error}\n");
        }
        bail!(
            "{} suite file error(s); fix them first",
            loaded.errors.len()
        );
    }
    Ok(loaded.suites)
}

/// Every included suite case searched: (engine, snapshot file name, snapshot text), sorted.
/// Cases whose search did not run have no snapshot and are reported.
fn current_snapshots(
    suites: &[LoadedSuite],
    engines: &[Box<dyn RulesEngine>],
    include: impl Fn(&LoadedSuite) -> bool + Sync,
) -> Vec<(String, String, String)> {
    let planned: Vec<_> = runner::plan_suites(suites, engines, true)
        .into_iter()
        .filter(|planned| include(&suites[planned.suite]))
        .collect();
    let progress = Progress::new("suites", planned.len() as u64);
    let results: Vec<_> = planned
        .into_par_iter()
        .map(|planned| {
            let loaded = &suites[planned.suite];
            let engine = engines[planned.engine].as_ref();
            let outcome = runner::run_suite_case(engine, loaded, planned.case);
            progress.inc(&planned.name);
            let id = &loaded.suite.cases[planned.case].id.value;
            let file_name = format!("{}.snap", snapshot::name(&loaded.name, id));
            match snapshot::render(engine.name(), loaded, planned.case, &outcome) {
                Some(text) => Ok((engine.name().to_owned(), file_name, text)),
                None => Err(format!(
                    "{}: no snapshot: {}",
                    planned.name, outcome.result.message
                )),
            }
        })
        .collect();
    progress.finish();
    let mut texts = Vec::new();
    for result in results {
        match result {
            Ok(entry) => texts.push(entry),
            Err(message) => eprintln!("warning: {message}"),
        }
    }
    texts
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
