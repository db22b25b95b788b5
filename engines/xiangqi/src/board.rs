//! Board geometry: points, pieces, the palaces and the river, the step tables of the short-range
//! pieces, the slider tables of the lines, and the Zobrist keys.
//!
//! A point is `rank * 9 + file` with `a0` = 0: file `a` on red's left, rank 0 red's back rank,
//! as ICCS names them (xqbase.com, 中国象棋电脑应用规范(二)：着法表示). Red's half is ranks 0-4,
//! black's ranks 5-9; the river lies between ranks 4 and 5. Each palace is files d-f of its
//! side's three back ranks.
//!
//! Sets of points are `u128` in that order. The occupancy is also kept *file-major* (bit
//! `file * 10 + rank`), so that the ten points of a file are one contiguous run as the nine
//! points of a rank are in the main order: a rook or cannon then reads its rank and its file
//! as two small integers, and [`LINES_9`]/[`LINES_10`] say where the first and second pieces
//! stand in each direction (the rook stops at the first, the cannon captures the second).

use arbiter_core::{Side, zobrist};

/// A point index, `rank * 9 + file`, `a0` = 0.
pub type Point = u8;

/// A move: the piece on `from` goes to `to` (taking what stands there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    pub from: Point,
    pub to: Point,
}

/// Files a-i.
pub const FILES: usize = 9;
/// Ranks 0-9.
pub const RANKS: usize = 10;
/// Points on the board.
pub const POINTS: usize = FILES * RANKS;

/// The point on `file`, `rank` (both from 0), which must be on the board.
#[must_use]
pub const fn at(file: usize, rank: usize) -> Point {
    (rank * FILES + file) as Point
}

/// The file (0 = a) of a point.
#[must_use]
pub const fn file_of(p: Point) -> usize {
    p as usize % FILES
}

/// The rank (0 = red's back rank) of a point.
#[must_use]
pub const fn rank_of(p: Point) -> usize {
    p as usize / FILES
}

/// The point `df` files and `dr` ranks away, if on the board.
#[must_use]
pub const fn offset(p: Point, df: i32, dr: i32) -> Option<Point> {
    let f = file_of(p) as i32 + df;
    let r = rank_of(p) as i32 + dr;
    if f >= 0 && f < FILES as i32 && r >= 0 && r < RANKS as i32 {
        Some(at(f as usize, r as usize))
    } else {
        None
    }
}

/// The seven kinds of piece. The names are the English ones of the WXF and UCCI FEN letters
/// (`K A B N R C P`); the Chinese names are red's and black's characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// 帥 / 將, the general (FEN `K`).
    King = 1,
    /// 仕 / 士, the advisor (FEN `A`).
    Advisor = 2,
    /// 相 / 象, the elephant (FEN `B`, also read as `E`).
    Elephant = 3,
    /// 傌 / 馬, the horse (FEN `N`, also read as `H`).
    Horse = 4,
    /// 俥 / 車, the chariot or rook (FEN `R`).
    Rook = 5,
    /// 炮 / 砲, the cannon (FEN `C`).
    Cannon = 6,
    /// 兵 / 卒, the soldier or pawn (FEN `P`).
    Pawn = 7,
}

impl Kind {
    /// Every kind, in index order.
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Rook,
        Kind::Cannon,
        Kind::Pawn,
    ];

    /// The kind with code `code` (1-7).
    #[must_use]
    pub const fn from_code(code: u8) -> Option<Kind> {
        match code {
            1 => Some(Kind::King),
            2 => Some(Kind::Advisor),
            3 => Some(Kind::Elephant),
            4 => Some(Kind::Horse),
            5 => Some(Kind::Rook),
            6 => Some(Kind::Cannon),
            7 => Some(Kind::Pawn),
            _ => None,
        }
    }

    /// The FEN letter in upper case (red's).
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'B',
            Kind::Horse => 'N',
            Kind::Rook => 'R',
            Kind::Cannon => 'C',
            Kind::Pawn => 'P',
        }
    }

    /// The kind of a FEN letter in either case (`E` and `H`, the WXF letters, too).
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Kind> {
        match letter.to_ascii_uppercase() {
            'K' => Some(Kind::King),
            'A' => Some(Kind::Advisor),
            'B' | 'E' => Some(Kind::Elephant),
            'N' | 'H' => Some(Kind::Horse),
            'R' => Some(Kind::Rook),
            'C' => Some(Kind::Cannon),
            'P' => Some(Kind::Pawn),
            _ => None,
        }
    }

    /// The character on a piece of `side`: red's 帥仕相傌俥炮兵, black's 將士象馬車砲卒.
    #[must_use]
    pub const fn character(self, side: Side) -> char {
        let red = matches!(side, Side::First);
        match self {
            Kind::King => {
                if red {
                    '帥'
                } else {
                    '將'
                }
            }
            Kind::Advisor => {
                if red {
                    '仕'
                } else {
                    '士'
                }
            }
            Kind::Elephant => {
                if red {
                    '相'
                } else {
                    '象'
                }
            }
            Kind::Horse => {
                if red {
                    '傌'
                } else {
                    '馬'
                }
            }
            Kind::Rook => {
                if red {
                    '俥'
                } else {
                    '車'
                }
            }
            Kind::Cannon => {
                if red {
                    '炮'
                } else {
                    '砲'
                }
            }
            Kind::Pawn => {
                if red {
                    '兵'
                } else {
                    '卒'
                }
            }
        }
    }
}

