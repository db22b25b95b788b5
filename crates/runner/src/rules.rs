//! Running a rule spec case: set the position up on the engine and check each expectation
//! (legal sets, illegal moves with their codes, side to move, passes, outcomes, boards,
//! fouls, game-tree counts, perft). A player-only engine gets the play check instead
//! ([`super::play`]).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use arbiter_core::{PerftConvention, PerftProfile};
use serde_saphyr::Spanned;

use super::result::{Finding, Level, Verdict, indent};
use super::{CaseCheck, RunOptions, Stop, answered, canonical, canonical_set, list};
use crate::spec::LoadedSpec;
use crate::spec::locate;
use crate::spec::locate::Point;
use crate::spec::model::{
    Case, Convention, Expectations, ForbiddenExpectation, ForbiddenPoint, IllegalExpectation,
    InvalidPositionExpectation, LegalExpectation, OverExpectation, PerftExpectation,
    TreeExpectation,
};
use crate::walks::{PerftWalks, WalkKey};
use arbiter_engine::{MarkRole, Position, PositionError, RulesEngine};

/// The deepest perft arbiter walks when the rules set no longest game (a Surakarta variant
/// without a move limit): the walk recurses once per ply.
const MAX_PERFT_DEPTH: u32 = 512;

/// Runs spec case `case` under `variant`.
pub(crate) fn run(
    engine: &dyn RulesEngine,
    loaded: &LoadedSpec,
    case: &Case,
    variant: &str,
    options: &RunOptions,
    walks: &PerftWalks,
) -> CaseCheck {
    let title = format!(
        "case `{}` ({}, variant {variant})",
        case.id.value,
        engine.name()
    );
    let line = case.id.referenced.line() as usize;
    let mut check = Check {
        outcome: CaseCheck::new(&loaded.path, line, title),
        file: &loaded.text,
        walks,
        // The same description sets up the same position (history included) on an engine
        // whose answers are reproducible.
        walk_key: engine.reproducible().then(|| {
            crate::walks::position_text(engine.name(), variant, &loaded.path, &case.position)
        }),
    };
    let mut verdict = check.run(engine, case, variant, options);
    // A play check (a player-only engine) judges the move it chose, not the ruling the mark
    // is about: only rule-level verdicts are known failures.
    if let Some(reason) = &case.fixme
        && check.outcome.level == Some(Level::Rules)
    {
        verdict = check.known_failure(reason, verdict, engine.reproducible());
    }
    check.outcome.finish(verdict, true);
    check.outcome
}

/// The state of one case run.
struct Check<'a> {
    outcome: CaseCheck,
    /// The case file's text, for pointing at a token.
    file: &'a str,
    /// The run's perft walks, and the key of this case's position among them (`None`: an
    /// engine whose answers may change from one query to the next, asked every time).
    walks: &'a PerftWalks,
    walk_key: Option<String>,
}

