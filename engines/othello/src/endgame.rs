//! Exact endgame solver: the final disc difference with perfect play from any position.
//!
//! [`solve`] returns the score for the side to move and a move achieving it; [`solve_window`]
//! bounds the score within a window (fail-soft), which is what the search does internally.
//! Scores follow the FFO/Edax convention: the side to move's discs minus the opponent's at the
//! end of the game, the empty squares (if the game ends early) going to the winner.
//!
//! # Search
//! Negamax alpha-beta with principal-variation (null-window) searches, on raw bitboards. The
//! work is split by the number of empty squares `n`, because what pays differs:
//! - `n > SHALLOW_EMPTIES`: transposition table (module `table`, two-slot buckets), enhanced
//!   transposition cut-off from `ETC_EMPTIES` on, stability cut-off (module `stability`) and
//!   fastest-first ordering: the table's best move before all, then moves leaving the opponent
//!   fewest replies (corners counted twice), fewest potential replies, odd-parity quadrants
//!   near the end. From `SORT_SEARCH_EMPTIES` on, the key is instead the value of a
//!   depth-1..3 alpha-beta search from the child on a small mobility/corner heuristic (no
//!   trained weights: a pattern evaluation is what would improve the ordering most).
//! - `2 <= n <= SHALLOW_EMPTIES`: no table, no mobility; squares in odd-parity quadrants first,
//!   then by a static square class (corners first, X-squares last).
//! - `n == 1`: the last empty square counted directly from the flips of either side.
//!
//! Nothing depends on time or on earlier solves (the table is new for each solve), so node
//! counts are reproducible. Example: `cargo run --release -p arbiter-othello --example solve --
//! --ffo 40..49`.

mod stability;
mod table;

#[cfg(test)]
mod tests;

use crate::Move;
use crate::bitboard::{flips, legal_moves};
use stability::stable_discs;
use table::Table;

/// The result of [`solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// A move achieving [`Solution::score`]: a square, [`Move::PASS`] when the side to move must
    /// pass, `None` when the game is over.
    pub best: Option<Move>,
    /// The exact final disc difference for the side to move, empties to the winner.
    pub score: i32,
    /// Positions visited (every call of the search, leaves included).
    pub nodes: u64,
}

/// At or below this many empty squares the search drops the table and mobility ordering.
const SHALLOW_EMPTIES: u32 = 6;
/// From this many empty squares on, the stability cut-off is tried.
const STABILITY_EMPTIES: u32 = 8;
/// From this many empty squares on, the children are looked up in the table before searching.
const ETC_EMPTIES: u32 = 11;
/// From this many empty squares on, moves are ordered by a shallow [`heuristic`] search.
const SORT_SEARCH_EMPTIES: u32 = 14;
/// Up to this many empty squares, parity counts in the move ordering of the deep search.
const PARITY_ORDER_EMPTIES: u32 = 14;

/// a1, h1, a8, h8.
const CORNERS: u64 = 0x8100_0000_0000_0081;
/// b2, g2, b7, g7: the squares diagonally next to the corners.
const X_SQUARES: u64 = 0x0042_0000_0000_4200;
/// The edge squares next to the corners.
const C_SQUARES: u64 = 0x4281_0000_0000_8142;
/// The square classes in the order the shallow search tries them.
const SQUARE_CLASSES: [u64; 4] = [
    CORNERS,
    !(CORNERS | X_SQUARES | C_SQUARES),
    C_SQUARES,
    X_SQUARES,
];
/// The four 4x4 quadrants.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// Solves the position exactly: `player` holds the side to move's discs, `opponent` the other's.
///
/// # Panics
/// Debug builds assert that the two boards do not overlap.
#[must_use]
pub fn solve(player: u64, opponent: u64) -> Solution {
    debug_assert_eq!(player & opponent, 0, "overlapping boards");
    let mut solver = Solver::new();
    let (best, score) = solver.root(player, opponent);
    Solution {
        best,
        score,
        nodes: solver.nodes,
    }
}

/// Solves the position of `game` exactly (see [`solve`]).
#[must_use]
pub fn solve_game(game: &crate::Othello) -> Solution {
    let (me, opp) = game.boards();
    solve(me, opp)
}

