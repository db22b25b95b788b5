//! Every fault mode of `arbiter-bot` (docs/protocols.md, "Fault modes") as the rows of two
//! tables: what one search meets (the fault's class and words of its detail, or a move and the
//! warnings it leaves), and what the protocol check makes of a fault bot (the classes its
//! failed rows name, the rows it cannot touch, the rows that only warn).
//!
//! The rows run on a few worker threads of one test; a failure names every row that failed and
//! why. Each row's engine has its own name, so rows never share a manifest or a log.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use arbiter_engine::FaultKind::{
    self, Crash, IllegalMove, MemoryLimit, ProtocolError, Timeout, WrongExchange, WrongPass,
};
use arbiter_engine::RulesEngine;
use arbiter_external::check::RowVerdict;

use super::external::{
    DOUBLE_THREE, EASY, FREESTYLE_KEEP_RUNNING, MINUTE, OTHELLO_BOTZONE, RENJU_GOMOCUP, Setting,
    TIGHT, Times, assert_no_leftovers, engine_with, expect_fault, expect_move, moves,
    protocol_check,
};

const FREESTYLE_BOTZONE: Setting = ("gomoku", "freestyle", "botzone");
const OTHELLO_LINE: Setting = ("othello", "standard", "arbiter-line");
const OTHELLO_NBOARD: Setting = ("othello", "standard", "nboard");

/// 500 ms a move with a 3 s tolerance: `slow:700` answers inside it.
const SLOW: Times = Times {
    move_ms: 500,
    first_ms: 5000,
    tolerance_ms: 3000,
};

/// For the memory rows: the bot touches hundreds of megabytes before it answers START, which
/// on a busy machine took longer than [`EASY`]'s 8 s (a timeout met instead of the memory
/// fault tested), so start-up and moves get half a minute.
const ROOMY: Times = Times {
    move_ms: 30_000,
    first_ms: 30_000,
    tolerance_ms: 0,
};

/// Runs `check` on every row on a few threads (as many as the machine has cores, as libtest
/// would), and fails naming every row that failed, with its panic message.
fn each_row<R: Sync>(rows: &[R], name: impl Fn(&R) -> String + Sync, check: impl Fn(&R) + Sync) {
    let next = AtomicUsize::new(0);
    let failed = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism()
        .map_or(2, usize::from)
        .min(rows.len());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(row) = rows.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        check(row);
                    }));
                    if let Err(panic) = outcome {
                        let message = panic
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                            .unwrap_or_default();
                        failed
                            .lock()
                            .unwrap()
                            .push(format!("{}: {message}", name(row)));
                    }
                }
            });
        }
    });
    let failed = failed.into_inner().unwrap();
    assert!(
        failed.is_empty(),
        "{} of {} rows failed:\n{}",
        failed.len(),
        rows.len(),
        failed.join("\n")
    );
}

// ------------------------------------------------------------------- one search

/// What a search of the fault bot meets.
#[derive(Clone, Copy, Debug)]
enum Meets {
    /// This fault, whose detail holds every word of `says`.
    Fault(FaultKind),
    /// A move, with warnings that hold every word of `says`.
    Move,
}

/// One row: a fault bot asked for one move after `moves`.
struct PlayRow {
    /// The row's name, and its engine's.
    name: &'static str,
    setting: Setting,
    /// The bot's `--fault` value.
    fault: &'static str,
    moves: &'static str,
    meets: Meets,
    says: &'static [&'static str],
    times: Times,
    /// More manifest keys (`memory-mb: 200\n`).
    keys: &'static str,
}

/// A row of the bot with `fault`, asked at the start for a move (at the generous limits, no
/// more manifest keys); [`PlayRow::meets`] says when a fault is what it meets.
const fn fault(name: &'static str, setting: Setting, fault: &'static str) -> PlayRow {
    PlayRow {
        name,
        setting,
        fault,
        moves: "",
        meets: Meets::Move,
        says: &[],
        times: EASY,
        keys: "",
    }
}

impl PlayRow {
    /// Asked after `moves`.
    const fn after(self, moves: &'static str) -> PlayRow {
        PlayRow { moves, ..self }
    }

