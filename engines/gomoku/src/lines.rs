//! Line windows, updated incrementally: for every point and each of the four directions, the ten
//! cells within distance 5 on that line, packed base 3 (empty 0, black 1, white or off-board 2).
//!
//! A stone changes the windows of at most 40 points (10 per direction), so placing or removing one
//! is 40 additions; no position is ever rescanned. One table lookup per direction then tells what a
//! black stone on the (empty) centre point would make on that line: see [`Pattern`]. Distance 5 is
//! exactly what renju needs: whether a five is *exactly* five needs the cell after the fifth stone,
//! and a straight four made by a three is at most 3 away with its five points 4 away and their
//! overline check 5 away.

use std::sync::OnceLock;

use crate::board::{CELLS, Point, STRIDE};

/// The four line directions as (column step, row step): horizontal, vertical, two diagonals.
pub(crate) const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Number of window codes: 3 states for each of the 10 cells.
const CODES: usize = 59_049;

/// 3^slot for the 10 window slots.
const POW3: [u16; 10] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19_683];

/// The window slot holding the cell at `offset` (-5..=-1 → 0..=4, 1..=5 → 5..=9).
const fn slot(offset: i8) -> usize {
    if offset < 0 {
        (offset + 5) as usize
    } else {
        (offset + 4) as usize
    }
}

/// What a black stone on an empty point makes on one line, decoded from a table entry.
///
/// Entry layout (u16): bits 0-1 the line kind (0 nothing, 1 exactly five, 2 overline), bits 2-3 the
/// number of fours (a straight four counts once, `X.XXX.X` twice), bits 4-9 the three mask: the
/// offsets -3, -2, -1, 1, 2, 3 where a second black stone would make a straight four with this one,
/// bits 10-12 the threat [`level`] of the stone on this line, bits 13-15 the most own stones
/// (centre included) in a five-cell window through the centre holding nothing else (both for the
/// search; the rules never read them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pattern(u16);

impl Pattern {
    pub(crate) const FIVE: u16 = 1;
    pub(crate) const OVERLINE: u16 = 2;
    /// The offsets the three-mask bits stand for, in bit order.
    pub(crate) const THREE_OFFSETS: [i8; 6] = [-3, -2, -1, 1, 2, 3];

    /// 0 nothing, [`Pattern::FIVE`] or [`Pattern::OVERLINE`].
    pub(crate) const fn line(self) -> u16 {
        self.0 & 3
    }

    /// Number of fours (0, 1 or 2) when the line is neither five nor overline.
    pub(crate) const fn fours(self) -> u16 {
        (self.0 >> 2) & 3
    }

    /// The straight-four points of a three (bits over [`Pattern::THREE_OFFSETS`]); 0 when this
    /// line makes no three candidate (or makes a four, which is not also a three).
    pub(crate) const fn three_mask(self) -> u16 {
        (self.0 >> 4) & 0x3f
    }

    /// Whether the line makes nothing the rules care about (no five, overline, four or three;
    /// the evaluation [`Level`] bits are ignored).
    pub(crate) const fn is_empty(self) -> bool {
        self.0 & 0x3ff == 0
    }

    /// The threat level of the stone on this line (a [`level`] value, 0..=7).
    pub(crate) const fn level(self) -> u8 {
        ((self.0 >> 10) & 7) as u8
    }

    /// The most own stones, centre included, in a five-cell window through the centre that holds
    /// no other stone and no off-board cell (0..=5). At least 4 is necessary for making a four in
    /// the five-or-more sense.
    pub(crate) const fn window(self) -> u8 {
        ((self.0 >> 13) & 7) as u8
    }
}

