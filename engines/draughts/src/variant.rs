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

use arbiter_core::settings::{Count, Off};

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

arbiter_core::settings_variant! {
    DraughtsVariant of "draughts", also "no-repetition+no-king-moves+no-endgame-rule": {
        repetition: Count::at_least("repetition", 2),
        king_moves: Count::at_least("king-moves", 1),
        endgame_rule: Off("no-endgame-rule"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    /// Each text read, and the variant written back: the settings that differ from `standard`,
    /// in the order of the grammar.
    #[rstest]
    #[case("standard", Some(3), Some(25), true, "standard")]
    #[case("repetition-2", Some(2), Some(25), true, "repetition-2")]
    #[case("no-king-moves", Some(3), None, true, "no-king-moves")]
    #[case(
        "no-endgame-rule+no-repetition",
        None,
        Some(25),
        false,
        "no-repetition+no-endgame-rule"
    )]
    #[case(
        " king-moves-5+repetition-4 ",
        Some(4),
        Some(5),
        true,
        "repetition-4+king-moves-5"
    )]
    #[case(
        "no-repetition+king-moves-10+no-endgame-rule",
        None,
        Some(10),
        false,
        "no-repetition+king-moves-10+no-endgame-rule"
    )]
    fn parses_and_displays(
        #[case] text: &str,
        #[case] repetition: Option<u32>,
        #[case] king_moves: Option<u32>,
        #[case] endgame_rule: bool,
        #[case] written: &str,
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
        assert_eq!(variant.to_string(), written);
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
}
