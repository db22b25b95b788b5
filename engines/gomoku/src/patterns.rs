//! Threat-pattern counts for the search, kept up to date stone by stone.
//!
//! For every empty point, direction and colour, the line tables (module `lines`) give a threat
//! [`level`]: what a stone of that colour there would make on that line (a five, a straight four,
//! an open three, ...). The search's evaluation wants the totals: per colour, how many (empty
//! point, direction) pairs sit at each level. A stone changes the window of at most 40 such pairs
//! (10 per direction, each along one direction) plus the point it lands on, so `Patterns`
//! subtracts those pairs' levels before the change and adds them back after it: no rescans.
//!
//! The black view is the rules' own `Lines` (white and the board edge block); the white view is
//! a second `Lines` with the colours exchanged, owned here.
//!
//! Tracking is off by default and switched on by the search ([`crate::Gomoku::track_patterns`]):
//! the extra 40 code updates and ~180 table lookups per stone make perft about four times slower
//! (measured on perft 3 after five stones: 28 ms untracked, 128 ms tracked), and the rules-only
//! callers never read the counts.

use crate::lines::{DIRECTIONS, Lines, level};
use crate::point::{Colour, Point};

/// Counts per threat level (index = [`level`] value) for one colour.
pub type LevelCounts = [u16; level::COUNT];

/// The white-view windows and the level counts of both colours.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Patterns {
    /// Window codes with white as the own colour (black and the edge block).
    white: Lines,
    /// `counts[colour][level]`, colour 0 black, 1 white; level 0 is counted too (unused).
    counts: [LevelCounts; 2],
    /// Whether `counts` is kept; without it only the white view is (the VCF solver's mode).
    counting: bool,
}

impl Patterns {
    /// The patterns of the position given by `cells` (0 empty, 1 black, 2 white) and its black
    /// view `black`; `counting` also keeps the level counts.
    pub(crate) fn new(black: &Lines, cells: &[u8], counting: bool) -> Patterns {
        let size = black.size();
        let mut white = Lines::new(size);
        for row in 0..size {
            for col in 0..size {
                let point = Point::new(col, row);
                match cells[point.index()] {
                    0 => {}
                    value => white.place(point, 3 - value),
                }
            }
        }
        let mut patterns = Patterns {
            white,
            counts: [[0; level::COUNT]; 2],
            counting,
        };
        if counting {
            patterns.counts = patterns.recount(black, cells);
        }
        patterns
    }

    /// Whether the level counts are kept.
    pub(crate) fn counting(&self) -> bool {
        self.counting
    }

    /// The white-view windows.
    pub(crate) fn white(&self) -> &Lines {
        &self.white
    }

    /// The level counts of `colour`.
    pub(crate) fn counts(&self, colour: Colour) -> LevelCounts {
        self.counts[colour_index(colour)]
    }

    /// The level counts of both colours from scratch (every empty point, every direction).
    pub(crate) fn recount(&self, black: &Lines, cells: &[u8]) -> [LevelCounts; 2] {
        let size = black.size();
        let mut counts = [[0; level::COUNT]; 2];
        for row in 0..size {
            for col in 0..size {
                let point = Point::new(col, row);
                if cells[point.index()] == 0 {
                    for d in 0..4 {
                        counts[0][usize::from(black.pattern(point, d).level())] += 1;
                        counts[1][usize::from(self.white.pattern(point, d).level())] += 1;
                    }
                }
            }
        }
        counts
    }

    /// Adds (`add`) or subtracts the levels of every (empty point, direction) pair whose window
    /// contains `centre`: call it subtracting before a stone on `centre` comes or goes, and adding
    /// after (with both views and `cells` updated in between).
    pub(crate) fn tally(&mut self, black: &Lines, cells: &[u8], centre: Point, add: bool) {
        if !self.counting {
            return;
        }
        let size = black.size();
        let bump = |point: Point, d: usize, counts: &mut [LevelCounts; 2]| {
            let b = usize::from(black.pattern(point, d).level());
            let w = usize::from(self.white.pattern(point, d).level());
            if add {
                counts[0][b] += 1;
                counts[1][w] += 1;
            } else {
                counts[0][b] -= 1;
                counts[1][w] -= 1;
            }
        };
        let mut counts = self.counts;
        for (d, &(dc, dr)) in DIRECTIONS.iter().enumerate() {
            if cells[centre.index()] == 0 {
                bump(centre, d, &mut counts);
            }
            for sign in [1i8, -1] {
                for k in 1..=5i8 {
                    let Some(q) = centre.step(dc, dr, sign * k, size) else {
                        break;
                    };
                    if cells[q.index()] == 0 {
                        bump(q, d, &mut counts);
                    }
                }
            }
        }
        self.counts = counts;
    }

