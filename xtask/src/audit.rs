//! `cargo xtask audit`: every spec case and every suite case against every chosen engine, as a
//! table per file (or JSON), the failures with their boards, orphaned snapshots, and an exit
//! code a script can act on.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use arbiter::engine::{RulesEngine, embedded_engines};
use arbiter::external::{ExternalEngine, MANIFEST_DIR};
use arbiter::runner::{self, CaseResult, RunOptions, Verdict};
use arbiter::snapshot;
use arbiter::spec::{self, LoadedSpec, SpecError};
use arbiter::suite::{self, LoadedSuite};
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde_json::json;

use crate::Status;
use crate::progress::Progress;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Format {
    Table,
    Json,
}

/// `cargo xtask audit`.
#[derive(Args, Debug)]
pub struct AuditArgs {
    /// Only this engine (an embedded engine is named after its game).
    #[arg(long)]
    pub engine: Option<String>,
    /// Only specs and suites of this game.
    #[arg(long)]
    pub game: Option<String>,
    /// The spec directory.
    #[arg(long, default_value = "specs")]
    pub specs: PathBuf,
    /// The suite directory.
    #[arg(long, default_value = "suites")]
    pub suites: PathBuf,
    /// Run only these suites (by name, e.g. `ffo-40-59`; slow ones included) and no specs.
    #[arg(long = "suite")]
    pub only_suites: Vec<String>,
    /// Run only the cases whose id (spec or suite) is one of these, e.g. `--case ffo-56`; with
    /// `--suite`, to rerun one slow position without the rest.
    #[arg(long = "case")]
    pub only_cases: Vec<String>,
    /// Also run the slow suites (FFO #40-#59 and the like).
    #[arg(long)]
    pub slow: bool,
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Skip perft lines above this many nodes (`none` runs all: Othello depth 14 takes minutes).
    #[arg(long, default_value = "20000000000")]
    pub perft_limit: String,
}

/// A file of the audit (spec or suite) and its counts.
struct FileSummary {
    path: PathBuf,
    game: String,
    kind: &'static str,
    topic: String,
    source: String,
    counts: [usize; 4],
}

/// One case's result, with the file it came from.
struct Row {
    name: String,
    file: usize,
    variant: String,
    result: CaseResult,
}

