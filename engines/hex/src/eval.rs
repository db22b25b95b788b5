//! The evaluator: the shortest-path distance of each colour to its connection for alpha-beta,
//! and the bridge-aware playout policy (`playout`) for MCTS.
//!
//! A colour's *distance* is the least number of empty cells it must still fill to join its
//! edges, its own stones costing nothing and the opponent's barring the way (a 0-1 breadth-first
//! search over the cells). The evaluation is the opponent's distance minus the mover's, times
//! `distance`, plus a `tempo` for the side to move: the oldest Hex evaluation, weaker than
//! Queenbee's two-distance or Hexy's resistance (Anshelevich), but cheap and exact at the end
//! (a distance of 0 is a connection, an unreachable edge is the largest distance).
//!
//! The searches see only the moves that matter when a stone wins at once or must block one
//! (`search_moves`). The evaluator remembers the moves the search made ([`arbiter_search::Evaluator::make`]), so
//! that a playout knows the move it must answer.

use std::collections::VecDeque;

use arbiter_core::{Game, Side};
use arbiter_search::{Evaluator, MoveSet, SplitMix64};
use serde::{Deserialize, Serialize};

use crate::board::{Cell, Colour, Edge, HexMove, MAX_CELLS, neighbours};
use crate::playout::PlayoutBoard;
use crate::rules::{Hex, Undo};

/// The weights of `engines/hex/params.yaml` (`eval:`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Params {
    /// Per cell of the opponent's distance minus the mover's.
    pub distance: i32,
    /// Added for the side to move: it fills the next cell.
    pub tempo: i32,
    /// Whether MCTS playouts answer an intrusion into a bridge (else uniformly random).
    pub save_bridges: bool,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            distance: 100,
            tempo: 50,
            save_bridges: true,
        }
    }
}

/// The least number of empty cells `colour` must fill to join its edges in `game`, or the
/// number of cells plus one when the opponent has cut every way.
#[must_use]
pub fn distance(game: &Hex, colour: Colour) -> usize {
    let size = game.size();
    let cells = game.cells();
    let unreachable = cells.len() + 1;
    let [from, to] = Edge::of(colour);
    let cost = |index: usize| usize::from(cells[index].is_none());
    let mut best = vec![unreachable; cells.len()];
    let mut queue = VecDeque::new();
    for index in 0..cells.len() {
        if cells[index] != Some(colour.opposite())
            && from.touches(Cell::from_index(index, size), size)
        {
            best[index] = cost(index);
            if cost(index) == 0 {
                queue.push_front(index);
            } else {
                queue.push_back(index);
            }
        }
    }
    let mut answer = unreachable;
    while let Some(index) = queue.pop_front() {
        let here = best[index];
        if here >= answer {
            continue;
        }
        if to.touches(Cell::from_index(index, size), size) {
            answer = here;
            continue;
        }
        for next in neighbours(size, index) {
            if cells[next] == Some(colour.opposite()) {
                continue;
            }
            let step = cost(next);
            if here + step < best[next] {
                best[next] = here + step;
                if step == 0 {
                    queue.push_front(next);
                } else {
                    queue.push_back(next);
                }
            }
        }
    }
    answer
}

/// The static value of `game` (not finished) for the side to move.
#[must_use]
pub fn evaluate(game: &Hex, params: &Params) -> i32 {
    let mover = game.colour_to_move();
    let mine = distance(game, mover);
    let theirs = distance(game, mover.opposite());
    // Distances are at most 362: the difference fits an i32.
    params.distance * (theirs as i32 - mine as i32) + params.tempo
}

/// The evaluator of alpha-beta and MCTS: [`Params`], the moves made since the search's root,
/// and the playout board.
#[derive(Clone, Debug, Default)]
pub struct HexEval {
    params: Params,
    moves: Vec<HexMove>,
    board: PlayoutBoard,
}

arbiter_search::evaluator_from!(HexEval, Params);

impl HexEval {
    /// The evaluator with `params`.
    #[must_use]
    pub fn new(params: Params) -> HexEval {
        HexEval {
            params,
            moves: Vec::new(),
            board: PlayoutBoard::default(),
        }
    }
}

