//! Board geometry: lines (edges) as the bits of a `u64`, boxes as the bits of a `u32`, and the
//! tables between them.
//!
//! On a board of R x C boxes, dot `(x, y)` has column `x` (0 on the left) and row `y` (0 at the
//! top). The horizontal line from dot `(c, r)` to `(c + 1, r)` is edge `r * C + c` (rows 0..=R),
//! then the vertical line from `(c, r)` to `(c, r + 1)` is edge `H + r * (C + 1) + c` (rows
//! 0..R, columns 0..=C), where `H = (R + 1) * C`. This is OpenSpiel's action order for
//! `dots_and_boxes`. Box `(r, c)` (row r from the top, column c) is bit `r * C + c`; its sides are
//! the horizontal lines `(r, c)` and `(r + 1, c)` and the vertical lines `(r, c)` and `(r, c + 1)`.

use crate::variant::DotsBoxesVariant;

/// A line, below [`Geometry::edges`].
pub type Edge = u8;
/// A box, below [`Geometry::boxes`].
pub type BoxId = u8;

/// No box on that side of a line (the line is on the border).
pub const NO_BOX: BoxId = u8::MAX;

/// The most boxes of any board with at most 64 lines (5x5).
pub const MAX_BOXES: usize = 25;

/// Whether a line runs left-right or up-down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    Horizontal,
    Vertical,
}

/// The fixed facts of one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub rows: u8,
    pub cols: u8,
    /// The number of lines.
    pub edges: u8,
    /// The number of horizontal lines (they come first).
    pub horizontal: u8,
    /// The number of boxes.
    pub boxes: u8,
    /// Every line of the board.
    pub all: u64,
    /// Every box of the board.
    pub all_boxes: u32,
    /// The four sides of each box.
    pub box_edges: [u64; MAX_BOXES],
    /// The boxes on either side of each line (`NO_BOX` past the border).
    pub edge_boxes: [[BoxId; 2]; 64],
}

impl Geometry {
    /// The geometry of `variant`'s board.
    #[must_use]
    pub fn new(variant: DotsBoxesVariant) -> Geometry {
        let (rows, cols) = (variant.rows, variant.cols);
        let horizontal = (rows + 1) * cols;
        let edges = variant.edges() as u8;
        let mut geometry = Geometry {
            rows,
            cols,
            edges,
            horizontal,
            boxes: rows * cols,
            all: if edges == 64 {
                u64::MAX
            } else {
                (1u64 << edges) - 1
            },
            all_boxes: (1u32 << (rows * cols)) - 1,
            box_edges: [0; MAX_BOXES],
            edge_boxes: [[NO_BOX; 2]; 64],
        };
        for r in 0..rows {
            for c in 0..cols {
                let id = r * cols + c;
                let sides = [
                    geometry.line(Orientation::Horizontal, r, c),
                    geometry.line(Orientation::Horizontal, r + 1, c),
                    geometry.line(Orientation::Vertical, r, c),
                    geometry.line(Orientation::Vertical, r, c + 1),
                ];
                for side in sides {
                    geometry.box_edges[usize::from(id)] |= 1 << side;
                    let slots = &mut geometry.edge_boxes[usize::from(side)];
                    let free = usize::from(slots[0] != NO_BOX);
                    slots[free] = id;
                }
            }
        }
        geometry
    }

    /// The line of `orientation` at row `r`, column `c` (see the module docs for the ranges).
    #[must_use]
    pub const fn line(&self, orientation: Orientation, r: u8, c: u8) -> Edge {
        match orientation {
            Orientation::Horizontal => r * self.cols + c,
            Orientation::Vertical => self.horizontal + r * (self.cols + 1) + c,
        }
    }

    /// The orientation, row and column of a line.
    #[must_use]
    pub const fn locate(&self, edge: Edge) -> (Orientation, u8, u8) {
        if edge < self.horizontal {
            (Orientation::Horizontal, edge / self.cols, edge % self.cols)
        } else {
            let rest = edge - self.horizontal;
            (
                Orientation::Vertical,
                rest / (self.cols + 1),
                rest % (self.cols + 1),
            )
        }
    }

