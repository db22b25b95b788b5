//! The board picture: the 10×10 board from white's side, the 50 dark squares numbered in
//! their corner, men as discs and kings as ringed discs, a marked move drawn from its start
//! to its end with its captured pieces circled.

use std::fmt::Write as _;

use arbiter_core::Side;
use arbiter_core::grid::{Grid, RowOrder};
use arbiter_core::picture::{CELL, Look, Mark, Picture, Piece, PointMark};

use crate::board::Move;
use crate::board::{SQUARE_COUNT, column_of, row_of, square};
use crate::rules::Draughts;

/// The picture's cell (a1-order index of its ten-by-ten grid, row 1 at the top) of a square.
fn cell(i: usize) -> usize {
    row_of(i) * 10 + column_of(i)
}

/// The picture of `game` with `marks`.
pub(crate) fn picture(game: &Draughts, marks: &[Mark<Move>]) -> String {
    let grid = Grid {
        width: 10,
        height: 10,
        rows: RowOrder::TopIsOne,
        unit: "cells",
        legend: "w, b, W, B or .",
    };
    let mut board = Picture::new(
        grid,
        Look::Squares {
            light: "#f0d9b5",
            dark: "#a67c52",
        },
    );
    board.labels = false;
    board.margin = 16.0;
    let mut numbers = String::new();
    for i in 0..SQUARE_COUNT {
        let (x, y) = board.at(cell(i));
        let _ = write!(
            numbers,
            "<text class=\"square\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"8\" fill=\"#f3e7d3\">{}</text>",
            x - CELL / 2.0 + 2.0,
            y - CELL / 2.0 + 9.0,
            i + 1
        );
        for side in [Side::First, Side::Second] {
            if game.pieces(side) & square(i) == 0 {
                continue;
            }
            let black = side == Side::Second;
            let piece = if game.kings() & square(i) != 0 {
                Piece::King { black }
            } else {
                Piece::Stone { black }
            };
            board.pieces.push((cell(i), piece));
        }
    }
    board.underlay = numbers;
    for mark in marks {
        let (from, to) = (usize::from(mark.mv.from), usize::from(mark.mv.to));
        if from != to {
            board.paths.push((cell(from), cell(to), mark.role));
        }
        board.marks.push(PointMark {
            index: cell(to),
            role: mark.role,
            label: mark.note.clone(),
        });
        for captured in mark.mv.captured_squares() {
            board.marks.push(PointMark {
                index: cell(usize::from(captured) - 1),
                role: mark.role,
                label: Some("x".to_owned()),
            });
        }
    }
    board.render_game_with(
        game,
        format_args!("{} king plies since progress", game.king_plies()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Game;
    use arbiter_core::picture::MarkRole;

    #[test]
    fn the_start_shows_forty_men_and_fifty_numbers() {
        let game = Draughts::start(&crate::DraughtsVariant::default());
        let mv = game.parse_move("32-28").unwrap();
        let expected = Mark {
            mv,
            role: MarkRole::Expected,
            note: None,
        };
        let svg = picture(&game, std::slice::from_ref(&expected));
        assert_eq!(svg.matches("class=\"square\"").count(), 50);
        assert!(svg.contains(">46</text>"));
        // Forty pieces and one mark.
        assert_eq!(svg.matches("<circle").count(), 41, "{svg}");
        assert!(!svg.contains(">a</text>"), "no column letters");
    }
}
