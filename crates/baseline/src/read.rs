//! Reading a baseline back: every file checked against the manifest (or, for a baseline frozen
//! before manifests, by its form), corrupt files named, and what a killed freeze left aside.

use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use super::engine::{COPY_DIR, ENGINE_DIR};
use super::{BENCH_FILE, Baseline, DATA_FILE, MANIFEST, fnv1a64};
use arbiter_files::atomic;
use arbiter_runner::snapshot;

impl Baseline {
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
            if relative.starts_with(Path::new(ENGINE_DIR).join(COPY_DIR)) {
                baseline.blobs.insert(relative, bytes);
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
    pub(crate) fn manifest(&self) -> String {
        let mut entries: Vec<(&PathBuf, &[u8])> = self
            .files
            .iter()
            .map(|(path, text)| (path, text.as_bytes()))
            .chain(
                self.blobs
                    .iter()
                    .map(|(path, bytes)| (path, bytes.as_slice())),
            )
            .collect();
        entries.sort();
        let mut text = String::new();
        for (path, content) in entries {
            let _ = writeln!(
                text,
                "{} {:016x} {}",
                content.len(),
                fnv1a64(content),
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
            let content = self
                .files
                .get(&path)
                .map(String::as_bytes)
                .or_else(|| self.blobs.get(&path).map(Vec::as_slice));
            let Some(content) = content else {
                if !problems.iter().any(|(p, _)| *p == path) {
                    problems.push((path, "missing (the manifest lists it)".to_owned()));
                }
                continue;
            };
            let actual_hash = format!("{:016x}", fnv1a64(content));
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
        for path in self
            .files
            .keys()
            .chain(self.blobs.keys())
            .filter(|path| !listed.contains(*path))
        {
            problems.push((
                path.clone(),
                "not in the manifest (added after the freeze)".to_owned(),
            ));
        }
        // A baseline of the embedded engines has its bench signature; one of a team's engine
        // (`--engine`) has the engine's folder instead.
        let holds_engine = self.files.keys().any(|path| path.starts_with(ENGINE_DIR));
        if !holds_engine
            && !listed.contains(Path::new(BENCH_FILE))
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
    pub(crate) complete: Vec<PathBuf>,
    /// Copies aside without a manifest: killed while writing, safe to delete.
    pub(crate) incomplete: Vec<PathBuf>,
    /// `<name>.prev`, if it exists.
    pub(crate) previous: Option<PathBuf>,
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
pub(super) fn copies_aside(parent: &Path, name: &str) -> Vec<(PathBuf, u32)> {
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
