//! Raw positions: the board diagram and the one-line form, parsed into a [`DotsBoxesSetup`]
//! that [`PositionText::validate`] checks into a [`DotsBoxes`].
//!
//! **Diagram**: `2R + 1` text rows, top first. Dot rows hold `+` dots with `---` between two
//! dots joined by a drawn line and three spaces where the line is undrawn; box rows hold `|`
//! for a drawn vertical line (a space where it is undrawn) and, inside each box, `B` or `W` for
//! its owner (a space for none), centred:
//!
//! ```text
//! +---+---+
//! | B |
//! +---+   +
//!
//! +   +   +
//! ```
//!
//! The narrow form with one character per line or box (`+-+-+`, `|B| |`) is read too. A row
//! may stop early (trailing spaces are undrawn lines); `.` is read as a space; the diagram may
//! be indented as a whole.
//!
//! **One-line form**: `<lines> <boxes> <side>`: the drawn lines in our notation joined by `,`
//! (or `-` for none), one character per box row by row from the top-left (`b` black, `w`
//! white, `.` nobody), and the side to move (`black`/`white`, or `b`/`w`). The 2x2 start is
//! `- .... black`.

use arbiter_core::Bits;
use arbiter_core::{NotationError, PositionText, SetupProblem, Side};

use crate::board::{Geometry, Orientation};
use crate::notation::{format_dot, format_line, parse_line};
use crate::rules::DotsBoxes;
use crate::variant::DotsBoxesVariant;

/// A position as written, not yet validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotsBoxesSetup {
    pub rows: u8,
    pub cols: u8,
    /// The drawn lines.
    pub drawn: u64,
    /// The boxes each side owns (black, white).
    pub owners: [u32; 2],
    pub to_move: Side,
}

impl DotsBoxesSetup {
    /// The setup of the board `g` with these lines, boxes and side to move.
    fn on(g: &Geometry, drawn: u64, owners: [u32; 2], to_move: Side) -> DotsBoxesSetup {
        DotsBoxesSetup {
            rows: g.rows,
            cols: g.cols,
            drawn,
            owners,
            to_move,
        }
    }
}

/// Reads the side to move: `black`/`b` or `white`/`w`, any case.
///
/// # Errors
/// A [`NotationError`] for anything else.
pub fn parse_side(text: &str) -> Result<Side, NotationError> {
    match text.to_ascii_lowercase().as_str() {
        "black" | "b" => Ok(Side::First),
        "white" | "w" => Ok(Side::Second),
        _ => Err(NotationError::new(format!(
            "`{text}` is not a side: expected black or white"
        ))),
    }
}

fn owner_of(c: char) -> Result<Option<Side>, NotationError> {
    match c {
        ' ' | '.' => Ok(None),
        'B' | 'b' => Ok(Some(Side::First)),
        'W' | 'w' => Ok(Some(Side::Second)),
        _ => Err(NotationError::new(format!(
            "unknown box character `{c}`: expected B, W or a space"
        ))),
    }
}

/// The rows of a diagram of the board `g` without the blank lines around them, refused unless
/// there are `2R + 1` (a dot row above and below every box row).
fn diagram_rows<'a>(g: &Geometry, diagram: &'a str) -> Result<Vec<&'a str>, NotationError> {
    let (rows, cols) = (usize::from(g.rows), usize::from(g.cols));
    let mut lines: Vec<&str> = diagram
        .lines()
        .skip_while(|line| line.trim().is_empty())
        .collect();
    let end = lines
        .iter()
        .rposition(|line| !line.trim().is_empty())
        .map_or(0, |i| i + 1);
    lines.truncate(end);
    if lines.len() != 2 * rows + 1 {
        return Err(NotationError::new(format!(
            "the diagram has {} rows: a board of {rows}x{cols} boxes has {} ({} dot rows and \
             {rows} box rows)",
            lines.len(),
            2 * rows + 1,
            rows + 1
        )));
    }
    Ok(lines)
}

