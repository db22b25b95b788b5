//! The bot's side of the CCGC platform protocol (see [`arbiter_protocol::ccgc`]): an engine as
//! the SAU game platform expects one.
//!
//! `name?` is answered `name arbiter-bot`; `new black` starts a game and answers the first
//! move at once, `new white` starts one and waits; `move <list>` plays the opponent's move and
//! answers the bot's own, unless the game is over (the platform then sends `end`); `error`
//! takes the bot's last move back and answers another legal move (the platform's document:
//! "引擎应重新产生着法"); `end` ends the game (the next one starts with `new`); `quit` leaves. NUL
//! bytes and `\r` in commands are ignored, as older platforms sent them. Lines the bot does not
//! understand are ignored with a note on stderr.

use std::io::BufRead;

use arbiter_engine::Position;
use arbiter_protocol::ccgc::{CcgcGame, Colour, Command, Read};

use super::{BotError, Fault, NAME, Out, Phrased, Player, Reply, read_line};

/// One game as the bot keeps it.
struct Game {
    position: Box<dyn Position>,
    /// The moves played, to take the bot's own back after `error`.
    history: Vec<String>,
    /// The bot's last move, whether it was played (a faulty bot's illegal move is not), and
    /// every move the platform refused at this turn.
    last: Option<(String, bool)>,
    refused: Vec<String>,
}

impl Game {
    /// A new game at the start of the player's variant.
    fn new(player: &Player) -> Result<Game, BotError> {
        Ok(Game {
            position: player.start(&player.variant)?,
            history: Vec::new(),
            last: None,
            refused: Vec::new(),
        })
    }

    /// Plays the opponent's move `list`; false, with a note on stderr, when it cannot be read
    /// or played.
    fn opponent_move(&mut self, codec: CcgcGame, list: &str) -> bool {
        let mv = match codec.decode(list) {
            Ok(Read::Move(mv)) => mv,
            Ok(Read::OffBoard(why)) => {
                eprintln!("arbiter-bot: the opponent's move is off the board: {why}");
                return false;
            }
            Err(error) => {
                eprintln!("arbiter-bot: cannot read the opponent's move: {error}");
                return false;
            }
        };
        if let Err(refusal) = self.position.play(&mv) {
            eprintln!("arbiter-bot: cannot play the opponent's `{mv}`: {refusal}");
            return false;
        }
        self.history.push(mv);
        self.last = None;
        self.refused.clear();
        true
    }

    /// After `error`: the bot's last move taken back (if it was played) and counted as refused;
    /// false when there is none.
    fn take_back_refused(&mut self, player: &Player) -> Result<bool, BotError> {
        let Some((refused, played)) = self.last.take() else {
            return Ok(false);
        };
        if played {
            self.history.pop();
            self.position = player.replay(&player.variant, &self.history)?;
        }
        self.refused.push(refused);
        Ok(true)
    }
}

/// The command of a line; `None`, with a note on stderr unless the line is blank, when it is
/// not one.
fn read_command(line: &str) -> Option<Command> {
    match Command::parse(line) {
        Ok(command) => Some(command),
        Err(error) => {
            if !line.trim_matches(['\0', '\r', ' ']).is_empty() {
                eprintln!("arbiter-bot: ignoring `{line}`: {error}");
            }
            None
        }
    }
}

pub(super) fn run(
    player: &Player,
    input: &mut dyn BufRead,
    out: &mut Out<'_>,
) -> Result<(), BotError> {
    let codec = player.codec(CcgcGame::for_game)?;
    let mut game: Option<Game> = None;
    let mut answered = 0;
    while let Some(line) = read_line(input)? {
        let Some(command) = read_command(&line) else {
            continue;
        };
        match command {
            Command::NameQuery => out.line(&format!("name {NAME}"))?,
            Command::New(colour) => {
                let current = game.insert(Game::new(player)?);
                if colour == Colour::Black {
                    answered += 1;
                    answer(player, codec, current, answered, out)?;
                }
            }
            Command::Move(list) => {
                let Some(current) = game.as_mut() else {
                    eprintln!("arbiter-bot: `move {list}` outside a game (no `new`): ignored");
                    continue;
                };
                if !current.opponent_move(codec, &list) {
                    continue;
                }
                if current.position.outcome().ok().flatten().is_none() {
                    answered += 1;
                    answer(player, codec, current, answered, out)?;
                }
            }
            Command::Error => {
                let Some(current) = game.as_mut() else {
                    continue;
                };
                if !current.take_back_refused(player)? {
                    eprintln!("arbiter-bot: `error` without a move of mine to take back");
                    continue;
                }
                answered += 1;
                answer(player, codec, current, answered, out)?;
            }
            Command::End(_) => game = None,
            Command::Quit => return Ok(()),
            Command::Other(line) => eprintln!("arbiter-bot: ignoring `{line}`"),
        }
    }
    Ok(())
}

