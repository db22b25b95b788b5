//! Board pictures: the hook through which a game draws a position as SVG for a report
//! ([`crate::Game::picture`]), and the small drawing kit the games share.
//!
//! A game that draws itself builds a [`Picture`] (its [`Grid`], a [`Look`], the pieces on their
//! cells, the marked points) in its own `svg.rs` and renders it; a game without one returns
//! `None` and reports fall back to its text diagram. Marks say what a report wants shown on the
//! board: the moves a case expected and the ones the engine gave ([`MarkRole`]), each with an
//! optional note (a renju foul's kind). Everything is plain text, no IO: the SVG is a string.

use std::fmt::Write as _;

use crate::grid::{Grid, Letters, RowOrder};

/// Why a move is marked on a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MarkRole {
    /// The move the case expects (a suite's best move).
    Expected,
    /// The move the engine gave.
    Actual,
    /// Expected (legal, forbidden, …) but missing from the engine's answer.
    Missing,
    /// In the engine's answer but not expected.
    Extra,
}

impl MarkRole {
    /// The kebab-case code (JSON, CSS classes).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            MarkRole::Expected => "expected",
            MarkRole::Actual => "actual",
            MarkRole::Missing => "missing",
            MarkRole::Extra => "extra",
        }
    }

    /// The word a legend shows.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            MarkRole::Expected => "expected",
            MarkRole::Actual => "engine's answer",
            MarkRole::Missing => "missing",
            MarkRole::Extra => "extra",
        }
    }

    /// The mark's colour: green for what should be, red for what the engine got wrong.
    #[must_use]
    pub const fn colour(self) -> &'static str {
        match self {
            MarkRole::Expected => "#1a9850",
            MarkRole::Actual => "#d73027",
            MarkRole::Missing => "#1f78b4",
            MarkRole::Extra => "#e7298a",
        }
    }
}

/// A move to mark on a picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark<M> {
    pub mv: M,
    pub role: MarkRole,
    /// A short note shown beside the mark's legend entry (a foul's kind).
    pub note: Option<String>,
}

/// How the board looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// Pieces in the squares (Othello's green, Amazons' chequer, tic-tac-toe's paper).
    Squares {
        light: &'static str,
        dark: &'static str,
    },
    /// Stones on the intersections of lines (gomoku, Connect6, NoGo, Surakarta).
    Lines { wood: &'static str },
    /// Hexagonal cells in a rhombus (Hex): each row drawn half a cell further right than the
    /// row above, the top and bottom edges in `top_bottom`, the left and right edges in
    /// `left_right` (the colours of the players who join them).
    Hexes {
        fill: &'static str,
        top_bottom: &'static str,
        left_right: &'static str,
    },
}

impl Look {
    /// Squares all of one `colour` (Othello's green, tic-tac-toe's paper): no chequer.
    #[must_use]
    pub const fn plain_squares(colour: &'static str) -> Look {
        Look::Squares {
            light: colour,
            dark: colour,
        }
    }
}

/// The height of a row of hexagons as a share of [`CELL`] (the width of a cell): √3/2.
const HEX_ROW: f64 = 0.866_025_403_784_438_6;
/// A hexagon's radius (centre to corner) as a share of [`CELL`]: 1/√3.
const HEX_RADIUS: f64 = 0.577_350_269_189_625_8;

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A disc or stone: black or white.
    Stone { black: bool },
    /// A letter in a colour (tic-tac-toe's X and O).
    Letter { text: char, colour: &'static str },
    /// A disc of another colour (Surakarta's red pieces).
    Disc { fill: &'static str },
    /// An Amazons queen.
    Queen { black: bool },
    /// An Amazons arrow (a burnt square).
    Arrow,
    /// A disc with a character on it in `ink` (xiangqi's 帥 and 將).
    Token {
        text: char,
        fill: &'static str,
        ink: &'static str,
    },
    /// A draughts king: a black or white disc with a ring of the other colour (a crowned
    /// man, two men stacked).
    King { black: bool },
}

/// The (fill, outline) of a [`Piece::Stone`], white's then black's (index `usize::from(black)`).
const STONE_COLOURS: [(&str, &str); 2] = [("#f8f8f8", "#333"), ("#111", "#000")];
/// The (fill, outline) of a [`Piece::Queen`], white's then black's.
const QUEEN_COLOURS: [(&str, &str); 2] = [("#fafafa", "#222"), ("#222", "#000")];
/// The (fill, ring) of a [`Piece::King`], white's then black's: the ring is the other colour.
const KING_COLOURS: [(&str, &str); 2] = [("#f8f8f8", "#111"), ("#111", "#f8f8f8")];

/// A point marked on the board (cell index in a1 order) with its role and a short label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointMark {
    pub index: usize,
    pub role: MarkRole,
    /// Shown on the point (`1`, `2` for a move's parts, a foul's short form).
    pub label: Option<String>,
}

