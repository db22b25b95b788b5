//! The board picture: stones on the lines of a go board, the side to move's fouls (a stone
//! that would capture, or have no liberty) marked with their kind, a report's marks on their
//! points.

use arbiter_core::picture::{self, Forbidden, Look, Mark, Picture, Piece};
use arbiter_core::{Game, Side};

use crate::board::Point;
use crate::rules::NoGo;

/// The picture of `game` with `marks`.
pub(crate) fn picture(game: &NoGo, marks: &[Mark<Point>]) -> String {
    let setup = game.to_setup();
    let grid = crate::setup::grid(setup.size);
    let mut board = Picture::new(grid, Look::Lines { wood: "#dcb35c" });
    for (index, cell) in setup.cells.iter().enumerate() {
        if let Some(side) = cell {
            board.pieces.push((
                index,
                Piece::Stone {
                    black: *side == Side::First,
                },
            ));
        }
    }
    for (point, kind) in game.forbidden_moves().unwrap_or_default() {
        board.forbidden.push(Forbidden {
            index: usize::from(point),
            reason: kind.to_owned(),
        });
    }
    picture::point_marks(
        &mut board,
        marks,
        |mv| game.format_move(mv),
        |mv| vec![usize::from(mv)],
    );
    board.render_game(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_foul_point_is_marked_with_its_kind() {
        // Black's a1 has one liberty, b1 (white holds a2): white on b1 would capture.
        let variant = crate::NoGoVariant::default();
        let setup = NoGo::parse_position(&variant, "8X/9/9/9/9/9/9/O8/X8 white").unwrap();
        let game = NoGo::from_setup(&variant, &setup).unwrap();
        let svg = picture(&game, &[]);
        assert!(svg.contains("forbidden: capture"), "{svg}");
    }
}
