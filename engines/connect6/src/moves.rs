//! A move is one whole turn: one stone (black's first turn) or an unordered pair of stones.
//!
//! A pair is stored with the smaller point index first, so `j10 k11` and `k11 j10` are the same
//! [`Move`] value: the rules place both stones in one turn and the result of the turn does not
//! depend on their order (see the crate docs).

use crate::board::Point;

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
}
