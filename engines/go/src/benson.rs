//! Pass-alive groups and territory: the points a side keeps whatever the opponent plays, even
//! if the side passes every turn from now on.
//!
//! Benson's algorithm (D. B. Benson, "Life in the game of Go", Information Sciences 10,
//! 1976): take a side's chains and the regions of the other points (connected sets of empty
//! and enemy points); a region is *healthy* for a chain when every empty point of the region
//! is a liberty of the chain. Repeatedly drop the chains with fewer than two healthy regions
//! that border only kept chains, and the regions bordering a dropped chain; the chains left
//! are unconditionally alive. A region bordered only by such chains in which all points, or
//! all but one, touch them is *pass-alive territory* (KataGo's rules, docs/rules.html,
//! endnotes 2 and 3): the opponent can never live there, so its points end as the
//! side's. The exact solver bounds the final area count with these sets.

use arbiter_core::Side;

use crate::board::PointSet;
use crate::rules::Go;

/// What `side` keeps for good: its pass-alive stones and its pass-alive territory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Safe {
    pub stones: PointSet,
    pub territory: PointSet,
}

impl Safe {
    /// The points the side is sure to own at the end under area scoring.
    #[must_use]
    pub fn points(&self) -> u32 {
        self.stones.len() + self.territory.len()
    }
}

/// `side`'s pass-alive stones and territory in `game`.
#[must_use]
pub fn pass_alive(game: &Go, side: Side) -> Safe {
    let own = game.stones(side);
    if own.is_empty() {
        return Safe::default();
    }
    let empty = game.empty();
    let chains = game.components(&own);
    let regions = game.components(&game.geometry().board.difference(&own));
    let chain_libs: Vec<PointSet> = chains
        .iter()
        .map(|chain| game.border(chain).intersection(&empty))
        .collect();
    let region_borders: Vec<PointSet> = regions.iter().map(|region| game.border(region)).collect();
    let mut chain_kept = vec![true; chains.len()];
    let mut region_kept = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (c, chain) in chains.iter().enumerate() {
            if !chain_kept[c] {
                continue;
            }
            let healthy = regions
                .iter()
                .enumerate()
                .filter(|&(r, region)| {
                    region_kept[r]
                        && !region_borders[r].intersection(chain).is_empty()
                        && region
                            .intersection(&empty)
                            .difference(&chain_libs[c])
                            .is_empty()
                })
                .count();
            if healthy < 2 {
                chain_kept[c] = false;
                changed = true;
            }
        }
        for (r, border) in region_borders.iter().enumerate() {
            if region_kept[r]
                && chains
                    .iter()
                    .enumerate()
                    .any(|(c, chain)| !chain_kept[c] && !border.intersection(chain).is_empty())
            {
                region_kept[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut stones = PointSet::EMPTY;
    for (c, chain) in chains.iter().enumerate() {
        if chain_kept[c] {
            stones = stones.union(chain);
        }
    }
    let mut territory = PointSet::EMPTY;
    let alive_reach = game.border(&stones);
    for (r, region) in regions.iter().enumerate() {
        let bordered_by_alive = region_borders[r]
            .intersection(&own)
            .difference(&stones)
            .is_empty()
            && !region_borders[r].intersection(&stones).is_empty();
        if bordered_by_alive && region.difference(&alive_reach).len() <= 1 {
            territory = territory.union(region);
        }
    }
    Safe { stones, territory }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_laws::position;

    #[test]
    fn two_eyes_live_one_eye_does_not() {
        // 5x5: a black wall on the c file with two eyes at a3 and a5? The wall a4 b4 b5 b3
        // b2 b1 a2 with eyes a5, a3, a1: alive; the rest of the board is white's to take.
        let game = position::<Go>("tromp-taylor@5", "1X3/XX3/1X3/XX3/1X3 white");
        let safe = pass_alive(&game, Side::First);
        assert_eq!(safe.stones.len(), 7);
        // The three eyes are territory; the big region right of the wall is not (white can
        // live there).
        assert_eq!(safe.territory.len(), 3);
        let one_eye = position::<Go>("tromp-taylor@5", "XX3/1X3/XX3/XX3/XX3 white");
        assert_eq!(pass_alive(&one_eye, Side::First), Safe::default());
    }

    #[test]
    fn the_whole_board_with_two_eyes() {
        // 3x3: black everywhere but a1 and c3: two separate eyes, the whole board is black's.
        let game = position::<Go>("tromp-taylor@3", "XX1/XXX/1XX white");
        let safe = pass_alive(&game, Side::First);
        assert_eq!(safe.points(), 9);
    }
}
