//! Go rule variants as values: the board size, the rule settings (the field set of KataGo's
//! rules: ko, scoring, tax, multi-stone suicide, white's handicap bonus, komi), the handicap,
//! and named profiles.
//!
//! Grammar: `<profile>[@<size>][,<key>=<value>]…`, e.g. `tromp-taylor`, `chinese@9`,
//! `japanese@13,komi=6.5`, `tromp-taylor@5,komi=0`, `aga,handicap=4`. The profile sets every
//! field; the keys override one each:
//!
//! | key | values | meaning |
//! |---|---|---|
//! | `ko` | `simple`, `positional`, `situational` | the repetition rule ([`KoRule`]) |
//! | `scoring` | `area`, `territory` | what a finished game counts ([`Scoring`]) |
//! | `tax` | `none`, `seki`, `all` | empty points that do not count ([`Tax`]) |
//! | `suicide` | `allowed`, `forbidden` | multi-stone suicide (single-stone suicide never is) |
//! | `bonus` | `0`, `n-1`, `n` | white's points per handicap stone ([`HandicapBonus`]) |
//! | `komi` | an integer or half-integer | points given to white |
//! | `handicap` | `0`, or 2 to 9 | black's fixed handicap stones ([`crate::handicap`]) |
//!
//! The profiles are KataGo's shorthands with their field values (lightvector/KataGo,
//! `cpp/game/rules.cpp` `parseRulesHelper`, and its rules page docs/rules.html), each the
//! formal reading of a published rule text ([`Profile::source`]).

use std::fmt;
use std::str::FromStr;

use crate::board::{MAX_SIZE, MIN_SIZE};

/// The board side when a variant names none: the full board.
pub const DEFAULT_SIZE: u8 = 19;

/// Which repetitions are forbidden (KataGo `koRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// A move may not recreate the state at the start of the opponent's previous turn (the
    /// basic ko rule). Long cycles are allowed; KataGo's end conditions for them apply: a
    /// player passing from a state it already passed from ends the game, and a state met a
    /// third time since the last pass ends it with no result.
    Simple,
    /// A move may not recreate any earlier board (grid colouring).
    Positional,
    /// A move may not recreate any earlier board with the same side to move.
    Situational,
}

/// What a finished game counts (KataGo `scoringRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Stones on the board and the empty points they surround.
    Area,
    /// Surrounded empty points and captured stones (prisoners).
    Territory,
}

/// Which surrounded empty points do not count (KataGo `taxRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tax {
    /// Every empty region bordered by one colour only is that colour's.
    None,
    /// Only empty points inside a colour's independent-life regions count: none in seki.
    Seki,
    /// As `Seki`, and each independent-life region costs its owner two points.
    All,
}

/// White's extra points in a handicap game of N stones (KataGo `whiteHandicapBonus`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandicapBonus {
    Zero,
    NMinusOne,
    N,
}

impl HandicapBonus {
    /// White's extra points for `stones` handicap stones (none without a handicap).
    #[must_use]
    pub const fn points(self, stones: u8) -> i32 {
        if stones < 2 {
            return 0;
        }
        match self {
            HandicapBonus::Zero => 0,
            HandicapBonus::NMinusOne => stones as i32 - 1,
            HandicapBonus::N => stones as i32,
        }
    }
}

/// The rule settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub ko: KoRule,
    pub scoring: Scoring,
    pub tax: Tax,
    /// Whether a move may leave its own group of more than one stone without liberties (it is
    /// then removed). Single-stone suicide would leave the board as it was and is never legal.
    pub suicide: bool,
    pub bonus: HandicapBonus,
    /// Komi in half points (7.5 is 15), so that every komi in use is exact.
    pub komi_halves: i32,
}

/// A named rule set: KataGo's shorthands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    TrompTaylor,
    Chinese,
    ChineseOgs,
    Japanese,
    Korean,
    Aga,
    NewZealand,
    StoneScoring,
}

impl Profile {
    /// Every profile, in a fixed order.
    pub const ALL: [Profile; 8] = [
        Profile::TrompTaylor,
        Profile::Chinese,
        Profile::ChineseOgs,
        Profile::Japanese,
        Profile::Korean,
        Profile::Aga,
        Profile::NewZealand,
        Profile::StoneScoring,
    ];

