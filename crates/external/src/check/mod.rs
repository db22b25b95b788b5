//! The protocol check (`cargo xtask protocol-check --engine NAME`): the mandatory commands and
//! the edge cases of the engine's protocol, each a row (passed / warning / FAILED / not
//! applicable, with the detail).
//!
//! * Every row starts from a known state: **a fresh process** (the rows of a rules protocol:
//!   a fresh session). A stray, late or extra line of one row can then never be read as the
//!   answer of the next; each row's detail says what it sent.
//! * A warning is something a platform may tolerate and a team should know: an optional
//!   command missing (Gomocup `ABOUT`), `ERROR` where the protocol says `UNKNOWN`, an answer that
//!   used arbiter's time tolerance, lines skipped, lenient Botzone output.
//! * The last rows are true leak checks: no process of the engine (by group, descendants or
//!   its sandbox tag, so grandchildren in their own session too) is left, and the stragglers
//!   of earlier runs that this run ended.
//!
//! Positions come from the embedded engine of the same game: fixed-seed random playouts, so a
//! run is repeatable. Per protocol: `gomocup.rs`, `botzone.rs`, `nboard.rs`, `ccgc.rs`, `gtp.rs`,
//! `ucci.rs`, `line.rs`, `hub.rs`, `dxp.rs`; the positions and rows several share, `positions.rs`.

mod botzone;
mod ccgc;
mod dxp;
mod gomocup;
mod gtp;
mod hub;
mod line;
mod nboard;
mod positions;
mod ucci;

use std::fmt::Write as _;
use std::time::Duration;

use super::engine::ExternalEngine;
use super::manifest::Protocol;
use super::sandbox::supervisor;
use arbiter_engine::{Position, PositionRequest, RulesEngine};

/// How one row of the protocol check ended (a spec or suite case ends in
/// `arbiter_runner::Verdict`; a search proves an `arbiter_engine::ProvenResult`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowVerdict {
    Passed,
    /// Passed, with something to know (it is not a failure).
    Warning,
    Failed,
    NotApplicable,
}

impl RowVerdict {
    /// The table's word.
    #[must_use]
    pub(crate) const fn name(&self) -> &'static str {
        match self {
            RowVerdict::Passed => "passed",
            RowVerdict::Warning => "warning",
            RowVerdict::Failed => "FAILED",
            RowVerdict::NotApplicable => "not applicable",
        }
    }
}

/// One row of the check.
#[derive(Clone, Debug)]
pub struct Row {
    pub check: String,
    pub verdict: RowVerdict,
    pub detail: String,
}

/// The whole check of one engine.
#[derive(Clone, Debug)]
pub struct Report {
    /// `protocol check of `x` (gomoku renju, protocol gomocup)`.
    pub(crate) title: String,
    pub rows: Vec<Row>,
}

impl Report {
    /// Rows that failed.
    #[must_use]
    pub fn failed(&self) -> usize {
        self.rows
            .iter()
            .filter(|row| row.verdict == RowVerdict::Failed)
            .count()
    }

    /// The row named `check`, if any.
    #[must_use]
    pub fn row(&self, check: &str) -> Option<&Row> {
        self.rows.iter().find(|row| row.check == check)
    }

    /// The table as text.
    #[must_use]
    pub fn render(&self) -> String {
        let width = self
            .rows
            .iter()
            .map(|row| row.check.chars().count())
            .max()
            .unwrap_or(5)
            .max(5);
        let mut text = format!("{}\n", self.title);
        let _ = writeln!(
            text,
            "(every check starts a fresh engine process, so no line of one check is read in the next)\n"
        );
        let _ = writeln!(text, "{:<width$}  {:<14}  detail", "check", "result");
        let _ = writeln!(text, "{:-<width$}  {:-<14}  {:-<6}", "", "", "");
        for row in &self.rows {
            let _ = writeln!(
                text,
                "{:<width$}  {:<14}  {}",
                row.check,
                row.verdict.name(),
                row.detail
            );
        }
        let warnings = self
            .rows
            .iter()
            .filter(|row| row.verdict == RowVerdict::Warning)
            .count();
        let _ = writeln!(
            text,
            "\n{} checks, {} failed, {warnings} warning(s)",
            self.rows.len(),
            self.failed()
        );
        text
    }
}

