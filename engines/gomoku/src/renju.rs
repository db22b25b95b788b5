//! Black's forbidden moves (fouls) under the RIF International Rules of Renju.
//!
//! Definitions (RIF rules, renju.net/study/rifrules.php): a *five* is exactly five in a row; an
//! *overline* six or more; a *four* a row to which one stone can be added to make a five; a
//! *straight four* a four that can become five in two ways; a *three* a row to which one stone can
//! be added to make a straight four. A black move is a foul when it makes an overline, two or more
//! fours, or two or more threes, unless it makes a five (a five always wins, whatever else the move
//! makes). Fours are counted per line, and one line can hold two fours (`X.XXX.X`); a line counts
//! at most one three.
//!
//! The three is where the recursion lives: a line is a three only if one of its straight-four
//! points is itself a legal (not forbidden) black move that makes no five, on the board with the
//! new stone placed. That check is `is_real_three`, kept apart so that its role is obvious.

use std::fmt;

use crate::board::Point;
use crate::lines::{DIRECTIONS, Lines, Pattern};

/// Why a black move is forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ForbiddenKind {
    /// Two or more threes at once.
    DoubleThree,
    /// Two or more fours at once (possibly on one line).
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

impl ForbiddenKind {
    /// The stable code used by `check_move` and the specs: `double-three`, `double-four`, `overline`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            ForbiddenKind::DoubleThree => "double-three",
            ForbiddenKind::DoubleFour => "double-four",
            ForbiddenKind::Overline => "overline",
        }
    }

    /// Reads a code back.
    #[must_use]
    pub fn from_code(code: &str) -> Option<ForbiddenKind> {
        [
            ForbiddenKind::DoubleThree,
            ForbiddenKind::DoubleFour,
            ForbiddenKind::Overline,
        ]
        .into_iter()
        .find(|kind| kind.code() == code)
    }
}

impl fmt::Display for ForbiddenKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The verdict that needs no recursion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Quick {
    /// Not forbidden (a five, or fewer than two fours and fewer than two three candidates).
    Free,
    /// Forbidden, whatever the threes.
    Foul(ForbiddenKind),
    /// At least two lines are three candidates: the recursion must decide.
    Threes,
}

/// The cheap part of the foul test of black on the empty `point`: one table lookup per direction.
#[inline]
pub(crate) fn quick(lines: &Lines, point: Point) -> Quick {
    let patterns = lines.patterns(point);
    if patterns.iter().all(|p| p.is_empty()) {
        return Quick::Free;
    }
    if patterns.iter().any(|p| p.line() == Pattern::FIVE) {
        return Quick::Free;
    }
    if patterns.iter().any(|p| p.line() == Pattern::OVERLINE) {
        return Quick::Foul(ForbiddenKind::Overline);
    }
    if patterns.iter().map(|p| p.fours()).sum::<u16>() >= 2 {
        return Quick::Foul(ForbiddenKind::DoubleFour);
    }
    if patterns.iter().filter(|p| p.three_mask() != 0).count() >= 2 {
        Quick::Threes
    } else {
        Quick::Free
    }
}

/// The full foul test of black on the empty `point`, recursive through the threes. `lines` is
/// used as scratch and restored before returning.
pub(crate) fn foul(lines: &mut Lines, point: Point) -> Option<ForbiddenKind> {
    match quick(lines, point) {
        Quick::Free => None,
        Quick::Foul(kind) => Some(kind),
        Quick::Threes => {
            let patterns = lines.patterns(point);
            lines.place(point, 1);
            let mut threes = 0;
            for (d, pattern) in patterns.iter().enumerate() {
                let mask = pattern.three_mask();
                if mask != 0 && is_real_three(lines, point, d, mask) {
                    threes += 1;
                    if threes >= 2 {
                        break;
                    }
                }
            }
            lines.remove(point, 1);
            (threes >= 2).then_some(ForbiddenKind::DoubleThree)
        }
    }
}

/// THE RECURSION. With black's new stone on `point`, the line through it along direction `d` is a
/// three only if some straight-four point in `mask` (bits over [`Pattern::THREE_OFFSETS`]) is a
/// black move that makes no five and is not itself forbidden. RIF: "a row with three stones to
/// which you, *without at the same time a five in a row is made*, can add one more stone to attain
/// a straight four"; a stone that may not be played attains nothing. (The Piskvork judge reads the
/// clause the same way: its nested foul test counts a five as disqualifying.)
pub(crate) fn is_real_three(lines: &mut Lines, point: Point, d: usize, mask: u16) -> bool {
    let (dc, dr) = DIRECTIONS[d];
    Pattern::THREE_OFFSETS
        .iter()
        .enumerate()
        .any(|(bit, &offset)| {
            mask & (1 << bit) != 0
                && point.step(dc, dr, offset, lines.size()).is_some_and(|q| {
                    let makes_five = lines.patterns(q).iter().any(|p| p.line() == Pattern::FIVE);
                    !makes_five && foul(lines, q).is_none()
                })
        })
}
