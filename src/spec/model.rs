//! The typed form of a spec file, as serde reads it from YAML.
//!
//! Every struct denies unknown keys, and expectations are keys of the `expect` map (externally
//! tagged), so that serde-saphyr can point at the exact line of any mistake. The JSON Schema in
//! `specs/schema/spec.schema.json` is generated from these types (`cargo xtask schema`).

use std::collections::BTreeMap;
use std::fmt;

use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde_saphyr::Spanned;

/// One rule topic of one game: the file `specs/<game>/<topic>.yaml`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[schemars(title = "arbiter rule spec")]
pub struct SpecFile {
    /// The game every case is played in (`othello`, `tictactoe`, `gomoku`, …).
    pub game: String,
    /// The variants every case runs under; the game's default variant when absent.
    #[serde(default)]
    pub variants: Vec<String>,
    /// The rulebook clause or public source the expectations come from.
    pub source: String,
    /// What the topic covers, for the audit report.
    #[serde(default)]
    pub description: Option<String>,
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
    pub description: Option<String>,
    /// Overrides the file's source for this case.
    #[serde(default)]
    pub source: Option<String>,
    /// A subset of the file's variants to run this case under.
    #[serde(default)]
    pub variants: Vec<String>,
    /// The position; the start position when absent.
    #[serde(default)]
    pub position: PositionSpec,
    /// What must hold; at least one key.
    pub expect: Expectations,
}

/// A position: a move list from the start, a board diagram with the side to move, or the
/// game's one-line form; `moves` may follow a board or a one-line form.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PositionSpec {
    /// Moves in the game's notation, as one space-separated string or a list.
    #[serde(default)]
    pub moves: Option<MoveList>,
    /// A board diagram, top row first, as the engine's diagram prints it.
    #[serde(default)]
    pub board: Option<String>,
    /// The side to move with `board` (`black`, `white`, `x`, `o`, …).
    #[serde(default)]
    pub to_move: Option<String>,
    /// The game's one-line position form (Othello: `"<64 chars> X"`).
    #[serde(default)]
    pub text: Option<String>,
    /// Moves from the start that reach `board` or `text` (a game the source gives), for
    /// engines that can only be given a game (Botzone); the board stays the position.
    #[serde(default)]
    pub history: Option<MoveList>,
}

/// What must hold in the position. Each key is one check.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Expectations {
    /// The legal-move set: exactly, or including / excluding.
    #[serde(default)]
    pub legal: Option<LegalExpectation>,
    /// Moves the rules refuse, with the reason code.
    #[serde(default)]
    pub illegal: Option<Vec<IllegalExpectation>>,
    /// The side to move.
    #[serde(default)]
    pub to_move: Option<String>,
    /// The only legal move is the pass.
    #[serde(default)]
    pub must_pass: Option<bool>,
    /// The game is over with this result.
    #[serde(default)]
    pub over: Option<OverExpectation>,
    /// The game goes on.
    #[serde(default)]
    pub not_over: Option<bool>,
    /// Perft node counts by depth.
    #[serde(default)]
    pub perft: Option<PerftExpectation>,
    /// The position itself is impossible.
    #[serde(default)]
    pub invalid_position: Option<InvalidPositionExpectation>,
    /// The board after the position's moves, as a diagram (cells only are compared).
    #[serde(default)]
    pub board_after: Option<String>,
    /// Counts over the complete game tree from the position (small games only).
    #[serde(default)]
    pub tree: Option<TreeExpectation>,
    /// Black's forbidden points (renju) with their kind.
    #[serde(default)]
    pub forbidden: Option<ForbiddenExpectation>,
}

impl Expectations {
    /// The names of the keys that are present, in declaration order.
    #[must_use]
    pub fn present(&self) -> Vec<&'static str> {
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

/// `legal: {exactly: […]}` or `legal: {including: […], excluding: […]}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LegalExpectation {
    #[serde(default)]
    pub exactly: Option<MoveList>,
    #[serde(default)]
    pub including: Option<MoveList>,
    #[serde(default)]
    pub excluding: Option<MoveList>,
}

