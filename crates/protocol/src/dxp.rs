//! DXP, the DamExchange Protocol (layer 2: the messages; Wieger Wesselink and Harm Jetten's
//! protocol, described at mesander.nl/damexchange), both directions, and its layer-1 framing
//! over TCP. No IO here.
//!
//! Two programs play: the *initiator* asks for games (`R`), the *follower* accepts (`A`);
//! then moves (`M`) alternate strictly, forced moves included, until one side sends a game
//! end (`E`) instead of a move and the other confirms with its own `E`. Either side may send
//! chat (`C`) at any time, and a back-request (`B`, answered by `K`) takes moves back. Each
//! message is 1–127 ASCII characters whose first character is its type; fields have fixed
//! widths, numbers with leading zeros:
//!
//! | message | layout |
//! |---|---|
//! | `C` chat | `C` text |
//! | `R` game request | `R` version(2, `01`) initiator name(32, blank-padded) follower colour(1, `W`/`Z`) minutes(3) moves(3, `000` no limit) start(1: `A` the usual start, `B` a position follows) [colour to move(1) squares(50 of `e w z W Z`)] |
//! | `A` game accept | `A` follower name(32) code(1: `0` yes, `1` wrong version, `2` not this game, `3` no game at all) |
//! | `M` move | `M` seconds(4) from(2) to(2) number captured(2) captured squares(2 each, any order) |
//! | `E` game end | `E` reason(1: `0` none, `1` I give up, `2` draw, `3` I win) stop code(1: `0` another game may follow, `1` stop) |
//! | `B` back request | `B` move number(3) colour to move(1) |
//! | `K` back accept | `K` code(1: `0` yes, `1` not supported, `2` refused) |
//!
//! Layer 1 over TCP: each message is followed by a NUL byte ([`Frames`] splits a byte
//! stream into messages; [`Message::frame`] writes one). `W` is white, `Z` (zwart) black.

use std::fmt;

use arbiter_core::{Outcome, Side};
use arbiter_draughts::{Draughts, DraughtsSetup, Move};

use super::CodecError;
use super::draughts::{self, Letters};

/// DXP's letters for the squares of a position.
const SQUARES: Letters = ['e', 'w', 'W', 'z', 'Z'];

/// The longest message the protocol allows (characters, the NUL not counted).
pub const MAX_LEN: usize = 127;
/// The protocol version a game request carries.
pub const VERSION: u32 = 1;
/// The width of the name fields.
pub const NAME_LEN: usize = 32;

/// A DXP message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    Chat(String),
    GameRequest(GameRequest),
    GameAccept { name: String, code: u8 },
    Move(DxpMove),
    GameEnd { reason: u8, stop: u8 },
    BackRequest { move_number: u32, to_move: Side },
    BackAccept { code: u8 },
}

/// A game request (`R`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRequest {
    pub version: u32,
    pub initiator: String,
    /// The colour the follower plays.
    pub follower: Side,
    /// Minutes for each player for the whole game.
    pub minutes: u32,
    /// Moves for the whole game; 0: no limit.
    pub moves: u32,
    /// A start position other than the usual one (with its side to move), if any.
    pub position: Option<DraughtsSetup>,
}

/// A move (`M`): its time and squares (numbers 1–50).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DxpMove {
    pub seconds: u32,
    pub from: u8,
    pub to: u8,
    pub captured: Vec<u8>,
}

impl DxpMove {
    /// The DXP form of a legal move, with the seconds it took (captured squares ascending).
    #[must_use]
    pub fn of(mv: Move, seconds: u32) -> DxpMove {
        DxpMove {
            seconds: seconds.min(9999),
            from: mv.from + 1,
            to: mv.to + 1,
            captured: mv.captured_squares(),
        }
    }

    /// The legal move of `game` this names: same start, end and captured set. A move sent
    /// without its captured squares (some programs do) is resolved when one capture alone
    /// fits its start and end.
    ///
    /// # Errors
    /// A [`CodecError`] when no legal move (or more than one) fits.
    pub fn resolve(&self, game: &Draughts) -> Result<Move, CodecError> {
        // A move sent without its captured squares takes whatever fits.
        let captured = (!self.captured.is_empty()).then_some(self.captured.as_slice());
        let fits = super::hub::fitting(game, self.from, self.to, captured);
        match fits.as_slice() {
            [one] => Ok(*one),
            [] => Err(CodecError::new(format!(
                "the move {}-{} taking {:?} is not legal here",
                self.from, self.to, self.captured
            ))),
            _ => Err(CodecError::new(format!(
                "the move {}-{} names several legal captures: the captured squares are needed",
                self.from, self.to
            ))),
        }
    }
}

