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

use std::fmt;
use std::str::FromStr;

/// One deliberate fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
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
}

/// The exit code of `crash-at:N`.
pub const CRASH_EXIT_CODE: i32 = 3;

/// The length of the `huge-output` line, in bytes (over the 1 MB a sandbox accepts).
pub const HUGE_LINE_BYTES: usize = 2 * 1024 * 1024;

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
            ("hang", None) => Ok(Fault::Hang),
            ("garbage", None) => Ok(Fault::Garbage),
            ("illegal", None) => Ok(Fault::Illegal),
            ("forbidden", None) => Ok(Fault::Forbidden),
            ("huge-output", None) => Ok(Fault::HugeOutput),
            ("wrong-pass", None) => Ok(Fault::WrongPass),
            ("no-newline", None) => Ok(Fault::NoNewline),
            _ => Err(format!(
                "unknown fault {text:?}: expected crash-at:N, segv-at:N, hang, garbage, illegal, \
                 forbidden, slow-start:MS, huge-output, wrong-pass or no-newline"
            )),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::CrashAt(n) => write!(f, "crash-at:{n}"),
            Fault::SegvAt(n) => write!(f, "segv-at:{n}"),
            Fault::Hang => f.write_str("hang"),
            Fault::Garbage => f.write_str("garbage"),
            Fault::Illegal => f.write_str("illegal"),
            Fault::Forbidden => f.write_str("forbidden"),
            Fault::SlowStart(ms) => write!(f, "slow-start:{ms}"),
            Fault::HugeOutput => f.write_str("huge-output"),
            Fault::WrongPass => f.write_str("wrong-pass"),
            Fault::NoNewline => f.write_str("no-newline"),
        }
    }
}

/// Blocks the thread for good (the `hang` and `no-newline` faults): the process only ends when
/// it is killed.
pub fn wait_forever() -> ! {
    loop {
        std::thread::sleep(std::time::Duration::from_secs(3600));
    }
}

/// Ends the process as the crash faults say, when this is the move they name.
pub fn crash_if_due(fault: Option<Fault>, move_number: u32) {
    match fault {
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
    fn reads_faults(#[case] text: &str, #[case] fault: Fault) {
        assert_eq!(text.parse::<Fault>(), Ok(fault));
        assert_eq!(fault.to_string(), text);
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
