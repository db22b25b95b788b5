//! The CCGC platform protocol against real processes: `arbiter-bot --protocol ccgc` passes the
//! protocol check in every game the platform has (its fault modes are rows of
//! [`super::faults`]), a move printed twice spoils only the rows that send a second command,
//! whole games are relayed move by move, and positions the protocol cannot set are reported
//! as not applicable with the reason (never as a failure of the engine).

use arbiter_engine::{Algorithm, Budget, RulesEngine, SearchError, SearchFailure};
use arbiter_external::check::RowVerdict;
use arbiter_external::game::self_play;
use arbiter_external::{ExternalEngine, Manifest};
use arbiter_protocol::ccgc::CcgcGame;

use super::external::{
    Setting, assert_no_leftovers, assert_reasons, audit, engine, moves, protocol_check,
    protocol_check_passes, scratch,
};

const AMAZONS: Setting = ("amazons", "standard", "ccgc");
const SURAKARTA: Setting = ("surakarta", "no-repetition+no-limit", "ccgc");

/// Every game of the platform that arbiter plays, in the variant its rules match.
const GAMES: [(&str, &str); 5] = [
    ("connect6", "standard"),
    ("amazons", "standard"),
    ("surakarta", "no-repetition+no-limit"),
    ("nogo", "foul-loses"),
    ("dotsboxes", "5x5"),
];

#[test]
fn arbiter_bot_passes_the_ccgc_protocol_check_in_every_game() {
    for (game, variant) in GAMES {
        let engine = engine(&format!("t-ccgc-{game}"), (game, variant, "ccgc"), &[]);
        let report = protocol_check_passes(&engine);
        for row in &report.rows {
            assert_eq!(row.verdict, RowVerdict::Passed, "{}", report.render());
        }
        let first = report.row("`new black`: the first move at once").unwrap();
        if game == "connect6" {
            assert!(first.detail.contains("@@`"), "{}", first.detail);
        }
    }
}

#[test]
fn whole_games_are_relayed_move_by_move_in_every_game() {
    for (game, variant) in GAMES {
        let engine = engine(&format!("t-ccgc-play-{game}"), (game, variant, "ccgc"), &[]);
        let record = self_play(&engine, 12).unwrap();
        assert!(record.fault.is_none(), "{game}: {:?}", record.fault);
        assert!(
            record.moves.len() == 12 || record.outcome.is_some(),
            "{game}: {:?}",
            record.moves
        );
        // One process per side for the whole game.
        assert_eq!(engine.started().len(), 2, "{game}");
        assert_no_leftovers(&engine);
    }
}

/// A move printed twice arrives while the opponent is on move. The platform ignores it when it
/// comes before the next command and reads it as the answer when it comes after (no command
/// synchronises the two); the driver drains what came before, with a warning. Either way the
/// fault can show only in the rows that send a second command: the others pass.
#[test]
fn a_move_printed_twice_spoils_only_the_rows_that_send_a_second_command() {
    let engine = engine("t-ccgc-extra-line", AMAZONS, &["--fault", "extra-line"]);
    let report = protocol_check(&engine);
    let second_command = [
        "a whole game as black, one process, moves relayed",
        "a whole game as white, one process, moves relayed",
        "`error`: the engine produces another move",
        "`end` joined to the last move, then `new` in the same process",
    ];
    for row in &report.rows {
        let spoiled = row.verdict == RowVerdict::Failed && row.detail.contains("illegal-move");
        if second_command.contains(&row.check.as_str()) {
            assert!(
                row.verdict != RowVerdict::Failed || spoiled,
                "{}",
                report.render()
            );
        } else {
            assert_eq!(row.verdict, RowVerdict::Passed, "{}", report.render());
        }
        // A whole game relays many moves: the duplicate is always seen, drained or read.
        if row.check.starts_with("a whole game") {
            assert!(
                row.verdict == RowVerdict::Warning || spoiled,
                "{}",
                report.render()
            );
        }
    }
}

