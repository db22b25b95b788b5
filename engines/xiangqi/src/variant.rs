//! The rulings of long games: which repetitions lose, after how many occurrences a repetition
//! is ruled, and the natural-move limit. The rules of play never change.
//!
//! Grammar: `standard`, or one to three of the settings below joined by `+` (any order, each
//! kind at most once; a missing one keeps its `standard` value):
//! - the profile, how a repetition is ruled ([`Profile`]): `axf` (perpetual check loses unless
//!   both sides check; a perpetual chase of one unprotected piece loses; otherwise a draw, the
//!   Asian Xiangqi Federation's rules), `cxa` (as `axf`, and one side alternating checks with
//!   chases of one piece also loses, as the Chinese Xiangqi Association's 《象棋竞赛规则》 forbids
//!   一将一捉), or `check-only` (perpetual check as above, every other repetition a draw);
//! - `repetition-N` (N ≥ 2): a repetition is ruled when a position (board and side to move)
//!   occurs for the N-th time; `no-repetition` never rules one (the game goes on);
//! - `limit-N` (N ≥ 1): N moves (2N plies) without a capture draw, unless the side to move
//!   has no legal move; `no-limit` switches it off.
//!
//! `standard` is `axf+repetition-3+limit-60`: the third occurrence (as Fairy-Stockfish's
//! `is_optional_game_end` rules xiangqi) and sixty moves, the natural-move limit (自然限着) of
//! 60 moves that Pikafish counts as `rule60` (120 plies).

use std::fmt;
use std::str::FromStr;

/// How a repetition is ruled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// Asian Xiangqi Federation: perpetual check loses (both sides checking: a draw); a
    /// perpetual chase of one piece loses; check outranks chase; anything else draws.
    Axf,
    /// Chinese Xiangqi Association: as [`Profile::Axf`], and a side whose every move checks or
    /// chases one same piece (一将一捉) is chasing.
    Cxa,
    /// Only perpetual check is ruled; every other repetition is a draw.
    CheckOnly,
}

impl Profile {
    const NAMES: [(&'static str, Profile); 3] = [
        ("axf", Profile::Axf),
        ("cxa", Profile::Cxa),
        ("check-only", Profile::CheckOnly),
    ];

    /// The profile's name in the grammar.
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, profile)| *profile == self)
            .map_or("axf", |(name, _)| name)
    }
}

/// The rulings in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct XiangqiVariant {
    /// How a repetition is ruled.
    pub profile: Profile,
    /// The occurrence of a position at which the repetition is ruled (`None`: never).
    pub repetition: Option<u32>,
    /// Moves without a capture that draw (`None`: no limit). Counted in moves of both sides;
    /// the position holds plies.
    pub move_limit: Option<u32>,
}

impl Default for XiangqiVariant {
    fn default() -> XiangqiVariant {
        XiangqiVariant {
            profile: Profile::Axf,
            repetition: Some(3),
            move_limit: Some(60),
        }
    }
}

impl XiangqiVariant {
    /// The natural-move limit in plies.
    #[must_use]
    pub fn ply_limit(&self) -> Option<u32> {
        self.move_limit.map(|moves| moves.saturating_mul(2))
    }
}

impl fmt::Display for XiangqiVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let standard = XiangqiVariant::default();
        if *self == standard {
            return f.write_str("standard");
        }
        let mut parts = Vec::new();
        if self.profile != standard.profile {
            parts.push(self.profile.name().to_owned());
        }
        if self.repetition != standard.repetition {
            parts.push(
                self.repetition
                    .map_or_else(|| "no-repetition".to_owned(), |n| format!("repetition-{n}")),
            );
        }
        if self.move_limit != standard.move_limit {
            parts.push(
                self.move_limit
                    .map_or_else(|| "no-limit".to_owned(), |n| format!("limit-{n}")),
            );
        }
        f.write_str(&parts.join("+"))
    }
}

/// What one part of the grammar sets.
enum Setting {
    Profile(Profile),
    Repetition(Option<u32>),
    Limit(Option<u32>),
}

