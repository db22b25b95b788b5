//! The UCCI and UCI rows (xiangqi): the handshake (`ucci` → `ucciok`, `uci` → `uciok`),
//! readiness (`isready` → `readyok`), a move from the start, `position fen … moves …` after a
//! capture, a FEN alone, `banmoves` honoured (UCCI), each time control (`go depth`, `go nodes`,
//! UCCI `go time … increment … opptime …`, UCI `wtime`/`btime`/`winc`/`binc` and `movetime`),
//! `stop` after `go infinite`, an unknown command ignored, a whole game against itself, and
//! `quit` (UCCI: `bye`, then the process leaves). Each row is a fresh process.

use std::time::{Duration, Instant};

use super::{Checker, RowVerdict};
use crate::sandbox::Process;
use crate::ucci::{Best, GOODBYE, UcciPlayer, piece_count};
use crate::{Player, Timing, validate};
use arbiter_protocol::Protocol;
use arbiter_protocol::ucci::{Command, Go, Position, UcciClock};

/// The depth of the whole game's moves: fast for any engine, and still a search.
const GAME_DEPTH: u32 = 2;

/// The most plies of the whole-game row (the natural-move and repetition rulings of the
/// variant end most games earlier).
const GAME_PLIES: usize = 300;

impl Checker {
    pub(super) fn ucci(&self) {
        let uci = self.engine.manifest().protocol == Protocol::Uci;
        let (hello, ok) = if uci {
            ("uci", "uciok")
        } else {
            ("ucci", "ucciok")
        };
        self.result(
            &format!("handshake: `{hello}` → `{ok}`"),
            self.ucci_handshake(),
        );
        self.result(
            "readiness: `isready` → `readyok` twice",
            self.with_process(|player, process| {
                let deadline = player.timing().for_move();
                player.sync(process, &deadline)?;
                player.sync(process, &deadline)?;
                Ok("`readyok` after start-up and twice more".to_owned())
            }),
        );
        self.think_row(
            "a move from the start (`position startpos`)",
            &[],
            None,
            None,
        );
        let captured = self.playout(3, 60, |h, p| {
            h.len() >= 3
                && piece_count(&self.reference(&h[..h.len() - 2]).text()) > piece_count(&p.text())
        });
        match captured {
            Some(history) => self.think_row(
                "`position fen … moves …` (the FEN after the last capture)",
                &history,
                None,
                None,
            ),
            None => self.record(
                "`position fen … moves …` (the FEN after the last capture)",
                RowVerdict::NotApplicable,
                "no capture within 60 random plies".to_owned(),
            ),
        }
        let mid = self.playout(4, 40, |h, _| h.len() == 21);
        match &mid {
            Some(history) => {
                let fen = self.reference(history).text();
                let result = self.ask_position(
                    history,
                    &Position {
                        fen: Some(fen.clone()),
                        moves: Vec::new(),
                    },
                    None,
                    None,
                    &[],
                );
                self.result(
                    "a FEN alone, black to move",
                    result.map(|mv| format!("`{fen}`: {mv}")),
                );
            }
            None => self.record(
                "a FEN alone, black to move",
                RowVerdict::NotApplicable,
                "the game ends within 21 plies".to_owned(),
            ),
        }
        if uci {
            self.record(
                "`banmoves` honoured",
                RowVerdict::NotApplicable,
                "UCI has no `banmoves`".to_owned(),
            );
        } else {
            self.result("`banmoves` honoured", self.ucci_banmoves());
        }
        self.think_row(
            "`go depth 3`",
            &[],
            Some(Go {
                depth: Some(3),
                ..Go::default()
            }),
            None,
        );
        self.think_row(
            "`go nodes 20000`",
            &[],
            Some(Go {
                nodes: Some(20_000),
                ..Go::default()
            }),
            None,
        );
        self.clock_rows(uci);
        let infinite = Go {
            infinite: true,
            ..Go::default()
        };
        self.think_row(
            "`go infinite`, `stop` after 300 ms → `bestmove`",
            &[],
            Some(infinite),
            Some(Duration::from_millis(300)),
        );
        self.result(
            "an unknown command is ignored",
            self.with_process(|player, process| {
                process.send("arbiter-unknown-command 1 2 3\n")?;
                let deadline = player.timing().for_move();
                player.sync(process, &deadline)?;
                Ok("sent `arbiter-unknown-command 1 2 3`; `readyok` came after it".to_owned())
            }),
        );
        self.result(
            &format!("a whole game against itself (`go depth {GAME_DEPTH}`)"),
            self.self_play(),
        );
        self.result("`quit`: the process leaves", self.ucci_quit(uci));
    }

    fn ucci_player(&self) -> UcciPlayer {
        let manifest = self.engine.manifest();
        UcciPlayer::new(
            self.engine.spawn_spec(),
            Timing::of(manifest),
            manifest.protocol,
            &self.variant,
        )
    }