/// The characters from one dot to the next, read from the width of the top row `first`: 4 in
/// the wide form (`+---+`), 2 in the narrow one (`+-+`).
fn box_width(g: &Geometry, first: &str) -> Result<usize, NotationError> {
    let cols = usize::from(g.cols);
    let width = first.chars().count();
    if width == 4 * cols + 1 {
        Ok(4)
    } else if width == 2 * cols + 1 {
        Ok(2)
    } else {
        Err(NotationError::new(format!(
            "the top row `{first}` is neither {} characters wide (+---+ …) nor {} (+-+ …) for \
             {cols} columns of boxes",
            4 * cols + 1,
            2 * cols + 1
        )))
    }
}

/// One row of a diagram of the board `g`, its dots `step` characters apart.
struct DiagramRow<'a> {
    g: &'a Geometry,
    /// The row's place in the diagram, from 0 at the top.
    index: usize,
    line: &'a str,
    /// The row's characters past the diagram's indent, `.` read as a space.
    cells: Vec<char>,
    step: usize,
}

impl<'a> DiagramRow<'a> {
    /// Reads the `index`-th row `line`, refused when it runs past the board's right edge.
    fn read(
        g: &'a Geometry,
        index: usize,
        line: &'a str,
        indent: usize,
        step: usize,
    ) -> Result<DiagramRow<'a>, NotationError> {
        let width = step * usize::from(g.cols) + 1;
        let cells: Vec<char> = line
            .chars()
            .skip(indent)
            .map(|c| if c == '.' { ' ' } else { c })
            .collect();
        let trimmed_len = cells
            .iter()
            .rposition(|c| !c.is_whitespace())
            .map_or(0, |i| i + 1);
        if trimmed_len > width {
            return Err(NotationError::new(format!(
                "diagram row {} (`{}`) is longer than {width} characters",
                index + 1,
                line.trim_end()
            )));
        }
        Ok(DiagramRow {
            g,
            index,
            line,
            cells,
            step,
        })
    }

    /// The character at `i`, a space past the end (a row may stop early).
    fn at(&self, i: usize) -> char {
        self.cells.get(i).copied().unwrap_or(' ')
    }

    /// The characters between the dots of column `c`: a horizontal line, or inside a box.
    fn between(&self, c: usize) -> Vec<char> {
        (1..self.step).map(|i| self.at(self.step * c + i)).collect()
    }

    /// The board row of this diagram row (a dot row and the box row below it share one).
    fn board_row(&self) -> u8 {
        (self.index / 2) as u8
    }

    /// The horizontal lines drawn in a dot row, after checking that its dots are in place.
    fn horizontal_lines(&self) -> Result<u64, NotationError> {
        let (cols, step) = (usize::from(self.g.cols), self.step);
        for c in 0..=cols {
            if self.at(step * c) != '+' {
                return Err(NotationError::new(format!(
                    "diagram row {} (`{}`): expected a dot `+` at column {}",
                    self.index + 1,
                    self.line.trim_end(),
                    step * c + 1
                )));
            }
        }
        let mut drawn = 0u64;
        for c in 0..cols {
            let segment = self.between(c);
            let line_no = self
                .g
                .line(Orientation::Horizontal, self.board_row(), c as u8);
            if segment.iter().all(|&ch| ch == '-' || ch == '=') {
                drawn |= 1 << line_no;
            } else if !segment.iter().all(|&ch| ch == ' ') {
                return Err(NotationError::new(format!(
                    "diagram row {}: between two dots expected {} or spaces, got `{}`",
                    self.index + 1,
                    "-".repeat(step - 1),
                    segment.iter().collect::<String>()
                )));
            }
        }
        Ok(drawn)
    }

    /// The vertical lines drawn in a box row.
    fn vertical_lines(&self) -> Result<u64, NotationError> {
        let mut drawn = 0u64;
        for c in 0..=usize::from(self.g.cols) {
            match self.at(self.step * c) {
                '|' => {
                    drawn |= 1
                        << self
                            .g
                            .line(Orientation::Vertical, self.board_row(), c as u8)
                }
                ' ' => {}
                other => {
                    return Err(NotationError::new(format!(
                        "diagram row {}: expected `|` or a space at column {}, got `{other}`",
                        self.index + 1,
                        self.step * c + 1
                    )));
                }
            }
        }
        Ok(drawn)
    }

    /// Adds the owners written inside the boxes of a box row to `owners`.
    fn box_owners(&self, owners: &mut [u32; 2]) -> Result<(), NotationError> {
        let cols = usize::from(self.g.cols);
        for c in 0..cols {
            let inside = self.between(c);
            let marks: Vec<char> = inside.iter().copied().filter(|ch| *ch != ' ').collect();
            let owner = match marks.as_slice() {
                [] => None,
                [mark] => owner_of(*mark)?,
                _ => {
                    return Err(NotationError::new(format!(
                        "diagram row {}: box {} holds `{}`: expected one owner letter",
                        self.index + 1,
                        c + 1,
                        inside.iter().collect::<String>()
                    )));
                }
            };
            if let Some(side) = owner {
                owners[side.index()] |= 1 << (usize::from(self.board_row()) * cols + c);
            }
        }
        Ok(())
    }
}

