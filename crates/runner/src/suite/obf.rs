//! Edax/FFO `.obf` files as Othello suites, read as they are published:
//!
//! ```text
//! --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; A4:-22;
//! ```
//!
//! one position per line (64 squares a1..h8, `X` black, `O` white, `-` empty; the side to move),
//! then the exact final disc difference (empties to the winner) of some or all moves. The case
//! expects the best score exactly and a move among those that reach it, found by the exact
//! solver. `%` starts a comment. arbiter reads optional comments of its own, which Edax
//! ignores: `% source: …` and `% slow` in the file's head; after a position, `% id: name` (cases
//! are otherwise named `line-<n>`) and `% history: f5 d6 …`, the moves of a game from the start
//! that reaches the board, which a protocol that can only be given a game needs (as a spec's
//! `history:`; the case's own test replays it). Several comments after a position each start
//! with `%`: `… ; % id: ffo-01 % history: d3 c5 …`.

use std::path::Path;

use arbiter_search::Algorithm;
use serde_saphyr::Location;
use serde_saphyr::Spanned;

use super::model::{ExpectedScore, SuiteCase, SuiteFile};
use crate::spec::model::{MoveList, PositionSpec, unplaced};
use arbiter_files::SpecError;

/// Parses an `.obf` file into a suite and the line of each case.
///
/// # Errors
/// Every malformed line, with its number.
pub(crate) fn parse(path: &Path, text: &str) -> Result<(SuiteFile, Vec<usize>), Vec<SpecError>> {
    let mut suite = SuiteFile {
        game: "othello".to_owned(),
        variant: None,
        source: None,
        description: None,
        algorithm: Some(Algorithm::Solve),
        budget: None,
        slow: false,
        cases: Vec::new(),
    };
    let mut lines = Vec::new();
    let mut errors = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let (content, comment) = match raw.split_once('%') {
            Some((content, comment)) => (content.trim(), Some(comment.trim())),
            None => (raw.trim(), None),
        };
        if content.is_empty() {
            if let Some(comment) = comment {
                if let Some(source) = comment.strip_prefix("source:") {
                    suite.source = Some(source.trim().to_owned());
                } else if comment == "slow" {
                    suite.slow = true;
                }
            }
            continue;
        }
        match parse_line(content) {
            Ok((position, best, score)) => {
                let remarks = CaseRemarks::read(comment.unwrap_or_default());
                let id = remarks
                    .id
                    .map_or_else(|| format!("line-{number}"), str::to_owned);
                suite.cases.push(SuiteCase {
                    id: Spanned::new(id, Location::UNKNOWN, Location::UNKNOWN),
                    description: None,
                    source: None,
                    position: PositionSpec {
                        text: Some(unplaced(position)),
                        history: remarks.history.map(|moves| {
                            MoveList::of(moves.split_whitespace().map(str::to_owned).collect())
                        }),
                        ..PositionSpec::default()
                    },
                    best: Some(MoveList::of(best)),
                    avoid: None,
                    score: Some(ExpectedScore::Exact(score)),
                    algorithm: None,
                    budget: None,
                    fixme: None,
                });
                lines.push(number);
            }
            Err(message) => errors.push(SpecError::at(path, text, number, 1, message)),
        }
    }
    if suite.source.is_none() {
        suite.source = Some(format!(
            "the .obf file {} (exact move scores)",
            path.display()
        ));
    }
    if errors.is_empty() {
        Ok((suite, lines))
    } else {
        Err(errors)
    }
}

/// What arbiter's own comments after a position say of its case.
#[derive(Default)]
struct CaseRemarks<'a> {
    id: Option<&'a str>,
    history: Option<&'a str>,
}

impl<'a> CaseRemarks<'a> {
    /// Reads `id: …` and `history: …` among the `%`-separated comments; others are left to
    /// their readers (Edax ignores them all).
    fn read(comments: &'a str) -> Self {
        let mut remarks = CaseRemarks::default();
        for comment in comments.split('%').map(str::trim) {
            if let Some(id) = comment.strip_prefix("id:") {
                remarks.id = Some(id.trim());
            } else if let Some(history) = comment.strip_prefix("history:") {
                remarks.history = Some(history.trim());
            }
        }
        remarks
    }
}

