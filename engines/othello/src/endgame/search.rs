//! The table-backed search: the root, principal-variation nodes and null-window nodes with
//! more than [`SHALLOW_EMPTIES`] empty squares.
//!
//! Null-window nodes ([`Solver::nws`]) answer one question, "is the score above `alpha`?", and
//! fail soft: they return a lower bound above `alpha` or an upper bound at or below it. Only the
//! principal variation ([`Solver::pvs`]) is searched with an open window, its other moves first
//! with a null window and again with the open one only when they beat the best so far.

use super::order::MoveList;
use super::stability::stable_discs;
use super::{SHALLOW_EMPTIES, Solver, final_score};
use crate::Move;
use crate::bitboard::legal_moves;

/// From this many empty squares on, the children are looked up in the table before searching
/// (enhanced transposition cut-off).
const ETC_EMPTIES: u32 = 11;
/// From this many empty squares on, the stability cut-off is tried.
const STABILITY_EMPTIES: u32 = 7;
/// No move known: the `best` of a table entry without one.
const NO_MOVE: u8 = 64;

impl Solver {
    /// The root: an exact score and a move achieving it.
    pub(super) fn root(&mut self, me: u64, opp: u64) -> (Option<Move>, i32) {
        let n = (!(me | opp)).count_ones();
        if legal_moves(me, opp) == 0 {
            self.nodes += 1;
            if legal_moves(opp, me) == 0 {
                return (None, final_score(me, opp));
            }
            let (value, _) = self.pvs(opp, me, -65, 65, n);
            return (Some(Move::PASS), -value);
        }
        // First the sign: one null-window search around 0 says who wins, cheaply, and leaves a
        // bound on the score; then an open window on the side of the bound. Measured: fewer
        // nodes than one open-window search (the open window pays for a principal variation
        // across the whole score range), and far fewer than stepping null windows towards a
        // score far from 0.
        let probe = self.nws(me, opp, -1, n);
        let (value, best) = if probe > -1 {
            self.pvs(me, opp, probe - 1, 65, n)
        } else {
            self.pvs(me, opp, -65, probe + 1, n)
        };
        (Move::place(best), value)
    }

    /// Any position with a null window `(alpha, alpha + 1)`, dispatched on the number `n` of
    /// empty squares.
    #[inline]
    pub(super) fn nws(&mut self, me: u64, opp: u64, alpha: i32, n: u32) -> i32 {
        let empties = !(me | opp);
        match n {
            0 => {
                self.nodes += 1;
                final_score(me, opp)
            }
            1 => self.last1(me, empties.trailing_zeros()),
            _ if n <= SHALLOW_EMPTIES => self.shallow(me, opp, alpha, empties, n),
            _ => self.deep(me, opp, alpha, n),
        }
    }

    /// A null-window node with more than [`SHALLOW_EMPTIES`] empties: stability cut-off,
    /// table, enhanced transposition cut-off, ordered moves.
    fn deep(&mut self, me: u64, opp: u64, alpha: i32, n: u32) -> i32 {
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
            return alpha;
        }

        // Stability: the opponent keeps its stable discs, which caps our score. Only worth
        // computing when even all of the opponent's discs being stable would cut.
        if n >= STABILITY_EMPTIES && 64 - 2 * (opp.count_ones() as i32) <= alpha {
            let cap = 64 - 2 * stable_discs(opp, me).count_ones() as i32;
            if cap <= alpha {
                return cap;
            }
        }