    /// The two dots a line joins, as `(x, y)` (left or top dot first).
    #[must_use]
    pub const fn dots(&self, edge: Edge) -> ((u8, u8), (u8, u8)) {
        match self.locate(edge) {
            (Orientation::Horizontal, r, c) => ((c, r), (c + 1, r)),
            (Orientation::Vertical, r, c) => ((c, r), (c, r + 1)),
        }
    }

    /// The line joining two dots `(x, y)`, in either order, if they are neighbours.
    #[must_use]
    pub fn line_between(&self, a: (u8, u8), b: (u8, u8)) -> Option<Edge> {
        let (first, second) = if (a.1, a.0) <= (b.1, b.0) {
            (a, b)
        } else {
            (b, a)
        };
        let ((x0, y0), (x1, y1)) = (first, second);
        if y0 == y1 && x1 == x0 + 1 && x1 <= self.cols && y0 <= self.rows {
            Some(self.line(Orientation::Horizontal, y0, x0))
        } else if x0 == x1 && y1 == y0 + 1 && y1 <= self.rows && x0 <= self.cols {
            Some(self.line(Orientation::Vertical, y0, x0))
        } else {
            None
        }
    }

    /// The boxes of `boxes` that would be complete if `edge` were drawn on top of `drawn`
    /// (the boxes next to `edge` whose other three sides are drawn).
    #[inline]
    #[must_use]
    pub fn completed_by(&self, edge: Edge, drawn: u64) -> u32 {
        let after = drawn | (1 << edge);
        let mut done = 0;
        for id in self.edge_boxes[usize::from(edge)] {
            if id != NO_BOX {
                let sides = self.box_edges[usize::from(id)];
                if after & sides == sides {
                    done |= 1 << id;
                }
            }
        }
        done
    }

    /// The boxes whose four sides are all in `drawn`. This walk and the two below are written
    /// out each: the evaluation calls them at every leaf, and a shared iterator cost about 5%.
    #[must_use]
    pub fn complete_boxes(&self, drawn: u64) -> u32 {
        let mut done = 0;
        for id in 0..self.boxes {
            let sides = self.box_edges[usize::from(id)];
            if drawn & sides == sides {
                done |= 1 << id;
            }
        }
        done
    }

    /// How many sides of box `id` are in `drawn`.
    #[inline]
    #[must_use]
    pub fn sides_drawn(&self, id: BoxId, drawn: u64) -> u32 {
        (self.box_edges[usize::from(id)] & drawn).count_ones()
    }

    /// The undrawn lines that would complete at least one box: the missing sides of the boxes
    /// with three sides drawn.
    #[must_use]
    pub fn capturing_lines(&self, drawn: u64) -> u64 {
        let mut lines = 0;
        for id in 0..self.boxes {
            let sides = self.box_edges[usize::from(id)];
            if (sides & drawn).count_ones() == 3 {
                lines |= sides & !drawn;
            }
        }
        lines
    }

    /// The undrawn lines that give no box its third side: the moves that hand nothing over.
    #[must_use]
    pub fn safe_lines(&self, drawn: u64) -> u64 {
        let mut unsafe_lines = 0;
        for id in 0..self.boxes {
            let sides = self.box_edges[usize::from(id)];
            if (sides & drawn).count_ones() >= 2 {
                unsafe_lines |= sides;
            }
        }
        self.all & !drawn & !unsafe_lines
    }

