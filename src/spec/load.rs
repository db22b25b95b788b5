//! Reading spec files: walkdir (sorted), serde-saphyr, then the checks serde cannot make
//! (known game and variants, unique kebab-case ids, a well-formed position and expectation).
//! Every error of every file is collected; nothing stops at the first.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use super::SpecError;
use super::model::{Case, SpecFile};
use crate::engine::RulesEngine;

/// A spec file that parsed and passed the structural checks.
#[derive(Debug)]
pub struct LoadedSpec {
    /// The path as given to the loader (relative paths stay relative, for readable names).
    pub path: PathBuf,
    /// The rule topic: the file stem (`passes` for `specs/othello/passes.yaml`).
    pub topic: String,
    pub spec: SpecFile,
}

impl LoadedSpec {
    /// The variants `case` runs under: its own, else the file's, else the engine's default.
    #[must_use]
    pub fn variants_of(&self, case: &Case, default_variant: &str) -> Vec<String> {
        if !case.variants.is_empty() {
            case.variants.clone()
        } else if !self.spec.variants.is_empty() {
            self.spec.variants.clone()
        } else {
            vec![default_variant.to_owned()]
        }
    }

    /// `file:line` of a case, for failure messages.
    #[must_use]
    pub fn case_location(&self, case: &Case) -> String {
        format!("{}:{}", self.path.display(), case.id.referenced.line())
    }
}

/// Everything a directory yielded: the good files and every error of the bad ones.
#[derive(Debug, Default)]
pub struct Loaded {
    pub specs: Vec<LoadedSpec>,
    pub errors: Vec<SpecError>,
}

/// Loads every `*.yaml`/`*.yml` file under `dir`, sorted by path. `engines` are the engines the
/// specs will run against: a game or variant none of them knows is an error.
#[must_use]
pub fn load_dir(dir: &Path, engines: &[Box<dyn RulesEngine>]) -> Loaded {
    let mut loaded = Loaded::default();
    if !dir.is_dir() {
        loaded
            .errors
            .push(SpecError::file(dir, "no such spec directory"));
        return loaded;
    }
    let (paths, errors) = data_files(dir, &["yaml", "yml"]);
    loaded.errors = errors;
    for path in paths {
        match load_file(&path, engines) {
            Ok(spec) => loaded.specs.push(spec),
            Err(errors) => loaded.errors.extend(errors),
        }
    }
    loaded
}

/// The files under `dir` with one of `extensions`, sorted by path, and an error for each
/// entry that cannot be read. Shared by the spec and suite loaders.
pub(crate) fn data_files(dir: &Path, extensions: &[&str]) -> (Vec<PathBuf>, Vec<SpecError>) {
    let mut paths = Vec::new();
    let mut errors = Vec::new();
    for entry in WalkDir::new(dir).sort_by_file_name() {
        match entry {
            Ok(entry) => {
                let wanted = entry
                    .path()
                    .extension()
                    .and_then(|ext| ext.to_str())
                    .is_some_and(|ext| extensions.contains(&ext));
                if entry.file_type().is_file() && wanted {
                    paths.push(entry.into_path());
                }
            }
            Err(error) => {
                let path = error.path().unwrap_or(dir).to_owned();
                errors.push(SpecError::file(&path, format!("cannot read: {error}")));
            }
        }
    }
    (paths, errors)
}

/// An error pointing at a top-level `key:` of a file's `text` (or at the file, if the key is
/// absent).
pub(crate) fn at_key(path: &Path, text: &str, key: &str, message: impl Into<String>) -> SpecError {
    let prefix = format!("{key}:");
    match text.lines().position(|line| line.starts_with(&prefix)) {
        Some(index) => SpecError::at(path, text, index + 1, 1, message),
        None => SpecError::file(path, message),
    }
}

/// Loads one spec file.
///
/// # Errors
/// Every problem found in the file.
pub fn load_file(
    path: &Path,
    engines: &[Box<dyn RulesEngine>],
) -> Result<LoadedSpec, Vec<SpecError>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| vec![SpecError::file(path, format!("cannot read: {e}"))])?;
    load_str(path, &text, engines)
}

/// Loads a spec from text; `path` names it in errors.
///
/// # Errors
/// Every problem found in the text.
pub fn load_str(
    path: &Path,
    text: &str,
    engines: &[Box<dyn RulesEngine>],
) -> Result<LoadedSpec, Vec<SpecError>> {
    let spec: SpecFile =
        serde_saphyr::from_str(text).map_err(|error| vec![yaml_error(path, text, &error)])?;
    let topic = path
        .file_stem()
        .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned());
    let loaded = LoadedSpec {
        path: path.to_owned(),
        topic,
        spec,
    };
    let errors = Checker {
        path,
        text,
        engines,
    }
    .check(&loaded.spec);
    if errors.is_empty() {
        Ok(loaded)
    } else {
        Err(errors)
    }
}

/// Turns a serde-saphyr error into ours, keeping its location and message.
pub(crate) fn yaml_error(path: &Path, text: &str, error: &serde_saphyr::Error) -> SpecError {
    let message = first_line_of_message(&error.to_string());
    match error.location() {
        Some(location) => SpecError::at(
            path,
            text,
            location.line() as usize,
            location.column() as usize,
            message,
        ),
        None => SpecError::file(path, message),
    }
}

