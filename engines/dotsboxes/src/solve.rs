//! The exact solver: alpha-beta over the lines left, with the knowledge that makes small
//! boards (3x3 from the start) and the endgames of larger ones tractable.
//!
//! **What is searched.** The value of a position for the player to move is the number of the
//! remaining boxes it gains minus those the opponent gains, with best play. It depends only on
//! the drawn lines, not on the boxes taken so far or on who took them, so the transposition
//! table keys on the line set itself (a `u64`: no collisions) and holds lower and upper bounds.
//! The search goes one line at a time: a line that completes boxes keeps the player on move
//! (`value = boxes + value(after)`), any other passes the move (`value = -value(after)`).
//!
//! **Knowledge, all exact** (so the result is a proof):
//! - *Free boxes are taken.* A line that completes every box it touches (a box with three
//!   sides on the border, or the shared side of two such boxes) changes nothing else, so any
//!   turn that leaves it undrawn does worse than the same turn with it added (the opponent
//!   would take it first and then play on): it is drawn at once, without branching.
//! - *Simple loony endgames are counted, not searched.* Once every incomplete box has two
//!   sides drawn (or three, in chains just opened), the position is a set of chains and loops
//!   whose value [`crate::chains`] computes from Berlekamp's all-or-all-but-two analysis.
//! - Lines are tried in the order captures, safe lines (which give no box its third side),
//!   sacrifices, with the table's best line first.
//!
//! The report's score and margin are the final box difference for the side to move (the boxes
//! it has now minus the opponent's, plus the value); the principal variation is whole turns.

use std::time::Instant;

use arbiter_core::Bits;
use arbiter_search::{Budget, Proven, ProvenResult, Report, SearchError, SearchResult};

use crate::board::{Edge, Geometry, NO_BOX};
use crate::chains::{structure, structure_value};
use crate::notation::Move;
use crate::rules::DotsBoxes;

/// Nodes between two looks at the clock under a time budget.
const CLOCK_INTERVAL: u64 = 4096;

/// Above any value: a board has at most 25 boxes.
const INF: i32 = 100;

/// One table slot.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    lower: i8,
    upper: i8,
    best: u8,
    used: bool,
}

/// The transposition table: two slots per bucket, the first kept for the position with more
/// lines left (the bigger subtree), the second always replaced.
struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    fn new(size_mb: usize) -> Table {
        let wanted = (size_mb.max(1) << 20) / std::mem::size_of::<Slot>();
        // The largest power of two that fits.
        let buckets = 1usize << (usize::BITS - 1 - (wanted / 2).max(1).leading_zeros());
        Table {
            slots: vec![Slot::default(); 2 * buckets],
            mask: buckets - 1,
        }
    }

    fn bucket(&self, key: u64) -> usize {
        // Fibonacci hashing of the line set.
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        2 * ((mixed >> 20) as usize & self.mask)
    }

    fn probe(&self, key: u64) -> Option<Slot> {
        let at = self.bucket(key);
        self.slots[at..at + 2]
            .iter()
            .find(|slot| slot.used && slot.key == key)
            .copied()
    }

    fn store(&mut self, key: u64, lower: i32, upper: i32, best: u8) {
        let at = self.bucket(key);
        let slot = Slot {
            key,
            lower: lower.clamp(-INF, INF) as i8,
            upper: upper.clamp(-INF, INF) as i8,
            best,
            used: true,
        };
        let deep = &mut self.slots[at];
        // Fewer lines drawn: a bigger subtree, worth keeping.
        if !deep.used || deep.key == key || key.count_ones() <= deep.key.count_ones() {
            *deep = slot;
        } else {
            self.slots[at + 1] = slot;
        }
    }
}

/// A list of lines on the stack.
#[derive(Clone, Copy)]
struct Lines {
    lines: [Edge; 64],
    len: usize,
}

impl Default for Lines {
    fn default() -> Lines {
        Lines {
            lines: [0; 64],
            len: 0,
        }
    }
}

impl Lines {
    fn push(&mut self, line: Edge) {
        self.lines[self.len] = line;
        self.len += 1;
    }

    fn iter(&self) -> impl Iterator<Item = Edge> + '_ {
        self.lines[..self.len].iter().copied()
    }
}

