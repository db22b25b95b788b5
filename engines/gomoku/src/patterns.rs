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
//! The patterns live beside the position, not in it: the rules (and perft) never pay for them.
//! Whoever keeps a [`Patterns`] makes every move through [`Patterns::make`] and
//! [`Patterns::unmake`], which update it around the rules' own `make`: the search's evaluator
//! does so through its make/unmake hooks ([`crate::search::GomokuEval`]), the VCF and VCT
//! solvers on their own copy. The extra 40 code updates and ~180 table lookups per stone would
//! make perft about four times slower (measured on perft 3 after five stones: 28 ms without,
//! 128 ms with).

use arbiter_core::Game;

use crate::board::Move;
use crate::board::{Colour, Point};
use crate::lines::{DIRECTIONS, Lines, level};
use crate::rules::{Gomoku, Undo};
use crate::variant::Opening;

/// Counts per threat level (index = [`level`] value) for one colour.
pub type LevelCounts = [u16; level::COUNT];

/// The white-view windows and the level counts of both colours, for one position kept beside
/// it (see the module docs).
#[derive(Clone, PartialEq, Eq)]
pub struct Patterns {
    /// Window codes with white as the own colour (black and the edge block).
    white: Lines,
    /// `counts[colour][level]`, colour 0 black, 1 white; level 0 is counted too (unused).
    counts: [LevelCounts; 2],
    /// Whether `counts` is kept; without it only the white view is (the VCF solver's mode).
    counting: bool,
}

impl std::fmt::Debug for Patterns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Patterns")
            .field("counts", &self.counts)
            .field("counting", &self.counting)
            .finish_non_exhaustive()
    }
}

impl Patterns {
    /// The patterns of `game`, with the level counts when `counting` (else only the white
    /// view, which is what the VCF solver needs: 40 extra additions per stone).
    #[must_use]
    pub fn of(game: &Gomoku, counting: bool) -> Patterns {
        Patterns::new(game.lines(), game.cells(), counting)
    }

    /// Plays `mv` in `game` (legal), keeping the patterns in step.
    pub fn make(&mut self, game: &mut Gomoku, mv: Move) -> Undo {
        match mv {
            Move::Stone(point) => {
                let value = crate::board::cell(game.colour_to_move());
                self.tally(game.lines(), game.cells(), point, false);
                let undo = game.make(mv);
                self.update_view(point, value, true);
                self.tally(game.lines(), game.cells(), point, true);
                undo
            }
            Move::Swap | Move::PutTwo => {
                let undo = game.make(mv);
                self.recolour(game, mv);
                undo
            }
        }
    }

    /// Takes back `mv`, the last move made through [`Patterns::make`].
    pub fn unmake(&mut self, game: &mut Gomoku, mv: Move, undo: Undo) {
        match mv {
            Move::Stone(point) => {
                let value = game.cells()[point.index()];
                self.tally(game.lines(), game.cells(), point, false);
                game.unmake(mv, undo);
                self.update_view(point, value, false);
                self.tally(game.lines(), game.cells(), point, true);
            }
            Move::Swap | Move::PutTwo => {
                game.unmake(mv, undo);
                self.recolour(game, mv);
            }
        }
    }

    /// After the decision `mv` was made or taken back: Botzone's exchange recolours every
    /// stone, so the patterns are rebuilt (once a game); the other decisions leave the stones
    /// alone.
    fn recolour(&mut self, game: &Gomoku, mv: Move) {
        if mv == Move::Swap && matches!(game.variant().opening, Opening::ExchangeAt { .. }) {
            *self = Patterns::new(game.lines(), game.cells(), self.counting);
        }
    }

    /// The threat level ([`level`]) a `colour` stone on the empty `point` of `game` would make
    /// along each of the four directions (horizontal, vertical, diagonal, anti-diagonal); all
    /// [`level::NONE`] for an occupied or off-board point. Table lookups.
    #[must_use]
    pub fn threat_levels(&self, game: &Gomoku, point: Point, colour: Colour) -> [u8; 4] {
        if !game.is_empty(point) {
            return [level::NONE; 4];
        }
        let view = self.view(game, colour);
        [0, 1, 2, 3].map(|d| view.pattern(point, d).level())
    }

