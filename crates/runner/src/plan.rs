//! The plan of a run: every spec case and suite case against every engine that plays its game
//! and variant, each a [`PlannedCase`] with its test name, sorted.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::result::{CaseKind, CaseOrigin};
use crate::spec::{self, LoadedSpec, Skipped};
use crate::suite::{self, LoadedSuite};
use arbiter_engine::RulesEngine;
use arbiter_files::SpecError;

/// The case files a run draws from: rule specs and suites, loaded and checked.
#[derive(Debug, Default)]
pub struct CaseFiles {
    pub specs: Vec<LoadedSpec>,
    pub suites: Vec<LoadedSuite>,
}

impl CaseFiles {
    /// Spec files alone, no suite.
    #[must_use]
    pub fn of_specs(specs: Vec<LoadedSpec>) -> CaseFiles {
        CaseFiles {
            specs,
            suites: Vec::new(),
        }
    }
}

/// Which case a planned run is: an index into [`CaseFiles`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaseRef {
    /// Case `case` of spec `file`, under `variant`.
    Spec {
        file: usize,
        case: usize,
        variant: String,
    },
    /// Case `case` of suite `file` (under the suite's variant).
    Suite { file: usize, case: usize },
}

impl CaseRef {
    /// The case's id.
    #[must_use]
    pub fn id<'a>(&self, files: &'a CaseFiles) -> &'a str {
        match self {
            CaseRef::Spec { file, case, .. } => &files.specs[*file].spec.cases[*case].id.value,
            CaseRef::Suite { file, case } => &files.suites[*file].suite.cases[*case].id.value,
        }
    }
}

/// One scheduled run: which case, against which engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedCase {
    /// `<engine>::<topic>::<id>` (with `@<variant>` when the case runs under several) for a spec
    /// case, `<engine>::suite::<suite>::<id>` for a suite case.
    pub name: String,
    /// Index into the engines the plan was made for.
    pub engine: usize,
    pub case: CaseRef,
}

impl PlannedCase {
    /// The case's id.
    #[must_use]
    pub fn id<'a>(&self, files: &'a CaseFiles) -> &'a str {
        self.case.id(files)
    }

    /// Where the case is written and what it is about.
    #[must_use]
    pub(crate) fn origin(&self, files: &CaseFiles) -> CaseOrigin {
        match &self.case {
            CaseRef::Spec { file, case, .. } => {
                let loaded = &files.specs[*file];
                let case = &loaded.spec.cases[*case];
                CaseOrigin {
                    kind: CaseKind::Spec,
                    file: loaded.path.clone(),
                    line: case.id.referenced.line() as usize,
                    column: case.id.referenced.column() as usize,
                    id: case.id.value.clone(),
                    topic: loaded.topic.clone(),
                    game: loaded.spec.game.clone(),
                    source: case
                        .source
                        .clone()
                        .unwrap_or_else(|| loaded.spec.source.clone()),
                    description: case.description.clone(),
                }
            }
            CaseRef::Suite { file, case: index } => {
                let loaded = &files.suites[*file];
                let case = &loaded.suite.cases[*index];
                CaseOrigin {
                    kind: CaseKind::Suite,
                    file: loaded.path.clone(),
                    line: loaded.lines[*index],
                    column: 1,
                    id: case.id.value.clone(),
                    topic: loaded.name.clone(),
                    game: loaded.suite.game.clone(),
                    source: loaded.source_of(case).to_owned(),
                    description: case.description.clone(),
                }
            }
        }
    }
}

/// The variant a suite runs under on `engine`: its own, else the engine's default.
#[must_use]
pub fn suite_variant(loaded: &LoadedSuite, engine: &dyn RulesEngine) -> String {
    loaded
        .suite
        .variant
        .clone()
        .unwrap_or_else(|| engine.default_variant())
}

/// Which cases a plan includes.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlanScope {
    /// Also the suites marked `slow` (FFO #40-#59 and the like).
    pub include_slow: bool,
}

/// One case × engine of its game × variant, before the engine's variants are asked.
struct Candidate<'a> {
    engine: usize,
    case: CaseRef,
    /// The variant the case runs under on this engine.
    variant: &'a str,
    /// The test name (spec cases: with `@variant` when the case runs under several).
    name: String,
}

