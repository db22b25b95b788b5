//! SGF (`FF[4]`, red-bean.com/sgf) game records: one writer for every game SGF has room for,
//! each game giving only its [`SgfGame`]: the `GM` number, the board size, how its points read
//! as SGF points, and its own root properties. Go is `GM[1]` with `RU`, `KM`, `HA` and the
//! handicap stones (`AB`); gomoku and renju `GM[4]`; Connect6 has no number (its pairs are two
//! nodes of one colour); Hex is `GM[11]` with its moves written as HexGUI and PlayHex write them
//! ([`CellNames`]).
//!
//! `RE` is SGF's: `B+R` (resignation), `B+T` (time), `B+F` (forfeit: any other fault),
//! `W+3.5` (a counted Go game: the margin with komi), `B+` (a win the rules decide
//! otherwise), `0` (a draw, the referee's move limit included). Every engine move carries its
//! time and what the engine said as the node's comment `C`; the root's comment is the summary
//! (engines, result, fault, adjudication).

use std::fmt::Write as _;

use super::formats::{describe, summary};
use super::record::GameRecord;
use arbiter_engine::FaultKind;

/// Reads a point of arbiter's notation as SGF's column and row from the top (both from 0).
pub(crate) type PointReader = fn(&str, u32) -> Option<(u32, u32)>;

/// What a record needs of its game.
pub(crate) struct SgfGame {
    /// SGF's game number (`GM`), if it has one.
    pub(crate) number: Option<u32>,
    pub(crate) size: u32,
    pub(crate) point: PointReader,
    /// Root properties after `SZ`, in order (`KM[7.5]`, `HA[2]`, `RU[Chinese]`, `AB[..]`…).
    pub(crate) root: Vec<(&'static str, Vec<String>)>,
    /// The margin of a counted game from the first side's view, in half points (komi
    /// included), given the record's count: Go's.
    pub(crate) margin_halves: Option<fn(&GameRecord) -> Option<i32>>,
    /// Moves written as cell names rather than SGF's two letters (Hex), if so.
    pub(crate) cell_names: Option<CellNames>,
}

/// A game whose tools write a move as its cell's name (`B[c3]`, HexGUI's `SgfWriter` and
/// PlayHex's `gameToSGF`) and the pie rule's swap as a word.
pub(crate) struct CellNames {
    /// Whether arbiter's move text is the swap.
    pub(crate) is_swap: fn(&str) -> bool,
    /// The swap as the tools write it.
    pub(crate) swap_word: &'static str,
    /// Whether the swapping colour moves again (the players exchange colours, the stone
    /// stays): the colours of the moves do not alternate there, and the first player's
    /// colour is the other one from then on.
    pub(crate) swapper_moves_again: bool,
}

impl SgfGame {
    /// Gomoku and renju (`GM[4]`) or Connect6 on a `size` board: columns `a`, `b`, … with no
    /// letter skipped, rows numbered from the bottom.
    #[must_use]
    pub(crate) fn five_in_a_row(game: &str, size: u32) -> SgfGame {
        SgfGame {
            number: (game == "gomoku").then_some(4),
            size,
            point: |text, size| letter_and_row(text, size, false),
            root: Vec::new(),
            margin_halves: None,
            cell_names: None,
        }
    }

    /// Go (`GM[1]`) under `variant` (`chinese@9`, `japanese@19,komi=6.5,handicap=2`):
    /// `KM`, `HA`, `RU` and the fixed handicap stones as `AB`; `None` for a variant that does
    /// not read.
    #[must_use]
    pub(crate) fn go(variant: &str) -> Option<SgfGame> {
        let variant: arbiter_go::GoVariant = variant.parse().ok()?;
        let geometry = arbiter_go::Geometry::of_size(variant.size);
        let size = u32::from(variant.size);
        let mut root = vec![
            ("KM", vec![half_points(variant.rules.komi_halves)]),
            ("HA", vec![variant.handicap.to_string()]),
            ("RU", vec![rules_name(variant.profile).to_owned()]),
        ];
        if variant.handicap > 0 {
            let stones = arbiter_go::handicap::fixed_points(geometry, variant.handicap).ok()?;
            let points = stones
                .into_iter()
                .map(|point| arbiter_go::format_point(geometry, point))
                .map(|name| go_point(&name, size).map(|(x, y)| sgf_point(x, y)))
                .collect::<Option<Vec<_>>>()?;
            root.push(("AB", points));
        }
        Some(SgfGame {
            number: Some(1),
            size,
            point: go_point,
            root,
            margin_halves: Some(go_margin_halves),
            cell_names: None,
        })
    }

