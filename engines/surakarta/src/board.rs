//! Board geometry: points, king-step neighbourhoods and the two capture circuits.
//!
//! A point is `rank * 6 + file` with a1 = 0 (file a on the left, rank 1 at the bottom); a set of
//! points is a `u64`. Each circuit is a closed path of 24 points in minizero's order
//! (rlglab/minizero `surakarta.cpp`, `createSingleTrajectory`): along the lower rank left to
//! right, corner loop, up the right file, loop, along the upper rank right to left, loop, down
//! the left file, loop, back to the start. A corner loop lies between every sixth point, so a
//! step from index `i` to `i + 1` passes a loop exactly when `i % 6 == 5`.

/// A point index, `rank * 6 + file`, a1 = 0.
pub type Point = u8;

/// Board side length.
pub const SIZE: usize = 6;
/// Number of points.
pub const POINTS: usize = SIZE * SIZE;
/// Points on one circuit's path (crossing points counted twice).
pub const CIRCUIT_LEN: usize = 24;
/// Index of the inner circuit (ranks 2 and 5, files b and e; small loops) in [`CIRCUITS`].
#[cfg(test)]
pub const INNER: usize = 0;
/// Index of the outer circuit (ranks 3 and 4, files c and d; large loops) in [`CIRCUITS`].
#[cfg(test)]
pub const OUTER: usize = 1;
/// No occurrence (an unused slot in [`OCCURRENCES`]).
pub const NONE: u8 = u8::MAX;

/// Every point of the board.
pub const BOARD: u64 = (1 << POINTS) - 1;

const fn point(file: usize, rank: usize) -> Point {
    (rank * SIZE + file) as Point
}

/// The circuit through lines `low` and `high` (1 and 4 inner, 2 and 3 outer), in path order.
const fn circuit(low: usize, high: usize) -> [Point; CIRCUIT_LEN] {
    let mut path = [0; CIRCUIT_LEN];
    let mut i = 0;
    while i < SIZE {
        path[i] = point(i, low); // lower rank, left to right
        path[SIZE + i] = point(high, i); // right file, upwards
        path[2 * SIZE + i] = point(SIZE - 1 - i, high); // upper rank, right to left
        path[3 * SIZE + i] = point(low, SIZE - 1 - i); // left file, downwards
        i += 1;
    }
    path
}

/// The two circuits, inner then outer, as point paths.
pub const CIRCUITS: [[Point; CIRCUIT_LEN]; 2] = [circuit(1, 4), circuit(2, 3)];

const fn occurrences() -> [[[u8; 2]; POINTS]; 2] {
    let mut table = [[[NONE; 2]; POINTS]; 2];
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < CIRCUIT_LEN {
            let p = CIRCUITS[c][i] as usize;
            if table[c][p][0] == NONE {
                table[c][p][0] = i as u8;
            } else {
                table[c][p][1] = i as u8;
            }
            i += 1;
        }
        c += 1;
    }
    table
}

/// For each circuit and point, the (up to two) indices where the path visits the point:
/// crossing points (b2, b5, e2, e5 inner; c3, c4, d3, d4 outer) are visited twice.
pub const OCCURRENCES: [[[u8; 2]; POINTS]; 2] = occurrences();

/// Whether moving along a circuit from index `from` one step in direction `forward` passes a
/// corner loop.
#[inline]
#[must_use]
pub const fn crosses_loop(from: usize, forward: bool) -> bool {
    if forward {
        from % SIZE == SIZE - 1
    } else {
        from.is_multiple_of(SIZE)
    }
}

const fn neighbours() -> [u64; POINTS] {
    let mut table = [0u64; POINTS];
    let mut p = 0;
    while p < POINTS {
        let (file, rank) = ((p % SIZE) as isize, (p / SIZE) as isize);
        let mut dr = -1;
        while dr <= 1 {
            let mut df = -1;
            while df <= 1 {
                let (f, r) = (file + df, rank + dr);
                if !(df == 0 && dr == 0)
                    && f >= 0
                    && f < SIZE as isize
                    && r >= 0
                    && r < SIZE as isize
                {
                    table[p] |= 1 << (r as usize * SIZE + f as usize);
                }
                df += 1;
            }
            dr += 1;
        }
        p += 1;
    }
    table
}

/// For each point, its (up to eight) king-step neighbours.
pub const NEIGHBOURS: [u64; POINTS] = neighbours();

/// Whether the point lies on the given circuit.
#[must_use]
pub fn on_circuit(circuit: usize, p: Point) -> bool {
    OCCURRENCES[circuit][usize::from(p)][0] != NONE
}

/// The point at 0-based `file`, `rank`, if on the board.
#[must_use]
pub fn at(file: usize, rank: usize) -> Option<Point> {
    (file < SIZE && rank < SIZE).then(|| point(file, rank))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::notation::format_point as name;

    #[test]
    fn inner_circuit_follows_minizero_order() {
        let path: Vec<String> = CIRCUITS[INNER].iter().map(|&p| name(p)).collect();
        assert_eq!(
            path.join(" "),
            "a2 b2 c2 d2 e2 f2 e1 e2 e3 e4 e5 e6 f5 e5 d5 c5 b5 a5 b6 b5 b4 b3 b2 b1"
        );
    }

    #[test]
    fn outer_circuit_follows_minizero_order() {
        let path: Vec<String> = CIRCUITS[OUTER].iter().map(|&p| name(p)).collect();
        assert_eq!(
            path.join(" "),
            "a3 b3 c3 d3 e3 f3 d1 d2 d3 d4 d5 d6 f4 e4 d4 c4 b4 a4 c6 c5 c4 c3 c2 c1"
        );
    }

    #[test]
    fn crossing_points_are_visited_twice() {
        for (circuit, points) in [
            (INNER, ["b2", "b5", "e2", "e5"]),
            (OUTER, ["c3", "c4", "d3", "d4"]),
        ] {
            for p in 0..POINTS as Point {
                let twice = OCCURRENCES[circuit][usize::from(p)][1] != NONE;
                assert_eq!(twice, points.contains(&name(p).as_str()), "{}", name(p));
            }
        }
    }

    #[test]
    fn corners_are_on_no_circuit() {
        for p in [at(0, 0), at(5, 0), at(0, 5), at(5, 5)] {
            let p = p.unwrap();
            assert!(!on_circuit(INNER, p) && !on_circuit(OUTER, p));
        }
    }

    #[test]
    fn loops_join_f2_to_e1_and_b1_to_a2() {
        let inner = CIRCUITS[INNER];
        // Index 5 is f2, index 6 is e1: a loop between them.
        assert!(crosses_loop(5, true) && crosses_loop(6, false));
        assert_eq!(
            (name(inner[5]), name(inner[6])),
            ("f2".to_owned(), "e1".to_owned())
        );
        // Index 23 (b1) wraps to 0 (a2) through the bottom-left loop.
        assert!(crosses_loop(23, true) && crosses_loop(0, false));
        assert!(!crosses_loop(4, true) && !crosses_loop(5, false));
    }
}