impl Evaluator<Hex> for HexEval {
    fn evaluate(&self, game: &Hex) -> i32 {
        evaluate(game, &self.params)
    }

    /// Cells near the centre first: they take part in more chains.
    fn move_order_hint(&self, game: &Hex, mv: HexMove) -> i32 {
        match mv {
            HexMove::Swap => 0,
            HexMove::Stone(cell) => {
                let middle = i32::from(game.size()) - 1;
                let (column, row) = (2 * i32::from(cell.column), 2 * i32::from(cell.row));
                -((column - middle).abs() + (row - middle).abs())
            }
        }
    }

    fn history_slots(&self) -> usize {
        MAX_CELLS + 1
    }

    fn history_slot(&self, mv: HexMove) -> usize {
        match mv {
            HexMove::Stone(cell) => usize::from(cell.row) * 19 + usize::from(cell.column),
            HexMove::Swap => MAX_CELLS,
        }
    }

    /// A stone never loses for the side that places it (Hex is monotone: an extra stone never
    /// hurts), so a search to the end may prune more.
    fn moving_can_lose(&self) -> bool {
        false
    }

    fn begin(&mut self, _root: &Hex) {
        self.moves.clear();
    }

    /// A stone that joins the mover's edges, if there is one (every such stone wins); else
    /// the one cell where the opponent would join its edges, if there is exactly one (every
    /// other move loses at once); else every legal move. Both narrowings keep a best move, so
    /// the list is complete: proofs stand. The swap, while it is offered, is no stone that
    /// answers a threat, so the list is then left whole.
    fn search_moves(&mut self, game: &Hex, moves: &mut Vec<HexMove>) -> MoveSet {
        game.generate_moves(moves);
        if moves.is_empty() || game.swap_offered() {
            return MoveSet::Complete;
        }
        let mover = game.colour_to_move();
        let wins = game.winning_cells(mover);
        let forced = if wins.is_empty() {
            let threats = game.winning_cells(mover.opposite());
            if threats.len() == 1 {
                threats
            } else {
                Vec::new()
            }
        } else {
            wins
        };
        if !forced.is_empty() {
            moves.clear();
            moves.extend(forced.into_iter().map(HexMove::Stone));
        }
        MoveSet::Complete
    }

    /// The bridge-aware random fill of the board (module `playout`), answering the search's last
    /// stone.
    fn playout(&mut self, game: &Hex, rng: &mut SplitMix64) -> Option<f64> {
        let last = match self.moves.last() {
            Some(HexMove::Stone(cell)) => Some(*cell),
            _ => None,
        };
        let winner = self.board.run(game, last, self.params.save_bridges, rng);
        Some(if game.owner(winner) == Side::First {
            1.0
        } else {
            0.0
        })
    }

    fn make(&mut self, game: &mut Hex, mv: HexMove) -> Undo {
        self.moves.push(mv);
        game.make(mv)
    }

    fn unmake(&mut self, game: &mut Hex, mv: HexMove, undo: Undo) {
        self.moves.pop();
        game.unmake(mv, undo);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_laws::Fixture;

    #[test]
    fn distances_count_the_empty_cells_still_needed() {
        let start = Hex::new("standard@5".parse().unwrap());
        assert_eq!(distance(&start, Colour::Black), 5);
        assert_eq!(distance(&start, Colour::White), 5);
        // Black c1 c2 c3 is two cells short (c4 and c5); white's a4 and a5 are four short
        // (row 4 or 5 across, or b4 c4 d3 e3): black's wall bars rows 1 to 3.
        let game = Hex::position("standard@5", "2B2/2B2/2B2/W4/W4 white");
        assert_eq!(distance(&game, Colour::Black), 2);
        assert_eq!(distance(&game, Colour::White), 4);
        assert!(evaluate(&game, &Params::default()) < 0, "white is behind");
    }

    #[test]
    fn a_cut_colour_is_farthest() {
        // White's row 2 joins white's edges and cuts black off.
        let game = Hex::position("standard@3", "B2/WWW/BB1 black");
        assert_eq!(distance(&game, Colour::Black), 10);
    }
}
