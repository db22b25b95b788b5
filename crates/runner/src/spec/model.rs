//! The typed form of a spec file, as serde reads it from YAML.
//!
//! Every struct denies unknown keys, and expectations are keys of the `expect` map (externally
//! tagged), so that serde-saphyr can point at the exact line of any mistake. The JSON Schema in
//! `specs/schema/spec.schema.json` is generated from these types (`cargo xtask schema`).

use std::collections::BTreeMap;

use arbiter_files::yaml::OneOf;
use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess};
use serde_saphyr::{Location, Spanned};

/// One rule topic of one game: the file `specs/<game>/<topic>.yaml`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[schemars(title = "arbiter rule spec")]
pub struct SpecFile {
    /// The game every case is played in (`othello`, `tictactoe`, `gomoku`, …).
    pub game: String,
    /// The variants every case runs under; the game's default variant when absent.
    #[serde(default)]
    pub(crate) variants: Vec<String>,
    /// The rulebook clause or public source the expectations come from.
    pub source: String,
    /// What the topic covers, for readers of the file.
    #[serde(default)]
    #[expect(
        dead_code,
        reason = "part of the format and its schema; arbiter shows none of it"
    )]
    pub(crate) description: Option<String>,
    /// The cases, each one test per engine and variant.
    pub cases: Vec<Case>,
}

/// One position and what must hold in it.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Case {
    /// Unique in the file, lower-case kebab-case; the last part of the test name.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    #[serde(default)]
    pub(crate) description: Option<String>,
    /// Overrides the file's source for this case.
    #[serde(default)]
    pub(crate) source: Option<String>,
    /// A subset of the file's variants to run this case under.
    #[serde(default)]
    pub(crate) variants: Vec<String>,
    /// The position; the start position when absent.
    #[serde(default)]
    pub position: PositionSpec,
    /// What must hold; at least one key.
    pub expect: Expectations,
    /// A rule arbiter's reference engine cannot rule yet: the case is expected to FAIL today,
    /// for this reason. It passes (noted as a known failure) while it fails and fails once it
    /// holds, so that the mark is removed then; it never passes silently.
    #[serde(default)]
    pub fixme: Option<String>,
}

/// A position: a move list from the start, a board diagram with the side to move, or the
/// game's one-line form; `moves` may follow a board or a one-line form.
// Each value keeps where it is written, so that a problem found when the position is set up
// points at it.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PositionSpec {
    /// Moves in the game's notation, as one space-separated string or a list.
    #[serde(default, deserialize_with = "present")]
    pub(crate) moves: Option<MoveList>,
    /// A board diagram, top row first, as the engine's diagram prints it.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<String>")]
    pub(crate) board: Option<Spanned<String>>,
    /// The side to move with `board` (`black`, `white`, `x`, `o`, …).
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<String>")]
    pub(crate) to_move: Option<Spanned<String>>,
    /// The game's one-line position form (Othello: `"<64 chars> X"`).
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<String>")]
    pub(crate) text: Option<Spanned<String>>,
    /// Moves from the start that reach `board` or `text` (a game the source gives), for
    /// engines that can only be given a game (Botzone); the board stays the position.
    #[serde(default, deserialize_with = "present")]
    pub(crate) history: Option<MoveList>,
}

/// What must hold in the position. Each key is one check.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Expectations {
    /// The legal-move set: exactly, or including / excluding.
    #[serde(default, deserialize_with = "present")]
    pub(crate) legal: Option<LegalExpectation>,
    /// Moves the rules refuse, with the reason code.
    #[serde(default, deserialize_with = "present")]
    pub(crate) illegal: Option<Vec<IllegalExpectation>>,
    /// The side to move.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<String>")]
    pub(crate) to_move: Option<Spanned<String>>,
    /// The only legal move is the pass.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<bool>")]
    pub(crate) must_pass: Option<Flag>,
    /// The game is over with this result.
    #[serde(default, deserialize_with = "present")]
    pub over: Option<OverExpectation>,
    /// The game goes on.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<bool>")]
    pub not_over: Option<Flag>,
    /// Perft node counts by depth.
    #[serde(default, deserialize_with = "present")]
    pub(crate) perft: Option<PerftExpectation>,
    /// The position itself is impossible.
    #[serde(default, deserialize_with = "present")]
    pub(crate) invalid_position: Option<InvalidPositionExpectation>,
    /// The board after the position's moves, as a diagram (cells only are compared).
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<String>")]
    pub(crate) board_after: Option<Spanned<String>>,
    /// Counts over the complete game tree from the position (small games only).
    #[serde(default, deserialize_with = "present")]
    pub(crate) tree: Option<TreeExpectation>,
    /// Black's forbidden points (renju) with their kind.
    #[serde(default, deserialize_with = "present")]
    pub(crate) forbidden: Option<ForbiddenExpectation>,
}

