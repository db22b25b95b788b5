//! The turns alpha-beta and MCTS search ([`narrow_moves`], through the evaluator's
//! `search_moves` hook): the rules' list without the turns that cannot be best.
//!
//! The rules' list of turns ([`DotsBoxes::generate_moves`]) holds every way to stop taking
//! boxes: after an opened chain of n boxes, n + 1 stopping points times every last line. Only
//! turns that no other turn beats for sure are kept, by two exact arguments:
//!
//! 1. *Free boxes are taken*: a line that completes every box it touches is in every turn
//!    listed (see [`crate::solve`]).
//! 2. *Dominated turns are dropped*: if turn `T` leaves a box the opponent could take with a
//!    line `e`, and `T` plus `e` is itself a legal turn, then `T` plus `e` is better by at
//!    least two boxes (the opponent, after `T`, could take the same box and be on move in the
//!    same position). This removes every "take some of the chain and stop elsewhere", and
//!    keeps taking all, and the all-but-two (double-dealing) declines.
//!
//! Since only beaten turns go, the value of every position is the same over the narrowed list
//! as over the rules' list: the hook reports it as `MoveSet::Complete`, so a win or loss the
//! searchers prove through it is a proof.

use arbiter_core::Bits;

use crate::notation::Move;
use crate::rules::{DotsBoxes, TurnScratch};

/// The turns of `game` worth searching, in the order of [`DotsBoxes::for_each_turn`] from the
/// position with the free boxes taken.
#[must_use]
pub fn narrow_moves(game: &DotsBoxes) -> Vec<Move> {
    let g = game.geometry();
    if game.drawn() == g.all {
        return Vec::new();
    }
    let (free, _) = crate::solve::free_boxes(g, game.drawn());
    let base = game.drawn() | free;
    if g.capturing_lines(base) == 0 {
        // Nothing to take: every turn is one line (after the free ones), and none is beaten,
        // since a box it hands over could not be taken before its last line.
        let rest = g.all & !base;
        if rest == 0 {
            return vec![Move(free)];
        }
        return Bits(rest).map(|line| Move(free | (1 << line))).collect();
    }
    // The boxes with three sides once the free lines are drawn; a turn changes only the boxes
    // next to its own lines.
    let three_sided = (0..g.boxes)
        .filter(|&id| g.sides_drawn(id, base) == 3)
        .fold(0u32, |set, id| set | (1 << id));
    let mut moves = Vec::new();
    game.for_each_turn_after(free, &mut TurnScratch::default(), |turn| {
        if !dominated(game, turn, free, three_sided) {
            moves.push(turn);
        }
        true
    });
    moves
}

/// Whether `turn` (legal in `game`, starting with the free lines `free`) is beaten by itself
/// plus one capture it leaves undone. `three_sided` holds the boxes with three sides drawn
/// after the free lines.
fn dominated(game: &DotsBoxes, turn: Move, free: u64, three_sided: u32) -> bool {
    let g = game.geometry();
    let after = game.drawn() | turn.lines();
    if after == g.all {
        return false;
    }
    let mut touched = 0u32;
    for line in Bits(turn.lines() & !free) {
        for id in g.edge_boxes[usize::from(line)] {
            if id != crate::board::NO_BOX {
                touched |= 1 << id;
            }
        }
    }
    let mut left_open = three_sided & !touched;
    for id in Bits(u64::from(touched)) {
        if g.sides_drawn(id, after) == 3 {
            left_open |= 1 << id;
        }
    }
    if left_open == 0 {
        return false;
    }
    let last = last_line(g, game.drawn(), turn);
    let before_last = after & !(1 << last);
    Bits(u64::from(left_open)).any(|id| {
        let capture = (g.box_edges[usize::from(id)] & !after).trailing_zeros();
        g.completed_by(last, before_last | (1 << capture)) == 0
    })
}

/// The line a legal turn ends with: what is left once its completing lines are drawn (any one
/// of them when the turn ends the game).
#[must_use]
pub fn last_line(g: &crate::Geometry, drawn: u64, turn: Move) -> u8 {
    let mut drawn = drawn;
    let mut rest = turn.lines();
    while rest.count_ones() > 1 {
        let completing = g.capturing_lines(drawn) & rest;
        if completing == 0 {
            break;
        }
        let line = completing.trailing_zeros();
        drawn |= 1 << line;
        rest &= !(1 << line);
    }
    rest.trailing_zeros() as u8
}
