//! The 5x5 board: squares, each side's three directions, start triangles and goal corners;
//! the three kinds of move (a layout, a roll of the die, a step) and the pieces.
//!
//! Squares are numbered `row * 5 + column` with row 0 at the top (rank 1) and column 0 on the
//! left (file a), the reading order of the rules' figure: red starts in the top-left corner
//! and moves right, down or down-right; blue starts in the bottom-right corner and moves
//! left, up or up-left.

use arbiter_core::Side;

/// The side of the board.
pub const SIZE: usize = 5;
/// The number of squares.
pub const SQUARES: usize = SIZE * SIZE;

/// A square of the board, `a1` (top-left) to `e5` (bottom-right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

arbiter_core::grid_square!(Square(u8), width: SIZE, at);

impl Square {
    /// The bit of this square in a 25-bit board.
    #[must_use]
    pub const fn bit(self) -> u32 {
        1 << self.0
    }
}

/// The three steps of `side` as (row, column) changes: red right, down, down-right; blue left,
/// up, up-left (the rules' clause 3).
#[must_use]
pub const fn steps(side: Side) -> [(isize, isize); 3] {
    match side {
        Side::First => [(0, 1), (1, 0), (1, 1)],
        Side::Second => [(0, -1), (-1, 0), (-1, -1)],
    }
}

/// The squares one step of `side` away from `from`, in the order of [`steps`]; `None` off the
/// board.
#[must_use]
pub const fn targets(side: Side, from: Square) -> [Option<Square>; 3] {
    TARGETS[side.index()][from.index()]
}

const TARGETS: [[[Option<Square>; 3]; SQUARES]; 2] = {
    let mut table = [[[None; 3]; SQUARES]; 2];
    let mut s = 0;
    while s < 2 {
        let side = if s == 0 { Side::First } else { Side::Second };
        let deltas = steps(side);
        let mut index = 0;
        while index < SQUARES {
            let (row, column) = ((index / SIZE) as isize, (index % SIZE) as isize);
            let mut d = 0;
            while d < 3 {
                let (r, c) = (row + deltas[d].0, column + deltas[d].1);
                if r >= 0 && c >= 0 {
                    table[s][index][d] = Square::at(r as usize, c as usize);
                }
                d += 1;
            }
            index += 1;
        }
        s += 1;
    }
    table
};

/// The six cells of `side`'s start triangle in reading order (row by row from the top, each
/// row from the left): red a1 b1 c1 a2 b2 a3, blue e3 d4 e4 c5 d5 e5. A layout lists the
/// numbers on these cells in this order.
#[must_use]
pub const fn start_cells(side: Side) -> [Square; 6] {
    match side {
        Side::First => [
            Square(0),
            Square(1),
            Square(2),
            Square(5),
            Square(6),
            Square(10),
        ],
        Side::Second => [
            Square(14),
            Square(18),
            Square(19),
            Square(22),
            Square(23),
            Square(24),
        ],
    }
}

/// The bits of `side`'s start triangle.
#[must_use]
pub const fn start_mask(side: Side) -> u32 {
    let cells = start_cells(side);
    let mut mask = 0;
    let mut i = 0;
    while i < 6 {
        mask |= cells[i].bit();
        i += 1;
    }
    mask
}

/// The corner `side` wins by reaching: the opponent's start corner (red e5, blue a1).
#[must_use]
pub const fn goal(side: Side) -> Square {
    match side {
        Side::First => Square(24),
        Side::Second => Square(0),
    }
}

/// The number of steps a piece of `side` on `square` needs to reach its goal: the larger of
/// its row and column distances, since a diagonal step shortens both.
#[must_use]
pub const fn distance(side: Side, square: Square) -> usize {
    let (row, column) = (square.row(), square.column());
    let (dr, dc) = match side {
        Side::First => (SIZE - 1 - row, SIZE - 1 - column),
        Side::Second => (row, column),
    };
    if dr > dc { dr } else { dc }
}

/// The rows plus the columns between a piece of `side` on `square` and its goal: every step
/// shortens it by one (straight) or two (diagonal).
#[must_use]
pub const fn manhattan(side: Side, square: Square) -> u32 {
    let (row, column) = (square.row(), square.column());
    let total = match side {
        Side::First => (SIZE - 1 - row) + (SIZE - 1 - column),
        Side::Second => row + column,
    };
    // At most 8.
    total as u32
}

/// A side's setup: the numbers 1-6 on its six start cells in reading order
/// ([`start_cells`]), stored as the rank of that permutation in lexicographic
/// order (`123456` is 0, `654321` is 719), which is also the action number OpenSpiel gives
/// the same placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Layout(u16);

impl Layout {
    /// The number of layouts: 6! = 720.
    pub const COUNT: usize = 720;

    /// The layout of rank `rank` (below [`Layout::COUNT`]).
    #[must_use]
    pub const fn from_rank(rank: usize) -> Option<Layout> {
        if rank < Self::COUNT {
            // Below 720: fits a u16.
            Some(Layout(rank as u16))
        } else {
            None
        }
    }

