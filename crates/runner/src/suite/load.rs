//! Reading suites: `*.yaml` files in the suite format and Edax/FFO `*.obf` files, found by
//! walkdir (sorted) under a directory. Like the spec loader, it collects every error of every
//! file with its location, and stops at none.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use arbiter_search::Algorithm;

use super::model::{SuiteCase, SuiteFile};
use super::obf;
use crate::spec::check::{engines_of_game, id_problems, position_problems, variant_problem};
use crate::spec::load::{
    CaseFile, Folder, at_key, folder_game_problem, load_matching, parse_yaml, read_text,
};
use arbiter_engine::{PositionRequest, RulesEngine};
use arbiter_files::SpecError;
use arbiter_files::echo;

/// A suite that loaded and passed the structural checks.
#[derive(Debug)]
pub struct LoadedSuite {
    pub path: PathBuf,
    /// The file stem: `ffo-01-19` for `suites/othello/ffo-01-19.obf`.
    pub name: String,
    pub suite: SuiteFile,
    /// The 1-based line of each case, for messages.
    pub(crate) lines: Vec<usize>,
    /// The file's text, so that problems found when a case runs can point into it.
    pub(crate) text: String,
}

impl LoadedSuite {
    /// The source of a case's expected values: its own, else the file's.
    #[must_use]
    pub(crate) fn source_of<'a>(&'a self, case: &'a SuiteCase) -> &'a str {
        case.source
            .as_deref()
            .or(self.suite.source.as_deref())
            .unwrap_or("")
    }

    /// Each case's id and the request that sets up its position, `history:` included: what a
    /// play-only protocol is given.
    pub fn position_requests(&self) -> impl Iterator<Item = (&str, PositionRequest)> {
        self.suite.cases.iter().map(|case| {
            (
                case.id.value.as_str(),
                crate::position_request(&case.position),
            )
        })
    }
}

/// Everything a directory of suite files yielded.
pub type LoadedSuites = Folder<LoadedSuite>;

/// The extensions of suite files (compared without regard to case).
pub const SUITE_EXTENSIONS: [&str; 3] = ["yaml", "yml", "obf"];

/// Loads every suite file (`*.yaml`, `*.yml`, `*.obf`, any case) under `dir` (the schema
/// folder aside), sorted by path, following symbolic links. A missing directory is an error.
#[must_use]
pub fn load_suites(dir: &Path, engines: &[Box<dyn RulesEngine>]) -> LoadedSuites {
    load_matching(dir, engines, |_| true)
}

impl CaseFile for LoadedSuite {
    const NAME: &'static str = "suite";
    const EXTENSIONS: &'static [&'static str] = &SUITE_EXTENSIONS;

    fn load(path: &Path, engines: &[Box<dyn RulesEngine>]) -> Result<Self, Vec<SpecError>> {
        load_suite_file(path, engines)
    }
}

/// Loads one suite file (YAML or `.obf`, by its extension).
///
/// # Errors
/// Every problem found in the file.
pub fn load_suite_file(
    path: &Path,
    engines: &[Box<dyn RulesEngine>],
) -> Result<LoadedSuite, Vec<SpecError>> {
    let text = read_text(path)?;
    load_suite_str(path, text, engines)
}

/// Loads a suite from text (YAML, or `.obf` when `path` ends so); `path` names it in errors.
///
/// # Errors
/// Every problem found in the text.
pub fn load_suite_str(
    path: &Path,
    text: String,
    engines: &[Box<dyn RulesEngine>],
) -> Result<LoadedSuite, Vec<SpecError>> {
    let name = path
        .file_stem()
        .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned());
    let (suite, lines) = if path
        .extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("obf"))
    {
        obf::parse(path, &text)?
    } else {
        let suite: SuiteFile = parse_yaml(path, &text)?;
        let lines = suite
            .cases
            .iter()
            .map(|case| case.id.referenced.line() as usize)
            .collect();
        (suite, lines)
    };
    if let Some(error) = folder_game_problem(path, &text, &suite.game, engines) {
        return Err(vec![error]);
    }
    let loaded = LoadedSuite {
        path: path.to_owned(),
        name,
        suite,
        lines,
        text,
    };
    let errors = check(&loaded, &loaded.text, engines);
    if errors.is_empty() {
        Ok(loaded)
    } else {
        Err(errors)
    }
}

/// The checks serde cannot make: a known game and variant, sources, unique ids, budgets.
fn check(loaded: &LoadedSuite, text: &str, engines: &[Box<dyn RulesEngine>]) -> Vec<SpecError> {
    let path = loaded.path.as_path();
    let suite = &loaded.suite;
    let at_key = |key: &str, message: String| at_key(path, text, key, message);
    let game_engines = match engines_of_game(engines, &suite.game) {
        Ok(game_engines) => game_engines,
        Err(problem) => return vec![at_key("game", problem)],
    };
    let mut errors: Vec<SpecError> = file_problems(suite, &game_engines)
        .into_iter()
        .map(|(key, problem)| at_key(key, problem))
        .collect();
    let file_source = suite
        .source
        .as_deref()
        .is_some_and(|source| !source.trim().is_empty());
    let mut ids = HashSet::new();
    for (index, case) in suite.cases.iter().enumerate() {
        let line = loaded.lines[index];
        let id = &case.id.value;
        let problems = id_problems(id, &mut ids).chain(case_problems(suite, case, file_source));
        errors.extend(problems.map(|message| SpecError::at(path, text, line, 1, message)));
        errors.extend(side_error(path, text, &game_engines, case));
    }
    errors
}

