//! The audit's terminal table, from the results alone: a row per file with the failures under
//! it (not-applicable cases one line each). JSON, GitHub annotations and the report files are
//! in [`arbiter_report`].

use std::path::PathBuf;

use arbiter_engine::RulesEngine;
use arbiter_report::Audit;
use arbiter_runner::{CaseResult, Counts, Coverage, Excluded, Verdict};

/// The table, then each failure with its board, each not-applicable case in one line.
pub fn table(audit: &Audit<'_>) {
    println!("arbiter audit: engines {}", audit.engines.join(", "));
    println!();
    file_rows(audit);
    println!();
    legend();
    println!();
    coverage_line(&audit.coverage);
    failures(audit.results);
    missed_wins(audit.results);
    not_applicable(audit.results);
    skipped_perft_lines(audit.results);
    orphans(audit.orphans);
}

/// The figures right-aligned under the columns' short headings, each as wide as its heading
/// (at least 5).
fn columns(cells: [String; 8]) -> String {
    cells
        .iter()
        .zip(Counts::COLUMNS)
        .map(|(cell, column)| format!(" {cell:>width$}", width = column.short.len().max(5)))
        .collect()
}

/// One line of the table: a file (or the total) and its counts.
fn row(label: &str, game: &str, kind: &str, topic: &str, counts: &Counts) {
    let figures = columns(counts.figures().map(|n| n.to_string()));
    println!("{label:<42} {game:<10} {kind:<5} {topic:<22}{figures}");
}

/// The headings, a row per file that ran a case, and the total.
fn file_rows(audit: &Audit<'_>) {
    println!(
        "{:<42} {:<10} {:<5} {:<22}{}",
        "file",
        "game",
        "kind",
        "topic",
        columns(Counts::COLUMNS.map(|column| column.short.to_owned()))
    );
    for file in audit.files {
        let counts = audit.counts_of(file);
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
    row("total", "", "", "", &Counts::of(audit.results));
}

/// What each column's short heading stands for.
fn legend() {
    for column in Counts::COLUMNS {
        println!(
            "  {:<9} {}: {}",
            column.short, column.heading, column.description
        );
    }
}

/// The coverage line, and what a play check leaves unasked when there are any.
fn coverage_line(coverage: &Coverage) {
    println!("{coverage}");
    if coverage.play_check > 0 {
        println!(
            "  a play check verifies only that the engine's chosen move was legal there; the \
             case's own expectations (legal sets, outcomes, perft) were not asked"
        );
    }
}

/// Each case that neither passed nor was set aside (missed wins, not applicable), in order,
/// with its verdict and message.
fn failures(results: &[CaseResult]) {
    for result in results {
        if !matches!(
            result.verdict,
            Verdict::Pass | Verdict::NotApplicable | Verdict::MissedWin
        ) {
            println!(
                "\n{} {}\n{}",
                arbiter_report::verdict_words(result).to_uppercase(),
                result.name,
                result.message
            );
        }
    }
}

/// The missed wins apart from the failures: no rule obliges a player to win at once.
fn missed_wins(results: &[CaseResult]) {
    let missed_wins = with_verdict(results, Verdict::MissedWin);
    if !missed_wins.is_empty() {
        println!(
            "\n{} missed win(s): the engine played a legal move where the case's move wins at \
             once. No rule obliges a player to win at once, so these are not failures \
             (--fail-on-missed-win makes them fail the audit):",
            missed_wins.len()
        );
        for result in missed_wins {
            println!("\nMISSED WIN {}\n{}", result.name, result.message);
        }
    }
}

/// The cases not applicable, one line each: the first line of the reason.
fn not_applicable(results: &[CaseResult]) {
    let not_applicable = with_verdict(results, Verdict::NotApplicable);
    if !not_applicable.is_empty() {
        println!("\n{} case(s) not applicable:", not_applicable.len());
        for result in not_applicable {
            let reason = result.reason.as_deref().unwrap_or("not applicable");
            println!("  {}: {}", result.name, first_line(reason));
        }
    }
}

fn with_verdict(results: &[CaseResult], verdict: Verdict) -> Vec<&CaseResult> {
    results
        .iter()
        .filter(|result| result.verdict == verdict)
        .collect()
}

/// How many perft lines the node limits skipped (the cases' `perft depth` notes), if any.
fn skipped_perft_lines(results: &[CaseResult]) {
    let notes: usize = results
        .iter()
        .map(|result| {
            result
                .notes
                .iter()
                .filter(|note| note.starts_with("perft depth"))
                .count()
        })
        .sum();
    if notes > 0 {
        println!(
            "\n{notes} perft line(s) skipped above the node limits (--perft-limit none \
             --walk-limit none runs them)"
        );
    }
}

/// The snapshots no suite case writes any more.
fn orphans(orphans: &[PathBuf]) {
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

/// The variants each engine does not play, and how many of its game's cases they hold: what
/// the coverage line counts as not run.
pub fn excluded(excluded: &[Excluded], engines: &[Box<dyn RulesEngine>]) {
    if excluded.is_empty() {
        return;
    }
    println!("\ncases not run: the engine does not play their variant");
    for entry in excluded {
        println!(
            "  {}: {} ({} case(s))",
            engines[entry.engine].name(),
            entry.variant,
            entry.cases
        );
    }
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or(text)
}