/// A forbidden point: where the side to move may not play, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forbidden {
    pub index: usize,
    pub reason: String,
}

/// Pixels per cell.
pub const CELL: f64 = 32.0;
/// Pixels around the board, room for the coordinate labels.
pub const MARGIN: f64 = 28.0;

/// A grid board to draw: cells, pieces, marks, forbidden points, a caption and legend.
#[derive(Clone, Debug)]
pub struct Picture {
    pub grid: Grid,
    pub look: Look,
    pub pieces: Vec<(usize, Piece)>,
    pub marks: Vec<PointMark>,
    pub forbidden: Vec<Forbidden>,
    /// Arrows from one cell to another (a queen's or a piece's move), with the role's colour.
    pub paths: Vec<(usize, usize, MarkRole)>,
    /// Extra SVG drawn under the pieces, in board pixels (Surakarta's loops).
    pub underlay: String,
    /// One line under the board: the side to move, the result.
    pub caption: String,
    /// The legend's entries beyond the marks' roles.
    pub notes: Vec<String>,
    /// Pixels around the board (room for labels, and for Surakarta's loops).
    pub margin: f64,
    /// The number the bottom row's label shows: 1, or 0 for xiangqi, whose ranks (ICCS) run
    /// from 0.
    pub first_row: usize,
    /// How the column labels are lettered (Go skips `i`).
    pub letters: Letters,
    /// Whether the column letters and row numbers are drawn (draughts numbers its squares
    /// instead, in its underlay).
    pub labels: bool,
}

impl Picture {
    /// An empty picture of `grid`.
    #[must_use]
    pub fn new(grid: Grid, look: Look) -> Picture {
        Picture {
            grid,
            look,
            pieces: Vec::new(),
            marks: Vec::new(),
            forbidden: Vec::new(),
            paths: Vec::new(),
            underlay: String::new(),
            caption: String::new(),
            notes: Vec::new(),
            margin: MARGIN,
            first_row: 1,
            letters: Letters::Consecutive,
            labels: true,
        }
    }

    /// The (column, row from the top) of the cell with a1-order index `index`.
    #[must_use]
    pub const fn place(&self, index: usize) -> (usize, usize) {
        let column = index % self.grid.width;
        let row = index / self.grid.width;
        let top = match self.grid.rows {
            RowOrder::BottomIsOne => self.grid.height - 1 - row,
            RowOrder::TopIsOne => row,
        };
        (column, top)
    }

    /// The pixel centre of column `column`, row `top` (from the top).
    #[must_use]
    pub const fn centre(&self, column: usize, top: usize) -> (f64, f64) {
        let shift = match self.look {
            Look::Squares { .. } => 0.5,
            Look::Lines { .. } => 0.0,
            Look::Hexes { .. } => {
                // Row `top` starts half a cell right of the row above it.
                return (
                    self.margin + (column as f64 + 0.5 * top as f64 + 0.5) * CELL,
                    self.margin + (top as f64 * HEX_ROW + HEX_RADIUS) * CELL,
                );
            }
        };
        (
            self.margin + (column as f64 + shift) * CELL,
            self.margin + (top as f64 + shift) * CELL,
        )
    }

    /// The pixel centre of the cell `index`.
    #[must_use]
    pub const fn at(&self, index: usize) -> (f64, f64) {
        let (column, top) = self.place(index);
        self.centre(column, top)
    }

