//! The JSON Schema (draft-07, which yaml-language-server reads) of the spec format, generated
//! from the serde types so that it cannot drift; a test fails when the committed file is stale.

use std::path::{Path, PathBuf};

use schemars::generate::SchemaSettings;

use crate::spec::model::SpecFile;

/// The schema as pretty JSON text, with a trailing newline.
#[must_use]
pub fn schema_text() -> String {
    let schema = SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<SpecFile>();
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}

/// Where the committed schema lives: `specs/schema/spec.schema.json` in the workspace.
#[must_use]
pub fn schema_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("specs/schema/spec.schema.json")
}

/// Writes the schema atomically (aside, then renamed over the old file).
///
/// # Errors
/// An IO error.
pub fn write_schema(path: &Path) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let aside = path.with_extension("json.tmp");
    std::fs::write(&aside, schema_text())?;
    std::fs::rename(aside, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed schema must match the types; a stale one is rewritten and the test fails.
    #[test]
    fn committed_schema_is_fresh() {
        let path = schema_path();
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != schema_text() {
            write_schema(&path).expect("rewrite the stale schema");
            panic!(
                "{} was stale and has been rewritten: run `cargo xtask schema` and commit it",
                path.display()
            );
        }
    }
}
