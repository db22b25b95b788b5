//! Snapshots of what each engine chose on each suite case, as insta `.snap` files under
//! `snapshots/<engine>/<suite>__<id>.snap`.
//!
//! The text is line-oriented so that a change diffs well: the position, the algorithm and
//! budget, the move, the score and what it proves, depth, nodes, the principal variation and
//! the board. Both the test harness and `cargo xtask baseline` call [`assert_snapshot`], so the
//! files have one writer and one format. insta decides what happens on a difference: with
//! `CI=true` a missing or changed snapshot fails; locally it writes `.snap.new` for
//! `cargo insta review`; `INSTA_UPDATE=always` (what `baseline freeze` sets) accepts in place.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::engine::RulesEngine;
use crate::runner::{SuiteOutcome, SuitePlanned, plan_suites, proof_text};
use crate::suite::LoadedSuite;

/// The directory of snapshots under the workspace root.
pub const DIR: &str = "snapshots";

/// The snapshot name of a suite case: `<suite>__<id>`.
#[must_use]
pub fn name(suite: &str, id: &str) -> String {
    format!("{suite}__{id}")
}

/// The snapshot file of a suite case for an engine.
#[must_use]
pub fn path(root: &Path, engine: &str, suite: &str, id: &str) -> PathBuf {
    root.join(DIR)
        .join(engine)
        .join(format!("{}.snap", name(suite, id)))
}

/// The snapshot text of a case that was searched; `None` when the search did not run (the
/// case's failure says why).
#[must_use]
pub fn render(
    engine: &str,
    loaded: &LoadedSuite,
    index: usize,
    outcome: &SuiteOutcome,
) -> Option<String> {
    let report = outcome.report.as_ref()?;
    let case = &loaded.suite.cases[index];
    let (text, diagram) = outcome.position.as_ref()?;
    let budget = outcome
        .budget
        .map_or_else(|| "to the end".to_owned(), |budget| budget.to_string());
    let mut out = String::new();
    let _ = writeln!(out, "engine: {engine}");
    let _ = writeln!(out, "suite: {}", loaded.name);
    let _ = writeln!(out, "case: {}", case.id.value);
    let _ = writeln!(out, "position: {text}");
    let _ = writeln!(out, "search: {}, {budget}", outcome.algorithm);
    let _ = writeln!(out, "move: {}", report.best.as_deref().unwrap_or("none"));
    let proof = match report.proven {
        Some(_) => proof_text(report),
        None => "unproven".to_owned(),
    };
    let _ = writeln!(out, "score: {} ({proof})", report.score);
    let _ = writeln!(out, "depth: {}", report.depth);
    let _ = writeln!(out, "nodes: {}", report.nodes);
    let _ = writeln!(out, "pv: {}", report.pv.join(" "));
    let _ = writeln!(out, "board:");
    for line in diagram.lines() {
        let _ = writeln!(out, "  {line}");
    }
    Some(out)
}

/// Compares `text` with the stored snapshot `snapshots/<engine>/<name>.snap` through insta.
///
/// # Panics
/// When insta finds a difference or a missing snapshot and is not told to accept it (that
/// panic is the test failure).
pub fn assert_snapshot(root: &Path, engine: &str, name: &str, text: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root.join(DIR).join(engine));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!(name.to_owned(), text));
}

/// The content of a `.snap` file: the text after insta's metadata header.
///
/// # Errors
/// The file cannot be read.
pub fn read(path: &Path) -> std::io::Result<String> {
    let text = std::fs::read_to_string(path)?;
    Ok(content_of(&text).to_owned())
}

/// Everything after the second `---` line (insta's header), or the whole text.
#[must_use]
pub fn content_of(text: &str) -> &str {
    let mut rest = text;
    for _ in 0..2 {
        match rest.find("---\n") {
            Some(at) => rest = &rest[at + 4..],
            None => return text,
        }
    }
    rest
}

/// A field of a snapshot's text, such as `move` or `score`.
#[must_use]
pub fn field<'a>(content: &'a str, key: &str) -> Option<&'a str> {
    content.lines().find_map(|line| {
        line.strip_prefix(key)
            .and_then(|rest| rest.strip_prefix(": "))
    })
}

/// Snapshot files under `snapshots/<engine>/` that no suite case (slow ones included) would
/// write: left over from a removed case, suite or engine. `baselines/` is not looked at.
#[must_use]
pub fn orphans(
    root: &Path,
    suites: &[LoadedSuite],
    engines: &[Box<dyn RulesEngine>],
) -> Vec<PathBuf> {
    let expected: BTreeSet<PathBuf> = plan_suites(suites, engines, true)
        .iter()
        .map(|planned: &SuitePlanned| {
            let loaded = &suites[planned.suite];
            path(
                root,
                engines[planned.engine].name(),
                &loaded.name,
                &loaded.suite.cases[planned.case].id.value,
            )
        })
        .collect();
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(root.join(DIR)) else {
        return found;
    };
    let mut dirs: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_dir() && path.file_name().is_some_and(|name| name != "baselines"))
        .collect();
    dirs.sort();
    for dir in dirs {
        let Ok(files) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = files
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "snap"))
            .collect();
        files.sort();
        found.extend(files.into_iter().filter(|file| !expected.contains(file)));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_skips_the_insta_header() {
        let text = "---\nsource: src/snapshot.rs\n---\nmove: g8\nscore: 18 (win +18)\n";
        let content = content_of(text);
        assert_eq!(field(content, "move"), Some("g8"));
        assert_eq!(field(content, "score"), Some("18 (win +18)"));
        assert_eq!(field(content, "pv"), None);
    }
}
