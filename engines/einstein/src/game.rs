//! The [`Game`] implementation: the glue between the core contract and this crate's modules.

use arbiter_core::{
    Game, IllegalMove, NodeBudget, NotationError, Outcome, PerftConvention, SetupProblem, Side,
};

use crate::moves::EinSteinMove;
use crate::notation;
use crate::position::{EinStein, Phase, Undo};
use crate::setup::{self, EinSteinSetup};
use crate::variant::EinSteinVariant;

impl Game for EinStein {
    /// A layout, a roll of the die or a step.
    type Move = EinSteinMove;
    type Variant = EinSteinVariant;
    type Undo = Undo;
    type Setup = EinSteinSetup;

    const NAME: &'static str = "einstein";
    /// Red (the top-left side) is [`Side::First`]; it moves first under `standard`.
    const SIDE_NAMES: [&'static str; 2] = ["red", "blue"];
    const MOVE_CODES: &'static [&'static str] = &[
        "game-over",
        "layout-expected",
        "roll-expected",
        "move-expected",
        "no-roll",
        "not-own-piece",
        "wrong-piece",
        "wrong-direction",
    ];

    fn start(variant: &EinSteinVariant) -> EinStein {
        EinStein::new(*variant)
    }

    fn variant(&self) -> &EinSteinVariant {
        EinStein::variant(self)
    }

    fn side_to_move(&self) -> Side {
        EinStein::side_to_move(self)
    }

    fn generate_moves(&self, moves: &mut Vec<EinSteinMove>) {
        EinStein::generate_moves(self, moves);
    }

    fn check_move(&self, mv: EinSteinMove) -> Result<(), IllegalMove> {
        EinStein::check_move(self, mv)
    }

    fn make(&mut self, mv: EinSteinMove) -> Undo {
        EinStein::make(self, mv)
    }

    fn unmake(&mut self, mv: EinSteinMove, undo: Undo) {
        EinStein::unmake(self, mv, undo);
    }

    fn outcome(&self) -> Option<Outcome> {
        EinStein::outcome(self)
    }

    fn hash(&self) -> u64 {
        EinStein::hash(self)
    }

    fn hash_from_scratch(&self) -> u64 {
        EinStein::hash_from_scratch(self)
    }

    fn parse_move(&self, text: &str) -> Result<EinSteinMove, NotationError> {
        notation::parse_move(text)
    }

    fn format_move(&self, mv: EinSteinMove) -> String {
        notation::format_move(mv)
    }

    fn parse_position(
        _variant: &EinSteinVariant,
        text: &str,
    ) -> Result<EinSteinSetup, NotationError> {
        setup::parse_line(text)
    }

    fn parse_diagram(
        variant: &EinSteinVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<EinSteinSetup, NotationError> {
        setup::parse_diagram(variant, diagram, to_move)
    }

    fn from_setup(
        variant: &EinSteinVariant,
        setup: &EinSteinSetup,
    ) -> Result<EinStein, Vec<SetupProblem>> {
        setup::validate(variant, setup)
    }

    fn format_position(&self) -> String {
        setup::format_line(&EinSteinSetup::of(self))
    }

    fn picture(&self, marks: &[arbiter_core::picture::Mark<EinSteinMove>]) -> Option<String> {
        Some(crate::svg::picture(self, marks))
    }

    fn diagram(&self) -> String {
        setup::format_diagram(&EinSteinSetup::of(self).cells)
    }

    fn perft_with_budget(
        &mut self,
        depth: u32,
        convention: PerftConvention,
        budget: &mut NodeBudget,
    ) -> u64 {
        crate::perft::perft_within(self, depth, convention, budget)
    }

    /// Every step brings a piece at least one square nearer its corner by rows plus columns,
    /// and a side's pieces stop one square short of it but for the step that wins: a side
    /// makes at most the sum over its pieces of (that distance − 1), plus one, steps, each
    /// after a roll; a side still to set up brings 35 such steps (its start cells are 40
    /// squares from the corner by rows plus columns) and its layout.
    fn longest_game(&self) -> Option<u32> {
        let mut plies = 0;
        for side in [Side::First, Side::Second] {
            let alive = self.alive(side);
            let steps: u32 = if alive == 0 && self.phase() == Phase::Place {
                plies += 1;
                35
            } else {
                (1..=6u8)
                    .filter_map(|number| self.square_of(side, number))
                    .map(|square| crate::board::manhattan(side, square).saturating_sub(1))
                    .sum::<u32>()
                    + 1
            };
            plies += 2 * steps;
        }
        Some(plies)
    }

    /// The die is rolled at every `roll` position.
    fn is_chance(&self) -> bool {
        self.phase() == Phase::Roll && self.outcome().is_none()
    }

    /// A fair die: each of the six numbers once in six.
    fn chance_weight(&self, _event: EinSteinMove) -> u32 {
        1
    }
}
