//! Reports of an audit, written from the runner's [`CaseResult`]s alone: a self-contained HTML
//! page with board pictures ([`html`]), Markdown for a pull request or a CI step summary
//! ([`markdown`]), JUnit XML for test reporters ([`junit`]), the JSON of `--format json`
//! ([`json`]), GitHub Actions annotations ([`github`]), and the summary of a refereed match
//! ([`matches`](mod@matches)).
//!
//! [`write_dir`] writes the four files into a folder atomically: into a hidden sibling
//! folder first, then renamed into place; a report already there is kept as `DIR.prev` (an
//! older `.prev` is removed), as baselines are.

pub mod github;
pub(crate) mod html;
pub mod json;
pub(crate) mod junit;
pub(crate) mod markdown;
pub(crate) mod match_clock;
pub(crate) mod matches;
mod picture;
mod run;

use std::io;
use std::path::{Path, PathBuf};

use arbiter_files::atomic;
use arbiter_runner::{CaseResult, Counts, Coverage, Verdict};

pub use matches::MatchSummary;
pub(crate) use picture::Pictures;
pub use run::{EngineRun, Run};

/// A spec or suite file of the audit, for the per-topic tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileRow {
    pub path: PathBuf,
    pub game: String,
    /// `spec` or `suite`.
    pub kind: &'static str,
    /// The rule topic (a spec's file stem) or the suite's name.
    pub topic: String,
    /// The file's `source:` clause.
    pub source: String,
}

/// Everything a report shows: the run (its header), the engines, the files, every case result,
/// and what the run found beside them.
#[derive(Clone, Copy, Debug)]
pub struct Audit<'a> {
    /// When, where and with what the audit ran.
    pub run: &'a Run,
    pub engines: &'a [String],
    pub files: &'a [FileRow],
    pub results: &'a [CaseResult],
    /// Spec or suite files that did not load.
    pub load_errors: usize,
    pub orphans: &'a [PathBuf],
    pub coverage: Coverage,
    /// The matches whose summaries the report includes.
    pub matches: &'a [MatchSummary],
}

impl Audit<'_> {
    /// The results that came from `file`.
    pub(crate) fn results_of<'b>(
        &'b self,
        file: &'b FileRow,
    ) -> impl Iterator<Item = &'b CaseResult> {
        self.results
            .iter()
            .filter(move |r| r.origin.kind.name() == file.kind && r.origin.file == file.path)
    }

    /// The counts of the results of `file`.
    #[must_use]
    pub fn counts_of(&self, file: &FileRow) -> Counts {
        Counts::of(self.results_of(file))
    }

    /// The counts of one engine's results.
    #[must_use]
    pub(crate) fn counts_of_engine(&self, engine: &str) -> Counts {
        Counts::of(self.results.iter().filter(|r| r.engine == engine))
    }

    /// The results a reader must look at: failures, engine faults and spec errors.
    pub(crate) fn problems(&self) -> impl Iterator<Item = &CaseResult> {
        self.results.iter().filter(|r| is_problem(r.verdict))
    }

    /// The results of one verdict.
    pub(crate) fn of_verdict(&self, verdict: Verdict) -> impl Iterator<Item = &CaseResult> {
        self.results.iter().filter(move |r| r.verdict == verdict)
    }

    /// The not-applicable results.
    pub(crate) fn not_applicable(&self) -> impl Iterator<Item = &CaseResult> {
        self.of_verdict(Verdict::NotApplicable)
    }
}

/// What a report calls a result's verdict, the same in every form: a failure that is a rule
/// the engine broke in answering names it (`failed: illegal move`), an engine fault names its
/// class (`engine fault (timeout)`), a missed win is no failure (`missed win`).
#[must_use]
pub fn verdict_words(result: &CaseResult) -> String {
    match (result.verdict, result.fault) {
        (Verdict::Fail, Some(kind)) if kind.is_rule_break() => {
            format!("failed: {}", kind.in_words())
        }
        (Verdict::EngineFault, kind) => kind.map_or_else(
            || "engine fault".to_owned(),
            arbiter_engine::FaultKind::in_words,
        ),
        (verdict, _) => verdict.name().replace('-', " "),
    }
}

/// Whether a verdict is one a reader must look at.
#[must_use]
pub(crate) const fn is_problem(verdict: Verdict) -> bool {
    matches!(
        verdict,
        Verdict::Fail | Verdict::EngineFault | Verdict::SpecError
    )
}

/// The names of the four files [`write_dir`] writes.
pub const FILES: [&str; 4] = ["report.html", "report.md", "junit.xml", "report.json"];

/// Writes `report.html`, `report.md`, `junit.xml` and `report.json` into `dir` atomically:
/// all four go into a hidden folder beside `dir`, each synced, then `dir` (if it exists) is
/// renamed to `dir.prev` (replacing an older one) and the new folder to `dir`. Returns the
/// previous report's new path, if there was one.
///
/// # Errors
/// A file or folder cannot be written or renamed; the old report is then left in place.
pub fn write_dir(dir: &Path, audit: &Audit<'_>) -> io::Result<Option<PathBuf>> {
    let pictures = Pictures::new();
    let contents = [
        html::render(audit, &pictures, dir),
        markdown::render(audit),
        junit::render(audit),
        json::render(audit).to_string(),
    ]
    .map(|text| audit.run.relative_text(&text));
    let staging = atomic::temporary_path(dir);
    if staging.exists() {
        std::fs::remove_dir_all(&staging)?;
    }
    std::fs::create_dir_all(&staging)?;
    let written = (|| {
        for (name, text) in FILES.iter().zip(&contents) {
            atomic::write(&staging.join(name), text.as_bytes())?;
        }
        let previous = if dir.exists() {
            let previous = prev_path(dir);
            if previous.exists() {
                std::fs::remove_dir_all(&previous)?;
            }
            std::fs::rename(dir, &previous)?;
            Some(previous)
        } else {
            None
        };
        std::fs::rename(&staging, dir)?;
        Ok(previous)
    })();
    if written.is_err() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    written
}

/// `DIR.prev` beside `dir`.
#[must_use]
pub(crate) fn prev_path(dir: &Path) -> PathBuf {
    let name = dir
        .file_name()
        .map_or_else(|| "report".to_owned(), |n| n.to_string_lossy().into_owned());
    dir.with_file_name(format!("{name}.prev"))
}

/// The first line of `text`.
pub(crate) fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or(text)
}
