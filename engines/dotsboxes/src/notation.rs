//! Lines, turns and their notations: ours (`a1b1+b1b2`) and the CCGC platform's `move N KIJ…`.
//!
//! **Dots** are named like squares: a column letter from `a` on the left and a row number from
//! `1` at the top (the platforms' orientation: origin top-left, y down). **A line** is the two
//! dots it joins, `a1b1` (horizontal) or `a1a2` (vertical); `b1a1` and `a1-b1` are read too, and
//! the canonical form puts the left or top dot first. **A turn** (one [`Move`]) is its lines
//! joined by `+`: `b1b2+c3d3` draws b1b2, which completes a box, then c3d3, which completes
//! none and ends the turn. The order of the lines does not change the position reached, so a
//! turn is a *set* of lines; its canonical text lists them in an order in which they can be
//! drawn (completing lines first, lowest line first, the turn's last line at the end).
//!
//! **CCGC** (the SAU platform's source, ifplusor/SAUGamePlatform: `Chess
//! Type/DotsAndBoxes/CDotsAndBoxes.cpp` and `Doc/通信协议说明与引擎编写规范.txt` §4): `move N
//! KIJ[KIJ…]`, N lines of three
//! letters with `'A'` = 0: K is `A` for horizontal, `B` for vertical; a horizontal line has I = its
//! dot row and J = its segment column, a vertical line I = its dot column and J = its segment
//! row. So our `a1b1` is `AAA`, `b1b2` is `BBA`, `c3d3` is `ACC`, and `b1b2+c3d3` is `move 2
//! BBAACC` (the example of the platform's document). The platform requires the lines in a valid
//! drawing order; [`crate::DotsBoxes::turn_from_sequence`] checks a sequence as it does.

use arbiter_core::Bits;
use arbiter_core::NotationError;

use crate::board::{Edge, Geometry, Orientation};

/// One turn: the set of lines drawn in it (bit `e` for line `e`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move(pub u64);

impl Move {
    /// The turn that draws one line.
    #[must_use]
    pub const fn single(edge: Edge) -> Move {
        Move(1 << edge)
    }

    /// The lines of the turn, as a set.
    #[must_use]
    pub const fn lines(self) -> u64 {
        self.0
    }

    /// How many lines the turn draws.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the turn draws no line (never a legal move).
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// The name of dot `(x, y)`: `a1` is the top-left dot.
#[must_use]
pub fn format_dot((x, y): (u8, u8)) -> String {
    format!("{}{}", char::from(b'a' + x), u32::from(y) + 1)
}

/// Formats a line as its two dots, left or top dot first: `a1b1`, `a1a2`.
#[must_use]
pub fn format_line(geometry: &Geometry, edge: Edge) -> String {
    let (a, b) = geometry.dots(edge);
    format!("{}{}", format_dot(a), format_dot(b))
}

/// Formats lines in the given order, joined by `+`.
#[must_use]
pub fn format_lines(geometry: &Geometry, edges: &[Edge]) -> String {
    edges
        .iter()
        .map(|&edge| format_line(geometry, edge))
        .collect::<Vec<_>>()
        .join("+")
}

/// Reads one dot from the front of `text`: a letter and a row number; returns it and the rest.
fn parse_dot(text: &str) -> Option<((u8, u8), &str)> {
    let mut chars = text.char_indices();
    let (_, letter) = chars.next()?;
    if !letter.is_ascii_alphabetic() {
        return None;
    }
    let x = letter.to_ascii_lowercase() as u8 - b'a';
    let rest = &text[1..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 2 || rest.starts_with('0') {
        return None;
    }
    let row: u8 = rest[..digits].parse().ok()?;
    Some(((x, row - 1), &rest[digits..]))
}

/// Parses one line: two neighbouring dots, `a1b1`, `b1a1` or `a1-b1`.
///
/// # Errors
/// A [`NotationError`] when the text is not two dots, a dot is off the board, or the dots are
/// not neighbours.
pub fn parse_line(geometry: &Geometry, text: &str) -> Result<Edge, NotationError> {
    let text = text.trim();
    let form = || {
        NotationError::new(format!(
            "`{text}` is not a line: expected two neighbouring dots such as a1b1 (columns a-{}, \
             rows 1-{} from the top)",
            char::from(b'a' + geometry.cols),
            geometry.rows + 1
        ))
    };
    let (a, rest) = parse_dot(text).ok_or_else(form)?;
    let rest = rest.strip_prefix('-').unwrap_or(rest);
    let (b, rest) = parse_dot(rest).ok_or_else(form)?;
    if !rest.is_empty() {
        return Err(form());
    }
    for (x, y) in [a, b] {
        if x > geometry.cols || y > geometry.rows {
            return Err(NotationError::new(format!(
                "dot {} is off the board (columns a-{}, rows 1-{})",
                format_dot((x, y)),
                char::from(b'a' + geometry.cols),
                geometry.rows + 1
            )));
        }
    }
    geometry.line_between(a, b).ok_or_else(|| {
        NotationError::new(format!(
            "{} and {} are not neighbouring dots: a line joins two dots next to each other \
             in a row or a column",
            format_dot(a),
            format_dot(b)
        ))
    })
}

/// Parses a turn: lines joined by `+` (any order; each line once).
///
/// # Errors
/// A [`NotationError`] for an empty turn, a bad line or a line given twice.
pub fn parse_turn(geometry: &Geometry, text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::new(
            "an empty turn: expected one or more lines joined by +, e.g. a1b1 or b1b2+c3d3",
        ));
    }
    let mut lines = 0u64;
    for part in text.split('+') {
        let edge = parse_line(geometry, part)?;
        if lines & (1 << edge) != 0 {
            return Err(NotationError::new(format!(
                "the turn `{text}` draws {} twice",
                format_line(geometry, edge)
            )));
        }
        lines |= 1 << edge;
    }
    Ok(Move(lines))
}

