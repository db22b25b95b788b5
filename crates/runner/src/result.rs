//! What running one case yields: a [`CaseResult`], complete enough that a report (table, JSON,
//! HTML, JUnit) can be written from it alone, without the spec file or the engine.

use std::fmt::{self, Write as _};
use std::path::PathBuf;
use std::time::Duration;

use arbiter_engine::{FaultKind, Mark, MarkRole, SearchReport};

/// A rule spec case or a suite case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CaseKind {
    Spec,
    Suite,
}

impl CaseKind {
    /// `spec` or `suite`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            CaseKind::Spec => "spec",
            CaseKind::Suite => "suite",
        }
    }
}

/// Where a case is written, and what it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseOrigin {
    pub kind: CaseKind,
    /// The file, as the loader was given it (relative paths stay relative).
    pub file: PathBuf,
    /// 1-based line and column of the case's `id` (of the position's line in an `.obf` file).
    pub line: usize,
    pub column: usize,
    pub id: String,
    /// The spec's rule topic (its file stem) or the suite's name.
    pub topic: String,
    /// The game the file is for.
    pub game: String,
    /// The public source of the expected values: the case's own `source:`, else the file's.
    pub source: String,
    pub description: Option<String>,
}

impl CaseOrigin {
    /// `file:line`, as failure messages start.
    #[must_use]
    pub fn location(&self) -> String {
        format!("{}:{}", self.file.display(), self.line)
    }
}

/// How a case ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    Pass,
    Fail,
    /// A player-only engine played legal moves but missed the win or the best move the case
    /// is about (where the case's move wins at once, a suite's best move, a won position
    /// played out): no rule obliges a player to win, so this is reported apart from failures
    /// (useful to a team, never a broken rule).
    MissedWin,
    /// The engine lacks a capability the case needs, or the case cannot be checked within the
    /// run's limits; never counted as passed.
    NotApplicable,
    /// The case itself is wrong (an illegal move in its position, an unknown move text).
    SpecError,
    /// The engine failed to answer (timeout, crash, protocol error); the fault class is in
    /// [`CaseResult::fault`].
    EngineFault,
}

impl Verdict {
    /// The kebab-case name used in JSON and reports.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Pass => "passed",
            Verdict::Fail => "failed",
            Verdict::MissedWin => "missed-win",
            Verdict::NotApplicable => "not-applicable",
            Verdict::SpecError => "spec-error",
            Verdict::EngineFault => "engine-fault",
        }
    }
}

/// What a pass or a failure was judged on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// The case's own expectations were checked (legal sets, outcomes, perft; a suite's best
    /// move and proven score).
    Rules,
    /// Only "the move the engine chose here is legal" was checked: a player-only engine, whose
    /// rules cannot be asked. Never reported as a verified rule.
    Play,
}

impl Level {
    /// `rule-level` or `play-check`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Rules => "rule-level",
            Level::Play => "play-check",
        }
    }
}

/// The position a case was run in, for a report to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The engine's diagram (rows of cells, coordinates, side to move).
    pub diagram: String,
    /// The game's one-line position form, which the game's own notation reads back.
    pub text: String,
}

/// One expectation that did not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The expectation's key (`legal`, `over`, `perft`, `best`, `snapshot`, …).
    pub check: String,
    pub expected: String,
    pub actual: String,
    /// The finding as the failure message shows it (`expected: …` / `actual: …` lines, and
    /// what is missing or extra).
    pub(crate) text: String,
    /// The moves a report marks on the board: what was missing or extra, the expected and the
    /// engine's move (in the position's notation).
    pub marks: Vec<Mark<String>>,
}

impl Finding {
    /// A finding shown as the usual two lines.
    #[must_use]
    pub(crate) fn new(
        check: &str,
        expected: impl Into<String>,
        actual: impl Into<String>,
    ) -> Finding {
        let (expected, actual) = (expected.into(), actual.into());
        Finding {
            check: check.to_owned(),
            text: format!("expected: {expected}\nactual:   {actual}"),
            expected,
            actual,
            marks: Vec::new(),
        }
    }

