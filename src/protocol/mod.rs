//! Tournament protocols as pure codecs: text in, typed messages out, and back. No IO here.
//!
//! Both sides of every conversation use these types: the `arbiter-bot` binary (the engine side,
//! [`crate::bot`]) and the adapters that drive an external engine (the manager side). Moves are
//! always exchanged with the rest of arbiter in the game's own notation (`h8`, `d3`, `pass`,
//! `d1-d7/g7`, `swap`), the notation of [`crate::engine::Position`]; the per-game
//! [`encoding`] translates them to and from the platforms' coordinates.
//!
//! | module | protocol |
//! |---|---|
//! | [`encoding`] | Botzone coordinates per game (`{x,y}`, `{x0..y2}`, the `-1` meanings) and Gomocup `X,Y` |
//! | [`botzone`] | Botzone JSON input/output, simplified line I/O, keep-running marker, history replay |
//! | [`gomocup`] | Gomocup/Piskvork commands (`START`, `TURN`, `BOARD`…`DONE`, `SWAP2BOARD`, …) and answers |
//! | [`line`](mod@line) | arbiter's own line protocol `arbiter-line` v1 (`position`, `legal`, `go`, …) |
//!
//! Every parser returns a [`CodecError`] for text it cannot read; none panics on any input.
//! The protocols are documented for users in `docs/protocols.md`.

pub mod botzone;
pub mod encoding;
pub mod gomocup;
pub mod line;

use std::fmt;

pub use encoding::{Coords, Decoded, Encoding};

/// Text that is not a valid message of the protocol, or a move that has no encoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodecError {
    /// Lower-case sentence without a trailing period, naming the offending text.
    pub message: String,
}

impl CodecError {
    /// An error with this message.
    #[must_use]
    pub fn new(message: impl Into<String>) -> CodecError {
        CodecError {
            message: message.into(),
        }
    }
}

impl fmt::Display for CodecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CodecError {}

/// A line as the other side sent it, without its line end: strips one trailing `\n` and then
/// one `\r` (Piskvork managers send CR LF; LF alone is accepted everywhere).
#[must_use]
pub fn trim_line_end(line: &str) -> &str {
    let line = line.strip_suffix('\n').unwrap_or(line);
    line.strip_suffix('\r').unwrap_or(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("TURN 7,7\r\n", "TURN 7,7")]
    #[case("TURN 7,7\n", "TURN 7,7")]
    #[case("TURN 7,7", "TURN 7,7")]
    #[case("\r\n", "")]
    #[case("a\r", "a")]
    fn strips_line_ends(#[case] raw: &str, #[case] line: &str) {
        assert_eq!(trim_line_end(raw), line);
    }
}
