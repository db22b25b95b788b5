//! The Botzone rows (every style): first turns as each player, a mid-game history, histories
//! with passes (Othello) and exchanges (gomoku exchange variants), a forbidden point (renju's
//! double-three; NoGo's capture and suicide points),
//! and for keep-running several turns in one process. Each row is one fresh player.

use super::{Checker, DOUBLE_THREE, Lcg, RowVerdict};
use crate::validate;

impl Checker {
    /// The engine's checked answer after `history`, through a fresh player.
    pub(super) fn ask(&self, history: &[String]) -> Result<String, String> {
        let mut player = self.engine.player().ok_or("no play protocol")?;
        let answer = player.answer(history);
        player.finish();
        self.engine.record_player(player.as_mut());
        let reference = self.reference(history);
        answer
            .and_then(|answer| validate(reference.as_ref(), answer))
            .map_err(|fault| fault.to_string())
    }

    /// A row `check` of the engine's answer after `history`; not applicable, as `missing` says,
    /// when no such history was found.
    pub(super) fn ask_check(&self, check: &str, history: Option<Vec<String>>, missing: &str) {
        match history {
            None => self.record(check, RowVerdict::NotApplicable, missing.to_owned()),
            Some(history) => {
                let result = self
                    .ask(&history)
                    .map(|mv| format!("after {} plies: {mv}", history.len()));
                self.result(check, result);
            }
        }
    }

    /// A row `check` of the engine's answer at the start position.
    pub(super) fn ask_from_start(&self, check: &str) {
        self.ask_check(check, Some(Vec::new()), "");
    }

    pub(super) fn botzone(&self) {
        let protocol = self.engine.manifest().protocol;
        self.ask_from_start("first turn, moving first");
        let one = self.playout(1, 1, |h, _| h.len() == 1);
        self.ask_check("first turn, moving second", one, "no first move");
        self.history_rows([
            ("a mid-game history", "the game ends within 10 plies"),
            (
                "a history with a pass",
                "no pass within 200 random games of this game",
            ),
            ("only a pass is legal: pass", "this game has no pass"),
        ]);
        let offered = self.playout(3, 12, |_, p| {
            p.legal_moves().is_ok_and(|l| l.iter().any(|m| m == "swap"))
        });
        let after = offered.clone().map(|mut history| {
            history.push("swap".to_owned());
            history
        });
        self.ask_check("exchange offered", offered, "the variant has no exchange");
        self.ask_check(
            "after the opponent exchanged",
            after,
            "the variant has no exchange",
        );
        self.ask_check(
            "avoids a forbidden point",
            self.foul_history(),
            "no forbidden points in this variant",
        );
        if protocol.keeps_running() {
            self.result("keep-running: 5 turns in one process", self.keep_running(5));
        } else {
            self.record(
                "keep-running: 5 turns in one process",
                RowVerdict::NotApplicable,
                "simple interaction".to_owned(),
            );
        }
    }

    /// A history after which the side to move has a forbidden point besides its legal moves:
    /// renju's double-three, or the first such position of a random game (NoGo, where a
    /// capture or a suicide is either side's foul); `None` when the variant has no fouls.
    fn foul_history(&self) -> Option<Vec<String>> {
        if self.has_foul() {
            return Some(Self::split(DOUBLE_THREE));
        }
        // A variant without foul rules lists no forbidden points at all: no game to play out.
        self.reference(&[]).forbidden().ok().flatten()?;
        self.playout(11, 200, |_, position| {
            position.outcome().ok().flatten().is_none()
                && position
                    .forbidden()
                    .ok()
                    .flatten()
                    .is_some_and(|points| !points.is_empty())
        })
    }

    /// One player, the opponent random: the process must stay and answer each new request.
    pub(super) fn keep_running(&self, turns: usize) -> Result<String, String> {
        let mut player = self.engine.player().ok_or("no play protocol")?;
        let mut rng = Lcg(7);
        let mut history: Vec<String> = Vec::new();
        let mut result = Ok(());
        for _ in 0..turns {
            let mut position = self.reference(&history);
            if position.outcome().ok().flatten().is_some() {
                break;
            }
            match player
                .answer(&history)
                .and_then(|answer| validate(position.as_ref(), answer))
            {
                Ok(mv) => {
                    position.play(&mv).map_err(|r| r.to_string())?;
                    history.push(mv);
                }
                Err(fault) => {
                    result = Err(format!("turn {}: {fault}", history.len() / 2 + 1));
                    break;
                }
            }
            if position.outcome().ok().flatten().is_some() {
                break;
            }
            let legal = position.legal_moves().unwrap_or_default();
            history.push(legal[rng.below(legal.len())].clone());
        }
        player.finish();
        let started = player.started();
        self.engine.record_player(player.as_mut());
        result?;
        if started.len() == 1 {
            Ok(format!("{} plies, one process", history.len()))
        } else {
            Err(format!(
                "{} processes were started for one game",
                started.len()
            ))
        }
    }
}