/// The board's symmetries as byte-wise lookup tables, so that the image of a line set is
/// eight lookups per symmetry, and the inverse maps of single lines.
struct Symmetries {
    bytes: Vec<[[u64; 256]; 8]>,
    inverse: Vec<[Edge; 64]>,
}

impl Symmetries {
    fn new(g: &Geometry) -> Symmetries {
        let maps = g.symmetries();
        let bytes = maps
            .iter()
            .map(|map| {
                let mut table = [[0u64; 256]; 8];
                for (byte, entries) in table.iter_mut().enumerate() {
                    for (value, image) in entries.iter_mut().enumerate() {
                        for bit in 0..8 {
                            let line = byte * 8 + bit;
                            if value & (1 << bit) != 0 && line < usize::from(g.edges) {
                                *image |= 1 << map[line];
                            }
                        }
                    }
                }
                table
            })
            .collect();
        let inverse = maps
            .iter()
            .map(|map| {
                let mut inverse = [0; 64];
                for line in 0..g.edges {
                    inverse[usize::from(map[usize::from(line)])] = line;
                }
                inverse
            })
            .collect();
        Symmetries { bytes, inverse }
    }

    fn image(&self, symmetry: usize, lines: u64) -> u64 {
        let table = &self.bytes[symmetry];
        (0..8).fold(0, |image, byte| {
            image | table[byte][((lines >> (8 * byte)) & 0xFF) as usize]
        })
    }

    /// The least image of `lines` over the symmetries, and the symmetry giving it.
    fn canonical(&self, lines: u64) -> (u64, usize) {
        (0..self.bytes.len())
            .map(|symmetry| (self.image(symmetry, lines), symmetry))
            .min()
            .expect("the identity")
    }
}

/// One solve.
struct Solver<'a> {
    g: &'a Geometry,
    symmetries: Symmetries,
    table: Table,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

/// The first line that completes every box it touches, if any: a free box.
fn free_line(g: &Geometry, drawn: u64) -> Option<Edge> {
    Bits(g.capturing_lines(drawn)).find(|&edge| {
        g.edge_boxes[usize::from(edge)]
            .iter()
            .all(|&id| id == NO_BOX || g.sides_drawn(id, drawn) == 3)
    })
}

/// Draws every free line from `drawn`; returns the lines drawn and the boxes they completed.
pub(crate) fn free_boxes(g: &Geometry, mut drawn: u64) -> (u64, i32) {
    let start = drawn;
    let mut gained = 0;
    while let Some(edge) = free_line(g, drawn) {
        gained += g.completed_by(edge, drawn).count_ones() as i32;
        drawn |= 1 << edge;
    }
    (drawn & !start, gained)
}

