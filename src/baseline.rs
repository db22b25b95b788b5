//! Frozen baselines: what every engine chose on every suite case, its parameters and its bench
//! signature, under `snapshots/baselines/<name>/`, so that a later change can be diffed.
//!
//! Layout of a baseline:
//! ```text
//! snapshots/baselines/<name>/
//!   snapshots/<engine>/<suite>__<id>.snap   copies of the accepted snapshots
//!   params/<engine>.yaml                    each engine's parameters file
//!   data.txt                                fingerprints of the files built into searches
//!                                           (trained weights): path, size, hash
//!   bench.txt                               the bench signature per engine
//! ```
//! Nothing in it depends on time or machine, so two freezes of the same code are
//! byte-identical. A freeze is written aside and renamed into place; an existing baseline is
//! replaced only when asked, and then kept as `<name>.prev`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use crate::snapshot;

/// The directory of baselines under the workspace root.
pub const DIR: &str = "snapshots/baselines";
/// The fingerprints of built-in data files, in a baseline.
const DATA_FILE: &str = "data.txt";

/// What a baseline holds, in memory: file path (relative to the baseline) → content.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Baseline {
    pub files: BTreeMap<PathBuf, String>,
}

impl Baseline {
    /// Adds a snapshot (its full `.snap` text) of `engine`.
    pub fn add_snapshot(&mut self, engine: &str, file_name: &str, text: String) {
        self.files
            .insert(Path::new("snapshots").join(engine).join(file_name), text);
    }

    /// Adds an engine's parameters file.
    pub fn add_params(&mut self, engine: &str, yaml: &str) {
        self.files.insert(
            Path::new("params").join(format!("{engine}.yaml")),
            yaml.to_owned(),
        );
    }

    /// Sets the fingerprints of the engines' built-in data files, one line each.
    pub fn set_data(&mut self, text: String) {
        self.files.insert(PathBuf::from(DATA_FILE), text);
    }

    /// Sets the bench signature text.
    pub fn set_bench(&mut self, text: String) {
        self.files.insert(PathBuf::from("bench.txt"), text);
    }

    /// Reads a baseline directory.
    ///
    /// # Errors
    /// The directory or a file in it cannot be read.
    pub fn read(dir: &Path) -> io::Result<Baseline> {
        let mut baseline = Baseline::default();
        for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
            let entry = entry.map_err(io::Error::other)?;
            if entry.file_type().is_file() {
                let relative = entry
                    .path()
                    .strip_prefix(dir)
                    .map_err(io::Error::other)?
                    .to_owned();
                baseline
                    .files
                    .insert(relative, std::fs::read_to_string(entry.path())?);
            }
        }
        Ok(baseline)
    }
}

/// Why a freeze did not happen.
#[derive(Debug)]
pub enum FreezeError {
    /// The name is taken and `force` was not given.
    Exists(PathBuf),
    /// The name is not a plain directory name.
    BadName(String),
    Io(io::Error),
}

