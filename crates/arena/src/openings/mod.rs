//! Opening books: the start positions of a match, each played twice with colours swapped.
//!
//! An opening is a move sequence from the game's start position, so that every game record,
//! found case and protocol history is a plain move list. A book is a text file:
//!
//! ```text
//! # comment lines start with `#`
//! # origin: where the openings come from (kept in the match result)
//! d1: h8 h9 h10      # an optional id before a colon, then the moves
//! h8 h9 i10          # without an id the opening is named after its line number
//! f5d6c3d3           # a compact transcript is split as the game reads it (Othello)
//! ```
//!
//! Every opening is replayed on arbiter's rules of the match's variant when the book is
//! loaded: an illegal move, an opening that ends the game, or a repeated opening is an error
//! naming file, line and column. Built-in books ship under `openings/<game>/` ([`builtin`]),
//! each file saying where its openings come from; [`generate`] makes the arbiter-made ones.

pub(crate) mod builtin;
pub mod generate;

use std::collections::HashSet;
use std::path::Path;

use serde::{Deserialize, Serialize};

use arbiter_engine::{Position, PositionRequest, RulesEngine};
use arbiter_files::SpecError;

/// One opening: an id and the moves from the start, in canonical notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opening {
    pub(crate) id: String,
    pub moves: Vec<String>,
}

/// A loaded, checked book.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpeningBook {
    /// The file it came from (`openings/othello/arbiter-8ply.txt`), or `start` for the empty
    /// book.
    pub name: String,
    /// Its `# origin:` line, or empty.
    pub(crate) origin: String,
    pub openings: Vec<Opening>,
}

impl OpeningBook {
    /// The book of one opening, the start position itself.
    #[must_use]
    pub(crate) fn start_only() -> OpeningBook {
        OpeningBook {
            name: "start".to_owned(),
            origin: "the game's start position".to_owned(),
            openings: vec![Opening {
                id: "start".to_owned(),
                moves: Vec::new(),
            }],
        }
    }

    /// Parses and checks a book's text against the rules of `variant`; `path` names it in
    /// errors.
    ///
    /// # Errors
    /// Every bad line: a move that is not legal (with the rule's reason), an opening that
    /// ends the game, a duplicate id or opening, an empty book.
    pub(crate) fn parse(
        path: &Path,
        text: &str,
        engine: &dyn RulesEngine,
        variant: &str,
    ) -> Result<OpeningBook, Vec<SpecError>> {
        let mut book = OpeningBook {
            name: path.display().to_string(),
            origin: String::new(),
            openings: Vec::new(),
        };
        let mut errors = Vec::new();
        let mut seen = Seen::default();
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let trimmed = raw.trim_start();
            if let Some(comment) = trimmed.strip_prefix('#') {
                if let Some(origin) = comment.trim().strip_prefix("origin:")
                    && book.origin.is_empty()
                {
                    origin.trim().clone_into(&mut book.origin);
                }
                continue;
            }
            let content = raw.split('#').next().unwrap_or("");
            if content.trim().is_empty() {
                continue;
            }
            match seen.opening(raw, content, line, engine, variant) {
                Ok(opening) => book.openings.push(opening),
                Err((column, message)) => {
                    errors.push(SpecError::at(path, text, line, column, message));
                }
            }
        }
        if book.openings.is_empty() && errors.is_empty() {
            errors.push(SpecError::file(path, "the book has no openings"));
        }
        if errors.is_empty() {
            Ok(book)
        } else {
            Err(errors)
        }
    }

    /// Reads and checks a book file.
    ///
    /// # Errors
    /// The file cannot be read, or [`OpeningBook::parse`]'s errors.
    pub(crate) fn load(
        path: &Path,
        engine: &dyn RulesEngine,
        variant: &str,
    ) -> Result<OpeningBook, Vec<SpecError>> {
        let text = std::fs::read_to_string(path)
            .map_err(|error| vec![SpecError::file(path, format!("cannot read: {error}"))])?;
        OpeningBook::parse(path, &text, engine, variant)
    }
}

/// What the book's earlier openings took: their ids and the positions they reach.
#[derive(Default)]
struct Seen {
    ids: HashSet<String>,
    finals: HashSet<String>,
}

impl Seen {
    /// The opening of a book line (`raw`, and `content` without its comment), or the column
    /// and message of what is wrong with it.
    fn opening(
        &mut self,
        raw: &str,
        content: &str,
        line: usize,
        engine: &dyn RulesEngine,
        variant: &str,
    ) -> Result<Opening, (usize, String)> {
        let (id, moves_text, moves_column) = line_id(raw, content, line)?;
        if !self.ids.insert(id.clone()) {
            return Err((
                column_of(raw, &id),
                format!("opening id `{id}` is repeated"),
            ));
        }
        match replay(engine, variant, moves_text) {
            Ok((moves, position)) => {
                if let Some(outcome) = position.outcome().ok().flatten() {
                    Err((
                        moves_column + 1,
                        format!("the opening ends the game ({outcome})"),
                    ))
                } else if !self.finals.insert(position.text()) {
                    Err((
                        moves_column + 1,
                        "the opening reaches the same position as an earlier one".to_owned(),
                    ))
                } else {
                    Ok(Opening { id, moves })
                }
            }
            Err((token, message)) => {
                let column = moves_column + moves_text.find(token.as_str()).unwrap_or(0) + 1;
                Err((column, message))
            }
        }
    }
}

