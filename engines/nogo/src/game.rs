//! The [`Game`] implementation: the glue between the core contract and this crate's modules.

use arbiter_core::{
    Game, IllegalMove, NodeBudget, NotationError, Outcome, PerftConvention, SetupProblem, Side,
};

use crate::board::{Bits, Point};
use crate::notation;
use crate::position::{NoGo, Undo};
use crate::setup::{self, NoGoSetup};
use crate::variant::NoGoVariant;

impl Game for NoGo {
    /// A stone on a point; NoGo has no pass.
    type Move = Point;
    type Variant = NoGoVariant;
    type Undo = Undo;
    type Setup = NoGoSetup;

    const NAME: &'static str = "nogo";
    /// Black is [`Side::First`] and moves first (Botzone player 0, the CCGC platform's `new
    /// black`).
    const SIDE_NAMES: [&'static str; 2] = ["black", "white"];
    const MOVE_CODES: &'static [&'static str] =
        &["game-over", "off-board", "occupied", "capture", "suicide"];
    const FOUL_KINDS: &'static [&'static str] = &["capture", "suicide"];

    fn start(variant: &NoGoVariant) -> NoGo {
        NoGo::new(*variant)
    }

    fn variant(&self) -> &NoGoVariant {
        &self.variant
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<Point>) {
        NoGo::generate_moves(self, moves);
    }

    fn check_move(&self, mv: Point) -> Result<(), IllegalMove> {
        NoGo::check_move(self, mv)
    }

    fn make(&mut self, mv: Point) -> Undo {
        NoGo::make(self, mv)
    }

    fn unmake(&mut self, mv: Point, undo: Undo) {
        NoGo::unmake(self, mv, undo);
    }

    fn outcome(&self) -> Option<Outcome> {
        NoGo::outcome(self)
    }

    fn hash(&self) -> u64 {
        NoGo::hash(self)
    }

    fn hash_from_scratch(&self) -> u64 {
        NoGo::hash_from_scratch(self)
    }

    fn parse_move(&self, text: &str) -> Result<Point, NotationError> {
        notation::parse_point(self.geometry, text)
    }

    fn format_move(&self, mv: Point) -> String {
        notation::format_point(self.geometry, mv)
    }

    fn parse_position(variant: &NoGoVariant, text: &str) -> Result<NoGoSetup, NotationError> {
        setup::parse_line(variant.size, text)
    }

    fn parse_diagram(
        variant: &NoGoVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<NoGoSetup, NotationError> {
        setup::parse_diagram(variant.size, diagram, to_move)
    }

    fn from_setup(variant: &NoGoVariant, setup: &NoGoSetup) -> Result<NoGo, Vec<SetupProblem>> {
        NoGo::from_setup(*variant, setup)
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
        // Every move fills an empty point for good (a capture or suicide ends the game).
        Some(self.empty().count_ones())
    }

    /// The points where the side to move's stone would be a foul, with the kind (`capture`,
    /// `suicide`): refused as illegal under `standard`, legal and losing under `foul-loses`.
    fn forbidden_moves(&self) -> Option<Vec<(Point, &'static str)>> {
        if self.outcome().is_some() {
            return Some(Vec::new());
        }
        let side = self.to_move;
        let empty = self.empty();
        let fouls = empty & !self.legal_points(side);
        Some(
            Bits(fouls)
                .map(|point| {
                    let foul = self.foul_of(point, side).expect("an empty point not legal");
                    (point, foul.code())
                })
                .collect(),
        )
    }
}
