//! `cargo xtask audit`: every spec case and every suite case against every chosen engine.
//!
//! One loop over the runner's plan ([`arbiter_runner::plan`] → [`PlannedCase::run`], the
//! same calls `cargo test` makes, snapshots included), then a table per file or JSON
//! ([`mod@print`]), and an exit code a script can act on: 0 all good, 1 a case failed or the
//! coverage is below `--min-coverage`, 2 bad input (a spec error, no case to run).

mod print;

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use arbiter_engine::{RulesEngine, embedded_engines, find_engine, games};
use arbiter_external::{ExternalEngine, MANIFEST_DIR, Manifest, is_manifest_path};
use arbiter_report::{Audit, FileRow, MatchSummary};
use arbiter_runner::snapshot;
use arbiter_runner::{
    CaseFiles, CaseResult, Coverage, PlanScope, PlannedCase, RunOptions, SnapshotPolicy, Verdict,
};
use clap::{Args, ValueEnum};

use crate::Status;
use crate::progress::Progress;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Format {
    Table,
    Json,
    /// GitHub Actions annotations: `::error file=…,line=…::…` per failure.
    Github,
}

/// The default folders; snapshots are compared (and orphans reported) only for the default
/// suite folder, whose snapshots live under `snapshots/`.
const DEFAULT_SPECS: &str = "specs";
const DEFAULT_SUITES: &str = "suites";

/// `cargo xtask audit`.
#[derive(Args, Debug)]
pub struct AuditArgs {
    /// Only this engine (an embedded engine is named after its game; an external one by its
    /// manifest's name in engines/external or its path).
    #[arg(long)]
    pub engine: Option<String>,
    /// Only specs and suites of this game.
    #[arg(long)]
    pub game: Option<String>,
    /// The spec directory.
    #[arg(long, default_value = DEFAULT_SPECS)]
    pub specs: PathBuf,
    /// The suite directory.
    #[arg(long, default_value = DEFAULT_SUITES)]
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
    /// The budget of one perft walk in visited positions, a position listing many moves
    /// counting once per 8 of them (`none`: as many as `--perft-limit`). The
    /// default ends a walk in about a minute on a 2-core machine, so that a deep depth whose
    /// expected count is small does not walk for hours.
    #[arg(long, default_value_t = crate::perft::DEFAULT_WALK.to_string())]
    pub walk_limit: String,
    /// The nodes an exact solve may search when its suite case gives no budget (`none`: to the
    /// end). Default: about a minute on a 2-core machine, `none` with `--slow`.
    #[arg(long)]
    pub solve_nodes: Option<String>,
    /// Cases run at once. Default: 1 when an external engine is audited (its answers are
    /// under a clock, and a busy machine would make it look slow), else one per core.
    #[arg(long)]
    pub jobs: Option<usize>,
    /// The share of cases (percent) that must be checked at rule level or by a play check;
    /// below it the audit exits 1. Default: at least one case must be checked.
    #[arg(long)]
    pub min_coverage: Option<f64>,
    /// Also write report.html, report.md, junit.xml and report.json into this folder
    /// (atomically; a report already there is kept as DIR.prev).
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
    /// Include the summary of this match folder (`cargo xtask match --out DIR`) in the report.
    #[arg(long = "match", value_name = "DIR", requires = "report")]
    pub matches: Vec<PathBuf>,
}

