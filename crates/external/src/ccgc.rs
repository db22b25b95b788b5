//! Driving an engine over the CCGC platform protocol (the SAU game platform): `name?`, then per
//! game `new black` (the engine moves at once) or `new white` and the opponent's moves as
//! `move <list>`, answered `move <list>`; `end`, `quit`. The codec is
//! [`arbiter_protocol::ccgc`].
//!
//! * **Start-up**: `name?` must be answered `name <name>` within the start-up time, as the
//!   platform counts an engine ready only then. A name longer than the platform's template
//!   allows (12 letters, 6 汉字) is a warning.
//! * **Reading answers as the platform does**: the first `move ` keyword in the output (at a
//!   line's start or after a space or tab) is the answer; lines without one are thrown away
//!   (logged). So a debug line that holds `move ` is read as the move, exactly as on the
//!   platform; a move found inside a longer line is accepted with a warning.
//! * **Not on move**: lines printed while the engine was not to move (a second `move`, a late
//!   answer) are ignored by the platform. They are drained and noted before each command, so a
//!   stray move is never read as the next answer.
//! * **Positions**: the protocol has no command that sets a position. A fresh process sees
//!   the start (`new black`) or the opponent's first move (`new white`, `move …`); later
//!   positions only arise in a game the process plays from the start, one relayed `move` at a
//!   time ([`arbiter_protocol::Protocol::max_given_plies`]). Each new game gets a fresh
//!   process, so nothing of an earlier game can be read in it.
//! * **Time**: the platform only shows each side's total; arbiter gives every move the move
//!   time plus the tolerance from the moment its command is sent (the match's clock through
//!   [`Player::set_clock`]).
//! * **End**: [`Player::game_over`] sends what the platform sends: `end` to the side that
//!   moved last, the last move joined to `end` to the other; then `quit`, a second, and the
//!   tree is killed.

use std::cell::RefCell;
use std::time::Duration;

use super::board::MoveAnswer;
use super::driver::{Driver, Goodbye};
use super::sandbox::{Deadline, Process, SpawnSpec, preview};
use super::{Player, Timing};
use arbiter_engine::fault::Fault;
use arbiter_protocol::ccgc::{CcgcGame, Colour, Command, MAX_COMMAND_BYTES, Read, find_keyword};

/// The longest name the platform's engine template allows, in characters (12 letters; 6 汉字
/// take 12 bytes in GBK).
pub(crate) const MAX_NAME_CHARS: usize = 12;

/// A CCGC platform engine's side of a game.
pub(crate) struct CcgcPlayer {
    /// The shared kit; its live process with the plies of its game it has seen (its own
    /// answers included).
    driver: Driver,
    game: CcgcGame,
    /// Whether the live game was ended with `end` already.
    ended: bool,
    /// Moves printed while the engine was not on move (drained), and the first of them.
    stray: (usize, Option<String>),
}

/// `quit` (the platform's [`Command::Quit`]), a second to leave (the platform's grace), then
/// the tree is killed.
pub(crate) const GOODBYE: Goodbye = Goodbye {
    line: "quit\n",
    grace: Duration::from_millis(1000),
};

/// Whether the platform throws `line` away while it waits for a move: it holds no `move `.
#[must_use]
pub(crate) fn holds_no_move(line: &str) -> bool {
    find_keyword(line, "move").is_none()
}

impl CcgcPlayer {
    /// A player of `game` started from `spec`.
    #[must_use]
    pub(crate) fn new(spec: SpawnSpec, game: CcgcGame, timing: Timing) -> CcgcPlayer {
        CcgcPlayer {
            driver: Driver::new(spec, timing, GOODBYE),
            game,
            ended: false,
            stray: (0, None),
        }
    }

