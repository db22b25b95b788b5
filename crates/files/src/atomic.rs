//! Writing files so that a kill at any moment leaves the old file or the new one, never a
//! truncated mix: the bytes go to a temporary file beside the target (same directory, so the
//! same file system), are flushed to disk, and the temporary file is renamed over the target.

use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` atomically, creating the parent directories.
///
/// # Errors
/// The directory cannot be created, or the file cannot be written or renamed; the target is
/// then untouched and the temporary file removed.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(parent) = path
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
    {
        std::fs::create_dir_all(parent)?;
    }
    let temporary = temporary_path(path);
    let written = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// `.<name>.tmp-<pid>` beside `path`: hidden, and named after the process that writes it, so
/// that a leftover can be told from a write in progress.
#[must_use]
pub fn temporary_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}

/// The process id in a `.<name>.tmp-<pid>` file or folder name, if it is one for `name`.
#[must_use]
pub fn temporary_owner(file_name: &str, name: &str) -> Option<u32> {
    file_name
        .strip_prefix('.')?
        .strip_prefix(name)?
        .strip_prefix(".tmp-")?
        .parse()
        .ok()
}

/// Whether a process with this id is running (on Unix; elsewhere assumed running, so that
/// nothing in use is cleaned up).
#[must_use]
pub fn process_alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // SAFETY: signal 0 only checks whether the process exists; nothing is sent.
        let result = unsafe { libc::kill(pid, 0) };
        result == 0 || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_replaces_the_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("arbiter-atomic-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let file = dir.join("sub/a.txt");
        write(&file, b"one").unwrap();
        write(&file, b"two").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"two");
        let names: Vec<_> = std::fs::read_dir(file.parent().unwrap())
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(names, ["a.txt"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn temporary_names_name_their_process() {
        assert_eq!(temporary_owner(".b1.tmp-42", "b1"), Some(42));
        assert_eq!(temporary_owner(".b1.tmp-x", "b1"), None);
        assert_eq!(temporary_owner(".b2.tmp-42", "b1"), None);
        assert!(process_alive(std::process::id()));
    }
}
