//! The text of the variants that are settings of draw rules: `standard`, or the settings that
//! differ from it joined by `+` (any order, each rule at most once), such as
//! `repetition-4+no-limit`. A count setting is `<rule>-N` or `no-<rule>` (the rule switched
//! off). Written once for the games whose rules of play never change but whose endings do
//! (Surakarta, draughts, Chinese chess); each game lists its own settings.

use std::fmt;

/// The text of the count setting `rule`: `<rule>-N`, or `no-<rule>` when it is off (`None`).
#[must_use]
pub fn count_text(rule: &str, value: Option<u32>) -> String {
    match value {
        Some(n) => format!("{rule}-{n}"),
        None => format!("no-{rule}"),
    }
}

/// The value `part` gives the count setting `rule`: `Some(None)` for `no-<rule>`,
/// `Some(Some(n))` for `<rule>-n` with `n` at least `least`, and `None` for any other text
/// (another rule's setting, or a count that is no number or is below `least`).
#[must_use]
pub fn count_value(part: &str, rule: &str, least: u32) -> Option<Option<u32>> {
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
    expected: &str,
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
                 {expected} joined by `+`"
            )
        })?;
        if seen & (1 << rule) != 0 {
            return Err(format!("`{text}` sets the same rule twice"));
        }
        seen |= 1 << rule;
    }
    Ok(variant)
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
}