/// Runs the audit.
///
/// # Errors
/// Bad arguments (an unknown engine or suite, an unreadable limit).
pub fn run(args: &AuditArgs) -> Result<Status> {
    let engines = chosen_engines(args.engine.as_deref())?;
    let perft_limit = match args.perft_limit.as_str() {
        "none" => None,
        text => Some(text.replace('_', "").parse::<u64>().map_err(|_| {
            anyhow::anyhow!("--perft-limit: expected a number or `none`, got `{text}`")
        })?),
    };
    let options = RunOptions {
        perft_limit,
        tree_limit: 100_000_000,
    };
    let of_game = |game: &str| args.game.as_ref().is_none_or(|wanted| wanted == game);

    // Load with every embedded engine, so that a file for another game is not an error.
    let all_engines = embedded_engines();
    let mut load_errors: Vec<SpecError> = Vec::new();
    let specs: Vec<LoadedSpec> = if args.only_suites.is_empty() {
        let loaded = spec::load_dir(&args.specs, &all_engines);
        load_errors.extend(loaded.errors);
        loaded
            .specs
            .into_iter()
            .filter(|loaded| of_game(&loaded.spec.game))
            .collect()
    } else {
        Vec::new()
    };
    let loaded_suites = suite::load_suites(&args.suites, &all_engines);
    load_errors.extend(loaded_suites.errors);
    let orphans = snapshot::orphans(Path::new("."), &loaded_suites.suites, &all_engines);
    let mut suites: Vec<LoadedSuite> = loaded_suites
        .suites
        .into_iter()
        .filter(|loaded| of_game(&loaded.suite.game))
        .collect();
    for wanted in &args.only_suites {
        if !suites.iter().any(|loaded| loaded.name == *wanted) {
            let names: Vec<&str> = suites.iter().map(|loaded| loaded.name.as_str()).collect();
            bail!(
                "unknown suite `{wanted}`; expected one of: {}",
                names.join(", ")
            );
        }
    }
    if !args.only_suites.is_empty() {
        suites.retain(|loaded| args.only_suites.contains(&loaded.name));
    }
    for error in &load_errors {
        eprintln!("{error}\n");
    }

    let mut files: Vec<FileSummary> = specs
        .iter()
        .map(|loaded| FileSummary {
            path: loaded.path.clone(),
            game: loaded.spec.game.clone(),
            kind: "spec",
            topic: loaded.topic.clone(),
            source: loaded.spec.source.clone(),
            counts: [0; 4],
        })
        .collect();
    let suite_offset = files.len();
    files.extend(suites.iter().map(|loaded| FileSummary {
        path: loaded.path.clone(),
        game: loaded.suite.game.clone(),
        kind: "suite",
        topic: loaded.name.clone(),
        source: loaded.suite.source.clone().unwrap_or_default(),
        counts: [0; 4],
    }));

    let chosen = |id: &str| args.only_cases.is_empty() || args.only_cases.iter().any(|c| c == id);
    let mut spec_plan = runner::plan(&specs, &engines);
    spec_plan.retain(|planned| chosen(&specs[planned.spec].spec.cases[planned.case].id.value));
    let include_slow = args.slow || !args.only_suites.is_empty();
    let mut suite_plan = runner::plan_suites(&suites, &engines, include_slow);
    suite_plan.retain(|planned| chosen(&suites[planned.suite].suite.cases[planned.case].id.value));
    if !args.only_cases.is_empty() && spec_plan.is_empty() && suite_plan.is_empty() {
        bail!("no case named {}", args.only_cases.join(", "));
    }
    let progress = Progress::new("audit", (spec_plan.len() + suite_plan.len()) as u64);
    let mut rows: Vec<Row> = spec_plan
        .into_par_iter()
        .map(|planned| {
            let loaded = &specs[planned.spec];
            let case = &loaded.spec.cases[planned.case];
            let engine = engines[planned.engine].as_ref();
            let result = runner::run_case(engine, loaded, case, &planned.variant, options);
            progress.inc(&planned.name);
            Row {
                name: planned.name,
                file: planned.spec,
                variant: planned.variant,
                result,
            }
        })
        .collect();
    // Suites search; slow ones first would balance better, but results are sorted anyway.
    rows.extend(
        suite_plan
            .into_par_iter()
            .map(|planned| {
                let loaded = &suites[planned.suite];
                let engine = engines[planned.engine].as_ref();
                let started = std::time::Instant::now();
                let outcome = runner::run_suite_case(engine, loaded, planned.case);
                if include_slow {
                    progress.note(&format!(
                        "{} {} ({:.1} s)",
                        planned.name,
                        verdict_name(outcome.result.verdict),
                        started.elapsed().as_secs_f64()
                    ));
                }
                progress.inc(&planned.name);
                Row {
                    name: planned.name,
                    file: suite_offset + planned.suite,
                    variant: loaded
                        .suite
                        .variant
                        .clone()
                        .unwrap_or_else(|| engine.default_variant()),
                    result: outcome.result,
                }
            })
            .collect::<Vec<_>>(),
    );
    progress.finish();
    for row in &rows {
        files[row.file].counts[verdict_index(row.result.verdict)] += 1;
    }

    match args.format {
        Format::Table => print_table(&files, &rows, &engines, &orphans),
        Format::Json => print_json(&files, &rows, load_errors.len(), &orphans),
    }
    let count = |verdict| {
        rows.iter()
            .filter(|row| row.result.verdict == verdict)
            .count()
    };
    Ok(
        if !load_errors.is_empty() || count(Verdict::SpecError) > 0 {
            Status::BadInput
        } else if count(Verdict::Fail) > 0 {
            Status::Failures
        } else {
            Status::Ok
        },
    )
}

