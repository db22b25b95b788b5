//! The case runner: one case, one engine, one variant → a [`CaseResult`].
//!
//! This is the only place where expectations are checked. The test harness, the audit and
//! the baselines all call [`run_case`] (rule specs) or [`run_suite_case`] (suites); none of
//! them re-implements a check.

mod suite;

pub use suite::{SuiteOutcome, SuitePlanned, plan_suites, proof_text, run_suite_case, settings_of};

use std::collections::BTreeSet;
use std::fmt::Write as _;

use arbiter_core::PerftConvention;

use crate::engine::{
    Algorithm, Answered, Budget, Position, PositionError, PositionRequest, QueryError, RulesEngine,
    SearchError,
};
use crate::spec::LoadedSpec;
use crate::spec::model::{
    Case, Convention, Expectations, ForbiddenPoint, LegalExpectation, MoveList,
};

/// Limits for one run.
#[derive(Clone, Copy, Debug)]
pub struct RunOptions {
    /// Perft lines whose expected count exceeds this are skipped (and reported); `None` runs all.
    pub perft_limit: Option<u64>,
    /// The most nodes a `tree` expectation may walk.
    pub tree_limit: u64,
}

impl RunOptions {
    /// The node limit `cargo test` uses unless `ARBITER_PERFT_LIMIT` says otherwise.
    pub const TEST_PERFT_LIMIT: u64 = 50_000_000;

    /// Options for `cargo test`.
    #[must_use]
    pub fn for_tests() -> RunOptions {
        let perft_limit = std::env::var("ARBITER_PERFT_LIMIT")
            .ok()
            .and_then(|text| text.trim().replace('_', "").parse().ok())
            .unwrap_or(Self::TEST_PERFT_LIMIT);
        RunOptions {
            perft_limit: Some(perft_limit),
            tree_limit: 10_000_000,
        }
    }
}

/// How a case ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    Pass,
    Fail,
    /// The engine lacks a capability the case needs; never counted as passed.
    NotApplicable,
    /// The case itself is wrong (an illegal move in its position, an unknown move text).
    SpecError,
}

/// The result of one case: the verdict, a readable explanation and notes (skipped perft lines).
#[derive(Clone, Debug)]
pub struct CaseResult {
    pub verdict: Verdict,
    /// For a failure: location, board, expected and actual. Empty on a pass.
    pub message: String,
    pub notes: Vec<String>,
}

/// One scheduled run: which case of which file, against which engine, under which variant.
#[derive(Clone, Debug)]
pub struct Planned {
    /// `<engine>::<topic>::<case-id>`, with `@<variant>` when the case runs under several.
    pub name: String,
    pub spec: usize,
    pub case: usize,
    pub engine: usize,
    pub variant: String,
}

/// Every (case × engine that plays its game and variant × variant), sorted by name.
#[must_use]
pub fn plan(specs: &[LoadedSpec], engines: &[Box<dyn RulesEngine>]) -> Vec<Planned> {
    let mut planned = Vec::new();
    for (spec_index, loaded) in specs.iter().enumerate() {
        for (engine_index, engine) in engines.iter().enumerate() {
            if engine.game() != loaded.spec.game {
                continue;
            }
            for (case_index, case) in loaded.spec.cases.iter().enumerate() {
                let variants = loaded.variants_of(case, &engine.default_variant());
                let several = variants.len() > 1;
                for variant in variants.into_iter().filter(|v| engine.accepts_variant(v)) {
                    let mut name =
                        format!("{}::{}::{}", engine.name(), loaded.topic, case.id.value);
                    if several {
                        let _ = write!(name, "@{variant}");
                    }
                    planned.push(Planned {
                        name,
                        spec: spec_index,
                        case: case_index,
                        engine: engine_index,
                        variant,
                    });
                }
            }
        }
    }
    planned.sort_by(|a, b| a.name.cmp(&b.name));
    planned
}

