//! The [`Game`] implementation: the glue between the core contract and this crate's modules.

use arbiter_core::{
    Game, IllegalMove, NodeBudget, NotationError, Outcome, PerftConvention, SetupProblem, Side,
};

use crate::notation::{self, Move};
use crate::position::Amazons;
use crate::setup::{self, AmazonsSetup};
use crate::variant::AmazonsVariant;

impl Game for Amazons {
    type Move = Move;
    type Variant = AmazonsVariant;
    type Undo = ();
    type Setup = AmazonsSetup;

    const NAME: &'static str = "amazons";
    /// White is [`Side::First`] and black [`Side::Second`] under every variant, so that colours
    /// keep their names; on Botzone's 8x8 board black moves first, i.e. the start position has
    /// [`Side::Second`] to move (see [`AmazonsVariant::first_to_move`]).
    const SIDE_NAMES: [&'static str; 2] = ["white", "black"];
    const MOVE_CODES: &'static [&'static str] = &[
        "game-over",
        "off-board",
        "not-own-amazon",
        "not-queen-line",
        "blocked-path",
        "arrow-blocked",
        "arrow-not-queen-line",
    ];

    fn start(variant: &AmazonsVariant) -> Amazons {
        Amazons::new(*variant)
    }

    fn variant(&self) -> &AmazonsVariant {
        &self.variant
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        Amazons::generate_moves(self, moves);
    }

    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        Amazons::check_move(self, mv)
    }

    fn make(&mut self, mv: Move) {
        Amazons::make(self, mv);
    }

    fn unmake(&mut self, mv: Move, (): ()) {
        Amazons::unmake(self, mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        Amazons::outcome(self)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        Amazons::hash_from_scratch(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        notation::parse_move(self.geometry, text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(self.geometry, mv)
    }

    fn parse_position(variant: &AmazonsVariant, text: &str) -> Result<AmazonsSetup, NotationError> {
        setup::parse_line(variant.size(), text)
    }

    fn parse_diagram(
        variant: &AmazonsVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<AmazonsSetup, NotationError> {
        setup::parse_diagram(variant.size(), diagram, to_move)
    }

    fn from_setup(
        variant: &AmazonsVariant,
        setup: &AmazonsSetup,
    ) -> Result<Amazons, Vec<SetupProblem>> {
        Amazons::from_setup(*variant, setup)
    }

    fn format_position(&self) -> String {
        let setup = self.to_setup();
        setup::format_line(setup.size, &setup.cells, setup.to_move)
    }

    fn picture(&self, marks: &[arbiter_core::picture::Mark<Self::Move>]) -> Option<String> {
        Some(crate::svg::picture(self, marks))
    }

    fn diagram(&self) -> String {
        let setup = self.to_setup();
        setup::format_diagram(setup.size, &setup.cells)
    }

    fn perft_with_budget(
        &mut self,
        depth: u32,
        convention: PerftConvention,
        budget: &mut NodeBudget,
    ) -> u64 {
        crate::perft::perft(self, depth, convention, budget)
    }

    fn longest_game(&self) -> Option<u32> {
        // Every move shoots an arrow onto an empty square, which stays burnt.
        Some(self.empty().count_ones())
    }
}
