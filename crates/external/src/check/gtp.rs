//! The GTP rows: `protocol_version` 2, the required commands in `list_commands`, an unknown
//! command answered with `?`, an illegal `play` refused, a move from the start, `genmove`
//! after the opponent's pass, a mid-game position, the clock honoured (`time_settings`,
//! `time_left`, the answer within the move time), a whole game in one process with the
//! engine's count at the end (`final_score`, `final_status_list dead`), and `quit`. Each row
//! is a fresh process.
//!
//! Hex (HTP) has the same rows but those of Go's passes, komi and count: `komi` is not
//! required, the pass row is not applicable (Hex has no pass), the whole game ends on a
//! connection with the engine's `final_score` (Benzene's `B+`/`W+`) naming the winner's
//! colour when listed; and a row for the swap rule (a move after `swap-pieces` under a swap
//! variant; without one, `swap-pieces` refused once the engine is told so by `param_game`).

use super::{Checker, Lcg, RowVerdict};
use crate::driver::Driver;
use crate::gtp::{GOODBYE, GtpPlayer, GtpSession, REQUIRED};
use crate::sandbox::preview;
use crate::{Player, Timing, validate};
use arbiter_engine::{Fault, Position, RulesEngine};
use arbiter_protocol::gtp::{Command, GtpGame, Move, Request};

/// The optional commands a driver uses when they are listed.
const OPTIONAL: [&str; 8] = [
    "time_settings",
    "time_left",
    "final_score",
    "final_status_list",
    "kgs-rules",
    "kata-set-rules",
    "kgs-genmove_cleanup",
    "fixed_handicap",
];

impl Checker {
    pub(super) fn gtp(&self) {
        let why = || format!("GTP carries no game `{}`", self.engine.game());
        let Some(game) = self.carried(self.gtp_game(), "GTP vertices", why) else {
            return;
        };
        self.result(
            "`protocol_version` is 2",
            self.gtp_row(|session, _| self.gtp_protocol_version(session)),
        );
        self.result(
            "the required commands in `list_commands`",
            self.gtp_row(|session, _| listed_commands(session, &game)),
        );
        self.result(
            "an unknown command is answered with `?`",
            self.gtp_row(|session, warnings| self.gtp_unknown_command(session, warnings)),
        );
        self.result(
            "an illegal `play` is refused",
            self.gtp_row(|session, warnings| self.illegal_play(session, &game, warnings)),
        );
        self.ask_from_start("a move from the start");
        if game.counted {
            self.after_pass();
        } else {
            self.record(
                "`genmove` after the opponent's pass",
                RowVerdict::NotApplicable,
                format!("{} has no pass", self.engine.game()),
            );
        }
        let mid = self.playout(2, 40, |h, _| h.len() == 30);
        self.ask_check(
            "a mid-game position (30 `play` commands)",
            mid,
            "the game ends within 30 plies",
        );
        if game.swap_command().is_some() {
            self.swap_row(&game);
        }
        self.result("the clock is honoured", self.clock_row());
        self.result(
            if game.counted {
                "a whole game in one process, counted at the end"
            } else {
                "a whole game in one process, the winner named at the end"
            },
            self.gtp_whole_game(&game),
        );
        self.result(
            "`quit` is answered `=` and the process ends",
            self.gtp_quit(),
        );
    }

    /// `protocol_version` must answer `= 2`.
    fn gtp_protocol_version(&self, session: &mut GtpSession) -> Result<String, String> {
        let version = self.gtp_text(session, &Request::ProtocolVersion)?;
        if version.trim() == "2" {
            Ok("`= 2`".to_owned())
        } else {
            Err(format!("answered `= {}`", preview(&version)))
        }
    }

    /// An unknown command must be answered `?`, and the session must go on (`name`).
    fn gtp_unknown_command(
        &self,
        session: &mut GtpSession,
        warnings: &mut Vec<String>,
    ) -> Result<String, String> {
        let line = "arbiter-unknown-command 1 2 3";
        let command = Command::new("arbiter-unknown-command", &["1", "2", "3"]);
        let response = session
            .send(&command, &self.gtp_timing().for_move(), warnings)
            .map_err(|f| f.to_string())?;
        if response.success {
            return Err(format!(
                "answered `= {}` to `{line}`",
                preview(&response.text)
            ));
        }
        let name = self.gtp_text(session, &Request::Name)?;
        Ok(format!(
            "`? {}`; `name` still answered `= {}`",
            preview(&response.text),
            preview(&name)
        ))
    }