    /// Starts a fresh process, runs `body` on it, then says goodbye.
    fn with_process<T>(
        &self,
        body: impl FnOnce(&mut UcciPlayer, &mut Process) -> Result<T, arbiter_engine::Fault>,
    ) -> Result<T, String> {
        let mut player = self.ucci_player();
        let result = player.start().and_then(|(mut process, _)| {
            let result = body(&mut player, &mut process);
            GOODBYE.say(&mut process);
            result
        });
        player.finish();
        self.engine.record_player(&mut player);
        result.map_err(|fault| fault.to_string())
    }

    fn ucci_handshake(&self) -> Result<String, String> {
        let mut player = self.ucci_player();
        let result = player.start().map(|(mut process, hello)| {
            GOODBYE.say(&mut process);
            let name = hello.name.as_deref().unwrap_or("(no `id name`)");
            let mut detail = format!("`{name}`, {} option(s)", hello.options.len());
            if player.millis() && !player.dialect().is_uci() {
                detail.push_str("; `usemillisec` set");
            }
            if player.dialect() == arbiter_protocol::ucci::Dialect::UciRanksFromOne {
                detail.push_str("; `UCI_Variant` set to xiangqi (ranks counted from 1)");
            }
            detail
        });
        player.finish();
        self.engine.record_player(&mut player);
        result.map_err(|fault| fault.to_string())
    }

    /// The checked move after `history` (sent as the FEN after the last capture and the moves
    /// since) under `go` (the move time when `None`), with `stop` after `stop_after`.
    fn think_row(
        &self,
        check: &str,
        history: &[String],
        go: Option<Go>,
        stop_after: Option<Duration>,
    ) {
        let player = self.ucci_player();
        let result = player
            .position_after(history)
            .map_err(|fault| fault.to_string())
            .and_then(|position| self.ask_position(history, &position, go, stop_after, &[]))
            .map(|mv| format!("after {} plies: {mv}", history.len()));
        self.result(check, result);
    }

    /// The checked answer in `position` (the game after `history`), banning `banned`, under
    /// `go` (the move time when `None`): the move and the command sent.
    fn ask_position(
        &self,
        history: &[String],
        position: &Position,
        go: Option<Go>,
        stop_after: Option<Duration>,
        banned: &[String],
    ) -> Result<String, String> {
        let reference = self.reference(history);
        let started = Instant::now();
        let best = self.with_process(|player, process| {
            let go = go.unwrap_or_else(|| player.timed_go());
            player.ban(banned);
            let best = player.think(process, position, &go, stop_after)?;
            Ok((best, Command::Go(go).format(player.dialect())))
        })?;
        let elapsed = started.elapsed().as_millis();
        let (best, sent) = best;
        match best {
            Best::Move { answer, .. } => validate(reference.as_ref(), answer)
                .map(|mv| format!("`{sent}` → {mv} ({elapsed} ms with start-up)"))
                .map_err(|fault| format!("`{sent}`: {fault}")),
            Best::None if reference.legal_moves().is_ok_and(|l| l.is_empty()) => {
                Ok(format!("`{sent}` → no move, rightly"))
            }
            Best::None => Err(format!(
                "`{sent}` answered `nobestmove` with legal moves left"
            )),
        }
    }