/// Calls `visit` with every spec case × engine of its game × variant the case runs under,
/// then every suite case × engine of its game (slow suites only with `scope.include_slow`),
/// whether or not the engine accepts the variant: [`plan`] keeps those it does, [`excluded`]
/// counts the others.
fn each_candidate(
    files: &CaseFiles,
    engines: &[Box<dyn RulesEngine>],
    scope: PlanScope,
    mut visit: impl FnMut(Candidate<'_>),
) {
    for (file, loaded) in files.specs.iter().enumerate() {
        for (engine_index, engine) in engines.iter().enumerate() {
            if engine.game() != loaded.spec.game {
                continue;
            }
            for (case, spec_case) in loaded.spec.cases.iter().enumerate() {
                let variants = loaded.variants_of(spec_case, &engine.default_variant());
                let several = variants.len() > 1;
                for variant in &variants {
                    let mut name = format!(
                        "{}::{}::{}",
                        engine.name(),
                        loaded.topic,
                        spec_case.id.value
                    );
                    if several {
                        let _ = write!(name, "@{variant}");
                    }
                    visit(Candidate {
                        engine: engine_index,
                        case: CaseRef::Spec {
                            file,
                            case,
                            variant: variant.clone(),
                        },
                        variant,
                        name,
                    });
                }
            }
        }
    }
    for (file, loaded) in files.suites.iter().enumerate() {
        if loaded.suite.slow && !scope.include_slow {
            continue;
        }
        for (engine_index, engine) in engines.iter().enumerate() {
            if engine.game() != loaded.suite.game {
                continue;
            }
            let variant = suite_variant(loaded, engine.as_ref());
            for (case, suite_case) in loaded.suite.cases.iter().enumerate() {
                visit(Candidate {
                    engine: engine_index,
                    case: CaseRef::Suite { file, case },
                    variant: &variant,
                    name: suite_case_name(engine.name(), &loaded.name, &suite_case.id.value),
                });
            }
        }
    }
}

/// Every spec case × engine of its game × variant the engine accepts, sorted by name, then
/// every suite case × engine of its game that accepts its variant, sorted by name.
#[must_use]
pub fn plan(
    files: &CaseFiles,
    engines: &[Box<dyn RulesEngine>],
    scope: PlanScope,
) -> Vec<PlannedCase> {
    let (mut specs, mut suites) = (Vec::new(), Vec::new());
    each_candidate(files, engines, scope, |candidate| {
        if !engines[candidate.engine].accepts_variant(candidate.variant) {
            return;
        }
        let planned = PlannedCase {
            name: candidate.name,
            engine: candidate.engine,
            case: candidate.case,
        };
        match planned.case {
            CaseRef::Spec { .. } => specs.push(planned),
            CaseRef::Suite { .. } => suites.push(planned),
        }
    });
    specs.sort_by(|a, b| a.name.cmp(&b.name));
    suites.sort_by(|a, b| a.name.cmp(&b.name));
    specs.extend(suites);
    specs
}

/// Cases of an engine's game that a plan leaves out because the engine does not play their
/// variant (a board size, a rule set): what its coverage is short of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excluded {
    /// Index into the engines the plan was made for.
    pub engine: usize,
    pub variant: String,
    /// The spec cases (one per variant a case runs under) and suite cases left out.
    pub cases: usize,
}

/// The cases [`plan`] leaves out of `files` for `engines` because an engine does not accept
/// their variant, per engine and variant in first-seen order; `wanted` picks cases by id (as
/// a run's `--case` filter does).
#[must_use]
pub fn excluded(
    files: &CaseFiles,
    engines: &[Box<dyn RulesEngine>],
    scope: PlanScope,
    wanted: impl Fn(&str) -> bool,
) -> Vec<Excluded> {
    let mut out: Vec<Excluded> = Vec::new();
    each_candidate(files, engines, scope, |candidate| {
        if engines[candidate.engine].accepts_variant(candidate.variant)
            || !wanted(candidate.case.id(files))
        {
            return;
        }
        match out
            .iter_mut()
            .find(|e| e.engine == candidate.engine && e.variant == candidate.variant)
        {
            Some(entry) => entry.cases += 1,
            None => out.push(Excluded {
                engine: candidate.engine,
                variant: candidate.variant.to_owned(),
                cases: 1,
            }),
        }
    });
    out
}

/// The test name of a suite case.
#[must_use]
pub fn suite_case_name(engine: &str, suite: &str, id: &str) -> String {
    format!("{engine}::suite::{suite}::{id}")
}

/// What a test name points at: the engine and the file stem (spec topic or suite name) it
/// was planned from, so that a run of one named case loads one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedCase<'a> {
    pub(crate) engine: &'a str,
    pub(crate) kind: CaseKind,
    /// The spec topic or suite name: the stem of the file to load.
    pub(crate) stem: &'a str,
}

