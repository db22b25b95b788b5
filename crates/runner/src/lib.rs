//! arbiter-runner: the case files and the one case pipeline.
//!
//! [`spec`] and [`suite`] load and check the case files (rule specs, suites with known best
//! moves; [`schema`] is their JSON Schema); [`plan`] makes every case × engine × variant of a
//! run, and [`PlannedCase::run`] turns one planned case into one [`CaseResult`].
//!
//! This is the only place where expectations are checked, snapshots included. The test
//! harness, the audit and the baselines all make a [`plan`] and call [`PlannedCase::run`] on
//! each entry; none of them re-implements a check, so they pass and fail on the same criteria.
//!
//! | module | job |
//! |---|---|
//! | [`spec`], [`suite`] | the case files: models, loaders, the checks serde cannot make |
//! | [`plan`](self::plan()) | the cases × engines × variants of a run, named and sorted; loading only the file a test name points at |
//! | `rules` | a spec case's expectations against the engine's rules |
//! | `play` | the play check of a player-only engine |
//! | `suite_check` | a suite case's search against its best moves and proven score |
//! | `walks` | perft walks shared by the cases of a run that count from one position |
//! | `schedule` | a plan run on several threads, the longest cases first, results in plan order |
//! | [`snapshot`] | a suite case's search against its stored snapshot |
//! | [`result`] | the [`CaseResult`] a report is written from |
//! | [`summary`] | counts per file and the coverage of a run |

mod plan;
mod play;
pub(crate) mod result;
mod rules;
mod schedule;
pub mod schema;
pub mod snapshot;
pub mod spec;
pub mod suite;
mod suite_check;
pub(crate) mod summary;
#[cfg(test)]
mod tests;
mod walks;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

pub use plan::{
    CaseFiles, CaseRef, Excluded, Loaded, NamedCase, PlanScope, PlannedCase, excluded, load,
    load_named, parse_name, plan, suite_case_name, suite_variant,
};
pub use result::{
    Board, CaseKind, CaseOrigin, CaseResult, Finding, Level, SnapshotResult, SnapshotStatus,
    Verdict,
};
pub use schedule::run_longest_first;
pub use suite_check::{proof_text, settings_of};
pub use summary::{Column, Counts, Coverage};

use crate::spec::locate::{self, Point};
use crate::spec::model::MoveList;
use crate::walks::PerftWalks;
use arbiter_engine::{
    Answered, Fault, FaultKind, Position, PositionError, PositionRequest, QueryError, RulesEngine,
    SearchReport,
};

/// What a run does with the snapshots of suite cases.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum SnapshotPolicy {
    /// Not compared (a run over suites that have no snapshots, such as a team's own folder).
    #[default]
    Ignore,
    /// Compared with `root/snapshots/<engine>/<suite>__<id>.snap`: a missing or changed file
    /// fails the case. With `write_new`, the search is written beside it as `.snap.new` for
    /// `cargo insta review` (as insta does outside CI).
    Compare { root: PathBuf, write_new: bool },
    /// Written in place (atomically), as `baseline freeze` accepts them.
    Accept { root: PathBuf },
}

/// Limits and policies for one run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Perft lines whose expected count exceeds this are skipped (and reported); `None` runs all.
    pub perft_limit: Option<u64>,
    /// The most nodes a `tree` expectation may walk.
    pub tree_limit: u64,
    /// The budget of one perft walk in visited positions, a position listing many moves
    /// costing one per 8 of them (beside `perft_limit`, which bounds the count expected): a
    /// spec whose expected count is small but whose walk is not (a deep depth) ends there.
    /// `None`: `perft_limit` alone.
    pub walk_limit: Option<u64>,
    /// The nodes an exact solve without a budget of its own may search; `None`: to the end.
    /// A case that meets it is not applicable, with the limit named, not failed.
    pub solve_limit: Option<u64>,
    /// What happens to suite snapshots (only of engines whose searches are reproducible).
    pub snapshots: SnapshotPolicy,
}

impl RunOptions {
    /// The node limit `cargo test` uses unless `ARBITER_PERFT_LIMIT` says otherwise.
    pub(crate) const TEST_PERFT_LIMIT: u64 = 50_000_000;

    /// Options with these perft and tree limits, no walk or solve limit, snapshots ignored.
    #[must_use]
    pub const fn limited(perft_limit: Option<u64>, tree_limit: u64) -> RunOptions {
        RunOptions {
            perft_limit,
            tree_limit,
            walk_limit: None,
            solve_limit: None,
            snapshots: SnapshotPolicy::Ignore,
        }
    }

