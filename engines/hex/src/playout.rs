//! The MCTS playout policy: fill the board at random, but answer an intrusion into a bridge.
//!
//! A *bridge* is two stones of one colour with two empty cells between them, each next to
//! both stones: whoever intrudes into one cell, the owner keeps the connection by taking the
//! other (HexWiki "Bridge"; the same holds between a stone on the second row and its edge,
//! the edge template II). MoHex's playouts answer such an intrusion ("save bridge", Arneson,
//! Hayward and Henderson, "Monte Carlo Tree Search in Hex", IEEE TCIAIG 2010, §III); a uniform
//! playout lets half of all bridges be cut, which ruins the statistics of a position built on
//! them. So after each move the player to move looks around the cell just taken: if two of
//! its neighbours, one apart in the ring, are the player's stones (or its edge) and the cell
//! between them in the ring is empty, the player takes that cell (one at random when there are
//! several); otherwise a random empty cell.
//!
//! Hex needs no playout to stop at the first connection: a full board has exactly one chain
//! between a pair of edges, and the colour that connected first keeps it (stones are never
//! removed). So a playout fills every cell, and one search from black's top edge decides the
//! winner.

use arbiter_search::SplitMix64;

use crate::board::{Cell, Colour, DIRECTIONS};
use crate::rules::Hex;

/// A cell of the padded board: empty, a colour's stone, or a border cell (`EDGE` with the
/// bit of each colour whose edge it is).
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EDGE: u8 = 4;

const fn bit(colour: Colour) -> u8 {
    match colour {
        Colour::Black => BLACK,
        Colour::White => WHITE,
    }
}

/// A board with a border: the rows above and below the board are black's edge, the columns
/// left and right white's, so a ring around an edge cell reads the edge as the owner's stone.
#[derive(Clone, Debug, Default)]
pub struct PlayoutBoard {
    /// `size + 2` columns per row, `size + 2` rows.
    width: usize,
    cells: Vec<u8>,
    /// The six offsets of the neighbours in ring order ([`DIRECTIONS`]).
    ring: [isize; 6],
    /// The empty board cells (padded indices), and each one's place in that list.
    empties: Vec<usize>,
    place: Vec<usize>,
    /// Scratch: the cells a reply could take, the flood's stack and marks.
    replies: Vec<usize>,
    stack: Vec<usize>,
    seen: Vec<bool>,
}

impl PlayoutBoard {
    /// Copies `game`'s stones onto the padded board.
    fn load(&mut self, game: &Hex) {
        let n = usize::from(game.size());
        let width = n + 2;
        self.width = width;
        self.cells.clear();
        self.cells.resize(width * width, EMPTY);
        for row in 0..width {
            for column in 0..width {
                let top_or_bottom = row == 0 || row == width - 1;
                let side = column == 0 || column == width - 1;
                self.cells[row * width + column] = match (top_or_bottom, side) {
                    (true, false) => EDGE | BLACK,
                    (false, true) => EDGE | WHITE,
                    // The corners: the obtuse ones border one cell on two edges.
                    (true, true) => EDGE | BLACK | WHITE,
                    (false, false) => EMPTY,
                };
            }
        }
        // width is at most 21: the offsets fit an isize.
        let w = width as isize;
        self.ring = DIRECTIONS.map(|(dc, dr)| isize::from(dr) * w + isize::from(dc));
        self.empties.clear();
        self.place.clear();
        self.place.resize(width * width, usize::MAX);
        for (index, cell) in game.cells().iter().enumerate() {
            let at = self.padded(Cell::from_index(index, game.size()));
            match cell {
                Some(colour) => self.cells[at] = bit(*colour),
                None => {
                    self.place[at] = self.empties.len();
                    self.empties.push(at);
                }
            }
        }
    }

    /// The padded index of a board cell.
    fn padded(&self, cell: Cell) -> usize {
        (usize::from(cell.row) + 1) * self.width + usize::from(cell.column) + 1
    }

    /// Puts a `colour` stone on the empty cell `at`.
    fn place_stone(&mut self, at: usize, colour: Colour) {
        self.cells[at] = bit(colour);
        let slot = self.place[at];
        let last = self.empties.pop().expect("an empty cell to fill");
        if last != at {
            self.empties[slot] = last;
            self.place[last] = slot;
        }
        self.place[at] = usize::MAX;
    }

