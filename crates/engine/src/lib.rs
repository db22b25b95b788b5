//! Engine handles: what the case runner talks to.
//!
//! A handle speaks in text (moves and positions in the game's notation), so that one runner
//! serves embedded engines (a generic adapter over [`arbiter_core::Game`]) and, later, external
//! processes behind a protocol adapter. A capability an engine lacks is reported as such, and a
//! case that needs it is *not applicable*, never passed.

pub mod bench;
mod embedded;
pub mod fault;
mod registry;

use std::fmt;
use std::path::Path;

pub use arbiter_core::picture::{Mark, MarkRole};
pub use arbiter_core::{EndReason, SetupProblem};
pub use arbiter_search::{Algorithm, Budget, DataFile, Proven, ProvenResult, SearchError};
pub(crate) use embedded::Embedded;
pub use fault::{Fault, FaultKind};
pub use registry::{embedded_engines, find_engine, games};

/// The workspace root this crate was built in: where `specs/`, `suites/`, `snapshots/` and
/// `engines/` are, and where the paths built into the engines ([`ParamsFile::path`],
/// [`DataFile::path`]) start.
#[must_use]
pub fn workspace_root() -> &'static Path {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    // crates/engine → the workspace root.
    crate_dir
        .parent()
        .and_then(Path::parent)
        .unwrap_or(crate_dir)
}

/// How a case describes the position to set up.
#[derive(Clone, Debug, Default)]
pub struct PositionRequest {
    /// The game's one-line form.
    pub text: Option<String>,
    /// A board diagram with the side to move.
    pub board: Option<(String, String)>,
    /// Moves from the start that reach `text` or `board` (a case's `history:`), for protocols
    /// that can only be given a game; `moves` still follow the position.
    pub history: Option<Vec<String>>,
    /// Moves played after the start (or after `text`/`board`), already split.
    pub moves: Vec<String>,
    /// A move sequence still to be split by the game's own rule (Othello: `f5d6c3`).
    pub move_text: Option<String>,
}

/// Why a position could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The variant name is not one the engine plays.
    UnknownVariant { variant: String, known: Vec<String> },
    /// The board or one-line form is not in the game's notation.
    Notation(String),
    /// The side name is not one of the game's.
    UnknownSide {
        side: String,
        known: [&'static str; 2],
    },
    /// The board is impossible; every problem is listed, each with its stable code (a spec's
    /// `invalid-position` names the codes).
    Invalid(Vec<SetupProblem>),
    /// A move of the list cannot be played: its index (from 1), text and the rule's reason.
    IllegalMove {
        index: usize,
        text: String,
        reason: Refusal,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::UnknownVariant { variant, known } => {
                write!(
                    f,
                    "unknown variant `{variant}`; expected one of: {}",
                    known.join(", ")
                )
            }
            PositionError::Notation(message) => {
                write!(f, "position not in the game's notation: {message}")
            }
            PositionError::UnknownSide { side, known } => {
                write!(
                    f,
                    "unknown side `{side}`; expected `{}` or `{}`",
                    known[0], known[1]
                )
            }
            PositionError::Invalid(problems) => {
                let problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
                write!(f, "impossible position: {}", problems.join("; "))
            }
            PositionError::IllegalMove {
                index,
                text,
                reason,
            } => {
                write!(f, "move {index} `{text}` cannot be played: {reason}")
            }
        }
    }
}

/// Why a rule query has no answer: the engine failed (a [`Fault`] of a kind such as `crash`,
/// `timeout`, `protocol-error`), or it cannot be asked this at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// The engine failed to answer.
    #[error("{}", .0.in_words())]
    Fault(Fault),
    /// The engine's protocol has no such query: the case is not applicable.
    #[error("not supported: {0}")]
    Unsupported(String),
}

/// Why a search through an engine handle ([`Position::search`]) gave no report: the search's
/// own [`SearchError`] (no such algorithm, bad parameters, no proof within the budget), or an
/// external engine's [`Fault`]. The search crate knows nothing of processes; this is where
/// their faults join its errors.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchFailure {
    /// The search refused or gave up.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The engine failed to answer properly (or broke a rule in answering).
    #[error("{}", .0.in_words())]
    Fault(Fault),
}

