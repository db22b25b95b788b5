//! `junit.xml`: one `<testcase>` per case in the JUnit XML that Jenkins, GitLab and GitHub test
//! reporters read, within the Jenkins xUnit plugin's `junit-10.xsd` (the common schema): a
//! `<testsuite>` per spec or suite file (its path in `file`, its `source:` and topic as
//! properties), a failed case with `<failure>` (the message, the first finding's check as the
//! type), an engine fault or a spec error with `<error>` (the fault class or `spec-error`), a
//! not-applicable case `<skipped>` with its reason, and the case's `file:line` in
//! `<system-out>` (the schema has no line attribute on a test case). Times are in seconds:
//! the run's on `<testsuites>`, each case's on its `<testcase>` and their sum on its
//! `<testsuite>`, which also carries the run's start (`timestamp`, UTC without a zone, as the
//! schema's pattern has it) and host.

use std::fmt::Write as _;

use super::{Audit, first_line, verdict_words};
use arbiter_engine::FaultKind;
use arbiter_runner::{CaseResult, Counts, Level, Verdict};

/// The JUnit XML of `audit`.
#[must_use]
pub fn render(audit: &Audit<'_>) -> String {
    let total = Counts::of(audit.results);
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        xml,
        "<testsuites name=\"arbiter audit: {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" \
         time=\"{:.3}\">",
        attribute(&audit.engines.join(", ")),
        total.total(),
        total.failed,
        errors(&total),
        audit.run.duration.as_secs_f64()
    );
    let started = audit.run.started_utc();
    let timestamp = started.trim_end_matches('Z');
    for file in audit.files {
        let counts = audit.counts_of(file);
        if counts.total() == 0 {
            continue;
        }
        let path = audit.run.shown(&file.path);
        let time: f64 = audit
            .results_of(file)
            .map(|result| result.elapsed.as_secs_f64())
            .sum();
        let _ = writeln!(
            xml,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" \
             time=\"{time:.3}\" timestamp=\"{timestamp}\" hostname=\"{}\" package=\"{}\" \
             file=\"{}\">",
            attribute(&path),
            counts.total(),
            counts.failed,
            errors(&counts),
            counts.not_applicable,
            attribute(&audit.run.host),
            attribute(&file.game),
            attribute(&path)
        );
        let _ = writeln!(
            xml,
            "    <properties>\n      <property name=\"kind\" value=\"{}\"/>\n      <property \
             name=\"topic\" value=\"{}\"/>\n      <property name=\"source\" value=\"{}\"/>\n    \
             </properties>",
            file.kind,
            attribute(&file.topic),
            attribute(&file.source)
        );
        for result in audit.results_of(file) {
            testcase(&mut xml, audit, result);
        }
        xml.push_str("  </testsuite>\n");
    }
    xml.push_str("</testsuites>\n");
    xml
}

/// Engine faults and spec errors: what JUnit calls errors (the test could not be judged).
const fn errors(counts: &Counts) -> usize {
    counts.engine_faults + counts.spec_errors
}

fn testcase(xml: &mut String, audit: &Audit<'_>, result: &CaseResult) {
    let classname = format!("{}.{}", result.engine, result.origin.topic);
    let _ = writeln!(
        xml,
        "    <testcase name=\"{}\" classname=\"{}\" time=\"{:.3}\">",
        attribute(&result.name),
        attribute(&classname),
        result.elapsed.as_secs_f64()
    );
    let headline = result
        .findings
        .first()
        .map(|finding| format!("{}: expected {}", finding.check, finding.expected))
        .or_else(|| result.reason.clone())
        .unwrap_or_else(|| result.verdict.name().to_owned());
    let headline = format!("{}: {headline}", verdict_words(result));
    match result.verdict {
        // Not a failure: no rule obliges a player to win at once (its note is in system-out).
        Verdict::Pass | Verdict::MissedWin => {}
        Verdict::Fail => {
            let kind = result
                .findings
                .first()
                .map_or("failed", |finding| finding.check.as_str());
            problem(xml, "failure", &headline, kind, &result.message);
        }
        Verdict::EngineFault | Verdict::SpecError => {
            let kind = result.fault.map_or(result.verdict.name(), FaultKind::code);
            problem(xml, "error", &headline, kind, &result.message);
        }
        Verdict::NotApplicable => {
            let reason = result.reason.as_deref().unwrap_or("not applicable");
            let _ = writeln!(
                xml,
                "      <skipped message=\"{}\"/>",
                attribute(first_line(reason))
            );
        }
    }
    let mut out = format!(
        "{}:{} ({} {}, variant {})",
        audit.run.shown(&result.origin.file),
        result.origin.line,
        result.origin.kind.name(),
        result.origin.id,
        result.variant
    );
    if result.level == Some(Level::Play) {
        out.push_str(
            "\nplay check: only the legality of the engine's chosen move was checked here",
        );
    }
    if result.verdict == Verdict::MissedWin {
        let _ = write!(
            out,
            "\nmissed win (not a rule failure):\n{}",
            result.message
        );
    }
    if let Some(said) = &result.engine_said {
        let _ = write!(out, "\nengine said: {said}");
    }
    let _ = writeln!(xml, "      <system-out>{}</system-out>", text(&out));
    xml.push_str("    </testcase>\n");
}

/// A `<failure>` or `<error>` element: the headline's first line and the kind as attributes,
/// the whole message as its text.
fn problem(xml: &mut String, element: &str, headline: &str, kind: &str, message: &str) {
    let _ = writeln!(
        xml,
        "      <{element} message=\"{}\" type=\"{}\">{}</{element}>",
        attribute(first_line(headline)),
        attribute(kind),
        text(message)
    );
}

/// `value` escaped for an attribute (quotes, and line breaks kept as character references).
fn attribute(value: &str) -> String {
    escaped(value, true)
}

/// `value` escaped for element text.
fn text(value: &str) -> String {
    escaped(value, false)
}

/// `value` with XML's markup characters escaped; in an attribute, also quotes and the line
/// breaks and tabs that attribute normalisation would turn into spaces.
fn escaped(value: &str, attribute: bool) -> String {
    let mut out = String::with_capacity(value.len());
    for c in xml_chars(value) {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\n' if attribute => out.push_str("&#10;"),
            '\r' if attribute => out.push_str("&#13;"),
            '\t' if attribute => out.push_str("&#9;"),
            c => out.push(c),
        }
    }
    out
}

/// The characters XML 1.0 allows; others (control characters an engine may print) become
/// U+FFFD, so that one garbled answer cannot make the file unreadable.
fn xml_chars(value: &str) -> impl Iterator<Item = char> + '_ {
    value.chars().map(|c| match c {
        '\t' | '\n' | '\r' => c,
        c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => '\u{FFFD}',
        c => c,
    })
}
