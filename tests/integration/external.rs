//! External engines against real processes: `arbiter-bot` under every protocol plays legal
//! moves, each of its fault modes is classified as its fault in bounded time with no process
//! left behind, and bad manifests get clear errors.
//!
//! Manifests are built in code so that the command is the bot this test was built with
//! (`CARGO_BIN_EXE_arbiter-bot`), not whatever `target/release` holds.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use arbiter::engine::{Algorithm, Budget, PositionRequest, RulesEngine, SearchError};
use arbiter::external::game::self_play;
use arbiter::external::sandbox::group_gone;
use arbiter::external::{ExternalEngine, Manifest};

const BOT: &str = env!("CARGO_BIN_EXE_arbiter-bot");

/// The bound the task sets for classifying one fault (the limits below are 0.5 s / 1 s).
const FAULT_BOUND: Duration = Duration::from_secs(10);

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join("arbiter-external-tests");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The manifest text of arbiter-bot under `protocol`, with extra bot arguments.
fn bot_yaml(name: &str, game: &str, variant: &str, protocol: &str, extra: &[&str]) -> String {
    let mut argv = vec![
        BOT,
        "--game",
        game,
        "--variant",
        variant,
        "--protocol",
        protocol,
    ];
    argv.extend_from_slice(extra);
    let argv: Vec<String> = argv.iter().map(|a| format!("{a:?}")).collect();
    let rule = match (protocol, variant) {
        ("gomocup", "renju") => "gomocup-rule: 4\n",
        ("gomocup", _) => "gomocup-rule: 0\n",
        _ => "",
    };
    format!(
        "name: {name}\ngame: {game}\nvariant: {variant:?}\ncommand: [{}]\nprotocol: {protocol}\n\
         move-time-ms: 500\nfirst-move-time-ms: 1000\nmemory-mb: 1024\n{rule}",
        argv.join(", ")
    )
}

fn engine(name: &str, game: &str, variant: &str, protocol: &str, extra: &[&str]) -> ExternalEngine {
    let dir = scratch();
    let path = dir.join(format!("{name}.yaml"));
    let manifest = Manifest::from_yaml(&path, &bot_yaml(name, game, variant, protocol, extra))
        .unwrap_or_else(|error| panic!("{error}"));
    ExternalEngine::new(manifest).with_log_dir(&dir.join("logs"))
}

