//! Iterating the members of a bitboard, written once for every game that keeps its board as
//! bits: `for square in Bits(set)` visits the index of every set bit, lowest first.
//!
//! `u16` and `u32` serve small boards (tic-tac-toe, Dots and Boxes' boxes), `u64` boards of up
//! to 64 cells (Othello, Surakarta, draughts, Dots and Boxes lines),
//! `u128` boards of up to 128 (NoGo and Amazons up to 11×11, xiangqi's 90 points). Boards past
//! that (Go and Hex on 19×19) keep arrays of words and iterate each word with `Bits`.

/// The indices of the set bits of a bitboard, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bits<T>(pub T);

/// A word a [`Bits`] iterator can walk: `u16` up to `u128`.
pub trait BitWord: Copy {
    /// Whether no bit is set.
    fn is_empty(self) -> bool;
    /// The index of the lowest set bit; the word is not empty.
    fn lowest(self) -> u32;
    /// The word without its lowest set bit.
    fn without_lowest(self) -> Self;
    /// The number of set bits.
    fn count(self) -> u32;
}

macro_rules! bit_word {
    ($($word:ty),*) => {$(
        impl BitWord for $word {
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & (self - 1)
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
        }
    )*};
}

bit_word!(u16, u32, u64, u128);

impl<T: BitWord> Iterator for Bits<T> {
    /// A bit index: at most 127, so every game's square type (`u8` and up) takes it.
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0.is_empty() {
            return None;
        }
        // A bit index of a u128 is below 128: it fits a u8.
        let index = self.0.lowest() as u8;
        self.0 = self.0.without_lowest();
        Some(index)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.0.count() as usize;
        (count, Some(count))
    }
}

impl<T: BitWord> ExactSizeIterator for Bits<T> {}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn visits_every_set_bit_lowest_first() {
        assert_eq!(Bits(0b1010_0001u64).collect::<Vec<_>>(), [0, 5, 7]);
        assert_eq!(Bits(1u128 << 127 | 2).collect::<Vec<_>>(), [1, 127]);
        assert_eq!(Bits(0u64).next(), None);
        assert_eq!(Bits(u64::MAX).len(), 64);
    }
}
