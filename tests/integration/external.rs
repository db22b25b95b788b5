//! External engines against real processes: `arbiter-bot` under every protocol plays legal
//! moves and passes its protocol check, each of its fault modes is classified as its fault in
//! bounded time with no process left behind (grandchildren in their own session included, also
//! after a signal to arbiter), positions given as boards reach play protocols, and bad
//! manifests get clear errors.
//!
//! Manifests are built in code so that the command is the bot this test was built with
//! (`CARGO_BIN_EXE_arbiter-bot`), not whatever `target/release` holds. Time limits are generous
//! (the machine may be busy) except in the tests where the deadline is the thing tested.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use arbiter_engine::{
    Algorithm, Budget, FaultKind, PositionRequest, RulesEngine, SearchError, SearchFailure,
};
use arbiter_external::check::{self, RowVerdict};
use arbiter_external::game::self_play;
use arbiter_external::reach::{self, Route};
use arbiter_external::sandbox::procfs;
use arbiter_external::{ExternalEngine, Manifest, MoveAnswer};
use arbiter_runner::RunOptions;

const BOT: &str = env!("CARGO_BIN_EXE_arbiter-bot");

/// The bound for classifying one fault: a hang must be cut off at its deadline, not waited
/// out. The limits of the fault tests are far below it, with room for a busy machine.
const FAULT_BOUND: Duration = Duration::from_secs(60);

/// Generous limits for tests that do not test a deadline: a busy machine must not fail them.
pub(super) const EASY: Times = Times {
    move_ms: 3000,
    first_ms: 5000,
    tolerance_ms: 3000,
};

/// Tight limits, for the tests of timeouts (where the deadline is what is tested).
pub(super) const TIGHT: Times = Times {
    move_ms: 300,
    first_ms: 5000,
    tolerance_ms: 0,
};

/// A minute to move: a timeout cannot come within the fault bound, so the fault met is the
/// one tested.
pub(super) const MINUTE: Times = Times {
    move_ms: 60_000,
    first_ms: 5000,
    tolerance_ms: 0,
};

#[derive(Clone, Copy)]
pub(super) struct Times {
    pub(super) move_ms: u64,
    pub(super) first_ms: u64,
    pub(super) tolerance_ms: u64,
}

pub(super) fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-external-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What a bot is: game, variant, protocol.
pub(super) type Setting = (&'static str, &'static str, &'static str);

pub(super) const RENJU_GOMOCUP: Setting = ("gomoku", "renju", "gomocup");
pub(super) const OTHELLO_BOTZONE: Setting = ("othello", "standard", "botzone");
pub(super) const FREESTYLE_KEEP_RUNNING: Setting = ("gomoku", "freestyle", "botzone-keep-running");

/// The manifest text of arbiter-bot under `protocol`, with extra bot arguments and keys.
pub(super) fn bot_yaml(
    name: &str,
    (game, variant, protocol): (&str, &str, &str),
    extra: &[&str],
    times: Times,
    keys: &str,
) -> String {
    let mut argv = vec![
        BOT,
        "--game",
        game,
        "--variant",
        variant,
        "--protocol",
        protocol,
        "--nodes",
        "300",
    ];
    argv.extend_from_slice(extra);
    let argv: Vec<String> = argv.iter().map(|a| format!("{a:?}")).collect();
    let variant_key = if keys.contains("variants:") {
        String::new()
    } else {
        format!("variant: {variant:?}\n")
    };
    format!(
        "name: {name}\ngame: {game}\n{variant_key}command: [{}]\nprotocol: {protocol}\n\
         move-time-ms: {}\nfirst-move-time-ms: {}\ntolerance-ms: {}\n{keys}",
        argv.join(", "),
        times.move_ms,
        times.first_ms,
        times.tolerance_ms,
    )
}

pub(super) fn engine_with(
    name: &str,
    setting: (&str, &str, &str),
    extra: &[&str],
    times: Times,
    keys: &str,
) -> ExternalEngine {
    let dir = scratch();
    let path = dir.join(format!("{name}.yaml"));
    let manifest = Manifest::from_yaml(&path, &bot_yaml(name, setting, extra, times, keys))
        .unwrap_or_else(|error| panic!("{error}"));
    ExternalEngine::new(manifest).with_log_dir(&dir.join("logs"))
}

pub(super) fn engine(name: &str, setting: (&str, &str, &str), extra: &[&str]) -> ExternalEngine {
    engine_with(name, setting, extra, EASY, "")
}

/// Nothing the engine started is left: group, descendants, tagged processes.
pub(super) fn assert_no_leftovers(engine: &ExternalEngine) {
    engine.shutdown();
    assert!(!engine.started().is_empty(), "no process was started");
    let left = engine.left_behind(Duration::from_secs(10));
    assert!(left.is_empty(), "left behind: {left:?}");
}

pub(super) fn moves(text: &str) -> PositionRequest {
    PositionRequest {
        moves: text.split_whitespace().map(str::to_owned).collect(),
        ..PositionRequest::default()
    }
}

/// The engine's search from `request`, expected to fail with `kind`; returns the detail.
pub(super) fn expect_fault(
    engine: &ExternalEngine,
    request: &PositionRequest,
    kind: FaultKind,
) -> String {
    let variant = engine.default_variant();
    let position = engine.position(&variant, request).unwrap();
    let started = Instant::now();
    let result = position.search(Algorithm::AlphaBeta, Budget::Depth(1), None);
    let elapsed = started.elapsed();
    eprintln!("{}: {result:?} in {elapsed:?}", engine.name());
    assert!(elapsed < FAULT_BOUND, "classified in {elapsed:?}");
    let detail = match result {
        Err(SearchFailure::Fault(fault)) => {
            assert_eq!(fault.kind, kind, "{}", fault.detail);
            fault.detail
        }
        other => panic!("expected a {kind} fault, got {other:?}"),
    };
    drop(position);
    assert_no_leftovers(engine);
    detail
}

/// The engine's move from `request` (no fault expected).
pub(super) fn expect_move(
    engine: &ExternalEngine,
    variant: &str,
    request: &PositionRequest,
) -> String {
    let position = engine.position(variant, request).unwrap();
    let report = position
        .search(Algorithm::AlphaBeta, Budget::Depth(1), None)
        .unwrap_or_else(|error| panic!("{}: {error}", engine.name()));
    report.best.unwrap()
}

/// Black to move with h8 a double-three (f8 g8 h8 and h6 h7 h8 both open).
pub(super) const DOUBLE_THREE: &str = "f8 a1 g8 a3 h6 a5 h7 a7";

// ------------------------------------------------------------------- faults in time
// (every fault mode as one search meets it: `faults::PLAY_ROWS`)

#[test]
fn crash_mid_game_is_a_crash_with_its_exit_code_and_log() {
    let engine = engine("t-crash", RENJU_GOMOCUP, &["--fault", "crash-at:2"]);
    let record = self_play(&engine, 10).unwrap();
    let (ply, fault) = record.fault.expect("a crash");
    assert_eq!(ply, 2, "the first player's second move");
    assert_eq!(fault.kind.code(), "crash");
    assert!(
        fault.detail.contains("exited with code 3"),
        "{}",
        fault.detail
    );
    // The message says where the engine's stderr went, and the log has it.
    let log = engine.log_path();
    assert!(
        fault.detail.contains(&log.display().to_string()),
        "{}",
        fault.detail
    );
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("fault crash-at:2"), "{text}");
    assert_no_leftovers(&engine);
}

