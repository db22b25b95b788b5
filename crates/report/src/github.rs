//! GitHub Actions annotations: each failed case, engine fault and spec error as one
//! `::error file=…,line=…,col=…,title=…::…` workflow command pointing at the case in its spec or
//! suite file, so that it shows on the pull request's diff; then a `::notice` with the counts.
//! Values are escaped as the workflow-command format asks (`%`, line breaks, and in
//! properties `:` and `,`).

use std::fmt::Write as _;

use super::Audit;
use arbiter_engine::FaultKind;
use arbiter_runner::{CaseResult, Counts, Verdict};

/// The annotation lines of `audit`, one per problem, and the closing notice.
#[must_use]
pub fn render(audit: &Audit<'_>) -> String {
    let mut out = String::new();
    for result in audit.problems() {
        let _ = writeln!(out, "{}", annotation(result));
    }
    let [
        total,
        passed,
        play,
        missed_wins,
        failed,
        faults,
        not_applicable,
        spec_errors,
    ] = Counts::of(audit.results).figures();
    let _ = writeln!(
        out,
        "::notice title=arbiter audit::{}",
        data(&format!(
            "{total} case(s): {passed} passed at rule level, {play} play check(s), \
             {missed_wins} missed win(s), {failed} failed, {faults} engine fault(s), {not_applicable} not applicable, {spec_errors} \
             spec error(s); {}",
            audit.coverage
        ))
    );
    out
}

/// One `::error` line for a failed case.
#[must_use]
pub(crate) fn annotation(result: &CaseResult) -> String {
    let what = match result.verdict {
        Verdict::EngineFault => format!(
            "engine fault ({})",
            result.fault.map_or("unknown", FaultKind::code)
        ),
        verdict => verdict.name().to_owned(),
    };
    let title = format!("{what}: {}", result.name);
    let body = if result.message.is_empty() {
        result.reason.clone().unwrap_or_default()
    } else {
        result.message.clone()
    };
    format!(
        "::error file={},line={},col={},title={}::{}",
        property(&result.origin.file.display().to_string()),
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