    /// Options for `cargo test`, snapshots compared under `root` (and `.snap.new` written
    /// unless `CI` is set).
    #[must_use]
    pub fn for_tests(root: impl Into<PathBuf>) -> RunOptions {
        let perft_limit = std::env::var("ARBITER_PERFT_LIMIT")
            .ok()
            .and_then(|text| text.trim().replace('_', "").parse().ok())
            .unwrap_or(Self::TEST_PERFT_LIMIT);
        RunOptions {
            perft_limit: Some(perft_limit),
            tree_limit: 10_000_000,
            walk_limit: None,
            solve_limit: None,
            snapshots: SnapshotPolicy::Compare {
                root: root.into(),
                write_new: !is_ci(),
            },
        }
    }
}

/// Whether we run in CI (`CI` set to anything but `false`/`0`), where insta-style snapshots
/// are never written.
#[must_use]
pub(crate) fn is_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| value != "false" && value != "0")
}

impl PlannedCase {
    /// Why this case cannot be checked under `options` without running it: a case of perft
    /// alone whose every expected count is above the run's node limit (`cargo test` lists it
    /// as ignored; the audit, with its higher limit, runs it).
    #[must_use]
    pub fn beyond_limits(&self, files: &CaseFiles, options: &RunOptions) -> Option<String> {
        let CaseRef::Spec { file, case, .. } = &self.case else {
            return None;
        };
        let expect = &files.specs[*file].spec.cases[*case].expect;
        let (perft, limit) = (expect.perft.as_ref()?, options.perft_limit?);
        let all_above = perft.nodes.value.values().all(|&count| count > limit);
        (expect.present() == ["perft"] && all_above)
            .then(|| format!("every perft line is above the run's node limit of {limit} nodes"))
    }

    /// Runs the case against `engine`: the one it was planned for (`engines[self.engine]`),
    /// or another of the same game and variant (a match replays its found cases so).
    #[must_use]
    pub fn run(
        &self,
        files: &CaseFiles,
        engine: &dyn RulesEngine,
        options: &RunOptions,
    ) -> CaseResult {
        self.run_sharing(files, engine, options, &PerftWalks::default())
    }

    /// [`PlannedCase::run`], with the perft walks of the run's other cases (`walks`).
    pub(crate) fn run_sharing(
        &self,
        files: &CaseFiles,
        engine: &dyn RulesEngine,
        options: &RunOptions,
        walks: &PerftWalks,
    ) -> CaseResult {
        let started = std::time::Instant::now();
        let variant = match &self.case {
            CaseRef::Spec { variant, .. } => variant.clone(),
            CaseRef::Suite { file, .. } => suite_variant(&files.suites[*file], engine),
        };
        let (outcome, snapshot) = match &self.case {
            CaseRef::Spec { file, case, .. } => {
                let loaded = &files.specs[*file];
                let case = &loaded.spec.cases[*case];
                (
                    rules::run(engine, loaded, case, &variant, options, walks),
                    None,
                )
            }
            CaseRef::Suite { file, case } => {
                let loaded = &files.suites[*file];
                let (mut outcome, settings) =
                    suite_check::run(engine, loaded, *case, &variant, options.solve_limit);
                let snapshot = snapshot::check(
                    &options.snapshots,
                    engine,
                    loaded,
                    *case,
                    settings.algorithm,
                    settings.budget,
                    &outcome,
                );
                if let Some(found) = &snapshot {
                    outcome.judge_snapshot(found);
                }
                (outcome, snapshot)
            }
        };
        CaseResult {
            name: self.name.clone(),
            origin: self.origin(files),
            engine: engine.name().to_owned(),
            variant,
            verdict: outcome.verdict,
            level: outcome.level,
            reason: outcome.reason,
            fault: outcome.fault,
            board: outcome.board,
            findings: outcome.findings,
            engine_said: outcome.engine_said,
            search: outcome.search,
            snapshot,
            notes: outcome
                .notes
                .into_iter()
                .chain(engine.take_warnings())
                .collect(),
            message: outcome.message,
            elapsed: started.elapsed(),
        }
    }
}

