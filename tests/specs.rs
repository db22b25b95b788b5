//! The generated tests: one trial per planned case ([`arbiter_runner::plan`]): every spec
//! case × engine that plays its game × variant, and every suite case × engine, the slow suites
//! aside. Each trial runs its case through [`arbiter_runner::PlannedCase::run`], the same call
//! `cargo xtask audit` makes, snapshots included: a suite case whose search differs from
//! `snapshots/<engine>/<suite>__<id>.snap` fails (outside CI the new search is written beside
//! it as `.snap.new` for `cargo insta review`).
//!
//! Names are `<engine>::<topic>::<case-id>[@variant]` and `<engine>::suite::<suite>::<id>`, so
//! `cargo test -- passes` and `cargo test -- --exact othello::passes::forced-pass` work, as do
//! nextest's `--list`, `--exact` and `--partition`. Under `--exact NAME` (how nextest runs each
//! trial in its own process) only the file the name points at is loaded. A file that does not
//! load becomes one failing trial `spec-error::<file:line:col>` (or `suite-error::…`), so the
//! rest still runs and the error is shown with its location.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arbiter_engine::{RulesEngine, embedded_engines};
use arbiter_runner::{CaseFiles, PlanScope, RunOptions, Verdict};
use libtest_mimic::{Arguments, Failed, Trial};

fn main() -> std::process::ExitCode {
    let arguments = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let engines: Arc<Vec<Box<dyn RulesEngine>>> = Arc::new(embedded_engines());
    let (specs, suites) = (relative(root, "specs"), relative(root, "suites"));
    let named = match (&arguments.filter, arguments.exact, arguments.list) {
        (Some(name), true, false) => arbiter_runner::parse_name(name),
        _ => None,
    };
    let loaded = match &named {
        Some(name) => arbiter_runner::load_named(name, &specs, &suites, &engines),
        None => arbiter_runner::load(Some(&specs), Some(&suites), &engines),
    };
    let spec_errors = loaded.errors.len() - loaded.suite_errors;
    let mut trials: Vec<Trial> = loaded
        .errors
        .iter()
        .enumerate()
        .map(|(index, error)| {
            let kind = if index < spec_errors { "spec" } else { "suite" };
            let message = error.to_string();
            Trial::test(format!("{kind}-error::{}", error.location()), move || {
                Err(Failed::from(message))
            })
        })
        .collect();
    let files: Arc<CaseFiles> = Arc::new(loaded.files);
    let options = Arc::new(RunOptions::for_tests(relative(root, "")));
    for planned in arbiter_runner::plan(&files, &engines, PlanScope::default()) {
        let game = engines[planned.engine].game().to_owned();
        // Listed as ignored, with why, rather than passed without a check.
        let ignored = planned.beyond_limits(&files, &options);
        if let Some(why) = ignored.as_ref().filter(|_| !arguments.list) {
            eprintln!("note: {}: ignored: {why}", planned.name);
        }
        let (files, engines, options) = (
            Arc::clone(&files),
            Arc::clone(&engines),
            Arc::clone(&options),
        );
        trials.push(
            Trial::test(planned.name.clone(), move || {
                let result = planned.run(&files, engines[planned.engine].as_ref(), &options);
                for note in &result.notes {
                    eprintln!("note: {}: {note}", result.name);
                }
                match result.verdict {
                    Verdict::Pass => Ok(()),
                    // No rule obliges a player to win at once: a note, never a failure.
                    Verdict::MissedWin => {
                        eprintln!("note: {}: missed win\n{}", result.name, result.message);
                        Ok(())
                    }
                    Verdict::NotApplicable => {
                        Err(Failed::from(format!("not applicable: {}", result.message)))
                    }
                    Verdict::Fail | Verdict::SpecError | Verdict::EngineFault => {
                        Err(Failed::from(result.message))
                    }
                }
            })
            .with_kind(game)
            .with_ignored_flag(ignored.is_some()),
        );
    }
    libtest_mimic::run(&arguments, trials).exit_code()
}

/// `root/name` as a path relative to the current directory when cargo runs us from the root,
/// so that messages name `specs/othello/passes.yaml`, not an absolute path.
fn relative(root: &Path, name: &str) -> PathBuf {
    match std::env::current_dir() {
        Ok(current) if current == root => PathBuf::from(name),
        _ => root.join(name),
    }
}
