//! The board picture: the lines of a go board with its star points, the stones, the ko ban
//! of the side to move, a report's marks; column letters without `i`.

use std::fmt::Write as _;

use arbiter_core::grid::Letters;
use arbiter_core::picture::{self, Forbidden, Look, Mark, Picture, Piece};
use arbiter_core::{Game, Side};

use crate::notation::GoMove;
use crate::rules::Go;

/// The picture of `game` with `marks`.
pub(crate) fn picture(game: &Go, marks: &[Mark<GoMove>]) -> String {
    let g = game.geometry();
    let mut board = Picture::new(crate::setup::board(g.size), Look::Lines { wood: "#dcb35c" });
    board.letters = Letters::SkipI;
    for point in crate::handicap::stars(g) {
        let (x, y) = board.at(usize::from(point));
        let _ = write!(
            board.underlay,
            "<circle class=\"star\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"3\" fill=\"#333\"/>"
        );
    }
    for point in 0..g.points {
        if let Some(side) = game.stone_at(point) {
            board.pieces.push((
                usize::from(point),
                Piece::Stone {
                    black: side == Side::First,
                },
            ));
        }
    }
    // The one refusal worth drawing: the point where the side to move may not retake a ko.
    if game.outcome().is_none() {
        for point in game.empty().iter() {
            if let Err(refusal) = game.check_move(GoMove::at(point))
                && refusal.code != "suicide"
            {
                board.forbidden.push(Forbidden {
                    index: usize::from(point),
                    reason: refusal.code.to_owned(),
                });
            }
        }
    }
    picture::point_marks(
        &mut board,
        marks,
        |mv| game.format_move(mv),
        |mv| mv.point().map(usize::from).into_iter().collect(),
    );
    if game.prisoners(Side::First) + game.prisoners(Side::Second) > 0 {
        board.notes.push(format!(
            "prisoners: black took {}, white took {}",
            game.prisoners(Side::First),
            game.prisoners(Side::Second)
        ));
    }
    board.render_game(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GoVariant;

    #[test]
    fn a_nineteen_board_has_nine_stars_and_no_letter_i() {
        let game = Go::new(GoVariant::default());
        let svg = picture(&game, &[]);
        assert_eq!(svg.matches("class=\"star\"").count(), 9);
        assert!(
            svg.contains(">t</text>") && !svg.contains(">i</text>"),
            "{svg}"
        );
    }

    #[test]
    fn a_ko_ban_is_drawn() {
        // Black d5 c4 d3 and e4, white e5 f4 e3: white d4 takes e4, and black may not take
        // back at e4 at once.
        let variant: GoVariant = "chinese@9".parse().unwrap();
        let mut game = Go::new(variant);
        for mv in ["d5", "e5", "c4", "f4", "d3", "e3", "e4", "d4"] {
            let mv = game.parse_move(mv).unwrap();
            game.play(mv).unwrap();
        }
        let svg = picture(&game, &[]);
        assert!(svg.contains("forbidden: ko"), "{svg}");
    }
}
