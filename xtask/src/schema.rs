//! `cargo xtask schema`: regenerates the committed JSON Schemas of the spec and suite formats.

use anyhow::{Context, Result};
use arbiter_runner::schema::{Format, schema_path, write_schema};

use crate::Status;

/// Writes `specs/schema/spec.schema.json` and `suites/schema/suite.schema.json`.
///
/// # Errors
/// A file cannot be written.
pub fn run() -> Result<Status> {
    for format in Format::ALL {
        let path = schema_path(format);
        write_schema(format, &path).with_context(|| format!("writing {}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(Status::Ok)
}