    /// The search meets `kind`, whose detail holds every word of `says`.
    const fn meets(self, kind: FaultKind, says: &'static [&'static str]) -> PlayRow {
        PlayRow {
            meets: Meets::Fault(kind),
            says,
            ..self
        }
    }

    /// The search gives a move, with warnings holding every word of `says`.
    const fn moves_warning(self, says: &'static [&'static str]) -> PlayRow {
        PlayRow {
            meets: Meets::Move,
            says,
            ..self
        }
    }

    const fn times(self, times: Times) -> PlayRow {
        PlayRow { times, ..self }
    }

    const fn keys(self, keys: &'static str) -> PlayRow {
        PlayRow { keys, ..self }
    }

    fn check(&self) {
        let args = ["--fault", self.fault];
        let engine = engine_with(self.name, self.setting, &args, self.times, self.keys);
        let request = moves(self.moves);
        let said = match self.meets {
            Meets::Fault(kind) => {
                let detail = expect_fault(&engine, &request, kind);
                // Control bytes an engine prints are escaped in every message.
                assert!(!detail.chars().any(char::is_control), "{detail:?}");
                detail
            }
            Meets::Move => {
                expect_move(&engine, &engine.default_variant(), &request);
                let warnings = engine.take_warnings().join("; ");
                assert_no_leftovers(&engine);
                warnings
            }
        };
        for words in self.says {
            assert!(said.contains(words), "`{words}` not in: {said}");
        }
    }
}

const FREESTYLE_GOMOCUP: Setting = ("gomoku", "freestyle", "gomocup");
const OTHELLO_KEEP_RUNNING: Setting = ("othello", "standard", "botzone-keep-running");
const NOGO_CCGC: Setting = ("nogo", "foul-loses", "ccgc");

/// The detail of a bot that exits while a grandchild it left holds its output open.
const ORPHANED: &[&str] = &["exited with code 3 while a process it started still holds its output"];
const FLOODED: &[&str] = &["more than 1000 lines"];
const MEMORY_LIMIT: &str = "memory-mb: 200\n";