/// The problems of the file's own keys, each with the key it points at: the variant, the
/// cases, the budget.
fn file_problems(
    suite: &SuiteFile,
    game_engines: &[&dyn RulesEngine],
) -> Vec<(&'static str, String)> {
    let mut problems = Vec::new();
    if let Some(variant) = &suite.variant
        && let Some(problem) = variant_problem(game_engines, &suite.game, variant)
    {
        problems.push(("variant", problem));
    }
    if suite.cases.is_empty() {
        problems.push((
            "cases",
            "no cases: a suite needs at least one position".to_owned(),
        ));
    }
    if let Some(budget) = suite.budget
        && let Some(problem) = budget_problem(budget)
    {
        problems.push(("budget", problem));
    }
    problems
}

/// What is wrong with one case, its id aside: no source (where the file names none), no
/// expectation, a budget that searches nothing or none for a search that needs one, a
/// position that contradicts itself.
fn case_problems(suite: &SuiteFile, case: &SuiteCase, file_source: bool) -> Vec<String> {
    let id = &case.id.value;
    let mut problems = Vec::new();
    if !file_source && case.source.as_deref().is_none_or(|s| s.trim().is_empty()) {
        problems.push(format!(
            "case `{id}` has no `source`: name where its expected values come from"
        ));
    }
    if case.best.is_none() && case.avoid.is_none() && case.score.is_none() {
        problems.push(format!(
            "case `{id}` expects nothing: give `best`, `avoid` or `score`"
        ));
    }
    if let Some(problem) = case.budget.and_then(budget_problem) {
        problems.push(format!("case `{id}`: {problem}"));
    }
    let algorithm = case.algorithm.or(suite.algorithm).unwrap_or_default();
    if algorithm != Algorithm::Solve && case.budget.or(suite.budget).is_none() {
        problems.push(format!(
            "case `{id}` searches with {algorithm} but has no `budget` (file or case): \
             give `{{depth: N}}` or `{{nodes: N}}` so the result is reproducible"
        ));
    }
    for problem in position_problems(&case.position) {
        problems.push(format!("case `{id}`: {problem}"));
    }
    problems
}

/// The error of a `to-move` side the game does not know, pointing at the side.
fn side_error(
    path: &Path,
    text: &str,
    game_engines: &[&dyn RulesEngine],
    case: &SuiteCase,
) -> Option<SpecError> {
    let side = case.position.to_move.as_ref()?;
    if game_engines
        .iter()
        .any(|engine| engine.accepts_side(&side.value))
    {
        return None;
    }
    let names: Vec<&str> = game_engines.iter().flat_map(|e| e.side_names()).collect();
    Some(arbiter_files::yaml::error_at(
        path,
        text,
        Some(side.referenced),
        format!(
            "case `{}`: unknown side {}; expected one of: {}",
            case.id.value,
            echo(&side.value),
            names.join(", ")
        ),
    ))
}

fn budget_problem(budget: super::model::BudgetSpec) -> Option<String> {
    match (budget.depth, budget.nodes) {
        (Some(_), Some(_)) => Some("`budget` takes `depth` or `nodes`, not both".to_owned()),
        (None, None) => Some("`budget` needs `depth` or `nodes`".to_owned()),
        (Some(0), _) | (_, Some(0)) => Some("a budget of 0 searches nothing".to_owned()),
        (Some(depth), _) if depth as usize > arbiter_search::score::MAX_PLY => Some(format!(
            "a depth of {depth} is beyond the search's deepest line ({} plies)",
            arbiter_search::score::MAX_PLY
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suite_with_every_problem_lists_them_all_in_order() {
        let yaml = "game: tictactoe\nvariant: huge\ncases:\n\
                    - id: Bad-Id\n\
                    - id: dup\n  source: x\n  score: win\n  budget: {depth: 0}\n\
                    - id: dup\n  source: x\n  score: win\n  algorithm: solve\n  \
                    position: {board: b, text: t, to-move: z}\n";
        let engines = arbiter_engine::embedded_engines();
        let errors = load_suite_str(Path::new("every.yaml"), yaml.to_owned(), &engines)
            .expect_err("the suite is refused");
        let found: Vec<(usize, &str)> = errors
            .iter()
            .map(|error| (error.line, error.message.as_str()))
            .collect();
        assert_eq!(found[0].0, 2);
        assert!(
            found[0]
                .1
                .starts_with("unknown variant `huge` of tictactoe; ")
        );
        assert_eq!(
            found[1..],
            [
                (
                    4,
                    "case id `Bad-Id` is not lower-case kebab-case (letters, digits, `-`)"
                ),
                (
                    4,
                    "case `Bad-Id` has no `source`: name where its expected values come from"
                ),
                (
                    4,
                    "case `Bad-Id` expects nothing: give `best`, `avoid` or `score`"
                ),
                (
                    4,
                    "case `Bad-Id` searches with alpha-beta but has no `budget` (file or case): \
                     give `{depth: N}` or `{nodes: N}` so the result is reproducible"
                ),
                (5, "case `dup`: a budget of 0 searches nothing"),
                (9, "duplicate case id `dup`: ids must be unique in a file"),
                (
                    9,
                    "case `dup`: `position` has both `board` and `text`; give one"
                ),
                (13, "case `dup`: unknown side `z`; expected one of: x, o"),
            ]
        );
    }
}
