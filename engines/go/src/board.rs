//! The board: geometry of every size from 2x2 to 19x19, points, sets of points, and the Zobrist
//! keys.
//!
//! A point is `row * size + column`, row 0 at the bottom (rank 1) and column 0 on the left
//! (file a), so `a1` is 0; a 19x19 board has 361 points. A set of points is six `u64` words
//! ([`PointSet`]: 384 bits, more than a `u128` holds), iterated word by word with
//! [`arbiter_core::Bits`]. Neighbours come from a table per size built at compile time (each
//! point's two to four orthogonal neighbours), so that the hot loops of play never test the
//! edges.

use arbiter_core::{Bits, Side, zobrist};

/// The smallest board side.
pub const MIN_SIZE: u8 = 2;
/// The largest board side.
pub const MAX_SIZE: u8 = 19;
/// The most points of any board.
pub const MAX_POINTS: usize = MAX_SIZE as usize * MAX_SIZE as usize;
/// Words of a [`PointSet`]: 6 x 64 = 384 >= 361.
const WORDS: usize = MAX_POINTS.div_ceil(64);

/// A point index, below [`Geometry::points`].
pub type Point = u16;

/// A set of points of one board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PointSet([u64; WORDS]);

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet([0; WORDS]);

    /// Every point of a board of `points` points.
    #[must_use]
    pub const fn first(points: usize) -> PointSet {
        let mut words = [0u64; WORDS];
        let mut i = 0;
        while i < WORDS {
            let low = i * 64;
            words[i] = if points >= low + 64 {
                u64::MAX
            } else if points > low {
                (1u64 << (points - low)) - 1
            } else {
                0
            };
            i += 1;
        }
        PointSet(words)
    }

    /// The set holding `point` alone.
    #[must_use]
    pub fn single(point: Point) -> PointSet {
        let mut set = PointSet::EMPTY;
        set.insert(point);
        set
    }

    #[inline]
    pub fn insert(&mut self, point: Point) {
        self.0[usize::from(point >> 6)] |= 1 << (point & 63);
    }

    #[inline]
    pub fn remove(&mut self, point: Point) {
        self.0[usize::from(point >> 6)] &= !(1 << (point & 63));
    }

    #[inline]
    #[must_use]
    pub fn contains(&self, point: Point) -> bool {
        self.0[usize::from(point >> 6)] & (1 << (point & 63)) != 0
    }

    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    /// The number of points.
    #[inline]
    #[must_use]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    /// Whether the set holds exactly one point (a group in atari has one liberty).
    #[inline]
    #[must_use]
    pub fn is_single(&self) -> bool {
        self.len() == 1
    }

    /// The lowest point, if any.
    #[inline]
    #[must_use]
    pub fn lowest(&self) -> Option<Point> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, word)| **word != 0)
            .map(|(i, word)| (i * 64) as Point + word.trailing_zeros() as Point)
    }

    #[inline]
    #[must_use]
    pub fn union(mut self, other: &PointSet) -> PointSet {
        for (word, other) in self.0.iter_mut().zip(other.0) {
            *word |= other;
        }
        self
    }

    #[inline]
    #[must_use]
    pub fn intersection(mut self, other: &PointSet) -> PointSet {
        for (word, other) in self.0.iter_mut().zip(other.0) {
            *word &= other;
        }
        self
    }

    #[inline]
    #[must_use]
    pub fn difference(mut self, other: &PointSet) -> PointSet {
        for (word, other) in self.0.iter_mut().zip(other.0) {
            *word &= !other;
        }
        self
    }

    /// The points, lowest first.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            // A word index below 6 times 64 plus a bit index below 64 fits a u16.
            Bits(word).map(move |bit| (i * 64) as Point + Point::from(bit))
        })
    }
}

/// The fixed facts of one board size: its points and each point's neighbours.
#[derive(Debug)]
pub struct Geometry {
    pub size: u8,
    /// `size * size`.
    pub points: u16,
    /// Every point of the board.
    pub board: PointSet,
    neighbours: [[Point; 4]; MAX_POINTS],
    degree: [u8; MAX_POINTS],
}

const fn geometry(size: u8) -> Geometry {
    let n = size as usize;
    let mut neighbours = [[0; 4]; MAX_POINTS];
    let mut degree = [0u8; MAX_POINTS];
    let mut point = 0;
    while point < n * n {
        let (column, row) = (point % n, point / n);
        let mut count = 0;
        if column > 0 {
            neighbours[point][count] = (point - 1) as Point;
            count += 1;
        }
        if column + 1 < n {
            neighbours[point][count] = (point + 1) as Point;
            count += 1;
        }
        if row > 0 {
            neighbours[point][count] = (point - n) as Point;
            count += 1;
        }
        if row + 1 < n {
            neighbours[point][count] = (point + n) as Point;
            count += 1;
        }
        degree[point] = count as u8;
        point += 1;
    }
    Geometry {
        size,
        points: (n * n) as Point,
        board: PointSet::first(n * n),
        neighbours,
        degree,
    }
}

