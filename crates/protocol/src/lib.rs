//! Tournament protocols as pure codecs: text in, typed messages out, and back. No IO here.
//!
//! Both sides of every conversation use these types: the `arbiter-bot` binary (the engine side,
//! `arbiter-bot`) and the adapters that drive an external engine (the manager side). Moves are
//! always exchanged with the rest of arbiter in the game's own notation (`h8`, `d3`, `pass`,
//! `d1-d7/g7`, `swap`), the notation of `arbiter_engine::Position`; the per-game
//! [`encoding`] translates them to and from the platforms' coordinates.
//!
//! | module | protocol |
//! |---|---|
//! | [`encoding`] | Botzone coordinates per game (`{x,y}`, `{x0..y2}`, the `-1` meanings) and Gomocup `X,Y` |
//! | [`botzone`] | Botzone JSON input/output, simplified line I/O, keep-running marker, history replay |
//! | [`gtp`] | the Go Text Protocol v2 (commands with ids, `=`/`?` responses, vertices without `I`; HTP's lettering for Hex) |
//! | [`gomocup`] | Gomocup/Piskvork commands (`START`, `TURN`, `BOARD`…`DONE`, `SWAP2BOARD`, …) and answers |
//! | [`line`](mod@line) | arbiter's own line protocol `arbiter-line` v1 (`position`, `legal`, `go`, …) |
//! | [`nboard`] | the NBoard Othello protocol (`set game` with a GGF game, `go`, `=== move`, `ping`/`pong`) |
//! | [`ccgc`] | the CCGC platform protocol (`name?`, `new black`, `move <list>`, `error`, `end`, `quit`) and its move lists |
//! | [`ucci`] | the xiangqi engine protocols UCCI 3.0 and UCI (Pikafish's, Fairy-Stockfish's ranks from 1): commands and replies |
//! | [`hub`] | Hub, Scan's draughts protocol v2 (`hub`, `init`, `pos`, `level`, `go`, `done move=… ponder=…`) |
//! | [`dxp`] | DXP, the DamExchange Protocol's fixed-width messages (`R`, `A`, `M`, `E`, `C`, `B`, `K`) and its NUL framing |
//!
//! Every parser returns a [`CodecError`] for text it cannot read; none panics on any input.
//! The protocols are documented for users in `docs/protocols.md`.
//!
//! [`Protocol`] is the one list of protocols: the manifest's `protocol:` key, `arbiter-bot
//! --protocol` and the drivers all use it. Adding a protocol is one variant here, a codec module
//! beside these, a driver in `arbiter_external` and a server in `arbiter_bot`; the compiler then
//! names every `match` that must learn it.

pub mod botzone;
pub mod ccgc;
mod draughts;
pub mod dxp;
pub mod encoding;
pub mod gomocup;
pub mod gtp;
pub mod hub;
pub mod line;
pub mod nboard;
pub mod ucci;

use std::fmt;

use serde::Deserialize;

pub use encoding::{Coords, Decoded, Encoding};

/// A tournament protocol, in the spelling of manifests and of `arbiter-bot --protocol`
/// ([`Protocol::name`]); what each one is, [`Protocol::summary`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Protocol {
    Botzone,
    BotzoneKeepRunning,
    BotzoneSimple,
    BotzoneSimpleKeepRunning,
    Gomocup,
    ArbiterLine,
    Nboard,
    Ccgc,
    Gtp,
    Ucci,
    Uci,
    Hub,
    Dxp,
}

impl Protocol {
    /// Every protocol.
    pub const ALL: [Protocol; 13] = [
        Protocol::Botzone,
        Protocol::BotzoneKeepRunning,
        Protocol::BotzoneSimple,
        Protocol::BotzoneSimpleKeepRunning,
        Protocol::Gomocup,
        Protocol::ArbiterLine,
        Protocol::Nboard,
        Protocol::Ccgc,
        Protocol::Gtp,
        Protocol::Ucci,
        Protocol::Uci,
        Protocol::Hub,
        Protocol::Dxp,
    ];

