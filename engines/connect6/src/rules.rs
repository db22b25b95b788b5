//! The position and the rules of play: the one [`Game`] implementation.

use arbiter_core::zobrist::{self, keys};
use arbiter_core::{EndReason, Game, IllegalMove, NotationError, Outcome, Side, picture};

use crate::board::{Board, Move, POINTS, Point};
use crate::setup::Setup;
use crate::variant::Connect6Variant;
use crate::{notation, svg};

/// Zobrist keys: one per (point, side), then one for "white to move". This game's own seed.
const KEYS: [u64; 2 * POINTS + 1] = keys(0xC04E_C706_0000_0006);
const SIDE_KEY: usize = 2 * POINTS;

/// A Connect6 position: the board, stone counts, side to move, incremental hash and the cached
/// result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect6 {
    variant: Connect6Variant,
    board: Board,
    counts: [usize; 2],
    to_move: Side,
    hash: u64,
    outcome: Option<Outcome>,
}

impl Connect6 {
    /// The position of a setup that [`crate::setup`] has checked.
    pub(crate) fn from_checked_setup(variant: &Connect6Variant, setup: &Setup) -> Connect6 {
        let mut game = Connect6 {
            variant: *variant,
            board: setup.board.clone(),
            counts: [
                setup.board.count(Side::First),
                setup.board.count(Side::Second),
            ],
            to_move: setup.to_move,
            hash: 0,
            outcome: None,
        };
        game.hash = game.hash_from_scratch();
        game.outcome = game.compute_outcome();
        game
    }

    /// The stones on the board.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The number of stones `side` has on the board.
    #[must_use]
    pub const fn stone_count(&self, side: Side) -> usize {
        self.counts[side.index()]
    }

    /// The number of empty points.
    #[must_use]
    pub const fn empty_count(&self) -> usize {
        let size = self.board.size();
        size * size - self.counts[0] - self.counts[1]
    }

    /// The stones the side to move places this turn: 1 on the empty board (black's first
    /// turn), else 2.
    #[must_use]
    pub const fn stones_this_turn(&self) -> usize {
        if self.counts[0] + self.counts[1] == 0 {
            1
        } else {
            2
        }
    }

    /// The empty points into `out`, in index order; returns how many.
    fn empties(&self, out: &mut [Point; POINTS]) -> usize {
        let mut n = 0;
        for point in self.board.points() {
            if self.board.get(point).is_none() {
                out[n] = point;
                n += 1;
            }
        }
        n
    }

    /// The result of a position whose side to move is `to_move`, from scratch.
    fn compute_outcome(&self) -> Option<Outcome> {
        for side in [Side::First, Side::Second] {
            if self.board.find_six(side).is_some() {
                return Some(Outcome::win(side, EndReason::Line));
            }
        }
        (self.empty_count() < self.stones_this_turn())
            .then_some(Outcome::draw(EndReason::BoardFull))
    }

    const fn key(side: Side, point: Point) -> u64 {
        KEYS[point.index() * 2 + side.index()]
    }

    /// The number of moves a position that goes on has: `E` on black's first turn, else
    /// `C(E, 2)` pairs of the `E` empty points.
    fn move_count(&self) -> u64 {
        let e = self.empty_count() as u64;
        if self.stones_this_turn() == 1 {
            e
        } else {
            e * e.saturating_sub(1) / 2
        }
    }
}

impl Game for Connect6 {
    type Move = Move;
    type Variant = Connect6Variant;
    /// Nothing: a legal move is only made in an unfinished position and its stones are in the
    /// move itself.
    type Undo = ();
    type Setup = Setup;

