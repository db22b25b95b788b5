//! The position and the one `impl Game` for it: placing stones, the swap, connections, the
//! end of the game.
//!
//! The players alternate placing a stone of their colour on an empty cell; a player wins by
//! joining their two edges with a chain of their stones (Browne, *Hex Strategy*, ch. 1;
//! Wikipedia "Hex (board game)"). A full board always holds exactly one such chain (the Hex
//! theorem: Gale, "The game of Hex and the Brouwer fixed-point theorem", 1979), so there are no
//! draws and no passes.
//!
//! [`Side`] is the *player*: [`Side::First`] placed the first stone. Its colour is black unless
//! the players exchanged colours by a `swap-sides` swap ([`Hex::colour_of`]); stones, diagrams
//! and the one-line form are by colour. State: the cells, a union-find of the connections
//! (`union_find`), the colour to move, the exchange flag, the winner, and the Zobrist hash kept
//! move by move.

use arbiter_core::picture::Mark;
use arbiter_core::{EndReason, Game, IllegalMove, NotationError, Outcome, Side, grid};

use crate::board::{
    Cell, Colour, Edge, HexMove, MAX_CELLS, exchanged_key, neighbours, stone_key, white_to_move_key,
};
use crate::notation;
use crate::setup::HexSetup;
use crate::union_find::{Joins, UnionFind, edge_node};
use crate::variant::{HexVariant, SwapRule};

/// A Hex position. Two positions are equal when their variant, stones, colour to move and
/// exchange agree (the union-find's inner links depend on the order the stones came in).
#[derive(Clone, Debug)]
pub struct Hex {
    variant: HexVariant,
    /// The cells in a1 order; only the first `size * size` are used.
    cells: [Option<Colour>; MAX_CELLS],
    /// Stones on the board, per colour.
    stones: [u16; 2],
    /// The colour of the next stone.
    to_move: Colour,
    /// `swap-sides` was taken: the first player owns white.
    swapped: bool,
    connections: UnionFind,
    /// The colour that joined its edges, once one has.
    winner: Option<Colour>,
    hash: u64,
}

/// What [`Game::make`] needs to take a move back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undo {
    /// A stone: the unions it made.
    Stone(Joins),
    /// The swap, of the first stone on `cell` (the board is rebuilt on undo: it holds one
    /// stone).
    Swap { cell: Cell },
}

impl PartialEq for Hex {
    fn eq(&self, other: &Hex) -> bool {
        self.variant == other.variant
            && self.cells() == other.cells()
            && self.to_move == other.to_move
            && self.swapped == other.swapped
    }
}

impl Eq for Hex {}

impl Hex {
    /// The empty board of `variant`, black to move.
    #[must_use]
    pub fn new(variant: HexVariant) -> Hex {
        Hex::from_cells(variant, &vec![None; variant.cells()], Colour::Black, false)
    }

    /// The position with these cells (a1 order), already validated by
    /// [`PositionText::validate`](arbiter_core::PositionText::validate): connections and hash are computed from scratch.
    pub(crate) fn from_cells(
        variant: HexVariant,
        cells: &[Option<Colour>],
        to_move: Colour,
        swapped: bool,
    ) -> Hex {
        let mut game = Hex {
            variant,
            cells: [None; MAX_CELLS],
            stones: [0; 2],
            to_move,
            swapped,
            connections: UnionFind::new(),
            winner: None,
            hash: 0,
        };
        game.cells[..cells.len()].copy_from_slice(cells);
        game.rebuild();
        game
    }

    /// Recomputes stone counts, connections, winner and hash from the cells.
    fn rebuild(&mut self) {
        self.stones = [0; 2];
        self.connections = UnionFind::new();
        self.winner = None;
        for index in 0..self.variant.cells() {
            if let Some(colour) = self.cells[index] {
                self.stones[colour.index()] += 1;
                // The unions of a rebuild are never undone: the log is dropped.
                self.join(index, colour, &mut Joins::default());
            }
        }
        for colour in [Colour::Black, Colour::White] {
            if self.joined(colour) {
                self.winner = Some(colour);
            }
        }
        self.hash = self.hash_from_scratch();
    }

    /// Joins the stone on `index` to its neighbours of `colour` and to the edges it lies on.
    fn join(&mut self, index: usize, colour: Colour, joins: &mut Joins) {
        let size = self.size();
        let cell = Cell::from_index(index, size);
        for edge in Edge::of(colour) {
            if edge.touches(cell, size) {
                self.connections.union(index, edge_node(edge), joins);
            }
        }
        for next in neighbours(size, index) {
            if self.cells[next] == Some(colour) {
                self.connections.union(index, next, joins);
            }
        }
    }

    /// Whether `colour` joins its two edges.
    fn joined(&self, colour: Colour) -> bool {
        let [a, b] = Edge::of(colour);
        self.connections.connected(edge_node(a), edge_node(b))
    }

