//! The checks after parsing, which serde's derive cannot express: a known game and variants,
//! a source, unique kebab-case ids, a well-formed position and expectation, and the game's own
//! vocabulary (sides, end reasons, refusal codes, foul kinds), each error pointing at its value.

use std::collections::HashSet;
use std::path::Path;

use arbiter_core::EndReason;
use serde_saphyr::Spanned;

use super::load::at_key;
use super::model::{
    Case, Expectations, ForbiddenExpectation, OverExpectation, PositionSpec, SpecFile,
};
use arbiter_engine::RulesEngine;
use arbiter_files::{SpecError, echo};

/// The refusal code of text that is not a move at all (the runner's, for every game).
pub(crate) const NOTATION_CODE: &str = "notation";

/// The engines that play `game`, or the problem of an unknown game (naming the known ones).
/// Shared by the spec and suite checks.
pub(crate) fn engines_of_game<'a>(
    engines: &'a [Box<dyn RulesEngine>],
    game: &str,
) -> Result<Vec<&'a dyn RulesEngine>, String> {
    let game_engines: Vec<&dyn RulesEngine> = engines
        .iter()
        .map(AsRef::as_ref)
        .filter(|engine| engine.game() == game)
        .collect();
    if game_engines.is_empty() {
        let mut games: Vec<&str> = engines.iter().map(|engine| engine.game()).collect();
        games.sort_unstable();
        games.dedup();
        return Err(format!(
            "unknown game {}; expected one of: {}",
            echo(game),
            games.join(", ")
        ));
    }
    Ok(game_engines)
}

/// Every variant the engines of one game offer.
fn known_variants(game_engines: &[&dyn RulesEngine]) -> Vec<String> {
    game_engines
        .iter()
        .flat_map(|engine| engine.variants())
        .collect()
}

/// The problem of a variant none of the engines of `game` accepts (naming the known ones).
pub(crate) fn variant_problem(
    game_engines: &[&dyn RulesEngine],
    game: &str,
    variant: &str,
) -> Option<String> {
    let accepted = game_engines
        .iter()
        .any(|engine| engine.accepts_variant(variant));
    (!accepted).then(|| {
        format!(
            "unknown variant {} of {game}; expected one of: {}",
            echo(variant),
            known_variants(game_engines).join(", ")
        )
    })
}

/// The checks after parsing, which serde's derive cannot express.
pub(crate) struct Checker<'a> {
    pub(crate) path: &'a Path,
    pub(crate) text: &'a str,
    pub(crate) engines: &'a [Box<dyn RulesEngine>],
}

impl Checker<'_> {
    pub(crate) fn check(&self, spec: &SpecFile) -> Vec<SpecError> {
        let mut errors = Vec::new();
        let game_engines = match engines_of_game(self.engines, &spec.game) {
            Ok(game_engines) => game_engines,
            Err(problem) => return vec![self.at_key("game", problem)],
        };
        let known_variants = known_variants(&game_engines);
        let unknown_variant = |variant: &String| {
            !game_engines
                .iter()
                .any(|engine| engine.accepts_variant(variant))
        };
        for variant in &spec.variants {
            if let Some(problem) = variant_problem(&game_engines, &spec.game, variant) {
                errors.push(self.at_key("variants", problem));
            }
        }
        if spec.source.trim().is_empty() {
            errors.push(self.at_key(
                "source",
                "empty `source`: name the rulebook clause or public source",
            ));
        }
        if spec.cases.is_empty() {
            errors.push(self.at_key("cases", "no cases: a spec file needs at least one case"));
        }
        let mut ids = HashSet::new();
        for case in &spec.cases {
            let line = case.id.referenced.line() as usize;
            let column = case.id.referenced.column() as usize;
            let mut error = |message: String| {
                errors.push(SpecError::at(self.path, self.text, line, column, message))
            };
            let id = &case.id.value;
            id_problems(id, &mut ids).for_each(&mut error);
            for variant in case.variants.iter().filter(|v| unknown_variant(v)) {
                error(format!(
                    "case `{id}`: unknown variant {}; expected one of: {}",
                    echo(variant),
                    known_variants.join(", ")
                ));
            }
            if !spec.variants.is_empty() {
                for variant in case.variants.iter().filter(|v| !spec.variants.contains(v)) {
                    error(format!(
                        "case `{id}`: variant `{variant}` is not one of the file's variants"
                    ));
                }
            }
            for problem in case_problems(case) {
                error(format!("case `{id}`: {problem}"));
            }
            errors.extend(self.vocabulary(case, &game_engines));
        }
        errors
    }

    /// The names a case uses that the game does not know: sides (`to-move`, `winner`), end
    /// reasons, refusal codes of `illegal`, foul kinds of `forbidden`. Each error points at
    /// the name.
    fn vocabulary(&self, case: &Case, engines: &[&dyn RulesEngine]) -> Vec<SpecError> {
        let mut vocabulary = Vocabulary {
            path: self.path,
            text: self.text,
            engines,
            id: &case.id.value,
            errors: Vec::new(),
        };
        vocabulary.sides(case);
        if let Some(over) = &case.expect.over {
            vocabulary.end(over);
        }
        vocabulary.refusal_codes(case);
        if let Some(forbidden) = &case.expect.forbidden {
            vocabulary.foul_kinds(case, forbidden);
        }
        vocabulary.errors
    }

    /// An error pointing at a top-level key of the file (or the file, if the key is absent).
    fn at_key(&self, key: &str, message: impl Into<String>) -> SpecError {
        at_key(self.path, self.text, key, message)
    }
}

