//! The position and the rules of play: move generation, counting, checking, make and unmake.
//!
//! State is the two amazon sets, the arrow set and the side to move; the rotated line
//! occupancies ([`crate::board`]) and the Zobrist hash are kept in step incrementally. Every
//! move is reversible by XOR, so `unmake` needs nothing but the move.

use arbiter_core::{
    Bits, EndReason, Game, IllegalMove, NotationError, Outcome, Side, picture, zobrist,
};

use crate::board::{Geometry, KINDS, MAX_LINES, MAX_SQUARES, Square};
use crate::notation::{self, Move, format_square};
use crate::setup::AmazonsSetup;
use crate::svg;
use crate::variant::AmazonsVariant;

/// Zobrist keys: white amazon per square, black amazon per square, arrow per square, then
/// black to move. Seed chosen for this game only.
static KEYS: [u64; 3 * MAX_SQUARES + 1] = zobrist::keys(0x414D_415A_4F4E_5331);
const SIDE_KEY: usize = 3 * MAX_SQUARES;

fn amazon_key(side: Side, square: Square) -> u64 {
    KEYS[side.index() * MAX_SQUARES + usize::from(square)]
}

fn arrow_key(square: Square) -> u64 {
    KEYS[2 * MAX_SQUARES + usize::from(square)]
}

/// A Game of the Amazons position.
#[derive(Clone, Debug)]
pub struct Amazons {
    pub(crate) variant: AmazonsVariant,
    pub(crate) geometry: &'static Geometry,
    /// Amazons per side, indexed by [`Side::index`] (white, black).
    pub(crate) amazons: [u128; 2],
    pub(crate) arrows: u128,
    /// Occupancy word of every line (amazons and arrows, walls set).
    pub(crate) words: [u16; MAX_LINES],
    pub(crate) to_move: Side,
    pub(crate) hash: u64,
}

/// Positions are equal when the boards and the side to move are; the line words and the hash
/// follow from those.
impl PartialEq for Amazons {
    fn eq(&self, other: &Amazons) -> bool {
        self.variant == other.variant
            && self.amazons == other.amazons
            && self.arrows == other.arrows
            && self.to_move == other.to_move
    }
}

impl Eq for Amazons {}

impl Amazons {
    pub(crate) fn from_sets(
        variant: AmazonsVariant,
        amazons: [u128; 2],
        arrows: u128,
        to_move: Side,
    ) -> Amazons {
        let geometry = Geometry::of_size(variant.size());
        let mut position = Amazons {
            variant,
            geometry,
            amazons,
            arrows,
            words: geometry.line_words(amazons[0] | amazons[1] | arrows),
            to_move,
            hash: 0,
        };
        position.hash = position.hash_from_scratch();
        position
    }

    /// The board geometry.
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The amazons of `side`.
    #[must_use]
    pub fn amazons(&self, side: Side) -> u128 {
        self.amazons[side.index()]
    }

    /// The arrows on the board.
    #[must_use]
    pub fn arrows(&self) -> u128 {
        self.arrows
    }

    /// The empty squares.
    #[must_use]
    pub fn empty(&self) -> u128 {
        self.geometry.board & !(self.amazons[0] | self.amazons[1] | self.arrows)
    }

    /// Whether the side to move has a move. A queen step to an empty neighbour always allows
    /// the arrow back onto the vacated square, so this is "some amazon has an empty neighbour".
    #[must_use]
    pub fn has_move(&self) -> bool {
        let empty = self.empty();
        Bits(self.amazons[self.to_move.index()])
            .any(|square| self.geometry.neighbours[usize::from(square)] & empty != 0)
    }

    /// XORs the changes of `mover` playing `mv` into the position; its own inverse.
    #[inline]
    fn apply(&mut self, mv: Move, mover: Side) {
        debug_assert!(mv.from != mv.to && mv.to != mv.arrow);
        self.amazons[mover.index()] ^= (1 << mv.from) | (1 << mv.to);
        self.arrows ^= 1 << mv.arrow;
        let geometry = self.geometry;
        geometry.toggle(&mut self.words, mv.from);
        geometry.toggle(&mut self.words, mv.to);
        geometry.toggle(&mut self.words, mv.arrow);
        self.hash ^= amazon_key(mover, mv.from)
            ^ amazon_key(mover, mv.to)
            ^ arrow_key(mv.arrow)
            ^ KEYS[SIDE_KEY];
        self.to_move = self.to_move.opponent();
    }

    /// Consistency of the incremental state, for debug assertions and tests.
    #[must_use]
    pub fn is_consistent(&self) -> bool {
        let occupied = self.amazons[0] | self.amazons[1] | self.arrows;
        self.amazons[0] & self.amazons[1] == 0
            && (self.amazons[0] | self.amazons[1]) & self.arrows == 0
            && occupied & !self.geometry.board == 0
            && self.words == self.geometry.line_words(occupied)
            && self.hash == self.hash_from_scratch()
    }
}

impl Game for Amazons {
    type Move = Move;
    type Variant = AmazonsVariant;
    type Undo = ();
    type Setup = AmazonsSetup;

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

    /// The start position of `variant`.
    fn start(variant: &AmazonsVariant) -> Amazons {
        let variant = *variant;
        let geometry = Geometry::of_size(variant.size());
        let mut amazons = [0u128; 2];
        for (side, squares) in variant.start_squares().iter().enumerate() {
            for &(file, rank) in squares {
                amazons[side] |= 1
                    << geometry
                        .square(file, rank)
                        .expect("start square on the board");
            }
        }
        Amazons::from_sets(variant, amazons, 0, variant.first_to_move())
    }

