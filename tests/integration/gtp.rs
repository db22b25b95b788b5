//! GTP against real processes: `arbiter-bot --protocol gtp` passes the protocol check, its
//! fault modes fail only their own rows, a late response is told from the next one by its id,
//! whole games are relayed, and the Go specs reach it as play checks (boards as `play`
//! sequences).

use arbiter_external::check::RowVerdict;

use super::external::{
    EASY, audit, check_fails_only_on, engine, engine_with, plays_legal_moves, protocol_check_passes,
};

/// The rows no move fault can touch.
const SETUP_ROWS: &[&str] = &[
    "`protocol_version` is 2",
    "the required commands in `list_commands`",
    "an unknown command is answered with `?`",
    "`quit` is answered `=` and the process ends",
];

const GO: (&str, &str, &str) = ("go", "chinese@9", "gtp");

#[test]
fn arbiter_bot_passes_the_gtp_protocol_check() {
    let engine = engine("t-gtp-check", ("go", "chinese@9", "gtp"), &[]);
    // Warnings (an answer inside the tolerance on a busy machine) are not failures.
    let report = protocol_check_passes(&engine);
    let game = report
        .row("a whole game in one process, counted at the end")
        .unwrap();
    assert!(game.detail.contains("`final_score` = "), "{}", game.detail);
}

#[test]
fn gtp_fault_bots_fail_only_on_their_fault() {
    check_fails_only_on(GO, "crash-at:2", &["crash"], SETUP_ROWS);
    check_fails_only_on(GO, "illegal", &["illegal-move"], SETUP_ROWS);
    check_fails_only_on(GO, "garbage", &["protocol-error", "timeout"], SETUP_ROWS);
    check_fails_only_on(GO, "error-for-unknown", &["answered `= "], &SETUP_ROWS[..2]);
}

/// The bot prints each `genmove` response twice: the copy carries the old id, so it is
/// skipped (with a warning) instead of being read as the response to the next command.
#[test]
fn a_response_printed_twice_is_skipped_by_its_id() {
    let engine = engine_with("t-gtp-extra", GO, &["--fault", "extra-line"], EASY, "");
    let report = protocol_check_passes(&engine);
    assert!(
        report
            .rows
            .iter()
            .any(|row| row.verdict == RowVerdict::Warning
                && row.detail.contains("another command's id")),
        "{}",
        report.render()
    );
}

#[test]
fn whole_games_are_relayed_in_one_process_per_side() {
    let engine = plays_legal_moves("t-gtp-play", "go", "chinese@5", "gtp", 30);
    assert_eq!(engine.started().len(), 2);
}

/// Every Go case reaches the bot: moves as `play` commands, boards as a sequence of stones
/// and passes.
#[test]
fn a_go_audit_over_gtp_reaches_every_case() {
    let engine = engine_with(
        "t-gtp-audit",
        GO,
        &[],
        EASY,
        "variants: [chinese@9, tromp-taylor@5, tromp-taylor@7, japanese@7]\n",
    );
    let (_, passed, _) = audit(&engine, "go");
    assert!(passed > 0);
}
