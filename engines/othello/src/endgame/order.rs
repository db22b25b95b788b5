//! Move ordering for the table-backed part of the search: the move list and its keys.
//!
//! A cut-off comes sooner the better the first move, and in an exact search the best first
//! move is usually the one leaving the opponent fewest replies ("fastest first"): it narrows
//! the tree below it and tends to be strong. The key is therefore, from most to least
//! significant: the opponent's weighted mobility (corners count twice), its potential mobility
//! (empty squares next to our discs), our discs made stable next to corners, then quadrant
//! parity and the class of the square (corner, edge, C- or X-square) as tie-breaks. From
//! [`SORT_SEARCH_EMPTIES`] on, the value of a shallow alpha-beta search on the pattern
//! evaluation ([`crate::pattern`], trained on solved games) leads instead, the opponent's
//! mobility second: it judges a move by where it leads a few plies on rather than by mobility
//! alone, which is what shrinks the tree at 20 and more empty squares.

use std::mem::MaybeUninit;

use super::Solver;
use super::flips::flips;
use super::quadrant_parity_squares;
use crate::board::{C_SQUARES, CORNERS, EDGES, X_SQUARES, legal_moves, neighbours};
use crate::pattern::{EVAL_SCALE, PatternWeights};

/// From this many empty squares on, moves are ordered by a shallow [`evaluate`] search. The
/// search is dear (a depth-1 search evaluates every reply of every move). Starting it at 16
/// empties, depth 2 at 18 and depth 3 at 20, costs a few more nodes than 14, 17 and 20 but
/// less time: on FFO #40-#49 1.21 G nodes in 31 s against 1.14 G in 34.6 s (#50-#51 34.6 s
/// against 44.5 s, #30-#39 4.1 s against 4.5 s). None of the other thresholds tried did
/// better: a static evaluation below the depth-1 search, later depths as in Edax, depth 4
/// from 20 or 21 empties (fewer nodes on #45-#49, more on #40-#44 and #50).
const SORT_SEARCH_EMPTIES: u32 = 16;
/// From this many empty squares on, the [`evaluate`] search looks two plies ahead.
const SORT_DEPTH_2_EMPTIES: u32 = 18;
/// From this many empty squares on, the [`evaluate`] search looks three plies ahead.
const SORT_DEPTH_3_EMPTIES: u32 = 20;
/// Up to this many empty squares, parity counts in the move ordering.
const PARITY_ORDER_EMPTIES: u32 = 14;
/// Beyond any [`evaluate`] value or scaled final score.
const SORT_INF: i32 = 1 << 20;
/// The key of the table's move: above every other key.
const HINT_KEY: i32 = 1 << 28;

/// Fastest-first weights (key units): per opponent reply (corners count twice); per empty
/// square next to one of our discs (a potential reply); per disc of ours on a corner or next
/// to our corner along an edge (stable, see [`corner_stability`]); for a
/// move into an odd-parity quadrant. The reply count dominates; the others, and the square's
/// class ([`SQUARE_BONUS`]), break its ties. Measured on FFO #40-#42 and #20-#39 node counts.
const W_REPLY: i32 = 64;
const W_POTENTIAL: i32 = 4;
const W_CORNER_STABLE: i32 = 6;
const W_PARITY: i32 = 4;

/// The fastest-first tie-break for a move by the class of its square: corners 2, the middle
/// of the edges 1, C-squares -1, X-squares -2 (both give the corner away while it is empty),
/// the inner squares 0. FFO #30-#44 node counts 2% lower than with the corner bonus alone,
/// #45-#49 2.5% lower; twice these values gave about the same.
const SQUARE_BONUS: [i32; 64] = square_bonus();

const fn square_bonus() -> [i32; 64] {
    let mut bonus = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let bit = 1u64 << sq;
        bonus[sq] = if CORNERS & bit != 0 {
            2
        } else if C_SQUARES & bit != 0 {
            -1
        } else if X_SQUARES & bit != 0 {
            -2
        } else if EDGES & bit != 0 {
            1
        } else {
            0
        };
        sq += 1;
    }
    bonus
}

/// The weight of the hand-made heuristic in [`evaluate`]: the trained patterns alone order
/// worse than with it (they were fitted on only 16,000 games). Measured on FFO #40-#44 node
/// counts (weights 0, 1, 2, 3, 4, 6 tried; 3 and 4 best, by about a quarter over either part
/// alone) and checked on #30-#39 and #45-#49.
const HAND_WEIGHT: i32 = 3;
/// Per opponent reply, added to the [`evaluate`] search value at high empties.
const W_SORT_REPLY: i32 = 48;

/// One candidate move: its square, flips and ordering key.
#[derive(Clone, Copy, Default)]
pub struct Candidate {
    pub square: u8,
    pub flipped: u64,
    pub key: i32,
}

/// The moves of a position, generated all at once and picked best-key first.
///
/// The array is left uninitialised beyond `len`: zeroing 34 candidates at every node cost
/// about 2% of a solve's instructions, more than filling the few that are used.
pub struct MoveList {
    moves: [MaybeUninit<Candidate>; 34],
    len: usize,
}

