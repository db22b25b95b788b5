//! The board picture: nine files and ten ranks of lines, the river across the middle (楚河 漢界)
//! where the inner files break off, the diagonals of both palaces, the pieces as discs with
//! their characters (red 帥仕相傌俥炮兵, black 將士象馬車砲卒), and a marked move drawn from its
//! start to its end. Ranks are labelled 0-9 as ICCS numbers them.

use std::fmt::Write as _;

use arbiter_core::grid::{Grid, RowOrder};
use arbiter_core::picture::{self, CELL, Look, Mark, Picture, Piece};
use arbiter_core::{Game, Side};

use crate::board::Move;
use crate::board::{FILES, POINTS, Point, RANKS, at};
use crate::notation;
use crate::rules::Xiangqi;

const WOOD: &str = "#f0d9a4";

/// The picture of `game` with `marks`.
pub(crate) fn picture(game: &Xiangqi, marks: &[Mark<Move>]) -> String {
    let grid = Grid {
        width: FILES,
        height: RANKS,
        rows: RowOrder::BottomIsOne,
        unit: "points",
        legend: "pieces",
    };
    let mut board = Picture::new(grid, Look::Lines { wood: WOOD });
    board.first_row = 0;
    board.underlay = river_and_palaces(&board);
    for p in 0..POINTS as Point {
        if let Some((side, kind)) = game.piece_at(p) {
            let (fill, ink) = match side {
                Side::First => ("#fff4e0", "#c0141b"),
                Side::Second => ("#fff4e0", "#111111"),
            };
            board.pieces.push((
                usize::from(p),
                Piece::Token {
                    text: kind.character(side),
                    fill,
                    ink,
                },
            ));
        }
    }
    // A marked move: a path from its start, and the kit's point mark on its end.
    board.paths.extend(marks.iter().map(|mark| {
        (
            usize::from(mark.mv.from),
            usize::from(mark.mv.to),
            mark.role,
        )
    }));
    picture::point_marks(&mut board, marks, notation::format_move, |mv| {
        vec![usize::from(mv.to)]
    });
    let check = if game.in_check() && game.outcome().is_none() {
        " (in check)"
    } else {
        ""
    };
    board.caption = format!(
        "{}{check}; {} ply(s) since the last capture",
        picture::caption(game),
        game.quiet_plies()
    );
    board.render("xiangqi")
}

/// The river (a band of wood over the inner files between ranks 4 and 5, with its words) and
/// the two palaces' diagonals.
fn river_and_palaces(board: &Picture) -> String {
    let mut svg = String::new();
    let point = |file: usize, rank: usize| board.at(usize::from(at(file, rank)));
    let (left, bank) = point(0, 5);
    let (right, other_bank) = point(FILES - 1, 4);
    // Cover the inner files' lines across the river; the edge files stay whole.
    let _ = write!(
        svg,
        "<rect class=\"river\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" \
         fill=\"{WOOD}\"/>",
        left + 1.0,
        bank + 1.0,
        right - left - 2.0,
        other_bank - bank - 2.0
    );
    let middle = (bank + other_bank) / 2.0 + 5.0;
    for (text, x) in [("楚 河", left + 2.0 * CELL), ("漢 界", right - 2.0 * CELL)] {
        let _ = write!(
            svg,
            "<text x=\"{x:.1}\" y=\"{middle:.1}\" text-anchor=\"middle\" font-size=\"15\" \
             fill=\"#6b4f1d\">{text}</text>"
        );
    }
    for (low, high) in [(0, 2), (7, 9)] {
        for (a, b) in [((3, low), (5, high)), ((5, low), (3, high))] {
            let ((x1, y1), (x2, y2)) = (point(a.0, a.1), point(b.0, b.1));
            let _ = write!(
                svg,
                "<line class=\"palace\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" \
                 y2=\"{y2:.1}\" stroke=\"#333\"/>"
            );
        }
    }
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::XiangqiVariant;
    use arbiter_core::picture::MarkRole;

    #[test]
    fn the_start_shows_the_river_both_palaces_and_32_characters() {
        let game = Xiangqi::start(&XiangqiVariant::default());
        let expected = Mark {
            role: MarkRole::Expected,
            note: None,
            mv: game.parse_move("h2e2").unwrap(),
        };
        let svg = picture(&game, &[expected]);
        assert_eq!(svg.matches("class=\"river\"").count(), 1);
        assert!(svg.contains("楚 河") && svg.contains("漢 界"));
        assert_eq!(svg.matches("class=\"palace\"").count(), 4);
        // 32 piece discs and the mark's circle.
        assert_eq!(svg.matches("<circle").count(), 33, "{svg}");
        for character in [
            '帥', '將', '炮', '砲', '兵', '卒', '傌', '馬', '俥', '車', '相', '象', '仕', '士',
        ] {
            assert!(svg.contains(character), "{character}");
        }
        // Ranks are labelled from 0.
        assert!(
            svg.contains(">0</text>") && svg.contains(">9</text>") && !svg.contains(">10</text>")
        );
    }
}