/// Runs the audit.
///
/// # Errors
/// Bad arguments (an unknown engine, game or suite, an unreadable limit).
pub fn run(args: &AuditArgs) -> Result<Status> {
    let engines = chosen_engines(args.engine.as_deref())?;
    if let Some(game) = &args.game
        && !engines.iter().any(|engine| engine.game() == game)
    {
        bail!(
            "unknown game `{game}` for {}; expected one of: {}",
            args.engine.as_deref().unwrap_or("the embedded engines"),
            games().join(", ")
        );
    }
    let matches = args
        .matches
        .iter()
        .map(|dir| MatchSummary::load(dir).map_err(|error| anyhow::anyhow!("--match: {error}")))
        .collect::<Result<Vec<_>>>()?;
    let options = RunOptions {
        perft_limit: parse_limit("--perft-limit", &args.perft_limit)?,
        tree_limit: 100_000_000,
        walk_limit: parse_limit("--walk-limit", &args.walk_limit)?,
        solve_limit: match &args.solve_nodes {
            Some(text) => parse_limit("--solve-nodes", text)?,
            None if args.slow => None,
            None => Some(crate::search::DEFAULT_SOLVE_NODES),
        },
        snapshots: if args.suites == Path::new(DEFAULT_SUITES) {
            SnapshotPolicy::Compare {
                root: PathBuf::new(),
                write_new: false,
            }
        } else {
            SnapshotPolicy::Ignore
        },
    };
    let of_game = |game: &str| args.game.as_ref().is_none_or(|wanted| wanted == game);

    // Load with every embedded engine, so that a file for another game is not an error.
    let all_engines = embedded_engines();
    let specs = args.only_suites.is_empty().then_some(args.specs.as_path());
    let loaded = arbiter_runner::load(specs, Some(&args.suites), &all_engines);
    let orphans = if args.suites == Path::new(DEFAULT_SUITES) {
        snapshot::orphans(Path::new(""), &loaded.files, &all_engines)
    } else {
        Vec::new()
    };
    let mut files = loaded.files;
    files.specs.retain(|loaded| of_game(&loaded.spec.game));
    files.suites.retain(|loaded| of_game(&loaded.suite.game));
    for wanted in &args.only_suites {
        if !files.suites.iter().any(|loaded| loaded.name == *wanted) {
            let names: Vec<&str> = files.suites.iter().map(|l| l.name.as_str()).collect();
            bail!(
                "unknown suite `{wanted}`; expected one of: {}",
                names.join(", ")
            );
        }
    }
    if !args.only_suites.is_empty() {
        files
            .suites
            .retain(|loaded| args.only_suites.contains(&loaded.name));
    }
    for error in &loaded.errors {
        eprintln!("{error}\n");
    }
    if !loaded.skipped.is_empty() {
        let names: Vec<String> = loaded
            .skipped
            .iter()
            .map(|skipped| format!("{} ({})", skipped.path.display(), skipped.why))
            .collect();
        eprintln!(
            "skipped {} file(s) that are not spec or suite files: {}",
            names.len(),
            names.join(", ")
        );
    }

    let scope = PlanScope {
        include_slow: args.slow || !args.only_suites.is_empty(),
    };
    let chosen = |id: &str| args.only_cases.is_empty() || args.only_cases.iter().any(|c| c == id);
    let mut planned = arbiter_runner::plan(&files, &engines, scope);
    planned.retain(|planned| chosen(planned.id(&files)));
    if planned.is_empty() {
        eprintln!(
            "error: {}",
            nothing_to_run(args, &files, &engines, loaded.errors.len())
        );
        return Ok(Status::BadInput);
    }
    let jobs = args.jobs.unwrap_or_else(|| default_jobs(&engines));
    let results = run_all(
        &planned,
        &files,
        &engines,
        &options,
        jobs,
        scope.include_slow,
    );

    let summaries = summaries(&files);
    // The engines the report is about: those that ran a case (a `--game` leaves the others out).
    let names: Vec<String> = engines
        .iter()
        .map(|e| e.name().to_owned())
        .filter(|name| results.iter().any(|r| r.engine == *name))
        .collect();
    let audit = Audit {
        engines: &names,
        files: &summaries,
        results: &results,
        load_errors: loaded.errors.len(),
        orphans: &orphans,
        coverage: Coverage::of(&results),
        matches: &matches,
    };
    let coverage = audit.coverage;
    match args.format {
        Format::Table => print::table(&audit),
        Format::Json => println!("{}", arbiter_report::json::render(&audit)),
        Format::Github => print!("{}", arbiter_report::github::render(&audit)),
    }
    if let Some(dir) = &args.report {
        let previous = arbiter_report::write_dir(dir, &audit).map_err(|error| {
            anyhow::anyhow!("cannot write the report into {}: {error}", dir.display())
        })?;
        eprintln!(
            "report: {} ({}){}",
            dir.display(),
            arbiter_report::FILES.join(", "),
            previous.map_or_else(String::new, |p| format!(
                "; the previous one is {}",
                p.display()
            ))
        );
    }
    let count = |verdict| results.iter().filter(|r| r.verdict == verdict).count();
    if !loaded.errors.is_empty() || count(Verdict::SpecError) > 0 {
        return Ok(Status::BadInput);
    }
    if let Some(problem) = coverage_problem(&coverage, args.min_coverage) {
        eprintln!("error: {problem}");
        return Ok(Status::Failures);
    }
    Ok(
        if count(Verdict::Fail) > 0 || count(Verdict::EngineFault) > 0 {
            Status::Failures
        } else {
            Status::Ok
        },
    )
}

