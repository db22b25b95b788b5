//! The board picture: stones on the lines of a wooden board, black's forbidden points under
//! renju marked with their kind (the rules' own [`Game::forbidden_moves`]), and a report's
//! marks on their points.

use arbiter_core::Game;
use arbiter_core::picture::{self, Forbidden, Look, Mark, Picture, Piece};

use crate::board::Colour;
use crate::board::Move;
use crate::rules::Gomoku;

/// The picture of `game` with `marks`.
pub(crate) fn picture(game: &Gomoku, marks: &[Mark<Move>]) -> String {
    let size = usize::from(game.size());
    let grid = crate::setup::grid(game.size());
    let index =
        |point: crate::board::Point| usize::from(point.row()) * size + usize::from(point.col());
    let mut board = Picture::new(grid, Look::Lines { wood: "#dcb35c" });
    for point in game.points() {
        if let Some(colour) = game.stone_at(point) {
            board.pieces.push((
                index(point),
                Piece::Stone {
                    black: colour == Colour::Black,
                },
            ));
        }
    }
    // Black's forbidden points whoever is to move: a picture shows where black may not play.
    if game.variant().is_renju() {
        for (point, kind) in game.forbidden_points() {
            board.forbidden.push(Forbidden {
                index: index(point),
                reason: kind.code().to_owned(),
            });
        }
    }
    picture::point_marks(
        &mut board,
        marks,
        |mv| game.format_move(mv),
        |mv| match mv {
            Move::Stone(point) => vec![index(point)],
            Move::Swap | Move::PutTwo => Vec::new(),
        },
    );
    board.caption = format!(
        "{} ({} stone next)",
        picture::caption(game),
        match game.colour_to_move() {
            Colour::Black => "black",
            Colour::White => "white",
        }
    );
    board.render(&format!("gomoku {}", game.variant()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::GomokuVariant;

    #[test]
    fn renju_forbidden_points_are_drawn_with_their_kind() {
        let variant: GomokuVariant = "renju".parse().unwrap();
        // Black to move with a double-three at h8 (three stones making two open threes).
        let mut game = Gomoku::start(&variant);
        for mv in ["g8", "a1", "i8", "a3", "h7", "a5", "h9", "a7"] {
            game.play(game.parse_move(mv).unwrap()).unwrap();
        }
        let forbidden = game.forbidden_moves().unwrap();
        assert!(
            forbidden
                .iter()
                .any(|(mv, reason)| game.format_move(*mv) == "h8" && *reason == "double-three"),
            "{forbidden:?}"
        );
        let svg = picture(&game, &[]);
        assert!(svg.starts_with("<svg"), "{svg}");
        for (_, reason) in &forbidden {
            assert!(svg.contains(&format!("forbidden: {reason}")), "{reason}");
        }
        assert_eq!(svg.matches("<circle").count(), 8, "eight stones");
    }
}
