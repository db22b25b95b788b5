//! Threat-based candidate moves for a search: a reduced, ordered list instead of all `C(E, 2)`
//! pairs. This is a *search* helper, not a rule: [`Game::generate_moves`] stays the complete
//! rules-level list.
//!
//! The reduction works on *windows*: six consecutive points on one line. A window holding
//! `k` stones of one side and none of the other can become a six for that side with `6 - k`
//! more stones. Hence, for the side to move (which places two stones):
//!
//! 1. a window with four or more of its own stones and none of the opponent's is a win now:
//!    only winning moves are returned;
//! 2. otherwise a window with four or more opponent stones and none of its own is a six the
//!    opponent completes next turn unless this turn puts a stone in it: only pairs that put a
//!    stone in *every* such window are returned (if no pair does, the game is lost and all near
//!    pairs are returned);
//! 3. otherwise every pair of empty points within distance [`NEAR`] of a stone.
//!
//! Rules 1 and 2 are exact consequences of "six or more in a row wins" and two stones per turn;
//! rule 3 is the usual proximity heuristic and may drop good quiet moves far from the stones.
//!
//! [`Game::generate_moves`]: arbiter_core::Game::generate_moves

use arbiter_core::{Game, Side};

use crate::Connect6;
use crate::board::{Board, POINTS, Point, SIX};
use crate::moves::Move;

/// Chebyshev distance from an existing stone within which empty points are candidates.
pub const NEAR: usize = 2;

/// The four line directions as (row step, column step).
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Calls `visit` with the six points of every window of the board.
fn for_each_window(board: &Board, mut visit: impl FnMut(&[Point; SIX])) {
    let size = board.size() as isize;
    for (dr, dc) in DIRECTIONS {
        for start in board.points() {
            let (r, c) = (start.row() as isize, start.column() as isize);
            let (end_r, end_c) = (r + dr * (SIX as isize - 1), c + dc * (SIX as isize - 1));
            if !(0..size).contains(&end_r) || !(0..size).contains(&end_c) {
                continue;
            }
            let mut window = [start; SIX];
            for (k, slot) in window.iter_mut().enumerate() {
                let k = k as isize;
                *slot = Point::new((r + dr * k) as usize, (c + dc * k) as usize).unwrap_or(start);
            }
            visit(&window);
        }
    }
}

/// The empty points of the windows in which `side` has at least `min` stones and the other
/// side none.
fn open_windows(board: &Board, side: Side, min: usize) -> Vec<Vec<Point>> {
    let mut found = Vec::new();
    for_each_window(board, |window| {
        let own = window
            .iter()
            .filter(|&&p| board.get(p) == Some(side))
            .count();
        let other = window
            .iter()
            .filter(|&&p| board.get(p) == Some(side.opponent()))
            .count();
        if own >= min && other == 0 {
            found.push(
                window
                    .iter()
                    .copied()
                    .filter(|&p| board.get(p).is_none())
                    .collect(),
            );
        }
    });
    found
}

/// Empty points within [`NEAR`] of a stone, in index order; the centre on an empty board.
#[must_use]
pub fn near_points(board: &Board) -> Vec<Point> {
    let size = board.size();
    let mut near = [false; POINTS];
    let mut any = false;
    for p in board.points().filter(|&p| board.get(p).is_some()) {
        any = true;
        let rows = p.row().saturating_sub(NEAR)..=(p.row() + NEAR).min(size - 1);
        for r in rows {
            let columns = p.column().saturating_sub(NEAR)..=(p.column() + NEAR).min(size - 1);
            for c in columns {
                if let Some(q) = Point::new(r, c) {
                    near[q.index()] = true;
                }
            }
        }
    }
    if !any {
        return Point::new(size / 2, size / 2).into_iter().collect();
    }
    board
        .points()
        .filter(|&p| near[p.index()] && board.get(p).is_none())
        .collect()
}