    /// Hex (`GM[11]`) under `variant` (`swap-mirror`, `standard@13`): cells by name as HexGUI
    /// and PlayHex write them (`a1` the top-left cell). The swap is `swap-pieces` under
    /// `swap-mirror` (PlayHex, and HexGUI since Selinger's version: the stone mirrored, the
    /// other colour to move) and `swap-sides` under `swap-sides` (HexGUI's word for the
    /// players exchanging colours, the stone staying and the swapper moving again; Benzene's
    /// `swap-pieces`). `None` for a variant that does not read.
    #[must_use]
    pub(crate) fn hex(variant: &str) -> Option<SgfGame> {
        let variant: arbiter_hex::HexVariant = variant.parse().ok()?;
        let sides = variant.swap == arbiter_hex::SwapRule::Sides;
        Some(SgfGame {
            number: Some(11),
            size: u32::from(variant.size),
            point: hex_cell,
            root: Vec::new(),
            margin_halves: None,
            cell_names: Some(CellNames {
                is_swap: |text| arbiter_hex::parse_move(text) == Ok(arbiter_hex::HexMove::Swap),
                swap_word: if sides {
                    "swap-sides"
                } else {
                    arbiter_hex::SWAP
                },
                swapper_moves_again: sides,
            }),
        })
    }
}

/// A Hex cell (`a1` top left, rows counted down) as SGF's column and row from the top.
fn hex_cell(text: &str, size: u32) -> Option<(u32, u32)> {
    let cell = arbiter_hex::parse_cell(text).ok()?;
    let (column, row) = (u32::from(cell.column), u32::from(cell.row));
    (column < size && row < size).then_some((column, row))
}

/// SGF's `RU` for a Go profile: the names SGF lists (`AGA`, `Japanese`, `Chinese`, `NZ`),
/// else the profile's own.
fn rules_name(profile: arbiter_go::Profile) -> &'static str {
    use arbiter_go::Profile;
    match profile {
        Profile::Japanese => "Japanese",
        Profile::Chinese | Profile::ChineseOgs => "Chinese",
        Profile::Aga => "AGA",
        Profile::NewZealand => "NZ",
        Profile::Korean => "Korean",
        Profile::TrompTaylor => "Tromp-Taylor",
        Profile::StoneScoring => "Stone scoring",
    }
}

/// The margin of a counted Go game in half points: the count with komi and white's handicap
/// bonus.
fn go_margin_halves(record: &GameRecord) -> Option<i32> {
    let variant: arbiter_go::GoVariant = record.variant.parse().ok()?;
    let raw = record.result.score?;
    Some(2 * raw - variant.rules.komi_halves - 2 * variant.bonus())
}

/// `7.5`, `6`, `-3.5` from half points.
fn half_points(halves: i32) -> String {
    let sign = if halves < 0 { "-" } else { "" };
    let whole = halves.abs() / 2;
    if halves % 2 == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.5")
    }
}

/// A point named by a column letter (`i` skipped when `skip_i`) and a row from 1 at the
/// bottom, as SGF's column and row from the top.
fn letter_and_row(text: &str, size: u32, skip_i: bool) -> Option<(u32, u32)> {
    let mut chars = text.chars();
    let letter = chars.next().filter(char::is_ascii_lowercase)?;
    let mut column = u32::from(letter) - u32::from('a');
    if skip_i {
        if letter == 'i' {
            return None;
        }
        if letter > 'i' {
            column -= 1;
        }
    }
    let row: u32 = chars.as_str().parse().ok()?;
    let from_top = size.checked_sub(row)?;
    (column < size && row >= 1).then_some((column, from_top))
}

/// A Go point (`a1`…`t19`, no `i`).
fn go_point(text: &str, size: u32) -> Option<(u32, u32)> {
    letter_and_row(text, size, true)
}

/// SGF's two letters of a point (`a`…`s` each on 19x19).
fn sgf_point(x: u32, y: u32) -> String {
    let letter = |n: u32| char::from_u32(u32::from('a') + n).unwrap_or('?');
    format!("{}{}", letter(x), letter(y))
}

