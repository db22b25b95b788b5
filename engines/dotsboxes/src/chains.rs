//! Chains and loops: the structure of the late game, and the exact value of the *simple loony
//! endgame* (every box left is in an isolated chain or loop).
//!
//! In the strings-and-coins picture (Berlekamp, *The Dots-and-Boxes Game*, 2000) a box with two
//! sides drawn has two strings left, to a neighbouring box or to the ground (the border). When
//! every incomplete box has exactly two sides drawn, the boxes fall into **chains** (paths that
//! end on the ground at both ends; a single box counts) and **loops** (cycles), and every line
//! left hands boxes over: the player to move must open one. The opponent then either takes
//! everything opened and moves again, or takes all but two of a chain (all but four of a
//! loop) and leaves them with a last line that completes no box, so that the opener must take
//! them and open the next component (the *double-dealing* move that keeps control). Opening a
//! chain of two in its middle leaves the opponent no such choice (a *hard-hearted handout*),
//! so it is the opener's best way to give one up. With `V(rest)` the value of the components
//! left for the player to move (boxes it gains minus the boxes the other gains), the opener's
//! value of giving up a component is
//!
//! | component | value for the opener |
//! |---|---|
//! | chain of 1 | `-(1 + V(rest))` |
//! | chain of 2 | `-(2 + V(rest))` (hard-hearted handout) |
//! | chain of `n >= 3` | `-max(n + V(rest), n - 4 - V(rest))` |
//! | loop of `n >= 4` | `-max(n + V(rest), n - 8 - V(rest))` |
//!
//! and `V` is the best over the components, `V(nothing) = 0`. This is the simple loony endgame
//! analysis of Berlekamp's book (chapters on chains and loops) and of Buzzard and Ciere,
//! "Playing simple loony dots-and-boxes endgames optimally", *Integers* 14 (2014) #G08; the
//! crate's tests check it against the exhaustive solver on small boards.

use std::collections::HashMap;

use arbiter_core::Bits;

use crate::board::{Geometry, NO_BOX};

/// A component of a position in which every incomplete box has two sides drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// A path of this many boxes, open to the ground at both ends.
    Chain(u8),
    /// A cycle of this many boxes.
    Loop(u8),
}

/// A component some of whose boxes can be taken now: a path starting at a box with three
/// sides drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Offer {
    /// The boxes of the path.
    pub boxes: u8,
    /// Whether both ends can be taken (an opened loop, or a chain opened at both ends);
    /// otherwise the far end is on the ground.
    pub both_ends: bool,
}

/// The components of a position in which every incomplete box has two or three sides drawn:
/// the closed chains and loops, and the offered paths.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Structure {
    pub closed: Vec<Component>,
    pub offers: Vec<Offer>,
}

/// The components of the position with `drawn` lines, if every incomplete box has exactly two
/// sides drawn; `None` otherwise (a box with three sides can be taken, one with fewer than two
/// is a junction or has safe lines left).
#[must_use]
pub fn decompose(g: &Geometry, drawn: u64) -> Option<Vec<Component>> {
    let structure = structure(g, drawn)?;
    structure.offers.is_empty().then_some(structure.closed)
}

