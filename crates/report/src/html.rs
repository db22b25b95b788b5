//! `report.html`: one self-contained page (inline CSS and SVG, no script, no external asset; a
//! Content-Security-Policy that forbids every load, so a browser would report any as an
//! error). A summary per engine (counts and a bar), each failure with its board drawn by the
//! game's renderer (the expected and actual moves marked, renju forbidden points with their
//! kind; the text diagram where a game has none), a link to the spec file and line, what the
//! engine said; the topics with their `source:`; the not-applicable cases folded, one line each
//! grouped by reason; the match summaries.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Component, Path, PathBuf};

use super::{Audit, Pictures, first_line, matches};
use arbiter_engine::FaultKind;
use arbiter_runner::{CaseResult, Counts, Verdict};

const STYLE: &str = "
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1180px; padding: 1em 2em; color: #222; }
h1 { font-size: 1.6em; margin-bottom: .2em; }
h2 { border-bottom: 2px solid #ddd; padding-bottom: .2em; margin-top: 2em; }
table { border-collapse: collapse; margin: .6em 0; }
th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; vertical-align: top; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
code, pre { font: 12px/1.35 ui-monospace, monospace; }
pre { background: #f6f8fa; padding: .6em; overflow-x: auto; }
.case { border: 1px solid #ddd; border-left: 6px solid #d73027; border-radius: 4px; margin: 1em 0; padding: .4em 1em 1em; }
.case.engine-fault { border-left-color: #fc8d59; }
.case.spec-error { border-left-color: #7b3294; }
.case h3 { margin: .4em 0; font-size: 1.05em; }
.verdict { display: inline-block; color: #fff; background: #d73027; border-radius: 3px; padding: 0 6px; margin-right: 6px; font-size: .85em; }
.engine-fault .verdict { background: #fc8d59; }
.spec-error .verdict { background: #7b3294; }
.where { color: #555; margin: .2em 0 .6em; }
.body { display: flex; gap: 1.5em; flex-wrap: wrap; align-items: flex-start; }
.findings { flex: 1 1 380px; min-width: 0; }
.bar { vertical-align: middle; }
.legend span { display: inline-block; margin-right: 1em; }
.legend i { display: inline-block; width: .9em; height: .9em; margin-right: .3em; vertical-align: -1px; }
details.na { margin: .3em 0; }
details.na summary { cursor: pointer; }
details.na ul { margin: .2em 0 .6em; columns: 2; }
.ok { color: #1a9850; font-weight: bold; }
";

/// The segments of a summary bar: label, colour, count.
fn segments(counts: &Counts) -> [(&'static str, &'static str, usize); 7] {
    [
        ("rule-level passed", "#1a9850", counts.passed),
        ("play check", "#a6d96a", counts.play_checks),
        ("missed win", "#fee08b", counts.missed_wins),
        ("not applicable", "#bdbdbd", counts.not_applicable),
        ("failed", "#d73027", counts.failed),
        ("engine fault", "#fc8d59", counts.engine_faults),
        ("spec error", "#7b3294", counts.spec_errors),
    ]
}

/// The page of `audit`, with links relative to the folder `dir` it is written into.
#[must_use]
pub fn render(audit: &Audit<'_>, pictures: &Pictures, dir: &Path) -> String {
    let title = format!("arbiter audit: {}", audit.engines.join(", "));
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta \
         http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src \
         'unsafe-inline'; img-src data:\">\n<meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>{STYLE}</style>\n\
         </head>\n<body>\n<h1>{}</h1>\n",
        escape(&title),
        escape(&title)
    );
    summary(&mut html, audit);
    problems(&mut html, audit, pictures, dir);
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
                escape(&orphan.display().to_string())
            );
        }
        html.push_str("</ul>\n");
    }
    html.push_str("</body>\n</html>\n");
    html
}

fn summary(html: &mut String, audit: &Audit<'_>) {
    html.push_str(
        "<h2>Summary</h2>\n<table class=\"summary\">\n<tr><th>engine</th><th class=\"n\">cases</th>\
         <th class=\"n\">rule-level passed</th><th class=\"n\">play checks</th><th class=\"n\">missed \
         wins</th><th class=\"n\">not applicable</th><th class=\"n\">failed</th><th class=\"n\">engine faults</th><th \
         class=\"n\">spec errors</th><th></th></tr>\n",
    );
    for engine in audit.engines {
        let counts = audit.counts_of_engine(engine);
        let _ = write!(html, "<tr><td><code>{}</code></td>", escape(engine));
        let _ = write!(html, "<td class=\"n\">{}</td>", counts.total());
        for (_, _, count) in segments(&counts) {
            let _ = write!(html, "<td class=\"n\">{count}</td>");
        }
        let _ = writeln!(html, "<td>{}</td></tr>", bar(&counts));
    }
    html.push_str("</table>\n<p class=\"legend\">");
    for (label, colour, _) in segments(&Counts::default()) {
        let _ = write!(
            html,
            "<span><i style=\"background:{colour}\"></i>{label}</span>"
        );
    }
    let _ = writeln!(
        html,
        "</p>\n<p><b>{}</b></p>",
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

fn problems(html: &mut String, audit: &Audit<'_>, pictures: &Pictures, dir: &Path) {
    let problems: Vec<&CaseResult> = audit.problems().collect();
    let _ = writeln!(html, "<h2>Failures ({})</h2>", problems.len());
    if problems.is_empty() {
        html.push_str("<p class=\"ok\">No case failed.</p>\n");
    }
    for (k, result) in problems.into_iter().enumerate() {
        case(html, k, result, pictures, dir);
    }
}

fn case(html: &mut String, k: usize, result: &CaseResult, pictures: &Pictures, dir: &Path) {
    let origin = &result.origin;
    let verdict = match result.verdict {
        Verdict::EngineFault => format!(
            "engine fault: {}",
            result.fault.map_or("unknown", FaultKind::code)
        ),
        verdict => verdict.name().to_owned(),
    };
    let _ = writeln!(
        html,
        "<section class=\"case {}\" id=\"case-{k}\" data-game=\"{}\" data-variant=\"{}\">\n<h3><span \
         class=\"verdict\">{}</span><code>{}</code></h3>",
        result.verdict.name(),
        escape(&origin.game),
        escape(&result.variant),
        escape(&verdict),
        escape(&result.name)
    );
    let _ = writeln!(
        html,
        "<p class=\"where\"><a href=\"{}\">{}</a> · {} · variant <code>{}</code> · engine \
         <code>{}</code><br>source: {}</p>",
        escape(&link(dir, &origin.file, origin.line)),
        escape(&origin.location()),
        escape(&origin.topic),
        escape(&result.variant),
        escape(&result.engine),
        escape(&origin.source)
    );
    if let Some(description) = &origin.description {
        let _ = writeln!(html, "<p>{}</p>", escape(description));
    }
    html.push_str("<div class=\"body\">\n");
    if let Some(board) = &result.board {
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
    html.push_str("<div class=\"findings\">");
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
    let _ = writeln!(
        html,
        "<details><summary>the failure as the terminal shows it</summary><pre>{}</pre></details>\
         </div>\n</div>\n</section>",
        escape(&result.message)
    );
}

fn topics(html: &mut String, audit: &Audit<'_>, dir: &Path) {
    html.push_str(
        "<h2>Rule topics and suites</h2>\n<table>\n<tr><th>file</th><th>game</th><th>topic</th>\
         <th>source</th><th class=\"n\">cases</th><th class=\"n\">passed</th><th \
         class=\"n\">play</th><th class=\"n\">missed</th><th class=\"n\">n/a</th><th class=\"n\">failed</th><th \
         class=\"n\">faults</th><th class=\"n\">spec errors</th></tr>\n",
    );
    for file in audit.files {
        let counts = audit.counts_of(file);
        if counts.total() == 0 {
            continue;
        }
        let _ = write!(
            html,
            "<tr><td><a href=\"{}\"><code>{}</code></a></td><td>{}</td><td>{} {}</td><td>{}</td>\
             <td class=\"n\">{}</td>",
            escape(&link(dir, &file.path, 0)),
            escape(&file.path.display().to_string()),
            escape(&file.game),
            file.kind,
            escape(&file.topic),
            escape(&file.source),
            counts.total()
        );
        for (_, _, count) in segments(&counts) {
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

/// A link from the report folder `dir` to `file` (relative, so the report and the checkout
/// can move together), with the line as a fragment (`#L12`, as code hosts read it).
pub(crate) fn link(dir: &Path, file: &Path, line: usize) -> String {
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
fn relative(dir: &Path, file: &Path) -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_default();
    let (dir, file) = (normal(&cwd.join(dir)), normal(&cwd.join(file)));
    let common = dir
        .components()
        .zip(file.components())
        .take_while(|(a, b)| a == b)
        .count();
    let mut out = PathBuf::new();
    for _ in dir.components().skip(common) {
        out.push("..");
    }
    for component in file.components().skip(common) {
        out.push(component);
    }
    out
}

/// `path` with `.` and `..` resolved lexically.
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
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
            link(
                Path::new("target/report"),
                Path::new("specs/gomoku/x.yaml"),
                12
            ),
            "../../specs/gomoku/x.yaml#L12"
        );
        assert_eq!(
            link(Path::new("out"), Path::new("./specs/a b.yaml"), 0),
            "../specs/a%20b.yaml"
        );
    }
}
