//! The position and its rules: setup, the die, steps, captures and the end of the game.
//!
//! State: the piece code of every square, the square of every piece and the set of pieces
//! still on the board per side, the side to move, the [`Phase`] (setting up, die to roll,
//! die rolled) and the incremental Zobrist hash. A move is made and taken back in a few
//! array writes; the outcome is read off the two goal corners and the piece sets.

use arbiter_core::{EndReason, Game, IllegalMove, NotationError, Outcome, Side, picture, zobrist};

use crate::board::{self, EinSteinMove, Layout, Piece, SQUARES, Square};
use crate::setup::EinSteinSetup;
use crate::variant::EinSteinVariant;
use crate::{notation, svg};

/// What the side to move does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// It places its six pieces on its start triangle (one layout move).
    Place,
    /// The die is to be rolled for it: a chance node.
    Roll,
    /// It rolled this number (1-6) and moves a piece the number selects.
    Move(u8),
}

/// A square holding no piece; piece codes are 1-6 for red's pieces, 7-12 for blue's.
const EMPTY: u8 = 0;
/// The square of a piece that is not on the board.
const OFF: u8 = u8::MAX;

/// Keys: (side, number, square) at `(side * 6 + number - 1) * 25 + square`, then blue to move,
/// then the setup phase, then the six rolled numbers.
const KEYS: [u64; 2 * 6 * SQUARES + 8] = zobrist::keys(0xE1_5731_0000_0006);
const SIDE_KEY: usize = 2 * 6 * SQUARES;
const PLACE_KEY: usize = SIDE_KEY + 1;

const fn piece_key(side: Side, number: u8, square: usize) -> u64 {
    KEYS[(side.index() * 6 + number as usize - 1) * SQUARES + square]
}

const fn die_key(die: u8) -> u64 {
    KEYS[PLACE_KEY + die as usize]
}

const fn code(side: Side, number: u8) -> u8 {
    match side {
        Side::First => number,
        Side::Second => number + 6,
    }
}

const fn decode(code: u8) -> Option<Piece> {
    match code {
        1..=6 => Some(Piece {
            side: Side::First,
            number: code,
        }),
        7..=12 => Some(Piece {
            side: Side::Second,
            number: code - 6,
        }),
        _ => None,
    }
}

/// An EinStein würfelt nicht position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EinStein {
    variant: EinSteinVariant,
    /// The piece code on each square.
    cells: [u8; SQUARES],
    /// The square of each side's piece `number` at `[side][number - 1]`, or [`OFF`].
    squares: [[u8; 6]; 2],
    /// Per side, bit `number - 1` for each of its pieces on the board.
    alive: [u8; 2],
    to_move: Side,
    phase: Phase,
    hash: u64,
}

/// What [`EinStein::make`] needs to take a move back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    /// The piece code a step removed (own or enemy), or empty.
    captured: u8,
    /// The phase before the move.
    phase: Phase,
}

impl EinStein {
    /// A board without pieces.
    fn empty(variant: EinSteinVariant, to_move: Side, phase: Phase) -> EinStein {
        let mut game = EinStein {
            variant,
            cells: [EMPTY; SQUARES],
            squares: [[OFF; 6]; 2],
            alive: [0; 2],
            to_move,
            phase,
            hash: 0,
        };
        game.hash = game.hash_from_scratch();
        game
    }

    /// A position from its parts, not validated (the setup module checks first): pieces by
    /// square, each side's numbers at most once.
    pub(crate) fn from_parts(
        variant: EinSteinVariant,
        pieces: &[(Square, Piece)],
        to_move: Side,
        phase: Phase,
    ) -> EinStein {
        let mut game = EinStein::empty(variant, to_move, phase);
        for &(square, piece) in pieces {
            game.put(square, piece);
        }
        game.hash = game.hash_from_scratch();
        game
    }

