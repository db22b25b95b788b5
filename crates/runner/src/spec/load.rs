//! Reading spec files: walkdir (sorted, following links), serde-saphyr with strict booleans,
//! then the checks serde cannot make (`check.rs`). Every error of every file is
//! collected; nothing stops at the first.

use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use super::check::Checker;

use super::model::{Case, SpecFile};
use arbiter_engine::RulesEngine;
use arbiter_files::SpecError;

/// A spec file that parsed and passed the structural checks.
#[derive(Debug)]
pub struct LoadedSpec {
    /// The path as given to the loader (relative paths stay relative, for readable names).
    pub path: PathBuf,
    /// The rule topic: the file stem (`passes` for `specs/othello/passes.yaml`).
    pub topic: String,
    pub spec: SpecFile,
    /// The file's text, so that problems found when a case runs can point into it.
    pub(crate) text: String,
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
}

/// Everything a directory of spec files yielded.
pub type Loaded = Folder<LoadedSpec>;

/// A directory entry the loader did not read, and why (not a spec or suite file by its
/// extension).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    pub path: PathBuf,
    pub why: String,
}

/// The extensions of spec files (compared without regard to case: `.YAML` is one).
pub const SPEC_EXTENSIONS: [&str; 2] = ["yaml", "yml"];

/// Loads every spec file (`*.yaml`, `*.yml`, any case) under `dir`, sorted by path, following
/// symbolic links. `engines` are the engines the specs will run against: a game or variant
/// none of them knows is an error.
#[must_use]
pub fn load_dir(dir: &Path, engines: &[Box<dyn RulesEngine>]) -> Loaded {
    load_matching(dir, engines, |_| true)
}

/// A kind of case file (a spec or a suite): what the one walk over a folder needs of it.
pub trait CaseFile: Sized {
    /// Its name in messages.
    const NAME: &'static str;
    /// Its extensions (compared without regard to case).
    const EXTENSIONS: &'static [&'static str];

    /// Loads one file of this kind.
    ///
    /// # Errors
    /// Every problem found in the file.
    fn load(path: &Path, engines: &[Box<dyn RulesEngine>]) -> Result<Self, Vec<SpecError>>;
}

impl CaseFile for LoadedSpec {
    const NAME: &'static str = "spec";
    const EXTENSIONS: &'static [&'static str] = &SPEC_EXTENSIONS;

    fn load(path: &Path, engines: &[Box<dyn RulesEngine>]) -> Result<Self, Vec<SpecError>> {
        load_file(path, engines)
    }
}

/// Everything a directory yielded: the files that loaded, every error of the others and of
/// the walk, and the entries not read and why.
#[derive(Debug)]
pub struct Folder<T> {
    pub files: Vec<T>,
    pub errors: Vec<SpecError>,
    pub skipped: Vec<Skipped>,
}

/// The one walk of the spec and suite loaders: every file of kind `T` under `dir` for which
/// `wanted` holds (a run of one named case loads only its file), loaded in path order; a
/// missing folder is an error.
#[must_use]
pub fn load_matching<T: CaseFile>(
    dir: &Path,
    engines: &[Box<dyn RulesEngine>],
    wanted: impl Fn(&PathBuf) -> bool,
) -> Folder<T> {
    let mut folder = Folder {
        files: Vec::new(),
        errors: Vec::new(),
        skipped: Vec::new(),
    };
    if !dir.is_dir() {
        let message = if dir.exists() {
            format!("not a directory: give the folder of {} files", T::NAME)
        } else {
            format!("no such {} directory", T::NAME)
        };
        folder.errors.push(SpecError::file(dir, message));
        return folder;
    }
    let found = data_files(dir, T::EXTENSIONS);
    folder.errors = found.errors;
    folder.skipped = found.skipped;
    for path in found.paths.into_iter().filter(|path| wanted(path)) {
        match T::load(&path, engines) {
            Ok(file) => folder.files.push(file),
            Err(errors) => folder.errors.extend(errors),
        }
    }
    folder
}

/// What a walk over a directory of case files found.
#[derive(Debug, Default)]
pub(crate) struct Found {
    /// The regular files with a wanted extension, sorted by path.
    pub(crate) paths: Vec<PathBuf>,
    /// Entries that cannot be read: special files (a FIFO is never opened), symbolic link
    /// loops, dangling links, unreadable folders.
    pub(crate) errors: Vec<SpecError>,
    /// Regular files with another extension (the `schema` folders of JSON Schemas aside).
    pub(crate) skipped: Vec<Skipped>,
}

