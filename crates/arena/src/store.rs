//! A match directory on disk. Every file is written aside and renamed into place, so a kill at
//! any moment leaves each file either old or new, never half-written; `match.json` and
//! `result.json` are also flushed to disk (fsync) before the rename and keep their previous
//! version as `*.prev`. The per-game files and `state.json` are not flushed: a rename is atomic
//! against a killed process without it, an fsync costs a few milliseconds of wall time per file
//! (more than a whole game at small budgets), `state.json` is recomputed on resume, and a resume
//! rewrites a game's side files from its JSON record when they are missing.
//!
//! ```text
//! DIR/match.json          the match as configured (engines, parameters, openings, limits)
//! DIR/state.json          progress after the last finished game (counts, Elo, LLR)
//! DIR/result.json         the result (written at the end, and by `match merge`)
//! DIR/games/00012.json    each finished game: moves, times, engine info, result, fault
//! DIR/games/00012.ggf     … and in its game's format (.sgf, .ggf, .pdn, .pgn or .txt)
//! DIR/found/*.yaml        a spec case for each fault
//! DIR/logs/               external engines' stderr
//! ```
//!
//! A game's JSON record is written last: it is the commit point. `--resume` reads the finished
//! games back from `games/*.json` and plays the rest; a game that was being played when the
//! run stopped has no record and is played again.

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::record::{GameRecord, Role};

/// The directory of one match.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

/// The config file's name.
pub(crate) const CONFIG: &str = "match.json";
/// The progress file's name.
pub(crate) const STATE: &str = "state.json";
/// The result file's name.
pub(crate) const RESULT: &str = "result.json";

/// How carefully a file is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Care {
    /// Renamed into place: never half-written.
    Atomic,
    /// Also flushed to disk before the rename, and the old file kept as `<path>.prev`.
    Durable,
}

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, renamed over
/// `path`. [`Care::Durable`] flushes it to disk first and keeps the old file as `<path>.prev`
/// (hard-linked before the rename, so that `path` itself never goes missing).
///
/// # Errors
/// The file system's error.
pub fn write_atomic(path: &Path, bytes: &[u8], care: Care) -> io::Result<()> {
    let durable = care == Care::Durable;
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
    let temporary = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    {
        let mut file = File::create(&temporary)?;
        file.write_all(bytes)?;
        if durable {
            file.sync_all()?;
        }
    }
    if durable && path.exists() {
        let previous = dir.join(format!("{name}.prev"));
        let staged = dir.join(format!(".{name}.prev.tmp-{}", std::process::id()));
        let _ = fs::remove_file(&staged);
        fs::hard_link(path, &staged)?;
        fs::rename(&staged, &previous)?;
    }
    fs::rename(&temporary, path)?;
    // The rename is durable once the directory is.
    if durable && let Ok(directory) = File::open(dir) {
        let _ = directory.sync_all();
    }
    Ok(())
}

/// JSON of `value`, pretty, with a final newline.
fn json_bytes<T: Serialize>(value: &T) -> Vec<u8> {
    let mut bytes = serde_json::to_vec_pretty(value).unwrap_or_default();
    bytes.push(b'\n');
    bytes
}

impl Store {
    /// The store at `dir` (nothing is read or written yet).
    #[must_use]
    pub(crate) fn at(dir: &Path) -> Store {
        Store {
            dir: dir.to_owned(),
        }
    }

    /// The directory.
    #[must_use]
    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where a game's JSON record goes.
    #[must_use]
    pub(crate) fn game_path(&self, index: usize) -> PathBuf {
        self.dir.join("games").join(format!("{index:05}.json"))
    }

    /// The stderr log directory of external engines.
    #[must_use]
    pub(crate) fn log_dir(&self) -> PathBuf {
        self.dir.join("logs")
    }

    /// The folder engine A's (`logs/a`) or B's (`logs/b`) processes log stderr into: apart,
    /// so that a team's engine playing its frozen self (one manifest name on both seats) does
    /// not write both seats into one `NAME.stderr.log`.
    pub(crate) fn log_dir_of(&self, role: Role) -> PathBuf {
        self.log_dir().join(match role {
            Role::A => "a",
            Role::B => "b",
        })
    }

    /// Creates the directories and writes the config; refuses a directory that already holds
    /// a match.
    ///
    /// # Errors
    /// `DIR` holds a match already (resume it, or choose another `--out`), or the file
    /// system's error.
    pub(crate) fn create<T: Serialize>(&self, config: &T) -> Result<(), String> {
        if self.dir.join(CONFIG).exists() {
            return Err(format!(
                "{} already holds a match; continue it with --resume {0} or choose another --out",
                self.dir.display()
            ));
        }
        for sub in ["games", "found", "logs"] {
            fs::create_dir_all(self.dir.join(sub))
                .map_err(|error| format!("{}: {error}", self.dir.join(sub).display()))?;
        }
        self.write(CONFIG, config, Care::Durable)
    }

    /// Reads the config of an existing match.
    ///
    /// # Errors
    /// No match there, or a config that is not one.
    pub(crate) fn config<T: DeserializeOwned>(&self) -> Result<T, String> {
        let path = self.dir.join(CONFIG);
        let text = fs::read_to_string(&path).map_err(|error| {
            format!(
                "{}: cannot read ({error}); is it a match directory?",
                path.display()
            )
        })?;
        serde_json::from_str(&text).map_err(|error| format!("{}: {error}", path.display()))
    }

