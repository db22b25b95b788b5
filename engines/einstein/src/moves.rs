//! The three kinds of move: a layout (the setup), a roll of the die (a chance event) and a
//! step of a piece.

use arbiter_core::Side;

use crate::board::Square;

/// A side's setup: the numbers 1-6 on its six start cells in reading order
/// ([`crate::board::start_cells`]), stored as the rank of that permutation in lexicographic
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