impl Check<'_> {
    fn fail(&mut self, finding: Finding) {
        self.outcome.findings.push(finding);
    }

    /// The verdict of a case marked `fixme: reason` (a rule the reference cannot rule yet): a
    /// failure is a known one, noted; that the case now holds fails it on arbiter's own engine
    /// (its answers are reproducible), so that the mark is removed. Other verdicts stand.
    fn known_failure(&mut self, reason: &str, verdict: Verdict, own_engine: bool) -> Verdict {
        match verdict {
            Verdict::Fail => {
                let texts: Vec<String> = self
                    .outcome
                    .findings
                    .drain(..)
                    .map(|finding| finding.text)
                    .collect();
                self.outcome.notes.push(format!(
                    "known failure (fixme: {reason}): {}",
                    texts.join("; ")
                ));
                Verdict::Pass
            }
            Verdict::Pass if own_engine => {
                self.fail(Finding::shown_as(
                    "fixme",
                    "the case still fails",
                    "it holds",
                    format!("the case is marked `fixme: {reason}` but now holds: remove the mark"),
                ));
                Verdict::Fail
            }
            other => other,
        }
    }

    fn run(
        &mut self,
        engine: &dyn RulesEngine,
        case: &Case,
        variant: &str,
        options: &RunOptions,
    ) -> Verdict {
        let request = super::position_request(&case.position);
        let expect = &case.expect;
        if !engine.capabilities().rules {
            return super::play::check(
                &mut self.outcome,
                engine,
                case,
                variant,
                &request,
                self.file,
            );
        }
        let position = engine.position(variant, &request);
        if let Some(invalid) = &expect.invalid_position {
            self.outcome.level = Some(Level::Rules);
            return self.expect_invalid(position.err(), invalid);
        }
        let mut position =
            match super::set_up(&mut self.outcome, &case.position, position, self.file) {
                Ok(position) => position,
                Err(verdict) => return verdict,
            };
        self.outcome.level = Some(Level::Rules);
        match self.check_all(position.as_mut(), expect, options) {
            Ok(()) if self.outcome.findings.is_empty() => Verdict::Pass,
            Ok(()) => Verdict::Fail,
            Err(stop) => self.outcome.stop(stop),
        }
    }

    fn expect_invalid(
        &mut self,
        error: Option<PositionError>,
        expected: &InvalidPositionExpectation,
    ) -> Verdict {
        let Some(error) = error else {
            self.fail(Finding::new(
                "invalid-position",
                "the position is rejected as impossible",
                "it was accepted",
            ));
            return Verdict::Fail;
        };
        let text = error.to_string();
        // Each expected code takes one reported problem of that code.
        let mut reported: Vec<&str> = match &error {
            PositionError::Invalid(problems) => problems.iter().map(|p| p.code).collect(),
            _ => Vec::new(),
        };
        for code in &expected.codes {
            match reported.iter().position(|reported| reported == code) {
                Some(index) => {
                    reported.swap_remove(index);
                }
                None => self.fail(Finding::shown_as(
                    "invalid-position",
                    format!("a problem of code `{code}`"),
                    text.clone(),
                    format!("expected a problem of code `{code}`\nactual:   {text}"),
                )),
            }
        }
        for wanted in &expected.problems_including {
            if !text.contains(wanted.as_str()) {
                self.fail(Finding::shown_as(
                    "invalid-position",
                    format!("a problem mentioning `{wanted}`"),
                    text.clone(),
                    format!("expected a problem mentioning `{wanted}`\nactual:   {text}"),
                ));
            }
        }
        if self.outcome.findings.is_empty() {
            Verdict::Pass
        } else {
            Verdict::Fail
        }
    }

    fn check_all(
        &mut self,
        position: &mut dyn Position,
        expect: &Expectations,
        options: &RunOptions,
    ) -> Result<(), Stop> {
        if let Some(legal) = &expect.legal {
            self.check_legal(position, legal)?;
        }
        if let Some(illegal) = &expect.illegal {
            self.check_illegal(position, illegal)?;
        }
        if let Some(side) = expect.to_move.as_ref().map(|side| &side.value) {
            let actual = position.to_move();
            if !position.is_to_move(side) {
                self.fail(Finding::new(
                    "to-move",
                    format!("{side} to move"),
                    format!("{actual} to move"),
                ));
            }
        }
        if expect.must_pass.is_some_and(|flag| flag.0) {
            let legal = answered(position.legal_moves())?;
            if legal != ["pass"] {
                self.fail(Finding::new(
                    "must-pass",
                    "the only legal move is `pass`",
                    format!("legal moves {}", list(&legal)),
                ));
            }
        }
        if expect.not_over.is_some_and(|flag| flag.0)
            && let Some(outcome) = answered(position.outcome())?
        {
            self.fail(Finding::new(
                "not-over",
                "the game goes on",
                format!("over, {outcome}"),
            ));
        }
        if let Some(over) = &expect.over {
            self.check_over(position, over)?;
        }
        if let Some(board_after) = &expect.board_after {
            self.check_board_after(position, board_after)?;
        }
        if let Some(forbidden) = &expect.forbidden {
            self.check_forbidden(position, forbidden)?;
        }
        if let Some(tree) = &expect.tree {
            self.check_tree(position, tree, options)?;
        }
        if let Some(perft) = &expect.perft {
            self.check_perft(position, perft, options, expect.present().len() == 1)?;
        }
        Ok(())
    }

    /// Each move of `illegal` is refused, with the reason code the case names, if any.
    fn check_illegal(
        &mut self,
        position: &dyn Position,
        illegal: &[IllegalExpectation],
    ) -> Result<(), Stop> {
        for illegal in illegal {
            let mv = &illegal.mv.value;
            match answered(position.check(mv))? {
                Ok(()) => self.fail(
                    Finding::new("illegal", format!("`{mv}` is illegal"), "it is accepted")
                        .marking(MarkRole::Extra, [(mv, Some("accepted".to_owned()))]),
                ),
                Err(refusal) => {
                    if let Some(reason) = illegal.reason.as_ref().map(|r| &r.value)
                        && *reason != refusal.code
                    {
                        self.fail(Finding::new(
                            "illegal",
                            format!("`{mv}` refused as `{reason}`"),
                            format!("refused as `{}`: {}", refusal.code, refusal.detail),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The game is over with the winner `over` names, and the reason and the scores it names.
    fn check_over(&mut self, position: &dyn Position, over: &OverExpectation) -> Result<(), Stop> {
        match answered(position.outcome())? {
            None => self.fail(Finding::new("over", "the game is over", "it goes on")),
            Some(outcome) => {
                let mut wrong = !answered(position.is_winner(&over.winner.value))?;
                wrong |= over
                    .reason
                    .as_ref()
                    .is_some_and(|reason| reason.value != outcome.reason);
                wrong |= over.score.is_some() && over.score != outcome.score.map(|s| s.0);
                wrong |= over.score_empties_to_winner.is_some()
                    && over.score_empties_to_winner != outcome.score.map(|s| s.1);
                if wrong {
                    self.fail(Finding::new(
                        "over",
                        expected_end(over),
                        outcome.to_string(),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The board is the diagram of `board-after`; a diagram that is no board of the game is a
    /// spec error.
    fn check_board_after(
        &mut self,
        position: &dyn Position,
        board_after: &Spanned<String>,
    ) -> Result<(), Stop> {
        let diagram = &board_after.value;
        match answered(position.same_board(diagram))? {
            Ok(true) => {}
            Ok(false) => self.fail(Finding::shown_as(
                "board-after",
                diagram.clone(),
                position.diagram(),
                format!(
                    "expected board:\n{}\nactual board: as shown above",
                    indent(diagram)
                ),
            )),
            Err(message) => {
                return Err(Stop::spec_error_at(
                    Point::of(&board_after.referenced),
                    format!("`board-after` is not a board of this game: {message}"),
                ));
            }
        }
        Ok(())
    }

    /// The counts of the whole game tree; a tree above the run's limit is not walked.
    fn check_tree(
        &mut self,
        position: &dyn Position,
        tree: &TreeExpectation,
        options: &RunOptions,
    ) -> Result<(), Stop> {
        let Some(counts) = position.tree_counts(options.tree_limit) else {
            return Err(Stop::not_applicable(format!(
                "the game tree has more than {} nodes",
                options.tree_limit
            )));
        };
        let pairs = [
            ("games", tree.games, counts.games),
            ("positions", tree.positions, counts.positions),
            (
                "terminal positions",
                tree.terminal_positions,
                counts.terminal_positions,
            ),
            ("first-side wins", tree.first_wins, counts.first_wins),
            ("second-side wins", tree.second_wins, counts.second_wins),
            ("draws", tree.draws, counts.draws),
        ];
        for (what, expected, actual) in pairs {
            if let Some(expected) = expected.filter(|expected| *expected != actual) {
                self.fail(Finding::new(
                    "tree",
                    format!("{expected} {what}"),
                    actual.to_string(),
                ));
            }
        }
        Ok(())
    }

    /// Perft, each line bounded by the work it takes: a depth beyond the longest possible
    /// game is a spec error; a line whose expected count is above the run's node limit is
    /// skipped; a walk stops when it has visited that many positions (a wrong expectation
    /// cannot make it run for ever) and the line is skipped then too. A case of perft alone
    /// whose every line was skipped checked nothing: not applicable.
    fn check_perft(
        &mut self,
        position: &mut dyn Position,
        perft: &PerftExpectation,
        options: &RunOptions,
        perft_only: bool,
    ) -> Result<(), Stop> {
        let convention = match perft.convention {
            Convention::ExactLength => PerftConvention::SequencesOfExactLength,
            Convention::FinishedIsLeaf => PerftConvention::FinishedGameIsLeaf,
        };
        self.check_perft_depths(position, perft)?;
        let limit = options.perft_limit.unwrap_or(u64::MAX);
        let bounds = PerftBounds {
            convention,
            limit,
            walk: options.walk_limit.map_or(limit, |walk| walk.min(limit)),
        };
        let walked = self.walk_perft(position, perft, bounds);
        let mut checked = 0;
        for (&depth, &expected) in &perft.nodes.value {
            if self.check_perft_line(position, (depth, expected), bounds, walked.as_ref())? {
                checked += 1;
            }
        }
        if checked == 0 && perft_only {
            return Err(Stop::not_applicable(format!(
                "every perft line is above the run's node limit of {limit} (a larger \
                 `--perft-limit` runs them)"
            )));
        }
        Ok(())
    }

    /// A spec error for the first perft depth beyond the longest possible game from the
    /// position, pointing at that depth.
    fn check_perft_depths(
        &self,
        position: &dyn Position,
        perft: &PerftExpectation,
    ) -> Result<(), Stop> {
        // One ply past the longest game still says something (exact-length counts 0 there,
        // finished-is-leaf every complete game); deeper counts repeat it.
        let longest = position.longest_game();
        let deepest = longest.map_or(MAX_PERFT_DEPTH, |plies| plies.saturating_add(1));
        let Some(&depth) = perft
            .nodes
            .value
            .keys()
            .find(|&&depth| depth > deepest.min(MAX_PERFT_DEPTH))
        else {
            return Ok(());
        };
        let why = match longest {
            Some(plies) if plies < MAX_PERFT_DEPTH => format!(
                "no game lasts more than {plies} more plies from this position, so depths \
                 above {deepest} count nothing new"
            ),
            _ => format!("arbiter walks at most {MAX_PERFT_DEPTH} plies"),
        };
        let at = locate::key_point(self.file, &perft.nodes.referenced, &depth.to_string())
            .or_else(|| Point::of(&perft.nodes.referenced));
        Err(Stop::spec_error_at(
            at,
            format!("perft depth {depth} is beyond the longest possible game: {why}"),
        ))
    }

    /// The counts of every line within the node limit from one walk ([`walk_once`]), shared
    /// with the run's other cases at this position when the engine is reproducible.
    fn walk_perft(
        &self,
        position: &mut dyn Position,
        perft: &PerftExpectation,
        bounds: PerftBounds,
    ) -> Option<PerftCounts> {
        let within_limit = perft
            .nodes
            .value
            .iter()
            .filter(|&(_, &expected)| expected <= bounds.limit)
            .map(|(&depth, _)| depth);
        let shared = self
            .walk_key
            .as_ref()
            .map(|key| (self.walks, WalkKey(format!("{key}\n{}", bounds.walk))));
        walk_once(
            position,
            within_limit,
            bounds.convention,
            bounds.walk,
            shared,
        )
    }

    /// One perft line, `(depth, expected count)`: compared with the count of `walked`, or of
    /// a walk of its own, or noted as skipped. Whether it was compared.
    fn check_perft_line(
        &mut self,
        position: &mut dyn Position,
        (depth, expected): (u32, u64),
        bounds: PerftBounds,
        walked: Option<&PerftCounts>,
    ) -> Result<bool, Stop> {
        let PerftBounds {
            convention,
            limit,
            walk,
        } = bounds;
        if expected > limit {
            self.outcome.notes.push(format!(
                "perft depth {depth} ({expected} nodes) skipped: above the run's node limit"
            ));
            return Ok(false);
        }
        let count = match walked {
            Some(counts) => counts.get(&depth).copied().flatten(),
            None => answered(position.perft_within(depth, convention, walk))?,
        };
        let Some(actual) = count else {
            self.outcome.notes.push(format!(
                "perft depth {depth} ({expected} nodes expected) skipped: the walk spent \
                 the run's budget of {walk} positions without finishing (`--walk-limit` \
                 raises it)"
            ));
            return Ok(false);
        };
        if actual != expected {
            self.fail(Finding::new(
                "perft",
                format!("perft({depth}) = {expected} ({})", convention.name()),
                actual.to_string(),
            ));
        }
        Ok(true)
    }

    fn check_legal(
        &mut self,
        position: &dyn Position,
        legal: &LegalExpectation,
    ) -> Result<(), Stop> {
        let actual: BTreeSet<String> = answered(position.legal_moves())?.into_iter().collect();
        if let Some(exactly) = &legal.exactly {
            let expected = canonical_set(position, exactly, self.file)?;
            if expected != actual {
                let missing: Vec<&String> = expected.difference(&actual).collect();
                let extra: Vec<&String> = actual.difference(&expected).collect();
                self.fail(Finding::shown_as(
                    "legal",
                    list(&expected),
                    list(&actual),
                    format!(
                        "expected: legal moves exactly {}\nactual:   {}\nmissing:  {}\nextra:    {}",
                        list(&expected),
                        list(&actual),
                        list(&missing),
                        list(&extra)
                    ),
                )
                .marking(MarkRole::Missing, missing.iter().map(|mv| (mv, None)))
                .marking(MarkRole::Extra, extra.iter().map(|mv| (mv, None))));
            }
        }
        for (moves, including) in [(&legal.including, true), (&legal.excluding, false)] {
            let Some(moves) = moves else { continue };
            let expected = canonical_set(position, moves, self.file)?;
            if let Some(finding) = partial_legal_finding(including, &expected, &actual) {
                self.fail(finding);
            }
        }
        Ok(())
    }

    /// The forbidden points, each with its foul's kind: `exactly` those the case lists, at
    /// least those it lists as `including`, none of those it lists as `excluding`.
    fn check_forbidden(
        &mut self,
        position: &dyn Position,
        expectation: &ForbiddenExpectation,
    ) -> Result<(), Stop> {
        let Some(actual) = answered(position.forbidden())? else {
            return Err(Stop::not_applicable(
                "the engine reports no forbidden points for this game",
            ));
        };
        let actual: Fouls = actual.into_iter().collect();
        if let Some(exactly) = &expectation.exactly {
            let expected = canonical_fouls(position, exactly)?;
            if let Some(finding) = forbidden_exactly_finding(&expected, &actual) {
                self.fail(finding);
            }
        }
        if let Some(including) = &expectation.including {
            let expected = canonical_fouls(position, including)?;
            if let Some(finding) = forbidden_including_finding(&expected, &actual) {
                self.fail(finding);
            }
        }
        if let Some(excluding) = &expectation.excluding {
            let expected = canonical_set(position, excluding, self.file)?;
            if let Some(finding) = forbidden_excluding_finding(&expected, &actual) {
                self.fail(finding);
            }
        }
        Ok(())
    }
}

/// How one case's perft lines are counted and bounded.
#[derive(Clone, Copy)]
struct PerftBounds {
    convention: PerftConvention,
    /// The run's node limit: a line expecting more is skipped.
    limit: u64,
    /// The most positions a walk may visit before it gives up.
    walk: u64,
}

/// Perft counts by depth from one walk; `None` for a depth the walk could not finish.
type PerftCounts = BTreeMap<u32, Option<u64>>;

/// Forbidden points, each with its foul's kind: (move, kind), the move in canonical form.
type Fouls = BTreeSet<(String, String)>;

/// The points a case lists, in canonical form.
fn canonical_fouls(position: &dyn Position, points: &[ForbiddenPoint]) -> Result<Fouls, Stop> {
    points
        .iter()
        .map(|point| {
            let at = Point::of(&point.mv.referenced);
            Ok((
                canonical(position, &point.mv.value, at)?,
                point.reason.value.clone(),
            ))
        })
        .collect()
}

/// Forbidden points in words: `[h8 double-four, j10 overline]`.
fn show_fouls(set: &Fouls) -> String {
    list(set.iter().map(|(mv, reason)| format!("{mv} {reason}")))
}

/// The finding of forbidden points `actual` other than the `expected` ones (the missing and
/// the extra ones marked); `None` when they are the same, kinds of foul included.
fn forbidden_exactly_finding(expected: &Fouls, actual: &Fouls) -> Option<Finding> {
    if expected == actual {
        return None;
    }
    let missing: Fouls = expected.difference(actual).cloned().collect();
    let extra: Fouls = actual.difference(expected).cloned().collect();
    let marks = fouls(&missing, &extra);
    let (shown_expected, shown_actual) = (show_fouls(expected), show_fouls(actual));
    let text = format!(
        "expected forbidden: {shown_expected}\nactual:   {shown_actual}\nmissing:  {}\nextra:    {}",
        show_fouls(&missing),
        show_fouls(&extra)
    );
    Some(
        Finding::shown_as("forbidden", shown_expected, shown_actual, text)
            .marking(MarkRole::Missing, marks.0)
            .marking(MarkRole::Extra, marks.1),
    )
}

/// The finding of an `including` list (`expected`) some of whose points are not among the
/// forbidden points `actual` with that kind of foul (marked missing); `None` when it holds.
fn forbidden_including_finding(expected: &Fouls, actual: &Fouls) -> Option<Finding> {
    let missing: Fouls = expected.difference(actual).cloned().collect();
    if missing.is_empty() {
        return None;
    }
    let marks = fouls(&missing, &BTreeSet::new());
    let (shown_expected, shown_actual) = (show_fouls(expected), show_fouls(actual));
    let text = format!(
        "expected forbidden: {shown_expected}\nmissing:  {}\nactual:   {shown_actual}",
        show_fouls(&missing)
    );
    Some(
        Finding::shown_as(
            "forbidden",
            format!("including {shown_expected}"),
            shown_actual,
            text,
        )
        .marking(MarkRole::Missing, marks.0),
    )
}

/// The finding of an `excluding` list (`expected`) some of whose moves are among the
/// forbidden points `actual`, whatever the foul (marked extra); `None` when it holds.
fn forbidden_excluding_finding(expected: &BTreeSet<String>, actual: &Fouls) -> Option<Finding> {
    let present: Vec<&String> = actual
        .iter()
        .map(|(mv, _)| mv)
        .filter(|mv| expected.contains(*mv))
        .collect();
    if present.is_empty() {
        return None;
    }
    Some(
        Finding::shown_as(
            "forbidden",
            format!("excluding {}", list(expected)),
            show_fouls(actual),
            format!(
                "expected not forbidden: {}\nbut forbidden: {}",
                list(expected),
                list(&present)
            ),
        )
        .marking(MarkRole::Extra, present.iter().map(|mv| (mv, None))),
    )
}

/// What an `over` expectation asks, in words: `black by no-moves, score +10`.
fn expected_end(over: &OverExpectation) -> String {
    let mut expected = format!(
        "{} by {}",
        over.winner.value,
        over.reason
            .as_ref()
            .map_or("any reason", |reason| reason.value.as_str())
    );
    if let Some(score) = over.score {
        let _ = write!(expected, ", score {score:+}");
    }
    if let Some(score) = over.score_empties_to_winner {
        let _ = write!(expected, ", {score:+} with empties to the winner");
    }
    expected
}

/// The finding of an `including` list (`expected`) some of whose moves are not among the
/// legal moves `actual` (marked missing), or of an `excluding` list some of whose moves are
/// (marked extra); `None` when the list holds.
fn partial_legal_finding(
    including: bool,
    expected: &BTreeSet<String>,
    actual: &BTreeSet<String>,
) -> Option<Finding> {
    let wrong: Vec<&String> = if including {
        expected.difference(actual).collect()
    } else {
        expected.intersection(actual).collect()
    };
    if wrong.is_empty() {
        return None;
    }
    let (shown, message, role) = if including {
        (
            format!("including {}", list(expected)),
            format!(
                "expected legal: {}\nmissing:  {}\nactual:   {}",
                list(expected),
                list(&wrong),
                list(actual)
            ),
            MarkRole::Missing,
        )
    } else {
        (
            format!("excluding {}", list(expected)),
            format!(
                "expected not legal: {}\nbut legal: {}",
                list(expected),
                list(&wrong)
            ),
            MarkRole::Extra,
        )
    };
    Some(
        Finding::shown_as("legal", shown, list(actual), message)
            .marking(role, wrong.iter().map(|mv| (mv, None))),
    )
}

/// Forbidden points as marks: the missing ones and the extra ones, each with its foul's kind.
type FoulMarks = Vec<(String, Option<String>)>;
fn fouls(
    missing: &BTreeSet<(String, String)>,
    extra: &BTreeSet<(String, String)>,
) -> (FoulMarks, FoulMarks) {
    let marks = |set: &BTreeSet<(String, String)>| {
        set.iter()
            .map(|(mv, reason)| (mv.clone(), Some(reason.clone())))
            .collect()
    };
    (marks(missing), marks(extra))
}

/// Perft at every one of `depths` from one walk, for an engine that counts so
/// ([`Position::perft_profile_within`]): the deepest that fits in `budget` positions answers it
/// and every shallower depth (a deeper walk visits all that a shallower one does, so the
/// depths that do not fit are exactly those the walks of one depth each would give up on);
/// `None` for a depth whose walk needs more. With `shared`, a walk of the run as deep is used
/// instead of a new one. `None` altogether for an engine asked one depth at a time.
fn walk_once(
    position: &mut dyn Position,
    depths: impl Iterator<Item = u32>,
    convention: PerftConvention,
    budget: u64,
    shared: Option<(&PerftWalks, WalkKey)>,
) -> Option<PerftCounts> {
    let mut counts: PerftCounts = depths.map(|depth| (depth, None)).collect();
    let Some(&deepest) = counts.keys().next_back() else {
        return Some(counts);
    };
    let mut walk = || -> Result<Option<PerftProfile>, ()> {
        for depth in counts.keys().rev() {
            if let Some(profile) = position.perft_profile_within(*depth, budget).ok_or(())? {
                return Ok(Some(profile));
            }
        }
        Ok(None)
    };
    let profile = match shared {
        Some((walks, key)) => walks.walk(key, deepest, walk),
        None => walk(),
    }
    .ok()?;
    for (&depth, count) in &mut counts {
        *count = profile
            .as_ref()
            .and_then(|profile| profile.count(depth, convention));
    }
    Some(counts)
}