/// Every process group the engine started is gone (SIGKILL is asynchronous: allow 2 s).
fn assert_no_leftovers(engine: &ExternalEngine) {
    engine.shutdown();
    let groups = engine.groups();
    assert!(!groups.is_empty(), "no process was started");
    let end = Instant::now() + Duration::from_secs(2);
    for pgid in groups {
        while !group_gone(pgid) {
            assert!(Instant::now() < end, "process group {pgid} survived");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

fn moves(text: &str) -> PositionRequest {
    PositionRequest {
        moves: text.split_whitespace().map(str::to_owned).collect(),
        ..PositionRequest::default()
    }
}

/// The engine's search from `request`, expected to fail with `kind`; returns the detail.
fn expect_fault(engine: &ExternalEngine, request: &PositionRequest, kind: &str) -> String {
    let variant = engine.default_variant();
    let position = engine.position(&variant, request).unwrap();
    let started = Instant::now();
    let result = position.search(Algorithm::AlphaBeta, Budget::Depth(1), None);
    let elapsed = started.elapsed();
    eprintln!("{}: {result:?} in {elapsed:?}", engine.name());
    assert!(elapsed < FAULT_BOUND, "classified in {elapsed:?}");
    let detail = match result {
        Err(SearchError::Fault {
            kind: actual,
            detail,
        }) => {
            assert_eq!(actual, kind, "{detail}");
            detail
        }
        other => panic!("expected a {kind} fault, got {other:?}"),
    };
    drop(position);
    assert_no_leftovers(engine);
    detail
}

/// Black to move with h8 a double-three (f8 g8 h8 and h6 h7 h8 both open).
const DOUBLE_THREE: &str = "f8 a1 g8 a3 h6 a5 h7 a7";

#[test]
fn crash_mid_game_is_a_crash_with_its_exit_code() {
    let engine = engine(
        "t-crash",
        "gomoku",
        "renju",
        "gomocup",
        &["--fault", "crash-at:2"],
    );
    let started = Instant::now();
    let record = self_play(&engine, 10).unwrap();
    assert!(started.elapsed() < FAULT_BOUND);
    let (ply, fault) = record.fault.expect("a crash");
    assert_eq!(ply, 2, "the first player's second move");
    assert_eq!(fault.kind.name(), "crash");
    assert!(
        fault.detail.contains("exited with code 3"),
        "{}",
        fault.detail
    );
    assert_no_leftovers(&engine);
}

#[test]
fn segv_is_a_crash_by_signal() {
    let engine = engine(
        "t-segv",
        "gomoku",
        "renju",
        "gomocup",
        &["--fault", "segv-at:1"],
    );
    let detail = expect_fault(&engine, &moves("h8"), "crash");
    // The bot raises SIGSEGV; Rust's own SIGSEGV handler may turn that into an abort.
    assert!(detail.contains("killed by signal"), "{detail}");
}

#[test]
fn hang_is_a_timeout() {
    let engine = engine("t-hang", "gomoku", "renju", "gomocup", &["--fault", "hang"]);
    expect_fault(&engine, &moves("h8"), "timeout");
}

#[test]
fn hang_under_botzone_is_a_timeout() {
    let engine = engine(
        "t-hang-bz",
        "othello",
        "standard",
        "botzone",
        &["--fault", "hang"],
    );
    expect_fault(&engine, &moves("f5"), "timeout");
}

#[test]
fn slow_start_is_a_timeout() {
    let engine = engine(
        "t-slow",
        "gomoku",
        "renju",
        "gomocup",
        &["--fault", "slow-start:3000"],
    );
    expect_fault(&engine, &moves("h8"), "timeout");
}

#[test]
fn garbage_is_a_protocol_error() {
    let engine = engine(
        "t-garbage",
        "gomoku",
        "freestyle",
        "botzone",
        &["--fault", "garbage"],
    );
    expect_fault(&engine, &moves("h8"), "protocol-error");
}

#[test]
fn garbage_under_gomocup_is_a_protocol_error() {
    let engine = engine(
        "t-garbage-gc",
        "gomoku",
        "renju",
        "gomocup",
        &["--fault", "garbage"],
    );
    expect_fault(&engine, &moves("h8"), "protocol-error");
}

#[test]
fn huge_output_is_a_protocol_error() {
    let engine = engine(
        "t-huge",
        "gomoku",
        "freestyle",
        "botzone-keep-running",
        &["--fault", "huge-output"],
    );
    let detail = expect_fault(&engine, &moves("h8"), "protocol-error");
    assert!(detail.contains("bytes"), "{detail}");
}

#[test]
fn no_newline_is_a_protocol_error() {
    let engine = engine(
        "t-nonl",
        "gomoku",
        "renju",
        "gomocup",
        &["--fault", "no-newline"],
    );
    let detail = expect_fault(&engine, &moves("h8"), "protocol-error");
    assert!(detail.contains("without a newline"), "{detail}");
}

#[test]
fn illegal_is_an_illegal_move_with_the_rule() {
    let engine = engine(
        "t-illegal",
        "gomoku",
        "renju",
        "gomocup",
        &["--fault", "illegal"],
    );
    let detail = expect_fault(&engine, &moves("h8 h9"), "illegal-move");
    assert!(detail.contains("occupied"), "{detail}");
}

#[test]
fn illegal_under_botzone_simple_is_an_illegal_move() {
    let engine = engine(
        "t-illegal-s",
        "gomoku",
        "freestyle",
        "botzone-simple",
        &["--fault", "illegal"],
    );
    expect_fault(&engine, &moves("h8 h9"), "illegal-move");
}

#[test]
fn forbidden_is_an_illegal_move_naming_the_foul() {
    let engine = engine(
        "t-forbidden",
        "gomoku",
        "renju",
        "gomocup",
        &["--fault", "forbidden"],
    );
    let reference = engine
        .reference()
        .position("renju", &moves(DOUBLE_THREE))
        .unwrap();
    assert!(
        reference
            .forbidden()
            .is_some_and(|points| !points.is_empty()),
        "the test position must have a forbidden point"
    );
    let detail = expect_fault(&engine, &moves(DOUBLE_THREE), "illegal-move");
    assert!(detail.contains("double-three"), "{detail}");
}

#[test]
fn wrong_pass_is_a_wrong_pass() {
    let engine = engine(
        "t-pass",
        "othello",
        "standard",
        "botzone",
        &["--fault", "wrong-pass"],
    );
    expect_fault(&engine, &moves("f5"), "wrong-pass");
}

#[test]
fn wrong_pass_under_gomocup_is_a_wrong_pass() {
    let engine = engine(
        "t-pass-gc",
        "gomoku",
        "renju",
        "gomocup",
        &["--fault", "wrong-pass"],
    );
    expect_fault(&engine, &moves("h8"), "wrong-pass");
}

#[test]
fn exchange_where_none_is_allowed_is_a_wrong_exchange() {
    // In Botzone gomoku, all -1 from a bot is the exchange; plain freestyle has none.
    let engine = engine(
        "t-exchange",
        "gomoku",
        "freestyle",
        "botzone",
        &["--fault", "wrong-pass"],
    );
    expect_fault(&engine, &moves("h8"), "wrong-exchange");
}

/// Plays `plies` plies of self-play and checks that no fault happened.
fn plays_legal_moves(name: &str, game: &str, variant: &str, protocol: &str, plies: usize) {
    let engine = engine(name, game, variant, protocol, &[]);
    let record = self_play(&engine, plies).unwrap();
    assert!(
        record.fault.is_none(),
        "{name}: {:?} after {:?}",
        record.fault,
        record.moves
    );
    assert!(
        record.moves.len() == plies || record.outcome.is_some(),
        "{name}: stopped early: {:?}",
        record.moves
    );
    assert_no_leftovers(&engine);
}

#[test]
fn gomoku_botzone_plays_legal_moves() {
    plays_legal_moves("t-g-bz", "gomoku", "freestyle", "botzone", 6);
}

#[test]
fn gomoku_keep_running_plays_legal_moves() {
    plays_legal_moves("t-g-kr", "gomoku", "freestyle", "botzone-keep-running", 8);
}

#[test]
fn gomoku_simple_plays_legal_moves() {
    plays_legal_moves("t-g-simple", "gomoku", "freestyle", "botzone-simple", 6);
}

#[test]
fn renju_exchange_botzone_plays_legal_moves() {
    plays_legal_moves(
        "t-g-exchange",
        "gomoku",
        "freestyle+botzone-exchange",
        "botzone",
        6,
    );
}

#[test]
fn othello_botzone_plays_legal_moves() {
    plays_legal_moves("t-o-bz", "othello", "standard", "botzone-keep-running", 8);
}

#[test]
fn amazons_botzone_plays_legal_moves() {
    plays_legal_moves("t-a-bz", "amazons", "botzone8", "botzone", 4);
}

#[test]
fn nogo_botzone_plays_legal_moves() {
    plays_legal_moves("t-n-bz", "nogo", "standard", "botzone", 6);
}

#[test]
fn nogo_botzone_simple_plays_legal_moves() {
    plays_legal_moves("t-n-bzs", "nogo", "standard", "botzone-simple", 4);
}

#[test]
fn gomocup_plays_legal_moves() {
    plays_legal_moves("t-g-gc", "gomoku", "freestyle", "gomocup", 8);
    plays_legal_moves("t-r-gc", "gomoku", "renju", "gomocup", 8);
}

#[test]
fn a_single_search_answers_from_the_history() {
    let engine = engine("t-search", "gomoku", "renju", "botzone", &[]);
    let position = engine.position("renju", &moves("h8 h9")).unwrap();
    let report = position
        .search(Algorithm::AlphaBeta, Budget::Depth(1), None)
        .unwrap();
    let best = report.best.unwrap();
    assert!(position.check(&best).is_ok(), "{best}");
    drop(position);
    assert_no_leftovers(&engine);
}

#[test]
fn botzone_cannot_take_a_board() {
    let engine = engine("t-board", "othello", "standard", "botzone", &[]);
    let request = PositionRequest {
        text: Some(
            engine
                .reference()
                .position("standard", &moves("f5"))
                .unwrap()
                .text(),
        ),
        ..PositionRequest::default()
    };
    let position = engine.position("standard", &request).unwrap();
    let result = position.search(Algorithm::AlphaBeta, Budget::Depth(1), None);
    assert!(
        matches!(result, Err(SearchError::Unsupported(_))),
        "{result:?}"
    );
}

#[test]
fn arbiter_line_answers_rule_queries() {
    let engine = engine("t-line", "gomoku", "renju", "arbiter-line", &[]);
    let variant = engine.default_variant();
    assert!(engine.capabilities().rules);
    let reference = engine
        .reference()
        .position(&variant, &moves(DOUBLE_THREE))
        .unwrap();
    let mut position = engine.position(&variant, &moves(DOUBLE_THREE)).unwrap();
    let mut expected = reference.legal_moves();
    let mut actual = position.legal_moves();
    expected.sort();
    actual.sort();
    assert_eq!(actual, expected);
    assert_eq!(position.forbidden(), reference.forbidden());
    assert!(position.check("h8").is_err());
    assert!(position.outcome().is_none());
    position.play("o15").unwrap();
    let mut reference = reference;
    reference.play("o15").unwrap();
    assert_eq!(position.legal_moves().len(), reference.legal_moves().len());
    let report = position
        .search(Algorithm::AlphaBeta, Budget::Depth(1), None)
        .unwrap();
    assert!(report.best.is_some());
    assert!(engine.take_faults().is_empty());
    drop(position);
    assert_no_leftovers(&engine);
}

#[test]
fn arbiter_line_perft_matches_the_reference() {
    let engine = engine("t-line-o", "othello", "standard", "arbiter-line", &[]);
    let mut position = engine
        .position("standard", &PositionRequest::default())
        .unwrap();
    let mut reference = engine
        .reference()
        .position("standard", &PositionRequest::default())
        .unwrap();
    let convention = arbiter_core::PerftConvention::SequencesOfExactLength;
    for depth in 1..=3 {
        assert_eq!(
            position.perft(depth, convention),
            reference.perft(depth, convention)
        );
    }
    drop(position);
    assert_no_leftovers(&engine);
}

/// Rules over arbiter-line agree with the embedded reference for the two games with turns of
/// several lines (Dots and Boxes) and fouls (NoGo): legal sets, fouls, perft, and `go`.
#[test]
fn arbiter_line_dots_and_boxes_and_nogo_match_the_reference() {
    let convention = arbiter_core::PerftConvention::SequencesOfExactLength;
    for (name, game, variant, played, depth) in [
        (
            "t-line-d",
            "dotsboxes",
            "3x3",
            "a1b1 a2b2 a1a2 c1d1 c2d2",
            2,
        ),
        ("t-line-n", "nogo", "standard", "a1 b1 e5", 2),
    ] {
        let engine = engine(name, game, variant, "arbiter-line", &[]);
        let mut position = engine.position(variant, &moves(played)).unwrap();
        let mut reference = engine
            .reference()
            .position(variant, &moves(played))
            .unwrap();
        let mut expected = reference.legal_moves();
        let mut actual = position.legal_moves();
        expected.sort();
        actual.sort();
        assert_eq!(actual, expected, "{game}");
        assert_eq!(position.forbidden(), reference.forbidden(), "{game}");
        assert_eq!(
            position.perft(depth, convention),
            reference.perft(depth, convention),
            "{game}"
        );
        let report = position
            .search(Algorithm::AlphaBeta, Budget::Depth(1), None)
            .unwrap();
        let best = report.best.expect("a move");
        assert!(reference.check(&best).is_ok(), "{game}: {best}");
        assert!(engine.take_faults().is_empty(), "{game}");
        drop(position);
        assert_no_leftovers(&engine);
    }
}

fn manifest_error(name: &str, yaml: &str) -> String {
    let path = scratch().join(format!("{name}.yaml"));
    match Manifest::from_yaml(&path, yaml) {
        Ok(_) => panic!("{name}: accepted"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn a_shell_string_command_is_refused() {
    let yaml = "name: bad-shell\ngame: gomoku\ncommand: \"./pbrain-x --fast\"\nprotocol: gomocup\nmove-time-ms: 1000\n";
    let error = manifest_error("bad-shell", yaml);
    assert!(
        error.contains("command must be a list of arguments, not a shell string"),
        "{error}"
    );
    assert!(error.contains("bad-shell.yaml:3:"), "{error}");
}

#[test]
fn a_missing_binary_is_refused() {
    let yaml = "name: bad-binary\ngame: gomoku\ncommand: [./no-such-pbrain]\nprotocol: gomocup\nmove-time-ms: 1000\n";
    let error = manifest_error("bad-binary", yaml);
    assert!(
        error.contains("command `./no-such-pbrain` not found"),
        "{error}"
    );
    let yaml = "name: bad-binary\ngame: gomoku\ncommand: [no-such-pbrain-on-path]\nprotocol: gomocup\nmove-time-ms: 1000\n";
    let error = manifest_error("bad-binary", yaml);
    assert!(error.contains("not found on PATH"), "{error}");
}

#[test]
fn a_bad_protocol_lists_the_valid_ones() {
    let yaml = format!(
        "name: bad-protocol\ngame: gomoku\ncommand: [{BOT:?}]\nprotocol: piskvork\nmove-time-ms: 1000\n"
    );
    let error = manifest_error("bad-protocol", &yaml);
    for name in [
        "botzone",
        "botzone-keep-running",
        "botzone-simple",
        "gomocup",
        "arbiter-line",
    ] {
        assert!(error.contains(name), "{error}");
    }
    assert!(error.contains("bad-protocol.yaml:4:"), "{error}");
}

#[test]
fn unknown_fields_games_and_variants_are_refused() {
    let base = format!("game: gomoku\ncommand: [{BOT:?}]\nprotocol: gomocup\nmove-time-ms: 1000\n");
    let error = manifest_error("bad-field", &format!("name: bad-field\n{base}timeout: 3\n"));
    assert!(error.contains("timeout"), "{error}");
    let error = manifest_error(
        "bad-game",
        &format!("name: bad-game\n{}", base.replace("gomoku", "chess")),
    );
    assert!(error.contains("unknown game `chess`"), "{error}");
    let error = manifest_error(
        "bad-variant",
        &format!("name: bad-variant\nvariant: caro\n{base}"),
    );
    assert!(error.contains("unknown gomoku variant `caro`"), "{error}");
    let error = manifest_error("bad-name", &format!("name: other\n{base}"));
    assert!(error.contains("must equal the file name"), "{error}");
}

#[test]
fn shipped_manifests_parse() {
    // The shipped manifests name target/release/arbiter-bot, which a test build may not have:
    // only a missing binary is tolerated here.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(arbiter::external::MANIFEST_DIR);
    for name in arbiter::external::manifest::list_manifests(&dir) {
        if let Err(error) = Manifest::find(&dir, &name) {
            let text = error.to_string();
            assert!(text.contains("not found"), "{name}: {text}");
        }
    }
}
