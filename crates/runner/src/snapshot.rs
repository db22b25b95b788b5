//! Snapshots of what each engine chose on each suite case: `snapshots/<engine>/<suite>__<id>.snap`,
//! in insta's file format (a `---` metadata header, then the text), so that
//! `cargo insta review` can review them.
//!
//! The text is line-oriented so that a change diffs well: the position, the algorithm and
//! budget, the move, the score and what it proves, depth, nodes, the principal variation and
//! the board. The runner compares a suite case's search with its file
//! ([`crate::PlannedCase::run`]), so `cargo test` and `cargo xtask audit` judge it
//! alike: a missing or changed snapshot fails the case. Outside CI the test harness also writes
//! the new search beside the file as `<file>.snap.new`; `baseline freeze` writes the files in
//! place. arbiter writes the files itself, atomically (a temporary file renamed over the old
//! one), so an interrupted run never leaves a truncated snapshot.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use arbiter_search::Algorithm;

use crate::suite::LoadedSuite;
use crate::suite::model::BudgetSpec;
use crate::{
    CaseCheck, CaseFiles, CaseRef, Finding, PlanScope, SnapshotPolicy, SnapshotResult,
    SnapshotStatus, plan, proof_text,
};
use arbiter_engine::RulesEngine;
use arbiter_files::atomic;

/// The directory of snapshots under the workspace root.
pub(crate) const DIR: &str = "snapshots";
/// The metadata header every snapshot file starts with (what insta wrote for these files).
pub(crate) const HEADER: &str = "---\nsource: src/snapshot.rs\n---\n";

/// The snapshot name of a suite case: `<suite>__<id>`.
#[must_use]
pub fn name(suite: &str, id: &str) -> String {
    format!("{suite}__{id}")
}

/// The snapshot file of a suite case for an engine.
#[must_use]
pub(crate) fn path(root: &Path, engine: &str, suite: &str, id: &str) -> PathBuf {
    root.join(DIR)
        .join(engine)
        .join(format!("{}.snap", name(suite, id)))
}

/// The snapshot text of a searched case.
#[must_use]
pub(crate) fn render(
    engine: &str,
    loaded: &LoadedSuite,
    index: usize,
    algorithm: Algorithm,
    budget: Option<BudgetSpec>,
    outcome: &CaseCheck,
) -> Option<String> {
    let report = outcome.search.as_ref()?;
    let board = outcome.board.as_ref()?;
    let case = &loaded.suite.cases[index];
    let budget = budget.map_or_else(|| "to the end".to_owned(), |budget| budget.to_string());
    let mut out = String::new();
    let _ = writeln!(out, "engine: {engine}");
    let _ = writeln!(out, "suite: {}", loaded.name);
    let _ = writeln!(out, "case: {}", case.id.value);
    let _ = writeln!(out, "position: {}", board.text);
    let _ = writeln!(out, "search: {algorithm}, {budget}");
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
    for line in board.diagram.lines() {
        let _ = writeln!(out, "  {line}");
    }
    Some(out)
}

/// Compares (or accepts) the snapshot of a searched suite case under `policy`. `None` when
/// there is nothing to compare: the search did not run, or the engine's searches are not
/// reproducible (an external process under a clock).
pub(crate) fn check(
    policy: &SnapshotPolicy,
    engine: &dyn RulesEngine,
    loaded: &LoadedSuite,
    index: usize,
    algorithm: Algorithm,
    budget: Option<BudgetSpec>,
    outcome: &CaseCheck,
) -> Option<SnapshotResult> {
    if !engine.reproducible() {
        return None;
    }
    let text = render(engine.name(), loaded, index, algorithm, budget, outcome)?;
    let id = &loaded.suite.cases[index].id.value;
    let (root, status) = match policy {
        SnapshotPolicy::Ignore => (Path::new(""), SnapshotStatus::NotCompared),
        SnapshotPolicy::Compare { root, write_new } => {
            let file = path(root, engine.name(), &loaded.name, id);
            let status = match compare(&file, &text) {
                // Slow suites run only on request (`cargo test` never does): a freeze records
                // them only with `--slow`, so a missing one is not news.
                SnapshotStatus::Missing if loaded.suite.slow => SnapshotStatus::NotCompared,
                status => status,
            };
            let pending = file.with_extension("snap.new");
            if matches!(
                status,
                SnapshotStatus::Matches | SnapshotStatus::NotCompared
            ) {
                // A review left over from an earlier run is settled now.
                let _ = std::fs::remove_file(&pending);
            } else if *write_new {
                // Best effort: the failure says what differs even if this cannot be written.
                let _ = atomic::write(&pending, file_text(&text).as_bytes());
            }
            (root.as_path(), status)
        }
        SnapshotPolicy::Accept { root } => {
            let file = path(root, engine.name(), &loaded.name, id);
            let status = match compare(&file, &text) {
                SnapshotStatus::Matches => SnapshotStatus::Matches,
                _ => match atomic::write(&file, file_text(&text).as_bytes()) {
                    Ok(()) => {
                        let _ = std::fs::remove_file(file.with_extension("snap.new"));
                        SnapshotStatus::Accepted
                    }
                    Err(error) => SnapshotStatus::Unreadable {
                        problem: format!("cannot be written: {error}"),
                    },
                },
            };
            (root.as_path(), status)
        }
    };
    Some(SnapshotResult {
        path: path(root, engine.name(), &loaded.name, id),
        text,
        status,
    })
}