    /// The symmetries of the board as maps of lines (`map[line]` is the image of `line`),
    /// the identity first: the four reflections and rotations by half a turn of any board,
    /// and on a square board also the four that swap rows and columns.
    #[must_use]
    pub fn symmetries(&self) -> Vec<[Edge; 64]> {
        let (w, h) = (u32::from(self.cols), u32::from(self.rows));
        let count = if w == h { 8 } else { 4 };
        (0..count)
            .map(|symmetry| {
                let mut map = [0; 64];
                for edge in 0..self.edges {
                    // Line midpoints in doubled coordinates: dots at even (x, y).
                    let (orientation, r, c) = self.locate(edge);
                    let (r, c) = (u32::from(r), u32::from(c));
                    let (x, y) = match orientation {
                        Orientation::Horizontal => (2 * c + 1, 2 * r),
                        Orientation::Vertical => (2 * c, 2 * r + 1),
                    };
                    let (x, y) = if symmetry & 4 != 0 { (y, x) } else { (x, y) };
                    let x = if symmetry & 1 != 0 { 2 * w - x } else { x };
                    let y = if symmetry & 2 != 0 { 2 * h - y } else { y };
                    map[usize::from(edge)] = if x % 2 == 1 {
                        self.line(Orientation::Horizontal, (y / 2) as u8, (x / 2) as u8)
                    } else {
                        self.line(Orientation::Vertical, (y / 2) as u8, (x / 2) as u8)
                    };
                }
                map
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Bits;

    fn board(text: &str) -> Geometry {
        Geometry::new(text.parse().unwrap())
    }

    #[test]
    fn every_box_has_four_sides_and_every_line_one_or_two_boxes() {
        for text in ["1x1", "2x3", "5x5", "4x6", "1x21"] {
            let g = board(text);
            for id in 0..g.boxes {
                assert_eq!(g.box_edges[usize::from(id)].count_ones(), 4, "{text}");
            }
            let mut border = 0;
            for edge in 0..g.edges {
                let [a, b] = g.edge_boxes[usize::from(edge)];
                assert_ne!(a, NO_BOX, "{text} {edge}");
                border += u32::from(b == NO_BOX);
            }
            // The border has 2 (rows + cols) lines.
            assert_eq!(
                border,
                2 * (u32::from(g.rows) + u32::from(g.cols)),
                "{text}"
            );
            let sum: u32 = g.box_edges[..usize::from(g.boxes)]
                .iter()
                .map(|m| m.count_ones())
                .sum();
            assert_eq!(sum, 4 * u32::from(g.boxes));
        }
    }

    #[test]
    fn lines_follow_openspiel_order() {
        let g = board("2x2");
        // Horizontal lines first, row by row: (0,0) (0,1) (1,0) (1,1) (2,0) (2,1); then vertical.
        assert_eq!(g.line(Orientation::Horizontal, 2, 1), 5);
        assert_eq!(g.line(Orientation::Vertical, 0, 0), 6);
        assert_eq!(g.line(Orientation::Vertical, 1, 2), 11);
        assert_eq!(g.locate(11), (Orientation::Vertical, 1, 2));
        assert_eq!(g.dots(6), ((0, 0), (0, 1)));
        assert_eq!(g.line_between((1, 0), (0, 0)), Some(0));
        assert_eq!(g.line_between((0, 0), (1, 1)), None);
        assert_eq!(g.line_between((2, 2), (3, 2)), None);
        assert_eq!(g.line_between((2, 2), (2, 3)), None);
    }

    #[test]
    fn symmetries_are_permutations_that_keep_boxes() {
        for text in ["3x3", "2x4", "5x5"] {
            let g = board(text);
            let maps = g.symmetries();
            assert_eq!(maps.len(), if g.rows == g.cols { 8 } else { 4 }, "{text}");
            for map in &maps {
                let mut seen = 0u64;
                for edge in 0..g.edges {
                    seen |= 1 << map[usize::from(edge)];
                }
                assert_eq!(seen, g.all, "{text}");
                // The four sides of a box map to the four sides of a box.
                for id in 0..g.boxes {
                    let image = Bits(g.box_edges[usize::from(id)])
                        .fold(0u64, |acc, e| acc | (1 << map[usize::from(e)]));
                    assert!(
                        g.box_edges[..usize::from(g.boxes)].contains(&image),
                        "{text}"
                    );
                }
            }
        }
    }

    #[test]
    fn completion_and_safety() {
        let g = board("1x2");
        // Box 0: top 0, bottom 2, left 4, right 5. Draw three sides.
        let drawn = (1 << 0) | (1 << 2) | (1 << 4);
        assert_eq!(g.completed_by(5, drawn), 1);
        assert_eq!(g.capturing_lines(drawn), 1 << 5);
        // Line 5 is also box 1's left side; box 1 has no side drawn, so line 5 is not safe
        // only because of box 0. Box 1's other lines (1, 3, 6) are safe.
        assert_eq!(g.safe_lines(drawn), (1 << 1) | (1 << 3) | (1 << 6));
    }
}
