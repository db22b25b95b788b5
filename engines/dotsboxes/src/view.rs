//! [`SearchView`]: Dots and Boxes as alpha-beta and MCTS see it, with the turns that cannot be
//! best left out.
//!
//! The rules' list of turns ([`DotsBoxes::generate_moves`]) holds every way to stop taking
//! boxes: after an opened chain of n boxes, n + 1 stopping points times every last line. The
//! view keeps only turns that no other turn beats for sure, by two exact arguments:
//!
//! 1. *Free boxes are taken*: a line that completes every box it touches is in every turn the
//!    view lists (see [`crate::solve`]).
//! 2. *Dominated turns are dropped*: if turn `T` leaves a box the opponent could take with a
//!    line `e`, and `T` plus `e` is itself a legal turn, then `T` plus `e` is better by at
//!    least two boxes (the opponent, after `T`, could take the same box and be on move in the
//!    same position). This removes every "take some of the chain and stop elsewhere", and
//!    keeps taking all, and the all-but-two (double-dealing) declines.
//!
//! Since only beaten turns go, the value of every position is the same in the view as in the
//! game, so a win or loss the searchers prove through the view is a proof. The rules are
//! untouched: `check_move`, `make`, hashing and notation are the wrapped game's.

use arbiter_core::{Game, IllegalMove, NotationError, Outcome, SetupProblem, Side};

use crate::geometry::Bits;
use crate::notation::Move;
use crate::position::{DotsBoxes, TurnScratch};
use crate::setup::DotsBoxesSetup;
use crate::variant::DotsBoxesVariant;

/// A Dots and Boxes position whose turn list is narrowed for search (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchView {
    game: DotsBoxes,
}

impl SearchView {
    /// The view of `game`.
    #[must_use]
    pub const fn new(game: DotsBoxes) -> SearchView {
        SearchView { game }
    }

    /// The wrapped position.
    #[must_use]
    pub const fn game(&self) -> &DotsBoxes {
        &self.game
    }
}

/// The turns of `game` the view keeps, in the order of [`DotsBoxes::for_each_turn`] from the
/// position with the free boxes taken.
#[must_use]
pub fn narrow_moves(game: &DotsBoxes) -> Vec<Move> {
    let (free, _) = crate::solve::free_boxes(game.geometry(), game.drawn());
    let mut moves = Vec::new();
    game.for_each_turn_after(free, &mut TurnScratch::default(), |turn| {
        if !dominated(game, turn) {
            moves.push(turn);
        }
        true
    });
    moves
}

/// Whether `turn` (legal in `game`) is beaten by itself plus one capture it leaves undone.
fn dominated(game: &DotsBoxes, turn: Move) -> bool {
    let g = game.geometry();
    let after = game.drawn() | turn.lines();
    if after == g.all {
        return false;
    }
    let order = crate::notation::drawing_order(g, game.drawn(), turn);
    let last = *order.last().expect("a turn has a line");
    let before_last = after & !(1 << last);
    Bits(g.capturing_lines(after)).any(|edge| g.completed_by(last, before_last | (1 << edge)) == 0)
}

impl Game for SearchView {
    type Move = Move;
    type Variant = DotsBoxesVariant;
    type Undo = u32;
    type Setup = DotsBoxesSetup;

    const NAME: &'static str = DotsBoxes::NAME;
    const SIDE_NAMES: [&'static str; 2] = DotsBoxes::SIDE_NAMES;

    fn start(variant: &DotsBoxesVariant) -> SearchView {
        SearchView::new(DotsBoxes::start(variant))
    }

    fn variant(&self) -> &DotsBoxesVariant {
        Game::variant(&self.game)
    }

    fn side_to_move(&self) -> Side {
        self.game.side_to_move()
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        *moves = narrow_moves(&self.game);
    }

    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        self.game.check_move(mv)
    }

    fn make(&mut self, mv: Move) -> u32 {
        self.game.make(mv)
    }

    fn unmake(&mut self, mv: Move, completed: u32) {
        self.game.unmake(mv, completed);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn hash(&self) -> u64 {
        self.game.hash()
    }

    fn hash_from_scratch(&self) -> u64 {
        self.game.hash_from_scratch()
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        self.game.parse_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        self.game.format_move(mv)
    }

    fn parse_position(
        variant: &DotsBoxesVariant,
        text: &str,
    ) -> Result<DotsBoxesSetup, NotationError> {
        DotsBoxes::parse_position(variant, text)
    }

    fn parse_diagram(
        variant: &DotsBoxesVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<DotsBoxesSetup, NotationError> {
        DotsBoxes::parse_diagram(variant, diagram, to_move)
    }

    fn from_setup(
        variant: &DotsBoxesVariant,
        setup: &DotsBoxesSetup,
    ) -> Result<SearchView, Vec<SetupProblem>> {
        DotsBoxes::from_setup(*variant, setup).map(SearchView::new)
    }

    fn format_position(&self) -> String {
        self.game.format_position()
    }

    fn diagram(&self) -> String {
        self.game.diagram()
    }
}
