//! The process-wide side of the sandbox: no engine outlives arbiter.
//!
//! Set up once, at the first engine start ([`ensure_started`]):
//! * **Subreaper** (`PR_SET_CHILD_SUBREAPER`): a grandchild whose parent dies is re-parented to
//!   arbiter, not to init, so it stays in reach. (A cgroup would contain the tree too, but it
//!   needs a delegated cgroup-v2 subtree, which a user's shell or CI job rarely has; the tag
//!   below works everywhere.)
//! * **Tag**: every engine starts with [`super::procfs::TAG_VARIABLE`] in its environment,
//!   naming this arbiter process and the engine; children inherit it, including those that call
//!   `setsid` and leave the process group. Killing an engine kills every process with its tag.
//! * **Launcher thread**: engines are started from one thread that lives as long as the
//!   process, because the parent-death signal (`PR_SET_PDEATHSIG`, set in the child) fires when
//!   the *thread* that forked exits.
//! * **Signals**: SIGINT, SIGTERM and SIGHUP end every live engine (with its tag), remove the
//!   record and exit with 128 + the signal.
//! * **Records and stragglers**: the live engines are written to
//!   `$ARBITER_STATE_DIR` (else `<temp>/arbiter-state/`) `/live-<pid>-<start>.tsv`. After a
//!   SIGKILL of arbiter the engines die of the parent-death signal; a grandchild that escaped
//!   (it called `setsid` and its parent is gone) is found by the next run, through the records
//!   and the tags of processes whose arbiter is dead, reported on stderr and killed
//!   ([`stragglers`]).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use super::procfs;

/// A process an earlier arbiter run left behind, ended by this one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Straggler {
    pub(crate) pid: i32,
    /// The arbiter process that had started it.
    pub(crate) owner: i32,
    pub(crate) command: String,
}

/// A live engine, as recorded.
#[derive(Clone, Debug)]
struct Live {
    pid: i32,
    command: String,
}

struct Supervisor {
    /// This process: pid and start time (they name it in tags and records).
    me: (i32, u64),
    launcher: Mutex<Sender<Launch>>,
    live: Mutex<BTreeMap<String, Live>>,
    record: PathBuf,
    stragglers: Vec<Straggler>,
    sequence: AtomicU64,
}

type Launch = (Command, Sender<std::io::Result<Child>>);

fn supervisor() -> &'static Supervisor {
    static SUPERVISOR: OnceLock<Supervisor> = OnceLock::new();
    SUPERVISOR.get_or_init(start)
}

/// Sets the process-wide machinery up (idempotent); called before the first engine starts.
pub fn ensure_started() {
    let _ = supervisor();
}

