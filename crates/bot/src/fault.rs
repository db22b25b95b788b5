//! Deliberate faults, so that the adapters of external engines can be tested against real
//! misbehaving processes (`arbiter-bot --fault …`).
//!
//! | fault | what the bot does |
//! |---|---|
//! | `crash-at:N` | exits with code 3 when asked for its N-th move (counted from 1) |
//! | `segv-at:N` | kills itself with `SIGSEGV` when asked for its N-th move |
//! | `hang` | answers set-up commands, but never a move |
//! | `garbage` | answers each move request with a line that is no protocol answer |
//! | `illegal` | plays an occupied point (any rule-illegal move; off the board when none exists) |
//! | `forbidden` | plays a renju forbidden point when one exists, else its ordinary move |
//! | `slow-start:MS` | sleeps MS milliseconds before its first output line, whatever it is |
//! | `huge-output` | answers each move request with one 2 MB line |
//! | `wrong-pass` | passes (Botzone all `-1`, Gomocup `-1,-1`, arbiter-line `pass`) even with a move at hand |
//! | `no-newline` | writes its move without a line end, flushes, and then waits forever |
//! | `slow:MS` | sleeps MS milliseconds before each move answer |
//! | `message-flood` | instead of a move, prints lines a manager skips, without end (Gomocup `MESSAGE`, else blank lines) |
//! | `blank-flood` | instead of a move, prints blank lines without end |
//! | `extra-line` | after each move answer, prints a second answer line nobody asked for |
//! | `error-lines` | prints `ERROR …` lines before each move (Gomocup; a manager skips them) |
//! | `debug-move` | prints a debug line holding `move ` before each move (CCGC: the platform reads it as the move) |
//! | `no-about` | answers `UNKNOWN` to Gomocup `ABOUT` |
//! | `error-for-unknown` | answers `ERROR …` where Gomocup says `UNKNOWN` |
//! | `exit-after-hello` | exits with code 3 at the first command after set-up (`hello`/`variant`, `START`/`INFO`) |
//! | `garbage-outcome` | answers garbage to arbiter-line `outcome` |
//! | `memory:MB` | allocates and touches MB megabytes at start, then plays normally |
//! | `reserve:MB` | reserves MB megabytes of address space at start without touching them (as a JVM or a hash table sized from `INFO max_memory` does) |
//! | `loose-json` | Botzone JSON answers with a number as `debug` and an object as `data` |
//! | `setsid-grandchild` | at start, leaves a grandchild in its own session that ignores SIGTERM and sleeps |
//! | `ignore-term` | ignores SIGTERM, and neither `END`/`quit` nor the end of its input stops it |
//! | `pv-garbage` | arbiter-line: ends the `pv` of each `bestmove` with the token `garbage` |
//! | `bad-notation` | answers each move with `zz` after it (`d3zz`): text that is no move in the game's notation |
//! | `resign-at:N` | GTP/HTP: answers `= resign` when asked for its N-th move (a behaviour, not a fault: the game is lost by resignation; protocols without a resignation play on) |
//! | `exit-leaving-grandchild` | at start, leaves a grandchild as `setsid-grandchild` does (holding the bot's output open), then exits with code 3 when asked for its first move |

use std::fmt;
use std::str::FromStr;

/// One deliberate fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fault {
    CrashAt(u32),
    SegvAt(u32),
    Hang,
    Garbage,
    Illegal,
    Forbidden,
    SlowStart(u64),
    HugeOutput,
    WrongPass,
    NoNewline,
    Slow(u64),
    MessageFlood,
    BlankFlood,
    ExtraLine,
    ErrorLines,
    DebugMove,
    NoAbout,
    ErrorForUnknown,
    ExitAfterHello,
    GarbageOutcome,
    Memory(u64),
    Reserve(u64),
    LooseJson,
    SetsidGrandchild,
    IgnoreTerm,
    ExitLeavingGrandchild,
    PvGarbage,
    BadNotation,
    ResignAt(u32),
}

impl Fault {
    /// Every fault's spelling, for messages and `--help`.
    pub(crate) const NAMES: &'static str = "crash-at:N, segv-at:N, hang, garbage, illegal, forbidden, \
        slow-start:MS, huge-output, wrong-pass, no-newline, slow:MS, message-flood, blank-flood, \
        extra-line, error-lines, debug-move, no-about, error-for-unknown, exit-after-hello, garbage-outcome, \
        memory:MB, reserve:MB, loose-json, setsid-grandchild, ignore-term, exit-leaving-grandchild, pv-garbage, bad-notation, resign-at:N";
}