    /// What the side to move does next.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The piece on `square`.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        decode(self.cells[square.index()])
    }

    /// Where `side`'s piece `number` stands, if it is on the board.
    #[must_use]
    pub fn square_of(&self, side: Side, number: u8) -> Option<Square> {
        Square::from_index(usize::from(
            self.squares[side.index()][usize::from(number) - 1],
        ))
    }

    /// The numbers of `side`'s pieces on the board, as bits `number - 1`.
    #[must_use]
    pub fn alive(&self, side: Side) -> u8 {
        self.alive[side.index()]
    }

    /// Every piece on the board with its square, square by square.
    #[must_use]
    pub fn pieces(&self) -> Vec<(Square, Piece)> {
        (0..SQUARES)
            .filter_map(|index| {
                let square = Square::from_index(index)?;
                Some((square, self.piece_at(square)?))
            })
            .collect()
    }

    /// The pieces of `side` a roll of `die` lets it move (the rules' clause 2): the piece of
    /// that number if it is on the board, else the nearest piece below it and the nearest
    /// above it, whichever exist. Returns the numbers and how many there are (0 to 2).
    #[must_use]
    pub fn selectable(&self, side: Side, die: u8) -> ([u8; 2], usize) {
        let alive = self.alive[side.index()];
        let bit = 1u8 << (die - 1);
        if alive & bit != 0 {
            return ([die, 0], 1);
        }
        let mut numbers = [0u8; 2];
        let mut count = 0;
        let below = alive & (bit - 1);
        if below != 0 {
            // The highest bit below: the nearest smaller number.
            numbers[count] = 8 - below.leading_zeros() as u8;
            count += 1;
        }
        let above = alive & !(bit | (bit - 1));
        if above != 0 {
            numbers[count] = above.trailing_zeros() as u8 + 1;
            count += 1;
        }
        (numbers, count)
    }

    /// Why the step `from`-`to` may not follow a roll of `die`, if it may not.
    fn check_step(&self, die: u8, from: Square, to: Square) -> Result<(), IllegalMove> {
        let side = self.to_move;
        let name = EinStein::side_name(side);
        let Some(piece) = self.piece_at(from).filter(|piece| piece.side == side) else {
            return Err(IllegalMove::new(
                "not-own-piece",
                format!(
                    "{name} has no piece on {}",
                    crate::notation::format_square(from)
                ),
            ));
        };
        let (numbers, count) = self.selectable(side, die);
        let numbers = &numbers[..count];
        if !numbers.contains(&piece.number) {
            let allowed = match numbers {
                [one] => format!("piece {one}"),
                [low, high] => format!("piece {low} or {high}"),
                _ => "no piece".to_owned(),
            };
            return Err(IllegalMove::new(
                "wrong-piece",
                format!(
                    "the die shows {die}: {name} moves {allowed}, not piece {}",
                    piece.number
                ),
            ));
        }
        if !board::targets(side, from).contains(&Some(to)) {
            let directions = match side {
                Side::First => "right, down or down-right",
                Side::Second => "left, up or up-left",
            };
            return Err(IllegalMove::new(
                "wrong-direction",
                format!("{name} moves one square {directions}"),
            ));
        }
        Ok(())
    }

    fn put(&mut self, square: Square, piece: Piece) {
        let s = piece.side.index();
        let n = usize::from(piece.number) - 1;
        self.cells[square.index()] = code(piece.side, piece.number);
        // Squares are below 25: they fit a u8.
        self.squares[s][n] = square.index() as u8;
        self.alive[s] |= 1 << n;
        self.hash ^= piece_key(piece.side, piece.number, square.index());
    }

    fn remove(&mut self, square: Square, piece: Piece) {
        let s = piece.side.index();
        let n = usize::from(piece.number) - 1;
        self.cells[square.index()] = EMPTY;
        self.squares[s][n] = OFF;
        self.alive[s] &= !(1 << n);
        self.hash ^= piece_key(piece.side, piece.number, square.index());
    }

    fn set_phase(&mut self, phase: Phase) {
        self.hash ^= phase_key(self.phase) ^ phase_key(phase);
        self.phase = phase;
    }

    fn pass_turn(&mut self) {
        self.to_move = self.to_move.opponent();
        self.hash ^= KEYS[SIDE_KEY];
    }
}