/// Every fault mode under the protocols that can show it, as one search meets it.
const PLAY_ROWS: &[PlayRow] = &[
    fault("t-segv", RENJU_GOMOCUP, "segv-at:1")
        .after("h8")
        .meets(Crash, &["killed by signal"]),
    // A crash at once, with the bot's exit code; the grandchild is ended with it.
    fault("t-orphan-gc", FREESTYLE_GOMOCUP, "exit-leaving-grandchild")
        .after("h8")
        .meets(Crash, ORPHANED)
        .times(MINUTE),
    fault(
        "t-orphan-kr",
        FREESTYLE_KEEP_RUNNING,
        "exit-leaving-grandchild",
    )
    .after("h8")
    .meets(Crash, ORPHANED)
    .times(MINUTE),
    fault(
        "t-orphan-line",
        ("gomoku", "freestyle", "arbiter-line"),
        "exit-leaving-grandchild",
    )
    .after("h8")
    .meets(Crash, ORPHANED)
    .times(MINUTE),
    // arbiter-line: a pv is a line of the game from the best move on, so a token after it that
    // is no move is a protocol error; so is a best move out of the notation (where a move the
    // rules refuse is an illegal move).
    fault("t-pv-garbage", OTHELLO_LINE, "pv-garbage").meets(
        ProtocolError,
        &["a pv whose move", "`garbage` cannot be played"],
    ),
    fault("t-bad-notation", OTHELLO_LINE, "bad-notation").meets(ProtocolError, &["zz`: "]),
    fault("t-hang", RENJU_GOMOCUP, "hang")
        .after("h8")
        .meets(Timeout, &["0.30 s (move time 300 ms)", "stderr log:"])
        .times(TIGHT),
    fault("t-hang-bz", OTHELLO_BOTZONE, "hang")
        .after("f5")
        .meets(Timeout, &[])
        .times(TIGHT),
    fault("t-slow", RENJU_GOMOCUP, "slow-start:12000")
        .after("h8")
        .meets(Timeout, &["start-up time 5000 ms"])
        .times(TIGHT),
    fault("t-garbage", FREESTYLE_BOTZONE, "garbage")
        .after("h8")
        .meets(ProtocolError, &["\\u{0}"]),
    fault("t-garbage-gc", RENJU_GOMOCUP, "garbage")
        .after("h8")
        .meets(ProtocolError, &[]),
    fault("t-huge", FREESTYLE_KEEP_RUNNING, "huge-output")
        .after("h8")
        .meets(ProtocolError, &["bytes"]),
    // The bot must have written its unterminated move before the deadline (on a busy machine
    // too): a generous move time, no tolerance (the whole of it is waited for). So below for
    // NBoard and CCGC.
    fault("t-nonl", RENJU_GOMOCUP, "no-newline")
        .after("h8")
        .meets(ProtocolError, &["without a newline"])
        .times(Times {
            tolerance_ms: 0,
            ..EASY
        }),
    fault("t-illegal", RENJU_GOMOCUP, "illegal")
        .after("h8 h9")
        .meets(IllegalMove, &["occupied"]),
    fault(
        "t-illegal-s",
        ("gomoku", "freestyle", "botzone-simple"),
        "illegal",
    )
    .after("h8 h9")
    .meets(IllegalMove, &[]),
    fault("t-forbidden", RENJU_GOMOCUP, "forbidden")
        .after(DOUBLE_THREE)
        .meets(IllegalMove, &["double-three"]),
    fault("t-pass", OTHELLO_BOTZONE, "wrong-pass")
        .after("f5")
        .meets(WrongPass, &[]),
    fault("t-pass-gc", RENJU_GOMOCUP, "wrong-pass")
        .after("h8")
        .meets(WrongPass, &[]),
    // In Botzone gomoku, all -1 from a bot is the exchange; plain freestyle has none.
    fault("t-exchange", FREESTYLE_BOTZONE, "wrong-pass")
        .after("h8")
        .meets(WrongExchange, &[]),
    // Floods cannot extend the deadline.
    fault("t-flood", RENJU_GOMOCUP, "message-flood")
        .after("h8")
        .meets(ProtocolError, FLOODED),
    fault("t-blank-kr", OTHELLO_KEEP_RUNNING, "blank-flood")
        .after("f5")
        .meets(ProtocolError, FLOODED),
    fault("t-blank-line", OTHELLO_LINE, "blank-flood")
        .after("f5")
        .meets(ProtocolError, FLOODED),
    // 700 ms for a 500 ms move: inside the 3 s tolerance, with a warning that says so; without
    // a tolerance the same engine times out, and the message names the budget.
    fault("t-tolerant", RENJU_GOMOCUP, "slow:700")
        .after("h8")
        .moves_warning(&["over the move time of 500 ms"])
        .times(SLOW),
    fault("t-strict", RENJU_GOMOCUP, "slow:700")
        .after("h8")
        .meets(Timeout, &["move time 500 ms"])
        .times(Times {
            tolerance_ms: 0,
            ..SLOW
        }),
    // Lines that are not answers.
    fault("t-error-lines", RENJU_GOMOCUP, "error-lines")
        .after("h8")
        .moves_warning(&["2 ERROR line(s)"]),
    fault("t-loose", OTHELLO_BOTZONE, "loose-json")
        .after("f5")
        .moves_warning(&["field `debug` is a number", "field `data` is an object"]),
    // Memory: resident memory over the limit is its own fault; reserved address space (a JVM,
    // or a brain sizing its table from INFO max_memory) is none.
    fault("t-memory", RENJU_GOMOCUP, "memory:400")
        .after("h8")
        .meets(MemoryLimit, &["memory-mb 200"])
        .times(ROOMY)
        .keys(MEMORY_LIMIT),
    // Gomocup's judge measures once a move, after the answer: a brain over the limit by half
    // is not stopped while it thinks, but its answer is ruled out, with what to do about it.
    fault("t-memory-after-answer", RENJU_GOMOCUP, "memory:300")
        .after("h8")
        .meets(
            MemoryLimit,
            &[
                "memory-mb 200",
                "after each move",
                "INFO max_memory 209715200",
                "memory_reserved_mb",
            ],
        )
        .times(ROOMY)
        .keys(MEMORY_LIMIT),
    fault("t-reserve", RENJU_GOMOCUP, "reserve:4096")
        .after("h8")
        .moves_warning(&[])
        .keys(MEMORY_LIMIT),
    // NBoard: a line that is not NBoard's is skipped, as the NBoard GUI does (NTest prints its
    // banner on stdout), so garbage instead of a move ends in a timeout that shows the line.
    fault("t-nboard-hang", OTHELLO_NBOARD, "hang")
        .after("f5")
        .meets(Timeout, &["move time 300 ms"])
        .times(TIGHT),
    fault("t-nboard-no-newline", OTHELLO_NBOARD, "no-newline")
        .after("f5")
        .meets(ProtocolError, &[])
        .times(Times {
            tolerance_ms: 0,
            ..EASY
        }),
    // Garbage must be written before the deadline to be named in it: the easy limits, as for
    // the unterminated moves.
    fault("t-nboard-garbage", OTHELLO_NBOARD, "garbage")
        .after("f5")
        .meets(Timeout, &["not NBoard's", "arbiter-bot says"])
        .times(Times {
            tolerance_ms: 0,
            ..EASY
        }),
    // CCGC: the platform reads a move from the first line holding `move `, so garbage is thrown
    // away and named in the timeout.
    fault("t-ccgc-garbage", NOGO_CCGC, "garbage")
        .meets(
            Timeout,
            &["without `move `", "arbiter-bot says", "move time 3000 ms"],
        )
        .times(Times {
            tolerance_ms: 0,
            ..EASY
        }),
    fault("t-ccgc-hang", ("connect6", "standard", "ccgc"), "hang")
        .after("j10")
        .meets(Timeout, &[])
        .times(TIGHT),
    fault(
        "t-ccgc-no-newline",
        ("dotsboxes", "5x5", "ccgc"),
        "no-newline",
    )
    .meets(ProtocolError, &[])
    .times(Times {
        tolerance_ms: 0,
        ..EASY
    }),
];

