//! The table-backed search: the root, principal-variation nodes and null-window nodes with
//! more than [`SHALLOW_EMPTIES`] empty squares.
//!
//! Null-window nodes ([`Solver::nws`]) answer one question, "is the score above `alpha`?", and
//! fail soft: they return a lower bound above `alpha` or an upper bound at or below it. A large
//! solve ([`NULL_WINDOW_ROOT_EMPTIES`] empties or more) is nothing but such questions, asked at
//! the root from a guess upwards ([`Solver::root_by_null_windows`]). A small one asks for the
//! sign first, then searches the principal variation ([`Solver::pvs`]) with an open window, its
//! other moves first with a null window and again with the open one only when they beat the
//! best so far.

use super::flips::flips;
use super::order::MoveList;
use super::probcut::{EXACT, PROBCUT_EMPTIES, SELECTIVE_ROOT_EMPTIES, SELECTIVITY};
use super::stability::stable_discs;
use super::{SHALLOW_EMPTIES, Solver, final_score};
use crate::Move;
use crate::board::legal_moves;

/// From this many empty squares on, the children are looked up in the table before searching
/// (enhanced transposition cut-off).
const ETC_EMPTIES: u32 = 11;
/// From this many empty squares on, the stability cut-off is tried.
const STABILITY_EMPTIES: u32 = 7;
/// No move known: the `best` of a table entry without one.
const NO_MOVE: u8 = 64;
/// From this many empty squares on, the root proves the score with null-window tests from a
/// guess ([`Solver::root_by_null_windows`]); below, by sign then open window. Measured on FFO
/// #40-#49: 1.22 G nodes against 1.98 G with the sign-then-open-window root (first weights);
/// FFO #20-#39 (18-26 empties) 175 M against 189 M.
pub(super) const NULL_WINDOW_ROOT_EMPTIES: u32 = 18;
/// The guess searches this many plies fewer than there are empty squares, and at most
/// [`MAX_GUESS_DEPTH`]; the first test asks for [`GUESS_MARGIN`] discs less than the guess.
/// Depth 8 and margin 2 beat depth 10 and margin 4 on FFO #40-#49 (1.17 G against 1.22 G
/// nodes), and with trial weights from 64,000 games on #30-#39, #40-#49 and #50-#52 alike;
/// margin 0 was worse by a tenth (a first test above the score costs a whole refutation).
const GUESS_DEPTH_OFFSET: u32 = 16;
const MAX_GUESS_DEPTH: u32 = 8;
const GUESS_MARGIN: i32 = 2;
/// After a failed test, the next asks for this many discs less than the upper bound it left.
/// The score is mostly within 2 of that bound (FFO #40-#49: in 3 of the 4 positions whose
/// first test failed), and jumping lower costs passing tests on the way back up: 1.21 G nodes
/// for #40-#49 against 1.24 G with 8 (0 and 4: 1.19 G and 1.22 G; 0 pays several
/// refutations when the guess is far too high).
const FAILED_TEST_STEP: i32 = 2;

impl Solver {
    /// The root: an exact score and a move achieving it.
    pub(super) fn root(&mut self, me: u64, opp: u64) -> (Option<Move>, i32) {
        let n = (!(me | opp)).count_ones();
        if legal_moves(me, opp) == 0 {
            self.nodes += 1;
            if legal_moves(opp, me) == 0 {
                return (None, final_score(me, opp));
            }
            let (_, value) = self.root(opp, me);
            return (Some(Move::PASS), -value);
        }
        if n < NULL_WINDOW_ROOT_EMPTIES {
            return self.root_by_sign(me, opp, n);
        }
        self.root_by_null_windows(me, opp, n)
    }

    /// The root of a small solve: one null-window search around 0 says who wins, cheaply, and
    /// leaves a bound on the score; then an open window on the side of the bound. Measured:
    /// fewer nodes than one open-window search (the open window pays for a principal variation
    /// across the whole score range), and far fewer than stepping null windows towards a score
    /// far from 0.
    pub(super) fn root_by_sign(&mut self, me: u64, opp: u64, n: u32) -> (Option<Move>, i32) {
        let probe = self.nws(me, opp, -1, n);
        let (value, best) = if probe > -1 {
            self.pvs(me, opp, probe - 1, 65, n)
        } else {
            self.pvs(me, opp, -65, probe + 1, n)
        };
        (Move::place(best), value)
    }

