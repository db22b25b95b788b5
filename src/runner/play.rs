//! The play check: what a player-only engine (a tournament protocol, no rule queries) gets
//! instead of a spec case's rule expectations. Whatever the case expects, the move the engine
//! chooses in the case's position must be legal under the reference rules, a pass exactly
//! when only a pass is legal, an exchange only where offered. Finished and impossible
//! positions are not applicable. A pass here is a *play check*, never a verified rule.

use super::result::{Board, Finding, Level, Verdict};
use super::{Outcome, Stop};
use crate::engine::{Algorithm, Budget, PositionRequest, RulesEngine, SearchError};
use crate::spec::model::Case;

/// Runs the play check of `case` on `engine`.
pub(crate) fn check(
    outcome: &mut Outcome,
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
    let position = match engine.position(variant, request) {
        Ok(position) => position,
        Err(error) => {
            let at = super::setup_error_point(&case.position, &error, file);
            return outcome.stop(Stop::spec_error_at(
                at,
                format!("the case's position cannot be set up: {error}"),
            ));
        }
    };
    outcome.board = Some(Board {
        diagram: position.diagram(),
        text: position.text(),
    });
    match super::answered(position.outcome()) {
        Ok(None) => {}
        Ok(Some(over)) => {
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
        Err(SearchError::Unsupported(what)) => outcome.stop(Stop::not_applicable(what)),
        Err(SearchError::Fault { kind, detail }) => {
            outcome.level = Some(Level::Play);
            outcome.fault = Some(kind.clone());
            outcome.engine_said = Some(detail.clone());
            outcome.findings.push(Finding::new(
                "play",
                "a legal move chosen in this position",
                format!("engine fault ({kind}): {detail}"),
            ));
            if is_rule_fault(&kind) {
                Verdict::Fail
            } else {
                Verdict::EngineFault
            }
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

/// Faults that are the engine breaking a rule (a failed case), as against failing to answer
/// at all (an engine fault: timeout, crash, protocol error, no answer).
pub(crate) fn is_rule_fault(kind: &str) -> bool {
    matches!(kind, "illegal-move" | "wrong-pass" | "wrong-exchange")
}