/// A fixed-width field reader over one message.
struct Fields<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Fields<'a> {
    fn take(&mut self, width: usize, what: &str) -> Result<&'a str, CodecError> {
        let field = self.text.get(self.at..self.at + width).ok_or_else(|| {
            CodecError::new(format!(
                "the message {:?} ends before its {what} ({width} characters at {})",
                self.text, self.at
            ))
        })?;
        self.at += width;
        Ok(field)
    }

    fn number(&mut self, width: usize, what: &str) -> Result<u32, CodecError> {
        let field = self.take(width, what)?;
        if !field.bytes().all(|b| b.is_ascii_digit()) {
            return Err(CodecError::new(format!(
                "expected the {what} as {width} digits, got {field:?}"
            )));
        }
        field
            .parse()
            .map_err(|_| CodecError::new(format!("expected the {what}, got {field:?}")))
    }

    fn square(&mut self, what: &str) -> Result<u8, CodecError> {
        let n = self.number(2, what)?;
        if (1..=50).contains(&n) {
            Ok(n as u8)
        } else {
            Err(CodecError::new(format!(
                "the {what} {n:02} is not a square 01-50"
            )))
        }
    }

    fn colour(&mut self, what: &str) -> Result<Side, CodecError> {
        match self.take(1, what)? {
            "W" => Ok(Side::First),
            "Z" => Ok(Side::Second),
            other => Err(CodecError::new(format!(
                "expected the {what} `W` or `Z`, got {other:?}"
            ))),
        }
    }

    fn code(&mut self, what: &str, codes: &str) -> Result<u8, CodecError> {
        let field = self.take(1, what)?;
        if codes.contains(field) {
            Ok(field.as_bytes()[0] - b'0')
        } else {
            Err(CodecError::new(format!(
                "expected the {what} as one of {codes}, got {field:?}"
            )))
        }
    }

    fn end(&self) -> Result<(), CodecError> {
        if self.at == self.text.len() {
            Ok(())
        } else {
            Err(CodecError::new(format!(
                "the message {:?} has {} characters too many",
                self.text,
                self.text.len() - self.at
            )))
        }
    }
}

fn colour_char(side: Side) -> char {
    if side == Side::First { 'W' } else { 'Z' }
}

/// A name field: blank-padded or cut to 32 characters.
fn name_field(name: &str) -> String {
    let name: String = name
        .chars()
        .filter(|c| c.is_ascii() && !c.is_ascii_control())
        .take(NAME_LEN)
        .collect();
    format!("{name:<NAME_LEN$}")
}

fn read_position(fields: &mut Fields<'_>) -> Result<DraughtsSetup, CodecError> {
    let to_move = fields.colour("colour to move")?;
    let squares = fields.take(50, "position")?;
    draughts::read_squares(to_move, squares.chars(), SQUARES)
}

fn write_position(setup: &DraughtsSetup) -> String {
    let mut text = String::from(colour_char(setup.to_move));
    text.extend(draughts::write_squares(setup, SQUARES));
    text
}

/// A message is 1-127 ASCII characters (NUL excluded).
fn check_length_and_ascii(text: &str) -> Result<(), CodecError> {
    if text.is_empty() {
        return Err(CodecError::new("empty dxp message"));
    }
    if text.len() > MAX_LEN || !text.bytes().all(|b| (1..=127).contains(&b)) {
        return Err(CodecError::new(format!(
            "a dxp message is 1-127 ascii characters, got {} bytes",
            text.len()
        )));
    }
    Ok(())
}

/// The fields of a game request (`R`) after its type.
fn read_game_request(fields: &mut Fields<'_>) -> Result<GameRequest, CodecError> {
    let version = fields.number(2, "protocol version")?;
    let initiator = fields
        .take(NAME_LEN, "initiator name")?
        .trim_end()
        .to_owned();
    let follower = fields.colour("follower colour")?;
    let minutes = fields.number(3, "thinking time")?;
    let moves = fields.number(3, "number of moves")?;
    let position = match fields.take(1, "starting position")? {
        "A" => None,
        "B" => Some(read_position(fields)?),
        other => {
            return Err(CodecError::new(format!(
                "expected the starting position `A` or `B`, got {other:?}"
            )));
        }
    };
    Ok(GameRequest {
        version,
        initiator,
        follower,
        minutes,
        moves,
        position,
    })
}

