//! The board picture: white and black queens and burnt squares (arrows) on a chequered
//! board; a marked move is drawn as its queen path and its arrow's flight, the landing square
//! and the arrow's square ringed.

use arbiter_core::Side;
use arbiter_core::picture::{Look, Mark, Picture, Piece, PointMark};

use crate::notation::Move;
use crate::rules::Amazons;
use crate::setup::Cell;

/// The picture of `game` with `marks`.
pub(crate) fn picture(game: &Amazons, marks: &[Mark<Move>]) -> String {
    let setup = game.to_setup();
    let grid = crate::setup::grid(setup.size);
    let mut board = Picture::new(
        grid,
        Look::Squares {
            light: "#f0d9b5",
            dark: "#b58863",
        },
    );
    for (index, cell) in setup.cells.iter().enumerate() {
        let piece = match cell {
            Cell::Empty => continue,
            Cell::Amazon(side) => Piece::Queen {
                black: *side == Side::Second,
            },
            Cell::Arrow => Piece::Arrow,
        };
        board.pieces.push((index, piece));
    }
    for mark in marks {
        let (from, to, arrow) = (
            usize::from(mark.mv.from),
            usize::from(mark.mv.to),
            usize::from(mark.mv.arrow),
        );
        board.paths.push((from, to, mark.role));
        board.paths.push((to, arrow, mark.role));
        board.marks.push(PointMark {
            index: to,
            role: mark.role,
            label: Some("Q".to_owned()),
        });
        board.marks.push(PointMark {
            index: arrow,
            role: mark.role,
            label: Some("x".to_owned()),
        });
    }
    if !marks.is_empty() {
        board
            .notes
            .push("Q: the queen's square after the move, x: the arrow".to_owned());
    }
    board.render_game(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Game;
    use arbiter_core::picture::MarkRole;

    #[test]
    fn queens_and_a_marked_move_with_its_arrow() {
        let game = Amazons::start(&crate::AmazonsVariant::Standard);
        let mv = game.parse_move("d1-d7/g7").unwrap();
        let svg = picture(
            &game,
            &[Mark {
                mv,
                role: MarkRole::Expected,
                note: None,
            }],
        );
        assert_eq!(svg.matches("<path").count(), 8, "eight queens: {svg}");
        assert_eq!(svg.matches("class=\"path\"").count(), 2);
        assert_eq!(svg.matches("class=\"mark expected\"").count(), 2);
    }
}