/// The names one case uses, checked against what the engines of its game know, and the
/// errors found so far.
struct Vocabulary<'a> {
    path: &'a Path,
    text: &'a str,
    engines: &'a [&'a dyn RulesEngine],
    /// The case's id, for the messages.
    id: &'a str,
    errors: Vec<SpecError>,
}

impl Vocabulary<'_> {
    /// An error pointing at `value`.
    fn at(&mut self, value: &Spanned<String>, message: String) {
        self.errors.push(arbiter_files::yaml::error_at(
            self.path,
            self.text,
            Some(value.referenced),
            message,
        ));
    }

    /// The game's side names, for a message.
    fn side_names(&self) -> String {
        let mut names: Vec<&str> = self.engines.iter().flat_map(|e| e.side_names()).collect();
        names.dedup();
        names.join(", ")
    }

    /// The names of one kind (refusal codes, foul kinds) the game's engines list, engine by
    /// engine.
    fn listed(&self, names: fn(&dyn RulesEngine) -> &'static [&'static str]) -> Vec<&'static str> {
        self.engines
            .iter()
            .flat_map(|engine| names(*engine))
            .copied()
            .collect()
    }

    fn known_side(&self, name: &str) -> bool {
        self.engines.iter().any(|engine| engine.accepts_side(name))
    }

    /// The side to move of the position and of the expectations.
    fn sides(&mut self, case: &Case) {
        let id = self.id;
        for side in [&case.position.to_move, &case.expect.to_move]
            .into_iter()
            .flatten()
        {
            if !self.known_side(&side.value) {
                let message = format!(
                    "case `{id}`: unknown side {}; expected one of: {}",
                    echo(&side.value),
                    self.side_names()
                );
                self.at(side, message);
            }
        }
    }

    /// The winner and the end reason of `over`.
    fn end(&mut self, over: &OverExpectation) {
        let id = self.id;
        let winner = &over.winner;
        if !winner.value.eq_ignore_ascii_case("draw") && !self.known_side(&winner.value) {
            let message = format!(
                "case `{id}`: unknown winner {}; expected a side ({}) or `draw`",
                echo(&winner.value),
                self.side_names()
            );
            self.at(winner, message);
        }
        if let Some(reason) = &over.reason
            && EndReason::from_name(&reason.value).is_none()
        {
            let names: Vec<&str> = EndReason::ALL.iter().map(|r| r.name()).collect();
            self.at(
                reason,
                format!(
                    "case `{id}`: unknown end reason {}; expected one of: {}",
                    echo(&reason.value),
                    names.join(", ")
                ),
            );
        }
    }

    /// The reason codes of `illegal`, where the engines name their codes.
    fn refusal_codes(&mut self, case: &Case) {
        let id = self.id;
        let codes = self.listed(|engine| engine.move_codes());
        if codes.is_empty() {
            return;
        }
        for illegal in case.expect.illegal.iter().flatten() {
            if let Some(reason) = &illegal.reason
                && reason.value != NOTATION_CODE
                && !codes.contains(&reason.value.as_str())
            {
                self.at(
                    reason,
                    format!(
                        "case `{id}`: unknown refusal code {}; expected one of: {}, {NOTATION_CODE}",
                        echo(&reason.value),
                        codes.join(", ")
                    ),
                );
            }
        }
    }

    /// The foul kinds of `forbidden`, and that the game has foul rules at all.
    fn foul_kinds(&mut self, case: &Case, forbidden: &ForbiddenExpectation) {
        let id = self.id;
        let game = self.engines[0].game();
        let kinds = self.listed(|engine| engine.foul_kinds());
        let points: Vec<_> = forbidden
            .exactly
            .iter()
            .chain(&forbidden.including)
            .flatten()
            .collect();
        if kinds.is_empty() && points.is_empty() {
            // Nothing below names a kind to blame: a foul check on a game without fouls
            // would pass on any engine.
            self.at(
                &case.id,
                format!("case `{id}`: `forbidden` checks foul rules, and {game} has no foul rules"),
            );
        }
        for point in points {
            if !kinds.contains(&point.reason.value.as_str()) {
                let expected = if kinds.is_empty() {
                    format!("{game} has no foul rules")
                } else {
                    format!("expected one of: {}", kinds.join(", "))
                };
                self.at(
                    &point.reason,
                    format!(
                        "case `{id}`: unknown foul kind {}; {expected}",
                        echo(&point.reason.value)
                    ),
                );
            }
        }
    }
}