/// A match's clock replaces the manifest's move time (here a minute): the deadline a hanging
/// engine meets is the clock's.
#[test]
fn a_match_clock_sets_the_deadline() {
    // Gomocup: the time left on the game clock, when shorter than the turn's limit; Botzone: the
    // turn's limit.
    for (name, protocol, turn_ms, time_left_ms, history, deadline_ms) in [
        ("t-clock-gc", "gomocup", 60_000, Some(300), "h8", 300),
        ("t-clock-bz", "botzone", 400, None, "h8 h9", 400),
    ] {
        let setting = ("gomoku", "freestyle", protocol);
        let engine = engine_with(name, setting, &["--fault", "hang"], MINUTE, "");
        let mut player = engine.player().unwrap();
        player.set_clock(turn_ms, time_left_ms, None);
        let started = std::time::Instant::now();
        let history: Vec<String> = history.split(' ').map(str::to_owned).collect();
        let fault = player.answer(&history).unwrap_err();
        assert_eq!(fault.kind.code(), "timeout", "{name}: {fault:?}");
        let deadline = format!("(move time {deadline_ms} ms)");
        assert!(fault.detail.contains(&deadline), "{name}: {}", fault.detail);
        assert!(started.elapsed() < FAULT_BOUND, "{:?}", started.elapsed());
        engine.record_player(player.as_mut());
        drop(player);
        assert_no_leftovers(&engine);
    }
}

/// A small Gomocup brain as a shell script: `START` answered after `start` seconds, every
/// move after `think` seconds (the deadline is what is tested here).
fn script_engine(name: &str, start: &str, think: &str, times: Times) -> ExternalEngine {
    let dir = scratch().join(name);
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("pbrain-script");
    let text = format!(
        "#!/bin/sh\nn=0\nwhile read -r line; do\n  case \"$line\" in\n    START*) sleep {start}; echo OK ;;\n    BEGIN*|TURN*|BOARD*) \
         n=$((n+1)); sleep {think}; echo \"$n,0\" ;;\n    END*) exit 0 ;;\n  esac\ndone\n"
    );
    std::fs::write(&script, text).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let yaml = format!(
        "name: {name}\ngame: gomoku\nvariant: freestyle\ncommand: [./pbrain-script]\n\
         protocol: gomocup\nmove-time-ms: {}\nfirst-move-time-ms: {}\ntolerance-ms: {}\n",
        times.move_ms, times.first_ms, times.tolerance_ms
    );
    let manifest = Manifest::from_yaml(&dir.join(format!("{name}.yaml")), &yaml).unwrap();
    ExternalEngine::new(manifest).with_log_dir(&dir)
}

#[test]
fn start_and_info_do_not_eat_the_first_move() {
    // START takes 1 s of a 2.5 s start-up time; the first move then has its own 4 s and
    // takes 2 (had START counted against it, 1 + 2 s would overrun the 2.5 s).
    let engine = script_engine(
        "t-script-start",
        "1",
        "2",
        Times {
            move_ms: 4000,
            first_ms: 2500,
            tolerance_ms: 0,
        },
    );
    let mv = expect_move(&engine, "freestyle", &PositionRequest::default());
    assert_eq!(mv, "b15", "the script's first move is 1,0");
    assert_no_leftovers(&engine);
}

// ------------------------------------------------------------------- no process left behind

/// An engine `name` whose bot starts a grandchild in its own session, and its player after a
/// first answer (both processes alive).
fn answering_with_grandchild(name: &str) -> (ExternalEngine, Box<dyn arbiter_external::Player>) {
    let engine = engine(
        name,
        FREESTYLE_KEEP_RUNNING,
        &["--fault", "setsid-grandchild"],
    );
    let mut player = engine.player().unwrap();
    player.answer(&[]).unwrap();
    (engine, player)
}

#[test]
fn a_grandchild_in_its_own_session_is_ended_too() {
    let (engine, mut player) = answering_with_grandchild("t-setsid");
    // While the bot lives, its tag marks two processes: the bot and its grandchild.
    let tags: Vec<String> = player.started().into_iter().map(|s| s.tag).collect();
    let tagged = procfs::tagged(|tag| tags.iter().any(|t| t == tag));
    assert!(tagged.len() >= 2, "{tagged:?}");
    let grandchild = tagged
        .iter()
        .map(|(pid, _)| *pid)
        .find(|&pid| procfs::stat(pid).is_some_and(|s| s.sid == pid))
        .expect("a process in its own session");
    player.finish();
    engine.record_player(player.as_mut());
    assert_no_leftovers(&engine);
    assert!(
        procfs::stat(grandchild).is_none_or(|s| s.state == 'Z'),
        "grandchild {grandchild} survived"
    );
}

#[test]
fn an_engine_deaf_to_end_and_sigterm_is_ended() {
    let engine = engine("t-deaf", RENJU_GOMOCUP, &["--fault", "ignore-term"]);
    let record = self_play(&engine, 4).unwrap();
    assert!(record.fault.is_none(), "{:?}", record.fault);
    assert_no_leftovers(&engine);
}

/// The child side of the signal tests: an arbiter run with a live engine that ignores SIGTERM
/// and has a grandchild in its own session. Prints `ready <pid>` and waits to be signalled.
#[test]
fn signal_child_process() {
    let Ok(mode) = std::env::var("ARBITER_TEST_CHILD") else {
        return;
    };
    if mode == "sweep" {
        // A later run: it ends what an earlier, killed run left behind.
        arbiter_external::sandbox::supervisor::ensure_started();
        let found = arbiter_external::sandbox::supervisor::stragglers();
        println!("swept {}", found.len());
        return;
    }
    let (_engine, _player) = answering_with_grandchild("t-signal-child");
    println!("ready {}", std::process::id());
    std::thread::sleep(Duration::from_secs(60));
}

/// Held by each test that starts child runs. A child run's supervisor ends, as it starts, what
/// killed runs left behind: run beside the SIGKILL test, it would end the grandchild that test
/// leaves on purpose before the test's own sweep counts it.
static CHILD_RUNS: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// In the test process (not in a child run): the turn of a test that starts child runs.
fn parent_of_child_runs() -> Option<std::sync::MutexGuard<'static, ()>> {
    if std::env::var("ARBITER_TEST_CHILD").is_ok() {
        return None;
    }
    Some(
        CHILD_RUNS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner),
    )
}

/// Starts the child run; returns it and its pid once it has a live engine.
fn start_child_run() -> (std::process::Child, i32) {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "external::signal_child_process",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("ARBITER_TEST_CHILD", "run")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let pid = loop {
        let line = lines.next().expect("the child says ready").unwrap();
        // libtest writes `test signal_child_process ... ` on the same line first.
        if let Some(pid) = line.split("ready ").nth(1) {
            break pid.trim().parse::<i32>().unwrap();
        }
    };
    (child, pid)
}

/// Processes whose sandbox tag names the arbiter process `owner`.
fn engines_of(owner: i32) -> Vec<(i32, String)> {
    let prefix = format!("{owner}:");
    procfs::tagged(|tag| tag.starts_with(&prefix))
}