impl std::fmt::Display for FreezeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FreezeError::Exists(path) => write!(
                f,
                "baseline {} exists; --force replaces it and keeps the old one as .prev",
                path.display()
            ),
            FreezeError::BadName(name) => write!(
                f,
                "baseline name `{name}`: use letters, digits, `-`, `_` and `.` (not starting with `.`)"
            ),
            FreezeError::Io(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for FreezeError {}

impl From<io::Error> for FreezeError {
    fn from(error: io::Error) -> Self {
        FreezeError::Io(error)
    }
}

/// The directory of baseline `name` under `root`.
///
/// # Errors
/// [`FreezeError::BadName`] for a name that is not a plain directory name.
pub fn dir_of(root: &Path, name: &str) -> Result<PathBuf, FreezeError> {
    let plain = !name.is_empty()
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if !plain || name.ends_with(".prev") {
        return Err(FreezeError::BadName(name.to_owned()));
    }
    Ok(root.join(DIR).join(name))
}

/// Checks that baseline `name` may be written (before any expensive work).
///
/// # Errors
/// [`FreezeError::Exists`] without `force`; [`FreezeError::BadName`].
pub fn check_free(root: &Path, name: &str, force: bool) -> Result<PathBuf, FreezeError> {
    let dir = dir_of(root, name)?;
    if dir.exists() && !force {
        return Err(FreezeError::Exists(dir));
    }
    Ok(dir)
}

/// Writes `baseline` as `name`: into a directory aside, then renamed into place. With `force`,
/// an existing baseline becomes `<name>.prev` (an older `.prev` is removed).
///
/// # Errors
/// [`FreezeError::Exists`] without `force`; IO errors (the old baseline is then untouched).
pub fn write(
    root: &Path,
    name: &str,
    baseline: &Baseline,
    force: bool,
) -> Result<PathBuf, FreezeError> {
    let dir = check_free(root, name, force)?;
    let parent = root.join(DIR);
    std::fs::create_dir_all(&parent)?;
    let aside = parent.join(format!(".{name}.tmp-{}", std::process::id()));
    if aside.exists() {
        std::fs::remove_dir_all(&aside)?;
    }
    for (relative, text) in &baseline.files {
        let path = aside.join(relative);
        if let Some(directory) = path.parent() {
            std::fs::create_dir_all(directory)?;
        }
        std::fs::write(&path, text)?;
    }
    if dir.exists() {
        let previous = parent.join(format!("{name}.prev"));
        if previous.exists() {
            std::fs::remove_dir_all(&previous)?;
        }
        std::fs::rename(&dir, &previous)?;
    }
    std::fs::rename(&aside, &dir)?;
    Ok(dir)
}

/// What changed between a baseline and now.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diff {
    /// `engine/suite__id`: the move or score before and after.
    pub changed: Vec<(String, String, String)>,
    /// Cases with a snapshot now but not in the baseline, and the reverse.
    pub added: Vec<String>,
    pub removed: Vec<String>,
    /// Engines whose parameters changed, with the changed lines (`-old`, `+new`).
    pub params: Vec<(String, Vec<String>)>,
    /// The data file fingerprints that changed (`-old`, `+new`); empty when the baseline is
    /// older than the fingerprints.
    pub data: Vec<String>,
    /// The bench signature lines that changed (`-old`, `+new`).
    pub bench: Vec<String>,
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
            .get(Path::new("bench.txt"))
            .cloned()
            .unwrap_or_default()
    };
    diff.bench = line_changes(&bench(frozen), &bench(current));
    if let Some(old) = frozen.files.get(Path::new(DATA_FILE)) {
        let new = current.files.get(Path::new(DATA_FILE));
        diff.data = line_changes(old, new.map_or("", String::as_str));
    }
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
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(score: &str, weight: &str) -> Baseline {
        let mut baseline = Baseline::default();
        baseline.add_snapshot(
            "othello",
            "ffo__a.snap",
            format!("---\nsource: x\n---\nmove: g8\nscore: {score}\n"),
        );
        baseline.add_params("othello", &format!("eval:\n  mobility: {weight}\n"));
        baseline.set_bench("othello: 100\ntotal: 100\n".to_owned());
        baseline.set_data("othello weights.bin 10 bytes fnv1a64 00000000000000aa\n".to_owned());
        baseline
    }

    fn scratch(test: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("arbiter-baseline-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn same_content_no_diff_and_changes_are_named() {
        assert!(diff(&sample("18", "40"), &sample("18", "40")).is_empty());
        let changed = diff(&sample("18", "40"), &sample("16", "41"));
        assert_eq!(changed.changed.len(), 1);
        assert_eq!(changed.changed[0].0, "othello/ffo__a");
        assert_eq!(changed.params[0].1, ["-  mobility: 40", "+  mobility: 41"]);
        assert!(render("b", &changed).contains("was: move g8, score 18"));
    }

    #[test]
    fn a_new_data_file_is_named_and_an_older_baseline_without_fingerprints_is_not_blamed() {
        let mut retrained = sample("18", "40");
        retrained.set_data("othello weights.bin 12 bytes fnv1a64 00000000000000bb\n".to_owned());
        let changed = diff(&sample("18", "40"), &retrained);
        assert_eq!(
            changed.data,
            [
                "-othello weights.bin 10 bytes fnv1a64 00000000000000aa",
                "+othello weights.bin 12 bytes fnv1a64 00000000000000bb"
            ]
        );
        assert!(render("b", &changed).contains("built-in data files changed:"));
        let mut older = sample("18", "40");
        older.files.remove(Path::new(DATA_FILE));
        assert!(diff(&older, &retrained).is_empty());
    }

    #[test]
    fn freezing_refuses_an_existing_name_and_keeps_the_previous() {
        let root = scratch("freeze");
        let first = sample("18", "40");
        let dir = write(&root, "b1", &first, false).unwrap();
        assert_eq!(Baseline::read(&dir).unwrap(), first);
        assert!(matches!(
            write(&root, "b1", &sample("16", "40"), false),
            Err(FreezeError::Exists(_))
        ));
        assert_eq!(
            Baseline::read(&dir).unwrap(),
            first,
            "refused freeze changed nothing"
        );
        write(&root, "b1", &sample("16", "40"), true).unwrap();
        let previous = root.join(DIR).join("b1.prev");
        assert_eq!(Baseline::read(&previous).unwrap(), first);
        assert_eq!(Baseline::read(&dir).unwrap(), sample("16", "40"));
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn names_must_be_plain() {
        let root = Path::new("/nowhere");
        for bad in ["", ".hidden", "a/b", "x.prev", "a b"] {
            assert!(
                matches!(dir_of(root, bad), Err(FreezeError::BadName(_))),
                "{bad}"
            );
        }
        assert!(dir_of(root, "v1.2-rc_3").is_ok());
    }
}
