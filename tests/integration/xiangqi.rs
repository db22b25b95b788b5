//! Xiangqi over UCCI and UCI: arbiter-bot's protocol check under both, a fault bot that fails
//! only on its fault, and the audit of the xiangqi specs through UCCI (play checks: every
//! position goes as a FEN and the moves since the last capture).

use super::external::{
    assert_no_leftovers, assert_reasons, audit, check_fails_only_on, engine, protocol_check_passes,
};

const UCCI_SETUP_ROWS: &[&str] = &[
    "handshake: `ucci` → `ucciok`",
    "readiness: `isready` → `readyok` twice",
    "an unknown command is ignored",
    "`quit`: the process leaves",
];

#[test]
fn arbiter_bot_passes_the_ucci_and_uci_protocol_checks() {
    for protocol in ["ucci", "uci"] {
        let engine = engine(
            &format!("t-check-{protocol}"),
            ("xiangqi", "standard", protocol),
            &[],
        );
        let report = protocol_check_passes(&engine);
        let banmoves = report.row("`banmoves` honoured").expect("a banmoves row");
        let expected = if protocol == "ucci" {
            arbiter_external::check::RowVerdict::Passed
        } else {
            arbiter_external::check::RowVerdict::NotApplicable
        };
        assert_eq!(banmoves.verdict, expected, "{}", report.render());
        let game = report
            .rows
            .iter()
            .find(|row| row.check.starts_with("a whole game"))
            .expect("a whole-game row");
        assert!(game.detail.contains("plies"), "{}", game.detail);
    }
}

#[test]
fn a_ucci_bot_that_plays_illegal_moves_fails_only_there() {
    let ucci = ("xiangqi", "standard", "ucci");
    check_fails_only_on(ucci, "illegal", &["illegal-move"], UCCI_SETUP_ROWS);
}

#[test]
fn a_ucci_bot_that_prints_garbage_is_a_protocol_error() {
    // Skipped while waiting (engines may print what a GUI does not know), the garbage names
    // the fault at the deadline: a protocol error, never a bare timeout.
    let ucci = ("xiangqi", "standard", "ucci");
    check_fails_only_on(ucci, "garbage", &["protocol-error"], UCCI_SETUP_ROWS);
}

#[test]
fn the_xiangqi_specs_meet_a_ucci_engine_through_fens() {
    let engine = engine("t-xiangqi-audit", ("xiangqi", "standard", "ucci"), &[]);
    // `audit` fails on any case that is neither passed nor not applicable.
    let (total, passed, not_applicable) = audit(&engine, "xiangqi");
    assert!(total >= 50, "{total} xiangqi cases planned");
    // Only positions that are over (and not won by their last move), or invalid, have no move
    // to ask: every other case goes as a FEN and its moves.
    assert_reasons(
        &not_applicable,
        &["over", "impossible position", "invalid", "not a position"],
    );
    assert_eq!(passed + not_applicable.len(), total);
    assert_no_leftovers(&engine);
}