impl MoveList {
    /// The placements of `moves` (a legal-move set) with their flips; keys all zero.
    #[inline]
    pub fn new(me: u64, opp: u64, mut moves: u64) -> MoveList {
        let mut list = MoveList {
            moves: [const { MaybeUninit::uninit() }; 34],
            len: 0,
        };
        while moves != 0 {
            let sq = moves.trailing_zeros();
            moves &= moves - 1;
            // No truncation: squares are < 64.
            let square = sq as u8;
            list.moves[list.len].write(Candidate {
                square,
                flipped: flips(me, opp, sq),
                key: 0,
            });
            list.len += 1;
        }
        list
    }

    /// The candidates, in generation order.
    #[inline]
    pub fn as_slice(&self) -> &[Candidate] {
        // SAFETY: the first `len` entries are initialised (`new` wrote them, `pick` keeps them
        // contiguous), and `MaybeUninit<Candidate>` has the layout of `Candidate`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Candidate>(), self.len) }
    }

    /// The candidates, in generation order, to set their keys.
    #[inline]
    fn as_mut_slice(&mut self) -> &mut [Candidate] {
        // SAFETY: as in `as_slice`.
        unsafe {
            std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Candidate>(), self.len)
        }
    }

    /// Removes and returns the candidate with the highest key (ties: the first generated).
    #[inline]
    pub fn pick(&mut self) -> Option<Candidate> {
        let moves = self.as_slice();
        if moves.is_empty() {
            return None;
        }
        let mut best = 0;
        for i in 1..moves.len() {
            if moves[i].key > moves[best].key {
                best = i;
            }
        }
        let chosen = moves[best];
        // Keep generation order for the rest so ties stay deterministic and first-come.
        self.moves.copy_within(best + 1..self.len, best);
        self.len -= 1;
        Some(chosen)
    }
}

/// How many of `discs` are corners or edge squares next to a corner of `discs`: a cheap count
/// of stable discs (such a disc can never be flipped).
#[inline(always)]
fn corner_stability(discs: u64) -> i32 {
    let corners = discs & CORNERS;
    let next = ((corners & 0x0100_0000_0000_0001) << 1)
        | ((corners & 0x8000_0000_0000_0080) >> 1)
        | ((corners & 0x0000_0000_0000_0081) << 8)
        | ((corners & 0x8100_0000_0000_0000) >> 8);
    ((corners | next) & discs).count_ones() as i32
}

/// The legal moves of `me`: with `FAST` (only in the copy compiled with AVX2, see
/// [`Solver::order`]) straight from the AVX2 generator, sparing the per-call processor test of
/// [`legal_moves`].
#[inline(always)]
fn moves_of<const FAST: bool>(me: u64, opp: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if FAST {
        // SAFETY: `FAST` copies run only where `cpu::has_popcnt_avx2` found AVX2.
        return unsafe { crate::board::legal_moves_avx2(me, opp) };
    }
    legal_moves(me, opp)
}

/// The key of a position for move ordering, side to move's view: the pattern evaluation
/// ([`EVAL_SCALE`] units per disc) plus [`HAND_WEIGHT`] times a hand-made mobility heuristic.
/// Only to sort moves, never a score.
#[inline(always)]
fn evaluate<const FAST: bool>(me: u64, opp: u64) -> i32 {
    let empties = !(me | opp);
    let my_moves = moves_of::<FAST>(me, opp);
    let their_moves = moves_of::<FAST>(opp, me);
    let pattern = PatternWeights::shipped().evaluate_with_mobility(
        me,
        opp,
        my_moves.count_ones(),
        their_moves.count_ones(),
    );
    let mobility = (my_moves.count_ones() + (my_moves & CORNERS).count_ones()) as i32
        - (their_moves.count_ones() + (their_moves & CORNERS).count_ones()) as i32;
    let potential = (neighbours(opp) & empties).count_ones() as i32
        - (neighbours(me) & empties).count_ones() as i32;
    let corners = (me & CORNERS).count_ones() as i32 - (opp & CORNERS).count_ones() as i32;
    // X-squares count against their owner while the corner beside them is empty.
    let open_x = X_SQUARES & neighbours(CORNERS & empties);
    let x_squares = (me & open_x).count_ones() as i32 - (opp & open_x).count_ones() as i32;
    let hand = 16 * mobility + 4 * potential + 40 * corners - 20 * x_squares;
    pattern + HAND_WEIGHT * hand
}

/// Move ordering comes in two compiled copies of one body, generic over `FAST`: the portable
/// one, and one compiled with `popcnt` and AVX2 (chosen at run time, see [`super::cpu`]) where
/// every disc count is one instruction and the move generators are inlined. The recursion of
/// [`Solver::sort_search_body`] calls the copy it runs in, so a search never leaves it. Both
/// copies compute the same keys.
impl Solver {
    /// Gives every candidate of `list` its key for the position `(me, opp)` with `n` empties.
    pub(super) fn order(&mut self, me: u64, opp: u64, n: u32, list: &mut MoveList) {
        #[cfg(target_arch = "x86_64")]
        if super::cpu::has_popcnt_avx2() {
            // SAFETY: the processor has `popcnt` and AVX2, the features of `order_fast`.
            return unsafe { self.order_fast(me, opp, n, list) };
        }
        self.order_body::<false>(me, opp, n, list);
    }