#[test]
fn sigterm_and_sigint_end_every_engine() {
    let Some(_one_at_a_time) = parent_of_child_runs() else {
        return;
    };
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let (mut child, pid) = start_child_run();
        assert!(engines_of(pid).len() >= 2, "the child has no engine tree");
        // SAFETY: a signal to the child process this test started.
        unsafe {
            libc::kill(pid, signal);
        }
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(128 + signal), "{status}");
        let end = Instant::now() + Duration::from_secs(10);
        while !engines_of(pid).is_empty() && Instant::now() < end {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(engines_of(pid).is_empty(), "left: {:?}", engines_of(pid));
    }
}

#[test]
fn after_sigkill_engines_die_and_the_next_run_ends_stragglers() {
    let Some(_one_at_a_time) = parent_of_child_runs() else {
        return;
    };
    let (mut child, pid) = start_child_run();
    let before = engines_of(pid);
    assert!(before.len() >= 2, "{before:?}");
    child.kill().unwrap();
    child.wait().unwrap();
    // The bot dies of its parent-death signal; the grandchild in its own session survives.
    let end = Instant::now() + Duration::from_secs(10);
    while engines_of(pid).len() > 1 && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left = engines_of(pid);
    assert_eq!(left.len(), 1, "{left:?}");
    // The next run finds it by its tag (its arbiter is dead), reports it and ends it.
    let output = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "external::signal_child_process",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("ARBITER_TEST_CHILD", "sweep")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stdout.contains("swept 1"), "{stdout}");
    assert!(stderr.contains("an earlier run left behind"), "{stderr}");
    let end = Instant::now() + Duration::from_secs(10);
    while !engines_of(pid).is_empty() && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(engines_of(pid).is_empty(), "{:?}", engines_of(pid));
}

// ------------------------------------------------------------------- every protocol plays

/// Plays `plies` plies of self-play (or to the end) and checks that no fault happened and
/// nothing is left running; the engine, for more checks.
pub(super) fn plays_legal_moves(
    name: &str,
    game: &str,
    variant: &str,
    protocol: &str,
    plies: usize,
) -> ExternalEngine {
    let engine = engine(name, (game, variant, protocol), &[]);
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
    engine
}

#[test]
fn every_play_protocol_plays_legal_moves() {
    plays_legal_moves("t-g-bz", "gomoku", "freestyle", "botzone", 6);
    plays_legal_moves("t-g-kr", "gomoku", "freestyle", "botzone-keep-running", 8);
    plays_legal_moves("t-g-simple", "gomoku", "freestyle", "botzone-simple", 6);
    plays_legal_moves(
        "t-o-simple-kr",
        "othello",
        "standard",
        "botzone-simple-keep-running",
        8,
    );
    plays_legal_moves(
        "t-g-exchange",
        "gomoku",
        "freestyle+botzone-exchange",
        "botzone",
        6,
    );
    plays_legal_moves("t-o-bz", "othello", "standard", "botzone-keep-running", 8);
    plays_legal_moves("t-a-bz", "amazons", "botzone8", "botzone", 4);
    plays_legal_moves("t-n-bz", "nogo", "standard", "botzone", 6);
    plays_legal_moves("t-n-bzs", "nogo", "standard", "botzone-simple", 4);
    plays_legal_moves("t-g-gc", "gomoku", "freestyle", "gomocup", 8);
    plays_legal_moves("t-r-gc", "gomoku", "renju", "gomocup", 8);
}

#[test]
fn one_manifest_offers_several_variants_and_sizes() {
    let engine = engine_with(
        "t-variants",
        RENJU_GOMOCUP,
        &[],
        EASY,
        "variants: [{variant: renju, gomocup-rule: 4}, freestyle]\nboard-sizes: [15, 20]\n",
    );
    assert_eq!(
        engine.variants(),
        ["renju@15", "renju@20", "freestyle@15", "freestyle@20"]
    );
    assert!(engine.accepts_variant("renju"));
    assert!(engine.accepts_variant("freestyle@20"));
    assert!(!engine.accepts_variant("standard"));
    let offered = engine.manifest().offered("freestyle@20").unwrap();
    assert_eq!(offered.gomocup_rule, Some(0));
    // On 20x20 the bot is told START 20: t20 (top right) is a point there.
    let mv = expect_move(&engine, "renju@20", &moves("t20"));
    assert_ne!(mv, "t20");
    assert_no_leftovers(&engine);
}

// ------------------------------------------------------------------- positions over protocols

#[test]
fn a_gomoku_board_reaches_botzone_through_a_found_move_order() {
    let engine = engine("t-board-bz", ("gomoku", "renju", "botzone"), &[]);
    let text = reference_text(&engine, "renju", DOUBLE_THREE);
    let mv = search_of(&engine, "renju", &text).unwrap();
    assert_ne!(mv, "h8", "h8 is forbidden");
    assert_no_leftovers(&engine);
}

/// The game of the spec case `passes::twenty-three-passes` (Warren D. Smith, math-fun
/// mailing list), stopped before black's last pass: 59 discs, far past what a search finds.
const TWENTY_THREE_PASSES: &str = "f5 d6 c4 g5 d7 c7 h5 d8 b8 b7 b6 a7 pass b5 a6 a5 pass b4 b3 \
    c6 e8 f8 c8 a8 pass e7 pass a4 pass b2 a2 c2 d2 d1 pass e2 f2 c5 pass c3 pass a1 pass a3 \
    pass e6 pass d3 pass f6 f7 f1 pass g2 h2 e3 f4 b1 pass g1 pass c1 pass e1 pass g8 pass g7 \
    pass f3 pass h1 pass h3 pass h4";

/// The one-line form of the position after `moves` from the start, as the engine's reference
/// game writes it.
fn reference_text(engine: &ExternalEngine, variant: &str, moves_text: &str) -> String {
    engine
        .reference()
        .position(variant, &moves(moves_text))
        .unwrap()
        .text()
}

/// The search's answer where a board case reaches the engine; the reason where it does not.
fn search_of(engine: &ExternalEngine, variant: &str, text: &str) -> Result<String, String> {
    let request = PositionRequest {
        text: Some(text.to_owned()),
        ..PositionRequest::default()
    };
    let position = engine.position(variant, &request).unwrap();
    match position.search(Algorithm::AlphaBeta, Budget::Depth(1), None) {
        Ok(report) => Ok(report.best.unwrap()),
        Err(SearchFailure::Search(SearchError::Unsupported(why))) => Err(why),
        Err(other) => panic!("{}: {other}", engine.name()),
    }
}

