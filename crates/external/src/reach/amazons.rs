//! A game that reaches an Amazons board: a forward search for queen moves and arrows.
//!
//! Every turn shoots one arrow and arrows stay, so a game reaching the board has as many turns
//! as the board has arrows, the side to move follows from that number, and each turn's arrow
//! lands on one of the board's arrow squares. Amazons are never removed, so each side has its
//! four start amazons. The search plays from the start, shooting only onto the board's arrow
//! squares not yet shot, and cuts a line when it can no longer end on the board:
//! * a side has fewer turns left than amazons still off the board's squares of its colour
//!   (or one turn left with every amazon home: the one that moves cannot come back);
//! * a square an amazon must reach, or an arrow square still to be shot, lies in no region
//!   (squares joined by king steps between arrows) that holds an amazon of the right side (any
//!   side, for an arrow): arrows only ever split regions further, and an amazon or its arrow
//!   travels inside its region;
//! * the side to move has no move before the board is reached (the game would be over).
//!
//! Moves that bring an amazon home come first. Positions that led nowhere are remembered by
//! their hash; at most a node budget of moves is tried, and running out is reported as giving
//! up, not as a proof.

use std::collections::HashMap;

use arbiter_amazons::{Amazons, AmazonsVariant, DIRECTIONS, Geometry, Move};
use arbiter_core::{Bits, Game, Side};

use super::{Found, NoOrder};

/// A game from the start that reaches `text`'s board under `variant`, searched within
/// `budget` moves tried.
///
/// # Errors
/// The outer error: the variant or the board does not read, or is no valid position. The
/// inner one: no game reaches the board ([`NoOrder::Impossible`]), or the search gave up
/// ([`NoOrder::Unknown`]).
pub(crate) fn amazons_order(variant: &str, text: &str, budget: u64) -> Found {
    let variant: AmazonsVariant = variant.parse()?;
    let setup = Amazons::parse_position(&variant, text).map_err(|error| error.message)?;
    let target = Amazons::from_setup(&variant, &setup).map_err(|p| super::problems_text(&p))?;
    let start = Amazons::start(&variant);
    for side in [Side::First, Side::Second] {
        let (have, had) = (
            target.amazons(side).count_ones(),
            start.amazons(side).count_ones(),
        );
        if have != had {
            return Ok(Err(NoOrder::Impossible(format!(
                "{} has {have} amazon(s): a game starts with {had} a side and never removes one",
                Amazons::side_name(side)
            ))));
        }
    }
    let turns = target.arrows().count_ones();
    let first = variant.first_to_move();
    let mover = if turns % 2 == 0 {
        first
    } else {
        first.opponent()
    };
    if mover != target.side_to_move() {
        return Ok(Err(NoOrder::Impossible(format!(
            "{turns} arrow(s) with {} to move: each turn shoots one arrow and {} moves first, \
             so {} would be to move",
            Amazons::side_name(target.side_to_move()),
            Amazons::side_name(first),
            Amazons::side_name(mover)
        ))));
    }
    let mut search = OrderSearch {
        geometry: start.geometry(),
        game: start,
        homes: [target.amazons(Side::First), target.amazons(Side::Second)],
        arrows: target.arrows(),
        path: Vec::with_capacity(turns as usize),
        dead: HashMap::new(),
        cut: false,
        nodes: 0,
        budget,
    };
    // Limited discrepancy search: first the line that follows the move order everywhere,
    // then the lines that leave it once, twice, ...; a line given up for its discrepancies is
    // cut, and only a round without a cut proves that no order exists.
    for discrepancies in 0.. {
        search.cut = false;
        match search.next(discrepancies) {
            Some(true) => {
                return Ok(Ok(search
                    .path
                    .iter()
                    .map(|&mv| search.game.format_move(mv))
                    .collect()));
            }
            Some(false) if !search.cut => {
                return Ok(Err(NoOrder::Impossible(format!(
                    "no sequence of {turns} turns from the start, each shooting onto one of the \
                     board's arrow squares, ends with its amazons"
                ))));
            }
            Some(false) => {}
            None => break,
        }
    }
    Ok(Err(NoOrder::Unknown(format!(
        "the search gave up after {budget} moves tried without an order; give the case a \
         `history:` (the game its source gives)"
    ))))
}

struct OrderSearch {
    geometry: &'static Geometry,
    game: Amazons,
    /// The board's amazons per side (white, black) and arrows.
    homes: [u128; 2],
    arrows: u128,
    path: Vec<Move>,
    /// Positions (by hash) from which no order completes within the discrepancies given.
    dead: HashMap<u64, u32>,
    /// Whether a line was given up for its discrepancies in this round.
    cut: bool,
    nodes: u64,
    budget: u64,
}

impl OrderSearch {
    /// Plays on towards the board, leaving the move order at most `discrepancies` times;
    /// `None` when the budget ran out.
    fn next(&mut self, discrepancies: u32) -> Option<bool> {
        if self.game.arrows() == self.arrows {
            return Some(
                self.game.amazons(Side::First) == self.homes[0]
                    && self.game.amazons(Side::Second) == self.homes[1],
            );
        }
        if !self.game.has_move() || !self.feasible() {
            return Some(false);
        }
        for (index, mv) in self.candidates().into_iter().enumerate() {
            let left = if index == 0 {
                discrepancies
            } else if let Some(left) = discrepancies.checked_sub(1) {
                left
            } else {
                self.cut = true;
                break;
            };
            self.nodes += 1;
            if self.nodes > self.budget {
                return None;
            }
            self.game.make(mv);
            let hash = self.game.hash();
            if self.dead.get(&hash).is_none_or(|&failed| failed < left) {
                self.path.push(mv);
                match self.next(left) {
                    Some(true) => return Some(true),
                    None => return None,
                    Some(false) => {}
                }
                self.path.pop();
                self.dead.insert(hash, left);
            }
            self.game.unmake(mv, ());
        }
        Some(false)
    }

