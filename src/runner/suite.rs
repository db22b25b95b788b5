//! Running suite cases: set up the position, search it under the case's budget, compare the
//! chosen move and the score with the expectations. The report is kept for the snapshot.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use arbiter_search::{Algorithm, Budget, SearchError, Verdict as Proof};

use super::{CaseResult, Stop, Verdict, canonical_set, indent, list, position_request};
use crate::engine::{RulesEngine, SearchReport};
use crate::suite::LoadedSuite;
use crate::suite::model::{BudgetSpec, ExpectedScore, SuiteCase};

/// One scheduled suite case: `<engine>::suite::<suite>::<id>`.
#[derive(Clone, Debug)]
pub struct SuitePlanned {
    pub name: String,
    pub suite: usize,
    pub case: usize,
    pub engine: usize,
}

/// Every (suite case × engine of its game that accepts its variant), sorted by name. Slow
/// suites are left out unless `include_slow`.
#[must_use]
pub fn plan_suites(
    suites: &[LoadedSuite],
    engines: &[Box<dyn RulesEngine>],
    include_slow: bool,
) -> Vec<SuitePlanned> {
    let mut planned = Vec::new();
    for (suite_index, loaded) in suites.iter().enumerate() {
        if loaded.suite.slow && !include_slow {
            continue;
        }
        for (engine_index, engine) in engines.iter().enumerate() {
            let variant = loaded
                .suite
                .variant
                .clone()
                .unwrap_or_else(|| engine.default_variant());
            if engine.game() != loaded.suite.game || !engine.accepts_variant(&variant) {
                continue;
            }
            for (case_index, case) in loaded.suite.cases.iter().enumerate() {
                planned.push(SuitePlanned {
                    name: format!(
                        "{}::suite::{}::{}",
                        engine.name(),
                        loaded.name,
                        case.id.value
                    ),
                    suite: suite_index,
                    case: case_index,
                    engine: engine_index,
                });
            }
        }
    }
    planned.sort_by(|a, b| a.name.cmp(&b.name));
    planned
}

/// A suite case's result, with what the snapshot records.
#[derive(Clone, Debug)]
pub struct SuiteOutcome {
    pub result: CaseResult,
    /// The search's answer, when the search ran.
    pub report: Option<SearchReport>,
    pub algorithm: Algorithm,
    pub budget: Option<BudgetSpec>,
    /// The position's one-line form and diagram, when it could be set up.
    pub position: Option<(String, String)>,
}

/// The algorithm and budget a case runs with: its own, else the suite's.
#[must_use]
pub fn settings_of(loaded: &LoadedSuite, case: &SuiteCase) -> (Algorithm, Option<BudgetSpec>) {
    let algorithm = case
        .algorithm
        .or(loaded.suite.algorithm)
        .unwrap_or_default();
    (algorithm, case.budget.or(loaded.suite.budget))
}

