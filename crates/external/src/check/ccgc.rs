//! The CCGC platform rows: start-up (`name?`), `new black` answered at once (Connect6: one
//! stone, `XY@@`), `new white` with the opponent's first move, whole games in one process as
//! black and as white (every move relayed and checked, `end` at the close), `error` answered
//! by another move, `end` joined to the last move and a new game in the same process, commands
//! followed by NUL (older platforms), and `quit`. Each row is a fresh process.

use std::time::Duration;

use super::{Checker, Lcg, RowVerdict};
use crate::ccgc::{CcgcPlayer, GOODBYE, holds_no_move, read_keyword};
use crate::sandbox::Process;
use crate::{Player, Timing, validate};
use arbiter_engine::Fault;
use arbiter_engine::RulesEngine;
use arbiter_protocol::ccgc::{CcgcGame, Colour, Command};

/// The most moves of its own the engine plays in a whole-game row.
const GAME_MOVES: usize = 40;

impl Checker {
    pub(super) fn ccgc(&self) {
        let why = || format!("the platform has no module for {}", self.engine.game());
        let Some(game) = self.carried(self.ccgc_game(), "CCGC move lists", why) else {
            return;
        };
        let start_up = self.ccgc_row(game, |_, _, name| Ok(format!("`name {name}`")));
        let failed = start_up.is_err();
        self.result("start-up: `name?` → `name …`", start_up);
        if failed {
            // The platform counts an engine ready only once it answered `name?`: without
            // that, it plays no game, and every row would fail the same way.
            for check in [
                "`new black`: the first move at once",
                "`new white`, then the opponent's first move",
                "whole games, `error`, `end`, NUL, `quit`",
            ] {
                self.record(
                    check,
                    RowVerdict::NotApplicable,
                    "the engine never answered `name?`, so the platform would not start a game \
                     (see the first row)"
                        .to_owned(),
                );
            }
            return;
        }
        self.result(
            "`new black`: the first move at once",
            self.ccgc_row(game, |player, process, _| {
                let mv = self.ccgc_move(player, process, "new black\n", &[])?;
                let list = player.list(&mv).map_err(|f| f.to_string())?;
                let note = if matches!(game, CcgcGame::Connect6(_)) {
                    " (Connect6's one stone)"
                } else {
                    ""
                };
                Ok(format!("`move {list}` = {mv}{note}"))
            }),
        );
        let first = self.legal(&[]);
        let opening = first[first.len() / 2].clone();
        self.result(
            "`new white`, then the opponent's first move",
            self.ccgc_row(game, |player, process, _| {
                let list = player.list(&opening).map_err(|f| f.to_string())?;
                let history = vec![opening.clone()];
                let mv = self.ccgc_move(
                    player,
                    process,
                    &format!("new white\nmove {list}\n"),
                    &history,
                )?;
                Ok(format!("`move {list}` ({opening}) → {mv}"))
            }),
        );
        for colour in [Colour::Black, Colour::White] {
            self.result(
                &format!("a whole game as {colour}, one process, moves relayed"),
                self.whole_game(game, colour),
            );
        }
        self.result(
            "`error`: the engine produces another move",
            self.error_row(game),
        );
        self.result(
            "`end` joined to the last move, then `new` in the same process",
            self.end_row(game),
        );
        self.nul_row(game);
        self.quit_row(game);
    }

    fn ccgc_game(&self) -> Option<CcgcGame> {
        CcgcGame::for_game(self.engine.game(), &self.variant).ok()
    }

    fn ccgc_player(&self, game: CcgcGame) -> CcgcPlayer {
        CcgcPlayer::new(
            self.engine.spawn_spec(),
            game,
            Timing::of(self.engine.manifest()),
        )
    }

    /// A fresh process that answered `name?`, given to `row`; then `quit` and the leak record.
    fn ccgc_row(
        &self,
        game: CcgcGame,
        row: impl FnOnce(&mut CcgcPlayer, &mut Process, &str) -> Result<String, String>,
    ) -> Result<String, String> {
        let mut player = self.ccgc_player(game);
        let result = match player.start() {
            Ok((mut process, name)) => {
                let result = row(&mut player, &mut process, &name);
                GOODBYE.say(&mut process);
                result
            }
            Err(fault) => Err(fault.to_string()),
        };
        self.engine.record_player(&mut player);
        result
    }

    /// Sends `commands` and checks the move answered in the position after `history`.
    fn ccgc_move(
        &self,
        player: &mut CcgcPlayer,
        process: &mut Process,
        commands: &str,
        history: &[String],
    ) -> Result<String, String> {
        let reference = self.reference(history);
        player
            .exchange(process, commands)
            .and_then(|answer| validate(reference.as_ref(), answer))
            .map_err(|fault| fault.to_string())
    }

