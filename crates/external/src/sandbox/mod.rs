//! The sandbox: one engine process, read line by line under absolute deadlines, its resident
//! memory watched, and its whole process tree ended on timeout, fault, drop or a signal.
//!
//! * No shell: [`std::process::Command`] with an argv list, started from the launcher thread
//!   of [`supervisor`] with the parent-death signal set (`PR_SET_PDEATHSIG` = `SIGKILL`).
//! * Its own process group, and a tag in the environment ([`procfs::TAG_VARIABLE`]) that every
//!   descendant inherits: ending the engine kills its group, every descendant found in `/proc`
//!   and every process with its tag (so a grandchild that called `setsid` goes too).
//! * stdin and stdout are pipes; stderr goes to a capped log ([`log`]) that is never parsed.
//! * A reader thread turns stdout into lines on a **bounded** channel. A line is bounded
//!   ([`MAX_LINE`]): a longer one is a protocol error and the rest of it is drained. A deadline
//!   is checked before every line is taken, so no amount of output extends it, and lines a
//!   driver skips ([`Process::read_answer`]) count towards [`MAX_SKIPPED_LINES`].
//! * Memory: the resident set of the tree is sampled while arbiter waits for an answer
//!   ([`MEMORY_SAMPLE`]); above the manifest's `memory-mb` the engine is killed and the fault
//!   is `memory-limit`. No address-space limit is set: a JVM reserves far more than it uses,
//!   and a brain sizing its hash table from `INFO max_memory` must not die at start.

pub(crate) mod log;
pub mod procfs;
pub mod supervisor;

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use self::log::Log;
use arbiter_engine::fault::{Fault, FaultKind, escape};

/// The longest line an engine may print (1 MB): longer is a protocol error.
pub(crate) const MAX_LINE: usize = 1 << 20;

/// Lines the reader thread may hold before the engine blocks on a full pipe.
pub(crate) const CHANNEL_LINES: usize = 256;

/// Lines a driver may skip while waiting for one answer (`MESSAGE`, `DEBUG`, blank lines):
/// more is a flood, reported as a protocol error.
pub(crate) const MAX_SKIPPED_LINES: usize = 1000;

/// How often the resident memory is sampled while waiting.
pub(crate) const MEMORY_SAMPLE: Duration = Duration::from_millis(100);

/// How long output may stay open after the main process exited before the exit is the fault
/// (a grandchild holding the pipe would otherwise turn a crash into a timeout).
const ORPHAN_GRACE: Duration = Duration::from_millis(500);

/// How to start a process.
#[derive(Clone, Debug)]
pub(crate) struct SpawnSpec {
    pub(crate) program: PathBuf,
    pub(crate) args: Vec<String>,
    /// Where it starts (absolute: the manifest resolved it).
    pub(crate) working_dir: PathBuf,
    /// The resident-memory limit in MB, if any.
    pub(crate) memory_mb: Option<u64>,
    /// When the limit is ruled on.
    pub(crate) memory_rule: MemoryRule,
    /// The stderr log; `None` discards stderr.
    pub(crate) stderr_log: Option<PathBuf>,
}

/// When a process over its memory limit is ruled out: what the platform's judge does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MemoryRule {
    /// At every sample, while the engine thinks too.
    Always,
    /// After each answer, as GomocupJudge measures (once a move, after the answer:
    /// `client/new_protocol.py`, `update_vms`): a brain may use more while it thinks. While it
    /// thinks, only [`THINKING_CEILING`] times the limit stops it, to protect the machine.
    AfterAnswer,
}

/// How many times its limit an [`MemoryRule::AfterAnswer`] engine may use while it thinks.
pub(crate) const THINKING_CEILING: u64 = 2;

/// What one started process is known by: its group and its tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Started {
    pub(crate) pgid: i32,
    pub tag: String,
}

/// When an answer is due: a budget (the platform's time), the tolerance arbiter adds, and
/// what the budget is called in messages.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    started: Instant,
    budget: Duration,
    tolerance: Duration,
    what: &'static str,
}

