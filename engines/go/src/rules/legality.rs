//! Whether a stone may be played, and why not: the point must be empty, the stone must not
//! be suicide (single-stone suicide never; a larger group only where the rules allow it), and
//! the board it leaves must not repeat what the ko rule forbids.
//!
//! The board after the stone is computed without playing it: the board hash with the stone
//! added and the captured groups (or, for a suicide, the stone's whole group) removed, each
//! group carrying the xor of its stones' keys. The repetition rules then compare hashes:
//! `ko` when it is the board at the start of the opponent's previous turn (the immediate
//! retake every rule forbids), `positional-superko` when it is any earlier board, and
//! `situational-superko` when it is an earlier board with the same side to move
//! (KataGo's rules, docs/rules.html: a legal move "doesn't result in any earlier state", a
//! state being the board and, for situational superko, the player to move).

use crate::board::{Point, stone_key};
use crate::variant::KoRule;

use super::Go;

/// Why a stone is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    Occupied,
    /// The stone's group would have no liberty and capture nothing: always for a single
    /// stone, for a larger group where the rules forbid suicide.
    Suicide,
    /// The immediate retake: the board at the start of the opponent's previous turn.
    Ko,
    PositionalSuperko,
    SituationalSuperko,
}

impl Go {
    /// The board hash a stone of the side to move on the empty `point` leaves, or why the
    /// stone is refused.
    pub(crate) fn stone_verdict(&self, point: Point) -> Result<u64, Refusal> {
        if self.colour[usize::from(point)].is_some() {
            return Err(Refusal::Occupied);
        }
        let me = self.to_move;
        let mut breathes = false;
        let (mut taken, mut taken_len, mut taken_key) = ([0 as Point; 4], 0, 0u64);
        let (mut own, mut own_len, mut own_key) = ([0 as Point; 4], 0, 0u64);
        for &n in self.geometry.neighbours(point) {
            let Some(side) = self.colour[usize::from(n)] else {
                breathes = true;
                continue;
            };
            let r = self.group_of[usize::from(n)];
            let group = &self.groups[usize::from(r)];
            if side == me {
                breathes |= group.libs.len() > 1;
                if !own[..own_len].contains(&r) {
                    own[own_len] = r;
                    own_len += 1;
                    own_key ^= group.key;
                }
            } else if group.libs.is_single() && !taken[..taken_len].contains(&r) {
                taken[taken_len] = r;
                taken_len += 1;
                taken_key ^= group.key;
            }
        }
        let after = if taken_len > 0 || breathes {
            self.board_hash ^ stone_key(me, point) ^ taken_key
        } else if own_len == 0 || !self.variant.rules.suicide {
            return Err(Refusal::Suicide);
        } else {
            // The stone and the groups it joins leave the board.
            self.board_hash ^ own_key
        };
        self.repetition(after).map(|()| after)
    }

    /// Whether the board `after`, left by the side to move, breaks the ko rule.
    fn repetition(&self, after: u64) -> Result<(), Refusal> {
        let turns = self.records.len();
        if turns >= 1 && self.records[turns - 1].board_hash == after {
            return Err(Refusal::Ko);
        }
        match self.variant.rules.ko {
            KoRule::Simple => Ok(()),
            KoRule::Positional => {
                if after == self.board_hash || self.seen(after, None) {
                    Err(Refusal::PositionalSuperko)
                } else {
                    Ok(())
                }
            }
            KoRule::Situational => {
                if self.seen(after, Some(false)) {
                    Err(Refusal::SituationalSuperko)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Whether some recorded turn started from the board `hash`; with `mover`, only turns
    /// whose player was (`Some(true)`) or was not (`Some(false)`) the side to move now.
    pub(crate) fn seen(&self, hash: u64, mover: Option<bool>) -> bool {
        if self.filter.count(hash) == 0 {
            return false;
        }
        let turns = self.records.len();
        self.records.iter().enumerate().any(|(j, record)| {
            record.board_hash == hash
                && mover.is_none_or(|same| (turns - j).is_multiple_of(2) == same)
        })
    }

    /// Under simple ko, whether the pass just made left a state its player had passed from
    /// before (KataGo's end condition for cycles with passes).
    pub(crate) fn passed_from_here_before(&self) -> bool {
        let Some((last, earlier)) = self.records.split_last() else {
            return false;
        };
        if self.filter.count(last.board_hash) < 2 {
            return false;
        }
        let turns = self.records.len() - 1;
        earlier.iter().enumerate().any(|(j, record)| {
            record.mv.is_pass()
                && record.board_hash == last.board_hash
                && (turns - j).is_multiple_of(2)
        })
    }

    /// Under simple ko, how many turns since the last pass started from the current board
    /// with the current side to move.
    pub(crate) fn repetitions_since_last_pass(&self) -> usize {
        if self.filter.count(self.board_hash) < 2 {
            return 0;
        }
        let turns = self.records.len();
        let first = self.last_pass.map_or(0, |pass| pass as usize + 1);
        (first..turns)
            .filter(|&j| {
                self.records[j].board_hash == self.board_hash && (turns - j).is_multiple_of(2)
            })
            .count()
    }
}
