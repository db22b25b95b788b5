//! The narrowed move list the searchers use for Connect6 ([`narrow_moves`]), through the
//! evaluator's [`arbiter_search::Evaluator::search_moves`] hook.
//!
//! The rules' list is every unordered pair of empty points (64,620 on white's first turn); the
//! search looks at far fewer:
//!
//! 1. the mover has a threat (a window with 4 or 5 of its stones, none of the opponent's):
//!    the pairs that complete one (every move listed wins);
//! 2. else, the *pool*: the `candidate-points` best points by [`crate::eval::point_values`],
//!    as many of the best points where one stone makes a threat (windows holding three of the
//!    mover's stones), and the gaps of the opponent's threats. With opponent threats: the
//!    pairs of the pool that put a stone in every threat (if none does, the game is lost next
//!    turn and every pair of the pool is listed);
//! 3. else: every pair of the pool.
//!
//! Rules 1 and 2 follow from "six or more wins" and two stones per turn; rule 3 is a heuristic
//! cut. The list is [`MoveSet::Complete`] where the node's value is exact whatever was left
//! out — a win this turn (every listed move wins), a loss next turn (every legal move loses) —
//! and [`MoveSet::Narrowed`] otherwise, so that alpha-beta treats those nodes as horizons: a
//! loss there is not a proof, since a pair left out of the pool might defend.
//!
//! The rules themselves are untouched: [`Connect6::generate_moves`] still lists every pair.

use std::cmp::Reverse;

use arbiter_core::Game;
use arbiter_search::MoveSet;

use crate::Connect6;
use crate::board::Move;
use crate::board::{POINTS, Point};
use crate::eval::{EvalParams, point_values};
use crate::windows::{THREAT, blocks_all, for_each_window};

/// The `n` empty points of highest value (ties: lower index first).
fn best_points(game: &Connect6, values: &[i32; POINTS], n: usize) -> Vec<Point> {
    let board = game.board();
    let mut points: Vec<Point> = board.points().filter(|&p| board.get(p).is_none()).collect();
    points.sort_by_key(|&p| (Reverse(values[p.index()]), p));
    points.truncate(n.max(2));
    points
}

/// Up to `n` points (best first) where one stone of the mover makes a threat: the empty points
/// of windows holding three of its stones and none of the opponent's.
fn threat_points(game: &Connect6, values: &[i32; POINTS], n: usize) -> Vec<Point> {
    let board = game.board();
    let me = game.side_to_move();
    let mut marked = [false; POINTS];
    for_each_window(board, |window| {
        if window.is_open_for(me) && window.own(me) == THREAT - 1 {
            for p in window.empties(board) {
                marked[p.index()] = true;
            }
        }
    });
    let mut points: Vec<Point> = board.points().filter(|p| marked[p.index()]).collect();
    points.sort_by_key(|&p| (Reverse(values[p.index()]), p));
    points.truncate(n);
    points
}