#[test]
fn an_othello_board_reaches_botzone_by_a_found_order_or_its_history() {
    let engine = engine("t-board-o", OTHELLO_BOTZONE, &[]);
    let board = |game: &str| reference_text(&engine, "standard", game);
    // Seven discs: the search from the start finds a game.
    search_of(&engine, "standard", &board("f5 d6 c3")).unwrap();
    // 59 discs: the search gives up, and says what the case needs.
    let text = board(TWENTY_THREE_PASSES);
    let why = search_of(&engine, "standard", &text).unwrap_err();
    assert!(why.contains("gave up") && why.contains("history"), "{why}");
    let with_history = PositionRequest {
        text: Some(text.clone()),
        history: Some(vec![TWENTY_THREE_PASSES.to_owned()]),
        ..PositionRequest::default()
    };
    assert_eq!(expect_move(&engine, "standard", &with_history), "pass");
    // A history that does not reach the board is the case's error.
    let wrong = PositionRequest {
        history: Some(vec!["f5 d6 c5".to_owned()]),
        ..with_history
    };
    let error = engine.position("standard", &wrong).err().unwrap();
    assert!(
        error.to_string().contains("does not reach its board"),
        "{error}"
    );
    assert_no_leftovers(&engine);
}

#[test]
fn a_nogo_board_reaches_botzone_by_its_stones_in_turn() {
    let engine = engine("t-board-n", ("nogo", "standard", "botzone"), &[]);
    // The spec's capturing-a-single-stone: a2 would capture white a1, so it is no answer.
    let mv = search_of(&engine, "standard", "9/9/9/9/9/9/9/9/OX7 black").unwrap();
    assert!(!["a2", "a1", "b1"].contains(&mv.as_str()), "{mv}");
    assert_no_leftovers(&engine);
}

#[test]
fn an_amazons_board_reaches_botzone_by_a_found_order_or_is_no_games_board() {
    let engine = engine("t-board-a", ("amazons", "botzone8", "botzone"), &[]);
    let text = reference_text(&engine, "botzone8", "a6-d6/a6 h3-g2/h2 d6-g6/b1 a3-h3/d3");
    search_of(&engine, "botzone8", &text).unwrap();
    // A study board with one amazon a side: no game reaches it, and the engine is not asked.
    let why = search_of(&engine, "botzone8", "7B/8/8/8/8/8/x7/Wx6 white").unwrap_err();
    assert!(
        why.contains("no legal game reaches this board") && why.contains("1 amazon(s)"),
        "{why}"
    );
    assert_no_leftovers(&engine);
}

#[test]
fn a_board_no_legal_game_reaches_is_sent_over_no_play_protocol() {
    // Three black stones, one white, white to move: no alternating game reaches it, and an
    // engine given it would read it as some other position (whose turn it is, for one).
    let request = PositionRequest {
        text: Some("black: h8,i9,j10; white: a1; to-move: white".to_owned()),
        ..PositionRequest::default()
    };
    for protocol in ["gomocup", "botzone"] {
        let engine = engine_with(
            &format!("t-board-{protocol}"),
            ("gomoku", "freestyle", protocol),
            &[],
            EASY,
            "",
        );
        let position = engine.position("freestyle", &request).unwrap();
        match position.search(Algorithm::AlphaBeta, Budget::Depth(1), None) {
            Err(SearchFailure::Search(SearchError::Unsupported(why))) => {
                assert!(why.contains("no legal game reaches this board"), "{why}");
                assert!(why.contains("3 black and 1 white"), "{why}");
            }
            other => panic!("{protocol}: {other:?}"),
        }
        // Nothing was started: the engine is not asked at all.
        engine.shutdown();
        assert!(engine.started().is_empty());
    }
}

#[test]
fn gomocup_takes_a_board_whose_order_an_opening_rule_hides_as_it_stands() {
    // Under swap1 a board does not show whether the swap was taken, so no order is known; the
    // stone counts alternate, so a game may well reach it: Gomocup's BOARD takes it as it stands.
    let engine = engine("t-board-gc", ("gomoku", "freestyle+swap1", "gomocup"), &[]);
    let request = PositionRequest {
        text: Some("black: h8,i9; white: a1; to-move: white".to_owned()),
        ..PositionRequest::default()
    };
    expect_move(&engine, "freestyle+swap1", &request);
    assert_no_leftovers(&engine);
}

/// Run options of these tests: `cargo test`'s limits, no snapshots (an external engine's
/// searches are not reproducible).
pub(super) fn options() -> RunOptions {
    RunOptions {
        snapshots: arbiter_runner::SnapshotPolicy::Ignore,
        ..RunOptions::for_tests(Path::new(env!("CARGO_MANIFEST_DIR")))
    }
}

/// The spec files under `dir` (from the workspace root) and their plan against `engine`.
pub(super) fn plan_specs(
    engine: &ExternalEngine,
    dir: &str,
) -> (arbiter_runner::CaseFiles, Vec<arbiter_runner::PlannedCase>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let engines = arbiter_engine::embedded_engines();
    let loaded = arbiter_runner::load(Some(&root.join(dir)), None, &engines);
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    let mine: Vec<Box<dyn RulesEngine>> = vec![Box::new(engine.clone())];
    let plan = arbiter_runner::plan(&loaded.files, &mine, arbiter_runner::PlanScope::default());
    (loaded.files, plan)
}

/// Every spec case of `game` with `engine`: how many passed, and the not-applicable ones.
pub(super) fn audit(engine: &ExternalEngine, game: &str) -> (usize, usize, Vec<String>) {
    let (files, plan) = plan_specs(engine, &format!("specs/{game}"));
    let mut passed = 0;
    let mut not_applicable = Vec::new();
    for planned in &plan {
        let result = planned.run(&files, engine, &options());
        match result.verdict {
            arbiter_runner::Verdict::Pass => passed += 1,
            arbiter_runner::Verdict::NotApplicable => {
                not_applicable.push(format!("{}: {}", planned.name, result.message));
            }
            other => panic!("{}: {other:?}\n{}", planned.name, result.message),
        }
    }
    eprintln!(
        "{passed} of {} passed; not applicable: {not_applicable:#?}",
        plan.len()
    );
    (plan.len(), passed, not_applicable)
}

/// Every not-applicable message says one of `reasons`.
pub(super) fn assert_reasons(not_applicable: &[String], reasons: &[&str]) {
    for message in not_applicable {
        assert!(
            reasons.iter().any(|reason| message.contains(reason)),
            "{message}"
        );
    }
}

#[test]
fn a_renju_gomocup_engine_meets_the_renju_cases() {
    // Board cases go as BOARD in a found move order, so every case with a move to ask meets
    // the engine.
    let engine = engine_with(
        "t-renju-audit",
        RENJU_GOMOCUP,
        &[],
        EASY,
        "variants: [renju, renju-foul-loses]\n",
    );
    let (total, passed, not_applicable) = audit(&engine, "gomoku");
    assert!(total >= 60, "{total} renju cases planned");
    // A case whose last move wins is checked one ply back (the engine must win at once); only
    // boards that are over as they stand (a white five among the filler stones of a foul
    // diagram) and diagrams no legal game reaches (black stones alone, with black to move)
    // have no move to ask.
    let unreachable = not_applicable
        .iter()
        .filter(|message| message.contains("no legal game reaches this board"))
        .count();
    assert_reasons(
        &not_applicable,
        &["the game is over", "no legal game reaches this board"],
    );
    assert!(
        passed * 10 >= (total - unreachable) * 9,
        "{passed} of {total} cases met ({unreachable} boards no game reaches)"
    );
    assert_no_leftovers(&engine);
}

