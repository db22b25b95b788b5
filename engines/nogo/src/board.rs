//! Board geometry: points as bit indices of a `u128`, and the shift masks that find neighbours.
//!
//! A point is `row * size + column`, row 0 at the bottom (rank 1) and column 0 on the left
//! (file a), so `a1` is bit 0. Boards go up to 11x11 (121 bits). Neighbours are the four
//! orthogonal points; a whole set's neighbours come from four shifts, the horizontal ones
//! masked so that nothing wraps from one row's end to the next row's start.

use crate::variant::{MAX_SIZE, MIN_SIZE};

/// A point index, below [`Geometry::points`].
pub type Point = u8;

/// The fixed facts of one board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub size: u8,
    /// `size * size`.
    pub points: u8,
    /// Every point of the board.
    pub board: u128,
    /// The points that have a neighbour to their right (not in the last column).
    not_right: u128,
    /// The points that have a neighbour to their left (not in the first column).
    not_left: u128,
}

const fn geometry(size: u8) -> Geometry {
    let points = size * size;
    let board = if points == 128 {
        u128::MAX
    } else {
        (1u128 << points) - 1
    };
    let mut left_column = 0u128;
    let mut row = 0;
    while row < size {
        left_column |= 1 << (row * size);
        row += 1;
    }
    let right_column = left_column << (size - 1);
    Geometry {
        size,
        points,
        board,
        not_right: board & !right_column,
        not_left: board & !left_column,
    }
}

const COUNT: usize = (MAX_SIZE - MIN_SIZE + 1) as usize;

static GEOMETRIES: [Geometry; COUNT] = {
    let mut out = [geometry(MIN_SIZE); COUNT];
    let mut i = 0;
    while i < COUNT {
        out[i] = geometry(MIN_SIZE + i as u8);
        i += 1;
    }
    out
};

impl Geometry {
    /// The geometry of a `size` x `size` board.
    ///
    /// # Panics
    /// If `size` is outside [`MIN_SIZE`]..=[`MAX_SIZE`]; variants never are.
    #[must_use]
    pub fn of_size(size: u8) -> &'static Geometry {
        assert!(
            (MIN_SIZE..=MAX_SIZE).contains(&size),
            "nogo board size {size} outside {MIN_SIZE}..={MAX_SIZE}"
        );
        &GEOMETRIES[usize::from(size - MIN_SIZE)]
    }

    /// The point at `column`, `row` (both from 0, row 0 at the bottom), if it is on the board.
    #[must_use]
    pub fn point(&self, column: usize, row: usize) -> Option<Point> {
        let n = usize::from(self.size);
        (column < n && row < n).then(|| (row * n + column) as Point)
    }

    /// The points orthogonally next to some point of `set` (the set itself not included unless
    /// a point of it is next to another).
    #[inline]
    #[must_use]
    pub fn neighbours(&self, set: u128) -> u128 {
        let n = u32::from(self.size);
        (((set & self.not_right) << 1) | ((set & self.not_left) >> 1) | (set << n) | (set >> n))
            & self.board
    }

    /// The neighbours of one point.
    #[inline]
    #[must_use]
    pub fn neighbours_of(&self, point: Point) -> u128 {
        self.neighbours(1 << point)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::grid;

    #[test]
    fn neighbours_do_not_wrap() {
        let g = Geometry::of_size(9);
        // a1 (0): b1 and a2.
        assert_eq!(g.neighbours_of(0), (1 << 1) | (1 << 9));
        // i1 (8): h1 and i2, not a2.
        assert_eq!(g.neighbours_of(8), (1 << 7) | (1 << 17));
        // a2 (9): a1, a3, b2, not i1.
        assert_eq!(g.neighbours_of(9), 1 | (1 << 18) | (1 << 10));
        // i9 (80): h9 and i8 only.
        assert_eq!(g.neighbours_of(80), (1 << 79) | (1 << 71));
        // e5 (40): four.
        assert_eq!(g.neighbours_of(40).count_ones(), 4);
    }

    #[test]
    fn every_size_has_its_board() {
        for size in MIN_SIZE..=MAX_SIZE {
            let g = Geometry::of_size(size);
            assert_eq!(g.board.count_ones(), u32::from(size) * u32::from(size));
            assert_eq!(g.neighbours(g.board), g.board);
            let corners = [0, size - 1, size * (size - 1), size * size - 1];
            for corner in corners {
                assert_eq!(g.neighbours_of(corner).count_ones(), 2, "size {size}");
            }
        }
    }

    #[test]
    fn coordinates_round_trip() {
        let g = Geometry::of_size(11);
        for point in 0..g.points {
            let (column, row) = grid::coords_of(g.size, point);
            assert_eq!(g.point(column, row), Some(point));
        }
        assert_eq!(g.point(11, 0), None);
        assert_eq!(g.point(0, 11), None);
    }
}
