//! The board picture: black and white discs on Othello's green squares, a report's marks on
//! their squares (a pass is named in the legend, it has no square).

use arbiter_core::Game;
use arbiter_core::picture::{self, Look, Mark, Picture, Piece};

use crate::board::Move;
use crate::rules::Othello;

/// The picture of `game` with `marks`.
pub(crate) fn picture(game: &Othello, marks: &[Mark<Move>]) -> String {
    let grid = crate::setup::GRID;
    let mut board = Picture::new(grid, Look::plain_squares("#2e8b57"));
    for square in 0..64 {
        let bit = 1u64 << square;
        if game.black() & bit != 0 {
            board.pieces.push((square, Piece::Stone { black: true }));
        } else if game.white() & bit != 0 {
            board.pieces.push((square, Piece::Stone { black: false }));
        }
    }
    picture::point_marks(
        &mut board,
        marks,
        |mv| game.format_move(mv),
        |mv| mv.square().map(usize::from).into_iter().collect(),
    );
    board.render_game_with(
        game,
        format_args!(
            "discs: black {}, white {}",
            game.discs(arbiter_core::Side::First),
            game.discs(arbiter_core::Side::Second)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::picture::MarkRole;

    #[test]
    fn the_start_has_four_discs_and_a_marked_move() {
        let game = Othello::start(&crate::OthelloVariant::Standard);
        let marks = [Mark {
            mv: game.parse_move("d3").unwrap(),
            role: MarkRole::Missing,
            note: None,
        }];
        let svg = picture(&game, &marks);
        assert_eq!(svg.matches("<circle").count(), 4 + 1, "{svg}");
        assert!(svg.contains("class=\"mark missing\""));
    }
}
