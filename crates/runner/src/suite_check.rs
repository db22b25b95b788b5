//! Running a suite case: set the position up, search it under the case's budget, compare the
//! chosen move and the score with the expectations. The search is kept for the snapshot,
//! which [`super::PlannedCase::run`] compares.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use arbiter_search::{Algorithm, Budget, ProvenResult, SearchError};

use super::result::{Board, Finding, Level, Verdict, indent};
use super::{CaseCheck, Stop, canonical_set, list, position_request};
use crate::suite::LoadedSuite;
use crate::suite::model::{BudgetSpec, ExpectedScore, SuiteCase};
use arbiter_engine::{
    Fault, MarkRole, OutcomeView, Position, PositionRequest, RulesEngine, SearchFailure,
    SearchReport,
};

/// What a suite case searched with, for the snapshot.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings {
    pub(crate) algorithm: Algorithm,
    pub(crate) budget: Option<BudgetSpec>,
}

/// The algorithm and budget a case runs with: its own, else the suite's.
#[must_use]
pub fn settings_of(loaded: &LoadedSuite, case: &SuiteCase) -> (Algorithm, Option<BudgetSpec>) {
    let algorithm = case
        .algorithm
        .or(loaded.suite.algorithm)
        .unwrap_or_default();
    (algorithm, case.budget.or(loaded.suite.budget))
}

/// Runs case `index` of `loaded` against `engine`; an exact solve without a budget of its own
/// searches at most `solve_limit` nodes.
pub(crate) fn run(
    engine: &dyn RulesEngine,
    loaded: &LoadedSuite,
    index: usize,
    variant: &str,
    solve_limit: Option<u64>,
) -> (CaseCheck, Settings) {
    let case = &loaded.suite.cases[index];
    let (algorithm, budget) = settings_of(loaded, case);
    let title = format!(
        "suite case `{}` ({}, {algorithm}, {})",
        case.id.value,
        engine.name(),
        budget.map_or_else(|| "to the end".to_owned(), |b| b.to_string()),
    );
    let mut outcome = CaseCheck::new(&loaded.path, loaded.lines[index], title);
    let search = Search {
        algorithm,
        budget,
        solve_limit,
        file: &loaded.text,
    };
    let verdict = search.run(&mut outcome, engine, case, variant);
    outcome.finish(verdict, false);
    (outcome, Settings { algorithm, budget })
}

/// How a case is searched, and the file it is written in.
struct Search<'a> {
    algorithm: Algorithm,
    budget: Option<BudgetSpec>,
    /// The run's nodes for a solve the case gives no budget (`None`: to the end).
    solve_limit: Option<u64>,
    file: &'a str,
}

