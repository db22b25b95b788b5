//! The rule variant: tic-tac-toe has only the standard game.

use std::fmt;
use std::str::FromStr;

/// The only tic-tac-toe variant, `standard`: 3x3, X first, three in a row wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TicTacToeVariant {
    #[default]
    Standard,
}

impl fmt::Display for TicTacToeVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("standard")
    }
}

impl FromStr for TicTacToeVariant {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        arbiter_core::parse_variant("tic-tac-toe", text, &[TicTacToeVariant::Standard])
    }
}

impl arbiter_core::Variant for TicTacToeVariant {
    const GAME: &'static str = "tictactoe";

    fn names() -> Vec<String> {
        vec![TicTacToeVariant::Standard.to_string()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_refuses_others() {
        assert_eq!(
            "standard".parse::<TicTacToeVariant>(),
            Ok(TicTacToeVariant::Standard)
        );
        assert_eq!(TicTacToeVariant::Standard.to_string(), "standard");
        assert!("renju".parse::<TicTacToeVariant>().is_err());
    }
}
