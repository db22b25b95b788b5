//! The generated tests: one trial per (spec case × engine that plays its game × variant).
//!
//! Names are `<engine>::<topic>::<case-id>[@variant]`, so `cargo test -- passes` and
//! `cargo test -- --exact othello::passes::forced-pass` work, as do nextest's `--list`,
//! `--exact` and `--partition`. A spec file that does not load becomes one failing trial named
//! `spec-error::<path>`, so the rest still runs and the error is shown with its location.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arbiter::engine::{RulesEngine, embedded_engines};
use arbiter::runner::{self, RunOptions, Verdict};
use arbiter::spec::{self, LoadedSpec};
use libtest_mimic::{Arguments, Failed, Trial};

fn main() -> std::process::ExitCode {
    let arguments = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let trials = spec_trials(root);
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

/// `root/name` as a path relative to the current directory when cargo runs us from the root.
fn relative_dir(root: &Path, name: &str) -> PathBuf {
    match std::env::current_dir() {
        Ok(current) if current == root => PathBuf::from(name),
        _ => root.join(name),
    }
}
