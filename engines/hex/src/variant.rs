//! Hex rule variants as values: the board size and the swap rule.
//!
//! Grammar: `<rule>[@<size>]`. The rule is `standard` (no swap: unrestricted Hex, the game the
//! solved tables are about), `swap-mirror` or `swap-sides` (the pie rule in its two readings,
//! see below); the size is the side of the n x n rhombus, from [`MIN_SIZE`] to [`MAX_SIZE`]
//! (default 11, the CCGC board). Examples: `standard`, `swap-mirror@13`, `swap-sides@19`,
//! `standard@5`.
//!
//! The swap rule lets the second player answer the first stone with the move `swap-pieces`
//! (HexGUI's and PlayHex's name; LittleGolem's HSGF writes `swap`). Engines and platforms read
//! that move in two ways, and the variant says which:
//!
//! * `swap-mirror` (PlayHex, `playhex/hex-ai-distributed` `mirrorMoves.ts`; Selinger's HexGUI,
//!   whose `GuiBoard.swapPieces` reflects the stones): the first stone is replaced by a stone of
//!   the second player's colour on its mirror image in the long diagonal (`b1` becomes a white
//!   `a2`); each player keeps colour and edges, and black moves next.
//! * `swap-sides` (MoHex and Hayward's HexGUI: Benzene's `swap-pieces` leaves the stone and the
//!   colour to move as they are, as PlayHex's `calculate-move/mohex.ts` records; Selinger's
//!   HexGUI names this move `swap-sides`): the stone stays, the players exchange colours, and
//!   white (now the first player) moves next.
//!
//! The two are the same game up to the board's symmetry, so they agree on every count
//! (perft) and every value; they differ in the position a move list reaches, which matters to
//! a transcript and to a protocol.

use arbiter_core::SizedVariants;

/// The smallest board side.
pub const MIN_SIZE: u8 = 1;
/// The largest board side: 19 x 19, the largest board HexGUI and Benzene name.
pub const MAX_SIZE: u8 = 19;
/// The board side of the CCGC and of most tournaments: 11 x 11.
pub const DEFAULT_SIZE: u8 = 11;

/// Whether, and how, the second player may take the first stone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SwapRule {
    /// No swap: the second player answers with a stone.
    #[default]
    None,
    /// `swap-pieces` mirrors the first stone into the second player's colour (PlayHex).
    Mirror,
    /// `swap-pieces` gives the first stone's colour to the second player (MoHex, Hayward's
    /// HexGUI; Selinger's HexGUI calls it `swap-sides`).
    Sides,
}

impl SwapRule {
    /// The rule part of a variant name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SwapRule::None => "standard",
            SwapRule::Mirror => "swap-mirror",
            SwapRule::Sides => "swap-sides",
        }
    }
}

/// A Hex variant: board size and swap rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HexVariant {
    pub size: u8,
    pub swap: SwapRule,
}

impl Default for HexVariant {
    /// 11 x 11 without the swap rule.
    fn default() -> HexVariant {
        HexVariant {
            size: DEFAULT_SIZE,
            swap: SwapRule::None,
        }
    }
}

impl HexVariant {
    /// The variant `swap` on an n x n board.
    #[must_use]
    pub const fn new(size: u8, swap: SwapRule) -> HexVariant {
        HexVariant { size, swap }
    }

    /// The number of cells, `size * size`.
    #[must_use]
    pub const fn cells(self) -> usize {
        self.size as usize * self.size as usize
    }
}

/// The grammar of the names: the three rules, on boards of side [`MIN_SIZE`] to [`MAX_SIZE`].
/// The names listed are the three rules on the named boards (11, 13, 19) and on the small
/// boards of the solved tables (1 to 8); every `@<size>` from [`MIN_SIZE`] to [`MAX_SIZE`] is
/// accepted too.
const VARIANTS: SizedVariants<SwapRule> = SizedVariants::new(
    "hex",
    &[
        (SwapRule::None.name(), SwapRule::None),
        (SwapRule::Mirror.name(), SwapRule::Mirror),
        (SwapRule::Sides.name(), SwapRule::Sides),
    ],
    MIN_SIZE,
    MAX_SIZE,
    DEFAULT_SIZE,
    &[11, 13, 19, 1, 2, 3, 4, 5, 6, 7, 8],
);

arbiter_core::sized_variant_text!(HexVariant { swap, size } by VARIANTS);

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("standard", 11, SwapRule::None)]
    #[case(" swap-mirror ", 11, SwapRule::Mirror)]
    #[case("swap-sides@13", 13, SwapRule::Sides)]
    #[case("standard@1", 1, SwapRule::None)]
    #[case("swap-mirror@19", 19, SwapRule::Mirror)]
    fn parses(#[case] text: &str, #[case] size: u8, #[case] swap: SwapRule) {
        assert_eq!(text.parse(), Ok(HexVariant { size, swap }));
    }

    /// The default's name and names no variant has; every listed name reads back as the game
    /// laws check (`arbiter_laws::GameLaws`).
    #[test]
    fn default_and_refused_names() {
        arbiter_laws::variant_names::<HexVariant>(
            "standard",
            &[
                "",
                "swap",
                "pie",
                "standard@",
                "standard@0",
                "standard@20",
                "standard@x",
                "standard@11@11",
            ],
        );
    }
}
