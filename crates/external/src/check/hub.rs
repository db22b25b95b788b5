//! The Hub rows: start-up (`hub` answered by `wait`, `init` by `ready`), a move from the start
//! and after a game sent as its moves, a capture that must be played, a capture of several
//! pieces (the majority rule), a position with a king, a board as it stands (`pos` without
//! moves, black to move), an unknown command ignored (Hub says engines ignore what they do not
//! know; a `ping` is still answered), and several positions in one process. Each row is a
//! fresh process.

use super::Checker;
use crate::hub::{HubPlayer, Lenience};
use crate::{Player, Timing};
use arbiter_engine::Position;

/// The pieces on a draughts diagram (no labels: `w b W B .`).
fn pieces(position: &dyn Position) -> usize {
    position
        .diagram()
        .chars()
        .filter(|c| matches!(c, 'w' | 'b' | 'W' | 'B'))
        .count()
}

impl Checker {
    pub(super) fn hub(&self) {
        self.result(
            "start-up: `hub` → `wait`, `init` → `ready`",
            self.hub_probe(None),
        );
        self.ask_from_start("a move from the start (white)");
        let mid = self.playout(2, 14, |h, _| h.len() == 11);
        self.ask_check(
            "a game of 11 plies sent as its moves (black to move)",
            mid,
            "the game ends within 11 plies",
        );
        self.capture_rows();
        self.set_board_row(
            "a board as it stands (`pos` without moves, black to move)",
            self.board_with("black"),
            || self.hub_player(),
        );
        self.result(
            "an unknown command is ignored",
            self.hub_probe(Some("arbiter-unknown-command x=1")),
        );
        self.result(
            "5 positions in one process (`pos` each time)",
            self.keep_running(5),
        );
    }

    /// The draughts rows Hub and DXP share: a capture that must be played, a capture of
    /// several pieces (the majority rule), a position with a king.
    pub(super) fn capture_rows(&self) {
        let capture = (0..200).find_map(|seed| self.playout(seed, 60, |h, _| self.takes(h) >= 1));
        self.ask_check(
            "a capture is compulsory",
            capture,
            "no capture within 200 random games",
        );
        let majority = (0..400).find_map(|seed| self.playout(seed, 120, |h, _| self.takes(h) >= 2));
        self.ask_check(
            "a capture of two or more pieces (the majority rule)",
            majority,
            "no such capture within 400 random games",
        );
        let king = (0..400).find_map(|seed| {
            self.playout(seed, 200, |_, p| {
                p.text().contains('K') && p.legal_moves().is_ok_and(|l| !l.is_empty())
            })
        });
        self.ask_check(
            "a position with a king",
            king,
            "no king within 400 random games",
        );
    }

    /// How many pieces the legal moves after `history` take (captures are compulsory and
    /// the majority rule makes them take the same number); 0 without a capture.
    pub(super) fn takes(&self, history: &[String]) -> usize {
        let position = self.reference(history);
        let Some(first) = position.legal_moves().ok().and_then(|l| l.first().cloned()) else {
            return 0;
        };
        let after = self.reference(&[history, &[first]].concat());
        pieces(position.as_ref()) - pieces(after.as_ref())
    }

    fn hub_player(&self) -> Result<HubPlayer, String> {
        let manifest = self.engine.manifest();
        let variant = self
            .variant
            .parse()
            .map_err(|error| format!("variant `{}`: {error}", self.variant))?;
        Ok(HubPlayer::new(
            self.engine.spawn_spec(),
            Timing::of(manifest),
            variant,
        ))
    }

    /// Starts a process; with `line`, sends it and checks that a `ping` is still answered.
    fn hub_probe(&self, line: Option<&str>) -> Result<String, String> {
        let mut player = self.hub_player()?;
        let result = (|| {
            let mut process = player.start().map_err(|f| f.to_string())?;
            let Some(line) = line else {
                player.driver().leave(process);
                return Ok("`wait` and `ready` within the start-up time".to_owned());
            };
            let outcome = process
                .send(&format!("{line}\n"))
                .and_then(|()| {
                    let deadline = Timing::of(self.engine.manifest()).for_move();
                    player.sync(&mut process, &deadline, Lenience::Unknown)
                })
                .map(|()| format!("sent `{line}`; `pong` came after it"))
                .map_err(|f| f.to_string());
            player.driver().leave(process);
            outcome
        })();
        player.finish();
        self.engine.record_player(&mut player);
        result
    }
}