/// The faults without a value, by their spelling: what [`Fault::from_str`] reads and
/// `Display` writes.
const PLAIN: [(&str, Fault); 22] = [
    ("hang", Fault::Hang),
    ("garbage", Fault::Garbage),
    ("illegal", Fault::Illegal),
    ("forbidden", Fault::Forbidden),
    ("huge-output", Fault::HugeOutput),
    ("wrong-pass", Fault::WrongPass),
    ("no-newline", Fault::NoNewline),
    ("message-flood", Fault::MessageFlood),
    ("blank-flood", Fault::BlankFlood),
    ("extra-line", Fault::ExtraLine),
    ("error-lines", Fault::ErrorLines),
    ("debug-move", Fault::DebugMove),
    ("no-about", Fault::NoAbout),
    ("error-for-unknown", Fault::ErrorForUnknown),
    ("exit-after-hello", Fault::ExitAfterHello),
    ("garbage-outcome", Fault::GarbageOutcome),
    ("loose-json", Fault::LooseJson),
    ("setsid-grandchild", Fault::SetsidGrandchild),
    ("ignore-term", Fault::IgnoreTerm),
    ("exit-leaving-grandchild", Fault::ExitLeavingGrandchild),
    ("pv-garbage", Fault::PvGarbage),
    ("bad-notation", Fault::BadNotation),
];

/// The exit code of `crash-at:N`.
pub(crate) const CRASH_EXIT_CODE: i32 = 3;

/// The length of the `huge-output` line, in bytes (over the 1 MB a sandbox accepts).
pub(crate) const HUGE_LINE_BYTES: usize = 2 * 1024 * 1024;

impl FromStr for Fault {
    type Err = String;

    fn from_str(text: &str) -> Result<Fault, String> {
        let number = |value: &str| -> Result<u64, String> {
            value
                .parse()
                .map_err(|_| format!("bad number {value:?} in fault {text:?}"))
        };
        let (name, value) = match text.split_once(':') {
            Some((name, value)) => (name, Some(value)),
            None => (text, None),
        };
        let unknown = || format!("unknown fault {text:?}: expected one of {}", Fault::NAMES);
        let count = |value: Option<&str>| -> Result<u32, String> {
            let n = number(value.unwrap_or(""))?;
            u32::try_from(n)
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| format!("the move number in {text:?} must be from 1"))
        };
        match (name, value) {
            ("crash-at", value) => count(value).map(Fault::CrashAt),
            ("segv-at", value) => count(value).map(Fault::SegvAt),
            ("slow-start", Some(value)) => number(value).map(Fault::SlowStart),
            ("slow", Some(value)) => number(value).map(Fault::Slow),
            ("memory", Some(value)) => number(value).map(Fault::Memory),
            ("reserve", Some(value)) => number(value).map(Fault::Reserve),
            ("resign-at", value) => count(value).map(Fault::ResignAt),
            (name, None) => PLAIN
                .iter()
                .find(|(plain, _)| *plain == name)
                .map(|&(_, fault)| fault)
                .ok_or_else(unknown),
            _ => Err(unknown()),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Fault::CrashAt(n) => write!(f, "crash-at:{n}"),
            Fault::SegvAt(n) => write!(f, "segv-at:{n}"),
            Fault::SlowStart(ms) => write!(f, "slow-start:{ms}"),
            Fault::Slow(ms) => write!(f, "slow:{ms}"),
            Fault::Memory(mb) => write!(f, "memory:{mb}"),
            Fault::Reserve(mb) => write!(f, "reserve:{mb}"),
            Fault::ResignAt(n) => write!(f, "resign-at:{n}"),
            plain => f.write_str(
                PLAIN
                    .iter()
                    .find(|(_, fault)| *fault == plain)
                    .map(|(name, _)| *name)
                    .expect("every fault without a value is in PLAIN"),
            ),
        }
    }
}

/// Blocks the thread for good (the `hang` and `no-newline` faults): the process only ends when
/// it is killed.
pub(crate) fn wait_forever() -> ! {
    loop {
        std::thread::sleep(std::time::Duration::from_secs(3600));
    }
}

