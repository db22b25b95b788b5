//! `report.html`: one self-contained page (inline CSS and SVG, no script, no external asset; a
//! Content-Security-Policy that forbids every load, so a browser would report any as an
//! error). A header (date, duration, host, arbiter's version and commit, each engine's command
//! and manifest); a summary per engine (the counts of [`Counts::COLUMNS`], a bar, what each
//! column counts); an index (the problems per verdict and per file, each a link that filters
//! the page without script, by CSS `:target`); each failure, engine fault, spec error and
//! missed win with its board drawn by the game's renderer (the expected and the engine's moves
//! marked, renju forbidden points with their kind; the text diagram where a game has none), a
//! link to the spec file and line, what the engine said; the topics with their `source:`; the
//! not-applicable cases folded, one line each grouped by reason; the match summaries.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use super::run::absolute;
use super::{Audit, Pictures, first_line, matches, verdict_words};
use arbiter_runner::{Board, CaseResult, Counts, Verdict};

const STYLE: &str = "
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1180px; padding: 1em 2em; color: #222; }
h1 { font-size: 1.6em; margin-bottom: .2em; }
h2 { border-bottom: 2px solid #ddd; padding-bottom: .2em; margin-top: 2em; }
table { border-collapse: collapse; margin: .6em 0; }
th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; vertical-align: top; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
code, pre { font: 12px/1.35 ui-monospace, monospace; }
pre { background: #f6f8fa; padding: .6em; overflow-x: auto; }
.run { color: #444; margin: .2em 0 1em; padding: 0; list-style: none; }
.run li { display: inline-block; margin-right: 1.4em; }
.case { border: 1px solid #ddd; border-left: 6px solid #d73027; border-radius: 4px; margin: 1em 0; padding: .4em 1em 1em; }
.case.engine-fault { border-left-color: #fc8d59; }
.case.spec-error { border-left-color: #7b3294; }
.case.missed-win { border-left-color: #e6b800; }
.case h3 { margin: .4em 0; font-size: 1.05em; }
.verdict { display: inline-block; color: #fff; background: #d73027; border-radius: 3px; padding: 0 6px; margin-right: 6px; font-size: .85em; }
.engine-fault .verdict { background: #fc8d59; }
.spec-error .verdict { background: #7b3294; }
.missed-win .verdict { background: #e6b800; color: #222; }
.where { color: #555; margin: .2em 0 .6em; }
.body { display: flex; gap: 1.5em; flex-wrap: wrap; align-items: flex-start; }
.findings { flex: 1 1 380px; min-width: 0; }
.bar { vertical-align: middle; }
.legend span { display: inline-block; margin-right: 1em; }
.legend i { display: inline-block; width: .9em; height: .9em; margin-right: .3em; vertical-align: -1px; }
dl.columns { display: grid; grid-template-columns: max-content 1fr; gap: .1em 1em; color: #444; }
dl.columns dt { font-weight: bold; }
dl.columns dd { margin: 0; }
details.na { margin: .3em 0; }
details.na summary { cursor: pointer; }
details.na ul { margin: .2em 0 .6em; columns: 2; }
.ok { color: #1a9850; font-weight: bold; }
.filtered { display: none; background: #fff8dc; border: 1px solid #e6d28a; padding: .3em .8em; }
.filter:target ~ .groups .case, .filter:target ~ .groups .none { display: none; }
.filter:target ~ .filtered { display: block; }
";

/// The colour of a count column in the bars and the legend.
fn colour(key: &str) -> &'static str {
    match key {
        "passed" => "#1a9850",
        "play_checks" => "#a6d96a",
        "missed_wins" => "#fee08b",
        "not_applicable" => "#bdbdbd",
        "failed" => "#d73027",
        "engine_faults" => "#fc8d59",
        "spec_errors" => "#7b3294",
        _ => "#ffffff",
    }
}

/// The segments of a summary bar, in the columns' order (all but the total): heading, colour,
/// count.
fn segments(counts: &Counts) -> Vec<(&'static str, &'static str, usize)> {
    Counts::COLUMNS
        .iter()
        .zip(counts.figures())
        .skip(1)
        .map(|(column, count)| (column.heading, colour(column.key), count))
        .collect()
}

/// The verdicts shown case by case, each in its own section, in this order.
const SHOWN: [(Verdict, &str); 4] = [
    (Verdict::Fail, "Failures"),
    (Verdict::EngineFault, "Engine faults"),
    (Verdict::SpecError, "Spec errors"),
    (Verdict::MissedWin, "Missed wins"),
];

/// The page of `audit`, with links relative to the folder `dir` it is written into.
#[must_use]
pub fn render(audit: &Audit<'_>, pictures: &Pictures, dir: &Path) -> String {
    let title = format!("arbiter audit: {}", audit.engines.join(", "));
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta \
         http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src \
         'unsafe-inline'; img-src data:\">\n<meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>{STYLE}{}</style>\n\
         </head>\n<body>\n<h1>{}</h1>\n",
        escape(&title),
        filter_style(audit),
        escape(&title)
    );
    header(&mut html, audit);
    summary(&mut html, audit);
    index(&mut html, audit);
    cases(&mut html, audit, pictures, dir);
    topics(&mut html, audit, dir);
    not_applicable(&mut html, audit);
    for summary in audit.matches {
        html.push_str(&matches::html(summary, dir));
    }
    if !audit.orphans.is_empty() {
        let _ = write!(
            html,
            "<h2>Orphaned snapshots</h2>\n<p>{} snapshot(s) no suite case writes any more:</p><ul>",
            audit.orphans.len()
        );
        for orphan in audit.orphans {
            let _ = write!(
                html,
                "<li><code>{}</code></li>",
                escape(&audit.run.shown(orphan))
            );
        }
        html.push_str("</ul>\n");
    }
    html.push_str("</body>\n</html>\n");
    html
}

/// When, where and with what the audit ran.
fn header(html: &mut String, audit: &Audit<'_>) {
    html.push_str("<ul class=\"run\">");
    for (label, value) in audit.run.facts() {
        let _ = write!(html, "<li>{label}: <b>{}</b></li>", escape(&value));
    }
    html.push_str("</ul>\n");
}

/// Writes `cell(heading, description)` for each of [`Counts::COLUMNS`], both escaped.
fn each_column(html: &mut String, cell: impl Fn(&str, &str) -> String) {
    for column in Counts::COLUMNS {
        html.push_str(&cell(&escape(column.heading), &escape(column.description)));
    }
}

fn summary(html: &mut String, audit: &Audit<'_>) {
    html.push_str("<h2>Summary</h2>\n<table class=\"summary\">\n<tr><th>engine</th>");
    each_column(html, |heading, description| {
        format!("<th class=\"n\" title=\"{description}\">{heading}</th>")
    });
    html.push_str("<th></th></tr>\n");
    let mut rows: Vec<(String, Counts)> = audit
        .engines
        .iter()
        .map(|engine| {
            (
                format!("<code>{}</code>", escape(engine)),
                audit.counts_of_engine(engine),
            )
        })
        .collect();
    if audit.engines.len() > 1 {
        rows.push(("<b>total</b>".to_owned(), Counts::of(audit.results)));
    }
    for (label, counts) in rows {
        let _ = write!(html, "<tr><td>{label}</td>");
        for count in counts.figures() {
            let _ = write!(html, "<td class=\"n\">{count}</td>");
        }
        let _ = writeln!(html, "<td>{}</td></tr>", bar(&counts));
    }
    html.push_str("</table>\n<p class=\"legend\">");
    for (label, colour, _) in segments(&Counts::default()) {
        let _ = write!(
            html,
            "<span><i style=\"background:{colour}\"></i>{}</span>",
            escape(label)
        );
    }
    html.push_str(
        "</p>\n<details><summary>what each column counts</summary><dl class=\"columns\">",
    );
    each_column(html, |heading, description| {
        format!("<dt>{heading}</dt><dd>{description}</dd>")
    });
    html.push_str("</dl></details>\n");
    let _ = writeln!(
        html,
        "<p><b>{}</b></p>",
        escape(&audit.coverage.to_string())
    );
    if audit.coverage.play_check > 0 {
        html.push_str(
            "<p>A <em>play check</em> verifies only that the engine's chosen move was legal \
             there; the case's own expectations (legal sets, outcomes, perft) were not asked.</p>\n",
        );
    }
    if audit.load_errors > 0 {
        let _ = writeln!(
            html,
            "<p>{} spec or suite file(s) did not load (see the audit's error output).</p>",
            audit.load_errors
        );
    }
}

/// A stacked bar of the counts, 320 pixels wide.
fn bar(counts: &Counts) -> String {
    let total = counts.total().max(1) as f64;
    let mut svg = String::from(
        "<svg class=\"bar\" xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"16\" \
         role=\"img\">",
    );
    let mut x = 0.0;
    for (label, colour, count) in segments(counts) {
        if count == 0 {
            continue;
        }
        let width = 320.0 * count as f64 / total;
        let _ = write!(
            svg,
            "<rect x=\"{x:.2}\" width=\"{width:.2}\" height=\"16\" fill=\"{colour}\"><title>{label}: \
             {count}</title></rect>"
        );
        x += width;
    }
    svg.push_str("</svg>");
    svg
}

/// The results shown case by case.
fn shown<'a>(audit: &'a Audit<'_>) -> impl Iterator<Item = &'a CaseResult> {
    audit
        .results
        .iter()
        .filter(|r| SHOWN.iter().any(|(verdict, _)| *verdict == r.verdict))
}

/// The index of the files whose cases are shown: position in `audit.files` and the counts.
fn files_shown(audit: &Audit<'_>) -> Vec<(usize, Counts)> {
    audit
        .files
        .iter()
        .enumerate()
        .map(|(k, file)| {
            (
                k,
                Counts::of(
                    audit
                        .results_of(file)
                        .filter(|r| SHOWN.iter().any(|(v, _)| *v == r.verdict)),
                ),
            )
        })
        .filter(|(_, counts)| counts.total() > 0)
        .collect()
}

/// The file a result came from, as its position in `audit.files`.
fn file_of(audit: &Audit<'_>, result: &CaseResult) -> Option<usize> {
    audit
        .files
        .iter()
        .position(|file| result.origin.kind.name() == file.kind && result.origin.file == file.path)
}

/// The CSS of the filters: following a link to `#only-<verdict>` or `#only-file-<k>` hides
/// every case (`STYLE`) but those of that verdict or file. Without CSS every case shows.
fn filter_style(audit: &Audit<'_>) -> String {
    let mut css = String::new();
    for class in filter_classes(audit) {
        let _ = writeln!(
            css,
            "#only-{class}:target ~ .groups .case.{class} {{ display: block; }}"
        );
    }
    css
}

/// The classes a filter picks cases by: each shown verdict's name and `file-<k>` for each
/// file with a shown case; the filter's anchor is `only-<class>`.
fn filter_classes(audit: &Audit<'_>) -> Vec<String> {
    SHOWN
        .iter()
        .map(|(verdict, _)| verdict.name().to_owned())
        .chain(
            files_shown(audit)
                .into_iter()
                .map(|(k, _)| format!("file-{k}")),
        )
        .collect()
}

/// The problems per verdict and per file, each a link that shows only those.
fn index(html: &mut String, audit: &Audit<'_>) {
    let total = Counts::of(shown(audit));
    if total.total() == 0 {
        return;
    }
    html.push_str(
        "<h2 id=\"index\">Index</h2>\n<p>Each link shows only those cases; \
         <a href=\"#all\">show all</a>.</p>\n<p>",
    );
    let mut first = true;
    for (verdict, title) in SHOWN {
        let count = shown(audit).filter(|r| r.verdict == verdict).count();
        if count == 0 {
            continue;
        }
        if !first {
            html.push_str(" · ");
        }
        first = false;
        let _ = write!(
            html,
            "<a href=\"#only-{}\">{} ({count})</a>",
            verdict.name(),
            escape(title)
        );
    }
    html.push_str("</p>\n<table class=\"index\"><tr><th>file</th>");
    let shown_columns: Vec<_> = Counts::COLUMNS
        .iter()
        .filter(|c| {
            matches!(
                c.key,
                "failed" | "engine_faults" | "spec_errors" | "missed_wins"
            )
        })
        .collect();
    for column in &shown_columns {
        let _ = write!(html, "<th class=\"n\">{}</th>", escape(column.heading));
    }
    html.push_str("</tr>\n");
    for (k, counts) in files_shown(audit) {
        let file = &audit.files[k];
        let _ = write!(
            html,
            "<tr><td><a href=\"#only-file-{k}\"><code>{}</code></a></td>",
            escape(&audit.run.shown(&file.path))
        );
        for column in &shown_columns {
            let _ = write!(
                html,
                "<td class=\"n\">{}</td>",
                counts.get(column.key).unwrap_or_default()
            );
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</table>\n");
}

/// Every failure, engine fault, spec error and missed win, a section per verdict, behind
/// the filter anchors.
fn cases(html: &mut String, audit: &Audit<'_>, pictures: &Pictures, dir: &Path) {
    html.push_str("<div id=\"all\"></div>\n");
    for class in filter_classes(audit) {
        let _ = writeln!(html, "<div class=\"filter\" id=\"only-{class}\"></div>");
    }
    html.push_str(
        "<p class=\"filtered\">Only some cases are shown: <a href=\"#all\">show all</a> · \
         <a href=\"#index\">index</a></p>\n<div class=\"groups\">\n",
    );
    for (verdict, title) in SHOWN {
        let results: Vec<&CaseResult> = audit.of_verdict(verdict).collect();
        if results.is_empty() && verdict != Verdict::Fail {
            continue;
        }
        let _ = writeln!(
            html,
            "<h2 id=\"{}\">{title} ({})</h2>",
            verdict.name(),
            results.len()
        );
        match verdict {
            Verdict::Fail if results.is_empty() => {
                html.push_str("<p class=\"ok none\">No case failed.</p>\n");
            }
            Verdict::MissedWin => html.push_str(
                "<p class=\"none\">The engine played a legal move where the case's move wins (or \
                 is the best); no rule obliges a player to win at once, so these are not \
                 failures (<code>--fail-on-missed-win</code> makes them fail the audit).</p>\n",
            ),
            _ => {}
        }
        for (k, result) in results.into_iter().enumerate() {
            case(html, audit, k, result, pictures, dir);
        }
    }
    html.push_str("</div>\n");
}

/// One case as a section: its heading and where it stands, its board, and what was found.
fn case(
    html: &mut String,
    audit: &Audit<'_>,
    k: usize,
    result: &CaseResult,
    pictures: &Pictures,
    dir: &Path,
) {
    case_heading(html, audit, k, result, dir);
    html.push_str("<div class=\"body\">\n");
    if let Some(board) = &result.board {
        case_board(html, result, board, pictures);
    }
    html.push_str("<div class=\"findings\">");
    case_findings(html, result);
    let _ = writeln!(
        html,
        "<details><summary>the case as the terminal shows it</summary><pre>{}</pre></details>\
         </div>\n</div>\n</section>",
        escape(&result.message)
    );
}

/// The section's opening tag (verdict, file, game and variant for the filters), its title,
/// where the case stands and its description.
fn case_heading(html: &mut String, audit: &Audit<'_>, k: usize, result: &CaseResult, dir: &Path) {
    let origin = &result.origin;
    let file_class = file_of(audit, result).map_or_else(String::new, |f| format!(" file-{f}"));
    let _ = writeln!(
        html,
        "<section class=\"case {}{file_class}\" id=\"{}-{k}\" data-game=\"{}\" data-variant=\"{}\">\n<h3><span \
         class=\"verdict\">{}</span><code>{}</code></h3>",
        result.verdict.name(),
        result.verdict.name(),
        escape(&origin.game),
        escape(&result.variant),
        escape(&verdict_words(result)),
        escape(&result.name)
    );
    let _ = writeln!(
        html,
        "<p class=\"where\"><a href=\"{}\">{}:{}</a> · {} · variant <code>{}</code> · engine \
         <code>{}</code><br>source: {}</p>",
        escape(&link(audit, dir, &origin.file, origin.line)),
        escape(&audit.run.shown(&origin.file)),
        origin.line,
        escape(&origin.topic),
        escape(&result.variant),
        escape(&result.engine),
        escape(&origin.source)
    );
    if let Some(description) = &origin.description {
        let _ = writeln!(html, "<p>{}</p>", escape(description));
    }
}

/// The case's board: its picture (or its diagram where the game has none) and its text.
fn case_board(html: &mut String, result: &CaseResult, board: &Board, pictures: &Pictures) {
    html.push_str("<div class=\"picture\">");
    match pictures.of(result) {
        Some(svg) => html.push_str(&svg),
        None => {
            let _ = write!(html, "<pre>{}</pre>", escape(&board.diagram));
        }
    }
    let _ = writeln!(
        html,
        "<p>position: <code>{}</code></p></div>",
        escape(&board.text)
    );
}

/// The findings' table (check, expected, actual), the reason, what the engine said and the
/// notes.
fn case_findings(html: &mut String, result: &CaseResult) {
    if !result.findings.is_empty() {
        html.push_str("<table><tr><th>check</th><th>expected</th><th>actual</th></tr>");
        for finding in &result.findings {
            let _ = write!(
                html,
                "<tr><td><code>{}</code></td><td>{}</td><td>{}</td></tr>",
                escape(&finding.check),
                escape(&finding.expected),
                escape(&finding.actual)
            );
        }
        html.push_str("</table>");
    }
    if let Some(reason) = &result.reason {
        let _ = write!(html, "<p>{}</p>", escape(reason));
    }
    if let Some(said) = &result.engine_said {
        let _ = write!(html, "<p>engine said: <code>{}</code></p>", escape(said));
    }
    for note in &result.notes {
        let _ = write!(html, "<p><small>{}</small></p>", escape(note));
    }
}

fn topics(html: &mut String, audit: &Audit<'_>, dir: &Path) {
    html.push_str(
        "<h2 id=\"topics\">Rule topics and suites</h2>\n<table>\n<tr><th>file</th><th>game</th>\
         <th>topic</th><th>source</th>",
    );
    each_column(html, |heading, description| {
        format!("<th class=\"n\" title=\"{description}\">{heading}</th>")
    });
    html.push_str("</tr>\n");
    for file in audit.files {
        let counts = audit.counts_of(file);
        if counts.total() == 0 {
            continue;
        }
        let _ = write!(
            html,
            "<tr><td><a href=\"{}\"><code>{}</code></a></td><td>{}</td><td>{} {}</td><td>{}</td>",
            escape(&link(audit, dir, &file.path, 0)),
            escape(&audit.run.shown(&file.path)),
            escape(&file.game),
            file.kind,
            escape(&file.topic),
            escape(&file.source),
        );
        for count in counts.figures() {
            let _ = write!(html, "<td class=\"n\">{count}</td>");
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</table>\n");
}

fn not_applicable(html: &mut String, audit: &Audit<'_>) {
    let mut by_reason: BTreeMap<&str, Vec<&CaseResult>> = BTreeMap::new();
    for result in audit.not_applicable() {
        let reason = first_line(result.reason.as_deref().unwrap_or("not applicable"));
        by_reason.entry(reason).or_default().push(result);
    }
    let total: usize = by_reason.values().map(Vec::len).sum();
    let _ = writeln!(html, "<h2>Not applicable ({total})</h2>");
    if total == 0 {
        html.push_str("<p>Every case applied.</p>\n");
        return;
    }
    html.push_str("<p>Cases the engine could not be asked, grouped by the reason; none is counted as passed.</p>\n");
    for (reason, results) in by_reason {
        let _ = write!(
            html,
            "<details class=\"na\"><summary>{} ({})</summary><ul>",
            escape(reason),
            results.len()
        );
        for result in results {
            let _ = write!(
                html,
                "<li><code>{}</code> <small>{}</small></li>",
                escape(&result.name),
                escape(&result.origin.location())
            );
        }
        html.push_str("</ul></details>\n");
    }
}

/// The link of `file` at `line`: into the repository the run names (`--repo-url`), else
/// relative to the report folder `dir`.
fn link(audit: &Audit<'_>, dir: &Path, file: &Path, line: usize) -> String {
    audit
        .run
        .repo_link(file, line)
        .unwrap_or_else(|| relative_link(dir, file, line))
}

/// A link from the report folder `dir` to `file` (relative, so the report and the checkout
/// can move together), with the line as a fragment (`#L12`, as code hosts read it).
pub(crate) fn relative_link(dir: &Path, file: &Path, line: usize) -> String {
    let relative = relative(dir, file);
    let mut text: String = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/");
    if line > 0 {
        let _ = write!(text, "#L{line}");
    }
    text.replace(' ', "%20")
}

/// `file` relative to the folder `dir`, both taken from the current directory when relative.
fn relative(dir: &Path, file: &Path) -> std::path::PathBuf {
    let (dir, file) = (absolute(dir), absolute(file));
    let common = dir
        .components()
        .zip(file.components())
        .take_while(|(a, b)| a == b)
        .count();
    let mut out = std::path::PathBuf::new();
    for _ in dir.components().skip(common) {
        out.push("..");
    }
    for component in file.components().skip(common) {
        out.push(component);
    }
    out
}

/// `text` with the HTML special characters escaped.
pub(crate) fn escape(text: &str) -> String {
    arbiter_core::picture::escape(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_relative_to_the_report_folder() {
        assert_eq!(
            relative_link(
                Path::new("target/report"),
                Path::new("specs/gomoku/x.yaml"),
                12
            ),
            "../../specs/gomoku/x.yaml#L12"
        );
        assert_eq!(
            relative_link(Path::new("out"), Path::new("./specs/a b.yaml"), 0),
            "../specs/a%20b.yaml"
        );
    }
}