impl DotsBoxes {
    /// The raw setup of this position.
    #[must_use]
    pub fn to_setup(&self) -> DotsBoxesSetup {
        DotsBoxesSetup {
            rows: self.variant.rows,
            cols: self.variant.cols,
            drawn: self.drawn,
            owners: self.owners,
            to_move: self.to_move,
        }
    }
}

impl PositionText<DotsBoxes> for DotsBoxesSetup {
    /// Parses the one-line form of `variant`'s board.
    ///
    /// # Errors
    /// A [`NotationError`] when a part is missing or wrong.
    fn parse_position(
        variant: &DotsBoxesVariant,
        text: &str,
    ) -> Result<DotsBoxesSetup, NotationError> {
        let variant = *variant;
        let g = Geometry::new(variant);
        let mut parts = text.split_whitespace();
        let (Some(lines), Some(boxes), Some(side), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(NotationError::new(format!(
                "`{text}` is not a dots-and-boxes position: expected `<lines joined by , or -> \
                 <one of b, w, . per box> <black|white>`"
            )));
        };
        let to_move = parse_side(side)?;
        let mut drawn = 0u64;
        if lines != "-" {
            for part in lines.split(',') {
                let edge = parse_line(&g, part)?;
                if drawn & (1 << edge) != 0 {
                    return Err(NotationError::new(format!(
                        "line {} is listed twice",
                        format_line(&g, edge)
                    )));
                }
                drawn |= 1 << edge;
            }
        }
        let cells: Vec<char> = boxes.chars().collect();
        if cells.len() != usize::from(g.boxes) {
            return Err(NotationError::new(format!(
                "`{boxes}` has {} box characters: the {variant} board has {} boxes",
                cells.len(),
                g.boxes
            )));
        }
        let mut owners = [0u32; 2];
        for (id, &c) in cells.iter().enumerate() {
            if let Some(side) = owner_of(c)? {
                owners[side.index()] |= 1 << id;
            }
        }
        Ok(DotsBoxesSetup::on(&g, drawn, owners, to_move))
    }

    /// Parses a diagram of `variant`'s board (wide or narrow form, see the module docs).
    ///
    /// # Errors
    /// A [`NotationError`] naming the row and what was expected there.
    fn parse_diagram(
        variant: &DotsBoxesVariant,
        diagram: &str,
        to_move: Side,
    ) -> Result<DotsBoxesSetup, NotationError> {
        let g = Geometry::new(*variant);
        let lines = diagram_rows(&g, diagram)?;
        let indent = lines[0].len() - lines[0].trim_start().len();
        let step = box_width(&g, lines[0].trim())?;
        let mut drawn = 0u64;
        let mut owners = [0u32; 2];
        for (index, line) in lines.iter().enumerate() {
            let row = DiagramRow::read(&g, index, line, indent, step)?;
            if index % 2 == 0 {
                drawn |= row.horizontal_lines()?;
            } else {
                drawn |= row.vertical_lines()?;
                row.box_owners(&mut owners)?;
            }
        }
        Ok(DotsBoxesSetup::on(&g, drawn, owners, to_move))
    }

