//! The NBoard rows: start-up (`nboard 2`, `set depth`, a `ping` answered), a move from the
//! start and after a mid-game `set game`, games with a pass (`W[PA]`) and a position where only
//! a pass is legal (`=== PA`), a board set as it stands (GGF `BO`, white to move), an unknown
//! command ignored (the protocol says engines ignore what they do not understand), and several
//! positions in one process. Each row is a fresh process.

use super::Checker;
use crate::nboard::{DEFAULT_DEPTH, NboardPlayer};
use crate::{Player, Timing};

impl Checker {
    pub(super) fn nboard(&self) {
        self.result(
            "start-up: `nboard 2`, `set depth`, `ping` → `pong`",
            self.nboard_probe(None),
        );
        self.ask_from_start("a move from the start (black)");
        self.history_rows([
            ("after `set game` of 10 plies", "the game ends early"),
            (
                "a game with a pass (`PA`)",
                "no pass within 200 random games",
            ),
            (
                "only a pass is legal: `=== PA`",
                "no such position within 200 random games",
            ),
        ]);
        self.set_board_row(
            "a board as it stands (GGF `BO`, white to move)",
            self.board_with("white"),
            || Ok(self.nboard_player()),
        );
        self.result(
            "an unknown command is ignored",
            self.nboard_probe(Some("arbiter-unknown-command 1 2 3")),
        );
        self.result(
            "5 positions in one process (`set game` each time)",
            self.keep_running(5),
        );
    }

    fn nboard_player(&self) -> NboardPlayer {
        let manifest = self.engine.manifest();
        NboardPlayer::new(
            self.engine.spawn_spec(),
            Timing::of(manifest),
            manifest.nboard_depth.unwrap_or(DEFAULT_DEPTH),
        )
    }

    /// Starts a process; with `line`, sends it and checks that a `ping` is still answered.
    fn nboard_probe(&self, line: Option<&str>) -> Result<String, String> {
        let mut player = self.nboard_player();
        let result = (|| {
            let mut process = player.start().map_err(|f| f.to_string())?;
            let Some(line) = line else {
                player.finish();
                return Ok("`pong 1` within the start-up time".to_owned());
            };
            let outcome = process
                .send(&format!("{line}\n"))
                .and_then(|()| {
                    player.sync(&mut process, &Timing::of(self.engine.manifest()).for_move())
                })
                .map(|()| format!("sent `{line}`; `pong 2` came after it"))
                .map_err(|f| f.to_string());
            crate::nboard::GOODBYE.say(&mut process);
            outcome
        })();
        player.finish();
        self.engine.record_player(&mut player);
        result
    }
}
