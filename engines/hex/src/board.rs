//! The board: colours, cells and their six neighbours, the four edges, Zobrist keys.
//!
//! Coordinates follow HexGUI and Benzene: columns `a`, `b`, … from the left, rows `1`, `2`, …
//! from the top, each row drawn half a cell further right than the one above, so that `a1`
//! (top left) and the last cell of the last row are the *acute* corners (two neighbours each)
//! and the other two corners are *obtuse* (three). The six neighbours of the cell in column
//! `c`, row `r` are `(c ± 1, r)`, `(c, r ± 1)`, `(c + 1, r - 1)` and `(c - 1, r + 1)`.
//!
//! Black, the first player, joins the top edge (row 1) to the bottom edge (row n); white joins
//! the left edge (column a) to the right edge (Benzene `HexColor.hpp`: `FIRST_TO_PLAY =
//! BLACK`, `VERTICAL_COLOR = BLACK`, joining NORTH to SOUTH). A cell on two edges (a corner)
//! touches both.
//!
//! A cell's index on an n x n board is `row * n + column`, `a1` first: the a1 order of
//! `arbiter_core::grid`.

use arbiter_core::zobrist;

use crate::variant::MAX_SIZE;

/// The most cells a board has: 19 x 19.
pub const MAX_CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// A stone's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Joins the top and bottom edges; moves first.
    Black,
    /// Joins the left and right edges.
    White,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub const fn opposite(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// 0 for black, 1 for white.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Colour::Black => 0,
            Colour::White => 1,
        }
    }

    /// `black` or `white`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }
}

/// A cell of the largest board, by column and row (both from 0, row 0 the top row `1`).
/// Whether it lies on a given board is the rules' question (`off-board`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub column: u8,
    pub row: u8,
}

impl Cell {
    /// The cell in `column`, `row`.
    #[must_use]
    pub const fn new(column: u8, row: u8) -> Cell {
        Cell { column, row }
    }

    /// Whether the cell lies on an n x n board.
    #[must_use]
    pub const fn on_board(self, size: u8) -> bool {
        self.column < size && self.row < size
    }

    /// The cell's index on an n x n board it lies on.
    #[must_use]
    pub const fn index(self, size: u8) -> usize {
        self.row as usize * size as usize + self.column as usize
    }

    /// The cell of index `index` on an n x n board.
    #[must_use]
    pub const fn from_index(index: usize, size: u8) -> Cell {
        let n = size as usize;
        // Indices are below 19 x 19: column and row fit a u8.
        Cell::new((index % n) as u8, (index / n) as u8)
    }

    /// The cell's image in the long diagonal (`a1` to the far acute corner): column and row
    /// exchanged. The map turns black's edges into white's, so a position mirrored with its
    /// colours exchanged is the same game (the `swap-mirror` rule).
    #[must_use]
    pub const fn mirrored(self) -> Cell {
        Cell::new(self.row, self.column)
    }
}

/// One move: a stone on a cell (of the colour to move), or the swap of the swap rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HexMove {
    /// A stone of the colour to move.
    Stone(Cell),
    /// `swap-pieces`: the second player takes the first stone (how, the variant says).
    Swap,
}

/// The steps to the six neighbours, as (column, row) offsets, in order around the cell:
/// east, north-east, north-west, west, south-west, south-east (row numbers grow southward).
pub const DIRECTIONS: [(i8, i8); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// The neighbours of `index` on an n x n board, in [`DIRECTIONS`] order, skipping those off
/// the board.
pub fn neighbours(size: u8, index: usize) -> impl Iterator<Item = usize> {
    let n = i16::from(size);
    let cell = Cell::from_index(index, size);
    let (column, row) = (i16::from(cell.column), i16::from(cell.row));
    DIRECTIONS.into_iter().filter_map(move |(dc, dr)| {
        let (c, r) = (column + i16::from(dc), row + i16::from(dr));
        // In range, c and r are below 19: the index fits.
        ((0..n).contains(&c) && (0..n).contains(&r)).then(|| (r * n + c) as usize)
    })
}

/// One of the four edges of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edge {
    /// Row 1, black's.
    Top,
    /// Row n, black's.
    Bottom,
    /// Column a, white's.
    Left,
    /// The last column, white's.
    Right,
}

