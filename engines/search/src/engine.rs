//! What an engine crate offers the framework: one call that runs any of its searchers under a
//! budget, and the `params.yaml` a baseline freezes.
//!
//! The framework (the root crate `arbiter`) drives every embedded engine through
//! [`Searchable::search`]; the engine chooses its evaluator, its parameters and, for
//! [`Algorithm::Solve`], its exact solver. Parameters travel as YAML text so that a caller can
//! try another file (`cargo xtask search --params FILE`) without rebuilding.
//!
//! An engine names its evaluator ([`Searchable::Evaluator`]), which names the weights it is
//! made from ([`Weighted`]); the default [`Searchable::search`] then parses the file, runs
//! the solver for [`Algorithm::Solve`] and alpha-beta or MCTS otherwise. An engine overrides
//! [`Searchable::read_params`] for checks serde cannot make, [`Searchable::solve`] for its
//! solver (or sets [`Searchable::SOLVES_TO_END`]), and [`Searchable::search_heuristic`] when
//! its scores prove more than win/loss/draw.

use std::fmt;
use std::str::FromStr;

use arbiter_core::Game;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::Evaluator;
use crate::budget::{Budget, SearchResult, Searcher};
use crate::params::SearchParams;
use crate::score::is_mate;

/// Which searcher to run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// [`crate::AlphaBeta`] with the engine's evaluator.
    #[default]
    AlphaBeta,
    /// [`crate::Mcts`] with the engine's evaluator.
    Mcts,
    /// The engine's exact solver (Othello endgame, Gomoku VCF, a full-depth search for small
    /// games): the result is proven, and the budget only bounds the effort.
    Solve,
}

impl Algorithm {
    /// Every algorithm, in a fixed order.
    pub const ALL: [Algorithm; 3] = [Algorithm::AlphaBeta, Algorithm::Mcts, Algorithm::Solve];

    /// The name used in YAML, on the command line and in reports.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::AlphaBeta => "alpha-beta",
            Algorithm::Mcts => "mcts",
            Algorithm::Solve => "solve",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;

    fn from_str(text: &str) -> Result<Algorithm, String> {
        arbiter_core::named(&Algorithm::ALL, text).ok_or_else(|| {
            format!("unknown algorithm `{text}`; expected alpha-beta, mcts or solve")
        })
    }
}

/// One search order: the algorithm and its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchRequest {
    pub algorithm: Algorithm,
    /// For [`Algorithm::Solve`], `Nodes(n)` gives up after about `n` nodes
    /// ([`SearchError::BudgetExhausted`]); `Depth` is ignored by solvers that have no depth.
    pub budget: Budget,
}

/// The game-theoretic result of a position, as far as a search proved it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProvenResult {
    Win,
    Draw,
    Loss,
    /// A game with dice where neither side can force the result: the exact value is a
    /// winning chance, given as the margin ([`Proven::margin`], in the game's convention).
    Chance,
}

impl fmt::Display for ProvenResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ProvenResult::Win => "win",
            ProvenResult::Draw => "draw",
            ProvenResult::Loss => "loss",
            ProvenResult::Chance => "chance",
        })
    }
}

/// What a search proved about the position, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proven {
    pub verdict: ProvenResult,
    /// For counted games (Othello), the exact final margin with best play from both sides, in
    /// the game's scoring convention (FFO: disc difference, empties to the winner).
    pub margin: Option<i32>,
}

/// A search's answer: the searcher's result plus what it proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<M> {
    pub result: SearchResult<M>,
    /// `Some` when the result is a proof (a solver, or alpha-beta reaching a win/loss score or
    /// the end of every line), `None` for a heuristic score.
    pub proven: Option<Proven>,
}

impl<M> Report<M> {
    /// The report of an alpha-beta or MCTS result: a win/loss-by-distance score is proven, any
    /// other score is heuristic.
    #[must_use]
    pub fn heuristic(result: SearchResult<M>) -> Report<M> {
        Report::searched(result, false)
    }