    /// Whether a `colour` stone on the empty `point` would complete a winning line: four
    /// table lookups (the same answer as the rules' line runs, property-tested).
    #[must_use]
    pub fn completes_five(&self, game: &Gomoku, point: Point, colour: Colour) -> bool {
        let long = game.variant().overline_wins(colour);
        let view = self.view(game, colour);
        (0..4).any(|d| match view.pattern(point, d).level() {
            level::FIVE => true,
            level::OVERLINE => long,
            _ => false,
        })
    }

    /// Whether a `colour` stone on the empty `point` could make a four in the five-or-more
    /// sense: some five-cell window through it would then hold four `colour` stones and
    /// nothing else (a superset of the fours; the caller verifies).
    #[must_use]
    pub fn four_window(&self, game: &Gomoku, point: Point, colour: Colour) -> bool {
        let view = self.view(game, colour);
        (0..4).any(|d| view.pattern(point, d).window() >= 4)
    }

    /// The line windows with `colour` as the own colour.
    fn view<'a>(&'a self, game: &'a Gomoku, colour: Colour) -> &'a Lines {
        match colour {
            Colour::Black => game.lines(),
            Colour::White => &self.white,
        }
    }

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

    /// Per threat level ([`level`]), the number of (empty point, direction) pairs where a
    /// `colour` stone would make that level on that line; all zero unless counting.
    #[must_use]
    pub fn counts(&self, colour: Colour) -> LevelCounts {
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
    fn tally(&mut self, black: &Lines, cells: &[u8], centre: Point, add: bool) {
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
    fn update_view(&mut self, point: Point, value: u8, add: bool) {
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

#[cfg(test)]
mod tests {
    use arbiter_core::Game;
    use proptest::prelude::*;

    use super::Patterns;
    use crate::board::Colour;
    use crate::lines::level;
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

    /// Checks the kept patterns against a recount, and on every empty point that a five level
    /// is exactly "this stone would win" by the rules' line runs.
    fn check(game: &Gomoku, patterns: &Patterns) {
        let fresh = Patterns::of(game, true);
        assert!(
            *patterns == fresh,
            "kept and recounted patterns differ in {game:?}"
        );
        for colour in [Colour::Black, Colour::White] {
            let long = game.variant().overline_wins(colour);
            for point in game.points().filter(|&p| game.is_empty(p)) {
                let levels = patterns.threat_levels(game, point, colour);
                let five = best_level(levels, long) == level::FIVE;
                assert_eq!(five, game.wins(point, colour), "{point} {colour} {game:?}");
                assert_eq!(
                    five,
                    patterns.completes_five(game, point, colour),
                    "{point} {colour}"
                );
                if !patterns.four_window(game, point, colour) {
                    assert!(best_level(levels, long) < level::FOUR);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Incremental patterns equal a from-scratch recount after every make and every unmake
        /// of a random playout (exchanges that recolour every stone included).
        #[test]
        fn incremental_patterns_match_a_recount(
            which in 0..VARIANTS.len(),
            picks in proptest::collection::vec(any::<u16>(), 0..70),
        ) {
            let variant: GomokuVariant = VARIANTS[which].parse().unwrap();
            let mut game = Gomoku::start(&variant);
            let mut patterns = Patterns::of(&game, true);
            let mut history = Vec::new();
            let mut moves = Vec::new();
            for pick in picks {
                let Some(mv) = arbiter_laws::pick(&game, &mut moves, usize::from(pick)) else {
                    break;
                };
                let undo = patterns.make(&mut game, mv);
                check(&game, &patterns);
                history.push((mv, undo));
            }
            while let Some((mv, undo)) = history.pop() {
                patterns.unmake(&mut game, mv, undo);
                check(&game, &patterns);
            }
            prop_assert!(patterns == Patterns::of(&Gomoku::start(&variant), true));
        }
    }

    #[test]
    fn white_levels_come_from_the_white_view() {
        let game: Gomoku = arbiter_laws::position_in(
            &GomokuVariant::RENJU,
            "black: h8,i8,a1; white: h9,i9,j9; to-move: black",
        );
        let patterns = Patterns::of(&game, false);
        let g9 = crate::Point::parse("g9").unwrap();
        assert_eq!(
            patterns.threat_levels(&game, g9, Colour::White)[0],
            level::OPEN_FOUR
        );
        // Without counting, the counts stay zero; the views are the same.
        assert_eq!(patterns.counts(Colour::White), [0; level::COUNT]);
        let counted = Patterns::of(&game, true);
        assert_eq!(
            counted.threat_levels(&game, g9, Colour::White),
            patterns.threat_levels(&game, g9, Colour::White)
        );
    }
}