/// Threat levels: what a stone of the window's own colour on the empty centre would make on one
/// line, strongest first. Used by the search (evaluation, move ordering), never by the rules.
///
/// Fives are *exactly* five (an overline is its own level): the table is shared by both colours and
/// every variant, and the evaluator decides per variant whether an overline wins.
pub mod level {
    /// Nothing: no five-cell window through the point can ever hold five of this colour.
    pub const NONE: u8 = 0;
    /// A two: some five-cell window through the point would hold two own stones and no other.
    pub const TWO: u8 = 1;
    /// A closed three: some window would hold three or more own stones (one more makes a four)
    /// but no second stone makes a straight four.
    pub const THREE: u8 = 2;
    /// An open three (three candidate): a second stone could make a straight four.
    pub const OPEN_THREE: u8 = 3;
    /// A four: exactly one point then completes a five.
    pub const FOUR: u8 = 4;
    /// A straight four, or two fours on the line (`X.XXX.X`): two points complete a five.
    pub const OPEN_FOUR: u8 = 5;
    /// Exactly five in a row.
    pub const FIVE: u8 = 6;
    /// Six or more in a row (a win for white under renju and for both under freestyle).
    pub const OVERLINE: u8 = 7;
    /// Number of levels.
    pub const COUNT: usize = 8;
}

/// The most own stones (centre included) in a five-cell window through the centre that holds
/// nothing else.
fn window_count(cells: &[u8; 11]) -> u16 {
    (1..=5)
        .filter(|&start| cells[start..start + 5].iter().all(|&c| c != 2))
        .map(|start| cells[start..start + 5].iter().filter(|&&c| c == 1).count() as u16)
        .max()
        .unwrap_or(0)
}

/// The threat level of a window that makes no five, four or three candidate, from its
/// [`window_count`].
fn window_level(count: u16) -> u16 {
    u16::from(match count {
        0 | 1 => level::NONE,
        2 => level::TWO,
        _ => level::THREE,
    })
}

/// Analyses one window and adds the window count (bits 13-15).
fn entry(cells: &[u8; 11]) -> u16 {
    analyse(cells) | window_count(cells) << 13
}

/// Analyses one window (cells at offsets -5..=5, index `offset + 5`, centre black).
fn analyse(cells: &[u8; 11]) -> u16 {
    // Length of the black run through the centre, reading `cells` (centre included).
    let run = |cells: &[u8; 11]| -> usize {
        let left = (0..5).rev().take_while(|&i| cells[i] == 1).count();
        let right = (6..11).take_while(|&i| cells[i] == 1).count();
        left + right + 1
    };
    let len = run(cells);
    if len == 5 {
        return Pattern::FIVE | u16::from(level::FIVE) << 10;
    }
    if len > 5 {
        return Pattern::OVERLINE | u16::from(level::OVERLINE) << 10;
    }
    // Five points: empty cells that turn the centre's line into exactly five. A run reaching the
    // window edge is already six or more, so exactness is decided inside the window.
    let mut five_points = [0usize; 2];
    let mut found = 0;
    for q in 1..10 {
        if cells[q] == 0 {
            let mut with = *cells;
            with[q] = 1;
            if run(&with) == 5 {
                debug_assert!(
                    found < 2,
                    "at most two five points on a line through a point"
                );
                five_points[found.min(1)] = q;
                found += 1;
            }
        }
    }
    // A straight four (`.XXXX.`) has two five points five apart but is one four; any other pair
    // (`X.XXX.X`, `XX.XX.XX`, `XXX.X.XXX`) is two fours on one line.
    let fours = match found {
        0 => 0,
        1 => 1,
        _ if five_points[1] - five_points[0] == 5 => 1,
        _ => 2,
    };
    if fours > 0 {
        let threat = if found >= 2 {
            level::OPEN_FOUR
        } else {
            level::FOUR
        };
        return (fours as u16) << 2 | u16::from(threat) << 10;
    }
    // Three candidates: a second stone at offset -3..=3 that makes a straight four through the
    // centre: a run of exactly four whose two ends are empty and each end makes exactly five.
    let mut mask = 0u16;
    for (bit, &offset) in Pattern::THREE_OFFSETS.iter().enumerate() {
        let q = (offset + 5) as usize;
        if cells[q] != 0 {
            continue;
        }
        let mut with = *cells;
        with[q] = 1;
        let left = (0..5).rev().take_while(|&i| with[i] == 1).count();
        let right = (6..11).take_while(|&i| with[i] == 1).count();
        if left + right + 1 != 4 {
            continue;
        }
        let (start, end) = (5 - left, 5 + right);
        // start >= 2 and end <= 8 because the run of four holds the centre and q within 3 of it.
        let open = |end_cell: usize, beyond: usize| with[end_cell] == 0 && with[beyond] != 1;
        if start >= 2 && end <= 8 && open(start - 1, start - 2) && open(end + 1, end + 2) {
            mask |= 1 << bit;
        }
    }
    if mask != 0 {
        mask << 4 | u16::from(level::OPEN_THREE) << 10
    } else {
        window_level(window_count(cells)) << 10
    }
}

