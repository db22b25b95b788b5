//! `report.md`: the summary and the failures in GitHub-flavoured Markdown, short enough for a
//! pull-request comment or a CI step summary (`$GITHUB_STEP_SUMMARY`): the run's header,
//! counts per engine (the columns of [`Counts::COLUMNS`]), the coverage, the topics in a
//! folded table, each failure and then each missed win folded with its board as a text
//! diagram (at most [`MAX_FAILURES`], each message at most [`MAX_MESSAGE`] characters; the
//! rest is in `report.html`), and the not-applicable cases as one line per reason.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{Audit, first_line, matches, verdict_words};
use arbiter_runner::{CaseResult, Counts, Verdict};

/// Failures shown in full; the rest are counted.
pub(crate) const MAX_FAILURES: usize = 30;
/// Characters of one failure's message shown.
pub(crate) const MAX_MESSAGE: usize = 2500;

/// The Markdown of `audit`.
#[must_use]
pub fn render(audit: &Audit<'_>) -> String {
    let names: Vec<String> = audit.engines.iter().map(|name| inline(name)).collect();
    let mut md = format!("## arbiter audit: {}\n\n", names.join(", "));
    let facts: Vec<String> = audit
        .run
        .facts()
        .into_iter()
        .map(|(label, value)| format!("{label}: {}", inline(&value)))
        .collect();
    let _ = writeln!(md, "{}\n", facts.join(" · "));
    let _ = writeln!(md, "| engine | {} |", headings());
    let _ = writeln!(md, "|---|{}", "---:|".repeat(Counts::COLUMNS.len()));
    for engine in audit.engines {
        row(&mut md, &code(engine), &audit.counts_of_engine(engine));
    }
    if audit.engines.len() > 1 {
        row(&mut md, "**total**", &Counts::of(audit.results));
    }
    let _ = writeln!(md, "\n**{}**\n", audit.coverage);
    if audit.coverage.play_check > 0 {
        md.push_str(
            "A play check verifies only that the engine's chosen move was legal; the case's \
             own expectations were not asked.\n\n",
        );
    }
    topics(&mut md, audit);
    failures(&mut md, audit);
    missed_wins(&mut md, audit);
    not_applicable(&mut md, audit);
    for summary in audit.matches {
        md.push_str(&matches::markdown(summary));
    }
    if !audit.orphans.is_empty() {
        let _ = writeln!(
            md,
            "\n{} orphaned snapshot(s): no suite case writes them any more.",
            audit.orphans.len()
        );
    }
    md
}

fn row(md: &mut String, label: &str, counts: &Counts) {
    let _ = writeln!(md, "| {label} | {} |", cells(counts));
}

/// The headings of [`Counts::COLUMNS`] as table cells.
fn headings() -> String {
    Counts::COLUMNS.map(|column| column.heading).join(" | ")
}

/// The figures of `counts` as table cells.
fn cells(counts: &Counts) -> String {
    counts.figures().map(|n| n.to_string()).join(" | ")
}

fn topics(md: &mut String, audit: &Audit<'_>) {
    let files: Vec<_> = audit
        .files
        .iter()
        .map(|file| (file, audit.counts_of(file)))
        .filter(|(_, counts)| counts.total() > 0)
        .collect();
    let _ = writeln!(
        md,
        "<details><summary>{} rule topic(s) and suite(s)</summary>\n\n| file | topic | source | \
         {} |\n|---|---|---|{}",
        files.len(),
        headings(),
        "---:|".repeat(Counts::COLUMNS.len())
    );
    for (file, counts) in files {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} |",
            code(&audit.run.shown(&file.path)),
            inline(&file.topic),
            inline(&shorten(&file.source, 120)),
            cells(&counts)
        );
    }
    md.push_str("\n</details>\n\n");
}

fn failures(md: &mut String, audit: &Audit<'_>) {
    let problems: Vec<&CaseResult> = audit.problems().collect();
    if problems.is_empty() {
        md.push_str("No case failed.\n\n");
        return;
    }
    let _ = writeln!(md, "### {} problem(s)\n", problems.len());
    folded(md, audit, &problems);
}

fn missed_wins(md: &mut String, audit: &Audit<'_>) {
    let missed: Vec<&CaseResult> = audit.of_verdict(Verdict::MissedWin).collect();
    if missed.is_empty() {
        return;
    }
    let _ = writeln!(
        md,
        "### {} missed win(s)\n\nThe engine played a legal move where the case's move wins (or \
         is the best); no rule obliges a player to win at once, so these are not failures \
         (`--fail-on-missed-win` makes them fail the audit).\n",
        missed.len()
    );
    folded(md, audit, &missed);
}