    /// The manifest and command-line spelling.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Protocol::Botzone => "botzone",
            Protocol::BotzoneKeepRunning => "botzone-keep-running",
            Protocol::BotzoneSimple => "botzone-simple",
            Protocol::BotzoneSimpleKeepRunning => "botzone-simple-keep-running",
            Protocol::Gomocup => "gomocup",
            Protocol::ArbiterLine => "arbiter-line",
            Protocol::Nboard => "nboard",
            Protocol::Ccgc => "ccgc",
            Protocol::Gtp => "gtp",
            Protocol::Ucci => "ucci",
            Protocol::Uci => "uci",
            Protocol::Hub => "hub",
            Protocol::Dxp => "dxp",
        }
    }

    /// What the protocol is, in one line (`arbiter-bot --help` lists it).
    #[must_use]
    pub const fn summary(self) -> &'static str {
        match self {
            Protocol::Botzone => {
                "Botzone JSON, simple interaction: a new process every turn, given the whole history"
            }
            Protocol::BotzoneKeepRunning => {
                "Botzone JSON, keep-running: one process; later turns get only the new request line"
            }
            Protocol::BotzoneSimple => {
                "Botzone's simplified line I/O (no JSON), a new process every turn"
            }
            Protocol::BotzoneSimpleKeepRunning => "Botzone's simplified line I/O, keep-running",
            Protocol::Gomocup => "Gomocup / Piskvork (`pbrain-*` engines)",
            Protocol::ArbiterLine => {
                "arbiter's own line protocol (`docs/protocols.md`): rules queries and `go`"
            }
            Protocol::Nboard => {
                "The NBoard Othello GUI's engine protocol (Edax, NTest, Egaroucid …)"
            }
            Protocol::Ccgc => {
                "The CCGC platform protocol (the SAU game platform: `name?`, `new black`, `move …`)"
            }
            Protocol::Gtp => {
                "The Go Text Protocol v2 (GNU Go, Pachi, KataGo, Leela Zero; Hex engines' HTP)"
            }
            Protocol::Ucci => {
                "UCCI 3.0, the Chinese-chess engine protocol (ElephantEye, Fairy-Stockfish after `ucci`)"
            }
            Protocol::Uci => {
                "UCI as xiangqi engines speak it (Pikafish; Fairy-Stockfish with `UCI_Variant xiangqi`)"
            }
            Protocol::Hub => {
                "Hub, Scan's draughts protocol (`hub`, `init`, `pos`, `level`, `go think`, `done move=…`)"
            }
            Protocol::Dxp => {
                "DXP, the DamExchange Protocol over TCP on the loopback address (draughts)"
            }
        }
    }

    /// Botzone's simplified line I/O (rather than JSON).
    #[must_use]
    pub const fn is_botzone_simple(self) -> bool {
        matches!(
            self,
            Protocol::BotzoneSimple | Protocol::BotzoneSimpleKeepRunning
        )
    }

    /// Whether one process serves a whole game (rather than one process per turn).
    #[must_use]
    pub const fn keeps_running(self) -> bool {
        !matches!(self, Protocol::Botzone | Protocol::BotzoneSimple)
    }

    /// Whether the protocol only chooses moves (the rules are asked of arbiter's reference).
    #[must_use]
    pub const fn is_play_only(self) -> bool {
        !matches!(self, Protocol::ArbiterLine)
    }

    /// The games a protocol can carry (`None`: every game).
    #[must_use]
    pub const fn games(self) -> Option<&'static [&'static str]> {
        match self {
            Protocol::Botzone
            | Protocol::BotzoneKeepRunning
            | Protocol::BotzoneSimple
            | Protocol::BotzoneSimpleKeepRunning => Some(&["gomoku", "othello", "amazons", "nogo"]),
            Protocol::Gomocup => Some(&["gomoku"]),
            Protocol::Nboard => Some(&["othello"]),
            Protocol::Ccgc => Some(ccgc::GAMES),
            Protocol::Gtp => Some(gtp::game::GAMES),
            Protocol::Ucci | Protocol::Uci => Some(&["xiangqi"]),
            Protocol::Hub | Protocol::Dxp => Some(&["draughts"]),
            Protocol::ArbiterLine => None,
        }
    }
}