/// Runs every check of `engine`'s protocol, then the leak checks.
#[must_use]
pub fn run(engine: &ExternalEngine) -> Report {
    supervisor::ensure_started();
    let manifest = engine.manifest();
    let title = format!(
        "protocol check of `{}` ({} {}, protocol {}; move time {} ms, first turn {} ms, tolerance {} ms)",
        manifest.name,
        manifest.game,
        manifest.variant(),
        manifest.protocol,
        manifest.move_time_ms,
        manifest.first_move_time_ms,
        manifest.tolerance_ms,
    );
    let checker = Checker::new(engine.clone());
    match manifest.protocol {
        Protocol::Gomocup => checker.gomocup(),
        Protocol::ArbiterLine => checker.line(),
        Protocol::Nboard => checker.nboard(),
        Protocol::Ccgc => checker.ccgc(),
        Protocol::Gtp => checker.gtp(),
        Protocol::Ucci | Protocol::Uci => checker.ucci(),
        Protocol::Hub => checker.hub(),
        Protocol::Dxp => checker.dxp(),
        Protocol::Botzone
        | Protocol::BotzoneKeepRunning
        | Protocol::BotzoneSimple
        | Protocol::BotzoneSimpleKeepRunning => checker.botzone(),
    }
    engine.shutdown();
    let left = engine.left_behind(Duration::from_secs(2));
    checker.record(
        "no process left behind",
        if left.is_empty() {
            RowVerdict::Passed
        } else {
            RowVerdict::Failed
        },
        if left.is_empty() {
            format!(
                "{} process(es) started; none left (group, descendants and sandbox tag checked)",
                engine.started().len()
            )
        } else {
            let list: Vec<String> = left
                .iter()
                .map(|(pid, command)| format!("{pid} `{command}`"))
                .collect();
            format!("still running: {}", list.join(", "))
        },
    );
    let stragglers = supervisor::stragglers();
    if !stragglers.is_empty() {
        let list: Vec<String> = stragglers
            .iter()
            .map(|s| format!("{} `{}` (arbiter pid {})", s.pid, s.command, s.owner))
            .collect();
        checker.record(
            "stragglers of earlier runs",
            RowVerdict::Warning,
            format!("ended at start: {}", list.join(", ")),
        );
    }
    Report {
        title,
        rows: checker.rows.take(),
    }
}

/// The checks' shared state: the engine, its default variant, the rows so far.
struct Checker {
    engine: ExternalEngine,
    variant: String,
    rows: std::cell::RefCell<Vec<Row>>,
}

/// A small fixed-seed generator for repeatable playouts.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Black to move with h8 a double-three (f8 g8 h8 and h6 h7 h8 both open).
const DOUBLE_THREE: &str = "f8 a1 g8 a3 h6 a5 h7 a7";

impl Checker {
    fn new(engine: ExternalEngine) -> Checker {
        let variant = engine.default_variant();
        Checker {
            engine,
            variant,
            rows: std::cell::RefCell::new(Vec::new()),
        }
    }

    fn record(&self, check: &str, verdict: RowVerdict, detail: String) {
        self.rows.borrow_mut().push(Row {
            check: check.to_owned(),
            verdict,
            detail,
        });
    }

    /// `game`, the protocol's form of the engine's game; `None` (the protocol does not carry the
    /// game) is a failed row `check` saying `why`.
    fn carried<G>(&self, game: Option<G>, check: &str, why: impl FnOnce() -> String) -> Option<G> {
        if game.is_none() {
            self.record(check, RowVerdict::Failed, why());
        }
        game
    }

    /// A row from a result; the warnings gathered meanwhile turn a pass into a warning.
    fn result(&self, check: &str, result: Result<String, String>) {
        let warnings = self.engine.take_warnings();
        match result {
            Ok(detail) if warnings.is_empty() => self.record(check, RowVerdict::Passed, detail),
            Ok(detail) => {
                let joined = warnings.join("; ");
                let detail = if detail.is_empty() {
                    joined
                } else {
                    format!("{detail}; {joined}")
                };
                self.record(check, RowVerdict::Warning, detail);
            }
            Err(detail) => self.record(check, RowVerdict::Failed, detail),
        }
    }

    fn reference(&self, history: &[String]) -> Box<dyn Position> {
        let request = PositionRequest {
            moves: history.to_vec(),
            ..PositionRequest::default()
        };
        self.engine
            .reference()
            .position(&self.variant, &request)
            .expect("a playout of the reference rules")
    }

    /// The reference's legal moves after `history` (the reference never fails).
    fn legal(&self, history: &[String]) -> Vec<String> {
        self.reference(history).legal_moves().unwrap_or_default()
    }

    /// A random playout from the start until `stop` holds (checked before each move), at most
    /// `max` plies; `None` when `stop` never held.
    fn playout(
        &self,
        seed: u64,
        max: usize,
        stop: impl Fn(&[String], &dyn Position) -> bool,
    ) -> Option<Vec<String>> {
        let mut rng = Lcg(seed);
        let mut position = self.reference(&[]);
        let mut history = Vec::new();
        loop {
            if stop(&history, position.as_ref()) {
                return Some(history);
            }
            if history.len() >= max || position.outcome().ok().flatten().is_some() {
                return None;
            }
            let legal = position.legal_moves().ok()?;
            if legal.is_empty() {
                return None;
            }
            let mv = legal[rng.below(legal.len())].clone();
            position.play(&mv).ok()?;
            history.push(mv);
        }
    }

    fn split(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    fn has_foul(&self) -> bool {
        self.engine.game() == "gomoku"
            && self
                .reference(&Self::split(DOUBLE_THREE))
                .forbidden()
                .ok()
                .flatten()
                .is_some_and(|points| !points.is_empty())
    }
}
