//! How an external engine failed: the classification every fault gets.

use std::fmt;

use arbiter_engine::SearchError;

/// The kinds of failure, in the spelling of [`SearchError::Fault`]'s `kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// No answer within the move's time.
    Timeout,
    /// The process died: exit code or signal (or could not be started).
    Crash,
    /// An answer that is not in the protocol (unparseable, too long, no newline).
    ProtocolError,
    /// The process ended cleanly, or closed its output, without answering.
    NoAnswer,
    /// A well-formed move that the rules refuse (the detail gives the rule's reason).
    IllegalMove,
    /// A pass when a move exists, or no pass when only a pass is legal.
    WrongPass,
    /// An exchange (swap) where the opening rule allows none.
    WrongExchange,
    /// The resident memory of its process tree went over the manifest's `memory-mb`.
    MemoryLimit,
}

impl FaultKind {
    /// The kebab-case name used in [`SearchError::Fault`] and reports.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            FaultKind::Timeout => "timeout",
            FaultKind::Crash => "crash",
            FaultKind::ProtocolError => "protocol-error",
            FaultKind::NoAnswer => "no-answer",
            FaultKind::IllegalMove => "illegal-move",
            FaultKind::WrongPass => "wrong-pass",
            FaultKind::WrongExchange => "wrong-exchange",
            FaultKind::MemoryLimit => "memory-limit",
        }
    }
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A classified failure with a readable detail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub kind: FaultKind,
    pub detail: String,
}

impl Fault {
    /// A fault of `kind`; control characters in `detail` (an engine's bytes) are escaped.
    #[must_use]
    pub(crate) fn new(kind: FaultKind, detail: String) -> Fault {
        Fault {
            kind,
            detail: escape(&detail),
        }
    }

    /// A protocol error.
    #[must_use]
    pub(crate) fn protocol(detail: impl Into<String>) -> Fault {
        Fault::new(FaultKind::ProtocolError, detail.into())
    }

    /// The same fault with `context` in front of its detail.
    #[must_use]
    pub(crate) fn context(mut self, context: &str) -> Fault {
        self.detail = format!("{context}: {}", self.detail);
        self
    }
}

/// `text` with control characters (NUL, escape sequences, bells, line breaks) written as Rust
/// escapes, so that an engine's bytes cannot garble a terminal or a report.
#[must_use]
pub(crate) fn escape(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.detail)
    }
}

impl std::error::Error for Fault {}

impl From<Fault> for SearchError {
    fn from(fault: Fault) -> SearchError {
        SearchError::Fault {
            kind: fault.kind.name().to_owned(),
            detail: fault.detail,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_bytes_are_escaped() {
        assert_eq!(escape("a\0b\x1b[31mc\nd"), "a\\u{0}b\\u{1b}[31mc\\nd");
        assert_eq!(escape("plain – text"), "plain – text");
        let fault = Fault::protocol("got `\0\0`");
        assert_eq!(fault.detail, "got `\\u{0}\\u{0}`");
    }
}
