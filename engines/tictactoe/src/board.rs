//! Cells, bitboards, the eight winning lines and the eight symmetries of the 3x3 board.
//!
//! A cell's index is `3 * row + column`, both counted from 0, with row 0 the **top** row
//! (written `1`) and column 0 the left column (written `a`): `a1` = 0, `c1` = 2, `a3` = 6,
//! `c3` = 8. A side's stones are a `u16` bitboard with bit `index` set for each stone.

#[cfg(test)]
pub use arbiter_core::grid::Symmetry;

/// Bitboard of all nine cells.
pub const FULL: u16 = 0x1FF;

/// The eight three-in-a-row lines: three rows (top to bottom), three columns (left to right),
/// then the diagonal `a1 b2 c3` and the anti-diagonal `c1 b2 a3`.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// One of the nine cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

arbiter_core::grid_square!(Cell(u8), width: 3, at);

impl Cell {
    /// Every cell, in index order (`a1 b1 c1 a2 … c3`).
    pub const ALL: [Cell; 9] = [
        Cell(0),
        Cell(1),
        Cell(2),
        Cell(3),
        Cell(4),
        Cell(5),
        Cell(6),
        Cell(7),
        Cell(8),
    ];

    /// The one-bit bitboard of this cell.
    #[must_use]
    pub const fn bit(self) -> u16 {
        1 << self.0
    }
}

/// Whether `stones` contain a complete line.
#[must_use]
pub fn has_line(stones: u16) -> bool {
    LINES.iter().any(|&line| line & !stones == 0)
}

/// The complete lines in `stones`.
pub fn lines_of(stones: u16) -> impl Iterator<Item = u16> {
    LINES.into_iter().filter(move |&line| stones & line == line)
}

#[cfg(test)]
impl Cell {
    /// The image of this cell under `symmetry`.
    #[must_use]
    pub const fn under(self, symmetry: Symmetry) -> Cell {
        Cell(symmetry.apply_index(self.0 as usize, 3) as u8)
    }
}

/// The image of the stones `stones` (a bitboard) under `symmetry`.
#[cfg(test)]
#[must_use]
pub fn symmetric_stones(symmetry: Symmetry, stones: u16) -> u16 {
    Cell::ALL
        .into_iter()
        .filter(|cell| stones & cell.bit() != 0)
        .fold(0, |acc, cell| acc | cell.under(symmetry).bit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_the_eight_triples() {
        assert_eq!(LINES.len(), 8);
        for line in LINES {
            assert_eq!(line.count_ones(), 3);
            assert_eq!(line & !FULL, 0);
        }
        // Every line maps to a line under every symmetry.
        for sym in Symmetry::ALL {
            for line in LINES {
                assert!(
                    LINES.contains(&symmetric_stones(sym, line)),
                    "{sym:?} {line:#b}"
                );
            }
        }
    }

    #[test]
    fn symmetries_are_distinct_permutations() {
        let mut images = Vec::new();
        for sym in Symmetry::ALL {
            let image: Vec<Cell> = Cell::ALL.iter().map(|&c| c.under(sym)).collect();
            let mut sorted = image.clone();
            sorted.sort();
            assert_eq!(sorted, Cell::ALL.to_vec(), "{sym:?} is a permutation");
            images.push(image);
        }
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn cell_coordinates() {
        let c3 = Cell::at(2, 2).unwrap();
        assert_eq!((c3.index(), c3.row(), c3.column()), (8, 2, 2));
        assert_eq!(Cell::from_index(9), None);
        assert_eq!(Cell::at(3, 0), None);
        assert_eq!(
            Cell::at(0, 0).unwrap().under(Symmetry::Rotate90),
            Cell::at(0, 2).unwrap()
        );
    }
}
