//! The bot's side of DXP (see [`arbiter_protocol::dxp`]): a draughts engine that connects to a
//! DXP server on the loopback address (`--dxp-port`), as Scan, Kingsrow and Moby Dam do in
//! their client mode.
//!
//! As *follower* (the default) it accepts a game request (`A` code 0; code 2 for a start
//! position it cannot set up), moves when its colour is to move, answers every `M` with its
//! own, confirms a game end (`E`) with its own `E`, and waits for the next request until the
//! initiator's stop code says to stop. As *initiator* (`--dxp-initiator`) it first asks for a
//! game from the usual start with itself as white. When the rules end a game on its turn it
//! sends the game end itself (`E` with its result: `1` lost, `2` draw; stop code `0` as
//! follower, `1` as initiator) and waits for the confirmation. It accepts a back request (`K0`)
//! to a ply of its game and plays on from there, and refuses one outside the game (`K2`). The deliberate faults apply to its moves as under the other protocols: an
//! illegal move is sent as a refused step, garbage as a message that is no DXP message.

use std::io::{Read, Write};
use std::net::TcpStream;

use arbiter_core::{Game, Side};
use arbiter_draughts::{Draughts, DraughtsVariant};
use arbiter_engine::{Position, PositionRequest};
use arbiter_protocol::dxp::{
    DxpMove, Frames, GameRequest, Message, VERSION, back_request_ply, end_reason,
};

use super::{BotError, NAME, Player, Reply};

/// The minutes the bot asks for as initiator, and the move count (0: no limit).
const MINUTES: u32 = 10;

/// Connects to `127.0.0.1:port` and plays DXP until the other side stops or goes.
///
/// # Errors
/// A [`BotError`] when the connection fails or the variant is not draughts'.
pub(crate) fn run(player: &Player, port: u16, initiator: bool) -> Result<(), BotError> {
    let variant: DraughtsVariant = player
        .variant
        .parse()
        .map_err(|error| BotError::Input(format!("variant `{}`: {error}", player.variant)))?;
    let stream = TcpStream::connect(("127.0.0.1", port))?;
    let _ = stream.set_nodelay(true);
    let mut link = Link {
        stream,
        frames: Frames::default(),
    };
    if initiator {
        link.send(&Message::GameRequest(GameRequest {
            version: VERSION,
            initiator: NAME.to_owned(),
            follower: Side::Second,
            minutes: MINUTES,
            moves: 0,
            position: None,
        }))?;
        match link.receive()? {
            Some(Message::GameAccept { code: 0, .. }) => {
                let start = Draughts::start(&variant);
                let mut answered = 0;
                play_counted(player, &mut link, start, (Side::First, 1), &mut answered)?;
            }
            Some(other) => eprintln!("arbiter-bot: the game request was answered `{other}`"),
            None => {}
        }
        return Ok(());
    }
    let mut answered = 0;
    while let Some(message) = link.receive()? {
        let Message::GameRequest(request) = message else {
            eprintln!("arbiter-bot: ignoring `{message}` outside a game");
            continue;
        };
        let start = match &request.position {
            None => Ok(Draughts::start(&variant)),
            Some(setup) => Draughts::from_setup(&variant, setup).map_err(|_| ()),
        };
        let Ok(start) = start else {
            link.send(&Message::GameAccept {
                name: NAME.to_owned(),
                code: 2,
            })?;
            continue;
        };
        link.send(&Message::GameAccept {
            name: NAME.to_owned(),
            code: 0,
        })?;
        match play_counted(
            player,
            &mut link,
            start,
            (request.follower, 0),
            &mut answered,
        )? {
            End::Stop | End::Gone => return Ok(()),
            End::Another => {}
        }
    }
    Ok(())
}

/// How a game ended for the bot.
enum End {
    /// The other side may ask for another game.
    Another,
    /// The other side said to stop.
    Stop,
    /// The connection is gone.
    Gone,
}

