//! PGN for Chinese chess, as xqbase.com's “中国象棋电脑应用规范: PGN 文件格式” writes it (the
//! format XQStudio, 象棋巫师 and ElephantEye's tools read): `[Game "Chinese Chess"]` first, `Red`
//! and `Black` for the players, the result as `1-0` (red wins), `0-1` or `1/2-1/2`,
//! `[Format "ICCS"]` and moves as ICCS coordinates `H2-E2`; each engine move is followed by its
//! time and what the engine said as a comment. `[Variant]` names the repetition rulings when
//! they are not `standard`. A match game always starts from the initial position (an opening
//! is moves), so no `[FEN]` tag is written.

use std::fmt::Write as _;

use super::{event_tag, movetext, result_tag, tag};
use crate::record::GameRecord;

/// The PGN text of a xiangqi game.
#[must_use]
pub(crate) fn pgn(record: &GameRecord) -> String {
    let result = result_tag(record, ["1-0", "0-1", "1/2-1/2"]);
    let mut out = String::new();
    let _ = writeln!(out, "[Game \"Chinese Chess\"]");
    let _ = writeln!(out, "{}", event_tag(record));
    let _ = writeln!(out, "[Round \"{}\"]", record.index + 1);
    let _ = writeln!(out, "[Red \"{}\"]", tag(&record.engines[0]));
    let _ = writeln!(out, "[Black \"{}\"]", tag(&record.engines[1]));
    let _ = writeln!(out, "[Result \"{result}\"]");
    if record.variant != "standard" {
        let _ = writeln!(out, "[Variant \"{}\"]", tag(&record.variant));
    }
    let _ = writeln!(out, "[Format \"ICCS\"]");
    movetext(&mut out, record, iccs, Some("opening"));
    let _ = writeln!(out, "{result}");
    out
}

/// `h2e2` as the PGN format writes ICCS moves, `H2-E2`; anything else as it is.
fn iccs(mv: &str) -> String {
    let bytes = mv.as_bytes();
    if bytes.len() == 4 && bytes.is_ascii() {
        let upper = mv.to_ascii_uppercase();
        format!("{}-{}", &upper[..2], &upper[2..])
    } else {
        mv.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::tests::assert_contains;
    use crate::record::{GameResult, MoveRecord, Role};
    use crate::seat::MoveInfo;

    fn game(winner: Option<Role>, variant: &str) -> GameRecord {
        let mv = |side: &str, mv: &str, opening: bool| MoveRecord {
            side: side.to_owned(),
            mv: mv.to_owned(),
            opening,
            time_ms: (!opening).then_some(250.0),
            limit_ms: None,
            clock_left_ms: None,
            info: MoveInfo {
                score: Some(12),
                ..MoveInfo::default()
            },
        };
        // The formats' test record, as a xiangqi game with these moves and scores.
        let base = crate::formats::tests::record("xiangqi", &[]);
        GameRecord {
            index: 4,
            pair: 2,
            opening: "start".to_owned(),
            variant: variant.to_owned(),
            sides: ["red".to_owned(), "black".to_owned()],
            engines: ["fsf".to_owned(), "xiangqi".to_owned()],
            moves: vec![
                mv("red", "h2e2", true),
                mv("black", "h9g7", false),
                mv("red", "h0g2", false),
            ],
            result: GameResult {
                winner,
                reason: "checkmate".to_owned(),
                text: String::new(),
                ..base.result.clone()
            },
            ..base
        }
    }

    #[test]
    fn a_pgn_record_has_the_chinese_chess_tags_iccs_moves_and_times() {
        let text = pgn(&game(Some(Role::A), "standard"));
        assert!(text.starts_with("[Game \"Chinese Chess\"]\n"), "{text}");
        assert!(
            text.contains("[Red \"fsf\"]\n[Black \"xiangqi\"]\n[Result \"0-1\"]\n[Format"),
            "{text}"
        );
        assert!(!text.contains("[Variant"), "{text}");
        assert!(
            text.contains(
                "\n1. H2-E2 {opening} H9-G7 {time 0.250 s, score 12}\n2. H0-G2 {time 0.250 s"
            ),
            "{text}"
        );
        assert!(text.ends_with("\n0-1\n"), "{text}");
    }

    #[test]
    fn red_wins_draws_and_variants_are_tagged() {
        let red = pgn(&game(Some(Role::B), "cxa"));
        assert_contains(&red, &["[Result \"1-0\"]", "[Variant \"cxa\"]"]);
        let draw = pgn(&game(None, "standard"));
        assert!(draw.contains("[Result \"1/2-1/2\"]"), "{draw}");
        assert!(draw.ends_with("\n1/2-1/2\n"), "{draw}");
    }
}
