//! The rule variant: the board size. `standard` is the official 19x19 board; `size-N` plays the
//! same rules on an NxN board for N from 6 to 19 (e.g. `size-15`; `size-19` is `standard`).

use std::fmt;
use std::str::FromStr;

/// The smallest board accepted: a six must fit in a row.
pub const MIN_SIZE: u8 = 6;
/// The largest board accepted: 19x19, the official board (columns `a`..`s`).
pub const MAX_SIZE: u8 = 19;

/// A Connect6 variant: the rules are always the official ones; only the board size varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Connect6Variant {
    size: u8,
}

impl Connect6Variant {
    /// The official 19x19 game.
    pub const STANDARD: Connect6Variant = Connect6Variant { size: MAX_SIZE };

    /// The game on a `size` x `size` board, if `size` is between [`MIN_SIZE`] and [`MAX_SIZE`].
    #[must_use]
    pub const fn with_size(size: u8) -> Option<Connect6Variant> {
        if size >= MIN_SIZE && size <= MAX_SIZE {
            Some(Connect6Variant { size })
        } else {
            None
        }
    }

    /// The number of rows (and of columns).
    #[must_use]
    pub const fn size(self) -> u8 {
        self.size
    }
}

impl Default for Connect6Variant {
    fn default() -> Self {
        Connect6Variant::STANDARD
    }
}

impl fmt::Display for Connect6Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.size == MAX_SIZE {
            f.write_str("standard")
        } else {
            write!(f, "size-{}", self.size)
        }
    }
}

impl FromStr for Connect6Variant {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let error = || {
            format!(
                "unknown connect6 variant `{text}`: expected `standard` or `size-N` with N from {MIN_SIZE} to {MAX_SIZE}"
            )
        };
        if text == "standard" {
            return Ok(Connect6Variant::STANDARD);
        }
        let size = text.strip_prefix("size-").ok_or_else(error)?;
        // `parse` would accept a leading `+`; only plain digits are a size.
        if size.is_empty() || !size.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error());
        }
        size.parse()
            .ok()
            .and_then(Connect6Variant::with_size)
            .ok_or_else(error)
    }
}

impl arbiter_core::Variant for Connect6Variant {
    const GAME: &'static str = "connect6";

    fn names() -> Vec<String> {
        std::iter::once("standard".to_owned())
            .chain((MIN_SIZE..=MAX_SIZE).map(|n| format!("size-{n}")))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("standard", 19)]
    #[case("size-19", 19)]
    #[case("size-15", 15)]
    #[case(" size-6 ", 6)]
    fn reads_names(#[case] text: &str, #[case] size: u8) {
        assert_eq!(
            text.parse::<Connect6Variant>().map(Connect6Variant::size),
            Ok(size)
        );
    }

    /// The default's name and names no variant has; every listed name reads back as the game
    /// laws check (`arbiter_laws::GameLaws`: `size-19` is an
    /// alias of `standard`).
    #[test]
    fn default_and_refused_names() {
        arbiter_laws::variant_names::<Connect6Variant>(
            "standard",
            &[
                "",
                "size-5",
                "size-20",
                "size-+9",
                "size-",
                "size-99999999999999999999",
                "renju",
            ],
        );
    }
}