/// The fields of a move (`M`) after its type.
fn read_move(fields: &mut Fields<'_>) -> Result<DxpMove, CodecError> {
    let seconds = fields.number(4, "time")?;
    let from = fields.square("from field")?;
    let to = fields.square("to field")?;
    let count = fields.number(2, "number captured")?;
    if count > 20 {
        return Err(CodecError::new(format!(
            "{count} pieces captured: at most 20"
        )));
    }
    let captured = (0..count)
        .map(|_| fields.square("captured square"))
        .collect::<Result<Vec<u8>, _>>()?;
    Ok(DxpMove {
        seconds,
        from,
        to,
        captured,
    })
}

impl Message {
    /// Parses one message (without its NUL).
    ///
    /// # Errors
    /// A [`CodecError`] for an empty, over-long or non-ASCII message, an unknown type, or a
    /// field of the wrong width or content.
    pub fn parse(text: &str) -> Result<Message, CodecError> {
        check_length_and_ascii(text)?;
        let mut fields = Fields { text, at: 1 };
        let message = match &text[..1] {
            "C" => return Ok(Message::Chat(text[1..].to_owned())),
            "R" => Message::GameRequest(read_game_request(&mut fields)?),
            "A" => Message::GameAccept {
                name: fields
                    .take(NAME_LEN, "follower name")?
                    .trim_end()
                    .to_owned(),
                code: fields.code("acceptance code", "0123")?,
            },
            "M" => Message::Move(read_move(&mut fields)?),
            "E" => Message::GameEnd {
                reason: fields.code("reason", "0123")?,
                stop: fields.code("stop code", "01")?,
            },
            "B" => Message::BackRequest {
                move_number: fields.number(3, "move number")?,
                to_move: fields.colour("colour to move")?,
            },
            "K" => Message::BackAccept {
                code: fields.code("acceptance code", "012")?,
            },
            other => {
                return Err(CodecError::new(format!(
                    "unknown dxp message type {other:?}: expected C, R, A, M, E, B or K"
                )));
            }
        };
        fields.end()?;
        Ok(message)
    }

    /// The message followed by its NUL, as layer 1 sends it.
    #[must_use]
    pub fn frame(&self) -> Vec<u8> {
        let mut bytes = self.to_string().into_bytes();
        bytes.push(0);
        bytes
    }
}

impl fmt::Display for Message {
    /// The message as sent (without its NUL). Chat is cut to fit 127 characters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Chat(text) => {
                let text: String = text
                    .chars()
                    .filter(|c| c.is_ascii() && *c != '\0')
                    .take(MAX_LEN - 1)
                    .collect();
                write!(f, "C{text}")
            }
            Message::GameRequest(request) => {
                write!(
                    f,
                    "R{:02}{}{}{:03}{:03}",
                    request.version.min(99),
                    name_field(&request.initiator),
                    colour_char(request.follower),
                    request.minutes.min(999),
                    request.moves.min(999)
                )?;
                match &request.position {
                    None => f.write_str("A"),
                    Some(setup) => write!(f, "B{}", write_position(setup)),
                }
            }
            Message::GameAccept { name, code } => write!(f, "A{}{code}", name_field(name)),
            Message::Move(mv) => {
                write!(
                    f,
                    "M{:04}{:02}{:02}{:02}",
                    mv.seconds.min(9999),
                    mv.from,
                    mv.to,
                    mv.captured.len()
                )?;
                for square in &mv.captured {
                    write!(f, "{square:02}")?;
                }
                Ok(())
            }
            Message::GameEnd { reason, stop } => write!(f, "E{reason}{stop}"),
            Message::BackRequest {
                move_number,
                to_move,
            } => write!(
                f,
                "B{:03}{}",
                (*move_number).min(999),
                colour_char(*to_move)
            ),
            Message::BackAccept { code } => write!(f, "K{code}"),
        }
    }
}

/// Layer 1 over TCP: splits the bytes received into NUL-terminated messages.
#[derive(Debug, Default)]
pub struct Frames {
    pending: Vec<u8>,
}

impl Frames {
    /// Adds received bytes.
    pub fn push(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
    }

