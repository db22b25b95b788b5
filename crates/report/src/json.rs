//! The audit as one JSON object (what `cargo xtask audit --format json` prints and
//! `report.json` holds): every file with its counts, every case result with all its fields,
//! the coverage, orphaned snapshots and load errors, and any match summaries.

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};

use super::Audit;
use arbiter_runner::{CaseResult, SnapshotStatus};

/// The JSON of `audit`.
#[must_use]
pub fn render(audit: &Audit<'_>) -> Value {
    let files: Vec<Value> = audit
        .files
        .iter()
        .map(|file| {
            let counts = audit.counts_of(file);
            json!({
                "path": path_text(&file.path),
                "game": file.game,
                "kind": file.kind,
                "topic": file.topic,
                "source": file.source,
                "passed": counts.passed,
                "play_checks": counts.play_checks,
                "failed": counts.failed,
                "engine_faults": counts.engine_faults,
                "not_applicable": counts.not_applicable,
                "spec_errors": counts.spec_errors,
            })
        })
        .collect();
    let cases: Vec<Value> = audit.results.iter().map(case_json).collect();
    let orphans: Vec<String> = audit.orphans.iter().map(|p| path_text(p)).collect();
    let coverage = &audit.coverage;
    let mut value = json!({
        "engines": audit.engines,
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
            "checked_percent": coverage.checked_percent(),
        },
    });
    if !audit.matches.is_empty() {
        value["matches"] = audit.matches.iter().map(|m| m.result.clone()).collect();
    }
    value
}

fn case_json(result: &CaseResult) -> Value {
    let origin = &result.origin;
    json!({
        "name": result.name,
        "engine": result.engine,
        "variant": result.variant,
        "verdict": result.verdict.name(),
        "level": result.level.map(|level| level.name()),
        "kind": origin.kind.name(),
        "file": path_text(&origin.file),
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
            "path": path_text(&snapshot.path),
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

fn path_text(path: &Path) -> String {
    path.display().to_string()
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
