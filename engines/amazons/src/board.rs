//! Board geometry: squares, the four line families through each square, and the line tables
//! that make queen moves a lookup.
//!
//! A square is `rank * size + file` with a1 = 0 (file a on the left, rank 1 at the bottom), so a
//! set of squares fits a `u128` on boards up to 11x11. Queen moves and arrow shots are computed
//! with *rotated occupancies*: the position keeps, for every line (rank, file, diagonal,
//! anti-diagonal), a 10-bit word of which of its squares are occupied, and one table lookup gives
//! the empty squares a queen reaches along that line. Squares past a short line's end are
//! permanently set in its word ("walls"), so one table serves every line length.

use arbiter_core::Bits;
use std::sync::LazyLock;

/// A square index, `rank * size + file`, a1 = 0.
pub type Square = u8;

/// The widest line: the tables are indexed by 10-bit occupancy words.
pub const MAX_LINE: usize = 10;
/// Largest board side supported.
pub const MAX_SIZE: usize = 10;
/// Largest number of squares.
pub const MAX_SQUARES: usize = MAX_SIZE * MAX_SIZE;
/// Number of lines on the largest board: ranks, files, diagonals, anti-diagonals.
pub const MAX_LINES: usize = 6 * MAX_SIZE - 2;
/// No square (an unused slot in [`Geometry::line_squares`]).
pub const NO_SQUARE: Square = u8::MAX;

/// The line families, in the order of [`Geometry::line_of`]'s inner arrays.
pub const KINDS: usize = 4;

/// Everything about one board size that move generation and evaluation look up.
pub struct Geometry {
    /// Board side length (8 or 10).
    pub size: u8,
    /// `size * size`.
    pub squares: u8,
    /// Number of lines in use: `6 * size - 2`.
    pub lines: u8,
    /// For each square, the line of each family (rank, file, diagonal, anti-diagonal) through it.
    pub line_of: [[u8; KINDS]; MAX_SQUARES],
    /// For each square, its bit position within each of those lines.
    pub pos_of: [[u8; KINDS]; MAX_SQUARES],
    /// For each line, the square at each position (`NO_SQUARE` past the line's end).
    pub line_squares: [[Square; MAX_LINE]; MAX_LINES],
    /// For each line, the bits past its end, always set in its occupancy word.
    pub walls: [u16; MAX_LINES],
    /// For each square, its (up to eight) king-step neighbours.
    pub neighbours: [u128; MAX_SQUARES],
    /// Every square of the board.
    pub board: u128,
    /// File a (the left edge) and the last file (the right edge), for shift masks.
    pub first_file: u128,
    pub last_file: u128,
    /// The shared line tables (a field so the hot paths skip the lazy-initialisation check).
    pub tables: &'static Tables,
}

impl std::fmt::Debug for Geometry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Geometry({0}x{0})", self.size)
    }
}

impl Geometry {
    fn new(size: u8) -> Geometry {
        let n = usize::from(size);
        assert!(n <= MAX_SIZE, "board too large");
        let mut geometry = Geometry {
            size,
            squares: size * size,
            lines: 6 * size - 2,
            line_of: [[0; KINDS]; MAX_SQUARES],
            pos_of: [[0; KINDS]; MAX_SQUARES],
            line_squares: [[NO_SQUARE; MAX_LINE]; MAX_LINES],
            walls: [0; MAX_LINES],
            neighbours: [0; MAX_SQUARES],
            board: 0,
            first_file: 0,
            last_file: 0,
            tables: tables(),
        };
        for rank in 0..n {
            for file in 0..n {
                let square = rank * n + file;
                // Rank r is line r, file f is line n + f; the diagonal (up-right) with
                // file - rank = d is line 2n + d + n - 1; the anti-diagonal (up-left) with
                // file + rank = s is line 4n - 1 + s. Positions count upwards by rank, except
                // along a rank where they count by file.
                let diagonal = file + n - 1 - rank;
                let anti = file + rank;
                let lines = [rank, n + file, 2 * n + diagonal, 4 * n - 1 + anti];
                let positions = [
                    file,
                    rank,
                    file.min(rank),
                    rank - anti.saturating_sub(n - 1),
                ];
                for kind in 0..KINDS {
                    geometry.line_of[square][kind] = lines[kind] as u8;
                    geometry.pos_of[square][kind] = positions[kind] as u8;
                    geometry.line_squares[lines[kind]][positions[kind]] = square as u8;
                }
                geometry.board |= 1 << square;
                if file == 0 {
                    geometry.first_file |= 1 << square;
                }
                if file == n - 1 {
                    geometry.last_file |= 1 << square;
                }
            }
        }
        for line in 0..usize::from(geometry.lines) {
            for pos in 0..MAX_LINE {
                if geometry.line_squares[line][pos] == NO_SQUARE {
                    geometry.walls[line] |= 1 << pos;
                }
            }
        }
        for square in 0..n * n {
            let (rank, file) = ((square / n) as isize, (square % n) as isize);
            for dr in -1..=1isize {
                for df in -1..=1isize {
                    let (r, f) = (rank + dr, file + df);
                    if (dr, df) != (0, 0)
                        && (0..n as isize).contains(&r)
                        && (0..n as isize).contains(&f)
                    {
                        geometry.neighbours[square] |= 1 << (r as usize * n + f as usize);
                    }
                }
            }
        }
        geometry
    }

