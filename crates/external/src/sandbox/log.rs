//! Engine logs: each engine's stderr (and the stdout lines a driver skipped, such as Gomocup
//! `MESSAGE`s) in one file per engine and run, capped, the files of earlier runs kept.
//!
//! * Where: `$ARBITER_LOG_DIR` if set, else `<temp>/arbiter-logs/` ([`default_dir`]); the file
//!   is `<engine>.stderr.log`. `docs/protocols.md` says the same.
//! * Per run: the first time an arbiter process opens a log, the file of the previous run moves
//!   to `<engine>.stderr.log.1` (and `.1` to `.2`, …, [`KEPT_RUNS`] kept); every later process
//!   of the same engine in this run appends to the fresh file after a header line.
//! * Capped: at most [`LOG_CAP_BYTES`] per file and run; past it one line says so and the rest
//!   is read and dropped, so that the engine never blocks on a full stderr pipe.

use std::collections::HashMap;
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The most bytes one log file takes in one run.
pub(crate) const LOG_CAP_BYTES: u64 = 8 << 20;

/// How many earlier runs' logs are kept beside the current one.
pub(crate) const KEPT_RUNS: usize = 3;

/// The log directory: `$ARBITER_LOG_DIR`, else `<temp>/arbiter-logs`.
#[must_use]
pub(crate) fn default_dir() -> PathBuf {
    std::env::var_os("ARBITER_LOG_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("arbiter-logs"))
}

/// One log file of this run, shared by every process that writes to it.
#[derive(Clone)]
pub(crate) struct Log {
    path: PathBuf,
    state: Arc<Mutex<State>>,
}

struct State {
    file: Option<File>,
    written: u64,
    capped: bool,
}

fn open_logs() -> &'static Mutex<HashMap<PathBuf, Log>> {
    static OPEN: OnceLock<Mutex<HashMap<PathBuf, Log>>> = OnceLock::new();
    OPEN.get_or_init(|| Mutex::new(HashMap::new()))
}

impl Log {
    /// The log at `path` for this run: rotated and created on first use in this process.
    ///
    /// # Errors
    /// The directory or the file cannot be created.
    pub(crate) fn open(path: &Path) -> std::io::Result<Log> {
        let mut open = open_logs()
            .lock()
            .map_err(|_| std::io::Error::other("log table poisoned"))?;
        if let Some(log) = open.get(path) {
            return Ok(log.clone());
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        rotate(path);
        let file = File::create(path)?;
        let log = Log {
            path: path.to_owned(),
            state: Arc::new(Mutex::new(State {
                file: Some(file),
                written: 0,
                capped: false,
            })),
        };
        open.insert(path.to_owned(), log.clone());
        Ok(log)
    }

    /// The file's path.
    #[must_use]
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Appends `bytes` within the cap; past it, one notice line, then nothing.
    pub(crate) fn write(&self, bytes: &[u8]) {
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        if state.capped {
            return;
        }
        let room = LOG_CAP_BYTES.saturating_sub(state.written);
        let take = usize::try_from(room).unwrap_or(usize::MAX).min(bytes.len());
        let mut failed = false;
        if let Some(file) = state.file.as_mut() {
            failed = file.write_all(&bytes[..take]).is_err();
        }
        state.written += take as u64;
        if take < bytes.len() {
            state.capped = true;
            let notice = format!(
                "\n[arbiter: log capped at {LOG_CAP_BYTES} bytes for this run; the rest is dropped]\n"
            );
            if let Some(file) = state.file.as_mut() {
                let _ = file.write_all(notice.as_bytes());
            }
        }
        if failed {
            state.file = None;
        }
    }

    /// Appends one line of text (a header, or a stdout line a driver skipped).
    pub(crate) fn line(&self, text: &str) {
        let mut bytes = text.as_bytes().to_vec();
        bytes.push(b'\n');
        self.write(&bytes);
    }

    /// Copies `stream` into the log until it ends (the stderr thread of one process).
    pub(crate) fn copy_from(&self, mut stream: impl Read) {
        let mut buffer = vec![0u8; 16 * 1024];
        loop {
            match stream.read(&mut buffer) {
                Ok(0) => return,
                Ok(n) => self.write(&buffer[..n]),
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => return,
            }
        }
    }
}

/// `log` → `log.1` → `log.2` …; the oldest beyond [`KEPT_RUNS`] is dropped.
fn rotate(path: &Path) {
    let numbered = |n: usize| {
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".{n}"));
        PathBuf::from(name)
    };
    if !path.exists() {
        return;
    }
    let _ = std::fs::remove_file(numbered(KEPT_RUNS));
    for n in (1..KEPT_RUNS).rev() {
        let _ = std::fs::rename(numbered(n), numbered(n + 1));
    }
    let _ = std::fs::rename(path, numbered(1));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotates_once_per_run_and_caps() {
        let dir = std::env::temp_dir().join(format!("arbiter-log-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("e.stderr.log");
        std::fs::write(&path, "last run\n").unwrap();
        let log = Log::open(&path).unwrap();
        log.line("this run");
        // A second open in the same run appends to the same file.
        Log::open(&path).unwrap().line("second process");
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, "this run\nsecond process\n");
        let old = std::fs::read_to_string(dir.join("e.stderr.log.1")).unwrap();
        assert_eq!(old, "last run\n");
        // The cap: a flood is cut with one notice.
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..12 {
            log.write(&chunk);
        }
        let size = std::fs::metadata(&path).unwrap().len();
        assert!(size <= LOG_CAP_BYTES + 200, "{size}");
        let tail = std::fs::read(&path).unwrap();
        let tail = String::from_utf8_lossy(&tail[tail.len() - 100..]).into_owned();
        assert!(tail.contains("log capped"), "{tail}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