/// The longest case id: a test's name holds it, and a report shows it.
pub(crate) const MAX_ID_CHARS: usize = 100;

/// What is wrong with a case id in a file whose ids so far are `seen` (it is added): its form
/// ([`id_problem`]), and whether it is taken already.
pub(crate) fn id_problems<'a>(
    id: &'a str,
    seen: &mut HashSet<&'a str>,
) -> impl Iterator<Item = String> + use<> {
    let duplicate = (!seen.insert(id))
        .then(|| format!("duplicate case id `{id}`: ids must be unique in a file"));
    id_problem(id).into_iter().chain(duplicate)
}

/// What is wrong with a case id, if anything: not kebab-case, a number, or too long.
fn id_problem(id: &str) -> Option<String> {
    if !is_kebab_case(id) {
        Some(format!(
            "case id {} is not lower-case kebab-case (letters, digits, `-`)",
            echo(id)
        ))
    } else if !id.chars().any(|c| c.is_ascii_lowercase()) {
        Some(format!(
            "case id {} is a number: an id is a name with a letter, such as `case-5`",
            echo(id)
        ))
    } else if id.len() > MAX_ID_CHARS {
        Some(format!(
            "case id {} is longer than {MAX_ID_CHARS} characters",
            echo(id)
        ))
    } else {
        None
    }
}