    /// The lexicographic rank of the permutation.
    #[must_use]
    pub const fn rank(self) -> usize {
        self.0 as usize
    }

    /// The numbers on the start cells, in reading order.
    #[must_use]
    pub const fn numbers(self) -> [u8; 6] {
        PERMUTATIONS[self.0 as usize]
    }

    /// The layout with these numbers on the start cells, if they are 1-6 each once.
    #[must_use]
    pub fn from_numbers(numbers: [u8; 6]) -> Option<Layout> {
        let mut seen = 0u8;
        for &n in &numbers {
            if !(1..=6).contains(&n) || seen & (1 << (n - 1)) != 0 {
                return None;
            }
            seen |= 1 << (n - 1);
        }
        // The Lehmer code: for each position, how many smaller numbers come after it.
        let mut rank = 0usize;
        for i in 0..6 {
            let smaller_later = numbers[i + 1..].iter().filter(|&&m| m < numbers[i]).count();
            rank = rank * (6 - i) + smaller_later;
        }
        Layout::from_rank(rank)
    }
}

/// Every permutation of 1-6 in lexicographic order, built at compile time.
const PERMUTATIONS: [[u8; 6]; Layout::COUNT] = {
    let mut table = [[0u8; 6]; Layout::COUNT];
    let mut current = [1u8, 2, 3, 4, 5, 6];
    let mut k = 0;
    loop {
        table[k] = current;
        k += 1;
        if k == Layout::COUNT {
            break;
        }
        // The next permutation: the last ascent, the smallest larger number after it, reverse.
        let mut i = 4;
        while current[i] > current[i + 1] {
            i -= 1;
        }
        let mut j = 5;
        while current[j] < current[i] {
            j -= 1;
        }
        let swap = current[i];
        current[i] = current[j];
        current[j] = swap;
        let (mut left, mut right) = (i + 1, 5);
        while left < right {
            let swap = current[left];
            current[left] = current[right];
            current[right] = swap;
            left += 1;
            right -= 1;
        }
    }
    table
};

/// One move of EinStein würfelt nicht: a player's layout or step, or a roll of the die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EinSteinMove {
    /// The side to move places its six pieces (`layout-123456`).
    Layout(Layout),
    /// The die shows this number, 1-6 (`roll-4`): a chance event.
    Roll(u8),
    /// A piece moves one square (`b2-c3`), removing whatever stands there.
    Step { from: Square, to: Square },
}

/// A piece: its side and number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    /// 1 to 6.
    pub number: u8,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_directions_of_the_rules() {
        let b2 = Square::at(1, 1).unwrap();
        let red: Vec<_> = targets(Side::First, b2).iter().flatten().copied().collect();
        // c2 (right), b3 (down), c3 (down-right).
        assert_eq!(red, [Square(7), Square(11), Square(12)]);
        let blue: Vec<_> = targets(Side::Second, b2)
            .iter()
            .flatten()
            .copied()
            .collect();
        // a2 (left), b1 (up), a1 (up-left).
        assert_eq!(blue, [Square(5), Square(1), Square(0)]);
        // Corners and edges lose the steps that leave the board.
        assert_eq!(targets(Side::First, goal(Side::First)), [None; 3]);
        assert_eq!(targets(Side::Second, goal(Side::Second)), [None; 3]);
    }

    #[test]
    fn start_triangles_are_point_symmetric() {
        for (red, blue) in start_cells(Side::First)
            .iter()
            .zip(start_cells(Side::Second).iter().rev())
        {
            assert_eq!(red.index(), SQUARES - 1 - blue.index());
            assert!(red.row() + red.column() <= 2);
        }
        assert_eq!(start_mask(Side::First).count_ones(), 6);
        assert_eq!(start_mask(Side::First) & start_mask(Side::Second), 0);
        assert_eq!(distance(Side::First, Square(0)), 4);
        assert_eq!(distance(Side::Second, Square(24)), 4);
        assert_eq!(distance(Side::First, Square(19)), 1);
    }

    #[test]
    fn ranks_are_lexicographic_and_round_trip() {
        assert_eq!(Layout::from_rank(0).unwrap().numbers(), [1, 2, 3, 4, 5, 6]);
        assert_eq!(Layout::from_rank(1).unwrap().numbers(), [1, 2, 3, 4, 6, 5]);
        assert_eq!(
            Layout::from_rank(719).unwrap().numbers(),
            [6, 5, 4, 3, 2, 1]
        );
        for rank in 0..Layout::COUNT {
            let layout = Layout::from_rank(rank).unwrap();
            assert_eq!(Layout::from_numbers(layout.numbers()), Some(layout));
        }
        assert!(PERMUTATIONS.windows(2).all(|pair| pair[0] < pair[1]));
        assert_eq!(Layout::from_numbers([1, 1, 2, 3, 4, 5]), None);
        assert_eq!(Layout::from_numbers([0, 1, 2, 3, 4, 5]), None);
        assert_eq!(Layout::from_rank(720), None);
    }
}