    /// The next complete message, parsed; `None` until a NUL arrives. A message longer than
    /// the protocol allows is an error as soon as it is too long, and is dropped.
    pub fn next_message(&mut self) -> Option<Result<Message, CodecError>> {
        match self.pending.iter().position(|&b| b == 0) {
            Some(end) => {
                let bytes: Vec<u8> = self.pending.drain(..=end).collect();
                let text = &bytes[..end];
                Some(match std::str::from_utf8(text) {
                    Ok(text) => Message::parse(text),
                    Err(_) => Err(CodecError::new("a dxp message that is not ascii")),
                })
            }
            None if self.pending.len() > MAX_LEN => {
                let length = self.pending.len();
                self.pending.clear();
                Some(Err(CodecError::new(format!(
                    "{length} bytes without a NUL: a dxp message is at most 127 characters"
                ))))
            }
            None => None,
        }
    }
}

/// The reason a game end (`E`) from `sender` gives for a game that ended with `outcome`: `3`
/// it wins, `1` it loses (DXP's "I give up"), `2` a draw, `0` no reason (not over).
#[must_use]
pub fn end_reason(outcome: Option<Outcome>, sender: Side) -> u8 {
    match outcome {
        None => 0,
        Some(Outcome { winner: None, .. }) => 2,
        Some(Outcome {
            winner: Some(winner),
            ..
        }) if winner == sender => 3,
        Some(_) => 1,
    }
}

/// The ply a back request (`B`) takes a game back to: move `move_number` (from 1, each move
/// a white ply then a black one) with `to_move` to move, in a game whose first ply was
/// `first_mover`'s (a game from a position with black to move starts at black's half of move
/// 1). `None` before the start.
#[must_use]
pub fn back_request_ply(move_number: u32, to_move: Side, first_mover: Side) -> Option<usize> {
    let ply = usize::try_from(move_number).ok()?.checked_sub(1)? * 2
        + usize::from(to_move == Side::Second);
    ply.checked_sub(usize::from(first_mover == Side::Second))
}