/// The protocol sets no position: the start and the opponent's first move reach a new engine,
/// anything later is not applicable, saying why.
#[test]
fn only_the_first_two_positions_reach_a_new_engine() {
    let engine = engine("t-ccgc-reach", SURAKARTA, &[]);
    let variant = engine.default_variant();
    for history in ["", "b2-b3"] {
        let position = engine.position(&variant, &moves(history)).unwrap();
        let report = position
            .search(Algorithm::AlphaBeta, Budget::Depth(1), None)
            .unwrap_or_else(|error| panic!("after `{history}`: {error}"));
        assert!(report.best.is_some());
    }
    let position = engine.position(&variant, &moves("b2-b3 e5-e4")).unwrap();
    match position.search(Algorithm::AlphaBeta, Budget::Depth(1), None) {
        Err(SearchFailure::Search(SearchError::Unsupported(why))) => {
            assert!(why.contains("no command that sets a position"), "{why}");
        }
        other => panic!("expected not applicable, got {other:?}"),
    }
    assert_no_leftovers(&engine);
}

/// An audit over ccgc: the cases at the start are play checks, and every other case is not
/// applicable with the protocol's reason, never a failure.
#[test]
fn a_ccgc_audit_plays_the_start_and_says_why_the_rest_cannot_be_reached() {
    let engine = engine("t-ccgc-audit", ("nogo", "foul-loses", "ccgc"), &[]);
    let (total, passed, not_applicable) = audit(&engine, "nogo");
    assert!(passed >= 1, "{passed} of {total}");
    assert_reasons(
        &not_applicable,
        &[
            "no command that sets a position",
            "the game is over",
            "only chooses moves",
            "not applicable",
        ],
    );
    assert_no_leftovers(&engine);
}

/// The platform ends a game by sending `end` to the side that moved last and the last move
/// joined to `end` to the other: a wrapper records what each process of a game was sent.
#[test]
fn the_end_of_a_game_is_sent_as_the_platform_sends_it() {
    let dir = scratch().join("t-ccgc-end");
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("recorded");
    let bot = env!("CARGO_BIN_EXE_arbiter-bot");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\ntee \"{}/sent-$$.txt\" | exec {bot:?} --game nogo --variant foul-loses \
             --protocol ccgc --nodes 300\n",
            dir.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let yaml = "name: t-ccgc-end\ngame: nogo\nvariant: foul-loses\ncommand: [./recorded]\n\
                protocol: ccgc\nmove-time-ms: 3000\nfirst-move-time-ms: 5000\n";
    let manifest = Manifest::from_yaml(&dir.join("t-ccgc-end.yaml"), yaml).unwrap();
    let engine = ExternalEngine::new(manifest).with_log_dir(&dir);
    let record = self_play(&engine, 200).unwrap();
    assert!(record.fault.is_none(), "{:?}", record.fault);
    assert!(record.outcome.is_some(), "{:?}", record.moves);
    assert_no_leftovers(&engine);
    let last = CcgcGame::for_game("nogo", "foul-loses")
        .unwrap()
        .encode(record.moves.last().unwrap())
        .unwrap();
    let mut endings = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("sent-")
        {
            let text = std::fs::read_to_string(&path).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            endings.push(lines[lines.len().saturating_sub(3)..].join(" | "));
        }
    }
    endings.sort();
    assert_eq!(endings.len(), 2, "{endings:?}");
    // The loser: the last move, `end`, `quit`; the mover: `end`, `quit` after its own turn.
    let joined = format!("move {last} | end | quit");
    assert!(
        endings.iter().any(|e| e.ends_with(&joined)),
        "{endings:?} {joined}"
    );
    assert!(
        endings
            .iter()
            .any(|e| e.ends_with("end | quit") && !e.ends_with(&joined)),
        "{endings:?}"
    );
}
