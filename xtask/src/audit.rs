//! `cargo xtask audit`: every spec case against every chosen engine, as a table per spec file
//! (or JSON), the failures with their boards, and an exit code a script can act on.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use arbiter::engine::{RulesEngine, embedded_engines};
use arbiter::runner::{self, CaseResult, Planned, RunOptions, Verdict};
use arbiter::spec::{self, LoadedSpec};
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde_json::json;

use crate::Status;

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
    /// Only specs of this game.
    #[arg(long)]
    pub game: Option<String>,
    /// The spec directory.
    #[arg(long, default_value = "specs")]
    pub specs: PathBuf,
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
    /// Skip perft lines above this many nodes (`none` runs all: Othello depth 14 takes minutes).
    #[arg(long, default_value = "20000000000")]
    pub perft_limit: String,
}

/// Runs the audit.
///
/// # Errors
/// Bad arguments (an unknown engine, an unreadable limit).
pub fn run(args: &AuditArgs) -> Result<Status> {
    let mut engines = embedded_engines();
    if let Some(name) = &args.engine {
        engines.retain(|engine| engine.name() == name);
        if engines.is_empty() {
            let names: Vec<String> = embedded_engines()
                .iter()
                .map(|e| e.name().to_owned())
                .collect();
            bail!(
                "unknown engine `{name}`; expected one of: {}",
                names.join(", ")
            );
        }
    }
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

    // Load with every embedded engine, so that a spec for another game is not an error.
    let loaded = spec::load_dir(&args.specs, &embedded_engines());
    for error in &loaded.errors {
        eprintln!("{error}\n");
    }
    let specs: Vec<LoadedSpec> = loaded
        .specs
        .into_iter()
        .filter(|loaded| {
            args.game
                .as_ref()
                .is_none_or(|game| loaded.spec.game == *game)
        })
        .collect();
    let planned = runner::plan(&specs, &engines);
    // Slow cases first would balance better; plain parallel order is good enough here.
    let results: Vec<(Planned, CaseResult)> = planned
        .into_par_iter()
        .map(|planned| {
            let loaded = &specs[planned.spec];
            let case = &loaded.spec.cases[planned.case];
            let result = runner::run_case(
                engines[planned.engine].as_ref(),
                loaded,
                case,
                &planned.variant,
                options,
            );
            (planned, result)
        })
        .collect();

    let summaries = summarise(&specs, &results);
    match args.format {
        Format::Table => print_table(&summaries, &results, &engines),
        Format::Json => print_json(&summaries, &results, loaded.errors.len()),
    }
    let count = |verdict| results.iter().filter(|(_, r)| r.verdict == verdict).count();
    Ok(
        if !loaded.errors.is_empty() || count(Verdict::SpecError) > 0 {
            Status::BadInput
        } else if count(Verdict::Fail) > 0 {
            Status::Failures
        } else {
            Status::Ok
        },
    )
}

/// Per spec file: its counts.
struct FileSummary<'a> {
    path: &'a Path,
    game: &'a str,
    topic: &'a str,
    source: &'a str,
    counts: [usize; 4],
}

fn summarise<'a>(
    specs: &'a [LoadedSpec],
    results: &[(Planned, CaseResult)],
) -> Vec<FileSummary<'a>> {
    specs
        .iter()
        .enumerate()
        .map(|(index, loaded)| {
            let mut counts = [0; 4];
            for (_, result) in results.iter().filter(|(planned, _)| planned.spec == index) {
                counts[verdict_index(result.verdict)] += 1;
            }
            FileSummary {
                path: &loaded.path,
                game: &loaded.spec.game,
                topic: &loaded.topic,
                source: &loaded.spec.source,
                counts,
            }
        })
        .collect()
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
    summaries: &[FileSummary],
    results: &[(Planned, CaseResult)],
    engines: &[Box<dyn RulesEngine>],
) {
    let names: Vec<&str> = engines.iter().map(|engine| engine.name()).collect();
    println!("arbiter audit: engines {}", names.join(", "));
    println!();
    println!(
        "{:<42} {:<12} {:<22} {:>6} {:>7} {:>7} {:>5} {:>11}",
        "spec file", "game", "topic", "cases", "passed", "failed", "n/a", "spec errors"
    );
    for summary in summaries {
        let [passed, failed, not_applicable, spec_errors] = summary.counts;
        let cases = passed + failed + not_applicable + spec_errors;
        if cases == 0 {
            continue;
        }
        println!(
            "{:<42} {:<12} {:<22} {cases:>6} {passed:>7} {failed:>7} {not_applicable:>5} {spec_errors:>11}",
            summary.path.display().to_string(),
            summary.game,
            summary.topic
        );
    }
    let total = |index: usize| summaries.iter().map(|s| s.counts[index]).sum::<usize>();
    let (passed, failed, not_applicable, spec_errors) = (total(0), total(1), total(2), total(3));
    println!(
        "{:<42} {:<12} {:<22} {:>6} {passed:>7} {failed:>7} {not_applicable:>5} {spec_errors:>11}",
        "total",
        "",
        "",
        passed + failed + not_applicable + spec_errors
    );
    let mut notes = 0;
    for (planned, result) in results {
        notes += result.notes.len();
        if result.verdict != Verdict::Pass {
            println!(
                "\n{} {}\n{}",
                verdict_name(result.verdict).to_uppercase(),
                planned.name,
                result.message
            );
        }
    }
    if notes > 0 {
        println!(
            "\n{notes} perft line(s) skipped above the node limit (--perft-limit none runs them)"
        );
    }
}

fn print_json(summaries: &[FileSummary], results: &[(Planned, CaseResult)], load_errors: usize) {
    let files: Vec<_> = summaries
        .iter()
        .map(|summary| {
            json!({
                "path": summary.path.display().to_string(),
                "game": summary.game,
                "topic": summary.topic,
                "source": summary.source,
                "passed": summary.counts[0],
                "failed": summary.counts[1],
                "not_applicable": summary.counts[2],
                "spec_errors": summary.counts[3],
            })
        })
        .collect();
    let cases: Vec<_> = results
        .iter()
        .map(|(planned, result)| {
            json!({
                "name": planned.name,
                "variant": planned.variant,
                "verdict": verdict_name(result.verdict),
                "message": result.message,
                "notes": result.notes,
            })
        })
        .collect();
    println!(
        "{}",
        json!({ "files": files, "cases": cases, "load_errors": load_errors })
    );
}