/// One position line: the one-line position, the best moves, the best score.
fn parse_line(content: &str) -> Result<(String, Vec<String>, i32), String> {
    let mut fields = content.split(';').map(str::trim);
    let head = fields.next().unwrap_or_default();
    let (board, side) = head
        .split_once(char::is_whitespace)
        .map(|(board, side)| (board, side.trim()))
        .ok_or_else(|| "expected `<64 squares> <X|O>;` at the start of the line".to_owned())?;
    if board.chars().count() != 64 {
        return Err(format!(
            "the board has {} squares; an .obf board has 64",
            board.chars().count()
        ));
    }
    if !matches!(side, "X" | "O" | "x" | "o") {
        return Err(format!("side to move `{side}`: expected `X` or `O`"));
    }
    let mut scored: Vec<(String, i32)> = Vec::new();
    for field in fields.filter(|field| !field.is_empty()) {
        let (mv, score) = field
            .split_once(':')
            .ok_or_else(|| format!("`{field}`: expected `move:score` such as `G8:+18`"))?;
        let score: i32 = score
            .trim()
            .trim_start_matches('+')
            .parse()
            .map_err(|_| format!("`{field}`: the score is not an integer"))?;
        scored.push((mv.trim().to_ascii_lowercase(), score));
    }
    let best_score = scored
        .iter()
        .map(|(_, score)| *score)
        .max()
        .ok_or_else(|| "no `move:score` pairs: nothing to expect".to_owned())?;
    let best = scored
        .into_iter()
        .filter(|(_, score)| *score == best_score)
        .map(|(mv, _)| mv)
        .collect();
    Ok((
        format!("{board} {}", side.to_ascii_uppercase()),
        best,
        best_score,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_published_line() {
        let (position, best, score) = parse_line(
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; A4:-22;",
        )
        .unwrap();
        assert!(position.ends_with(" X"));
        assert_eq!(best, ["g8"]);
        assert_eq!(score, 18);
    }

    #[test]
    fn keeps_every_tied_best_move() {
        let line = format!("{} O; C7:-12; G3:-12; A1:-20;", "-".repeat(64));
        let (_, best, score) = parse_line(&line).unwrap();
        assert_eq!(best, ["c7", "g3"]);
        assert_eq!(score, -12);
    }

    #[test]
    fn names_what_is_wrong() {
        assert!(parse_line("XO X; G8:+1").unwrap_err().contains("64"));
        let board = "-".repeat(64);
        assert!(
            parse_line(&format!("{board} Z; G8:+1"))
                .unwrap_err()
                .contains("`X` or `O`")
        );
        assert!(
            parse_line(&format!("{board} X; G8=+1"))
                .unwrap_err()
                .contains("move:score")
        );
        assert!(
            parse_line(&format!("{board} X;"))
                .unwrap_err()
                .contains("nothing to expect")
        );
    }

    #[test]
    fn comments_give_source_slow_and_ids() {
        let board = "-".repeat(64);
        let text = format!("% source: FFO\n% slow\n{board} X; A1:+2; % id: ffo-40\n");
        let (suite, lines) = parse(Path::new("x.obf"), &text).unwrap();
        assert_eq!(suite.source.as_deref(), Some("FFO"));
        assert!(suite.slow);
        assert_eq!(suite.cases[0].id.value, "ffo-40");
        assert_eq!(lines, [3]);
    }

    #[test]
    fn a_history_comment_gives_the_game_that_reaches_the_board() {
        let board = "-".repeat(64);
        let text =
            format!("{board} X; A1:+2; % id: ffo-01 % history: d3 c5 f6\n{board} X; A1:+2;\n");
        let (suite, _) = parse(Path::new("x.obf"), &text).unwrap();
        assert_eq!(suite.cases[0].id.value, "ffo-01");
        let history = suite.cases[0].position.history.as_ref().unwrap();
        assert_eq!(history.items, ["d3", "c5", "f6"]);
        assert_eq!(suite.cases[1].id.value, "line-2");
        assert!(suite.cases[1].position.history.is_none());
    }
}
