//! The text of the variants that are settings of draw rules: `standard`, or the settings that
//! differ from it joined by `+` (any order, each rule at most once), such as
//! `repetition-4+no-limit`. A count setting is `<rule>-N` or `no-<rule>` (the rule switched
//! off). Written once for the games whose rules of play never change but whose endings do
//! (Surakarta, draughts, Chinese chess); each game lists its own settings, each a field of its
//! variant type and a [`Setting`] ([`Count`], [`Off`], [`OneOf`]), and
//! [`settings_variant!`](crate::settings_variant) writes the variant's text forms and
//! [`Variant`](crate::Variant) from that list.

use std::fmt;

/// One kind of setting: how a part of a variant's text sets one rule's value, and how the
/// value, the forms and the listed names of the rule are written.
pub trait Setting {
    /// The rule's value in the variant.
    type Value: Copy + PartialEq;

    /// The value `part` gives the rule, or `None` for a part that is no form of this setting.
    fn read(&self, part: &str) -> Option<Self::Value>;

    /// The text of `value`, a value other than the standard one.
    fn text(&self, value: Self::Value) -> String;

    /// The setting's forms in words, as a message lists them.
    fn expected(&self) -> String;

    /// The setting's names as [`Variant::names`](crate::Variant::names) lists them.
    fn names(&self) -> Vec<String>;

    /// The text of `value` when it differs from `standard`, else `None`: what [`write()`] takes.
    fn differing(&self, value: Self::Value, standard: Self::Value) -> Option<String> {
        (value != standard).then(|| self.text(value))
    }
}

/// A count setting: `<rule>-N` with N at least `least`, or `no-<rule>` (the rule switched off,
/// `None`).
#[derive(Clone, Copy, Debug)]
pub struct Count {
    rule: &'static str,
    least: u32,
    unit: &'static str,
}

impl Count {
    /// The count setting `rule`, whose count is at least `least`.
    #[must_use]
    pub const fn at_least(rule: &'static str, least: u32) -> Count {
        Count {
            rule,
            least,
            unit: "",
        }
    }

    /// The same setting, whose count messages give in `unit` (`moves`).
    #[must_use]
    pub const fn in_unit(self, unit: &'static str) -> Count {
        Count { unit, ..self }
    }
}

impl Setting for Count {
    type Value = Option<u32>;

    fn read(&self, part: &str) -> Option<Option<u32>> {
        count_value(part, self.rule, self.least)
    }

    fn text(&self, value: Option<u32>) -> String {
        count_text(self.rule, value)
    }

    fn expected(&self) -> String {
        let (rule, least) = (self.rule, self.least);
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", self.unit)
        };
        format!("{rule}-N (N >= {least}{unit}), no-{rule}")
    }

    fn names(&self) -> Vec<String> {
        vec![format!("{}-N", self.rule), format!("no-{}", self.rule)]
    }
}