    /// Starts the engine and asks `name?`; returns the process and the name it gave.
    ///
    /// # Errors
    /// The engine did not start, or did not answer `name <name>` within the start-up time.
    pub(crate) fn start(&mut self) -> Result<(Process, String), Fault> {
        let mut process = self.driver.spawn()?;
        process.send(&format!("{}\n", Command::NameQuery))?;
        let deadline = self.driver.timing().for_start("start-up time");
        let line = read_keyword(&mut process, &deadline, "name", "`name <name>` to `name?`")
            .map_err(|fault| fault.context("at start-up (`name?`)"))?;
        self.driver.note_late(&deadline, "its name");
        let name = find_keyword(&line, "name").unwrap_or("").trim().to_owned();
        if name.is_empty() {
            return Err(Fault::protocol(format!(
                "answered `{}` to `name?` (expected `name <name>`)",
                preview(&line)
            )));
        }
        if name.chars().count() > MAX_NAME_CHARS {
            self.driver.warn(format!(
                "its name `{}` is longer than the platform's template allows (12 letters or 6 \
                 汉字)",
                preview(&name)
            ));
        }
        Ok((process, name))
    }

    /// Sends `commands` and reads the move the engine answers. Lines it printed while it was
    /// not on move are drained first and noted, as the platform ignores them.
    ///
    /// # Errors
    /// The engine failed, timed out, or answered a list that is no move list of the game.
    pub(crate) fn exchange(
        &mut self,
        process: &mut Process,
        commands: &str,
    ) -> Result<MoveAnswer, Fault> {
        for line in process.drain() {
            if !holds_no_move(&line) {
                self.stray.0 += 1;
                self.stray.1.get_or_insert(line);
            }
        }
        process.send(commands)?;
        // The command the answer is owed to, for messages (NUL bytes of old platforms left out).
        let first = commands
            .lines()
            .map(|line| line.trim_matches(['\0', '\r', ' ']))
            .rfind(|line| !line.is_empty())
            .unwrap_or("")
            .to_owned();
        let deadline = self.driver.timing().for_move();
        let line = read_keyword(
            process,
            &deadline,
            "move",
            &format!("its move (`move …`) to `{first}`"),
        )?;
        self.driver
            .note_late(&deadline, &format!("its move to `{first}`"));
        process.watch_memory(true)?;
        self.read_move(&line)
    }

    /// The move of an answer line, read as the platform reads it.
    ///
    /// # Errors
    /// A protocol fault for a list that is no move list of the game.
    pub(crate) fn read_move(&mut self, line: &str) -> Result<MoveAnswer, Fault> {
        let list = find_keyword(line, "move").unwrap_or("");
        let inside = !line.trim_start().starts_with("move ");
        if inside {
            self.driver.warn(format!(
                "its move came inside the line `{}`: the platform reads the first `move ` it \
                 finds, so a debug line holding `move ` is read as the move",
                preview(line)
            ));
        }
        let source = |detail: String| {
            if inside {
                format!(
                    "{detail} (read from the line `{}`, as the platform reads the first `move `)",
                    preview(line)
                )
            } else {
                detail
            }
        };
        if list.len() + "move \n".len() >= MAX_COMMAND_BYTES {
            self.driver.warn(format!(
                "its move command is {} bytes; the platform reads at most {MAX_COMMAND_BYTES}",
                list.len() + "move \n".len()
            ));
        }
        match self.game.decode(list) {
            Ok(Read::Move(mv)) => Ok(MoveAnswer::Move(mv)),
            Ok(Read::OffBoard(detail)) => Ok(MoveAnswer::OffBoard(source(detail))),
            Err(error) => Err(Fault::protocol(format!(
                "answered `{}`: {error}",
                preview(line)
            ))),
        }
    }

    /// The platform's list of a move of the game.
    ///
    /// # Errors
    /// A protocol fault for a move with no list (never for a canonical move of the game).
    pub(crate) fn list(&self, mv: &str) -> Result<String, Fault> {
        self.game.encode(mv).map_err(|error| {
            Fault::protocol(format!("the move `{mv}` has no CCGC move list: {error}"))
        })
    }