/// How the stored file compares with `text`.
fn compare(file: &Path, text: &str) -> SnapshotStatus {
    match read(file) {
        Ok(stored) if normalized(&stored) == normalized(text) => SnapshotStatus::Matches,
        Ok(stored) => SnapshotStatus::Changed { stored },
        Err(error) if error.kind() == io::ErrorKind::NotFound => SnapshotStatus::Missing,
        Err(error) => SnapshotStatus::Unreadable {
            problem: error.to_string(),
        },
    }
}

/// The finding a snapshot adds to its case: `None` when it matches or was accepted.
pub(crate) fn finding(snapshot: &SnapshotResult) -> Option<Finding> {
    let shown = snapshot.path.display();
    let advice = "review the `.snap.new` beside it with `cargo insta review`, or accept every \
                  snapshot with `cargo xtask baseline freeze NAME`";
    match &snapshot.status {
        SnapshotStatus::Matches | SnapshotStatus::Accepted | SnapshotStatus::NotCompared => None,
        SnapshotStatus::Missing => Some(Finding::shown_as(
            "snapshot",
            format!("the stored snapshot {shown}"),
            "no such file",
            format!(
                "snapshot {shown} is missing; {advice}\nsearch now:\n{}",
                indent2(&snapshot.text)
            ),
        )),
        SnapshotStatus::Changed { stored } => Some(Finding::shown_as(
            "snapshot",
            normalized(stored),
            normalized(&snapshot.text),
            format!(
                "snapshot {shown} differs; {advice}\n{}",
                line_diff(stored, &snapshot.text)
            ),
        )),
        SnapshotStatus::Unreadable { problem } => Some(Finding::shown_as(
            "snapshot",
            format!("a readable snapshot {shown}"),
            problem.clone(),
            format!("snapshot {shown} is unreadable: {problem}"),
        )),
    }
}

fn indent2(text: &str) -> String {
    text.lines()
        .map(|line| format!("  {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The lines of two snapshot texts that differ, as `-stored` / `+now`.
fn line_diff(stored: &str, now: &str) -> String {
    let old: Vec<&str> = normalized_lines(stored);
    let new: Vec<&str> = normalized_lines(now);
    let mut out = Vec::new();
    for index in 0..old.len().max(new.len()) {
        match (old.get(index), new.get(index)) {
            (Some(a), Some(b)) if a == b => {}
            (a, b) => {
                if let Some(a) = a {
                    out.push(format!("  -{a}"));
                }
                if let Some(b) = b {
                    out.push(format!("  +{b}"));
                }
            }
        }
    }
    out.join("\n")
}

fn normalized_lines(text: &str) -> Vec<&str> {
    text.trim_end().lines().collect()
}

/// A snapshot's text as insta compares it: trailing whitespace dropped, CRLF as LF.
fn normalized(text: &str) -> String {
    text.trim_end().replace("\r\n", "\n")
}

/// The whole file for a snapshot text: the header, the text, one final newline.
#[must_use]
pub fn file_text(text: &str) -> String {
    format!("{HEADER}{}\n", normalized(text))
}

/// The content of a `.snap` file: the text after the metadata header.
///
/// # Errors
/// The file cannot be read, is not UTF-8 or has no header.
pub(crate) fn read(path: &Path) -> io::Result<String> {
    let bytes = std::fs::read(path)?;
    let text = String::from_utf8(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text"))?;
    parse(&text)
        .map(str::to_owned)
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "no `---` metadata header"))
}

/// The text after a snapshot file's metadata header (`---`, metadata lines, `---`).
#[must_use]
pub(crate) fn parse(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("---\n")?;
    let end = rest.find("\n---\n")?;
    Some(&rest[end + 5..])
}

/// Everything after the second `---` line (the metadata header), or the whole text.
#[must_use]
pub fn content_of(text: &str) -> &str {
    parse(text).unwrap_or(text)
}

/// A field of a snapshot's text, such as `move` or `score`.
#[must_use]
pub fn field<'a>(content: &'a str, key: &str) -> Option<&'a str> {
    content.lines().find_map(|line| {
        line.strip_prefix(key)
            .and_then(|rest| rest.strip_prefix(": "))
    })
}

