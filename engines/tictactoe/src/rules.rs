//! The position and the rules of play: the one [`Game`] implementation.

use arbiter_core::zobrist::{self, keys};
use arbiter_core::{EndReason, Game, IllegalMove, NotationError, Outcome, Side, picture};

use crate::board::{Cell, FULL, has_line};
use crate::setup::Setup;
use crate::variant::TicTacToeVariant;
use crate::{notation, svg};

/// Zobrist keys: 9 for X's stones, 9 for O's, one for "O to move". The seed is this game's own.
const KEYS: [u64; 19] = keys(0x771C_7AC7_0E00_0003);
const SIDE_KEY: usize = 18;

/// A move: the cell the side to move puts its stone on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(Cell);

impl Move {
    /// The move that puts a stone on `cell`.
    #[must_use]
    pub const fn new(cell: Cell) -> Move {
        Move(cell)
    }

    /// The cell of the move.
    #[must_use]
    pub const fn cell(self) -> Cell {
        self.0
    }
}

/// A tic-tac-toe position: one bitboard per side, the side to move, the incremental hash and the
/// cached result (so that move generation knows in O(1) whether the game is over).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    variant: TicTacToeVariant,
    stones: [u16; 2],
    to_move: Side,
    hash: u64,
    outcome: Option<Outcome>,
}

impl TicTacToe {
    /// The stones of `side` as a bitboard (bit `3 * row + column`, row 0 at the top).
    #[must_use]
    pub const fn stones(&self, side: Side) -> u16 {
        self.stones[side.index()]
    }

    /// The empty cells as a bitboard.
    #[must_use]
    pub const fn empty(&self) -> u16 {
        !(self.stones[0] | self.stones[1]) & FULL
    }

    /// The result of the board, computed from the bitboards.
    fn compute_outcome(stones: [u16; 2]) -> Option<Outcome> {
        if has_line(stones[0]) {
            Some(Outcome::win(Side::First, EndReason::Line))
        } else if has_line(stones[1]) {
            Some(Outcome::win(Side::Second, EndReason::Line))
        } else if stones[0] | stones[1] == FULL {
            Some(Outcome::draw(EndReason::BoardFull))
        } else {
            None
        }
    }

    /// The position of a validated board (see [`crate::setup`]).
    pub(crate) fn from_valid(variant: TicTacToeVariant, setup: &Setup) -> TicTacToe {
        let stones = [setup.x, setup.o];
        let mut game = TicTacToe {
            variant,
            stones,
            to_move: setup.to_move,
            hash: 0,
            outcome: Self::compute_outcome(stones),
        };
        game.hash = game.hash_from_scratch();
        game
    }

    fn key(side: Side, cell: Cell) -> u64 {
        KEYS[side.index() * 9 + cell.index()]
    }
}

impl Game for TicTacToe {
    type Move = Move;
    type Variant = TicTacToeVariant;
    /// Nothing: a legal move is only made in an unfinished position, so undoing it clears the
    /// cell, flips the side and restores "not over".
    type Undo = ();
    type Setup = Setup;

    const SIDE_NAMES: [&'static str; 2] = ["x", "o"];
    const MOVE_CODES: &'static [&'static str] = &["occupied", "game-over"];

    /// 3 and 6 plies of its 9.
    fn phase_plies(_: &TicTacToeVariant) -> (usize, usize) {
        (3, 6)
    }

    fn start(variant: &TicTacToeVariant) -> Self {
        TicTacToe {
            variant: *variant,
            stones: [0, 0],
            to_move: Side::First,
            hash: 0,
            outcome: None,
        }
    }

    fn variant(&self) -> &TicTacToeVariant {
        &self.variant
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        let empty = self.empty();
        moves.extend(
            Cell::ALL
                .into_iter()
                .filter(|c| empty & c.bit() != 0)
                .map(Move),
        );
    }

    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::new("game-over", "the game is over"));
        }
        if self.empty() & mv.0.bit() == 0 {
            return Err(IllegalMove::new(
                "occupied",
                format!("{} is occupied", notation::format_cell(mv.0)),
            ));
        }
        Ok(())
    }

    fn make(&mut self, mv: Move) {
        debug_assert!(
            self.check_move(mv).is_ok(),
            "make of an illegal move {mv:?}"
        );
        let side = self.to_move;
        self.stones[side.index()] |= mv.0.bit();
        self.hash ^= Self::key(side, mv.0) ^ KEYS[SIDE_KEY];
        self.to_move = side.opponent();
        // Only the mover can have completed a line.
        self.outcome = if has_line(self.stones[side.index()]) {
            Some(Outcome::win(side, EndReason::Line))
        } else if self.empty() == 0 {
            Some(Outcome::draw(EndReason::BoardFull))
        } else {
            None
        };
    }

    fn unmake(&mut self, mv: Move, (): ()) {
        let side = self.to_move.opponent();
        debug_assert!(
            self.stones[side.index()] & mv.0.bit() != 0,
            "unmake of {mv:?}"
        );
        self.stones[side.index()] &= !mv.0.bit();
        self.hash ^= Self::key(side, mv.0) ^ KEYS[SIDE_KEY];
        self.to_move = side;
        self.outcome = None;
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let key = |side: Side, index: u8| KEYS[side.index() * 9 + usize::from(index)];
        zobrist::side_to_move(self.to_move, KEYS[SIDE_KEY]) ^ zobrist::pieces(self.stones, key)
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        notation::parse_cell(text).map(Move)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_cell(mv.0)
    }

    fn picture(&self, marks: &[picture::Mark<Move>]) -> Option<String> {
        Some(svg::picture(self, marks))
    }

    /// A position that goes on has one move per empty cell (perft's last ply).
    fn count_moves(&self, _: &mut Vec<Move>) -> u64 {
        if self.outcome.is_some() {
            0
        } else {
            u64::from(self.empty().count_ones())
        }
    }

    fn longest_game(&self) -> Option<u32> {
        Some(self.empty().count_ones())
    }
}
