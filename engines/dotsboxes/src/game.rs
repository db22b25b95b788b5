//! The [`Game`] implementation: the glue between the core contract and this crate's modules.

use arbiter_core::{
    FinalScore, Game, IllegalMove, NodeBudget, NotationError, Outcome, PerftConvention,
    SetupProblem, Side,
};

use crate::notation::{self, Move};
use crate::position::DotsBoxes;
use crate::setup::{self, DotsBoxesSetup};
use crate::variant::DotsBoxesVariant;

impl Game for DotsBoxes {
    /// A whole turn: every line the player draws before the opponent's turn.
    type Move = Move;
    type Variant = DotsBoxesVariant;
    /// The boxes the turn completed.
    type Undo = u32;
    type Setup = DotsBoxesSetup;

    const NAME: &'static str = "dotsboxes";
    /// Black is [`Side::First`] and moves first (the CCGC platform's `new black`).
    const SIDE_NAMES: [&'static str; 2] = ["black", "white"];
    const MOVE_CODES: &'static [&'static str] = &[
        "game-over",
        "empty-turn",
        "off-board",
        "already-drawn",
        "must-move-again",
        "no-extra-move",
    ];

    fn start(variant: &DotsBoxesVariant) -> DotsBoxes {
        DotsBoxes::new(*variant)
    }

    fn variant(&self) -> &DotsBoxesVariant {
        &self.variant
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        DotsBoxes::generate_moves(self, moves);
    }

    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        DotsBoxes::check_move(self, mv)
    }

    fn make(&mut self, mv: Move) -> u32 {
        DotsBoxes::make(self, mv)
    }

    fn unmake(&mut self, mv: Move, completed: u32) {
        DotsBoxes::unmake(self, mv, completed);
    }

    fn outcome(&self) -> Option<Outcome> {
        DotsBoxes::outcome(self)
    }

    fn hash(&self) -> u64 {
        DotsBoxes::hash(self)
    }

    fn hash_from_scratch(&self) -> u64 {
        DotsBoxes::hash_from_scratch(self)
    }

    /// arbiter's `b1b2+c3d3`, or the CCGC platform's `2 BBAACC` (with or without `move`),
    /// which is read in its order: the platform refuses lines out of a drawing order, so a
    /// legal set of lines in such an order is refused here too.
    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        let trimmed = text.trim();
        if !(trimmed.starts_with(|c: char| c.is_ascii_digit()) || trimmed.starts_with("move ")) {
            return notation::parse_turn(&self.geometry, text);
        }
        let edges = notation::parse_ccgc(&self.geometry, trimmed)?;
        let mv = Move(edges.iter().fold(0, |set, &edge| set | (1u64 << edge)));
        // An illegal set keeps its own refusal (`check_move`); only the order is judged here.
        if self.check_move(mv).is_ok() {
            self.turn_from_sequence(&edges).map_err(|illegal| {
                NotationError::new(format!(
                    "`{trimmed}` is not in a drawing order: {} ({})",
                    illegal.detail, illegal.code
                ))
            })?;
        }
        Ok(mv)
    }

    /// The lines in a drawing order, joined by `+` (see the `notation` module).
    fn format_move(&self, mv: Move) -> String {
        let order = notation::drawing_order(&self.geometry, self.drawn, mv);
        notation::format_lines(&self.geometry, &order)
    }

    fn parse_position(
        variant: &DotsBoxesVariant,
        text: &str,
    ) -> Result<DotsBoxesSetup, NotationError> {
        setup::parse_line_form(*variant, text)
    }

    fn parse_diagram(
        variant: &DotsBoxesVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<DotsBoxesSetup, NotationError> {
        setup::parse_diagram(*variant, diagram, to_move)
    }

    fn from_setup(
        variant: &DotsBoxesVariant,
        setup: &DotsBoxesSetup,
    ) -> Result<DotsBoxes, Vec<SetupProblem>> {
        DotsBoxes::from_setup(*variant, setup)
    }

    fn format_position(&self) -> String {
        setup::format_line_form(&self.geometry, self.drawn, self.owners, self.to_move)
    }

    fn picture(&self, marks: &[arbiter_core::picture::Mark<Self::Move>]) -> Option<String> {
        Some(crate::svg::picture(self, marks))
    }

    fn diagram(&self) -> String {
        setup::format_diagram(&self.geometry, self.drawn, self.owners)
    }

    /// Per turn: see the `perft` module.
    fn perft_with_budget(
        &mut self,
        depth: u32,
        convention: PerftConvention,
        budget: &mut NodeBudget,
    ) -> u64 {
        crate::perft::perft(self, depth, convention, budget)
    }

    fn longest_game(&self) -> Option<u32> {
        // Every turn draws at least one line, and a drawn line stays.
        Some(self.undrawn().count_ones())
    }

    fn final_score(&self) -> Option<FinalScore> {
        DotsBoxes::final_score(self)
    }
}