/// A move that must be refused, optionally with the engine's reason code.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct IllegalExpectation {
    #[serde(rename = "move")]
    pub mv: String,
    #[serde(default)]
    pub reason: Option<String>,
}

/// `over: {winner: black, reason: no-moves, score: 10}`; `winner: draw` for a draw.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct OverExpectation {
    /// A side name, or `draw`.
    pub winner: String,
    /// The end reason (`line`, `no-moves`, `board-full`, `stalemate`, `no-pieces`,
    /// `repetition`, `move-limit`, `forbidden`).
    #[serde(default)]
    pub reason: Option<String>,
    /// The final count difference from the first side's view.
    #[serde(default)]
    pub score: Option<i32>,
    /// The same with empty squares given to the winner (FFO convention).
    #[serde(default)]
    pub score_empties_to_winner: Option<i32>,
}

/// Which public perft convention the counts follow.
#[derive(Clone, Copy, Debug, Default, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Convention {
    /// A pass is a ply; a finished game contributes nothing past its end.
    #[default]
    ExactLength,
    /// A finished game reached with plies to spare counts as one leaf.
    FinishedIsLeaf,
}

/// `perft: {convention: exact-length, nodes: {1: 4, 2: 12}}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PerftExpectation {
    #[serde(default)]
    pub convention: Convention,
    /// Depth → node count.
    pub nodes: BTreeMap<u32, u64>,
}

/// `invalid-position: {problems-including: ["…"]}`: each text occurs in some reported problem.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct InvalidPositionExpectation {
    #[serde(default)]
    pub problems_including: Vec<String>,
}

/// Counts over the whole game tree from the position (games stop at their end).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TreeExpectation {
    /// Complete games (move sequences that end the game).
    #[serde(default)]
    pub games: Option<u64>,
    /// Distinct reachable positions, the root included.
    #[serde(default)]
    pub positions: Option<u64>,
    /// Distinct reachable finished positions.
    #[serde(default)]
    pub terminal_positions: Option<u64>,
    /// Complete games won by the first side.
    #[serde(default)]
    pub first_wins: Option<u64>,
    /// Complete games won by the second side.
    #[serde(default)]
    pub second_wins: Option<u64>,
    /// Complete games drawn.
    #[serde(default)]
    pub draws: Option<u64>,
}

/// `forbidden: {exactly: [{move: h8, reason: double-three}]}` or including / excluding.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ForbiddenExpectation {
    #[serde(default)]
    pub exactly: Option<Vec<ForbiddenPoint>>,
    #[serde(default)]
    pub including: Option<Vec<ForbiddenPoint>>,
    /// Points that must not be forbidden.
    #[serde(default)]
    pub excluding: Option<MoveList>,
}

/// One forbidden point and its kind (`double-three`, `double-four`, `overline`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ForbiddenPoint {
    #[serde(rename = "move")]
    pub mv: String,
    pub reason: String,
}

/// A move sequence: `"f5 d6 c3"` or `[f5, d6, c3]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveList {
    /// The moves as written; a string form is split by the game's own rule (Othello accepts
    /// the compact transcript `f5d6c3`), so it is kept whole here.
    pub items: Vec<String>,
    /// Whether it was written as one string (split by the game) rather than a list.
    pub as_text: bool,
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
        struct MoveListVisitor;

        impl<'de> Visitor<'de> for MoveListVisitor {
            type Value = MoveList;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a move list: a space-separated string or a list of moves")
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<MoveList, E> {
                Ok(MoveList {
                    items: vec![text.to_owned()],
                    as_text: true,
                })
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MoveList, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element::<String>()? {
                    items.push(item);
                }
                Ok(MoveList {
                    items,
                    as_text: false,
                })
            }
        }

        deserializer.deserialize_any(MoveListVisitor)
    }
}