impl SearchFailure {
    /// The engine cannot be asked this search (a case needing it is not applicable).
    #[must_use]
    pub fn unsupported(what: impl Into<String>) -> SearchFailure {
        SearchFailure::Search(SearchError::Unsupported(what.into()))
    }
}

impl From<QueryError> for SearchFailure {
    fn from(error: QueryError) -> SearchFailure {
        match error {
            QueryError::Fault(fault) => SearchFailure::Fault(fault),
            QueryError::Unsupported(what) => SearchFailure::unsupported(what),
        }
    }
}

impl From<Fault> for SearchFailure {
    fn from(fault: Fault) -> SearchFailure {
        SearchFailure::Fault(fault)
    }
}

/// A rule query's answer, or why the engine gave none. An embedded engine always answers; an
/// external one can fail, and a case passes only on the engine's own answer.
pub type Answered<T> = Result<T, QueryError>;

/// A move the engine refuses: the rule's reason code and a sentence. Text that is not a move
/// at all has the code `notation`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: String,
    pub detail: String,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.detail, self.code)
    }
}

/// A finished game as text: the winner's side name (or `None` for a draw), the end reason and,
/// for counted games, the score from the first side's view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeView {
    pub winner: Option<String>,
    pub reason: String,
    pub score: Option<(i32, i32)>,
}

impl fmt::Display for OutcomeView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.winner {
            Some(winner) => write!(f, "{winner} wins by {}", self.reason)?,
            None => write!(f, "draw by {}", self.reason)?,
        }
        if let Some((raw, empties)) = self.score {
            write!(
                f,
                " (score {raw:+}, {empties:+} with empties to the winner)"
            )?;
        }
        Ok(())
    }
}

/// Counts over a complete game tree (the walk is core's).
pub use arbiter_core::TreeCounts;

/// What an engine can be asked. A case needing a capability the engine lacks is *not
/// applicable*.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capabilities {
    /// Legal moves, play, outcome, perft: the rule-level cases.
    pub rules: bool,
    /// Best move and score under a deterministic budget: suites and snapshots.
    pub search: bool,
    /// Chooses a move in a game under a clock (every embedded engine with search; external
    /// engines through their protocol).
    pub player: bool,
}

/// An engine's parameters file as shipped: its path from the workspace root and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamsFile {
    pub path: String,
    pub yaml: &'static str,
}

/// What a search found, in text. Scores are from the side to move's view, in the engine's own
/// units; `proven` says what the search proved, if anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    pub best: Option<String>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<String>,
    pub proven: Option<Proven>,
}

