//! The board picture: the 5x5 squares with red's and blue's numbered pieces, and a marked move:
//! a step as an arrow, a layout as the numbers on the start cells, a roll on the pieces it
//! selects.

use arbiter_core::grid::{Grid, RowOrder};
use arbiter_core::picture::{Look, Mark, Picture, Piece, PointMark};
use arbiter_core::{Game, Side};

use crate::board::EinSteinMove;
use crate::board::{SIZE, SQUARES, Square, start_cells};
use crate::rules::EinStein;

/// The colour of each side's numbers.
const COLOURS: [&str; 2] = ["#cb181d", "#2166ac"];

/// The picture of `game` with `marks`.
pub(crate) fn picture(game: &EinStein, marks: &[Mark<EinSteinMove>]) -> String {
    let grid = Grid::square(SIZE, RowOrder::TopIsOne, "squares", "R1-R6, B1-B6 or .");
    let mut board = Picture::new(
        grid,
        Look::Squares {
            light: "#f7f4ea",
            dark: "#e8e1cc",
        },
    );
    for index in 0..SQUARES {
        let Some(piece) = Square::from_index(index).and_then(|square| game.piece_at(square)) else {
            continue;
        };
        board.pieces.push((
            index,
            Piece::Letter {
                text: char::from(b'0' + piece.number),
                colour: COLOURS[piece.side.index()],
            },
        ));
    }
    let side = game.side_to_move();
    for mark in marks {
        match mark.mv {
            EinSteinMove::Step { from, to } => {
                board.paths.push((from.index(), to.index(), mark.role));
                board.marks.push(PointMark {
                    index: to.index(),
                    role: mark.role,
                    label: None,
                });
            }
            EinSteinMove::Layout(layout) => {
                for (square, number) in start_cells(side).into_iter().zip(layout.numbers()) {
                    board.marks.push(PointMark {
                        index: square.index(),
                        role: mark.role,
                        label: Some(number.to_string()),
                    });
                }
            }
            EinSteinMove::Roll(die) => {
                let (numbers, count) = game.selectable(side, die);
                for &number in &numbers[..count] {
                    if let Some(square) = game.square_of(side, number) {
                        board.marks.push(PointMark {
                            index: square.index(),
                            role: mark.role,
                            label: Some(format!("roll {die}")),
                        });
                    }
                }
            }
        }
    }
    board.notes.push(format!(
        "red ({}) to e5, blue ({}) to a1",
        COLOURS[Side::First.index()],
        COLOURS[Side::Second.index()]
    ));
    board.render_game_with(game, format_args!("{:?}", game.phase()))
}
