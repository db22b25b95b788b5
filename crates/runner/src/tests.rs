//! The runner's reproducers: work bounded by the work a line can take, not by its expected
//! count (issue 15 §1), the play check's level, and snapshot judgement.

use std::path::Path;

use super::*;
use crate::spec::load_str;
use arbiter_engine::embedded_engines;
use arbiter_engine::{
    MarkRole, Position, PositionError, PositionRequest, RulesEngine, SearchReport,
};

/// Runs every case of a spec written inline under `options`.
fn run_spec(yaml: &str, options: &RunOptions) -> Vec<CaseResult> {
    let engines = embedded_engines();
    let spec = load_str(Path::new("inline.yaml"), yaml, &engines).expect("the spec loads");
    let files = CaseFiles::of_specs(vec![spec]);
    plan(&files, &engines, PlanScope::default())
        .iter()
        .map(|planned| planned.run(&files, engines[planned.engine].as_ref(), options))
        .collect()
}

/// The one result of a spec of one case.
fn run_one(yaml: &str, options: &RunOptions) -> CaseResult {
    let mut results = run_spec(yaml, options);
    assert_eq!(results.len(), 1, "{results:?}");
    results.remove(0)
}

/// The case passed, with a note that holds every one of `words`.
fn assert_passes_noting(result: &CaseResult, words: &[&str]) {
    assert_eq!(result.verdict, Verdict::Pass, "{}", result.message);
    assert!(
        result
            .notes
            .iter()
            .any(|note| words.iter().all(|word| note.contains(word))),
        "{:?}",
        result.notes
    );
}

/// The case did not apply, for a reason that holds every one of `words`.
#[track_caller]
fn assert_not_applicable_because(result: &CaseResult, words: &[&str]) {
    assert_eq!(result.verdict, Verdict::NotApplicable, "{}", result.message);
    let reason = result.reason.as_deref().unwrap_or("");
    assert!(words.iter().all(|word| reason.contains(word)), "{reason}");
}

/// The result of case `id` among `results`.
fn case<'a>(results: &'a [CaseResult], id: &str) -> &'a CaseResult {
    results
        .iter()
        .find(|r| r.name.ends_with(&format!("::{id}")))
        .unwrap()
}

/// The case's verdict and level are `expected`; the message is shown when they are not.
#[track_caller]
fn assert_judged(result: &CaseResult, expected: (Verdict, Option<Level>)) {
    assert_eq!(
        (result.verdict, result.level),
        expected,
        "{}",
        result.message
    );
}

/// The one finding of a case judged `expected` (verdict, level).
#[track_caller]
fn the_finding(result: &CaseResult, expected: (Verdict, Option<Level>)) -> &Finding {
    assert_judged(result, expected);
    let [finding] = result.findings.as_slice() else {
        panic!("{}: {:?}", result.name, result.findings)
    };
    finding
}

/// The moves a finding marks, with their roles.
fn marks(finding: &Finding) -> Vec<(String, MarkRole)> {
    finding
        .marks
        .iter()
        .map(|mark| (mark.mv.clone(), mark.role))
        .collect()
}

fn limited(nodes: u64) -> RunOptions {
    RunOptions::limited(Some(nodes), nodes)
}

#[test]
fn a_deep_perft_line_with_a_small_expected_count_stops_at_the_node_limit() {
    // Depth 100 on Othello is within the longest game bound (2 x 60 + 1 plies), and its
    // expected count is small, so only the walk's own budget can stop it.
    let result = run_one(
        "game: othello\nsource: x\ncases:\n  - id: deep\n    expect: {perft: {nodes: {1: 4, 100: 5}}}\n",
        &limited(100_000),
    );
    assert_passes_noting(&result, &["perft depth 100", "without finishing"]);
}

#[test]
fn a_walk_stops_at_the_walk_limit_below_the_perft_limit_and_names_the_option() {
    let options = RunOptions {
        walk_limit: Some(10_000),
        ..limited(1_000_000_000)
    };
    let result = run_one(
        "game: othello\nsource: x\ncases:\n  - id: deep\n    expect: {perft: {nodes: {1: 4, 40: 5}}}\n",
        &options,
    );
    assert_passes_noting(
        &result,
        &[
            "perft depth 40",
            "budget of 10000 positions",
            "--walk-limit",
        ],
    );
}

