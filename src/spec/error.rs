//! A spec error: where in which file, what was expected, and the lines around it.

use std::fmt;
use std::path::{Path, PathBuf};

/// One problem in one spec file. Displayed as
/// `error: <message>` / ` --> <file>:<line>:<column>` / the source line with a caret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    pub path: PathBuf,
    /// 1-based; 0 when the problem concerns the whole file (it cannot be read).
    pub line: usize,
    /// 1-based.
    pub column: usize,
    pub message: String,
    /// The source line the problem is on, for the snippet.
    pub source_line: Option<String>,
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
        if self.line == 0 {
            self.path.display().to_string()
        } else {
            format!("{}:{}:{}", self.path.display(), self.line, self.column)
        }
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "error: {}", self.message)?;
        write!(f, "  --> {}", self.location())?;
        if let Some(text) = &self.source_line {
            let number = self.line.to_string();
            let gutter = " ".repeat(number.len());
            writeln!(f)?;
            writeln!(f, "{gutter} |")?;
            writeln!(f, "{number} | {text}")?;
            write!(
                f,
                "{gutter} | {}^",
                " ".repeat(self.column.saturating_sub(1))
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for SpecError {}