    /// The profile's name in variants (KataGo's spelling).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Profile::TrompTaylor => "tromp-taylor",
            Profile::Chinese => "chinese",
            Profile::ChineseOgs => "chinese-ogs",
            Profile::Japanese => "japanese",
            Profile::Korean => "korean",
            Profile::Aga => "aga",
            Profile::NewZealand => "new-zealand",
            Profile::StoneScoring => "stone-scoring",
        }
    }

    /// The rule text the profile reads, and what KataGo sets for it.
    #[must_use]
    pub const fn source(self) -> &'static str {
        match self {
            Profile::TrompTaylor => {
                "J. Tromp and B. Taylor, the logical rules of go (tromp.github.io/go.html): a \
                 move may not repeat an earlier grid colouring, suicide by clearing, area \
                 scoring, two passes end the game; komi 7.5 as KataGo's tromp-taylor"
            }
            Profile::Chinese => {
                "Chinese rules as played over the board: area scoring, no suicide, simple ko \
                 (KataGo rules page: Chinese tournaments normally use a simple ko rule, though \
                 the written rule reads as positional superko), komi 7.5, white gets N points \
                 per handicap game (中国围棋竞赛规则 2017, 3 3/4 stones of komi and the \
                 handicap stones returned)"
            }
            Profile::ChineseOgs => {
                "Chinese rules as OGS and KGS implement them: the written Chinese rule against \
                 a whole-board repetition read as positional superko (KataGo chinese-ogs), \
                 otherwise as chinese"
            }
            Profile::Japanese => {
                "The Japanese Rules of Go (Nihon Ki-in, 1989): territory scoring with \
                 prisoners, no points in seki, simple ko, no suicide; komi 6.5 (KataGo \
                 japanese)"
            }
            Profile::Korean => "The Korean Baduk Association rules, read as japanese by KataGo",
            Profile::Aga => {
                "AGA Concise Rules of Go (1991): area counting, situational superko, no \
                 suicide, komi 7.5, white one point per handicap stone after the first (KataGo \
                 aga)"
            }
            Profile::NewZealand => {
                "New Zealand Go Society rules: area scoring, situational superko, suicide \
                 allowed, komi 7 (KataGo new-zealand)"
            }
            Profile::StoneScoring => {
                "Ancient stone scoring (KataGo stone-scoring): area scoring where each living \
                 group pays two points for its two eyes; simple ko, no suicide, komi 7.5"
            }
        }
    }

    /// The profile's settings.
    #[must_use]
    pub const fn rules(self) -> Rules {
        let (ko, scoring, tax, suicide, bonus, komi_halves) = match self {
            Profile::TrompTaylor => (
                KoRule::Positional,
                Scoring::Area,
                Tax::None,
                true,
                HandicapBonus::Zero,
                15,
            ),
            Profile::Chinese => (
                KoRule::Simple,
                Scoring::Area,
                Tax::None,
                false,
                HandicapBonus::N,
                15,
            ),
            Profile::ChineseOgs => (
                KoRule::Positional,
                Scoring::Area,
                Tax::None,
                false,
                HandicapBonus::N,
                15,
            ),
            Profile::Japanese | Profile::Korean => (
                KoRule::Simple,
                Scoring::Territory,
                Tax::Seki,
                false,
                HandicapBonus::Zero,
                13,
            ),
            Profile::Aga => (
                KoRule::Situational,
                Scoring::Area,
                Tax::None,
                false,
                HandicapBonus::NMinusOne,
                15,
            ),
            Profile::NewZealand => (
                KoRule::Situational,
                Scoring::Area,
                Tax::None,
                true,
                HandicapBonus::Zero,
                14,
            ),
            Profile::StoneScoring => (
                KoRule::Simple,
                Scoring::Area,
                Tax::All,
                false,
                HandicapBonus::Zero,
                15,
            ),
        };
        Rules {
            ko,
            scoring,
            tax,
            suicide,
            bonus,
            komi_halves,
        }
    }
}

/// A Go variant: the profile it was named by, the board size, the rules and the handicap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GoVariant {
    pub profile: Profile,
    pub size: u8,
    pub rules: Rules,
    /// Fixed handicap stones of black at the start (0: an even game).
    pub handicap: u8,
}

impl Default for GoVariant {
    /// Tromp-Taylor rules on 19x19.
    fn default() -> GoVariant {
        GoVariant::new(Profile::TrompTaylor, DEFAULT_SIZE)
    }
}

impl GoVariant {
    /// `profile` on a `size` board, as the profile sets it.
    #[must_use]
    pub const fn new(profile: Profile, size: u8) -> GoVariant {
        GoVariant {
            profile,
            size,
            rules: profile.rules(),
            handicap: 0,
        }
    }

    /// White's handicap bonus in points.
    #[must_use]
    pub const fn bonus(&self) -> i32 {
        self.rules.bonus.points(self.handicap)
    }
}

fn komi_text(halves: i32) -> String {
    if halves % 2 == 0 {
        (halves / 2).to_string()
    } else {
        // An odd number of halves: the whole part (rounded toward zero) and a half.
        let sign = if halves < 0 { "-" } else { "" };
        format!("{sign}{}.5", halves.abs() / 2)
    }
}

