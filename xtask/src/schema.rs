//! `cargo xtask schema`: regenerates the committed JSON Schema of the spec format.

use anyhow::{Context, Result};

use crate::Status;

/// Writes `specs/schema/spec.schema.json`.
///
/// # Errors
/// The file cannot be written.
pub fn run() -> Result<Status> {
    let path = arbiter::schema::schema_path();
    arbiter::schema::write_schema(&path).with_context(|| format!("writing {}", path.display()))?;
    println!("wrote {}", path.display());
    Ok(Status::Ok)
}
