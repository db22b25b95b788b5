//! The corpus of malformed specs in `tests/bad-specs/`: each one must be refused with a clear
//! message that names its file and line, never a panic, and through the runner where the
//! problem only shows when the position is set up.

use std::path::Path;

use arbiter::engine::embedded_engines;
use arbiter::runner::{self, CaseFiles, PlanScope, RunOptions, SnapshotPolicy, Verdict};
use arbiter::spec::load_file;

/// Loads a corpus file: the load errors, or the runner's spec-error messages.
fn problems(name: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/bad-specs")
        .join(name);
    let engines = embedded_engines();
    match load_file(&path, &engines) {
        Err(errors) => errors.iter().map(ToString::to_string).collect(),
        Ok(loaded) => {
            let files = CaseFiles {
                specs: vec![loaded],
                suites: Vec::new(),
            };
            let options = RunOptions {
                snapshots: SnapshotPolicy::Ignore,
                ..RunOptions::for_tests("")
            };
            runner::plan(&files, &engines, PlanScope::default())
                .iter()
                .map(|planned| planned.run(&files, &engines, &options))
                .collect::<Vec<_>>()
        }
        .into_iter()
        .filter(|result| result.verdict == Verdict::SpecError)
        .map(|result| result.message)
        .collect(),
    }
}

/// Each (file, line, words the message must contain).
const CORPUS: &[(&str, usize, &[&str])] = &[
    ("yaml-syntax.yaml", 5, &[]),
    ("wrong-type.yaml", 7, &["u64"]),
    ("unknown-key.yaml", 6, &["legl", "legal"]),
    ("duplicate-id.yaml", 6, &["duplicate case id `same`"]),
    ("unknown-game.yaml", 1, &["unknown game `chess`", "othello"]),
    (
        "unknown-variant.yaml",
        2,
        &["unknown variant `10x10`", "standard"],
    ),
    ("illegal-move.yaml", 4, &["move 3 `a1`", "no-flip"]),
    ("impossible-board.yaml", 4, &["impossible position"]),
    ("empty-expect.yaml", 4, &["`expect` is empty"]),
    ("bad-id.yaml", 4, &["kebab-case"]),
    ("not-a-move.yaml", 4, &["`z9`", "not a move"]),
];

#[test]
fn every_malformed_spec_is_refused_with_file_line_and_reason() {
    for (name, line, words) in CORPUS {
        let problems = problems(name);
        assert!(
            !problems.is_empty(),
            "{name}: accepted, but it is malformed"
        );
        let text = problems.join("\n");
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
fn the_corpus_is_complete() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-specs");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("the corpus directory")
        .map(|entry| {
            entry
                .expect("a corpus entry")
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
