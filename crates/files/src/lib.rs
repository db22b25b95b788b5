//! arbiter-files: what every loader and writer of arbiter's files shares: [`SpecError`], a
//! problem in a file with its line, column and the source line under a caret (specs, suites,
//! manifests and opening books report their problems so), [`atomic`] writes, and [`yaml`]: the
//! YAML reader's budget errors in words.

pub mod atomic;
mod error;
pub mod yaml;

pub use error::{ECHO_LIMIT, SpecError, echo, list_or_none};
