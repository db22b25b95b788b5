//! A game that reaches a position: the move list for a protocol that takes only games (GTP's
//! `play` commands, Botzone's history) when a case gives a board.
//!
//! Stones go in alternately from black's first, in a1 order; after a swap (the `swapped` mark
//! under `swap-sides`, or white one stone ahead under `swap-mirror`) the first stone and the
//! swap come first. Stones only join chains, so no position on the way is won before the last
//! one: when the board is won, the last stone is one of the winner's without which the board
//! is not won (`HexSetup::validate` refuses a board that has none, as `unreachable`). The order
//! is replayed through the rules and must end on the board.

use arbiter_core::Game;

use crate::board::{Cell, Colour, HexMove};
use crate::rules::Hex;
use crate::variant::SwapRule;

/// The moves from the empty board to `position`.
///
/// # Errors
/// A sentence when no game reaches it (a position `from_setup` accepted always has one).
pub fn game_to(position: &Hex) -> Result<Vec<HexMove>, String> {
    let size = position.size();
    let cells = position.cells();
    let stones = |colour: Colour| -> Vec<Cell> {
        (0..cells.len())
            .filter(|&index| cells[index] == Some(colour))
            .map(|index| Cell::from_index(index, size))
            .collect()
    };
    let mut left = [stones(Colour::Black), stones(Colour::White)];
    if let Some(winner) = position.winner_colour() {
        let own = &mut left[winner.index()];
        let last = own
            .iter()
            .position(|&cell| {
                let mut without = cells.to_vec();
                without[cell.index(size)] = None;
                Hex::from_cells(*position.variant(), &without, winner, position.swapped())
                    .winner_colour()
                    .is_none()
            })
            .ok_or("the winner's chain was complete before its last stone")?;
        let cell = own.remove(last);
        own.push(cell);
    }
    let (black, white) = (left[0].len(), left[1].len());
    let mirror_swap = position.variant().swap == SwapRule::Mirror
        && match position.colour_to_move() {
            Colour::Black => white == black + 1,
            Colour::White => black == white,
        };
    let mut moves = Vec::new();
    let mut to_move = Colour::Black;
    if position.swapped() || mirror_swap {
        // The first stone: black's own (swap-sides), or black's on the mirror image of a
        // white stone, which the swap turns into that stone (swap-mirror).
        let colour = if mirror_swap {
            Colour::White
        } else {
            Colour::Black
        };
        if left[colour.index()].is_empty() {
            return Err("a swap without a first stone".to_owned());
        }
        let first = left[colour.index()].remove(0);
        moves.push(HexMove::Stone(if mirror_swap {
            first.mirrored()
        } else {
            first
        }));
        moves.push(HexMove::Swap);
        // After swap-sides the first player moves again, as white; after swap-mirror black.
        to_move = if mirror_swap {
            Colour::Black
        } else {
            Colour::White
        };
    }
    for colour in [Colour::Black, Colour::White] {
        left[colour.index()].reverse();
    }
    while let Some(cell) = left[to_move.index()].pop() {
        moves.push(HexMove::Stone(cell));
        to_move = to_move.opposite();
    }
    if left.iter().any(|stones| !stones.is_empty()) {
        return Err(format!(
            "black has {black} stones and white {white}: they do not alternate"
        ));
    }
    let mut replay = Hex::new(*position.variant());
    for &mv in &moves {
        replay
            .play(mv)
            .map_err(|refusal| format!("the order found is refused: {refusal}"))?;
    }
    if replay != *position {
        return Err("the order found does not end on the board".to_owned());
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::format_move;

    fn order(variant: &str, text: &str) -> String {
        game_to(&arbiter_laws::position(variant, text))
            .unwrap()
            .into_iter()
            .map(format_move)
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn stones_alternate_from_black() {
        assert_eq!(order("standard@3", "B1W/1B1/W1B white"), "a1 c1 b2 a3 c3");
    }

    /// Black's c1 b2 a3 join the top and bottom: without c1 (the first such stone in a1
    /// order) the board is not won, so c1 goes last.
    #[test]
    fn a_won_board_ends_on_a_stone_of_the_chain() {
        assert_eq!(order("standard@3", "W1B/1B1/B1W white"), "b2 a1 a3 c3 c1");
    }

    #[test]
    fn the_swap_comes_second() {
        assert_eq!(
            order("swap-sides@3", "1B1/1W1/3 black swapped"),
            "b1 swap-pieces b2"
        );
        // After the swap-mirror swap white owns a2, the mirror of black's b1.
        assert_eq!(order("swap-mirror@3", "3/W2/3 black"), "b1 swap-pieces");
        assert_eq!(order("swap-mirror@3", "3/W2/2B white"), "b1 swap-pieces c3");
    }
}