/// The CCGC letters `KIJ` of a line.
#[must_use]
pub fn ccgc_line(geometry: &Geometry, edge: Edge) -> String {
    let letter = |n: u8| char::from(b'A' + n);
    match geometry.locate(edge) {
        // I = dot row, J = segment column.
        (Orientation::Horizontal, r, c) => [letter(0), letter(r), letter(c)].iter().collect(),
        // I = dot column, J = segment row.
        (Orientation::Vertical, r, c) => [letter(1), letter(c), letter(r)].iter().collect(),
    }
}

/// The CCGC platform's argument of `move` for lines in drawing order: `N KIJ…`.
#[must_use]
pub fn format_ccgc(geometry: &Geometry, edges: &[Edge]) -> String {
    let letters: String = edges
        .iter()
        .map(|&edge| ccgc_line(geometry, edge))
        .collect();
    format!("{} {letters}", edges.len())
}

/// Reads the CCGC platform's `N KIJ…` (with or without the leading `move`), in its order.
///
/// # Errors
/// A [`NotationError`] when the count does not match, a letter triple names no line of this
/// board, or a line appears twice.
pub fn parse_ccgc(geometry: &Geometry, text: &str) -> Result<Vec<Edge>, NotationError> {
    let text = text.trim();
    let body = text.strip_prefix("move ").unwrap_or(text).trim();
    let form = || {
        NotationError::new(format!(
            "`{text}` is not a CCGC dots-and-boxes move: expected `N KIJ…`, e.g. `2 BBAACC`"
        ))
    };
    let (count, letters) = body.split_once(' ').ok_or_else(form)?;
    let count: usize = count
        .parse()
        .ok()
        .filter(|n| (1..=usize::from(geometry.edges)).contains(n))
        .ok_or_else(form)?;
    let letters = letters.trim().as_bytes();
    if letters.len() != 3 * count || !letters.iter().all(u8::is_ascii_uppercase) {
        return Err(NotationError::new(format!(
            "`{text}`: {count} lines need {} capital letters, got {}",
            3 * count,
            letters.len()
        )));
    }
    let mut edges = Vec::with_capacity(count);
    let mut seen = 0u64;
    for triple in letters.chunks(3) {
        let [k, i, j] = [triple[0] - b'A', triple[1] - b'A', triple[2] - b'A'];
        let edge = match k {
            0 if i <= geometry.rows && j < geometry.cols => {
                geometry.line(Orientation::Horizontal, i, j)
            }
            1 if i <= geometry.cols && j < geometry.rows => {
                geometry.line(Orientation::Vertical, j, i)
            }
            _ => {
                return Err(NotationError::new(format!(
                    "`{}` names no line of the {}x{} board",
                    String::from_utf8_lossy(triple),
                    geometry.rows,
                    geometry.cols
                )));
            }
        };
        if seen & (1 << edge) != 0 {
            return Err(NotationError::new(format!(
                "`{text}` draws {} twice",
                String::from_utf8_lossy(triple)
            )));
        }
        seen |= 1 << edge;
        edges.push(edge);
    }
    Ok(edges)
}

