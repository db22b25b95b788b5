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
    let g = game.geometry();
    let (free, _) = crate::solve::free_boxes(g, game.drawn());
    let base = game.drawn() | free;
    // The boxes with three sides once the free lines are drawn; a turn changes only the boxes
    // next to its own lines.
    let three_sided = (0..g.boxes)
        .filter(|&id| g.sides_drawn(id, base) == 3)
        .fold(0u32, |set, id| set | (1 << id));
    let mut moves = Vec::new();
    game.for_each_turn_after(free, &mut TurnScratch::default(), |turn| {
        if !dominated(game, turn, free, three_sided) {
            moves.push(turn);
        }
        true
    });
    moves
}

/// Whether `turn` (legal in `game`, starting with the free lines `free`) is beaten by itself
/// plus one capture it leaves undone. `three_sided` holds the boxes with three sides drawn
/// after the free lines.
fn dominated(game: &DotsBoxes, turn: Move, free: u64, three_sided: u32) -> bool {
    let g = game.geometry();
    let after = game.drawn() | turn.lines();
    if after == g.all {
        return false;
    }
    let mut touched = 0u32;
    for line in Bits(turn.lines() & !free) {
        for id in g.edge_boxes[usize::from(line)] {
            if id != crate::geometry::NO_BOX {
                touched |= 1 << id;
            }
        }
    }
    let mut left_open = three_sided & !touched;
    for id in Bits(u64::from(touched)) {
        if g.sides_drawn(id, after) == 3 {
            left_open |= 1 << id;
        }
    }
    if left_open == 0 {
        return false;
    }
    let last = last_line(g, game.drawn(), turn);
    let before_last = after & !(1 << last);
    Bits(u64::from(left_open)).any(|id| {
        let capture = (g.box_edges[usize::from(id)] & !after).trailing_zeros();
        g.completed_by(last, before_last | (1 << capture)) == 0
    })
}

/// The line a legal turn ends with: what is left once its completing lines are drawn (any one
/// of them when the turn ends the game).
#[must_use]
pub fn last_line(g: &crate::Geometry, drawn: u64, turn: Move) -> u8 {
    let mut drawn = drawn;
    let mut rest = turn.lines();
    while rest.count_ones() > 1 {
        let completing = g.capturing_lines(drawn) & rest;
        if completing == 0 {
            break;
        }
        let line = completing.trailing_zeros();
        drawn |= 1 << line;
        rest &= !(1 << line);
    }
    rest.trailing_zeros() as u8
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
