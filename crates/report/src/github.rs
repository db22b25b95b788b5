//! GitHub Actions annotations: each failed case, engine fault and spec error as one
//! `::error file=…,line=…,col=…,title=…::…` workflow command pointing at the case in its spec or
//! suite file, so that it shows on the pull request's diff, each missed win as a `::warning`
//! (no failure); then a `::notice` with the counts under the columns' headings.
//! Values are escaped as the workflow-command format asks (`%`, line breaks, and in
//! properties `:` and `,`).

use std::fmt::Write as _;

use super::{Audit, verdict_words};
use arbiter_runner::{CaseResult, Counts};

/// The annotation lines of `audit`, one per problem, and the closing notice.
#[must_use]
pub fn render(audit: &Audit<'_>) -> String {
    let mut out = String::new();
    for result in audit.problems() {
        let line = annotation(audit, "error", result);
        let _ = writeln!(out, "{}", audit.run.relative_text(&line));
    }
    // A missed win is no failure: a warning on the case, not an error.
    for result in audit.of_verdict(arbiter_runner::Verdict::MissedWin) {
        let line = annotation(audit, "warning", result);
        let _ = writeln!(out, "{}", audit.run.relative_text(&line));
    }
    let counts = Counts::of(audit.results);
    let figures: Vec<String> = Counts::COLUMNS
        .iter()
        .zip(counts.figures())
        .map(|(column, figure)| format!("{figure} {}", column.heading))
        .collect();
    let _ = writeln!(
        out,
        "::notice title=arbiter audit::{}",
        data(
            &audit
                .run
                .relative_text(&format!("{}; {}", figures.join(", "), audit.coverage))
        )
    );
    out
}

/// One `::<level>` line (`error` for a failed case, `warning` for a missed win).
#[must_use]
pub(crate) fn annotation(audit: &Audit<'_>, level: &str, result: &CaseResult) -> String {
    let title = format!("{}: {}", verdict_words(result), result.name);
    let body = if result.message.is_empty() {
        result.reason.clone().unwrap_or_default()
    } else {
        result.message.clone()
    };
    format!(
        "::{level} file={},line={},col={},title={}::{}",
        property(&audit.run.shown(&result.origin.file)),
        result.origin.line,
        result.origin.column,
        property(&title),
        data(&body)
    )
}

/// A message escaped as workflow commands read it.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A property value escaped as workflow commands read it.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_escaped_as_workflow_commands_read_them() {
        assert_eq!(data("50%\nnext"), "50%25%0Anext");
        assert_eq!(property("a:b,c"), "a%3Ab%2Cc");
    }
}