pub(crate) fn is_kebab_case(id: &str) -> bool {
    !id.is_empty()
        && !id.starts_with('-')
        && !id.ends_with('-')
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// What is wrong with a case's position and expectations, beyond types.
fn case_problems(case: &Case) -> Vec<String> {
    let expect = &case.expect;
    let mut problems = position_problems(&case.position);
    if expect.present().is_empty() {
        problems.push("`expect` is empty: give at least one expectation".to_owned());
    }
    if let Some(legal) = &expect.legal {
        let other = legal.including.is_some() || legal.excluding.is_some();
        problems.extend(lists_problem("legal", legal.exactly.is_some(), other));
    }
    if let Some(forbidden) = &expect.forbidden {
        let other = forbidden.including.is_some() || forbidden.excluding.is_some();
        problems.extend(lists_problem(
            "forbidden",
            forbidden.exactly.is_some(),
            other,
        ));
    }
    problems.extend(flag_problems(expect));
    problems.extend(count_problems(expect));
    problems.extend(invalid_position_problems(expect));
    problems
}

/// What is wrong with a position, beyond types: a board and a one-line form at once, or a
/// board without its side to move (or a side to move without a board). Shared by the spec and
/// suite checks.
pub(crate) fn position_problems(position: &PositionSpec) -> Vec<String> {
    let mut problems = Vec::new();
    if position.board.is_some() && position.text.is_some() {
        problems.push("`position` has both `board` and `text`; give one".to_owned());
    }
    if position.board.is_some() != position.to_move.is_some() {
        problems.push("`position.board` and `position.to-move` go together".to_owned());
    }
    problems
}

/// What is wrong with the lists of the `legal` or `forbidden` expectation `name`, given
/// whether it has `exactly` and whether it has `including` or `excluding`: no list at all, or
/// `exactly` with another.
fn lists_problem(name: &str, exactly: bool, other: bool) -> Option<String> {
    match (exactly, other) {
        (false, false) => Some(format!(
            "`{name}` needs `exactly`, `including` or `excluding`"
        )),
        (true, true) => Some(format!(
            "`{name}.exactly` cannot be combined with `including`/`excluding`"
        )),
        _ => None,
    }
}

/// The flags that say nothing (`must-pass: false`, `not-over: false`) or contradict `over`.
fn flag_problems(expect: &Expectations) -> Vec<String> {
    let mut problems = Vec::new();
    if expect.must_pass.is_some_and(|flag| !flag.0) {
        problems
            .push("`must-pass: false` says nothing; use `legal: {excluding: [pass]}`".to_owned());
    }
    if expect.not_over.is_some_and(|flag| !flag.0) {
        problems.push("`not-over: false` says nothing; use `over: {...}`".to_owned());
    }
    if expect.over.is_some() && expect.not_over.is_some() {
        problems.push("`over` and `not-over` contradict each other".to_owned());
    }
    problems
}

/// The counting expectations that count nothing: `perft` without depths, `tree` without a
/// count.
fn count_problems(expect: &Expectations) -> Vec<String> {
    let mut problems = Vec::new();
    if let Some(perft) = &expect.perft
        && perft.nodes.value.is_empty()
    {
        problems.push("`perft.nodes` is empty".to_owned());
    }
    if let Some(tree) = &expect.tree {
        let counts = [
            tree.games,
            tree.positions,
            tree.terminal_positions,
            tree.first_wins,
            tree.second_wins,
            tree.draws,
        ];
        if counts.iter().all(Option::is_none) {
            problems.push("`tree` names no count".to_owned());
        }
    }
    problems
}

/// An `invalid-position` that names no problem code, or comes with other expectations (a
/// position that is refused has nothing else to check).
fn invalid_position_problems(expect: &Expectations) -> Vec<String> {
    let mut problems = Vec::new();
    if let Some(invalid) = &expect.invalid_position
        && invalid.codes.is_empty()
    {
        problems
            .push("`invalid-position` names no problem code: `codes: [piece-count, …]`".to_owned());
    }
    if expect.invalid_position.is_some() && expect.present().len() > 1 {
        problems.push("`invalid-position` cannot be combined with other expectations".to_owned());
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_with_every_problem_lists_them_all_in_order() {
        let case: Case = serde_saphyr::from_str(
            "id: every-problem\n\
             position: {board: b, text: t}\n\
             expect:\n  \
               legal: {exactly: [a], including: [b]}\n  \
               forbidden: {excluding: [c], exactly: []}\n  \
               must-pass: false\n  \
               not-over: false\n  \
               over: {winner: black}\n  \
               perft: {nodes: {}}\n  \
               tree: {}\n  \
               invalid-position: {codes: []}\n",
        )
        .unwrap();
        assert_eq!(
            case_problems(&case),
            [
                "`position` has both `board` and `text`; give one",
                "`position.board` and `position.to-move` go together",
                "`legal.exactly` cannot be combined with `including`/`excluding`",
                "`forbidden.exactly` cannot be combined with `including`/`excluding`",
                "`must-pass: false` says nothing; use `legal: {excluding: [pass]}`",
                "`not-over: false` says nothing; use `over: {...}`",
                "`over` and `not-over` contradict each other",
                "`perft.nodes` is empty",
                "`tree` names no count",
                "`invalid-position` names no problem code: `codes: [piece-count, …]`",
                "`invalid-position` cannot be combined with other expectations",
            ]
        );
    }

    #[test]
    fn a_list_expectation_needs_a_list_and_takes_exactly_alone() {
        let problem = |exactly, other| lists_problem("forbidden", exactly, other);
        assert_eq!(
            problem(false, false).as_deref(),
            Some("`forbidden` needs `exactly`, `including` or `excluding`")
        );
        assert_eq!(
            problem(true, true).as_deref(),
            Some("`forbidden.exactly` cannot be combined with `including`/`excluding`")
        );
        assert_eq!(problem(false, true), None);
        assert_eq!(problem(true, false), None);
    }
}
