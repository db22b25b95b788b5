//! Comparing a frozen baseline with the current one: moves and scores per case, parameter,
//! data file and bench signature lines, and the report of it.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use super::{BENCH_FILE, Baseline, DATA_FILE};
use arbiter_runner::snapshot;

/// What changed between a baseline and now.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diff {
    /// `engine/suite__id`: the move or score before and after.
    pub(crate) changed: Vec<(String, String, String)>,
    /// Cases with a snapshot now but not in the baseline, and the reverse.
    pub(crate) added: Vec<String>,
    pub(crate) removed: Vec<String>,
    /// Engines whose parameters changed, with the changed lines (`-old`, `+new`).
    pub(crate) params: Vec<(String, Vec<String>)>,
    /// The data file fingerprints that changed (`-old`, `+new`); empty when the baseline is
    /// older than the fingerprints.
    pub(crate) data: Vec<String>,
    /// The bench signature lines that changed (`-old`, `+new`).
    pub(crate) bench: Vec<String>,
    /// A frozen team's engine: files whose hash changed and suite answers that changed.
    pub(crate) engine: Vec<String>,
}

impl Diff {
    /// Whether nothing changed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.changed.is_empty()
            && self.added.is_empty()
            && self.removed.is_empty()
            && self.params.is_empty()
            && self.data.is_empty()
            && self.bench.is_empty()
            && self.engine.is_empty()
    }
}

/// Compares a frozen baseline with the current one.
#[must_use]
pub fn diff(frozen: &Baseline, current: &Baseline) -> Diff {
    let mut diff = Diff::default();
    let snapshots = |baseline: &Baseline| -> BTreeMap<String, String> {
        baseline
            .files
            .iter()
            .filter(|(path, _)| path.starts_with("snapshots"))
            .map(|(path, text)| {
                let key = path
                    .strip_prefix("snapshots")
                    .unwrap_or(path)
                    .with_extension("")
                    .display()
                    .to_string();
                (key, text.clone())
            })
            .collect()
    };
    let (before, after) = (snapshots(frozen), snapshots(current));
    for (key, old) in &before {
        match after.get(key) {
            None => diff.removed.push(key.clone()),
            Some(new) => {
                let summary = |text: &str| {
                    let content = snapshot::content_of(text);
                    format!(
                        "move {}, score {}",
                        snapshot::field(content, "move").unwrap_or("?"),
                        snapshot::field(content, "score").unwrap_or("?")
                    )
                };
                let (old, new) = (summary(old), summary(new));
                if old != new {
                    diff.changed.push((key.clone(), old, new));
                }
            }
        }
    }
    diff.added = after
        .keys()
        .filter(|key| !before.contains_key(*key))
        .cloned()
        .collect();
    for (path, old) in frozen.files.iter().filter(|(p, _)| p.starts_with("params")) {
        let engine = path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let new = current.files.get(path).map_or("", String::as_str);
        let lines = line_changes(old, new);
        if !lines.is_empty() {
            diff.params.push((engine, lines));
        }
    }
    let bench = |b: &Baseline| {
        b.files
            .get(Path::new(BENCH_FILE))
            .cloned()
            .unwrap_or_default()
    };
    diff.bench = line_changes(&bench(frozen), &bench(current));
    if let Some(old) = frozen.files.get(Path::new(DATA_FILE)) {
        let new = current.files.get(Path::new(DATA_FILE));
        diff.data = line_changes(old, new.map_or("", String::as_str));
    }
    diff.engine = super::engine::engine_changes(frozen, current);
    diff
}

/// Lines only in `old` (as `-line`) and only in `new` (as `+line`), in order.
fn line_changes(old: &str, new: &str) -> Vec<String> {
    let old_lines: Vec<&str> = old.lines().collect();
    let new_lines: Vec<&str> = new.lines().collect();
    let mut changes: Vec<String> = old_lines
        .iter()
        .filter(|line| !new_lines.contains(line))
        .map(|line| format!("-{line}"))
        .collect();
    changes.extend(
        new_lines
            .iter()
            .filter(|line| !old_lines.contains(line))
            .map(|line| format!("+{line}")),
    );
    changes
}

/// The diff as a report for the terminal.
#[must_use]
pub fn render(name: &str, diff: &Diff) -> String {
    let mut out = String::new();
    if diff.is_empty() {
        let _ = writeln!(out, "no change since baseline {name}");
        return out;
    }
    if !diff.changed.is_empty() {
        let _ = writeln!(
            out,
            "{} position(s) changed since {name}:",
            diff.changed.len()
        );
        for (key, old, new) in &diff.changed {
            let _ = writeln!(out, "  {key}\n    was: {old}\n    now: {new}");
        }
    }
    for (title, keys) in [("new", &diff.added), ("gone", &diff.removed)] {
        if !keys.is_empty() {
            let _ = writeln!(out, "{} {title} case(s):", keys.len());
            for key in keys {
                let _ = writeln!(out, "  {key}");
            }
        }
    }
    for (engine, lines) in &diff.params {
        let _ = writeln!(out, "params of {engine} changed:");
        for line in lines {
            let _ = writeln!(out, "  {line}");
        }
    }
    if !diff.data.is_empty() {
        let _ = writeln!(out, "built-in data files changed:");
        for line in &diff.data {
            let _ = writeln!(out, "  {line}");
        }
    }
    if !diff.bench.is_empty() {
        let _ = writeln!(out, "bench signature changed:");
        for line in &diff.bench {
            let _ = writeln!(out, "  {line}");
        }
    }
    if !diff.engine.is_empty() {
        let _ = writeln!(out, "{} change(s) of the frozen engine:", diff.engine.len());
        for line in &diff.engine {
            let _ = writeln!(out, "  {line}");
        }
    }
    out
}