    /// The cells `colour` would take to keep a bridge the stone on `at` intruded into.
    fn bridge_replies(&mut self, at: usize, colour: Colour) {
        self.replies.clear();
        let own = bit(colour);
        let around = self.ring.map(|offset| at.wrapping_add_signed(offset));
        for i in 0..6 {
            let (a, middle, b) = (around[i], around[(i + 1) % 6], around[(i + 2) % 6]);
            if self.cells[a] & own != 0 && self.cells[b] & own != 0 && self.cells[middle] == EMPTY {
                self.replies.push(middle);
            }
        }
    }

    /// Whether black's stones join the top and bottom rows.
    fn black_joins(&mut self) -> bool {
        let width = self.width;
        let n = width - 2;
        self.seen.clear();
        self.seen.resize(width * width, false);
        self.stack.clear();
        for column in 1..=n {
            let at = width + column;
            if self.cells[at] == BLACK {
                self.seen[at] = true;
                self.stack.push(at);
            }
        }
        while let Some(at) = self.stack.pop() {
            if at / width == n {
                return true;
            }
            for offset in self.ring {
                let next = at.wrapping_add_signed(offset);
                // Border cells carry EDGE: the search stays on the board.
                if !self.seen[next] && self.cells[next] == BLACK {
                    self.seen[next] = true;
                    self.stack.push(next);
                }
            }
        }
        false
    }

    /// Plays `game` (not finished) to a full board and returns the winning colour: `last`
    /// is the move that led to `game`, which the player to move may have to answer.
    pub fn run(
        &mut self,
        game: &Hex,
        last: Option<Cell>,
        save_bridges: bool,
        rng: &mut SplitMix64,
    ) -> Colour {
        self.load(game);
        let mut to_move = game.colour_to_move();
        let mut last = last.map(|cell| self.padded(cell));
        while !self.empties.is_empty() {
            let mut choice = None;
            if save_bridges && let Some(at) = last {
                self.bridge_replies(at, to_move);
                if !self.replies.is_empty() {
                    choice = Some(self.replies[rng.below(self.replies.len())]);
                }
            }
            let at = choice.unwrap_or_else(|| self.empties[rng.below(self.empties.len())]);
            self.place_stone(at, to_move);
            last = Some(at);
            to_move = to_move.opposite();
        }
        if self.black_joins() {
            Colour::Black
        } else {
            Colour::White
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Game;
    use arbiter_laws::Fixture;

    #[test]
    fn an_intrusion_into_a_bridge_is_answered() {
        // Black b2 and c3 form a bridge: their common neighbours are c2 and b3. White
        // intrudes at c2; black's only reply is b3.
        let game = Hex::position("standard@5", "5/1BW2/2B2/5/5 white");
        let mut board = PlayoutBoard::default();
        board.load(&game);
        let c2 = board.padded(Cell::new(2, 1));
        board.bridge_replies(c2, Colour::Black);
        assert_eq!(board.replies, [board.padded(Cell::new(1, 2))]);
    }

    #[test]
    fn the_edge_template_is_a_bridge_to_the_edge() {
        // Black c2 reaches the top edge through c1 and d1, its two neighbours on row 1;
        // white takes c1, black answers d1.
        let game = Hex::position("standard@5", "2W2/2B2/5/5/5 black");
        let mut board = PlayoutBoard::default();
        board.load(&game);
        board.bridge_replies(board.padded(Cell::new(2, 0)), Colour::Black);
        assert_eq!(board.replies, [board.padded(Cell::new(3, 0))]);
    }

    #[test]
    fn a_full_board_has_one_winner_found_by_the_flood() {
        let mut rng = SplitMix64::new(7);
        let mut board = PlayoutBoard::default();
        for size in [1, 2, 5, 11] {
            let game = Hex::new(format!("standard@{size}").parse().unwrap());
            for _ in 0..20 {
                board.run(&game, None, true, &mut rng);
                assert!(board.empties.is_empty());
                // White joins left and right exactly when black does not join top and bottom.
                let black = board.black_joins();
                let cells: Vec<Option<Colour>> = (0..usize::from(size) * usize::from(size))
                    .map(
                        |index| match board.cells[board.padded(Cell::from_index(index, size))] {
                            BLACK => Some(Colour::Black),
                            _ => Some(Colour::White),
                        },
                    )
                    .collect();
                let full = Hex::from_cells(*game.variant(), &cells, Colour::Black, false);
                assert!(full.winner_colour().is_some());
                assert_eq!(full.winner_colour() == Some(Colour::Black), black);
            }
        }
    }
}
