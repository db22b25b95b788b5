//! Arbiter-made opening books: short random starts, kept when a search finds them near even.
//!
//! From the start position, `plies` moves are drawn at random (a seeded SplitMix64 over the
//! legal moves, so a book is reproducible on every machine); in the line games only points
//! near the centre are drawn, as renju and Gomocup openings are. The position reached is kept
//! when it is not over, not reached before (transpositions count once) and a search of the
//! engine under a fixed budget scores it within `margin` for the side to move, without proving
//! a win or a loss. `cargo xtask match openings` writes the result as a book file whose header
//! gives the command that remakes it.

use std::collections::HashSet;

use arbiter_search::SplitMix64;

use arbiter_engine::{Algorithm, Budget, PositionRequest, ProvenResult, RulesEngine};

/// How to make a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// Openings wanted.
    pub count: usize,
    /// Random plies from the start.
    pub plies: usize,
    pub seed: u64,
    /// In gomoku and Connect6: every stone within this many lines of the centre (Chebyshev
    /// distance); ignored by the other games.
    pub radius: Option<u32>,
    /// The filtering search.
    pub algorithm: Algorithm,
    pub budget: Budget,
    /// Keep a start whose score (side to move's view, engine units) is within `±margin`.
    pub margin: i32,
    /// Give up after this many random starts.
    pub max_tries: usize,
}

/// One kept start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub(crate) moves: Vec<String>,
    pub(crate) score: i32,
}

/// The starts tried, and why those not kept were dropped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Attempts {
    pub tried: usize,
    pub repeated: usize,
    pub over: usize,
    pub unbalanced: usize,
}

/// The side of the board in the line games (`None` for the others).
#[must_use]
pub(crate) fn board_size(game: &str, variant: &str) -> Option<u32> {
    match game {
        "gomoku" => Some(
            variant
                .rsplit_once('@')
                .and_then(|(_, size)| size.parse().ok())
                .unwrap_or(15),
        ),
        "connect6" => Some(
            variant
                .strip_prefix("size-")
                .and_then(|size| size.parse().ok())
                .unwrap_or(19),
        ),
        _ => None,
    }
}

/// Whether every point of a move (`h8`, `j10-k11`) lies within `radius` of the centre of a
/// `size` board: points are a column letter from `a` and a row number from 1.
fn near_centre(text: &str, size: u32, radius: u32) -> bool {
    let centre = (size - 1) / 2;
    let mut points = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if !c.is_ascii_lowercase() {
            continue;
        }
        let mut digits = String::new();
        while let Some(d) = chars.peek().copied().filter(char::is_ascii_digit) {
            digits.push(d);
            chars.next();
        }
        let Ok(row) = digits.parse::<u32>() else {
            return false;
        };
        let column = u32::from(c) - u32::from('a');
        if column.abs_diff(centre) > radius || (row.max(1) - 1).abs_diff(centre) > radius {
            return false;
        }
        points += 1;
    }
    points > 0
}

/// Makes a book.
///
/// # Errors
/// The variant is not the engine's, or the search fails (no search, a bad budget).
pub fn generate(
    engine: &dyn RulesEngine,
    variant: &str,
    options: &GenerateOptions,
) -> Result<(Vec<Generated>, Attempts), String> {
    let size = board_size(engine.game(), variant);
    let mut rng = SplitMix64::new(options.seed);
    let mut seen = HashSet::new();
    let mut kept = Vec::new();
    let mut attempts = Attempts::default();
    while kept.len() < options.count && attempts.tried < options.max_tries {
        attempts.tried += 1;
        let mut position = engine
            .position(variant, &PositionRequest::default())
            .map_err(|error| error.to_string())?;
        let mut moves = Vec::with_capacity(options.plies);
        for _ in 0..options.plies {
            if position.outcome().map_err(|e| e.to_string())?.is_some() {
                break;
            }
            let mut legal = position.legal_moves().map_err(|e| e.to_string())?;
            if let (Some(size), Some(radius)) = (size, options.radius) {
                legal.retain(|mv| near_centre(mv, size, radius));
            }
            if legal.is_empty() {
                break;
            }
            let mv = legal.swap_remove(rng.below(legal.len()));
            position.play(&mv).map_err(|refusal| refusal.to_string())?;
            moves.push(mv);
        }
        if moves.len() < options.plies || position.outcome().map_err(|e| e.to_string())?.is_some() {
            attempts.over += 1;
            continue;
        }
        if !seen.insert(position.text()) {
            attempts.repeated += 1;
            continue;
        }
        let report = position
            .search(options.algorithm, options.budget, None)
            .map_err(|error| error.to_string())?;
        let decided = report
            .proven
            .is_some_and(|proven| proven.verdict != ProvenResult::Draw);
        if decided || report.score.abs() > options.margin {
            attempts.unbalanced += 1;
            continue;
        }
        kept.push(Generated {
            moves,
            score: report.score,
        });
    }
    Ok((kept, attempts))
}