    /// Formats the one-line form.
    fn format_position(game: &DotsBoxes) -> String {
        let (g, drawn, owners, to_move) = (&game.geometry, game.drawn, game.owners, game.to_move);
        let lines = if drawn == 0 {
            "-".to_owned()
        } else {
            Bits(drawn)
                .map(|edge| format_line(g, edge))
                .collect::<Vec<_>>()
                .join(",")
        };
        let boxes: String = (0..g.boxes)
            .map(|id| {
                if owners[0] & (1 << id) != 0 {
                    'b'
                } else if owners[1] & (1 << id) != 0 {
                    'w'
                } else {
                    '.'
                }
            })
            .collect();
        let side = if to_move == Side::First {
            "black"
        } else {
            "white"
        };
        format!("{lines} {boxes} {side}")
    }

    /// Formats the wide diagram (rows without trailing spaces).
    fn diagram(game: &DotsBoxes) -> String {
        let (g, drawn, owners) = (&game.geometry, game.drawn, game.owners);
        let mut out = Vec::new();
        for r in 0..=g.rows {
            let mut row = String::from("+");
            for c in 0..g.cols {
                let line = g.line(Orientation::Horizontal, r, c);
                row.push_str(if drawn & (1 << line) != 0 {
                    "---"
                } else {
                    "   "
                });
                row.push('+');
            }
            out.push(row);
            if r == g.rows {
                break;
            }
            let mut row = String::new();
            for c in 0..=g.cols {
                let line = g.line(Orientation::Vertical, r, c);
                row.push(if drawn & (1 << line) != 0 { '|' } else { ' ' });
                if c < g.cols {
                    let id = r * g.cols + c;
                    let owner = if owners[0] & (1 << id) != 0 {
                        'B'
                    } else if owners[1] & (1 << id) != 0 {
                        'W'
                    } else {
                        ' '
                    };
                    row.push(' ');
                    row.push(owner);
                    row.push(' ');
                }
            }
            out.push(row.trim_end().to_owned());
        }
        out.join("\n")
    }