/// Answers the `number`-th move request: the player's move (faults applied), or after an
/// `error` another legal move than those refused; then plays it when it is legal.
fn answer(
    player: &Player,
    codec: CcgcGame,
    game: &mut Game,
    number: u32,
    out: &mut Out<'_>,
) -> Result<(), BotError> {
    let reply = if game.refused.is_empty() {
        player.reply(game.position.as_ref(), number, player.budget(None))
    } else {
        let legal = game.position.legal_moves().unwrap_or_default();
        match legal.iter().find(|mv| !game.refused.contains(mv)) {
            Some(mv) => Reply::Move {
                mv: mv.clone(),
                report: None,
            },
            None => player.reply(game.position.as_ref(), number, player.budget(None)),
        }
    };
    if player.fault() == Some(Fault::DebugMove) {
        // A debug line that holds the token `move `: the platform reads it as the answer.
        out.line(&format!(
            "debug: thinking about my move {}",
            codec.off_board()
        ))?;
    }
    let list = |mv: &str| codec.encode(mv).unwrap_or_else(|_| codec.off_board());
    // Flood lines the platform throws away: no `move ` in them.
    let phrased = out.fault_reply(reply, Some("thinking"), |mv| {
        Ok(format!("move {}", list(mv)))
    })?;
    match phrased {
        None => {}
        Some(Phrased::Move { mv, .. }) => {
            let text = format!("move {}", list(&mv));
            out.line(&text)?;
            let played = game.position.play(&mv).is_ok();
            if played {
                game.history.push(mv.clone());
            }
            game.last = Some((mv, played));
            if player.fault() == Some(Fault::ExtraLine) {
                // The move again, while the opponent is on move: the platform ignores it.
                out.line(&text)?;
            }
        }
        Some(Phrased::OffBoard) => {
            out.line(&format!("move {}", codec.off_board()))?;
            game.last = Some((codec.off_board(), false));
        }
        Some(Phrased::Pass) => {
            out.line("move pass")?;
            game.last = Some(("pass".to_owned(), false));
        }
        Some(Phrased::GameOver) => eprintln!("arbiter-bot: the game is over: no move"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::Protocol;
    use super::*;
    use arbiter_protocol::ccgc::find_keyword;

    fn session(game: &str, variant: &str, fault: Option<Fault>, input: &str) -> Vec<String> {
        super::super::session(Protocol::Ccgc, (game, Some(variant)), 300, fault, input)
    }

    /// A session without a fault that must play `count` moves: its lines and its moves.
    fn playing(game: &str, variant: &str, input: &str, count: usize) -> (Vec<String>, Vec<String>) {
        let lines = session(game, variant, None, input);
        let played = moves(&lines);
        assert_eq!(played.len(), count, "{lines:?}");
        (lines, played)
    }

    fn moves(lines: &[String]) -> Vec<String> {
        lines
            .iter()
            .filter_map(|line| find_keyword(line, "move").map(str::to_owned))
            .collect()
    }

    #[test]
    fn connect6_black_opens_with_one_stone() {
        let (lines, played) = playing("connect6", "standard", "name?\nnew black\nquit\n", 1);
        assert_eq!(lines[0], "name arbiter-bot");
        assert!(played[0].ends_with("@@"), "{played:?}");
    }

    #[test]
    fn white_answers_each_relayed_move_and_end_stops_it() {
        let input = "name?\nnew white\nmove EE\nmove AA\nmove II\nend\nmove BB\n";
        let (_, played) = playing("nogo", "foul-loses", input, 3);
        for list in &played {
            assert!(!["EE", "AA", "II"].contains(&list.as_str()), "{played:?}");
        }
    }

    #[test]
    fn error_takes_the_move_back_and_plays_another() {
        let (_, played) = playing("amazons", "standard", "new black\nerror\nerror\nquit\n", 3);
        assert_ne!(played[0], played[1]);
        assert_ne!(played[1], played[2]);
        assert_ne!(played[0], played[2]);
    }

    #[test]
    fn an_error_with_no_move_of_its_own_to_take_back_is_ignored_and_play_goes_on() {
        // Outside a game, and in a game before the bot's first move: nothing to take back,
        // no move played for it; the relayed move is then answered once.
        let input = "error\nnew white\nerror\nmove EE\nquit\n";
        let (_, played) = playing("nogo", "foul-loses", input, 1);
        assert_ne!(played[0], "EE");
    }

    #[test]
    fn nul_bytes_and_carriage_returns_are_tolerated() {
        let input = "name?\r\n\0new black\r\n\0quit\r\n\0";
        let (lines, _) = playing("surakarta", "no-repetition+no-limit", input, 1);
        assert_eq!(lines[0], "name arbiter-bot");
    }

    #[test]
    fn dots_and_boxes_answers_whole_turns() {
        let (_, played) = playing("dotsboxes", "5x5", "new black\nquit\n", 1);
        assert!(played[0].starts_with("1 "), "{played:?}");
    }

    #[test]
    fn the_debug_move_fault_prints_move_inside_a_debug_line() {
        let lines = session("nogo", "standard", Some(Fault::DebugMove), "new black\n");
        assert_eq!(moves(&lines)[0], "ZZ", "{lines:?}");
    }
}