    /// The geometry of a `size` x `size` board (8 or 10), built once.
    ///
    /// # Panics
    /// On a size this crate does not play.
    #[must_use]
    pub fn of_size(size: u8) -> &'static Geometry {
        static TEN: LazyLock<Geometry> = LazyLock::new(|| Geometry::new(10));
        static EIGHT: LazyLock<Geometry> = LazyLock::new(|| Geometry::new(8));
        match size {
            10 => &TEN,
            8 => &EIGHT,
            _ => panic!("no {size}x{size} Amazons board"),
        }
    }

    /// The square at `file`, `rank` (both 0-based), if on the board.
    #[must_use]
    pub fn square(&self, file: usize, rank: usize) -> Option<Square> {
        let n = usize::from(self.size);
        (file < n && rank < n).then(|| (rank * n + file) as Square)
    }

    /// The occupancy words of every line, walls set, for the occupied squares `occupied`.
    #[must_use]
    pub fn line_words(&self, occupied: u128) -> [u16; MAX_LINES] {
        let mut words = self.walls;
        for square in Bits(occupied) {
            self.toggle(&mut words, square);
        }
        words
    }

    /// Flips `square` in the occupancy words of its four lines.
    #[inline]
    pub fn toggle(&self, words: &mut [u16; MAX_LINES], square: Square) {
        let square = usize::from(square);
        for kind in 0..KINDS {
            words[usize::from(self.line_of[square][kind])] ^= 1 << self.pos_of[square][kind];
        }
    }

    /// Empty squares a queen on `square` reaches (not counting `square` itself).
    #[inline]
    pub fn reach(&self, words: &[u16; MAX_LINES], square: Square) -> u128 {
        let tables = self.tables;
        let square = usize::from(square);
        let mut set = 0u128;
        for kind in 0..KINDS {
            let line = usize::from(self.line_of[square][kind]);
            let pos = usize::from(self.pos_of[square][kind]);
            let mut along = tables.reach[pos][usize::from(words[line])];
            while along != 0 {
                let to = along.trailing_zeros() as usize;
                along &= along - 1;
                set |= 1 << self.line_squares[line][to];
            }
        }
        set
    }

    /// How many empty squares a queen on `square` reaches: four lookups.
    #[inline]
    pub fn reach_count(&self, words: &[u16; MAX_LINES], square: Square) -> u32 {
        let tables = self.tables;
        let square = usize::from(square);
        let mut count = 0;
        for kind in 0..KINDS {
            let line = usize::from(self.line_of[square][kind]);
            let pos = usize::from(self.pos_of[square][kind]);
            count += u32::from(tables.count[pos][usize::from(words[line])]);
        }
        count
    }

    /// Whether `a` and `b` are distinct squares on one rank, file or diagonal.
    #[must_use]
    pub fn on_queen_line(&self, a: Square, b: Square) -> bool {
        a != b
            && (0..KINDS).any(|kind| {
                self.line_of[usize::from(a)][kind] == self.line_of[usize::from(b)][kind]
            })
    }

    /// `set` moved one step in direction `(df, dr)` (each -1, 0 or 1), clipped to the board.
    #[must_use]
    pub fn shift(&self, set: u128, df: i32, dr: i32) -> u128 {
        let n = i32::from(self.size);
        let offset = dr * n + df;
        let moved = if offset >= 0 {
            set << offset
        } else {
            set >> -offset
        };
        // A step east must not wrap from the last file onto file a, nor a step west the reverse.
        let wrap = match df {
            1 => self.first_file,
            -1 => self.last_file,
            _ => 0,
        };
        moved & self.board & !wrap
    }
}

