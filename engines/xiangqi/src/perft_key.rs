//! The key of a position in the perft walk's transposition table ([`Game::perft_key`]).
//!
//! No exact 128-bit form of a xiangqi board exists (90 points of 15 kinds), so the key is two
//! independent 64-bit Zobrist hashes of the board and the side to move: one from the
//! position's own keys ([`crate::board::KEYS`]) and one from keys of its own. A count goes
//! wrong only when a probe meets the entry of another position whose both hashes agree with
//! its own: with independent keys a chance of about 2^-128 per probe, so about 2^-100 over the
//! 2^28 probes of the deepest walk the specs ask for (perft 6 from the start). The rules are
//! the same in a mirror (files a ↔ i), so the key is the lesser of the position's and its
//! mirror image's: the two halves of the board's first moves are one subtree to the table.
//!
//! The board and the side to move decide the moves only while no ending by history can
//! come: the key is `None` when the natural-move limit or a repetition ruling could end the
//! game within the plies walked below, since then the plies since the last capture, or the
//! positions before, change the counts.

use arbiter_core::{Game, zobrist};

use crate::board::{FILES, KEYS, POINTS, Piece, Point, SIDE_KEY, at, file_of, piece_key, rank_of};
use crate::rules::Xiangqi;

/// The second hash's keys (seed "perft-2nd"), as [`crate::board::KEYS`]: one per piece code
/// and point, then black to move.
static SECOND_KEYS: [u64; 16 * POINTS + 1] = zobrist::keys(0x7065_7266_742D_326E);

fn second_key(piece: Piece, p: Point) -> u64 {
    SECOND_KEYS[usize::from(piece) * POINTS + usize::from(p)]
}

/// The key of `position` for a subtree of `depth_left` plies, or `None` (see the module
/// documentation).
pub(crate) fn perft_key(position: &Xiangqi, depth_left: u32) -> Option<u128> {
    // At the last ply a probe (a second hash and a likely cache miss) costs more than it
    // saves: perft 6 from the start took 54.6 s of CPU keyed there, 41.4 s without.
    if depth_left < 2 {
        return None;
    }
    // The deepest position the walk lists moves at is `depth_left - 1` plies below, with at
    // most that many more plies without a capture.
    let quiet_below = position.quiet_plies().saturating_add(depth_left - 1);
    let variant = position.variant();
    if variant
        .ply_limit()
        .is_some_and(|limit| quiet_below >= limit)
    {
        return None;
    }
    // A ruling needs its position's N-th occurrence, at least 4 plies apart each and no
    // capture between them (`rulings::cycle`).
    if variant
        .repetition
        .is_some_and(|n| quiet_below >= 4 * n.saturating_sub(1))
    {
        return None;
    }
    // The rules are the same in a mirror (files a ↔ i), so a position and its mirror image
    // have the same counts: the key is the lesser of the two images' keys. The position's own
    // first hash is its incremental one; the other three are computed here.
    let board = position.board();
    let side = position.side_to_move();
    let second = |point: fn(Point) -> Point| {
        zobrist::side_to_move(side, SECOND_KEYS[16 * POINTS])
            ^ zobrist::pieces(board.sides, |_, p| second_key(board.at(p), point(p)))
    };
    let mirror_first = zobrist::side_to_move(side, KEYS[SIDE_KEY])
        ^ zobrist::pieces(board.sides, |_, p| piece_key(board.at(p), mirrored(p)));
    let key = |first: u64, second: u64| (u128::from(first) << 64) | u128::from(second);
    Some(key(position.hash(), second(|p| p)).min(key(mirror_first, second(mirrored))))
}

/// The point on the same rank, the other side of the central file.
fn mirrored(p: Point) -> Point {
    at(FILES - 1 - file_of(p), rank_of(p))
}