    /// `banmoves`: the engine's move from the start, then a fresh process with that move banned
    /// must play another legal move.
    fn ucci_banmoves(&self) -> Result<String, String> {
        let start = Position {
            fen: None,
            moves: Vec::new(),
        };
        let depth = Go {
            depth: Some(3),
            ..Go::default()
        };
        let first = self.ask_position(&[], &start, Some(depth.clone()), None, &[])?;
        let chosen = first
            .split(" → ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .ok_or_else(|| format!("no move in `{first}`"))?
            .to_owned();
        let again = self.ask_position(
            &[],
            &start,
            Some(depth),
            None,
            std::slice::from_ref(&chosen),
        )?;
        if again.contains(&format!(" → {chosen} ")) {
            return Err(format!(
                "`banmoves {chosen}` was ignored: it played {chosen} again"
            ));
        }
        Ok(format!(
            "it chose {chosen}; with `banmoves {chosen}`: {again}"
        ))
    }

    /// The clock rows of the dialect.
    fn clock_rows(&self, uci: bool) {
        let ms = self.engine.manifest().move_time_ms;
        let rows: Vec<(String, Go)> = if uci {
            vec![
                (
                    format!(
                        "`go wtime btime winc binc` ({} ms each, 100 ms increments)",
                        ms * 20
                    ),
                    Go {
                        wtime: Some(ms * 20),
                        btime: Some(ms * 20),
                        winc: Some(100),
                        binc: Some(100),
                        ..Go::default()
                    },
                ),
                (
                    format!("`go movetime {ms}`"),
                    Go {
                        movetime: Some(ms),
                        ..Go::default()
                    },
                ),
            ]
        } else {
            vec![(
                "`go time … increment … opptime …` (the time 20 moves' worth)".to_owned(),
                Go {
                    clock: Some(UcciClock {
                        time: ms * 20,
                        increment: Some(100),
                        opptime: Some(ms * 20),
                        oppincrement: Some(100),
                        ..UcciClock::default()
                    }),
                    ..Go::default()
                },
            )]
        };
        for (check, go) in rows {
            // UCCI counts seconds unless the engine took `usemillisec`.
            let history: Vec<String> = Vec::new();
            let result = self.with_process(|player, process| {
                let mut go = go.clone();
                if let Some(clock) = go.clock.as_mut()
                    && !player.millis()
                {
                    clock.time = (clock.time / 1000).max(1);
                    clock.opptime = clock.opptime.map(|t| (t / 1000).max(1));
                    clock.increment = Some(0);
                    clock.oppincrement = Some(0);
                }
                let start = Position {
                    fen: None,
                    moves: history.clone(),
                };
                let best = player.think(process, &start, &go, None)?;
                Ok((best, Command::Go(go).format(player.dialect())))
            });
            let result = result.and_then(|(best, sent)| {
                let reference = self.reference(&[]);
                let Best::Move { answer, .. } = best else {
                    return Err(format!("`{sent}` answered `nobestmove`"));
                };
                validate(reference.as_ref(), answer)
                    .map(|mv| format!("`{sent}` → {mv}"))
                    .map_err(|fault| format!("`{sent}`: {fault}"))
            });
            self.result(&check, result);
        }
    }

    /// The engine plays both sides in one process until the game ends by the variant's rules.
    fn self_play(&self) -> Result<String, String> {
        let mut player = self.ucci_player();
        let mut position = self.reference(&[]);
        let mut history = Vec::new();
        let go = Go {
            depth: Some(GAME_DEPTH),
            ..Go::default()
        };
        let result = (|| {
            let mut process = player.process().map_err(|f| f.to_string())?;
            let outcome = loop {
                if let Some(outcome) = position.outcome().ok().flatten() {
                    break Ok(outcome);
                }
                if history.len() >= GAME_PLIES {
                    break Err(None);
                }
                let sent = player.position_after(&history).map_err(|f| f.to_string())?;
                let best = match player.think(&mut process, &sent, &go, None) {
                    Ok(best) => best,
                    Err(fault) => break Err(Some(format!("ply {}: {fault}", history.len() + 1))),
                };
                let Best::Move { answer, .. } = best else {
                    break Err(Some(format!(
                        "ply {}: {}",
                        history.len() + 1,
                        crate::ucci::no_move()
                    )));
                };
                match validate(position.as_ref(), answer) {
                    Ok(mv) => {
                        position.play(&mv).map_err(|r| r.to_string())?;
                        history.push(mv);
                    }
                    Err(fault) => break Err(Some(format!("ply {}: {fault}", history.len() + 1))),
                }
            };
            GOODBYE.say(&mut process);
            match outcome {
                Ok(outcome) => Ok(format!(
                    "{} plies, {} ({})",
                    history.len(),
                    outcome
                        .winner
                        .map_or("a draw".to_owned(), |w| format!("{w} wins")),
                    outcome.reason
                )),
                Err(None) => Ok(format!("{GAME_PLIES} plies, no end yet (stopped)")),
                Err(Some(error)) => Err(error),
            }
        })();
        player.finish();
        self.engine.record_player(&mut player);
        result
    }

    /// `quit`: UCCI engines answer `bye`; the process must leave within a second.
    fn ucci_quit(&self, uci: bool) -> Result<String, String> {
        let mut player = self.ucci_player();
        let result = player
            .start()
            .map_err(|f| f.to_string())
            .and_then(|(mut process, _)| {
                process.send("quit\n").map_err(|f| f.to_string())?;
                let lines_before_exit = process.wait_exit(Duration::from_secs(1));
                let said = process.drain();
                let bye = said.iter().any(|line| line.trim() == "bye");
                match lines_before_exit {
                    Some(status) if uci || bye => Ok(format!("left ({status})")),
                    Some(status) => {
                        player.driver_mut().warn(
                            "left without `bye` (UCCI 3.0 has the engine answer `quit` with `bye`)"
                                .to_owned(),
                        );
                        Ok(format!("left ({status})"))
                    }
                    None => {
                        process.kill();
                        Err("still running a second after `quit`".to_owned())
                    }
                }
            });
        self.engine.warn(player.take_warnings());
        player.finish();
        self.engine.record_player(&mut player);
        result
    }
}