#[test]
fn every_fault_is_classified_as_itself_with_no_process_left() {
    each_row(PLAY_ROWS, |row| row.name.to_owned(), PlayRow::check);
}

// ------------------------------------------------------------------- the protocol check

/// One row: a fault bot's protocol check.
pub(super) struct CheckRow<'a> {
    pub(super) setting: (&'a str, &'a str, &'a str),
    /// The bot's `--fault` value.
    pub(super) fault: &'a str,
    /// The bot's other arguments.
    pub(super) args: &'a [&'a str],
    /// Words one of which every failed row's detail holds (a fault class); empty when no row
    /// may fail.
    pub(super) fails_with: &'a [&'a str],
    /// Rows that pass or only warn (each row starts afresh, so nothing cascades).
    pub(super) untouched: &'a [&'a str],
    /// Rows that warn.
    pub(super) warns: &'a [&'a str],
}

impl<'a> CheckRow<'a> {
    /// A row whose failed rows name `fails_with` and which leaves `untouched` alone.
    pub(super) const fn fails(
        setting: (&'a str, &'a str, &'a str),
        fault: &'a str,
        fails_with: &'a [&'a str],
        untouched: &'a [&'a str],
    ) -> CheckRow<'a> {
        CheckRow {
            setting,
            fault,
            args: &[],
            fails_with,
            untouched,
            warns: &[],
        }
    }

    /// A row where nothing fails and `rows` warn: commands the protocol makes optional.
    const fn warns(setting: Setting, fault: &'a str, rows: &'a [&'a str]) -> CheckRow<'a> {
        CheckRow {
            warns: rows,
            ..CheckRow::fails(setting, fault, &[], &[])
        }
    }

    /// The same row with more bot arguments.
    const fn with_args(self, args: &'a [&'a str]) -> CheckRow<'a> {
        CheckRow { args, ..self }
    }

    /// The row's name, and its engine's: protocol and fault.
    fn name(&self) -> String {
        format!(
            "t-check-{}-{}",
            self.setting.2,
            self.fault.replace(':', "-")
        )
    }

    pub(super) fn check(&self) {
        let name = self.name();
        let args = [&["--fault", self.fault][..], self.args].concat();
        let engine = engine_with(&name, self.setting, &args, EASY, "");
        let report = protocol_check(&engine);
        let rendered = report.render();
        if self.fails_with.is_empty() {
            assert_eq!(report.failed(), 0, "{rendered}");
        } else {
            assert!(report.failed() > 0, "{rendered}");
        }
        for row in report
            .rows
            .iter()
            .filter(|r| r.verdict == RowVerdict::Failed)
        {
            assert!(
                self.fails_with.iter().any(|kind| row.detail.contains(kind)),
                "`{}` failed with {}",
                row.check,
                row.detail
            );
        }
        for check in self.untouched {
            let row = report
                .row(check)
                .unwrap_or_else(|| panic!("no row {check}"));
            assert!(
                matches!(row.verdict, RowVerdict::Passed | RowVerdict::Warning),
                "{check}: {:?} {}",
                row.verdict,
                row.detail
            );
        }
        for check in self.warns {
            let verdict = report.row(check).map(|r| &r.verdict);
            assert_eq!(verdict, Some(&RowVerdict::Warning), "{check}: {rendered}");
        }
        assert_no_leftovers(&engine);
    }
}

const GOMOCUP_SETUP: &[&str] = &[
    "START answers OK",
    "unknown command: UNKNOWN",
    "ABOUT names the engine",
    "END ends the process within 1 s",
];

const NBOARD_SETUP: &[&str] = &[
    "start-up: `nboard 2`, `set depth`, `ping` → `pong`",
    "an unknown command is ignored",
];

const HUB_SETUP: &[&str] = &[
    "start-up: `hub` → `wait`, `init` → `ready`",
    "an unknown command is ignored",
];

