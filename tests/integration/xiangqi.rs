//! Xiangqi over UCCI and UCI: arbiter-bot's protocol check under both, a fault bot that fails
//! only on its fault.

use super::external::{check_fails_only_on, engine, protocol_check};

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
            "xiangqi",
            "standard",
            protocol,
            &[],
        );
        let report = protocol_check(&engine);
        assert_eq!(report.failed(), 0, "{}", report.render());
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