/// Runs one case.
#[must_use]
pub fn run_case(
    engine: &dyn RulesEngine,
    loaded: &LoadedSpec,
    case: &Case,
    variant: &str,
    options: RunOptions,
) -> CaseResult {
    let header = format!(
        "{}: case `{}` ({}, variant {variant})",
        loaded.case_location(case),
        case.id.value,
        engine.name()
    );
    let mut check = Check {
        header,
        notes: Vec::new(),
        failures: Vec::new(),
        board: String::new(),
    };
    let verdict = check.run(engine, case, variant, options);
    let message = match verdict {
        Verdict::Pass => String::new(),
        _ => check.render(),
    };
    CaseResult {
        verdict,
        message,
        notes: check.notes,
    }
}

/// The state of one case run: what failed so far, and the board to show.
struct Check {
    header: String,
    notes: Vec<String>,
    failures: Vec<String>,
    board: String,
}

/// Stops a check early with a verdict other than failure.
pub(crate) struct Stop(Verdict, String);

/// A rule query's answer, or the stop its absence means: an engine fault fails the case (it
/// never passes on a value the engine did not give), an unsupported query makes it not
/// applicable.
fn answered<T>(answer: Answered<T>) -> Result<T, Stop> {
    answer.map_err(|error| match error {
        QueryError::Fault { .. } => Stop(Verdict::Fail, error.to_string()),
        QueryError::Unsupported(what) => Stop(Verdict::NotApplicable, what),
    })
}

impl Check {
    fn run(
        &mut self,
        engine: &dyn RulesEngine,
        case: &Case,
        variant: &str,
        options: RunOptions,
    ) -> Verdict {
        let request = request_of(case);
        let expect = &case.expect;
        if !engine.capabilities().rules {
            return self.play_check(engine, case, variant, &request);
        }
        let position = engine.position(variant, &request);
        if let Some(invalid) = &expect.invalid_position {
            return self.expect_invalid(position.err(), &invalid.problems_including);
        }
        let mut position = match position {
            Ok(position) => position,
            Err(error) => {
                self.failures
                    .push(format!("the case's position cannot be set up: {error}"));
                return Verdict::SpecError;
            }
        };
        self.board = position.diagram();
        match self.check_all(position.as_mut(), expect, options) {
            Ok(()) if self.failures.is_empty() => Verdict::Pass,
            Ok(()) => Verdict::Fail,
            Err(Stop(verdict, message)) => {
                self.failures.push(message);
                verdict
            }
        }
    }

    /// A player-only engine (a tournament protocol, no rule queries): whatever the case's
    /// expectations, the move it chooses in the case's position must be legal under the
    /// reference rules, a pass exactly when only a pass is legal, an exchange only where
    /// offered. Finished and impossible positions are not applicable.
    fn play_check(
        &mut self,
        engine: &dyn RulesEngine,
        case: &Case,
        variant: &str,
        request: &PositionRequest,
    ) -> Verdict {
        if case.expect.invalid_position.is_some() {
            self.failures
                .push("an impossible position cannot be played".to_owned());
            return Verdict::NotApplicable;
        }
        let position = match engine.position(variant, request) {
            Ok(position) => position,
            Err(error) => {
                self.failures
                    .push(format!("the case's position cannot be set up: {error}"));
                return Verdict::SpecError;
            }
        };
        self.board = position.diagram();
        match answered(position.outcome()) {
            Ok(None) => {}
            Ok(Some(outcome)) => {
                self.failures
                    .push(format!("the game is over ({outcome}): nothing to play"));
                return Verdict::NotApplicable;
            }
            Err(Stop(verdict, message)) => {
                self.failures.push(message);
                return verdict;
            }
        }
        match position.search(Algorithm::AlphaBeta, Budget::Depth(1), None) {
            Ok(_) => Verdict::Pass,
            Err(SearchError::Unsupported(what)) => {
                self.failures.push(what);
                Verdict::NotApplicable
            }
            Err(error) => {
                self.failures.push(format!(
                    "expected: a legal move chosen in this position\nactual:   {error}"
                ));
                Verdict::Fail
            }
        }
    }