    /// The report of an alpha-beta result: a win/loss-by-distance score is proven, and so is
    /// every score of a `resolved` search ([`crate::AlphaBeta::resolved`]): 0 a draw, else a
    /// win or loss by its sign (a counted game's terminal score; its margin is the engine's to
    /// decode). A finished position (no move) is proven by its terminal score.
    #[must_use]
    pub fn searched(result: SearchResult<M>, resolved: bool) -> Report<M> {
        let mate = result.best.is_some() && is_mate(result.score);
        let proven = (mate || resolved).then_some(Proven {
            verdict: match result.score.signum() {
                1 => ProvenResult::Win,
                -1 => ProvenResult::Loss,
                _ => ProvenResult::Draw,
            },
            margin: None,
        });
        Report { result, proven }
    }
}

/// Why a search could not be run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// The engine does not offer this algorithm (a case asking for it is not applicable).
    Unsupported(String),
    /// The parameters file is not valid: `path:line:column: message`.
    Params(String),
    /// A solver gave up within its node budget.
    BudgetExhausted { nodes: u64 },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Unsupported(what) => write!(f, "not supported: {what}"),
            SearchError::Params(message) => write!(f, "invalid parameters: {message}"),
            SearchError::BudgetExhausted { nodes } => {
                write!(f, "no proof within the budget ({nodes} nodes searched)")
            }
        }
    }
}

impl std::error::Error for SearchError {}

/// A file built into an engine's search, with its path from the workspace root.
#[derive(Clone, Copy, Debug)]
pub struct DataFile {
    pub path: &'static str,
    pub bytes: &'static [u8],
}

impl DataFile {
    /// One line naming the file, its size and its FNV-1a 64-bit hash: enough to tell two
    /// versions apart, the same on every machine.
    #[must_use]
    pub fn fingerprint(&self) -> String {
        let hash = self
            .bytes
            .iter()
            .fold(0xcbf2_9ce4_8422_2325u64, |hash, &byte| {
                (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
            });
        format!(
            "{} {} bytes fnv1a64 {hash:016x}",
            self.path,
            self.bytes.len()
        )
    }
}

/// An evaluator made from the weights of the `eval:` section of a parameters file, by `From`
/// (the weights themselves when they evaluate): [`Searchable::Evaluator`] names the evaluator,
/// and the evaluator the weights it reads.
pub trait Weighted: From<<Self as Weighted>::Weights> {
    /// The `eval:` section of the parameters file.
    type Weights: DeserializeOwned + Clone;
}

/// The weights that game `G`'s evaluator reads ([`Weighted::Weights`]).
pub type WeightsOf<G> = <<G as Searchable>::Evaluator as Weighted>::Weights;

/// The shape of game `G`'s parameters file.
pub type ParamsOf<G> = EngineParams<WeightsOf<G>>;

/// Writes `impl Weighted for $eval` with `$weights` and `impl From<$weights> for $eval` as a
/// call of `$eval::new(weights)`, for an evaluator whose constructor `new` takes the weights
/// and is all the conversion does (`arbiter_search::evaluator_from!(HexEval, Params);`); with
/// one type, `impl Weighted` for weights that evaluate themselves
/// (`arbiter_search::evaluator_from!(Params);`).
#[macro_export]
macro_rules! evaluator_from {
    ($weights:ty) => {
        impl $crate::Weighted for $weights {
            type Weights = $weights;
        }
    };
    ($eval:ident, $weights:ty) => {
        impl $crate::Weighted for $eval {
            type Weights = $weights;
        }

        impl ::std::convert::From<$weights> for $eval {
            fn from(weights: $weights) -> $eval {
                $eval::new(weights)
            }
        }
    };
}

/// A game with search: an evaluator, a parameters file and a searcher per [`Algorithm`].
///
/// ```ignore
/// impl Searchable for MyGame {
///     const PARAMS_YAML: &'static str = include_str!("../params.yaml");
///     type Evaluator = MyEval; // Weighted: `evaluator_from!(MyEval, MyWeights)`
/// }
/// ```
///
/// An impl writes its items in the order this trait declares them.
pub trait Searchable: Game {
    /// The parameters file as shipped (`include_str!`), used when the caller gives none.
    const PARAMS_YAML: &'static str;
    /// Other files built into the search (`include_bytes!`), such as trained evaluation
    /// weights: a baseline records their fingerprints, so that a new file shows up as the
    /// cause of the changes it makes.
    const DATA_FILES: &'static [DataFile] = &[];
    /// The algorithm the engine plays a match with, its strongest player (alpha-beta unless
    /// the game is played better by MCTS, as Go is).
    const PLAYS_WITH: Algorithm = Algorithm::AlphaBeta;
    /// Whether the default [`Searchable::solve`] searches every line to the end
    /// ([`solve_to_end`] with the engine's evaluator), for games whose every line ends soon.
    const SOLVES_TO_END: bool = false;

