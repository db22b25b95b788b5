//! The corpus of malformed suites in `tests/bad-suites/`: each one is refused at load with a
//! message naming its file and line and what was expected, never a panic.

use std::path::Path;

use arbiter::engine::embedded_engines;
use arbiter::suite::load_suite_file;

/// Each (file, line, words the message must contain).
const CORPUS: &[(&str, usize, &[&str])] = &[
    ("no-budget.yaml", 4, &["alpha-beta", "no `budget`"]),
    ("expects-nothing.yaml", 5, &["expects nothing", "`best`"]),
    ("bad-score.yaml", 6, &["unknown score `victory`"]),
    ("no-source.yaml", 4, &["no `source`"]),
    ("two-budgets.yaml", 3, &["`depth` or `nodes`, not both"]),
    ("unknown-algorithm.yaml", 3, &["minimax"]),
    ("malformed.obf", 3, &["64"]),
];

#[test]
fn every_malformed_suite_is_refused_with_file_line_and_reason() {
    let engines = embedded_engines();
    for (name, line, words) in CORPUS {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/bad-suites")
            .join(name);
        let errors = match load_suite_file(&path, &engines) {
            Ok(_) => panic!("{name}: accepted, but it is malformed"),
            Err(errors) => errors,
        };
        let text: String = errors.iter().map(|e| format!("{e}\n")).collect();
        let location = format!("{name}:{line}");
        assert!(
            text.contains(&location),
            "{name}: no `{location}` in:\n{text}"
        );
        for word in *words {
            assert!(text.contains(word), "{name}: no `{word}` in:\n{text}");
        }
    }
}

#[test]
fn a_malformed_obf_reports_every_bad_line() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-suites/malformed.obf");
    let errors = load_suite_file(&path, &embedded_engines()).unwrap_err();
    let lines: Vec<usize> = errors.iter().map(|error| error.line).collect();
    assert_eq!(lines, [3, 4], "{errors:?}");
}

#[test]
fn the_corpus_is_complete() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-suites");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("the corpus directory")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    files.sort();
    let mut listed: Vec<String> = CORPUS
        .iter()
        .map(|(name, _, _)| (*name).to_owned())
        .collect();
    listed.sort();
    assert_eq!(
        files, listed,
        "every corpus file has its expectation in CORPUS"
    );
}
