//! Virtual connections between a colour's groups, for the solver: bridges and the second-row
//! edge template, chained.
//!
//! A colour's stones form groups; a group touching one of the colour's edges belongs to that
//! edge's node. Two nodes are *linked*: fully when they have two common empty neighbours
//! (a bridge, or the edge template II when one node is an edge: a stone on the second row
//! with two empty cells below it), with those two cells as carrier (an intrusion into one
//! is answered by the other); by a *key* when they have exactly one (the colour must play
//! it). A chain of full links from edge to edge, their carriers pairwise disjoint, is a *full
//! connection*: the colour has won, whoever moves (it answers each intrusion in the carrier
//! where it happens). Such a chain with one keyed link, the key outside every carrier, is a
//! *semi-connection*: the colour wins if it moves first, by playing the key. These are the
//! simplest rules of Anshelevich's H-search ("A hierarchical approach to computer Hex",
//! Artificial Intelligence 134, 2002), enough to see the bridges and edge templates every
//! Hex player sees.
//!
//! For the solver: a full connection of the mover is a win; of the opponent, a loss. Every
//! semi-connection of the opponent is a strategy with its carrier (key included): the mover
//! must play inside each one's carrier, so only the intersection (the *mustplay*) is searched,
//! and an empty intersection is a loss.

use arbiter_core::Bits;

use super::word::{Geometry, Word};
use crate::board::Edge;

/// The most semi-connections collected for one mustplay.
const MAX_SEMIS: usize = 16;
/// The most groups the link graph takes (beyond, the analysis gives up: no connection).
const MAX_NODES: usize = 24;
/// The most one-hop semi-connections kept per pair of nodes.
const MAX_HOPS: usize = 8;
/// The most links a walk for a full connection tries (semi-connections: the caller says).
const MAX_STEPS: u32 = 4096;

/// A connection found: its carrier (for a semi-connection, the key included) and the cell to
/// play (the key, or a carrier cell of a full connection).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connection<W> {
    pub carrier: W,
    pub play: Option<usize>,
}

/// What joins two nodes beyond their common neighbours: semi-connections through one empty
/// cell (the key) that is adjacent or a bridge away from each, and a full connection made
/// by the OR rule from all the pair's semi-connections.
#[derive(Clone, Debug)]
struct Pair<W> {
    /// (carrier with the key, key).
    hops: Vec<(W, usize)>,
    full: Option<W>,
}

/// The link graph of one colour.
pub struct Links<W: Word> {
    /// Each node's empty neighbours (an edge node: also the empty cells of its edge).
    reach: Vec<W>,
    empty: W,
    /// `pairs[i * nodes + j]`, filled for `i < j`.
    pairs: Vec<Pair<W>>,
}

/// A walk's state: the steps left, the nodes on the chain, and what to do with a find.
struct Walk<'a, W> {
    steps: u32,
    visited: Vec<bool>,
    found: &'a mut dyn FnMut(Connection<W>) -> bool,
}

/// The cells of `set` with at least two neighbours in `reach`.
fn two_touching<W: Word>(geometry: &Geometry<W>, reach: W) -> W {
    // Bit-parallel counting to two over the six neighbour shifts of a single-cell spread:
    // a cell's neighbours in `reach` are the cells whose neighbour it is.
    let mut once = W::ZERO;
    let mut twice = W::ZERO;
    for cell in Bits(reach) {
        let around = geometry.neighbours(W::bit(usize::from(cell)));
        twice |= once & around;
        once |= around;
    }
    twice
}

/// Two cells of `set`, the lowest, as a carrier; `None` with fewer than two.
fn two_of<W: Word>(set: W) -> Option<W> {
    (set.count() >= 2)
        .then(|| W::bit(set.lowest() as usize) | W::bit(set.without_lowest().lowest() as usize))
}