const CCGC_SETUP: &[&str] = &[
    "start-up: `name?` → `name …`",
    "`quit` ends the process within 1 s",
];

const LINE_UNTOUCHED: &[&str] = &[
    "hello names the game; variant accepted",
    "legal moves match the reference",
    "perft 1 and 2 from the start",
];

const DRAUGHTS_HUB: Setting = ("draughts", "standard", "hub");
const DRAUGHTS_DXP: Setting = ("draughts", "standard", "dxp");
const DXP_PORT: &[&str] = &["--dxp-port", "{dxp-port}"];

use CheckRow as Row;

/// Every fault mode under the protocols that can show it, as the protocol check sees it.
const CHECK_ROWS: &[CheckRow] = &[
    // Gomocup. An extra line after each move: with a fresh process per row it spoils only the
    // rows that send a second move command.
    Row::fails(
        RENJU_GOMOCUP,
        "extra-line",
        &["illegal-move", "protocol-error"],
        GOMOCUP_SETUP,
    ),
    Row::fails(RENJU_GOMOCUP, "garbage", &["protocol-error"], GOMOCUP_SETUP),
    Row::fails(RENJU_GOMOCUP, "crash-at:2", &["crash"], GOMOCUP_SETUP),
    Row::fails(RENJU_GOMOCUP, "illegal", &["illegal-move"], GOMOCUP_SETUP),
    Row::fails(
        RENJU_GOMOCUP,
        "message-flood",
        &["protocol-error"],
        GOMOCUP_SETUP,
    ),
    Row::warns(RENJU_GOMOCUP, "no-about", &["ABOUT names the engine"]),
    Row::warns(
        RENJU_GOMOCUP,
        "error-for-unknown",
        &["unknown command: UNKNOWN"],
    ),
    Row::warns(
        RENJU_GOMOCUP,
        "error-lines",
        &["INFO before BEGIN, then BEGIN"],
    ),
    // Botzone and arbiter-line.
    Row::fails(OTHELLO_BOTZONE, "wrong-pass", &["wrong-pass"], &[]),
    Row::fails(
        FREESTYLE_KEEP_RUNNING,
        "blank-flood",
        &["protocol-error"],
        &[],
    ),
    Row::fails(
        OTHELLO_LINE,
        "garbage-outcome",
        &["protocol-error"],
        LINE_UNTOUCHED,
    ),
    Row::fails(
        OTHELLO_LINE,
        "exit-after-hello",
        &["crash"],
        LINE_UNTOUCHED.split_at(1).0,
    ),
    // NBoard. Where only a pass is legal, an illegal square is a missed pass.
    Row::fails(OTHELLO_NBOARD, "crash-at:2", &["crash"], NBOARD_SETUP),
    Row::fails(
        OTHELLO_NBOARD,
        "illegal",
        &["illegal-move", "wrong-pass"],
        NBOARD_SETUP,
    ),
    Row::fails(OTHELLO_NBOARD, "wrong-pass", &["wrong-pass"], NBOARD_SETUP),
    Row::fails(
        OTHELLO_NBOARD,
        "message-flood",
        &["protocol-error"],
        NBOARD_SETUP,
    ),
    // Hub and DXP.
    Row::fails(DRAUGHTS_HUB, "crash-at:2", &["crash"], HUB_SETUP),
    Row::fails(DRAUGHTS_HUB, "illegal", &["illegal-move"], HUB_SETUP),
    Row::fails(DRAUGHTS_HUB, "wrong-pass", &["protocol-error"], HUB_SETUP),
    Row::fails(DRAUGHTS_DXP, "crash-at:2", &["crash"], &[]).with_args(DXP_PORT),
    Row::fails(DRAUGHTS_DXP, "illegal", &["illegal-move"], &[]).with_args(DXP_PORT),
    Row::fails(DRAUGHTS_DXP, "garbage", &["protocol-error"], &[]).with_args(DXP_PORT),
    // CCGC. A debug line holding `move ` is read as the move, as the platform reads it.
    Row::fails(NOGO_CCGC, "crash-at:2", &["crash"], CCGC_SETUP),
    Row::fails(NOGO_CCGC, "illegal", &["illegal-move"], CCGC_SETUP),
    Row::fails(NOGO_CCGC, "wrong-pass", &["wrong-pass"], CCGC_SETUP),
    Row::fails(
        ("connect6", "standard", "ccgc"),
        "debug-move",
        &["illegal-move"],
        CCGC_SETUP,
    ),
];

#[test]
fn every_fault_bot_fails_the_protocol_check_only_on_its_fault() {
    each_row(CHECK_ROWS, CheckRow::name, CheckRow::check);
}
