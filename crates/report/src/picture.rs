//! The board picture of a case: the position's one-line form read back by the embedded
//! reference rules of the case's game (the same rules an external engine is judged by), drawn
//! by the game's own renderer with the findings' moves marked.

use arbiter_engine::{Mark, PositionRequest, RulesEngine, embedded_engines};
use arbiter_runner::CaseResult;

/// The reference rules of every embedded game, to draw boards with.
pub(crate) struct Pictures {
    engines: Vec<Box<dyn RulesEngine>>,
}

impl Default for Pictures {
    fn default() -> Self {
        Pictures::new()
    }
}

impl Pictures {
    #[must_use]
    pub(crate) fn new() -> Pictures {
        Pictures {
            engines: embedded_engines(),
        }
    }

    /// The SVG picture of `result`'s board with its findings' marks; `None` when the case has
    /// no board, the game has no renderer, or the board does not read back.
    #[must_use]
    pub(crate) fn of(&self, result: &CaseResult) -> Option<String> {
        let board = result.board.as_ref()?;
        let engine = self
            .engines
            .iter()
            .find(|engine| engine.game() == result.origin.game)?;
        let request = PositionRequest {
            text: Some(board.text.clone()),
            ..PositionRequest::default()
        };
        let position = engine.position(&result.variant, &request).ok()?;
        let marks: Vec<Mark<String>> = result
            .findings
            .iter()
            .flat_map(|finding| finding.marks.iter().cloned())
            .collect();
        position.picture(&marks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_embedded_game_draws_its_start_position_and_marks_a_legal_move() {
        for engine in embedded_engines() {
            let variant = engine.default_variant();
            let position = engine
                .position(&variant, &PositionRequest::default())
                .unwrap();
            let legal = position.legal_moves().unwrap();
            let marks = [Mark {
                mv: legal[0].clone(),
                role: arbiter_engine::MarkRole::Expected,
                note: None,
            }];
            let svg = position
                .picture(&marks)
                .unwrap_or_else(|| panic!("{} has no picture", engine.game()));
            assert!(
                svg.starts_with("<svg") && svg.ends_with("</svg>"),
                "{}",
                engine.game()
            );
            assert!(
                svg.contains("#1a9850"),
                "{}: the expected move is marked",
                engine.game()
            );
        }
    }
}
