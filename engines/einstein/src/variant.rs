//! EinStein variants: which side moves first.
//!
//! The CCGC rules make the sides take turns to move first from game to game of a round (甲
//! in games 1, 4, 5, 乙 in games 2, 3, 6, 7) without tying the first move to a colour, so the
//! first mover is a setting: `standard` (red, the top-left side, moves first) and
//! `blue-first` (blue moves first, as in OpenSpiel's `einstein_wurfelt_nicht`). Red being
//! first in `standard` is arbiter's choice, not a rule; the rules are otherwise the same.

use std::fmt;
use std::str::FromStr;

use arbiter_core::{Side, Variant};

/// An EinStein variant: the side that moves first (and therefore sets up first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EinSteinVariant {
    pub first: Side,
}

impl Default for EinSteinVariant {
    /// Red moves first.
    fn default() -> EinSteinVariant {
        EinSteinVariant { first: Side::First }
    }
}

impl fmt::Display for EinSteinVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.first {
            Side::First => "standard",
            Side::Second => "blue-first",
        })
    }
}

impl FromStr for EinSteinVariant {
    type Err = String;

    fn from_str(text: &str) -> Result<EinSteinVariant, String> {
        match text {
            "standard" | "red-first" => Ok(EinSteinVariant { first: Side::First }),
            "blue-first" => Ok(EinSteinVariant {
                first: Side::Second,
            }),
            other => Err(format!(
                "unknown einstein variant `{other}`: expected standard (red first) or blue-first"
            )),
        }
    }
}

impl Variant for EinSteinVariant {
    const GAME: &'static str = "einstein";

    fn names() -> Vec<String> {
        vec!["standard".to_owned(), "blue-first".to_owned()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names read back as the game laws check (`arbiter_laws::GameLaws`).
    #[test]
    fn red_first_is_the_default_and_no_other_colour_is() {
        assert_eq!(
            "red-first".parse::<EinSteinVariant>(),
            Ok(EinSteinVariant::default())
        );
        assert!("green-first".parse::<EinSteinVariant>().is_err());
    }
}
