//! The bot's side of NBoard (see [`arbiter_protocol::nboard`]): an Othello engine as the NBoard
//! GUI expects one.
//!
//! `set game` sets the position (a game from the start is replayed; any other board is set up
//! from its one-line form, then its moves played); `move` plays one more move; `go` answers
//! `=== <move>` without playing it (NBoard's rule: the GUI sends `move` if it is played);
//! `ping N` answers `pong N`; `set depth N` answers `set myname arbiter-bot` and bounds the search
//! to depth N unless `--nodes`/`--depth` gave a limit. Lines the bot does not understand are
//! ignored, as the protocol asks, with a note on stderr.

use std::io::BufRead;

use arbiter_engine::{Budget, Position, PositionRequest};
use arbiter_protocol::nboard::{Command, GgfGame, Reply as NboardReply, format_move};

use super::{BotError, Fault, NAME, Out, Phrased, Player, ignore_refused, next_command};

/// From how many empty squares on the bot tries to solve the game exactly under `set depth`
/// (FFO's positions #1–#39 have 20 to 24).
const ENDGAME_EMPTIES: usize = 24;

/// The exact solver's budget there, in nodes: FFO #1–#39 take at most about 45 M (#38), a few
/// seconds; a harder position (#45 takes 275 M) falls back to the depth search.
const ENDGAME_NODES: u64 = 60_000_000;

pub(super) fn run(
    player: &Player,
    input: &mut dyn BufRead,
    out: &mut Out<'_>,
) -> Result<(), BotError> {
    let mut position = player.start(&player.variant)?;
    let mut depth = None;
    let mut answered = 0;
    while let Some(command) = next_command(input, Command::parse, ignore_refused)? {
        match command {
            Command::Nboard(_) | Command::SetOther(..) | Command::Hint(_) => {}
            Command::SetDepth(d) => {
                depth = Some(d);
                out.line(&format!("set myname {NAME}"))?;
            }
            Command::SetGame(game) => match set_up(player, &game) {
                Ok(new) => position = new,
                Err(message) => eprintln!("arbiter-bot: cannot set the game: {message}"),
            },
            Command::Move(mv) => {
                if let Err(refusal) = position.play(&mv) {
                    eprintln!("arbiter-bot: cannot play `{mv}`: {refusal}");
                }
            }
            Command::Go => {
                answered += 1;
                go(player, position.as_ref(), depth, answered, out)?;
            }
            Command::Ping(n) => out.line(&NboardReply::Pong(n).to_string())?,
            Command::Learn => out.line("learned")?,
            Command::Quit => return Ok(()),
            Command::Unknown(word) => eprintln!("arbiter-bot: ignoring unknown command `{word}`"),
        }
    }
    Ok(())
}

/// The position at the end of `game`.
fn set_up(player: &Player, game: &GgfGame) -> Result<Box<dyn Position>, String> {
    let request = PositionRequest {
        text: (!game.starts_at_start()).then(|| game.start_text()),
        moves: game.moves.clone(),
        ..PositionRequest::default()
    };
    player.position(&request).map_err(|e| e.to_string())
}

/// Answers `go`: `status`, the search's `nodestats`, `=== <move>`, `status` again (the
/// lines Edax sends), faults applied.
fn go(
    player: &Player,
    position: &dyn Position,
    depth: Option<u32>,
    number: u32,
    out: &mut Out<'_>,
) -> Result<(), BotError> {
    let budget = match (player.budget(None), depth) {
        (Budget::Time(_), Some(d)) => Budget::Depth(d),
        (budget, _) => budget,
    };
    out.line(&format!("status {NAME} is thinking"))?;
    if player.fault() == Some(Fault::ErrorLines) {
        out.line("search F5 0.0 0 1 (arbiter-bot fault error-lines: information only)")?;
    }
    // NBoard's depth is the midgame depth; as Edax and NTest do, the last empties are solved
    // exactly instead.
    let empties = position.text().chars().filter(|&c| c == '-').count();
    let reply = if depth.is_some() && empties <= ENDGAME_EMPTIES {
        player.reply_solving(position, number, budget, ENDGAME_NODES)
    } else {
        player.reply(position, number, budget)
    };
    let Some(phrased) = out.fault_reply(reply, Some("status thinking"), |mv| {
        Ok(format!("=== {}", format_move(mv)))
    })?
    else {
        return Ok(());
    };
    let answer = match phrased {
        Phrased::Move { mv, report } => {
            // No eval: the search's score is not in discs, NBoard's unit.
            if let Some(report) = report {
                out.line(&format!("nodestats {} 0.00", report.nodes))?;
            }
            format!("=== {}", format_move(&mv))
        }
        Phrased::OffBoard => "=== I9".to_owned(),
        Phrased::Pass => "=== PA".to_owned(),
        Phrased::GameOver => {
            out.line("status the game is over: no move")?;
            return Ok(());
        }
    };
    out.line(&answer)?;
    if player.fault() == Some(Fault::ExtraLine) {
        // The move again: a manager that does not synchronise with ping/pong reads it as the
        // answer to its next `go`.
        out.line(&answer)?;
    }
    out.line(&format!("status {NAME} is waiting"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::Protocol;
    use super::*;

    fn session(fault: Option<Fault>, input: &str) -> Vec<String> {
        super::super::session(Protocol::Nboard, ("othello", None), 300, fault, input)
    }

    fn moves(lines: &[String]) -> Vec<String> {
        lines
            .iter()
            .filter_map(|l| match NboardReply::parse(l) {
                Ok(NboardReply::Move(mv)) => Some(mv),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn answers_the_protocol_pages_example_session() {
        let game = GgfGame::from_start(
            &["f5", "f6", "d3", "c5", "e6", "f7", "e7", "f4"].map(str::to_owned),
        );
        let lines = session(
            None,
            &format!("nboard 2\nset game {game}\nset depth 6\nping 1\ngo\nquit\ngo\n"),
        );
        assert_eq!(lines[0], "set myname arbiter-bot");
        assert_eq!(lines[1], "pong 1");
        let played = moves(&lines);
        assert_eq!(played.len(), 1, "{lines:?}");
        let request = PositionRequest {
            moves: game.moves.clone(),
            ..PositionRequest::default()
        };
        let position = Player::new("othello", None, None, None)
            .unwrap()
            .position(&request)
            .unwrap();
        assert!(position.legal_moves().unwrap().contains(&played[0]));
    }

    #[test]
    fn a_board_as_it_stands_and_move_commands_set_the_position() {
        // White to move at the start board: white's first moves mirror black's.
        let board = GgfGame::from_text(&format!(
            "{} O",
            arbiter_protocol::nboard::START_SQUARES.replace('*', "X")
        ))
        .unwrap();
        let lines = session(None, &format!("set game {board}\ngo\nmove e3\ngo\n"));
        let played = moves(&lines);
        assert_eq!(played.len(), 2, "{lines:?}");
        assert!(
            ["e3", "f4", "c5", "d6"].contains(&played[0].as_str()),
            "{played:?}"
        );
    }

    #[test]
    fn the_wrong_pass_fault_answers_pa() {
        let lines = session(Some(Fault::WrongPass), "go\n");
        assert_eq!(moves(&lines), ["pass"]);
    }
}
