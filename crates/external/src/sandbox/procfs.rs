//! What `/proc` says about processes: parents, groups, children, resident memory, the sandbox
//! tag in the environment. Linux only; every read tolerates a process that vanished meanwhile
//! (it reads as absent).

use std::path::Path;

/// The environment variable every engine process (and everything it starts) carries: the
/// owning arbiter process and the engine's sequence number, `<pid>:<start-time>:<seq>`.
pub(crate) const TAG_VARIABLE: &str = "ARBITER_SANDBOX";

/// The fields of `/proc/<pid>/stat` that arbiter uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stat {
    /// `R`, `S`, `D`, `Z` (zombie), `T`, …
    pub state: char,
    pub(crate) ppid: i32,
    pub(crate) pgid: i32,
    pub sid: i32,
    /// Clock ticks after boot: with the pid it names one process even after pid reuse.
    pub(crate) start_time: u64,
}

/// `/proc/<pid>/stat`, or `None` when the process is gone.
#[must_use]
pub fn stat(pid: i32) -> Option<Stat> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold spaces or ')': the fields start after
    // the last ')'.
    let rest = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // rest[0] is field 3 (state); start time is field 22.
    Some(Stat {
        state: fields.first()?.chars().next()?,
        ppid: fields.get(1)?.parse().ok()?,
        pgid: fields.get(2)?.parse().ok()?,
        sid: fields.get(3)?.parse().ok()?,
        start_time: fields.get(19)?.parse().ok()?,
    })
}

/// This process's pid and start time.
#[must_use]
pub(crate) fn me() -> (i32, u64) {
    let pid = i32::try_from(std::process::id()).unwrap_or(i32::MAX);
    (pid, stat(pid).map_or(0, |s| s.start_time))
}

/// Whether `pid` is a live process (not a zombie) started at `start_time`.
#[must_use]
pub(crate) fn alive(pid: i32, start_time: u64) -> bool {
    stat(pid).is_some_and(|s| s.start_time == start_time && s.state != 'Z')
}

/// The direct children of `pid` (every thread's list).
#[must_use]
pub(crate) fn children(pid: i32) -> Vec<i32> {
    let mut out = Vec::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return out;
    };
    for task in tasks.flatten() {
        if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
            out.extend(
                text.split_whitespace()
                    .filter_map(|p| p.parse::<i32>().ok()),
            );
        }
    }
    out
}

/// Every descendant of `pid` (not `pid` itself), parents before children. A process that
/// called `setsid` is still found while its parent lives.
#[must_use]
pub(crate) fn descendants(pid: i32) -> Vec<i32> {
    let mut out: Vec<i32> = Vec::new();
    let mut next = 0;
    let mut frontier = vec![pid];
    while let Some(parent) = frontier.pop() {
        for child in children(parent) {
            if !out.contains(&child) && child != pid {
                out.push(child);
                frontier.push(child);
            }
        }
        next += 1;
        // A tree of more than 10,000 processes is a fork bomb: stop walking, kill what we have.
        if next > 10_000 {
            break;
        }
    }
    out
}

/// The memory `pid` uses alone, in KB (0 when gone): its unique set size, the resident pages
/// no other process shares (`Private_Clean` + `Private_Dirty` of `/proc/PID/smaps_rollup`), as
/// GomocupJudge measures each process of an engine's tree (psutil's `memory_full_info().uss`,
/// `client/new_protocol.py`). Shared libraries are not counted once per process of a tree. On
/// a kernel without `smaps_rollup` (before 4.14), the resident set size.
#[must_use]
pub(crate) fn uss_kb(pid: i32) -> u64 {
    let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")) else {
        return rss_kb(pid);
    };
    text.lines()
        .filter(|line| line.starts_with("Private_Clean:") || line.starts_with("Private_Dirty:"))
        .filter_map(|line| line.split_whitespace().nth(1)?.parse::<u64>().ok())
        .sum()
}

/// Resident memory of `pid` in KB (0 when gone).
#[must_use]
pub(crate) fn rss_kb(pid: i32) -> u64 {
    let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/statm")) else {
        return 0;
    };
    let pages: u64 = text
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    pages * page_kb()
}

fn page_kb() -> u64 {
    // SAFETY: sysconf only reads a configuration value.
    let bytes = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    u64::try_from(bytes).map_or(4, |b| (b / 1024).max(1))
}

/// The sandbox tag in the environment of `pid`, if it has one (and may be read).
#[must_use]
pub(crate) fn tag(pid: i32) -> Option<String> {
    let bytes = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
    let prefix = format!("{TAG_VARIABLE}=");
    bytes
        .split(|&b| b == 0)
        .find_map(|entry| entry.strip_prefix(prefix.as_bytes()))
        .map(|value| String::from_utf8_lossy(value).into_owned())
}

/// Every pid in `/proc`.
#[must_use]
pub(crate) fn all_pids() -> Vec<i32> {
    std::fs::read_dir(Path::new("/proc"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .collect()
}

/// Every live process whose tag satisfies `wanted`, with its tag.
#[must_use]
pub fn tagged(wanted: impl Fn(&str) -> bool) -> Vec<(i32, String)> {
    let (me, _) = me();
    all_pids()
        .into_iter()
        .filter(|&pid| pid != me)
        .filter_map(|pid| {
            let tag = tag(pid)?;
            (wanted(&tag) && stat(pid).is_some_and(|s| s.state != 'Z')).then_some((pid, tag))
        })
        .collect()
}

/// The command line of `pid`, arguments joined by spaces (empty when gone).
#[must_use]
pub(crate) fn cmdline(pid: i32) -> String {
    std::fs::read(format!("/proc/{pid}/cmdline"))
        .map(|bytes| {
            bytes
                .split(|&b| b == 0)
                .filter(|part| !part.is_empty())
                .map(|part| String::from_utf8_lossy(part).into_owned())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_this_process() {
        let (pid, start) = me();
        let own = stat(pid).unwrap();
        assert_eq!(own.start_time, start);
        assert!(alive(pid, start));
        assert!(!alive(pid, start + 1));
        assert!(rss_kb(pid) > 0);
        assert!(uss_kb(pid) > 0 && uss_kb(pid) <= rss_kb(pid) + 64);
        assert!(!cmdline(pid).is_empty());
        assert!(all_pids().contains(&pid));
        assert!(stat(-5).is_none());
    }
}