/// The embedded engines, or the one named: an embedded engine (named after its game) or an
/// external engine described by `engines/external/<name>.yaml`.
fn chosen_engines(name: Option<&str>) -> Result<Vec<Box<dyn RulesEngine>>> {
    let mut engines = embedded_engines();
    let Some(name) = name else {
        return Ok(engines);
    };
    engines.retain(|engine| engine.name() == name);
    if !engines.is_empty() {
        return Ok(engines);
    }
    let manifests = Path::new(MANIFEST_DIR);
    if manifests.join(format!("{name}.yaml")).is_file() {
        let engine =
            ExternalEngine::load(manifests, name).map_err(|error| anyhow::anyhow!("{error}"))?;
        return Ok(vec![Box::new(engine)]);
    }
    let names: Vec<String> = embedded_engines()
        .iter()
        .map(|e| e.name().to_owned())
        .collect();
    bail!(
        "unknown engine `{name}`; expected an embedded engine ({}) or a manifest {}/{name}.yaml",
        names.join(", "),
        MANIFEST_DIR
    );
}

const fn verdict_index(verdict: Verdict) -> usize {
    match verdict {
        Verdict::Pass => 0,
        Verdict::Fail => 1,
        Verdict::NotApplicable => 2,
        Verdict::SpecError => 3,
    }
}

const fn verdict_name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Pass => "passed",
        Verdict::Fail => "failed",
        Verdict::NotApplicable => "not-applicable",
        Verdict::SpecError => "spec-error",
    }
}

fn print_table(
    files: &[FileSummary],
    rows: &[Row],
    engines: &[Box<dyn RulesEngine>],
    orphans: &[PathBuf],
) {
    let names: Vec<&str> = engines.iter().map(|engine| engine.name()).collect();
    println!("arbiter audit: engines {}", names.join(", "));
    println!();
    println!(
        "{:<42} {:<10} {:<5} {:<22} {:>6} {:>7} {:>7} {:>5} {:>11}",
        "file", "game", "kind", "topic", "cases", "passed", "failed", "n/a", "spec errors"
    );
    for file in files {
        let [passed, failed, not_applicable, spec_errors] = file.counts;
        let cases = passed + failed + not_applicable + spec_errors;
        if cases == 0 {
            continue;
        }
        println!(
            "{:<42} {:<10} {:<5} {:<22} {cases:>6} {passed:>7} {failed:>7} {not_applicable:>5} {spec_errors:>11}",
            file.path.display().to_string(),
            file.game,
            file.kind,
            file.topic
        );
    }
    let total = |index: usize| files.iter().map(|f| f.counts[index]).sum::<usize>();
    let (passed, failed, not_applicable, spec_errors) = (total(0), total(1), total(2), total(3));
    println!(
        "{:<42} {:<10} {:<5} {:<22} {:>6} {passed:>7} {failed:>7} {not_applicable:>5} {spec_errors:>11}",
        "total",
        "",
        "",
        "",
        passed + failed + not_applicable + spec_errors
    );
    let mut notes = 0;
    for row in rows {
        notes += row.result.notes.len();
        if row.result.verdict != Verdict::Pass {
            println!(
                "\n{} {}\n{}",
                verdict_name(row.result.verdict).to_uppercase(),
                row.name,
                row.result.message
            );
        }
    }
    if notes > 0 {
        println!(
            "\n{notes} perft line(s) skipped above the node limit (--perft-limit none runs them)"
        );
    }
    if !orphans.is_empty() {
        println!(
            "\n{} orphaned snapshot(s): no suite case writes them any more (delete them, or \
             restore the case):",
            orphans.len()
        );
        for orphan in orphans {
            println!("  {}", orphan.display());
        }
    }
}

fn print_json(files: &[FileSummary], rows: &[Row], load_errors: usize, orphans: &[PathBuf]) {
    let files: Vec<_> = files
        .iter()
        .map(|file| {
            json!({
                "path": file.path.display().to_string(),
                "game": file.game,
                "kind": file.kind,
                "topic": file.topic,
                "source": file.source,
                "passed": file.counts[0],
                "failed": file.counts[1],
                "not_applicable": file.counts[2],
                "spec_errors": file.counts[3],
            })
        })
        .collect();
    let cases: Vec<_> = rows
        .iter()
        .map(|row| {
            json!({
                "name": row.name,
                "variant": row.variant,
                "verdict": verdict_name(row.result.verdict),
                "message": row.result.message,
                "notes": row.result.notes,
            })
        })
        .collect();
    let orphans: Vec<String> = orphans.iter().map(|p| p.display().to_string()).collect();
    println!(
        "{}",
        json!({ "files": files, "cases": cases, "load_errors": load_errors, "orphaned_snapshots": orphans })
    );
}