    /// A fresh process in a new game, as the side to move after `history` (at most one ply).
    fn new_game(&mut self, history: &[String]) -> Result<MoveAnswer, Fault> {
        self.driver.finish();
        let (mut process, _) = self.start()?;
        let commands = match history {
            [] => format!("{}\n", Command::New(Colour::Black)),
            [first] => format!(
                "{}\n{}\n",
                Command::New(Colour::White),
                Command::Move(self.list(first)?)
            ),
            _ => {
                return Err(Fault::protocol(format!(
                    "the CCGC platform protocol cannot give a new engine a game of {} plies it \
                     did not play (arbiter asked for one; this is arbiter's fault)",
                    history.len()
                )));
            }
        };
        let answer = self.exchange(&mut process, &commands)?;
        self.driver.keep_live(process, history.len() + 1);
        self.ended = false;
        Ok(answer)
    }
}

/// The next line that holds `keyword` as the platform finds it; lines without it are thrown
/// away, as the platform does, and a fault names the last of them (an engine that speaks
/// another dialect shows what it printed instead).
///
/// # Errors
/// The process's fault, with that context.
pub(crate) fn read_keyword(
    process: &mut Process,
    deadline: &Deadline,
    keyword: &str,
    waiting_for: &str,
) -> Result<String, Fault> {
    let thrown = RefCell::new((0usize, String::new()));
    process
        .read_answer(deadline, waiting_for, &|line| {
            let skip = find_keyword(line, keyword).is_none();
            if skip && !line.trim().is_empty() {
                let mut thrown = thrown.borrow_mut();
                thrown.0 += 1;
                line.trim().clone_into(&mut thrown.1);
            }
            skip
        })
        .map_err(|fault| {
            let (count, last) = thrown.take();
            if count == 0 {
                return fault;
            }
            fault.context(&format!(
                "after {count} line(s) without `{keyword} `, which the platform throws away \
                 (the last: `{}`)",
                preview(&last)
            ))
        })
}

impl Player for CcgcPlayer {
    crate::driver::driver_field!();

    fn answer(&mut self, history: &[String]) -> Result<MoveAnswer, Fault> {
        let continuing = !self.ended
            && self
                .driver
                .seen()
                .is_some_and(|seen| seen + 1 == history.len());
        if !continuing {
            return self.new_game(history);
        }
        let (mut process, _) = self.driver.take_live().expect("continuing a live game");
        let last = history.last().expect("a continued game has a move");
        let command = format!("{}\n", Command::Move(self.list(last)?));
        let answer = self.exchange(&mut process, &command)?;
        self.driver.keep_live(process, history.len() + 1);
        Ok(answer)
    }

    fn game_over(&mut self, history: &[String]) {
        if self.ended {
            return;
        }
        let Some((process, seen)) = self.driver.live_mut() else {
            return;
        };
        // The side that did not move last is sent that move joined to `end`.
        let text = match history.last() {
            Some(last) if *seen + 1 == history.len() => match self.game.encode(last) {
                Ok(list) => format!("{}\n{}\n", Command::Move(list), Command::End(None)),
                Err(_) => format!("{}\n", Command::End(None)),
            },
            _ => format!("{}\n", Command::End(None)),
        };
        *seen = history.len();
        let _ = process.send(&text);
        self.ended = true;
    }

    fn take_warnings(&mut self) -> Vec<String> {
        if let (count, Some(first)) = std::mem::take(&mut self.stray) {
            self.driver.warn(format!(
                "printed {count} move(s) while it was not on move, which the platform ignores \
                 and arbiter dropped (the first: `{}`)",
                preview(&first)
            ));
        }
        self.driver.take_warnings()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_goodbye_is_the_platforms_quit() {
        assert_eq!(GOODBYE.line, format!("{}\n", Command::Quit));
    }
}
