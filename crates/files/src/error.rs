//! A spec error: where in which file, what was expected, and the lines around it.

use std::borrow::Borrow;
use std::fmt;
use std::path::{Path, PathBuf};

/// The most characters of a value echoed in a message: a 50 MB `game:` value gives a short
/// error, not a 100 MB one.
pub const ECHO_LIMIT: usize = 60;

/// `value` in backticks for a message, cut to [`ECHO_LIMIT`] characters (saying how long it
/// was) and with control characters escaped.
#[must_use]
pub fn echo(value: &str) -> String {
    let count = value.chars().count();
    let shown = escape_controls(value.chars().take(ECHO_LIMIT));
    if count > ECHO_LIMIT {
        format!("`{shown}…` ({} bytes)", value.len())
    } else {
        format!("`{shown}`")
    }
}

/// `items` joined by `separator` for a message, or `none` when there are none (the names a
/// lookup knows, the moves an engine holds).
#[must_use]
pub fn list_or_none<S: Borrow<str>>(items: &[S], separator: &str) -> String {
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(separator)
    }
}

/// `chars` with control characters written as Rust escapes (`\u{1b}`).
fn escape_controls(chars: impl Iterator<Item = char>) -> String {
    chars
        .flat_map(|c| {
            if c.is_control() {
                c.escape_default().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect()
}

/// The most characters of a source line a snippet shows, around the column.
const SNIPPET_WIDTH: usize = 100;

/// One problem in one spec file. Displayed as
/// `error: <message>` / ` --> <file>:<line>:<column>` / the source line with a caret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    pub(crate) path: PathBuf,
    /// 1-based; 0 when the problem concerns the whole file (it cannot be read).
    pub line: usize,
    /// 1-based.
    pub column: usize,
    pub message: String,
    /// The source line the problem is on, for the snippet.
    pub(crate) source_line: Option<String>,
}

impl SpecError {
    /// A problem at `line:column` of `source` (the file's text).
    #[must_use]
    pub fn at(
        path: &Path,
        source: &str,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> SpecError {
        let source_line = line
            .checked_sub(1)
            .and_then(|index| source.lines().nth(index))
            .map(str::to_owned);
        SpecError {
            path: path.to_owned(),
            line,
            column: column.max(1),
            message: message.into(),
            source_line,
        }
    }

    /// A problem with the file as a whole.
    #[must_use]
    pub fn file(path: &Path, message: impl Into<String>) -> SpecError {
        SpecError {
            path: path.to_owned(),
            line: 0,
            column: 0,
            message: message.into(),
            source_line: None,
        }
    }

    /// `file:line:column`, or just the file.
    #[must_use]
    pub fn location(&self) -> String {
        // A file name is text an attacker may choose too: no escape sequence reaches a terminal.
        let path = escape_controls(self.path.display().to_string().chars());
        if self.line == 0 {
            path
        } else {
            format!("{path}:{}:{}", self.line, self.column)
        }
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "error: {}", cap(&self.message))?;
        write!(f, "  --> {}", self.location())?;
        if let Some(text) = &self.source_line {
            let number = self.line.to_string();
            let gutter = " ".repeat(number.len());
            // A long line (a 50 MB value) is shown as a window around the column.
            let chars: Vec<char> = text.chars().collect();
            let column = self.column.saturating_sub(1).min(chars.len());
            let start = column.saturating_sub(SNIPPET_WIDTH / 2);
            let end = (start + SNIPPET_WIDTH).min(chars.len());
            let mut shown: String = chars[start..end]
                .iter()
                .map(|&c| if c.is_control() && c != '\t' { '?' } else { c })
                .collect();
            let mut caret = column - start;
            if start > 0 {
                shown.insert(0, '…');
                caret += 1;
            }
            if end < chars.len() {
                shown.push('…');
            }
            writeln!(f)?;
            writeln!(f, "{gutter} |")?;
            writeln!(f, "{number} | {shown}")?;
            write!(f, "{gutter} | {}^", " ".repeat(caret))?;
        }
        Ok(())
    }
}

impl std::error::Error for SpecError {}

/// A message cut to a readable length (what it echoes is capped already; this catches what a
/// parser library echoes).
fn cap(message: &str) -> std::borrow::Cow<'_, str> {
    const LIMIT: usize = 400;
    if message.len() <= LIMIT {
        return message.into();
    }
    let mut end = LIMIT;
    while !message.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &message[..end], message.len()).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoed_values_and_snippets_are_capped() {
        let long = "x".repeat(50_000);
        let echoed = echo(&long);
        assert!(
            echoed.len() < 100 && echoed.contains("50000 bytes"),
            "{echoed}"
        );
        assert_eq!(echo("a\u{0}b"), "`a\\u{0}b`");
        let text = format!("game: {long}\n");
        let error = SpecError::at(
            Path::new("a.yaml"),
            &text,
            1,
            7,
            format!("unknown game {echoed}"),
        );
        let shown = error.to_string();
        assert!(shown.len() < 500, "{} bytes", shown.len());
        assert!(shown.contains("a.yaml:1:7"));
    }

    #[test]
    fn an_empty_list_reads_none() {
        assert_eq!(list_or_none::<&str>(&[], ", "), "none");
        assert_eq!(list_or_none(&["a", "b"], ", "), "a, b");
        assert_eq!(list_or_none(&["a".to_owned(), "b".to_owned()], " "), "a b");
    }
}