#[test]
fn every_gomoku_suite_case_meets_a_gomocup_engine() {
    let engine = engine_with(
        "t-suite-gomocup",
        RENJU_GOMOCUP,
        &[],
        EASY,
        "variants: [renju, freestyle, standard]\n",
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let engines = arbiter_engine::embedded_engines();
    let loaded = arbiter_runner::load(None, Some(&root.join("suites/gomoku")), &engines);
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    let mine: Vec<Box<dyn RulesEngine>> = vec![Box::new(engine.clone())];
    // The slow deep-VCF suite needs the solver's millions of nodes: a bot at 300 nodes a
    // move is not expected to win those (the audit runs them with --slow).
    let scope = arbiter_runner::PlanScope::default();
    let plan = arbiter_runner::plan(&loaded.files, &mine, scope);
    assert!(plan.len() >= 15, "{} suite cases", plan.len());
    // Every case meets the engine: `best`/`avoid` cases check its move, and a case that only
    // claims a proven win is played out against arbiter's defence (the engine must win it).
    for planned in &plan {
        let result = planned.run(&loaded.files, &engine, &options());
        assert_eq!(
            result.verdict,
            arbiter_runner::Verdict::Pass,
            "{}: {}",
            planned.name,
            result.message
        );
    }
    assert_no_leftovers(&engine);
}

#[test]
fn every_gomoku_board_case_reaches_botzone_or_says_why() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let engines = arbiter_engine::embedded_engines();
    let loaded = arbiter_runner::spec::load_dir(&root.join("specs/gomoku"), &engines);
    let reference = arbiter_engine::find_engine("gomoku").unwrap();
    let (mut boards, mut reached) = (0, 0);
    for spec in &loaded.files {
        for case in &spec.spec.cases {
            let request = arbiter_runner::position_request(&case.position);
            if request.board.is_none() && request.text.is_none() {
                continue;
            }
            for variant in spec.variants_of(case, &reference.default_variant()) {
                let Ok(route) = reach::route(reference.as_ref(), &variant, &request) else {
                    continue; // an impossible position: the case expects it to be refused
                };
                boards += 1;
                match route {
                    Route::History(_) => reached += 1,
                    Route::Unreachable { reason, .. } => {
                        assert!(!reason.is_empty(), "{}", case.id.value);
                        eprintln!("{} ({variant}): {reason}", case.id.value);
                    }
                    Route::Unneeded => panic!("a play route is needed"),
                }
            }
        }
    }
    eprintln!("{reached} of {boards} gomoku board cases reachable");
    assert!(boards > 0 && reached > 0);
}

/// Every `history:` of a spec or suite case replays to the case's board, so a play-only
/// protocol is given the game that reaches it.
#[test]
fn case_histories_reach_their_boards() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let engines = arbiter_engine::embedded_engines();
    let specs = arbiter_runner::spec::load_dir(&root.join("specs"), &engines);
    let suites = arbiter_runner::load(None, Some(&root.join("suites")), &engines);
    let mut checked = 0;
    let mut check = |game: &str, id: &str, variants: Vec<String>, request: PositionRequest| {
        if request.history.is_none() {
            return;
        }
        let reference = arbiter_engine::find_engine(game).unwrap();
        for variant in variants {
            let route = reach::route(reference.as_ref(), &variant, &request);
            assert!(matches!(route, Ok(Route::History(_))), "{id}: {route:?}");
            checked += 1;
        }
    };
    for spec in &specs.files {
        let default_variant = arbiter_engine::find_engine(&spec.spec.game)
            .unwrap()
            .default_variant();
        for case in &spec.spec.cases {
            let variants = spec.variants_of(case, &default_variant);
            let request = arbiter_runner::position_request(&case.position);
            check(&spec.spec.game, &case.id.value, variants, request);
        }
    }
    let mut from_suites = 0;
    for suite in &suites.files.suites {
        let game = &suite.suite.game;
        let reference = arbiter_engine::find_engine(game).unwrap();
        let variant = arbiter_runner::suite_variant(suite, reference.as_ref());
        for (id, request) in suite.position_requests() {
            from_suites += usize::from(request.history.is_some());
            check(game, id, vec![variant.clone()], request);
        }
    }
    assert!(checked > from_suites, "no spec case gives a history");
    assert!(from_suites > 0, "no suite case gives a history");
}

// ------------------------------------------------------------------- arbiter-line

#[test]
fn arbiter_line_answers_rule_queries() {
    let engine = engine("t-line", ("gomoku", "renju", "arbiter-line"), &[]);
    let variant = engine.default_variant();
    assert!(engine.capabilities().rules);
    let reference = engine
        .reference()
        .position(&variant, &moves(DOUBLE_THREE))
        .unwrap();
    let mut position = engine.position(&variant, &moves(DOUBLE_THREE)).unwrap();
    let mut expected = reference.legal_moves().unwrap();
    let mut actual = position.legal_moves().unwrap();
    expected.sort();
    actual.sort();
    assert_eq!(actual, expected);
    assert_eq!(position.forbidden(), reference.forbidden());
    assert!(position.check("h8").unwrap().is_err());
    assert!(position.outcome().unwrap().is_none());
    assert_eq!(position.same_board(&reference.diagram()), Ok(Ok(true)));
    position.play("o15").unwrap();
    let mut reference = reference;
    reference.play("o15").unwrap();
    assert_eq!(
        position.legal_moves().unwrap().len(),
        reference.legal_moves().unwrap().len()
    );
    let report = position
        .search(Algorithm::AlphaBeta, Budget::Depth(1), None)
        .unwrap();
    assert!(report.best.is_some());
    drop(position);
    assert_no_leftovers(&engine);
}