/// The structure of the position with `drawn` lines, if every incomplete box has two or three
/// sides drawn and the boxes form simple paths and cycles; `None` otherwise.
#[must_use]
pub fn structure(g: &Geometry, drawn: u64) -> Option<Structure> {
    let complete = g.complete_boxes(drawn);
    let open = g.all_boxes & !complete;
    // For each open box, the boxes across its undrawn sides (NO_BOX for the ground), and how
    // many there are (two, or one for a box that can be taken).
    let mut links = [[NO_BOX; 2]; crate::board::MAX_BOXES];
    let mut degree = [0u8; crate::board::MAX_BOXES];
    for id in 0..g.boxes {
        if open & (1 << id) == 0 {
            continue;
        }
        let undrawn = g.box_edges[usize::from(id)] & !drawn;
        let count = undrawn.count_ones();
        if !(1..=2).contains(&count) {
            return None;
        }
        degree[usize::from(id)] = count as u8;
        for (slot, edge) in Bits(undrawn).enumerate() {
            let [a, b] = g.edge_boxes[usize::from(edge)];
            links[usize::from(id)][slot] = if a == id { b } else { a };
        }
    }
    let mut seen = 0u32;
    let mut structure = Structure::default();
    // Paths: walk from each end, a box that can be taken or that touches the ground.
    for id in 0..g.boxes {
        let bit = 1u32 << id;
        let is_end = degree[usize::from(id)] == 1 || links[usize::from(id)].contains(&NO_BOX);
        if open & bit == 0 || seen & bit != 0 || !is_end {
            continue;
        }
        let start_open = degree[usize::from(id)] == 1;
        let mut length = 0u8;
        let mut previous = NO_BOX;
        let mut current = id;
        let end_open = loop {
            seen |= 1 << current;
            length += 1;
            let here = usize::from(current);
            let ways = &links[here][..usize::from(degree[here])];
            // Leave by the side we did not come in by: at the start, by a box if there is one.
            let next = if length == 1 {
                ways.iter()
                    .copied()
                    .find(|&w| w != NO_BOX)
                    .unwrap_or(NO_BOX)
            } else {
                ways.iter()
                    .copied()
                    .find(|&w| w != previous)
                    .unwrap_or(NO_BOX)
            };
            let at_end = length > 1 && degree[here] == 1;
            if at_end {
                break true;
            }
            if next == NO_BOX {
                // The ground (or, for a lone box that can be taken, its only side).
                break length == 1 && degree[here] == 1;
            }
            previous = current;
            current = next;
        };
        if start_open || end_open {
            structure.offers.push(Offer {
                boxes: length,
                both_ends: start_open && end_open && length > 1,
            });
        } else {
            structure.closed.push(Component::Chain(length));
        }
    }
    // What is left are loops.
    for id in 0..g.boxes {
        let bit = 1u32 << id;
        if open & bit == 0 || seen & bit != 0 {
            continue;
        }
        let mut length = 0u8;
        let mut previous = NO_BOX;
        let mut current = id;
        while seen & (1 << current) == 0 {
            seen |= 1 << current;
            length += 1;
            let [a, b] = links[usize::from(current)];
            let next = if a == previous { b } else { a };
            previous = current;
            current = next;
        }
        structure.closed.push(Component::Loop(length));
    }
    structure.closed.sort_unstable();
    structure.offers.sort_unstable();
    Some(structure)
}

/// The exact value for the player to move of a position with this structure: it takes every
/// offered box, except that it may end its turn by handing the last two boxes of one offered
/// chain back (the last four of an opened loop), so that the opponent must open the next
/// component. With `V` the value of the closed components for the player who must open one,
/// that is `offered + max(V, -4 - V)` (`-8 - V` when only loops of four or more can be
/// declined), and `V` alone when nothing is offered.
#[must_use]
pub fn structure_value(structure: &Structure) -> i32 {
    let closed = loony_value(&structure.closed);
    if structure.offers.is_empty() {
        return closed;
    }
    let offered: i32 = structure.offers.iter().map(|o| i32::from(o.boxes)).sum();
    let chain_decline = structure
        .offers
        .iter()
        .any(|o| !o.both_ends && o.boxes >= 2);
    let loop_decline = structure.offers.iter().any(|o| o.both_ends && o.boxes >= 4);
    let keep = if chain_decline {
        closed.max(-4 - closed)
    } else if loop_decline {
        closed.max(-8 - closed)
    } else {
        closed
    };
    offered + keep
}

/// The exact value for the player to move of a simple loony endgame made of `components`
/// (see the module docs): the boxes it gains minus the boxes the opponent gains.
#[must_use]
pub fn loony_value(components: &[Component]) -> i32 {
    let mut sorted = components.to_vec();
    sorted.sort_unstable();
    let mut memo = HashMap::new();
    value(&sorted, &mut memo)
}

fn value(components: &[Component], memo: &mut HashMap<Vec<Component>, i32>) -> i32 {
    if components.is_empty() {
        return 0;
    }
    if let Some(&known) = memo.get(components) {
        return known;
    }
    let mut best = i32::MIN;
    for i in 0..components.len() {
        // Equal components give equal options.
        if i > 0 && components[i] == components[i - 1] {
            continue;
        }
        let mut rest = components.to_vec();
        let opened = rest.remove(i);
        let v = value(&rest, memo);
        let option = match opened {
            Component::Chain(1) => -(1 + v),
            Component::Chain(2) => -(2 + v),
            Component::Chain(n) => {
                let n = i32::from(n);
                -(n + v).max(n - 4 - v)
            }
            Component::Loop(n) => {
                let n = i32::from(n);
                -(n + v).max(n - 8 - v)
            }
        };
        best = best.max(option);
    }
    memo.insert(components.to_vec(), best);
    best
}

