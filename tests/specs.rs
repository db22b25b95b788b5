//! The generated tests: one trial per (spec case × engine that plays its game × variant), and
//! one per (suite case × engine), the slow suites aside.
//!
//! Names are `<engine>::<topic>::<case-id>[@variant]` and `<engine>::suite::<suite>::<id>`, so `cargo test -- passes` and
//! `cargo test -- --exact othello::passes::forced-pass` work, as do nextest's `--list`,
//! `--exact` and `--partition`. A spec file that does not load becomes one failing trial named
//! `spec-error::<path>`, so the rest still runs and the error is shown with its location.
//! A suite case also compares its search with the insta snapshot
//! `snapshots/<engine>/<suite>__<id>.snap`: with `CI=true` a missing or changed snapshot fails.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arbiter::engine::{RulesEngine, embedded_engines};
use arbiter::runner::{self, RunOptions, Verdict};
use arbiter::snapshot;
use arbiter::spec::{self, LoadedSpec};
use arbiter::suite::{self, LoadedSuite};
use libtest_mimic::{Arguments, Failed, Trial};

fn main() -> std::process::ExitCode {
    let arguments = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut trials = spec_trials(root);
    trials.extend(suite_trials(root));
    libtest_mimic::run(&arguments, trials).exit_code()
}

fn spec_trials(root: &Path) -> Vec<Trial> {
    let engines: Arc<Vec<Box<dyn RulesEngine>>> = Arc::new(embedded_engines());
    // Names relative to the workspace root read better in failure messages.
    let loaded = spec::load_dir(&relative_dir(root, "specs"), &engines);
    let mut trials: Vec<Trial> = loaded
        .errors
        .iter()
        .map(|error| {
            let message = error.to_string();
            Trial::test(format!("spec-error::{}", error.location()), move || {
                Err(Failed::from(message))
            })
        })
        .collect();
    let specs: Arc<Vec<LoadedSpec>> = Arc::new(loaded.specs);
    let options = RunOptions::for_tests();
    for planned in runner::plan(&specs, &engines) {
        let (specs, engines) = (Arc::clone(&specs), Arc::clone(&engines));
        let kind = specs[planned.spec].spec.game.clone();
        trials.push(
            Trial::test(planned.name.clone(), move || {
                let loaded = &specs[planned.spec];
                let case = &loaded.spec.cases[planned.case];
                let result = runner::run_case(
                    engines[planned.engine].as_ref(),
                    loaded,
                    case,
                    &planned.variant,
                    options,
                );
                for note in &result.notes {
                    eprintln!("note: {}: {note}", planned.name);
                }
                match result.verdict {
                    Verdict::Pass => Ok(()),
                    Verdict::NotApplicable => {
                        Err(Failed::from(format!("not applicable: {}", result.message)))
                    }
                    Verdict::Fail | Verdict::SpecError => Err(Failed::from(result.message)),
                }
            })
            .with_kind(kind),
        );
    }
    trials
}

fn suite_trials(root: &Path) -> Vec<Trial> {
    let engines: Arc<Vec<Box<dyn RulesEngine>>> = Arc::new(embedded_engines());
    let loaded = suite::load_suites(&relative_dir(root, "suites"), &engines);
    let mut trials: Vec<Trial> = loaded
        .errors
        .iter()
        .map(|error| {
            let message = error.to_string();
            Trial::test(format!("suite-error::{}", error.location()), move || {
                Err(Failed::from(message))
            })
        })
        .collect();
    let suites: Arc<Vec<LoadedSuite>> = Arc::new(loaded.suites);
    for planned in runner::plan_suites(&suites, &engines, false) {
        let (suites, engines) = (Arc::clone(&suites), Arc::clone(&engines));
        let root = root.to_owned();
        let kind = suites[planned.suite].suite.game.clone();
        trials.push(
            Trial::test(planned.name.clone(), move || {
                let loaded = &suites[planned.suite];
                let engine = engines[planned.engine].as_ref();
                let outcome = runner::run_suite_case(engine, loaded, planned.case);
                // The snapshot is compared even when the case fails: both tell the reader
                // what changed.
                let case = &loaded.suite.cases[planned.case];
                let snapshot_check =
                    snapshot::render(engine.name(), loaded, planned.case, &outcome).map(|text| {
                        let name = snapshot::name(&loaded.name, &case.id.value);
                        let engine_name = engine.name().to_owned();
                        std::panic::catch_unwind(move || {
                            snapshot::assert_snapshot(&root, &engine_name, &name, &text);
                        })
                    });
                match outcome.result.verdict {
                    Verdict::Pass => {}
                    Verdict::NotApplicable => {
                        return Err(Failed::from(format!(
                            "not applicable: {}",
                            outcome.result.message
                        )));
                    }
                    Verdict::Fail | Verdict::SpecError => {
                        return Err(Failed::from(outcome.result.message));
                    }
                }
                match snapshot_check {
                    Some(Err(_)) => Err(Failed::from(format!(
                        "the snapshot {} differs or is missing (see the diff above); review \
                         with `cargo insta review` or accept with `cargo xtask baseline freeze`",
                        snapshot::path(Path::new(""), engine.name(), &loaded.name, &case.id.value)
                            .display()
                    ))),
                    _ => Ok(()),
                }
            })
            .with_kind(kind),
        );
    }
    trials
}

/// `root/name` as a path relative to the current directory when cargo runs us from the root.
fn relative_dir(root: &Path, name: &str) -> PathBuf {
    match std::env::current_dir() {
        Ok(current) if current == root => PathBuf::from(name),
        _ => root.join(name),
    }
}