/// Plays one game from `start`, the bot as `ours.0`, sending `ours.1` as the stop code of its
/// own game end.
fn play_counted(
    player: &Player,
    link: &mut Link,
    start: Draughts,
    (ours, stop_code): (Side, u8),
    answered: &mut u32,
) -> Result<End, BotError> {
    let text = start.format_position();
    let first_mover = start.side_to_move();
    let mut game = start.clone();
    let mut played: Vec<String> = Vec::new();
    loop {
        if game.side_to_move() == ours
            && let Some(outcome) = game.outcome()
        {
            // Over on the bot's turn: the game end is its to send, then the confirmation.
            link.send(&Message::GameEnd {
                reason: end_reason(Some(outcome), ours),
                stop: stop_code,
            })?;
            return confirmation(link);
        }
        if game.side_to_move() == ours {
            let request = PositionRequest {
                text: Some(text.clone()),
                moves: played.clone(),
                ..PositionRequest::default()
            };
            let position = player.position(&request)?;
            *answered += 1;
            let Some(message) = reply(player, position.as_ref(), &game, *answered) else {
                return Ok(End::Gone);
            };
            link.send_raw(&message)?;
            if let Ok(mv) = played_move(&game, &message) {
                played.push(game.format_move(mv));
                game.make(mv);
            }
            continue;
        }
        match link.receive()? {
            None => return Ok(End::Gone),
            Some(Message::Move(mv)) => match mv.resolve(&game) {
                Ok(mv) => {
                    played.push(game.format_move(mv));
                    game.make(mv);
                }
                Err(error) => {
                    eprintln!("arbiter-bot: the other side's move is not legal here: {error}");
                    return Ok(End::Gone);
                }
            },
            Some(Message::GameEnd { stop, .. }) => {
                link.send(&Message::GameEnd {
                    reason: end_reason(game.outcome(), ours),
                    stop,
                })?;
                return Ok(if stop == 0 { End::Another } else { End::Stop });
            }
            Some(Message::BackRequest {
                move_number,
                to_move,
            }) => match back_request_ply(move_number, to_move, first_mover) {
                Some(ply) if ply <= played.len() => {
                    link.send(&Message::BackAccept { code: 0 })?;
                    played.truncate(ply);
                    game = start.clone();
                    for text in &played {
                        let mv = game
                            .parse_move(text)
                            .map_err(|error| BotError::Input(error.to_string()))?;
                        game.make(mv);
                    }
                }
                _ => link.send(&Message::BackAccept { code: 2 })?,
            },
            Some(other) => eprintln!("arbiter-bot: ignoring `{other}` in a game"),
        }
    }
}

/// Waits for the other side's confirmation of the bot's game end; its stop code decides.
fn confirmation(link: &mut Link) -> Result<End, BotError> {
    loop {
        match link.receive()? {
            None => return Ok(End::Gone),
            Some(Message::GameEnd { stop, .. }) => {
                return Ok(if stop == 0 { End::Another } else { End::Stop });
            }
            Some(other) => eprintln!("arbiter-bot: ignoring `{other}` after its game end"),
        }
    }
}

/// The move the bot sends, as a framed message; `None` when it has nothing to send.
fn reply(
    player: &Player,
    position: &dyn Position,
    game: &Draughts,
    number: u32,
) -> Option<Vec<u8>> {
    let budget = player.budget(None);
    match player.reply(position, number, budget) {
        Reply::Move { mv, .. } | Reply::NoNewline(mv) => {
            let dxp = game
                .parse_move(&mv)
                .ok()
                .filter(|parsed| game.check_move(*parsed).is_ok())
                .map(|parsed| DxpMove::of(parsed, 0))
                .or_else(|| step(&mv));
            match dxp {
                Some(dxp) => Some(Message::Move(dxp).frame()),
                None => Some(format!("{mv}\0").into_bytes()),
            }
        }
        Reply::Raw(text) | Reply::Flood(text) => {
            let mut bytes = text.into_bytes();
            bytes.push(0);
            Some(bytes)
        }
        Reply::OffBoard | Reply::Pass => Some(b"M00005152000\0".to_vec()),
        Reply::GameOver => None,
    }
}

/// A step `a-b` between two numbered squares, as DXP sends it (for the illegal fault).
fn step(text: &str) -> Option<DxpMove> {
    let (from, to) = text.split_once('-')?;
    Some(DxpMove {
        seconds: 0,
        from: from.parse().ok()?,
        to: to.parse().ok()?,
        captured: Vec::new(),
    })
}

/// The legal move a message the bot sent names, if it is one.
fn played_move(game: &Draughts, message: &[u8]) -> Result<arbiter_draughts::Move, ()> {
    let text =
        std::str::from_utf8(message.strip_suffix(&[0]).unwrap_or(message)).map_err(|_| ())?;
    match Message::parse(text) {
        Ok(Message::Move(mv)) => mv.resolve(game).map_err(|_| ()),
        _ => Err(()),
    }
}

/// The bot's connection.
struct Link {
    stream: TcpStream,
    frames: Frames,
}

impl Link {
    fn send(&mut self, message: &Message) -> Result<(), BotError> {
        self.send_raw(&message.frame())
    }

    fn send_raw(&mut self, bytes: &[u8]) -> Result<(), BotError> {
        self.stream.write_all(bytes)?;
        self.stream.flush()?;
        Ok(())
    }

    /// The next message other than chat; `None` when the connection is closed.
    fn receive(&mut self) -> Result<Option<Message>, BotError> {
        let mut buffer = [0u8; 512];
        loop {
            match self.frames.next_message() {
                Some(Ok(Message::Chat(_))) => continue,
                Some(Ok(message)) => return Ok(Some(message)),
                Some(Err(error)) => {
                    eprintln!("arbiter-bot: ignoring a message that is not DXP's: {error}");
                    continue;
                }
                None => {}
            }
            let n = self.stream.read(&mut buffer)?;
            if n == 0 {
                return Ok(None);
            }
            self.frames.push(&buffer[..n]);
        }
    }
}
