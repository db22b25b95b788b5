//! Points, the board array and line scanning, and the move: one whole turn, one stone (black's
//! first turn) or an unordered pair, stored smaller point index first so that `j10 k11` and
//! `k11 j10` are the same [`Move`] (the result of a turn does not depend on the order).
//!
//! A point's index is `19 * row + column` whatever the board size, with row 0 the **bottom**
//! row (written `1`) and column 0 the left column (written `a`): `a1` = 0, `s1` = 18,
//! `a2` = 19, `s19` = 360. A fixed stride keeps a [`Point`] (and so a move) meaningful on every
//! board size; points with a row or column at or past the board size are off that board.

use arbiter_core::Side;
pub use arbiter_core::grid::Symmetry;

/// The row stride of point indices and the largest board size.
pub const STRIDE: usize = 19;
/// Number of point indices.
pub const POINTS: usize = STRIDE * STRIDE;
/// The number of stones in a row that wins (or more).
pub const SIX: usize = 6;

/// The four line directions as (row step, column step): horizontal, vertical and both diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// One intersection of the 19x19 grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

arbiter_core::grid_square!(Point(u16), width: STRIDE, new);

impl Point {
    /// The bottom-left point `a1`, index 0.
    pub const A1: Point = Point(0);

    /// Whether the point is on a `size` x `size` board.
    #[must_use]
    pub const fn is_on(self, size: usize) -> bool {
        self.row() < size && self.column() < size
    }
}

/// The stones on a board of a given size.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    cells: [Option<Side>; POINTS],
}

impl Board {
    /// An empty `size` x `size` board (`size` at most 19; larger sizes are clamped to 19).
    #[must_use]
    pub const fn empty(size: u8) -> Board {
        let size = if size as usize > STRIDE {
            STRIDE as u8
        } else {
            size
        };
        Board {
            size,
            cells: [None; POINTS],
        }
    }

    /// The number of rows (and of columns).
    #[must_use]
    pub const fn size(&self) -> usize {
        self.size as usize
    }

    /// What stands on `point` (`None` also for points off this board).
    #[must_use]
    pub const fn get(&self, point: Point) -> Option<Side> {
        self.cells[point.index()]
    }

    /// What stands on the point with index `index` (below [`POINTS`]): [`Board::get`] for hot
    /// loops that walk indices (line scans).
    #[must_use]
    pub(crate) const fn cell(&self, index: usize) -> Option<Side> {
        self.cells[index]
    }

    /// Puts `stone` (or nothing) on `point`.
    pub const fn set(&mut self, point: Point, stone: Option<Side>) {
        self.cells[point.index()] = stone;
    }

    /// Every point of this board, bottom row first, left to right.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let size = self.size();
        (0..size).flat_map(move |row| (0..size).filter_map(move |column| Point::new(row, column)))
    }

    /// The stones of `side` on the board, including any placed off this board's size.
    #[must_use]
    pub fn count(&self, side: Side) -> usize {
        self.cells.iter().filter(|&&c| c == Some(side)).count()
    }

    /// Whether any stone stands outside the `size` x `size` part of the array.
    #[must_use]
    pub fn has_stones_off_board(&self) -> bool {
        (0..POINTS)
            .filter_map(Point::from_index)
            .any(|p| !p.is_on(self.size()) && self.get(p).is_some())
    }

    /// The point one step from `point` in direction `(dr, dc)` times `steps`, if on the board.
    fn step(&self, point: Point, (dr, dc): (isize, isize), steps: isize) -> Option<Point> {
        let row = point.row().checked_add_signed(dr * steps)?;
        let column = point.column().checked_add_signed(dc * steps)?;
        (row < self.size() && column < self.size())
            .then(|| Point::new(row, column))
            .flatten()
    }

    /// The length of the row of `side`'s stones through `point` in direction `dir`, counting
    /// `point` itself as `side`'s.
    fn run_through(&self, point: Point, side: Side, dir: (isize, isize)) -> usize {
        let mut length = 1;
        for sign in [1, -1] {
            let mut steps = 1;
            while self
                .step(point, dir, sign * steps)
                .is_some_and(|p| self.get(p) == Some(side))
            {
                length += 1;
                steps += 1;
            }
        }
        length
    }

    /// Whether `side`'s stone on `point` is part of six or more in a row.
    #[must_use]
    pub fn makes_six(&self, point: Point, side: Side) -> bool {
        DIRECTIONS
            .iter()
            .any(|&dir| self.run_through(point, side, dir) >= SIX)
    }

    /// The stones of one row of six or more of `side`, if the board has one.
    #[must_use]
    pub fn find_six(&self, side: Side) -> Option<Vec<Point>> {
        for &dir in &DIRECTIONS {
            for start in self.points() {
                // Only a row's first stone starts a scan, so each row is walked once.
                let before = self.step(start, dir, -1);
                if self.get(start) != Some(side)
                    || before.is_some_and(|p| self.get(p) == Some(side))
                {
                    continue;
                }
                let run: Vec<Point> = (0..)
                    .map_while(|k| {
                        self.step(start, dir, k)
                            .filter(|&p| self.get(p) == Some(side))
                    })
                    .collect();
                if run.len() >= SIX {
                    return Some(run);
                }
            }
        }
        None
    }
}