/// The number of boxes in long chains (three or more boxes with two sides drawn in a row) and
/// in loops, and how many long chains there are, in any position: the chain structure the
/// evaluation's long-chain rule counts, before the position is loony.
#[must_use]
pub fn long_chains(g: &Geometry, drawn: u64) -> (u32, u32) {
    let complete = g.complete_boxes(drawn);
    let mut two_sided = 0u32;
    for id in 0..g.boxes {
        if complete & (1 << id) == 0 && g.sides_drawn(id, drawn) == 2 {
            two_sided |= 1 << id;
        }
    }
    let mut seen = 0u32;
    let (mut boxes, mut chains) = (0, 0);
    for id in 0..g.boxes {
        if two_sided & (1 << id) == 0 || seen & (1 << id) != 0 {
            continue;
        }
        // Flood the run of two-sided boxes joined by undrawn lines.
        let mut run = 1u32 << id;
        let mut frontier = run;
        while frontier != 0 {
            let current = frontier.trailing_zeros() as u8;
            frontier &= frontier - 1;
            for edge in Bits(g.box_edges[usize::from(current)] & !drawn) {
                for other in g.edge_boxes[usize::from(edge)] {
                    if other != NO_BOX && two_sided & (1 << other) != 0 && run & (1 << other) == 0 {
                        run |= 1 << other;
                        frontier |= 1 << other;
                    }
                }
            }
        }
        seen |= run;
        let size = run.count_ones();
        if size >= 3 {
            boxes += size;
            chains += 1;
        }
    }
    (boxes, chains)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Component::{Chain, Loop};

    #[test]
    fn values_of_single_components() {
        // Whoever opens a lone component gives it all away.
        assert_eq!(loony_value(&[Chain(1)]), -1);
        assert_eq!(loony_value(&[Chain(3)]), -3);
        assert_eq!(loony_value(&[Loop(4)]), -4);
    }

    #[test]
    fn control_costs_two_per_chain_and_four_per_loop() {
        // Two 3-chains: open one; the opponent takes 1, hands 2 back, and gets the last 3:
        // opener 2, opponent 4.
        assert_eq!(loony_value(&[Chain(3), Chain(3)]), -2);
        // A 3-chain and a 4-loop: open the loop first; the opponent must take all 4 (declining
        // leaves it 0 - 4 - 3 = -7 against 4 - 3 = 1), then give the chain: -4 + 3 = -1.
        assert_eq!(loony_value(&[Chain(3), Loop(4)]), -1);
        // Short chains first: giving a 1-chain makes the opponent move next.
        assert_eq!(loony_value(&[Chain(1), Chain(3)]), 2);
    }

    #[test]
    fn an_opened_chain_is_an_offer() {
        // 1x3 with both long sides and the left end drawn: a chain of three offered at a1.
        let g = Geometry::new("1x3".parse().unwrap());
        let drawn = (0..6).fold(0u64, |acc, e| acc | (1 << e)) | (1 << 6);
        let s = structure(&g, drawn).unwrap();
        assert_eq!(
            s.offers,
            vec![Offer {
                boxes: 3,
                both_ends: false
            }]
        );
        assert!(s.closed.is_empty());
        assert_eq!(structure_value(&s), 3);
        // 2x2 border with one inner line drawn: the loop of four opened at both ends.
        let g = Geometry::new("2x2".parse().unwrap());
        let cross = [2u8, 3, 7, 10].iter().fold(0u64, |acc, &e| acc | (1 << e));
        let s = structure(&g, (g.all & !cross) | (1 << 2)).unwrap();
        assert_eq!(
            s.offers,
            vec![Offer {
                boxes: 4,
                both_ends: true
            }]
        );
        assert_eq!(structure_value(&s), 4);
    }

    #[test]
    fn decomposes_a_corridor() {
        // 1x3 with the two long sides drawn: a chain of 3, open at both ends.
        let g = Geometry::new("1x3".parse().unwrap());
        let drawn = (0..6).fold(0u64, |acc, e| acc | (1 << e));
        assert_eq!(decompose(&g, drawn), Some(vec![Chain(3)]));
        assert_eq!(long_chains(&g, drawn), (3, 1));
        // 2x2 with the inner cross drawn and the border open: four corner chains of 1.
        let g = Geometry::new("2x2".parse().unwrap());
        let cross = [2u8, 3, 7, 10].iter().fold(0u64, |acc, &e| acc | (1 << e));
        assert_eq!(decompose(&g, cross), Some(vec![Chain(1); 4]));
        // 2x2 with the border drawn and the cross open: a loop of 4.
        let border = g.all & !cross;
        assert_eq!(decompose(&g, border), Some(vec![Loop(4)]));
        assert_eq!(decompose(&g, 0), None);
    }
}