impl<W: Word> Links<W> {
    /// The groups of `own` (stones) and the two `edges`; node 0 is the first edge, node 1 the
    /// second. `None` when there are too many groups to chain cheaply.
    pub fn new(geometry: &Geometry<W>, own: W, empty: W, edges: [Edge; 2]) -> Option<Links<W>> {
        let [a, b] = edges.map(|edge| geometry.edges[edge.index()]);
        let at_a = geometry.flood(own & a, own);
        let at_b = geometry.flood(own & b, own);
        let mut reach = vec![
            (geometry.neighbours(at_a) | a) & empty,
            (geometry.neighbours(at_b) | b) & empty,
        ];
        let mut rest = own & !(at_a | at_b);
        while rest != W::ZERO {
            if reach.len() == MAX_NODES {
                return None;
            }
            let group = geometry.flood(W::bit(rest.lowest() as usize), own);
            rest &= !group;
            reach.push(geometry.neighbours(group) & empty);
        }
        let nodes = reach.len();
        // The cells each node reaches by adjacency or by a bridge.
        let zones: Vec<W> = reach
            .iter()
            .map(|&r| (r | two_touching(geometry, r)) & empty)
            .collect();
        let mut pairs = vec![
            Pair {
                hops: Vec::new(),
                full: None
            };
            nodes * nodes
        ];
        for i in 0..nodes {
            for j in i + 1..nodes {
                pairs[i * nodes + j] = Self::pair(geometry, &reach, &zones, empty, i, j);
            }
        }
        Some(Links {
            reach,
            empty,
            pairs,
        })
    }

    /// The one-hop semi-connections and the OR-rule full connection between nodes `i`, `j`.
    fn pair(
        geometry: &Geometry<W>,
        reach: &[W],
        zones: &[W],
        empty: W,
        i: usize,
        j: usize,
    ) -> Pair<W> {
        let common = reach[i] & reach[j];
        let mut hops = Vec::new();
        // A key cell off the common neighbours, linked to each node by adjacency or a bridge
        // whose two cells avoid the other link's.
        for key in Bits(zones[i] & zones[j] & !common) {
            if hops.len() == MAX_HOPS {
                break;
            }
            let key = usize::from(key);
            let around = geometry.neighbours(W::bit(key)) & empty;
            let link = |node: usize, avoid: W| -> Option<W> {
                if reach[node].has(key) {
                    Some(W::ZERO)
                } else {
                    two_of(reach[node] & around & !avoid)
                }
            };
            let Some(first) = link(i, W::ZERO) else {
                continue;
            };
            let Some(second) = link(j, first) else {
                continue;
            };
            hops.push((first | second | W::bit(key), key));
        }
        // The OR rule: semi-connections (each common cell alone, then the hops) whose
        // carriers have no cell in common make a full connection.
        let mut shared = empty;
        let mut union = W::ZERO;
        let semis = Bits(common)
            .map(|cell| W::bit(usize::from(cell)))
            .chain(hops.iter().map(|&(carrier, _)| carrier));
        let mut full = None;
        for carrier in semis {
            if shared & carrier != shared {
                shared &= carrier;
                union |= carrier;
                if shared == W::ZERO {
                    full = Some(union);
                    break;
                }
            }
        }
        Pair { hops, full }
    }

    fn pair_of(&self, i: usize, j: usize) -> &Pair<W> {
        let nodes = self.reach.len();
        let (low, high) = if i < j { (i, j) } else { (j, i) };
        &self.pairs[low * nodes + high]
    }

    /// A full connection between the edges, if the chains find one.
    pub fn full(&self) -> Option<Connection<W>> {
        let mut found = None;
        let mut walk = Walk {
            steps: MAX_STEPS,
            visited: vec![false; self.reach.len()],
            found: &mut |connection| {
                found = Some(connection);
                false
            },
        };
        walk.visited[0] = true;
        self.walk(0, W::ZERO, None, false, &mut walk);
        found
    }

    /// Semi-connections between the edges (at most [`MAX_SEMIS`], found within `steps`
    /// links), each a strategy for the colour if it moves first; `visit` gets each, and stops
    /// the walk by returning `false`.
    pub fn semis(&self, steps: u32, visit: &mut dyn FnMut(Connection<W>) -> bool) {
        let mut count = 0;
        let mut walk = Walk {
            steps,
            visited: vec![false; self.reach.len()],
            found: &mut |connection| {
                count += 1;
                visit(connection) && count < MAX_SEMIS
            },
        };
        walk.visited[0] = true;
        self.walk(0, W::ZERO, None, true, &mut walk);
    }

