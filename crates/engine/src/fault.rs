//! How an engine failed: the one list of fault kinds, from the process that broke the protocol
//! to the case result, the match record and the reports, each with its stable code.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The kinds of failure. The serde form and [`FaultKind::code`] are the same kebab-case code,
/// written in case results (`fault`), match records (`class`) and every report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
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
    /// A forbidden point for black under renju rules that make fouls illegal (the match
    /// referee's class; a rule query reports such a move as an `illegal-move`).
    RenjuFoul,
    /// The resident memory of its process tree went over the manifest's `memory-mb`.
    MemoryLimit,
    /// An embedded engine's search failed in a match (a bad parameters file, a solver without
    /// a proof within its budget).
    EngineError,
}

impl FaultKind {
    /// Every kind, in declaration order.
    pub const ALL: [FaultKind; 10] = [
        FaultKind::Timeout,
        FaultKind::Crash,
        FaultKind::ProtocolError,
        FaultKind::NoAnswer,
        FaultKind::IllegalMove,
        FaultKind::WrongPass,
        FaultKind::WrongExchange,
        FaultKind::RenjuFoul,
        FaultKind::MemoryLimit,
        FaultKind::EngineError,
    ];

    /// The stable kebab-case code.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            FaultKind::Timeout => "timeout",
            FaultKind::Crash => "crash",
            FaultKind::ProtocolError => "protocol-error",
            FaultKind::NoAnswer => "no-answer",
            FaultKind::IllegalMove => "illegal-move",
            FaultKind::WrongPass => "wrong-pass",
            FaultKind::WrongExchange => "wrong-exchange",
            FaultKind::RenjuFoul => "renju-foul",
            FaultKind::MemoryLimit => "memory-limit",
            FaultKind::EngineError => "engine-error",
        }
    }

    /// Whether the engine broke a rule (a failed case: it answered, and the answer is
    /// illegal), as against failing to answer at all (an engine fault: timeout, crash,
    /// protocol error, no answer, memory).
    #[must_use]
    pub const fn is_rule_break(self) -> bool {
        matches!(
            self,
            FaultKind::IllegalMove
                | FaultKind::WrongPass
                | FaultKind::WrongExchange
                | FaultKind::RenjuFoul
        )
    }
}

impl FaultKind {
    /// How a report names the fault in words: the rule broken for a rule break (`illegal
    /// move`, `wrong pass`, `wrong exchange`, `renju foul`: a failed case), else `engine
    /// fault (<code>)` (no judgeable answer).
    #[must_use]
    pub fn in_words(self) -> String {
        match self {
            FaultKind::IllegalMove => "illegal move".to_owned(),
            FaultKind::WrongPass => "wrong pass".to_owned(),
            FaultKind::WrongExchange => "wrong exchange".to_owned(),
            FaultKind::RenjuFoul => "renju foul".to_owned(),
            kind => format!("engine fault ({})", kind.code()),
        }
    }
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A classified failure with a readable detail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub kind: FaultKind,
    pub detail: String,
    /// The move the engine answered, in the position's notation, when a rule refused it (an
    /// illegal move, a wrong pass or exchange): a report marks it on the board.
    pub played: Option<String>,
}

impl Fault {
    /// A fault of `kind`; control characters in `detail` (an engine's bytes) are escaped.
    #[must_use]
    pub fn new(kind: FaultKind, detail: String) -> Fault {
        Fault {
            kind,
            detail: escape(&detail),
            played: None,
        }
    }

    /// The same fault with the engine's answer `played` kept for the report's board.
    #[must_use]
    pub fn played(mut self, played: impl Into<String>) -> Fault {
        self.played = Some(escape(&played.into()));
        self
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

/// `text` with control characters (NUL, escape sequences, bells, line breaks) written as Rust
/// escapes, so that an engine's bytes cannot garble a terminal or a report.
#[must_use]
pub fn escape(text: &str) -> String {
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

impl Fault {
    /// The fault as a report reads it: in words (a rule break names the rule, `illegal move:
    /// …`; anything else is `engine fault (<code>): …`), then its detail.
    #[must_use]
    pub fn in_words(&self) -> String {
        format!("{}: {}", self.kind.in_words(), self.detail)
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.detail)
    }
}

impl std::error::Error for Fault {}

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

    #[test]
    fn the_code_is_the_serde_form() {
        for kind in FaultKind::ALL {
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(json, format!("\"{}\"", kind.code()));
            assert_eq!(serde_json::from_str::<FaultKind>(&json).unwrap(), kind);
        }
    }
}