/// The eight queen directions as `(file step, rank step)`.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// Per-line lookup tables shared by every board size.
pub struct Tables {
    /// `reach[pos][word]`: the empty positions a queen at `pos` reaches along a line whose
    /// occupancy is `word` (bit `pos` itself ignored).
    pub reach: [[u16; 1 << MAX_LINE]; MAX_LINE],
    /// `count[pos][word]`: the number of bits in `reach[pos][word]`.
    pub count: [[u8; 1 << MAX_LINE]; MAX_LINE],
}

/// The line tables, built on first use.
#[must_use]
pub fn tables() -> &'static Tables {
    static TABLES: LazyLock<Box<Tables>> = LazyLock::new(|| {
        let mut tables = Box::new(Tables {
            reach: [[0; 1 << MAX_LINE]; MAX_LINE],
            count: [[0; 1 << MAX_LINE]; MAX_LINE],
        });
        for pos in 0..MAX_LINE {
            for word in 0..1usize << MAX_LINE {
                let mut reach = 0u16;
                for to in (pos + 1)..MAX_LINE {
                    if word & (1 << to) != 0 {
                        break;
                    }
                    reach |= 1 << to;
                }
                for to in (0..pos).rev() {
                    if word & (1 << to) != 0 {
                        break;
                    }
                    reach |= 1 << to;
                }
                tables.reach[pos][word] = reach;
                tables.count[pos][word] = reach.count_ones() as u8;
            }
        }
        tables
    });
    &TABLES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_cover_every_square_once_per_family() {
        for size in [8u8, 10] {
            let geometry = Geometry::of_size(size);
            for square in 0..geometry.squares {
                for kind in 0..KINDS {
                    let line = usize::from(geometry.line_of[usize::from(square)][kind]);
                    let pos = usize::from(geometry.pos_of[usize::from(square)][kind]);
                    assert_eq!(geometry.line_squares[line][pos], square);
                }
            }
        }
    }

    #[test]
    fn an_empty_board_gives_a_corner_queen_three_full_lines() {
        let geometry = Geometry::of_size(10);
        let words = geometry.line_words(0);
        // a1: 9 along the rank, 9 along the file, 9 along the long diagonal.
        assert_eq!(geometry.reach_count(&words, 0), 27);
        assert_eq!(geometry.reach(&words, 0).count_ones(), 27);
        // e5 (file 4, rank 4) in the middle: 9 + 9 + 9 (a1-j10) + 8 (b9..h1 anti-diagonal: 9 squares long).
        let e5 = geometry.square(4, 4).unwrap();
        assert_eq!(geometry.reach_count(&words, e5), 9 + 9 + 9 + 8);
    }

    #[test]
    fn blockers_stop_the_queen_before_them() {
        let geometry = Geometry::of_size(8);
        let a1 = geometry.square(0, 0).unwrap();
        let c1 = geometry.square(2, 0).unwrap();
        let words = geometry.line_words(1 << c1);
        // Along rank 1 only b1; the file and the diagonal stay open (7 each).
        assert_eq!(geometry.reach_count(&words, a1), 1 + 7 + 7);
    }

    #[test]
    fn shifts_do_not_wrap_around_the_edges() {
        let geometry = Geometry::of_size(10);
        let j1 = 1u128 << geometry.square(9, 0).unwrap();
        assert_eq!(geometry.shift(j1, 1, 0), 0);
        assert_eq!(geometry.shift(j1, 1, 1), 0);
        assert_eq!(
            geometry.shift(j1, -1, 1),
            1 << geometry.square(8, 1).unwrap()
        );
        let a10 = 1u128 << geometry.square(0, 9).unwrap();
        assert_eq!(geometry.shift(a10, 0, 1), 0);
        assert_eq!(geometry.shift(a10, -1, -1), 0);
    }
}
