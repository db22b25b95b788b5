//! Windows: six consecutive points on one line, the unit of every Connect6 judgement.
//!
//! A window holding `k` stones of one side and none of the other can still become a six for
//! that side, with `6 - k` more stones. Two stones per turn make the windows with four or five
//! stones of a side its *threats*: it completes one of them on its next turn unless the
//! opponent puts a stone in every one first. [`min_blockers`] computes how many stones that
//! takes (0, 1, 2 or "3 or more", the last being a lost position for the blocker).
//!
//! The scan walks every line of the board once with running counts (no allocation): about
//! 900 windows on 19x19.

use arbiter_core::Side;

use crate::board::{Board, Point, SIX, STRIDE};

/// The stones of one side in a window that its next turn (two stones) completes to six: a
/// window with this many or more of its stones and none of the opponent's is a *threat*.
pub const THREAT: u8 = (SIX - 2) as u8;

/// One window: where it starts, its step between points (in point indices) and how many
/// stones each side has in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// The index of its first point.
    first: usize,
    /// 1 (horizontal), 19 (vertical), 20 (diagonal up-right) or 18 (diagonal up-left).
    step: usize,
    /// Stones of black (`[0]`) and white (`[1]`) in the window.
    pub counts: [u8; 2],
}

impl Window {
    /// The stones of `side` in the window.
    #[must_use]
    pub const fn own(&self, side: Side) -> u8 {
        self.counts[side.index()]
    }

    /// Whether the window holds stones of `side` only (at least one).
    #[must_use]
    pub const fn is_open_for(&self, side: Side) -> bool {
        self.counts[side.index()] > 0 && self.counts[side.opponent().index()] == 0
    }

    /// The indices of its six points.
    pub fn indices(&self) -> impl Iterator<Item = usize> + use<> {
        let (first, step) = (self.first, self.step);
        (0..SIX).map(move |k| first + k * step)
    }

    /// Its empty points, in line order.
    pub fn empties<'a>(&self, board: &'a Board) -> impl Iterator<Item = Point> + use<'a> {
        self.indices()
            .filter(|&i| board.cell(i).is_none())
            .filter_map(Point::from_index)
    }
}

/// Every line of a `size` x `size` board long enough to hold a window, as (first index,
/// step, length).
fn lines(size: usize) -> impl Iterator<Item = (usize, usize, usize)> {
    let rows = (0..size).map(move |r| (r * STRIDE, 1, size));
    let columns = (0..size).map(move |c| (c, STRIDE, size));
    // Up-right diagonals start on the bottom row or the left column.
    let diagonals = (0..size)
        .map(move |c| (c, STRIDE + 1, size - c))
        .chain((1..size).map(move |r| (r * STRIDE, STRIDE + 1, size - r)));
    // Up-left diagonals start on the bottom row or the right column.
    let anti_diagonals = (0..size)
        .map(move |c| (c, STRIDE - 1, c + 1))
        .chain((1..size).map(move |r| (r * STRIDE + size - 1, STRIDE - 1, size - r)));
    rows.chain(columns)
        .chain(diagonals)
        .chain(anti_diagonals)
        .filter(|&(_, _, len)| len >= SIX)
}

/// Calls `visit` for every window of the board, with its stone counts.
pub fn for_each_window(board: &Board, mut visit: impl FnMut(&Window)) {
    for (first, step, len) in lines(board.size()) {
        let mut counts = [0u8; 2];
        for k in 0..len {
            if let Some(side) = board.cell(first + k * step) {
                counts[side.index()] += 1;
            }
            if k >= SIX
                && let Some(side) = board.cell(first + (k - SIX) * step)
            {
                counts[side.index()] -= 1;
            }
            if k + 1 >= SIX {
                visit(&Window {
                    first: first + (k + 1 - SIX) * step,
                    step,
                    counts,
                });
            }
        }
    }
}

/// The empty points of one threat window: one or two points (`b == a` for a single one).
pub type Gap = (Point, Point);

/// The gaps of `side`'s threats: windows with four or five of its stones and none of the
/// other side's. Distinct gaps only (a long row yields the same gap from several windows).
#[must_use]
pub fn threat_gaps(board: &Board, side: Side) -> Vec<Gap> {
    let mut gaps = Vec::new();
    for_each_window(board, |window| {
        if window.is_open_for(side) && window.own(side) >= THREAT {
            let mut empties = window.empties(board);
            if let Some(a) = empties.next() {
                let gap = (a, empties.next().unwrap_or(a));
                if !gaps.contains(&gap) {
                    gaps.push(gap);
                }
            }
        }
    });
    gaps
}

