//! Engine manifests: `engines/external/<name>.yaml` says how to start a team's engine and how
//! to talk to it.
//!
//! ```yaml
//! name: my-gomoku              # must equal the file stem
//! game: gomoku
//! variant: renju               # optional: the game's default variant otherwise
//! command: [build/pbrain-mine, --quiet]   # an argv list, never a shell string
//! working-dir: ../..           # relative to this file; the process starts there
//! protocol: gomocup            # botzone | botzone-keep-running | botzone-simple | gomocup | arbiter-line
//! move-time-ms: 1000           # per move
//! first-move-time-ms: 2000     # the first turn (process start included)
//! memory-mb: 256               # RLIMIT_AS of the process (optional)
//! gomocup-rule: 4              # the `INFO rule` value this engine expects (gomocup only)
//! ```
//!
//! `command[0]` is resolved like `execvp` from the working directory: a name with a `/` is a
//! path (relative to the working directory), a bare name is looked up on `PATH`. A missing
//! binary is an error at load time, so that an audit does not start with a broken engine.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde_saphyr::Spanned;

use crate::engine::find_engine;
use crate::spec::SpecError;

/// How arbiter talks to the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Protocol {
    /// Botzone JSON, simple interaction: a new process every turn, given the whole history.
    Botzone,
    /// Botzone JSON, keep-running: one process; later turns get only the new request line.
    BotzoneKeepRunning,
    /// Botzone's simplified line I/O (no JSON), a new process every turn.
    BotzoneSimple,
    /// Gomocup / Piskvork.
    Gomocup,
    /// arbiter's own line protocol (`docs/protocols.md`): rules queries and `go`.
    ArbiterLine,
}

impl Protocol {
    /// Every protocol, in the manifest's spelling.
    pub const ALL: [Protocol; 5] = [
        Protocol::Botzone,
        Protocol::BotzoneKeepRunning,
        Protocol::BotzoneSimple,
        Protocol::Gomocup,
        Protocol::ArbiterLine,
    ];

    /// The manifest spelling.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Protocol::Botzone => "botzone",
            Protocol::BotzoneKeepRunning => "botzone-keep-running",
            Protocol::BotzoneSimple => "botzone-simple",
            Protocol::Gomocup => "gomocup",
            Protocol::ArbiterLine => "arbiter-line",
        }
    }

    /// Whether this is one of the Botzone protocols.
    #[must_use]
    pub const fn is_botzone(self) -> bool {
        matches!(
            self,
            Protocol::Botzone | Protocol::BotzoneKeepRunning | Protocol::BotzoneSimple
        )
    }

    /// The games a protocol can carry (`None`: every game).
    #[must_use]
    pub const fn games(self) -> Option<&'static [&'static str]> {
        match self {
            Protocol::Botzone | Protocol::BotzoneKeepRunning | Protocol::BotzoneSimple => {
                Some(&["gomoku", "othello", "amazons", "nogo"])
            }
            Protocol::Gomocup => Some(&["gomoku"]),
            Protocol::ArbiterLine => None,
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An argv list. A YAML string is refused: arbiter never runs a shell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Argv(pub Vec<String>);

impl<'de> Deserialize<'de> for Argv {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ArgvVisitor;
        impl<'de> Visitor<'de> for ArgvVisitor {
            type Value = Argv;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of arguments, e.g. [build/pbrain-mine, --quiet]")
            }
            fn visit_str<E: de::Error>(self, _: &str) -> Result<Argv, E> {
                Err(E::custom(
                    "command must be a list of arguments, not a shell string \
                     (write [prog, arg1, arg2]; arbiter runs no shell)",
                ))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Argv, A::Error> {
                let mut argv = Vec::new();
                while let Some(arg) = seq.next_element::<String>()? {
                    argv.push(arg);
                }
                Ok(Argv(argv))
            }
        }
        deserializer.deserialize_any(ArgvVisitor)
    }
}

/// A manifest file as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct ManifestFile {
    name: Spanned<String>,
    game: Spanned<String>,
    #[serde(default)]
    variant: Option<Spanned<String>>,
    command: Spanned<Argv>,
    #[serde(default)]
    working_dir: Option<String>,
    protocol: Protocol,
    move_time_ms: u64,
    #[serde(default)]
    first_move_time_ms: Option<u64>,
    #[serde(default)]
    memory_mb: Option<u64>,
    #[serde(default)]
    gomocup_rule: Option<Spanned<u32>>,
    #[serde(default)]
    description: Option<String>,
}

