//! Points, colours and moves: the board's representation (their notation is in `notation.rs`).
//!
//! A point is written `<column letter><row number>`: columns `a`..`t` from the left, rows `1`..`20`
//! from the bottom, as in renju notation (`h8` is the centre of the 15x15 board). Internally a point
//! is `row * 32 + col`, a layout that does not depend on the board size, so a [`Point`] formats
//! without knowing the board it lives on.
//!
//! Gomocup (Piskvork) and Botzone send 0-based `x,y` pairs. We read them with the origin at the
//! top-left corner: `x` is the column from the left, `y` the row counted **downward from the top
//! row** (screen order, as Piskvork draws its board and as Botzone draws Amazons). Hence
//! `col = x` and `row = size - 1 - y`; `(7,7)` is `h8` on 15x15 either way, and because every rule
//! here is symmetric under reflection, the choice only matters for translating transcripts.

/// The smallest board side accepted.
pub const MIN_SIZE: u8 = 5;
/// The largest board side accepted (Gomocup plays 15 and 20).
pub const MAX_SIZE: u8 = 20;
/// Row stride of the internal point layout.
pub(crate) const STRIDE: usize = 32;
/// Number of internal cells: every point of the largest board has an index below this.
pub(crate) const CELLS: usize = STRIDE * MAX_SIZE as usize;

pub use arbiter_core::Colour;

/// The cell value of a stone of `colour` (1 black, 2 white; 0 is empty).
#[must_use]
pub(crate) const fn cell(colour: Colour) -> u8 {
    match colour {
        Colour::Black => 1,
        Colour::White => 2,
    }
}

/// A point of the board, by column (0 = `a`, left) and row (0 = `1`, bottom).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The point at `col`, `row` (both 0-based, row 0 at the bottom).
    ///
    /// # Panics
    /// When `col` or `row` is 20 or more (no board is that large).
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Point {
        assert!(
            col < MAX_SIZE && row < MAX_SIZE,
            "point outside the largest board"
        );
        Point(row as u16 * STRIDE as u16 + col as u16)
    }

    /// The column, 0 = `a` (left).
    #[must_use]
    pub const fn col(self) -> u8 {
        (self.0 as usize % STRIDE) as u8
    }

    /// The row, 0 = `1` (bottom).
    #[must_use]
    pub const fn row(self) -> u8 {
        (self.0 as usize / STRIDE) as u8
    }

    /// The internal cell index (`row * 32 + col`).
    #[must_use]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether the point lies on a board of side `size`.
    #[must_use]
    pub const fn on_board(self, size: u8) -> bool {
        self.col() < size && self.row() < size
    }

    /// The point `steps` steps from here along `(dc, dr)`, if it is on a board of side `size`.
    #[must_use]
    pub(crate) fn step(self, dc: i8, dr: i8, steps: i8, size: u8) -> Option<Point> {
        let col = i16::from(self.col()) + i16::from(dc) * i16::from(steps);
        let row = i16::from(self.row()) + i16::from(dr) * i16::from(steps);
        let size = i16::from(size);
        if (0..size).contains(&col) && (0..size).contains(&row) {
            Some(Point::new(col as u8, row as u8))
        } else {
            None
        }
    }
}

/// One turn: a stone, or an opening decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A stone of the colour to move on this point (written `h8`).
    Stone(Point),
    /// The colour choice of a swap rule (written `swap`).
    Swap,
    /// Swap2's third option: the second player will place two more stones (written `put-two`).
    PutTwo,
}