/// A point's content: 0 empty, else the kind's code, plus [`BLACK`] for a black piece.
pub type Piece = u8;
/// No piece.
pub const EMPTY: Piece = 0;
/// The flag of a black piece.
pub const BLACK: Piece = 8;

/// The piece of `kind` for `side`.
#[must_use]
pub const fn piece(side: Side, kind: Kind) -> Piece {
    kind as u8
        | match side {
            Side::First => 0,
            Side::Second => BLACK,
        }
}

/// The side of a piece that is not [`EMPTY`].
#[must_use]
pub const fn side_of(piece: Piece) -> Side {
    if piece & BLACK == 0 {
        Side::First
    } else {
        Side::Second
    }
}

/// The kind of a piece that is not [`EMPTY`].
#[must_use]
pub const fn kind_of(piece: Piece) -> Kind {
    match Kind::from_code(piece & 7) {
        Some(kind) => kind,
        None => Kind::Pawn,
    }
}

/// Whether `p` lies in the palace of `side`.
#[must_use]
pub const fn in_palace(side: Side, p: Point) -> bool {
    let (f, r) = (file_of(p), rank_of(p));
    f >= 3
        && f <= 5
        && match side {
            Side::First => r <= 2,
            Side::Second => r >= 7,
        }
}

/// Whether `p` lies on `side`'s own half (before the river, seen from `side`).
#[must_use]
pub const fn own_half(side: Side, p: Point) -> bool {
    match side {
        Side::First => rank_of(p) <= 4,
        Side::Second => rank_of(p) >= 5,
    }
}

/// The rank step forward for `side`: up for red, down for black.
#[must_use]
pub const fn forward(side: Side) -> i32 {
    match side {
        Side::First => 1,
        Side::Second => -1,
    }
}

/// No point: an unused slot of a step table, or no piece in a line direction.
pub const NONE: u8 = u8::MAX;

/// Up to eight (target, blocking point) pairs, unused slots [`NONE`].
pub type Steps = [(Point, Point); 8];

const fn no_steps() -> Steps {
    [(NONE, NONE); 8]
}

/// Up to eight steps from each point, each `(df, dr, bf, br)`: the point `df` files and `dr`
/// ranks away and the point `(bf, br)` away that must be empty, kept when both are on the
/// board (and, with `within_half`, the first on the half the point lies on), in the order given.
const fn step_table(steps: &[(i32, i32, i32, i32)], within_half: bool) -> [Steps; POINTS] {
    let mut table = [no_steps(); POINTS];
    let mut p = 0;
    while p < POINTS {
        let red_half = rank_of(p as Point) <= 4;
        let mut n = 0;
        let mut s = 0;
        while s < steps.len() {
            let (df, dr, bf, br) = steps[s];
            if let (Some(to), Some(block)) =
                (offset(p as Point, df, dr), offset(p as Point, bf, br))
                && (!within_half || (rank_of(to) <= 4) == red_half)
            {
                table[p][n] = (to, block);
                n += 1;
            }
            s += 1;
        }
        p += 1;
    }
    table
}

/// The horse's moves from each point: the target and the leg point (馬腿) next to the horse
/// in the direction of the long step, which must be empty.
const HORSE_JUMPS: [(i32, i32, i32, i32); 8] = [
    (1, 2, 0, 1),
    (-1, 2, 0, 1),
    (1, -2, 0, -1),
    (-1, -2, 0, -1),
    (2, 1, 1, 0),
    (2, -1, 1, 0),
    (-2, 1, -1, 0),
    (-2, -1, -1, 0),
];

