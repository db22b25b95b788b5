//! Every fault found in a match becomes a ready spec case (`DIR/found/*.yaml`), so that a team
//! adds it to its specs and the bug stays caught.
//!
//! The case's position is the game's move list up to the fault; its expectation is what the
//! rules say there, with the rule's reason code:
//!
//! | fault | expectation |
//! |---|---|
//! | illegal move, renju foul | `illegal: [{move, reason}]` (the code the rules refuse it with) |
//! | pass with a move at hand | `illegal: [{move: pass, reason: pass-not-allowed}]` |
//! | a move when only a pass is legal | `must-pass: true` and the move refused |
//! | wrong exchange | `illegal: [{move: swap, reason}]` |
//! | an answer that is no move, timeout, crash, protocol error | `not-over: true` (a move is due) |
//!
//! Run against arbiter's rules every expectation holds; run against the engine that failed
//! (`cargo xtask audit --engine NAME --specs DIR/found`), a tournament-protocol engine gets the
//! play check in that position, which its fault fails, and a correct engine passes.

use std::fmt::Write as _;

use super::record::{FaultRecord, GameRecord};
use arbiter_engine::FaultKind;

/// The rule clause behind each game's moves, for the case's `source:`.
fn rule_clause(game: &str, kind: FaultKind) -> &'static str {
    match (game, kind) {
        ("gomoku", FaultKind::RenjuFoul) => {
            "RIF International Rules of Renju (1996, corrected 1998), renju.net/study/rifrules.php: \
             black is prohibited from making a double three, a double four or an overline \
             (section 3 definitions; rule 3)"
        }
        ("gomoku", FaultKind::WrongExchange) => {
            "the variant's opening rule (Botzone's swap-1 exchange, botzone-local Gomoku.js; \
             Gomocup swap2, the Piskvork protocol, plastovicka/Piskvork \
             source/doc/protocl2en.htm): an exchange is offered only at the ply the rule names"
        }
        ("gomoku", _) => {
            "RIF International Rules of Renju (renju.net/study/rifrules.php) and Gomocup \
             freestyle rules: players alternately place one stone of their colour on an empty \
             intersection of the board"
        }
        ("othello", FaultKind::WrongPass) => {
            "World Othello Federation, Official Othello rules (WOF, 2015): a player who can \
             outflank must move; a player passes only when no move outflanks"
        }
        ("othello", _) => {
            "World Othello Federation, Official Othello rules (WOF, 2015): a disc is placed on an \
             empty square so that it outflanks at least one straight line of the opponent's discs"
        }
        ("amazons", _) => {
            "Game of the Amazons rules (ICGA Computer Olympiad; chessprogramming wiki \
             \"Amazons\"): an amazon moves like a chess queen over empty squares, then shoots an \
             arrow like a queen from its new square"
        }
        ("connect6", _) => {
            "Connect6 official rules (I-Chen Wu, 2005): black places one stone on its first \
             turn, then each turn places two stones on two different empty intersections"
        }
        ("surakarta", _) => {
            "Surakarta rules (iggamecenter.com/info/en/surakarta.html): a step to an empty \
             neighbouring point, or a capture along a circuit passing at least one corner loop"
        }
        ("dotsboxes", _) => {
            "Dots and Boxes rules (Berlekamp, The Dots-and-Boxes Game, 2000, ch. 1; the SAU game \
             platform's CDotsAndBoxes.cpp, ifplusor/SAUGamePlatform: one move holds every line \
             of a turn; every line but the last completes a box, the last completes none unless \
             it closes the final box)"
        }
        ("nogo", _) => {
            "NoGo rules (Botzone's judge, ailab-pku/botzone-local NoGo.cpp17; the SAU game \
             platform's CNoGo.cpp, ifplusor/SAUGamePlatform): a stone goes on an empty point and \
             may neither take the last liberty of an enemy group nor leave its own group without \
             one"
        }
        ("tictactoe", _) => {
            "tic-tac-toe rules: players alternately mark an empty cell of the 3x3 grid"
        }
        _ => "the game's rules: a move is due in this position",
    }
}