fn parse_komi(text: &str) -> Result<i32, String> {
    let bad = || format!("komi `{text}`: expected an integer or half-integer such as 7.5");
    let value: f64 = text.parse().map_err(|_| bad())?;
    let halves = value * 2.0;
    if !halves.is_finite() || halves.fract() != 0.0 || halves.abs() > 2.0 * 1000.0 {
        return Err(bad());
    }
    // A whole number of halves within ±2000: exact as an i32.
    Ok(halves as i32)
}

/// A board side from 2 to 19.
fn parse_size(text: &str) -> Result<u8, String> {
    match text.parse::<u8>() {
        Ok(size) if (MIN_SIZE..=MAX_SIZE).contains(&size) => Ok(size),
        _ => Err(format!(
            "go board size `{text}`: expected {MIN_SIZE} to {MAX_SIZE}"
        )),
    }
}

/// The values of a setting by name, for reading and writing it alike, in the order the
/// refusal lists them.
type Names<T> = [(&'static str, T)];

const KO_NAMES: [(&str, KoRule); 3] = [
    ("simple", KoRule::Simple),
    ("positional", KoRule::Positional),
    ("situational", KoRule::Situational),
];
const SCORING_NAMES: [(&str, Scoring); 2] =
    [("area", Scoring::Area), ("territory", Scoring::Territory)];
const TAX_NAMES: [(&str, Tax); 3] = [("none", Tax::None), ("seki", Tax::Seki), ("all", Tax::All)];
const SUICIDE_NAMES: [(&str, bool); 2] = [("allowed", true), ("forbidden", false)];
const BONUS_NAMES: [(&str, HandicapBonus); 3] = [
    ("0", HandicapBonus::Zero),
    ("n-1", HandicapBonus::NMinusOne),
    ("n", HandicapBonus::N),
];

/// `,key=<name>` when `value` differs from the profile's `base`.
fn write_setting<T: Copy + PartialEq>(
    f: &mut fmt::Formatter<'_>,
    key: &str,
    names: &Names<T>,
    value: T,
    base: T,
) -> fmt::Result {
    if value == base {
        return Ok(());
    }
    let (name, _) = names
        .iter()
        .find(|(_, named)| *named == value)
        .expect("every value of a setting has a name");
    write!(f, ",{key}={name}")
}

/// The value of the setting `key` named `text`.
fn read_setting<T: Copy>(key: &str, text: &str, names: &Names<T>) -> Result<T, String> {
    names
        .iter()
        .find(|(name, _)| *name == text)
        .map(|&(_, value)| value)
        .ok_or_else(|| format!("go setting {key}=`{text}`: expected {}", one_of(names)))
}

/// The names as a refusal lists them: `simple, positional or situational`.
fn one_of<T>(names: &Names<T>) -> String {
    let names: Vec<&str> = names.iter().map(|&(name, _)| name).collect();
    match names.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl fmt::Display for GoVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.profile.name())?;
        if self.size != DEFAULT_SIZE {
            write!(f, "@{}", self.size)?;
        }
        let base = self.profile.rules();
        let rules = self.rules;
        write_setting(f, "ko", &KO_NAMES, rules.ko, base.ko)?;
        write_setting(f, "scoring", &SCORING_NAMES, rules.scoring, base.scoring)?;
        write_setting(f, "tax", &TAX_NAMES, rules.tax, base.tax)?;
        write_setting(f, "suicide", &SUICIDE_NAMES, rules.suicide, base.suicide)?;
        write_setting(f, "bonus", &BONUS_NAMES, rules.bonus, base.bonus)?;
        if rules.komi_halves != base.komi_halves {
            write!(f, ",komi={}", komi_text(rules.komi_halves))?;
        }
        if self.handicap != 0 {
            write!(f, ",handicap={}", self.handicap)?;
        }
        Ok(())
    }
}

impl FromStr for GoVariant {
    type Err = String;

