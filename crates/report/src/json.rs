//! The audit as one JSON object (what `cargo xtask audit --format json` prints and
//! `report.json` holds): the run (date, duration, host, version, commit, engines), the count
//! columns (key, heading, description: [`Counts::COLUMNS`]) and the totals under those keys,
//! every file with its counts under the same keys, every case result with all its fields, the
//! coverage, orphaned snapshots and load errors, and any match summaries.

use std::time::Duration;

use serde_json::{Map, Value, json};

use super::Audit;
use arbiter_runner::{CaseResult, Counts, SnapshotStatus};

/// `counts` under the keys of [`Counts::COLUMNS`].
fn counts_json(counts: &Counts) -> Map<String, Value> {
    Counts::COLUMNS
        .iter()
        .zip(counts.figures())
        .map(|(column, figure)| (column.key.to_owned(), json!(figure)))
        .collect()
}

/// [`render`] as text, with every path under the run's root written relative to it (what
/// `--format json` prints).
#[must_use]
pub fn render_text(audit: &Audit<'_>) -> String {
    audit.run.relative_text(&render(audit).to_string())
}

/// The JSON of `audit`.
#[must_use]
pub fn render(audit: &Audit<'_>) -> Value {
    let files: Vec<Value> = audit
        .files
        .iter()
        .map(|file| {
            let mut row = json!({
                "path": audit.run.shown(&file.path),
                "game": file.game,
                "kind": file.kind,
                "topic": file.topic,
                "source": file.source,
            });
            if let Value::Object(fields) = &mut row {
                fields.extend(counts_json(&audit.counts_of(file)));
            }
            row
        })
        .collect();
    let cases: Vec<Value> = audit.results.iter().map(|r| case_json(audit, r)).collect();
    let orphans: Vec<String> = audit.orphans.iter().map(|p| audit.run.shown(p)).collect();
    let columns: Vec<Value> = Counts::COLUMNS
        .iter()
        .map(|c| json!({"key": c.key, "heading": c.heading, "description": c.description}))
        .collect();
    let run = audit.run;
    let engines_run: Vec<Value> = run
        .engines
        .iter()
        .map(|engine| {
            json!({
                "name": engine.name,
                "command": run.command_line(engine),
                "manifest": engine.manifest.as_deref().map(|m| run.shown(m)),
            })
        })
        .collect();
    let coverage = &audit.coverage;
    let mut value = json!({
        "run": {
            "started": run.started_utc(),
            "duration_s": run.duration.as_secs_f64(),
            "host": run.host,
            "version": run.version,
            "commit": run.commit,
            "engines": engines_run,
        },
        "engines": audit.engines,
        "columns": columns,
        "counts": counts_json(&Counts::of(audit.results)),
        "files": files,
        "cases": cases,
        "load_errors": audit.load_errors,
        "orphaned_snapshots": orphans,
        "coverage": {
            "cases": coverage.cases,
            "rule_level": coverage.rule_level,
            "play_check": coverage.play_check,
            "not_applicable": coverage.not_applicable,
            "unchecked": coverage.unchecked,
            "excluded": coverage.excluded,
            "checked_percent": coverage.checked_percent(),
        },
    });
    if !audit.matches.is_empty() {
        value["matches"] = audit.matches.iter().map(|m| m.result.clone()).collect();
    }
    value
}

fn case_json(audit: &Audit<'_>, result: &CaseResult) -> Value {
    let origin = &result.origin;
    json!({
        "name": result.name,
        "engine": result.engine,
        "variant": result.variant,
        "verdict": result.verdict.name(),
        "verdict_words": super::verdict_words(result),
        "level": result.level.map(|level| level.name()),
        "kind": origin.kind.name(),
        "file": audit.run.shown(&origin.file),
        "line": origin.line,
        "column": origin.column,
        "id": origin.id,
        "topic": origin.topic,
        "game": origin.game,
        "source": origin.source,
        "reason": result.reason,
        "fault": result.fault,
        "board": result.board.as_ref().map(|board| json!({
            "diagram": board.diagram,
            "text": board.text,
        })),
        "findings": result.findings.iter().map(|finding| json!({
            "check": finding.check,
            "expected": finding.expected,
            "actual": finding.actual,
            "marks": finding.marks.iter().map(|mark| json!({
                "move": mark.mv,
                "role": mark.role.code(),
                "note": mark.note,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "engine_said": result.engine_said,
        "snapshot": result.snapshot.as_ref().map(|snapshot| json!({
            "path": audit.run.shown(&snapshot.path),
            "status": snapshot_status(&snapshot.status),
        })),
        "message": result.message,
        "notes": result.notes,
        "elapsed_ms": milliseconds(result.elapsed),
    })
}

/// A duration in milliseconds, to the microsecond.
fn milliseconds(duration: Duration) -> f64 {
    (duration.as_secs_f64() * 1e6).round() / 1e3
}

const fn snapshot_status(status: &SnapshotStatus) -> &'static str {
    match status {
        SnapshotStatus::Matches => "matches",
        SnapshotStatus::Missing => "missing",
        SnapshotStatus::Changed { .. } => "changed",
        SnapshotStatus::Unreadable { .. } => "unreadable",
        SnapshotStatus::Accepted => "accepted",
        SnapshotStatus::NotCompared => "not-compared",
    }
}
