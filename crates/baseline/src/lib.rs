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
//!   engine/                                 a team's engine frozen with `--engine` (see
//!                                           [`engine`]): its manifest, program, files,
//!                                           their SHA-256 and its answers to the suites
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

mod diff;
pub mod engine;
#[cfg(any(test, feature = "fixtures"))]
pub mod fixtures;
mod read;
#[cfg(test)]
mod tests;
mod write;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

pub use diff::{Diff, diff, render};
pub use read::{Interrupted, ReadError};
pub use write::{FreezeError, check_free, dir_of, dir_to_read, remove_stale_copies, write};

/// The directory of baselines under the workspace root, unless a folder is given.
pub const DIR: &str = "snapshots/baselines";

/// The folder baselines live in: `chosen` (a team keeps its baselines in its own repository,
/// `--baselines DIR`), else [`DIR`] under the workspace `root`.
#[must_use]
pub fn folder(root: &Path, chosen: Option<&Path>) -> PathBuf {
    chosen.map_or_else(|| root.join(DIR), Path::to_path_buf)
}
/// The fingerprints of built-in data files, in a baseline.
pub(crate) const DATA_FILE: &str = "data.txt";
/// The bench signature, in a baseline.
pub(crate) const BENCH_FILE: &str = "bench.txt";
/// Size and hash of every other file of a baseline, written last.
pub(crate) const MANIFEST: &str = "manifest.txt";

/// What a baseline holds, in memory: file path (relative to the baseline) → content.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Baseline {
    /// Text files: snapshots, parameters, fingerprints, a frozen engine's manifest and answers.
    pub files: BTreeMap<PathBuf, String>,
    /// Files kept byte for byte, under `engine/copy/`: a frozen engine's program and files.
    pub blobs: BTreeMap<PathBuf, Vec<u8>>,
    /// The blobs written executable (a frozen engine's program).
    pub(crate) executables: BTreeSet<PathBuf>,
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
        self.files.insert(PathBuf::from(BENCH_FILE), text);
    }
}

/// FNV-1a, 64 bits: the hash the manifest and the data file fingerprints use.
pub(crate) fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}