    fn expect_invalid(&mut self, error: Option<PositionError>, problems: &[String]) -> Verdict {
        let Some(error) = error else {
            self.failures.push(
                "expected: the position is rejected as impossible\nactual:   it was accepted"
                    .to_owned(),
            );
            return Verdict::Fail;
        };
        let text = error.to_string();
        for wanted in problems {
            if !text.contains(wanted.as_str()) {
                self.failures.push(format!(
                    "expected a problem mentioning `{wanted}`\nactual:   {text}"
                ));
            }
        }
        if self.failures.is_empty() {
            Verdict::Pass
        } else {
            Verdict::Fail
        }
    }

    fn check_all(
        &mut self,
        position: &mut dyn Position,
        expect: &Expectations,
        options: RunOptions,
    ) -> Result<(), Stop> {
        if let Some(legal) = &expect.legal {
            self.check_legal(position, legal)?;
        }
        for illegal in expect.illegal.iter().flatten() {
            match answered(position.check(&illegal.mv))? {
                Ok(()) => self.failures.push(format!(
                    "expected: `{}` is illegal\nactual:   it is accepted",
                    illegal.mv
                )),
                Err(refusal) => {
                    if let Some(reason) = &illegal.reason
                        && *reason != refusal.code
                    {
                        self.failures.push(format!(
                            "expected: `{}` refused as `{reason}`\nactual:   refused as `{}`: {}",
                            illegal.mv, refusal.code, refusal.detail
                        ));
                    }
                }
            }
        }
        if let Some(side) = &expect.to_move {
            let actual = position.to_move();
            if !position.is_to_move(side) {
                self.failures.push(format!(
                    "expected: {side} to move\nactual:   {actual} to move"
                ));
            }
        }
        if expect.must_pass == Some(true) {
            let legal = answered(position.legal_moves())?;
            if legal != ["pass"] {
                self.failures.push(format!(
                    "expected: the only legal move is `pass`\nactual:   legal moves {}",
                    list(&legal)
                ));
            }
        }
        if expect.not_over == Some(true)
            && let Some(outcome) = answered(position.outcome())?
        {
            self.failures.push(format!(
                "expected: the game goes on\nactual:   over, {outcome}"
            ));
        }
        if let Some(over) = &expect.over {
            match answered(position.outcome())? {
                None => self
                    .failures
                    .push("expected: the game is over\nactual:   it goes on".to_owned()),
                Some(outcome) => {
                    let mut wrong = !answered(position.is_winner(&over.winner))?;
                    wrong |= over
                        .reason
                        .as_ref()
                        .is_some_and(|reason| *reason != outcome.reason);
                    wrong |= over.score.is_some() && over.score != outcome.score.map(|s| s.0);
                    wrong |= over.score_empties_to_winner.is_some()
                        && over.score_empties_to_winner != outcome.score.map(|s| s.1);
                    if wrong {
                        let mut expected = format!(
                            "{} by {}",
                            over.winner,
                            over.reason.as_deref().unwrap_or("any reason")
                        );
                        if let Some(score) = over.score {
                            let _ = write!(expected, ", score {score:+}");
                        }
                        if let Some(score) = over.score_empties_to_winner {
                            let _ = write!(expected, ", {score:+} with empties to the winner");
                        }
                        self.failures
                            .push(format!("expected: {expected}\nactual:   {outcome}"));
                    }
                }
            }
        }
        if let Some(diagram) = &expect.board_after {
            match answered(position.same_board(diagram))? {
                Ok(true) => {}
                Ok(false) => self.failures.push(format!(
                    "expected board:\n{}\nactual board: as shown above",
                    indent(diagram)
                )),
                Err(message) => {
                    return Err(Stop(
                        Verdict::SpecError,
                        format!("`board-after` is not a board of this game: {message}"),
                    ));
                }
            }
        }
        if let Some(forbidden) = &expect.forbidden {
            self.check_forbidden(position, forbidden)?;
        }
        if let Some(tree) = &expect.tree {
            let Some(counts) = position.tree_counts(options.tree_limit) else {
                return Err(Stop(
                    Verdict::NotApplicable,
                    format!("the game tree has more than {} nodes", options.tree_limit),
                ));
            };
            let pairs = [
                ("games", tree.games, counts.games),
                ("positions", tree.positions, counts.positions),
                (
                    "terminal positions",
                    tree.terminal_positions,
                    counts.terminal_positions,
                ),
                ("first-side wins", tree.first_wins, counts.first_wins),
                ("second-side wins", tree.second_wins, counts.second_wins),
                ("draws", tree.draws, counts.draws),
            ];
            for (what, expected, actual) in pairs {
                if let Some(expected) = expected.filter(|expected| *expected != actual) {
                    self.failures
                        .push(format!("expected: {expected} {what}\nactual:   {actual}"));
                }
            }
        }
        if let Some(perft) = &expect.perft {
            let convention = match perft.convention {
                Convention::ExactLength => PerftConvention::SequencesOfExactLength,
                Convention::FinishedIsLeaf => PerftConvention::FinishedGameIsLeaf,
            };
            for (&depth, &expected) in &perft.nodes {
                if options.perft_limit.is_some_and(|limit| expected > limit) {
                    self.notes.push(format!(
                        "perft depth {depth} ({expected} nodes) skipped: above the run's node limit"
                    ));
                    continue;
                }
                let actual = answered(position.perft(depth, convention))?;
                if actual != expected {
                    self.failures.push(format!(
                        "expected: perft({depth}) = {expected} ({})\nactual:   {actual}",
                        convention.name()
                    ));
                }
            }
        }
        Ok(())
    }

