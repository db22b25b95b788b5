//! Property tests over random playouts and random boards: the `Game` laws (arbiter-laws), the
//! eight board symmetries, and the forbidden map against a slow reference written straight from
//! the RIF definitions.

use crate::{Colour, ForbiddenKind, Gomoku, GomokuVariant, Move, Point, Setup};
use arbiter_core::grid::Symmetry;
use arbiter_core::{Game, Side};
use arbiter_laws::{Fixture, GameLaws, playout};
use proptest::prelude::*;

const VARIANTS: [&str; 9] = [
    "renju@9",
    "renju-foul-loses@9",
    "standard@7",
    "freestyle@5",
    "freestyle+swap2@9",
    "renju+swap1@9",
    "freestyle+botzone-exchange@7",
    "renju+swap2",
    "standard+swap-at-2@6",
];

/// Every move value at a position: each point of the board, one point off it, both decisions.
fn every_move(game: &Gomoku) -> Vec<Move> {
    let size = game.size();
    (0..size)
        .flat_map(|r| (0..size).map(move |c| Move::Stone(Point::new(c, r))))
        .chain([
            Move::Swap,
            Move::PutTwo,
            Move::Stone(Point::new(size.min(19), 0)),
        ])
        .collect()
}

/// The `Game` laws (arbiter-laws) under every variant above, every move value tried.
#[test]
fn game_laws() {
    GameLaws::<Gomoku>::named(&VARIANTS)
        .cases(128)
        .plies(90)
        .move_stride(4)
        .every_move(every_move)
        .check();
}

/// The image of `p` on a board of side `n` under the `s`-th of the eight symmetries of the
/// square (0 is the identity).
fn symmetry(s: u8, n: u8, p: Point) -> Point {
    let (row, col) = Symmetry::ALL[usize::from(s)].apply(
        usize::from(p.row()),
        usize::from(p.col()),
        usize::from(n),
    );
    // Both are below the board side, which fits a u8.
    Point::new(col as u8, row as u8)
}

fn board_setup(n: u8, cells: &[u8]) -> Setup {
    let mut setup = Setup {
        size: n,
        black: vec![],
        white: vec![],
        to_move: Colour::Black,
        first: Colour::Black,
    };
    for (i, &cell) in cells
        .iter()
        .enumerate()
        .take(usize::from(n) * usize::from(n))
    {
        let point = Point::new(i as u8 % n, i as u8 / n);
        // About 35% black and 25% white: dense enough for nested fouls, sparse enough that
        // both colours rarely hold a five (such boards are invalid and rejected).
        match cell {
            0..=7 => {}
            8..=14 => setup.black.push(point),
            15..=19 => setup.white.push(point),
            _ => {}
        }
    }
    setup
}

fn transform(setup: &Setup, s: u8) -> Setup {
    let map = |v: &Vec<Point>| v.iter().map(|&p| symmetry(s, setup.size, p)).collect();
    Setup {
        black: map(&setup.black),
        white: map(&setup.white),
        ..setup.clone()
    }
}

/// A slow reference for the foul test, straight from the RIF definitions on a plain grid.
mod reference {
    use super::*;

    pub struct Grid {
        pub n: i32,
        pub cells: Vec<u8>,
    }

    const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

    impl Grid {
        fn at(&self, c: i32, r: i32) -> u8 {
            if c < 0 || r < 0 || c >= self.n || r >= self.n {
                2
            } else {
                self.cells[(r * self.n + c) as usize]
            }
        }
        fn set(&mut self, c: i32, r: i32, v: u8) {
            self.cells[(r * self.n + c) as usize] = v;
        }
        fn run(&self, c: i32, r: i32, (dc, dr): (i32, i32)) -> i32 {
            let mut len = 1;
            for sign in [1, -1] {
                let mut k = 1;
                while self.at(c + sign * k * dc, r + sign * k * dr) == 1 {
                    len += 1;
                    k += 1;
                }
            }
            len
        }
        /// Five points of the line through the black stone on (c, r): empty points making exactly five with it.
        fn five_points(&mut self, c: i32, r: i32, d: (i32, i32)) -> Vec<i32> {
            let mut out = vec![];
            for k in -4..=4 {
                let (qc, qr) = (c + k * d.0, r + k * d.1);
                if k != 0 && self.at(qc, qr) == 0 {
                    self.set(qc, qr, 1);
                    if self.run(c, r, d) == 5 {
                        out.push(k);
                    }
                    self.set(qc, qr, 0);
                }
            }
            out
        }
        fn fours(&mut self, c: i32, r: i32, d: (i32, i32)) -> usize {
            let f = self.five_points(c, r, d);
            if f.len() == 2 && f[1] - f[0] == 5 {
                1
            } else {
                f.len()
            }
        }
        fn is_three(&mut self, c: i32, r: i32, d: (i32, i32)) -> bool {
            if self.fours(c, r, d) > 0 {
                return false;
            }
            for k in -4..=4 {
                let (qc, qr) = (c + k * d.0, r + k * d.1);
                if k == 0 || self.at(qc, qr) != 0 {
                    continue;
                }
                self.set(qc, qr, 1);
                let f = self.five_points(c, r, d);
                let straight = f.len() == 2 && f[1] - f[0] == 5;
                self.set(qc, qr, 0);
                let makes_five = {
                    self.set(qc, qr, 1);
                    let five = DIRS.iter().any(|&d| self.run(qc, qr, d) == 5);
                    self.set(qc, qr, 0);
                    five
                };
                if straight && !makes_five && self.foul(qc, qr).is_none() {
                    return true;
                }
            }
            false
        }
        pub fn foul(&mut self, c: i32, r: i32) -> Option<ForbiddenKind> {
            self.set(c, r, 1);
            let runs: Vec<i32> = DIRS.iter().map(|&d| self.run(c, r, d)).collect();
            let verdict = if runs.contains(&5) {
                None
            } else if runs.iter().any(|&l| l > 5) {
                Some(ForbiddenKind::Overline)
            } else if DIRS.iter().map(|&d| self.fours(c, r, d)).sum::<usize>() >= 2 {
                Some(ForbiddenKind::DoubleFour)
            } else if DIRS.iter().filter(|&&d| self.is_three(c, r, d)).count() >= 2 {
                Some(ForbiddenKind::DoubleThree)
            } else {
                None
            };
            self.set(c, r, 0);
            verdict
        }
    }
}

