//! The runner's reproducers: work bounded by the work a line can take, not by its expected
//! count (issue 15 §1), the play check's level, and snapshot judgement.

use std::path::Path;

use super::*;
use crate::engine::embedded_engines;
use crate::spec::load_str;

/// Runs every case of a spec written inline under `options`.
fn run_spec(yaml: &str, options: &RunOptions) -> Vec<CaseResult> {
    let engines = embedded_engines();
    let spec = load_str(Path::new("inline.yaml"), yaml, &engines).expect("the spec loads");
    let files = CaseFiles {
        specs: vec![spec],
        suites: Vec::new(),
    };
    plan(&files, &engines, PlanScope::default())
        .iter()
        .map(|planned| planned.run(&files, &engines, options))
        .collect()
}

fn limited(nodes: u64) -> RunOptions {
    RunOptions {
        perft_limit: Some(nodes),
        tree_limit: nodes,
        snapshots: SnapshotPolicy::Ignore,
    }
}

#[test]
fn a_deep_perft_line_with_a_small_expected_count_stops_at_the_node_limit() {
    // Depth 100 on Othello is within the longest game bound (2 x 60 + 1 plies), and its
    // expected count is small, so only the walk's own budget can stop it.
    let results = run_spec(
        "game: othello\nsource: x\ncases:\n  - id: deep\n    expect: {perft: {nodes: {1: 4, 100: 5}}}\n",
        &limited(100_000),
    );
    let [result] = results.as_slice() else {
        panic!("{results:?}")
    };
    assert_eq!(result.verdict, Verdict::Pass, "{}", result.message);
    assert!(
        result
            .notes
            .iter()
            .any(|note| note.contains("perft depth 100") && note.contains("without finishing")),
        "{:?}",
        result.notes
    );
}

#[test]
fn a_case_whose_every_perft_line_is_skipped_checked_nothing() {
    let results = run_spec(
        "game: othello\nsource: x\ncases:\n  - id: deep\n    expect: {perft: {nodes: {100: 5}}}\n",
        &limited(10_000),
    );
    assert_eq!(
        results[0].verdict,
        Verdict::NotApplicable,
        "{}",
        results[0].message
    );
    assert_eq!(results[0].level, Some(Level::Rules));
}

#[test]
fn a_tree_walk_from_the_othello_start_stops_at_the_node_limit() {
    let results = run_spec(
        "game: othello\nsource: x\ncases:\n  - id: tree\n    expect: {tree: {games: 1}}\n",
        &limited(50_000),
    );
    assert_eq!(results[0].verdict, Verdict::NotApplicable);
    assert!(
        results[0]
            .reason
            .as_deref()
            .unwrap_or("")
            .contains("more than 50000 nodes"),
        "{:?}",
        results[0].reason
    );
}

#[test]
fn a_depth_beyond_the_longest_game_is_a_spec_error_at_the_depth() {
    let results = run_spec(
        "game: tictactoe\nsource: x\ncases:\n  - id: a\n    expect: {perft: {nodes: {1: 9, 4294967295: 0}}}\n",
        &limited(1_000_000),
    );
    assert_eq!(results[0].verdict, Verdict::SpecError);
    assert!(
        results[0].message.starts_with("inline.yaml:5:36: "),
        "{}",
        results[0].message
    );
    assert!(
        results[0]
            .message
            .contains("no game lasts more than 9 more plies")
    );
}

#[test]
fn a_passing_rule_case_is_rule_level_and_says_where_it_is_written() {
    let results = run_spec(
        "game: tictactoe\nsource: the rules\ncases:\n  - id: start\n    expect: {to-move: x}\n",
        &limited(1_000),
    );
    let result = &results[0];
    assert_eq!(
        (result.verdict, result.level),
        (Verdict::Pass, Some(Level::Rules))
    );
    assert_eq!(result.origin.location(), "inline.yaml:4");
    assert_eq!(result.origin.source, "the rules");
    assert_eq!(
        result.board.as_ref().map(|b| b.text.as_str()),
        Some(".../.../... x")
    );
    assert!(result.message.is_empty());
}

#[test]
fn a_failing_case_names_what_was_expected_and_what_was_found() {
    let results = run_spec(
        "game: tictactoe\nsource: x\ncases:\n  - id: start\n    expect: {to-move: o}\n",
        &limited(1_000),
    );
    let result = &results[0];
    assert_eq!(result.verdict, Verdict::Fail);
    assert_eq!(result.findings.len(), 1);
    assert_eq!(result.findings[0].check, "to-move");
    assert_eq!(result.findings[0].expected, "o to move");
    assert_eq!(result.findings[0].actual, "x to move");
    assert!(
        result
            .message
            .contains("expected: o to move\n    actual:   x to move")
    );
}