        let mut hint = NO_MOVE;
        if let Some(entry) = self.table.probe(me, opp) {
            let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
            if lower > alpha {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            hint = entry.best;
        }

        let moves = legal_moves(me, opp);
        if moves == 0 {
            if legal_moves(opp, me) == 0 {
                return final_score(me, opp);
            }
            return -self.deep(opp, me, -alpha - 1, n);
        }

        let mut list = MoveList::new(me, opp, moves);
        // The children's table slots, fetched while this node orders its moves.
        if n > SHALLOW_EMPTIES + 1 {
            for c in list.as_slice() {
                self.table
                    .prefetch(opp & !c.flipped, me | c.flipped | (1u64 << c.square));
            }
        }
        // Enhanced transposition cut-off: a child already known to be bad enough for the
        // opponent refutes this node without searching anything.
        if n >= ETC_EMPTIES {
            for c in list.as_slice() {
                let bit = 1u64 << c.square;
                if let Some(entry) = self.table.probe(opp & !c.flipped, me | c.flipped | bit) {
                    let value = -i32::from(entry.upper);
                    if value > alpha {
                        return value;
                    }
                }
            }
        }

        let mut best = -65;
        let mut best_square = NO_MOVE;
        if list.as_slice().len() > 1 {
            // The table's move goes first, before paying for ordering the others: it often
            // cuts at once.
            let hinted = hint != NO_MOVE && (1u64 << hint) & moves != 0;
            if hinted {
                Self::promote(&mut list, hint);
                let c = list.pick().unwrap_or_default();
                best = -self.nws(
                    opp & !c.flipped,
                    me | c.flipped | (1u64 << c.square),
                    -alpha - 1,
                    n - 1,
                );
                best_square = c.square;
                if self.aborted {
                    return alpha;
                }
            }
            if best <= alpha {
                self.order(me, opp, n, &mut list);
            }
        }
        if best <= alpha {
            while let Some(c) = list.pick() {
                let value = -self.nws(
                    opp & !c.flipped,
                    me | c.flipped | (1u64 << c.square),
                    -alpha - 1,
                    n - 1,
                );
                if self.aborted {
                    return alpha;
                }
                if value > best {
                    best = value;
                    best_square = c.square;
                    if value > alpha {
                        break;
                    }
                }
            }
        }

        if best > alpha {
            self.table.store(me, opp, best, 64, best_square);
        } else {
            self.table.store(me, opp, -64, best, best_square);
        }
        best
    }

    /// A principal-variation node with the open window `alpha < beta`: the value (fail-soft)
    /// and the square of the best move (64 when there is none, or on a pass).
    pub(super) fn pvs(
        &mut self,
        me: u64,
        opp: u64,
        mut alpha: i32,
        beta: i32,
        n: u32,
    ) -> (i32, u8) {
        self.nodes += 1;
        if n == 0 {
            return (final_score(me, opp), NO_MOVE);
        }
        let moves = legal_moves(me, opp);
        if moves == 0 {
            if legal_moves(opp, me) == 0 {
                return (final_score(me, opp), NO_MOVE);
            }
            let (value, _) = self.pvs(opp, me, -beta, -alpha, n);
            return (-value, NO_MOVE);
        }
        let mut list = MoveList::new(me, opp, moves);
        self.order(me, opp, n, &mut list);
        if let Some(entry) = self.table.probe(me, opp)
            && entry.best != NO_MOVE
            && (1u64 << entry.best) & moves != 0
        {
            Self::promote(&mut list, entry.best);
        }
        let window_alpha = alpha;
        let mut best = -65;
        let mut best_square = NO_MOVE;
        while let Some(c) = list.pick() {
            let (child_me, child_opp) = (opp & !c.flipped, me | c.flipped | (1u64 << c.square));
            let value = if best == -65 {
                -self.pvs(child_me, child_opp, -beta, -alpha, n - 1).0
            } else {
                let probe = -self.nws(child_me, child_opp, -alpha - 1, n - 1);
                if probe > alpha && probe < beta && !self.aborted {
                    -self.pvs(child_me, child_opp, -beta, -alpha, n - 1).0
                } else {
                    probe
                }
            };
            if self.aborted {
                return (alpha, NO_MOVE);
            }
            if value > best {
                best = value;
                best_square = c.square;
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        let (lower, upper) = if best <= window_alpha {
            (-64, best)
        } else if best >= beta {
            (best, 64)
        } else {
            (best, best)
        };
        if n > SHALLOW_EMPTIES {
            self.table.store(me, opp, lower, upper, best_square);
        }
        (best, best_square)
    }
}
