//! The crate's tests: rules on whole positions, notation, search, and properties over random
//! playouts.

mod properties;
mod rules;
