//! The variant names of the games whose variants are a rule and a board size (NoGo, Hex):
//! `<rule>[@<size>]`, the size left out on the default board. Written once: each game gives
//! its rules' names, its sizes and the sizes it lists.

use std::fmt;

use crate::settings::{OneOf, Setting};

/// The grammar `<rule>[@<size>]` of one game: its rules by name and the board sides it plays.
#[derive(Clone, Copy, Debug)]
pub struct SizedVariants<R: 'static> {
    /// The game's name, for messages.
    pub game: &'static str,
    /// Every rule with its name, in the order messages and [`SizedVariants::names`] list them.
    pub rules: &'static [(&'static str, R)],
    /// The smallest board side.
    pub min_size: u8,
    /// The largest board side.
    pub max_size: u8,
    /// The board side of a name without `@<size>`.
    pub default_size: u8,
    /// The board sides whose names [`SizedVariants::names`] lists, in its order; every side
    /// from `min_size` to `max_size` is read all the same.
    pub listed_sizes: &'static [u8],
}

impl<R: Copy + PartialEq> SizedVariants<R> {
    /// The grammar of `game`, whose `rules` are played on boards of side `min_size` to
    /// `max_size`, `default_size` when a name gives none, and named on `listed_sizes`.
    #[must_use]
    pub const fn new(
        game: &'static str,
        rules: &'static [(&'static str, R)],
        min_size: u8,
        max_size: u8,
        default_size: u8,
        listed_sizes: &'static [u8],
    ) -> SizedVariants<R> {
        SizedVariants {
            game,
            rules,
            min_size,
            max_size,
            default_size,
            listed_sizes,
        }
    }

    /// Reads a variant name, ignoring surrounding white space: the rule and the board side.
    ///
    /// # Errors
    /// For a size that is no number or lies outside the sizes (checked first), and for an
    /// unknown rule, naming the rules and the sizes.
    pub fn parse(&self, text: &str) -> Result<(R, u8), String> {
        let text = text.trim();
        let (rule, size) = match text.split_once('@') {
            None => (text, self.default_size),
            Some((rule, size)) => (rule, self.parse_size(size)?),
        };
        let rule = OneOf(self.rules).read(rule).ok_or_else(|| {
            format!(
                "unknown {} variant `{rule}`: expected {}, optionally with @<size> ({}-{})",
                self.game,
                self.rule_names(),
                self.min_size,
                self.max_size
            )
        })?;
        Ok((rule, size))
    }

    /// Writes the name of `rule` on a `size` board.
    ///
    /// # Errors
    /// Those of the formatter.
    pub fn write(&self, f: &mut fmt::Formatter<'_>, rule: R, size: u8) -> fmt::Result {
        f.write_str(&OneOf(self.rules).text(rule))?;
        if size != self.default_size {
            write!(f, "@{size}")?;
        }
        Ok(())
    }

    /// The names of every rule on each board side of `listed_sizes`, rule by rule: the names
    /// a game lists ([`crate::Variant::names`]).
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        let mut names = Vec::new();
        for &(name, _) in self.rules {
            for &size in self.listed_sizes {
                names.push(if size == self.default_size {
                    name.to_owned()
                } else {
                    format!("{name}@{size}")
                });
            }
        }
        names
    }

    fn parse_size(&self, size: &str) -> Result<u8, String> {
        size.parse::<u8>()
            .ok()
            .filter(|side| (self.min_size..=self.max_size).contains(side))
            .ok_or_else(|| {
                format!(
                    "{} board size `{size}`: expected {} to {}",
                    self.game, self.min_size, self.max_size
                )
            })
    }

    /// The rules' names as a message lists them: `a, b or c`.
    fn rule_names(&self) -> String {
        let names: Vec<&str> = self.rules.iter().map(|&(name, _)| name).collect();
        match names.split_last() {
            Some((last, [])) => (*last).to_owned(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}