fn setting(part: &str) -> Option<Setting> {
    let number = |text: &str, least: u32| text.parse::<u32>().ok().filter(|&n| n >= least);
    if let Some((_, profile)) = Profile::NAMES.iter().find(|(name, _)| *name == part) {
        return Some(Setting::Profile(*profile));
    }
    match part {
        "no-repetition" => Some(Setting::Repetition(None)),
        "no-limit" => Some(Setting::Limit(None)),
        _ => {
            if let Some(n) = part.strip_prefix("repetition-") {
                number(n, 2).map(|n| Setting::Repetition(Some(n)))
            } else {
                part.strip_prefix("limit-")
                    .and_then(|n| number(n, 1))
                    .map(|n| Setting::Limit(Some(n)))
            }
        }
    }
}

impl FromStr for XiangqiVariant {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let mut variant = XiangqiVariant::default();
        if text == "standard" {
            return Ok(variant);
        }
        let mut seen = [false; 3];
        for part in text.split('+') {
            let setting = setting(part).ok_or_else(|| {
                format!(
                    "unknown xiangqi variant setting `{part}` in `{text}`: expected `standard` or \
                     axf, cxa, check-only, repetition-N (N >= 2), no-repetition, limit-N \
                     (N >= 1 moves), no-limit joined by `+`"
                )
            })?;
            let kind = match setting {
                Setting::Profile(profile) => {
                    variant.profile = profile;
                    0
                }
                Setting::Repetition(n) => {
                    variant.repetition = n;
                    1
                }
                Setting::Limit(n) => {
                    variant.move_limit = n;
                    2
                }
            };
            if std::mem::replace(&mut seen[kind], true) {
                return Err(format!("`{text}` sets the same rule twice"));
            }
        }
        Ok(variant)
    }
}

impl arbiter_core::Variant for XiangqiVariant {
    fn names() -> Vec<String> {
        [
            "standard",
            "axf",
            "cxa",
            "check-only",
            "repetition-N",
            "no-repetition",
            "limit-N",
            "no-limit",
            "cxa+repetition-N+limit-N",
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
    #[case("standard", Profile::Axf, Some(3), Some(60))]
    #[case("axf", Profile::Axf, Some(3), Some(60))]
    #[case("cxa", Profile::Cxa, Some(3), Some(60))]
    #[case("check-only+repetition-2", Profile::CheckOnly, Some(2), Some(60))]
    #[case("no-limit+no-repetition", Profile::Axf, None, None)]
    #[case(" limit-50+cxa ", Profile::Cxa, Some(3), Some(50))]
    fn parses(
        #[case] text: &str,
        #[case] profile: Profile,
        #[case] repetition: Option<u32>,
        #[case] limit: Option<u32>,
    ) {
        let variant: XiangqiVariant = text.parse().unwrap();
        assert_eq!(
            variant,
            XiangqiVariant {
                profile,
                repetition,
                move_limit: limit
            }
        );
        assert_eq!(variant.to_string().parse::<XiangqiVariant>(), Ok(variant));
    }

    #[rstest]
    #[case("")]
    #[case("Standard")]
    #[case("repetition-1")]
    #[case("limit-0")]
    #[case("limit-x")]
    #[case("axf+cxa")]
    #[case("limit-3+no-limit")]
    #[case("standard+cxa")]
    #[case("wxf")]
    fn refuses(#[case] text: &str) {
        assert!(text.parse::<XiangqiVariant>().is_err(), "{text}");
    }

    #[test]
    fn displays_only_what_differs() {
        let variant = XiangqiVariant {
            profile: Profile::Cxa,
            repetition: Some(3),
            move_limit: None,
        };
        assert_eq!(variant.to_string(), "cxa+no-limit");
        assert_eq!(XiangqiVariant::default().to_string(), "standard");
        assert_eq!(variant.ply_limit(), None);
        assert_eq!(XiangqiVariant::default().ply_limit(), Some(120));
    }
}