    /// The side to move's moves that shoot onto an arrow square of the board not yet shot,
    /// those that bring an amazon home first.
    fn candidates(&self) -> Vec<Move> {
        let geometry = self.geometry;
        let mover = self.game.side_to_move();
        let own = self.game.amazons(mover);
        let home = self.homes[mover.index()];
        let open_homes = home & !own;
        let to_shoot = self.arrows & !self.game.arrows();
        let occupied =
            self.game.amazons(Side::First) | self.game.amazons(Side::Second) | self.game.arrows();
        let mut words = geometry.line_words(occupied);
        let mut ranked = Vec::new();
        for from in Bits(own) {
            // Lift the amazon off the board: it does not block its own arrow.
            geometry.toggle(&mut words, from);
            let leaves_home = home >> from & 1 == 1;
            for to in Bits(geometry.reach(&words, from)) {
                let shots = geometry.reach(&words, to) & to_shoot;
                if shots == 0 {
                    continue;
                }
                let rank = if open_homes >> to & 1 == 1 {
                    u8::from(leaves_home)
                } else if geometry.reach(&words, to) & open_homes != 0 {
                    2 + u8::from(leaves_home)
                } else {
                    4 + u8::from(leaves_home)
                };
                for arrow in Bits(shots) {
                    ranked.push((rank, Move { from, to, arrow }));
                }
            }
            geometry.toggle(&mut words, from);
        }
        ranked.sort();
        ranked.into_iter().map(|(_, mv)| mv).collect()
    }

    /// Whether the board may still be reached (see the module's cuts).
    fn feasible(&self) -> bool {
        let left = (self.arrows & !self.game.arrows()).count_ones();
        let mover = self.game.side_to_move();
        let free = self.geometry.board & !self.game.arrows();
        let mut regions = 0;
        for side in [Side::First, Side::Second] {
            let turns = if side == mover {
                left.div_ceil(2)
            } else {
                left / 2
            };
            let amazons = self.game.amazons(side);
            let away = (self.homes[side.index()] & !amazons).count_ones();
            if away > turns || (away == 0 && turns == 1) {
                return false;
            }
            let region = self.region(amazons, free);
            if self.homes[side.index()] & !region != 0 {
                return false;
            }
            regions |= region;
        }
        self.arrows & !self.game.arrows() & !regions == 0
    }

    /// The squares of `free` joined to `seeds` by king steps within `free`.
    fn region(&self, seeds: u128, free: u128) -> u128 {
        let mut region = seeds & free;
        loop {
            let grown = DIRECTIONS.iter().fold(region, |set, &(df, dr)| {
                set | self.geometry.shift(region, df, dr)
            }) & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reach::test_support::{self, assert_reaches};

    /// The board after `plies` random moves from `variant`'s start.
    fn random_board(variant: &str, plies: usize, seed: u64) -> String {
        test_support::random_board::<Amazons>(&variant.parse().unwrap(), plies, seed)
    }

    #[test]
    fn an_order_found_replays_to_the_board() {
        for (variant, plies) in [
            ("botzone8", 1),
            ("botzone8", 4),
            ("botzone8", 8),
            ("standard", 6),
        ] {
            for seed in 1..=4 {
                let board = random_board(variant, plies, seed);
                let order = amazons_order(variant, &board, 200_000)
                    .unwrap()
                    .unwrap_or_else(|why| panic!("{variant} {board}: {why:?}"));
                assert_reaches("amazons", variant, &board, &order);
            }
        }
        let start = random_board("botzone8", 0, 1);
        assert_eq!(
            amazons_order("botzone8", &start, 10).unwrap(),
            Ok(Vec::new())
        );
    }

    #[test]
    fn a_board_no_game_reaches_is_proven_so() {
        // One amazon a side (a study board): amazons are never removed.
        let Ok(Err(NoOrder::Impossible(why))) =
            amazons_order("botzone8", "7B/8/8/8/8/8/xx6/Wx6 white", 1000)
        else {
            panic!("one amazon a side is no game's board");
        };
        assert!(why.contains("1 amazon(s)"), "{why}");
        // The start with one arrow and black (who moves first) to move again.
        let Ok(Err(NoOrder::Impossible(why))) =
            amazons_order("botzone8", "2B2B2/8/B6B/8/3x4/W6W/8/2W2W2 black", 1000)
        else {
            panic!("one arrow means white is to move");
        };
        assert!(why.contains("1 arrow(s) with black to move"), "{why}");
        // The start amazons with one arrow, white to move: black's one turn moved an amazon
        // that cannot be back home. Proven by the search, not by the counts.
        let Ok(Err(NoOrder::Impossible(why))) =
            amazons_order("botzone8", "2B2B2/8/B6B/8/3x4/W6W/8/2W2W2 white", 1000)
        else {
            panic!("no single turn leaves every amazon home");
        };
        assert!(why.contains("no sequence of 1 turns"), "{why}");
    }

    #[test]
    fn the_budget_gives_up_the_same_way_each_time() {
        let board = random_board("standard", 12, 7);
        let once = amazons_order("standard", &board, 3).unwrap();
        let Err(NoOrder::Unknown(why)) = &once else {
            panic!("3 moves tried do not reach 12 turns: {once:?}");
        };
        assert!(why.contains("gave up after 3"), "{why}");
        assert_eq!(amazons_order("standard", &board, 3).unwrap(), once);
    }
}