    /// The root of a large solve: null-window tests "is the score at least `b`?", starting a
    /// little below the guess of a shallow search on the pattern evaluation ([`Solver::guess`])
    /// and stepping up until one fails; the table carries what each test learnt into the
    /// next. A test below the true score passes cheaply (one good move per node of ours
    /// suffices), one above it costs a whole refutation, so the start errs low, and after a
    /// failed test the next one asks for a little less than the bound it left. Measured on FFO
    /// #48 (score +28): the open-window search costs 518 M nodes, tests stepping up from 0 210 M,
    /// stepping down from 36 604 M. Not every position is so kind: on FFO #56 (+2, guessed -4
    /// by a depth-10 search) every test cost 0.4-0.6 G nodes, and the seven tests from -8 (4.2 G)
    /// cost more than the sign and open window (2.8 G).
    ///
    /// From [`SELECTIVE_ROOT_EMPTIES`] on, the tests are made first in selective passes (module
    /// `probcut`), and the exact tests start at the score of the last of them: FFO #40-#49
    /// 0.92 G nodes against 1.18 G, #50-#52 1.14 G against 1.30 G. Starting the exact tests 2
    /// below that score, as below the first guess, cost 2% more nodes over FFO #30-#52.
    pub(super) fn root_by_null_windows(
        &mut self,
        me: u64,
        opp: u64,
        n: u32,
    ) -> (Option<Move>, i32) {
        let depth = n
            .saturating_sub(GUESS_DEPTH_OFFSET)
            .clamp(1, MAX_GUESS_DEPTH);
        let mut guess = self.guess(me, opp, depth);
        if self.aborted {
            return (None, 0);
        }
        // The selective passes (large solves only), then the exact one. After the first, each
        // starts its tests at the score of the one before, a close guess.
        let (mut best, mut margin) = (NO_MOVE, GUESS_MARGIN);
        if n >= SELECTIVE_ROOT_EMPTIES {
            for level in 0..SELECTIVITY.len() {
                self.level = level as u8;
                (guess, best) = self.prove(me, opp, n, (guess, best), margin);
                if self.aborted {
                    return (None, 0);
                }
                margin = 0;
            }
            self.level = EXACT;
        }
        let (score, best) = self.prove(me, opp, n, (guess, best), margin);
        (Move::place(best), score)
    }

    /// The null-window tests of [`Solver::root_by_null_windows`], the first `margin` below
    /// `guess`, the move `first` tried first: the score and a move achieving it (at the
    /// solver's `level`: exact only at [`EXACT`]).
    fn prove(
        &mut self,
        me: u64,
        opp: u64,
        n: u32,
        (guess, first): (i32, u8),
        margin: i32,
    ) -> (i32, u8) {
        // The proven bounds, and the move that achieved the lower one. Nothing is proven below
        // until a test passes (below -64: a test at -64, which always passes, then finds a move).
        let (mut lower, mut upper, mut best) = (-66, 64, first);
        let mut bound = (guess - margin).clamp(-64, 64);
        loop {
            let (value, square) = self.root_nws(me, opp, bound - 1, n, best);
            if self.aborted {
                return (0, NO_MOVE);
            }
            if value >= bound {
                lower = value;
                best = square;
            } else {
                upper = value;
            }
            if lower >= upper {
                break;
            }
            // Scores are even, so the next test asks for 2 more than a passed one. Clamped so
            // that every test narrows the bounds.
            bound = if value >= bound {
                value + 2
            } else {
                value - FAILED_TEST_STEP
            }
            .clamp(lower + 1, upper);
        }
        (lower, best)
    }