impl Protocol {
    /// How many plies of a game a *fresh* engine process can be given that it did not play
    /// itself; `None` when the protocol sets any game (a history, a board, a GGF game). The
    /// CCGC platform has no such command: a new engine sees the start (`new black`) or the
    /// opponent's first move (`new white`, `move …`), and later positions only arise in a game
    /// it plays from the start.
    #[must_use]
    pub const fn max_given_plies(self) -> Option<usize> {
        match self {
            Protocol::Ccgc => Some(1),
            _ => None,
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads a protocol by its [`Protocol::name`]; a command line offers those names as its
/// possible values (the codec layer knows no command-line parser).
impl std::str::FromStr for Protocol {
    type Err = CodecError;

    fn from_str(text: &str) -> Result<Protocol, CodecError> {
        arbiter_core::named(&Protocol::ALL, text).ok_or_else(|| {
            CodecError::new(format!(
                "unknown protocol `{text}`: expected one of {}",
                Protocol::ALL.map(Protocol::name).join(", ")
            ))
        })
    }
}

/// Text that is not a valid message of the protocol, or a move that has no encoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodecError {
    /// Lower-case sentence without a trailing period, naming the offending text.
    pub message: String,
}

arbiter_core::message_error!(pub(crate) CodecError);

/// A line as the other side sent it, without its line end: strips one trailing `\n` and then
/// one `\r` (Piskvork managers send CR LF; LF alone is accepted everywhere).
#[must_use]
pub fn trim_line_end(line: &str) -> &str {
    let line = line.strip_suffix('\n').unwrap_or(line);
    line.strip_suffix('\r').unwrap_or(line)
}

/// Asserts that `parse` refuses every one of `inputs`: a codec's table of text it must not read.
#[cfg(test)]
#[track_caller]
pub(crate) fn assert_refused<T: fmt::Debug, E>(
    parse: impl Fn(&str) -> Result<T, E>,
    inputs: &[&str],
) {
    for input in inputs {
        if let Ok(read) = parse(input) {
            panic!("{input:?} should be refused, but reads as {read:?}");
        }
    }
}

/// Asserts a codec's round trip: `parse` reads `line` as `expected`, and reads what `write`
/// makes of `expected` as `expected` again.
#[cfg(test)]
#[track_caller]
pub(crate) fn assert_round_trip<T: fmt::Debug + PartialEq, E: fmt::Debug + PartialEq>(
    parse: impl Fn(&str) -> Result<T, E>,
    write: impl Fn(&T) -> String,
    line: &str,
    expected: &T,
) {
    assert_eq!(parse(line).as_ref(), Ok(expected));
    assert_eq!(parse(&write(expected)).as_ref(), Ok(expected));
}

/// Asserts that `parse` reads `text`, that `write` gives back `text` to the letter, and that
/// `parse` reads that as the same value: a codec's text both ways.
#[cfg(test)]
#[track_caller]
pub(crate) fn assert_both_ways<T: fmt::Debug + PartialEq, E: fmt::Debug>(
    parse: impl Fn(&str) -> Result<T, E>,
    write: impl Fn(&T) -> String,
    text: &str,
) {
    let read = parse(text).unwrap();
    assert_eq!(write(&read), text);
    assert_eq!(parse(&write(&read)).unwrap(), read);
}

/// The whitespace-separated words of `text`, owned (moves, lists).
#[cfg(test)]
pub(crate) fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
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

    #[test]
    fn protocol_names_agree_with_serde_and_from_str() {
        for protocol in Protocol::ALL {
            let yaml: Protocol = serde_saphyr::from_str(protocol.name()).unwrap();
            assert_eq!(yaml, protocol);
            assert_eq!(protocol.name().parse::<Protocol>(), Ok(protocol));
        }
        // serde's refusal lists every variant of the enum: `ALL` must list as many.
        let listed = serde_json::from_str::<Protocol>("\"x\"")
            .unwrap_err()
            .to_string();
        assert_eq!(
            listed.matches("`, `").count() + 1,
            Protocol::ALL.len(),
            "{listed}"
        );
        let error = "botzone-json".parse::<Protocol>().unwrap_err();
        assert!(
            error.message.contains("expected one of botzone, "),
            "{error}"
        );
    }
}