/// A case's result while it is being checked.
#[derive(Debug)]
pub(crate) struct CaseCheck {
    /// `file:line` of the case, where its message starts.
    location: String,
    /// The file, for a message that points at a token in it.
    file: String,
    /// What follows the location: `case `id` (engine, variant v)`.
    title: String,
    /// The token a spec error points at, when it has one.
    at: Option<Point>,
    pub(crate) verdict: Verdict,
    pub(crate) level: Option<Level>,
    pub(crate) board: Option<Board>,
    pub(crate) findings: Vec<Finding>,
    /// Why the check stopped early (not applicable, a spec error, a fault).
    pub(crate) reason: Option<String>,
    pub(crate) fault: Option<FaultKind>,
    pub(crate) engine_said: Option<String>,
    pub(crate) search: Option<SearchReport>,
    pub(crate) notes: Vec<String>,
    /// A last line of a failure message (a suite case's search).
    pub(crate) trailer: Option<String>,
    /// Spec cases indent each block under the header; suite cases do not.
    spec_style: bool,
    pub(crate) message: String,
}

impl CaseCheck {
    fn new(file: &Path, line: usize, title: String) -> CaseCheck {
        CaseCheck {
            location: format!("{}:{line}", file.display()),
            file: file.display().to_string(),
            title,
            at: None,
            verdict: Verdict::Pass,
            level: None,
            board: None,
            findings: Vec::new(),
            reason: None,
            fault: None,
            engine_said: None,
            search: None,
            notes: Vec::new(),
            trailer: None,
            spec_style: true,
            message: String::new(),
        }
    }

    /// Records an engine's fault (its kind and what it said) and returns the verdict it
    /// means ([`fault_verdict`]).
    pub(crate) fn record_fault(&mut self, fault: &Fault) -> Verdict {
        self.fault = Some(fault.kind);
        self.engine_said = Some(fault.detail.clone());
        fault_verdict(fault.kind)
    }

    /// Records why the check stopped and returns its verdict.
    fn stop(&mut self, stop: Stop) -> Verdict {
        self.reason = Some(stop.message);
        self.at = stop.at;
        if stop.fault.is_some() {
            self.fault = stop.fault;
        }
        stop.verdict
    }

    /// The first line of the message: where, and which case.
    fn header(&self) -> String {
        match self.at {
            Some(point) => format!(
                "{}:{}:{}: {}",
                self.file, point.line, point.column, self.title
            ),
            None => format!("{}: {}", self.location, self.title),
        }
    }

    /// Sets the verdict and, unless it is a pass, renders the message.
    fn finish(&mut self, verdict: Verdict, spec_style: bool) {
        self.verdict = verdict;
        self.spec_style = spec_style;
        self.render();
    }

    fn render(&mut self) {
        if self.verdict == Verdict::Pass {
            self.message.clear();
            return;
        }
        let blocks = self
            .findings
            .iter()
            .map(|finding| finding.text.as_str())
            .chain(self.reason.as_deref())
            .chain(self.trailer.as_deref());
        let header = self.header();
        self.message = if self.spec_style {
            result::render_message(&header, self.board.as_ref(), blocks, true)
        } else {
            let blocks: Vec<&str> = blocks.collect();
            suite_check::render(&header, self.board.as_ref(), &blocks)
        };
    }

    /// A snapshot that is missing or differs fails the case (on top of any other finding).
    fn judge_snapshot(&mut self, found: &SnapshotResult) {
        let Some(finding) = snapshot::finding(found) else {
            return;
        };
        self.findings.push(finding);
        if matches!(self.verdict, Verdict::Pass | Verdict::Fail) {
            self.verdict = Verdict::Fail;
        }
        self.render();
    }
}

/// Stops a check early with a verdict and why (and, for a spec error, the token at fault).
pub(crate) struct Stop {
    verdict: Verdict,
    message: String,
    at: Option<Point>,
    /// The fault's kind when the engine failed to answer.
    fault: Option<FaultKind>,
}

impl Stop {
    pub(crate) fn new(verdict: Verdict, message: impl Into<String>) -> Stop {
        Stop {
            verdict,
            message: message.into(),
            at: None,
            fault: None,
        }
    }

    pub(crate) fn spec_error(message: impl Into<String>) -> Stop {
        Stop::new(Verdict::SpecError, message)
    }

    /// A spec error pointing at a token of the case file.
    pub(crate) fn spec_error_at(at: Option<Point>, message: impl Into<String>) -> Stop {
        Stop {
            at,
            ..Stop::spec_error(message)
        }
    }

    pub(crate) fn not_applicable(message: impl Into<String>) -> Stop {
        Stop::new(Verdict::NotApplicable, message)
    }

    /// The engine failed to answer a rule query: an engine fault with its kind (a rule it
    /// broke in answering, such as an illegal move, fails the case instead).
    pub(crate) fn fault(fault: &Fault) -> Stop {
        Stop {
            fault: Some(fault.kind),
            ..Stop::new(fault_verdict(fault.kind), fault.in_words())
        }
    }
}