/// Runs case `index` of `loaded` against `engine`.
#[must_use]
pub fn run_suite_case(
    engine: &dyn RulesEngine,
    loaded: &LoadedSuite,
    index: usize,
) -> SuiteOutcome {
    let case = &loaded.suite.cases[index];
    let (algorithm, budget) = settings_of(loaded, case);
    let mut outcome = SuiteOutcome {
        result: CaseResult {
            verdict: Verdict::Pass,
            message: String::new(),
            notes: Vec::new(),
        },
        report: None,
        algorithm,
        budget,
        position: None,
    };
    let header = format!(
        "{}: suite case `{}` ({}, {algorithm}, {})",
        loaded.case_location(index),
        case.id.value,
        engine.name(),
        budget.map_or_else(|| "to the end".to_owned(), |b| b.to_string()),
    );
    let stop = |outcome: &mut SuiteOutcome, Stop(verdict, message): Stop| {
        outcome.result.verdict = verdict;
        outcome.result.message = render(&header, outcome.position.as_ref(), &[message]);
    };
    // A player-only engine (a tournament protocol) chooses a move but proves nothing: its
    // move is checked against `best`/`avoid`, and a case with only a `score` does not apply.
    let capabilities = engine.capabilities();
    let player_only = !capabilities.search && capabilities.player;
    if !capabilities.search && !player_only {
        let message = format!("{} has no search", engine.name());
        stop(&mut outcome, Stop(Verdict::NotApplicable, message));
        return outcome;
    }
    if player_only && case.best.is_none() && case.avoid.is_none() {
        let message = format!(
            "{} only plays moves; the case expects a proven score",
            engine.name()
        );
        stop(&mut outcome, Stop(Verdict::NotApplicable, message));
        return outcome;
    }
    let variant = loaded
        .suite
        .variant
        .clone()
        .unwrap_or_else(|| engine.default_variant());
    let position = match engine.position(&variant, &position_request(&case.position)) {
        Ok(position) => position,
        Err(error) => {
            let message = format!("the case's position cannot be set up: {error}");
            stop(&mut outcome, Stop(Verdict::SpecError, message));
            return outcome;
        }
    };
    outcome.position = Some((position.text(), position.diagram()));
    let search_budget = match budget {
        Some(BudgetSpec {
            depth: Some(depth), ..
        }) => Budget::Depth(depth),
        Some(BudgetSpec {
            nodes: Some(nodes), ..
        }) => Budget::Nodes(nodes),
        _ => Budget::Nodes(u64::MAX),
    };
    let report = match position.search(algorithm, search_budget, None) {
        Ok(report) => report,
        Err(SearchError::Unsupported(what)) => {
            stop(&mut outcome, Stop(Verdict::NotApplicable, what));
            return outcome;
        }
        Err(error) => {
            stop(&mut outcome, Stop(Verdict::Fail, error.to_string()));
            return outcome;
        }
    };
    if player_only && case.score.is_some() {
        outcome
            .result
            .notes
            .push("score not checked: the engine only plays moves".to_owned());
    }
    let failures = match expectations_hold(position.as_ref(), case, &report, !player_only) {
        Ok(failures) => failures,
        Err(stopped) => {
            outcome.report = Some(report);
            stop(&mut outcome, stopped);
            return outcome;
        }
    };
    if let Some(reason) = &case.fixme {
        if failures.is_empty() {
            outcome.result.verdict = Verdict::Fail;
            outcome.result.message = render(
                &header,
                outcome.position.as_ref(),
                &[format!(
                    "the case is marked `fixme: {reason}` but now holds: remove the mark\n\
                     search:   {}",
                    describe(&report)
                )],
            );
        } else {
            outcome.result.notes.push(format!(
                "known failure (fixme: {reason}): {}",
                failures.join("; ")
            ));
        }
        outcome.report = Some(report);
        return outcome;
    }
    if !failures.is_empty() {
        let mut lines = failures;
        lines.push(format!("search:   {}", describe(&report)));
        outcome.result.verdict = Verdict::Fail;
        outcome.result.message = render(&header, outcome.position.as_ref(), &lines);
    }
    outcome.report = Some(report);
    outcome
}

/// The failed expectations, each as `expected:`/`actual:` lines.
fn expectations_hold(
    position: &dyn crate::engine::Position,
    case: &SuiteCase,
    report: &SearchReport,
    check_score: bool,
) -> Result<Vec<String>, Stop> {
    let mut failures = Vec::new();
    let chosen = report.best.clone().unwrap_or_else(|| "none".to_owned());
    if let Some(best) = &case.best {
        let best: BTreeSet<String> = canonical_set(position, best)?;
        if !best.contains(&chosen) {
            failures.push(format!(
                "expected: a move among {}\nactual:   {chosen}",
                list(&best)
            ));
        }
    }
    if let Some(avoid) = &case.avoid {
        let avoid: BTreeSet<String> = canonical_set(position, avoid)?;
        if avoid.contains(&chosen) {
            failures.push(format!(
                "expected: none of {}\nactual:   {chosen}",
                list(&avoid)
            ));
        }
    }
    if let Some(expected) = case.score.filter(|_| check_score) {
        let proven = report.proven;
        let holds = match (expected, proven) {
            (ExpectedScore::Win, Some(p)) => p.verdict == Proof::Win,
            (ExpectedScore::Draw, Some(p)) => p.verdict == Proof::Draw,
            (ExpectedScore::Loss, Some(p)) => p.verdict == Proof::Loss,
            (ExpectedScore::Exact(margin), Some(p)) => p.margin == Some(margin),
            (_, None) => false,
        };
        if !holds {
            failures.push(format!(
                "expected: {expected} (proven)\nactual:   {}",
                proof_text(report)
            ));
        }
    }
    Ok(failures)
}

/// What the search proved, or that it proved nothing.
#[must_use]
pub fn proof_text(report: &SearchReport) -> String {
    match report.proven {
        Some(proven) => match proven.margin {
            Some(margin) => format!("{} {margin:+}", proven.verdict),
            None => proven.verdict.to_string(),
        },
        None => format!("unproven (score {})", report.score),
    }
}

/// One line about a search: move, score, depth, nodes, principal variation.
fn describe(report: &SearchReport) -> String {
    let mut text = format!(
        "best {} score {} ({}) depth {} nodes {}",
        report.best.as_deref().unwrap_or("none"),
        report.score,
        proof_text(report),
        report.depth,
        report.nodes
    );
    if !report.pv.is_empty() {
        let _ = write!(text, " pv {}", report.pv.join(" "));
    }
    text
}

fn render(header: &str, position: Option<&(String, String)>, lines: &[String]) -> String {
    let mut text = format!("{header}\n");
    if let Some((_, diagram)) = position {
        let _ = writeln!(text, "{}", indent(diagram));
    }
    for line in lines {
        let _ = writeln!(text, "{line}");
    }
    text
}
