//! The text forms of a position, owned by the game's raw setup type.
//!
//! A game's [`Game::Setup`] implements [`PositionText`]: it reads the one-line form and the
//! diagram into a raw setup, validates a setup into a position, and writes a position back in
//! both forms. [`Game`]'s five text methods (`parse_position`, `parse_diagram`, `from_setup`,
//! `format_position`, `diagram`) default to these, so the notation is written once, beside the
//! setup it reads and writes, and the rules file does not restate it. A game whose text goes
//! another way (straight from its bitboards, say) may still override a [`Game`] method.

use crate::{Game, NotationError, SetupProblem, Side};

/// The notation of a game's positions, implemented by its raw setup type ([`Game::Setup`]).
pub trait PositionText<G: Game>: Sized {
    /// Parses the game's one-line position form (the FFO string for Othello).
    ///
    /// # Errors
    /// A [`NotationError`] when the text is not of the form.
    fn parse_position(variant: &G::Variant, text: &str) -> Result<Self, NotationError>;

    /// Parses a board diagram (rows of cells, as [`PositionText::diagram`] prints them) with
    /// the side to move.
    ///
    /// # Errors
    /// A [`NotationError`] when the diagram has the wrong shape or unknown characters.
    fn parse_diagram(
        variant: &G::Variant,
        diagram: &str,
        to_move: Side,
    ) -> Result<Self, NotationError>;

    /// Validates this raw setup into a position of `variant`.
    ///
    /// # Errors
    /// Every problem found, not only the first.
    fn validate(&self, variant: &G::Variant) -> Result<G, Vec<SetupProblem>>;

    /// The one-line position form of `game`, which [`PositionText::parse_position`] reads back.
    fn format_position(game: &G) -> String;

    /// A board diagram of `game` for humans (and for specs: [`PositionText::parse_diagram`]
    /// reads its cell rows).
    fn diagram(game: &G) -> String;
}