fn reference_map(setup: &Setup) -> Vec<(Point, ForbiddenKind)> {
    let n = setup.size;
    let mut grid = reference::Grid {
        n: i32::from(n),
        cells: vec![0; usize::from(n) * usize::from(n)],
    };
    for p in &setup.black {
        grid.cells[usize::from(p.row()) * usize::from(n) + usize::from(p.col())] = 1;
    }
    for p in &setup.white {
        grid.cells[usize::from(p.row()) * usize::from(n) + usize::from(p.col())] = 2;
    }
    let mut out = vec![];
    for r in 0..n {
        for c in 0..n {
            if grid.cells[usize::from(r) * usize::from(n) + usize::from(c)] == 0
                && let Some(kind) = grid.foul(i32::from(c), i32::from(r))
            {
                out.push((Point::new(c, r), kind));
            }
        }
    }
    out
}

fn position(setup: &Setup) -> Option<Gomoku> {
    let variant: GomokuVariant = format!("freestyle@{}", setup.size).parse().unwrap();
    Gomoku::from_setup(&variant, setup).ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn forbidden_map_matches_the_rif_reference(n in 7u8..=12, cells in prop::collection::vec(0u8..20, 144)) {
        let setup = board_setup(n, &cells);
        let game = position(&setup);
        prop_assume!(game.is_some(), "both colours hold a five");
        let game = game.unwrap();
        prop_assert_eq!(game.forbidden_points(), reference_map(&setup), "{:?}", game);
    }

    #[test]
    fn forbidden_maps_commute_with_symmetries(cells in prop::collection::vec(0u8..20, 121), s in 1u8..8) {
        let setup = board_setup(11, &cells);
        let (a, b) = (position(&setup), position(&transform(&setup, s)));
        prop_assume!(a.is_some() && b.is_some(), "both colours hold a five");
        let (a, b) = (a.unwrap(), b.unwrap());
        let mut mapped: Vec<_> = a.forbidden_points().into_iter().map(|(p, k)| (symmetry(s, 11, p), k)).collect();
        mapped.sort();
        prop_assert_eq!(mapped, b.forbidden_points());
    }

    #[test]
    fn renju_legal_moves_commute_with_symmetries(picks in prop::collection::vec(any::<u32>(), 0..60), s in 1u8..8) {
        let variant = Gomoku::variant_named("renju@9");
        let (game, _) = playout(Gomoku::start(&variant), &picks);
        let setup = Gomoku::parse_position(&variant, &game.format_position()).unwrap();
        let image = Gomoku::from_setup(&variant, &transform(&setup, s)).unwrap();
        let mut ours = Vec::new();
        let mut theirs = Vec::new();
        game.generate_moves(&mut ours);
        image.generate_moves(&mut theirs);
        let mut mapped: Vec<Move> = ours.iter().map(|mv| match *mv {
            Move::Stone(p) => Move::Stone(symmetry(s, 9, p)),
            other => other,
        }).collect();
        mapped.sort();
        theirs.sort();
        prop_assert_eq!(mapped, theirs);
        prop_assert_eq!(game.outcome(), image.outcome());
        prop_assert_eq!(game.side_to_move(), image.side_to_move());
        let _ = Side::First;
    }
}

/// Guards the properties above against passing vacuously: the random boards must be valid and
/// hold forbidden points of every kind.
#[test]
fn random_boards_are_valid_and_interesting() {
    let mut valid = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0u64..200 {
        let cells: Vec<u8> = (0..144u64)
            .map(|i| (arbiter_core::zobrist::splitmix64(seed * 1000 + i).1 % 20) as u8)
            .collect();
        let setup = board_setup(12, &cells);
        if let Some(game) = position(&setup) {
            valid += 1;
            kinds.extend(game.forbidden_points().into_iter().map(|(_, k)| k));
        }
    }
    assert!(valid > 100, "only {valid} of 200 random boards are valid");
    assert_eq!(kinds.len(), 3, "{kinds:?}");
}