    /// `genmove` after the opponent's pass (Go).
    fn after_pass(&self) {
        let after_pass = (0..50).find_map(|seed| {
            self.playout(seed, 12, |h, _| h.len() >= 6 && h.len() % 2 == 1)
                .map(|mut h| {
                    h.push("pass".to_owned());
                    h
                })
        });
        self.ask_check(
            "`genmove` after the opponent's pass",
            after_pass,
            "the game ends within 7 plies",
        );
    }

    /// The swap rule (Hex): under a swap variant, a move after `play white swap-pieces`;
    /// without one, `swap-pieces` refused by an engine told so (`param_game allow_swap 0`).
    fn swap_row(&self, game: &GtpGame) {
        // The second cell (`b1`): off the long diagonal, so that a mirrored swap moves it.
        let legal = self.legal(&[]);
        let first = legal.get(1).or(legal.first()).cloned();
        if game.swap.is_some() {
            let history =
                first.map(|first| vec![first, arbiter_protocol::gtp::HTP.format_move(Move::Swap)]);
            self.ask_check(
                "a move after `swap-pieces`",
                history,
                "the reference has no first move",
            );
            return;
        }
        let check = "`swap-pieces` refused without the swap rule";
        if first.is_none() {
            return self.record(check, RowVerdict::NotApplicable, "no first move".to_owned());
        }
        let listed = self.gtp_row(|session, _| Ok(session.lists("param_game").to_string()));
        if listed.as_deref() == Ok("false") {
            return self.record(
                check,
                RowVerdict::NotApplicable,
                "the engine lists no `param_game`: HTP has no other command to say that the \
                 swap is not allowed"
                    .to_owned(),
            );
        }
        self.result(
            check,
            self.gtp_row(|session, warnings| {
                let timing = self.gtp_timing();
                session
                    .new_game(game, timing, warnings)
                    .map_err(|f| f.to_string())?;
                let history = vec![first.clone().unwrap_or_default()];
                session
                    .sync(game, &history, timing, warnings)
                    .map_err(|f| f.to_string())?;
                let swap = Request::Play(game.colour_after(&history), Move::Swap);
                let sent = swap.to_command(None, game.dialect).to_string();
                let response = session
                    .ask(&swap, Some(game), &timing.for_move(), warnings)
                    .map_err(|f| f.to_string())?;
                if response.success {
                    Err(format!(
                        "`{sent}` was answered `= {}` after `param_game allow_swap 0`",
                        preview(&response.text)
                    ))
                } else {
                    Ok(format!("`{sent}` → `? {}`", preview(&response.text)))
                }
            }),
        );
    }

    fn gtp_game(&self) -> Option<GtpGame> {
        GtpGame::for_game(self.engine.game(), &self.variant).ok()
    }

    fn gtp_timing(&self) -> Timing {
        Timing::of(self.engine.manifest())
    }

    /// A fresh process that answered `protocol_version` and `list_commands`, given to `row`;
    /// then `quit`, and its warnings and processes recorded.
    fn gtp_row(
        &self,
        row: impl FnOnce(&mut GtpSession, &mut Vec<String>) -> Result<String, String>,
    ) -> Result<String, String> {
        let mut driver = self.gtp_driver();
        let mut warnings = Vec::new();
        let result = match GtpSession::start(&mut driver, &mut warnings) {
            Ok(mut session) => {
                let result = row(&mut session, &mut warnings);
                session.quit();
                result
            }
            Err(fault) => Err(fault.context("at start-up").to_string()),
        };
        self.engine.record_started(&driver.started());
        self.engine.warn(warnings);
        result
    }

    /// A driver kit for one row's process (it records the process for the leak check).
    fn gtp_driver(&self) -> Driver {
        Driver::new(self.engine.spawn_spec(), self.gtp_timing(), GOODBYE)
    }

    /// The text of a request that must succeed.
    fn gtp_text(&self, session: &mut GtpSession, request: &Request) -> Result<String, String> {
        let mut warnings = Vec::new();
        let response = session
            .ask(request, None, &self.gtp_timing().for_move(), &mut warnings)
            .map_err(|f| f.to_string())?;
        self.engine.warn(warnings);
        let sent = request
            .to_command(None, arbiter_protocol::gtp::GTP)
            .to_string();
        if response.success {
            Ok(response.text)
        } else {
            Err(format!("refused `{sent}`: `? {}`", preview(&response.text)))
        }
    }