/// Whether the point `p` lies in the gap.
#[must_use]
pub fn gap_contains(gap: Gap, p: Point) -> bool {
    gap.0 == p || gap.1 == p
}

/// The fewest stones that put one stone in every gap: 0, 1, 2, or 3 meaning three or more
/// (more than a turn holds: the side owning the gaps wins next turn).
///
/// Exact: a single stone must lie in the first gap, and with two stones one of them does.
#[must_use]
pub fn min_blockers(gaps: &[Gap]) -> u8 {
    let Some(&first) = gaps.first() else {
        return 0;
    };
    let mut best = 3;
    for x in [first.0, first.1] {
        // The gaps x leaves open; a second stone y must lie in all of them.
        let rest = gaps.iter().filter(|&&g| !gap_contains(g, x));
        let Some(&next) = rest.clone().next() else {
            return 1;
        };
        if [next.0, next.1]
            .into_iter()
            .any(|y| rest.clone().all(|&g| gap_contains(g, y)))
        {
            best = 2;
        }
    }
    best
}

/// Whether the stones `a` and `b` together put a stone in every gap.
#[must_use]
pub fn blocks_all(gaps: &[Gap], a: Point, b: Point) -> bool {
    gaps.iter()
        .all(|&g| gap_contains(g, a) || gap_contains(g, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(row: usize, column: usize) -> Point {
        Point::new(row, column).unwrap()
    }

    #[test]
    fn window_count_matches_the_formula() {
        // Per direction on an n x n board: rows and columns n(n-5) each, diagonals (n-5)^2 each.
        for size in [6usize, 7, 15, 19] {
            let mut n = 0;
            for_each_window(&Board::empty(size as u8), |_| n += 1);
            assert_eq!(
                n,
                2 * size * (size - 5) + 2 * (size - 5) * (size - 5),
                "{size}"
            );
        }
    }

    #[test]
    fn windows_are_on_one_line_and_on_the_board() {
        let size = 9;
        for_each_window(&Board::empty(size as u8), |w| {
            let points: Vec<Point> = w.indices().filter_map(Point::from_index).collect();
            assert_eq!(points.len(), SIX);
            for pair in points.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                assert!(a.is_on(size) && b.is_on(size));
                let dr = b.row() as isize - a.row() as isize;
                let dc = b.column() as isize - a.column() as isize;
                assert!(dr.abs() <= 1 && dc.abs() <= 1 && (dr, dc) != (0, 0));
            }
        });
    }

    #[test]
    fn counts_and_threats() {
        let mut board = Board::empty(19);
        for column in 0..4 {
            board.set(pt(0, column), Some(Side::First));
        }
        // a1..d1: only the window a1..f1 holds four; its gap is e1, f1.
        let gaps = threat_gaps(&board, Side::First);
        assert_eq!(gaps, vec![(pt(0, 4), pt(0, 5))]);
        assert_eq!(min_blockers(&gaps), 1);
        assert!(threat_gaps(&board, Side::Second).is_empty());
        // A white stone on f1 kills it.
        board.set(pt(0, 5), Some(Side::Second));
        assert!(threat_gaps(&board, Side::First).is_empty());
    }

    #[test]
    fn blockers_of_separate_threats() {
        let g = |a: Point, b: Point| (a, b);
        let (p, q, r, s, t, u) = (pt(0, 0), pt(0, 1), pt(5, 5), pt(5, 6), pt(9, 9), pt(9, 10));
        assert_eq!(min_blockers(&[]), 0);
        assert_eq!(min_blockers(&[g(p, q), g(q, r)]), 1);
        assert_eq!(min_blockers(&[g(p, q), g(r, s)]), 2);
        assert_eq!(min_blockers(&[g(p, q), g(r, s), g(t, u)]), 3);
        assert_eq!(min_blockers(&[g(p, p), g(r, r), g(p, r)]), 2);
        assert_eq!(min_blockers(&[g(p, p), g(r, r), g(t, t)]), 3);
        assert!(blocks_all(&[g(p, q), g(r, s)], q, s));
        assert!(!blocks_all(&[g(p, q), g(r, s)], p, q));
    }
}