impl Deadline {
    /// A deadline `budget_ms + tolerance_ms` from now; `what` names the budget (`move time`).
    #[must_use]
    pub(crate) fn new(what: &'static str, budget_ms: u64, tolerance_ms: u64) -> Deadline {
        Deadline {
            started: Instant::now(),
            budget: Duration::from_millis(budget_ms),
            tolerance: Duration::from_millis(tolerance_ms),
            what,
        }
    }

    /// The instant past which no answer is taken.
    #[must_use]
    pub(crate) fn at(&self) -> Instant {
        self.started + self.budget + self.tolerance
    }

    /// `1.50 s (move time 500 ms + tolerance 1000 ms)`.
    #[must_use]
    pub(crate) fn describe(&self) -> String {
        let total = (self.budget + self.tolerance).as_secs_f64();
        if self.tolerance.is_zero() {
            format!(
                "{total:.2} s ({} {} ms)",
                self.what,
                self.budget.as_millis()
            )
        } else {
            format!(
                "{total:.2} s ({} {} ms + tolerance {} ms)",
                self.what,
                self.budget.as_millis(),
                self.tolerance.as_millis()
            )
        }
    }

    /// How long the answer took, when it came after the budget (inside the tolerance).
    #[must_use]
    pub(crate) fn late_by(&self) -> Option<Duration> {
        let elapsed = self.started.elapsed();
        (elapsed > self.budget).then(|| elapsed - self.budget)
    }

    /// A warning for an answer that used the tolerance, if it did.
    #[must_use]
    pub(crate) fn lateness_warning(&self, what: &str) -> Option<String> {
        self.late_by().map(|late| {
            format!(
                "{what} came after {:.2} s, over the {} of {} ms (inside arbiter's tolerance; \
                 the platform may not be as lenient)",
                (self.budget + late).as_secs_f64(),
                self.what,
                self.budget.as_millis()
            )
        })
    }
}

/// What the reader thread saw.
enum Event {
    /// A complete line, without its `\n` (and without a trailing `\r`).
    Line(String),
    /// A line longer than [`MAX_LINE`]; the bytes seen so far.
    TooLong(usize),
    /// The output ended; a last line without a newline comes with it.
    Eof(Option<String>),
    /// Reading failed.
    Error(String),
}

/// The bytes of the line being read, shared with the reader thread.
type Pending = Arc<Mutex<Vec<u8>>>;

/// A running engine process.
pub(crate) struct Process {
    child: Child,
    pid: i32,
    tag: String,
    stdin: Option<ChildStdin>,
    events: Receiver<Event>,
    /// Bytes of the line being read (for a "no newline" diagnosis at a deadline).
    pending: Pending,
    /// Set once the output has ended.
    eof: bool,
    log: Option<Log>,
    exited: Option<ExitStatus>,
    /// When a read first saw the main process gone while its output stayed open (a process it
    /// started holds the pipe).
    gone_since: Option<Instant>,
    program: String,
    memory_limit_kb: Option<u64>,
    memory_rule: MemoryRule,
    peak_kb: u64,
    sampled: Option<Instant>,
    ended: bool,
}

impl Process {
    /// Starts the process.
    ///
    /// # Errors
    /// A `crash` fault when the program cannot be started (not found, not executable), with
    /// the OS reason.
    pub(crate) fn spawn(spec: &SpawnSpec) -> Result<Process, Fault> {
        supervisor::ensure_started();
        let program = spec.program.display().to_string();
        let tag = supervisor::new_tag();
        let log = open_stderr_log(spec)?;
        let mut command = sandboxed_command(spec, &tag, log.is_some());
        arm_parent_death(&mut command, supervisor::parent_pid());
        let mut child = launch_child(command, &program)?;
        let pid = i32::try_from(child.id()).unwrap_or(i32::MAX);
        let line = command_line(&program, &spec.args);
        supervisor::register(&tag, pid, &line);
        if let Some(log) = &log {
            log_start(log, &mut child, pid, &line, &spec.working_dir);
        }
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let (events, pending) = start_reader(stdout, pid)?;
        Ok(Process {
            child,
            pid,
            tag,
            stdin,
            events,
            pending,
            eof: false,
            log,
            exited: None,
            gone_since: None,
            program,
            memory_limit_kb: spec.memory_mb.map(|mb| mb.saturating_mul(1024)),
            memory_rule: spec.memory_rule,
            peak_kb: 0,
            sampled: None,
            ended: false,
        })
    }

