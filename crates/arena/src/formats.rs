//! Game records in the formats game tools read: SGF (`FF[4]`, module `sgf`) for Go, gomoku,
//! renju, Connect6 and Hex, GGF for Othello (the format of GGS, NBoard and Edax's
//! `game_import_ggf`), PDN for draughts (the Portable Draughts Notation of the Hub GUI, Scan
//! and Kingsrow), PGN with ICCS moves for xiangqi ([`pgn`]), and a move list in arbiter's
//! notation for the other games. Each carries the time of every engine move and,
//! where the format has room, what the engine said; the JSON record keeps everything.

mod pgn;

use std::fmt::Write as _;

use super::record::{GameRecord, MoveRecord};
use super::seat::MoveInfo;
use super::sgf::{self, SgfGame};
use arbiter_engine::FaultKind;

/// The record's file extension and text for its game.
#[must_use]
pub(crate) fn render(record: &GameRecord, board_size: Option<u32>) -> (&'static str, String) {
    match (record.game.as_str(), board_size) {
        ("othello", _) => ("ggf", ggf(record)),
        ("draughts", _) => ("pdn", pdn(record)),
        ("xiangqi", _) => ("pgn", pgn::pgn(record)),
        ("go", _) => match SgfGame::go(&record.variant) {
            Some(go) => ("sgf", sgf::write(record, &go)),
            None => ("txt", text(record)),
        },
        ("hex", _) => match SgfGame::hex(&record.variant) {
            Some(hex) => ("sgf", sgf::write(record, &hex)),
            None => ("txt", text(record)),
        },
        ("gomoku" | "connect6", Some(size)) => (
            "sgf",
            sgf::write(record, &SgfGame::five_in_a_row(&record.game, size)),
        ),
        _ => ("txt", text(record)),
    }
}

/// `time 0.123 s, score 12, depth 5, nodes 1000`.
pub(crate) fn describe(mv: &MoveRecord) -> String {
    let mut parts = Vec::new();
    if let Some(ms) = mv.time_ms {
        parts.push(format!("time {:.3} s", ms / 1000.0));
    }
    let MoveInfo {
        score,
        depth,
        nodes,
        note,
        warnings,
        ..
    } = &mv.info;
    if let Some(score) = score {
        parts.push(format!("score {score}"));
    }
    if let Some(depth) = depth {
        parts.push(format!("depth {depth}"));
    }
    if let Some(nodes) = nodes {
        parts.push(format!("nodes {nodes}"));
    }
    if let Some(note) = note {
        parts.push(format!("note {note}"));
    }
    for warning in warnings {
        parts.push(format!("warning {warning}"));
    }
    parts.join(", ")
}

/// The header lines every format states in its own way.
pub(crate) fn summary(record: &GameRecord) -> Vec<String> {
    let mut lines = vec![
        format!(
            "arbiter match game {} (pair {}, opening {}): {} {}",
            record.index, record.pair, record.opening, record.game, record.variant
        ),
        format!(
            "{}: {} ({}); {}: {} ({})",
            record.sides[0],
            record.engines[0],
            record.roles[0].letter(),
            record.sides[1],
            record.engines[1],
            record.roles[1].letter()
        ),
        format!("result: {}", record.result.text),
    ];
    if let Some(fault) = &record.fault {
        lines.push(format!(
            "fault: {} by {} at ply {}: {}",
            fault.kind, fault.engine, fault.ply, fault.detail
        ));
    }
    if let Some(adjudication) = &record.result.adjudication {
        lines.push(format!("end: {adjudication}"));
    }
    for warning in &record.warnings {
        lines.push(format!("warning: {warning}"));
    }
    lines
}