/// The horses that attack a point: a horse's point and its leg point (the leg is next to the
/// horse and diagonally next to the attacked point), the jumps of [`HORSE_JUMPS`] reversed.
const HORSE_ATTACKS: [(i32, i32, i32, i32); 8] = reversed(&HORSE_JUMPS);

/// Each jump `(df, dr, lf, lr)` seen from its target: the horse `(-df, -dr)` away and the leg
/// `(lf - df, lr - dr)` away, in the order of `jumps`.
const fn reversed(jumps: &[(i32, i32, i32, i32); 8]) -> [(i32, i32, i32, i32); 8] {
    let mut attacks = [(0, 0, 0, 0); 8];
    let mut i = 0;
    while i < jumps.len() {
        let (df, dr, lf, lr) = jumps[i];
        attacks[i] = (-df, -dr, lf - df, lr - dr);
        i += 1;
    }
    attacks
}

/// The elephant's moves, within the half the point lies on: the target two points away
/// diagonally and the eye point (象眼) between, which must be empty.
const ELEPHANT_STEPS: [(i32, i32, i32, i32); 4] = [
    (2, 2, 1, 1),
    (2, -2, 1, -1),
    (-2, 2, -1, 1),
    (-2, -2, -1, -1),
];

/// One-point steps from each point within the palace it lies in: diagonal (the advisor) or
/// orthogonal (the general). Points outside both palaces have none.
const fn palace_steps(diagonal: bool) -> [[Point; 4]; POINTS] {
    let mut table = [[NONE; 4]; POINTS];
    let dirs: [(i32, i32); 4] = if diagonal {
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    } else {
        [(0, 1), (0, -1), (1, 0), (-1, 0)]
    };
    let mut p = 0;
    while p < POINTS {
        let side = if rank_of(p as Point) <= 4 {
            Side::First
        } else {
            Side::Second
        };
        if in_palace(side, p as Point) {
            let mut n = 0;
            let mut d = 0;
            while d < 4 {
                if let Some(to) = offset(p as Point, dirs[d].0, dirs[d].1)
                    && in_palace(side, to)
                {
                    table[p][n] = to;
                    n += 1;
                }
                d += 1;
            }
        }
        p += 1;
    }
    table
}

/// The pawn steps of `side` at each point: one point `ahead` along the ranks, and one point
/// sideways when the point lies across the river for `side`. With `ahead` the pawn's forward
/// step these are its moves; with the step back, the points its pawns attack it from.
const fn pawn_steps(side: Side, ahead: i32) -> [[Point; 3]; POINTS] {
    let mut table = [[NONE; 3]; POINTS];
    let mut p = 0;
    while p < POINTS {
        let mut n = 0;
        if let Some(q) = offset(p as Point, 0, ahead) {
            table[p][n] = q;
            n += 1;
        }
        if !own_half(side, p as Point) {
            if let Some(q) = offset(p as Point, -1, 0) {
                table[p][n] = q;
                n += 1;
            }
            if let Some(q) = offset(p as Point, 1, 0) {
                table[p][n] = q;
            }
        }
        p += 1;
    }
    table
}

/// The pawn's moves of `side` from each point: one point forward, and one point sideways once
/// it has crossed the river.
const fn pawn_moves(side: Side) -> [[Point; 3]; POINTS] {
    pawn_steps(side, forward(side))
}

/// The pawns of `side` that attack each point: the point one step behind it (seen from
/// `side`), and the points beside it when it lies across the river for `side`.
const fn pawn_attackers(side: Side) -> [[Point; 3]; POINTS] {
    pawn_steps(side, -forward(side))
}