    /// A stone on an occupied point: `play` must answer `?`, and the next legal `play` `=`.
    fn illegal_play(
        &self,
        session: &mut GtpSession,
        game: &GtpGame,
        warnings: &mut Vec<String>,
    ) -> Result<String, String> {
        let timing = self.gtp_timing();
        session
            .new_game(game, timing, warnings)
            .map_err(|f| f.to_string())?;
        let legal = self.legal(&[]);
        let Some(first) = legal.iter().find(|m| *m != "pass").cloned() else {
            return Err("the reference has no move at the start".to_owned());
        };
        let history = vec![first.clone()];
        session
            .sync(game, &history, timing, warnings)
            .map_err(|f| f.to_string())?;
        let occupied = Request::Play(
            game.colour_after(&history),
            game.to_gtp(&history, &first).map_err(|e| e.to_string())?,
        );
        let sent = occupied.to_command(None, game.dialect).to_string();
        let response = session
            .ask(&occupied, Some(game), &timing.for_move(), warnings)
            .map_err(|f| f.to_string())?;
        if response.success {
            return Err(format!(
                "`{sent}` (occupied) was answered `= {}`",
                preview(&response.text)
            ));
        }
        let reply = self.legal(&history);
        let Some(next) = reply.iter().find(|m| *m != "pass").cloned() else {
            return Ok(format!("`{sent}` → `? {}`", preview(&response.text)));
        };
        let mut later = history.clone();
        later.push(next.clone());
        session
            .sync(game, &later, timing, warnings)
            .map_err(|f| f.context("after the refused `play`").to_string())?;
        Ok(format!(
            "`{sent}` (occupied) → `? {}`; then `play {next}` accepted",
            preview(&response.text)
        ))
    }

    /// A move under `time_settings`/`time_left` of the manifest's move time, answered in it.
    fn clock_row(&self) -> Result<String, String> {
        let mut player = self.gtp_player().ok_or("no game")?;
        let manifest = self.engine.manifest();
        let history = self
            .playout(4, 12, |h, _| h.len() == 10)
            .unwrap_or_default();
        let reference = self.reference(&history);
        let answer = player
            .answer(&history)
            .and_then(|answer| validate(reference.as_ref(), answer));
        player.finish();
        self.engine.record_player(&mut player);
        let mv = answer.map_err(|f| f.to_string())?;
        Ok(format!(
            "`time_settings 0 {} 1` (Canadian: one stone per period), `time_left`, then `{mv}` \
             within {} ms and the {} ms tolerance",
            manifest.move_time_ms / 1000,
            manifest.move_time_ms,
            manifest.tolerance_ms
        ))
    }

    fn gtp_player(&self) -> Option<GtpPlayer> {
        Some(GtpPlayer::new(
            self.engine.spawn_spec(),
            self.gtp_game()?,
            self.gtp_timing(),
        ))
    }

    /// The engine plays black against random legal moves (a pass answered by a pass, so that
    /// the game ends when the engine thinks it is over; after the ply cap every reply is a
    /// pass), every move checked, until two passes; then its count.
    fn gtp_whole_game(&self, game: &GtpGame) -> Result<String, String> {
        let mut player = self.gtp_player().ok_or("no game")?;
        let WholeGame {
            result,
            history,
            own,
        } = self.play_whole_game(&mut player, game)?;
        let count = if result.is_ok() {
            player.final_status(&history).map_err(|f| f.to_string())
        } else {
            Ok(String::new())
        };
        let winner_said = winner_named(game, &history, &count);
        player.finish();
        let started = player.started().len();
        self.engine.record_player(&mut player);
        result?;
        let count = count?;
        winner_said?;
        let end = self
            .reference(&history)
            .outcome()
            .ok()
            .flatten()
            .map(|outcome| outcome.to_string())
            .unwrap_or_default();
        if started != 1 {
            return Err(format!("{started} processes were started for one game"));
        }
        Ok(format!(
            "{} plies ({own} of the engine's), one process; the rules' end: {end}; {count}",
            history.len()
        ))
    }