    /// The board side.
    #[must_use]
    pub const fn size(&self) -> u8 {
        self.variant.size
    }

    /// What stands on `cell` (on the board).
    #[must_use]
    pub fn at(&self, cell: Cell) -> Option<Colour> {
        self.cells[cell.index(self.size())]
    }

    /// The cells in a1 order.
    #[must_use]
    pub fn cells(&self) -> &[Option<Colour>] {
        &self.cells[..self.variant.cells()]
    }

    /// The colour of the next stone.
    #[must_use]
    pub const fn colour_to_move(&self) -> Colour {
        self.to_move
    }

    /// Whether the players exchanged colours (`swap-sides`).
    #[must_use]
    pub const fn swapped(&self) -> bool {
        self.swapped
    }

    /// The colour `side` plays: the first player is black unless the players swapped sides.
    #[must_use]
    pub const fn colour_of(&self, side: Side) -> Colour {
        match (side, self.swapped) {
            (Side::First, false) | (Side::Second, true) => Colour::Black,
            _ => Colour::White,
        }
    }

    /// The player who plays `colour`.
    #[must_use]
    pub const fn owner(&self, colour: Colour) -> Side {
        match (colour, self.swapped) {
            (Colour::Black, false) | (Colour::White, true) => Side::First,
            _ => Side::Second,
        }
    }

    /// The colour that joined its edges, once one has.
    #[must_use]
    pub const fn winner_colour(&self) -> Option<Colour> {
        self.winner
    }

    /// The number of empty cells.
    #[must_use]
    pub fn empty_cells(&self) -> usize {
        self.variant.cells() - usize::from(self.stones[0]) - usize::from(self.stones[1])
    }

    /// Whether the swap is open now: the variant has the swap rule, the board holds only
    /// black's first stone, and white (the second player) is to move.
    #[must_use]
    pub fn swap_offered(&self) -> bool {
        self.variant.swap != SwapRule::None
            && !self.swapped
            && self.to_move == Colour::White
            && self.stones == [1, 0]
            && self.winner.is_none()
    }

    /// The empty cells where a `colour` stone would join `colour`'s edges at once (none once
    /// the game is over).
    #[must_use]
    pub fn winning_cells(&self, colour: Colour) -> Vec<Cell> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let size = self.size();
        let [a, b] = Edge::of(colour);
        let roots = [a, b].map(|edge| self.connections.find(edge_node(edge)));
        let reaches = |index: usize, edge: Edge, root: usize| {
            edge.touches(Cell::from_index(index, size), size)
                || neighbours(size, index).any(|next| {
                    self.cells[next] == Some(colour) && self.connections.find(next) == root
                })
        };
        (0..self.variant.cells())
            .filter(|&index| {
                self.cells[index].is_none()
                    && reaches(index, a, roots[0])
                    && reaches(index, b, roots[1])
            })
            .map(|index| Cell::from_index(index, size))
            .collect()
    }

    /// Whether the swap is offered now or will be after the next stone (the empty board of a
    /// variant with the swap rule).
    #[must_use]
    pub fn swap_ahead(&self) -> bool {
        self.variant.swap != SwapRule::None
            && self.winner.is_none()
            && (self.stones == [0, 0] || self.swap_offered())
    }

    /// The raw setup of this position (what the text forms write).
    #[must_use]
    pub fn to_setup(&self) -> HexSetup {
        HexSetup {
            size: self.size(),
            cells: self.cells().to_vec(),
            to_move: self.to_move,
            swapped: self.swapped,
        }
    }

    /// The one black stone of the board, while the swap is offered.
    fn first_stone(&self) -> usize {
        (0..self.variant.cells())
            .find(|&index| self.cells[index].is_some())
            .expect("the swap is offered with one stone on the board")
    }
}

impl Game for Hex {
    type Move = HexMove;
    type Variant = HexVariant;
    type Undo = Undo;
    type Setup = HexSetup;

