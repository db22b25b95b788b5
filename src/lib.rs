//! arbiter: rule specs and suites run against board-game engines.
//!
//! The flow: [`spec`] and [`suite`] load and check the case files; [`runner`] plans every
//! case against every engine ([`runner::plan`]) and runs each ([`runner::PlannedCase::run`])
//! against an [`engine`] handle into one [`runner::CaseResult`], snapshots included; the front
//! ends (the test harness in `tests/specs.rs`, `cargo xtask audit`, `cargo xtask baseline`)
//! only present those results.

pub mod arena;
pub mod atomic;
pub mod baseline;
pub mod bench;
pub mod bot;
pub mod engine;
pub mod external;
pub mod protocol;
pub mod report;
pub mod runner;
pub mod schema;
pub mod snapshot;
pub mod spec;
pub mod suite;
