//! Suites: positions with known best moves and exact scores, searched by an engine under a
//! deterministic budget. YAML files in the suite format ([`model`]) and Edax/FFO `.obf` files
//! ([`obf`]) load into the same [`LoadedSuite`]; the runner checks them
//! ([`crate::PlannedCase::run`]) and snapshots record what the engine chose.

mod load;
pub(crate) mod model;
pub(crate) mod obf;

pub use load::{
    LoadedSuite, LoadedSuites, SUITE_EXTENSIONS, load_suite_file, load_suite_str, load_suites,
};