#[test]
fn arbiter_line_perft_matches_the_reference() {
    let engine = engine("t-line-o", ("othello", "standard", "arbiter-line"), &[]);
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

/// Every Othello spec case against a faulty arbiter-line engine: none may pass, and the
/// failures are the engine's faults.
fn no_case_passes_on_a_fault(fault: &str, kind: &str) {
    let engine = engine(
        &format!("t-line-{fault}"),
        ("othello", "standard", "arbiter-line"),
        &["--fault", fault],
    );
    let (files, plan) = plan_specs(&engine, "specs/othello");
    let mut passed = Vec::new();
    let mut faults = 0;
    for planned in &plan {
        let result = planned.run(&files, &engine, &options());
        if result.verdict == arbiter_runner::Verdict::Pass {
            passed.push(planned.name.clone());
        }
        if result.verdict == arbiter_runner::Verdict::EngineFault
            && result.fault.map(FaultKind::code) == Some(kind)
            && result.message.contains(&format!("engine fault ({kind})"))
        {
            faults += 1;
        }
    }
    engine.shutdown();
    eprintln!("{fault}: {} cases, {faults} engine faults", plan.len());
    assert!(faults > 0);
    if fault == "exit-after-hello" {
        assert!(passed.is_empty(), "passed without an answer: {passed:?}");
    } else {
        // Only cases that never ask `outcome` may pass.
        for name in &passed {
            let planned = plan.iter().find(|p| &p.name == name).unwrap();
            let arbiter_runner::CaseRef::Spec { file, case, .. } = &planned.case else {
                panic!("{name} is no spec case")
            };
            let expect = &files.specs[*file].spec.cases[*case].expect;
            assert!(
                expect.over.is_none() && expect.not_over.is_none(),
                "{name} passed on a garbage outcome"
            );
        }
    }
    assert_no_leftovers(&engine);
}

#[test]
fn an_engine_that_exits_after_hello_passes_no_case() {
    no_case_passes_on_a_fault("exit-after-hello", "crash");
}

#[test]
fn garbage_outcomes_fail_every_outcome_case() {
    no_case_passes_on_a_fault("garbage-outcome", "protocol-error");
}

// ------------------------------------------------------------------- the protocol check

/// The protocol check of an engine: the failed rows' details.
pub(super) fn protocol_check(engine: &ExternalEngine) -> check::Report {
    let report = check::run(engine);
    eprintln!("{}", report.render());
    assert_eq!(
        report.row("no process left behind").map(|r| &r.verdict),
        Some(&RowVerdict::Passed),
        "{}",
        report.render()
    );
    report
}

/// The protocol check of an engine, which fails no row.
pub(super) fn protocol_check_passes(engine: &ExternalEngine) -> check::Report {
    let report = protocol_check(engine);
    assert_eq!(report.failed(), 0, "{}", report.render());
    report
}

#[test]
fn arbiter_bot_passes_the_protocol_check_under_every_protocol() {
    for (game, variant, protocol) in [
        RENJU_GOMOCUP,
        ("gomoku", "freestyle+botzone-exchange", "botzone"),
        ("othello", "standard", "botzone-keep-running"),
        ("amazons", "botzone8", "botzone-simple"),
        ("othello", "standard", "botzone-simple-keep-running"),
        ("gomoku", "renju", "arbiter-line"),
        ("othello", "standard", "nboard"),
    ] {
        let engine = engine(
            &format!("t-check-{protocol}"),
            (game, variant, protocol),
            &[],
        );
        protocol_check_passes(&engine);
    }
}

/// NoGo's capture and suicide points are either side's fouls: the Botzone check's
/// forbidden-point row asks the first position of a random game that has one, which a fair bot
/// passes and a bot that plays a forbidden point fails.
#[test]
fn the_botzone_check_asks_nogo_to_avoid_a_forbidden_point() {
    let row = |name: &str, extra: &[&str]| {
        let engine = engine(name, ("nogo", "standard", "botzone"), extra);
        let report = protocol_check(&engine);
        let row = report.row("avoids a forbidden point").expect("the row");
        (row.verdict.clone(), row.detail.clone())
    };
    let (verdict, detail) = row("t-check-nogo-fair", &[]);
    assert_eq!(verdict, RowVerdict::Passed, "{detail}");
    let (verdict, detail) = row("t-check-nogo-foul", &["--fault", "forbidden"]);
    assert_eq!(verdict, RowVerdict::Failed, "{detail}");
    assert!(detail.contains("is a forbidden point for"), "{detail}");
}

/// A fault bot's protocol check fails only on rows whose details name `kinds`, and the rows
/// in `unaffected` pass (each row starts afresh, so nothing cascades): one row of
/// `faults::CHECK_ROWS`, for the protocols whose tests live in their own modules.
pub(super) fn check_fails_only_on(
    setting: (&str, &str, &str),
    fault: &str,
    kinds: &[&str],
    unaffected: &[&str],
) {
    super::faults::CheckRow::fails(setting, fault, kinds, unaffected).check();
}

/// Every Hub and DXP row applies to arbiter-bot (no position is out of reach) and passes;
/// under DXP arbiter is the initiator, then the follower of the bot's own game request.
#[test]
fn draughts_bots_pass_every_hub_and_dxp_row() {
    let hub = engine("t-check-hub", ("draughts", "standard", "hub"), &[]);
    let dxp = engine_with(
        "t-check-dxp",
        ("draughts", "standard", "dxp"),
        &["--dxp-port", "{dxp-port}"],
        EASY,
        "dxp-initiator-args: [--dxp-initiator]\n",
    );
    for engine in [hub, dxp] {
        let report = protocol_check_passes(&engine);
        assert!(
            report
                .rows
                .iter()
                .all(|row| row.verdict == RowVerdict::Passed
                    || row.check == "stragglers of earlier runs"),
            "{}",
            report.render()
        );
    }
}

/// Plays a DXP game of arbiter-bot against `opponent` (the moves of the other side, given the
/// history) until the rules end it, then ends it through `Player::game_over`; returns whether
/// the opponent made the last move and the warnings of the whole game.
fn dxp_game_to_its_end(
    name: &str,
    mut opponent: impl FnMut(&[String], &dyn arbiter_engine::Position) -> String,
) -> (bool, Vec<String>) {
    let engine = engine(
        name,
        ("draughts", "standard", "dxp"),
        &["--dxp-port", "{dxp-port}"],
    );
    let mut player = engine.player().expect("a play protocol");
    let reference = engine.reference();
    let mut history: Vec<String> = Vec::new();
    let mut warnings = Vec::new();
    let position_after = |history: &[String]| {
        let request = PositionRequest {
            moves: history.to_vec(),
            ..PositionRequest::default()
        };
        reference.position("standard", &request).unwrap()
    };
    let mut opponent_last = false;
    while history.len() < 400 {
        let position = position_after(&history);
        if position.outcome().unwrap().is_some() {
            break;
        }
        let MoveAnswer::Move(mv) = player.answer(&history).unwrap() else {
            panic!("a move");
        };
        position.check(&mv).unwrap().unwrap();
        history.push(mv);
        warnings.extend(player.take_warnings());
        opponent_last = false;
        let position = position_after(&history);
        if position.outcome().unwrap().is_some() {
            break;
        }
        history.push(opponent(&history, position.as_ref()));
        opponent_last = true;
    }
    assert!(
        position_after(&history).outcome().unwrap().is_some(),
        "the rules ended no game within 400 plies: {history:?}"
    );
    player.game_over(&history);
    warnings.extend(player.take_warnings());
    player.finish();
    engine.record_player(player.as_mut());
    assert_no_leftovers(&engine);
    (opponent_last, warnings)
}

/// A game the rules end ends over DXP too, whichever side's move ends it: arbiter sends the
/// game end after the engine's last move and the engine confirms; after arbiter's last move
/// (which arbiter sends) the engine sends its game end, which arbiter confirms. Any missing or
/// wrong game end would be a warning.
#[test]
fn a_dxp_game_the_rules_end_ends_with_a_game_end_each_way() {
    let mut seed = 3u64;
    let (opponent_last, warnings) = dxp_game_to_its_end("t-dxp-end-random", |_, position| {
        let legal = position.legal_moves().unwrap();
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        legal[(seed >> 33) as usize % legal.len()].clone()
    });
    assert!(
        !opponent_last,
        "the bot beats random moves with its own last move"
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    // A deeper search than the bot's 300 nodes a move wins with its own last move.
    let (opponent_last, warnings) = dxp_game_to_its_end("t-dxp-end-searched", |_, position| {
        position
            .search(Algorithm::AlphaBeta, Budget::Nodes(50_000), None)
            .unwrap()
            .best
            .unwrap()
    });
    assert!(
        opponent_last,
        "the deeper search ends the game with its own move"
    );
    assert!(warnings.is_empty(), "{warnings:?}");
}

/// A case's board with moves played from it (a repetition, here the seventh ply of one) goes
/// to a Hub engine as that board and those moves, so that it sees the repetition; before, it
/// got the board after them alone. The engine is a shell script that writes down every `pos`
/// line and answers the one legal king move it is asked for.
#[test]
fn a_board_and_its_moves_reach_a_hub_engine_as_both() {
    let dir = scratch().join("t-hub-board-moves");
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("hub-script");
    let heard = dir.join("pos.txt");
    let text = format!(
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    hub) echo 'id name=script'; \
         echo wait ;;\n    init) echo ready ;;\n    pos*) echo \"$line\" >> '{}' ;;\n    ping) echo \
         pong ;;\n    go*) echo 'done move=9-4' ;;\n    quit) exit 0 ;;\n  esac\ndone\n",
        heard.display()
    );
    std::fs::write(&script, text).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let yaml = "name: t-hub-board-moves\ngame: draughts\nvariant: standard\n\
        command: [./hub-script]\nprotocol: hub\nmove-time-ms: 3000\nfirst-move-time-ms: 5000\n\
        tolerance-ms: 3000\n";
    let manifest = Manifest::from_yaml(&dir.join("t-hub-board-moves.yaml"), yaml).unwrap();
    let engine = ExternalEngine::new(manifest).with_log_dir(&dir);
    let played = "47-42 4-9 42-47 9-4 47-42 4-9 42-47";
    let request = PositionRequest {
        text: Some("W:WK47,36:BK4,15".to_owned()),
        move_text: Some(played.to_owned()),
        ..PositionRequest::default()
    };
    assert_eq!(expect_move(&engine, "standard", &request), "9-4");
    assert_no_leftovers(&engine);
    let heard = std::fs::read_to_string(&heard).unwrap();
    // White kings on 47, a white man on 36, a black king on 4 and a black man on 15.
    let board: String = (1..=50)
        .map(|square| match square {
            47 => 'W',
            36 => 'w',
            4 => 'B',
            15 => 'b',
            _ => 'e',
        })
        .collect();
    assert_eq!(
        heard.trim(),
        format!("pos pos=W{board} moves=\"{played}\""),
        "{heard}"
    );
}