impl Expectations {
    /// The names of the keys that are present, in declaration order.
    #[must_use]
    pub(crate) fn present(&self) -> Vec<&'static str> {
        let mut keys = Vec::new();
        let mut add = |present: bool, key| {
            if present {
                keys.push(key);
            }
        };
        add(self.legal.is_some(), "legal");
        add(self.illegal.is_some(), "illegal");
        add(self.to_move.is_some(), "to-move");
        add(self.must_pass.is_some(), "must-pass");
        add(self.over.is_some(), "over");
        add(self.not_over.is_some(), "not-over");
        add(self.perft.is_some(), "perft");
        add(self.invalid_position.is_some(), "invalid-position");
        add(self.board_after.is_some(), "board-after");
        add(self.tree.is_some(), "tree");
        add(self.forbidden.is_some(), "forbidden");
        keys
    }
}

/// An optional key written with no value (`moves: ~`, or nothing after the colon) is a
/// mistake, not an absent key: read as absent it would silently mean the start position or
/// no check.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    Option::<T>::deserialize(deserializer)?
        .map(Some)
        .ok_or_else(|| {
            de::Error::custom(
                "no value (`~` or nothing after the colon): give one, or leave the key out",
            )
        })
}

/// `legal: {exactly: […]}` or `legal: {including: […], excluding: […]}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct LegalExpectation {
    #[serde(default)]
    pub(crate) exactly: Option<MoveList>,
    #[serde(default)]
    pub(crate) including: Option<MoveList>,
    #[serde(default)]
    pub(crate) excluding: Option<MoveList>,
}

/// A move that must be refused, optionally with the engine's reason code.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct IllegalExpectation {
    #[serde(rename = "move")]
    #[schemars(with = "String")]
    pub(crate) mv: Spanned<String>,
    /// The rule's stable code (`occupied`, `no-flip`, …).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub(crate) reason: Option<Spanned<String>>,
}

/// `over: {winner: black, reason: no-moves, score: 10}`; `winner: draw` for a draw.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct OverExpectation {
    /// A side name, or `draw`.
    #[schemars(with = "String")]
    pub(crate) winner: Spanned<String>,
    /// The end reason (`line`, `no-moves`, `board-full`, `stalemate`, `no-pieces`,
    /// `repetition`, `move-limit`, `forbidden`, `goal`, `connection`, `checkmate`).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub(crate) reason: Option<Spanned<String>>,
    /// The final count difference from the first side's view.
    #[serde(default)]
    pub(crate) score: Option<i32>,
    /// The same with empty squares given to the winner (FFO convention).
    #[serde(default)]
    pub(crate) score_empties_to_winner: Option<i32>,
}

/// Which public perft convention the counts follow.
#[derive(Clone, Copy, Debug, Default, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Convention {
    /// A pass is a ply; a finished game contributes nothing past its end.
    #[default]
    ExactLength,
    /// A finished game reached with plies to spare counts as one leaf.
    FinishedIsLeaf,
}

/// `perft: {convention: exact-length, nodes: {1: 4, 2: 12}}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct PerftExpectation {
    #[serde(default)]
    pub(crate) convention: Convention,
    /// Depth → node count.
    #[schemars(with = "BTreeMap<u32, u64>")]
    pub(crate) nodes: Spanned<BTreeMap<u32, u64>>,
}

/// `invalid-position: {codes: [piece-count, …]}`: the position is refused, and each code names
/// a distinct reported problem (a code listed twice needs two problems of that code).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct InvalidPositionExpectation {
    /// The problems' stable codes (`piece-count`, `side-to-move`, `both-won`, …; each game's
    /// crate documents its codes).
    #[serde(default)]
    pub(crate) codes: Vec<String>,
    /// Words that must also occur in the reported problems' text (optional; the wording is the
    /// engine's and may change, the codes may not).
    #[serde(default)]
    pub(crate) problems_including: Vec<String>,
}