/// The black-centre pattern of every window code, built once.
fn table() -> &'static [u16] {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..CODES)
            .map(|code| {
                let mut cells = [0u8; 11];
                let mut rest = code;
                for s in 0..10 {
                    let index = if s < 5 { s } else { s + 1 };
                    cells[index] = (rest % 3) as u8;
                    rest /= 3;
                }
                cells[5] = 1;
                entry(&cells)
            })
            .collect()
    })
}

/// The window codes of every point of one board, kept current as stones come and go.
#[derive(Clone)]
pub(crate) struct Lines {
    size: u8,
    codes: [[u16; 4]; CELLS],
    table: &'static [u16],
}

impl PartialEq for Lines {
    fn eq(&self, other: &Lines) -> bool {
        self.size == other.size && self.codes == other.codes
    }
}

impl Eq for Lines {}

impl Lines {
    /// The windows of an empty board of side `size`: off-board cells count as white (blocking).
    pub(crate) fn new(size: u8) -> Lines {
        let mut lines = Lines {
            size,
            codes: [[0; 4]; CELLS],
            table: table(),
        };
        for row in 0..size {
            for col in 0..size {
                let point = Point::new(col, row);
                for (d, &(dc, dr)) in DIRECTIONS.iter().enumerate() {
                    for offset in (-5i8..=5).filter(|&o| o != 0) {
                        if point.step(dc, dr, offset, size).is_none() {
                            lines.codes[point.index()][d] += 2 * POW3[slot(offset)];
                        }
                    }
                }
            }
        }
        lines
    }

    /// The board side.
    pub(crate) const fn size(&self) -> u8 {
        self.size
    }

    /// Adds (`sign` = 1) or removes (`sign` = -1) a stone of cell value `value` at `point`.
    fn update(&mut self, point: Point, value: u16, add: bool) {
        let (col, row, size) = (
            i32::from(point.col()),
            i32::from(point.row()),
            i32::from(self.size),
        );
        // Steps from `point` to the last cell of the board along (dc, dr): unbounded on a 0 step.
        let room = |dc: i32, dr: i32| {
            let along = |pos: i32, step: i32| match step {
                1 => size - 1 - pos,
                -1 => pos,
                _ => i32::MAX,
            };
            along(col, dc).min(along(row, dr))
        };
        let centre = point.index() as isize;
        for (d, &(dc, dr)) in DIRECTIONS.iter().enumerate() {
            // The index step along the direction (the layout is `row * STRIDE + col`).
            let stride = isize::from(dr) * STRIDE as isize + isize::from(dc);
            for sign in [1i8, -1] {
                let reach = room(i32::from(dc * sign), i32::from(dr * sign)).min(5) as i8;
                for k in 1..=reach {
                    let q = (centre + isize::from(sign * k) * stride) as usize;
                    // `point` sits at offset -sign*k as seen from q.
                    let delta = value * POW3[slot(-sign * k)];
                    let code = &mut self.codes[q][d];
                    if add { *code += delta } else { *code -= delta }
                }
            }
        }
    }

    /// Puts a stone (cell value 1 black, 2 white) on the empty `point`.
    pub(crate) fn place(&mut self, point: Point, value: u8) {
        self.update(point, u16::from(value), true);
    }