/// The match game a found case comes from, for its `source:`: the match folder and the game's
/// record in it (the moves, the answer and the fault as the referee judged them).
fn game_cited(record: &GameRecord, match_dir: &str) -> String {
    format!(
        "game {} of the match in {match_dir}, recorded in {match_dir}/games/{:05}.json",
        record.index, record.index
    )
}

/// YAML double-quoted string.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The expectation lines (under `expect:`, indented six spaces) for a fault.
fn expectation(fault: &FaultRecord) -> String {
    let refused = |mv: &str, code: Option<&str>| -> String {
        let mut text = format!("      illegal:\n        - move: {}\n", quoted(mv));
        if let Some(code) = code {
            let _ = writeln!(text, "          reason: {code}");
        }
        text
    };
    match (fault.kind, fault.answer.as_deref()) {
        (FaultKind::WrongPass, Some("pass")) => refused("pass", fault.code.as_deref()),
        (FaultKind::WrongPass, Some(mv)) => {
            format!(
                "      must-pass: true\n{}",
                refused(mv, fault.code.as_deref())
            )
        }
        (FaultKind::IllegalMove | FaultKind::RenjuFoul | FaultKind::WrongExchange, Some(mv))
            if fault.code.as_deref() != Some("notation") =>
        {
            refused(mv, fault.code.as_deref())
        }
        _ => "      not-over: true\n".to_owned(),
    }
}

/// The file name (`<game>-<engine>-game-<index>.yaml`, kebab-case) of a game's found case.
#[must_use]
pub(crate) fn file_name(record: &GameRecord, fault: &FaultRecord) -> String {
    let engine: String = fault
        .engine
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let engine = engine
        .split('-')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    format!("{}-{engine}-game-{:05}.yaml", record.game, record.index)
}