/// An exact solve the case gives no budget stops at the run's solve limit: nothing is learnt of
/// the engine, so the case is not applicable and says how to lift the limit (FFO #1 needs far
/// more than 1,000 nodes).
#[test]
fn an_unbudgeted_solve_stops_at_the_runs_solve_limit_as_not_applicable() {
    let engines = embedded_engines();
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../suites/othello/ffo-01-19.obf"),
    )
    .expect("the FFO file is in the repository");
    let first: String = text.lines().take(2).collect::<Vec<_>>().join("\n");
    let suite = crate::suite::load_suite_str(Path::new("ffo.obf"), first, &engines)
        .expect("the suite loads");
    let files = CaseFiles {
        specs: Vec::new(),
        suites: vec![suite],
    };
    let options = RunOptions {
        solve_limit: Some(1_000),
        ..limited(1_000)
    };
    let results: Vec<CaseResult> = plan(&files, &engines, PlanScope::default())
        .iter()
        .map(|planned| planned.run(&files, engines[planned.engine].as_ref(), &options))
        .collect();
    let [result] = results.as_slice() else {
        panic!("{results:?}")
    };
    assert_not_applicable_because(result, &["limit of 1000 nodes", "--solve-nodes"]);
}

#[test]
fn a_case_whose_every_perft_line_is_skipped_checked_nothing() {
    let result = run_one(
        "game: othello\nsource: x\ncases:\n  - id: deep\n    expect: {perft: {nodes: {100: 5}}}\n",
        &limited(10_000),
    );
    assert_judged(&result, (Verdict::NotApplicable, Some(Level::Rules)));
}

#[test]
fn a_tree_walk_from_the_othello_start_stops_at_the_node_limit() {
    let result = run_one(
        "game: othello\nsource: x\ncases:\n  - id: tree\n    expect: {tree: {games: 1}}\n",
        &limited(50_000),
    );
    assert_not_applicable_because(&result, &["more than 50000 nodes"]);
}

#[test]
fn a_depth_beyond_the_longest_game_is_a_spec_error_at_the_depth() {
    let result = run_one(
        "game: tictactoe\nsource: x\ncases:\n  - id: a\n    expect: {perft: {nodes: {1: 9, 4294967295: 0}}}\n",
        &limited(1_000_000),
    );
    assert_eq!(result.verdict, Verdict::SpecError);
    assert!(
        result.message.starts_with("inline.yaml:5:36: "),
        "{}",
        result.message
    );
    assert!(
        result
            .message
            .contains("no game lasts more than 9 more plies")
    );
}

