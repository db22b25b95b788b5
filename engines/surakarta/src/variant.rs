//! Draw-rule variants. The rules of play never change; only the endings do.
//!
//! Grammar: `standard`, or one or both of the settings below joined by `+` (any order, each at
//! most once; a missing setting keeps its `standard` value):
//! - `repetition-N` (N ≥ 2): the game is drawn when a position (board and side to move, compared
//!   exactly) occurs for the N-th time; `no-repetition` switches this off.
//! - `limit-N` (N ≥ 1): after N consecutive plies without a capture the game ends and the side
//!   with more pieces wins, equal counts draw (minizero's `env_surakarta_no_capture_plies`);
//!   `no-limit` switches this off.
//!
//! `standard` is `repetition-3+limit-50`. No official championship text for Surakarta
//! repetition was found; the 50-ply limit with piece-count adjudication is minizero's
//! (rlglab/minizero `surakarta.cpp`, `isTerminal` and `eval`); the 3-fold draw is this crate's
//! choice, since minizero forbids repeating moves in self-play instead of ending the game.

use arbiter_core::settings::Count;

/// The endings in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SurakartaVariant {
    /// The occurrence of one position that draws the game (`None`: no repetition rule).
    pub repetition: Option<u32>,
    /// Consecutive plies without a capture that end the game (`None`: no limit).
    pub no_capture_limit: Option<u32>,
}

impl Default for SurakartaVariant {
    fn default() -> SurakartaVariant {
        SurakartaVariant {
            repetition: Some(3),
            no_capture_limit: Some(50),
        }
    }
}

arbiter_core::settings_variant! {
    SurakartaVariant of "surakarta", also "repetition-N+limit-N": {
        repetition: Count::at_least("repetition", 2),
        no_capture_limit: Count::at_least("limit", 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("standard", Some(3), Some(50))]
    #[case("repetition-2", Some(2), Some(50))]
    #[case("no-limit", Some(3), None)]
    #[case("no-repetition+no-limit", None, None)]
    #[case("limit-4+repetition-5", Some(5), Some(4))]
    #[case(" limit-100 ", Some(3), Some(100))]
    fn parses(#[case] text: &str, #[case] repetition: Option<u32>, #[case] limit: Option<u32>) {
        let variant: SurakartaVariant = text.parse().unwrap();
        assert_eq!(
            variant,
            SurakartaVariant {
                repetition,
                no_capture_limit: limit
            }
        );
        assert_eq!(variant.to_string().parse::<SurakartaVariant>(), Ok(variant));
    }

    #[test]
    fn refuses() {
        arbiter_laws::refuses_all(
            &[
                "",
                "repetition-1",
                "repetition-",
                "repetition-x",
                "limit-0",
                "limit-3+limit-4",
                "no-limit+limit-4",
                "standard+no-limit",
                "repetition-3,limit-4",
                "Standard",
            ],
            str::parse::<SurakartaVariant>,
        );
    }

    #[rstest]
    #[case(SurakartaVariant::default(), "standard")]
    #[case(SurakartaVariant { repetition: Some(3), no_capture_limit: None }, "no-limit")]
    #[case(SurakartaVariant { repetition: None, no_capture_limit: Some(8) }, "no-repetition+limit-8")]
    fn displays(#[case] variant: SurakartaVariant, #[case] text: &str) {
        assert_eq!(variant.to_string(), text);
    }
}