    /// Validates a raw setup. Problems (with their codes): a board of another size
    /// (`board-size`); a line or owned box off the board (`off-board`); a box with two owners
    /// (`overlap`); a box with four sides and no owner (`unowned-box`); a box with an owner and
    /// a side missing (`owner-without-box`).
    ///
    /// # Errors
    /// Every problem found.
    fn validate(&self, variant: &DotsBoxesVariant) -> Result<DotsBoxes, Vec<SetupProblem>> {
        let (variant, setup) = (*variant, self);
        if (setup.rows, setup.cols) != (variant.rows, variant.cols) {
            return Err(vec![SetupProblem::new(
                "board-size",
                format!(
                    "the board has {}x{} boxes: variant {variant} plays on {variant}",
                    setup.rows, setup.cols
                ),
            )]);
        }
        let geometry = Geometry::new(variant);
        let complete = geometry.complete_boxes(setup.drawn);
        let owned = setup.owners[0] | setup.owners[1];
        let mut problems = Vec::new();
        if setup.drawn & !geometry.all != 0 {
            problems.push(SetupProblem::new("off-board", "a line is off the board"));
        }
        if setup.owners[0] & setup.owners[1] != 0 {
            problems.push(SetupProblem::new("overlap", "a box has two owners"));
        }
        for id in 0..geometry.boxes {
            let bit = 1u32 << id;
            let name = format_dot((id % geometry.cols, id / geometry.cols));
            if complete & bit != 0 && owned & bit == 0 {
                problems.push(SetupProblem::new(
                    "unowned-box",
                    format!(
                        "box {name} has four sides but no owner: whoever drew its last side \
                         took it"
                    ),
                ));
            }
            if complete & bit == 0 && owned & bit != 0 {
                problems.push(SetupProblem::new(
                    "owner-without-box",
                    format!(
                        "box {name} has an owner but only {} sides: a box is taken by drawing \
                         its fourth side",
                        geometry.sides_drawn(id, setup.drawn)
                    ),
                ));
            }
        }
        if owned & !geometry.all_boxes != 0 {
            problems.push(SetupProblem::new(
                "off-board",
                "an owned box is off the board",
            ));
        }
        SetupProblem::validated(problems, || {
            DotsBoxes::from_parts(variant, setup.drawn, setup.owners, setup.to_move)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::Game;
    use rstest::rstest;

    fn two() -> DotsBoxesVariant {
        "2x2".parse().unwrap()
    }

    fn parse_diagram(
        variant: DotsBoxesVariant,
        text: &str,
        to_move: Side,
    ) -> Result<DotsBoxesSetup, NotationError> {
        DotsBoxesSetup::parse_diagram(&variant, text, to_move)
    }

    fn parse_line_form(
        variant: DotsBoxesVariant,
        text: &str,
    ) -> Result<DotsBoxesSetup, NotationError> {
        DotsBoxesSetup::parse_position(&variant, text)
    }

    #[test]
    fn the_wide_and_narrow_diagrams_agree() {
        let wide = "+---+---+\n| B |\n+---+   +\n\n+   +   +";
        let narrow = "+-+-+\n|B|\n+-+ +\n\n+ + +";
        let a = parse_diagram(two(), wide, Side::Second).unwrap();
        let b = parse_diagram(two(), narrow, Side::Second).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.owners, [1, 0]);
        let game = DotsBoxes::from_setup(&two(), &a).unwrap();
        assert_eq!(DotsBoxesSetup::diagram(&game), wide);
        assert_eq!(
            DotsBoxesSetup::format_position(&game),
            "a1b1,b1c1,a2b2,a1a2,b1b2 b... white"
        );
    }

    #[test]
    fn an_indented_diagram_with_dots_reads_the_same() {
        let plain = "+---+---+\n|   |\n+   +   +\n|\n+   +---+";
        let indented = "    +---+---+\n    |...|\n    +   +   +\n    |\n    +   +---+";
        assert_eq!(
            parse_diagram(two(), plain, Side::First),
            parse_diagram(two(), indented, Side::First)
        );
    }

    #[test]
    fn bad_diagrams_are_refused() {
        arbiter_laws::refuses_all(
            &[
                "+---+---+\n|   |\n+   +   +",
                "+---+---\n|   |\n+   +   +\n|\n+   +---+",
                "+---+---+\n| X |\n+   +   +\n|\n+   +---+",
                "+---+---+\n|BW |\n+   +   +\n|\n+   +---+",
                "+-x-+---+\n|   |\n+   +   +\n|\n+   +---+",
                "+---+---+\n-   |\n+   +   +\n|\n+   +---+",
                "+---+---+\n|   |\n+   +   + |\n|\n+   +---+",
                "+---+---+\n|   |\n   +   +\n|\n+   +---+",
            ],
            |text| parse_diagram(two(), text, Side::First),
        );
    }

    #[rstest]
    #[case("- .... black", 0)]
    #[case("a1b1,a1a2 .... w", 2)]
    fn lines_read(#[case] text: &str, #[case] drawn: u32) {
        let setup = parse_line_form(two(), text).unwrap();
        assert_eq!(setup.drawn.count_ones(), drawn);
    }

    #[test]
    fn bad_lines_are_refused() {
        arbiter_laws::refuses_all(
            &[
                "- .... ",
                "- ... black",
                "- ..x. black",
                "a1b1,a1b1 .... black",
                "a1c1 .... black",
                "- .... red",
                "- .... black more",
            ],
            |text| parse_line_form(two(), text),
        );
    }
}