/// Reads a test name back: `<engine>::<topic>::<id>[@variant]` or
/// `<engine>::suite::<suite>::<id>`, with or without the `[<game>] ` kind that the test harness
/// lists in front (nextest passes it back). `None` for anything else (a `spec-error::…` trial,
/// a filter that is not a whole name).
#[must_use]
pub fn parse_name(name: &str) -> Option<NamedCase<'_>> {
    let name = match name
        .strip_prefix('[')
        .and_then(|rest| rest.split_once("] "))
    {
        Some((_, rest)) => rest,
        None => name,
    };
    let parts: Vec<&str> = name.split("::").collect();
    match parts.as_slice() {
        [engine, "suite", suite, id] if !id.is_empty() => Some(NamedCase {
            engine,
            kind: CaseKind::Suite,
            stem: suite,
        }),
        [engine, topic, id] if !id.is_empty() && *engine != "spec-error" => Some(NamedCase {
            engine,
            kind: CaseKind::Spec,
            stem: topic,
        }),
        _ => None,
    }
}

/// Everything the loaders found, and every error.
#[derive(Debug, Default)]
pub struct Loaded {
    pub files: CaseFiles,
    /// Spec file errors, then suite file errors.
    pub errors: Vec<SpecError>,
    /// How many errors of `errors` came from suite files (the last ones).
    pub suite_errors: usize,
    /// Entries of the folders that are not case files.
    pub skipped: Vec<Skipped>,
}

/// Loads the spec files under `specs` and the suite files under `suites` (either may be
/// `None`). `engines` are the engines the files will run against: a game or variant none of
/// them knows is an error.
#[must_use]
pub fn load(
    specs: Option<&Path>,
    suites: Option<&Path>,
    engines: &[Box<dyn RulesEngine>],
) -> Loaded {
    let mut loaded = Loaded::default();
    if let Some(dir) = specs {
        let found = spec::load_dir(dir, engines);
        loaded.files.specs = found.files;
        loaded.errors = found.errors;
        loaded.skipped = found.skipped;
    }
    if let Some(dir) = suites {
        let found = suite::load_suites(dir, engines);
        loaded.files.suites = found.files;
        loaded.suite_errors = found.errors.len();
        loaded.errors.extend(found.errors);
        loaded.skipped.extend(found.skipped);
    }
    loaded
}

/// Loads only the files a test name can point at: under `specs` (for a spec case) or `suites`
/// (for a suite case), the files whose stem is the name's topic or suite. What a run of
/// `--exact NAME` needs, so that one trial does not load every file.
#[must_use]
pub fn load_named(
    name: &NamedCase<'_>,
    specs: &Path,
    suites: &Path,
    engines: &[Box<dyn RulesEngine>],
) -> Loaded {
    let mut loaded = Loaded::default();
    let wanted = |path: &PathBuf| {
        path.file_stem()
            .is_some_and(|stem| stem.to_string_lossy() == name.stem)
    };
    match name.kind {
        CaseKind::Spec => {
            let found = spec::load_matching::<LoadedSpec>(specs, engines, wanted);
            loaded.files.specs = found.files;
            loaded.errors = found.errors;
        }
        CaseKind::Suite => {
            let found = spec::load_matching::<LoadedSuite>(suites, engines, wanted);
            loaded.files.suites = found.files;
            loaded.suite_errors = found.errors.len();
            loaded.errors = found.errors;
        }
    }
    loaded
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_to_the_file_they_came_from() {
        let spec = parse_name("othello::passes::forced-pass").unwrap();
        assert_eq!(
            (spec.engine, spec.kind, spec.stem),
            ("othello", CaseKind::Spec, "passes")
        );
        let variant = parse_name("gomoku::fouls::double-three@renju").unwrap();
        assert_eq!(variant.stem, "fouls");
        let listed = parse_name("[othello] othello::passes::forced-pass").unwrap();
        assert_eq!((listed.engine, listed.stem), ("othello", "passes"));
        let suite = parse_name("othello::suite::ffo-01-19::ffo-01").unwrap();
        assert_eq!((suite.kind, suite.stem), (CaseKind::Suite, "ffo-01-19"));
        for other in [
            "passes",
            "othello::passes",
            "spec-error::a.yaml:1:1",
            "a::b::c::d::e",
        ] {
            assert_eq!(parse_name(other), None, "{other}");
        }
    }
}
