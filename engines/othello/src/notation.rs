//! Moves as text: `a1`..`h8` and `pass`, single or as transcripts (the [`Move`] type is in
//! `board.rs`).

use std::fmt;

use arbiter_core::NotationError;
use arbiter_core::grid::{self, Letters};

use crate::board::Move;

/// Formats as the notation: `a1`..`h8` in lower case, or `pass`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.square() {
            Some(sq) => f.write_str(&grid::format_index(Letters::Consecutive, 8_usize, sq)),
            None => f.write_str("pass"),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The spellings of a pass that [`parse_move`] accepts (compared case-insensitively): ours, and
/// the `PA` / `PS` of GGF and Edax transcripts.
const PASS_WORDS: [&str; 3] = ["pass", "pa", "ps"];

/// Parses one move: a square `a1`..`h8` (either case) or a pass (`pass`, `PA`, `PS`).
///
/// # Errors
/// A [`NotationError`] naming the text when it is neither.
pub fn parse_move(text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    if PASS_WORDS
        .iter()
        .any(|word| word.eq_ignore_ascii_case(text))
    {
        return Ok(Move::PASS);
    }
    let (col, row) =
        grid::parse_square(text, Letters::Consecutive, 8, 8, "square").map_err(|_| {
            NotationError::new(format!(
                "expected a square a1..h8 or `pass`, found `{text}`"
            ))
        })?;
    // Both are below 8.
    Ok(Move::at(col as u8, row as u8).expect("a square of the board"))
}

/// Splits a move sequence into move texts: whitespace-separated moves, compact transcripts
/// (`f5d6c3d3`) and mixtures (`f5d6 pass c3`, `f5passd6`).
///
/// Never fails: text that is no move is handed on as its own piece so that [`parse_move`]
/// reports it.
#[must_use]
pub fn split_moves(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for token in text.split_whitespace() {
        let mut rest = token;
        while !rest.is_empty() {
            let len = leading_move_len(rest);
            if len == 0 {
                // Not a move: keep the remainder whole so the error shows the reader's text.
                out.push(rest.to_owned());
                break;
            }
            out.push(rest[..len].to_owned());
            rest = &rest[len..];
        }
    }
    out
}

/// The byte length of the move that `text` starts with, 0 if it starts with none. The pass
/// words are tried longest first so that `pass` is not read as `pa` + `ss`.
fn leading_move_len(text: &str) -> usize {
    let bytes = text.as_bytes();
    if let [file, rank, ..] = bytes
        && (b'a'..=b'h').contains(&file.to_ascii_lowercase())
        && (b'1'..=b'8').contains(rank)
    {
        return 2;
    }
    PASS_WORDS
        .iter()
        .find(|word| {
            bytes.len() >= word.len() && bytes[..word.len()].eq_ignore_ascii_case(word.as_bytes())
        })
        .map_or(0, |word| word.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("a1", 0)]
    #[case("h1", 7)]
    #[case("a2", 8)]
    #[case("h8", 63)]
    #[case("F5", 37)]
    #[case(" d3 ", 19)]
    #[case("pass", 64)]
    #[case("PASS", 64)]
    #[case("PA", 64)]
    #[case("ps", 64)]
    fn parses_good_moves(#[case] text: &str, #[case] index: usize) {
        assert_eq!(parse_move(text).map(Move::index), Ok(index));
    }

    #[test]
    fn rejects_bad_moves() {
        arbiter_laws::refuses_all(
            &[
                "", "i1", "a0", "a9", "a10", "1a", "f5d6", "passs", "é1", "--",
            ],
            parse_move,
        );
    }

    #[rstest]
    #[case("f5 d6 c3", &["f5", "d6", "c3"])]
    #[case("f5d6c3d3", &["f5", "d6", "c3", "d3"])]
    #[case("F5D6 pass c3", &["F5", "D6", "pass", "c3"])]
    #[case("f5passd6", &["f5", "pass", "d6"])]
    #[case("f5PAd6", &["f5", "PA", "d6"])]
    #[case("f5 zz9", &["f5", "zz9"])]
    #[case("f5x", &["f5", "x"])]
    #[case("", &[])]
    fn splits_transcripts(#[case] text: &str, #[case] expected: &[&str]) {
        assert_eq!(split_moves(text), expected);
    }

    #[test]
    fn formats_every_move_and_reads_it_back() {
        for index in 0..=64u8 {
            let mv = if index == 64 {
                Move::PASS
            } else {
                Move::place(index).unwrap()
            };
            assert_eq!(parse_move(&mv.to_string()), Ok(mv));
        }
        assert_eq!(Move::at(5, 4).unwrap().to_string(), "f5");
    }
}
