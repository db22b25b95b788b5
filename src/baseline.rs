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
//!   manifest.txt                            size and FNV-1a hash of every file above,
//!                                           written last: a file that does not match it
//!                                           is corrupt, and a copy without it incomplete
//! ```
//! Nothing in it depends on time or machine, so two freezes of the same code are
//! byte-identical. A freeze is written aside (`.<name>.tmp-<pid>`, manifest last) and renamed
//! into place; an existing baseline is replaced only when asked, and then kept as
//! `<name>.prev`. A freeze killed between its two renames leaves no `<name>` but a complete
//! copy aside: [`Baseline::read`] says so and how to restore it; the next freeze of the name removes
//! copies aside that no running process owns.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use crate::{atomic, snapshot};

/// The directory of baselines under the workspace root.
pub const DIR: &str = "snapshots/baselines";
/// The fingerprints of built-in data files, in a baseline.
const DATA_FILE: &str = "data.txt";
/// The bench signature, in a baseline.
const BENCH_FILE: &str = "bench.txt";
/// Size and hash of every other file of a baseline, written last.
pub const MANIFEST: &str = "manifest.txt";

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

    /// Reads a baseline directory and checks every file: against the manifest when the
    /// baseline has one, else by its form (a snapshot's fields, the bench signature's total).
    ///
    /// # Errors
    /// [`ReadError::Missing`] (with what an interrupted freeze left, if anything),
    /// [`ReadError::Corrupt`] naming each bad file, [`ReadError::Io`].
    pub fn read(dir: &Path) -> Result<Baseline, ReadError> {
        if !dir.is_dir() {
            return Err(ReadError::Missing {
                dir: dir.to_owned(),
                left: interrupted_freeze(dir),
            });
        }
        let mut baseline = Baseline::default();
        let mut problems = Vec::new();
        let mut manifest = None;
        for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
            let entry = entry.map_err(|error| ReadError::Io(io::Error::other(error)))?;
            if !entry.file_type().is_file() {
                continue;
            }
            let relative = entry
                .path()
                .strip_prefix(dir)
                .map_err(io::Error::other)?
                .to_owned();
            let bytes = std::fs::read(entry.path())?;
            if relative == Path::new(MANIFEST) {
                manifest = Some(bytes);
                continue;
            }
            match String::from_utf8(bytes) {
                Ok(text) => {
                    baseline.files.insert(relative, text);
                }
                Err(error) => {
                    let at = error.utf8_error().valid_up_to();
                    problems.push((relative, format!("not UTF-8 text (byte {at})")));
                }
            }
        }
        match manifest {
            Some(bytes) => problems.extend(baseline.against_manifest(&bytes)),
            None => problems.extend(baseline.form_problems()),
        }
        if problems.is_empty() {
            Ok(baseline)
        } else {
            problems.sort();
            Err(ReadError::Corrupt {
                dir: dir.to_owned(),
                problems,
            })
        }
    }

    /// The manifest of this baseline's files: one line per file, `<size> <fnv1a64> <path>`.
    #[must_use]
    pub fn manifest(&self) -> String {
        let mut text = String::new();
        for (path, content) in &self.files {
            let _ = writeln!(
                text,
                "{} {:016x} {}",
                content.len(),
                fnv1a64(content.as_bytes()),
                path.display()
            );
        }
        text
    }

    /// Files that do not match the manifest, or that it lists and are missing.
    fn against_manifest(&self, bytes: &[u8]) -> Vec<(PathBuf, String)> {
        let Ok(text) = std::str::from_utf8(bytes) else {
            return vec![(PathBuf::from(MANIFEST), "not UTF-8 text".to_owned())];
        };
        let mut problems = Vec::new();
        let mut listed = std::collections::BTreeSet::new();
        for (index, line) in text.lines().enumerate() {
            let mut parts = line.splitn(3, ' ');
            let (Some(size), Some(hash), Some(path)) = (parts.next(), parts.next(), parts.next())
            else {
                problems.push((
                    PathBuf::from(MANIFEST),
                    format!("line {}: expected `<size> <hash> <path>`", index + 1),
                ));
                continue;
            };
            let path = PathBuf::from(path);
            listed.insert(path.clone());
            let Some(content) = self.files.get(&path) else {
                if !problems.iter().any(|(p, _)| *p == path) {
                    problems.push((path, "missing (the manifest lists it)".to_owned()));
                }
                continue;
            };
            let actual_hash = format!("{:016x}", fnv1a64(content.as_bytes()));
            if size != content.len().to_string() {
                let what = if content.len() < size.parse().unwrap_or(usize::MAX) {
                    "truncated"
                } else {
                    "changed"
                };
                problems.push((
                    path,
                    format!("{what}: {} bytes, the manifest says {size}", content.len()),
                ));
            } else if hash != actual_hash {
                problems.push((
                    path,
                    "changed since the freeze (its hash differs)".to_owned(),
                ));
            }
        }
        for path in self.files.keys().filter(|path| !listed.contains(*path)) {
            problems.push((
                path.clone(),
                "not in the manifest (added after the freeze)".to_owned(),
            ));
        }
        if !listed.contains(Path::new(BENCH_FILE))
            && !self.files.contains_key(Path::new(BENCH_FILE))
        {
            problems.push((PathBuf::from(BENCH_FILE), "missing".to_owned()));
        }
        problems
    }

    /// For a baseline without a manifest (frozen before manifests existed): the problems its
    /// files show by their form.
    fn form_problems(&self) -> Vec<(PathBuf, String)> {
        let mut problems = Vec::new();
        for (path, text) in &self.files {
            if path.starts_with("snapshots") {
                if let Some(problem) = snapshot::problem(text) {
                    problems.push((path.clone(), problem));
                }
            } else if path == Path::new(BENCH_FILE) {
                if !text
                    .lines()
                    .last()
                    .is_some_and(|line| line.starts_with("total: "))
                {
                    problems.push((path.clone(), "truncated: no `total:` line".to_owned()));
                }
            } else if path == Path::new(DATA_FILE) {
                if !text.is_empty() && !text.ends_with('\n') {
                    problems.push((path.clone(), "truncated: no final newline".to_owned()));
                }
            } else if path.starts_with("params") && text.trim().is_empty() {
                problems.push((path.clone(), "empty".to_owned()));
            }
        }
        if !self.files.contains_key(Path::new(BENCH_FILE)) {
            problems.push((PathBuf::from(BENCH_FILE), "missing".to_owned()));
        }
        problems
    }
}

