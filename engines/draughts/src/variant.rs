//! The draw rules in force. The rules of play never change; only the endings do.
//!
//! Grammar: `standard`, or settings joined by `+` (any order, each rule at most once; a
//! rule not named keeps its `standard` value):
//! - `repetition-N` (N ≥ 2): the game is drawn when a position (the pieces and the side to
//!   move) occurs for the N-th time; `no-repetition` switches the rule off.
//! - `king-moves-N` (N ≥ 1): drawn after N successive moves of each player (2N plies) in
//!   which only kings moved and nothing was captured; `no-king-moves` switches it off.
//! - `no-endgame-rule`: switches off the 16-move rule (three kings, two kings and a man, or
//!   a king and two men against a lone king: drawn after 16 moves of each player) and its
//!   5-move companion (two kings, a king and a man, or a king against a lone king: drawn
//!   after 5 moves each).
//!
//! `standard` is `repetition-3+king-moves-25` with the endgame rules: the Official FMJD
//! rules of international draughts, article 6 (the end of the game).

use std::fmt;
use std::str::FromStr;

use arbiter_core::settings;

/// The draw rules in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DraughtsVariant {
    /// The occurrence of one position that draws (`None`: no repetition rule).
    pub repetition: Option<u32>,
    /// Successive king-only moves of each player, without a capture or a man's move, that
    /// draw (`None`: no such rule).
    pub king_moves: Option<u32>,
    /// Whether the 16-move and 5-move endgame rules apply.
    pub endgame_rule: bool,
}

impl Default for DraughtsVariant {
    fn default() -> DraughtsVariant {
        DraughtsVariant {
            repetition: Some(3),
            king_moves: Some(25),
            endgame_rule: true,
        }
    }
}

impl fmt::Display for DraughtsVariant {
    /// `standard`, or the settings that differ from it, in the order of the grammar.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let standard = DraughtsVariant::default();
        settings::write(
            f,
            &[
                (self.repetition != standard.repetition)
                    .then(|| settings::count_text("repetition", self.repetition)),
                (self.king_moves != standard.king_moves)
                    .then(|| settings::count_text("king-moves", self.king_moves)),
                (!self.endgame_rule).then(|| "no-endgame-rule".to_owned()),
            ],
        )
    }
}

impl FromStr for DraughtsVariant {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        settings::parse(
            text,
            <Self as arbiter_core::Variant>::GAME,
            "repetition-N (N >= 2), no-repetition, king-moves-N (N >= 1), no-king-moves, \
             no-endgame-rule",
            |variant: &mut DraughtsVariant, part| {
                if part == "no-endgame-rule" {
                    variant.endgame_rule = false;
                    Some(2)
                } else if let Some(repetition) = settings::count_value(part, "repetition", 2) {
                    variant.repetition = repetition;
                    Some(0)
                } else {
                    variant.king_moves = settings::count_value(part, "king-moves", 1)?;
                    Some(1)
                }
            },
        )
    }
}

impl arbiter_core::Variant for DraughtsVariant {
    const GAME: &'static str = "draughts";

    fn names() -> Vec<String> {
        [
            "standard",
            "repetition-N",
            "no-repetition",
            "king-moves-N",
            "no-king-moves",
            "no-endgame-rule",
            "no-repetition+no-king-moves+no-endgame-rule",
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
    #[case("standard", Some(3), Some(25), true)]
    #[case("repetition-2", Some(2), Some(25), true)]
    #[case("no-king-moves", Some(3), None, true)]
    #[case("no-endgame-rule+no-repetition", None, Some(25), false)]
    #[case(" king-moves-5+repetition-4 ", Some(4), Some(5), true)]
    fn parses(
        #[case] text: &str,
        #[case] repetition: Option<u32>,
        #[case] king_moves: Option<u32>,
        #[case] endgame_rule: bool,
    ) {
        let variant: DraughtsVariant = text.parse().unwrap();
        assert_eq!(
            variant,
            DraughtsVariant {
                repetition,
                king_moves,
                endgame_rule
            }
        );
        assert_eq!(variant.to_string().parse::<DraughtsVariant>(), Ok(variant));
    }

    #[test]
    fn refuses() {
        arbiter_laws::refuses_all(
            &[
                "",
                "repetition-1",
                "king-moves-0",
                "king-moves-x",
                "no-repetition+repetition-3",
                "no-endgame-rule+no-endgame-rule",
                "standard+no-king-moves",
                "Standard",
            ],
            str::parse::<DraughtsVariant>,
        );
    }

    #[test]
    fn displays_the_settings_that_differ() {
        let variant = DraughtsVariant {
            repetition: None,
            king_moves: Some(10),
            endgame_rule: false,
        };
        assert_eq!(
            variant.to_string(),
            "no-repetition+king-moves-10+no-endgame-rule"
        );
    }
}