/// The points a move must touch (leave or enter) to change whether the general on each point
/// is attacked, when no check is on: its rank and file (rook and cannon lines, the facing
/// generals) and its four diagonal neighbours (the legs of horses that attack it).
const fn exposure() -> [u128; POINTS] {
    let mut table = [0u128; POINTS];
    let mut p = 0;
    while p < POINTS {
        let mut q = 0;
        while q < POINTS {
            let same_line = file_of(q as Point) == file_of(p as Point)
                || rank_of(q as Point) == rank_of(p as Point);
            let df = file_of(q as Point) as i32 - file_of(p as Point) as i32;
            let dr = rank_of(q as Point) as i32 - rank_of(p as Point) as i32;
            let diagonal = (df == 1 || df == -1) && (dr == 1 || dr == -1);
            if (same_line || diagonal) && q != p {
                table[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    table
}

/// [`HORSE_JUMPS`] as a table.
pub static HORSE_MOVES: [Steps; POINTS] = step_table(&HORSE_JUMPS, false);
/// [`HORSE_ATTACKS`] as a table.
pub static HORSE_ATTACKERS: [Steps; POINTS] = step_table(&HORSE_ATTACKS, false);
/// [`ELEPHANT_STEPS`] as a table.
pub static ELEPHANT_MOVES: [Steps; POINTS] = step_table(&ELEPHANT_STEPS, true);
/// The advisor's diagonal steps within its palace.
pub static ADVISOR_MOVES: [[Point; 4]; POINTS] = palace_steps(true);
/// The general's orthogonal steps within its palace.
pub static KING_MOVES: [[Point; 4]; POINTS] = palace_steps(false);
/// The pawn's steps, red's then black's.
pub static PAWN_MOVES: [[[Point; 3]; POINTS]; 2] =
    [pawn_moves(Side::First), pawn_moves(Side::Second)];

/// The pawns that attack each point, red's then black's.
pub static PAWN_ATTACKERS: [[[Point; 3]; POINTS]; 2] =
    [pawn_attackers(Side::First), pawn_attackers(Side::Second)];
/// [`exposure`] as a table.
pub static EXPOSURE: [u128; POINTS] = exposure();

/// Where the nearest and second-nearest pieces stand on each side of a point of a line
/// (indices along the line, [`NONE`] when there is none): the rook's stops, the cannon's
/// screens and targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// The nearest piece below (towards index 0), and the one beyond it.
    pub low: [u8; 2],
    /// The nearest piece above, and the one beyond it.
    pub high: [u8; 2],
}

const fn line(len: usize, pos: usize, occupied: usize) -> Line {
    let mut result = Line {
        low: [NONE; 2],
        high: [NONE; 2],
    };
    let mut found = 0;
    let mut i = pos + 1;
    while i < len && found < 2 {
        if occupied & (1 << i) != 0 {
            result.high[found] = i as u8;
            found += 1;
        }
        i += 1;
    }
    found = 0;
    let mut i = pos;
    while i > 0 && found < 2 {
        i -= 1;
        if occupied & (1 << i) != 0 {
            result.low[found] = i as u8;
            found += 1;
        }
    }
    result
}

const fn lines<const LEN: usize, const OCC: usize>() -> [[Line; OCC]; LEN] {
    let mut table = [[Line {
        low: [NONE; 2],
        high: [NONE; 2],
    }; OCC]; LEN];
    let mut pos = 0;
    while pos < LEN {
        let mut occupied = 0;
        while occupied < OCC {
            table[pos][occupied] = line(LEN, pos, occupied);
            occupied += 1;
        }
        pos += 1;
    }
    table
}

/// [`Line`]s of a rank: by file, then by the rank's 9-bit occupancy.
pub static LINES_9: [[Line; 1 << FILES]; FILES] = lines::<FILES, { 1 << FILES }>();
/// [`Line`]s of a file: by rank, then by the file's 10-bit occupancy.
pub static LINES_10: [[Line; 1 << RANKS]; RANKS] = lines::<RANKS, { 1 << RANKS }>();

/// The bit of `p` in a point set.
#[inline]
#[must_use]
pub const fn bit(p: Point) -> u128 {
    1 << p
}

/// The bit of `p` in the file-major set.
#[inline]
#[must_use]
pub const fn file_bit(p: Point) -> u128 {
    1 << (file_of(p) * RANKS + rank_of(p))
}

/// The occupancy of rank `rank` as 9 bits, from a point set.
#[inline]
#[must_use]
pub const fn rank_bits(set: u128, rank: usize) -> usize {
    ((set >> (rank * FILES)) & 0x1FF) as usize
}

/// The occupancy of file `file` as 10 bits, from a file-major set.
#[inline]
#[must_use]
pub const fn file_bits(files: u128, file: usize) -> usize {
    ((files >> (file * RANKS)) & 0x3FF) as usize
}

/// Zobrist keys: one per piece code (1-15, black ones from 9) and point, then black to move.
pub static KEYS: [u64; 16 * POINTS + 1] = zobrist::keys(0x5849_414E_4751_4931);
/// The index of the black-to-move key in [`KEYS`].
pub const SIDE_KEY: usize = 16 * POINTS;

/// The key of `piece` on `p`.
#[inline]
#[must_use]
pub fn piece_key(piece: Piece, p: Point) -> u64 {
    KEYS[usize::from(piece) * POINTS + usize::from(p)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(p: Point) -> String {
        format!("{}{}", char::from(b'a' + file_of(p) as u8), rank_of(p))
    }

    fn targets(steps: &Steps) -> Vec<String> {
        let mut names: Vec<String> = steps
            .iter()
            .filter(|s| s.0 != NONE)
            .map(|s| name(s.0))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn the_horse_in_the_corner_has_two_jumps() {
        assert_eq!(targets(&HORSE_MOVES[usize::from(at(0, 0))]), ["b2", "c1"]);
        // From b0 (red's left horse) it reaches a2, c2 and d1; each leg is next to it.
        let b0 = &HORSE_MOVES[usize::from(at(1, 0))];
        assert_eq!(targets(b0), ["a2", "c2", "d1"]);
        for &(to, leg) in b0.iter().filter(|s| s.0 != NONE) {
            let expected = if name(to) == "d1" { "c0" } else { "b1" };
            assert_eq!(name(leg), expected, "{}", name(to));
        }
    }

    #[test]
    fn horse_attackers_are_the_inverse_of_horse_moves() {
        for p in 0..POINTS as Point {
            for &(from, leg) in HORSE_ATTACKERS[usize::from(p)]
                .iter()
                .filter(|s| s.0 != NONE)
            {
                assert!(
                    HORSE_MOVES[usize::from(from)].contains(&(p, leg)),
                    "{} from {}",
                    name(p),
                    name(from)
                );
            }
            let count = |steps: &Steps| steps.iter().filter(|s| s.0 != NONE).count();
            let inverse = (0..POINTS as Point)
                .filter(|&from| HORSE_MOVES[usize::from(from)].iter().any(|s| s.0 == p))
                .count();
            assert_eq!(count(&HORSE_ATTACKERS[usize::from(p)]), inverse);
        }
    }

    #[test]
    fn elephants_stay_on_their_half() {
        // The red elephant on e4 (at the river) reaches c2 and g2 only.
        assert_eq!(
            targets(&ELEPHANT_MOVES[usize::from(at(4, 4))]),
            ["c2", "g2"]
        );
        assert_eq!(
            targets(&ELEPHANT_MOVES[usize::from(at(2, 5))]),
            ["a7", "e7"]
        );
    }

    #[test]
    fn palace_steps_stay_in_the_palace() {
        let advisor: Vec<String> = ADVISOR_MOVES[usize::from(at(4, 1))]
            .iter()
            .filter(|&&p| p != NONE)
            .map(|&p| name(p))
            .collect();
        assert_eq!(advisor, ["f2", "f0", "d2", "d0"]);
        let king: Vec<String> = KING_MOVES[usize::from(at(3, 9))]
            .iter()
            .filter(|&&p| p != NONE)
            .map(|&p| name(p))
            .collect();
        assert_eq!(king, ["d8", "e9"]);
        assert!(KING_MOVES[usize::from(at(0, 0))].iter().all(|&p| p == NONE));
    }

    #[test]
    fn pawns_step_sideways_only_across_the_river() {
        let red = |p| {
            PAWN_MOVES[0][usize::from(p)]
                .iter()
                .filter(|&&t| t != NONE)
                .map(|&t| name(t))
                .collect::<Vec<_>>()
        };
        assert_eq!(red(at(4, 3)), ["e4"]);
        assert_eq!(red(at(4, 5)), ["e6", "d5", "f5"]);
        assert_eq!(red(at(0, 9)), ["b9"]);
    }

    #[test]
    fn lines_find_the_first_and_second_pieces() {
        // A rank with pieces on b, e and h: from e, the nearest are b (low) and h (high).
        let occupied = 0b0_1001_0010;
        let l = LINES_9[4][occupied];
        assert_eq!(l.low, [1, NONE]);
        assert_eq!(l.high, [7, NONE]);
        let l = LINES_9[0][occupied];
        assert_eq!(l.high, [1, 4]);
        assert_eq!(l.low, [NONE, NONE]);
    }
}
