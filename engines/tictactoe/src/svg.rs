//! The board picture: X and O on a paper grid, a report's marks on their cells.

use arbiter_core::picture::{self, Look, Mark, Picture, Piece};
use arbiter_core::{Game, Side};

use crate::board::Cell;
use crate::rules::{Move, TicTacToe};

/// The picture of `game` with `marks`.
pub(crate) fn picture(game: &TicTacToe, marks: &[Mark<Move>]) -> String {
    let grid = crate::setup::GRID;
    let mut board = Picture::new(grid, Look::plain_squares("#fffdf5"));
    for cell in Cell::ALL {
        for (side, text, colour) in [
            (Side::First, 'X', "#1f3b73"),
            (Side::Second, 'O', "#a50f15"),
        ] {
            if game.stones(side) & cell.bit() != 0 {
                board
                    .pieces
                    .push((cell.index(), Piece::Letter { text, colour }));
            }
        }
    }
    picture::point_marks(
        &mut board,
        marks,
        |mv| game.format_move(mv),
        |mv| vec![mv.cell().index()],
    );
    board.render_game(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stones_are_letters_in_their_cells() {
        let game: TicTacToe = arbiter_laws::played(&crate::TicTacToeVariant::default(), "b2");
        let svg = picture(&game, &[]);
        assert_eq!(svg.matches(">X</text>").count(), 1, "{svg}");
        assert!(svg.contains("o to move"), "{svg}");
    }
}