    fn check_legal(
        &mut self,
        position: &dyn Position,
        legal: &LegalExpectation,
    ) -> Result<(), Stop> {
        let actual: BTreeSet<String> = answered(position.legal_moves())?.into_iter().collect();
        if let Some(exactly) = &legal.exactly {
            let expected = canonical_set(position, exactly)?;
            if expected != actual {
                let missing: Vec<&String> = expected.difference(&actual).collect();
                let extra: Vec<&String> = actual.difference(&expected).collect();
                self.failures.push(format!(
                    "expected: legal moves exactly {}\nactual:   {}\nmissing:  {}\nextra:    {}",
                    list(&expected),
                    list(&actual),
                    list(&missing),
                    list(&extra)
                ));
            }
        }
        if let Some(including) = &legal.including {
            let expected = canonical_set(position, including)?;
            let missing: Vec<&String> = expected.difference(&actual).collect();
            if !missing.is_empty() {
                self.failures.push(format!(
                    "expected legal: {}\nmissing:  {}\nactual:   {}",
                    list(&expected),
                    list(&missing),
                    list(&actual)
                ));
            }
        }
        if let Some(excluding) = &legal.excluding {
            let expected = canonical_set(position, excluding)?;
            let present: Vec<&String> = expected.intersection(&actual).collect();
            if !present.is_empty() {
                self.failures.push(format!(
                    "expected not legal: {}\nbut legal: {}",
                    list(&expected),
                    list(&present)
                ));
            }
        }
        Ok(())
    }

