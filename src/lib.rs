//! arbiter: rule specs and suites run against board-game engines.
//!
//! The flow: [`spec`] loads and checks YAML files; [`runner`] runs each case against an
//! [`engine`] handle and returns a [`runner::CaseResult`]; the front ends (the test harness in
//! `tests/specs.rs`, `cargo xtask audit`) only present those results.

pub mod arena;
pub mod baseline;
pub mod bench;
pub mod bot;
pub mod engine;
pub mod external;
pub mod protocol;
pub mod runner;
pub mod schema;
pub mod snapshot;
pub mod spec;
pub mod suite;