/// A move printed twice (`extra-line`) is the stale answer NBoard's `ping`/`pong` exists for:
/// the driver skips it before the `pong`, so nothing fails, and the row that gives one process
/// several positions says what it skipped.
#[test]
fn nboard_resynchronises_with_ping_after_an_extra_line() {
    let engine = engine(
        "t-nboard-extra-line",
        ("othello", "standard", "nboard"),
        &["--fault", "extra-line"],
    );
    let report = protocol_check_passes(&engine);
    let row = report
        .row("5 positions in one process (`set game` each time)")
        .unwrap();
    assert_eq!(row.verdict, RowVerdict::Warning, "{}", report.render());
    assert!(row.detail.contains("before `pong"), "{}", row.detail);
}

/// An Othello board whose game arbiter does not find (FFO #1, 50 discs) cannot reach Botzone,
/// but NBoard sets it as it stands (GGF `BO`), with its side to move.
#[test]
fn an_othello_board_without_history_reaches_nboard() {
    let engine = engine("t-nboard-board", ("othello", "standard", "nboard"), &[]);
    let reference = engine.reference();
    let ffo_1 = PositionRequest {
        text: Some("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X".to_owned()),
        ..PositionRequest::default()
    };
    let played = reference.position("standard", &ffo_1).unwrap();
    let request = PositionRequest {
        text: Some(played.text()),
        ..PositionRequest::default()
    };
    assert!(matches!(
        reach::route(reference, "standard", &request).unwrap(),
        Route::Unreachable { .. }
    ));
    let mv = expect_move(&engine, "standard", &request);
    assert!(played.legal_moves().unwrap().contains(&mv), "{mv}");
    assert_no_leftovers(&engine);
}

// ------------------------------------------------------------------- manifests

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
        let engine = engine(name, (game, variant, "arbiter-line"), &[]);
        let mut position = engine.position(variant, &moves(played)).unwrap();
        let mut reference = engine
            .reference()
            .position(variant, &moves(played))
            .unwrap();
        let mut expected = reference.legal_moves().unwrap();
        let mut actual = position.legal_moves().unwrap();
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
        assert!(reference.check(&best).unwrap().is_ok(), "{game}: {best}");
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
fn a_relative_working_dir_works_as_the_readme_writes_it() {
    // The README's layout: engines/external/<name>.yaml beside the team's engine folder, the
    // manifest named by a relative path, `working-dir: ../../../myengine`, `./pbrain-x`.
    let root = scratch().join("relative");
    let manifests = root.join("arbiter/engines/external");
    let engine_dir = root.join("myengine");
    std::fs::create_dir_all(&manifests).unwrap();
    std::fs::create_dir_all(&engine_dir).unwrap();
    let link = engine_dir.join("pbrain-x");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(BOT, &link).unwrap();
    let yaml = "name: myrenju\ngame: gomoku\nvariant: renju\n\
        command: [./pbrain-x, --game, gomoku, --protocol, gomocup, --nodes, '300']\n\
        working-dir: ../../../myengine\nprotocol: gomocup\nmove-time-ms: 3000\n\
        first-move-time-ms: 5000\ngomocup-rule: 4\n";
    std::fs::write(manifests.join("myrenju.yaml"), yaml).unwrap();
    // Named by a relative path, as `cargo xtask … --engine myrenju` names it from its root
    // (here from this test's working directory: up to `/`, then down to the manifest).
    let cwd = std::env::current_dir().unwrap();
    let up = "../".repeat(cwd.components().count() - 1);
    let manifest_path = manifests.join("myrenju.yaml");
    let relative = PathBuf::from(format!(
        "{up}{}",
        manifest_path.strip_prefix("/").unwrap().display()
    ));
    assert!(
        relative.is_relative() && relative.is_file(),
        "{}",
        relative.display()
    );
    let manifest = Manifest::load(&relative).unwrap_or_else(|error| panic!("{error}"));
    assert!(manifest.working_dir.is_absolute());
    assert!(manifest.program.is_absolute());
    let engine = ExternalEngine::new(manifest).with_log_dir(&root.join("logs"));
    expect_move(&engine, "renju", &moves("h8"));
    assert_no_leftovers(&engine);
}

#[test]
fn a_shell_string_command_and_a_missing_binary_are_refused() {
    // The manifest's name, its `command`, and what the error says.
    let rows: [(&str, &str, &[&str]); 3] = [
        (
            "bad-shell",
            "\"./pbrain-x --fast\"",
            &[
                "command must be a list of arguments, not a shell string",
                "bad-shell.yaml:3:",
            ],
        ),
        (
            "bad-binary",
            "[./no-such-pbrain]",
            &["command `./no-such-pbrain` not found"],
        ),
        (
            "bad-binary",
            "[no-such-pbrain-on-path]",
            &["not found on PATH"],
        ),
    ];
    for (name, command, expected) in rows {
        let yaml = format!(
            "name: {name}\ngame: gomoku\ncommand: {command}\nprotocol: gomocup\nmove-time-ms: 1000\n"
        );
        let error = manifest_error(name, &yaml);
        for wanted in expected {
            assert!(error.contains(wanted), "{command}: {error}");
        }
        // Printed once by the front ends, which add `error: ` themselves.
        assert!(!error.starts_with("error:"), "{error}");
    }
}