/// The verdict an engine's fault means: a rule the engine broke in answering (an illegal
/// move, a wrong pass or exchange) fails the case; failing to answer at all is an engine fault.
pub(crate) fn fault_verdict(kind: FaultKind) -> Verdict {
    if kind.is_rule_break() {
        Verdict::Fail
    } else {
        Verdict::EngineFault
    }
}

/// A rule query's answer, or the stop its absence means: a case passes only on the engine's
/// own answer, so a fault stops it as an engine fault (never a pass on a value the engine did
/// not give), and a query the engine's protocol lacks makes it not applicable.
pub(crate) fn answered<T>(answer: Answered<T>) -> Result<T, Stop> {
    answer.map_err(|error| match error {
        QueryError::Fault(fault) => Stop::fault(&fault),
        QueryError::Unsupported(what) => Stop::not_applicable(what),
    })
}

/// The engine-level request for a case's position.
pub fn position_request(position: &crate::spec::model::PositionSpec) -> PositionRequest {
    let value = |field: &Option<serde_saphyr::Spanned<String>>| {
        field.as_ref().map(|spanned| spanned.value.clone())
    };
    let mut request = PositionRequest {
        text: value(&position.text),
        board: value(&position.board).zip(value(&position.to_move)),
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

/// The canonical form of a move text written at `at`.
fn canonical(position: &dyn Position, text: &str, at: Option<Point>) -> Result<String, Stop> {
    position.canonical(text).map_err(|refusal| {
        Stop::spec_error_at(
            at,
            format!(
                "`{text}` in the case is not a move of this game: {}",
                refusal.detail
            ),
        )
    })
}

/// The move texts of a move list in an expectation, each with where it is written (`file` is
/// the case file's text). A string is split on whitespace (move lists in expectations are
/// sets, so the compact transcript form is not accepted there).
fn move_texts<'a>(moves: &'a MoveList, file: &str) -> Vec<(&'a str, Option<Point>)> {
    if moves.as_text {
        moves
            .items
            .iter()
            .flat_map(|item| item.split_whitespace())
            .enumerate()
            .map(|(index, text)| (text, locate::move_point(file, moves, index, text)))
            .collect()
    } else {
        moves
            .items
            .iter()
            .enumerate()
            .map(|(index, text)| (text.as_str(), locate::move_point(file, moves, index, text)))
            .collect()
    }
}

/// A spec's move list in canonical form; a text that is not a move is a spec error pointing
/// at it.
fn canonical_set(
    position: &dyn Position,
    moves: &MoveList,
    file: &str,
) -> Result<BTreeSet<String>, Stop> {
    move_texts(moves, file)
        .into_iter()
        .map(|(text, at)| canonical(position, text, at))
        .collect()
}

/// The case's position from `setup` (an engine's `position` call), its board kept for the
/// message; a position that cannot be set up stops the case as a spec error at the bad token.
fn set_up(
    outcome: &mut CaseCheck,
    spec: &crate::spec::model::PositionSpec,
    setup: Result<Box<dyn Position>, PositionError>,
    file: &str,
) -> Result<Box<dyn Position>, Verdict> {
    match setup {
        Ok(position) => {
            outcome.board = Some(result::Board {
                diagram: position.diagram(),
                text: position.text(),
            });
            Ok(position)
        }
        Err(error) => {
            let at = setup_error_point(spec, &error, file);
            Err(outcome.stop(Stop::spec_error_at(
                at,
                format!("the case's position cannot be set up: {error}"),
            )))
        }
    }
}

/// Where the position a case describes went wrong, for a setup error: the move of the list
/// that cannot be played, the side name, else the board or one-line form.
fn setup_error_point(
    spec: &crate::spec::model::PositionSpec,
    error: &PositionError,
    file: &str,
) -> Option<Point> {
    let value = |field: &Option<serde_saphyr::Spanned<String>>| {
        field
            .as_ref()
            .and_then(|spanned| Point::of(&spanned.referenced))
    };
    match error {
        PositionError::IllegalMove { index, text, .. } => spec
            .moves
            .as_ref()
            .and_then(|moves| locate::move_point(file, moves, index.saturating_sub(1), text)),
        PositionError::UnknownSide { .. } => value(&spec.to_move),
        PositionError::Notation(_) | PositionError::Invalid(_) => {
            value(&spec.board).or_else(|| value(&spec.text))
        }
        PositionError::UnknownVariant { .. } => None,
    }
}

fn list<T: AsRef<str>>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items
        .into_iter()
        .map(|item| item.as_ref().to_owned())
        .collect();
    format!("[{}]", items.join(", "))
}