/// The spec file for a game that ended in a fault.
#[must_use]
pub(crate) fn spec_case(record: &GameRecord, fault: &FaultRecord, match_dir: &str) -> String {
    let moves: Vec<&str> = record.moves[..fault.ply]
        .iter()
        .map(|m| m.mv.as_str())
        .collect();
    let answered = fault
        .answer
        .as_deref()
        .map_or(String::new(), |answer| format!(" answered `{answer}`:"));
    let description = format!(
        "{} ({}, {}) at ply {}:{answered} {} [{}]",
        fault.engine,
        fault.role.letter(),
        fault.side,
        fault.ply,
        fault.detail,
        fault.kind
    );
    let mut text = format!(
        "# Found by `cargo xtask match` in {match_dir}, game {} (record games/{:05}.json).\n\
         # Copy it into specs/{}/ so that the fault stays caught: arbiter's rules pass it, an engine\n\
         # that repeats the fault fails it (cargo xtask audit --engine NAME --specs <this folder>).\n",
        record.index, record.index, record.game
    );
    let _ = write!(
        text,
        "game: {}\nvariants: [{}]\nsource: >-\n  {}; the fault: {}\ndescription: {}\ncases:\n",
        record.game,
        record.variant,
        rule_clause(&record.game, fault.kind),
        game_cited(record, match_dir),
        quoted(&format!("a fault found in a match: {}", fault.kind))
    );
    let _ = write!(
        text,
        "  - id: game-{:05}-{}\n    description: {}\n    position:\n      moves: {}\n    expect:\n{}",
        record.index,
        fault.kind,
        quoted(&description),
        quoted(&moves.join(" ")),
        expectation(fault)
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{GameResult, MoveRecord, Role};
    use crate::seat::MoveInfo;
    use arbiter_engine::embedded_engines;
    use arbiter_runner::spec;
    use arbiter_runner::{CaseFiles, PlanScope, RunOptions, Verdict, plan};

    fn faulty_game(game: &str, variant: &str, moves: &[&str], fault: FaultRecord) -> GameRecord {
        GameRecord {
            index: 12,
            pair: 6,
            opening: "1".to_owned(),
            game: game.to_owned(),
            variant: variant.to_owned(),
            sides: ["black".to_owned(), "white".to_owned()],
            roles: [Role::A, Role::B],
            engines: ["good".to_owned(), "bad bot".to_owned()],
            moves: moves
                .iter()
                .map(|mv| MoveRecord {
                    side: String::new(),
                    mv: (*mv).to_owned(),
                    opening: false,
                    time_ms: None,
                    limit_ms: None,
                    clock_left_ms: None,
                    info: MoveInfo::default(),
                })
                .collect(),
            result: GameResult {
                winner: Some(Role::A),
                reason: "fault".to_owned(),
                text: String::new(),
                score: None,
                adjudication: None,
            },
            fault: Some(fault),
            found_case: None,
            final_position: String::new(),
            clock_left_ms: None,
            warnings: Vec::new(),
            duration_ms: 0.0,
        }
    }

    fn fault(kind: FaultKind, code: Option<&str>, answer: Option<&str>, ply: usize) -> FaultRecord {
        FaultRecord {
            role: Role::B,
            engine: "bad bot".to_owned(),
            side: "white".to_owned(),
            kind,
            code: code.map(str::to_owned),
            detail: "it \"said\" so".to_owned(),
            answer: answer.map(str::to_owned),
            ply,
            position: String::new(),
        }
    }

    /// Each written case loads as a spec and passes against arbiter's own rules.
    #[test]
    fn found_cases_load_and_hold_on_arbiter_rules() {
        let dir = std::env::temp_dir().join(format!("arbiter-found-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut games = [
            faulty_game(
                "gomoku",
                "renju",
                &["h8", "h9", "h10"],
                fault(FaultKind::IllegalMove, Some("occupied"), Some("h8"), 3),
            ),
            faulty_game(
                "othello",
                "standard",
                &["f5", "d6"],
                fault(
                    FaultKind::WrongPass,
                    Some("pass-not-allowed"),
                    Some("pass"),
                    2,
                ),
            ),
            faulty_game(
                "othello",
                "standard",
                &["f5"],
                fault(FaultKind::Crash, None, None, 1),
            ),
            faulty_game(
                "gomoku",
                "renju",
                &["h8", "h9"],
                fault(FaultKind::IllegalMove, Some("notation"), Some("z99"), 2),
            ),
        ];
        for (offset, record) in games.iter_mut().enumerate() {
            record.index += offset;
        }
        for record in &games {
            let fault = record.fault.as_ref().unwrap();
            let path = dir.join(file_name(record, fault));
            std::fs::write(&path, spec_case(record, fault, "out")).unwrap();
        }
        let engines = embedded_engines();
        let loaded = spec::load_dir(&dir, &engines);
        assert!(loaded.errors.is_empty(), "{}", loaded.errors[0]);
        assert_eq!(loaded.files.len(), games.len());
        let files = CaseFiles::of_specs(loaded.files);
        let options = RunOptions::limited(None, 1000);
        let planned = plan(&files, &engines, PlanScope::default());
        assert!(planned.len() >= games.len());
        for case in &planned {
            let result = case.run(&files, engines[case.engine].as_ref(), &options);
            assert_eq!(result.verdict, Verdict::Pass, "{}", result.message);
        }
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            file_name(&games[0], games[0].fault.as_ref().unwrap()),
            "gomoku-bad-bot-game-00012.yaml"
        );
        // The source cites the rules and the match game the case comes from.
        let text = spec_case(&games[0], games[0].fault.as_ref().unwrap(), "out");
        assert!(
            text.contains("renju.net") && text.contains("recorded in out/games/00012.json"),
            "{text}"
        );
    }
}