    fn check_forbidden(
        &mut self,
        position: &dyn Position,
        expectation: &crate::spec::model::ForbiddenExpectation,
    ) -> Result<(), Stop> {
        let Some(actual) = answered(position.forbidden())? else {
            return Err(Stop(
                Verdict::NotApplicable,
                "the engine reports no forbidden points for this game".to_owned(),
            ));
        };
        let actual: BTreeSet<(String, String)> = actual.into_iter().collect();
        let canonical_points =
            |points: &[ForbiddenPoint]| -> Result<BTreeSet<(String, String)>, Stop> {
                points
                    .iter()
                    .map(|point| Ok((canonical(position, &point.mv)?, point.reason.clone())))
                    .collect()
            };
        let show = |set: &BTreeSet<(String, String)>| {
            let items: Vec<String> = set
                .iter()
                .map(|(mv, reason)| format!("{mv} {reason}"))
                .collect();
            format!("[{}]", items.join(", "))
        };
        if let Some(exactly) = &expectation.exactly {
            let expected = canonical_points(exactly)?;
            if expected != actual {
                let missing = expected.difference(&actual).cloned().collect();
                let extra = actual.difference(&expected).cloned().collect();
                self.failures.push(format!(
                    "expected forbidden: {}\nactual:   {}\nmissing:  {}\nextra:    {}",
                    show(&expected),
                    show(&actual),
                    show(&missing),
                    show(&extra)
                ));
            }
        }
        if let Some(including) = &expectation.including {
            let expected = canonical_points(including)?;
            let missing = expected.difference(&actual).cloned().collect();
            if !expected.is_subset(&actual) {
                self.failures.push(format!(
                    "expected forbidden: {}\nmissing:  {}\nactual:   {}",
                    show(&expected),
                    show(&missing),
                    show(&actual)
                ));
            }
        }
        if let Some(excluding) = &expectation.excluding {
            let expected = canonical_set(position, excluding)?;
            let present: Vec<&String> = actual
                .iter()
                .map(|(mv, _)| mv)
                .filter(|mv| expected.contains(*mv))
                .collect();
            if !present.is_empty() {
                self.failures.push(format!(
                    "expected not forbidden: {}\nbut forbidden: {}",
                    list(&expected),
                    list(&present)
                ));
            }
        }
        Ok(())
    }

    fn render(&self) -> String {
        let mut text = self.header.clone();
        if !self.board.is_empty() {
            let _ = write!(text, "\n{}", indent(&self.board));
        }
        for failure in &self.failures {
            let _ = write!(text, "\n{}", indent(failure));
        }
        text
    }
}

/// The position request a case describes.
fn request_of(case: &Case) -> PositionRequest {
    position_request(&case.position)
}

/// The engine-level request for a case's position.
pub fn position_request(position: &crate::spec::model::PositionSpec) -> PositionRequest {
    let mut request = PositionRequest {
        text: position.text.clone(),
        board: position.board.clone().zip(position.to_move.clone()),
        history: position
            .history
            .as_ref()
            .map(|history| history.items.clone()),
        ..PositionRequest::default()
    };
    if let Some(moves) = &position.moves {
        if moves.as_text {
            request.move_text = moves.items.first().cloned();
        } else {
            request.moves = moves.items.clone();
        }
    }
    request
}

fn canonical(position: &dyn Position, text: &str) -> Result<String, Stop> {
    position.canonical(text).map_err(|refusal| {
        Stop(
            Verdict::SpecError,
            format!(
                "`{text}` in the case is not a move of this game: {}",
                refusal.detail
            ),
        )
    })
}

/// A spec's move list in canonical form. A string list is split on whitespace (move lists
/// in expectations are sets, so the compact transcript form is not accepted there).
pub(crate) fn canonical_set(
    position: &dyn Position,
    moves: &MoveList,
) -> Result<BTreeSet<String>, Stop> {
    let texts: Vec<&str> = if moves.as_text {
        moves
            .items
            .iter()
            .flat_map(|item| item.split_whitespace())
            .collect()
    } else {
        moves.items.iter().map(String::as_str).collect()
    };
    texts
        .into_iter()
        .map(|text| canonical(position, text))
        .collect()
}

pub(crate) fn list<T: AsRef<str>>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items
        .into_iter()
        .map(|item| item.as_ref().to_owned())
        .collect();
    format!("[{}]", items.join(", "))
}

pub(crate) fn indent(text: &str) -> String {
    text.lines()
        .map(|line| format!("    {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}