    /// Writes a top-level JSON file atomically.
    ///
    /// # Errors
    /// The file system's error, with the path.
    pub fn write<T: Serialize>(&self, name: &str, value: &T, care: Care) -> Result<(), String> {
        let path = self.dir.join(name);
        write_atomic(&path, &json_bytes(value), care)
            .map_err(|error| format!("{}: {error}", path.display()))
    }

    /// Where a game's record in its game's format goes.
    #[must_use]
    pub(crate) fn formatted_path(&self, index: usize, extension: &str) -> PathBuf {
        self.dir
            .join("games")
            .join(format!("{index:05}.{extension}"))
    }

    /// Where a found case goes.
    #[must_use]
    pub(crate) fn found_path(&self, name: &str) -> PathBuf {
        self.dir.join("found").join(name)
    }

    /// Saves a game's side files: its record in its game's format and its found case.
    ///
    /// # Errors
    /// The file system's error, with the path.
    pub(crate) fn save_side_files(
        &self,
        index: usize,
        rendered: (&str, &str),
        found: Option<(&str, &str)>,
    ) -> Result<(), String> {
        let fail = |path: &Path, error: io::Error| format!("{}: {error}", path.display());
        let (extension, text) = rendered;
        let formatted = self.formatted_path(index, extension);
        write_atomic(&formatted, text.as_bytes(), Care::Atomic).map_err(|e| fail(&formatted, e))?;
        if let Some((name, text)) = found {
            let path = self.found_path(name);
            write_atomic(&path, text.as_bytes(), Care::Atomic).map_err(|e| fail(&path, e))?;
        }
        Ok(())
    }

    /// Saves a finished game: its side files, then its JSON record (the commit point).
    ///
    /// # Errors
    /// The file system's error, with the path.
    pub(crate) fn save_game(
        &self,
        record: &GameRecord,
        rendered: (&str, &str),
        found: Option<(&str, &str)>,
    ) -> Result<(), String> {
        self.save_side_files(record.index, rendered, found)?;
        let path = self.game_path(record.index);
        write_atomic(&path, &json_bytes(record), Care::Atomic)
            .map_err(|error| format!("{}: {error}", path.display()))
    }

    /// The files in `games/`, sorted (none when the folder does not exist yet).
    fn game_files(&self) -> Result<Vec<PathBuf>, String> {
        let dir = self.dir.join("games");
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(error) => return Err(format!("{}: {error}", dir.display())),
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .collect();
        paths.sort();
        Ok(paths)
    }

    /// Removes the temporary files a killed run left in `games/`. Only the run that owns
    /// the folder may: a merge reading a shard that is still playing must not take the file
    /// the shard is about to rename into place.
    ///
    /// # Errors
    /// The folder cannot be listed.
    pub(crate) fn remove_leftovers(&self) -> Result<(), String> {
        for path in self.game_files()? {
            if is_temporary(&path) {
                let _ = fs::remove_file(&path);
            }
        }
        Ok(())
    }

    /// The finished games on disk, by index. Only records renamed into place are read, so
    /// this may run while the match is still being played (a merge of running shards).
    ///
    /// # Errors
    /// A record that cannot be read or parsed (named by its file).
    pub fn games(&self) -> Result<BTreeMap<usize, GameRecord>, String> {
        let mut games = BTreeMap::new();
        for path in self.game_files()? {
            if is_temporary(&path) || path.extension().is_none_or(|ext| ext != "json") {
                continue;
            }
            let text = fs::read_to_string(&path)
                .map_err(|error| format!("{}: {error}", path.display()))?;
            let record: GameRecord = serde_json::from_str(&text)
                .map_err(|error| format!("{}: not a game record: {error}", path.display()))?;
            games.insert(record.index, record);
        }
        Ok(games)
    }
}

/// Whether `path` is a file being written ([`write_atomic`]'s `.NAME.tmp-PID`).
fn is_temporary(path: &Path) -> bool {
    path.file_name()
        .map(|name| name.to_string_lossy())
        .is_some_and(|name| name.starts_with('.') && name.contains(".tmp-"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_writes_keep_the_previous_file() {
        let dir = std::env::temp_dir().join(format!("arbiter-store-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("state.json");
        write_atomic(&path, b"one", Care::Durable).unwrap();
        write_atomic(&path, b"two", Care::Durable).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(
            fs::read_to_string(dir.join("state.json.prev")).unwrap(),
            "one"
        );
        let leftovers: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .filter_map(Result::ok)
            .filter(|entry| entry.file_name().to_string_lossy().contains(".tmp-"))
            .collect();
        assert!(leftovers.is_empty());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_second_match_in_one_directory_is_refused() {
        let dir = std::env::temp_dir().join(format!("arbiter-store2-{}", std::process::id()));
        let store = Store::at(&dir);
        store.create(&"config").unwrap();
        let error = store.create(&"config").unwrap_err();
        assert!(error.contains("--resume"), "{error}");
        assert_eq!(store.config::<String>().unwrap(), "config");
        assert!(store.games().unwrap().is_empty());
        fs::remove_dir_all(&dir).unwrap();
    }
}
