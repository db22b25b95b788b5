//! Stone colours, for the games whose players and colours can differ (a swap rule: Hex's
//! `swap-sides`, Gomoku's swap openings): [`crate::Side`] is the player, [`Colour`] the
//! stones it places, and each game maps one to the other.

/// A stone's colour: black places the first stone from the standard start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub const fn opposite(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// 0 for black, 1 for white, for tables indexed by colour.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Colour::Black => 0,
            Colour::White => 1,
        }
    }

    /// `black` or `white`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }

    /// Reads `black` or `white` (also `b` and `w`), in any case.
    #[must_use]
    pub fn parse(text: &str) -> Option<Colour> {
        match text.trim().to_ascii_lowercase().as_str() {
            "black" | "b" => Some(Colour::Black),
            "white" | "w" => Some(Colour::White),
            _ => None,
        }
    }
}

impl std::fmt::Display for Colour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_read_back_and_alternate() {
        for colour in [Colour::Black, Colour::White] {
            assert_eq!(Colour::parse(colour.name()), Some(colour));
            assert_eq!(colour.opposite().opposite(), colour);
            assert_ne!(colour.opposite().index(), colour.index());
        }
        assert_eq!(Colour::parse(" W "), Some(Colour::White));
        assert_eq!(Colour::parse("red"), None);
    }
}
