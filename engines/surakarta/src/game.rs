//! The [`Game`] implementation: the glue between the core contract and this crate's modules.

use arbiter_core::{
    FinalScore, Game, IllegalMove, NodeBudget, NotationError, Outcome, PerftConvention,
    SetupProblem, Side,
};

use crate::notation::{self, Move};
use crate::position::{Surakarta, Undo};
use crate::setup::{self, SurakartaSetup};
use crate::variant::SurakartaVariant;

impl Game for Surakarta {
    type Move = Move;
    type Variant = SurakartaVariant;
    type Undo = Undo;
    type Setup = SurakartaSetup;

    const NAME: &'static str = "surakarta";
    /// Red is the first player (home ranks 1-2, moves first, as minizero's player 1 and
    /// iggamecenter's red); black the second (ranks 5-6).
    const SIDE_NAMES: [&'static str; 2] = ["red", "black"];
    const MOVE_CODES: &'static [&'static str] = &[
        "game-over",
        "off-board",
        "not-own-piece",
        "occupied",
        "own-piece",
        "not-adjacent",
        "blocked",
        "no-loop",
        "not-on-circuit",
        "nothing-to-capture",
    ];

    fn start(variant: &SurakartaVariant) -> Surakarta {
        Surakarta::new(*variant)
    }

    fn variant(&self) -> &SurakartaVariant {
        &self.variant
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        Surakarta::generate_moves(self, moves);
    }

    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        Surakarta::check_move(self, mv)
    }

    fn make(&mut self, mv: Move) -> Undo {
        Surakarta::make(self, mv)
    }

    fn unmake(&mut self, mv: Move, undo: Undo) {
        Surakarta::unmake(self, mv, undo);
    }

    fn outcome(&self) -> Option<Outcome> {
        Surakarta::outcome(self)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        Surakarta::hash_from_scratch(self)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let enemy = self.pieces(self.to_move.opponent());
        notation::parse_move(text, |p| enemy & (1 << p) != 0)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(mv)
    }

    fn parse_position(_: &SurakartaVariant, text: &str) -> Result<SurakartaSetup, NotationError> {
        setup::parse_line(text)
    }

    fn parse_diagram(
        _: &SurakartaVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<SurakartaSetup, NotationError> {
        setup::parse_diagram(diagram, to_move)
    }

    fn from_setup(
        variant: &SurakartaVariant,
        setup: &SurakartaSetup,
    ) -> Result<Surakarta, Vec<SetupProblem>> {
        Surakarta::from_setup(*variant, setup)
    }

    fn format_position(&self) -> String {
        let setup = self.to_setup();
        setup::format_line(&setup.cells, setup.to_move, setup.no_capture_plies)
    }

    fn picture(&self, marks: &[arbiter_core::picture::Mark<Self::Move>]) -> Option<String> {
        Some(crate::svg::picture(self, marks))
    }

    fn diagram(&self) -> String {
        setup::format_diagram(&self.to_setup().cells)
    }

    fn perft_with_budget(
        &mut self,
        depth: u32,
        convention: PerftConvention,
        budget: &mut NodeBudget,
    ) -> u64 {
        Surakarta::perft_within(self, depth, convention, budget)
    }

    fn longest_game(&self) -> Option<u32> {
        Surakarta::longest_game(self)
    }

    fn final_score(&self) -> Option<FinalScore> {
        Surakarta::final_score(self)
    }
}
