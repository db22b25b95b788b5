//! The JSON Schemas (draft-07, which yaml-language-server reads) of the spec and suite
//! formats, generated from the serde types so that they cannot drift; a test fails when a
//! committed file is stale.

use std::path::{Path, PathBuf};

use schemars::generate::SchemaSettings;

use crate::spec::model::SpecFile;
use crate::suite::model::SuiteFile;

/// The two file formats with a schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Spec,
    Suite,
}

impl Format {
    pub const ALL: [Format; 2] = [Format::Spec, Format::Suite];

    /// Where the committed schema lives, from the workspace root.
    #[must_use]
    pub(crate) const fn relative_path(self) -> &'static str {
        match self {
            Format::Spec => "specs/schema/spec.schema.json",
            Format::Suite => "suites/schema/suite.schema.json",
        }
    }
}

/// The schema as pretty JSON text, with a trailing newline.
#[must_use]
pub(crate) fn schema_text(format: Format) -> String {
    let generator = SchemaSettings::draft07().into_generator();
    let schema = match format {
        Format::Spec => generator.into_root_schema_for::<SpecFile>(),
        Format::Suite => generator.into_root_schema_for::<SuiteFile>(),
    };
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}

/// The committed schema's absolute path in this workspace.
#[must_use]
pub fn schema_path(format: Format) -> PathBuf {
    arbiter_engine::workspace_root().join(format.relative_path())
}

/// Writes the schema atomically (aside, then renamed over the old file).
///
/// # Errors
/// An IO error.
pub fn write_schema(format: Format, path: &Path) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let aside = path.with_extension("json.tmp");
    std::fs::write(&aside, schema_text(format))?;
    std::fs::rename(aside, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed schemas must match the types; a stale one is rewritten and the test fails.
    #[test]
    fn committed_schemas_are_fresh() {
        let mut stale = Vec::new();
        for format in Format::ALL {
            let path = schema_path(format);
            let committed = std::fs::read_to_string(&path).unwrap_or_default();
            if committed != schema_text(format) {
                write_schema(format, &path).expect("rewrite the stale schema");
                stale.push(path.display().to_string());
            }
        }
        assert!(
            stale.is_empty(),
            "{} stale and rewritten: run `cargo xtask schema` and commit",
            stale.join(", ")
        );
    }
}