/// Fills `out` with the narrowed move list of `game`, best first by point value; empty when
/// the game is over. Every move is legal; see the module docs for which are kept and what the
/// returned [`MoveSet`] says.
pub fn narrow_moves(game: &Connect6, params: &EvalParams, out: &mut Vec<Move>) -> MoveSet {
    out.clear();
    if game.outcome().is_some() {
        return MoveSet::Complete;
    }
    let size = game.board().size();
    if game.stones_this_turn() == 1 {
        // Black's first stone on the empty board: the centre, as in every Connect6 opening.
        out.extend(Point::new(size / 2, size / 2).map(Move::single));
        return MoveSet::Narrowed;
    }
    let mut values = [0; POINTS];
    let analysis = point_values(game, params, &mut values);
    let me = game.side_to_move();
    let best = best_points(game, &values, params.candidate_points);
    let value = |mv: Move| -> i32 {
        mv.points()
            .map(|p| values[p.index()])
            .fold(0, i32::saturating_add)
    };

    // 1. A threat of our own: complete it.
    let own = &analysis.gaps[me.index()];
    if !own.is_empty() {
        for &(a, b) in own {
            if a != b {
                out.push(Move::pair(a, b));
            } else if let Some(&other) = best.iter().find(|&&p| p != a) {
                out.push(Move::pair(a, other));
            }
        }
        out.sort_by_key(|&mv| (Reverse(value(mv)), mv));
        out.dedup();
        // Every listed move wins now: nothing left out can do better.
        return MoveSet::Complete;
    }

    // 2. and 3. Pairs of the pool that block every opponent threat (all pairs when none).
    let threats = &analysis.gaps[me.opponent().index()];
    let mut pool = best.clone();
    pool.extend(threat_points(game, &values, params.candidate_points));
    for &(a, b) in threats {
        pool.extend([a, b]);
    }
    pool.sort_unstable();
    pool.dedup();
    for (i, &a) in pool.iter().enumerate() {
        for &b in &pool[i + 1..] {
            if blocks_all(threats, a, b) {
                out.push(Move::pair(a, b));
            }
        }
    }
    let set = if out.is_empty() {
        // Nothing blocks every threat: lost next turn whatever is played.
        for (i, &a) in pool.iter().enumerate() {
            out.extend(pool[i + 1..].iter().map(|&b| Move::pair(a, b)));
        }
        MoveSet::Complete
    } else {
        MoveSet::Narrowed
    };
    out.sort_by_key(|&mv| (Reverse(value(mv)), mv));
    set
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Side;

    use crate::Connect6Variant;

    fn after(moves: &str) -> Connect6 {
        arbiter_laws::played(&Connect6Variant::STANDARD, moves)
    }

    fn narrow(game: &Connect6) -> Vec<Move> {
        let mut out = Vec::new();
        narrow_moves(game, &EvalParams::default(), &mut out);
        out
    }

    fn set_of(game: &Connect6) -> MoveSet {
        narrow_moves(game, &EvalParams::default(), &mut Vec::new())
    }

    #[test]
    fn the_list_is_small_and_legal() {
        let game = after("j10 k11-l12 j11-j12");
        let moves = narrow(&game);
        // At most C(2 * width, 2) pairs: the best points and the threat-making points.
        let width = 2 * EvalParams::default().candidate_points;
        assert!(moves.len() <= width * (width - 1) / 2);
        for &mv in &moves {
            assert!(game.check_move(mv).is_ok(), "{mv:?}");
        }
    }

    #[test]
    fn every_listed_move_wins_when_a_win_exists() {
        let game = after("j10 a19-b19 a1-b1 d19-e19 c1-d1 g19-h19");
        let moves = narrow(&game);
        assert_eq!(set_of(&game), MoveSet::Complete);
        assert!(moves.contains(&game.parse_move("e1-f1").unwrap()));
        for mv in moves {
            let mut next = game.clone();
            next.play(mv).unwrap();
            assert_eq!(
                next.outcome().and_then(|o| o.winner),
                Some(Side::First),
                "{mv:?}"
            );
        }
    }

    #[test]
    fn a_threat_is_always_blocked() {
        let game = after("j10 a19-b19 a1-b1 d19-s10 c1-d1");
        let moves = narrow(&game);
        assert_eq!(set_of(&game), MoveSet::Narrowed);
        assert!(!moves.is_empty());
        for mv in moves {
            let mut next = game.clone();
            next.play(mv).unwrap();
            // After any listed reply black has no win-in-one left: its threat window is cut.
            assert!(
                crate::windows::threat_gaps(next.board(), Side::First).is_empty(),
                "{mv:?}"
            );
        }
    }

    #[test]
    fn a_loss_next_turn_is_complete() {
        // White to move against three separate black fours: every pair loses next turn.
        let game = after(
            "j10 a19-s19 a1-b1 a17-s17 c1-d1 a15-s15 a5-b5 a13-s13 c5-d5 a11-s11 a9-b9 s9-s7 c9-d9",
        );
        assert!(!narrow(&game).is_empty());
        assert_eq!(set_of(&game), MoveSet::Complete);
        // A quiet position is narrowed, and so is the first stone.
        assert_eq!(set_of(&after("j10 k11-l12 j11-j12")), MoveSet::Narrowed);
        assert_eq!(set_of(&after("")), MoveSet::Narrowed);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]
        #[test]
        fn narrowed_moves_are_legal_and_present_while_playing(
            size in 8u8..=19,
            choices in proptest::collection::vec(proptest::prelude::any::<u16>(), 0..30),
        ) {
            let mut game = Connect6::start(&Connect6Variant::with_size(size).unwrap());
            let mut moves = Vec::new();
            for choice in choices {
                narrow_moves(&game, &EvalParams::default(), &mut moves);
                proptest::prop_assert_eq!(moves.is_empty(), game.outcome().is_some());
                for &mv in &moves {
                    proptest::prop_assert!(game.check_move(mv).is_ok(), "{:?}", mv);
                }
                if moves.is_empty() {
                    break;
                }
                game.make(moves[usize::from(choice) % moves.len()]);
            }
        }
    }
}