/// A book line's id (before a colon, else `line-N`), its moves and their column (0-based).
fn line_id<'a>(
    raw: &str,
    content: &'a str,
    line: usize,
) -> Result<(String, &'a str, usize), (usize, String)> {
    let Some((id, rest)) = content.split_once(':') else {
        return Ok((format!("line-{line}"), content, 0));
    };
    let id = id.trim();
    if id.is_empty()
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
    {
        return Err((
            column_of(raw, id),
            format!("opening id `{id}` must be letters, digits, `-`, `_` or `.`"),
        ));
    }
    Ok((id.to_owned(), rest, content.len() - rest.len()))
}

/// The column (from 1) of `part` in `line`.
fn column_of(line: &str, part: &str) -> usize {
    line.find(part).map_or(1, |at| at + 1)
}

/// A replayed opening: its canonical moves and the position they reach.
pub(crate) type Replayed = (Vec<String>, Box<dyn Position>);

/// Plays the moves of `text` from the start: whitespace-separated moves, and a token the
/// game does not read as one move is tried as a compact transcript (`f5d6c3`: letters then
/// digits, repeated). Returns the canonical moves and the position reached, or the bad
/// token and why.
pub(crate) fn replay(
    engine: &dyn RulesEngine,
    variant: &str,
    text: &str,
) -> Result<Replayed, (String, String)> {
    let mut position = engine
        .position(variant, &PositionRequest::default())
        .map_err(|error| (String::new(), error.to_string()))?;
    let mut moves = Vec::new();
    for token in text.split_whitespace() {
        let parts = if position.canonical(token).is_ok() {
            vec![token.to_owned()]
        } else {
            split_compact(token)
        };
        for part in parts {
            let refused = |detail: String| {
                (
                    token.to_owned(),
                    format!(
                        "move {} `{part}` cannot be played: {detail}",
                        moves.len() + 1
                    ),
                )
            };
            let canonical = position
                .canonical(&part)
                .map_err(|refusal| refused(refusal.to_string()))?;
            position
                .play(&canonical)
                .map_err(|refusal| refused(refusal.to_string()))?;
            moves.push(canonical);
        }
    }
    Ok((moves, position))
}

/// `f5d6c3` → `f5`, `d6`, `c3`: a new move starts at each letter that follows a digit.
fn split_compact(token: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    for c in token.chars() {
        if c.is_ascii_alphabetic() && current.ends_with(|l: char| l.is_ascii_digit()) {
            parts.push(std::mem::take(&mut current));
        }
        current.push(c);
    }
    if !current.is_empty() {
        parts.push(current);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_engine::find_engine;

    fn othello() -> Box<dyn RulesEngine> {
        find_engine("othello").unwrap()
    }

    #[test]
    fn reads_ids_comments_and_compact_transcripts() {
        let text = "# origin: a test book\n\
                    first: f5 d6 c3   # a comment\n\
                    \n\
                    f5d6c5\n";
        let book =
            OpeningBook::parse(Path::new("t.txt"), text, othello().as_ref(), "standard").unwrap();
        assert_eq!(book.origin, "a test book");
        assert_eq!(book.openings.len(), 2);
        assert_eq!(book.openings[0].id, "first");
        assert_eq!(book.openings[0].moves, ["f5", "d6", "c3"]);
        assert_eq!(book.openings[1].id, "line-4");
        assert_eq!(book.openings[1].moves, ["f5", "d6", "c5"]);
    }

    #[test]
    fn bad_lines_name_line_column_and_reason() {
        let text = "f5 d6\nf5 a1 c3\nf5 d6\nbad id!: f5\n";
        let errors = OpeningBook::parse(Path::new("b.txt"), text, othello().as_ref(), "standard")
            .unwrap_err();
        let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(errors.len(), 3, "{messages:#?}");
        assert_eq!(
            (errors[0].line, errors[0].column),
            (2, 4),
            "{}",
            messages[0]
        );
        assert!(
            messages[0].contains("`a1` cannot be played"),
            "{}",
            messages[0]
        );
        assert!(messages[1].contains("same position"), "{}", messages[1]);
        assert_eq!(errors[1].line, 3);
        assert!(messages[2].contains("opening id"), "{}", messages[2]);
    }

    #[test]
    fn an_opening_that_ends_the_game_is_refused() {
        let engine = find_engine("tictactoe").unwrap();
        let refusal = |text| {
            OpeningBook::parse(Path::new("t.txt"), text, engine.as_ref(), "standard").unwrap_err()
        };
        let errors = refusal("a1 b1 a2 b2 a3\n");
        assert!(errors[0].message.contains("ends the game"), "{}", errors[0]);
        let empty = refusal("# nothing\n");
        assert!(empty[0].message.contains("no openings"), "{}", empty[0]);
    }
}
