//! The rule variants: only `standard` 8x8 Othello for now.

use std::fmt;
use std::str::FromStr;

/// The Othello rule variant. One today; a board size (6x6, 10x10) would be a field here.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OthelloVariant {
    /// 8x8 board, the four centre discs crossed (white d4 e5, black d5 e4), black moves first.
    #[default]
    Standard,
}

impl fmt::Display for OthelloVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OthelloVariant::Standard => f.write_str("standard"),
        }
    }
}

impl FromStr for OthelloVariant {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        arbiter_core::parse_variant(
            <Self as arbiter_core::Variant>::GAME,
            text,
            &[OthelloVariant::Standard],
        )
    }
}

impl arbiter_core::Variant for OthelloVariant {
    const GAME: &'static str = "othello";

    fn names() -> Vec<String> {
        vec![OthelloVariant::Standard.to_string()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names read back as the game laws check (`arbiter_laws::GameLaws`).
    #[test]
    fn other_names_are_refused() {
        assert!("renju".parse::<OthelloVariant>().is_err());
    }
}