/// How many board sizes there are.
const SIZES: usize = (MAX_SIZE - MIN_SIZE + 1) as usize;

/// Every size's geometry, smallest first, built at compile time.
static GEOMETRIES: [Geometry; SIZES] = every_geometry();

const fn every_geometry() -> [Geometry; SIZES] {
    let mut all = [const { geometry(MIN_SIZE) }; SIZES];
    let mut size = MIN_SIZE + 1;
    while size <= MAX_SIZE {
        all[(size - MIN_SIZE) as usize] = geometry(size);
        size += 1;
    }
    all
}

impl Geometry {
    /// The geometry of a `size` x `size` board.
    ///
    /// # Panics
    /// If `size` is outside [`MIN_SIZE`]..=[`MAX_SIZE`]; variants never are.
    #[must_use]
    pub fn of_size(size: u8) -> &'static Geometry {
        size.checked_sub(MIN_SIZE)
            .and_then(|index| GEOMETRIES.get(usize::from(index)))
            .unwrap_or_else(|| panic!("no go board of side {size}: {MIN_SIZE} to {MAX_SIZE}"))
    }

    /// The point in `column` and `row` (from 0; row 0 is rank 1), `None` off the board.
    #[must_use]
    pub fn point(&self, column: usize, row: usize) -> Option<Point> {
        let side = usize::from(self.size);
        if column >= side || row >= side {
            return None;
        }
        Point::try_from(row * side + column).ok()
    }

    /// The orthogonal neighbours of `point`.
    #[inline]
    #[must_use]
    pub fn neighbours(&self, point: Point) -> &[Point] {
        let p = usize::from(point);
        &self.neighbours[p][..usize::from(self.degree[p])]
    }
}

/// Zobrist keys: a black stone per point, a white stone per point, white to move, a ko ban
/// per point, one pass pending (the next pass ends the game).
static KEYS: [u64; 3 * MAX_POINTS + 2] = zobrist::keys(0x474F_5F57_4549_5149);

/// The key of a `side` stone on `point`.
#[inline]
#[must_use]
pub fn stone_key(side: Side, point: Point) -> u64 {
    KEYS[side.index() * MAX_POINTS + usize::from(point)]
}

/// The key of a ko ban on `point`.
#[inline]
#[must_use]
pub fn ko_key(point: Point) -> u64 {
    KEYS[2 * MAX_POINTS + usize::from(point)]
}

/// The key of white to move.
pub const fn side_key() -> u64 {
    KEYS[3 * MAX_POINTS]
}

/// The key of a pass pending.
pub const fn pass_key() -> u64 {
    KEYS[3 * MAX_POINTS + 1]
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::grid;

    #[test]
    fn corners_edges_and_centre_have_their_neighbours() {
        for size in MIN_SIZE..=MAX_SIZE {
            let g = Geometry::of_size(size);
            let n = Point::from(size);
            for corner in [0, n - 1, n * (n - 1), n * n - 1] {
                assert_eq!(g.neighbours(corner).len(), 2, "size {size}");
            }
            let total: usize = (0..g.points).map(|p| g.neighbours(p).len()).sum();
            // Every adjacency is counted from both ends: 2 * 2 * n * (n - 1).
            assert_eq!(total, 4 * usize::from(size) * usize::from(size - 1));
        }
        let g = Geometry::of_size(19);
        assert_eq!(g.neighbours(180), [179, 181, 161, 199]);
    }

    #[test]
    fn point_sets_hold_every_point_of_the_largest_board() {
        let board = PointSet::first(MAX_POINTS);
        assert_eq!(board.len(), 361);
        assert_eq!(board.iter().count(), 361);
        assert_eq!(board.iter().last(), Some(360));
        let mut set = PointSet::EMPTY;
        set.insert(360);
        set.insert(64);
        assert!(set.contains(64) && !set.contains(63));
        assert_eq!(set.iter().collect::<Vec<_>>(), [64, 360]);
        assert_eq!(set.lowest(), Some(64));
        set.remove(64);
        assert!(set.is_single());
    }

    #[test]
    fn every_point_has_its_own_column_and_row() {
        for size in [MIN_SIZE, 9, MAX_SIZE] {
            let g = Geometry::of_size(size);
            let mut seen = std::collections::HashSet::new();
            for point in 0..g.points {
                let (column, row) = grid::coords_of(g.size, point);
                assert!(seen.insert((column, row)), "{point} on {size}x{size}");
                assert_eq!(g.point(column, row), Some(point));
            }
            assert_eq!(g.point(usize::from(size), 0), None);
            assert_eq!(g.point(0, usize::from(size)), None);
        }
    }
}