/// Each result folded with its message (board and findings), at most [`MAX_FAILURES`].
fn folded(md: &mut String, audit: &Audit<'_>, results: &[&CaseResult]) {
    for result in results.iter().take(MAX_FAILURES) {
        let headline = result.findings.first().map_or_else(
            || first_line(result.reason.as_deref().unwrap_or("")).to_owned(),
            |finding| format!("{}: expected {}", finding.check, finding.expected),
        );
        let _ = writeln!(
            md,
            "<details><summary><b>{}</b> <code>{}</code>: {}</summary>\n\n{} · source: {}\n",
            html_text(&verdict_words(result)),
            html_text(&result.name),
            html_text(&shorten(&headline, 160)),
            code(&format!(
                "{}:{}",
                audit.run.shown(&result.origin.file),
                result.origin.line
            )),
            inline(&result.origin.source)
        );
        if let Some(said) = &result.engine_said {
            let _ = writeln!(md, "engine said: {}\n", code(said));
        }
        let _ = writeln!(
            md,
            "```text\n{}\n```\n</details>\n",
            shorten(&result.message, MAX_MESSAGE).replace("```", "'''")
        );
    }
    if results.len() > MAX_FAILURES {
        let _ = writeln!(
            md,
            "… and {} more: see `report.html` or `report.json`.\n",
            results.len() - MAX_FAILURES
        );
    }
}

fn not_applicable(md: &mut String, audit: &Audit<'_>) {
    let mut by_reason: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for result in audit.not_applicable() {
        let reason = first_line(result.reason.as_deref().unwrap_or("not applicable"));
        by_reason.entry(reason).or_default().push(&result.name);
    }
    if by_reason.is_empty() {
        return;
    }
    let total: usize = by_reason.values().map(Vec::len).sum();
    let _ = writeln!(
        md,
        "<details><summary>{total} case(s) not applicable, for {} reason(s)</summary>\n",
        by_reason.len()
    );
    for (reason, names) in by_reason {
        let shown: Vec<String> = names.iter().take(3).map(|name| code(name)).collect();
        let more = names
            .len()
            .checked_sub(3)
            .filter(|&more| more > 0)
            .map_or_else(String::new, |more| format!(" and {more} more"));
        let _ = writeln!(
            md,
            "- {} ({}): {}{more}",
            inline(reason),
            names.len(),
            shown.join(", ")
        );
    }
    md.push_str("\n</details>\n");
}

/// Text that an engine, a manifest or a spec wrote, as Markdown that shows it and does nothing
/// else: one line, control characters escaped, HTML as entities (no raw HTML reaches a renderer
/// that allows it), and Markdown's own punctuation (emphasis, links, images, code, table
/// pipes) backslash-escaped.
pub(crate) fn inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in one_line(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '~' | '!' | '#' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// Text shown as an inline code span that it cannot end early: backticks become `'`, pipes are
/// escaped for table cells (GitHub splits a row at a pipe even inside code).
pub(crate) fn code(text: &str) -> String {
    format!("`{}`", one_line(text).replace('`', "'").replace('|', "\\|"))
}

/// `text` on one line with its control characters escaped.
fn one_line(text: &str) -> String {
    arbiter_engine::fault::escape(&text.replace(['\n', '\r'], " "))
}

/// Text inside inline HTML.
fn html_text(text: &str) -> String {
    one_line(text)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// At most `max` characters of `text`, marked when cut.
fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_owned()
    } else {
        let cut: String = text.chars().take(max).collect();
        format!("{cut} …")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_runner::Coverage;

    #[test]
    fn what_an_engine_or_manifest_names_cannot_become_html_or_markdown() {
        let hostile = "<img src=x onerror=alert(1)>".to_owned();
        let engines = [hostile.clone(), "a`b|c\u{1b}[31m".to_owned()];
        let md = render(&Audit {
            run: &crate::Run::default(),
            engines: &engines,
            files: &[],
            results: &[],
            load_errors: 0,
            orphans: &[],
            coverage: Coverage::of(&[]),
            matches: &[],
        });
        assert!(!md.contains('\u{1b}'), "{md}");
        assert!(
            md.starts_with(
                "## arbiter audit: &lt;img src=x onerror=alert(1)&gt;, a\\`b\\|c\\\\u{1b}\\[31m\n"
            ),
            "{md}"
        );
        // Inside a code span HTML is text (CommonMark 6.1), and the span cannot be ended early.
        assert!(md.contains("| `<img src=x onerror=alert(1)>` |"), "{md}");
        assert!(md.contains("| `a'b\\|c\\u{1b}[31m` |"), "{md}");
        assert_eq!(
            inline("[x](javascript:y) *b* _i_ ![i](u)"),
            "\\[x\\](javascript:y) \\*b\\* \\_i\\_ \\!\\[i\\](u)"
        );
    }
}
