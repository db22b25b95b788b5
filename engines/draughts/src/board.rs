//! The board: 50 dark squares in a `u64` with four ghost bits, the diagonal steps, the
//! promotion rows and the Zobrist keys.
//!
//! Square `n` (1–50, PDN numbering: 1 at the top left of black's side, 46 the bottom left
//! corner on white's side) has the index `i = n - 1` and the bit `i + i / 10`: each pair of
//! rows takes eleven bits, the eleventh (bits 10, 21, 32 and 43) a *ghost* that is never a
//! square. With it the four diagonal steps are the same shift on every square — up-left −6,
//! up-right −5, down-left +5, down-right +6 — and a step off the board lands on a ghost bit
//! or outside bits 0–53, which [`SQUARES`] masks away (the layout of Scan, Kingsrow and most
//! draughts programs). White sits on 31–50 and moves up (towards 1), black on 1–20 and down.

use arbiter_core::{Side, zobrist};

/// The number of dark squares.
pub const SQUARE_COUNT: usize = 50;

/// The bit of the square with index `i` (0–49).
#[must_use]
pub const fn bit_of(i: usize) -> u32 {
    (i + i / 10) as u32
}

const fn all_squares() -> u64 {
    let mut set = 0;
    let mut i = 0;
    while i < SQUARE_COUNT {
        set |= 1 << bit_of(i);
        i += 1;
    }
    set
}

/// Every square's bit.
pub const SQUARES: u64 = all_squares();

/// The square index (0–49) of a square's bit (one of the 50 bits of the layout).
#[must_use]
pub const fn index_of(bit: u32) -> usize {
    let bit = bit as usize;
    bit - bit / 11
}

/// The square's bit as a one-bit set.
#[must_use]
pub const fn square(i: usize) -> u64 {
    1 << bit_of(i)
}

/// A diagonal direction, as a signed shift of the bit layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Direction(pub i8);

/// Towards square 1's row and the left edge (white's forward left).
pub const UP_LEFT: Direction = Direction(-6);
/// Towards square 1's row and the right edge (white's forward right).
pub const UP_RIGHT: Direction = Direction(-5);
/// Towards square 46's row and the left edge (black's forward right, from white's view left).
pub const DOWN_LEFT: Direction = Direction(5);
/// Towards square 46's row and the right edge.
pub const DOWN_RIGHT: Direction = Direction(6);
/// The four diagonal directions.
pub const DIRECTIONS: [Direction; 4] = [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT];

/// The set `set` moved one step in `direction`, squares that leave the board dropped.
#[inline]
#[must_use]
pub const fn shift(set: u64, direction: Direction) -> u64 {
    let moved = if direction.0 < 0 {
        set >> (-direction.0) as u32
    } else {
        set << direction.0 as u32
    };
    moved & SQUARES
}

/// The forward directions of a side's men: up for white, down for black.
#[must_use]
pub const fn forward(side: Side) -> [Direction; 2] {
    match side {
        Side::First => [UP_LEFT, UP_RIGHT],
        Side::Second => [DOWN_LEFT, DOWN_RIGHT],
    }
}

const fn row_set(row: usize) -> u64 {
    let mut set = 0;
    let mut k = 0;
    while k < 5 {
        set |= square(row * 5 + k);
        k += 1;
    }
    set
}

/// The row where a side's men are crowned: 1–5 for white, 46–50 for black.
#[must_use]
pub const fn promotion_row(side: Side) -> u64 {
    match side {
        Side::First => row_set(0),
        Side::Second => row_set(9),
    }
}

/// The row (0 at the top, squares 1–5; 9 at the bottom, 46–50) of a square index.
#[must_use]
pub const fn row_of(i: usize) -> usize {
    i / 5
}

/// The column (0 at the left, 9 at the right) of a square index: even rows (from the top)
/// start on the second column.
#[must_use]
pub const fn column_of(i: usize) -> usize {
    let row = row_of(i);
    2 * (i % 5) + if row.is_multiple_of(2) { 1 } else { 0 }
}

/// The square index at a row and column, if that cell is a dark square.
#[must_use]
pub const fn index_at(row: usize, column: usize) -> Option<usize> {
    if row >= 10 || column >= 10 || (row + column).is_multiple_of(2) {
        None
    } else {
        Some(row * 5 + column / 2)
    }
}