    /// [`Solver::order`] compiled with `popcnt` and AVX2.
    ///
    /// # Safety
    /// The processor must have `popcnt` and AVX2 ([`super::cpu::has_popcnt_avx2`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,avx2")]
    unsafe fn order_fast(&mut self, me: u64, opp: u64, n: u32, list: &mut MoveList) {
        self.order_body::<true>(me, opp, n, list);
    }

    /// The body of [`Solver::order`]; `FAST` says it runs in the `popcnt` and AVX2 copy.
    #[inline(always)]
    fn order_body<const FAST: bool>(&mut self, me: u64, opp: u64, n: u32, list: &mut MoveList) {
        let empties = !(me | opp);
        let parity = if n <= PARITY_ORDER_EMPTIES {
            quadrant_parity_squares(empties)
        } else {
            0
        };
        let depth = match n {
            0..SORT_SEARCH_EMPTIES => 0,
            SORT_SEARCH_EMPTIES..SORT_DEPTH_2_EMPTIES => 1,
            SORT_DEPTH_2_EMPTIES..SORT_DEPTH_3_EMPTIES => 2,
            _ => 3,
        };
        for c in list.as_mut_slice() {
            let bit = 1u64 << c.square;
            let (child_me, child_opp) = (opp & !c.flipped, me | c.flipped | bit);
            let replies = moves_of::<FAST>(child_me, child_opp);
            let mobility = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
            c.key = if depth > 0 {
                -self.sort_search::<FAST>(child_me, child_opp, depth, -SORT_INF, SORT_INF)
                    - W_SORT_REPLY * mobility
            } else {
                // Squares next to our discs are the opponent's potential replies.
                let potential = (neighbours(child_opp) & empties & !bit).count_ones() as i32;
                let mut key = -W_REPLY * mobility - W_POTENTIAL * potential
                    + W_CORNER_STABLE * corner_stability(child_opp);
                if parity & bit != 0 {
                    key += W_PARITY;
                }
                key += SQUARE_BONUS[usize::from(c.square)];
                key
            };
        }
    }

    /// Puts the candidate on `square` first, whatever the other keys.
    #[inline]
    pub(super) fn promote(list: &mut MoveList, square: u8) {
        for c in list.as_mut_slice() {
            if c.square == square {
                c.key = HINT_KEY;
            }
        }
    }

    /// A depth-limited alpha-beta search on [`evaluate`], only to order moves at high empties,
    /// in the copy named by `FAST`. Its nodes count in [`super::Solution::nodes`].
    #[inline(always)]
    fn sort_search<const FAST: bool>(
        &mut self,
        me: u64,
        opp: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if FAST {
            // SAFETY: `FAST` copies run only where `cpu::has_popcnt_avx2` found both features.
            return unsafe { self.sort_search_fast(me, opp, depth, alpha, beta) };
        }
        self.sort_search_portable(me, opp, depth, alpha, beta)
    }

    /// [`Solver::sort_search_body`] for any processor. Its signature is `sort_search_fast`'s on
    /// purpose: each copy is a function of its own (`target_feature` needs one), where the
    /// recursion re-enters.
    fn sort_search_portable(
        &mut self,
        me: u64,
        opp: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        self.sort_search_body::<false>(me, opp, depth, alpha, beta)
    }

    /// [`Solver::sort_search_body`] compiled with `popcnt` and AVX2.
    ///
    /// # Safety
    /// The processor must have `popcnt` and AVX2 ([`super::cpu::has_popcnt_avx2`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,avx2")]
    unsafe fn sort_search_fast(
        &mut self,
        me: u64,
        opp: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        self.sort_search_body::<true>(me, opp, depth, alpha, beta)
    }

    /// The search of [`Solver::sort_search`].
    #[inline(always)]
    fn sort_search_body<const FAST: bool>(
        &mut self,
        me: u64,
        opp: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if depth == 0 {
            return evaluate::<FAST>(me, opp);
        }
        let mut moves = moves_of::<FAST>(me, opp);
        if moves == 0 {
            if moves_of::<FAST>(opp, me) == 0 {
                return super::final_score(me, opp) * EVAL_SCALE;
            }
            return -self.sort_search::<FAST>(opp, me, depth, -beta, -alpha);
        }
        let mut best = -SORT_INF;
        while moves != 0 {
            let sq = moves.trailing_zeros();
            moves &= moves - 1;
            let f = flips(me, opp, sq);
            let value = -self.sort_search::<FAST>(
                opp & !f,
                me | f | (1u64 << sq),
                depth - 1,
                -beta,
                -alpha,
            );
            // The fail-soft update written out, as in `guess_search`: a search loop, kept inline.
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
