//! A move order that reaches an Othello board with few discs: a forward search from the start.
//!
//! A disc is never removed, so every game that reaches the board places its discs only on the
//! board's occupied squares, and a square left empty there stays empty on the way. The search
//! plays from the start only onto those squares (passing only when the rules force it) until
//! they are all occupied, then compares the colours. A corner disc never flips, so a corner
//! placed in the wrong colour ends that line at once; positions that led nowhere are
//! remembered by their hash. The number of orders grows with the discs to place, so the search
//! has a node budget and says when it gave up; when it has tried every order it has proved
//! that none exists.

use std::collections::HashSet;

use arbiter_core::{Game, Side};
use arbiter_othello::{Move, Othello, OthelloVariant};

use super::{Found, NoOrder};

/// The corners a1, h1, a8, h8: a disc there never flips.
const CORNERS: u64 = 1 | 1 << 7 | 1 << 56 | 1 << 63;

/// A game from the start that reaches `text`'s board under `variant`, searched within
/// `budget` positions.
///
/// # Errors
/// The outer error: the variant or the board does not read. The inner one: no game reaches
/// the board ([`NoOrder::Impossible`]), or the search gave up ([`NoOrder::Unknown`]).
pub(crate) fn othello_order(variant: &str, text: &str, budget: u64) -> Found {
    let variant: OthelloVariant = variant.parse()?;
    let setup = Othello::parse_position(&variant, text).map_err(|error| error.message)?;
    let start = Othello::start(&variant);
    let start_discs = start.black() | start.white();
    let target = setup.black | setup.white;
    if target & start_discs != start_discs {
        return Ok(Err(NoOrder::Impossible(
            "a square of the start is empty, and no disc is ever removed".to_owned(),
        )));
    }
    let mut search = OrderSearch {
        game: start,
        black: setup.black,
        white: setup.white,
        to_move: setup.to_move,
        path: Vec::new(),
        dead: HashSet::new(),
        nodes: 0,
        budget,
    };
    Ok(match search.next() {
        Some(true) => Ok(search
            .path
            .iter()
            .map(|&mv| search.game.format_move(mv))
            .collect()),
        Some(false) => Err(NoOrder::Impossible(format!(
            "every game placing discs only on its {} occupied squares ends in other colours or \
             with the other side to move",
            target.count_ones()
        ))),
        None => Err(NoOrder::Unknown(format!(
            "the search gave up after {budget} positions without an order; give the case a \
             `history:` (the game its source gives)"
        ))),
    })
}

struct OrderSearch {
    game: Othello,
    /// The board to reach.
    black: u64,
    white: u64,
    to_move: Side,
    path: Vec<Move>,
    /// Positions (by hash) from which no order completes.
    dead: HashSet<u64>,
    nodes: u64,
    budget: u64,
}

impl OrderSearch {
    /// Plays on towards the board; `None` when the budget ran out.
    fn next(&mut self) -> Option<bool> {
        let (black, white) = (self.game.black(), self.game.white());
        let target = self.black | self.white;
        if black | white == target {
            return Some(self.arrived());
        }
        let wrong_corner = (black & CORNERS & !self.black) | (white & CORNERS & !self.white);
        if wrong_corner != 0 || self.game.outcome().is_some() {
            return Some(false);
        }
        let placements = self.game.placements();
        let moves: Vec<Move> = if placements == 0 {
            vec![Move::PASS]
        } else {
            // Discs the mover places in their board colour first: they are the likelier.
            let own = match self.game.side_to_move() {
                Side::First => self.black,
                Side::Second => self.white,
            };
            let wanted = placements & target;
            let mut squares: Vec<u64> = (0..64).filter(|&sq| wanted >> sq & 1 == 1).collect();
            squares.sort_by_key(|&sq| own >> sq & 1 == 0);
            squares
                .into_iter()
                .filter_map(|sq| Move::place(u8::try_from(sq).ok()?))
                .collect()
        };
        for mv in moves {
            self.nodes += 1;
            if self.nodes > self.budget {
                return None;
            }
            let undo = self.game.make(mv);
            if !self.dead.contains(&self.game.hash()) {
                self.path.push(mv);
                if self.next()? {
                    return Some(true);
                }
                self.path.pop();
                self.dead.insert(self.game.hash());
            }
            self.game.unmake(mv, undo);
        }
        Some(false)
    }

    /// Whether the board is reached with its side to move, a forced pass appended if needed.
    fn arrived(&mut self) -> bool {
        if self.game.black() != self.black || self.game.white() != self.white {
            return false;
        }
        if self.game.side_to_move() == self.to_move {
            return true;
        }
        if self.game.check_move(Move::PASS).is_ok() {
            self.game.make(Move::PASS);
            self.path.push(Move::PASS);
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reach::test_support::{self, assert_reaches};

    /// The board after `plies` random moves from the start.
    fn random_board(plies: usize, seed: u64) -> String {
        test_support::random_board::<Othello>(&OthelloVariant::Standard, plies, seed)
    }

    #[test]
    fn an_order_found_replays_to_the_board() {
        for plies in [0, 1, 3, 6, 10, 14] {
            for seed in 1..=4 {
                let board = random_board(plies, seed);
                let order = othello_order("standard", &board, 200_000)
                    .unwrap()
                    .unwrap_or_else(|why| panic!("{board}: {why:?}"));
                assert_reaches("othello", "standard", &board, &order);
            }
        }
    }

    #[test]
    fn a_board_no_game_reaches_is_proven_so() {
        // The start's discs with white to move: no disc was placed, so black is.
        let start = "---------------------------OX------XO--------------------------- O";
        let Ok(Err(NoOrder::Impossible(_))) = othello_order("standard", start, 1000) else {
            panic!("the start board with white to move is no game's board");
        };
        // f5 then a white disc on e6 that flips nothing: e6 must have been black's.
        let board = "---------------------------OX------XXX------O------------------- X";
        let Ok(Err(NoOrder::Impossible(why))) = othello_order("standard", board, 1000) else {
            panic!("{board} is no game's board");
        };
        assert!(why.contains("6 occupied squares"), "{why}");
    }

    #[test]
    fn the_budget_gives_up_the_same_way_each_time() {
        // FFO #1: 50 discs.
        let board = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
        let once = othello_order("standard", board, 500).unwrap();
        let Err(NoOrder::Unknown(why)) = &once else {
            panic!("500 positions do not reach an FFO board: {once:?}");
        };
        assert!(why.contains("gave up after 500"), "{why}");
        assert_eq!(othello_order("standard", board, 500).unwrap(), once);
    }
}