    /// The game of [`Checker::gtp_whole_game`], played to its end or to the engine's fault.
    /// `Err` only when arbiter's reference refuses a move it has just checked: the row ends
    /// there, the player left as it is.
    fn play_whole_game(&self, player: &mut GtpPlayer, game: &GtpGame) -> Result<WholeGame, String> {
        let mut rng = Lcg(11);
        let points = usize::from(game.size) * usize::from(game.size);
        let cap = 2 * points;
        let mut history: Vec<String> = Vec::new();
        let mut own = 0;
        let result = loop {
            let mut position = self.reference(&history);
            if position.outcome().ok().flatten().is_some() {
                break Ok(());
            }
            if history.len() > cap + 2 * points {
                break Err(format!(
                    "no end after {} plies: the engine did not pass",
                    history.len()
                ));
            }
            let mv = match player
                .answer(&history)
                .and_then(|answer| validate(position.as_ref(), answer))
            {
                Ok(mv) => mv,
                Err(fault) => break Err(format!("ply {}: {fault}", history.len() + 1)),
            };
            own += 1;
            position.play(&mv).map_err(|r| r.to_string())?;
            let engine_passed = mv == "pass";
            history.push(mv);
            if position.outcome().ok().flatten().is_some() {
                break Ok(());
            }
            history.push(random_reply(
                position.as_ref(),
                engine_passed || history.len() > cap,
                &mut rng,
            ));
        };
        Ok(WholeGame {
            result,
            history,
            own,
        })
    }

    /// `quit` on a fresh process: `=`, then the process exits by itself.
    fn gtp_quit(&self) -> Result<String, String> {
        let mut driver = self.gtp_driver();
        let mut warnings = Vec::new();
        let timing = self.gtp_timing();
        let result = GtpSession::start(&mut driver, &mut warnings)
            .map_err(|f| f.context("at start-up").to_string())
            .and_then(|mut session| {
                let response = session
                    .ask(&Request::Quit, None, &timing.for_move(), &mut warnings)
                    .map_err(|f: Fault| f.to_string());
                let exited = session
                    .process
                    .wait_exit(std::time::Duration::from_millis(2000));
                session.process.kill();
                let response = response?;
                if !response.success {
                    return Err(format!(
                        "answered `? {}` to `quit`",
                        preview(&response.text)
                    ));
                }
                match exited {
                    Some(status) => Ok(format!("`=`, then the process exited ({status})")),
                    None => Err("answered `=` but was still running 2 s later".to_owned()),
                }
            });
        self.engine.record_started(&driver.started());
        self.engine.warn(warnings);
        result
    }
}

/// How the game of [`Checker::gtp_whole_game`] went.
struct WholeGame {
    /// `Err`: the engine's fault, or no end.
    result: Result<(), String>,
    history: Vec<String>,
    /// How many of the moves were the engine's.
    own: usize,
}

/// A random legal stone in `position`, or a pass when `pass` is asked for or no stone is
/// legal.
fn random_reply(position: &dyn Position, pass: bool, rng: &mut Lcg) -> String {
    let legal = position.legal_moves().unwrap_or_default();
    let stones: Vec<&String> = legal.iter().filter(|m| *m != "pass").collect();
    if pass || stones.is_empty() {
        "pass".to_owned()
    } else {
        stones[rng.below(stones.len())].clone()
    }
}

/// Hex: Benzene's `final_score` names the winner's colour (`B+`, `W+`), the colour of the last
/// stone as the engine was told it; a count that names the other colour is the row's failure.
fn winner_named(
    game: &GtpGame,
    history: &[String],
    count: &Result<String, String>,
) -> Result<(), String> {
    if game.counted || history.is_empty() {
        return Ok(());
    }
    let last = game.colour_after(&history[..history.len() - 1]);
    let expected = format!(
        "`final_score` = {}+",
        &last.name()[..1].to_ascii_uppercase()
    );
    match count {
        Ok(text) if text.contains("not listed") || text.contains(&expected) => Ok(()),
        Ok(text) => Err(format!(
            "the game ended with {}'s connection, but the engine's count is {text}",
            last.name()
        )),
        Err(_) => Ok(()),
    }
}

/// `list_commands` must hold every command [`required`] of `game`; the optional ones listed
/// are named.
fn listed_commands(session: &GtpSession, game: &GtpGame) -> Result<String, String> {
    let missing: Vec<&str> = required(game).filter(|c| !session.lists(c)).collect();
    let optional: Vec<&str> = OPTIONAL.into_iter().filter(|c| session.lists(c)).collect();
    if missing.is_empty() {
        Ok(format!(
            "all {} listed ({} commands; of the optional ones: {})",
            required(game).count(),
            session.commands.len(),
            arbiter_files::list_or_none(&optional, ", ")
        ))
    } else {
        Err(format!("not listed: {}", missing.join(", ")))
    }
}

/// The commands a game's engine must list: GTP's required ones, but `komi` in a game without
/// one (Hex: Benzene has no `komi`).
fn required(game: &GtpGame) -> impl Iterator<Item = &'static str> {
    let komi = game.komi.is_some();
    REQUIRED
        .into_iter()
        .filter(move |command| komi || *command != "komi")
}
