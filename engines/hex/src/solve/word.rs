//! The solver's bitboards: one machine word per set of cells, `u64` for boards up to 8 x 8
//! and `u128` up to 11 x 11, with the hexagonal neighbour shifts, the flood fill and the
//! half-turn of the board.
//!
//! Bit `row * n + column` is the cell; the six neighbours of a set are six shifts (±1 along
//! a row, ±n across rows, ±(n - 1) along the short diagonal), the sideways ones masked so
//! that nothing wraps from one row's end to the next row's start.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Shl, Shr};

use arbiter_core::BitWord;

use crate::board::Edge;

/// A set of cells in one word.
pub trait Word:
    BitWord
    + Copy
    + Debug
    + Eq
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// The set of cell 0.
    const ONE: Self;
    /// The number of bits.
    const BITS: u32;

    /// The bits in reverse order.
    fn reversed(self) -> Self;

    /// The set of one cell.
    #[inline]
    fn bit(index: usize) -> Self {
        // Indices are below BITS.
        Self::ONE << index as u32
    }

    /// Whether the set holds `index`.
    #[inline]
    fn has(self, index: usize) -> bool {
        self & Self::bit(index) != Self::ZERO
    }
}

macro_rules! word {
    ($($word:ty),*) => {$(
        impl Word for $word {
            const ZERO: $word = 0;
            const ONE: $word = 1;
            const BITS: u32 = <$word>::BITS;

            #[inline]
            fn reversed(self) -> $word {
                self.reverse_bits()
            }
        }
    )*};
}

word!(u64, u128);

/// The fixed sets of one board size.
#[derive(Clone, Copy, Debug)]
pub struct Geometry<W> {
    pub size: u32,
    pub cells: u32,
    /// Every cell.
    pub board: W,
    /// The cells with a neighbour to their right, and to their left.
    not_right: W,
    not_left: W,
    /// The cells along each edge, indexed by [`Edge::index`].
    pub edges: [W; 4],
}

impl<W: Word> Geometry<W> {
    /// The geometry of an n x n board; `size * size` is at most `W::BITS`.
    #[must_use]
    pub fn new(size: u8) -> Geometry<W> {
        let n = u32::from(size);
        let cells = n * n;
        debug_assert!(cells <= W::BITS);
        let mut board = W::ZERO;
        let mut left = W::ZERO;
        let mut right = W::ZERO;
        let mut top = W::ZERO;
        let mut bottom = W::ZERO;
        for row in 0..n {
            for column in 0..n {
                let bit = W::bit((row * n + column) as usize);
                board |= bit;
                if column == 0 {
                    left |= bit;
                }
                if column + 1 == n {
                    right |= bit;
                }
                if row == 0 {
                    top |= bit;
                }
                if row + 1 == n {
                    bottom |= bit;
                }
            }
        }
        let mut edges = [W::ZERO; 4];
        edges[Edge::Top.index()] = top;
        edges[Edge::Bottom.index()] = bottom;
        edges[Edge::Left.index()] = left;
        edges[Edge::Right.index()] = right;
        Geometry {
            size: n,
            cells,
            board,
            not_right: board & !right,
            not_left: board & !left,
            edges,
        }
    }

    /// The cells next to some cell of `set`.
    #[inline]
    pub fn neighbours(&self, set: W) -> W {
        let n = self.size;
        let east = (set & self.not_right) << 1;
        let west = (set & self.not_left) >> 1;
        let north_east = (set & self.not_right) >> (n - 1);
        let south_west = (set & self.not_left) << (n - 1);
        (east | west | north_east | south_west | (set << n) | (set >> n)) & self.board
    }

    /// The cells of `within` connected to `seed` inside `within`.
    #[inline]
    pub fn flood(&self, seed: W, within: W) -> W {
        let mut set = seed & within;
        loop {
            let grown = set | (self.neighbours(set) & within);
            if grown == set {
                return set;
            }
            set = grown;
        }
    }

    /// The set turned half a turn: cell `i` to cell `cells - 1 - i` (the board's symmetry
    /// that keeps every edge with its colour).
    #[inline]
    pub fn rotated(&self, set: W) -> W {
        set.reversed() >> (W::BITS - self.cells)
    }

    /// The cells where a stone of the colour owning `edges` with stones `own` would join its
    /// two edges at once (`empty`: the empty cells).
    #[inline]
    pub fn winning_cells(&self, own: W, empty: W, edges: [Edge; 2]) -> W {
        let [a, b] = edges.map(|edge| self.edges[edge.index()]);
        let reach_a = self.neighbours(self.flood(own & a, own)) | a;
        let reach_b = self.neighbours(self.flood(own & b, own)) | b;
        reach_a & reach_b & empty
    }

    /// Whether the stones `own` join the two `edges`.
    #[inline]
    pub fn joins(&self, own: W, edges: [Edge; 2]) -> bool {
        let [a, b] = edges.map(|edge| self.edges[edge.index()]);
        self.flood(own & a, own) & b != W::ZERO
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Colour, neighbours};

    #[test]
    fn shifts_match_the_neighbour_table() {
        for size in 1..=8u8 {
            let geometry = Geometry::<u64>::new(size);
            let cells = usize::from(size) * usize::from(size);
            for index in 0..cells {
                let expected = neighbours(size, index).fold(0u64, |set, i| set | u64::bit(i));
                assert_eq!(
                    geometry.neighbours(u64::bit(index)),
                    expected,
                    "{size} {index}"
                );
            }
        }
        let big = Geometry::<u128>::new(11);
        assert_eq!(
            big.neighbours(u128::bit(120)),
            u128::bit(119) | u128::bit(109)
        );
    }

    #[test]
    fn a_half_turn_keeps_the_edges() {
        let geometry = Geometry::<u64>::new(7);
        for edge in [Edge::Top, Edge::Left] {
            let other = if edge == Edge::Top {
                Edge::Bottom
            } else {
                Edge::Right
            };
            assert_eq!(
                geometry.rotated(geometry.edges[edge.index()]),
                geometry.edges[other.index()]
            );
        }
        assert_eq!(geometry.rotated(1), 1 << 48);
        let eight = Geometry::<u64>::new(8);
        assert_eq!(eight.rotated(1), 1 << 63);
    }

    #[test]
    fn winning_cells_complete_a_chain() {
        // 3 x 3, black on a1 and a2: the chain reaches row 3 only through a3 (a2's other
        // neighbour below is off the board).
        let geometry = Geometry::<u64>::new(3);
        let own = u64::bit(0) | u64::bit(3);
        let empty = geometry.board & !own;
        let edges = Edge::of(Colour::Black);
        assert_eq!(geometry.winning_cells(own, empty, edges), u64::bit(6));
        assert!(geometry.joins(own | u64::bit(6), edges));
        assert!(!geometry.joins(own, edges));
    }
}
