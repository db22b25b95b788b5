//! The corpus of malformed specs in `tests/bad-specs/` and suites in `tests/bad-suites/`: each
//! file must be refused with the message it names, pointing at the file, line and column it
//! names, never a panic: at load time where the loader can tell, else through the runner
//! (an illegal move in a position, a move that does not exist, a perft deeper than the game).
//!
//! Every corpus file says what it must produce in its first comment lines (`#`, or `%` in an
//! `.obf` file):
//! ```text
//! # error: 5:31                      the location (line, or line:column, or `file`) of the error
//! # message: move 3 `a1` cannot be played      words the message must contain (any number)
//! ```

use std::path::{Path, PathBuf};

use arbiter_engine::embedded_engines;
use arbiter_runner::spec::load_file;
use arbiter_runner::suite::load_suite_file;
use arbiter_runner::{CaseFiles, PlanScope, RunOptions, SnapshotPolicy, Verdict};

/// What a corpus file says it must produce.
struct Expected {
    location: String,
    words: Vec<String>,
}

/// The `error:` and `message:` lines at the head of a corpus file.
fn expected_of(path: &Path) -> Expected {
    let bytes = std::fs::read(path).expect("a corpus file");
    let text = String::from_utf8_lossy(&bytes);
    let mut location = None;
    let mut words = Vec::new();
    for line in text.lines() {
        let Some(comment) = line.strip_prefix('#').or_else(|| line.strip_prefix('%')) else {
            break;
        };
        let comment = comment.trim();
        if let Some(at) = comment.strip_prefix("error:") {
            location = Some(at.trim().to_owned());
        } else if let Some(word) = comment.strip_prefix("message:") {
            words.push(word.trim().to_owned());
        }
    }
    let name = path.file_name().unwrap().to_string_lossy();
    let location = location.unwrap_or_else(|| panic!("{name}: no `# error: LINE[:COLUMN]` line"));
    Expected {
        // `file`: the error concerns the whole file (no line).
        location: if location == "file" {
            format!("{name}\n")
        } else {
            format!("{name}:{location}")
        },
        words,
    }
}

/// Every problem a case file yields: its load errors, or (when it loads) the spec errors its
/// cases give when they run.
fn problems(path: &Path) -> Vec<String> {
    let engines = embedded_engines();
    let is_suite = path
        .components()
        .any(|part| part.as_os_str() == "bad-suites");
    let files = if is_suite {
        match load_suite_file(path, &engines) {
            Err(errors) => return errors.iter().map(ToString::to_string).collect(),
            Ok(suite) => CaseFiles {
                specs: Vec::new(),
                suites: vec![suite],
            },
        }
    } else {
        match load_file(path, &engines) {
            Err(errors) => return errors.iter().map(ToString::to_string).collect(),
            Ok(spec) => CaseFiles::of_specs(vec![spec]),
        }
    };
    let options = RunOptions {
        snapshots: SnapshotPolicy::Ignore,
        ..RunOptions::for_tests("")
    };
    arbiter_runner::plan(&files, &engines, PlanScope { include_slow: true })
        .iter()
        .map(|planned| planned.run(&files, engines[planned.engine].as_ref(), &options))
        .filter(|result| result.verdict == Verdict::SpecError)
        .map(|result| result.message)
        .collect()
}

fn corpus(folder: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the corpus folder")
        .map(|entry| entry.expect("a corpus entry").path())
        .collect();
    files.sort();
    files
}

fn check_corpus(folder: &str) -> usize {
    let files = corpus(folder);
    let mut wrong = Vec::new();
    for path in &files {
        let expected = expected_of(path);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let problems = problems(path);
        if problems.is_empty() {
            wrong.push(format!("{name}: accepted, but it is malformed"));
            continue;
        }
        let text = problems.join("\n") + "\n";
        let mut missing: Vec<&str> = Vec::new();
        let location_found = text
            .match_indices(&expected.location)
            .any(|(at, _)| !text[at + expected.location.len()..].starts_with(char::is_numeric));
        if !location_found {
            missing.push(&expected.location);
        }
        missing.extend(
            expected
                .words
                .iter()
                .map(String::as_str)
                .filter(|word| !text.contains(word)),
        );
        if !missing.is_empty() {
            wrong.push(format!("{name}: no {missing:?} in:\n{text}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
    files.len()
}

#[test]
fn every_malformed_spec_is_refused_with_its_location_and_message() {
    assert!(check_corpus("bad-specs") >= 80);
}

#[test]
fn every_malformed_suite_is_refused_with_its_location_and_message() {
    assert!(check_corpus("bad-suites") >= 20);
}

#[test]
fn a_malformed_obf_reports_every_bad_line() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-suites/malformed.obf");
    let errors = load_suite_file(&path, &embedded_engines()).unwrap_err();
    let lines: Vec<usize> = errors.iter().map(|error| error.line).collect();
    assert_eq!(lines, [5, 6], "{errors:?}");
}