#[test]
fn a_bad_protocol_lists_the_valid_ones() {
    let yaml = format!(
        "name: bad-protocol\ngame: gomoku\ncommand: [{BOT:?}]\nprotocol: piskvork\nmove-time-ms: 1000\n"
    );
    let error = manifest_error("bad-protocol", &yaml);
    for protocol in arbiter_protocol::Protocol::ALL {
        assert!(error.contains(protocol.name()), "{error}");
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
    let error = manifest_error(
        "bad-both",
        &format!("name: bad-both\nvariant: renju\nvariants: [renju]\n{base}"),
    );
    assert!(error.contains("not both"), "{error}");
    let error = manifest_error(
        "bad-sizes",
        &format!("name: bad-sizes\nboard-sizes: [30]\n{base}"),
    );
    assert!(error.contains("unknown gomoku variant"), "{error}");
    let error = manifest_error(
        "bad-dir",
        &format!("name: bad-dir\nworking-dir: ../no-such-folder\n{base}"),
    );
    assert!(error.contains("working-dir"), "{error}");
}

#[test]
fn shipped_manifests_parse() {
    // The shipped manifests name target/release/arbiter-bot, which a test build may not have:
    // only a missing binary is tolerated here.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(arbiter_external::MANIFEST_DIR);
    for name in arbiter_external::manifest::list_manifests(&dir) {
        if let Err(error) = Manifest::find(&dir, &name) {
            let text = error.to_string();
            assert!(text.contains("not found"), "{name}: {text}");
        }
    }
}

#[test]
fn an_engine_is_named_by_its_manifest_name_or_path() {
    let dir = scratch();
    let path = dir.join("t-named.yaml");
    let yaml = bot_yaml("t-named", OTHELLO_BOTZONE, &[], EASY, "");
    std::fs::write(&path, yaml).unwrap();
    let by_path = ExternalEngine::named(Path::new("no-such-folder"), path.to_str().unwrap())
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(by_path.manifest().name, "t-named");
    let by_name = ExternalEngine::named(&dir, "t-named").unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(by_name.manifest().name, "t-named");
    let missing = ExternalEngine::named(&dir, "t-not-there")
        .map(|_| ())
        .unwrap_err();
    assert!(missing.to_string().contains("t-not-there"), "{missing}");
}

/// A foul is black's: white may play a point that would be forbidden for black. The answer
/// check once took black's forbidden points for any side to move and ruled such a white move
/// illegal (found by a played-out renju VCF trap, where white's winning four lands there).
#[test]
fn a_white_stone_on_a_black_foul_point_is_legal() {
    let reference = arbiter_engine::find_engine("gomoku").unwrap();
    let black_to_move = reference.position("renju", &moves(DOUBLE_THREE)).unwrap();
    assert!(
        arbiter_external::validate(black_to_move.as_ref(), MoveAnswer::Move("h8".to_owned()))
            .is_err()
    );
    let white_to_move = reference
        .position("renju", &moves(&format!("{DOUBLE_THREE} o15")))
        .unwrap();
    assert_eq!(white_to_move.forbidden(), Ok(Some(Vec::new())));
    assert_eq!(
        arbiter_external::validate(white_to_move.as_ref(), MoveAnswer::Move("h8".to_owned())),
        Ok("h8".to_owned())
    );
}

/// A NoGo foul belongs to the side to move, white as well as black: the answer check names
/// that side (it once said "for black" whoever moved, from renju, where only black has fouls).
#[test]
fn a_white_nogo_foul_is_named_as_whites() {
    let reference = arbiter_engine::find_engine("nogo").unwrap();
    let request = PositionRequest {
        text: Some("XO7/9/9/9/9/9/9/9/8X white".to_owned()),
        ..PositionRequest::default()
    };
    let white_to_move = reference.position("standard", &request).unwrap();
    let fault =
        arbiter_external::validate(white_to_move.as_ref(), MoveAnswer::Move("a8".to_owned()))
            .unwrap_err();
    assert_eq!(fault.kind, FaultKind::IllegalMove);
    assert_eq!(
        fault.detail, "`a8` is a forbidden point for white (capture)",
        "{fault:?}"
    );
    assert_eq!(fault.played.as_deref(), Some("a8"));
}

/// A case's `moves:` string is split by the game's own rule before it goes to an engine:
/// the Dots and Boxes turn `b1b2+e5f5` is one move (a split into letters-then-digits made it
/// `b1`, `b2+e5`, `f5`, and the engine refused `b1`), Othello's `f5d6c3` three.
#[test]
fn a_move_string_is_split_by_the_games_rule_before_it_reaches_an_engine() {
    for (name, game, variant, start, text, plies) in [
        (
            "t-split-d",
            "dotsboxes",
            "5x5",
            Some("a1b1,b1c1,a2b2,b2c2,a1a2,c1c2 ......................... black"),
            "b1b2+e5f5",
            1,
        ),
        ("t-split-o", "othello", "standard", None, "f5d6c3", 3),
    ] {
        let engine = engine(name, (game, variant, "arbiter-line"), &[]);
        assert_eq!(engine.split_moves(text).len(), plies, "{game}");
        let request = PositionRequest {
            text: start.map(str::to_owned),
            move_text: Some(text.to_owned()),
            ..PositionRequest::default()
        };
        let position = engine.position(variant, &request).unwrap();
        let reference = engine.reference().position(variant, &request).unwrap();
        let mut expected = reference.legal_moves().unwrap();
        let mut actual = position.legal_moves().unwrap();
        expected.sort();
        actual.sort();
        assert_eq!(actual, expected, "{game}");
        drop(position);
        assert_no_leftovers(&engine);
    }
}

#[test]
fn cases_of_variants_an_engine_does_not_play_count_as_not_run() {
    // The same gomoku spec cases, planned for an engine of every variant and for one that
    // plays renju only: what the second leaves out is exactly what `excluded` counts.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let engines = arbiter_engine::embedded_engines();
    let loaded = arbiter_runner::load(Some(&root.join("specs/gomoku")), None, &engines);
    let every: Vec<Box<dyn RulesEngine>> = vec![arbiter_engine::find_engine("gomoku").unwrap()];
    let renju: Vec<Box<dyn RulesEngine>> = vec![Box::new(engine_with(
        "t-renju-only",
        RENJU_GOMOCUP,
        &[],
        EASY,
        "variants: [renju]\n",
    ))];
    let scope = arbiter_runner::PlanScope::default();
    let all = arbiter_runner::plan(&loaded.files, &every, scope).len();
    let planned = arbiter_runner::plan(&loaded.files, &renju, scope).len();
    let excluded = arbiter_runner::excluded(&loaded.files, &renju, scope, |_| true);
    assert!(planned > 0 && planned < all, "{planned} of {all}");
    assert!(
        excluded.iter().all(|e| e.variant != "renju"),
        "{excluded:?}"
    );
    assert_eq!(
        planned + excluded.iter().map(|e| e.cases).sum::<usize>(),
        all
    );
    assert!(arbiter_runner::excluded(&loaded.files, &every, scope, |_| true).is_empty());
}
