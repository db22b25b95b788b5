//! How an external engine failed: the classification every fault gets.

use std::fmt;

use crate::engine::SearchError;

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
}

impl FaultKind {
    /// Every kind.
    pub const ALL: [FaultKind; 7] = [
        FaultKind::Timeout,
        FaultKind::Crash,
        FaultKind::ProtocolError,
        FaultKind::NoAnswer,
        FaultKind::IllegalMove,
        FaultKind::WrongPass,
        FaultKind::WrongExchange,
    ];

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
    /// A fault of `kind`.
    #[must_use]
    pub fn new(kind: FaultKind, detail: String) -> Fault {
        Fault { kind, detail }
    }

    /// A protocol error.
    #[must_use]
    pub fn protocol(detail: impl Into<String>) -> Fault {
        Fault::new(FaultKind::ProtocolError, detail.into())
    }

    /// The same fault with `context` in front of its detail.
    #[must_use]
    pub fn context(mut self, context: &str) -> Fault {
        self.detail = format!("{context}: {}", self.detail);
        self
    }
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