/// Cases run at once unless `--jobs` says: one per core, but one at a time when an engine's
/// answers are under a clock (an external process), so that a busy machine does not make it
/// look slow.
fn default_jobs(engines: &[Box<dyn RulesEngine>]) -> usize {
    if engines.iter().all(|engine| engine.reproducible()) {
        rayon::current_num_threads()
    } else {
        1
    }
}

/// Runs every planned case, `jobs` at a time, the longest first; the results in plan order.
fn run_all(
    planned: &[PlannedCase],
    files: &CaseFiles,
    engines: &[Box<dyn RulesEngine>],
    options: &RunOptions,
    jobs: usize,
    timed: bool,
) -> Vec<CaseResult> {
    let progress = Progress::new("audit", planned.len() as u64);
    let results = arbiter_runner::run_longest_first(
        planned,
        files,
        engines,
        options,
        jobs,
        &|planned, result| {
            if timed && matches!(planned.case, arbiter_runner::CaseRef::Suite { .. }) {
                progress.note(&format!(
                    "{} {} ({:.1} s)",
                    planned.name,
                    result.verdict.name(),
                    result.elapsed.as_secs_f64()
                ));
            }
            progress.inc(&planned.name);
        },
    );
    progress.finish();
    results
}

/// The rows of the per-file table: spec files, then suite files, in load order.
fn summaries(files: &CaseFiles) -> Vec<FileRow> {
    let specs = files.specs.iter().map(|loaded| FileRow {
        path: loaded.path.clone(),
        game: loaded.spec.game.clone(),
        kind: "spec",
        topic: loaded.topic.clone(),
        source: loaded.spec.source.clone(),
    });
    let suites = files.suites.iter().map(|loaded| FileRow {
        path: loaded.path.clone(),
        game: loaded.suite.game.clone(),
        kind: "suite",
        topic: loaded.name.clone(),
        source: loaded.suite.source.clone().unwrap_or_default(),
    });
    specs.chain(suites).collect()
}

/// Why the plan is empty, in words (`load_errors`: the problems of files that did not load).
fn nothing_to_run(
    args: &AuditArgs,
    files: &CaseFiles,
    engines: &[Box<dyn RulesEngine>],
    load_errors: usize,
) -> String {
    if !args.only_cases.is_empty() {
        return format!("no case named {}", args.only_cases.join(", "));
    }
    let names: Vec<&str> = engines.iter().map(|engine| engine.name()).collect();
    if files.specs.is_empty() && files.suites.is_empty() {
        let folders = if args.only_suites.is_empty() {
            format!("{} or {}", args.specs.display(), args.suites.display())
        } else {
            args.suites.display().to_string()
        };
        let of_game = args
            .game
            .as_ref()
            .map_or_else(String::new, |game| format!(" of {game}"));
        if load_errors > 0 {
            return format!(
                "no case ran: {load_errors} problem(s) in the files under {folders} (above), \
                 and no spec or suite file{of_game} loaded"
            );
        }
        return format!("no case ran: no spec or suite file{of_game} found under {folders}");
    }
    format!(
        "no case ran: no loaded case is for a game and variant of {}",
        names.join(", ")
    )
}

/// Why the coverage is too low, if it is.
fn coverage_problem(coverage: &Coverage, min_coverage: Option<f64>) -> Option<String> {
    match min_coverage {
        None if coverage.checked() == 0 => Some(format!(
            "nothing could be checked: of {} case(s) none was checked at rule level or by a \
             play check ({} not applicable); the engine answers none of them (see the reasons \
             above), so the audit proves nothing (--min-coverage 0 accepts this)",
            coverage.cases, coverage.not_applicable
        )),
        Some(min) if coverage.checked_percent() < min => Some(format!(
            "coverage {:.1}% is below --min-coverage {min}%: {} of {} case(s) checked",
            coverage.checked_percent(),
            coverage.checked(),
            coverage.cases
        )),
        _ => None,
    }
}

