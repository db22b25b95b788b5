//! The board picture: stones on the lines of a 19x19 (or smaller) board, a report's marks on
//! both stones of a move, numbered `1` and `2`.

use arbiter_core::Side;
use arbiter_core::picture::{Look, Mark, Picture, Piece, PointMark};

use crate::board::{Move, Point};
use crate::rules::Connect6;

/// The picture of `game` with `marks`.
pub(crate) fn picture(game: &Connect6, marks: &[Mark<Move>]) -> String {
    let board = game.board();
    let size = board.size();
    let grid = crate::setup::grid(size);
    // The picture's cells are indexed `row * size + column`, points `row * 19 + column`.
    let cell = |point: Point| point.row() * size + point.column();
    let mut out = Picture::new(grid, Look::Lines { wood: "#e3c16f" });
    for point in board.points() {
        if let Some(side) = board.get(point) {
            let black = side == Side::First;
            out.pieces.push((cell(point), Piece::Stone { black }));
        }
    }
    for mark in marks {
        let stones = [Some(mark.mv.first()), mark.mv.second()];
        let single = mark.mv.second().is_none();
        for (k, point) in stones.into_iter().flatten().enumerate() {
            out.marks.push(PointMark {
                index: cell(point),
                role: mark.role,
                label: (!single).then(|| (k + 1).to_string()),
            });
        }
    }
    out.render_game_with(
        game,
        format_args!("{} stone(s) this turn", game.stones_this_turn()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Game;
    use arbiter_core::picture::MarkRole;

    #[test]
    fn a_pair_is_marked_on_both_points() {
        let game: Connect6 = arbiter_laws::played(&crate::Connect6Variant::default(), "j10");
        let marks = [Mark {
            mv: game.parse_move("k10k11").unwrap(),
            role: MarkRole::Actual,
            note: None,
        }];
        let svg = picture(&game, &marks);
        assert_eq!(svg.matches("class=\"mark actual\"").count(), 2, "{svg}");
        assert_eq!(svg.matches("fill=\"#111\"").count(), 1, "one black stone");
    }
}