/// GGF: `GM[Othello]`, `TY[8]`, the start board `BO[8 …]`, and each move as
/// `B[F5//0.123]` (move / evaluation, left empty since the engines' scores are not in discs /
/// seconds); `RE` is black's final disc margin with the empty squares to the winner, `:t` for a
/// loss on time and `:r` for any other fault (as a resignation).
#[must_use]
pub(crate) fn ggf(record: &GameRecord) -> String {
    let mut out = String::from("(;GM[Othello]PC[arbiter]");
    let _ = write!(
        out,
        "PB[{}]PW[{}]",
        ggf_clean(&record.engines[0]),
        ggf_clean(&record.engines[1])
    );
    let result = match &record.fault {
        Some(fault) => {
            let black_lost = record.roles[0] == fault.role;
            let suffix = if fault.kind == FaultKind::Timeout {
                ":t"
            } else {
                ":r"
            };
            format!("{}64.000{suffix}", if black_lost { "-" } else { "+" })
        }
        None => format!("{:+}.000", othello_margin(&record.final_position)),
    };
    let _ = write!(
        out,
        "RE[{result}]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
    );
    for (ply, mv) in record.moves.iter().enumerate() {
        let colour = if mv.side == "black" { 'B' } else { 'W' };
        let square = if mv.mv == "pass" {
            "PA".to_owned()
        } else {
            mv.mv.to_ascii_uppercase()
        };
        match mv.time_ms {
            Some(ms) if !mv.opening => {
                let _ = write!(out, "{colour}[{square}//{:.3}]", ms / 1000.0);
            }
            _ => {
                let _ = write!(out, "{colour}[{square}]");
            }
        }
        let _ = ply;
    }
    out.push_str(";)\n");
    out
}

