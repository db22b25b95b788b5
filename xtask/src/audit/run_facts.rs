//! Facts about the machine and the checkout for a report's header, each read at run time and
//! tolerant of its absence (no git, no host name file).

use std::path::Path;
use std::process::Command;

/// The host's name: the kernel's, else `$HOSTNAME`, else `unknown`.
pub fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .ok()
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "unknown".to_owned())
}

/// The commit of the checkout at `root` (`git rev-parse --short=12 HEAD`), `+changes` when
/// its tracked files differ from it; `None` when git or the repository is missing.
pub fn commit(root: &Path) -> Option<String> {
    let git = |args: &[&str]| {
        Command::new("git")
            .arg("-C")
            .arg(root)
            .args(args)
            .stderr(std::process::Stdio::null())
            .output()
            .ok()
    };
    let head = git(&["rev-parse", "--short=12", "HEAD"]).filter(|out| out.status.success())?;
    let head = String::from_utf8_lossy(&head.stdout).trim().to_owned();
    let changed =
        git(&["diff", "--quiet", "HEAD", "--"]).is_some_and(|out| out.status.code() == Some(1));
    Some(if changed {
        format!("{head}+changes")
    } else {
        head
    })
}