    /// One process plays a game from the start against arbiter's random player, every move
    /// relayed as the platform relays it and checked; `end` when it is over.
    fn whole_game(&self, game: CcgcGame, colour: Colour) -> Result<String, String> {
        let mut player = self.ccgc_player(game);
        let mut rng = Lcg(11 + colour as u64);
        let mut history: Vec<String> = Vec::new();
        let mut own = 0;
        let mine = usize::from(colour == Colour::White);
        let result = loop {
            let mut position = self.reference(&history);
            if let Some(outcome) = position.outcome().ok().flatten() {
                player.game_over(&history);
                break Ok(format!("{} plies to the end: {outcome}", history.len()));
            }
            if own == GAME_MOVES {
                break Ok(format!(
                    "{} plies, {own} of them its own, all legal (stopped there)",
                    history.len()
                ));
            }
            let mv = if history.len() % 2 == mine {
                own += 1;
                match player
                    .answer(&history)
                    .and_then(|answer| validate(position.as_ref(), answer))
                {
                    Ok(mv) => mv,
                    Err(fault) => break Err(format!("ply {}: {fault}", history.len() + 1)),
                }
            } else {
                // arbiter's random player avoids fouls that lose at once (NoGo under the
                // platform's ruling) while it has other moves, so that the game goes on.
                let legal = position.legal_moves().unwrap_or_default();
                let fouls: Vec<String> = position
                    .forbidden()
                    .ok()
                    .flatten()
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(point, _)| point)
                    .collect();
                let fair: Vec<&String> = legal.iter().filter(|mv| !fouls.contains(mv)).collect();
                let pool: Vec<&String> = if fair.is_empty() {
                    legal.iter().collect()
                } else {
                    fair
                };
                pool[rng.below(pool.len())].clone()
            };
            if let Err(refusal) = position.play(&mv) {
                break Err(format!("validated move `{mv}` refused: {refusal}"));
            }
            history.push(mv);
        };
        player.finish();
        let started = player.started().len();
        self.engine.record_player(&mut player);
        let detail = result?;
        if started == 1 {
            Ok(detail)
        } else {
            Err(format!("{started} processes were started for one game"))
        }
    }

    /// `new black`, then `error`: a move must follow, legal at the start.
    fn error_row(&self, game: CcgcGame) -> Result<String, String> {
        self.ccgc_row(game, |player, process, _| {
            let first = self.ccgc_move(player, process, "new black\n", &[])?;
            let again = self.ccgc_move(player, process, "error\n", &[])?;
            if again == first {
                self.engine.warn(vec![format!(
                    "after `error` it answered `{first}` again: on the platform a refused move \
                     sent again is refused again"
                )]);
                Ok(format!(
                    "`new black` → {first}; `error` → {again} (the same move)"
                ))
            } else {
                Ok(format!("`new black` → {first}; `error` → {again}"))
            }
        })
    }

    /// A short game ended as the platform ends it for the side that did not move last (the
    /// last move joined to `end`), then `new black` in the same process: the first move of a
    /// new game must be legal at the start (an engine that kept its old board fails here).
    fn end_row(&self, game: CcgcGame) -> Result<String, String> {
        self.ccgc_row(game, |player, process, _| {
            let mut history = Vec::new();
            let first = self.ccgc_move(player, process, "new black\n", &history)?;
            history.push(first);
            let legal = self.legal(&history);
            let reply = legal[legal.len() / 3].clone();
            let list = player.list(&reply).map_err(|f| f.to_string())?;
            process
                .send(&format!("move {list}\n{}\n", Command::End(None)))
                .map_err(|f| f.to_string())?;
            // An engine may answer that move before it reads `end`; the platform ignores the
            // answer. Wait one move time for it, so it cannot be read in the new game.
            let deadline = Timing::of(self.engine.manifest()).for_move();
            let stray = match process.read_answer(&deadline, "a stray answer", &holds_no_move) {
                Ok(line) => Some(line),
                Err(fault) if fault.kind == arbiter_engine::FaultKind::Timeout => None,
                Err(fault) => return Err(format!("after `end`: {fault}")),
            };
            let mv = self.ccgc_move(player, process, "new black\n", &[])?;
            let note = match stray {
                Some(line) => format!(
                    "; it answered `{}` before reading `end` (the platform ignores it)",
                    crate::sandbox::preview(&line)
                ),
                None => String::new(),
            };
            Ok(format!(
                "`move {list}` + `end`, then `new black` → {mv}{note}"
            ))
        })
    }

    /// Commands each followed by a NUL byte, as platforms before 2017-10 sent them. The
    /// document asks engines to tolerate it; today's platform does not send it, so a failure
    /// is a warning.
    fn nul_row(&self, game: CcgcGame) {
        let check = "commands followed by NUL (platforms before 2017-10)";
        let mut player = self.ccgc_player(game);
        let result = (|| -> Result<String, Fault> {
            let mut process = Process::spawn(&self.engine.spawn_spec())?;
            self.engine.record_started(&[process.started()]);
            process.send("name?\n\0")?;
            let deadline = Timing::of(self.engine.manifest()).for_start("start-up time");
            read_keyword(&mut process, &deadline, "name", "`name` to `name?` + NUL")?;
            let answer = player.exchange(&mut process, "\0new black\n\0");
            GOODBYE.say(&mut process);
            let reference = self.reference(&[]);
            validate(reference.as_ref(), answer?)
        })();
        self.engine.record_player(&mut player);
        match result {
            Ok(mv) => self.result(
                check,
                Ok(format!("`name?` + NUL, `new black` + NUL → {mv}")),
            ),
            Err(fault) => self.record(
                check,
                RowVerdict::Warning,
                format!("{fault} (today's platform sends no NUL; older builds did)"),
            ),
        }
    }

    /// `quit`: the platform waits a second, then kills the process.
    fn quit_row(&self, game: CcgcGame) {
        let check = "`quit` ends the process within 1 s";
        let mut player = self.ccgc_player(game);
        let result = player.start().map(|(mut process, _)| {
            let _ = process.send("quit\n");
            let status = process.wait_exit(Duration::from_millis(1000));
            process.kill();
            status
        });
        self.engine.record_player(&mut player);
        match result {
            Ok(Some(status)) => self.result(check, Ok(format!("exited: {status}"))),
            Ok(None) => self.record(
                check,
                RowVerdict::Warning,
                "still running 1 s after `quit` (the platform kills it then)".to_owned(),
            ),
            Err(fault) => self.record(check, RowVerdict::Failed, fault.to_string()),
        }
    }
}
