//! The board picture: the dots, the drawn lines, each completed box filled in its owner's
//! colour with the owner's letter, and a report's marked turns as coloured lines (every line
//! of the turn).

use std::fmt::Write as _;

use arbiter_core::Side;
use arbiter_core::picture::{self, Mark, MarkRole, escape};

use crate::board::Geometry;
use crate::notation::Move;
use crate::rules::DotsBoxes;

/// Pixels between two dots, and around the board.
const GAP: f64 = 44.0;
const EDGE: f64 = 28.0;

/// The picture of `game` with `marks`.
pub(crate) fn picture(game: &DotsBoxes, marks: &[Mark<Move>]) -> String {
    let g = game.geometry();
    let mut roles: Vec<_> = marks.iter().map(|mark| mark.role).collect();
    roles.sort_unstable();
    roles.dedup();
    let board_h = 2.0 * EDGE + f64::from(g.rows) * GAP;
    let mut svg = header(g, board_h, roles.len());
    fill_boxes(&mut svg, game);
    for edge in 0..g.edges {
        if game.drawn() & (1 << edge) != 0 {
            line(&mut svg, g, edge, "#222", 4.0, "");
        }
    }
    for mark in marks {
        for edge in 0..g.edges {
            if mark.mv.0 & (1 << edge) != 0 {
                line(
                    &mut svg,
                    g,
                    edge,
                    mark.role.colour(),
                    5.0,
                    " stroke-dasharray=\"6 4\" class=\"mark\"",
                );
            }
        }
    }
    draw_dots(&mut svg, g);
    caption_and_legend(&mut svg, game, board_h, &roles);
    svg.push_str("</svg>");
    svg
}

/// The pixel centre of the dot in column `x` and row `y`.
fn dot((x, y): (u8, u8)) -> (f64, f64) {
    (EDGE + f64::from(x) * GAP, EDGE + f64::from(y) * GAP)
}

/// The opening `<svg>` tag, the title and the board's background, with room below the board
/// for the caption and one legend line a role.
fn header(g: &Geometry, board_h: f64, roles: usize) -> String {
    let width = (2.0 * EDGE + f64::from(g.cols) * GAP).max(300.0);
    let height = board_h + 18.0 * (roles as f64 + 1.0);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" width=\"{width:.0}\" \
         height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" role=\"img\" \
         font-family=\"sans-serif\" font-size=\"11\"><title>dotsboxes {}x{}</title>\
         <rect width=\"{width:.0}\" height=\"{board_h:.0}\" fill=\"#fffdf5\"/>",
        g.rows, g.cols
    )
}

/// Each completed box in its owner's colour with the owner's letter, black's boxes first.
fn fill_boxes(svg: &mut String, game: &DotsBoxes) {
    let g = game.geometry();
    for (side, fill, letter) in [
        (Side::First, "#9ecae1", 'B'),
        (Side::Second, "#fdae6b", 'W'),
    ] {
        let owned = game.boxes(side);
        for r in 0..g.rows {
            for c in 0..g.cols {
                if owned & (1 << (r * g.cols + c)) != 0 {
                    let (x, y) = dot((c, r));
                    let _ = write!(
                        svg,
                        "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{GAP}\" height=\"{GAP}\" \
                         fill=\"{fill}\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" \
                         font-size=\"16\" font-weight=\"bold\">{letter}</text>",
                        x + GAP / 2.0,
                        y + GAP / 2.0 + 6.0
                    );
                }
            }
        }
    }
}

/// The line of `edge` in `colour`, `width` pixels wide, with the extra attributes `dash`.
fn line(svg: &mut String, g: &Geometry, edge: u8, colour: &str, width: f64, dash: &str) {
    let ((x1, y1), (x2, y2)) = (dot(g.dots(edge).0), dot(g.dots(edge).1));
    let _ = write!(
        svg,
        "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{colour}\" \
         stroke-width=\"{width}\" stroke-linecap=\"round\"{dash}/>"
    );
}

/// Every dot, row by row from the top.
fn draw_dots(svg: &mut String, g: &Geometry) {
    for y in 0..=g.rows {
        for x in 0..=g.cols {
            let (cx, cy) = dot((x, y));
            let _ = write!(
                svg,
                "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"4\" fill=\"#111\"/>"
            );
        }
    }
}

/// Below the board: the caption with the boxes each side owns, then a line for each role.
fn caption_and_legend(svg: &mut String, game: &DotsBoxes, board_h: f64, roles: &[MarkRole]) {
    let mut y = board_h + 4.0;
    let _ = write!(
        svg,
        "<text class=\"caption\" x=\"8\" y=\"{y:.1}\">{}; boxes: black {}, white {}</text>",
        escape(&picture::caption(game)),
        game.boxes(Side::First).count_ones(),
        game.boxes(Side::Second).count_ones()
    );
    for role in roles {
        y += 18.0;
        let _ = write!(
            svg,
            "<text x=\"8\" y=\"{y:.1}\" fill=\"{}\">-- {}</text>",
            role.colour(),
            escape(role.name())
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Game;

    #[test]
    fn dots_lines_and_a_marked_turn() {
        let game = DotsBoxes::start(&crate::DotsBoxesVariant::default());
        let g = game.geometry();
        let mut moves = Vec::new();
        game.generate_moves(&mut moves);
        let mv = moves[0];
        let svg = picture(
            &game,
            &[Mark {
                mv,
                role: MarkRole::Missing,
                note: None,
            }],
        );
        let dots = (usize::from(g.rows) + 1) * (usize::from(g.cols) + 1);
        assert_eq!(svg.matches("<circle").count(), dots, "{svg}");
        assert_eq!(svg.matches("class=\"mark\"").count(), 1);
    }
}