const fn phase_key(phase: Phase) -> u64 {
    match phase {
        Phase::Place => KEYS[PLACE_KEY],
        Phase::Roll => 0,
        Phase::Move(die) => die_key(die),
    }
}

impl Game for EinStein {
    /// A layout, a roll of the die or a step.
    type Move = EinSteinMove;
    type Variant = EinSteinVariant;
    type Undo = Undo;
    type Setup = EinSteinSetup;

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

    /// The start of `variant`: an empty board, the first mover to set up.
    fn start(variant: &EinSteinVariant) -> EinStein {
        EinStein::empty(*variant, variant.first, Phase::Place)
    }

    fn variant(&self) -> &EinSteinVariant {
        &self.variant
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Clears `moves` and lists every legal move: the 720 layouts while setting up, the six
    /// rolls at a chance node, the steps of the selected pieces after a roll.
    fn generate_moves(&self, moves: &mut Vec<EinSteinMove>) {
        moves.clear();
        if self.outcome().is_some() {
            return;
        }
        match self.phase {
            Phase::Place => moves.extend(
                (0..Layout::COUNT)
                    .filter_map(|rank| Layout::from_rank(rank).map(EinSteinMove::Layout)),
            ),
            Phase::Roll => moves.extend((1..=6).map(EinSteinMove::Roll)),
            Phase::Move(die) => {
                let side = self.to_move;
                let (numbers, count) = self.selectable(side, die);
                for &number in &numbers[..count] {
                    let from = self
                        .square_of(side, number)
                        .expect("a selectable piece is on the board");
                    for to in board::targets(side, from).into_iter().flatten() {
                        moves.push(EinSteinMove::Step { from, to });
                    }
                }
            }
        }
    }

    /// Why `mv` may not be played here, if it may not. Codes: `game-over`; `layout-expected`,
    /// `roll-expected`, `move-expected` (a move of the wrong kind for the phase); `no-roll`
    /// (a die number outside 1-6); `not-own-piece` (no piece of the side to move on the
    /// square), `wrong-piece` (the die does not select that piece), `wrong-direction` (not
    /// one square right, down or down-right for red, left, up or up-left for blue).
    ///
    /// # Errors
    /// The [`IllegalMove`] with its code and a sentence.
    fn check_move(&self, mv: EinSteinMove) -> Result<(), IllegalMove> {
        if let Some(outcome) = self.outcome() {
            let winner = outcome.winner.map_or("nobody", EinStein::side_name);
            return Err(IllegalMove::new(
                "game-over",
                format!("the game is over: {winner} has won ({})", outcome.reason),
            ));
        }
        let side = self.to_move;
        let name = EinStein::side_name(side);
        match (self.phase, mv) {
            (Phase::Place, EinSteinMove::Layout(_)) => Ok(()),
            (Phase::Place, _) => Err(IllegalMove::new(
                "layout-expected",
                format!("{name} sets up its pieces first: expected a layout such as layout-123456"),
            )),
            (Phase::Roll, EinSteinMove::Roll(die)) if (1..=6).contains(&die) => Ok(()),
            (Phase::Roll, EinSteinMove::Roll(die)) => Err(IllegalMove::new(
                "no-roll",
                format!("a die shows 1 to 6, not {die}"),
            )),
            (Phase::Roll, _) => Err(IllegalMove::new(
                "roll-expected",
                format!("the die is to be rolled for {name}: expected roll-1 to roll-6"),
            )),
            (Phase::Move(die), EinSteinMove::Step { from, to }) => self.check_step(die, from, to),
            (Phase::Move(die), _) => Err(IllegalMove::new(
                "move-expected",
                format!("{name} rolled {die} and moves a piece now"),
            )),
        }
    }

    /// Plays `mv` without checking it.
    fn make(&mut self, mv: EinSteinMove) -> Undo {
        let undo = Undo {
            captured: EMPTY,
            phase: self.phase,
        };
        match mv {
            EinSteinMove::Layout(layout) => {
                let side = self.to_move;
                for (square, number) in board::start_cells(side).into_iter().zip(layout.numbers()) {
                    self.put(square, Piece { side, number });
                }
                // The first mover sets up first; once both have, it rolls first.
                let next = if side == self.variant.first {
                    Phase::Place
                } else {
                    Phase::Roll
                };
                self.set_phase(next);
                self.pass_turn();
                undo
            }
            EinSteinMove::Roll(die) => {
                self.set_phase(Phase::Move(die));
                undo
            }
            EinSteinMove::Step { from, to } => {
                let captured = self.cells[to.index()];
                if let Some(piece) = decode(captured) {
                    self.remove(to, piece);
                }
                let piece = decode(self.cells[from.index()]).expect("a step moves a piece");
                self.remove(from, piece);
                self.put(to, piece);
                self.set_phase(Phase::Roll);
                self.pass_turn();
                Undo { captured, ..undo }
            }
        }
    }

    /// Takes back `mv`, the last move made.
    fn unmake(&mut self, mv: EinSteinMove, undo: Undo) {
        match mv {
            EinSteinMove::Layout(_) => {
                self.pass_turn();
                let side = self.to_move;
                for square in board::start_cells(side) {
                    let piece = decode(self.cells[square.index()]).expect("the layout's piece");
                    self.remove(square, piece);
                }
            }
            EinSteinMove::Roll(_) => {}
            EinSteinMove::Step { from, to } => {
                self.pass_turn();
                let piece = decode(self.cells[to.index()]).expect("the moved piece");
                self.remove(to, piece);
                self.put(from, piece);
                if let Some(captured) = decode(undo.captured) {
                    self.put(to, captured);
                }
            }
        }
        self.set_phase(undo.phase);
    }

    /// The incremental Zobrist hash.
    fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch: pieces, side to move, phase.
    fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for (index, &cell) in self.cells.iter().enumerate() {
            if let Some(piece) = decode(cell) {
                hash ^= piece_key(piece.side, piece.number, index);
            }
        }
        hash ^ zobrist::side_to_move(self.to_move, KEYS[SIDE_KEY]) ^ phase_key(self.phase)
    }