    /// Updates the white view for a stone of cell value `value` placed on (`add`) or taken off
    /// `point`.
    pub(crate) fn update_view(&mut self, point: Point, value: u8, add: bool) {
        // The white view exchanges the colours: white is the own colour (1), black blocks (2).
        if add {
            self.white.place(point, 3 - value);
        } else {
            self.white.remove(point, 3 - value);
        }
    }
}

/// 0 for black, 1 for white.
const fn colour_index(colour: Colour) -> usize {
    match colour {
        Colour::Black => 0,
        Colour::White => 1,
    }
}

/// The optional [`Patterns`] of a position: a cache derived from the stones, so it takes no part
/// in equality (a tracked and an untracked copy of one position are equal).
#[derive(Clone, Default)]
pub(crate) struct PatternCache(pub(crate) Option<Box<Patterns>>);

impl PartialEq for PatternCache {
    fn eq(&self, _: &PatternCache) -> bool {
        true
    }
}

impl Eq for PatternCache {}

#[cfg(test)]
mod tests {
    use arbiter_core::Game;
    use proptest::prelude::*;

    use crate::lines::level;
    use crate::point::Colour;
    use crate::vct::best_level;
    use crate::{Gomoku, GomokuVariant};

    const VARIANTS: [&str; 6] = [
        "renju",
        "freestyle@9",
        "standard@7",
        "renju-foul-loses@10",
        "freestyle+botzone-exchange@8",
        "renju+swap2@9",
    ];

    /// Checks the tracked counts against a recount, and on every empty point that a five level
    /// is exactly "this stone would win".
    fn check(game: &Gomoku) {
        for colour in [Colour::Black, Colour::White] {
            assert_eq!(
                game.pattern_counts(colour),
                game.pattern_counts_from_scratch(colour),
                "{colour} in {game:?}"
            );
            let long = game.variant().overline_wins(colour);
            for point in game.points().filter(|&p| game.is_empty(p)) {
                let five = best_level(game.threat_levels(point, colour), long) == level::FIVE;
                assert_eq!(five, game.wins(point, colour), "{point} {colour} {game:?}");
                assert_eq!(five, game.completes_five(point, colour), "{point} {colour}");
                if game.four_window(point, colour) == Some(false) {
                    assert!(best_level(game.threat_levels(point, colour), long) < level::FOUR);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Incremental counts equal a from-scratch recount after every make and every unmake of
        /// a random playout (exchanges that recolour every stone included).
        #[test]
        fn incremental_counts_match_a_recount(
            which in 0..VARIANTS.len(),
            picks in proptest::collection::vec(any::<u16>(), 0..70),
        ) {
            let variant: GomokuVariant = VARIANTS[which].parse().unwrap();
            let mut game = Gomoku::start(&variant);
            game.track_patterns();
            let mut history = Vec::new();
            let mut moves = Vec::new();
            for pick in picks {
                game.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[usize::from(pick) % moves.len()];
                let undo = game.make(mv);
                check(&game);
                history.push((mv, undo));
            }
            while let Some((mv, undo)) = history.pop() {
                game.unmake(mv, undo);
                check(&game);
            }
            prop_assert_eq!(game.pattern_counts(Colour::Black), Gomoku::start(&variant).pattern_counts(Colour::Black));
        }
    }

    #[test]
    fn tracked_and_untracked_white_levels_agree() {
        let variant = GomokuVariant::RENJU;
        let mut game = Gomoku::from_setup(
            &variant,
            &Gomoku::parse_position(&variant, "black: h8,i8,a1; white: h9,i9,j9; to-move: black")
                .unwrap(),
        )
        .unwrap();
        let plain = game.clone();
        game.track_patterns();
        assert!(game == plain, "the cache takes no part in equality");
        for point in game.points() {
            assert_eq!(
                game.threat_levels(point, Colour::White),
                plain.threat_levels(point, Colour::White)
            );
        }
        let g9 = crate::Point::parse("g9").unwrap();
        assert_eq!(game.threat_levels(g9, Colour::White)[0], level::OPEN_FOUR);
    }
}
