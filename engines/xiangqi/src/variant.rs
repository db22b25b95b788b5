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

use arbiter_core::settings::{Count, OneOf};

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

arbiter_core::settings_variant! {
    XiangqiVariant of "xiangqi", also "cxa+repetition-N+limit-N": {
        profile: OneOf(&Profile::NAMES),
        repetition: Count::at_least("repetition", 2),
        move_limit: Count::at_least("limit", 1).in_unit("moves"),
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