    fn variant(&self) -> &AmazonsVariant {
        &self.variant
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Clears `moves` and fills it with every legal move: by amazon (lowest square first), then
    /// destination, then arrow.
    fn generate_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        let geometry = self.geometry;
        let mut words = self.words;
        for from in Bits(self.amazons[self.to_move.index()]) {
            // Lift the amazon off the board: it does not block its own arrow.
            geometry.toggle(&mut words, from);
            for to in Bits(geometry.reach(&words, from)) {
                for arrow in Bits(geometry.reach(&words, to)) {
                    moves.push(Move { from, to, arrow });
                }
            }
            geometry.toggle(&mut words, from);
        }
    }

    /// Why `mv` may not be played, if it may not. Codes: `game-over`, `off-board`,
    /// `not-own-amazon`, `not-queen-line`, `blocked-path` (a square on the way or the
    /// destination is taken), `arrow-not-queen-line`, `arrow-blocked`.
    ///
    /// # Errors
    /// The first rule the move breaks, in that order.
    fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        let geometry = self.geometry;
        if !self.has_move() {
            return Err(IllegalMove::new(
                "game-over",
                "the game is over: the side to move has no move",
            ));
        }
        if [mv.from, mv.to, mv.arrow]
            .iter()
            .any(|&square| square >= geometry.squares)
        {
            return Err(IllegalMove::new("off-board", "a square is off the board"));
        }
        let name = |square| format_square(geometry, square);
        if self.amazons[self.to_move.index()] & (1 << mv.from) == 0 {
            return Err(IllegalMove::new(
                "not-own-amazon",
                format!("{} holds no amazon of the side to move", name(mv.from)),
            ));
        }
        if !geometry.on_queen_line(mv.from, mv.to) {
            return Err(IllegalMove::new(
                "not-queen-line",
                format!(
                    "{} is not a queen move away from {}",
                    name(mv.to),
                    name(mv.from)
                ),
            ));
        }
        let mut words = self.words;
        geometry.toggle(&mut words, mv.from);
        if geometry.reach(&words, mv.from) & (1 << mv.to) == 0 {
            return Err(IllegalMove::new(
                "blocked-path",
                format!(
                    "the way from {} to {} is not empty",
                    name(mv.from),
                    name(mv.to)
                ),
            ));
        }
        if !geometry.on_queen_line(mv.to, mv.arrow) {
            return Err(IllegalMove::new(
                "arrow-not-queen-line",
                format!(
                    "the arrow on {} is not a queen line away from {}",
                    name(mv.arrow),
                    name(mv.to)
                ),
            ));
        }
        if geometry.reach(&words, mv.to) & (1 << mv.arrow) == 0 {
            return Err(IllegalMove::new(
                "arrow-blocked",
                format!(
                    "the arrow's way from {} to {} is not empty",
                    name(mv.to),
                    name(mv.arrow)
                ),
            ));
        }
        Ok(())
    }

    /// Plays `mv`, which must be legal.
    #[inline]
    fn make(&mut self, mv: Move) {
        self.apply(mv, self.to_move);
    }

    /// Takes back `mv`, the last move made.
    #[inline]
    fn unmake(&mut self, mv: Move, (): ()) {
        // Every change is an XOR, so applying the mover's changes again undoes them.
        self.apply(mv, self.to_move.opponent());
    }

    /// `None` while the side to move has a move; otherwise it has lost.
    fn outcome(&self) -> Option<Outcome> {
        (!self.has_move()).then(|| Outcome::win(self.to_move.opponent(), EndReason::Stalemate))
    }

    /// The incremental hash.
    fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from the board.
    fn hash_from_scratch(&self) -> u64 {
        let arrows = Bits(self.arrows).fold(0, |hash, square| hash ^ arrow_key(square));
        zobrist::side_to_move(self.to_move, KEYS[SIDE_KEY])
            ^ zobrist::pieces(self.amazons, amazon_key)
            ^ arrows
    }

    /// The number of legal moves, without listing them (perft's last ply): per destination,
    /// four table lookups count the arrow squares.
    fn count_moves(&self, _: &mut Vec<Move>) -> u64 {
        let geometry = self.geometry;
        let tables = geometry.tables;
        let mut words = self.words;
        let mut count = 0u64;
        for from in Bits(self.amazons[self.to_move.index()]) {
            geometry.toggle(&mut words, from);
            let from = usize::from(from);
            for kind in 0..KINDS {
                let line = usize::from(geometry.line_of[from][kind]);
                let pos = usize::from(geometry.pos_of[from][kind]);
                let mut along = tables.reach[pos][usize::from(words[line])];
                while along != 0 {
                    let to = geometry.line_squares[line][along.trailing_zeros() as usize];
                    along &= along - 1;
                    count += u64::from(geometry.reach_count(&words, to));
                }
            }
            geometry.toggle(&mut words, from as Square);
        }
        count
    }

    fn longest_game(&self) -> Option<u32> {
        // Every move shoots an arrow onto an empty square, which stays burnt.
        Some(self.empty().count_ones())
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        notation::parse_move(self.geometry, text)
    }

    fn format_move(&self, mv: Move) -> String {
        notation::format_move(self.geometry, mv)
    }

    fn picture(&self, marks: &[picture::Mark<Move>]) -> Option<String> {
        Some(svg::picture(self, marks))
    }
}