/// Walks `dir` (sorted, following symbolic links and refusing loops) for files with one of
/// `extensions`, compared without regard to case. Shared by the spec and suite loaders.
pub(crate) fn data_files(dir: &Path, extensions: &[&str]) -> Found {
    let mut found = Found::default();
    let walk = WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        // The JSON Schemas live beside the cases; they are not cases and not news.
        .filter_entry(|entry| entry.depth() == 0 || entry.file_name() != "schema");
    for entry in walk {
        let entry = match entry {
            Ok(entry) => entry,
            Err(error) => {
                let path = error.path().unwrap_or(dir).to_owned();
                let message = match error.loop_ancestor() {
                    Some(ancestor) => format!(
                        "symbolic link loop: it leads back to {}; not followed",
                        ancestor.display()
                    ),
                    None if path.is_symlink() && is_link_loop(&path) => {
                        "symbolic link loop: its links lead back to each other; not followed"
                            .to_owned()
                    }
                    None if path.is_symlink() && !path.exists() => {
                        "dangling symbolic link: its target does not exist".to_owned()
                    }
                    None => format!(
                        "cannot read: {}",
                        error
                            .io_error()
                            .map_or_else(|| error.to_string(), ToString::to_string)
                    ),
                };
                found.errors.push(SpecError::file(&path, message));
                continue;
            }
        };
        let kind = entry.file_type();
        if kind.is_dir() {
            continue;
        }
        let wanted = entry
            .path()
            .extension()
            .and_then(|ext| ext.to_str())
            .is_some_and(|ext| extensions.iter().any(|e| e.eq_ignore_ascii_case(ext)));
        if !kind.is_file() {
            if wanted {
                found.errors.push(SpecError::file(
                    entry.path(),
                    "not a regular file (a FIFO, socket or device): not read",
                ));
            } else {
                found.skipped.push(Skipped {
                    path: entry.into_path(),
                    why: "not a regular file".to_owned(),
                });
            }
            continue;
        }
        if wanted {
            found.paths.push(entry.into_path());
        } else {
            let list: Vec<String> = extensions.iter().map(|ext| format!(".{ext}")).collect();
            found.skipped.push(Skipped {
                path: entry.into_path(),
                why: format!("not a case file ({})", list.join(", ")),
            });
        }
    }
    found
}

/// Whether following the link at `path` goes round in circles (links to each other).
fn is_link_loop(path: &Path) -> bool {
    std::fs::metadata(path).is_err_and(|error| error.raw_os_error() == Some(libc::ELOOP))
}

/// A file in a game's folder (`specs/othello/`, `suites/othello/`) that names another game:
/// a mistake of the kind a copied file makes, pointed at its `game:`.
pub(crate) fn folder_game_problem(
    path: &Path,
    text: &str,
    game: &str,
    engines: &[Box<dyn RulesEngine>],
) -> Option<SpecError> {
    let folder = path.parent()?.file_name()?.to_str()?;
    let is_game = engines.iter().any(|engine| engine.game() == folder);
    (is_game && folder != game).then(|| {
        at_key(
            path,
            text,
            "game",
            format!(
                "the file is in the folder of {folder} but names game {}: move it to the \
                 folder of its game, or name {folder}",
                arbiter_files::echo(game)
            ),
        )
    })
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
    let text = read_text(path)?;
    load_str(path, &text, engines)
}

/// A case file's text, or the error that names it: unreadable, or not UTF-8.
pub(crate) fn read_text(path: &Path) -> Result<String, Vec<SpecError>> {
    let bytes = std::fs::read(path)
        .map_err(|e| vec![SpecError::file(path, format!("cannot read: {e}"))])?;
    String::from_utf8(bytes).map_err(|error| {
        let at = error.utf8_error().valid_up_to();
        let valid = std::str::from_utf8(&error.as_bytes()[..at]).unwrap_or_default();
        let line = valid.matches('\n').count() + 1;
        let column = valid
            .rsplit('\n')
            .next()
            .map_or(0, |rest| rest.chars().count())
            + 1;
        vec![SpecError::at(
            path,
            valid,
            line,
            column,
            format!("not UTF-8 text: byte {at} is not part of a UTF-8 character"),
        )]
    })
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
    let spec: SpecFile = parse_yaml(path, text)?;
    if let Some(error) = folder_game_problem(path, text, &spec.game, engines) {
        return Err(vec![error]);
    }
    let topic = path
        .file_stem()
        .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned());
    let loaded = LoadedSpec {
        path: path.to_owned(),
        topic,
        spec,
        text: text.to_owned(),
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

/// Parses a case file's YAML: duplicate keys refused, booleans only as YAML's own
/// `true`/`false` (`yes`, `on` or a quoted `"true"` is an error, not a silent boolean), and no
/// tag that would change what a value means without showing it (`!mytag`, `!!binary`).
pub(crate) fn parse_yaml<T: serde::de::DeserializeOwned>(
    path: &Path,
    text: &str,
) -> Result<T, Vec<SpecError>> {
    if let Some((line, column)) = binary_tag(text) {
        return Err(vec![SpecError::at(
            path,
            text,
            line,
            column,
            "a `!!binary` value: a case file is text, write the value itself",
        )]);
    }
    let mut options = serde_saphyr::options::Options::default();
    options.strict_booleans = true;
    options.reject_unsupported_tags = true;
    serde_saphyr::from_str_with_options(text, options)
        .map_err(|error| vec![yaml_error(path, text, &error)])
}

/// Where a `!!binary` tag stands in `text` (1-based line and column), outside comments.
/// serde-saphyr decodes it into a string silently; no case file has a use for it.
fn binary_tag(text: &str) -> Option<(usize, usize)> {
    const TAG: &str = "!!binary";
    text.lines().enumerate().find_map(|(index, line)| {
        let code = line.split(" #").next().unwrap_or(line);
        if code.trim_start().starts_with('#') {
            return None;
        }
        code.match_indices(TAG).find_map(|(at, _)| {
            let before = code[..at].chars().next_back();
            let after = code[at + TAG.len()..].chars().next();
            let starts = before.is_none_or(|c| c.is_whitespace() || "[{,:-".contains(c));
            let ends = after.is_none_or(|c| c.is_whitespace() || "]},".contains(c));
            (starts && ends).then(|| (index + 1, code[..at].chars().count() + 1))
        })
    })
}

/// Turns a serde-saphyr error into ours, keeping its location and message (a budget breach
/// in words, with the limit).
pub(crate) fn yaml_error(path: &Path, text: &str, error: &serde_saphyr::Error) -> SpecError {
    let message = arbiter_files::yaml::budget_words(error)
        .unwrap_or_else(|| first_line_of_message(&error.to_string()));
    arbiter_files::yaml::error_at(path, text, error.location(), message)
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
