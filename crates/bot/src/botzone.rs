//! The bot's side of Botzone: JSON or simplified I/O, one turn per process or keep-running.
//!
//! Each turn the history is replayed from the start of the variant (cheap next to a search) and
//! the bot answers its move. In keep-running mode it then prints the marker and reads the next
//! request line; a full input object instead of a request starts over from that history.

use std::io::BufRead;

use arbiter_protocol::botzone::{
    self as codec, History, JsonLine, KEEP_RUNNING, Output, SimpleOutput, Turn,
};
use arbiter_protocol::{Coords, Decoded, Encoding};

use super::{BotError, Out, Phrased, Player, read_line};

/// JSON objects or simplified lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    Json,
    Simple,
}

/// The game so far and the turn limit.
struct Game {
    history: History,
    turn_ms: Option<u64>,
}

pub(super) fn run(
    player: &Player,
    mode: Mode,
    keep_running: bool,
    input: &mut dyn BufRead,
    out: &mut Out<'_>,
) -> Result<(), BotError> {
    let encoding = player.codec(Encoding::for_game)?;
    let Some(mut game) = read_first_turn(mode, encoding, input)? else {
        return Ok(());
    };
    loop {
        // The bot's move number: its earlier answers are the history's moves at its parity.
        let move_number = (game.history.moves.len() / 2 + 1) as u32;
        let played = answer(player, mode, encoding, &game, move_number, out)?;
        if !keep_running {
            return Ok(());
        }
        out.line(KEEP_RUNNING)?;
        match played {
            Some(mv) => game.history.moves.push(mv),
            // A faulty answer: the judge ends the game; nothing sensible follows.
            None => return Ok(()),
        }
        let Some(line) = read_line(input)? else {
            return Ok(());
        };
        let request = match mode {
            Mode::Json => match codec::parse_turn(&line).map_err(input_error)? {
                Turn::Full(full) => {
                    game = Game {
                        history: full.turns.history(encoding).map_err(input_error)?,
                        turn_ms: full.time_limit_ms(),
                    };
                    continue;
                }
                Turn::Request(value) => encoding.from_json(&value).map_err(input_error)?,
            },
            Mode::Simple => encoding.from_simple(&line).map_err(input_error)?,
        };
        match encoding
            .decode(&request, game.history.moves.len())
            .map_err(input_error)?
        {
            Decoded::Move(mv) => game.history.moves.push(mv),
            Decoded::Start => {
                return Err(BotError::Input(
                    "\"you start\" request in the middle of a game".to_owned(),
                ));
            }
        }
        // Later turns of a keep-running bot have Botzone's later-turn limit; the first turn's
        // (possibly longer) limit no longer applies.
        game.turn_ms = game
            .turn_ms
            .map(|ms| ms.min(super::player::DEFAULT_TURN_MS));
    }
}

fn input_error(error: arbiter_protocol::CodecError) -> BotError {
    BotError::Input(format!("botzone input: {error}"))
}

/// Reads the first turn's whole input; `None` for an empty input.
fn read_first_turn(
    mode: Mode,
    encoding: Encoding,
    input: &mut dyn BufRead,
) -> Result<Option<Game>, BotError> {
    match mode {
        Mode::Json => {
            // One line normally; a pretty-printed object is read on until it parses.
            let mut text = String::new();
            loop {
                let Some(line) = read_line(input)? else {
                    if text.trim().is_empty() {
                        return Ok(None);
                    }
                    break;
                };
                text.push_str(&line);
                text.push('\n');
                if serde_json::from_str::<serde_json::Value>(&text).is_ok() {
                    break;
                }
            }
            let full = codec::parse_input(&text).map_err(input_error)?;
            Ok(Some(Game {
                history: full.turns.history(encoding).map_err(input_error)?,
                turn_ms: full.time_limit_ms(),
            }))
        }
        Mode::Simple => {
            let Some(first) = read_line(input)? else {
                return Ok(None);
            };
            let mut lines = vec![first];
            let count: usize = lines[0].trim().parse().unwrap_or(0);
            // The history lines, then the data and globaldata lines when they come.
            for _ in 0..count.saturating_mul(2).saturating_add(1) {
                match read_line(input)? {
                    Some(line) => lines.push(line),
                    None => break,
                }
            }
            let borrowed: Vec<&str> = lines.iter().map(String::as_str).collect();
            let simple = codec::parse_simple_input(&borrowed).map_err(input_error)?;
            Ok(Some(Game {
                history: simple.turns.history(encoding).map_err(input_error)?,
                turn_ms: None,
            }))
        }
    }
}