/// The lines of `mv` in a valid drawing order from the position with `drawn` lines: the lines
/// that complete a box, lowest first as each becomes available, then the rest (for a legal
/// turn, the single line that ends it).
#[must_use]
pub fn drawing_order(geometry: &Geometry, drawn: u64, mv: Move) -> Vec<Edge> {
    let mut order = Vec::with_capacity(mv.len() as usize);
    let mut drawn = drawn;
    let mut rest = mv.lines();
    loop {
        let next = Bits(rest).find(|&edge| geometry.completed_by(edge, drawn) != 0);
        let Some(edge) = next else { break };
        order.push(edge);
        drawn |= 1 << edge;
        rest &= !(1 << edge);
    }
    order.extend(Bits(rest));
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn five() -> Geometry {
        Geometry::new("5x5".parse().unwrap())
    }

    #[rstest]
    #[case("a1b1", Orientation::Horizontal, 0, 0)]
    #[case("b1a1", Orientation::Horizontal, 0, 0)]
    #[case("A1-B1", Orientation::Horizontal, 0, 0)]
    #[case("a1a2", Orientation::Vertical, 0, 0)]
    #[case("b2b1", Orientation::Vertical, 0, 1)]
    #[case("e6f6", Orientation::Horizontal, 5, 4)]
    #[case("f5f6", Orientation::Vertical, 4, 5)]
    fn parses_lines(
        #[case] text: &str,
        #[case] orientation: Orientation,
        #[case] r: u8,
        #[case] c: u8,
    ) {
        let g = five();
        let edge = parse_line(&g, text).unwrap();
        assert_eq!(g.locate(edge), (orientation, r, c));
    }

    #[test]
    fn refuses_bad_lines() {
        arbiter_laws::refuses_all(
            &[
                "", "a1", "a1c1", "a1b2", "a1a1", "a1b1c1", "g1g2", "a6a7", "a0b0", "a01b01",
                "1a1b", "a1--b1",
            ],
            |text| parse_line(&five(), text),
        );
    }

    #[test]
    fn every_line_round_trips_in_both_notations() {
        for text in ["1x1", "2x3", "5x5", "4x6"] {
            let g = Geometry::new(text.parse().unwrap());
            for edge in 0..g.edges {
                assert_eq!(parse_line(&g, &format_line(&g, edge)), Ok(edge));
                let ccgc = format_ccgc(&g, &[edge]);
                assert_eq!(parse_ccgc(&g, &ccgc), Ok(vec![edge]), "{ccgc}");
            }
        }
    }

    #[test]
    fn the_platform_examples() {
        // protocols-ccgc.md: "move 1 AAA"; "move 2 BBAACC (BBA closes box (0,0) whose AAA, ABA,
        // BAA sides were already drawn; then ACC)".
        let g = five();
        assert_eq!(
            parse_ccgc(&g, "move 1 AAA"),
            Ok(vec![parse_line(&g, "a1b1").unwrap()])
        );
        let edges = parse_ccgc(&g, "2 BBAACC").unwrap();
        assert_eq!(format_lines(&g, &edges), "b1b2+c3d3");
        assert_eq!(format_ccgc(&g, &edges), "2 BBAACC");
        let sides: Vec<Edge> = ["AAA", "ABA", "BAA"]
            .iter()
            .map(|t| parse_ccgc(&g, &format!("1 {t}")).unwrap()[0])
            .collect();
        assert_eq!(format_lines(&g, &sides), "a1b1+a2b2+a1a2");
        let drawn = sides.iter().fold(0u64, |acc, &e| acc | (1 << e));
        assert_eq!(g.completed_by(edges[0], drawn), 1, "BBA closes box (0,0)");
    }

    #[test]
    fn refuses_bad_ccgc() {
        arbiter_laws::refuses_all(
            &[
                "0 AAA", "2 AAA", "1 AA", "1 aaa", "1 CAA", "1 AGA", "1 AAF", "2 AAAAAA", "AAA",
                "61 AAA",
            ],
            |text| parse_ccgc(&five(), text),
        );
    }

    #[test]
    fn turns_are_sets() {
        let g = five();
        let a = parse_turn(&g, "b1b2+c3d3").unwrap();
        let b = parse_turn(&g, "c3d3 + b2b1").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.len(), 2);
        assert!(parse_turn(&g, "b1b2+b2b1").is_err());
        assert!(parse_turn(&g, "").is_err());
        assert!(parse_turn(&g, "b1b2+").is_err());
    }
}
