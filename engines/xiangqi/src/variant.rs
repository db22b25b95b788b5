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

use arbiter_core::settings;

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
        settings::write(
            f,
            &[
                (self.profile != standard.profile).then(|| self.profile.name().to_owned()),
                (self.repetition != standard.repetition)
                    .then(|| settings::count_text("repetition", self.repetition)),
                (self.move_limit != standard.move_limit)
                    .then(|| settings::count_text("limit", self.move_limit)),
            ],
        )
    }
}

impl FromStr for XiangqiVariant {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        settings::parse(
            text,
            <Self as arbiter_core::Variant>::GAME,
            "axf, cxa, check-only, repetition-N (N >= 2), no-repetition, limit-N (N >= 1 moves), \
             no-limit",
            apply_setting,
        )
    }
}

/// Applies one setting of a variant's text to `variant`: which rule it sets (0 the ruling
/// profile, 1 the repetition count, 2 the move limit), or `None` for no setting of xiangqi.
fn apply_setting(variant: &mut XiangqiVariant, part: &str) -> Option<u32> {
    if let Some((_, profile)) = Profile::NAMES.iter().find(|(name, _)| *name == part) {
        variant.profile = *profile;
        return Some(0);
    }
    if let Some(repetition) = settings::count_value(part, "repetition", 2) {
        variant.repetition = repetition;
        return Some(1);
    }
    variant.move_limit = settings::count_value(part, "limit", 1)?;
    Some(2)
}

impl arbiter_core::Variant for XiangqiVariant {
    const GAME: &'static str = "xiangqi";

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

    #[test]
    fn refuses() {
        arbiter_laws::refuses_all(
            &[
                "",
                "Standard",
                "repetition-1",
                "limit-0",
                "limit-x",
                "axf+cxa",
                "limit-3+no-limit",
                "standard+cxa",
                "wxf",
            ],
            str::parse::<XiangqiVariant>,
        );
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