/// GGF values end at `]`; names keep letters, digits and `-_.@`.
fn ggf_clean(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.@".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Black's disc margin with the empty squares to the winner, from the 64-character one-line
/// form (`X` black, `O` white).
fn othello_margin(position: &str) -> i32 {
    let cells = position.chars().take(64);
    let (mut black, mut white, mut empty) = (0, 0, 0);
    for cell in cells {
        match cell {
            'X' | 'x' | '*' => black += 1,
            'O' | 'o' => white += 1,
            _ => empty += 1,
        }
    }
    let raw: i32 = black - white;
    raw + raw.signum() * empty
}

/// A PDN game (international draughts, `GameType "20"`): tags for the engines and the result
/// (`2-0`, `0-2`, `1-1`), the summary as a comment, then the numbered moves, each engine move
/// followed by its time and what the engine said as a comment.
#[must_use]
pub(crate) fn pdn(record: &GameRecord) -> String {
    let result = result_tag(record, ["2-0", "0-2", "1-1"]);
    let mut out = String::new();
    let _ = writeln!(out, "{}", event_tag(record));
    let _ = writeln!(out, "[White \"{}\"]", tag(&record.engines[0]));
    let _ = writeln!(out, "[Black \"{}\"]", tag(&record.engines[1]));
    let _ = writeln!(out, "[Result \"{result}\"]");
    let _ = writeln!(out, "[GameType \"20\"]");
    movetext(&mut out, record, |mv| mv.to_owned(), None);
    let _ = writeln!(out, "{result}");
    out
}

/// A tag value of PDN and PGN: `\` and `"` escaped.
pub(crate) fn tag(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The `[Event]` tag PDN and PGN records share: the game, its pair and its opening.
pub(crate) fn event_tag(record: &GameRecord) -> String {
    format!(
        "[Event \"arbiter match game {} (pair {}, opening {})\"]",
        record.index,
        record.pair,
        tag(&record.opening)
    )
}

/// The result PDN and PGN write, from their words for `[first side wins, second side wins,
/// draw]`.
pub(crate) fn result_tag(record: &GameRecord, words: [&'static str; 3]) -> &'static str {
    match record.result.winner {
        None => words[2],
        Some(role) if role == record.roles[0] => words[0],
        Some(_) => words[1],
    }
}

/// The movetext PDN and PGN share: the summary as a comment, then the moves numbered in pairs
/// (`1. a b`, a line a pair), each written by `written` and followed by what was said of it in
/// braces; a move of the opening gets the note `opening` (none when `None`). The result line
/// is the caller's.
pub(crate) fn movetext(
    out: &mut String,
    record: &GameRecord,
    written: impl Fn(&str) -> String,
    opening: Option<&str>,
) {
    let comment = |text: &str| text.replace('}', ")");
    let _ = writeln!(out, "{{{}}}", comment(&summary(record).join("; ")));
    for (ply, mv) in record.moves.iter().enumerate() {
        if ply % 2 == 0 {
            let _ = write!(out, "{}. ", ply / 2 + 1);
        }
        let _ = write!(out, "{}", written(&mv.mv));
        let said = if mv.opening {
            opening.unwrap_or_default().to_owned()
        } else {
            describe(mv)
        };
        if !said.is_empty() {
            let _ = write!(out, " {{{}}}", comment(&said));
        }
        out.push(if ply % 2 == 1 { '\n' } else { ' ' });
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
}

/// The plain move list: `#` header lines, then one numbered move per line with its side, time
/// and what the engine said.
#[must_use]
pub(crate) fn text(record: &GameRecord) -> String {
    let mut out = String::new();
    for line in summary(record) {
        let _ = writeln!(out, "# {line}");
    }
    for (ply, mv) in record.moves.iter().enumerate() {
        let note = if mv.opening {
            "opening".to_owned()
        } else {
            describe(mv)
        };
        let _ = writeln!(out, "{}. {} {}  {note}", ply + 1, mv.side, mv.mv);
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::record::{FaultRecord, GameResult, Role};

    /// Fails naming the first of `parts` that `text` lacks, and `text`.
    pub(crate) fn assert_contains(text: &str, parts: &[&str]) {
        for part in parts {
            assert!(text.contains(part), "no {part:?} in:\n{text}");
        }
    }

    /// The fault of engine B (`weak`, black in [`record`]): a timeout at ply 2.
    pub(crate) fn weak_timed_out_at_ply_2() -> FaultRecord {
        FaultRecord {
            role: Role::B,
            engine: "weak".to_owned(),
            side: "black".to_owned(),
            kind: FaultKind::Timeout,
            code: None,
            detail: String::new(),
            answer: None,
            ply: 2,
            position: String::new(),
        }
    }

    /// A record of `game` with `moves` (side, move, from the opening).
    pub(crate) fn record(game: &str, moves: &[(&str, &str, bool)]) -> GameRecord {
        GameRecord {
            index: 3,
            pair: 1,
            opening: "7".to_owned(),
            game: game.to_owned(),
            variant: "renju".to_owned(),
            sides: ["black".to_owned(), "white".to_owned()],
            roles: [Role::B, Role::A],
            engines: ["weak".to_owned(), "strong".to_owned()],
            moves: moves
                .iter()
                .map(|&(side, mv, opening)| MoveRecord {
                    side: side.to_owned(),
                    mv: mv.to_owned(),
                    opening,
                    time_ms: (!opening).then_some(12.5),
                    limit_ms: None,
                    clock_left_ms: None,
                    info: MoveInfo {
                        score: Some(-3),
                        ..MoveInfo::default()
                    },
                })
                .collect(),
            result: GameResult {
                winner: Some(Role::A),
                reason: "line".to_owned(),
                text: "white wins by line".to_owned(),
                score: None,
                adjudication: None,
            },
            fault: None,
            found_case: None,
            final_position: String::new(),
            clock_left_ms: None,
            warnings: Vec::new(),
            duration_ms: 1.0,
        }
    }

    #[test]
    fn a_ggf_record_reads_as_edax_expects() {
        let mut game = record(
            "othello",
            &[
                ("black", "f5", true),
                ("white", "d6", false),
                ("black", "pass", false),
            ],
        );
        game.final_position = format!("{}{}---- X", "X".repeat(40), "O".repeat(20));
        let text = ggf(&game);
        assert!(
            text.starts_with("(;GM[Othello]PC[arbiter]PB[weak]PW[strong]RE[+24.000]TY[8]BO[8 ")
        );
        assert!(text.contains("B[F5]W[D6//0.013]B[PA//0.013];)"), "{text}");
        game.fault = Some(weak_timed_out_at_ply_2());
        assert!(ggf(&game).contains("RE[-64.000:t]"));
    }

    #[test]
    fn a_pdn_record_has_tags_numbered_moves_and_the_result() {
        let mut game = record(
            "draughts",
            &[
                ("white", "32-28", true),
                ("black", "19-23", false),
                ("white", "28x19", false),
            ],
        );
        game.sides = ["white".to_owned(), "black".to_owned()];
        game.roles = [Role::A, Role::B];
        let pdn = pdn(&game);
        assert!(pdn.starts_with("[Event \"arbiter match game 3"), "{pdn}");
        assert_contains(
            &pdn,
            &[
                "[White \"weak\"]\n[Black \"strong\"]",
                "[Result \"2-0\"]",
                "\n1. 32-28 19-23 {time 0.013 s, score -3}\n2. 28x19 {",
            ],
        );
        assert!(pdn.ends_with("\n2-0\n"), "{pdn}");
    }

    #[test]
    fn the_text_record_numbers_every_move() {
        let game = record("amazons", &[("white", "d1-d7/g7", false)]);
        let text = text(&game);
        assert!(text.starts_with("# arbiter match game 3"), "{text}");
        assert!(
            text.contains("1. white d1-d7/g7  time 0.013 s, score -3"),
            "{text}"
        );
    }
}
