//! Freezing a baseline: the name checked, the files written aside (manifest last) and renamed
//! into place, the old baseline kept as `.prev`, stale copies of killed freezes removed.

use std::io;
use std::path::{Path, PathBuf};

use super::read::copies_aside;
use super::{Baseline, MANIFEST};
use arbiter_files::atomic;

/// Why a freeze did not happen.
#[derive(Debug)]
pub enum FreezeError {
    /// The name is taken and `force` was not given.
    Exists(PathBuf),
    /// The name is not a plain directory name.
    BadName(String),
    /// A file of the baseline would land outside its folder (a path with `..`, a root or a
    /// prefix): nothing is written.
    Outside(PathBuf),
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
            FreezeError::Outside(path) => write!(
                f,
                "refused to write `{}`: it is not a plain path inside the baseline's folder \
                 (nothing was written)",
                path.display()
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

/// The directory of baseline `name` in the baselines folder `folder` ([`crate::folder`]), to
/// freeze into (`NAME.prev` is kept by the freeze itself, so it cannot be frozen into).
///
/// # Errors
/// [`FreezeError::BadName`] for a name that is not a plain directory name.
pub fn dir_of(folder: &Path, name: &str) -> Result<PathBuf, FreezeError> {
    if name.ends_with(".prev") {
        return Err(FreezeError::BadName(name.to_owned()));
    }
    dir_to_read(folder, name)
}

/// The directory of baseline `name` in `folder`, to read or diff: `NAME.prev` (the baseline
/// a `--force` freeze replaced) is allowed.
///
/// # Errors
/// [`FreezeError::BadName`] for a name that is not a plain directory name.
pub fn dir_to_read(folder: &Path, name: &str) -> Result<PathBuf, FreezeError> {
    let plain = !name.is_empty()
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if !plain {
        return Err(FreezeError::BadName(name.to_owned()));
    }
    Ok(folder.join(name))
}

/// Checks that baseline `name` may be written (before any expensive work).
///
/// # Errors
/// [`FreezeError::Exists`] without `force`; [`FreezeError::BadName`].
pub fn check_free(folder: &Path, name: &str, force: bool) -> Result<PathBuf, FreezeError> {
    let dir = dir_of(folder, name)?;
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
    folder: &Path,
    name: &str,
    baseline: &Baseline,
    force: bool,
) -> Result<PathBuf, FreezeError> {
    let dir = check_free(folder, name, force)?;
    if let Some(outside) = baseline
        .files
        .keys()
        .chain(baseline.blobs.keys())
        .find(|path| !plain_relative(path))
    {
        return Err(FreezeError::Outside(outside.clone()));
    }
    std::fs::create_dir_all(folder)?;
    remove_stale_copies(folder, name)?;
    let aside = atomic::temporary_path(&dir);
    if aside.exists() {
        std::fs::remove_dir_all(&aside)?;
    }
    for (relative, text) in &baseline.files {
        atomic::write(&aside.join(relative), text.as_bytes())?;
    }
    for (relative, bytes) in &baseline.blobs {
        let path = aside.join(relative);
        atomic::write(&path, bytes)?;
        if baseline.executables.contains(relative) {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))?;
        }
    }
    // Last: a copy aside with its manifest is complete.
    atomic::write(&aside.join(MANIFEST), baseline.manifest().as_bytes())?;
    if dir.exists() {
        let previous = folder.join(format!("{name}.prev"));
        if previous.exists() {
            std::fs::remove_dir_all(&previous)?;
        }
        std::fs::rename(&dir, &previous)?;
    }
    std::fs::rename(&aside, &dir)?;
    Ok(dir)
}

/// Whether `path` is made of plain names only (no `..`, `.`, root or prefix), so that joined to
/// a folder it stays inside it.
fn plain_relative(path: &Path) -> bool {
    path.components().count() > 0
        && path
            .components()
            .all(|part| matches!(part, std::path::Component::Normal(_)))
}

/// Removes the copies aside of baseline `name` that no running process owns (left by killed
/// freezes); returns them.
///
/// # Errors
/// A copy that cannot be removed.
pub fn remove_stale_copies(folder: &Path, name: &str) -> io::Result<Vec<PathBuf>> {
    let mut removed = Vec::new();
    for (path, pid) in copies_aside(folder, name) {
        if pid != std::process::id() && !atomic::process_alive(pid) {
            std::fs::remove_dir_all(&path)?;
            removed.push(path);
        }
    }
    Ok(removed)
}