/// SGF text escaping: `]` and `\` are escaped.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// `RE`: the winner's colour and how (see the module's documentation).
fn result(record: &GameRecord, game: &SgfGame) -> String {
    let Some(winner) = record.result.winner else {
        return "0".to_owned();
    };
    let first_won = record.roles[0] == winner;
    let colour = if first_won == first_ends_black(record, game) {
        "B"
    } else {
        "W"
    };
    let how = match record.fault.as_ref().map(|fault| fault.kind) {
        Some(FaultKind::Timeout) => "T".to_owned(),
        Some(_) => "F".to_owned(),
        None if record.result.reason == arbiter_engine::EndReason::Resignation.name() => {
            "R".to_owned()
        }
        None => game
            .margin_halves
            .and_then(|margin| margin(record))
            .map(|halves| half_points(halves.abs()))
            .unwrap_or_default(),
    };
    format!("{colour}+{how}")
}

/// Whether the first player's stones are black at the end: they are unless a swap exchanged
/// the players' colours (Hex's `swap-sides`).
fn first_ends_black(record: &GameRecord, game: &SgfGame) -> bool {
    !game.cell_names.as_ref().is_some_and(|names| {
        names.swapper_moves_again && record.moves.iter().any(|mv| (names.is_swap)(&mv.mv))
    })
}