    /// Depth-first chains from `node` to node 1 whose carriers avoid `used`; `key` is the
    /// cell the colour must play once the chain has one (`semi`: exactly one is wanted, else
    /// none). Returns `false` once the walk must stop.
    fn walk(
        &self,
        node: usize,
        used: W,
        key: Option<usize>,
        semi: bool,
        walk: &mut Walk<'_, W>,
    ) -> bool {
        for next in 1..self.reach.len() {
            if walk.visited[next] {
                continue;
            }
            let pair = self.pair_of(node, next);
            let common = self.reach[node] & self.reach[next] & self.empty & !used;
            // Full links: two free common cells, else the pair's OR-rule connection.
            let mut links: Vec<(W, Option<usize>)> = Vec::new();
            match two_of(common) {
                Some(carrier) => links.push((carrier, None)),
                None => {
                    if let Some(carrier) = pair.full.filter(|carrier| *carrier & used == W::ZERO) {
                        links.push((carrier, None));
                    }
                }
            }
            if semi && key.is_none() {
                links.extend(
                    Bits(common).map(|cell| (W::bit(usize::from(cell)), Some(usize::from(cell)))),
                );
                links.extend(
                    pair.hops
                        .iter()
                        .filter(|(carrier, _)| *carrier & used == W::ZERO)
                        .map(|&(carrier, hop)| (carrier, Some(hop))),
                );
            }
            for (carrier, link_key) in links {
                if walk.steps == 0 {
                    return false;
                }
                walk.steps -= 1;
                let used = used | carrier;
                let key = key.or(link_key);
                if next == 1 {
                    if semi == key.is_some() {
                        let play = key.or_else(|| Some(carrier.lowest() as usize));
                        if !(walk.found)(Connection {
                            carrier: used,
                            play,
                        }) {
                            return false;
                        }
                    }
                    continue;
                }
                walk.visited[next] = true;
                let go_on = self.walk(next, used, key, semi, walk);
                walk.visited[next] = false;
                if !go_on {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Colour;

    fn cells(list: &[usize]) -> u64 {
        list.iter().fold(0, |set, &cell| set | u64::bit(cell))
    }

    #[test]
    fn a_bridge_chain_with_edge_templates_is_a_full_connection() {
        // 5 x 5, black b2 (6) and c3 c4 (12, 17): b2 reaches row 1 over b1 and c1 (the edge
        // template), b2 and c3 bridge over c2 and b3, c4 reaches row 5 over b5 and c5.
        let geometry = Geometry::<u64>::new(5);
        let own = cells(&[6, 12, 17]);
        let empty = geometry.board & !own;
        let links = Links::new(&geometry, own, empty, Edge::of(Colour::Black)).unwrap();
        let full = links.full().expect("bridges and templates join the edges");
        assert_eq!(full.carrier, cells(&[1, 2, 7, 11, 21, 22]));
    }

    #[test]
    fn one_missing_link_is_a_semi_connection_with_its_key() {
        // 3 x 3, black b1 (1) on the top edge and b3 (7) on the bottom one.
        let geometry = Geometry::<u64>::new(3);
        let own = cells(&[1, 7]);
        let empty = geometry.board & !own;
        let links = Links::new(&geometry, own, empty, Edge::of(Colour::Black)).unwrap();
        assert_eq!(links.full(), None);
        let mut keys = Vec::new();
        links.semis(MAX_STEPS, &mut |semi| {
            keys.push(semi.play);
            true
        });
        keys.sort_unstable();
        keys.dedup();
        // b2 joins both at once; c1 and a2 each join b1 and are a bridge away from b3; c2
        // and a3 each join b3 and are a bridge away from b1 (or its edge).
        assert_eq!(keys, [Some(2), Some(3), Some(4), Some(5), Some(6)]);
    }
}
