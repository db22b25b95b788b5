//! The rule variants: only `standard` 8x8 Othello for now.

/// The Othello rule variant. One today; a board size (6x6, 10x10) would be a field here.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OthelloVariant {
    /// 8x8 board, the four centre discs crossed (white d4 e5, black d5 e4), black moves first.
    #[default]
    Standard,
}

arbiter_core::named_variants! {
    type: OthelloVariant,
    game: "othello",
    names: { OthelloVariant::Standard => "standard" },
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names read back as the game laws check (`arbiter_laws::GameLaws`).
    #[test]
    fn other_names_are_refused() {
        assert!("renju".parse::<OthelloVariant>().is_err());
    }
}