/// The fields every snapshot text has, in order; a file without them is corrupt.
pub const FIELDS: [&str; 11] = [
    "engine", "suite", "case", "position", "search", "move", "score", "depth", "nodes", "pv",
    "board",
];

/// What is wrong with a snapshot file's text, if anything: no header, or a field missing
/// (a truncated file).
#[must_use]
pub fn problem(text: &str) -> Option<String> {
    let Some(content) = parse(text) else {
        return Some("no `---` metadata header".to_owned());
    };
    let missing: Vec<&str> = FIELDS
        .iter()
        .copied()
        .filter(|key| {
            !content
                .lines()
                .any(|line| line == format!("{key}:") || line.starts_with(&format!("{key}: ")))
        })
        .collect();
    if missing.is_empty() {
        None
    } else {
        Some(format!("truncated: no `{}` line", missing.join("`, `")))
    }
}

/// Snapshot files under `root/snapshots/<engine>/` that no suite case (slow ones included)
/// would write: left over from a removed case, suite or engine. `baselines/` is not looked at.
#[must_use]
pub fn orphans(root: &Path, files: &CaseFiles, engines: &[Box<dyn RulesEngine>]) -> Vec<PathBuf> {
    let scope = PlanScope { include_slow: true };
    let expected: BTreeSet<PathBuf> = plan(files, engines, scope)
        .iter()
        .filter_map(|planned| match planned.case {
            CaseRef::Suite { file, case } => {
                let loaded = &files.suites[file];
                Some(path(
                    root,
                    engines[planned.engine].name(),
                    &loaded.name,
                    &loaded.suite.cases[case].id.value,
                ))
            }
            CaseRef::Spec { .. } => None,
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
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut snaps: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "snap"))
            .collect();
        snaps.sort();
        found.extend(snaps.into_iter().filter(|file| !expected.contains(file)));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_skips_the_header() {
        let text = "---\nsource: src/snapshot.rs\n---\nmove: g8\nscore: 18 (win +18)\n";
        let content = content_of(text);
        assert_eq!(field(content, "move"), Some("g8"));
        assert_eq!(field(content, "score"), Some("18 (win +18)"));
        assert_eq!(field(content, "pv"), None);
        assert_eq!(parse("move: g8\n"), None, "no header");
    }

    #[test]
    fn a_written_file_reads_back_and_compares_equal() {
        let text = "engine: e\nmove: g8\n\n";
        let file = file_text(text);
        assert_eq!(
            file,
            "---\nsource: src/snapshot.rs\n---\nengine: e\nmove: g8\n"
        );
        assert_eq!(normalized(parse(&file).unwrap()), normalized(text));
    }

    #[test]
    fn a_truncated_snapshot_is_a_problem() {
        let whole: String = FIELDS.iter().map(|key| format!("{key}: x\n")).collect();
        assert_eq!(problem(&file_text(&whole)), None);
        let cut = &whole[..whole.find("nodes").unwrap()];
        let found = problem(&file_text(cut)).unwrap();
        assert!(found.contains("`nodes`, `pv`, `board`"), "{found}");
        assert!(problem("").is_some());
    }
}
