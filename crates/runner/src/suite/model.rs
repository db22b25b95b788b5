//! The typed form of a suite file: positions with expected best moves and scores, and the
//! budget to search them with.
//!
//! Like spec files, every struct denies unknown keys and keeps the case id's span, so a
//! failure points into the file. The JSON Schema `suites/schema/suite.schema.json` is generated
//! from these types.

use std::fmt;

use arbiter_files::yaml::OneOf;
use arbiter_search::Algorithm;
use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::{self, Deserializer};
use serde_saphyr::Spanned;

use crate::spec::model::{Flag, MoveList, PositionSpec};

/// One suite of one game: `suites/<game>/<name>.yaml`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[schemars(title = "arbiter suite")]
pub struct SuiteFile {
    /// The game every case is played in.
    pub game: String,
    /// The variant; the game's default when absent.
    #[serde(default)]
    pub(crate) variant: Option<String>,
    /// Where the expected values come from; required here or on every case.
    #[serde(default)]
    pub source: Option<String>,
    /// What the suite covers, for readers of the file.
    #[serde(default)]
    #[expect(
        dead_code,
        reason = "part of the format and its schema; arbiter shows none of it"
    )]
    pub(crate) description: Option<String>,
    /// The searcher every case uses unless it says otherwise (default `alpha-beta`).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub(crate) algorithm: Option<Algorithm>,
    /// The budget every case uses unless it says otherwise; required for alpha-beta and MCTS
    /// (solvers run to the end without one).
    #[serde(default)]
    pub(crate) budget: Option<BudgetSpec>,
    /// Too slow for `cargo test`: run only by `cargo xtask audit --suite NAME`.
    #[serde(default, deserialize_with = "strict_bool")]
    pub slow: bool,
    pub(crate) cases: Vec<SuiteCase>,
}

/// A boolean as YAML's unquoted `true`/`false` only (see [`Flag`]).
fn strict_bool<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    Flag::deserialize(deserializer).map(|flag| flag.0)
}

/// One position and what the engine's search must find there.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SuiteCase {
    /// Unique in the file, lower-case kebab-case.
    #[schemars(with = "String")]
    pub(crate) id: Spanned<String>,
    #[serde(default)]
    pub(crate) description: Option<String>,
    /// Overrides the file's source for this case.
    #[serde(default)]
    pub(crate) source: Option<String>,
    /// The position; the start position when absent.
    #[serde(default)]
    pub(crate) position: PositionSpec,
    /// The chosen move must be one of these.
    #[serde(default)]
    pub(crate) best: Option<MoveList>,
    /// The chosen move must be none of these.
    #[serde(default)]
    pub(crate) avoid: Option<MoveList>,
    /// The value of the position for the side to move.
    #[serde(default)]
    pub(crate) score: Option<ExpectedScore>,
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub(crate) algorithm: Option<Algorithm>,
    #[serde(default)]
    pub(crate) budget: Option<BudgetSpec>,
    /// A known engine weakness: the case is expected to FAIL today, for this reason. The test
    /// passes while it fails and fails once it holds, so that the mark is removed then.
    #[serde(default)]
    pub(crate) fixme: Option<String>,
}

/// A deterministic search budget: `{depth: 8}` or `{nodes: 100000}`.
#[derive(Clone, Copy, Debug, Default, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct BudgetSpec {
    #[serde(default)]
    pub(crate) depth: Option<u32>,
    #[serde(default)]
    pub(crate) nodes: Option<u64>,
}

impl fmt::Display for BudgetSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.depth, self.nodes) {
            (Some(depth), _) => write!(f, "depth {depth}"),
            (None, Some(nodes)) => write!(f, "{nodes} nodes"),
            (None, None) => f.write_str("to the end"),
        }
    }
}

/// The expected value: a proven `win`, `draw` or `loss`, or an exact margin (Othello: final
/// disc difference with empties to the winner), all for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ExpectedScore {
    Win,
    Draw,
    Loss,
    Exact(i32),
}

impl fmt::Display for ExpectedScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpectedScore::Win => f.write_str("win"),
            ExpectedScore::Draw => f.write_str("draw"),
            ExpectedScore::Loss => f.write_str("loss"),
            ExpectedScore::Exact(margin) => write!(f, "{margin:+}"),
        }
    }
}

impl JsonSchema for ExpectedScore {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ExpectedScore".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "win, draw or loss for the side to move, or an exact margin",
            "oneOf": [
                { "type": "integer" },
                { "enum": ["win", "draw", "loss"] }
            ]
        })
    }
}

arbiter_files::one_of_deserialize!(ExpectedScore);

impl OneOf<'_> for ExpectedScore {
    const EXPECTING: &'static str = "`win`, `draw`, `loss` or an integer margin";

    fn from_i64<E: de::Error>(value: i64) -> Result<ExpectedScore, E> {
        exact(value)
    }

    fn from_u64<E: de::Error>(value: u64) -> Result<ExpectedScore, E> {
        exact(value)
    }

    fn from_str<E: de::Error>(text: &str) -> Result<ExpectedScore, E> {
        match text {
            "win" => Ok(ExpectedScore::Win),
            "draw" => Ok(ExpectedScore::Draw),
            "loss" => Ok(ExpectedScore::Loss),
            other => other
                .trim_start_matches('+')
                .parse()
                .map(ExpectedScore::Exact)
                .map_err(|_| {
                    E::custom(format!(
                        "unknown score `{other}`; expected win, draw, loss or an integer"
                    ))
                }),
        }
    }
}

/// An exact margin written as an integer, refused outside `i32`.
fn exact<E: de::Error>(value: impl TryInto<i32>) -> Result<ExpectedScore, E> {
    value
        .try_into()
        .map(ExpectedScore::Exact)
        .map_err(|_| E::custom("score out of range"))
}