    const MOVE_CODES: &'static [&'static str] = &[
        "game-over",
        "off-board",
        "occupied",
        "same-point",
        "wrong-stone-count",
    ];

    /// 10 moves of opening, 40 to the end of the middle game, as gomoku.
    fn phase_plies(_: &Connect6Variant) -> (usize, usize) {
        (10, 40)
    }

    fn start(variant: &Connect6Variant) -> Self {
        Connect6 {
            variant: *variant,
            board: Board::empty(variant.size()),
            counts: [0, 0],
            to_move: Side::First,
            hash: 0,
            outcome: None,
        }
    }

    fn variant(&self) -> &Connect6Variant {
        &self.variant
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Every legal move: one per empty point on black's first turn, else every unordered pair
    /// of empty points (`C(E, 2)`; 64,620 on the second turn of a 19x19 game), in [`Move`]
    /// order.
    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        let mut empties = [Point::A1; POINTS];
        let n = self.empties(&mut empties);
        let empties = &empties[..n];
        if self.stones_this_turn() == 1 {
            moves.extend(empties.iter().map(|&p| Move::single(p)));
            return;
        }
        moves.reserve(n * n.saturating_sub(1) / 2);
        for (i, &a) in empties.iter().enumerate() {
            moves.extend(empties[i + 1..].iter().map(|&b| Move::pair(a, b)));
        }
    }

    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::new("game-over", "the game is over"));
        }
        let size = self.board.size();
        if let Some(p) = mv.points().find(|p| !p.is_on(size)) {
            return Err(IllegalMove::new(
                "off-board",
                format!(
                    "{} is off the {size}x{size} board",
                    notation::format_point(p)
                ),
            ));
        }
        let needed = self.stones_this_turn();
        if mv.stone_count() != needed {
            return Err(IllegalMove::new(
                "wrong-stone-count",
                format!(
                    "{} places {needed} stone{} this turn, not {}",
                    Connect6::side_name(self.to_move),
                    if needed == 1 { "" } else { "s" },
                    mv.stone_count()
                ),
            ));
        }
        if mv.second() == Some(mv.first()) {
            return Err(IllegalMove::new(
                "same-point",
                format!("both stones on {}", notation::format_point(mv.first())),
            ));
        }
        if let Some(p) = mv.points().find(|&p| self.board.get(p).is_some()) {
            return Err(IllegalMove::new(
                "occupied",
                format!("{} is occupied", notation::format_point(p)),
            ));
        }
        Ok(())
    }

    /// Places the move's stones. The game is won when either stone is part of six or more in a
    /// row of the mover: the stones of one turn are all the mover's and nothing is taken off
    /// the board, so a six made by the first stone is still there after the second, and the
    /// result of the turn is the same in either order (or if play stopped after the first).
    fn make(&mut self, mv: Move) {
        debug_assert!(
            self.check_move(mv).is_ok(),
            "make of an illegal move {mv:?}"
        );
        let side = self.to_move;
        for p in mv.points() {
            self.board.set(p, Some(side));
            self.hash ^= Self::key(side, p);
        }
        self.counts[side.index()] += mv.stone_count();
        self.hash ^= KEYS[SIDE_KEY];
        self.to_move = side.opponent();
        self.outcome = if mv.points().any(|p| self.board.makes_six(p, side)) {
            Some(Outcome::win(side, EndReason::Line))
        } else if self.empty_count() < 2 {
            // Every later turn needs two empty points.
            Some(Outcome::draw(EndReason::BoardFull))
        } else {
            None
        };
    }

    fn unmake(&mut self, mv: Move, (): ()) {
        let side = self.to_move.opponent();
        for p in mv.points() {
            debug_assert_eq!(self.board.get(p), Some(side), "unmake of {mv:?}");
            self.board.set(p, None);
            self.hash ^= Self::key(side, p);
        }
        self.counts[side.index()] -= mv.stone_count();
        self.hash ^= KEYS[SIDE_KEY];
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
        let stones = self
            .board
            .points()
            .filter_map(|p| self.board.get(p).map(|side| (side, p)));
        stones.fold(
            zobrist::side_to_move(self.to_move, KEYS[SIDE_KEY]),
            |hash, (side, p)| hash ^ Self::key(side, p),
        )
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        notation::parse_move(text, self.board.size())
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(mv)
    }

    fn picture(&self, marks: &[picture::Mark<Move>]) -> Option<String> {
        Some(svg::picture(self, marks))
    }

    /// Perft's last ply: `E` or `C(E, 2)` moves for a position that goes on, none at the end.
    fn count_moves(&self, _: &mut Vec<Move>) -> u64 {
        if self.outcome.is_some() {
            0
        } else {
            self.move_count()
        }
    }

    fn longest_game(&self) -> Option<u32> {
        // Every turn places at least one stone.
        u32::try_from(self.empty_count()).ok()
    }
}