/// Zobrist keys: white man, white king, black man, black king per square index, then the
/// key of black to move.
pub static KEYS: [u64; 4 * SQUARE_COUNT + 1] = zobrist::keys(0x4452_4155_4748_5453);

/// The key of a piece: `side`, a king or a man, on square index `i`.
#[inline]
#[must_use]
pub fn piece_key(side: Side, king: bool, i: usize) -> u64 {
    KEYS[(2 * side.index() + usize::from(king)) * SQUARE_COUNT + i]
}

/// The key XORed in when black is to move.
pub const BLACK_TO_MOVE: usize = 4 * SQUARE_COUNT;

#[cfg(test)]
mod tests {
    use super::*;

    fn bit(n: usize) -> u64 {
        square(n - 1)
    }

    #[test]
    fn the_layout_has_fifty_squares_and_four_ghosts() {
        assert_eq!(SQUARES.count_ones(), 50);
        for ghost in [10, 21, 32, 43] {
            assert_eq!(SQUARES & (1 << ghost), 0);
        }
        for i in 0..SQUARE_COUNT {
            assert_eq!(index_of(bit_of(i)), i);
        }
    }

    #[test]
    fn steps_follow_the_numbering() {
        // 32-28 and 32-27 go up; 1-6 and 1-7 go down; 6 and 15 are on the edges.
        assert_eq!(shift(bit(32), UP_RIGHT), bit(28));
        assert_eq!(shift(bit(32), UP_LEFT), bit(27));
        assert_eq!(shift(bit(1), DOWN_LEFT), bit(6));
        assert_eq!(shift(bit(1), DOWN_RIGHT), bit(7));
        assert_eq!(shift(bit(6), DOWN_LEFT), 0);
        assert_eq!(shift(bit(6), UP_LEFT), 0);
        assert_eq!(shift(bit(15), UP_RIGHT), 0);
        assert_eq!(shift(bit(15), DOWN_RIGHT), 0);
        assert_eq!(shift(bit(46), DOWN_LEFT), 0);
        assert_eq!(shift(bit(46), UP_RIGHT), bit(41));
        assert_eq!(shift(bit(5), UP_RIGHT), 0);
        assert_eq!(shift(bit(5), DOWN_LEFT), bit(10));
    }

    #[test]
    fn rows_and_columns() {
        assert_eq!((row_of(0), column_of(0)), (0, 1));
        assert_eq!((row_of(5), column_of(5)), (1, 0));
        assert_eq!((row_of(45), column_of(45)), (9, 0));
        assert_eq!(index_at(9, 0), Some(45));
        assert_eq!(index_at(0, 0), None);
        for i in 0..SQUARE_COUNT {
            assert_eq!(index_at(row_of(i), column_of(i)), Some(i));
        }
        assert_eq!(promotion_row(Side::First).count_ones(), 5);
        assert_eq!(promotion_row(Side::Second) & bit(46), bit(46));
    }
}

/// How a move was written, when its text did not name one legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Form {
    /// A move as the rules generate it: a step (nothing captured) or a capture of `captured`.
    Played,
    /// A capture written `a x b` that no legal capture matches: the rules say why.
    Unresolved,
    /// A capture written `a x b` that several legal captures (of different pieces) match.
    Ambiguous,
}

/// One move: a man's or a king's step, or a whole capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The start square's index (square number minus one).
    pub from: u8,
    /// The end square's index; a king's capture may end where it started.
    pub to: u8,
    /// The captured pieces, as bits of the board layout (`crate::board`); 0 for a step.
    pub captured: u64,
    /// [`Form::Played`] for every move the rules generate.
    pub form: Form,
}

impl Move {
    /// A step from square index `from` to `to`.
    #[must_use]
    pub const fn step(from: u8, to: u8) -> Move {
        Move {
            from,
            to,
            captured: 0,
            form: Form::Played,
        }
    }

    /// Whether the move is written as a capture.
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.captured != 0 || !matches!(self.form, Form::Played)
    }

    /// The square numbers (1–50) of the captured pieces, ascending.
    #[must_use]
    pub fn captured_squares(&self) -> Vec<u8> {
        arbiter_core::Bits(self.captured)
            .map(|bit| index_of(u32::from(bit)) as u8 + 1)
            .collect()
    }
}