/// Fail-soft bound on the exact score within the window `alpha < beta`: a returned value `v`
/// with `alpha < v < beta` is exact, `v <= alpha` is an upper bound, `v >= beta` a lower bound.
/// Returns the value and the nodes searched.
///
/// # Panics
/// Debug builds assert `alpha < beta` and that the boards do not overlap.
#[must_use]
pub fn solve_window(player: u64, opponent: u64, alpha: i32, beta: i32) -> (i32, u64) {
    debug_assert!(alpha < beta);
    debug_assert_eq!(player & opponent, 0, "overlapping boards");
    let mut solver = Solver::new();
    let value = solver.any(player, opponent, alpha, beta);
    (value, solver.nodes)
}

/// The final score when neither side can move: disc difference, empties to the winner.
#[inline]
fn final_score(me: u64, opp: u64) -> i32 {
    let mine = me.count_ones() as i32;
    let theirs = opp.count_ones() as i32;
    let empties = 64 - mine - theirs;
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => mine - theirs + empties,
        std::cmp::Ordering::Less => mine - theirs - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The squares of the quadrants holding an odd number of empty squares.
#[inline]
fn odd_quadrants(empties: u64) -> u64 {
    QUADRANTS
        .iter()
        .filter(|&&q| (empties & q).count_ones() & 1 == 1)
        .fold(0, |acc, q| acc | q)
}

/// The squares next to a disc of `discs` in any of the eight directions.
#[inline]
fn neighbours(discs: u64) -> u64 {
    const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let horizontal = ((discs << 1) & NOT_A) | ((discs >> 1) & NOT_H);
    let row = discs | horizontal;
    horizontal | (row << 8) | (row >> 8)
}

/// Beyond any [`heuristic`] value or scaled final score.
const SORT_INF: i32 = 1 << 20;

/// A rough midgame evaluation for move ordering, side to move's view: mobility, potential
/// mobility and corners. Not used for any score, only to sort moves.
#[inline]
fn heuristic(me: u64, opp: u64) -> i32 {
    let empties = !(me | opp);
    let my_moves = legal_moves(me, opp);
    let their_moves = legal_moves(opp, me);
    let mobility = (my_moves.count_ones() + (my_moves & CORNERS).count_ones()) as i32
        - (their_moves.count_ones() + (their_moves & CORNERS).count_ones()) as i32;
    let potential = (neighbours(opp) & empties).count_ones() as i32
        - (neighbours(me) & empties).count_ones() as i32;
    let corners = (me & CORNERS).count_ones() as i32 - (opp & CORNERS).count_ones() as i32;
    // X-squares count against their owner while the corner beside them is empty.
    let open_x = X_SQUARES & neighbours(CORNERS & empties);
    let x_squares = (me & open_x).count_ones() as i32 - (opp & open_x).count_ones() as i32;
    16 * mobility + 4 * potential + 40 * corners - 20 * x_squares
}

/// One candidate move in the deep search: its square, flips and ordering key.
#[derive(Clone, Copy, Default)]
struct Candidate {
    square: u8,
    flipped: u64,
    key: i32,
}

/// The moves of a position, generated all at once and picked best-key first.
struct MoveList {
    moves: [Candidate; 34],
    len: usize,
}

impl MoveList {
    /// Removes and returns the candidate with the highest key (ties: the first generated).
    #[inline]
    fn pick(&mut self) -> Option<Candidate> {
        if self.len == 0 {
            return None;
        }
        let mut best = 0;
        for i in 1..self.len {
            if self.moves[i].key > self.moves[best].key {
                best = i;
            }
        }
        let chosen = self.moves[best];
        // Keep generation order for the rest so ties stay deterministic and first-come.
        self.moves.copy_within(best + 1..self.len, best);
        self.len -= 1;
        Some(chosen)
    }
}

/// Search state for one solve.
struct Solver {
    table: Table,
    nodes: u64,
}

impl Solver {
    fn new() -> Solver {
        Solver {
            table: Table::new(),
            nodes: 0,
        }
    }

    /// The root: an exact score and a move achieving it.
    fn root(&mut self, me: u64, opp: u64) -> (Option<Move>, i32) {
        self.nodes += 1;
        let moves = legal_moves(me, opp);
        if moves == 0 {
            if legal_moves(opp, me) == 0 {
                return (None, final_score(me, opp));
            }
            return (Some(Move::PASS), -self.any(opp, me, -64, 64));
        }
        let mut list = self.ordered_moves(me, opp, moves, 64);
        let (mut alpha, beta) = (-65, 65);
        let mut best_square = 64u8;
        let mut first = true;
        while let Some(c) = list.pick() {
            let (child_me, child_opp) = (opp & !c.flipped, me | c.flipped | (1u64 << c.square));
            let value = if first {
                -self.any(child_me, child_opp, -beta, -alpha)
            } else {
                let probe = -self.any(child_me, child_opp, -alpha - 1, -alpha);
                if probe > alpha {
                    -self.any(child_me, child_opp, -beta, -alpha)
                } else {
                    probe
                }
            };
            first = false;
            if value > alpha {
                alpha = value;
                best_square = c.square;
            }
        }
        (Move::place(best_square), alpha)
    }

    /// Any position, dispatched on the number of empty squares.
    #[inline]
    fn any(&mut self, me: u64, opp: u64, alpha: i32, beta: i32) -> i32 {
        let empties = !(me | opp);
        match empties.count_ones() {
            0 => {
                self.nodes += 1;
                final_score(me, opp)
            }
            1 => self.last1(me, opp, empties.trailing_zeros()),
            n if n <= SHALLOW_EMPTIES => self.shallow(me, opp, alpha, beta, empties),
            n => self.deep(me, opp, alpha, beta, n),
        }
    }

    /// One empty square left: whoever can play there does, else the game ends.
    #[inline]
    fn last1(&mut self, me: u64, opp: u64, square: u32) -> i32 {
        self.nodes += 1;
        let mine = me.count_ones() as i32;
        let f = flips(me, opp, square);
        if f != 0 {
            return 2 * (mine + 1 + f.count_ones() as i32) - 64;
        }
        let g = flips(opp, me, square);
        if g != 0 {
            let theirs = opp.count_ones() as i32;
            return 64 - 2 * (theirs + 1 + g.count_ones() as i32);
        }
        // Nobody can fill the square: the 63 discs split unevenly, the empty goes to the winner.
        let diff = 2 * mine - 63;
        if diff > 0 { diff + 1 } else { diff - 1 }
    }

    /// A few empty squares left: parity then square-class order, no table.
    fn shallow(&mut self, me: u64, opp: u64, mut alpha: i32, beta: i32, empties: u64) -> i32 {
        self.nodes += 1;
        let odd = odd_quadrants(empties);
        let mut best = -65;
        for group in [empties & odd, empties & !odd] {
            for class in SQUARE_CLASSES {
                let mut squares = group & class;
                while squares != 0 {
                    let sq = squares.trailing_zeros();
                    squares &= squares - 1;
                    let f = flips(me, opp, sq);
                    if f == 0 {
                        continue;
                    }
                    let value = -self.any(opp & !f, me | f | (1u64 << sq), -beta, -alpha);
                    if value > best {
                        best = value;
                        if value > alpha {
                            alpha = value;
                            if value >= beta {
                                return best;
                            }
                        }
                    }
                }
            }
        }
        if best == -65 {
            // No placement: pass, or the game is over.
            if legal_moves(opp, me) == 0 {
                return final_score(me, opp);
            }
            return -self.shallow(opp, me, -beta, -alpha, empties);
        }
        best
    }

    /// Many empty squares: table, stability cut-off, fastest-first ordering, PVS.
    fn deep(&mut self, me: u64, opp: u64, mut alpha: i32, mut beta: i32, n: u32) -> i32 {
        self.nodes += 1;

        // Stability: the opponent keeps its stable discs, which caps our score.
        if n >= STABILITY_EMPTIES && 64 - 2 * (opp.count_ones() as i32) <= alpha {
            let cap = 64 - 2 * stable_discs(opp, me).count_ones() as i32;
            if cap <= alpha {
                return cap;
            }
        }

        let mut hint = 64u8;
        if let Some(entry) = self.table.probe(me, opp) {
            let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
            if lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            if lower == upper {
                return lower;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
            hint = entry.best;
        }

        let moves = legal_moves(me, opp);
        if moves == 0 {
            if legal_moves(opp, me) == 0 {
                return final_score(me, opp);
            }
            return -self.deep(opp, me, -beta, -alpha, n);
        }

        // Enhanced transposition cut-off: a child already known to be bad enough for the
        // opponent refutes this node without searching anything.
        if n >= ETC_EMPTIES {
            let mut rest = moves;
            while rest != 0 {
                let sq = rest.trailing_zeros();
                rest &= rest - 1;
                let f = flips(me, opp, sq);
                if let Some(entry) = self.table.probe(opp & !f, me | f | (1u64 << sq)) {
                    let value = -i32::from(entry.upper);
                    if value >= beta {
                        return value;
                    }
                }
            }
        }

        let window_alpha = alpha;
        let mut best = -65;
        let mut best_square = 64u8;
        // The table's move goes first, before paying for ordering the others: it often cuts.
        let hint_bit = if hint < 64 { (1u64 << hint) & moves } else { 0 };
        if hint_bit != 0 {
            let f = flips(me, opp, u32::from(hint));
            best = self.child(me, opp, u32::from(hint), f, alpha, beta, true);
            best_square = hint;
            alpha = alpha.max(best);
        }
        if best < beta {
            let mut list = self.ordered_moves(me, opp, moves & !hint_bit, 64);
            while let Some(c) = list.pick() {
                let value = self.child(
                    me,
                    opp,
                    u32::from(c.square),
                    c.flipped,
                    alpha,
                    beta,
                    best == -65,
                );
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
        }

        let (lower, upper) = if best <= window_alpha {
            (-64, best)
        } else if best >= beta {
            (best, 64)
        } else {
            (best, best)
        };
        self.table.store(me, opp, lower, upper, best_square);
        best
    }

    /// The value of playing `square` (flipping `flipped`) for the side to move, by PVS: the
    /// first move with the full window, later ones with a null window first and a full
    /// re-search only when that fails high inside the window.
    #[inline]
    #[allow(clippy::too_many_arguments)] // the node's whole state, passed by value in the hot path
    fn child(
        &mut self,
        me: u64,
        opp: u64,
        square: u32,
        flipped: u64,
        alpha: i32,
        beta: i32,
        first: bool,
    ) -> i32 {
        let (child_me, child_opp) = (opp & !flipped, me | flipped | (1u64 << square));
        if first || beta == alpha + 1 {
            return -self.any(child_me, child_opp, -beta, -alpha);
        }
        let probe = -self.any(child_me, child_opp, -alpha - 1, -alpha);
        if probe > alpha && probe < beta {
            -self.any(child_me, child_opp, -beta, -alpha)
        } else {
            probe
        }
    }

    /// A depth-limited alpha-beta search on [`heuristic`], only to order moves at high empties.
    /// Its nodes count in [`Solution::nodes`].
    fn sort_search(&mut self, me: u64, opp: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if depth == 0 {
            return heuristic(me, opp);
        }
        let mut moves = legal_moves(me, opp);
        if moves == 0 {
            if legal_moves(opp, me) == 0 {
                return final_score(me, opp) * 1000;
            }
            return -self.sort_search(opp, me, depth, -beta, -alpha);
        }
        let mut best = -SORT_INF;
        while moves != 0 {
            let sq = moves.trailing_zeros();
            moves &= moves - 1;
            let f = flips(me, opp, sq);
            let value =
                -self.sort_search(opp & !f, me | f | (1u64 << sq), depth - 1, -beta, -alpha);
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

    /// The legal moves with their flips and ordering keys: the table's move first, then fewest
    /// opponent replies (corners count double) and potential replies, odd-parity quadrants and
    /// corners as tie-breaks; at high empties the negated [`Solver::sort_search`] value of the
    /// child instead.
    #[inline]
    fn ordered_moves(&mut self, me: u64, opp: u64, mut moves: u64, hint: u8) -> MoveList {
        let empties = !(me | opp);
        let n = empties.count_ones();
        let parity = if empties.count_ones() <= PARITY_ORDER_EMPTIES {
            odd_quadrants(empties)
        } else {
            0
        };
        let mut list = MoveList {
            moves: [Candidate::default(); 34],
            len: 0,
        };
        while moves != 0 {
            let sq = moves.trailing_zeros();
            moves &= moves - 1;
            let bit = 1u64 << sq;
            let f = flips(me, opp, sq);
            let key = if sq == u32::from(hint) {
                1 << 24
            } else if n >= SORT_SEARCH_EMPTIES {
                // The search value alone: mixing mobility in measured slightly worse.
                let depth = match n {
                    0..18 => 1,
                    18..21 => 2,
                    _ => 3,
                };
                -self.sort_search(opp & !f, me | f | bit, depth, -SORT_INF, SORT_INF)
            } else {
                let replies = legal_moves(opp & !f, me | f | bit);
                let mobility = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
                // Fewest replies first; fewest squares next to our discs (the opponent's
                // potential moves) as the finer grain.
                let potential = (neighbours(me | f | bit) & empties & !bit).count_ones() as i32;
                let mut key = -mobility * 64 - potential * 4;
                if parity & bit != 0 {
                    key += 4;
                }
                if CORNERS & bit != 0 {
                    key += 2;
                }
                key
            };
            #[allow(clippy::cast_possible_truncation)] // squares are < 64
            let square = sq as u8;
            list.moves[list.len] = Candidate {
                square,
                flipped: f,
                key,
            };
            list.len += 1;
        }
        list
    }
}
