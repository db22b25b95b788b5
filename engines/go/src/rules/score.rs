//! Counting a finished game, with the dead stones a referee or the players agreed on.
//!
//! The dead stones are taken off first (and count as prisoners of the other side). Then, as
//! KataGo's rules count (docs/rules.html, "Main Phase" and "Cleanup Phases"):
//!
//! - tax `none`: each empty region bordered by one colour only is that colour's;
//! - tax `seki` and `all`: only the empty points of a colour's *independent-life regions*
//!   count. KataGo computes them (cpp/game/board.cpp, `calculateIndependentLifeAreaHelper`)
//!   from the area of the board as it stands: each connected part of a colour's area (its
//!   stones and the empty regions reaching it alone) is independent unless it touches a dame
//!   point (an empty point of nobody's area) or holds a group in atari. Groups in seki share
//!   liberties that are dame, so their eyes count for nobody; `all` takes two points more per
//!   independent region (stone scoring's two eyes);
//! - area scoring adds every stone on the board, territory scoring the prisoners.
//!
//! Komi and white's handicap bonus then decide the winner: [`Go::margin_halves`] is black's
//! count minus white's, komi and bonus included, in half points (no tie with a half-point
//! komi). Tromp-Taylor's rules count the board as it stands: an empty set of dead stones.

use arbiter_core::Side;

use crate::board::{Point, PointSet};
use crate::variant::{Scoring, Tax};

use super::Go;

/// Each side's points, before komi and the handicap bonus.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    pub black: i32,
    pub white: i32,
}

impl Go {
    /// The connected parts of `set`.
    pub(crate) fn components(&self, set: &PointSet) -> Vec<PointSet> {
        let mut left = *set;
        let mut parts = Vec::new();
        while let Some(seed) = left.lowest() {
            let mut part = PointSet::single(seed);
            let mut stack = vec![seed];
            while let Some(p) = stack.pop() {
                for &n in self.geometry.neighbours(p) {
                    if left.contains(n) && !part.contains(n) {
                        part.insert(n);
                        stack.push(n);
                    }
                }
            }
            left = left.difference(&part);
            parts.push(part);
        }
        parts
    }

    /// The points next to some point of `set`, outside it.
    pub(crate) fn border(&self, set: &PointSet) -> PointSet {
        let mut border = PointSet::EMPTY;
        for p in set.iter() {
            for &n in self.geometry.neighbours(p) {
                border.insert(n);
            }
        }
        border.difference(set)
    }

    /// Each side's count under the variant's rules with `dead` taken off the board.
    #[must_use]
    pub fn count(&self, dead: &PointSet) -> Count {
        let black = self.stones[0].difference(dead);
        let white = self.stones[1].difference(dead);
        let empty = self.geometry.board.difference(&black).difference(&white);
        let (black_land, white_land, dame) = self.land(&empty, &black, &white);
        let (black_land, white_land) = match self.variant.rules.tax {
            Tax::None => (black_land.len() as i32, white_land.len() as i32),
            tax => (
                self.independent_life(&black.union(&black_land), &black, &dame, &empty, tax),
                self.independent_life(&white.union(&white_land), &white, &dame, &empty, tax),
            ),
        };
        let (black_extra, white_extra) = match self.variant.rules.scoring {
            Scoring::Area => (black.len(), white.len()),
            Scoring::Territory => (
                self.prisoners(Side::First) + self.stones[1].intersection(dead).len(),
                self.prisoners(Side::Second) + self.stones[0].intersection(dead).len(),
            ),
        };
        // Counts are below 2 x 361 + the prisoners of one game: well inside an i32.
        Count {
            black: black_land + black_extra as i32,
            white: white_land + white_extra as i32,
        }
    }

    /// Black's count minus white's, with komi and the handicap bonus, in half points.
    #[must_use]
    pub fn margin_halves(&self, dead: &PointSet) -> i32 {
        let count = self.count(dead);
        2 * (count.black - count.white) - self.variant.rules.komi_halves - 2 * self.variant.bonus()
    }

    /// The empty points reaching black alone, white alone, and neither or both (dame).
    fn land(
        &self,
        empty: &PointSet,
        black: &PointSet,
        white: &PointSet,
    ) -> (PointSet, PointSet, PointSet) {
        let (mut black_land, mut white_land, mut dame) =
            (PointSet::EMPTY, PointSet::EMPTY, PointSet::EMPTY);
        for region in self.components(empty) {
            let border = self.border(&region);
            let reaches_black = !border.intersection(black).is_empty();
            let reaches_white = !border.intersection(white).is_empty();
            match (reaches_black, reaches_white) {
                (true, false) => black_land = black_land.union(&region),
                (false, true) => white_land = white_land.union(&region),
                _ => dame = dame.union(&region),
            }
        }
        (black_land, white_land, dame)
    }

    /// The empty points of a colour's independent-life regions (the parts of its `area`
    /// touching no dame point and holding none of its groups in atari), less two per region
    /// under tax `all`.
    fn independent_life(
        &self,
        area: &PointSet,
        own: &PointSet,
        dame: &PointSet,
        empty: &PointSet,
        tax: Tax,
    ) -> i32 {
        let mut land = 0;
        for part in self.components(area) {
            let touches_dame = !self.border(&part).intersection(dame).is_empty();
            let in_atari = || {
                self.components(&part.intersection(own))
                    .iter()
                    .any(|group| self.border(group).intersection(empty).is_single())
            };
            if touches_dame || in_atari() {
                continue;
            }
            // A part has at most 361 points.
            land += part.intersection(empty).len() as i32;
            if tax == Tax::All {
                land -= 2;
            }
        }
        land
    }

    /// The points of `side` (stones and the empty regions reaching it alone) as Tromp-Taylor
    /// counts the board as it stands: the quick count of playouts.
    #[must_use]
    pub fn area_of(&self, side: Side) -> i32 {
        let empty = self.empty();
        let own = self.stones[side.index()];
        let other = self.stones[side.opponent().index()];
        let mut area = own.len() as i32;
        for region in self.components(&empty) {
            let border = self.border(&region);
            if border.intersection(&other).is_empty() && !border.intersection(&own).is_empty() {
                area += region.len() as i32;
            }
        }
        area
    }

    /// The whole groups of the stones at `dead` (points given as moves), for a count.
    ///
    /// # Errors
    /// `not-a-stone` for a pass or an empty point in the list.
    pub(crate) fn dead_groups(
        &self,
        dead: &[crate::GoMove],
    ) -> Result<PointSet, arbiter_core::IllegalMove> {
        let mut points = PointSet::EMPTY;
        for &mv in dead {
            match mv.point() {
                Some(point) if self.colour[usize::from(point)].is_some() => points.insert(point),
                _ => {
                    return Err(arbiter_core::IllegalMove::new(
                        "not-a-stone",
                        format!(
                            "`{}` is listed dead but holds no stone",
                            crate::notation::format_move(self.geometry, mv)
                        ),
                    ));
                }
            }
        }
        Ok(self
            .groups_touching(Side::First, &points)
            .union(&self.groups_touching(Side::Second, &points)))
    }

    /// The stones of `side` whose group touches the point set `near` (for a referee's dead
    /// lists, whole groups at a time).
    #[must_use]
    pub fn groups_touching(&self, side: Side, near: &PointSet) -> PointSet {
        let mut out = PointSet::EMPTY;
        for p in near.iter() {
            if self.colour[usize::from(p)] == Some(side) && !out.contains(p) {
                for stone in self.group_stones(p) {
                    out.insert(stone as Point);
                }
            }
        }
        out
    }
}
