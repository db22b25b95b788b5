//! The two Amazons rule variants: the 10x10 ICGA board and Botzone's 8x8 board.

use arbiter_core::Side;

/// A board and start layout. The rules of play are the same in both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AmazonsVariant {
    /// 10x10, the ICGA Computer Olympiad and Chinese championship board: white a4, d1, g1, j4;
    /// black a7, d10, g10, j7; white moves first.
    #[default]
    Standard,
    /// 8x8 as played on Botzone: black (Botzone player 0, top) at (0,2), (2,0), (5,0), (7,2),
    /// i.e. a6, c8, f8, h6; white at (0,5), (2,7), (5,7), (7,5), i.e. a3, c1, f1, h3; black moves first.
    Botzone8,
}

impl AmazonsVariant {
    /// Board side length.
    #[must_use]
    pub const fn size(self) -> u8 {
        match self {
            AmazonsVariant::Standard => 10,
            AmazonsVariant::Botzone8 => 8,
        }
    }

    /// The side that moves first from this variant's start: white ([`Side::First`]) on 10x10,
    /// black ([`Side::Second`]) on Botzone's 8x8 board.
    #[must_use]
    pub const fn first_to_move(self) -> Side {
        match self {
            AmazonsVariant::Standard => Side::First,
            AmazonsVariant::Botzone8 => Side::Second,
        }
    }

    /// Start squares as `(file, rank)`, 0-based from a1, per side (white, then black).
    #[must_use]
    pub const fn start_squares(self) -> [[(usize, usize); 4]; 2] {
        match self {
            AmazonsVariant::Standard => [
                [(0, 3), (3, 0), (6, 0), (9, 3)],
                [(0, 6), (3, 9), (6, 9), (9, 6)],
            ],
            // Botzone (x, y) with y down from the top maps to (file x, rank 7 - y).
            AmazonsVariant::Botzone8 => [
                [(0, 2), (2, 0), (5, 0), (7, 2)],
                [(0, 5), (2, 7), (5, 7), (7, 5)],
            ],
        }
    }
}

arbiter_core::named_variants! {
    type: AmazonsVariant,
    game: "amazons",
    names: {
        AmazonsVariant::Standard => "standard",
        AmazonsVariant::Botzone8 => "botzone8",
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("standard", Some(AmazonsVariant::Standard))]
    #[case(" botzone8 ", Some(AmazonsVariant::Botzone8))]
    #[case("botzone", None)]
    #[case("", None)]
    fn parses(#[case] text: &str, #[case] expected: Option<AmazonsVariant>) {
        assert_eq!(text.parse::<AmazonsVariant>().ok(), expected);
    }

    #[test]
    fn display_round_trips() {
        for variant in [AmazonsVariant::Standard, AmazonsVariant::Botzone8] {
            assert_eq!(variant.to_string().parse::<AmazonsVariant>(), Ok(variant));
        }
    }
}