/// Answers one turn; returns the move played when it was a well-formed one.
fn answer(
    player: &Player,
    mode: Mode,
    encoding: Encoding,
    game: &Game,
    move_number: u32,
    out: &mut Out<'_>,
) -> Result<Option<String>, BotError> {
    let position = player
        .replay(&player.variant, &game.history.moves)
        .map_err(|e| BotError::Input(format!("the botzone history does not replay: {e}")))?;
    let reply = player.reply(position.as_ref(), move_number, player.budget(game.turn_ms));
    let encode = |mv: &str| {
        encoding
            .encode(mv)
            .map_err(|e| BotError::Input(format!("cannot encode {mv}: {e}")))
    };
    let Some(phrased) = out.fault_reply(reply, None, |mv| {
        let text = format_answer(mode, encoding, &encode(mv)?, None, false);
        Ok(text.trim_end().to_owned())
    })?
    else {
        return Ok(None);
    };
    let (coords, debug, played) = match phrased {
        Phrased::Move { mv, report } => {
            let coords = encode(&mv)?;
            let debug = report
                .map(|r| format!("{mv} score {} depth {} nodes {}", r.score, r.depth, r.nodes));
            (coords, debug, Some(mv))
        }
        Phrased::OffBoard => (
            Coords(vec![board_size(encoding); encoding.keys().len()]),
            None,
            None,
        ),
        Phrased::Pass => (encoding.start(), None, None),
        Phrased::GameOver => {
            return Err(BotError::Input(
                "the game is already over: there is no move to answer".to_owned(),
            ));
        }
    };
    let loose = player.fault() == Some(super::Fault::LooseJson);
    let text = format_answer(mode, encoding, &coords, debug, loose);
    out.line(text.trim_end_matches('\n'))?;
    if player.fault() == Some(super::Fault::ExtraLine) {
        out.line(text.trim_end_matches('\n'))?;
    }
    Ok(played)
}

fn format_answer(
    mode: Mode,
    encoding: Encoding,
    coords: &Coords,
    debug: Option<String>,
    loose: bool,
) -> String {
    match mode {
        // `loose-json`: a number as `debug` and an object as `data`, which judges accept.
        Mode::Json if loose => serde_json::json!({
            "response": encoding.to_json(coords),
            "debug": 42,
            "data": {"turns": 1},
        })
        .to_string(),
        Mode::Json => Output {
            response: encoding.to_json(coords),
            debug,
            ..Output::default()
        }
        .to_line(),
        Mode::Simple => SimpleOutput {
            response: encoding.to_simple(coords),
            ..SimpleOutput::default()
        }
        .to_text(),
    }
}

/// The board side: the first coordinate off the board.
fn board_size(encoding: Encoding) -> i32 {
    match encoding {
        Encoding::Gomoku { size } | Encoding::Amazons { size } | Encoding::NoGo { size } => {
            i32::from(size)
        }
        Encoding::Reversi => 8,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Limit, Protocol, run};
    use super::*;

    fn play(game: &str, variant: &str, protocol: Protocol, input: &str) -> String {
        let player = Player::new(game, Some(variant), Some(Limit::Nodes(500)), None).unwrap();
        let mut output = Vec::new();
        run(&player, protocol, &mut input.as_bytes(), &mut output).unwrap();
        String::from_utf8(output).unwrap()
    }

    #[test]
    fn answers_a_json_turn() {
        let output = play(
            "othello",
            "standard",
            Protocol::Botzone,
            r#"{"requests":[{"x":-1,"y":-1}],"responses":[]}"#,
        );
        let parsed = codec::parse_output(output.trim()).unwrap();
        let coords = Encoding::Reversi.from_json(&parsed.response).unwrap();
        // Black's four opening moves: d3, c4, f5, e6.
        assert!(
            [vec![3, 2], vec![2, 3], vec![5, 4], vec![4, 5]].contains(&coords.0),
            "{output}"
        );
    }

    #[test]
    fn keeps_running() {
        let input = "{\"requests\":[{\"x\":-1,\"y\":-1}],\"responses\":[]}\n";
        let output = play("othello", "standard", Protocol::BotzoneKeepRunning, input);
        let lines: Vec<&str> = output.lines().collect();
        assert_eq!(lines.len(), 2, "{output}");
        assert_eq!(lines[1], KEEP_RUNNING);
    }

    #[test]
    fn answers_a_simple_turn() {
        let output = play(
            "gomoku",
            "freestyle",
            Protocol::BotzoneSimple,
            "1\n7 7\n\n\n",
        );
        let coords = Encoding::Gomoku { size: 15 }
            .from_simple(output.trim())
            .unwrap();
        assert_ne!(coords.0, vec![7, 7]);
    }
}
