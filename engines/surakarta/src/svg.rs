//! The board picture: the 6x6 lines with the two capture circuits in colour, each with its four
//! corner loops (the inner circuit on lines b, e, 2 and 5 with small loops, the outer on c, d,
//! 3 and 4 with large ones), red and black pieces, a marked move drawn from its start to its
//! end (a capture's path along the circuit is not traced).

use std::fmt::Write as _;

use arbiter_core::Side;
use arbiter_core::picture::{CELL, Look, Mark, Picture, Piece, PointMark};

use crate::board::{SIZE, at};
use crate::notation::Move;
use crate::rules::Surakarta;

/// The circuits' colours, inner then outer.
const CIRCUIT_COLOURS: [&str; 2] = ["#2c7fb8", "#41ab5d"];

/// The picture of `game` with `marks`.
pub(crate) fn picture(game: &Surakarta, marks: &[Mark<Move>]) -> String {
    let grid = crate::setup::GRID;
    let mut board = Picture::new(grid, Look::Lines { wood: "#f3e2b8" });
    // The large loops reach two cells beyond the corner points.
    board.margin = 2.0 * CELL + 16.0;
    board.underlay = circuits(&board);
    for (side, piece) in [
        (Side::First, Piece::Disc { fill: "#cb181d" }),
        (Side::Second, Piece::Stone { black: true }),
    ] {
        let pieces = game.pieces(side);
        for point in 0..SIZE * SIZE {
            if pieces & (1 << point) != 0 {
                board.pieces.push((point, piece));
            }
        }
    }
    for mark in marks {
        let (from, to) = (usize::from(mark.mv.from), usize::from(mark.mv.to));
        board.paths.push((from, to, mark.role));
        board.marks.push(PointMark {
            index: to,
            role: mark.role,
            label: mark.mv.capture.then(|| "x".to_owned()),
        });
    }
    board
        .notes
        .push("circuits: inner (blue), outer (green)".to_owned());
    board.render_game_with(
        game,
        format_args!("{} ply(s) since the last capture", game.no_capture_plies()),
    )
}

/// Both circuits: their four lines over the board and a three-quarter loop at each corner.
fn circuits(board: &Picture) -> String {
    let mut svg = String::new();
    let last = SIZE - 1;
    let point = |file: usize, rank: usize| board.at(usize::from(at(file, rank).unwrap_or(0)));
    for (circuit, low) in [(0, 1), (1, 2)] {
        let high = last - low;
        let colour = CIRCUIT_COLOURS[circuit];
        for line in [low, high] {
            let ((x1, y1), (x2, y2)) = (point(line, 0), point(line, last));
            let ((x3, y3), (x4, y4)) = (point(0, line), point(last, line));
            let _ = write!(
                svg,
                "<g stroke=\"{colour}\" stroke-width=\"2.5\"><line x1=\"{x1:.1}\" y1=\"{y1:.1}\" \
                 x2=\"{x2:.1}\" y2=\"{y2:.1}\"/><line x1=\"{x3:.1}\" y1=\"{y3:.1}\" x2=\"{x4:.1}\" \
                 y2=\"{y4:.1}\"/></g>"
            );
        }
        let r = low as f64 * CELL;
        // Each corner point, with the screen directions pointing off the board there.
        for (file, rank, dx, dy) in [
            (0, 0, -1.0, 1.0),
            (last, 0, 1.0, 1.0),
            (0, last, -1.0, -1.0),
            (last, last, 1.0, -1.0),
        ] {
            let (px, py) = point(file, rank);
            // From the corner's rank line to its file line, round the outside of the corner.
            let (sx, sy) = (px, py - dy * r);
            let (ex, ey) = (px - dx * r, py);
            let sweep = u8::from(dx * dy > 0.0);
            let _ = write!(
                svg,
                "<path class=\"loop\" d=\"M{sx:.1} {sy:.1} A{r:.1} {r:.1} 0 1 {sweep} {ex:.1} \
                 {ey:.1}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\"/>"
            );
        }
    }
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Game;

    #[test]
    fn the_start_shows_both_circuits_with_eight_loops_and_24_pieces() {
        let game = Surakarta::start(&crate::SurakartaVariant::default());
        let svg = picture(&game, &[]);
        assert_eq!(svg.matches("class=\"loop\"").count(), 8, "{svg}");
        assert_eq!(svg.matches("<circle").count(), 24);
    }
}