/// A validated manifest: everything needed to start and drive the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    /// The engine's name (the manifest's file stem).
    pub name: String,
    /// The game, one of the embedded engines' games (its rules are the reference).
    pub game: String,
    /// The variant, in the embedded engine's grammar.
    pub variant: String,
    /// The program (resolved to a path) and its arguments.
    pub program: PathBuf,
    pub args: Vec<String>,
    /// Where the process starts.
    pub working_dir: PathBuf,
    pub protocol: Protocol,
    /// Time for one move, in ms, as the platform gives it.
    pub move_time_ms: u64,
    /// Time for the first turn, in ms (process start included).
    pub first_move_time_ms: u64,
    /// The address-space limit in MB (`RLIMIT_AS`), if any.
    pub memory_mb: Option<u64>,
    /// The `INFO rule` value sent to a Gomocup engine.
    pub gomocup_rule: Option<u32>,
    /// Free text.
    pub description: Option<String>,
}

/// Why a manifest cannot be used.
#[derive(Clone, Debug)]
pub struct ManifestError(pub SpecError);

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for ManifestError {}

/// The directory of shipped manifests, from the workspace root.
pub const MANIFEST_DIR: &str = "engines/external";

impl Manifest {
    /// Reads and validates `path`.
    ///
    /// # Errors
    /// The file cannot be read, is not a manifest (with `file:line:col`), names an unknown
    /// game, variant or protocol, or its command is not found.
    pub fn load(path: &Path) -> Result<Manifest, ManifestError> {
        let text = std::fs::read_to_string(path).map_err(|error| {
            ManifestError(SpecError::file(path, format!("cannot read: {error}")))
        })?;
        Manifest::from_yaml(path, &text)
    }

    /// The manifest `<dir>/<name>.yaml`.
    ///
    /// # Errors
    /// As [`Manifest::load`]; an unknown name lists the manifests in `dir`.
    pub fn find(dir: &Path, name: &str) -> Result<Manifest, ManifestError> {
        let path = dir.join(format!("{name}.yaml"));
        if !path.is_file() {
            let known = list_manifests(dir);
            return Err(ManifestError(SpecError::file(
                &path,
                format!(
                    "no external engine `{name}`; the manifests in {} are: {}",
                    dir.display(),
                    if known.is_empty() {
                        "none".to_owned()
                    } else {
                        known.join(", ")
                    }
                ),
            )));
        }
        Manifest::load(&path)
    }