/// The text of a book file: a header saying how it was made (`command` remakes it), then one
/// numbered opening per line with its score as a comment.
#[must_use]
pub fn book_text(
    engine: &dyn RulesEngine,
    variant: &str,
    options: &GenerateOptions,
    command: &str,
    openings: &[Generated],
) -> String {
    let budget = match options.budget {
        Budget::Depth(depth) => format!("depth {depth}"),
        Budget::Nodes(nodes) => format!("{nodes} nodes"),
        Budget::Time(time) => format!("{} ms", time.as_millis()),
    };
    let radius = match (board_size(engine.game(), variant), options.radius) {
        (Some(_), Some(radius)) => format!(", every stone within {radius} lines of the centre"),
        _ => String::new(),
    };
    let mut text = format!(
        "# {game} ({variant}) openings made by arbiter: random starts of {plies} plies{radius},\n\
         # each kept when arbiter's {game} {algorithm} search under {budget} scores it within\n\
         # +-{margin} (engine units, side to move) and proves no win or loss; transpositions once.\n\
         # origin: arbiter-made, seed {seed}: {command}\n",
        game = engine.game(),
        plies = options.plies,
        algorithm = options.algorithm,
        margin = options.margin,
        seed = options.seed,
    );
    for (index, opening) in openings.iter().enumerate() {
        text.push_str(&format!(
            "{}: {}   # score {:+}\n",
            index + 1,
            opening.moves.join(" "),
            opening.score
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::openings::OpeningBook;
    use arbiter_engine::find_engine;

    #[test]
    fn centre_distance_of_points_and_pairs() {
        assert!(near_centre("h8", 15, 0));
        assert!(near_centre("j10", 15, 2));
        assert!(!near_centre("k8", 15, 2));
        assert!(near_centre("j10-k11", 19, 1));
        assert!(!near_centre("j10-l11", 19, 1));
        assert!(!near_centre("pass", 15, 7));
        assert_eq!(board_size("gomoku", "renju+swap2@20"), Some(20));
        assert_eq!(board_size("connect6", "size-9"), Some(9));
        assert_eq!(board_size("othello", "standard"), None);
    }

    #[test]
    fn a_small_book_is_reproducible_and_loads_back() {
        let engine = find_engine("tictactoe").unwrap();
        let options = GenerateOptions {
            count: 5,
            plies: 2,
            seed: 7,
            radius: None,
            algorithm: Algorithm::Solve,
            budget: Budget::Depth(9),
            margin: 0,
            max_tries: 200,
        };
        let (first, attempts) = generate(engine.as_ref(), "standard", &options).unwrap();
        let (again, _) = generate(engine.as_ref(), "standard", &options).unwrap();
        assert_eq!(first, again);
        assert_eq!(first.len(), 5, "{attempts:?}");
        let text = book_text(engine.as_ref(), "standard", &options, "test", &first);
        let book =
            OpeningBook::parse(Path::new("gen.txt"), &text, engine.as_ref(), "standard").unwrap();
        assert_eq!(book.openings.len(), 5);
        assert!(
            book.origin.starts_with("arbiter-made, seed 7"),
            "{}",
            book.origin
        );
        // Tic-tac-toe starts kept at margin 0 by the exact solver are draws.
        for opening in &first {
            assert_eq!(opening.score, 0);
        }
    }
}