    fn from_str(text: &str) -> Result<GoVariant, String> {
        let text = text.trim();
        let mut parts = text.split(',');
        let head = parts.next().unwrap_or_default().trim();
        let (name, size_text) = head.split_once('@').unwrap_or((head, ""));
        let profile = Profile::ALL
            .into_iter()
            .find(|profile| profile.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Profile::ALL.iter().map(|p| p.name()).collect();
                format!(
                    "unknown go rules `{name}`: expected one of {}, optionally with \
                     @<size> ({MIN_SIZE}-{MAX_SIZE}) and ,key=value settings",
                    names.join(", ")
                )
            })?;
        let size = if head.contains('@') {
            parse_size(size_text)?
        } else {
            DEFAULT_SIZE
        };
        let mut variant = GoVariant::new(profile, size);
        for setting in parts {
            let (key, value) = setting
                .split_once('=')
                .ok_or_else(|| format!("go variant setting `{setting}`: expected key=value"))?;
            let (key, value) = (key.trim(), value.trim());
            let bad = |expected: &str| format!("go setting {key}=`{value}`: expected {expected}");
            let rules = &mut variant.rules;
            match key {
                "ko" => rules.ko = read_setting(key, value, &KO_NAMES)?,
                "scoring" => rules.scoring = read_setting(key, value, &SCORING_NAMES)?,
                "tax" => rules.tax = read_setting(key, value, &TAX_NAMES)?,
                "suicide" => rules.suicide = read_setting(key, value, &SUICIDE_NAMES)?,
                "bonus" => rules.bonus = read_setting(key, value, &BONUS_NAMES)?,
                "komi" => rules.komi_halves = parse_komi(value)?,
                "handicap" => {
                    let stones: u8 = value.parse().map_err(|_| bad("a number of stones"))?;
                    if stones != 0 {
                        crate::handicap::fixed_points(
                            crate::board::Geometry::of_size(size),
                            stones,
                        )?;
                    }
                    variant.handicap = stones;
                }
                _ => {
                    return Err(format!(
                        "unknown go setting `{key}`: expected ko, scoring, tax, suicide, \
                         bonus, komi or handicap"
                    ));
                }
            }
        }
        Ok(variant)
    }
}

impl arbiter_core::Variant for GoVariant {
    const GAME: &'static str = "go";

    /// Every profile on 19x19, and on the named 9x9 and 13x13 boards; every `@<size>` from
    /// 2 to 19 and every setting are accepted too.
    fn names() -> Vec<String> {
        let mut names = Vec::new();
        for profile in Profile::ALL {
            names.push(profile.name().to_owned());
            for size in [9, 13] {
                names.push(format!("{}@{size}", profile.name()));
            }
        }
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Variant;
    use rstest::rstest;

    #[rstest]
    #[case("tromp-taylor", Profile::TrompTaylor, 19)]
    #[case(" chinese@9 ", Profile::Chinese, 9)]
    #[case("japanese@13", Profile::Japanese, 13)]
    #[case("new-zealand@2", Profile::NewZealand, 2)]
    fn profiles_and_sizes(#[case] text: &str, #[case] profile: Profile, #[case] size: u8) {
        let variant: GoVariant = text.parse().unwrap();
        assert_eq!(variant, GoVariant::new(profile, size));
    }

    #[test]
    fn settings_override_the_profile_and_print_back() {
        let variant: GoVariant = "japanese@9,komi=0,ko=positional,tax=none,handicap=2"
            .parse()
            .unwrap();
        assert_eq!(variant.rules.komi_halves, 0);
        assert_eq!(variant.rules.ko, KoRule::Positional);
        assert_eq!(variant.rules.tax, Tax::None);
        assert_eq!(variant.handicap, 2);
        assert_eq!(
            variant.to_string(),
            "japanese@9,ko=positional,tax=none,komi=0,handicap=2"
        );
        let negative: GoVariant = "aga,komi=-0.5".parse().unwrap();
        assert_eq!(negative.rules.komi_halves, -1);
        assert_eq!(negative.to_string(), "aga,komi=-0.5");
    }

    #[test]
    fn bad_names_and_settings_are_refused_with_their_reason() {
        let wrong = [
            ("", "unknown go rules"),
            ("go", "unknown go rules"),
            ("chinese@1", "board size"),
            ("chinese@20", "board size"),
            ("chinese@x", "board size"),
            ("chinese,komi=7.25", "half-integer"),
            ("chinese,komi=seven", "half-integer"),
            ("chinese,komi=1e300", "half-integer"),
            ("chinese,komi", "key=value"),
            ("chinese,ko=super", "simple, positional or situational"),
            ("chinese,colour=red", "unknown go setting"),
            ("chinese@9,handicap=10", "GTP places 2 to 9"),
            ("chinese@5,handicap=2", "from 7x7"),
        ];
        arbiter_laws::refuses_saying(&wrong, str::parse::<GoVariant>);
    }

    /// The listed names read back as the game laws check (`arbiter_laws::GameLaws`).
    #[test]
    fn every_profile_is_listed_with_its_sizes() {
        assert!(GoVariant::names().len() >= 3 * Profile::ALL.len());
        assert_eq!(GoVariant::default(), "tromp-taylor".parse().unwrap());
    }

    #[test]
    fn handicap_bonus_by_rule() {
        assert_eq!(HandicapBonus::N.points(4), 4);
        assert_eq!(HandicapBonus::NMinusOne.points(4), 3);
        assert_eq!(HandicapBonus::Zero.points(4), 0);
        assert_eq!(HandicapBonus::N.points(0), 0);
    }
}