impl Search<'_> {
    fn run(
        &self,
        outcome: &mut CaseCheck,
        engine: &dyn RulesEngine,
        case: &SuiteCase,
        variant: &str,
    ) -> Verdict {
        let player_only = match self.player_only(outcome, engine, case, variant) {
            Ok(player_only) => player_only,
            Err(verdict) => return verdict,
        };
        let positions = match self.set_up(outcome, engine, case, variant) {
            Ok(positions) => positions,
            Err(verdict) => return verdict,
        };
        let judge = positions.judge();
        if let Err(stop) = self.moves_are_legal(judge, case) {
            return outcome.stop(stop);
        }
        let report = match positions
            .tested
            .search(self.algorithm, self.search_budget(), None)
        {
            Ok(report) => report,
            Err(failure) => return self.search_failed(outcome, failure, judge, case, player_only),
        };
        self.judge_report(
            outcome,
            engine,
            case,
            positions.tested.as_ref(),
            report,
            player_only,
        )
    }

    /// Whether the engine only plays moves (a tournament protocol): it then chooses a move but
    /// proves nothing, so its move is checked against `best`/`avoid`, and a case with only a
    /// `score` does not apply. `Err` holds the verdict of a case the engine cannot search.
    fn player_only(
        &self,
        outcome: &mut CaseCheck,
        engine: &dyn RulesEngine,
        case: &SuiteCase,
        variant: &str,
    ) -> Result<bool, Verdict> {
        let capabilities = engine.capabilities();
        let player_only = !capabilities.search && capabilities.player;
        if !capabilities.search && !player_only {
            return Err(outcome.stop(Stop::not_applicable(format!(
                "{} has no search",
                engine.name()
            ))));
        }
        if player_only && case.best.is_none() && case.avoid.is_none() {
            if case.score == Some(ExpectedScore::Win) {
                return Err(play_out(outcome, engine, case, variant, self.file));
            }
            return Err(outcome.stop(Stop::not_applicable(format!(
                "{} only plays moves; the case expects a proven score other than a win",
                engine.name()
            ))));
        }
        Ok(player_only)
    }

    /// The case's position on the engine under test, and on the reference rules (the embedded
    /// engine of the game, when there is one). The case's own moves are judged by the
    /// reference, not by the engine under test: a player-only engine cannot be asked, and
    /// whether the case is sound is not the tested engine's to say.
    fn set_up(
        &self,
        outcome: &mut CaseCheck,
        engine: &dyn RulesEngine,
        case: &SuiteCase,
        variant: &str,
    ) -> Result<Positions, Verdict> {
        let request = position_request(&case.position);
        let tested = super::set_up(
            outcome,
            &case.position,
            engine.position(variant, &request),
            self.file,
        )?;
        let reference = arbiter_engine::find_engine(engine.game())
            .and_then(|rules| rules.position(variant, &request).ok());
        Ok(Positions { tested, reference })
    }

    /// The case's budget, else the run's limit for a solve (none: to the end).
    fn search_budget(&self) -> Budget {
        match self.budget {
            Some(BudgetSpec {
                depth: Some(depth), ..
            }) => Budget::Depth(depth),
            Some(BudgetSpec {
                nodes: Some(nodes), ..
            }) => Budget::Nodes(nodes),
            _ => Budget::Nodes(self.solve_limit.unwrap_or(u64::MAX)),
        }
    }

    /// The verdict of a search that gave no report.
    fn search_failed(
        &self,
        outcome: &mut CaseCheck,
        failure: SearchFailure,
        judge: &dyn Position,
        case: &SuiteCase,
        player_only: bool,
    ) -> Verdict {
        match failure {
            // The run's limit, not the case's budget, stopped the solve: nothing was learnt
            // of the engine, so the case is not applicable, naming how to lift the limit.
            SearchFailure::Search(SearchError::BudgetExhausted { .. })
                if self.budget.is_none() && self.solve_limit.is_some() =>
            {
                outcome.stop(Stop::not_applicable(format!(
                    "the solve reached the run's limit of {} nodes without a proof (the case \
                     sets no budget; `--solve-nodes N` or `--solve-nodes none` lifts the limit)",
                    self.solve_limit.unwrap_or_default()
                )))
            }
            SearchFailure::Search(SearchError::Unsupported(what)) => {
                outcome.stop(Stop::not_applicable(what))
            }
            SearchFailure::Fault(fault) => {
                if fault.kind.is_rule_break()
                    && let Some(played) = &fault.played
                {
                    return self.rule_broken(outcome, &fault, played, judge, case);
                }
                if fault.kind.is_rule_break() {
                    outcome.level = Some(Level::Play);
                }
                outcome.record_fault(&fault);
                outcome.stop(Stop::fault(&fault))
            }
            error => {
                outcome.level = Some(level_of(player_only));
                // A solver that gives up within the budget is the known weakness a `fixme`
                // names (the 7x7 Hex openings): noted, as a wrong answer would be.
                if let (Some(reason), SearchFailure::Search(SearchError::BudgetExhausted { .. })) =
                    (&case.fixme, &error)
                {
                    outcome
                        .notes
                        .push(format!("known failure (fixme: {reason}): {error}"));
                    return Verdict::Pass;
                }
                outcome.stop(Stop::new(Verdict::Fail, error.to_string()))
            }
        }
    }

    /// A rule broken in answering: the board shows the engine's move `played` beside the
    /// case's best moves.
    fn rule_broken(
        &self,
        outcome: &mut CaseCheck,
        fault: &Fault,
        played: &str,
        judge: &dyn Position,
        case: &SuiteCase,
    ) -> Verdict {
        outcome.level = Some(Level::Play);
        let best = case
            .best
            .as_ref()
            .and_then(|best| canonical_set(judge, best, self.file).ok())
            .unwrap_or_default();
        let expected = if best.is_empty() {
            "a legal move".to_owned()
        } else {
            format!("a move among {}", list(&best))
        };
        outcome.findings.push(
            Finding::new("play", expected, fault.in_words())
                .marking(MarkRole::Expected, best.iter().map(|mv| (mv, None)))
                .marking(MarkRole::Actual, [(played, None)]),
        );
        outcome.record_fault(fault)
    }

    /// The verdict of a search that answered: the expectations its report fails, as a
    /// failure, a missed win (a player-only engine) or a `fixme`'s known failure.
    fn judge_report(
        &self,
        outcome: &mut CaseCheck,
        engine: &dyn RulesEngine,
        case: &SuiteCase,
        position: &dyn Position,
        report: SearchReport,
        player_only: bool,
    ) -> Verdict {
        outcome.level = Some(level_of(player_only));
        outcome.engine_said = Some(describe(&report));
        if player_only && case.score.is_some() {
            outcome
                .notes
                .push("score not checked: the engine only plays moves".to_owned());
        }
        let findings = expectations_hold(position, case, &report, !player_only, self.file);
        outcome.search = Some(report);
        let findings = match findings {
            Ok(findings) => findings,
            Err(stop) => return outcome.stop(stop),
        };
        if let Some(reason) = &case.fixme {
            return known_failure(outcome, reason, &findings, engine.reproducible());
        }
        if findings.is_empty() {
            return Verdict::Pass;
        }
        let report = outcome.search.as_ref().expect("kept above");
        let search_line = format!("search:   {}", describe(report));
        outcome.findings.extend(findings);
        outcome.trailer = Some(search_line);
        if player_only {
            // Its move was legal (the driver validated it); only the best move was missed,
            // which no rule obliges a player to find.
            return Verdict::MissedWin;
        }
        Verdict::Fail
    }

    /// Every move a case names in `best` or `avoid` must be legal in its position: a best move
    /// that cannot be played could never be chosen, and avoiding one would pass by vacuity.
    fn moves_are_legal(&self, position: &dyn Position, case: &SuiteCase) -> Result<(), Stop> {
        for (key, moves) in [("best", &case.best), ("avoid", &case.avoid)] {
            let Some(moves) = moves else { continue };
            for (text, at) in super::move_texts(moves, self.file) {
                let canonical = super::canonical(position, text, at)?;
                if let Err(refusal) = super::answered(position.check(&canonical))? {
                    return Err(Stop::spec_error_at(
                        at,
                        format!(
                            "`{key}` names `{text}`, which is not legal here ({}): {}",
                            refusal.code, refusal.detail
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// A case's position on the engine under test, and on the reference rules when the game has
/// them.
struct Positions {
    tested: Box<dyn Position>,
    reference: Option<Box<dyn Position>>,
}

impl Positions {
    /// The position that judges the case's own moves: the reference's, else the tested one.
    fn judge(&self) -> &dyn Position {
        self.reference.as_deref().unwrap_or(self.tested.as_ref())
    }
}

const fn level_of(player_only: bool) -> Level {
    if player_only {
        Level::Play
    } else {
        Level::Rules
    }
}

/// The verdict of a case marked `fixme: reason`, a known weakness of arbiter's own engine: a
/// failure there is reported as known. That the case now holds is news only for arbiter's own
/// engine (its searches are reproducible); an external engine that holds it simply passes.
fn known_failure(
    outcome: &mut CaseCheck,
    reason: &str,
    findings: &[Finding],
    own_engine: bool,
) -> Verdict {
    if findings.is_empty() && !own_engine {
        return Verdict::Pass;
    }
    if findings.is_empty() {
        let report = outcome.search.as_ref().expect("kept above");
        outcome.findings.push(Finding::shown_as(
            "fixme",
            "the case still fails",
            "it holds",
            format!(
                "the case is marked `fixme: {reason}` but now holds: remove the mark\n\
             search:   {}",
                describe(report)
            ),
        ));
        return Verdict::Fail;
    }
    let texts: Vec<&str> = findings.iter().map(|f| f.text.as_str()).collect();
    outcome.notes.push(format!(
        "known failure (fixme: {reason}): {}",
        texts.join("; ")
    ));
    Verdict::Pass
}

/// The failed expectations.
fn expectations_hold(
    position: &dyn Position,
    case: &SuiteCase,
    report: &SearchReport,
    check_score: bool,
    file: &str,
) -> Result<Vec<Finding>, Stop> {
    let mut findings = Vec::new();
    let chosen = report.best.clone().unwrap_or_else(|| "none".to_owned());
    if let Some(best) = &case.best {
        let best: BTreeSet<String> = canonical_set(position, best, file)?;
        if !best.contains(&chosen) {
            findings.push(
                Finding::new(
                    "best",
                    format!("a move among {}", list(&best)),
                    chosen.clone(),
                )
                .marking(MarkRole::Expected, best.iter().map(|mv| (mv, None)))
                .marking(MarkRole::Actual, [(&chosen, None)]),
            );
        }
    }
    if let Some(avoid) = &case.avoid {
        let avoid: BTreeSet<String> = canonical_set(position, avoid, file)?;
        if avoid.contains(&chosen) {
            findings.push(
                Finding::new("avoid", format!("none of {}", list(&avoid)), chosen.clone())
                    .marking(MarkRole::Actual, [(&chosen, None)]),
            );
        }
    }
    if let Some(expected) = case.score.filter(|_| check_score) {
        let proven = report.proven;
        let holds = match (expected, proven) {
            (ExpectedScore::Win, Some(p)) => p.verdict == ProvenResult::Win,
            (ExpectedScore::Draw, Some(p)) => p.verdict == ProvenResult::Draw,
            (ExpectedScore::Loss, Some(p)) => p.verdict == ProvenResult::Loss,
            (ExpectedScore::Exact(margin), Some(p)) => p.margin == Some(margin),
            (_, None) => false,
        };
        if !holds {
            findings.push(Finding::new(
                "score",
                format!("{expected} (proven)"),
                proof_text(report),
            ));
        }
    }
    Ok(findings)
}

/// What the search proved, or that it proved nothing.
#[must_use]
pub fn proof_text(report: &SearchReport) -> String {
    match report.proven {
        Some(proven) => match proven.margin {
            Some(margin) => format!("{} {margin:+}", proven.verdict),
            None => proven.verdict.to_string(),
        },
        None => format!("unproven (score {})", report.score),
    }
}

/// One line about a search: move, score, depth, nodes, principal variation.
fn describe(report: &SearchReport) -> String {
    let mut text = format!(
        "best {} score {} ({}) depth {} nodes {}",
        report.best.as_deref().unwrap_or("none"),
        report.score,
        proof_text(report),
        report.depth,
        report.nodes
    );
    if !report.pv.is_empty() {
        let _ = write!(text, " pv {}", report.pv.join(" "));
    }
    text
}

/// A suite message: the header, the board, then each block on its own lines.
pub(crate) fn render(header: &str, board: Option<&Board>, blocks: &[&str]) -> String {
    let mut text = format!("{header}\n");
    if let Some(board) = board {
        let _ = writeln!(text, "{}", indent(&board.diagram));
    }
    for block in blocks {
        let _ = writeln!(text, "{block}");
    }
    text
}

/// The most plies a won position is played out for (a VCF runs a few fours; a VCT a few
/// more moves).
pub(crate) const PLAY_OUT_PLIES: usize = 40;

/// The reference's budget per defending move: deterministic, and enough to block every four.
const DEFENCE_NODES: u64 = 20_000;

/// A player-only engine in a position its side wins (the case's proven `score: win`): it
/// plays the game out against the reference engine's defence and should win within
/// [`PLAY_OUT_PLIES`]; a game it does not win is a missed win, every move of it legal. A play protocol cannot prove a score; winning the position is what the
/// score claims can be had, and what a tournament asks of the engine. Every move of the engine
/// is validated by its driver; the defence is the embedded engine's search.
fn play_out(
    outcome: &mut CaseCheck,
    engine: &dyn RulesEngine,
    case: &SuiteCase,
    variant: &str,
    file: &str,
) -> Verdict {
    let request = position_request(&case.position);
    let Some(reference) = arbiter_engine::find_engine(engine.game()) else {
        return outcome.stop(Stop::not_applicable("no reference rules to defend with"));
    };
    let mut game = match super::set_up(
        outcome,
        &case.position,
        reference.position(variant, &request),
        file,
    ) {
        Ok(position) => position,
        Err(verdict) => return verdict,
    };
    let mut play = PlayOut {
        engine,
        variant,
        attacker: game.to_move(),
        request,
        played: Vec::new(),
    };
    while play.played.len() < PLAY_OUT_PLIES {
        match super::answered(game.outcome()) {
            Ok(Some(over)) => return play.ended(outcome, &over),
            Ok(None) => {}
            Err(stop) => return outcome.stop(stop),
        }
        let mv = match play.next_move(outcome, game.as_ref()) {
            Ok(mv) => mv,
            Err(verdict) => return verdict,
        };
        if let Err(refusal) = game.play(&mv) {
            return outcome.stop(Stop::new(
                Verdict::Fail,
                format!("`{mv}` refused by the reference rules: {refusal}"),
            ));
        }
        play.played.push(mv);
    }
    play.record_game(outcome, None);
    play.missed_win(outcome, format!("no result within {PLAY_OUT_PLIES} plies"))
}

/// A game being played out: the engine under test plays the side to move in the case's
/// position (`request`), the attacker; `played` holds the moves of both sides so far.
struct PlayOut<'a> {
    engine: &'a dyn RulesEngine,
    variant: &'a str,
    request: PositionRequest,
    attacker: String,
    played: Vec<String>,
}

impl PlayOut<'_> {
    /// The move of the side to move in `game`: the engine's for the attacker, else the
    /// reference's defence. `Err` holds the verdict of a side that chooses none.
    fn next_move(&self, outcome: &mut CaseCheck, game: &dyn Position) -> Result<String, Verdict> {
        if game.to_move() == self.attacker {
            self.attacking_move(outcome)
        } else {
            defending_move(game).map_err(|stop| outcome.stop(stop))
        }
    }

    /// The engine's move after the moves played so far, asked of a position set up afresh
    /// (a play protocol is given the whole game each time). `Err` holds the verdict of an
    /// engine that chooses none.
    fn attacking_move(&self, outcome: &mut CaseCheck) -> Result<String, Verdict> {
        let mut asked = self.request.clone();
        asked.moves.extend(self.played.iter().cloned());
        let position = match self.engine.position(self.variant, &asked) {
            Ok(position) => position,
            Err(error) => return Err(outcome.stop(Stop::new(Verdict::Fail, error.to_string()))),
        };
        match position.search(Algorithm::AlphaBeta, Budget::Depth(1), None) {
            Ok(report) => match report.best {
                Some(best) => Ok(best),
                None => Err(outcome.stop(Stop::new(Verdict::Fail, "no move"))),
            },
            Err(SearchFailure::Search(SearchError::Unsupported(what))) => {
                Err(outcome.stop(Stop::not_applicable(what)))
            }
            Err(SearchFailure::Fault(fault)) => Err(self.faulted(outcome, &fault)),
            Err(error) => Err(outcome.stop(Stop::new(Verdict::Fail, error.to_string()))),
        }
    }

    /// The verdict of an engine that faulted choosing its move, saying after which moves.
    fn faulted(&self, outcome: &mut CaseCheck, fault: &Fault) -> Verdict {
        outcome.level = Some(Level::Play);
        let verdict = outcome.record_fault(fault);
        let at = if self.played.is_empty() {
            String::new()
        } else {
            format!(" after {}", self.played.join(" "))
        };
        outcome.stop(Stop::new(
            verdict,
            format!("{}{at}: {}", fault.kind.in_words(), fault.detail),
        ))
    }

    /// The verdict of the game over as `over`: a pass when the attacker won it.
    fn ended(&self, outcome: &mut CaseCheck, over: &OutcomeView) -> Verdict {
        self.record_game(outcome, Some(over));
        if over.winner.as_deref() == Some(self.attacker.as_str()) {
            return Verdict::Pass;
        }
        self.missed_win(outcome, over.to_string())
    }

    /// The game as the engine's answer: the moves played, and how it ended (`None`: it goes on).
    fn record_game(&self, outcome: &mut CaseCheck, over: Option<&OutcomeView>) {
        let played = self.played.join(" ");
        outcome.level = Some(Level::Play);
        outcome.engine_said = Some(match over {
            Some(over) => format!("played out: {played} ({over})"),
            None => format!("played out: {played}"),
        });
    }

    /// A game the attacker did not win, `actual` saying how it went: a missed win, every
    /// move of it legal.
    fn missed_win(&self, outcome: &mut CaseCheck, actual: String) -> Verdict {
        let expected = format!(
            "{} wins the game out against arbiter's defence",
            self.attacker
        );
        outcome
            .findings
            .push(Finding::new("play-out", expected, actual));
        Verdict::MissedWin
    }
}

/// The reference engine's defence in `game`: the move of a search of [`DEFENCE_NODES`] nodes.
fn defending_move(game: &dyn Position) -> Result<String, Stop> {
    match game.search(Algorithm::AlphaBeta, Budget::Nodes(DEFENCE_NODES), None) {
        Ok(SearchReport {
            best: Some(best), ..
        }) => Ok(best),
        other => Err(Stop::new(
            Verdict::Fail,
            format!("the reference defence found no move: {other:?}"),
        )),
    }
}