    /// Validates manifest text; `path` names it in errors and anchors `working-dir`.
    ///
    /// # Errors
    /// As [`Manifest::load`].
    pub fn from_yaml(path: &Path, text: &str) -> Result<Manifest, ManifestError> {
        let file: ManifestFile = serde_saphyr::from_str(text).map_err(|error| {
            let message = clean_message(&error.to_string());
            ManifestError(match error.location() {
                Some(at) => SpecError::at(
                    path,
                    text,
                    at.line() as usize,
                    at.column() as usize,
                    message,
                ),
                None => SpecError::file(path, message),
            })
        })?;
        let at = |spanned_line: u64, column: u64, message: String| {
            ManifestError(SpecError::at(
                path,
                text,
                spanned_line as usize,
                column as usize,
                message,
            ))
        };
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        if let Some(stem) = stem.filter(|stem| *stem != file.name.value) {
            return Err(at(
                file.name.referenced.line(),
                file.name.referenced.column(),
                format!(
                    "name `{}` must equal the file name `{stem}`",
                    file.name.value
                ),
            ));
        }
        let Some(reference) = find_engine(&file.game.value) else {
            let games = crate::engine::games();
            return Err(at(
                file.game.referenced.line(),
                file.game.referenced.column(),
                format!(
                    "unknown game `{}`; expected one of: {}",
                    file.game.value,
                    games.join(", ")
                ),
            ));
        };
        if let Some(games) = file.protocol.games()
            && !games.contains(&file.game.value.as_str())
        {
            return Err(at(
                file.game.referenced.line(),
                file.game.referenced.column(),
                format!(
                    "protocol {} carries only {}, not `{}`",
                    file.protocol,
                    games.join(", "),
                    file.game.value
                ),
            ));
        }
        let variant = match &file.variant {
            Some(variant) if !reference.accepts_variant(&variant.value) => {
                return Err(at(
                    variant.referenced.line(),
                    variant.referenced.column(),
                    format!(
                        "unknown {} variant `{}`; expected one of: {}",
                        file.game.value,
                        variant.value,
                        reference.variants().join(", ")
                    ),
                ));
            }
            Some(variant) => variant.value.clone(),
            None => reference.default_variant(),
        };
        if let Some(rule) = &file.gomocup_rule
            && file.protocol != Protocol::Gomocup
        {
            return Err(at(
                rule.referenced.line(),
                rule.referenced.column(),
                "gomocup-rule only applies to protocol gomocup".to_owned(),
            ));
        }
        let command_at = (
            file.command.referenced.line(),
            file.command.referenced.column(),
        );
        let mut argv = file.command.value.0.into_iter();
        let Some(program) = argv.next().filter(|p| !p.is_empty()) else {
            return Err(at(
                command_at.0,
                command_at.1,
                "command is empty: name the program first".to_owned(),
            ));
        };
        let base = path.parent().map_or_else(PathBuf::new, Path::to_path_buf);
        let working_dir = match &file.working_dir {
            Some(dir) => base.join(dir),
            None => base,
        };
        let working_dir = if working_dir.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            working_dir
        };
        if !working_dir.is_dir() {
            return Err(ManifestError(SpecError::file(
                path,
                format!("working-dir `{}` is not a directory", working_dir.display()),
            )));
        }
        let program_path = resolve_program(&program, &working_dir)
            .map_err(|message| at(command_at.0, command_at.1, message))?;
        if file.move_time_ms == 0 {
            return Err(ManifestError(SpecError::file(
                path,
                "move-time-ms must be above 0",
            )));
        }
        Ok(Manifest {
            name: file.name.value,
            game: file.game.value,
            variant,
            program: program_path,
            args: argv.collect(),
            working_dir,
            protocol: file.protocol,
            move_time_ms: file.move_time_ms,
            first_move_time_ms: file.first_move_time_ms.unwrap_or(file.move_time_ms),
            memory_mb: file.memory_mb,
            gomocup_rule: file.gomocup_rule.map(|rule| rule.value),
            description: file.description,
        })
    }
}

/// `command[0]` as `execvp` would find it from `working_dir`.
///
/// # Errors
/// "command `x` not found", with where it was looked for.
pub fn resolve_program(program: &str, working_dir: &Path) -> Result<PathBuf, String> {
    if program.contains('/') {
        let path = working_dir.join(program);
        return if is_executable(&path) {
            Ok(path)
        } else if path.exists() {
            Err(format!(
                "command `{program}` is not executable ({})",
                path.display()
            ))
        } else {
            Err(format!(
                "command `{program}` not found (looked for {})",
                path.display()
            ))
        };
    }
    let search = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&search)
        .map(|dir| working_dir.join(dir).join(program))
        .find(|path| is_executable(path))
        .ok_or_else(|| format!("command `{program}` not found on PATH"))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

/// The manifest names (file stems) in `dir`, sorted.
#[must_use]
pub fn list_manifests(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
        .filter_map(|path| path.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    names
}

/// serde-saphyr's first message line without its own location (we print ours).
fn clean_message(rendered: &str) -> String {
    let line = rendered.lines().next().unwrap_or(rendered).trim();
    let line = line.strip_prefix("error: ").unwrap_or(line);
    let line = match line.find(" at line ") {
        Some(index) => &line[..index],
        None => line,
    };
    match line
        .strip_prefix("line ")
        .and_then(|rest| rest.split_once(": "))
    {
        Some((_, message)) => message.to_owned(),
        None => line.to_owned(),
    }
}