/// An engine's rules, behind text.
pub trait RulesEngine: Send + Sync {
    /// The engine's name (embedded engines: the game's name).
    fn name(&self) -> &str;
    /// The game it plays.
    fn game(&self) -> &str;
    /// A move sequence written as one string (a case's `moves: f5d6c3`), split by the game's
    /// own rule (`Game::split_moves`: Othello's compact transcripts; whitespace elsewhere, so
    /// that a Dots and Boxes turn `b1b2+e5f5` stays one move).
    fn split_moves(&self, text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }
    /// The variants it plays.
    fn variants(&self) -> Vec<String>;
    /// Whether `name` is a variant this engine plays (variant names can be a grammar, such as
    /// gomoku's `renju+swap2@20`, so a list cannot say it).
    fn accepts_variant(&self, name: &str) -> bool;
    /// The variant used when a spec names none.
    fn default_variant(&self) -> String;
    /// The two side names, first side first.
    fn side_names(&self) -> [&'static str; 2];
    /// The last plies of the opening and of the middle game under `variant` (the game's
    /// [`arbiter_core::Game::phase_plies`]); `None` for a variant it does not play.
    fn phase_plies(&self, variant: &str) -> Option<(usize, usize)> {
        let _ = variant;
        None
    }
    /// Whether `name` names a side in this game (its side names, any case; some games accept
    /// more, such as gomoku's `first`/`second`).
    fn accepts_side(&self, name: &str) -> bool {
        self.side_names()
            .iter()
            .any(|side| side.eq_ignore_ascii_case(name.trim()))
    }
    /// Every code the rules may refuse a move with; empty when not declared (specs naming a
    /// code are then not checked when they load).
    fn move_codes(&self) -> &'static [&'static str] {
        &[]
    }
    /// Every kind of foul the rules report (renju: `double-three`, …); empty when none.
    fn foul_kinds(&self) -> &'static [&'static str] {
        &[]
    }
    /// What the engine can be asked.
    fn capabilities(&self) -> Capabilities;
    /// The parameters file its searches use by default, if it has search.
    /// The algorithm a match's embedded seat plays with
    /// ([`arbiter_search::Searchable::PLAYS_WITH`]).
    fn plays_with(&self) -> Algorithm {
        Algorithm::AlphaBeta
    }
    fn params(&self) -> Option<ParamsFile> {
        None
    }
    /// Other files built into its search, such as trained evaluation weights.
    fn data_files(&self) -> &'static [DataFile] {
        &[]
    }
    /// Whether its answers depend on the request alone (no clock, no other process): then its
    /// suite searches are compared with snapshots, and an audit may run its cases in parallel.
    /// External processes are time-sensitive and say no (`audit --jobs` defaults to 1 then).
    fn reproducible(&self) -> bool {
        false
    }
    /// Warnings gathered since the last call (an external engine's lines that were skipped, an
    /// answer inside arbiter's time tolerance, an optional command it lacks): the runner adds
    /// them to the notes of the case that caused them.
    fn take_warnings(&self) -> Vec<String> {
        Vec::new()
    }
    /// Sets up a position.
    ///
    /// # Errors
    /// A [`PositionError`] saying which part of the request is wrong and why.
    fn position(
        &self,
        variant: &str,
        request: &PositionRequest,
    ) -> Result<Box<dyn Position>, PositionError>;
}