    /// The board's size in pixels, without margins.
    const fn extent(&self) -> (f64, f64) {
        let (w, h) = (self.grid.width as f64, self.grid.height as f64);
        match self.look {
            Look::Squares { .. } => (w * CELL, h * CELL),
            Look::Lines { .. } => ((w - 1.0) * CELL, (h - 1.0) * CELL),
            Look::Hexes { .. } => (
                (w + 0.5 * (h - 1.0)) * CELL,
                ((h - 1.0) * HEX_ROW + 2.0 * HEX_RADIUS) * CELL,
            ),
        }
    }

    /// The picture of `game` as one `<svg>` element ([`Picture::render`]), titled with the
    /// game's name and captioned with who is to move or how the game ended ([`caption`]).
    #[must_use]
    pub fn render_game<G: crate::Game>(mut self, game: &G) -> String {
        self.caption = caption(game);
        self.render(G::NAME)
    }

    /// [`Picture::render_game`] with the game's own note after the caption ([`caption_with`]).
    #[must_use]
    pub fn render_game_with<G: crate::Game>(
        mut self,
        game: &G,
        note: impl std::fmt::Display,
    ) -> String {
        self.caption = caption_with(game, note);
        self.render(G::NAME)
    }

    /// The picture as one `<svg>` element, sized in pixels, with a `<title>`.
    #[must_use]
    pub fn render(&self, title: &str) -> String {
        let (board_w, board_h) = self.extent();
        let legend = self.legend();
        let legend_h = 18.0 * (legend.len() as f64 + 1.0);
        let width = (board_w + 2.0 * self.margin).max(300.0);
        let height = board_h + 2.0 * self.margin + legend_h;
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" width=\"{width:.0}\" \
             height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" role=\"img\" \
             font-family=\"sans-serif\" font-size=\"11\"><title>{}</title>",
            escape(title)
        );
        self.draw_board(&mut svg, board_w, board_h);
        svg.push_str(&self.underlay);
        if self.labels {
            self.draw_labels(&mut svg);
        }
        for (index, piece) in &self.pieces {
            self.draw_piece(&mut svg, *index, *piece);
        }
        for forbidden in &self.forbidden {
            let (x, y) = self.at(forbidden.index);
            let r = CELL * 0.22;
            let _ = write!(
                svg,
                "<g class=\"forbidden\" stroke=\"#b2182b\" stroke-width=\"2.5\"><title>forbidden: {}</title>\
                 <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/><line x1=\"{:.1}\" \
                 y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/></g><text x=\"{:.1}\" y=\"{:.1}\" \
                 fill=\"#b2182b\" font-size=\"8\" text-anchor=\"middle\">{}</text>",
                escape(&forbidden.reason),
                x - r,
                y - r,
                x + r,
                y + r,
                x - r,
                y + r,
                x + r,
                y - r,
                x,
                y + r + 8.0,
                escape(short_reason(&forbidden.reason)),
            );
        }
        for (from, to, role) in &self.paths {
            let ((x1, y1), (x2, y2)) = (self.at(*from), self.at(*to));
            let _ = write!(
                svg,
                "<line class=\"path\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" \
                 stroke=\"{}\" stroke-width=\"3\" stroke-opacity=\"0.8\" stroke-dasharray=\"6 3\"/>",
                role.colour()
            );
        }
        for mark in &self.marks {
            self.draw_mark(&mut svg, mark);
        }
        self.draw_legend(&mut svg, board_h, &legend);
        svg.push_str("</svg>");
        svg
    }

    fn draw_board(&self, svg: &mut String, board_w: f64, board_h: f64) {
        match self.look {
            Look::Squares { light, dark } => {
                for top in 0..self.grid.height {
                    for column in 0..self.grid.width {
                        let fill = if (top + column) % 2 == 0 { light } else { dark };
                        let (x, y) = self.centre(column, top);
                        let _ = write!(
                            svg,
                            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{CELL}\" height=\"{CELL}\" \
                             fill=\"{fill}\" stroke=\"#333\" stroke-width=\"1\"/>",
                            x - CELL / 2.0,
                            y - CELL / 2.0
                        );
                    }
                }
            }
            Look::Hexes {
                fill,
                top_bottom,
                left_right,
            } => self.draw_hexes(svg, fill, [top_bottom, left_right]),
            Look::Lines { wood } => {
                let _ = write!(
                    svg,
                    "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{wood}\"/>",
                    self.margin - CELL / 2.0,
                    self.margin - CELL / 2.0,
                    board_w + CELL,
                    board_h + CELL
                );
                for column in 0..self.grid.width {
                    let (x, y) = self.centre(column, 0);
                    let _ = write!(
                        svg,
                        "<line x1=\"{x:.1}\" y1=\"{y:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#333\"/>",
                        y + board_h
                    );
                }
                for top in 0..self.grid.height {
                    let (x, y) = self.centre(0, top);
                    let _ = write!(
                        svg,
                        "<line x1=\"{x:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#333\"/>",
                        x + board_w
                    );
                }
            }
        }
    }

    /// The hexagonal cells, then the four edges as thick lines just outside the rhombus:
    /// top and bottom in `edges[0]`, left and right in `edges[1]`.
    fn draw_hexes(&self, svg: &mut String, fill: &str, edges: [&str; 2]) {
        let r = HEX_RADIUS * CELL;
        for top in 0..self.grid.height {
            for column in 0..self.grid.width {
                let (x, y) = self.centre(column, top);
                // Pointy-topped: corners at 90°, 30°, -30°, -90°, -150° and 150°.
                let corners = [
                    (0.0, -r),
                    (CELL / 2.0, -r / 2.0),
                    (CELL / 2.0, r / 2.0),
                    (0.0, r),
                    (-CELL / 2.0, r / 2.0),
                    (-CELL / 2.0, -r / 2.0),
                ];
                let points: Vec<String> = corners
                    .iter()
                    .map(|(dx, dy)| format!("{:.1},{:.1}", x + dx, y + dy))
                    .collect();
                let _ = write!(
                    svg,
                    "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"#555\" stroke-width=\"1\"/>",
                    points.join(" ")
                );
            }
        }
        let (w, h) = (self.grid.width - 1, self.grid.height - 1);
        let corner = |column, top, dx: f64, dy: f64| {
            let (x, y) = self.centre(column, top);
            (x + dx, y + dy)
        };
        let top_left = corner(0, 0, -CELL / 2.0, -r);
        let top_right = corner(w, 0, CELL / 2.0, -r);
        let bottom_left = corner(0, h, -CELL / 2.0, r);
        let bottom_right = corner(w, h, CELL / 2.0, r);
        for ((x1, y1), (x2, y2), colour) in [
            (top_left, top_right, edges[0]),
            (bottom_left, bottom_right, edges[0]),
            (top_left, bottom_left, edges[1]),
            (top_right, bottom_right, edges[1]),
        ] {
            let _ = write!(
                svg,
                "<line class=\"edge\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" \
                 stroke=\"{colour}\" stroke-width=\"5\" stroke-linecap=\"round\"/>"
            );
        }
    }

    fn draw_labels(&self, svg: &mut String) {
        let offset = CELL / 2.0 + 8.0;
        for column in 0..self.grid.width {
            let (x, y) = self.centre(column, 0);
            let _ = write!(
                svg,
                "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#555\">{}</text>",
                y - offset + 4.0,
                self.letters.letter(column)
            );
        }
        for top in 0..self.grid.height {
            let (x, y) = self.centre(0, top);
            let _ = write!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#555\">{}</text>",
                x - offset + 8.0,
                y + 4.0,
                self.grid.row_number(top) + self.first_row - 1
            );
        }
    }

    fn draw_piece(&self, svg: &mut String, index: usize, piece: Piece) {
        let (x, y) = self.at(index);
        let r = CELL * 0.42;
        match piece {
            Piece::Stone { black } => {
                let (fill, stroke) = STONE_COLOURS[usize::from(black)];
                let _ = write!(
                    svg,
                    "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{fill}\" stroke=\"{stroke}\"/>"
                );
            }
            Piece::Disc { fill } => {
                let _ = write!(
                    svg,
                    "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{fill}\" stroke=\"#222\"/>"
                );
            }
            Piece::Letter { text, colour } => {
                let _ = write!(
                    svg,
                    "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"22\" \
                     font-weight=\"bold\" fill=\"{colour}\">{}</text>",
                    y + 8.0,
                    escape(&text.to_string())
                );
            }
            Piece::Queen { black } => {
                let (fill, stroke) = QUEEN_COLOURS[usize::from(black)];
                // A crown: a base and three points.
                let s = CELL * 0.32;
                let _ = write!(
                    svg,
                    "<path d=\"M{:.1} {:.1} L{:.1} {:.1} L{:.1} {:.1} L{x:.1} {:.1} L{:.1} {:.1} \
                     L{:.1} {:.1} L{:.1} {:.1} Z\" fill=\"{fill}\" stroke=\"{stroke}\" \
                     stroke-width=\"1.5\"/>",
                    x - s,
                    y + s * 0.7,
                    x - s,
                    y - s * 0.6,
                    x - s * 0.45,
                    y,
                    y - s * 0.9,
                    x + s * 0.45,
                    y,
                    x + s,
                    y - s * 0.6,
                    x + s,
                    y + s * 0.7,
                );
            }
            Piece::Token { text, fill, ink } => {
                let _ = write!(
                    svg,
                    "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{fill}\" stroke=\"{ink}\" \
                     stroke-width=\"1.5\"/><text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" \
                     font-size=\"17\" fill=\"{ink}\">{}</text>",
                    y + 6.0,
                    escape(&text.to_string())
                );
            }
            Piece::King { black } => {
                let (fill, ring) = KING_COLOURS[usize::from(black)];
                let _ = write!(
                    svg,
                    "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{fill}\" stroke=\"#333\"/>\
                     <circle class=\"king\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"none\" \
                     stroke=\"{ring}\" stroke-width=\"2.5\"/>",
                    r * 0.55
                );
            }
            Piece::Arrow => {
                let s = CELL * 0.5;
                let _ = write!(
                    svg,
                    "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#8c2d04\" \
                     opacity=\"0.75\"/>",
                    x - s,
                    y - s,
                    2.0 * s,
                    2.0 * s
                );
            }
        }
    }

    fn draw_mark(&self, svg: &mut String, mark: &PointMark) {
        let (x, y) = self.at(mark.index);
        let r = CELL * 0.46;
        let dash = match mark.role {
            MarkRole::Missing => " stroke-dasharray=\"4 3\"",
            _ => "",
        };
        let _ = write!(
            svg,
            "<circle class=\"mark {}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"none\" \
             stroke=\"{}\" stroke-width=\"3\"{dash}><title>{}</title></circle>",
            mark.role.code(),
            mark.role.colour(),
            mark.role.name()
        );
        if let Some(label) = &mark.label {
            let _ = write!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" font-weight=\"bold\" fill=\"{}\">{}</text>",
                x + r * 0.55,
                y - r * 0.55,
                mark.role.colour(),
                escape(label)
            );
        }
    }

    /// The legend's lines: each role marked, each kind of forbidden point, the notes.
    fn legend(&self) -> Vec<(String, &'static str)> {
        let mut roles: Vec<MarkRole> = self
            .marks
            .iter()
            .map(|mark| mark.role)
            .chain(self.paths.iter().map(|path| path.2))
            .collect();
        roles.sort_unstable();
        roles.dedup();
        let mut lines: Vec<(String, &'static str)> = roles
            .into_iter()
            .map(|role| (format!("○ {}", role.name()), role.colour()))
            .collect();
        let mut reasons: Vec<&str> = self.forbidden.iter().map(|f| f.reason.as_str()).collect();
        reasons.sort_unstable();
        reasons.dedup();
        for reason in reasons {
            lines.push((
                format!("× forbidden: {reason} ({})", short_reason(reason)),
                "#b2182b",
            ));
        }
        for note in &self.notes {
            lines.push((note.clone(), "#333"));
        }
        lines
    }

    fn draw_legend(&self, svg: &mut String, board_h: f64, legend: &[(String, &'static str)]) {
        let mut y = board_h + 2.0 * self.margin + 4.0;
        let _ = write!(
            svg,
            "<text class=\"caption\" x=\"8\" y=\"{y:.1}\" fill=\"#222\">{}</text>",
            escape(&self.caption)
        );
        for (line, colour) in legend {
            y += 18.0;
            let _ = write!(
                svg,
                "<text x=\"8\" y=\"{y:.1}\" fill=\"{colour}\">{}</text>",
                escape(line)
            );
        }
    }
}

/// The caption of a game's picture: who is to move, or how the game ended.
#[must_use]
pub fn caption<G: crate::Game>(game: &G) -> String {
    match game.outcome() {
        None => format!("{} to move", G::side_name(game.side_to_move())),
        Some(outcome) => match outcome.winner {
            Some(winner) => format!(
                "game over: {} wins ({})",
                G::side_name(winner),
                outcome.reason
            ),
            None => format!("game over: draw ({})", outcome.reason),
        },
    }
}

/// [`caption`] and a game's own note after it (`black to move; 2 stone(s) this turn`).
#[must_use]
pub fn caption_with<G: crate::Game>(game: &G, note: impl std::fmt::Display) -> String {
    format!("{}; {note}", caption(game))
}

/// The marks on single points: each mark's move turned into cell indices by `cells` (a move
/// with no point, such as a pass, is not drawn but named in the legend).
pub fn point_marks<M: Copy>(
    picture: &mut Picture,
    marks: &[Mark<M>],
    format: impl Fn(M) -> String,
    cells: impl Fn(M) -> Vec<usize>,
) {
    for mark in marks {
        let indices = cells(mark.mv);
        if indices.is_empty() {
            picture
                .notes
                .push(format!("{}: {}", mark.role.name(), format(mark.mv)));
        }
        for index in indices {
            picture.marks.push(PointMark {
                index,
                role: mark.role,
                label: mark
                    .note
                    .as_deref()
                    .map(|note| short_reason(note).to_owned()),
            });
        }
    }
}

/// A foul kind's short form on the board (`double-three` → `3x3`).
#[must_use]
pub fn short_reason(reason: &str) -> &str {
    match reason {
        "double-three" => "3x3",
        "double-four" => "4x4",
        "overline" => "6+",
        "capture" => "cap",
        "suicide" => "sui",
        other => other,
    }
}

/// `text` with the five XML special characters escaped.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID: Grid = Grid {
        width: 3,
        height: 2,
        rows: RowOrder::BottomIsOne,
        unit: "points",
        legend: ".",
    };

    #[test]
    fn row_one_is_drawn_at_the_bottom_when_the_grid_says_so() {
        let picture = Picture::new(GRID, Look::Lines { wood: "#dcb35c" });
        assert_eq!(picture.place(0), (0, 1), "a1");
        assert_eq!(picture.place(5), (2, 0), "c2");
        let top = Picture::new(
            Grid {
                rows: RowOrder::TopIsOne,
                ..GRID
            },
            Look::Lines { wood: "#dcb35c" },
        );
        assert_eq!(top.place(0), (0, 0));
    }

    #[test]
    fn hexagons_shift_half_a_cell_per_row_and_colour_their_edges() {
        let picture = Picture::new(
            Grid {
                rows: RowOrder::TopIsOne,
                ..GRID
            },
            Look::Hexes {
                fill: "#eee",
                top_bottom: "#111",
                left_right: "#ddd",
            },
        );
        let (a1, a2, b1) = (picture.at(0), picture.at(3), picture.at(1));
        assert!(
            (a2.0 - a1.0 - CELL / 2.0).abs() < 1e-9,
            "row 2 starts half a cell right"
        );
        assert!((b1.0 - a1.0 - CELL).abs() < 1e-9);
        assert!((a2.1 - a1.1 - HEX_ROW * CELL).abs() < 1e-9);
        let svg = picture.render("hex");
        assert_eq!(svg.matches("<polygon").count(), 6);
        assert_eq!(svg.matches("class=\"edge\"").count(), 4);
        assert_eq!(svg.matches("stroke=\"#111\"").count(), 2);
    }

    #[test]
    fn marks_forbidden_points_and_text_are_drawn_escaped() {
        let mut picture = Picture::new(
            GRID,
            Look::Squares {
                light: "#fff",
                dark: "#eee",
            },
        );
        picture.pieces.push((0, Piece::Stone { black: true }));
        picture.marks.push(PointMark {
            index: 1,
            role: MarkRole::Missing,
            label: None,
        });
        picture.forbidden.push(Forbidden {
            index: 2,
            reason: "double-three".to_owned(),
        });
        picture.caption = "black <to move>".to_owned();
        let svg = picture.render("a & b");
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("<title>a &amp; b</title>"));
        assert!(svg.contains("black &lt;to move&gt;"));
        assert!(svg.contains("forbidden: double-three (3x3)"));
        assert!(svg.contains("○ missing"));
    }
}
