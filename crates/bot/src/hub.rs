//! The bot's side of Hub (see [`arbiter_protocol::hub`]): a draughts engine as the Hub GUI and
//! Scan's protocol expect one.
//!
//! `hub` answers `id` and `wait`; `init` answers `ready`; `pos` sets the position (its board,
//! then its moves played); `level` sets the search limit (`move-time` and the clock's `time`
//! bound the search unless `--nodes`/`--depth` gave a limit); `go think` (or `analyze`)
//! answers `info` and `done move=…` in Hub's capture form (start, end, captured squares);
//! `ping` answers `pong`; `new-game`, `set-param`, `stop` and `ponder-hit` are accepted and
//! do nothing; `quit` ends. Lines the bot does not understand are ignored, as Hub asks, with a
//! note on stderr.

use std::io::BufRead;

use arbiter_core::Game;
use arbiter_draughts::{Draughts, DraughtsVariant};
use arbiter_engine::{Position, PositionRequest};
use arbiter_protocol::hub::{self, Answer, Command, HubMove, Level, Line};

use super::{BotError, Fault, NAME, Out, Phrased, Player, ignore_refused, next_command};

/// The position the GUI set: the rules' game (for Hub's move forms) and the engine's position.
struct Current {
    game: Draughts,
    position: Box<dyn Position>,
}

pub(super) fn run(
    player: &Player,
    input: &mut dyn BufRead,
    out: &mut Out<'_>,
) -> Result<(), BotError> {
    let variant: DraughtsVariant = player
        .variant
        .parse()
        .map_err(|error| BotError::Input(format!("variant `{}`: {error}", player.variant)))?;
    let mut current = set_up(player, &Draughts::start(&variant), &[]).map_err(BotError::Input)?;
    let mut turn_ms = None;
    let mut answered = 0;
    while let Some(command) = next_command(input, Command::parse, ignore_refused)? {
        match command {
            Command::Hub => {
                let id = Line::new("id")
                    .arg("name", NAME)
                    .arg("version", env!("CARGO_PKG_VERSION"));
                out.line(&Answer::Id(id).to_line().to_string())?;
                out.line(&Answer::Wait.to_line().to_string())?;
            }
            Command::Init => out.line(&Answer::Ready.to_line().to_string())?,
            Command::Pos { position, moves } => {
                let start = Draughts::from_setup(&variant, &position.0).map_err(|problems| {
                    problems
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("; ")
                });
                match start.and_then(|start| set_up(player, &start, &moves)) {
                    Ok(new) => current = new,
                    Err(message) => eprintln!("arbiter-bot: cannot set the position: {message}"),
                }
            }
            Command::Level(level) => {
                turn_ms = match level {
                    Level::MoveTime(seconds) => Some((seconds * 1000.0) as u64),
                    Level::Clock { moves, time, .. } => {
                        Some((time * 1000.0 / f64::from(moves.unwrap_or(30).max(1))) as u64)
                    }
                    Level::Depth(_) | Level::Nodes(_) | Level::Infinite => None,
                };
            }
            Command::Go(_) => {
                answered += 1;
                go(player, &current, turn_ms, answered, out)?;
            }
            Command::Ping => out.line(&Answer::Pong.to_line().to_string())?,
            Command::SetParam { .. } | Command::NewGame | Command::Stop | Command::PonderHit => {}
            Command::Quit => return Ok(()),
            Command::Unknown(line) => eprintln!("arbiter-bot: ignoring unknown command `{line}`"),
        }
    }
    Ok(())
}

/// The position `start` with the Hub moves `moves` played.
fn set_up(player: &Player, start: &Draughts, moves: &[HubMove]) -> Result<Current, String> {
    let mut game = start.clone();
    let mut played = Vec::with_capacity(moves.len());
    for mv in moves {
        let resolved = mv.resolve(&game).map_err(|error| error.to_string())?;
        played.push(game.format_move(resolved));
        game.make(resolved);
    }
    let request = PositionRequest {
        text: Some(start.format_position()),
        moves: played,
        ..PositionRequest::default()
    };
    let position = player.position(&request).map_err(|e| e.to_string())?;
    Ok(Current { game, position })
}