/// Fills `out` with the candidate moves of `game` (see the module docs); empty when the game
/// is over.
pub fn candidate_moves(game: &Connect6, out: &mut Vec<Move>) {
    out.clear();
    if game.outcome().is_some() {
        return;
    }
    let board = game.board();
    let mut near = near_points(board);
    if near.len() < game.stones_this_turn() {
        // Too few points near the stones for a turn: every empty point is a candidate.
        near = board.points().filter(|&p| board.get(p).is_none()).collect();
    }
    if game.stones_this_turn() == 1 {
        out.extend(near.iter().map(|&p| Move::single(p)));
        return;
    }
    let me = game.side_to_move();
    // 1. Wins now: the window's missing stones (one or two), the second stone anywhere near.
    for empties in open_windows(board, me, SIX - 2) {
        match empties[..] {
            [a, b] => out.push(Move::pair(a, b)),
            [a] => {
                // Any other empty point will do; a near one keeps the list readable.
                let mut others = near.iter().copied().chain(board.points());
                if let Some(b) = others.find(|&b| b != a && board.get(b).is_none()) {
                    out.push(Move::pair(a, b));
                }
            }
            _ => {}
        }
    }
    if !out.is_empty() {
        out.sort_unstable();
        out.dedup();
        return;
    }
    // 2. Must block: every opponent window with four or more needs one of our stones.
    let threats = open_windows(board, me.opponent(), SIX - 2);
    let mut pool = near;
    if !threats.is_empty() {
        // Blocking points may lie outside the near set; add them.
        pool.extend(threats.iter().flatten().copied());
        pool.sort_unstable();
        pool.dedup();
    }
    for (i, &a) in pool.iter().enumerate() {
        for &b in &pool[i + 1..] {
            if threats.iter().all(|w| w.contains(&a) || w.contains(&b)) {
                out.push(Move::pair(a, b));
            }
        }
    }
    if out.is_empty() {
        // No pair stops every threat: the game is lost; offer the near pairs anyway.
        for (i, &a) in pool.iter().enumerate() {
            out.extend(pool[i + 1..].iter().map(|&b| Move::pair(a, b)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Connect6Variant;

    fn after(moves: &str) -> Connect6 {
        let mut game = Connect6::start(&Connect6Variant::STANDARD);
        for text in moves.split_whitespace() {
            let mv = game.parse_move(text).unwrap();
            game.play(mv).unwrap();
        }
        game
    }

    fn candidates(game: &Connect6) -> Vec<Move> {
        let mut out = Vec::new();
        candidate_moves(game, &mut out);
        out
    }

    #[test]
    fn first_move_is_the_centre() {
        let game = after("");
        assert_eq!(candidates(&game), vec![game.parse_move("j10").unwrap()]);
    }

    #[test]
    fn every_candidate_is_legal_and_near() {
        let game = after("j10 k11-l12");
        let moves = candidates(&game);
        // Only points near j10, k11, l12: far fewer than the 63,903 legal pairs.
        assert!(!moves.is_empty());
        for &mv in &moves {
            assert!(game.check_move(mv).is_ok(), "{mv:?}");
        }
        let mut all = Vec::new();
        game.generate_moves(&mut all);
        assert!(moves.len() < all.len() / 50);
    }

    #[test]
    fn a_win_now_is_all_that_is_offered() {
        // Black has a1..d1; e1-f1 wins (as does any pair completing a window a..f, b..g, ...).
        let game = after("j10 a19-b19 a1-b1 d19-e19 c1-d1 g19-h19");
        let moves = candidates(&game);
        assert!(moves.contains(&game.parse_move("e1-f1").unwrap()));
        for mv in moves {
            let mut next = game.clone();
            next.play(mv).unwrap();
            assert!(
                next.outcome()
                    .is_some_and(|o| o.winner == Some(Side::First)),
                "{mv:?}"
            );
        }
    }

    proptest::proptest! {
        #[test]
        fn candidates_are_legal_and_present_while_playing(
            size in 8u8..=19,
            choices in proptest::collection::vec(proptest::prelude::any::<u32>(), 0..30),
        ) {
            let mut game = Connect6::start(&Connect6Variant::with_size(size).unwrap());
            let mut moves = Vec::new();
            for choice in choices {
                candidate_moves(&game, &mut moves);
                proptest::prop_assert_eq!(moves.is_empty(), game.outcome().is_some());
                for &mv in &moves {
                    proptest::prop_assert!(game.check_move(mv).is_ok(), "{:?}", mv);
                }
                if moves.is_empty() {
                    break;
                }
                game.make(moves[choice as usize % moves.len()]);
            }
        }
    }

    #[test]
    fn a_threat_must_be_blocked() {
        // White to move against black's a1..d1: of the windows a1-f1, b1-g1, c1-h1 and d1-i1
        // only a1-f1 holds four black stones, so every candidate puts a stone on e1 or f1.
        let game = after("j10 a19-b19 a1-b1 d19-s10 c1-d1");
        let moves = candidates(&game);
        assert!(!moves.is_empty());
        for mv in moves {
            assert!(
                mv.points()
                    .any(|p| ["e1", "f1"].contains(&crate::notation::format_point(p).as_str())),
                "{mv:?}"
            );
        }
    }
}