/// FNV-1a, 64 bits: the hash the manifest and the data file fingerprints use.
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Why a baseline cannot be read.
#[derive(Debug)]
pub enum ReadError {
    /// No such baseline; `left` says what an interrupted freeze of it left, if anything.
    Missing {
        dir: PathBuf,
        left: Option<Interrupted>,
    },
    /// Files that are truncated, missing, not UTF-8 or changed, each with what is wrong.
    Corrupt {
        dir: PathBuf,
        problems: Vec<(PathBuf, String)>,
    },
    Io(io::Error),
}

impl From<io::Error> for ReadError {
    fn from(error: io::Error) -> Self {
        ReadError::Io(error)
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Missing { dir, left: None } => write!(f, "no baseline {}", dir.display()),
            ReadError::Missing {
                dir,
                left: Some(left),
            } => write!(f, "no baseline {}: {left}", dir.display()),
            ReadError::Corrupt { dir, problems } => {
                write!(
                    f,
                    "baseline {} is corrupt ({} file(s)); freeze it again, or restore it from \
                     version control:",
                    dir.display(),
                    problems.len()
                )?;
                for (path, problem) in problems {
                    write!(f, "\n  {}: {problem}", dir.join(path).display())?;
                }
                Ok(())
            }
            ReadError::Io(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// What a freeze killed between its two renames left of a baseline: the complete new copy
/// aside and the old baseline as `.prev`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interrupted {
    /// The complete copies aside (`.<name>.tmp-<pid>` with a manifest that holds).
    pub complete: Vec<PathBuf>,
    /// Copies aside without a manifest: killed while writing, safe to delete.
    pub incomplete: Vec<PathBuf>,
    /// `<name>.prev`, if it exists.
    pub previous: Option<PathBuf>,
}

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = |path: &PathBuf| path.display().to_string();
        match (self.complete.last(), &self.previous) {
            (Some(new), Some(old)) => write!(
                f,
                "a `freeze --force` was interrupted between its two renames: the new baseline \
                 is complete in {} and the old one is {}; restore the new one with `mv {} {}` \
                 (or the old one with `mv {} {}`)",
                name(new),
                name(old),
                name(new),
                self.target(old),
                name(old),
                self.target(old)
            ),
            (Some(new), None) => write!(
                f,
                "a freeze was interrupted before its rename: the new baseline is complete in \
                 {}; restore it with `mv {} <baseline>` or freeze again",
                name(new),
                name(new)
            ),
            (None, Some(old)) => write!(
                f,
                "only the previous baseline {} is left (a freeze was interrupted); restore it \
                 with `mv {} {}`",
                name(old),
                name(old),
                self.target(old)
            ),
            (None, None) => write!(
                f,
                "an interrupted freeze left only incomplete copies ({}); delete them and freeze \
                 again",
                self.incomplete
                    .iter()
                    .map(name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

impl Interrupted {
    /// The baseline's own path, from its `.prev`.
    fn target(&self, previous: &Path) -> String {
        let text = previous.display().to_string();
        text.strip_suffix(".prev").unwrap_or(&text).to_owned()
    }
}

/// What an interrupted freeze of the baseline at `dir` left beside it, if anything.
fn interrupted_freeze(dir: &Path) -> Option<Interrupted> {
    let parent = dir.parent()?;
    let name = dir.file_name()?.to_str()?;
    let mut left = Interrupted {
        complete: Vec::new(),
        incomplete: Vec::new(),
        previous: None,
    };
    for (path, _) in copies_aside(parent, name) {
        if Baseline::read(&path).is_ok() && path.join(MANIFEST).is_file() {
            left.complete.push(path);
        } else {
            left.incomplete.push(path);
        }
    }
    let previous = parent.join(format!("{name}.prev"));
    if previous.is_dir() {
        left.previous = Some(previous);
    }
    (left.previous.is_some() || !left.complete.is_empty() || !left.incomplete.is_empty())
        .then_some(left)
}

/// The `.<name>.tmp-<pid>` folders in `parent`, sorted, with their process ids.
fn copies_aside(parent: &Path, name: &str) -> Vec<(PathBuf, u32)> {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return Vec::new();
    };
    let mut found: Vec<(PathBuf, u32)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let file_name = entry.file_name();
            let pid = atomic::temporary_owner(file_name.to_str()?, name)?;
            Some((entry.path(), pid))
        })
        .collect();
    found.sort();
    found
}

/// Removes the copies aside of baseline `name` that no running process owns (left by killed
/// freezes); returns them.
///
/// # Errors
/// A copy that cannot be removed.
pub fn remove_stale_copies(root: &Path, name: &str) -> io::Result<Vec<PathBuf>> {
    let mut removed = Vec::new();
    for (path, pid) in copies_aside(&root.join(DIR), name) {
        if pid != std::process::id() && !atomic::process_alive(pid) {
            std::fs::remove_dir_all(&path)?;
            removed.push(path);
        }
    }
    Ok(removed)
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

/// The directory of baseline `name` under `root`, to freeze into (`NAME.prev` is kept by the
/// freeze itself, so it cannot be frozen into).
///
/// # Errors
/// [`FreezeError::BadName`] for a name that is not a plain directory name.
pub fn dir_of(root: &Path, name: &str) -> Result<PathBuf, FreezeError> {
    if name.ends_with(".prev") {
        return Err(FreezeError::BadName(name.to_owned()));
    }
    dir_to_read(root, name)
}

/// The directory of baseline `name` under `root`, to read or diff: `NAME.prev` (the baseline
/// a `--force` freeze replaced) is allowed.
///
/// # Errors
/// [`FreezeError::BadName`] for a name that is not a plain directory name.
pub fn dir_to_read(root: &Path, name: &str) -> Result<PathBuf, FreezeError> {
    let plain = !name.is_empty()
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if !plain {
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
    remove_stale_copies(root, name)?;
    let aside = atomic::temporary_path(&dir);
    if aside.exists() {
        std::fs::remove_dir_all(&aside)?;
    }
    for (relative, text) in &baseline.files {
        atomic::write(&aside.join(relative), text.as_bytes())?;
    }
    // Last: a copy aside with its manifest is complete.
    atomic::write(&aside.join(MANIFEST), baseline.manifest().as_bytes())?;
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
    fn a_truncated_missing_or_binary_file_is_reported_as_corrupt_naming_it() {
        let root = scratch("corrupt");
        let dir = write(&root, "b1", &sample("18", "40"), false).unwrap();
        let snap = dir.join("snapshots/othello/ffo__a.snap");
        let whole = std::fs::read(&snap).unwrap();
        std::fs::write(&snap, &whole[..whole.len() / 2]).unwrap();
        let error = Baseline::read(&dir).unwrap_err().to_string();
        assert!(error.contains("is corrupt"), "{error}");
        assert!(error.contains("ffo__a.snap: truncated"), "{error}");
        std::fs::write(&snap, [0xff, 0xfe, b'\n']).unwrap();
        let error = Baseline::read(&dir).unwrap_err().to_string();
        assert!(error.contains("ffo__a.snap: not UTF-8"), "{error}");
        std::fs::remove_file(&snap).unwrap();
        let error = Baseline::read(&dir).unwrap_err().to_string();
        assert!(error.contains("ffo__a.snap: missing"), "{error}");
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn a_baseline_without_manifest_is_checked_by_the_form_of_its_files() {
        let root = scratch("form");
        let dir = root.join("old");
        let whole: String = snapshot::FIELDS
            .iter()
            .map(|key| format!("{key}: x\n"))
            .collect();
        let file = dir.join("snapshots/othello/ffo__a.snap");
        atomic::write(&file, snapshot::file_text(&whole).as_bytes()).unwrap();
        atomic::write(&dir.join("bench.txt"), b"othello: 1\ntotal: 1\n").unwrap();
        assert!(Baseline::read(&dir).is_ok());
        let cut = &whole[..whole.find("depth").unwrap()];
        atomic::write(&file, snapshot::file_text(cut).as_bytes()).unwrap();
        atomic::write(&dir.join("bench.txt"), b"othello: 1\n").unwrap();
        let error = Baseline::read(&dir).unwrap_err().to_string();
        assert!(
            error.contains("ffo__a.snap: truncated: no `depth`"),
            "{error}"
        );
        assert!(
            error.contains("bench.txt: truncated: no `total:` line"),
            "{error}"
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn a_freeze_killed_between_its_renames_is_reported_with_the_way_back() {
        let root = scratch("killed");
        let dir = write(&root, "b1", &sample("18", "40"), false).unwrap();
        // What `write --force` leaves when killed after its first rename: the old baseline as
        // `.prev`, the complete new one aside, under a process id that is not running.
        let parent = root.join(DIR);
        std::fs::rename(&dir, parent.join("b1.prev")).unwrap();
        let other = write(&root, "b2", &sample("16", "40"), false).unwrap();
        let aside = parent.join(".b1.tmp-4000000");
        std::fs::rename(&other, &aside).unwrap();
        let error = Baseline::read(&dir).unwrap_err();
        let text = error.to_string();
        assert!(
            matches!(error, ReadError::Missing { left: Some(_), .. }),
            "{text}"
        );
        assert!(
            text.contains("interrupted between its two renames"),
            "{text}"
        );
        assert!(
            text.contains(&format!("mv {} {}", aside.display(), dir.display())),
            "{text}"
        );
        // The replaced baseline can be diffed by its own name.
        let previous = dir_to_read(&root, "b1.prev").unwrap();
        assert_eq!(Baseline::read(&previous).unwrap(), sample("18", "40"));
        assert!(dir_of(&root, "b1.prev").is_err(), "but not frozen into");
        // The next freeze of the name removes the stale copy.
        write(&root, "b1", &sample("16", "40"), true).unwrap();
        assert!(!aside.exists());
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
