//! Positions and rows several protocols' checks share: a game with a pass, a position where only
//! a pass is legal, a board with the second side to move, and the row that sends such a board as
//! it stands (no moves) to a protocol that can set one.

use super::{Checker, RowVerdict};
use crate::{Player, validate};

/// The detail of the board row when no playout reaches one.
const NO_BOARD: &str = "the game ends within 15 plies";

impl Checker {
    /// A playout with a pass in it, past which a move other than a pass is legal.
    pub(super) fn with_pass(&self) -> Option<Vec<String>> {
        (0..200).find_map(|seed| {
            self.playout(seed, 80, |h, p| {
                h.iter().any(|m| m == "pass")
                    && p.legal_moves().is_ok_and(|l| l.iter().all(|m| m != "pass"))
            })
        })
    }

    /// A playout to a position where only a pass is legal.
    pub(super) fn only_pass(&self) -> Option<Vec<String>> {
        (0..200).find_map(|seed| {
            self.playout(seed, 80, |_, p| {
                p.legal_moves().is_ok_and(|l| l == ["pass"])
            })
        })
    }

    /// The rows of the engine's answers after a mid-game history of 10 plies, after a pass
    /// ([`Checker::with_pass`]) and where only a pass is legal ([`Checker::only_pass`]), as
    /// Botzone's and NBoard's checks ask them: each a row name and the detail of the row when no
    /// playout finds its position, in the protocol's words.
    pub(super) fn history_rows(&self, [mid, pass, only_pass]: [(&str, &str); 3]) {
        let history = self.playout(2, 12, |h, _| h.len() == 10);
        self.ask_check(mid.0, history, mid.1);
        self.ask_check(pass.0, self.with_pass(), pass.1);
        self.ask_check(only_pass.0, self.only_pass(), only_pass.1);
    }

    /// A playout of at least 15 plies with `side` to move (a board no start position gives).
    pub(super) fn board_with(&self, side: &str) -> Option<Vec<String>> {
        self.playout(5, 30, |h, p| h.len() >= 15 && p.is_to_move(side))
    }

    /// The row of a board sent as it stands: the checked answer of a fresh `player` in the
    /// position after `history`, set from its text; not applicable without a history.
    pub(super) fn set_board_row<P: Player>(
        &self,
        check: &str,
        history: Option<Vec<String>>,
        player: impl FnOnce() -> Result<P, String>,
    ) {
        let Some(history) = history else {
            self.record(check, RowVerdict::NotApplicable, NO_BOARD.to_owned());
            return;
        };
        let result = player().and_then(|mut player| self.board_answer(&history, &mut player));
        self.result(check, result);
    }

    fn board_answer(&self, history: &[String], player: &mut dyn Player) -> Result<String, String> {
        let reference = self.reference(history);
        let text = reference.text();
        let answer = player
            .answer_text(&text)
            .unwrap_or_else(|| Err(arbiter_engine::Fault::protocol("no board command")));
        player.finish();
        self.engine.record_player(player);
        answer
            .and_then(|answer| validate(reference.as_ref(), answer))
            .map(|mv| format!("`{text}`: {mv}"))
            .map_err(|fault| fault.to_string())
    }
}