/// Answers `go`: an `info` line and `done move=…`, faults applied.
fn go(
    player: &Player,
    current: &Current,
    turn_ms: Option<u64>,
    number: u32,
    out: &mut Out<'_>,
) -> Result<(), BotError> {
    let budget = player.budget(turn_ms);
    if player.fault() == Some(Fault::ErrorLines) {
        out.line("arbiter-bot fault error-lines: this line is not Hub's")?;
    }
    let reply = player.reply(current.position.as_ref(), number, budget);
    let Some(phrased) = out.fault_reply(reply, Some("info thinking"), |mv| {
        let text =
            hub::from_pdn(&current.game, mv).map_or_else(|_| mv.to_owned(), |mv| mv.to_string());
        Ok(format!("done move={text}"))
    })?
    else {
        return Ok(());
    };
    let done = match phrased {
        Phrased::Move { mv, report } => {
            if let Some(report) = report {
                let info = Line::new("info")
                    .arg("depth", report.depth.to_string())
                    .arg("score", report.score.to_string())
                    .arg("nodes", report.nodes.to_string());
                out.line(&info.to_string())?;
            }
            // A faulty move the rules refuse still goes out in Hub's form when it has one.
            let text = hub::from_pdn(&current.game, &mv)
                .map(|mv| mv.to_string())
                .or_else(|_| HubMove::parse(&mv).map(|mv| mv.to_string()))
                .unwrap_or(mv);
            format!("done move={text}")
        }
        Phrased::OffBoard => "done move=51-52".to_owned(),
        Phrased::Pass => "done move=pass".to_owned(),
        Phrased::GameOver => {
            out.line("error message=\"the game is over: no move\"")?;
            return Ok(());
        }
    };
    out.line(&done)?;
    if player.fault() == Some(Fault::ExtraLine) {
        out.line(&done)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::Protocol;
    use super::*;

    fn session(fault: Option<Fault>, input: &str) -> Vec<String> {
        super::super::session(Protocol::Hub, ("draughts", None), 300, fault, input)
    }

    fn done(lines: &[String]) -> Vec<HubMove> {
        lines
            .iter()
            .filter_map(|l| match Answer::parse(l) {
                Ok(Answer::Done { mv, .. }) => Some(mv),
                _ => None,
            })
            .collect()
    }

    const START: &str = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

    #[test]
    fn answers_the_handshake_and_a_position_with_moves() {
        // After 32-28 19-23 white must take: 28x19 taking 23.
        let lines = session(
            None,
            &format!(
                "hub\ninit\npos pos={START} moves=\"32-28 19-23\"\nlevel move-time=1\nping\ngo think\nquit\ngo think\n"
            ),
        );
        assert!(lines[0].starts_with("id name=arbiter-bot"), "{lines:?}");
        assert_eq!(lines[1], "wait");
        assert_eq!(lines[2], "ready");
        assert_eq!(lines[3], "pong");
        assert_eq!(
            done(&lines),
            [HubMove::parse("28x19x23").unwrap()],
            "{lines:?}"
        );
    }

    #[test]
    fn a_board_as_it_stands() {
        // Black to move, one man each: black 23 must take white 28 (23x32).
        let board = format!(
            "B{}",
            (1..=50)
                .map(|n| match n {
                    23 => 'b',
                    28 => 'w',
                    _ => 'e',
                })
                .collect::<String>()
        );
        let lines = session(None, &format!("pos pos={board}\ngo think\n"));
        assert_eq!(
            done(&lines),
            [HubMove::parse("23x32x28").unwrap()],
            "{lines:?}"
        );
    }

    #[test]
    fn the_illegal_fault_answers_a_refused_step() {
        let lines = session(Some(Fault::Illegal), "go think\n");
        let moves = done(&lines);
        assert_eq!(moves.len(), 1, "{lines:?}");
        assert!(hub::to_pdn(&Draughts::start(&DraughtsVariant::default()), &moves[0]).is_err());
    }
}
