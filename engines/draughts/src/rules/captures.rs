//! Capture sequences: the depth-first walk of every capture a piece can make, under the
//! FMJD capture rules (Official FMJD rules of international draughts, article 4).
//!
//! A man jumps an adjacent enemy piece onto the empty square behind it, forwards or
//! backwards (4.2); a king jumps an enemy piece at any distance along a diagonal, over empty
//! squares, and lands on any empty square behind it (4.3). A capture goes on while a further
//! jump is possible (4.5). The captured pieces stay on the board until the whole capture is
//! over, so they block the way and none is jumped twice (the Turkish strike rule); squares
//! may be crossed again, and the mover's own start square counts as empty once it has left.
//! A man that passes the promotion row during a capture moves on as a man.
//!
//! The walk reports each *complete* capture (no jump left) as its start, end and captured
//! set; [`Walk`] keeps either the captures of the greatest count (the majority rule: the
//! capture taking the most pieces must be played, a king counting as one piece) or all of
//! them (for saying why a written capture is refused).

use crate::board::{DIRECTIONS, shift};
use crate::board::{Form, Move};

/// What a walk keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// The captures of the greatest count found so far (the legal ones, at the end).
    Most,
    /// Every complete capture.
    All,
}

/// One capture walk over a position: the enemy pieces, the empty squares (the mover's start
/// included) and what it found.
pub struct Walk<'a> {
    pub enemy: u64,
    pub empty: u64,
    pub keep: Keep,
    /// The greatest count found so far.
    pub best: u32,
    /// The index in `found` where the captures start (steps before it are left alone).
    pub first: usize,
    pub found: &'a mut Vec<Move>,
}

impl Walk<'_> {
    /// Records a complete capture from `from` ending on `at` (a bit).
    fn record(&mut self, from: u8, at: u64, captured: u64) {
        let count = captured.count_ones();
        if self.keep == Keep::Most {
            if count < self.best {
                return;
            }
            if count > self.best {
                self.found.truncate(self.first);
                self.best = count;
            }
        }
        let mv = Move {
            from,
            to: crate::board::index_of(at.trailing_zeros()) as u8,
            captured,
            form: Form::Played,
        };
        // The same pieces taken along another path are the same move.
        if !self.found[self.first..].contains(&mv) {
            self.found.push(mv);
        }
    }

    /// Every capture of a man from `from` (index) standing on `at` (a bit), having taken
    /// `captured` so far.
    pub fn man(&mut self, from: u8, at: u64, captured: u64) {
        let mut jumped = false;
        for direction in DIRECTIONS {
            let over = shift(at, direction) & self.enemy & !captured;
            if over == 0 {
                continue;
            }
            let land = shift(over, direction) & self.empty;
            if land != 0 {
                jumped = true;
                self.man(from, land, captured | over);
            }
        }
        if !jumped && captured != 0 {
            self.record(from, at, captured);
        }
    }

    /// Every capture of a king from `from` standing on `at`, having taken `captured`.
    pub fn king(&mut self, from: u8, at: u64, captured: u64) {
        let mut jumped = false;
        for direction in DIRECTIONS {
            let mut over = shift(at, direction);
            while over & self.empty != 0 {
                over = shift(over, direction);
            }
            if over & self.enemy & !captured == 0 {
                continue;
            }
            let mut land = shift(over, direction) & self.empty;
            while land != 0 {
                jumped = true;
                self.king(from, land, captured | over);
                land = shift(land, direction) & self.empty;
            }
        }
        if !jumped && captured != 0 {
            self.record(from, at, captured);
        }
    }

    /// Whether a man on one of `men` could jump now: the quick test before a walk.
    #[must_use]
    pub fn men_can_jump(men: u64, enemy: u64, empty: u64) -> bool {
        DIRECTIONS
            .into_iter()
            .any(|direction| shift(shift(men, direction) & enemy, direction) & empty != 0)
    }

    /// Whether the king on `at` could jump now.
    #[must_use]
    pub fn king_can_jump(at: u64, enemy: u64, empty: u64) -> bool {
        DIRECTIONS.into_iter().any(|direction| {
            let mut over = shift(at, direction);
            while over & empty != 0 {
                over = shift(over, direction);
            }
            over & enemy != 0 && shift(over, direction) & empty != 0
        })
    }
}

/// The search for a path of landing squares along which one piece takes exactly `target`
/// and ends on `to`: for writing an ambiguous capture in full.
pub struct PathSearch {
    pub king: bool,
    pub enemy: u64,
    pub empty: u64,
    pub to: u64,
    pub target: u64,
}

impl PathSearch {
    /// Extends `path` (indices, start first) from `at` with `captured` taken so far; `true`
    /// when it reached `to` having taken exactly `target` (the path is then complete).
    pub fn find(&self, at: u64, captured: u64, path: &mut Vec<u8>) -> bool {
        path.push(crate::board::index_of(at.trailing_zeros()) as u8);
        if captured == self.target && at == self.to {
            return true;
        }
        for direction in DIRECTIONS {
            let mut over = shift(at, direction);
            while self.king && over & self.empty != 0 {
                over = shift(over, direction);
            }
            if over & self.enemy & self.target & !captured == 0 {
                continue;
            }
            let mut land = shift(over, direction) & self.empty;
            while land != 0 {
                if self.find(land, captured | over, path) {
                    return true;
                }
                land = if self.king {
                    shift(land, direction) & self.empty
                } else {
                    0
                };
            }
        }
        path.pop();
        false
    }
}