    // The default side names (black, white). The players by their colours before any swap: black
    // (the first player) and white; `first` and `second` are read too ([`Game::parse_side`]).
    const MOVE_CODES: &'static [&'static str] =
        &["game-over", "off-board", "occupied", "swap-not-allowed"];

    fn start(variant: &HexVariant) -> Hex {
        Hex::new(*variant)
    }

    fn variant(&self) -> &HexVariant {
        &self.variant
    }

    fn side_to_move(&self) -> Side {
        self.owner(self.to_move)
    }

    fn generate_moves(&self, moves: &mut Vec<HexMove>) {
        moves.clear();
        if self.winner.is_some() {
            return;
        }
        if self.swap_offered() {
            moves.push(HexMove::Swap);
        }
        let size = self.size();
        moves.extend(
            (0..self.variant.cells())
                .filter(|&index| self.cells[index].is_none())
                .map(|index| HexMove::Stone(Cell::from_index(index, size))),
        );
    }

    fn check_move(&self, mv: HexMove) -> Result<(), IllegalMove> {
        if let Some(winner) = self.winner {
            return Err(IllegalMove::new(
                "game-over",
                format!("the game is over: {} joined its edges", winner.name()),
            ));
        }
        match mv {
            HexMove::Stone(cell) if !cell.on_board(self.size()) => Err(IllegalMove::new(
                "off-board",
                format!(
                    "{} is off the {n}x{n} board",
                    notation::format_cell(cell),
                    n = self.size()
                ),
            )),
            HexMove::Stone(cell) if self.at(cell).is_some() => Err(IllegalMove::new(
                "occupied",
                format!("{} is occupied", notation::format_cell(cell)),
            )),
            HexMove::Stone(_) => Ok(()),
            HexMove::Swap if self.swap_offered() => Ok(()),
            HexMove::Swap => Err(IllegalMove::new(
                "swap-not-allowed",
                match self.variant.swap {
                    SwapRule::None => format!("{} has no swap rule", self.variant),
                    _ => {
                        "the swap is only the second player's answer to the first stone".to_owned()
                    }
                },
            )),
        }
    }

    fn make(&mut self, mv: HexMove) -> Undo {
        match mv {
            HexMove::Stone(cell) => {
                let index = cell.index(self.size());
                let colour = self.to_move;
                self.cells[index] = Some(colour);
                self.stones[colour.index()] += 1;
                let mut joins = Joins::default();
                self.join(index, colour, &mut joins);
                if self.joined(colour) {
                    self.winner = Some(colour);
                }
                self.to_move = colour.opposite();
                self.hash ^= stone_key(colour, index) ^ white_to_move_key();
                Undo::Stone(joins)
            }
            HexMove::Swap => {
                let index = self.first_stone();
                let cell = Cell::from_index(index, self.size());
                match self.variant.swap {
                    SwapRule::Mirror => {
                        self.cells[index] = None;
                        self.cells[cell.mirrored().index(self.size())] = Some(Colour::White);
                        self.to_move = Colour::Black;
                        self.rebuild();
                    }
                    // The stone and the colour to move stay; the players change colours.
                    // (`None` never offers the swap: make takes legal moves only.)
                    SwapRule::Sides | SwapRule::None => {
                        self.swapped = true;
                        self.hash ^= exchanged_key();
                    }
                }
                Undo::Swap { cell }
            }
        }
    }

    fn unmake(&mut self, mv: HexMove, undo: Undo) {
        match (mv, undo) {
            (HexMove::Stone(cell), Undo::Stone(joins)) => {
                let index = cell.index(self.size());
                let colour = self.to_move.opposite();
                self.connections.undo(&joins);
                self.cells[index] = None;
                self.stones[colour.index()] -= 1;
                self.winner = None;
                self.to_move = colour;
                self.hash ^= stone_key(colour, index) ^ white_to_move_key();
            }
            (_, Undo::Swap { cell }) => {
                if self.swapped {
                    self.swapped = false;
                    self.hash ^= exchanged_key();
                } else {
                    self.cells[cell.mirrored().index(self.size())] = None;
                    self.cells[cell.index(self.size())] = Some(Colour::Black);
                    self.to_move = Colour::White;
                    self.rebuild();
                }
            }
            (HexMove::Swap, Undo::Stone(_)) => {
                debug_assert!(false, "a swap taken back with a stone's undo");
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner
            .map(|colour| Outcome::win(self.owner(colour), EndReason::Connection))
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for index in 0..self.variant.cells() {
            if let Some(colour) = self.cells[index] {
                hash ^= stone_key(colour, index);
            }
        }
        if self.to_move == Colour::White {
            hash ^= white_to_move_key();
        }
        if self.swapped {
            hash ^= exchanged_key();
        }
        hash
    }

    fn parse_move(&self, text: &str) -> Result<HexMove, NotationError> {
        notation::parse_move(text)
    }

    fn format_move(&self, mv: HexMove) -> String {
        notation::format_move(mv)
    }

    fn count_moves(&self, _buffer: &mut Vec<HexMove>) -> u64 {
        if self.winner.is_some() {
            return 0;
        }
        (self.empty_cells() + usize::from(self.swap_offered())) as u64
    }

    fn longest_game(&self) -> Option<u32> {
        // Every stone fills a cell for good; the swap fills none (a mirrored swap empties one
        // cell and fills another), and it can come once, at the second ply.
        // At most 361 cells: the count fits a u32.
        Some(self.empty_cells() as u32 + u32::from(self.swap_ahead()))
    }

    fn picture(&self, marks: &[Mark<HexMove>]) -> Option<String> {
        Some(crate::svg::picture(self, marks))
    }

    /// Reads `black`/`white` (the players' colours before any swap) and `first`/`second`.
    fn parse_side(text: &str) -> Option<Side> {
        grid::parse_side(text, [&["black", "first"], &["white", "second"]]).ok()
    }
}
