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

use std::fmt;
use std::str::FromStr;

use arbiter_core::settings;

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

impl fmt::Display for SurakartaVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let standard = SurakartaVariant::default();
        settings::write(
            f,
            &[
                (self.repetition != standard.repetition)
                    .then(|| settings::count_text("repetition", self.repetition)),
                (self.no_capture_limit != standard.no_capture_limit)
                    .then(|| settings::count_text("limit", self.no_capture_limit)),
            ],
        )
    }
}

impl FromStr for SurakartaVariant {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        settings::parse(
            text,
            <Self as arbiter_core::Variant>::GAME,
            "repetition-N (N >= 2), no-repetition, limit-N (N >= 1), no-limit",
            |variant: &mut SurakartaVariant, part| {
                if let Some(repetition) = settings::count_value(part, "repetition", 2) {
                    variant.repetition = repetition;
                    Some(0)
                } else {
                    variant.no_capture_limit = settings::count_value(part, "limit", 1)?;
                    Some(1)
                }
            },
        )
    }
}

impl arbiter_core::Variant for SurakartaVariant {
    const GAME: &'static str = "surakarta";

    fn names() -> Vec<String> {
        [
            "standard",
            "repetition-N",
            "no-repetition",
            "limit-N",
            "no-limit",
            "repetition-N+limit-N",
        ]
        .map(str::to_owned)
        .to_vec()
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
