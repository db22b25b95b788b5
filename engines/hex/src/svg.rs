//! The board picture: hexagonal cells in the rhombus (row 1 on top, each row half a cell
//! further right), black's edges (top and bottom) dark and white's (left and right) light,
//! the stones, and a report's marks; the swap, which has no cell, is named in the legend.

use arbiter_core::Game;
use arbiter_core::picture::{self, Look, Mark, Picture, Piece};

use crate::board::{Colour, HexMove};
use crate::rules::Hex;
use crate::setup::grid;

/// The picture of `game` with `marks`.
pub(crate) fn picture(game: &Hex, marks: &[Mark<HexMove>]) -> String {
    let look = Look::Hexes {
        fill: "#f3e3c3",
        top_bottom: "#222",
        left_right: "#c8c8c8",
    };
    let mut board = Picture::new(grid(game.size()), look);
    for (index, cell) in game.cells().iter().enumerate() {
        if let Some(colour) = cell {
            board.pieces.push((
                index,
                Piece::Stone {
                    black: *colour == Colour::Black,
                },
            ));
        }
    }
    picture::point_marks(
        &mut board,
        marks,
        |mv| game.format_move(mv),
        |mv| match mv {
            HexMove::Stone(cell) if cell.on_board(game.size()) => {
                vec![cell.index(game.size())]
            }
            _ => Vec::new(),
        },
    );
    if game.swapped() {
        board
            .notes
            .push("the players swapped sides: the first player is white".to_owned());
    }
    board.render_game(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::picture::MarkRole;

    #[test]
    fn stones_edges_and_a_marked_swap() {
        let game: Hex = arbiter_laws::played(&"swap-sides@5".parse().unwrap(), "c3");
        let svg = picture(
            &game,
            &[Mark {
                mv: HexMove::Swap,
                role: MarkRole::Expected,
                note: None,
            }],
        );
        assert_eq!(svg.matches("<polygon").count(), 25);
        assert_eq!(svg.matches("<circle").count(), 1, "one stone");
        assert!(svg.contains("expected: swap-pieces"), "{svg}");
    }
}