#[test]
fn a_passing_rule_case_is_rule_level_and_says_where_it_is_written() {
    let result = run_one(
        "game: tictactoe\nsource: the rules\ncases:\n  - id: start\n    expect: {to-move: x}\n",
        &limited(1_000),
    );
    assert_judged(&result, (Verdict::Pass, Some(Level::Rules)));
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
    let result = run_one(
        "game: tictactoe\nsource: x\ncases:\n  - id: start\n    expect: {to-move: o}\n",
        &limited(1_000),
    );
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

/// A player-only engine: tic-tac-toe's embedded rules behind a tournament protocol's
/// capabilities (it chooses moves; its rules cannot be asked), or one that fails to answer;
/// with `rules`, an engine whose rule queries can be asked (and fail with the fault too).
struct Player {
    inner: Box<dyn RulesEngine>,
    fault: Option<&'static str>,
    rules: bool,
}

impl RulesEngine for Player {
    fn name(&self) -> &str {
        "player"
    }
    fn game(&self) -> &str {
        self.inner.game()
    }
    fn variants(&self) -> Vec<String> {
        self.inner.variants()
    }
    fn accepts_variant(&self, name: &str) -> bool {
        self.inner.accepts_variant(name)
    }
    fn default_variant(&self) -> String {
        self.inner.default_variant()
    }
    fn side_names(&self) -> [&'static str; 2] {
        self.inner.side_names()
    }
    fn capabilities(&self) -> arbiter_engine::Capabilities {
        arbiter_engine::Capabilities {
            rules: self.rules,
            search: false,
            player: true,
        }
    }
    fn position(
        &self,
        variant: &str,
        request: &PositionRequest,
    ) -> Result<Box<dyn Position>, PositionError> {
        let position = self.inner.position(variant, request)?;
        Ok(match self.fault {
            None => position,
            Some(kind) => Box::new(Faulty {
                position,
                kind,
                queries: self.rules,
            }),
        })
    }
}

/// A position whose engine answers every search (and, with `queries`, every rule query) with
/// a fault of `kind`.
struct Faulty {
    position: Box<dyn Position>,
    kind: &'static str,
    queries: bool,
}

impl Faulty {
    /// The scripted fault, its kind read from its code.
    fn fault(&self) -> arbiter_engine::Fault {
        arbiter_engine::Fault {
            kind: serde_json::from_value(serde_json::json!(self.kind)).unwrap(),
            detail: "the scripted fault".to_owned(),
            played: None,
        }
    }

    fn answer<T>(&self, answer: Answered<T>) -> Answered<T> {
        if self.queries {
            return Err(QueryError::Fault(self.fault()));
        }
        answer
    }
}

impl Position for Faulty {
    fn to_move(&self) -> String {
        self.position.to_move()
    }
    fn is_to_move(&self, name: &str) -> bool {
        self.position.is_to_move(name)
    }
    fn is_winner(&self, name: &str) -> Answered<bool> {
        self.answer(self.position.is_winner(name))
    }
    fn legal_moves(&self) -> Answered<Vec<String>> {
        self.answer(self.position.legal_moves())
    }
    fn canonical(&self, text: &str) -> Result<String, arbiter_engine::Refusal> {
        self.position.canonical(text)
    }
    fn check(&self, text: &str) -> Answered<Result<(), arbiter_engine::Refusal>> {
        self.answer(self.position.check(text))
    }
    fn play(&mut self, text: &str) -> Result<(), arbiter_engine::Refusal> {
        self.position.play(text)
    }
    fn outcome(&self) -> Answered<Option<arbiter_engine::OutcomeView>> {
        self.answer(self.position.outcome())
    }
    fn perft(&mut self, depth: u32, convention: arbiter_core::PerftConvention) -> Answered<u64> {
        let answer = self.position.perft(depth, convention);
        self.answer(answer)
    }
    fn diagram(&self) -> String {
        self.position.diagram()
    }
    fn text(&self) -> String {
        self.position.text()
    }
    fn same_board(&self, diagram: &str) -> Answered<Result<bool, String>> {
        self.answer(self.position.same_board(diagram))
    }
    fn forbidden(&self) -> Answered<Option<Vec<(String, String)>>> {
        self.answer(self.position.forbidden())
    }
    fn search(
        &self,
        _: arbiter_engine::Algorithm,
        _: arbiter_engine::Budget,
        _: Option<&str>,
    ) -> Result<SearchReport, arbiter_engine::SearchFailure> {
        // `last-legal`: no fault, a legal move chosen without a thought.
        if self.kind == "last-legal" {
            let moves = self.position.legal_moves().unwrap_or_default();
            let best = moves.last().cloned();
            return Ok(SearchReport {
                best: best.clone(),
                score: 0,
                depth: 0,
                nodes: 0,
                pv: best.into_iter().collect(),
                proven: None,
            });
        }
        Err(arbiter_engine::SearchFailure::Fault(self.fault()))
    }
    fn tree_counts(&self, max_nodes: u64) -> Option<arbiter_engine::TreeCounts> {
        self.position.tree_counts(max_nodes)
    }
}

fn run_player(yaml: &str, fault: Option<&'static str>) -> Vec<CaseResult> {
    run_scripted(yaml, fault, false)
}

/// The tic-tac-toe [`Player`] with `fault` (and `rules`), as the one engine of a run.
fn player(fault: Option<&'static str>, rules: bool) -> Vec<Box<dyn RulesEngine>> {
    vec![Box::new(Player {
        inner: arbiter_engine::find_engine("tictactoe").unwrap(),
        fault,
        rules,
    })]
}

fn run_scripted(yaml: &str, fault: Option<&'static str>, rules: bool) -> Vec<CaseResult> {
    let engines = player(fault, rules);
    let spec = load_str(Path::new("inline.yaml"), yaml, &embedded_engines()).unwrap();
    let files = CaseFiles::of_specs(vec![spec]);
    plan(&files, &engines, PlanScope::default())
        .iter()
        .map(|planned| planned.run(&files, engines[planned.engine].as_ref(), &limited(1_000)))
        .collect()
}

const PLAYER_SPEC: &str = "game: tictactoe\nsource: x\ncases:\n  - id: start\n    expect: {perft: {nodes: {1: 9}}}\n  - id: won\n    position: {moves: \"a1 a2 b1 b2 c1\"}\n    expect: {over: {winner: x}}\n";

/// The player spec with a board that is over as it stands: nothing to play there.
const PLAYER_SPEC_OVER: &str = "game: tictactoe\nsource: x\ncases:\n  - id: start\n    expect: {perft: {nodes: {1: 9}}}\n  - id: won\n    position: {moves: \"a1 a2 b1 b2 c1\"}\n    expect: {over: {winner: x}}\n  - id: over-as-it-stands\n    position: {text: \"xxx/oo./... o\"}\n    expect: {over: {winner: x}}\n";

#[test]
fn a_player_only_engine_gets_play_checks_never_rule_level_passes() {
    let results = run_player(PLAYER_SPEC_OVER, None);
    let start = case(&results, "start");
    assert_judged(start, (Verdict::Pass, Some(Level::Play)));
    assert!(
        start
            .engine_said
            .as_deref()
            .unwrap_or("")
            .starts_with("plays ")
    );
    // The case's last move wins: one ply back, the engine must win at once too.
    let won = case(&results, "won");
    assert_judged(won, (Verdict::Pass, Some(Level::Play)));
    assert!(
        won.engine_said
            .as_deref()
            .unwrap_or("")
            .contains("before the case's `c1`"),
        "{:?}",
        won.engine_said
    );
    let over = case(&results, "over-as-it-stands");
    assert_judged(over, (Verdict::NotApplicable, None));
    assert!(over.reason.as_deref().unwrap().contains("the game is over"));
    let counts = Counts::of(&results);
    assert_eq!(
        (counts.passed, counts.play_checks, counts.not_applicable),
        (0, 2, 1)
    );
    let coverage = Coverage::of(&results);
    assert_eq!(
        (coverage.rule_level, coverage.play_check, coverage.checked()),
        (0, 2, 2)
    );
}

#[test]
fn an_engine_that_does_not_take_the_win_a_case_is_about_missed_a_win_and_broke_no_rule() {
    let results = run_player(PLAYER_SPEC, Some("last-legal"));
    let won = case(&results, "won");
    assert_judged(won, (Verdict::MissedWin, Some(Level::Play)));
    assert!(
        won.message.contains("does not win at once"),
        "{}",
        won.message
    );
    let counts = Counts::of(&results);
    assert_eq!((counts.missed_wins, counts.failed), (1, 0));
    // Checked by a play check, so it counts as covered.
    assert_eq!(Coverage::of([won]).play_check, 1);
}

#[test]
fn an_engine_that_fails_to_answer_is_an_engine_fault_with_its_class() {
    let results = run_player(PLAYER_SPEC, Some("timeout"));
    let start = &results[0];
    assert_eq!(start.verdict, Verdict::EngineFault);
    assert_eq!(
        start.fault.map(arbiter_engine::FaultKind::code),
        Some("timeout")
    );
    assert!(
        start.message.contains("engine fault (timeout)"),
        "{}",
        start.message
    );
    let results = run_player(PLAYER_SPEC, Some("illegal-move"));
    assert_eq!(
        results[0].verdict,
        Verdict::Fail,
        "a broken rule is a failed case"
    );
    assert_eq!(
        results[0].fault.map(arbiter_engine::FaultKind::code),
        Some("illegal-move")
    );
}

#[test]
fn a_rule_query_that_faults_is_an_engine_fault_never_a_pass() {
    // Every case of the spec would pass on the reference rules' answers; the engine gives none.
    let results = run_scripted(PLAYER_SPEC, Some("crash"), true);
    assert_eq!(results.len(), 2);
    for result in &results {
        assert_eq!(result.verdict, Verdict::EngineFault, "{}", result.message);
        assert_eq!(
            result.fault.map(arbiter_engine::FaultKind::code),
            Some("crash")
        );
        assert!(
            result
                .message
                .contains("engine fault (crash): the scripted fault"),
            "{}",
            result.message
        );
    }
    let counts = Counts::of(&results);
    assert_eq!((counts.passed, counts.engine_faults), (0, 2));
    // The same engine answering for itself passes both at rule level.
    let results = run_scripted(PLAYER_SPEC, None, true);
    assert!(
        results
            .iter()
            .all(|result| (result.verdict, result.level) == (Verdict::Pass, Some(Level::Rules))),
        "{results:?}"
    );
}

/// `invalid-position` is checked by the problems' codes: each code takes one reported problem
/// of its own, and a code the rules do not report fails the case.
#[test]
fn an_impossible_position_is_judged_by_its_problem_codes() {
    // Six X against two O with two parallel X lines: `piece-count` and `unreachable`.
    let case = |id: &str, codes: &str| {
        format!(
            "  - id: {id}\n    position: {{text: \"xxx/oo./xxx o\"}}\n    expect: \
             {{invalid-position: {{codes: [{codes}]}}}}\n"
        )
    };
    let yaml = format!(
        "game: tictactoe\nsource: x\ncases:\n{}{}{}{}",
        case("both", "unreachable, piece-count"),
        case("twice", "piece-count, piece-count"),
        case("other", "side-to-move"),
        case("accepted", "piece-count").replace("xxx/oo./xxx o", "x../.../... o"),
    );
    let results = run_spec(&yaml, &limited(1000));
    let verdict = |id: &str| {
        let result = results.iter().find(|r| r.name.ends_with(id)).unwrap();
        (result.verdict, result.message.clone())
    };
    assert_eq!(verdict("both").0, Verdict::Pass, "{}", verdict("both").1);
    for id in ["twice", "other", "accepted"] {
        assert_eq!(verdict(id).0, Verdict::Fail, "{id}");
    }
    assert!(
        verdict("other")
            .1
            .contains("a problem of code `side-to-move`")
    );
    assert!(verdict("accepted").1.contains("it was accepted"));
}

#[test]
fn a_wrong_including_or_excluding_list_names_and_marks_the_moves_at_fault() {
    let results = run_spec(
        "game: tictactoe\nsource: x\ncases:\n  - id: including\n    position: {moves: \"a1\"}\n    expect: {legal: {including: [a1, b2]}}\n  - id: excluding\n    expect: {legal: {excluding: [b2]}}\n",
        &limited(1_000),
    );
    let finding = the_finding(
        case(&results, "including"),
        (Verdict::Fail, Some(Level::Rules)),
    );
    assert_eq!(
        (finding.check.as_str(), finding.expected.as_str()),
        ("legal", "including [a1, b2]")
    );
    assert_eq!(finding.actual, "[a2, a3, b1, b2, b3, c1, c2, c3]");
    assert_eq!(
        finding.text,
        "expected legal: [a1, b2]\nmissing:  [a1]\nactual:   [a2, a3, b1, b2, b3, c1, c2, c3]"
    );
    assert_eq!(marks(finding), [("a1".to_owned(), MarkRole::Missing)]);
    let finding = the_finding(
        case(&results, "excluding"),
        (Verdict::Fail, Some(Level::Rules)),
    );
    assert_eq!(finding.expected, "excluding [b2]");
    assert_eq!(finding.actual, "[a1, a2, a3, b1, b2, b3, c1, c2, c3]");
    assert_eq!(finding.text, "expected not legal: [b2]\nbut legal: [b2]");
    assert_eq!(marks(finding), [("b2".to_owned(), MarkRole::Extra)]);
}

/// A renju position with one double-three point for black: f8 g8 across and h6 h7 up meet
/// at h8 (each an open three with it), white's four stones in the corners.
const DOUBLE_THREE_AT_H8: &str = "f8 a1 g8 a15 h6 o1 h7 o15";

#[test]
fn a_wrong_forbidden_list_names_and_marks_the_points_at_fault() {
    let spec_case = |id: &str, expect: &str| {
        format!(
            "  - id: {id}\n    position: {{moves: \"{DOUBLE_THREE_AT_H8}\"}}\n    expect: \
             {{forbidden: {expect}}}\n"
        )
    };
    let yaml = format!(
        "game: gomoku\nsource: x\nvariants: [renju]\ncases:\n{}{}{}{}",
        spec_case("holds", "{exactly: [{move: h8, reason: double-three}]}"),
        spec_case("exactly", "{exactly: [{move: h8, reason: overline}]}"),
        spec_case(
            "including",
            "{including: [{move: j10, reason: double-three}]}"
        ),
        spec_case("excluding", "{excluding: [h8, j10]}"),
    );
    let results = run_spec(&yaml, &limited(1_000));
    let only_finding =
        |id: &str| the_finding(case(&results, id), (Verdict::Fail, Some(Level::Rules)));
    assert_judged(case(&results, "holds"), (Verdict::Pass, Some(Level::Rules)));

    let (missing, extra) = (MarkRole::Missing, MarkRole::Extra);
    let wrong_lists = [
        (
            "exactly",
            "[h8 overline]",
            "expected forbidden: [h8 overline]\nactual:   [h8 double-three]\nmissing:  [h8 overline]\n\
             extra:    [h8 double-three]",
            vec![("h8", missing), ("h8", extra)],
        ),
        (
            "including",
            "including [j10 double-three]",
            "expected forbidden: [j10 double-three]\nmissing:  [j10 double-three]\nactual:   [h8 double-three]",
            vec![("j10", missing)],
        ),
        (
            "excluding",
            "excluding [h8, j10]",
            "expected not forbidden: [h8, j10]\nbut forbidden: [h8]",
            vec![("h8", extra)],
        ),
    ];
    for (id, expected, text, marked) in wrong_lists {
        let finding = only_finding(id);
        assert_eq!(
            (finding.expected.as_str(), finding.actual.as_str()),
            (expected, "[h8 double-three]"),
            "{id}"
        );
        assert_eq!(finding.text, text, "{id}");
        let marked: Vec<(String, MarkRole)> = marked
            .into_iter()
            .map(|(mv, role)| (mv.to_owned(), role))
            .collect();
        assert_eq!(marks(finding), marked, "{id}");
    }
}

#[test]
fn a_won_position_the_engine_does_not_play_out_to_a_win_is_a_missed_win_with_the_game() {
    // x to move wins at once with b1 (the top row); an engine that plays its last legal move,
    // c3, lets o complete the middle row.
    let yaml = "game: tictactoe\nsource: x\nbudget: {depth: 9}\ncases:\n  - id: wins\n    position: {text: \
                \"x.x/oo./... x\"}\n    score: win\n";
    let engines = embedded_engines();
    let suite = crate::suite::load_suite_str(Path::new("inline.yaml"), yaml.into(), &engines)
        .expect("the suite loads");
    let files = CaseFiles {
        specs: Vec::new(),
        suites: vec![suite],
    };
    let players = player(Some("last-legal"), false);
    let [planned] = plan(&files, &players, PlanScope::default())
        .try_into()
        .expect("one case");
    let result = planned.run(&files, players[0].as_ref(), &limited(1_000));
    let finding = the_finding(&result, (Verdict::MissedWin, Some(Level::Play)));
    assert_eq!(
        (finding.check.as_str(), finding.expected.as_str()),
        ("play-out", "x wins the game out against arbiter's defence")
    );
    assert_eq!(finding.actual, "o wins by line");
    assert_eq!(
        result.engine_said.as_deref(),
        Some("played out: c3 c2 (o wins by line)")
    );
}