    /// The root with the null window `(alpha, alpha + 1)`: the value (fail-soft) and the move
    /// that beat `alpha` (or, when none did, the one with the highest bound). `first` (when a
    /// legal square) is tried first: the move of the previous test.
    fn root_nws(&mut self, me: u64, opp: u64, alpha: i32, n: u32, first: u8) -> (i32, u8) {
        self.nodes += 1;
        let moves = legal_moves(me, opp);
        let mut list = MoveList::new(me, opp, moves);
        self.order(me, opp, n, &mut list);
        if first != NO_MOVE && (1u64 << first) & moves != 0 {
            Self::promote(&mut list, first);
        }
        self.search_moves(me, opp, alpha, n, &mut list, (-65, NO_MOVE))
            .unwrap_or((alpha, NO_MOVE))
    }

    /// Searches the moves of `list`, best key first, each with the null window around `alpha`,
    /// until one beats it: the best value and its square, counting from `best` (a value and
    /// square already found). `None` when the node limit was reached.
    #[inline(always)]
    fn search_moves(
        &mut self,
        me: u64,
        opp: u64,
        alpha: i32,
        n: u32,
        list: &mut MoveList,
        best: (i32, u8),
    ) -> Option<(i32, u8)> {
        let (mut best, mut best_square) = best;
        while let Some(c) = list.pick() {
            let value = -self.nws(
                opp & !c.flipped,
                me | c.flipped | (1u64 << c.square),
                -alpha - 1,
                n - 1,
            );
            if self.aborted {
                return None;
            }
            if value > best {
                best = value;
                best_square = c.square;
                if value > alpha {
                    break;
                }
            }
        }
        Some((best, best_square))
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
    /// table, probable cut-off (selective passes only), enhanced transposition cut-off,
    /// ordered moves.
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

        // The table's move and the position it leads to. The child's table slot is fetched
        // while this node generates its moves, which waits less on memory (4-5% less time for
        // FFO #40-#49, in paired runs).
        let mut hint = None;
        if let Some(entry) = self.table.probe(me, opp, self.level) {
            let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
            if lower > alpha {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            if entry.best != NO_MOVE {
                let f = flips(me, opp, u32::from(entry.best));
                let child = (opp & !f, me | f | (1u64 << entry.best));
                if n > SHALLOW_EMPTIES + 1 {
                    self.table.prefetch(child.0, child.1);
                }
                hint = Some((entry.best, child));
            }
        }

        // In a selective pass, a shallow search far enough beyond the window cuts the node.
        if self.level != EXACT
            && n >= PROBCUT_EMPTIES
            && let Some(value) = self.probcut(me, opp, alpha, n)
        {
            return value;
        }

        let moves = legal_moves(me, opp);
        if moves == 0 {
            if legal_moves(opp, me) == 0 {
                return final_score(me, opp);
            }
            return -self.deep(opp, me, -alpha - 1, n);
        }

        let mut best = -65;
        let mut best_square = NO_MOVE;
        // The table's move goes first, before generating and ordering the others: it often
        // cuts at once, and then their flips, table slots and keys are never needed.
        let mut rest = moves;
        if let Some((square, (child_me, child_opp))) = hint
            && (1u64 << square) & moves != 0
            && moves.count_ones() > 1
        {
            best = -self.nws(child_me, child_opp, -alpha - 1, n - 1);
            best_square = square;
            if self.aborted {
                return alpha;
            }
            rest &= !(1u64 << square);
        }
        if best <= alpha {
            let mut list = MoveList::new(me, opp, rest);
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
                    if let Some(entry) =
                        self.table
                            .probe(opp & !c.flipped, me | c.flipped | bit, self.level)
                    {
                        let value = -i32::from(entry.upper);
                        if value > alpha {
                            return value;
                        }
                    }
                }
            }
            if list.as_slice().len() > 1 {
                self.order(me, opp, n, &mut list);
            }
            let Some(found) = self.search_moves(me, opp, alpha, n, &mut list, (best, best_square))
            else {
                return alpha;
            };
            (best, best_square) = found;
        }

        if best > alpha {
            self.table.store(me, opp, best, 64, best_square, self.level);
        } else {
            self.table
                .store(me, opp, -64, best, best_square, self.level);
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
        if let Some(entry) = self.table.probe(me, opp, self.level)
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
            self.table
                .store(me, opp, lower, upper, best_square, self.level);
        }
        (best, best_square)
    }
}
