//! The rule variant: tic-tac-toe has only the standard game.

/// The only tic-tac-toe variant, `standard`: 3x3, X first, three in a row wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TicTacToeVariant {
    #[default]
    Standard,
}

arbiter_core::named_variants! {
    type: TicTacToeVariant,
    game: "tictactoe",
    in_messages: "tic-tac-toe",
    names: { TicTacToeVariant::Standard => "standard" },
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