/// The state directory: `$ARBITER_STATE_DIR`, else `<temp>/arbiter-state`.
#[must_use]
pub(crate) fn state_dir() -> PathBuf {
    std::env::var_os("ARBITER_STATE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("arbiter-state"))
}

fn start() -> Supervisor {
    // SAFETY: prctl with PR_SET_CHILD_SUBREAPER only changes how this process adopts orphans.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
    let me = procfs::me();
    let stragglers = sweep(me);
    if !stragglers.is_empty() {
        let list: Vec<String> = stragglers
            .iter()
            .map(|s| {
                format!(
                    "{} `{}` (left by arbiter pid {})",
                    s.pid, s.command, s.owner
                )
            })
            .collect();
        eprintln!(
            "arbiter: ended {} engine process(es) an earlier run left behind: {}",
            stragglers.len(),
            list.join(", ")
        );
    }
    let (sender, receiver) = mpsc::channel::<Launch>();
    // The launcher: forks every engine, and never exits (see the module docs).
    let _ = std::thread::Builder::new()
        .name("arbiter-launcher".to_owned())
        .spawn(move || {
            for (mut command, reply) in receiver {
                let _ = reply.send(command.spawn());
            }
        });
    install_signal_handlers();
    Supervisor {
        me,
        launcher: Mutex::new(sender),
        live: Mutex::new(BTreeMap::new()),
        record: state_dir().join(format!("live-{}-{}.tsv", me.0, me.1)),
        stragglers,
        sequence: AtomicU64::new(0),
    }
}

/// The processes earlier runs left behind that this run ended (found at its start).
#[must_use]
pub fn stragglers() -> Vec<Straggler> {
    supervisor().stragglers.clone()
}

/// A new tag for one engine process and its descendants.
#[must_use]
pub(crate) fn new_tag() -> String {
    let sup = supervisor();
    let seq = sup.sequence.fetch_add(1, Ordering::Relaxed);
    format!("{}:{}:{seq}", sup.me.0, sup.me.1)
}

/// Starts `command` from the launcher thread. The caller has set the tag and the pre-exec
/// hook (parent-death signal).
///
/// # Errors
/// The OS refused to start it.
pub(crate) fn launch(command: Command) -> std::io::Result<Child> {
    let sup = supervisor();
    let (reply, answer) = mpsc::channel();
    sup.launcher
        .lock()
        .map_err(|_| std::io::Error::other("launcher lock poisoned"))?
        .send((command, reply))
        .map_err(|_| std::io::Error::other("the launcher thread is gone"))?;
    answer
        .recv()
        .map_err(|_| std::io::Error::other("the launcher thread is gone"))?
}

/// The launcher thread's pid as the child sees its parent (the whole process: `getppid`).
#[must_use]
pub(crate) fn parent_pid() -> i32 {
    supervisor().me.0
}

/// Records a live engine.
pub(crate) fn register(tag: &str, pid: i32, command: &str) {
    let sup = supervisor();
    if let Ok(mut live) = sup.live.lock() {
        live.insert(
            tag.to_owned(),
            Live {
                pid,
                command: command.to_owned(),
            },
        );
        write_record(&sup.record, &live);
    }
}

/// Forgets an engine that has been ended.
pub(crate) fn unregister(tag: &str) {
    let sup = supervisor();
    if let Ok(mut live) = sup.live.lock()
        && live.remove(tag).is_some()
    {
        write_record(&sup.record, &live);
    }
}

/// The record file: one line per live engine, `tag`, pid, command; removed when none is live.
fn write_record(path: &PathBuf, live: &BTreeMap<String, Live>) {
    if live.is_empty() {
        let _ = std::fs::remove_file(path);
        return;
    }
    let mut text = String::new();
    for (tag, engine) in live {
        text.push_str(&format!(
            "{tag}\t{}\t{}\n",
            engine.pid,
            engine.command.replace(['\t', '\n'], " ")
        ));
    }
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    let temporary = path.with_extension("tmp");
    let written = std::fs::File::create(&temporary)
        .and_then(|mut file| file.write_all(text.as_bytes()))
        .and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
}

/// Kills every process carrying one of this run's tags (the signal handler's job).
fn kill_all_live() -> usize {
    let sup = supervisor();
    let prefix = format!("{}:{}:", sup.me.0, sup.me.1);
    let mut pids: Vec<i32> = procfs::tagged(|tag| tag.starts_with(&prefix))
        .into_iter()
        .map(|(pid, _)| pid)
        .collect();
    if let Ok(live) = sup.live.lock() {
        pids.extend(live.values().map(|engine| engine.pid));
    }
    pids.sort_unstable();
    pids.dedup();
    for &pid in &pids {
        // SAFETY: kill with a pid taken from /proc or our own records; SIGKILL only.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
            libc::killpg(pid, libc::SIGKILL);
        }
    }
    let _ = std::fs::remove_file(&sup.record);
    pids.len()
}

fn install_signal_handlers() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("arbiter-signals".to_owned())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                let ended = kill_all_live();
                let name = match signal {
                    SIGINT => "SIGINT",
                    SIGTERM => "SIGTERM",
                    _ => "SIGHUP",
                };
                eprintln!("arbiter: {name}: ended {ended} engine process(es); exiting");
                std::process::exit(128 + signal);
            }
        });
}

/// Finds and kills what dead arbiter runs left: processes tagged by an arbiter that no longer
/// runs, and the recorded engines of such runs.
fn sweep(me: (i32, u64)) -> Vec<Straggler> {
    let owner_of = |tag: &str| -> Option<(i32, u64)> {
        let mut parts = tag.split(':');
        Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
    };
    let mut found = Vec::new();
    for (pid, tag) in procfs::tagged(|tag| owner_of(tag).is_some_and(|owner| owner != me)) {
        let Some(owner) = owner_of(&tag) else {
            continue;
        };
        if procfs::alive(owner.0, owner.1) {
            continue;
        }
        found.push(Straggler {
            pid,
            owner: owner.0,
            command: procfs::cmdline(pid),
        });
    }
    // Records of dead runs: the engines they list (if a tag check confirms them), then the file.
    let dir = state_dir();
    for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(owner) = name
            .strip_prefix("live-")
            .and_then(|rest| rest.strip_suffix(".tsv"))
            .and_then(|rest| rest.split_once('-'))
            .and_then(|(pid, start)| Some((pid.parse().ok()?, start.parse().ok()?)))
        else {
            continue;
        };
        if owner == me || procfs::alive(owner.0, owner.1) {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        for line in text.lines() {
            let mut fields = line.split('\t');
            let (Some(tag), Some(pid)) = (fields.next(), fields.next()) else {
                continue;
            };
            let Ok(pid) = pid.parse::<i32>() else {
                continue;
            };
            if found.iter().any(|s| s.pid == pid) || procfs::tag(pid).as_deref() != Some(tag) {
                continue;
            }
            found.push(Straggler {
                pid,
                owner: owner.0,
                command: fields.next().unwrap_or("").to_owned(),
            });
        }
        let _ = std::fs::remove_file(entry.path());
    }
    for straggler in &found {
        // SAFETY: SIGKILL of a process whose tag names a dead arbiter run.
        unsafe {
            libc::kill(straggler.pid, libc::SIGKILL);
        }
    }
    // Give the kernel a moment, so that a check right after sees them gone.
    if !found.is_empty() {
        std::thread::sleep(Duration::from_millis(50));
    }
    found
}