    /// The evaluator (with its search hooks) that alpha-beta and MCTS run with, made from the
    /// weights of the `eval:` section ([`Weighted`]; the weights themselves when they evaluate).
    type Evaluator: Evaluator<Self> + Weighted;

    /// Reads a parameters file. The default parses it ([`parse_params`], errors with
    /// `path:line:column`); override it to add the checks serde cannot make.
    ///
    /// # Errors
    /// [`SearchError::Params`] naming the place and the problem.
    fn read_params(yaml: &str) -> Result<ParamsOf<Self>, SearchError> {
        parse_params(&Self::params_path(), yaml)
    }

    /// The parameters file's path from the workspace root, for messages and for baselines:
    /// `engines/<NAME>/params.yaml`, the file [`Searchable::PARAMS_YAML`] includes, since
    /// every game crate keeps it there.
    #[must_use]
    fn params_path() -> String {
        format!("engines/{}/params.yaml", Self::NAME)
    }

    /// The exact solver ([`Algorithm::Solve`]): by default [`solve_to_end`] when the engine
    /// sets [`Searchable::SOLVES_TO_END`] (`Nodes` bounds the effort, `Time` the clock, `Depth`
    /// is ignored), else there is none.
    ///
    /// # Errors
    /// [`SearchError::Unsupported`] without a solver, [`SearchError::BudgetExhausted`] when
    /// the solver gave up within `budget`.
    fn solve(
        &self,
        budget: Budget,
        params: &ParamsOf<Self>,
    ) -> Result<Report<Self::Move>, SearchError> {
        if Self::SOLVES_TO_END {
            let evaluator = Self::Evaluator::from(params.eval.clone());
            return solve_to_end(self, budget, evaluator, &params.search);
        }
        Err(SearchError::Unsupported(format!(
            "{} has no exact solver",
            Self::NAME
        )))
    }

    /// Alpha-beta or MCTS (`algorithm` is one of the two) with the engine's evaluator; the
    /// default reports what [`Report::searched`] says the result proves.
    fn search_heuristic(
        &self,
        algorithm: Algorithm,
        budget: Budget,
        params: ParamsOf<Self>,
    ) -> Report<Self::Move> {
        run_searcher(
            self,
            algorithm,
            budget,
            Self::Evaluator::from(params.eval),
            &params.search,
        )
    }

