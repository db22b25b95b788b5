//! The play check: what a player-only engine (a tournament protocol, no rule queries) gets
//! instead of a spec case's rule expectations. Whatever the case expects, the move the engine
//! chooses in the case's position must be legal under the reference rules, a pass exactly
//! when only a pass is legal, an exchange only where offered. A case whose last move wins the
//! game (a renju five that is also a double-four, white's overline) is checked one ply back:
//! the engine, to move there, must win at once as that move does. Other finished positions and
//! impossible ones are not applicable. A pass here is a *play check*, never a verified rule.

use super::result::{Board, Finding, Level, Verdict};
use super::{CaseCheck, Stop};
use crate::spec::model::Case;
use arbiter_engine::{Algorithm, Budget, PositionRequest, RulesEngine, SearchError, SearchFailure};

/// Runs the play check of `case` on `engine`.
pub(crate) fn check(
    outcome: &mut CaseCheck,
    engine: &dyn RulesEngine,
    case: &Case,
    variant: &str,
    request: &PositionRequest,
    file: &str,
) -> Verdict {
    if case.expect.invalid_position.is_some() {
        return outcome.stop(Stop::not_applicable(
            "an impossible position cannot be played",
        ));
    }
    let position = match super::set_up(
        outcome,
        &case.position,
        engine.position(variant, request),
        file,
    ) {
        Ok(position) => position,
        Err(verdict) => return verdict,
    };
    match super::answered(position.outcome()) {
        Ok(None) => {}
        Ok(Some(over)) => {
            if let Some(verdict) = win_in_one(outcome, engine, variant, request, &over) {
                return verdict;
            }
            return outcome.stop(Stop::not_applicable(format!(
                "the game is over ({over}): nothing to play"
            )));
        }
        Err(stop) => return outcome.stop(stop),
    }
    match position.search(Algorithm::AlphaBeta, Budget::Depth(1), None) {
        Ok(report) => {
            outcome.level = Some(Level::Play);
            outcome.engine_said = Some(format!(
                "plays {}",
                report.best.as_deref().unwrap_or("nothing")
            ));
            outcome.search = Some(report);
            Verdict::Pass
        }
        Err(SearchFailure::Search(SearchError::Unsupported(what))) => {
            outcome.stop(Stop::not_applicable(what))
        }
        Err(SearchFailure::Fault(fault)) => {
            outcome.level = Some(Level::Play);
            outcome.findings.push(Finding::new(
                "play",
                "a legal move chosen in this position",
                format!("engine fault ({}): {}", fault.kind, fault.detail),
            ));
            outcome.record_fault(&fault)
        }
        Err(error) => {
            outcome.level = Some(Level::Play);
            outcome.findings.push(Finding::new(
                "play",
                "a legal move chosen in this position",
                error.to_string(),
            ));
            Verdict::Fail
        }
    }
}

/// The play check of a case whose last move (of `moves:`) wins the game for its mover: the
/// engine gets the position before that move and must win at once, as the case's move does
/// (the case is about that move being a win, so an engine that misjudges the rule does not
/// play it). `None` when the case is no such case.
fn win_in_one(
    outcome: &mut CaseCheck,
    engine: &dyn RulesEngine,
    variant: &str,
    request: &PositionRequest,
    over: &arbiter_engine::OutcomeView,
) -> Option<Verdict> {
    let winner = over.winner.as_deref()?;
    // The case's moves, a string (`moves: h8`) split by the game's own rule.
    let mut moves = request
        .move_text
        .as_deref()
        .map(|text| engine.split_moves(text))
        .unwrap_or_default();
    moves.extend(request.moves.iter().cloned());
    let last = moves.pop()?;
    let before_request = PositionRequest {
        moves,
        move_text: None,
        ..request.clone()
    };
    let before = engine.position(variant, &before_request).ok()?;
    if !before.is_to_move(winner) {
        return None;
    }
    let mover = before.to_move();
    outcome.board = Some(Board {
        diagram: before.diagram(),
        text: before.text(),
    });
    let expected = format!("a move that wins at once, as the case's `{last}` does ({over})");
    outcome.level = Some(Level::Play);
    let report = match before.search(Algorithm::AlphaBeta, Budget::Depth(1), None) {
        Ok(report) => report,
        Err(SearchFailure::Search(SearchError::Unsupported(what))) => {
            outcome.level = None;
            return Some(outcome.stop(Stop::not_applicable(format!(
                "the game is over after the case's `{last}`; the position before it: {what}"
            ))));
        }
        Err(SearchFailure::Fault(fault)) => {
            outcome.findings.push(Finding::new(
                "play",
                expected,
                format!("engine fault ({}): {}", fault.kind, fault.detail),
            ));
            return Some(outcome.record_fault(&fault));
        }
        Err(error) => {
            outcome
                .findings
                .push(Finding::new("play", expected, error.to_string()));
            return Some(Verdict::Fail);
        }
    };
    let played = report.best.clone().unwrap_or_default();
    outcome.engine_said = Some(format!("plays {played} (before the case's `{last}`)"));
    outcome.search = Some(report);
    // The engine's move was validated; the reference rules say whether it won.
    let mut after = engine.position(variant, &before_request).ok()?;
    let won = after.play(&played).is_ok()
        && matches!(
            super::answered(after.outcome()),
            Ok(Some(result)) if result.winner.as_deref() == Some(mover.as_str())
        );
    if won {
        return Some(Verdict::Pass);
    }
    outcome.findings.push(Finding::new(
        "play",
        expected,
        format!("it played `{played}`, which does not win at once"),
    ));
    Some(Verdict::Fail)
}
