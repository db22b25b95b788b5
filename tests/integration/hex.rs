//! Hex over HTP against a real process: `arbiter-bot --protocol gtp --game hex` passes the
//! protocol check under each reading of the swap, a whole game is relayed in one process per
//! side, and the Hex specs reach it as play checks (boards as `play` sequences).

use arbiter_external::check::RowVerdict;

use super::external::{
    EASY, assert_no_leftovers, audit, engine, engine_with, plays_legal_moves, protocol_check,
};

/// The check passes in every variant: without the swap (`swap-pieces` refused once the bot is
/// told `param_game allow_swap 0`), and with it in Benzene's reading and in PlayHex's (crossed
/// mirrored by the driver, back by the bot).
#[test]
fn arbiter_bot_passes_the_htp_protocol_check() {
    for (name, variant, swap_row) in [
        (
            "t-htp-check",
            "standard@5",
            "`swap-pieces` refused without the swap rule",
        ),
        ("t-htp-sides", "swap-sides@5", "a move after `swap-pieces`"),
        (
            "t-htp-mirror",
            "swap-mirror@5",
            "a move after `swap-pieces`",
        ),
    ] {
        let engine = engine(name, ("hex", variant, "gtp"), &[]);
        let report = protocol_check(&engine);
        assert_eq!(report.failed(), 0, "{variant}: {}", report.render());
        let row = report.row(swap_row).unwrap();
        assert_ne!(
            row.verdict,
            RowVerdict::NotApplicable,
            "{}",
            report.render()
        );
        let pass = report.row("`genmove` after the opponent's pass").unwrap();
        assert_eq!(pass.verdict, RowVerdict::NotApplicable);
        let game = report
            .row("a whole game in one process, the winner named at the end")
            .unwrap();
        assert!(game.detail.contains("`final_score` = "), "{}", game.detail);
        assert_no_leftovers(&engine);
    }
}

#[test]
fn whole_hex_games_are_relayed_in_one_process_per_side() {
    for variant in ["standard@5", "swap-mirror@5"] {
        let engine = plays_legal_moves("t-htp-play", "hex", variant, "gtp", 30);
        assert_eq!(engine.started().len(), 2, "{variant}");
    }
}

/// The Hex cases reach the bot: moves as `play` commands, boards as a game found for them.
#[test]
fn a_hex_audit_over_htp_reaches_the_reachable_cases() {
    let engine = engine_with(
        "t-htp-audit",
        ("hex", "standard", "gtp"),
        &[],
        EASY,
        "variants: [standard, swap-sides, swap-mirror, standard@2, standard@3, swap-sides@3, \
         swap-mirror@3, standard@4, standard@5, swap-sides@5, swap-mirror@5]\n",
    );
    let (total, passed, not_applicable) = audit(&engine, "hex");
    assert!(total >= 40, "{total} hex cases planned");
    assert!(passed > 0);
    // Boards without a `history:` are reached by a game found for them.
    for message in &not_applicable {
        assert!(!message.contains("move orders"), "{message}");
    }
    assert_no_leftovers(&engine);
}
