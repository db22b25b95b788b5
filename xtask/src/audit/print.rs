//! The audit's terminal table, from the results alone: a row per file with the failures under
//! it (not-applicable cases one line each). JSON, GitHub annotations and the report files are
//! in [`arbiter_report`].

use arbiter_engine::RulesEngine;
use arbiter_report::Audit;
use arbiter_runner::{Counts, Excluded, Verdict};

/// The table, then each failure with its board, each not-applicable case in one line.
pub fn table(audit: &Audit<'_>) {
    let (files, results, orphans, coverage) =
        (audit.files, audit.results, audit.orphans, &audit.coverage);
    println!("arbiter audit: engines {}", audit.engines.join(", "));
    println!();
    // The figures right-aligned under the columns' short headings, each as wide as its
    // heading (at least 5).
    let columns = |cells: [String; 8]| -> String {
        cells
            .iter()
            .zip(Counts::COLUMNS)
            .map(|(cell, column)| format!(" {cell:>width$}", width = column.short.len().max(5)))
            .collect()
    };
    println!(
        "{:<42} {:<10} {:<5} {:<22}{}",
        "file",
        "game",
        "kind",
        "topic",
        columns(Counts::COLUMNS.map(|column| column.short.to_owned()))
    );
    let row = |label: &str, game: &str, kind: &str, topic: &str, counts: &Counts| {
        let figures = columns(counts.figures().map(|n| n.to_string()));
        println!("{label:<42} {game:<10} {kind:<5} {topic:<22}{figures}");
    };
    for file in files {
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
    row("total", "", "", "", &Counts::of(results));
    println!();
    for column in Counts::COLUMNS {
        println!(
            "  {:<9} {}: {}",
            column.short, column.heading, column.description
        );
    }
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
    let mut missed_wins = Vec::new();
    for result in results {
        notes += result
            .notes
            .iter()
            .filter(|note| note.starts_with("perft depth"))
            .count();
        match result.verdict {
            Verdict::Pass => {}
            Verdict::NotApplicable => not_applicable.push(result),
            Verdict::MissedWin => missed_wins.push(result),
            _ => println!(
                "\n{} {}\n{}",
                arbiter_report::verdict_words(result).to_uppercase(),
                result.name,
                result.message
            ),
        }
    }
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
    if !not_applicable.is_empty() {
        println!("\n{} case(s) not applicable:", not_applicable.len());
        for result in not_applicable {
            let reason = result.reason.as_deref().unwrap_or("not applicable");
            println!("  {}: {}", result.name, first_line(reason));
        }
    }
    if notes > 0 {
        println!(
            "\n{notes} perft line(s) skipped above the node limits (--perft-limit none \
             --walk-limit none runs them)"
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