/// The back request (`B`) for `ply` of a game whose first ply was `first_mover`'s: its move
/// number and side to move ([`back_request_ply`]'s inverse).
#[must_use]
pub fn back_request(ply: usize, first_mover: Side) -> Message {
    let counted = ply + usize::from(first_mover == Side::Second);
    Message::BackRequest {
        move_number: u32::try_from(counted / 2 + 1).unwrap_or(u32::MAX),
        to_move: if counted.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assert_refused;
    use arbiter_core::Game;
    use arbiter_draughts::DraughtsVariant;
    use rstest::rstest;

    fn start() -> Draughts {
        Draughts::start(&DraughtsVariant::default())
    }

    #[rstest]
    #[case("Chello there")]
    #[case("C")]
    #[case("R01Scan                            Z010075A")]
    #[case("ATornado voor Windows 4.0        0")]
    #[case("M0012061100")]
    #[case("M001205250422122320")]
    #[case("E00")]
    #[case("E21")]
    #[case("B005Z")]
    #[case("K0")]
    #[case("K2")]
    fn messages_both_ways(#[case] text: &str) {
        crate::assert_both_ways(Message::parse, Message::to_string, text);
    }

    #[test]
    fn the_published_examples_read_as_the_protocol_says() {
        // The MOVE page's examples: 6-11, and 5x25 taking 4 pieces (23, 22, 12, 20).
        assert_eq!(
            Message::parse("M0012061100").unwrap(),
            Message::Move(DxpMove {
                seconds: 12,
                from: 6,
                to: 11,
                captured: vec![]
            })
        );
        assert_eq!(
            Message::parse("M001205250422122320").unwrap(),
            Message::Move(DxpMove {
                seconds: 12,
                from: 5,
                to: 25,
                captured: vec![22, 12, 23, 20]
            })
        );
        assert_eq!(
            Message::parse("ATornado voor Windows 4.0        0").unwrap(),
            Message::GameAccept {
                name: "Tornado voor Windows 4.0".into(),
                code: 0
            }
        );
        assert_eq!(
            Message::parse("B005Z").unwrap(),
            Message::BackRequest {
                move_number: 5,
                to_move: Side::Second
            }
        );
    }

    #[test]
    fn a_game_request_with_a_position() {
        let request = GameRequest {
            version: VERSION,
            initiator: "arbiter".into(),
            follower: Side::Second,
            minutes: 5,
            moves: 0,
            position: Some(start().to_setup()),
        };
        let text = Message::GameRequest(request.clone()).to_string();
        assert_eq!(
            text,
            format!(
                "R01{:<32}Z005000BW{}{}{}",
                "arbiter",
                "z".repeat(20),
                "e".repeat(10),
                "w".repeat(20)
            )
        );
        assert_eq!(
            Message::parse(&text).unwrap(),
            Message::GameRequest(request)
        );
    }

    #[test]
    fn malformed_messages_are_errors() {
        assert_refused(
            Message::parse,
            &[
                "",
                "X00",
                "E",
                "E0",
                "E000",
                "E40",
                "E02",
                "K3",
                "M001206110",
                "M0012061101",
                "M00120611010",
                "M0012065100",
                "M0012000100",
                "M00120611a0",
                "M0012061121",
                "R01Scan",
                "R01Scan                            X010075A",
                "R01Scan                            Z010075C",
                "R01Scan                            Z010075BW",
                "A Scan",
                "B05Z",
                "B005Q",
                "Cé",
            ],
        );
    }

    #[test]
    fn an_over_long_message_is_refused() {
        assert!(Message::parse(&format!("C{}", "x".repeat(127))).is_err());
        // Writing cuts chat to fit.
        let chat = Message::Chat("y".repeat(300)).to_string();
        assert_eq!(chat.len(), MAX_LEN);
    }

    #[test]
    fn frames_split_a_stream() {
        let mut frames = Frames::default();
        frames.push(b"E00\0K");
        assert_eq!(
            frames.next_message(),
            Some(Ok(Message::GameEnd { reason: 0, stop: 0 }))
        );
        assert_eq!(frames.next_message(), None);
        frames.push(b"0\0");
        assert_eq!(
            frames.next_message(),
            Some(Ok(Message::BackAccept { code: 0 }))
        );
        frames.push(&[b'C'; 200]);
        assert!(matches!(frames.next_message(), Some(Err(_))));
        assert_eq!(frames.next_message(), None);
        assert_eq!(Message::GameEnd { reason: 2, stop: 1 }.frame(), b"E21\0");
    }

    #[test]
    fn moves_resolve_in_a_position() {
        let mut game = start();
        for text in ["32-28", "19-23"] {
            let mv = game.parse_move(text).unwrap();
            game.play(mv).unwrap();
        }
        let capture = DxpMove {
            seconds: 0,
            from: 28,
            to: 19,
            captured: vec![23],
        };
        let mv = capture.resolve(&game).unwrap();
        assert_eq!(DxpMove::of(mv, 0), capture);
        // Without its captured squares the one capture 28x19 still fits.
        let bare = DxpMove {
            captured: vec![],
            ..capture.clone()
        };
        assert_eq!(bare.resolve(&game), Ok(mv));
        let wrong = DxpMove {
            captured: vec![24],
            ..capture
        };
        assert!(wrong.resolve(&game).is_err());
    }

    #[test]
    fn back_requests_count_moves_from_one_white_first() {
        use arbiter_core::Side::{First as White, Second as Black};
        // From the usual start: move 1 white is ply 0, move 1 black ply 1, move 3 white ply 4.
        assert_eq!(back_request_ply(1, White, White), Some(0));
        assert_eq!(back_request_ply(1, Black, White), Some(1));
        assert_eq!(back_request_ply(3, White, White), Some(4));
        // A game from a position with black to move starts at black's half of move 1.
        assert_eq!(back_request_ply(1, Black, Black), Some(0));
        assert_eq!(back_request_ply(2, White, Black), Some(1));
        assert_eq!(back_request_ply(1, White, Black), None);
        assert_eq!(back_request_ply(0, White, White), None);
        for first in [White, Black] {
            for ply in 0..9 {
                let Message::BackRequest {
                    move_number,
                    to_move,
                } = back_request(ply, first)
                else {
                    panic!("a back request");
                };
                assert_eq!(back_request_ply(move_number, to_move, first), Some(ply));
            }
        }
        assert_eq!(back_request(4, White).to_string(), "B003W");
    }

    #[test]
    fn game_end_reasons_are_the_senders_view() {
        use arbiter_core::{EndReason, Outcome, Side};
        let white_wins = Some(Outcome::win(Side::First, EndReason::NoMoves));
        assert_eq!(end_reason(white_wins, Side::First), 3);
        assert_eq!(end_reason(white_wins, Side::Second), 1);
        assert_eq!(
            end_reason(Some(Outcome::draw(EndReason::Repetition)), Side::First),
            2
        );
        assert_eq!(end_reason(None, Side::Second), 0);
    }
}