/// serde-saphyr's display may append its own location and snippet; we print ours instead.
fn first_line_of_message(rendered: &str) -> String {
    let line = rendered.lines().next().unwrap_or(rendered).trim();
    let line = line.strip_prefix("error: ").unwrap_or(line);
    let line = strip_line_column_prefix(line);
    // "…message at line 3, column 5" → "…message"
    match line.find(" at line ") {
        Some(index) => line[..index].to_owned(),
        None => line.to_owned(),
    }
}

/// `"line 6 column 7: message"` → `"message"`: the location is printed separately.
fn strip_line_column_prefix(message: &str) -> &str {
    let Some(rest) = message.strip_prefix("line ") else {
        return message;
    };
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let Some(rest) = rest.strip_prefix(" column ") else {
        return message;
    };
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.strip_prefix(": ").unwrap_or(message)
}

/// The checks after parsing, which serde's derive cannot express.
struct Checker<'a> {
    path: &'a Path,
    text: &'a str,
    engines: &'a [Box<dyn RulesEngine>],
}

impl Checker<'_> {
    fn check(&self, spec: &SpecFile) -> Vec<SpecError> {
        let mut errors = Vec::new();
        let game_engines: Vec<&dyn RulesEngine> = self
            .engines
            .iter()
            .map(AsRef::as_ref)
            .filter(|engine| engine.game() == spec.game)
            .collect();
        if game_engines.is_empty() {
            let mut games: Vec<&str> = self.engines.iter().map(|engine| engine.game()).collect();
            games.sort_unstable();
            games.dedup();
            errors.push(self.at_key(
                "game",
                format!(
                    "unknown game `{}`; expected one of: {}",
                    spec.game,
                    games.join(", ")
                ),
            ));
            return errors;
        }
        let known_variants: Vec<String> = game_engines
            .iter()
            .flat_map(|engine| engine.variants())
            .collect();
        let unknown_variant = |variant: &String| {
            !game_engines
                .iter()
                .any(|engine| engine.accepts_variant(variant))
        };
        for variant in spec.variants.iter().filter(|v| unknown_variant(v)) {
            errors.push(self.at_key(
                "variants",
                format!(
                    "unknown variant `{variant}` of {}; expected one of: {}",
                    spec.game,
                    known_variants.join(", ")
                ),
            ));
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
            if !is_kebab_case(id) {
                error(format!(
                    "case id `{id}` is not lower-case kebab-case (letters, digits, `-`)"
                ));
            }
            if !ids.insert(id.as_str()) {
                error(format!(
                    "duplicate case id `{id}`: ids must be unique in a file"
                ));
            }
            for variant in case.variants.iter().filter(|v| unknown_variant(v)) {
                error(format!(
                    "case `{id}`: unknown variant `{variant}`; expected one of: {}",
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
        }
        errors
    }

    /// An error pointing at a top-level key of the file (or the file, if the key is absent).
    fn at_key(&self, key: &str, message: impl Into<String>) -> SpecError {
        at_key(self.path, self.text, key, message)
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
    let mut problems = Vec::new();
    let position = &case.position;
    if position.board.is_some() && position.text.is_some() {
        problems.push("`position` has both `board` and `text`; give one".to_owned());
    }
    if position.board.is_some() != position.to_move.is_some() {
        problems.push("`position.board` and `position.to-move` go together".to_owned());
    }
    let expect = &case.expect;
    if expect.present().is_empty() {
        problems.push("`expect` is empty: give at least one expectation".to_owned());
    }
    if let Some(legal) = &expect.legal {
        match (&legal.exactly, &legal.including, &legal.excluding) {
            (None, None, None) => {
                problems.push("`legal` needs `exactly`, `including` or `excluding`".to_owned())
            }
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                problems.push(
                    "`legal.exactly` cannot be combined with `including`/`excluding`".to_owned(),
                );
            }
            _ => {}
        }
    }
    if let Some(forbidden) = &expect.forbidden {
        match (
            &forbidden.exactly,
            &forbidden.including,
            &forbidden.excluding,
        ) {
            (None, None, None) => {
                problems.push("`forbidden` needs `exactly`, `including` or `excluding`".to_owned())
            }
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                problems.push(
                    "`forbidden.exactly` cannot be combined with `including`/`excluding`"
                        .to_owned(),
                );
            }
            _ => {}
        }
    }
    if expect.must_pass == Some(false) {
        problems
            .push("`must-pass: false` says nothing; use `legal: {excluding: [pass]}`".to_owned());
    }
    if expect.not_over == Some(false) {
        problems.push("`not-over: false` says nothing; use `over: {...}`".to_owned());
    }
    if expect.over.is_some() && expect.not_over.is_some() {
        problems.push("`over` and `not-over` contradict each other".to_owned());
    }
    if let Some(perft) = &expect.perft
        && perft.nodes.is_empty()
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
    if expect.invalid_position.is_some() && expect.present().len() > 1 {
        problems.push("`invalid-position` cannot be combined with other expectations".to_owned());
    }
    problems
}
