//! The one adapter between the match and external engines ([`arbiter_external`]): a seat that
//! asks a team's process for its moves through the manifest's protocol. A change on the
//! external side (the `Player` trait, manifests, new fault kinds) is an edit here only.
//!
//! * Play protocols (Botzone, Gomocup): a [`Player`] per seat and game keeps its process as
//!   the protocol does (keep-running, Gomocup) and is sent the move history.
//! * `arbiter-line`: one [`LineSession`] per seat; each turn sets the position and sends `go`
//!   with the match's node or depth budget, else with a share of the move's time.
//!
//! Each seat starts its own processes, so that two seats of one engine (a self-match, or
//! concurrent games) never share one.

use std::path::Path;

use super::clock::TurnLimit;
use super::seat::{MoveInfo, Reply, Seat, Turn, clock_budget};
use arbiter_engine::{Budget, Fault, FaultKind};
use arbiter_external::line::LineSession;
use arbiter_external::{ExternalEngine, Manifest, MoveAnswer, Player};

/// An external engine's seat.
pub(crate) struct ExternalSeat {
    engine: ExternalEngine,
    player: Option<Box<dyn Player>>,
    line: Option<LineSession>,
    /// A fixed `go` budget for `arbiter-line` engines.
    budget: Option<Budget>,
}

impl ExternalSeat {
    /// A seat for `manifest` whose processes get `move_ms` per move (the manifest's own time
    /// when `None`; the first turn keeps the manifest's extra start-up time) and log stderr
    /// into `log_dir`.
    #[must_use]
    pub(crate) fn new(
        manifest: &Manifest,
        move_ms: Option<u64>,
        budget: Option<Budget>,
        log_dir: &Path,
    ) -> ExternalSeat {
        let mut manifest = manifest.clone();
        if let Some(ms) = move_ms {
            let start_up = manifest
                .first_move_time_ms
                .saturating_sub(manifest.move_time_ms);
            manifest.move_time_ms = ms;
            manifest.first_move_time_ms = ms.saturating_add(start_up);
        }
        let engine = ExternalEngine::new(manifest).with_log_dir(log_dir);
        let player = engine.player();
        ExternalSeat {
            engine,
            player,
            line: None,
            budget,
        }
    }

    fn line_move(&mut self, turn: &Turn<'_>) -> Result<Reply, Fault> {
        if self.line.is_none() {
            self.line = Some(LineSession::start(&self.engine)?);
        }
        let manifest = self.engine.manifest();
        let budget = self.budget.unwrap_or_else(|| {
            Budget::Time(clock_budget(TurnLimit {
                move_ms: turn.limit.move_ms.or(Some(manifest.move_time_ms)),
                ..turn.limit
            }))
        });
        let move_ms = turn.limit.move_ms.unwrap_or(manifest.move_time_ms);
        let variant = manifest.variant().to_owned();
        let session = self.line.as_mut().expect("started above");
        let result = session
            .set_position(
                &variant,
                &arbiter_engine::PositionRequest::default(),
                turn.history,
            )
            .and_then(|()| session.go(budget, move_ms));
        match result {
            Ok(report) => {
                let best = report.best.clone().ok_or_else(|| Fault {
                    kind: FaultKind::NoAnswer,
                    detail: "`go` answered no move in a position that goes on".to_owned(),
                    played: None,
                })?;
                Ok(Reply {
                    answer: MoveAnswer::Move(best),
                    info: MoveInfo::of_report(&report),
                })
            }
            Err(fault) => {
                // A broken process is not asked again.
                if let Some(mut session) = self.line.take() {
                    session.kill();
                    self.engine.record_started(&[session.started()]);
                }
                Err(fault)
            }
        }
    }
}

impl Seat for ExternalSeat {
    fn play(&mut self, turn: &Turn<'_>) -> Result<Reply, Fault> {
        let Some(player) = self.player.as_mut() else {
            return self.line_move(turn);
        };
        if let Some(turn_ms) = turn.limit.move_ms {
            player.set_clock(turn_ms, turn.limit.time_left_ms, turn.limit.byo_yomi);
        }
        player.ban(turn.banned);
        let answer = player.answer(turn.history)?;
        Ok(Reply {
            answer,
            info: MoveInfo {
                note: player.last_note(),
                ..MoveInfo::default()
            },
        })
    }

    fn game_over(&mut self, history: &[String]) {
        if let Some(player) = self.player.as_mut() {
            player.game_over(history);
        }
    }

    fn dead_stones(&mut self, history: &[String]) -> Result<Option<Vec<String>>, Fault> {
        match self.player.as_mut() {
            Some(player) => player.dead_stones(history),
            None => Ok(None),
        }
    }

    fn begin_play_out(&mut self) {
        if let Some(player) = self.player.as_mut() {
            player.begin_play_out();
        }
    }

    fn take_warnings(&mut self) -> Vec<String> {
        match self.player.as_mut() {
            Some(player) => player.take_warnings(),
            None => self
                .line
                .as_mut()
                .map(LineSession::take_warnings)
                .unwrap_or_default(),
        }
    }

    fn finish(&mut self) {
        if let Some(player) = self.player.as_mut() {
            player.finish();
            self.engine.record_player(player.as_mut());
        }
        if let Some(mut session) = self.line.take() {
            session.quit();
            self.engine.record_started(&[session.started()]);
        }
    }
}

impl Drop for ExternalSeat {
    fn drop(&mut self) {
        self.finish();
    }
}
