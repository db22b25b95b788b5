//! The sandbox: one engine process in its own process group, read line by line under a
//! deadline, killed with its whole group on timeout and at drop.
//!
//! * No shell: [`std::process::Command`] with an argv list.
//! * `process_group(0)`: the engine and everything it starts share one group, so
//!   `killpg(SIGKILL)` leaves nothing behind (short of a child that calls `setsid`).
//! * stdin and stdout are pipes; stderr goes to a log file that is never parsed.
//! * A reader thread turns stdout into lines on a channel. A line is bounded
//!   ([`MAX_LINE`]): a longer one is a protocol error, and the rest of the output is drained so
//!   that the engine never blocks on a full pipe.
//! * `RLIMIT_AS` is set in the child (between fork and exec) when the manifest gives a memory
//!   limit.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::fault::{Fault, FaultKind};

/// The longest line an engine may print (1 MB): longer is a protocol error.
pub const MAX_LINE: usize = 1 << 20;

/// How to start a process.
#[derive(Clone, Debug)]
pub struct SpawnSpec {
    pub program: PathBuf,
    pub args: Vec<String>,
    pub working_dir: PathBuf,
    /// `RLIMIT_AS` in MB.
    pub memory_mb: Option<u64>,
    /// Where stderr goes (appended); `None` discards it.
    pub stderr_log: Option<PathBuf>,
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

/// A running engine process.
pub struct Process {
    child: Child,
    pgid: i32,
    stdin: Option<ChildStdin>,
    events: Receiver<Event>,
    /// Bytes of the line being read (for a "no newline" diagnosis at a deadline).
    pending: Arc<Mutex<Vec<u8>>>,
    /// Set once the output has ended.
    eof: bool,
    /// The log of stderr, if any.
    log: Option<PathBuf>,
    exited: Option<ExitStatus>,
    program: String,
}

impl Process {
    /// Starts the process.
    ///
    /// # Errors
    /// A [`Fault`] of kind `crash` when the program cannot be started (not found, not
    /// executable), with the OS reason.
    pub fn spawn(spec: &SpawnSpec) -> Result<Process, Fault> {
        let program = spec.program.display().to_string();
        let mut command = Command::new(&spec.program);
        command
            .args(&spec.args)
            .current_dir(&spec.working_dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .process_group(0);
        command.stderr(match &spec.stderr_log {
            Some(path) => Stdio::from(open_log(path).map_err(|error| {
                Fault::new(
                    FaultKind::Crash,
                    format!("cannot open the stderr log {}: {error}", path.display()),
                )
            })?),
            None => Stdio::null(),
        });
        if let Some(mb) = spec.memory_mb {
            let bytes = mb.saturating_mul(1 << 20);
            // SAFETY: the closure runs between fork and exec and only calls setrlimit, which is
            // async-signal-safe; it allocates nothing.
            unsafe {
                command.pre_exec(move || {
                    let limit = libc::rlimit {
                        rlim_cur: bytes as libc::rlim_t,
                        rlim_max: bytes as libc::rlim_t,
                    };
                    if libc::setrlimit(libc::RLIMIT_AS, &raw const limit) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
        let mut child = command.spawn().map_err(|error| {
            let message = if error.kind() == std::io::ErrorKind::NotFound {
                format!("command `{program}` not found")
            } else {
                format!("cannot start `{program}`: {error}")
            };
            Fault::new(FaultKind::Crash, message)
        })?;
        let pgid = i32::try_from(child.id()).unwrap_or(i32::MAX);
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, events) = mpsc::channel();
        let pending = Arc::new(Mutex::new(Vec::new()));
        let shared = Arc::clone(&pending);
        std::thread::Builder::new()
            .name(format!("arbiter-reader-{pgid}"))
            .spawn(move || read_lines(stdout, &sender, &shared))
            .map_err(|error| Fault::new(FaultKind::Crash, format!("no reader thread: {error}")))?;
        Ok(Process {
            child,
            pgid,
            stdin,
            events,
            pending,
            eof: false,
            log: spec.stderr_log.clone(),
            exited: None,
            program,
        })
    }

    /// The process group id (the leader's pid).
    #[must_use]
    pub fn pgid(&self) -> i32 {
        self.pgid
    }

    /// The stderr log, if any.
    #[must_use]
    pub fn log(&self) -> Option<&Path> {
        self.log.as_deref()
    }

    /// Writes `text` as is (the caller adds the line ends its protocol uses) and flushes.
    ///
    /// # Errors
    /// The process closed its input: a `crash` (or `no-answer` after a clean exit) fault with
    /// the exit status.
    pub fn send(&mut self, text: &str) -> Result<(), Fault> {
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
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, waiting until `deadline`.
    ///
    /// # Errors
    /// `timeout` (with the partial output, if any), `protocol-error` for a line over
    /// [`MAX_LINE`], `crash` when the process died (exit code or signal), `no-answer` when it
    /// exited cleanly without a line.
    pub fn read_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, Fault> {
        if self.eof {
            let status = self.wait_exit(Duration::from_millis(500));
            return Err(self.exit_fault(status, &format!("its output ended before {waiting_for}")));
        }
        let timeout = deadline.saturating_duration_since(Instant::now());
        match self.events.recv_timeout(timeout) {
            Ok(Event::Line(line)) => Ok(line),
            Ok(Event::TooLong(bytes)) => Err(Fault::new(
                FaultKind::ProtocolError,
                format!(
                    "a line of more than {bytes} bytes (the limit is {MAX_LINE}) while waiting for {waiting_for}"
                ),
            )),
            Ok(Event::Eof(last)) => {
                self.eof = true;
                let status = self.wait_exit(Duration::from_millis(500));
                match last {
                    // Botzone reads a simple-interaction bot's output at its exit: a last line
                    // without a newline is still its answer, if the process ended well.
                    Some(line) if status.is_some_and(|s| s.success()) => Ok(line),
                    _ => {
                        Err(self
                            .exit_fault(status, &format!("its output ended before {waiting_for}")))
                    }
                }
            }
            Ok(Event::Error(error)) => Err(Fault::new(
                FaultKind::ProtocolError,
                format!("reading its output failed: {error}"),
            )),
            Err(RecvTimeoutError::Timeout) => {
                let pending = self.pending.lock().map(|p| p.clone()).unwrap_or_default();
                // The time that was left for this read, rounded to the ms the caller set.
                let limit = timeout.as_secs_f64();
                if pending.is_empty() {
                    Err(Fault::new(
                        FaultKind::Timeout,
                        format!("no answer within {limit:.1} s while waiting for {waiting_for}"),
                    ))
                } else {
                    Err(Fault::new(
                        FaultKind::ProtocolError,
                        format!(
                            "printed `{}` without a newline and nothing more within {limit:.1} s",
                            preview(&String::from_utf8_lossy(&pending))
                        ),
                    ))
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                self.eof = true;
                let status = self.wait_exit(Duration::from_millis(500));
                Err(self.exit_fault(status, &format!("its output ended before {waiting_for}")))
            }
        }
    }

    /// Waits up to `limit` for the process to exit on its own.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<ExitStatus> {
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

    /// The fault for a process whose output ended: how it exited.
    fn exit_fault(&self, status: Option<ExitStatus>, context: &str) -> Fault {
        match status {
            Some(status) if status.success() => Fault::new(
                FaultKind::NoAnswer,
                format!("`{}` exited with code 0: {context}", self.program),
            ),
            Some(status) => Fault::new(
                FaultKind::Crash,
                format!("`{}` {}: {context}", self.program, describe_exit(status)),
            ),
            None => Fault::new(
                FaultKind::NoAnswer,
                format!("`{}` closed its output: {context}", self.program),
            ),
        }
    }

    /// Ends the process: closes its input, gives it `grace` to exit, then kills the group.
    pub fn shutdown(&mut self, grace: Duration) -> Option<ExitStatus> {
        self.stdin = None;
        let status = self.wait_exit(grace);
        self.kill();
        status.or(self.exited)
    }

    /// Kills the whole process group and reaps the leader.
    pub fn kill(&mut self) {
        // SAFETY: killpg with a group id we created; no memory is involved.
        unsafe {
            libc::killpg(self.pgid, libc::SIGKILL);
        }
        if self.exited.is_none() {
            self.exited = self.child.wait().ok();
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Whether no process of group `pgid` is left (`kill(-pgid, 0)` fails with `ESRCH`).
#[must_use]
pub fn group_gone(pgid: i32) -> bool {
    // SAFETY: signal 0 only checks existence.
    let result = unsafe { libc::kill(-pgid, 0) };
    result != 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
}

/// "exited with code 3" / "killed by signal 11 (SIGSEGV)".
#[must_use]
pub fn describe_exit(status: ExitStatus) -> String {
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

fn open_log(path: &Path) -> std::io::Result<File> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    File::options().create(true).append(true).open(path)
}

/// At most 80 characters of `text`, for messages.
#[must_use]
pub fn preview(text: &str) -> String {
    let mut out: String = text.chars().take(80).collect();
    if text.chars().count() > 80 {
        out.push('…');
    }
    out
}

/// The reader thread: lines to `sender`, bounded; drains the rest after an overlong line.
fn read_lines(
    stdout: std::process::ChildStdout,
    sender: &mpsc::Sender<Event>,
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
        if !too_long {
            line.extend_from_slice(body);
            if line.len() > MAX_LINE {
                too_long = true;
                if sender.send(Event::TooLong(line.len())).is_err() {
                    return;
                }
                line = Vec::new();
            }
        }
        reader.consume(used);
        if complete {
            if !too_long && sender.send(Event::Line(finish(&line))).is_err() {
                return;
            }
            line.clear();
            too_long = false;
        }
        if let Ok(mut shared) = pending.lock() {
            shared.clear();
            if !too_long {
                shared.extend_from_slice(&line[..line.len().min(256)]);
            }
        }
    }
}

/// A line's text: lossy UTF-8, without a trailing `\r`.
fn finish(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.strip_suffix('\r').unwrap_or(&text).to_owned()
}