    /// Searches this position; `params_yaml` is the text of a parameters file (usually
    /// [`Searchable::PARAMS_YAML`]). The default reads the file, then runs
    /// [`Searchable::solve`] or [`Searchable::search_heuristic`].
    ///
    /// # Errors
    /// [`SearchError::Params`] for an invalid file (say where, with [`parse_params`]),
    /// [`SearchError::Unsupported`] for an algorithm the engine lacks,
    /// [`SearchError::BudgetExhausted`] for a solver that gave up.
    fn search(
        &self,
        request: SearchRequest,
        params_yaml: &str,
    ) -> Result<Report<Self::Move>, SearchError> {
        let params = Self::read_params(params_yaml)?;
        match request.algorithm {
            Algorithm::Solve => self.solve(request.budget, &params),
            algorithm => Ok(self.search_heuristic(algorithm, request.budget, params)),
        }
    }
}

/// The usual shape of a `params.yaml`: the searchers' tunables and the evaluation weights.
///
/// ```yaml
/// search:
///   tt-size-mb: 16
/// eval:
///   mobility: 4
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EngineParams<E> {
    #[serde(default)]
    pub search: SearchParams,
    pub eval: E,
}

/// Parses a parameters file, with `path:line:column` in the error.
///
/// # Errors
/// [`SearchError::Params`] naming the place and what was expected.
pub fn parse_params<P: DeserializeOwned>(path: &str, yaml: &str) -> Result<P, SearchError> {
    serde_saphyr::from_str(yaml).map_err(|error| {
        let message = error.to_string();
        SearchError::Params(locate(path, &message))
    })
}

/// Rewrites serde-saphyr's "line N column M: message" (or its location at the end) as
/// `path:N:M: message`, keeping the message whole when no location is found.
fn locate(path: &str, message: &str) -> String {
    let lower = message.to_ascii_lowercase();
    if let Some(at) = lower.find("line ") {
        let rest = &message[at + 5..];
        let line: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let after_line = &rest[line.len()..];
        let column = after_line
            .trim_start_matches([',', ' '])
            .strip_prefix("column ")
            .map(|tail| {
                tail.chars()
                    .take_while(char::is_ascii_digit)
                    .collect::<String>()
            })
            .unwrap_or_default();
        if !line.is_empty() && !column.is_empty() {
            return format!("{path}:{line}:{column}: {message}");
        }
    }
    format!("{path}: {message}")
}

/// Runs MCTS for [`Algorithm::Mcts`], alpha-beta otherwise, with an evaluator, and reports
/// what the result proves ([`Report::searched`]; MCTS proves only a win or loss by distance).
#[must_use]
pub fn run_searcher<G, E>(
    game: &G,
    algorithm: Algorithm,
    budget: Budget,
    evaluator: E,
    params: &SearchParams,
) -> Report<G::Move>
where
    G: Game,
    E: Evaluator<G>,
{
    if algorithm == Algorithm::Mcts {
        return Report::heuristic(crate::Mcts::new(evaluator, params.clone()).search(game, budget));
    }
    let mut searcher = crate::AlphaBeta::new(evaluator, params.clone());
    let result = searcher.search(game, budget);
    // An expectation over the rolls is no draw and no margin, even when every line ended.
    Report::searched(result, searcher.resolved() && !searcher.met_chance())
}

/// An exact solve by alpha-beta searched to the end of the game
/// ([`crate::AlphaBeta::search_to_end`]), for engines whose games are small enough.
///
/// # Errors
/// [`SearchError::BudgetExhausted`] when the budget ran out before a proof.
pub fn solve_to_end<G, E>(
    game: &G,
    budget: Budget,
    evaluator: E,
    params: &SearchParams,
) -> Result<Report<G::Move>, SearchError>
where
    G: Game,
    E: Evaluator<G>,
{
    let mut searcher = crate::AlphaBeta::new(evaluator, params.clone());
    let result = searcher
        .search_to_end(game, budget)
        .map_err(|nodes| SearchError::BudgetExhausted { nodes })?;
    // With dice the value is an expectation: a proof of a win or loss only by its score.
    Ok(Report::searched(result, !searcher.met_chance()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Weights {
        #[allow(dead_code)]
        mobility: i32,
    }

    #[test]
    fn reads_search_and_eval_sections() {
        let params: EngineParams<Weights> = parse_params(
            "engines/x/params.yaml",
            "search:\n  tt-size-mb: 2\neval:\n  mobility: 4\n",
        )
        .unwrap();
        assert_eq!(params.search.tt_size_mb, 2);
    }

    #[test]
    fn a_bad_file_names_path_line_and_column() {
        let error = parse_params::<EngineParams<Weights>>(
            "engines/x/params.yaml",
            "eval:\n  mobility: many\n",
        )
        .unwrap_err();
        let SearchError::Params(message) = error else {
            panic!("wrong error kind");
        };
        assert!(message.starts_with("engines/x/params.yaml:2:"), "{message}");
    }

    #[test]
    fn algorithm_names_round_trip() {
        for algorithm in Algorithm::ALL {
            assert_eq!(algorithm.name().parse::<Algorithm>(), Ok(algorithm));
        }
        assert!("minimax".parse::<Algorithm>().is_err());
    }
}