/// Counts over the whole game tree from the position (games stop at their end).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct TreeExpectation {
    /// Complete games (move sequences that end the game).
    #[serde(default)]
    pub(crate) games: Option<u64>,
    /// Distinct reachable positions, the root included.
    #[serde(default)]
    pub(crate) positions: Option<u64>,
    /// Distinct reachable finished positions.
    #[serde(default)]
    pub(crate) terminal_positions: Option<u64>,
    /// Complete games won by the first side.
    #[serde(default)]
    pub(crate) first_wins: Option<u64>,
    /// Complete games won by the second side.
    #[serde(default)]
    pub(crate) second_wins: Option<u64>,
    /// Complete games drawn.
    #[serde(default)]
    pub(crate) draws: Option<u64>,
}

/// `forbidden: {exactly: [{move: h8, reason: double-three}]}` or including / excluding.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct ForbiddenExpectation {
    #[serde(default)]
    pub(crate) exactly: Option<Vec<ForbiddenPoint>>,
    #[serde(default)]
    pub(crate) including: Option<Vec<ForbiddenPoint>>,
    /// Points that must not be forbidden.
    #[serde(default)]
    pub(crate) excluding: Option<MoveList>,
}

/// One forbidden point and its kind (`double-three`, `double-four`, `overline`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct ForbiddenPoint {
    #[serde(rename = "move")]
    #[schemars(with = "String")]
    pub(crate) mv: Spanned<String>,
    #[schemars(with = "String")]
    pub(crate) reason: Spanned<String>,
}

/// A move sequence: `"f5 d6 c3"` or `[f5, d6, c3]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoveList {
    /// The moves as written; a string form is split by the game's own rule (Othello accepts
    /// the compact transcript `f5d6c3`), so it is kept whole here.
    pub(crate) items: Vec<String>,
    /// Whether it was written as one string (split by the game) rather than a list.
    pub(crate) as_text: bool,
    /// Where the value is written (the string, or the list's opening).
    pub(crate) location: Location,
    /// Where each item of a list is written (empty for the string form).
    pub(crate) item_locations: Vec<Location>,
}

impl MoveList {
    /// A list of moves made in code (an `.obf` file's best moves), with no place in a file.
    #[must_use]
    pub(crate) fn of(items: Vec<String>) -> MoveList {
        MoveList {
            items,
            as_text: false,
            location: Location::UNKNOWN,
            item_locations: Vec::new(),
        }
    }
}

/// A value made in code, with no place in a file.
#[must_use]
pub(crate) fn unplaced<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Location::UNKNOWN, Location::UNKNOWN)
}

impl JsonSchema for MoveList {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "MoveList".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Moves in the game's notation: one space-separated string, or a list",
            "oneOf": [
                { "type": "string" },
                { "type": "array", "items": { "type": "string" } }
            ]
        })
    }
}

impl<'de> Deserialize<'de> for MoveList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// The two forms as written, each item with where it is.
        enum Written {
            Text(String),
            List(Vec<Spanned<String>>),
        }

        arbiter_files::one_of_deserialize!(Written);

        impl<'de> OneOf<'de> for Written {
            const EXPECTING: &'static str =
                "a move list: a space-separated string or a list of moves";

            fn from_str<E: de::Error>(text: &str) -> Result<Written, E> {
                Ok(Written::Text(text.to_owned()))
            }

            fn from_seq<A: SeqAccess<'de>>(mut seq: A) -> Result<Written, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element::<Spanned<String>>()? {
                    items.push(item);
                }
                Ok(Written::List(items))
            }
        }

        let written = Spanned::<Written>::deserialize(deserializer)?;
        Ok(match written.value {
            Written::Text(text) => MoveList {
                items: vec![text],
                as_text: true,
                location: written.referenced,
                item_locations: Vec::new(),
            },
            Written::List(items) => MoveList {
                item_locations: items.iter().map(|item| item.referenced).collect(),
                items: items.into_iter().map(|item| item.value).collect(),
                as_text: false,
                location: written.referenced,
            },
        })
    }
}

/// A boolean written as YAML's `true` or `false`, unquoted: `"yes"`, `"true"` or `yes` is a
/// spec error rather than a silent `true` (the loader also turns on serde-saphyr's strict
/// booleans, so `yes`/`no`/`on`/`off` are strings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag(pub bool);

arbiter_files::one_of_deserialize!(Flag);

impl OneOf<'_> for Flag {
    const EXPECTING: &'static str = "`true` or `false`, unquoted";

    fn from_bool<E: de::Error>(value: bool) -> Result<Flag, E> {
        Ok(Flag(value))
    }

    fn from_str<E: de::Error>(text: &str) -> Result<Flag, E> {
        Err(E::custom(format!(
            "expected `true` or `false`, unquoted; got the string {}",
            arbiter_files::echo(text)
        )))
    }
}
