//! The stop file of a sharded SPRT: `match merge --stop-file FILE` writes it once the merged
//! test has decided, and each shard run with `--stop-file FILE` looks for it between games.
//! A shard that finds it starts no new pair but finishes the pairs it has begun, so that the
//! pentanomial counts, which need both games of a pair, stay right; the merge has counted the
//! decision's pairs already, and the games played past it are kept, not counted.
//!
//! The file lives in the folder the shards share (a cluster's shared file system, or a CI
//! cache): its existence is the signal, its JSON content (the decision, the pair it came at,
//! the LLR) is for the people reading it.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::store::{Care, write_atomic};

/// The stop file at a path.
#[derive(Clone, Debug)]
pub struct StopFile {
    path: PathBuf,
}

impl StopFile {
    /// The stop file at `path` (nothing is read or written yet).
    #[must_use]
    pub fn at(path: &Path) -> StopFile {
        StopFile {
            path: path.to_owned(),
        }
    }

    /// Where it is.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the merged test has decided (the file exists).
    #[must_use]
    pub fn is_set(&self) -> bool {
        self.path.exists()
    }

    /// Writes the file from a merged result whose SPRT decided: the decision, the pair it came
    /// at and the LLR. Written aside and renamed, so a shard never reads half a file.
    ///
    /// # Errors
    /// The file system's error, with the path.
    pub fn write(&self, merged_result: &Value) -> Result<(), String> {
        let sprt = &merged_result["statistics"]["sprt"];
        let content = json!({
            "stop": "the merged SPRT has decided; shards finish the pairs they began and stop",
            "decision": sprt["decision"],
            "decided_at_pair": sprt["decided_at_pair"],
            "llr": sprt["llr"],
            "merged_from": merged_result["merged_from"],
        });
        if let Some(dir) = self.path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|error| format!("{}: {error}", dir.display()))?;
        }
        let mut bytes = serde_json::to_vec_pretty(&content).unwrap_or_default();
        bytes.push(b'\n');
        write_atomic(&self.path, &bytes, Care::Durable)
            .map_err(|error| format!("{}: {error}", self.path.display()))
    }
}