impl Solver<'_> {
    fn out_of_budget(&mut self) -> bool {
        if !self.stopped {
            self.stopped = self.nodes >= self.node_limit
                || (self.nodes.is_multiple_of(CLOCK_INTERVAL)
                    && self
                        .deadline
                        .is_some_and(|deadline| Instant::now() >= deadline));
        }
        self.stopped
    }

    /// The lines worth trying at `drawn`, in search order: the table's line, captures, safe
    /// lines, sacrifices (each group lowest line first).
    ///
    /// While a box can be taken, a line that completes nothing ends the turn, and it is beaten
    /// by taking the box first and then drawing it, unless the capture makes that line complete
    /// a box itself (the turn could not end with it then). So such a line is tried only when
    /// every capture would make it complete a box: in a chain, the line that hands the last two
    /// boxes over (all but two, the double-dealing move).
    fn ordered(&self, drawn: u64, first: Option<Edge>) -> Lines {
        let g = self.g;
        let left = g.all & !drawn;
        let captures = g.capturing_lines(drawn);
        let mut quiet = left & !captures;
        if captures != 0 {
            quiet = Bits(quiet)
                .filter(|&line| {
                    Bits(captures).all(|capture| g.completed_by(line, drawn | (1 << capture)) != 0)
                })
                .fold(0, |set, line| set | (1 << line));
        }
        let safe = g.safe_lines(drawn);
        let mut order = Lines::default();
        let allowed = captures | quiet;
        if let Some(line) = first.filter(|&e| allowed & (1 << e) != 0) {
            order.push(line);
        }
        for group in [captures, quiet & safe, quiet & !safe] {
            for line in Bits(group) {
                if Some(line) != first {
                    order.push(line);
                }
            }
        }
        order
    }

    /// The value of `drawn` for the player to move, fail-soft within `(alpha, beta)`;
    /// meaningless once `stopped` is set.
    fn value(&mut self, drawn: u64, alpha: i32, beta: i32) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        let g = self.g;
        let (free, gained) = free_boxes(g, drawn);
        let drawn = drawn | free;
        if drawn == g.all {
            return gained;
        }
        if let Some(structure) = structure(g, drawn) {
            return gained + structure_value(&structure);
        }
        let (mut alpha, mut beta) = (alpha - gained, beta - gained);
        let mut first = None;
        // Symmetric positions have the same value: the table keys on the least image.
        let (key, symmetry) = self.symmetries.canonical(drawn);
        if let Some(slot) = self.table.probe(key) {
            let (lower, upper) = (i32::from(slot.lower), i32::from(slot.upper));
            if lower >= beta || lower == upper {
                return gained + lower;
            }
            if upper <= alpha {
                return gained + upper;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
            first = Some(self.symmetries.inverse[symmetry][usize::from(slot.best)]);
        }
        let alpha_before = alpha;
        let mut best = -INF;
        let mut best_line = NO_BOX;
        for (i, edge) in self.ordered(drawn, first).iter().enumerate() {
            let boxes = g.completed_by(edge, drawn).count_ones() as i32;
            let after = drawn | (1 << edge);
            // Principal-variation search: the first line with the whole window, the others
            // with a null window first, searched again only if they beat alpha.
            let child = |solver: &mut Self, low: i32, high: i32| {
                if boxes > 0 {
                    boxes + solver.value(after, low - boxes, high - boxes)
                } else {
                    -solver.value(after, -high, -low)
                }
            };
            let mut score = if i == 0 {
                child(self, alpha, beta)
            } else {
                child(self, alpha, alpha + 1)
            };
            if i > 0 && score > alpha && score < beta && !self.stopped {
                score = child(self, alpha, beta);
            }
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_line = edge;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let (lower, upper) = if best <= alpha_before {
            (-INF, best)
        } else if best >= beta {
            (best, INF)
        } else {
            (best, best)
        };
        let best_image = self
            .symmetries
            .image(symmetry, 1 << best_line)
            .trailing_zeros() as u8;
        self.table.store(key, lower, upper, best_image);
        gained + best
    }

    /// The exact value of `drawn`.
    fn exact(&mut self, drawn: u64) -> i32 {
        self.value(drawn, -INF, INF)
    }

    /// The best turn at `drawn`, whose value for the player to move is `value`, and the
    /// value of the position after it for the opponent; `None` when the budget ran out.
    /// Each step tries the lines in search order with a null window around the value it
    /// must reach, so the first line that keeps the value is taken.
    fn best_turn(&mut self, drawn: u64, value: i32) -> Option<(Move, i32)> {
        let g = self.g;
        let start = drawn;
        let (free, gained) = free_boxes(g, drawn);
        let mut drawn = drawn | free;
        let mut value = value - gained;
        while drawn != g.all {
            let (key, symmetry) = self.symmetries.canonical(drawn);
            let first = self
                .table
                .probe(key)
                .map(|slot| self.symmetries.inverse[symmetry][usize::from(slot.best)]);
            let mut chosen = None;
            for edge in self.ordered(drawn, first).iter() {
                let boxes = g.completed_by(edge, drawn).count_ones() as i32;
                let after = drawn | (1 << edge);
                // The value `after` must have for this line to keep `value`.
                let target = if boxes > 0 { value - boxes } else { -value };
                let found = self.value(after, target - 1, target + 1);
                if self.stopped {
                    return None;
                }
                if found == target {
                    chosen = Some((edge, boxes, target));
                    break;
                }
            }
            let (edge, boxes, target) = chosen.expect("some line keeps the proven value");
            drawn |= 1 << edge;
            if boxes == 0 {
                return Some((Move(drawn & !start), target));
            }
            let (free, gained) = free_boxes(g, drawn);
            drawn |= free;
            value = target - gained;
        }
        Some((Move(drawn & !start), 0))
    }
}