    /// Takes the stone of cell value `value` off `point`.
    pub(crate) fn remove(&mut self, point: Point, value: u8) {
        self.update(point, u16::from(value), false);
    }

    /// The pattern of the empty `point` along direction `d` alone.
    #[inline]
    pub(crate) fn pattern(&self, point: Point, d: usize) -> Pattern {
        Pattern(self.table[usize::from(self.codes[point.index()][d])])
    }

    /// The four patterns of the empty `point`.
    #[inline]
    pub(crate) fn patterns(&self, point: Point) -> [Pattern; 4] {
        let codes = &self.codes[point.index()];
        [0, 1, 2, 3].map(|d| Pattern(self.table[usize::from(codes[d])]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pattern of a line written as text: `X` black, `O` white, `.` empty, `*` the centre.
    fn pattern_of(line: &str) -> Pattern {
        Pattern(analyse(&cells_of(line)))
    }

    /// The 11 cells around the centre of a line written as text, as [`analyse`] and [`entry`]
    /// read them: 1 black (the centre too), 0 empty, 2 white or off the line.
    fn cells_of(line: &str) -> [u8; 11] {
        let centre = line.find('*').unwrap();
        let mut cells = [2u8; 11];
        for (i, c) in line.chars().enumerate() {
            let index = i as isize - centre as isize + 5;
            if (0..11).contains(&index) {
                cells[index as usize] = match c {
                    'X' | '*' => 1,
                    '.' => 0,
                    _ => 2,
                };
            }
        }
        cells
    }

    #[test]
    fn fives_and_overlines() {
        assert_eq!(pattern_of("OXX*XXO").line(), Pattern::FIVE);
        assert_eq!(pattern_of(".XX*XX.").line(), Pattern::FIVE);
        assert_eq!(pattern_of(".XX*XXX").line(), Pattern::OVERLINE);
        assert_eq!(pattern_of("X.XX*X.").line(), 0);
    }

    #[test]
    fn fours_on_one_line() {
        assert_eq!(pattern_of("..X*XX..").fours(), 1, "straight four");
        assert_eq!(pattern_of("OX*XX.").fours(), 1, "closed four");
        assert_eq!(pattern_of("X.X*X.X").fours(), 2);
        assert_eq!(pattern_of("XX.*X.XX").fours(), 2);
        assert_eq!(pattern_of("XXX.*.XXX").fours(), 2);
        assert_eq!(
            pattern_of("XX.*XX.X").fours(),
            1,
            "the left five point makes six"
        );
        assert_eq!(pattern_of("X.XX*..X").fours(), 1);
    }

    #[test]
    fn three_candidates() {
        assert_eq!(pattern_of("...X*X...").three_mask().count_ones(), 2);
        assert_eq!(pattern_of("..X.*X..").three_mask().count_ones(), 1);
        assert_eq!(
            pattern_of("O.X*X.O").three_mask(),
            0,
            "cannot become a straight four"
        );
        assert_eq!(
            pattern_of("X.X*X.X").three_mask(),
            0,
            "a four line is not a three"
        );
        assert_eq!(
            pattern_of("X..X*X..X").three_mask(),
            0,
            "both straight fours are overlines"
        );
        assert_eq!(
            pattern_of("|.X*X..").three_mask().count_ones(),
            1,
            "edge: only d"
        );
    }

    #[test]
    fn threat_levels() {
        assert_eq!(pattern_of(".XX*XX.").level(), level::FIVE);
        assert_eq!(pattern_of("XXX*XX.").level(), level::OVERLINE);
        assert_eq!(pattern_of("..X*XX..").level(), level::OPEN_FOUR);
        assert_eq!(pattern_of("X.X*X.X").level(), level::OPEN_FOUR);
        assert_eq!(pattern_of("OX*XX.O").level(), level::FOUR);
        assert_eq!(pattern_of("...X*X...").level(), level::OPEN_THREE);
        assert_eq!(pattern_of("O.X*X.O").level(), level::THREE);
        assert_eq!(pattern_of("O.*X..O").level(), level::TWO);
        assert_eq!(pattern_of("..O*X.O").level(), level::NONE);
        assert_eq!(pattern_of(".....*.....").level(), level::NONE);
    }

    #[test]
    fn window_counts() {
        let window = |line: &str| Pattern(entry(&cells_of(line))).window();
        assert_eq!(window("OXX*.XO"), 4);
        assert_eq!(window("OXX*.O"), 0, "no free five-cell window");
        assert_eq!(window("XX*XXX"), 5);
        assert_eq!(window("....*...."), 1);
    }

    /// Over every window: a stone that leaves one point completing five *or more* through the
    /// centre has a window count of at least 4 (the VCF solver's four candidates rely on it).
    #[test]
    fn every_four_in_the_long_sense_has_a_window_of_four() {
        let run = |cells: &[u8; 11]| {
            let left = (0..5).rev().take_while(|&i| cells[i] == 1).count();
            let right = (6..11).take_while(|&i| cells[i] == 1).count();
            left + right + 1
        };
        for code in 0..CODES {
            let mut cells = [0u8; 11];
            let mut rest = code;
            for s in 0..10 {
                cells[if s < 5 { s } else { s + 1 }] = (rest % 3) as u8;
                rest /= 3;
            }
            cells[5] = 1;
            let long_four = (0..11).filter(|&q| q != 5 && cells[q] == 0).any(|q| {
                let mut with = cells;
                with[q] = 1;
                run(&with) >= 5
            });
            if long_four {
                assert!(entry(&cells) >> 13 >= 4, "{cells:?}");
            }
        }
    }

    /// The codes of a board read straight from its cells (0 empty, 1 black, 2 white).
    fn codes_from_cells(size: u8, cells: &[u8]) -> Vec<[u16; 4]> {
        let mut out = vec![[0u16; 4]; CELLS];
        for row in 0..size {
            for col in 0..size {
                let point = Point::new(col, row);
                for (d, &(dc, dr)) in DIRECTIONS.iter().enumerate() {
                    for offset in (-5i8..=5).filter(|&o| o != 0) {
                        let value = match point.step(dc, dr, offset, size) {
                            None => 2,
                            Some(q) => u16::from(cells[q.index()]),
                        };
                        out[point.index()][d] += value * POW3[slot(offset)];
                    }
                }
            }
        }
        out
    }

    /// Stones placed and removed in place give the codes read from scratch, on every board size.
    #[test]
    fn incremental_codes_match_codes_from_scratch() {
        let mut seed = 0x11e5_u64;
        for size in [5u8, 9, 15, 20] {
            let mut lines = Lines::new(size);
            let mut cells = vec![0u8; CELLS];
            for _ in 0..400 {
                let (s, z) = arbiter_core::zobrist::splitmix64(seed);
                seed = s;
                let point = Point::new(
                    (z % u64::from(size)) as u8,
                    ((z >> 8) % u64::from(size)) as u8,
                );
                match cells[point.index()] {
                    0 => {
                        let value = 1 + ((z >> 16) % 2) as u8;
                        cells[point.index()] = value;
                        lines.place(point, value);
                    }
                    value => {
                        cells[point.index()] = 0;
                        lines.remove(point, value);
                    }
                }
                let fresh = codes_from_cells(size, &cells);
                assert!(
                    lines.codes.iter().zip(&fresh).all(|(a, b)| a == b),
                    "size {size}"
                );
            }
        }
    }

    #[test]
    fn incremental_codes_match_a_fresh_board() {
        let mut lines = Lines::new(15);
        let stones = [
            (Point::new(7, 7), 1),
            (Point::new(8, 8), 2),
            (Point::new(0, 14), 1),
        ];
        for &(p, v) in &stones {
            lines.place(p, v);
        }
        for &(p, v) in stones.iter().rev() {
            lines.remove(p, v);
        }
        assert!(lines == Lines::new(15));
    }
}