    /// The group and tag, for leak checks.
    #[must_use]
    pub(crate) fn started(&self) -> Started {
        Started {
            pgid: self.pid,
            tag: self.tag.clone(),
        }
    }

    /// The stderr log, if any.
    #[must_use]
    pub(crate) fn log(&self) -> Option<&Path> {
        self.log.as_ref().map(Log::path)
    }

    /// Writes `text` as is (the caller adds the line ends its protocol uses) and flushes.
    ///
    /// # Errors
    /// The process closed its input: a `crash` (or `no-answer` after a clean exit) fault with
    /// the exit status.
    pub(crate) fn send(&mut self, text: &str) -> Result<(), Fault> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(Fault::new(
                FaultKind::Crash,
                "input already closed".to_owned(),
            ));
        };
        let written = stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush());
        if let Err(error) = written {
            self.stdin = None;
            let status = self.wait_exit(Duration::from_millis(500));
            return Err(self.exit_fault(status, &format!("could not write to it ({error})")));
        }
        Ok(())
    }

    /// Closes the engine's input (simple-interaction bots read to the end).
    pub(crate) fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line before `deadline`.
    ///
    /// # Errors
    /// `timeout` (stating the budget; with the partial output, if any), `protocol-error` for a
    /// line over [`MAX_LINE`], `crash` when the process died (exit code or signal), `no-answer`
    /// when it exited cleanly without a line, `memory-limit` when its tree grew past the limit.
    pub(crate) fn read_line(
        &mut self,
        deadline: &Deadline,
        waiting_for: &str,
    ) -> Result<String, Fault> {
        loop {
            if self.eof {
                let status = self.wait_exit(Duration::from_millis(500));
                return Err(
                    self.exit_fault(status, &format!("its output ended before {waiting_for}"))
                );
            }
            self.watch_memory(false)?;
            // The deadline is checked before every line is taken: output cannot extend it.
            let now = Instant::now();
            if now >= deadline.at() {
                return Err(self.timeout_fault(deadline, waiting_for));
            }
            let slice = (deadline.at() - now).min(MEMORY_SAMPLE);
            match self.events.recv_timeout(slice) {
                Ok(Event::Line(line)) => return Ok(line),
                Ok(Event::TooLong(bytes)) => {
                    return Err(Fault::protocol(format!(
                        "a line of more than {bytes} bytes (the limit is {MAX_LINE}) while waiting for {waiting_for}"
                    )));
                }
                Ok(Event::Eof(last)) => {
                    self.eof = true;
                    let status = self.wait_exit(Duration::from_millis(500));
                    return match last {
                        // Botzone reads a simple-interaction bot's output at its exit: a last
                        // line without a newline is still its answer, if the process ended well.
                        Some(line) if status.is_some_and(|s| s.success()) => Ok(line),
                        _ => Err(self
                            .exit_fault(status, &format!("its output ended before {waiting_for}"))),
                    };
                }
                Ok(Event::Error(error)) => {
                    return Err(Fault::protocol(format!(
                        "reading its output failed: {error}"
                    )));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Some(status) = self.gone_with_output_open() {
                        self.kill();
                        return Err(Fault::new(
                            FaultKind::Crash,
                            format!(
                                "`{}` {} while a process it started still holds its output \
                                 open: the engine is gone before {waiting_for}{}",
                                self.program,
                                describe_exit(status),
                                self.log_note()
                            ),
                        ));
                    }
                }
                Err(RecvTimeoutError::Disconnected) => self.eof = true,
            }
        }
    }

    /// The exit status of the main process when it has been gone for [`ORPHAN_GRACE`] while
    /// its output is still open (a grandchild holds the pipe): no answer can come from the
    /// engine any more, so waiting for the deadline would only call a crash a timeout. The
    /// grace lets the last lines it wrote before exiting arrive first.
    fn gone_with_output_open(&mut self) -> Option<ExitStatus> {
        if self.exited.is_none() {
            self.exited = self.child.try_wait().ok().flatten();
        }
        let status = self.exited?;
        let since = *self.gone_since.get_or_insert_with(Instant::now);
        (since.elapsed() >= ORPHAN_GRACE).then_some(status)
    }

    /// The next line that is not noise: lines for which `noise` holds are logged and skipped,
    /// at most [`MAX_SKIPPED_LINES`] of them.
    ///
    /// # Errors
    /// As [`Process::read_line`]; a flood of skipped lines is a `protocol-error`.
    pub(crate) fn read_answer(
        &mut self,
        deadline: &Deadline,
        waiting_for: &str,
        noise: &dyn Fn(&str) -> bool,
    ) -> Result<String, Fault> {
        let mut skipped = 0;
        loop {
            let line = self.read_line(deadline, waiting_for)?;
            if !noise(&line) {
                return Ok(line);
            }
            skipped += 1;
            if let Some(log) = &self.log {
                log.line(&format!("[stdout, skipped] {}", escape(&preview(&line))));
            }
            if skipped > MAX_SKIPPED_LINES {
                return Err(Fault::protocol(format!(
                    "more than {MAX_SKIPPED_LINES} lines that are not an answer while waiting for \
                     {waiting_for} (the last: `{}`)",
                    preview(&line)
                )));
            }
        }
    }

    /// The whole lines the engine has printed that nobody read yet, without waiting (each
    /// logged as skipped); at most [`CHANNEL_LINES`], since the channel holds no more. An end
    /// of output or an error stays for the next read to report.
    pub(crate) fn drain(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        while lines.len() < CHANNEL_LINES {
            match self.events.try_recv() {
                Ok(Event::Line(line)) => {
                    if let Some(log) = &self.log {
                        log.line(&format!("[stdout, drained] {}", escape(&preview(&line))));
                    }
                    lines.push(line);
                }
                Ok(Event::TooLong(_)) => {}
                Ok(Event::Eof(_) | Event::Error(_)) => {
                    // The output has ended: the next read reports how the process exited.
                    self.eof = true;
                    break;
                }
                Err(_) => break,
            }
        }
        lines
    }

    /// Samples the tree's resident memory, each process's unique set size as GomocupJudge
    /// counts it (every [`MEMORY_SAMPLE`], or now when `force`: after an answer); above the
    /// limit the engine is killed (under [`MemoryRule::AfterAnswer`], between answers only
    /// above [`THINKING_CEILING`] times the limit).
    ///
    /// # Errors
    /// A `memory-limit` fault.
    pub(crate) fn watch_memory(&mut self, force: bool) -> Result<(), Fault> {
        if self.ended || (!force && self.sampled.is_some_and(|at| at.elapsed() < MEMORY_SAMPLE)) {
            return Ok(());
        }
        self.sampled = Some(Instant::now());
        let mut tree = vec![self.pid];
        tree.extend(procfs::descendants(self.pid));
        let kb: u64 = tree.iter().map(|&pid| procfs::uss_kb(pid)).sum();
        self.peak_kb = self.peak_kb.max(kb);
        let ruling = force || self.memory_rule == MemoryRule::Always;
        let ceiling = |limit: u64| {
            if ruling {
                limit
            } else {
                limit.saturating_mul(THINKING_CEILING)
            }
        };
        match self.memory_limit_kb {
            Some(limit) if kb > ceiling(limit) => {
                self.kill();
                Err(Fault::new(
                    FaultKind::MemoryLimit,
                    format!(
                        "resident memory {:.1} MB (unique set size, process tree of {}) is over \
                         {}the manifest's memory-mb {}{}",
                        kb as f64 / 1024.0,
                        tree.len(),
                        if ruling {
                            ""
                        } else {
                            "twice, while it thought, "
                        },
                        limit / 1024,
                        self.log_note()
                    ),
                ))
            }
            _ => Ok(()),
        }
    }

    /// Waits up to `limit` for the process to exit on its own.
    pub(crate) fn wait_exit(&mut self, limit: Duration) -> Option<ExitStatus> {
        if self.exited.is_some() {
            return self.exited;
        }
        let end = Instant::now() + limit;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    self.exited = Some(status);
                    return self.exited;
                }
                Ok(None) if Instant::now() < end => std::thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }

    /// `; stderr log: <path>`, or nothing without a log.
    fn log_note(&self) -> String {
        self.log()
            .map(|path| format!("; stderr log: {}", path.display()))
            .unwrap_or_default()
    }

    fn timeout_fault(&self, deadline: &Deadline, waiting_for: &str) -> Fault {
        let pending = self.pending.lock().map(|p| p.clone()).unwrap_or_default();
        if pending.is_empty() {
            Fault::new(
                FaultKind::Timeout,
                format!(
                    "no answer within {} while waiting for {waiting_for}{}",
                    deadline.describe(),
                    self.log_note()
                ),
            )
        } else {
            Fault::protocol(format!(
                "printed `{}` without a newline and nothing more within {}{}",
                preview(&String::from_utf8_lossy(&pending)),
                deadline.describe(),
                self.log_note()
            ))
        }
    }

    /// The fault for a process whose output ended: how it exited.
    fn exit_fault(&self, status: Option<ExitStatus>, context: &str) -> Fault {
        let log = self.log_note();
        match status {
            Some(status) if status.success() => Fault::new(
                FaultKind::NoAnswer,
                format!("`{}` exited with code 0: {context}{log}", self.program),
            ),
            Some(status) => Fault::new(
                FaultKind::Crash,
                format!(
                    "`{}` {}: {context}{log}",
                    self.program,
                    describe_exit(status)
                ),
            ),
            None => Fault::new(
                FaultKind::NoAnswer,
                format!("`{}` closed its output: {context}{log}", self.program),
            ),
        }
    }

    /// Ends the process: closes its input, gives it `grace` to exit, then kills its tree.
    pub(crate) fn shutdown(&mut self, grace: Duration) -> Option<ExitStatus> {
        self.stdin = None;
        let status = self.wait_exit(grace);
        self.kill();
        status.or(self.exited)
    }

    /// Kills the whole tree (group, descendants, tagged processes) and reaps what is ours.
    pub(crate) fn kill(&mut self) {
        if self.ended {
            return;
        }
        self.ended = true;
        let mut pids = procfs::descendants(self.pid);
        pids.extend(
            procfs::tagged(|tag| tag == self.tag)
                .into_iter()
                .map(|(pid, _)| pid)
                .filter(|&pid| pid != self.pid),
        );
        pids.sort_unstable();
        pids.dedup();
        // SAFETY: killpg/kill with the group we created and pids found under it; SIGKILL only.
        unsafe {
            libc::killpg(self.pid, libc::SIGKILL);
            for &pid in &pids {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        if self.exited.is_none() {
            self.exited = self.child.wait().ok();
        }
        reap(&pids);
        supervisor::unregister(&self.tag);
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The stderr log `spec` names, opened; `None` when stderr is discarded.
fn open_stderr_log(spec: &SpawnSpec) -> Result<Option<Log>, Fault> {
    match &spec.stderr_log {
        Some(path) => Ok(Some(Log::open(path).map_err(|error| {
            Fault::new(
                FaultKind::Crash,
                format!("cannot open the stderr log {}: {error}", path.display()),
            )
        })?)),
        None => Ok(None),
    }
}

/// The command of `spec`: no shell, piped stdin and stdout (stderr too when it is logged),
/// `tag` in its environment, and a process group of its own.
fn sandboxed_command(spec: &SpawnSpec, tag: &str, logged: bool) -> Command {
    let mut command = Command::new(&spec.program);
    command
        .args(&spec.args)
        .current_dir(&spec.working_dir)
        .env(procfs::TAG_VARIABLE, tag)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(if logged {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .process_group(0);
    command
}

/// Sets the parent-death signal (`SIGKILL`) in the child before exec, and refuses to start
/// when `parent` has already gone.
fn arm_parent_death(command: &mut Command, parent: i32) {
    // SAFETY: the closure runs between fork and exec and only calls prctl and getppid,
    // which are async-signal-safe; it allocates nothing.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // The parent may have died before the signal was armed.
            if libc::getppid() != parent {
                return Err(std::io::Error::from_raw_os_error(libc::ESRCH));
            }
            Ok(())
        });
    }
}

/// Starts `command` from the supervisor's launcher; a failure is a `crash` fault.
fn launch_child(command: Command, program: &str) -> Result<Child, Fault> {
    supervisor::launch(command).map_err(|error| {
        let message = if error.kind() == std::io::ErrorKind::NotFound {
            format!("command `{program}` not found")
        } else {
            format!("cannot start `{program}`: {error}")
        };
        Fault::new(FaultKind::Crash, message)
    })
}

/// The program and its arguments, as one line for the records.
fn command_line(program: &str, args: &[String]) -> String {
    let mut line = program.to_owned();
    for arg in args {
        line.push(' ');
        line.push_str(arg);
    }
    line
}

/// Notes the start in the stderr log and copies the child's stderr into it on a thread.
fn log_start(log: &Log, child: &mut Child, pid: i32, line: &str, working_dir: &Path) {
    log.line(&format!(
        "[arbiter] pid {pid}: `{line}` in {}",
        working_dir.display()
    ));
    if let Some(stderr) = child.stderr.take() {
        let log = log.clone();
        let _ = std::thread::Builder::new()
            .name(format!("arbiter-stderr-{pid}"))
            .spawn(move || log.copy_from(stderr));
    }
}

/// The reader thread of `stdout`: its events, and the bytes of the line being read.
fn start_reader(
    stdout: std::process::ChildStdout,
    pid: i32,
) -> Result<(Receiver<Event>, Pending), Fault> {
    let (sender, events) = mpsc::sync_channel(CHANNEL_LINES);
    let pending = Arc::new(Mutex::new(Vec::new()));
    let shared = Arc::clone(&pending);
    std::thread::Builder::new()
        .name(format!("arbiter-reader-{pid}"))
        .spawn(move || read_lines(stdout, &sender, &shared))
        .map_err(|error| Fault::new(FaultKind::Crash, format!("no reader thread: {error}")))?;
    Ok((events, pending))
}

/// Waits (briefly) for killed processes to go, reaping those re-parented to arbiter (it is
/// their subreaper).
fn reap(pids: &[i32]) {
    let (me, _) = procfs::me();
    let end = Instant::now() + Duration::from_secs(1);
    let mut left: Vec<i32> = pids.to_vec();
    while !left.is_empty() && Instant::now() < end {
        left.retain(|&pid| match procfs::stat(pid) {
            None => false,
            Some(stat) if stat.state == 'Z' && stat.ppid == me => {
                // SAFETY: waitpid on a zombie child of ours that no `Child` handle owns (it is
                // an engine's orphan adopted by the subreaper).
                unsafe {
                    libc::waitpid(pid, std::ptr::null_mut(), libc::WNOHANG);
                }
                false
            }
            // A zombie of another parent is that parent's to reap.
            Some(stat) => stat.state != 'Z',
        });
        if !left.is_empty() {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// The processes of `started` still running after up to `grace`: their group, a descendant or
/// a process with their tag. Empty when nothing is left behind.
#[must_use]
pub(crate) fn left_behind(started: &[Started], grace: Duration) -> Vec<(i32, String)> {
    let end = Instant::now() + grace;
    loop {
        let mut alive: Vec<(i32, String)> =
            procfs::tagged(|tag| started.iter().any(|s| s.tag == tag))
                .into_iter()
                .map(|(pid, _)| (pid, procfs::cmdline(pid)))
                .collect();
        for s in started {
            if !group_gone(s.pgid) && !alive.iter().any(|(pid, _)| *pid == s.pgid) {
                alive.push((s.pgid, format!("process group {}", s.pgid)));
            }
        }
        if alive.is_empty() || Instant::now() >= end {
            return alive;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether no live process of group `pgid` is left (zombies do not count).
#[must_use]
pub(crate) fn group_gone(pgid: i32) -> bool {
    // SAFETY: signal 0 only checks existence.
    let result = unsafe { libc::kill(-pgid, 0) };
    if result != 0 {
        return std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH);
    }
    // kill(2) reaches zombies too: look for a member that still runs.
    !procfs::all_pids()
        .into_iter()
        .any(|pid| procfs::stat(pid).is_some_and(|stat| stat.pgid == pgid && stat.state != 'Z'))
}

/// "exited with code 3" / "killed by signal 11 (SIGSEGV)".
#[must_use]
pub(crate) fn describe_exit(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exited with code {code}");
    }
    match status.signal() {
        Some(signal) => format!("killed by signal {signal} ({})", signal_name(signal)),
        None => "ended in an unknown way".to_owned(),
    }
}

fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGABRT => "SIGABRT",
        libc::SIGKILL => "SIGKILL",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGXCPU => "SIGXCPU",
        _ => "other",
    }
}

/// At most 80 characters of `text`, control characters escaped, for messages.
#[must_use]
pub fn preview(text: &str) -> String {
    let mut out: String = escape(&text.chars().take(80).collect::<String>());
    if text.chars().count() > 80 {
        out.push('…');
    }
    out
}

/// The reader thread: lines to `sender`, bounded; drains the rest after an overlong line.
fn read_lines(
    stdout: std::process::ChildStdout,
    sender: &SyncSender<Event>,
    pending: &Mutex<Vec<u8>>,
) {
    let mut reader = BufReader::with_capacity(64 * 1024, stdout);
    let mut line: Vec<u8> = Vec::new();
    let mut too_long = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok([]) => {
                let last = (!line.is_empty() && !too_long).then(|| finish(&line));
                let _ = sender.send(Event::Eof(last));
                return;
            }
            Ok(chunk) => chunk,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => {
                let _ = sender.send(Event::Error(error.to_string()));
                return;
            }
        };
        let (used, complete) = match chunk.iter().position(|&b| b == b'\n') {
            Some(index) => (index + 1, true),
            None => (chunk.len(), false),
        };
        let body = if complete { &chunk[..used - 1] } else { chunk };
        let mut overflow = None;
        if !too_long {
            line.extend_from_slice(body);
            if line.len() > MAX_LINE {
                too_long = true;
                overflow = Some(line.len());
                line = Vec::new();
            }
        }
        reader.consume(used);
        if let Ok(mut shared) = pending.lock() {
            shared.clear();
            if !too_long && !complete {
                shared.extend_from_slice(&line[..line.len().min(256)]);
            }
        }
        if let Some(bytes) = overflow
            && sender.send(Event::TooLong(bytes)).is_err()
        {
            return;
        }
        if complete {
            if !too_long && sender.send(Event::Line(finish(&line))).is_err() {
                return;
            }
            line.clear();
            too_long = false;
        }
    }
}

/// A line's text: lossy UTF-8, without a trailing `\r`.
fn finish(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.strip_suffix('\r').unwrap_or(&text).to_owned()
}