/// The record as SGF text.
#[must_use]
pub(crate) fn write(record: &GameRecord, game: &SgfGame) -> String {
    let mut out = String::from("(;FF[4]CA[UTF-8]");
    if let Some(number) = game.number {
        let _ = write!(out, "GM[{number}]");
    }
    let _ = write!(out, "SZ[{}]AP[arbiter]", game.size);
    for (property, values) in &game.root {
        out.push_str(property);
        for value in values {
            let _ = write!(out, "[{}]", escape(value));
        }
    }
    if !game.root.iter().any(|(property, _)| *property == "RU") {
        let _ = write!(
            out,
            "RU[{}]",
            escape(&format!("{} {}", record.game, record.variant))
        );
    }
    let _ = write!(
        out,
        "PB[{}]PW[{}]RE[{}]C[{}]",
        escape(&record.engines[0]),
        escape(&record.engines[1]),
        result(record, game),
        escape(&summary(record).join("\n"))
    );
    // Colours alternate from the first move's side: a pass is a turn, and a decision (a renju
    // swap exchanges players, not stone colours) is not.
    let mut colour = match record.moves.first() {
        Some(first) if first.side != record.sides[0] => 'W',
        _ => 'B',
    };
    for mv in &record.moves {
        let comment = if mv.opening {
            "opening".to_owned()
        } else {
            describe(mv)
        };
        // A swap that exchanges the players leaves the same colour to move.
        let mut next_colour = true;
        let points: Option<Vec<String>> = match &game.cell_names {
            Some(names) if (names.is_swap)(&mv.mv) => {
                next_colour = !names.swapper_moves_again;
                Some(vec![names.swap_word.to_owned()])
            }
            Some(_) => (game.point)(&mv.mv, game.size).map(|_| vec![mv.mv.clone()]),
            None if mv.mv == "pass" => Some(vec![String::new()]),
            None => mv
                .mv
                .split(['-', ','])
                .map(|point| (game.point)(point, game.size).map(|(x, y)| sgf_point(x, y)))
                .collect(),
        };
        match points {
            Some(points) if !points.is_empty() => {
                for point in points {
                    let _ = write!(out, ";{colour}[{point}]");
                }
                if !comment.is_empty() {
                    let _ = write!(out, "C[{}]", escape(&comment));
                }
                if next_colour {
                    colour = if colour == 'B' { 'W' } else { 'B' };
                }
            }
            _ => {
                let _ = write!(out, ";C[{}]", escape(&format!("{} {comment}", mv.mv)));
            }
        }
    }
    out.push_str(")\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::tests::{assert_contains, record};

    #[test]
    fn points_count_rows_from_the_top() {
        let five = |text| letter_and_row(text, 15, false);
        assert_eq!(five("h8"), Some((7, 7)));
        assert_eq!(five("a1"), Some((0, 14)));
        assert_eq!(five("o15"), Some((14, 0)));
        assert_eq!(five("swap"), None);
        // Go skips `i`: j is the ninth column, and t19 the top right of 19x19.
        assert_eq!(go_point("j1", 19), Some((8, 18)));
        assert_eq!(go_point("t19", 19), Some((18, 0)));
        assert_eq!(go_point("i5", 19), None);
        assert_eq!(sgf_point(18, 0), "sa");
    }

    #[test]
    fn a_five_in_a_row_record_has_the_moves_times_and_result() {
        let game = record(
            "gomoku",
            &[
                ("black", "h8", true),
                ("white", "h9", false),
                ("black", "swap", false),
            ],
        );
        let text = write(&game, &SgfGame::five_in_a_row("gomoku", 15));
        assert!(text.starts_with("(;FF[4]CA[UTF-8]GM[4]SZ[15]"), "{text}");
        assert_contains(
            &text,
            &[
                "RE[W+]",
                ";B[hh]C[opening]",
                ";W[hg]C[time 0.013 s, score -3]",
                ";C[swap time",
            ],
        );
        assert!(text.ends_with(")\n"));
    }

    #[test]
    fn a_connect6_turn_is_two_stones_of_one_colour() {
        let game = record(
            "connect6",
            &[("black", "j10", true), ("white", "j11-k11", false)],
        );
        let text = write(&game, &SgfGame::five_in_a_row("connect6", 19));
        assert!(!text.contains("GM["), "{text}");
        assert!(
            text.contains(";B[jj]C[opening];W[ji];W[ki]C[time"),
            "{text}"
        );
    }

    #[test]
    fn a_go_record_has_rules_komi_handicap_and_the_counted_margin() {
        let mut game = record(
            "go",
            &[
                ("white", "e5", false),
                ("black", "pass", false),
                ("white", "pass", false),
            ],
        );
        game.variant = "japanese@9,handicap=2".to_owned();
        game.result.reason = "passes".to_owned();
        // White (A) wins by a count of 3 points before komi: 6 + 6.5 komi = 9.5 (no bonus
        // under Japanese rules).
        game.result.score = Some(-3);
        let go = SgfGame::go(&game.variant).unwrap();
        let text = write(&game, &go);
        assert!(
            text.starts_with("(;FF[4]CA[UTF-8]GM[1]SZ[9]AP[arbiter]KM[6.5]HA[2]RU[Japanese]AB["),
            "{text}"
        );
        assert_contains(
            &text,
            &[
                "PB[weak]PW[strong]RE[W+9.5]",
                ";W[ee]C[time 0.013 s, score -3];B[]C[",
            ],
        );
        game.result.reason = "resignation".to_owned();
        assert!(write(&game, &go).contains("RE[W+R]"));
        game.fault = Some(crate::formats::tests::weak_timed_out_at_ply_2());
        assert!(write(&game, &go).contains("RE[W+T]"));
        assert!(SgfGame::go("no-such-rules").is_none());
    }

    /// Hex as HexGUI and PlayHex write it: cells by name, the swap as a word; under
    /// `swap-sides` the swapper's colour moves again and the first player ends as white.
    #[test]
    fn a_hex_record_names_cells_and_writes_the_swap_as_the_tools_do() {
        let moves = [
            ("black", "b1", false),
            ("white", "swap-pieces", false),
            ("black", "c3", false),
            ("white", "d4", false),
        ];
        let mut game = record("hex", &moves);
        game.variant = "swap-mirror@5".to_owned();
        let text = write(&game, &SgfGame::hex(&game.variant).unwrap());
        assert!(
            text.starts_with("(;FF[4]CA[UTF-8]GM[11]SZ[5]AP[arbiter]"),
            "{text}"
        );
        assert!(text.contains("RE[W+]"), "the second player, white: {text}");
        assert_contains(
            &text,
            &[
                ";B[b1]C[time 0.013 s, score -3];W[swap-pieces]C[time",
                ";B[c3]C[time",
                ";W[d4]C[time",
            ],
        );
        // Benzene's swap: the second player takes black's stone, white moves again.
        game.variant = "swap-sides@5".to_owned();
        let text = write(&game, &SgfGame::hex(&game.variant).unwrap());
        assert_contains(
            &text,
            &[";W[swap-sides]C[time", ";W[c3]C[time", ";B[d4]C[time"],
        );
        assert!(text.contains("RE[B+]"), "the second player, black: {text}");
        // No swap: colours alternate; a cell off the board is kept as a comment.
        let mut plain = record("hex", &[("black", "e5", false), ("white", "f1", false)]);
        plain.variant = "standard@5".to_owned();
        let text = write(&plain, &SgfGame::hex(&plain.variant).unwrap());
        assert_contains(&text, &[";B[e5]C[time", ";C[f1 time", "RE[W+]"]);
        assert!(SgfGame::hex("swap@11").is_none());
    }

    #[test]
    fn half_points_read_as_sgf_writes_komi() {
        assert_eq!(half_points(15), "7.5");
        assert_eq!(half_points(12), "6");
        assert_eq!(half_points(-7), "-3.5");
        assert_eq!(half_points(0), "0");
    }
}
