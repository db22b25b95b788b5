//! NoGo rule variants as values: the board size and the ruling on a capturing or suicidal stone.
//!
//! Grammar: `<ruling>[@<size>]`, where the ruling is `standard` (such a stone is an illegal
//! move: Botzone's judge and the usual computer NoGo rules) or `foul-loses` (the stone may be
//! placed and loses the game at once: the CCGC rule "the mover loses"), and the size is the side
//! of the square board, from [`MIN_SIZE`] to [`MAX_SIZE`] (default 9). Examples: `standard`,
//! `foul-loses`, `standard@7`.

use arbiter_core::SizedVariants;

/// The smallest board side.
pub const MIN_SIZE: u8 = 2;
/// The largest board side: 11x11 = 121 points, the most a 128-bit board holds.
pub const MAX_SIZE: u8 = 11;
/// The championship board side (CCGC, Botzone).
pub const DEFAULT_SIZE: u8 = 9;

/// What a stone that captures or has no liberties means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FoulRuling {
    /// The stone is not a legal move: `check_move` refuses it (`capture`, `suicide`).
    #[default]
    Illegal,
    /// The stone is a legal move that loses at once (`EndReason::Forbidden`), as the CCGC
    /// platform rules it.
    Loses,
}

/// A NoGo variant: ruling and board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NoGoVariant {
    pub ruling: FoulRuling,
    pub size: u8,
}

impl Default for NoGoVariant {
    /// 9x9 with capturing and suicidal stones illegal.
    fn default() -> NoGoVariant {
        NoGoVariant {
            ruling: FoulRuling::Illegal,
            size: DEFAULT_SIZE,
        }
    }
}

impl NoGoVariant {
    /// Whether a capturing or suicidal stone is refused as illegal.
    #[must_use]
    pub const fn fouls_illegal(self) -> bool {
        matches!(self.ruling, FoulRuling::Illegal)
    }
}

/// The grammar of the names: the two rulings, on boards of side [`MIN_SIZE`] to [`MAX_SIZE`].
/// The names listed are the two rulings on 9x9 and on the small boards specs use; every
/// `@<size>` from [`MIN_SIZE`] to [`MAX_SIZE`] is accepted too.
const VARIANTS: SizedVariants<FoulRuling> = SizedVariants::new(
    "nogo",
    &[
        ("standard", FoulRuling::Illegal),
        ("foul-loses", FoulRuling::Loses),
    ],
    MIN_SIZE,
    MAX_SIZE,
    DEFAULT_SIZE,
    &[DEFAULT_SIZE, 3, 4, 5, 7],
);

arbiter_core::sized_variant_text!(NoGoVariant { ruling, size } by VARIANTS);

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("standard", FoulRuling::Illegal, 9)]
    #[case(" foul-loses ", FoulRuling::Loses, 9)]
    #[case("standard@5", FoulRuling::Illegal, 5)]
    #[case("foul-loses@11", FoulRuling::Loses, 11)]
    #[case("standard@2", FoulRuling::Illegal, 2)]
    fn parses(#[case] text: &str, #[case] ruling: FoulRuling, #[case] size: u8) {
        assert_eq!(text.parse(), Ok(NoGoVariant { ruling, size }));
    }

    /// The default's name and names no variant has; every listed name reads back as the game
    /// laws check (`arbiter_laws::GameLaws`).
    #[test]
    fn default_and_refused_names() {
        arbiter_laws::variant_names::<NoGoVariant>(
            "standard",
            &[
                "",
                "go",
                "standard@",
                "standard@1",
                "standard@12",
                "standard@19",
                "standard@x",
                "ccgc",
            ],
        );
    }
}
