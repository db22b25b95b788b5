//! `cargo xtask audit`: every spec case and every suite case against every chosen engine.
//!
//! One loop over the runner's plan ([`arbiter_runner::plan`] → [`PlannedCase::run`], the
//! same calls `cargo test` makes, snapshots included), then a table per file or JSON
//! ([`mod@print`]), and an exit code a script can act on: 0 all good, 1 a case failed (a
//! missed win only with `--fail-on-missed-win`) or the coverage is below `--min-coverage`, 2
//! bad input (a spec error, no case to run).

mod print;
mod run_facts;

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use arbiter_engine::{RulesEngine, embedded_engines, find_engine, games};
use arbiter_external::{ExternalEngine, MANIFEST_DIR, Manifest, is_manifest_path};
use arbiter_report::{Audit, EngineRun, FileRow, MatchSummary, Run};
use arbiter_runner::snapshot;
use arbiter_runner::{
    CaseFiles, CaseResult, Counts, Coverage, Excluded, Loaded, PlanScope, PlannedCase, RunOptions,
    SnapshotPolicy,
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

/// The coverage below which an audit fails unless `--min-coverage` says otherwise: an audit that
/// checked less than half of the game's cases says too little to act on.
pub const DEFAULT_MIN_COVERAGE: f64 = 50.0;

/// `cargo xtask audit`.
#[derive(Args, Debug)]
pub struct AuditArgs {
    /// Only this engine (an embedded engine is named after its game; an external one by its
    /// manifest's name in engines/external or its path).
    #[arg(long)]
    pub engine: Option<String>,
    /// The folder of baselines `--engine NAME@BASELINE` is found in (default:
    /// snapshots/baselines in arbiter's checkout), as `baseline freeze --baselines DIR` wrote it.
    #[arg(long, value_name = "DIR")]
    pub baselines: Option<PathBuf>,
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
    /// The share (percent) of the game's cases that must be checked at rule level or by a
    /// play check; below it the audit exits 1 (`0` accepts any coverage). The share counts the
    /// cases of variants the engine does not play, and never a case not applicable.
    #[arg(long, default_value_t = DEFAULT_MIN_COVERAGE)]
    pub min_coverage: f64,
    /// Count missed wins (the engine played a legal move where the case's move wins at once) as
    /// failures in the exit status. By default they are reported apart and do not fail the
    /// audit: no rule obliges a player to win at once.
    #[arg(long)]
    pub fail_on_missed_win: bool,
    /// Also write report.html, report.md, junit.xml and report.json into this folder
    /// (atomically; a report already there is kept as DIR.prev).
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
    /// Link the report's spec lines into this repository URL (followed by the file's path
    /// from the current folder and `#L<line>`), e.g.
    /// `https://github.com/o/r/blob/COMMIT/`; default: links relative to the report folder.
    #[arg(long, value_name = "URL", requires = "report")]
    pub repo_url: Option<String>,
    /// Include the summary of this match folder (`cargo xtask match --out DIR`) in the report.
    #[arg(long = "match", value_name = "DIR", requires = "report")]
    pub matches: Vec<PathBuf>,
}

/// Runs the audit.
///
/// # Errors
/// Bad arguments (an unknown engine, game or suite, an unreadable limit).
pub fn run(args: &AuditArgs) -> Result<Status> {
    let started = std::time::SystemTime::now();
    let clock = std::time::Instant::now();
    let (engines, engine_runs) = chosen_engines(args.engine.as_deref(), args.baselines.as_deref())?;
    check_game(args, &engines)?;
    let matches = load_matches(&args.matches)?;
    let options = run_options(args)?;
    let (loaded, orphans) = load_files(args)?;
    let files = &loaded.files;

    let plan = plan_cases(args, files, &engines);
    if plan.planned.is_empty() {
        eprintln!(
            "error: {}",
            nothing_to_run(args, files, &engines, loaded.errors.len())
        );
        return Ok(Status::BadInput);
    }
    let jobs = args.jobs.unwrap_or_else(|| default_jobs(&engines));
    let results = run_all(
        &plan.planned,
        files,
        &engines,
        &options,
        jobs,
        plan.scope.include_slow,
    );

    let summaries = summaries(files);
    let names = engines_that_ran(&engines, &results);
    let run = describe_run(args, started, clock, engine_runs, &names)?;
    let excluded_cases = plan.excluded.iter().map(|e| e.cases).sum();
    let audit = Audit {
        run: &run,
        engines: &names,
        files: &summaries,
        results: &results,
        load_errors: loaded.errors.len(),
        orphans: &orphans,
        coverage: Coverage::of(&results).with_excluded(excluded_cases),
        matches: &matches,
    };
    print_audit(args.format, &audit, &plan.excluded, &engines);
    if let Some(dir) = &args.report {
        write_report(dir, &audit)?;
    }
    Ok(exit_status(
        args,
        loaded.errors.len(),
        &results,
        &audit.coverage,
    ))
}

/// Refuses a `--game` that none of the chosen engines plays.
fn check_game(args: &AuditArgs, engines: &[Box<dyn RulesEngine>]) -> Result<()> {
    if let Some(game) = &args.game
        && !engines.iter().any(|engine| engine.game() == game)
    {
        bail!(
            "unknown game `{game}` for {}; expected one of: {}",
            args.engine.as_deref().unwrap_or("the embedded engines"),
            games().join(", ")
        );
    }
    Ok(())
}

/// The summaries of the `--match` folders, for the report.
fn load_matches(dirs: &[PathBuf]) -> Result<Vec<MatchSummary>> {
    dirs.iter()
        .map(|dir| MatchSummary::load(dir).map_err(|error| anyhow::anyhow!("--match: {error}")))
        .collect()
}

/// The runner's options from the command line's limits; snapshots are compared only for the
/// default suite folder.
fn run_options(args: &AuditArgs) -> Result<RunOptions> {
    Ok(RunOptions {
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
    })
}

/// Loads the spec files (none with `--suite`) and the suite files, keeps those `--game` and
/// `--suite` choose and says on stderr what did not load; with the orphaned snapshots.
fn load_files(args: &AuditArgs) -> Result<(Loaded, Vec<PathBuf>)> {
    // Load with every embedded engine, so that a file for another game is not an error.
    let all_engines = embedded_engines();
    let specs = args.only_suites.is_empty().then_some(args.specs.as_path());
    let mut loaded = arbiter_runner::load(specs, Some(&args.suites), &all_engines);
    let orphans = if args.suites == Path::new(DEFAULT_SUITES) {
        snapshot::orphans(Path::new(""), &loaded.files, &all_engines)
    } else {
        Vec::new()
    };
    keep_chosen_files(args, &mut loaded.files)?;
    say_load_problems(&loaded);
    Ok((loaded, orphans))
}

/// Keeps the files of the `--game` and, with `--suite`, only the suites named (each must be
/// there).
fn keep_chosen_files(args: &AuditArgs, files: &mut CaseFiles) -> Result<()> {
    let of_game = |game: &str| args.game.as_ref().is_none_or(|wanted| wanted == game);
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
    Ok(())
}

/// Prints on stderr the files that failed to load and the entries that are not case files.
fn say_load_problems(loaded: &Loaded) {
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
}

/// The cases an audit runs, and those it leaves out for a variant the engine does not play.
struct Plan {
    scope: PlanScope,
    planned: Vec<PlannedCase>,
    excluded: Vec<Excluded>,
}

/// Plans the cases of `files` on `engines`: the slow suites too with `--slow` or `--suite`,
/// only the ids of `--case` when it is given.
fn plan_cases(args: &AuditArgs, files: &CaseFiles, engines: &[Box<dyn RulesEngine>]) -> Plan {
    let scope = PlanScope {
        include_slow: args.slow || !args.only_suites.is_empty(),
    };
    let chosen = |id: &str| args.only_cases.is_empty() || args.only_cases.iter().any(|c| c == id);
    let mut planned = arbiter_runner::plan(files, engines, scope);
    planned.retain(|planned| chosen(planned.id(files)));
    let excluded = arbiter_runner::excluded(files, engines, scope, chosen);
    Plan {
        scope,
        planned,
        excluded,
    }
}

/// The engines the report is about: those that ran a case (a `--game` leaves the others out).
fn engines_that_ran(engines: &[Box<dyn RulesEngine>], results: &[CaseResult]) -> Vec<String> {
    engines
        .iter()
        .map(|e| e.name().to_owned())
        .filter(|name| results.iter().any(|r| r.engine == *name))
        .collect()
}

/// The report's header: when and where the audit ran, with what, against the engines `names`.
fn describe_run(
    args: &AuditArgs,
    started: std::time::SystemTime,
    clock: std::time::Instant,
    engine_runs: Vec<EngineRun>,
    names: &[String],
) -> Result<Run> {
    Ok(Run {
        started,
        duration: clock.elapsed(),
        host: run_facts::host(),
        version: env!("CARGO_PKG_VERSION").to_owned(),
        commit: run_facts::commit(crate::workspace_root()),
        engines: engine_runs
            .into_iter()
            .filter(|engine| names.contains(&engine.name))
            .collect(),
        root: std::env::current_dir()?,
        repo_url: args.repo_url.clone(),
    })
}

/// Prints the audit on stdout in the format asked for.
fn print_audit(
    format: Format,
    audit: &Audit<'_>,
    excluded: &[Excluded],
    engines: &[Box<dyn RulesEngine>],
) {
    match format {
        Format::Table => {
            print::table(audit);
            print::excluded(excluded, engines);
        }
        Format::Json => println!("{}", arbiter_report::json::render_text(audit)),
        Format::Github => print!("{}", arbiter_report::github::render(audit)),
    }
}

/// Writes the report files into `dir` (the previous report kept beside) and says so on stderr.
fn write_report(dir: &Path, audit: &Audit<'_>) -> Result<()> {
    let previous = arbiter_report::write_dir(dir, audit).map_err(|error| {
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
    Ok(())
}

/// Bad input when a file did not load or a case is a spec error; failures when the coverage
/// is below the floor (said on stderr) or a case failed; else ok.
fn exit_status(
    args: &AuditArgs,
    load_errors: usize,
    results: &[CaseResult],
    coverage: &Coverage,
) -> Status {
    let counts = Counts::of(results);
    if load_errors > 0 || counts.spec_errors > 0 {
        return Status::BadInput;
    }
    if let Some(problem) = coverage_problem(coverage, args.min_coverage) {
        eprintln!("error: {problem}");
        return Status::Failures;
    }
    if counts.failed > 0
        || counts.engine_faults > 0
        || args.fail_on_missed_win && counts.missed_wins > 0
    {
        Status::Failures
    } else {
        Status::Ok
    }
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

/// Why the coverage is too low, if it is: one line saying why and how to change the floor.
fn coverage_problem(coverage: &Coverage, min_coverage: f64) -> Option<String> {
    let percent = coverage.checked_percent();
    if percent >= min_coverage || coverage.of_the_game() == 0 {
        return None;
    }
    let excluded = if coverage.excluded > 0 {
        format!(
            ", {} more not run for variants the engine does not play",
            coverage.excluded
        )
    } else {
        String::new()
    };
    Some(format!(
        "coverage {percent:.1}% is below the floor of {min_coverage}%: {} of {} case(s) of the \
         game checked ({} not applicable{excluded}; the reasons are above), so this audit says \
         too little to rely on; `--min-coverage N` sets the floor (0 accepts any coverage)",
        coverage.checked(),
        coverage.of_the_game(),
        coverage.not_applicable,
    ))
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

/// The engines of an audit, and each as the report's header names it.
type Chosen = (Vec<Box<dyn RulesEngine>>, Vec<EngineRun>);

/// The embedded engines, or the one named: an embedded engine (named after its game), an
/// external engine described by `engines/external/<name>.yaml`, a manifest's path, or a
/// team's engine frozen in a baseline (`my-bot@NAME`, as `match` takes it); with each engine
/// as a report's header names it.
fn chosen_engines(name: Option<&str>, baselines: Option<&Path>) -> Result<Chosen> {
    let embedded = |engines: Vec<Box<dyn RulesEngine>>| {
        let runs = engines
            .iter()
            .map(|engine| EngineRun {
                name: engine.name().to_owned(),
                ..EngineRun::default()
            })
            .collect();
        (engines, runs)
    };
    let mut engines = embedded_engines();
    let Some(name) = name else {
        return Ok(embedded(engines));
    };
    engines.retain(|engine| engine.name() == name);
    if !engines.is_empty() {
        return Ok(embedded(engines));
    }
    let manifests = Path::new(MANIFEST_DIR);
    let a_manifest = is_manifest_path(name) && Path::new(name).is_file()
        || manifests.join(format!("{name}.yaml")).is_file();
    if !a_manifest && let Some((base, baseline)) = name.rsplit_once('@') {
        let root = crate::workspace_root();
        let folder = arbiter_baseline::folder(root, baselines);
        let (engine, path) = frozen_engine(root, &folder, name, base, baseline)?;
        return Ok(external(engine, path));
    }
    if a_manifest || is_manifest_path(name) {
        // A path that is not a file: the loader's message names what is wrong with it.
        let engine =
            ExternalEngine::named(manifests, name).map_err(|error| anyhow::anyhow!("{error}"))?;
        let path = if is_manifest_path(name) {
            PathBuf::from(name)
        } else {
            manifests.join(format!("{name}.yaml"))
        };
        return Ok(external(engine, path));
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

/// An external engine with its command and manifest, for the report's header.
fn external(engine: ExternalEngine, manifest: PathBuf) -> Chosen {
    let described = engine.manifest();
    let command = std::iter::once(described.program.display().to_string())
        .chain(described.args.iter().cloned())
        .collect();
    let run = EngineRun {
        name: described.name.clone(),
        command: Some(command),
        manifest: Some(manifest),
    };
    (vec![Box::new(engine)], vec![run])
}

/// `my-bot@NAME`: the copy of a team's engine that `baseline freeze NAME --engine my-bot`
/// kept, resolved as `match` resolves it, so that the spec cases a match found can be run
/// against the frozen engine too.
fn frozen_engine(
    root: &Path,
    baselines: &Path,
    name: &str,
    base: &str,
    baseline: &str,
) -> Result<(ExternalEngine, PathBuf)> {
    if find_engine(base).is_some() {
        bail!(
            "`{name}`: an embedded engine's baseline keeps its parameters and snapshots, not \
             its rules code, so there is nothing frozen to audit; `cargo xtask baseline diff \
             {baseline}` compares the engine with them"
        );
    }
    let entry = arbiter_arena::contestant::resolve(name, None, root, baselines)
        .map_err(|error| anyhow::anyhow!("{error}"))?;
    let manifest = entry
        .manifest()
        .ok_or_else(|| anyhow::anyhow!("`{name}` is not a frozen external engine"))?;
    let path = manifest.to_path_buf();
    let manifest = Manifest::load(manifest).map_err(|error| anyhow::anyhow!("{error}"))?;
    Ok((ExternalEngine::new(manifest), path))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Arguments for an audit of the folders under `dir` (`specs/`, `suites/`).
    fn args(dir: &Path) -> AuditArgs {
        AuditArgs {
            engine: None,
            baselines: None,
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
            min_coverage: 0.0,
            repo_url: None,
            fail_on_missed_win: false,
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
        let frozen = arbiter_baseline::fixtures::frozen_team_bot(&team);
        // Kept in the team's own folder (`--baselines DIR`), not under the checkout.
        let folder = team.join("baselines");
        arbiter_baseline::write(&folder, "before", &frozen, false).unwrap();

        let (engine, _) =
            frozen_engine(&root, &folder, "team-bot@before", "team-bot", "before").unwrap();
        assert_eq!(engine.game(), "othello");
        let default = arbiter_baseline::folder(&root, None);
        assert!(frozen_engine(&root, &default, "team-bot@before", "team-bot", "before").is_err());
        let missing = frozen_engine(&root, &folder, "team-bot@after", "team-bot", "after")
            .err()
            .unwrap()
            .to_string();
        assert!(missing.contains("after"), "{missing}");
        let embedded = frozen_engine(&root, &folder, "othello@before", "othello", "before")
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
        let empty = CaseFiles::default();
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
    fn a_coverage_below_the_floor_is_a_problem_unless_the_floor_is_lowered() {
        let none = Coverage {
            cases: 5,
            not_applicable: 5,
            unchecked: 5,
            ..Coverage::default()
        };
        let problem = coverage_problem(&none, DEFAULT_MIN_COVERAGE).unwrap();
        assert!(
            problem.contains("0.0% is below the floor of 50%"),
            "{problem}"
        );
        assert!(problem.contains("--min-coverage N"), "{problem}");
        assert_eq!(coverage_problem(&none, 0.0), None);
        // One of four checked: 25%, below the default floor, above a floor of 20.
        let some = Coverage {
            cases: 4,
            play_check: 1,
            unchecked: 3,
            not_applicable: 3,
            ..Coverage::default()
        };
        assert!(coverage_problem(&some, DEFAULT_MIN_COVERAGE).is_some());
        assert_eq!(coverage_problem(&some, 20.0), None);
        // The one case an engine's only variant meets is not all of the game: nine cases of
        // other variants count against it.
        let one_size = Coverage {
            cases: 1,
            play_check: 1,
            ..Coverage::default()
        }
        .with_excluded(9);
        assert!((one_size.checked_percent() - 10.0).abs() < 1e-9);
        let problem = coverage_problem(&one_size, DEFAULT_MIN_COVERAGE).unwrap();
        assert!(problem.contains("9 more not run"), "{problem}");
    }
}