/// A limit option (`option`, for the message): a number (underscores allowed) or `none`.
fn parse_limit(option: &str, text: &str) -> Result<Option<u64>> {
    match text {
        "none" => Ok(None),
        text => Ok(Some(text.replace('_', "").parse::<u64>().map_err(
            |_| anyhow::anyhow!("{option}: expected a number or `none`, got `{text}`"),
        )?)),
    }
}

/// The embedded engines, or the one named: an embedded engine (named after its game), an
/// external engine described by `engines/external/<name>.yaml`, a manifest's path, or a
/// team's engine frozen in a baseline (`my-bot@NAME`, as `match` takes it).
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
    let a_manifest = is_manifest_path(name) && Path::new(name).is_file()
        || manifests.join(format!("{name}.yaml")).is_file();
    if !a_manifest && let Some((base, baseline)) = name.rsplit_once('@') {
        return frozen_engine(&crate::workspace_root(), name, base, baseline)
            .map(|engine| vec![engine]);
    }
    if a_manifest || is_manifest_path(name) {
        // A path that is not a file: the loader's message names what is wrong with it.
        let engine =
            ExternalEngine::named(manifests, name).map_err(|error| anyhow::anyhow!("{error}"))?;
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

/// `my-bot@NAME`: the copy of a team's engine that `baseline freeze NAME --engine my-bot`
/// kept, resolved as `match` resolves it, so that the spec cases a match found can be run
/// against the frozen engine too.
fn frozen_engine(
    root: &Path,
    name: &str,
    base: &str,
    baseline: &str,
) -> Result<Box<dyn RulesEngine>> {
    if find_engine(base).is_some() {
        bail!(
            "`{name}`: an embedded engine's baseline keeps its parameters and snapshots, not \
             its rules code, so there is nothing frozen to audit; `cargo xtask baseline diff \
             {baseline}` compares the engine with them"
        );
    }
    let entry = arbiter_arena::contestant::resolve(name, None, root)
        .map_err(|error| anyhow::anyhow!("{error}"))?;
    let manifest = entry
        .manifest()
        .ok_or_else(|| anyhow::anyhow!("`{name}` is not a frozen external engine"))?;
    let manifest = Manifest::load(manifest).map_err(|error| anyhow::anyhow!("{error}"))?;
    Ok(Box::new(ExternalEngine::new(manifest)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Arguments for an audit of the folders under `dir` (`specs/`, `suites/`).
    fn args(dir: &Path) -> AuditArgs {
        AuditArgs {
            engine: None,
            game: None,
            specs: dir.join("specs"),
            suites: dir.join("suites"),
            only_suites: Vec::new(),
            only_cases: Vec::new(),
            slow: false,
            format: Format::Json,
            perft_limit: "1000000".to_owned(),
            walk_limit: "none".to_owned(),
            solve_nodes: None,
            jobs: Some(1),
            min_coverage: None,
            report: None,
            matches: Vec::new(),
        }
    }

    fn scratch(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("arbiter-audit-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("specs")).unwrap();
        std::fs::create_dir_all(dir.join("suites")).unwrap();
        dir
    }

    #[test]
    fn a_frozen_team_engine_is_audited_from_its_copy_and_an_embedded_one_is_refused() {
        let root = scratch("frozen");
        let team = root.join("team");
        std::fs::create_dir_all(&team).unwrap();
        let program = std::env::current_exe().unwrap();
        let text = format!(
            "name: team-bot\ngame: othello\ncommand: [{}]\nprotocol: botzone\nmove-time-ms: 1000\n",
            program.display()
        );
        std::fs::write(team.join("team-bot.yaml"), &text).unwrap();
        let manifest = Manifest::load(&team.join("team-bot.yaml")).unwrap();
        let mut frozen = arbiter_baseline::Baseline::default();
        arbiter_baseline::engine::add_engine(&mut frozen, &manifest, &text, String::new()).unwrap();
        arbiter_baseline::write(&root, "before", &frozen, false).unwrap();

        let engine = frozen_engine(&root, "team-bot@before", "team-bot", "before").unwrap();
        assert_eq!(engine.game(), "othello");
        let missing = frozen_engine(&root, "team-bot@after", "team-bot", "after")
            .err()
            .unwrap()
            .to_string();
        assert!(missing.contains("after"), "{missing}");
        let embedded = frozen_engine(&root, "othello@before", "othello", "before")
            .err()
            .unwrap()
            .to_string();
        assert!(embedded.contains("baseline diff before"), "{embedded}");
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn an_audit_that_runs_no_case_is_bad_input() {
        let dir = scratch("empty");
        assert_eq!(run(&args(&dir)).unwrap(), Status::BadInput, "empty folders");
        let mut missing = args(&dir);
        missing.suites = dir.join("no-such-folder");
        std::fs::write(
            dir.join("specs/a.yaml"),
            "game: tictactoe\nsource: the rules\ncases:\n  - id: a\n    expect: {to-move: x}\n",
        )
        .unwrap();
        assert_eq!(
            run(&missing).unwrap(),
            Status::BadInput,
            "a missing suite folder"
        );
        assert_eq!(run(&args(&dir)).unwrap(), Status::Ok, "one passing case");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_that_failed_to_load_is_named_as_such_when_no_case_ran() {
        let dir = scratch("failed-load");
        let engines = embedded_engines();
        let empty = CaseFiles {
            specs: Vec::new(),
            suites: Vec::new(),
        };
        let failed = nothing_to_run(&args(&dir), &empty, &engines, 1);
        assert!(
            failed.starts_with("no case ran: 1 problem(s) in the files under")
                && failed.ends_with("and no spec or suite file loaded"),
            "{failed}"
        );
        let none = nothing_to_run(&args(&dir), &empty, &engines, 0);
        assert!(none.contains("no spec or suite file found under"), "{none}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_report_writes_the_four_files_and_keeps_the_previous_one() {
        let dir = scratch("report");
        std::fs::write(
            dir.join("specs/a.yaml"),
            "game: tictactoe\nsource: the rules\ncases:\n  - id: a\n    expect: {to-move: x}\n  \
             - id: b\n    expect: {to-move: o}\n",
        )
        .unwrap();
        let mut with_report = args(&dir);
        with_report.report = Some(dir.join("out"));
        assert_eq!(run(&with_report).unwrap(), Status::Failures, "case b fails");
        assert_eq!(run(&with_report).unwrap(), Status::Failures);
        for name in arbiter_report::FILES {
            assert!(dir.join("out").join(name).is_file(), "{name}");
            assert!(dir.join("out.prev").join(name).is_file(), "{name}");
        }
        let junit = std::fs::read_to_string(dir.join("out/junit.xml")).unwrap();
        assert!(junit.contains("tests=\"2\" failures=\"1\""), "{junit}");
        let mut missing_match = args(&dir);
        missing_match.report = Some(dir.join("out"));
        missing_match.matches = vec![dir.join("no-match")];
        let error = run(&missing_match).unwrap_err().to_string();
        assert!(error.contains("no-match/result.json"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_external_engine_is_audited_one_case_at_a_time_by_default() {
        let dir = scratch("jobs");
        std::fs::write(
            dir.join("cat.yaml"),
            "name: cat\ngame: othello\nvariant: standard\ncommand: [cat]\nprotocol: botzone\n\
             move-time-ms: 1000\nfirst-move-time-ms: 1000\nmemory-mb: 64\n",
        )
        .unwrap();
        let external = ExternalEngine::load(&dir, "cat").unwrap();
        assert_eq!(default_jobs(&[Box::new(external)]), 1);
        assert_eq!(
            default_jobs(&embedded_engines()),
            rayon::current_num_threads()
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_unknown_game_is_refused() {
        let dir = scratch("game");
        let mut chess = args(&dir);
        chess.game = Some("chess".to_owned());
        let error = run(&chess).unwrap_err().to_string();
        assert!(
            error.contains("unknown game `chess`") && error.contains("othello"),
            "{error}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn no_check_at_all_is_a_problem_unless_accepted() {
        let none = Coverage {
            cases: 5,
            not_applicable: 5,
            unchecked: 5,
            ..Coverage::default()
        };
        assert!(
            coverage_problem(&none, None)
                .unwrap()
                .contains("nothing could be checked")
        );
        assert_eq!(coverage_problem(&none, Some(0.0)), None);
        let some = Coverage {
            cases: 4,
            play_check: 1,
            unchecked: 3,
            not_applicable: 3,
            ..Coverage::default()
        };
        assert_eq!(coverage_problem(&some, None), None);
        assert!(
            coverage_problem(&some, Some(50.0))
                .unwrap()
                .contains("25.0%")
        );
    }
}
