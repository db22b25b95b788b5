//! The audit's two outputs, both from the results alone: a table per file with the failures
//! under it (not-applicable cases one line each), and JSON with every field of every result.

use std::path::{Path, PathBuf};

use arbiter::engine::RulesEngine;
use arbiter::runner::{CaseResult, Counts, Coverage, SnapshotStatus, Verdict};
use serde_json::{Value, json};

use super::FileSummary;

/// The counts of the results that came from `file`.
fn counts_of(file: &FileSummary, results: &[CaseResult]) -> Counts {
    let kind = file.kind;
    Counts::of(
        results
            .iter()
            .filter(|r| r.origin.kind.name() == kind && r.origin.file == file.path),
    )
}

/// The table, then each failure with its board, each not-applicable case in one line.
pub fn table(
    files: &[FileSummary],
    results: &[CaseResult],
    engines: &[Box<dyn RulesEngine>],
    orphans: &[PathBuf],
    coverage: &Coverage,
) {
    let names: Vec<&str> = engines.iter().map(|engine| engine.name()).collect();
    println!("arbiter audit: engines {}", names.join(", "));
    println!();
    println!(
        "{:<42} {:<10} {:<5} {:<22} {:>6} {:>7} {:>6} {:>7} {:>6} {:>5} {:>11}",
        "file",
        "game",
        "kind",
        "topic",
        "cases",
        "passed",
        "play",
        "failed",
        "faults",
        "n/a",
        "spec errors"
    );
    let row = |label: &str, game: &str, kind: &str, topic: &str, counts: &Counts| {
        println!(
            "{label:<42} {game:<10} {kind:<5} {topic:<22} {:>6} {:>7} {:>6} {:>7} {:>6} {:>5} {:>11}",
            counts.total(),
            counts.passed,
            counts.play_checks,
            counts.failed,
            counts.engine_faults,
            counts.not_applicable,
            counts.spec_errors
        );
    };
    for file in files {
        let counts = counts_of(file, results);
        if counts.total() > 0 {
            row(
                &file.path.display().to_string(),
                &file.game,
                file.kind,
                &file.topic,
                &counts,
            );
        }
    }
    row("total", "", "", "", &Counts::of(results));
    println!();
    println!("{coverage}");
    if coverage.play_check > 0 {
        println!(
            "  a play check verifies only that the engine's chosen move was legal there; the \
             case's own expectations (legal sets, outcomes, perft) were not asked"
        );
    }
    let mut notes = 0;
    let mut not_applicable = Vec::new();
    for result in results {
        notes += result
            .notes
            .iter()
            .filter(|note| note.starts_with("perft depth"))
            .count();
        match result.verdict {
            Verdict::Pass => {}
            Verdict::NotApplicable => not_applicable.push(result),
            verdict => println!(
                "\n{} {}{}\n{}",
                verdict.name().to_uppercase(),
                result.name,
                result
                    .fault
                    .as_ref()
                    .map_or_else(String::new, |fault| format!(" ({fault})")),
                result.message
            ),
        }
    }
    if !not_applicable.is_empty() {
        println!("\n{} case(s) not applicable:", not_applicable.len());
        for result in not_applicable {
            let reason = result.reason.as_deref().unwrap_or("not applicable");
            println!("  {}: {}", result.name, first_line(reason));
        }
    }
    if notes > 0 {
        println!(
            "\n{notes} perft line(s) skipped above the node limit (--perft-limit none runs them)"
        );
    }
    if !orphans.is_empty() {
        println!(
            "\n{} orphaned snapshot(s): no suite case writes them any more (delete them, or \
             restore the case):",
            orphans.len()
        );
        for orphan in orphans {
            println!("  {}", orphan.display());
        }
    }
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or(text)
}

/// Everything as one JSON object: files with their counts, every case result, coverage.
pub fn json(
    files: &[FileSummary],
    results: &[CaseResult],
    load_errors: usize,
    orphans: &[PathBuf],
    coverage: &Coverage,
) {
    let files: Vec<Value> = files
        .iter()
        .map(|file| {
            let counts = counts_of(file, results);
            json!({
                "path": file.path.display().to_string(),
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
    let cases: Vec<Value> = results.iter().map(case_json).collect();
    let orphans: Vec<String> = orphans.iter().map(|p| p.display().to_string()).collect();
    println!(
        "{}",
        json!({
            "files": files,
            "cases": cases,
            "load_errors": load_errors,
            "orphaned_snapshots": orphans,
            "coverage": {
                "cases": coverage.cases,
                "rule_level": coverage.rule_level,
                "play_check": coverage.play_check,
                "not_applicable": coverage.not_applicable,
                "unchecked": coverage.unchecked,
                "checked_percent": coverage.checked_percent(),
            },
        })
    );
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
        })).collect::<Vec<_>>(),
        "engine_said": result.engine_said,
        "snapshot": result.snapshot.as_ref().map(|snapshot| json!({
            "path": path_text(&snapshot.path),
            "status": snapshot_status(&snapshot.status),
        })),
        "message": result.message,
        "notes": result.notes,
    })
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
