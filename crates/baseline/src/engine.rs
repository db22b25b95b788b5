//! A team's engine frozen in a baseline: its program and the files its manifest lists,
//! copied with their SHA-256, a manifest that starts the copy, and what it answered to every
//! suite case.
//!
//! Layout, under the baseline's folder:
//! ```text
//! engine/<name>.yaml      the manifest of the frozen copy: the original's, with `command`
//!                         pointing into copy/ and `working-dir: copy`
//! engine/copy/<path>      the program (when it is the engine's own: a file under its working
//!                         directory, not a name found on PATH nor a link; see
//!                         [`ProgramPlace`]) and every
//!                         `files:` entry, at the paths they have under the original working
//!                         directory
//! engine/files.txt        `<sha256> <size> <role> <path>` for each of them; a program that
//!                         is not the engine's own (an interpreter: `python3`, a virtualenv's
//!                         `venv/bin/python`) is hashed where it is, not copied
//! engine/answers.txt      one line per suite case: `<suite>::<id>: <verdict>: <answer>`
//! ```
//! `cargo xtask match NAME NAME@BASELINE` starts `engine/<name>.yaml`, so the frozen copy
//! plays from its own folder whatever happens to the original since.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::Baseline;
use arbiter_external::{Manifest, ProgramPlace};

/// The folder of a frozen engine inside a baseline.
pub const ENGINE_DIR: &str = "engine";
/// Where the copies live inside [`ENGINE_DIR`]: the frozen manifest's working directory.
pub(crate) const COPY_DIR: &str = "copy";
/// The hashes of the program and the listed files.
pub(crate) const FILES: &str = "files.txt";
/// The engine's answers to the suites.
pub const ANSWERS: &str = "answers.txt";

/// The program and files of an engine, read from where its manifest says they are.
#[derive(Clone, Debug)]
pub(crate) struct EngineFiles {
    /// Relative path under the working directory → content, for what is copied.
    pub(crate) copied: BTreeMap<PathBuf, Vec<u8>>,
    /// The program's path under the working directory, when it is copied.
    pub(crate) program: Option<PathBuf>,
    /// `files.txt`: the fingerprint of every file, copied or not.
    pub(crate) fingerprints: String,
}

/// Reads the program and the `files:` of `manifest`.
///
/// # Errors
/// A file that cannot be read, naming it.
pub(crate) fn read_engine_files(manifest: &Manifest) -> Result<EngineFiles, String> {
    let read = |path: &Path| {
        std::fs::read(path).map_err(|error| format!("{}: cannot read: {error}", path.display()))
    };
    let mut copied = BTreeMap::new();
    let mut fingerprints = String::new();
    let program_bytes = read(&manifest.program)?;
    let program = match &manifest.program_place {
        ProgramPlace::Own(relative) => Some(relative.clone()),
        _ => None,
    };
    match &program {
        Some(relative) => {
            line(&mut fingerprints, &program_bytes, "program", relative);
            copied.insert(relative.clone(), program_bytes);
        }
        None => line(
            &mut fingerprints,
            &program_bytes,
            "program-not-copied",
            &manifest.program,
        ),
    }
    for relative in &manifest.files {
        let bytes = read(&manifest.working_dir.join(relative))?;
        line(&mut fingerprints, &bytes, "file", relative);
        copied.insert(relative.clone(), bytes);
    }
    Ok(EngineFiles {
        copied,
        program,
        fingerprints,
    })
}

fn line(out: &mut String, bytes: &[u8], role: &str, path: &Path) {
    let _ = writeln!(
        out,
        "{:x} {} {role} {}",
        Sha256::digest(bytes),
        bytes.len(),
        path.display()
    );
}

/// Adds a frozen copy of the engine of `manifest` (its original YAML text is
/// `manifest_text`) with its `answers` to `baseline`.
///
/// # Errors
/// A file that cannot be read, a manifest that cannot be rewritten.
pub fn add_engine(
    baseline: &mut Baseline,
    manifest: &Manifest,
    manifest_text: &str,
    answers: String,
) -> Result<(), String> {
    let files = read_engine_files(manifest)?;
    let dir = Path::new(ENGINE_DIR);
    let frozen = frozen_manifest(
        manifest,
        manifest_text,
        files.program.as_deref(),
        !files.copied.is_empty(),
    )?;
    baseline
        .files
        .insert(dir.join(format!("{}.yaml", manifest.name)), frozen);
    baseline.files.insert(dir.join(FILES), files.fingerprints);
    baseline.files.insert(dir.join(ANSWERS), answers);
    for (relative, bytes) in files.copied {
        let path = dir.join(COPY_DIR).join(&relative);
        if files.program.as_deref() == Some(relative.as_path()) {
            baseline.executables.insert(path.clone());
        }
        baseline.blobs.insert(path, bytes);
    }
    Ok(())
}

