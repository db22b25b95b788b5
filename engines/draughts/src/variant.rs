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
        let settings: Vec<String> = [
            (self.repetition != standard.repetition).then(|| match self.repetition {
                Some(n) => format!("repetition-{n}"),
                None => "no-repetition".to_owned(),
            }),
            (self.king_moves != standard.king_moves).then(|| match self.king_moves {
                Some(n) => format!("king-moves-{n}"),
                None => "no-king-moves".to_owned(),
            }),
            (!self.endgame_rule).then(|| "no-endgame-rule".to_owned()),
        ]
        .into_iter()
        .flatten()
        .collect();
        if settings.is_empty() {
            f.write_str("standard")
        } else {
            f.write_str(&settings.join("+"))
        }
    }
}

/// Which rule a setting is about, so that naming one twice is caught.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rule {
    Repetition,
    KingMoves,
    Endgame,
}

/// A number after a setting's prefix, at least `least`.
fn count(text: &str, least: u32) -> Option<u32> {
    text.parse().ok().filter(|&n| n >= least)
}

impl FromStr for DraughtsVariant {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let mut variant = DraughtsVariant::default();
        if text == "standard" {
            return Ok(variant);
        }
        let bad = |part: &str| {
            format!(
                "unknown draughts variant setting `{part}` in `{text}`: expected `standard` or \
                 repetition-N (N >= 2), no-repetition, king-moves-N (N >= 1), no-king-moves, \
                 no-endgame-rule joined by `+`"
            )
        };
        let mut seen = Vec::new();
        for part in text.split('+') {
            let rule = if part == "no-repetition" {
                variant.repetition = None;
                Rule::Repetition
            } else if part == "no-king-moves" {
                variant.king_moves = None;
                Rule::KingMoves
            } else if part == "no-endgame-rule" {
                variant.endgame_rule = false;
                Rule::Endgame
            } else if let Some(n) = part.strip_prefix("repetition-") {
                variant.repetition = Some(count(n, 2).ok_or_else(|| bad(part))?);
                Rule::Repetition
            } else if let Some(n) = part.strip_prefix("king-moves-") {
                variant.king_moves = Some(count(n, 1).ok_or_else(|| bad(part))?);
                Rule::KingMoves
            } else {
                return Err(bad(part));
            };
            if seen.contains(&rule) {
                return Err(format!("`{text}` sets the same rule twice"));
            }
            seen.push(rule);
        }
        Ok(variant)
    }
}

impl arbiter_core::Variant for DraughtsVariant {
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

    #[rstest]
    #[case("")]
    #[case("repetition-1")]
    #[case("king-moves-0")]
    #[case("king-moves-x")]
    #[case("no-repetition+repetition-3")]
    #[case("no-endgame-rule+no-endgame-rule")]
    #[case("standard+no-king-moves")]
    #[case("Standard")]
    fn refuses(#[case] text: &str) {
        assert!(text.parse::<DraughtsVariant>().is_err(), "{text}");
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