    /// `None` while the game goes on. A side wins when one of its pieces stands on its goal
    /// corner (`goal`) or when the other side has no piece left (`no-pieces`); the corner is
    /// named when both hold (the last enemy piece taken on the corner). Nobody has won while
    /// the sides are still setting up.
    fn outcome(&self) -> Option<Outcome> {
        if self.phase == Phase::Place {
            return None;
        }
        for side in [Side::First, Side::Second] {
            let on_goal = decode(self.cells[board::goal(side).index()])
                .is_some_and(|piece| piece.side == side);
            if on_goal {
                return Some(Outcome::win(side, EndReason::Goal));
            }
        }
        for side in [Side::First, Side::Second] {
            if self.alive[side.opponent().index()] == 0 {
                return Some(Outcome::win(side, EndReason::NoPieces));
            }
        }
        None
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
                    .map(|square| board::manhattan(side, square).saturating_sub(1))
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

    fn parse_move(&self, text: &str) -> Result<EinSteinMove, NotationError> {
        notation::parse_move(text)
    }

    fn format_move(&self, mv: EinSteinMove) -> String {
        notation::format_move(mv)
    }

    fn picture(&self, marks: &[picture::Mark<EinSteinMove>]) -> Option<String> {
        Some(svg::picture(self, marks))
    }
}