/// The faults that act on the process as a whole, before any protocol line: `memory:MB`
/// (touch that much memory and keep it), `setsid-grandchild` (leave an escaped grandchild),
/// `ignore-term` (ignore SIGTERM).
pub(crate) fn at_start(fault: Option<Fault>) {
    match fault {
        Some(Fault::Memory(mb)) => {
            let bytes = usize::try_from(mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
            // Touched page by page, so it is resident, not only reserved; kept for good.
            let mut block = vec![0u8; bytes];
            for index in (0..block.len()).step_by(4096) {
                block[index] = 1;
            }
            eprintln!("arbiter-bot: fault memory:{mb}: holding {mb} MB");
            std::mem::forget(block);
        }
        Some(Fault::Reserve(mb)) => {
            let bytes = usize::try_from(mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
            // Reserved, never touched: address space, not resident memory.
            let block: Vec<u8> = Vec::with_capacity(bytes);
            eprintln!("arbiter-bot: fault reserve:{mb}: reserved {mb} MB, untouched");
            std::mem::forget(block);
        }
        Some(Fault::SetsidGrandchild | Fault::ExitLeavingGrandchild) => leave_grandchild(),
        Some(Fault::IgnoreTerm) => {
            // SAFETY: setting a signal's disposition to ignore touches no memory.
            unsafe {
                libc::signal(libc::SIGTERM, libc::SIG_IGN);
            }
        }
        _ => {}
    }
}

/// Forks twice: the child exits at once, the grandchild (re-parented, in a session of its
/// own, deaf to SIGTERM and SIGHUP) sleeps until killed, as a daemonising helper would.
fn leave_grandchild() {
    // SAFETY: called at start, before any thread exists; between fork and the end of the
    // child only async-signal-safe calls are made (fork, setsid, signal, pause, _exit).
    unsafe {
        match libc::fork() {
            0 => {
                if libc::fork() == 0 {
                    libc::setsid();
                    libc::signal(libc::SIGTERM, libc::SIG_IGN);
                    libc::signal(libc::SIGHUP, libc::SIG_IGN);
                    loop {
                        libc::pause();
                    }
                }
                libc::_exit(0);
            }
            child if child > 0 => {
                libc::waitpid(child, std::ptr::null_mut(), 0);
                eprintln!("arbiter-bot: fault setsid-grandchild: left a grandchild behind");
            }
            _ => eprintln!("arbiter-bot: fault setsid-grandchild: fork failed"),
        }
    }
}

/// Ends the process as the crash faults say, when this is the move they name.
pub(crate) fn crash_if_due(fault: Option<Fault>, move_number: u32) {
    match fault {
        Some(Fault::ExitLeavingGrandchild) if move_number == 1 => {
            eprintln!(
                "arbiter-bot: fault exit-leaving-grandchild: exiting with code {CRASH_EXIT_CODE}"
            );
            std::process::exit(CRASH_EXIT_CODE);
        }
        Some(Fault::CrashAt(n)) if n == move_number => {
            eprintln!("arbiter-bot: fault crash-at:{n}: exiting with code {CRASH_EXIT_CODE}");
            std::process::exit(CRASH_EXIT_CODE);
        }
        Some(Fault::SegvAt(n)) if n == move_number => {
            eprintln!("arbiter-bot: fault segv-at:{n}: raising SIGSEGV");
            // Rust's runtime handles SIGSEGV (to report stack overflows) and returns from a
            // signal it did not cause by a fault; restore the default action first.
            // SAFETY: signal() and raise() only change and signal this process; SIGSEGV's default
            // action ends it, which is the point of this fault.
            unsafe {
                libc::signal(libc::SIGSEGV, libc::SIG_DFL);
                libc::raise(libc::SIGSEGV);
            }
            // Should a handler ignore the signal, still never answer.
            std::process::abort();
        }
        Some(Fault::Hang) => {
            eprintln!("arbiter-bot: fault hang: not answering move {move_number}");
            wait_forever();
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("crash-at:3", Fault::CrashAt(3))]
    #[case("segv-at:1", Fault::SegvAt(1))]
    #[case("hang", Fault::Hang)]
    #[case("garbage", Fault::Garbage)]
    #[case("illegal", Fault::Illegal)]
    #[case("forbidden", Fault::Forbidden)]
    #[case("slow-start:1500", Fault::SlowStart(1500))]
    #[case("huge-output", Fault::HugeOutput)]
    #[case("wrong-pass", Fault::WrongPass)]
    #[case("no-newline", Fault::NoNewline)]
    #[case("slow:300", Fault::Slow(300))]
    #[case("message-flood", Fault::MessageFlood)]
    #[case("blank-flood", Fault::BlankFlood)]
    #[case("extra-line", Fault::ExtraLine)]
    #[case("error-lines", Fault::ErrorLines)]
    #[case("debug-move", Fault::DebugMove)]
    #[case("no-about", Fault::NoAbout)]
    #[case("error-for-unknown", Fault::ErrorForUnknown)]
    #[case("exit-after-hello", Fault::ExitAfterHello)]
    #[case("garbage-outcome", Fault::GarbageOutcome)]
    #[case("memory:64", Fault::Memory(64))]
    #[case("reserve:4096", Fault::Reserve(4096))]
    #[case("loose-json", Fault::LooseJson)]
    #[case("setsid-grandchild", Fault::SetsidGrandchild)]
    #[case("ignore-term", Fault::IgnoreTerm)]
    #[case("resign-at:2", Fault::ResignAt(2))]
    fn reads_faults(#[case] text: &str, #[case] fault: Fault) {
        assert_eq!(text.parse::<Fault>(), Ok(fault));
        assert_eq!(fault.to_string(), text);
    }

    /// Every spelling `--help` lists reads as a fault that writes it back (a fault without a
    /// value missing from [`PLAIN`] fails here).
    #[test]
    fn every_listed_fault_reads_back_its_spelling() {
        for spelling in Fault::NAMES.split(", ") {
            let text = match spelling.split_once(':') {
                Some((name, _)) => format!("{name}:2"),
                None => spelling.to_owned(),
            };
            let fault: Fault = text.parse().unwrap_or_else(|error| panic!("{error}"));
            assert_eq!(fault.to_string(), text);
        }
    }

    #[rstest]
    #[case("")]
    #[case("crash")]
    #[case("crash-at")]
    #[case("crash-at:0")]
    #[case("crash-at:x")]
    #[case("slow-start")]
    #[case("hang:2")]
    #[case("segv-at:99999999999")]
    fn refuses_bad_faults(#[case] text: &str) {
        assert!(text.parse::<Fault>().is_err(), "{text}");
    }
}
