//! The connections: a union-find over the cells and the four edges, with an undo log.
//!
//! Each stone is joined to its neighbours of its colour and to the edges it lies on; a colour
//! has won when its two edges are in one set. Union by rank without path compression keeps
//! every change a single parent link (and maybe one rank), so a move's unions are undone
//! exactly, in reverse order, from the few links it records ([`Joins`]); a find walks at most
//! log2(365) links.

use crate::board::{Edge, MAX_CELLS};

/// The union-find nodes: every cell of the largest board, then the four edges.
const NODES: usize = MAX_CELLS + 4;

/// The node of an edge.
#[must_use]
pub const fn edge_node(edge: Edge) -> usize {
    MAX_CELLS + edge.index()
}

/// The unions one stone made: at most six neighbours and two edges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Joins {
    /// (the root made a child, its new parent, whether the parent's rank grew).
    links: [(u16, u16, bool); 8],
    count: u8,
}

/// Sets of connected cells and edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnionFind {
    parent: [u16; NODES],
    rank: [u8; NODES],
}

impl Default for UnionFind {
    fn default() -> UnionFind {
        UnionFind::new()
    }
}

impl UnionFind {
    /// Every node alone.
    #[must_use]
    pub fn new() -> UnionFind {
        let mut parent = [0u16; NODES];
        for (node, slot) in parent.iter_mut().enumerate() {
            // NODES is 365: every index fits a u16.
            *slot = node as u16;
        }
        UnionFind {
            parent,
            rank: [0; NODES],
        }
    }

    /// The representative of `node`'s set.
    #[inline]
    #[must_use]
    pub fn find(&self, mut node: usize) -> usize {
        while usize::from(self.parent[node]) != node {
            node = usize::from(self.parent[node]);
        }
        node
    }

    /// Whether `a` and `b` are in one set.
    #[inline]
    #[must_use]
    pub fn connected(&self, a: usize, b: usize) -> bool {
        self.find(a) == self.find(b)
    }

    /// Joins the sets of `a` and `b`, recording the change in `joins`.
    #[inline]
    pub fn union(&mut self, a: usize, b: usize, joins: &mut Joins) {
        let (mut root_a, mut root_b) = (self.find(a), self.find(b));
        if root_a == root_b {
            return;
        }
        if self.rank[root_a] > self.rank[root_b] {
            std::mem::swap(&mut root_a, &mut root_b);
        }
        // root_a (the lower rank) goes under root_b.
        self.parent[root_a] = root_b as u16;
        let grew = self.rank[root_a] == self.rank[root_b];
        if grew {
            self.rank[root_b] += 1;
        }
        joins.links[usize::from(joins.count)] = (root_a as u16, root_b as u16, grew);
        joins.count += 1;
    }

    /// Undoes the unions of `joins`, the last ones made.
    pub fn undo(&mut self, joins: &Joins) {
        for &(child, parent, grew) in joins.links[..usize::from(joins.count)].iter().rev() {
            self.parent[usize::from(child)] = child;
            if grew {
                self.rank[usize::from(parent)] -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unions_are_undone_exactly() {
        let mut sets = UnionFind::new();
        let before = sets.clone();
        let mut first = Joins::default();
        sets.union(1, 2, &mut first);
        sets.union(2, 3, &mut first);
        let middle = sets.clone();
        let mut second = Joins::default();
        sets.union(3, edge_node(Edge::Top), &mut second);
        sets.union(1, 3, &mut second);
        assert!(sets.connected(1, edge_node(Edge::Top)));
        assert!(!sets.connected(1, edge_node(Edge::Bottom)));
        sets.undo(&second);
        assert_eq!(sets, middle);
        sets.undo(&first);
        assert_eq!(sets, before);
    }
}