    /// A finding with its own text (more lines than expected and actual).
    #[must_use]
    pub(crate) fn shown_as(
        check: &str,
        expected: impl Into<String>,
        actual: impl Into<String>,
        text: impl Into<String>,
    ) -> Finding {
        Finding {
            check: check.to_owned(),
            expected: expected.into(),
            actual: actual.into(),
            text: text.into(),
            marks: Vec::new(),
        }
    }

    /// The finding with `moves` marked in `role` (each with an optional note, a foul's kind).
    #[must_use]
    pub(crate) fn marking<S: ToString>(
        mut self,
        role: MarkRole,
        moves: impl IntoIterator<Item = (S, Option<String>)>,
    ) -> Finding {
        self.marks.extend(moves.into_iter().map(|(mv, note)| Mark {
            mv: mv.to_string(),
            role,
            note,
        }));
        self
    }
}

/// How a suite case's search compared with its stored snapshot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SnapshotStatus {
    /// The stored file holds exactly this search.
    Matches,
    /// No stored file.
    Missing,
    /// The stored file holds another search (its content is kept for the diff).
    Changed { stored: String },
    /// The stored file cannot be read (not UTF-8, no header, unreadable).
    Unreadable { problem: String },
    /// Written (or rewritten) in place, as `baseline freeze` asks.
    Accepted,
    /// Not compared: the run was told not to.
    NotCompared,
}

/// A suite case's snapshot: the file, the text this run produced, and how they compare.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapshotResult {
    pub path: PathBuf,
    /// The snapshot's content (without the file header).
    pub text: String,
    pub status: SnapshotStatus,
}

/// The result of one case against one engine under one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseResult {
    /// The test name: `<engine>::<topic>::<id>[@variant]` or `<engine>::suite::<suite>::<id>`.
    pub name: String,
    pub origin: CaseOrigin,
    pub engine: String,
    pub variant: String,
    pub verdict: Verdict,
    /// What the verdict was judged on; `None` when nothing was checked (not applicable, a spec
    /// error, a fault before any answer).
    pub level: Option<Level>,
    /// Why the case did not apply, was a spec error, or what went wrong before any check.
    pub reason: Option<String>,
    /// The kind of an engine fault (`timeout`, `crash`, `protocol-error`, …).
    pub fault: Option<FaultKind>,
    /// The position, when it could be set up.
    pub board: Option<Board>,
    /// The expectations that did not hold (empty on a pass).
    pub findings: Vec<Finding>,
    /// What the engine answered, in one line (a suite's search, a player's move).
    pub engine_said: Option<String>,
    /// A suite case's search, when it ran.
    pub search: Option<SearchReport>,
    /// A suite case's snapshot, when the search ran.
    pub snapshot: Option<SnapshotResult>,
    /// Skipped perft lines, known failures of `fixme` cases and the like.
    pub notes: Vec<String>,
    /// The failure as a reader sees it: location, board, expected and actual. Empty on a pass.
    pub message: String,
    /// How long the case took to run (set up, checks, search, snapshot), so that a report
    /// shows where an audit's time goes. A measurement, not a result: it differs from run to
    /// run, so nothing compared for determinism (snapshots, baselines, the trials) reads it.
    pub elapsed: Duration,
}

impl fmt::Display for CaseResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.verdict.name(), self.name)?;
        if !self.message.is_empty() {
            write!(f, "\n{}", self.message)?;
        }
        Ok(())
    }
}

/// Builds the message of a failed case: the header line, the board, then each finding.
pub(crate) fn render_message<'a>(
    header: &str,
    board: Option<&Board>,
    blocks: impl IntoIterator<Item = &'a str>,
    indent_blocks: bool,
) -> String {
    let mut text = header.to_owned();
    if let Some(board) = board {
        let _ = write!(text, "\n{}", indent(&board.diagram));
    }
    for block in blocks {
        if indent_blocks {
            let _ = write!(text, "\n{}", indent(block));
        } else {
            let _ = write!(text, "\n{block}");
        }
    }
    text
}

/// Every line of `text` indented by four spaces.
pub(crate) fn indent(text: &str) -> String {
    text.lines()
        .map(|line| format!("    {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}
