//! The play check: what a player-only engine (a tournament protocol, no rule queries) gets
//! instead of a spec case's rule expectations. Whatever the case expects, the move the engine
//! chooses in the case's position must be legal under the reference rules, a pass exactly
//! when only a pass is legal, an exchange only where offered. A case whose last move ends the
//! game is checked one ply back: where that move wins (a renju five that is also a double-four,
//! white's overline, a repetition the opponent loses), an engine to move there that plays
//! another legal move has missed a win (reported apart: no rule obliges a player to win at
//! once); where it loses for its mover (a perpetual check or chase completed, a
//! foul under foul-loses rules), the engine must not lose at once, unless every legal move there
//! does. Other finished positions and impossible ones are not applicable. A pass here is a *play
//! check*, never a verified rule.

use super::result::{Board, Finding, Level, Verdict};
use super::{CaseCheck, Stop};
use crate::spec::model::Case;
use arbiter_engine::{
    Algorithm, Budget, Fault, MarkRole, PositionRequest, RulesEngine, SearchError, SearchFailure,
};

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
            if let Some(verdict) = last_move(outcome, engine, variant, request, &over) {
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
            outcome.findings.push(
                Finding::new(
                    "play",
                    "a legal move chosen in this position",
                    fault.in_words(),
                )
                .marking(MarkRole::Actual, played_mark(&fault)),
            );
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

/// The play check of a case whose last move (of `moves:`) ends the game with a winner: the
/// engine gets the position before that move. Where the move wins for its mover, an engine
/// that plays another legal move has missed that win ([`Verdict::MissedWin`]: the case is about
/// the move being a win, so an engine that misjudges the rule does not play it, but no rule
/// obliges a player to win at once); where it loses for its mover, the engine
/// must not lose at once (an engine that misjudges the rule plays it), provided the reference
/// rules leave a move that does not. `None` when the case is no such case.
fn last_move(
    outcome: &mut CaseCheck,
    engine: &dyn RulesEngine,
    variant: &str,
    request: &PositionRequest,
    over: &arbiter_engine::OutcomeView,
) -> Option<Verdict> {
    let winner = over.winner.as_deref()?;
    let (last, before_request) = before_last(engine, request)?;
    let before = engine.position(variant, &before_request).ok()?;
    let ply = PlyBefore {
        engine,
        variant,
        request: before_request,
        mover: before.to_move(),
    };
    let wins = before.is_to_move(winner);
    // An engine with no move but a losing one is not asked.
    if !wins && !ply.has_safe_move()? {
        return None;
    }
    outcome.board = Some(Board {
        diagram: before.diagram(),
        text: before.text(),
    });
    let expected = if wins {
        format!("a move that wins at once, as the case's `{last}` does ({over})")
    } else {
        format!("a move that does not lose at once, as the case's `{last}` does ({over})")
    };
    outcome.level = Some(Level::Play);
    let report = match before.search(Algorithm::AlphaBeta, Budget::Depth(1), None) {
        Ok(report) => report,
        Err(failure) => return Some(no_move_chosen(outcome, failure, &last, expected)),
    };
    let played = report.best.clone().unwrap_or_default();
    outcome.engine_said = Some(format!("plays {played} (before the case's `{last}`)"));
    outcome.search = Some(report);
    // The engine's move was validated; the reference rules say whether it won or lost.
    if ply.ends(&played, wins)? == wins {
        return Some(Verdict::Pass);
    }
    Some(wrong_move(outcome, wins, expected, &last, &played))
}

/// The case's last move, a string (`moves: h8`) split by the game's own rule or the last of
/// a list, and the request for the position before it; `None` when the case plays no move.
fn before_last(
    engine: &dyn RulesEngine,
    request: &PositionRequest,
) -> Option<(String, PositionRequest)> {
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
    Some((last, before_request))
}

/// The position one ply before the case's last move, and its side to move (`mover`).
struct PlyBefore<'a> {
    engine: &'a dyn RulesEngine,
    variant: &'a str,
    request: PositionRequest,
    mover: String,
}

impl PlyBefore<'_> {
    /// Whether `mv` ends the game at once with the mover the winner (`won`) or the loser, on
    /// the reference rules (an external position's outcome is the reference's too).
    fn ends(&self, mv: &str, won: bool) -> Option<bool> {
        let mut after = self.engine.position(self.variant, &self.request).ok()?;
        Some(
            after.play(mv).is_ok()
                && matches!(
                    super::answered(after.outcome()),
                    Ok(Some(result)) if result.winner.as_deref().is_some_and(|w| (w == self.mover) == won)
                ),
        )
    }

    /// Whether the reference rules leave the mover a move that does not lose at once (`None`:
    /// the game has no reference rules, or they cannot tell).
    fn has_safe_move(&self) -> Option<bool> {
        let reference = arbiter_engine::find_engine(self.engine.game())?;
        let legal = reference
            .position(self.variant, &self.request)
            .ok()?
            .legal_moves()
            .ok()?;
        Some(!legal.iter().all(|mv| self.ends(mv, false).unwrap_or(true)))
    }
}

/// The verdict of an engine that chose no move in the position before the case's `last`.
fn no_move_chosen(
    outcome: &mut CaseCheck,
    failure: SearchFailure,
    last: &str,
    expected: String,
) -> Verdict {
    match failure {
        SearchFailure::Search(SearchError::Unsupported(what)) => {
            outcome.level = None;
            outcome.stop(Stop::not_applicable(format!(
                "the game is over after the case's `{last}`; the position before it: {what}"
            )))
        }
        SearchFailure::Fault(fault) => {
            outcome.findings.push(
                Finding::new("play", expected, fault.in_words())
                    .marking(MarkRole::Expected, [(last, None)])
                    .marking(MarkRole::Actual, played_mark(&fault)),
            );
            outcome.record_fault(&fault)
        }
        error => {
            outcome
                .findings
                .push(Finding::new("play", expected, error.to_string()));
            Verdict::Fail
        }
    }
}

/// The finding on a legal move `played` that does not do what the case's `last` does: a
/// missed win where `last` wins, else the rule the case is about, broken.
fn wrong_move(
    outcome: &mut CaseCheck,
    wins: bool,
    expected: String,
    last: &str,
    played: &str,
) -> Verdict {
    if wins {
        // A legal move that does not win: no rule obliges a player to win at once, so this is
        // a missed win, reported apart from the rule failures.
        outcome.findings.push(
            Finding::new(
                "missed-win",
                expected,
                format!("it played `{played}`, a legal move which does not win at once"),
            )
            .marking(MarkRole::Expected, [(last, None)])
            .marking(MarkRole::Actual, [(played, None)]),
        );
        return Verdict::MissedWin;
    }
    // The rules make the engine's move lose at once (a foul, a forbidden repetition): that is
    // the rule the case is about, broken.
    outcome.findings.push(
        Finding::new(
            "play",
            expected,
            format!("it played `{played}`, which loses at once"),
        )
        .marking(MarkRole::Actual, [(played, None)]),
    );
    Verdict::Fail
}

/// The engine's answer that a rule refused, to mark on the board (none when it gave none).
fn played_mark(fault: &Fault) -> Option<(String, Option<String>)> {
    fault.played.clone().map(|mv| (mv, None))
}
