//! Board sizes as variants: `RxC` is R rows and C columns of boxes ((R+1) x (C+1) dots).
//!
//! The CCGC board is `5x5` (6x6 dots, 25 boxes, 60 lines), the default. Any size with at most
//! [`MAX_EDGES`] lines is accepted (the lines are the bits of a `u64`): `3x3`, `2x3`, `4x6`,
//! `1x21`, … The rules are the same on every board.

use std::fmt;
use std::str::FromStr;

/// The most lines a board may have: one bit each in a `u64`.
pub const MAX_EDGES: usize = 64;

/// A board of `rows` x `cols` boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DotsBoxesVariant {
    pub rows: u8,
    pub cols: u8,
}

impl Default for DotsBoxesVariant {
    /// The CCGC board: 5x5 boxes.
    fn default() -> DotsBoxesVariant {
        DotsBoxesVariant { rows: 5, cols: 5 }
    }
}

impl DotsBoxesVariant {
    /// The board of `rows` x `cols` boxes, if it has at least one box and at most
    /// [`MAX_EDGES`] lines.
    #[must_use]
    pub fn new(rows: u8, cols: u8) -> Option<DotsBoxesVariant> {
        let variant = DotsBoxesVariant { rows, cols };
        (rows >= 1 && cols >= 1 && variant.edges() <= MAX_EDGES).then_some(variant)
    }

    /// The number of lines: `(rows + 1) * cols` horizontal and `rows * (cols + 1)` vertical.
    #[must_use]
    pub const fn edges(self) -> usize {
        let (r, c) = (self.rows as usize, self.cols as usize);
        (r + 1) * c + r * (c + 1)
    }

    /// The number of boxes.
    #[must_use]
    pub const fn boxes(self) -> usize {
        self.rows as usize * self.cols as usize
    }
}

impl fmt::Display for DotsBoxesVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for DotsBoxesVariant {
    type Err = String;

    fn from_str(text: &str) -> Result<DotsBoxesVariant, String> {
        let text = text.trim();
        let bad = || {
            format!(
                "unknown dotsboxes variant `{text}`: expected <rows>x<cols> of boxes with at most \
                 {MAX_EDGES} lines, e.g. 5x5 (CCGC) or 3x3"
            )
        };
        let (rows, cols) = text.split_once('x').ok_or_else(bad)?;
        let number = |part: &str| {
            (!part.starts_with('0') && part.bytes().all(|b| b.is_ascii_digit()))
                .then(|| part.parse::<u8>().ok())
                .flatten()
        };
        let (Some(rows), Some(cols)) = (number(rows), number(cols)) else {
            return Err(bad());
        };
        DotsBoxesVariant::new(rows, cols).ok_or_else(bad)
    }
}

impl arbiter_core::Variant for DotsBoxesVariant {
    const GAME: &'static str = "dotsboxes";

    /// The CCGC board and the small boards specs and suites use; every `RxC` with at most 64
    /// lines is accepted too.
    fn names() -> Vec<String> {
        [
            "5x5", "1x1", "1x2", "1x3", "2x2", "2x3", "3x3", "3x4", "4x4", "4x5",
        ]
        .iter()
        .map(|name| (*name).to_owned())
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("5x5", 5, 5, 60)]
    #[case(" 3x3 ", 3, 3, 24)]
    #[case("1x1", 1, 1, 4)]
    #[case("2x3", 2, 3, 17)]
    #[case("4x6", 4, 6, 58)]
    #[case("1x21", 1, 21, 64)]
    fn parses(#[case] text: &str, #[case] rows: u8, #[case] cols: u8, #[case] edges: usize) {
        let variant: DotsBoxesVariant = text.parse().unwrap();
        assert_eq!((variant.rows, variant.cols), (rows, cols));
        assert_eq!(variant.edges(), edges);
    }

    /// The default's name and names no variant has; every listed name reads back as the game
    /// laws check (`arbiter_laws::GameLaws`).
    #[test]
    fn default_and_refused_names() {
        arbiter_laws::variant_names::<DotsBoxesVariant>(
            "5x5",
            &[
                "", "5", "5x", "0x3", "05x5", "5x6", "1x22", "6x6", "axb", "5X5", "-1x3",
            ],
        );
    }
}
