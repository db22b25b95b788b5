//! Dead cells: empty cells whose colour can never matter, so that no move needs to go there.
//!
//! A cell is *useless* to a colour when every chain of that colour through it can go around
//! it: its neighbours the colour could use (its stones, its edge, empty cells) all touch one
//! run of the colour's stones (or edge) among the neighbours, consecutive around the cell,
//! which joins them already. A cell useless to both colours is *dead* (Björnsson, Hayward,
//! Johanson and van Rijswijck, "Dead cell analysis in Hex and the Shannon game", 2007: the
//! neighbourhood patterns of their Figure 3, four stones of one colour in a row, three in a
//! row facing one of the other colour, two facing two, are all of this kind). A dead cell's
//! colour never changes the winner, so a stone there is worth no more than a pass, which is
//! never better than another move: the solver tries the other moves only, and adds the dead
//! cells to a loss's carrier.
//!
//! Around a cell the off-board neighbours are edges: above the first row and below the last,
//! black's; left and right of the board, white's; the two off-board corners next to the
//! obtuse corner cells belong to both edges.

use super::word::Word;
use crate::board::DIRECTIONS;

/// `USELESS[own][blocked]`: whether a cell whose ring (bit `i` the neighbour in direction
/// `i` of [`DIRECTIONS`]) holds the colour's stones or edge at `own` and the other colour's
/// stones or edge at `blocked` is useless to the colour.
static USELESS: [[bool; 64]; 64] = useless_table();

const fn useless_table() -> [[bool; 64]; 64] {
    let mut table = [[false; 64]; 64];
    let mut own = 0;
    while own < 64 {
        let mut blocked = 0;
        while blocked < 64 {
            table[own][blocked] = own & blocked == 0 && useless(own, blocked);
            blocked += 1;
        }
        own += 1;
    }
    table
}

/// Whether some run of consecutive `own` neighbours touches every usable neighbour (those
/// not `blocked`): then any chain through the cell can pass along the run instead.
const fn useless(own: usize, blocked: usize) -> bool {
    let usable = !blocked & 63;
    match (usable as u32).count_ones() {
        0 | 1 => return true,
        // Two neighbours next to each other: a chain through the cell can step from one to
        // the other directly.
        2 if usable & rotate(usable, 1) != 0 => return true,
        _ => {}
    }
    // Every run: start `s`, length `l` (1 to 6), all of it `own`.
    let mut start = 0;
    while start < 6 {
        let mut length = 1;
        while length <= 6 {
            let mut run = 0usize;
            let mut ok = true;
            let mut k = 0;
            while k < length {
                let i = (start + k) % 6;
                if own & (1 << i) == 0 {
                    ok = false;
                }
                run |= 1 << i;
                k += 1;
            }
            if ok {
                // The run and its two ring neighbours.
                let reach = run | rotate(run, 1) | rotate(run, 5);
                if usable & !reach == 0 {
                    return true;
                }
            }
            length += 1;
        }
        start += 1;
    }
    false
}

/// A ring of six bits turned by `by` places.
const fn rotate(ring: usize, by: u32) -> usize {
    ((ring << by) | (ring >> (6 - by))) & 63
}

/// The rings of every cell of one board: per cell, the six neighbours as cells (`None` off
/// the board) and, for the off-board ones, whose edge they are (bit 0 black, bit 1 white).
pub struct Rings {
    neighbours: Vec<[Option<u8>; 6]>,
    edge: Vec<[u8; 6]>,
}

impl Rings {
    /// The rings of an n x n board.
    pub fn new(size: u8) -> Rings {
        let n = i16::from(size);
        let mut neighbours = Vec::new();
        let mut edge = Vec::new();
        for row in 0..n {
            for column in 0..n {
                let mut cells = [None; 6];
                let mut edges = [0u8; 6];
                for (i, (dc, dr)) in DIRECTIONS.into_iter().enumerate() {
                    let (c, r) = (column + i16::from(dc), row + i16::from(dr));
                    let beside = !(0..n).contains(&c);
                    let beyond = !(0..n).contains(&r);
                    match (beyond, beside) {
                        // In range: the index is below 121.
                        (false, false) => cells[i] = Some((r * n + c) as u8),
                        (true, false) => edges[i] = 1,
                        (false, true) => edges[i] = 2,
                        (true, true) => edges[i] = 3,
                    }
                }
                neighbours.push(cells);
                edge.push(edges);
            }
        }
        Rings { neighbours, edge }
    }

    /// The dead cells among `empty`, with black stones `black` and white `white`.
    pub fn dead<W: Word>(&self, black: W, white: W, empty: W) -> W {
        let mut dead = W::ZERO;
        for cell in arbiter_core::Bits(empty) {
            let cell = usize::from(cell);
            let (mut b, mut w) = (0usize, 0usize);
            for i in 0..6 {
                match self.neighbours[cell][i] {
                    Some(next) if black.has(usize::from(next)) => b |= 1 << i,
                    Some(next) if white.has(usize::from(next)) => w |= 1 << i,
                    Some(_) => {}
                    None => {
                        if self.edge[cell][i] & 1 != 0 {
                            b |= 1 << i;
                        }
                        if self.edge[cell][i] & 2 != 0 {
                            w |= 1 << i;
                        }
                    }
                }
            }
            // A corner edge is both colours': each colour sees it as its own, never blocked.
            let both = b & w;
            if USELESS[b][w & !both] && USELESS[w][b & !both] {
                dead |= W::bit(cell);
            }
        }
        dead
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_patterns_of_the_dead_cell_paper() {
        // Four of one colour in a row: useless to it; the other colour's two usable cells are
        // next to each other.
        assert!(useless(0b001111, 0) && useless(0, 0b001111));
        // Three in a row facing one of the other colour: useless to both.
        assert!(useless(0b000111, 0b010000) && useless(0b010000, 0b000111));
        // Two facing two.
        assert!(useless(0b000011, 0b011000) && useless(0b011000, 0b000011));
        // Two stones apart with an empty cell between them: the cell joins them.
        assert!(!useless(0b000101, 0));
        // An empty ring: a cell that joins anything.
        assert!(!useless(0, 0));
    }

    use super::super::word::Geometry;

    #[test]
    fn a_surrounded_cell_is_dead() {
        // 3 x 3: b2's ring is c2 c1 b1 a2 a3 b3. Black on c1 b1 a2 a3 (four in a row, from
        // the north-east round to the south-west) leaves c2 and b3 for white: dead.
        let geometry = Geometry::<u64>::new(3);
        let rings = Rings::new(3);
        let black = u64::bit(2) | u64::bit(1) | u64::bit(3) | u64::bit(6);
        let empty = geometry.board & !black;
        let dead = rings.dead(black, 0, empty);
        assert!(dead.has(4), "b2 is dead");
        // a1's ring: b1 (black), black's top edge twice, white's left edge twice, a2
        // (black): a run of four black, and white has only its own edge.
        assert!(dead.has(0));
    }
}