/// The original manifest with `command[0]` pointing at the copied program and `working-dir`
/// at the copy (the original working directory when nothing was copied); every other setting
/// as the team wrote it.
fn frozen_manifest(
    manifest: &Manifest,
    text: &str,
    program: Option<&Path>,
    copied: bool,
) -> Result<String, String> {
    let mut value: serde_json::Value = serde_saphyr::from_str(text)
        .map_err(|error| format!("manifest {}: {error}", manifest.name))?;
    let object = value
        .as_object_mut()
        .ok_or_else(|| format!("manifest {}: not a mapping", manifest.name))?;
    let command = match program {
        Some(relative) => format!("./{}", relative.display()),
        None => manifest.program.display().to_string(),
    };
    let mut argv = vec![serde_json::Value::String(command)];
    argv.extend(manifest.args.iter().cloned().map(serde_json::Value::String));
    object.insert("command".to_owned(), serde_json::Value::Array(argv));
    let working_dir = if copied {
        COPY_DIR.to_owned()
    } else {
        absolute(&manifest.working_dir).display().to_string()
    };
    object.insert(
        "working-dir".to_owned(),
        serde_json::Value::String(working_dir),
    );
    let yaml = serde_saphyr::to_string(&value)
        .map_err(|error| format!("manifest {}: {error}", manifest.name))?;
    Ok(format!(
        "# The frozen copy of `{}`, written by `cargo xtask baseline freeze --engine`.\n{yaml}",
        manifest.name
    ))
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_owned())
}

/// The frozen manifest of engine `name` in the baseline folder `dir`.
#[must_use]
pub fn frozen_manifest_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(ENGINE_DIR).join(format!("{name}.yaml"))
}

/// What changed between a frozen engine and the current one: each file whose hash, size or
/// presence differs, then each suite case whose answer differs. Empty when nothing did.
#[must_use]
pub(crate) fn engine_changes(frozen: &Baseline, current: &Baseline) -> Vec<String> {
    let file = |baseline: &Baseline, name: &str| {
        baseline
            .files
            .get(&Path::new(ENGINE_DIR).join(name))
            .cloned()
            .unwrap_or_default()
    };
    // The fingerprints by path, and the answers by case.
    let files = |baseline: &Baseline| -> BTreeMap<String, String> {
        file(baseline, FILES)
            .lines()
            .filter_map(|line| {
                let mut parts = line.splitn(4, ' ');
                let (hash, size, _role, path) =
                    (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
                Some((path.to_owned(), format!("{size} bytes, sha256 {hash}")))
            })
            .collect()
    };
    let answers = |baseline: &Baseline| -> BTreeMap<String, String> {
        file(baseline, ANSWERS)
            .lines()
            .filter_map(|line| line.split_once(": "))
            .map(|(case, answer)| (case.to_owned(), answer.to_owned()))
            .collect()
    };
    let (old, new) = (files(frozen), files(current));
    let mut changes: Vec<String> =
        entry_changes("file", &old, &new, "no longer listed", |was, now| {
            format!("changed ({was} -> {now})")
        })
        .collect();
    let (old, new) = (answers(frozen), answers(current));
    changes.extend(entry_changes(
        "answer",
        &old,
        &new,
        "not run now",
        |was, now| format!("{was} -> {now}"),
    ));
    changes
}

/// The entries of `old` (key → value) that are gone or changed in `new`, in key order, then
/// those new in `new`, each as `{label} {key}: …`: `{gone} (was …)`, `changed(was, now)` or
/// `new (…)`.
fn entry_changes<'a>(
    label: &'a str,
    old: &'a BTreeMap<String, String>,
    new: &'a BTreeMap<String, String>,
    gone: &'a str,
    changed: impl Fn(&str, &str) -> String + 'a,
) -> impl Iterator<Item = String> + 'a {
    let gone_or_changed = old.iter().filter_map(move |(key, was)| match new.get(key) {
        None => Some(format!("{label} {key}: {gone} (was {was})")),
        Some(now) if now != was => Some(format!("{label} {key}: {}", changed(was, now))),
        Some(_) => None,
    });
    let added = new
        .iter()
        .filter(|(key, _)| !old.contains_key(*key))
        .map(move |(key, now)| format!("{label} {key}: new ({now})"));
    gone_or_changed.chain(added)
}
