//! Pointing into a case file: the line and column of a value, or of one move inside a move
//! list, so that a problem found after loading (an illegal move, a square that does not exist,
//! a bad board) names the token, not just the case.

use serde_saphyr::Location;

use super::model::MoveList;

/// A 1-based line and column in a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Point {
    pub(crate) line: usize,
    pub(crate) column: usize,
}

impl Point {
    /// Where a parsed value starts; `None` for a value without a location.
    #[must_use]
    pub(crate) fn of(location: &Location) -> Option<Point> {
        let (line, column) = (location.line() as usize, location.column() as usize);
        (line > 0).then_some(Point { line, column })
    }
}

/// The line and column of byte `offset` of `text`.
#[must_use]
pub(crate) fn point_at(text: &str, offset: usize) -> Point {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |at| at + 1);
    Point {
        line,
        column: text[line_start..offset].chars().count() + 1,
    }
}

/// The raw source of a scalar value (quotes included) and its byte offset in `text`.
fn raw_of<'a>(text: &'a str, location: &Location) -> Option<(usize, &'a str)> {
    let span = location.span();
    let start = usize::try_from(span.byte_offset()?).ok()?;
    let len = usize::try_from(span.byte_len()?).ok()?;
    text.get(start..start + len).map(|raw| (start, raw))
}

/// Where move `index` (0-based) of `moves` is written, given its text: the list item, or the
/// token inside the string form (whitespace-separated; a compact form such as Othello's
/// `f5d6c3` is searched token by token). Falls back to the list's own location.
#[must_use]
pub(crate) fn move_point(text: &str, moves: &MoveList, index: usize, token: &str) -> Option<Point> {
    if !moves.as_text {
        return moves
            .item_locations
            .get(index)
            .and_then(Point::of)
            .or_else(|| Point::of(&moves.location));
    }
    token_point(text, &moves.location, index, token).or_else(|| Point::of(&moves.location))
}

/// Where token `index` (0-based) of the string value at `location` is, if it reads `token`;
/// else where `token` first occurs in it.
#[must_use]
pub(crate) fn token_point(
    text: &str,
    location: &Location,
    index: usize,
    token: &str,
) -> Option<Point> {
    let (start, raw) = raw_of(text, location)?;
    let mut tokens = raw
        .char_indices()
        .filter(|&(at, c)| {
            !c.is_whitespace()
                && !matches!(c, '"' | '\'')
                && raw[..at]
                    .chars()
                    .next_back()
                    .is_none_or(|before| before.is_whitespace() || matches!(before, '"' | '\''))
        })
        .map(|(at, _)| at);
    if let Some(at) = tokens.nth(index)
        && raw[at..].starts_with(token)
    {
        return Some(point_at(text, start + at));
    }
    let lower = raw.to_ascii_lowercase();
    lower
        .find(&token.to_ascii_lowercase())
        .map(|at| point_at(text, start + at))
}

/// Where key `key` of the mapping written at `location` is (`14:` of `nodes: {1: 4, 14: …}`):
/// the first `key:` at or after the mapping's start, not inside a longer number or word.
#[must_use]
pub(crate) fn key_point(text: &str, location: &Location, key: &str) -> Option<Point> {
    let start = usize::try_from(location.span().byte_offset()?).ok()?;
    let rest = text.get(start..)?;
    let mut from = 0;
    while let Some(found) = rest[from..].find(key) {
        let at = from + found;
        let before = rest[..at].chars().next_back();
        let after = rest[at + key.len()..].trim_start_matches([' ', '\t']);
        if before.is_none_or(|c| !c.is_alphanumeric()) && after.starts_with(':') {
            return Some(point_at(text, start + at));
        }
        from = at + key.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::model::PositionSpec;

    fn position(yaml: &str) -> PositionSpec {
        serde_saphyr::from_str(yaml).unwrap()
    }

    /// The point at this line and column.
    fn at(line: usize, column: usize) -> Point {
        Point { line, column }
    }

    #[test]
    fn a_move_is_found_where_its_list_writes_it() {
        // A string list by the move's index, with or without spaces; a YAML list by its item.
        for (text, index, point) in [
            ("moves: \"f5 d6 a1\"\n", 2, Some(at(1, 15))),
            ("moves: f5d6a1\n", 2, Some(at(1, 12))),
            ("moves:\n  - f5\n  - a1\n", 1, Some(at(3, 5))),
        ] {
            let spec = position(text);
            let moves = spec.moves.as_ref().unwrap();
            assert_eq!(move_point(text, moves, index, "a1"), point, "{text:?}");
        }
    }

    #[test]
    fn a_key_of_a_mapping_is_found_whole() {
        #[derive(serde::Deserialize)]
        struct Perft {
            nodes: serde_saphyr::Spanned<std::collections::BTreeMap<u32, u64>>,
        }
        let text = "nodes: {1: 4, 11: 5, 4294967295: 6}\n";
        let perft: Perft = serde_saphyr::from_str(text).unwrap();
        let of = |key| key_point(text, &perft.nodes.referenced, key);
        assert_eq!(of("1"), Some(at(1, 9)));
        assert_eq!(of("11"), Some(at(1, 15)));
        assert_eq!(of("4294967295"), Some(at(1, 22)));
    }

    #[test]
    fn offsets_become_lines_and_columns() {
        assert_eq!(point_at("ab\ncd", 4), Point { line: 2, column: 2 });
        assert_eq!(point_at("ab", 99), Point { line: 1, column: 3 });
    }
}