/// Solves `position` exactly within `budget` (`Nodes` bounds the effort, `Time` the clock,
/// `Depth` is ignored), with a table of `tt_size_mb` MiB.
///
/// # Errors
/// [`SearchError::BudgetExhausted`] when the budget ran out before the value was proven.
pub fn solve(
    position: &DotsBoxes,
    budget: Budget,
    tt_size_mb: usize,
) -> Result<Report<Move>, SearchError> {
    let start = Instant::now();
    let g = position.geometry();
    let mut solver = Solver {
        g,
        symmetries: Symmetries::new(g),
        table: Table::new(tt_size_mb),
        nodes: 0,
        node_limit: match budget {
            Budget::Nodes(nodes) => nodes,
            Budget::Depth(_) | Budget::Time(_) => u64::MAX,
        },
        deadline: match budget {
            Budget::Time(time) => start.checked_add(time),
            Budget::Depth(_) | Budget::Nodes(_) => None,
        },
        stopped: false,
    };
    let value = solver.exact(position.drawn());
    if solver.stopped {
        return Err(SearchError::BudgetExhausted {
            nodes: solver.nodes,
        });
    }
    let margin = position.score_for_mover() + value;
    // The principal variation, turn by turn, while the budget lasts.
    let mut pv = Vec::new();
    let (mut drawn, mut to_reach) = (position.drawn(), value);
    while drawn != g.all {
        let Some((turn, next)) = solver.best_turn(drawn, to_reach) else {
            break;
        };
        pv.push(turn);
        drawn |= turn.lines();
        to_reach = next;
    }
    let verdict = match margin.signum() {
        1 => ProvenResult::Win,
        -1 => ProvenResult::Loss,
        _ => ProvenResult::Draw,
    };
    Ok(Report {
        result: SearchResult {
            best: pv.first().copied(),
            score: margin,
            depth: position.undrawn().count_ones(),
            nodes: solver.nodes,
            pv,
        },
        proven: Some(Proven {
            verdict,
            margin: Some(margin),
        }),
    })
}

/// The value of `position` for the side to move (future boxes gained minus lost), by the
/// solver with a table of `tt_size_mb` MiB; `None` when `node_limit` nodes did not suffice.
#[cfg(test)]
#[must_use]
pub fn value(position: &DotsBoxes, node_limit: u64, tt_size_mb: usize) -> Option<i32> {
    let mut solver = Solver {
        g: position.geometry(),
        symmetries: Symmetries::new(position.geometry()),
        table: Table::new(tt_size_mb),
        nodes: 0,
        node_limit,
        deadline: None,
        stopped: false,
    };
    let value = solver.exact(position.drawn());
    (!solver.stopped).then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::DotsBoxesVariant;
    use arbiter_core::Game;
    use std::collections::HashMap;

    use crate::tests::reference;

    #[test]
    fn agrees_with_plain_minimax_on_small_boards() {
        for text in ["1x1", "1x2", "1x3", "2x2", "1x4", "2x3"] {
            let variant: DotsBoxesVariant = text.parse().unwrap();
            let start = DotsBoxes::start(&variant);
            let expected = reference(start.geometry(), 0, &mut HashMap::new());
            assert_eq!(value(&start, u64::MAX, 1), Some(expected), "{text}");
        }
    }

    #[test]
    fn the_principal_variation_replays_to_the_proven_margin() {
        let variant: DotsBoxesVariant = "2x3".parse().unwrap();
        let mut game = DotsBoxes::start(&variant);
        let report = solve(&game, Budget::Nodes(10_000_000), 1).unwrap();
        let mover = game.side_to_move();
        for &turn in &report.result.pv {
            game.play(turn).unwrap();
        }
        assert!(game.outcome().is_some());
        let score = game.final_score().unwrap().raw;
        let for_mover = if mover == arbiter_core::Side::First {
            score
        } else {
            -score
        };
        assert_eq!(Some(for_mover), report.proven.and_then(|p| p.margin));
    }

    #[test]
    fn a_tiny_budget_is_exhausted_not_guessed() {
        let game = DotsBoxes::start(&"3x3".parse().unwrap());
        assert_eq!(
            solve(&game, Budget::Nodes(50), 1),
            Err(SearchError::BudgetExhausted { nodes: 50 })
        );
    }
}