/// A rule in force in `standard` (`true`) that the setting, one name, switches off.
#[derive(Clone, Copy, Debug)]
pub struct Off(pub &'static str);

impl Setting for Off {
    type Value = bool;

    fn read(&self, part: &str) -> Option<bool> {
        (part == self.0).then_some(false)
    }

    fn text(&self, _off: bool) -> String {
        self.0.to_owned()
    }

    fn expected(&self) -> String {
        self.0.to_owned()
    }

    fn names(&self) -> Vec<String> {
        vec![self.0.to_owned()]
    }
}

/// A rule that is one of a list of values, each set by its name.
#[derive(Clone, Copy, Debug)]
pub struct OneOf<T: 'static>(pub &'static [(&'static str, T)]);

impl<T: Copy + PartialEq> Setting for OneOf<T> {
    type Value = T;

    fn read(&self, part: &str) -> Option<T> {
        self.0
            .iter()
            .find(|&&(name, _)| name == part)
            .map(|&(_, value)| value)
    }

    fn text(&self, value: T) -> String {
        self.0
            .iter()
            .find(|&&(_, listed)| listed == value)
            .map_or("?", |&(name, _)| name)
            .to_owned()
    }

    fn expected(&self) -> String {
        let names: Vec<&str> = self.0.iter().map(|&(name, _)| name).collect();
        names.join(", ")
    }

    fn names(&self) -> Vec<String> {
        self.0.iter().map(|&(name, _)| name.to_owned()).collect()
    }
}

/// The text of the count setting `rule`: `<rule>-N`, or `no-<rule>` when it is off (`None`).
#[must_use]
fn count_text(rule: &str, value: Option<u32>) -> String {
    match value {
        Some(n) => format!("{rule}-{n}"),
        None => format!("no-{rule}"),
    }
}

/// The value `part` gives the count setting `rule`: `Some(None)` for `no-<rule>`,
/// `Some(Some(n))` for `<rule>-n` with `n` at least `least`, and `None` for any other text
/// (another rule's setting, or a count that is no number or is below `least`).
#[must_use]
fn count_value(part: &str, rule: &str, least: u32) -> Option<Option<u32>> {
    if part.strip_prefix("no-") == Some(rule) {
        return Some(None);
    }
    let count = part.strip_prefix(rule)?.strip_prefix('-')?;
    count.parse().ok().filter(|&n| n >= least).map(Some)
}

/// Writes a variant: the `settings` that differ from the standard, joined by `+` in the order
/// of the grammar (`None` for a rule at its standard value), or `standard` when none differs.
///
/// # Errors
/// Those of the formatter.
pub fn write(f: &mut fmt::Formatter<'_>, settings: &[Option<String>]) -> fmt::Result {
    let differ: Vec<&str> = settings.iter().flatten().map(String::as_str).collect();
    if differ.is_empty() {
        f.write_str("standard")
    } else {
        f.write_str(&differ.join("+"))
    }
}

/// Reads a variant of the game `game`: `standard`, or settings joined by `+`, each applied to
/// the standard variant by `setting`, which says which rule (a number below 32) the part sets,
/// or `None` for a part that is no setting of the game. White space around the text is
/// ignored.
///
/// # Errors
/// For a part that is no setting (naming it and `expected`, the grammar's settings in words)
/// and for a rule set twice.
pub fn parse<V: Default>(
    text: &str,
    game: &str,
    expected: impl Fn() -> String,
    mut setting: impl FnMut(&mut V, &str) -> Option<u32>,
) -> Result<V, String> {
    let text = text.trim();
    let mut variant = V::default();
    if text == "standard" {
        return Ok(variant);
    }
    let mut seen = 0u32;
    for part in text.split('+') {
        let rule = setting(&mut variant, part).ok_or_else(|| {
            format!(
                "unknown {game} variant setting `{part}` in `{text}`: expected `standard` or \
                 {} joined by `+`",
                expected()
            )
        })?;
        if seen & (1 << rule) != 0 {
            return Err(format!("`{text}` sets the same rule twice"));
        }
        seen |= 1 << rule;
    }
    Ok(variant)
}

/// Implements `Display`, `FromStr` and [`Variant`](crate::Variant) for a variant type whose
/// variants are settings of its rules: each `field` of the type (a `Copy` value) and the
/// [`Setting`](crate::settings::Setting) that reads and writes it, in the order of the grammar.
/// `Display` writes `standard` or the settings that differ from the type's `Default`, in that
/// order ([`write`](crate::settings::write)); `FromStr` reads them
/// ([`parse`](crate::settings::parse), whose message lists every setting's forms);
/// `Variant::GAME` is `game`, and `Variant::names` lists `standard`, every setting's names and
/// then `also`, a name that combines settings.
///
/// ```
/// use arbiter_core::settings::{Count, Off};
///
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Toy {
///     limit: Option<u32>,
///     bonus: bool,
/// }
///
/// impl Default for Toy {
///     fn default() -> Toy {
///         Toy { limit: Some(9), bonus: true }
///     }
/// }
///
/// arbiter_core::settings_variant! {
///     Toy of "toy", also "no-limit+no-bonus": {
///         limit: Count::at_least("limit", 1),
///         bonus: Off("no-bonus"),
///     }
/// }
///
/// assert_eq!(" no-bonus+limit-3 ".parse(), Ok(Toy { limit: Some(3), bonus: false }));
/// assert_eq!(Toy { limit: None, bonus: true }.to_string(), "no-limit");
/// assert_eq!(Toy::default().to_string(), "standard");
/// assert_eq!(
///     "limit-0".parse::<Toy>(),
///     Err("unknown toy variant setting `limit-0` in `limit-0`: expected `standard` or \
///          limit-N (N >= 1), no-limit, no-bonus joined by `+`"
///         .to_owned())
/// );
/// assert_eq!(
///     <Toy as arbiter_core::Variant>::names(),
///     ["standard", "limit-N", "no-limit", "no-bonus", "no-limit+no-bonus"]
/// );
/// ```
#[macro_export]
macro_rules! settings_variant {
    (
        $variant:ident of $game:literal, also $also:literal: {
            $($field:ident: $setting:expr),+ $(,)?
        }
    ) => {
        impl ::std::fmt::Display for $variant {
            /// `standard`, or the settings that differ from it, in the order of the grammar.
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                let standard = <$variant as ::std::default::Default>::default();
                $crate::settings::write(
                    f,
                    &[$($crate::settings::Setting::differing(
                        &$setting,
                        self.$field,
                        standard.$field,
                    )),+],
                )
            }
        }

        impl ::std::str::FromStr for $variant {
            type Err = ::std::string::String;

            fn from_str(text: &str) -> ::std::result::Result<Self, Self::Err> {
                // The rule a part sets, by its place in the grammar (the last count is unread).
                #[allow(unused_assignments)]
                let setting = |variant: &mut $variant, part: &str| {
                    let mut rule = 0;
                    $(
                        if let Some(value) = $crate::settings::Setting::read(&$setting, part) {
                            variant.$field = value;
                            return Some(rule);
                        }
                        rule += 1;
                    )+
                    None
                };
                let expected = || {
                    let forms: ::std::vec::Vec<::std::string::String> =
                        ::std::vec![$($crate::settings::Setting::expected(&$setting)),+];
                    forms.join(", ")
                };
                $crate::settings::parse(text, $game, expected, setting)
            }
        }

        impl $crate::Variant for $variant {
            const GAME: &'static str = $game;

            fn names() -> ::std::vec::Vec<::std::string::String> {
                let mut names = ::std::vec![::std::string::String::from("standard")];
                $(names.extend($crate::settings::Setting::names(&$setting));)+
                names.push(::std::string::String::from($also));
                names
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_settings_read_their_own_rule_only() {
        assert_eq!(count_value("limit-4", "limit", 1), Some(Some(4)));
        assert_eq!(count_value("no-limit", "limit", 1), Some(None));
        assert_eq!(count_value("limit-0", "limit", 1), None);
        assert_eq!(count_value("limit-", "limit", 1), None);
        assert_eq!(count_value("limits-4", "limit", 1), None);
        assert_eq!(count_value("repetition-4", "limit", 1), None);
        assert_eq!(count_text("limit", Some(4)), "limit-4");
        assert_eq!(count_text("limit", None), "no-limit");
    }

    #[test]
    fn each_kind_of_setting_reads_writes_and_lists_its_forms() {
        let limit = Count::at_least("limit", 1).in_unit("moves");
        assert_eq!(limit.read("limit-7"), Some(Some(7)));
        assert_eq!(limit.read("no-limit"), Some(None));
        assert_eq!(limit.read("limit-0"), None);
        assert_eq!(limit.expected(), "limit-N (N >= 1 moves), no-limit");
        assert_eq!(limit.names(), ["limit-N", "no-limit"]);
        assert_eq!(
            limit.differing(Some(7), Some(60)),
            Some("limit-7".to_owned())
        );
        assert_eq!(limit.differing(Some(60), Some(60)), None);

        let bonus = Off("no-bonus");
        assert_eq!(bonus.read("no-bonus"), Some(false));
        assert_eq!(bonus.read("bonus"), None);
        assert_eq!(bonus.differing(false, true), Some("no-bonus".to_owned()));
        assert_eq!(bonus.differing(true, true), None);

        let side = OneOf(&[("left", 'l'), ("right", 'r')]);
        assert_eq!(side.read("right"), Some('r'));
        assert_eq!(side.read("up"), None);
        assert_eq!(side.text('l'), "left");
        assert_eq!(side.expected(), "left, right");
        assert_eq!(side.names(), ["left", "right"]);
    }
}