impl Point {
    /// The image of this point under `symmetry` on a `size` x `size` board (the point must be
    /// on it).
    #[must_use]
    pub fn under(self, symmetry: Symmetry, size: usize) -> Point {
        let (row, column) = symmetry.apply(self.row(), self.column(), size);
        Point::new(row, column).unwrap_or(self)
    }
}

/// The `second` value of a one-stone move.
const NONE: u16 = u16::MAX;

/// One turn: a single stone or an unordered pair (normalised: smaller index first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    first: u16,
    second: u16,
}

impl Move {
    /// One stone on `point` (black's first turn).
    #[must_use]
    pub const fn single(point: Point) -> Move {
        Move {
            first: point.index() as u16,
            second: NONE,
        }
    }

    /// Two stones, in either order. `a == b` gives a move the rules refuse (`same-point`).
    #[must_use]
    pub const fn pair(a: Point, b: Point) -> Move {
        let (a, b) = (a.index() as u16, b.index() as u16);
        if a <= b {
            Move {
                first: a,
                second: b,
            }
        } else {
            Move {
                first: b,
                second: a,
            }
        }
    }

    /// The first stone (the one with the smaller index in a pair).
    #[must_use]
    pub fn first(self) -> Point {
        Point::from_index(usize::from(self.first))
            .unwrap_or_else(|| unreachable!("built from a point"))
    }

    /// The second stone of a pair; `None` for a single stone.
    #[must_use]
    pub fn second(self) -> Option<Point> {
        if self.second == NONE {
            None
        } else {
            Point::from_index(usize::from(self.second))
        }
    }

    /// The number of stones: 1 or 2.
    #[must_use]
    pub const fn stone_count(self) -> usize {
        if self.second == NONE { 1 } else { 2 }
    }

    /// The stones of the move, in order.
    pub fn points(self) -> impl Iterator<Item = Point> {
        std::iter::once(self.first()).chain(self.second())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_unordered() {
        let a = Point::new(9, 9).unwrap();
        let b = Point::new(10, 10).unwrap();
        assert_eq!(Move::pair(a, b), Move::pair(b, a));
        assert_eq!(Move::pair(b, a).first(), a);
        assert_eq!(Move::pair(b, a).second(), Some(b));
        assert_eq!(Move::single(a).second(), None);
        assert_eq!(Move::single(a).stone_count(), 1);
        assert_eq!(Move::pair(a, a).stone_count(), 2);
        assert_eq!(Move::pair(a, b).points().collect::<Vec<_>>(), vec![a, b]);
    }

    fn point(row: usize, column: usize) -> Point {
        Point::new(row, column).unwrap()
    }

    #[test]
    fn runs_and_sixes() {
        let mut board = Board::empty(19);
        for column in 2..7 {
            board.set(point(3, column), Some(Side::First));
        }
        // Five in a row: not six, and the empty point that would be the sixth makes six.
        assert_eq!(board.find_six(Side::First), None);
        assert!(!board.makes_six(point(3, 2), Side::First));
        assert!(board.makes_six(point(3, 7), Side::First));
        assert!(board.makes_six(point(3, 1), Side::First));
        board.set(point(3, 7), Some(Side::First));
        assert_eq!(board.find_six(Side::First).map(|run| run.len()), Some(6));
        assert_eq!(board.find_six(Side::Second), None);
    }

    #[test]
    fn sixes_in_every_direction_and_at_the_edges() {
        let lines: [[(usize, usize); 6]; 4] = [
            [(18, 13), (18, 14), (18, 15), (18, 16), (18, 17), (18, 18)],
            [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)],
            [(13, 13), (14, 14), (15, 15), (16, 16), (17, 17), (18, 18)],
            [(0, 18), (1, 17), (2, 16), (3, 15), (4, 14), (5, 13)],
        ];
        for line in lines {
            let mut board = Board::empty(19);
            for &(r, c) in &line[1..] {
                board.set(point(r, c), Some(Side::Second));
            }
            assert_eq!(board.find_six(Side::Second), None);
            assert!(
                board.makes_six(point(line[0].0, line[0].1), Side::Second),
                "{line:?}"
            );
        }
    }

    #[test]
    fn rows_do_not_wrap_around_the_edge() {
        // Three stones at the right end of row 1 and three at the left end of row 2 are
        // consecutive indices but no line.
        let mut board = Board::empty(19);
        for index in 16..22 {
            board.set(Point::from_index(index).unwrap(), Some(Side::First));
        }
        assert_eq!(board.find_six(Side::First), None);
        // The same on a smaller board: column 7 is off a 7x7 board.
        let mut board = Board::empty(7);
        for column in 1..7 {
            board.set(point(0, column), Some(Side::First));
        }
        assert!(board.find_six(Side::First).is_some());
        assert!(!board.makes_six(point(1, 0), Side::First));
    }

    #[test]
    fn symmetries_are_permutations() {
        for size in [6, 7, 19] {
            for sym in Symmetry::ALL {
                let board = Board::empty(size as u8);
                let mut images: Vec<Point> = board.points().map(|p| p.under(sym, size)).collect();
                images.sort();
                assert_eq!(images, board.points().collect::<Vec<_>>(), "{sym:?} {size}");
            }
        }
    }
}