impl Edge {
    /// The two edges `colour` joins.
    #[must_use]
    pub const fn of(colour: Colour) -> [Edge; 2] {
        match colour {
            Colour::Black => [Edge::Top, Edge::Bottom],
            Colour::White => [Edge::Left, Edge::Right],
        }
    }

    /// 0 to 3, for tables indexed by edge.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Edge::Top => 0,
            Edge::Bottom => 1,
            Edge::Left => 2,
            Edge::Right => 3,
        }
    }

    /// Whether `cell` lies along this edge of an n x n board.
    #[must_use]
    pub const fn touches(self, cell: Cell, size: u8) -> bool {
        match self {
            Edge::Top => cell.row == 0,
            Edge::Bottom => cell.row + 1 == size,
            Edge::Left => cell.column == 0,
            Edge::Right => cell.column + 1 == size,
        }
    }
}

/// Zobrist keys: a black and a white key per cell of the largest board (a cell's key depends
/// on its index on the board played, so boards of different sizes never share a position),
/// then white to move, then "the players exchanged colours" (`swap-sides`).
const KEY_COUNT: usize = 2 * MAX_CELLS + 2;
static KEYS: [u64; KEY_COUNT] = zobrist::keys(0x4845_585F_4845_5821);

/// The key of a `colour` stone on cell `index`.
#[inline]
#[must_use]
pub fn stone_key(colour: Colour, index: usize) -> u64 {
    KEYS[colour.index() * MAX_CELLS + index]
}

/// The key XORed in while white is to move.
#[must_use]
pub fn white_to_move_key() -> u64 {
    KEYS[2 * MAX_CELLS]
}

/// The key XORed in once the players have exchanged colours.
#[must_use]
pub fn exchanged_key() -> u64 {
    KEYS[2 * MAX_CELLS + 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acute_corners_have_two_neighbours_and_obtuse_three() {
        for size in 2..=MAX_SIZE {
            let n = usize::from(size);
            let count = |index| neighbours(size, index).count();
            assert_eq!(count(0), 2, "a1 on {size}");
            assert_eq!(count(n * n - 1), 2, "the far acute corner on {size}");
            assert_eq!(count(n - 1), 3, "the top right corner on {size}");
            assert_eq!(count(n * (n - 1)), 3, "the bottom left corner on {size}");
        }
        assert_eq!(neighbours(1, 0).count(), 0);
        // An inner cell has six.
        assert_eq!(neighbours(11, 5 * 11 + 5).count(), 6);
    }

    #[test]
    fn neighbourhood_is_symmetric() {
        let size = 7;
        for a in 0..49 {
            for b in neighbours(size, a) {
                assert!(neighbours(size, b).any(|c| c == a), "{a} {b}");
            }
        }
        // b2's neighbours: c2, c1, b1, a2, a3, b3.
        let b2 = Cell::new(1, 1).index(size);
        let names: Vec<Cell> = neighbours(size, b2)
            .map(|i| Cell::from_index(i, size))
            .collect();
        assert_eq!(
            names,
            [(2, 1), (2, 0), (1, 0), (0, 1), (0, 2), (1, 2)].map(|(c, r)| Cell::new(c, r))
        );
    }

    #[test]
    fn mirroring_exchanges_the_edges() {
        let cell = Cell::new(1, 0); // b1, on the top edge
        assert_eq!(cell.mirrored(), Cell::new(0, 1)); // a2, on the left edge
        assert!(Edge::Top.touches(cell, 5) && Edge::Left.touches(cell.mirrored(), 5));
    }
}