/// One position of a [`RulesEngine`], in text.
///
/// The rule queries return [`Answered`]: an external engine's failure is a [`QueryError`], so
/// that a case never passes on a value the engine did not give. `to_move`, `canonical`,
/// `diagram` and `text` describe the position as arbiter set it up (the reference rules);
/// `play` records a move checked by the reference rules, and an external engine is told it
/// with its next query (a move it refuses then comes back as a fault).
pub trait Position: Send {
    /// The side to move's name.
    fn to_move(&self) -> String;
    /// Whether `name` (any name the game accepts for a side, e.g. `black`, `first`) is the side
    /// to move.
    fn is_to_move(&self, name: &str) -> bool;
    /// Whether `name` names the winner of the finished game (`draw` for a draw); `false` while
    /// the game goes on.
    ///
    /// # Errors
    /// The engine's [`QueryError`].
    fn is_winner(&self, name: &str) -> Answered<bool>;
    /// Every legal move, in the game's canonical notation.
    ///
    /// # Errors
    /// The engine's [`QueryError`].
    fn legal_moves(&self) -> Answered<Vec<String>>;
    /// The canonical form of a move text (`H8` → `h8`), if it is a move at all here.
    ///
    /// # Errors
    /// A [`Refusal`] with code `notation`.
    fn canonical(&self, text: &str) -> Result<String, Refusal>;
    /// Whether the move may be played here (`Ok(Ok(()))`), and why not (`Ok(Err(refusal))`).
    ///
    /// # Errors
    /// The engine's [`QueryError`].
    fn check(&self, text: &str) -> Answered<Result<(), Refusal>>;
    /// Plays a move, checked by the reference rules.
    ///
    /// # Errors
    /// The rule's [`Refusal`]; the position is unchanged then.
    fn play(&mut self, text: &str) -> Result<(), Refusal>;
    /// The result, once the game is over.
    ///
    /// # Errors
    /// The engine's [`QueryError`].
    fn outcome(&self) -> Answered<Option<OutcomeView>>;
    /// At a chance node (a die to roll, [`arbiter_core::Game::is_chance`]): the events with
    /// their weights, in the game's notation; `None` where a player moves (the default).
    fn chance_events(&self) -> Option<Vec<(String, u32)>> {
        None
    }
    /// A game over by passes counted with the stones at `dead` taken off as dead
    /// ([`arbiter_core::Game::outcome_with_dead`]); `None` for a game without dead stones or
    /// a position that is no such end (the default), a [`Refusal`] for a point in the list
    /// that is no stone.
    fn outcome_with_dead(&self, _dead: &[String]) -> Option<Result<OutcomeView, Refusal>> {
        None
    }
    /// The position from which a disputed end is played out
    /// ([`arbiter_core::Game::play_out`]); `None` for a game without one (the default).
    fn play_out(&self) -> Option<Box<dyn Position>> {
        None
    }
    /// Perft under a convention.
    ///
    /// # Errors
    /// The engine's [`QueryError`].
    fn perft(&mut self, depth: u32, convention: arbiter_core::PerftConvention) -> Answered<u64>;
    /// Perft that visits at most about `max_nodes` positions: `Ok(None)` when the walk needs
    /// more. By default unbounded (an external process answers under its own deadline).
    ///
    /// # Errors
    /// The engine's [`QueryError`].
    fn perft_within(
        &mut self,
        depth: u32,
        convention: arbiter_core::PerftConvention,
        max_nodes: u64,
    ) -> Answered<Option<u64>> {
        let _ = max_nodes;
        self.perft(depth, convention).map(Some)
    }
    /// The counts of one perft walk to `depth` within about `max_nodes` positions (every
    /// depth up to it, both conventions: [`arbiter_core::PerftProfile`]), for an engine that
    /// counts so; `None` (the default) when it is asked one depth at a time
    /// ([`Position::perft_within`]), as an external process is. `Some(None)`: the walk needs
    /// more than `max_nodes`.
    fn perft_profile_within(
        &mut self,
        depth: u32,
        max_nodes: u64,
    ) -> Option<Option<arbiter_core::PerftProfile>> {
        let _ = (depth, max_nodes);
        None
    }
    /// An upper bound on the plies the game can still last from here, if the rules give one:
    /// a perft deeper than that is a spec error.
    fn longest_game(&self) -> Option<u32> {
        None
    }
    /// A board diagram for failure messages.
    fn diagram(&self) -> String;
    /// The one-line position form.
    fn text(&self) -> String;
    /// Whether the board (cells only) equals a diagram of this game: `Ok(Ok(same))`, or
    /// `Ok(Err(message))` when the diagram is not in the game's notation.
    ///
    /// # Errors
    /// The engine's [`QueryError`].
    fn same_board(&self, diagram: &str) -> Answered<Result<bool, String>>;
    /// The fouls of the side to move with their kinds (renju: black's forbidden points when
    /// black is to move, none when white is; NoGo: capturing and suicidal points), for games
    /// with foul rules (`None` for a game without them).
    ///
    /// # Errors
    /// The engine's [`QueryError`].
    fn forbidden(&self) -> Answered<Option<Vec<(String, String)>>>;
    /// The position as an SVG picture in the game's own look, with `marks` (moves in the
    /// game's notation) on it; `None` when the game has no renderer (reports then show
    /// [`Position::diagram`]). A mark whose move does not read is left out.
    fn picture(&self, marks: &[Mark<String>]) -> Option<String> {
        let _ = marks;
        None
    }
    /// Searches this position; `params_yaml` replaces the engine's shipped parameters file.
    ///
    /// # Errors
    /// [`SearchError::Unsupported`] when the engine lacks search or that algorithm,
    /// [`SearchError::Params`] for a bad parameters file, [`SearchError::BudgetExhausted`]
    /// for a solver that gave up (each as [`SearchFailure::Search`]), and an external
    /// engine's [`SearchFailure::Fault`].
    fn search(
        &self,
        algorithm: Algorithm,
        budget: Budget,
        params_yaml: Option<&str>,
    ) -> Result<SearchReport, SearchFailure>;
    /// Counts over the complete game tree from here; `None` when it has more than `max_nodes`.
    fn tree_counts(&self, max_nodes: u64) -> Option<TreeCounts>;
}
