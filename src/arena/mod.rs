//! Refereed matches between two engines (`cargo xtask match`).

pub mod openings;
pub mod stats;
