//! Engine manifests: `engines/external/<name>.yaml` says how to start a team's engine and how
//! to talk to it.
//!
//! ```yaml
//! name: my-gomoku              # must equal the file stem
//! game: gomoku
//! variant: renju               # optional: the game's default variant otherwise
//! command: [build/pbrain-mine, --quiet]   # an argv list, never a shell string
//! working-dir: ../..           # relative to this file; the process starts there
//! protocol: gomocup            # see `Protocol` (one of arbiter_protocol::Protocol::ALL)
//! move-time-ms: 1000           # per move, as the platform gives it
//! first-move-time-ms: 2000     # start-up (Gomocup START, arbiter-line hello) or Botzone's first turn
//! tolerance-ms: 1000           # arbiter's slack on top of each limit (default 1000, GomocupJudge's)
//! memory-mb: 256               # resident memory of the engine's process tree (optional)
//! gomocup-rule: 4              # the `INFO rule` value this engine expects (gomocup only)
//! nboard-depth: 8              # the `set depth` an NBoard engine is given (nboard only; default 8)
//! dxp-port: 27531              # the loopback port arbiter listens on for a DXP engine (dxp only;
//!                              # default: a free port, put into any argument holding `{dxp-port}`)
//! dxp-initiator-args: [--dxp-initiator]   # added to the command to make the engine ask for a
//!                              # game itself (dxp only; the protocol check's follower row)
//! files: [weights/model.bin, config.toml]   # optional: what a frozen copy takes along
//! ```
//!
//! Several rule sets: `variants:` instead of `variant:`, each a variant name or
//! `{variant: renju, gomocup-rule: 4}`; `board-sizes: [15, 20]` (gomoku) offers each variant on
//! each size (`renju@20`). The first is the default; the audit runs every case whose variant
//! the engine offers.
//!
//! `working-dir` is resolved once, to an absolute path, from the manifest's own folder.
//! `command[0]` is then resolved like `execvp` from that directory: a name with a `/` is a path
//! relative to it, a bare name is looked up on `PATH`; the result is absolute. A missing binary
//! is an error at load time, so that an audit does not start with a broken engine.
//!
//! `files:` lists, relative to the working directory, the files besides the program that make
//! the engine what it is (weights, parameter files, scripts): `cargo xtask baseline freeze NAME
//! --engine MANIFEST` copies them with the program and records their hashes. An entry must lie
//! inside the working directory: no `/` at the start, no `..`, and no symbolic link leading
//! outside it (refused with the link's target). Where the program lies is resolved once, at
//! load time ([`ProgramPlace`]): only a file under the working directory, not itself a link, is
//! the engine's own and copied; whatever the manifest says, a freeze writes only inside its
//! baseline's folder.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde::de::{self, MapAccess, SeqAccess};
use serde_saphyr::Spanned;

use arbiter_engine::{RulesEngine, find_engine};
use arbiter_files::yaml::OneOf;
use arbiter_files::{SpecError, echo};
pub use arbiter_protocol::Protocol;
use arbiter_protocol::gomocup::rule_for_variant;

/// The tolerance added to every time limit when the manifest gives none, in ms: GomocupJudge's
/// (`tolerance = 1000` in its `client/ai_match.py`; a turn times out after
/// `tolerance + min(timeout_match - time used, timeout_turn)`). Brains use 0.92-1.03 s of a
/// 1 s `timeout_turn`, so an exact deadline fails them at random.
pub(crate) const DEFAULT_TOLERANCE_MS: u64 = 1000;

/// An argv list. A YAML string is refused: arbiter never runs a shell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Argv(pub(crate) Vec<String>);

arbiter_files::one_of_deserialize!(Argv, VariantEntry);

impl<'de> OneOf<'de> for Argv {
    const EXPECTING: &'static str = "a list of arguments, e.g. [build/pbrain-mine, --quiet]";

    fn from_str<E: de::Error>(_: &str) -> Result<Argv, E> {
        Err(E::custom(
            "command must be a list of arguments, not a shell string \
             (write [prog, arg1, arg2]; arbiter runs no shell)",
        ))
    }

    fn from_seq<A: SeqAccess<'de>>(mut seq: A) -> Result<Argv, A::Error> {
        let mut argv = Vec::new();
        while let Some(arg) = seq.next_element::<String>()? {
            argv.push(arg);
        }
        Ok(Argv(argv))
    }
}

/// One entry of `variants:`: a variant name, or a map with its `INFO rule`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct VariantEntry {
    variant: String,
    gomocup_rule: Option<u32>,
}

impl<'de> OneOf<'de> for VariantEntry {
    const EXPECTING: &'static str = "a variant name, or {variant: NAME, gomocup-rule: N}";

    fn from_str<E: de::Error>(text: &str) -> Result<VariantEntry, E> {
        Ok(VariantEntry {
            variant: text.to_owned(),
            gomocup_rule: None,
        })
    }

    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<VariantEntry, A::Error> {
        let mut variant = None;
        let mut gomocup_rule = None;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "variant" => variant = Some(map.next_value::<String>()?),
                "gomocup-rule" => gomocup_rule = Some(map.next_value::<u32>()?),
                other => {
                    return Err(de::Error::unknown_field(
                        other,
                        &["variant", "gomocup-rule"],
                    ));
                }
            }
        }
        Ok(VariantEntry {
            variant: variant.ok_or_else(|| de::Error::missing_field("variant"))?,
            gomocup_rule,
        })
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
    #[serde(default)]
    variants: Option<Spanned<Vec<Spanned<VariantEntry>>>>,
    #[serde(default)]
    board_sizes: Option<Spanned<Vec<u8>>>,
    command: Spanned<Argv>,
    #[serde(default)]
    working_dir: Option<Spanned<String>>,
    protocol: Protocol,
    move_time_ms: Spanned<u64>,
    #[serde(default)]
    first_move_time_ms: Option<u64>,
    #[serde(default)]
    tolerance_ms: Option<u64>,
    #[serde(default)]
    memory_mb: Option<Spanned<u64>>,
    #[serde(default)]
    gomocup_rule: Option<Spanned<u32>>,
    #[serde(default)]
    nboard_depth: Option<Spanned<u32>>,
    #[serde(default)]
    dxp_port: Option<Spanned<u16>>,
    #[serde(default)]
    dxp_initiator_args: Option<Spanned<Vec<String>>>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    files: Vec<Spanned<String>>,
}

/// A variant the engine offers, with the `INFO rule` value it is told under Gomocup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfferedVariant {
    /// The variant, in the embedded engine's grammar (`renju`, `freestyle@20`).
    pub(crate) name: String,
    /// The `INFO rule` value (Gomocup only): the manifest's, else arbiter's mapping.
    pub gomocup_rule: Option<u32>,
}

/// A validated manifest: everything needed to start and drive the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    /// The engine's name (the manifest's file stem).
    pub name: String,
    /// The game, one of the embedded engines' games (its rules are the reference).
    pub game: String,
    /// The variants it offers, the default first; never empty.
    pub(crate) variants: Vec<OfferedVariant>,
    /// The program (an absolute path) and its arguments.
    pub program: PathBuf,
    /// Where the program lies, as a frozen copy sees it: resolved once, here.
    pub program_place: ProgramPlace,
    pub args: Vec<String>,
    /// Where the process starts (an absolute path).
    pub working_dir: PathBuf,
    pub protocol: Protocol,
    /// Time for one move, in ms, as the platform gives it.
    pub move_time_ms: u64,
    /// Time to start: Gomocup `START`, arbiter-line `hello`; Botzone's (longer) first turn.
    pub first_move_time_ms: u64,
    /// arbiter's slack on top of every limit, in ms ([`DEFAULT_TOLERANCE_MS`]).
    pub tolerance_ms: u64,
    /// The resident-memory limit of the process tree in MB, if any.
    pub(crate) memory_mb: Option<u64>,
    /// The `set depth` of an NBoard engine (nboard only).
    pub(crate) nboard_depth: Option<u32>,
    /// The loopback port arbiter listens on for a DXP engine (dxp only); `None`: a free one.
    pub(crate) dxp_port: Option<u16>,
    /// Arguments that make a DXP engine the initiator (dxp only).
    pub(crate) dxp_initiator_args: Option<Vec<String>>,
    /// Free text.
    pub(crate) description: Option<String>,
    /// The engine's own files besides the program (weights, parameters), relative to
    /// `working_dir`: what a frozen copy takes along.
    pub files: Vec<PathBuf>,
}

/// Where a manifest's program lies: whether it is the engine's own file, which a frozen copy
/// takes along, and if not, why not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgramPlace {
    /// A file under the working directory, reached without a symbolic link of its own: its
    /// path relative to the working directory with every link and `..` resolved (only plain
    /// names), so that a copy kept at that path stays inside the copy's folder.
    Own(PathBuf),
    /// A bare name found on `PATH`, or a file in a `PATH` directory (an interpreter such as
    /// `python3`).
    OnPath,
    /// A symbolic link (a virtualenv's `venv/bin/python`, which works only from inside its
    /// virtualenv) to this target.
    Link(PathBuf),
    /// A file outside the working directory (its real path).
    Outside(PathBuf),
}

impl fmt::Display for ProgramPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProgramPlace::Own(path) => {
                write!(f, "the engine's own file {}", path.display())
            }
            ProgramPlace::OnPath => f.write_str("found on PATH"),
            ProgramPlace::Link(target) => {
                write!(f, "a symbolic link to {}", target.display())
            }
            ProgramPlace::Outside(path) => {
                write!(f, "outside the working directory (at {})", path.display())
            }
        }
    }
}

/// Why a manifest cannot be used. Displayed as a spec error without its leading `error: `
/// (the front ends add their own).
#[derive(Clone, Debug)]
pub struct ManifestError(pub SpecError);

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0.to_string();
        f.write_str(text.strip_prefix("error: ").unwrap_or(&text))
    }
}

impl std::error::Error for ManifestError {}

/// The directory of shipped manifests, from the workspace root.
pub const MANIFEST_DIR: &str = "engines/external";

impl Manifest {
    /// The default variant (the first offered).
    #[must_use]
    pub fn variant(&self) -> &str {
        &self.variants[0].name
    }

    /// The offered variant `name` names (spelled as the manifest or a spec spells it).
    #[must_use]
    pub fn offered(&self, name: &str) -> Option<&OfferedVariant> {
        self.variants
            .iter()
            .find(|offered| same_variant(&self.game, &offered.name, name))
    }

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
                    arbiter_files::list_or_none(&known, ", ")
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
        let file = parse_manifest_file(path, text)?;
        let at = |location: &serde_saphyr::Location, message: String| {
            ManifestError(arbiter_files::yaml::error_at(
                path,
                text,
                Some(*location),
                message,
            ))
        };
        check_name(path, &file.name, &at)?;
        let reference = reference_engine(&file, &at)?;
        check_keys_of_one_protocol(&file, &at)?;
        let variants = offered_variants(&file, reference.as_ref(), &at)?;
        let command = resolve_command(path, file.command, file.working_dir.as_ref(), &at)?;
        check_limits(&file.move_time_ms, file.memory_mb.as_ref(), &at)?;
        let files = engine_files(&file.files, &command.working_dir, &at)?;
        Ok(Manifest {
            name: file.name.value,
            game: file.game.value,
            variants,
            program: command.program,
            program_place: command.program_place,
            args: command.args,
            working_dir: command.working_dir,
            protocol: file.protocol,
            move_time_ms: file.move_time_ms.value,
            first_move_time_ms: file.first_move_time_ms.unwrap_or(file.move_time_ms.value),
            tolerance_ms: file.tolerance_ms.unwrap_or(DEFAULT_TOLERANCE_MS),
            memory_mb: file.memory_mb.map(|m| m.value),
            nboard_depth: file.nboard_depth.map(|d| d.value),
            dxp_port: file.dxp_port.map(|p| p.value).filter(|&p| p != 0),
            dxp_initiator_args: file.dxp_initiator_args.map(|a| a.value),
            description: file.description,
            files,
        })
    }
}

/// Makes the error of a manifest key from where it stands and a message.
type At<'a> = dyn Fn(&serde_saphyr::Location, String) -> ManifestError + 'a;

/// The manifest as written, or serde-saphyr's complaint at its `file:line:col`.
fn parse_manifest_file(path: &Path, text: &str) -> Result<ManifestFile, ManifestError> {
    serde_saphyr::from_str(text).map_err(|error| {
        let message = arbiter_files::yaml::budget_words(&error)
            .unwrap_or_else(|| clean_message(&error.to_string()));
        ManifestError(arbiter_files::yaml::error_at(
            path,
            text,
            error.location(),
            message,
        ))
    })
}

/// The name equals the file stem and holds only printable characters.
fn check_name(path: &Path, name: &Spanned<String>, at: &At<'_>) -> Result<(), ManifestError> {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    if let Some(stem) = stem.filter(|stem| *stem != name.value) {
        return Err(at(
            &name.referenced,
            format!(
                "name {} must equal the file name {}",
                echo(&name.value),
                echo(&stem)
            ),
        ));
    }
    // The name is printed on terminals and in every report: no escape sequence in it.
    if name.value.chars().any(char::is_control) {
        return Err(at(
            &name.referenced,
            format!(
                "name {} holds control characters: name the engine in printable characters",
                echo(&name.value)
            ),
        ));
    }
    Ok(())
}

/// The embedded engine of the manifest's game, whose rules are the reference, once the
/// protocol is known to carry that game.
fn reference_engine(
    file: &ManifestFile,
    at: &At<'_>,
) -> Result<Box<dyn RulesEngine>, ManifestError> {
    let Some(reference) = find_engine(&file.game.value) else {
        let games = arbiter_engine::games();
        return Err(at(
            &file.game.referenced,
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
            &file.game.referenced,
            format!(
                "protocol {} carries only {}, not `{}`",
                file.protocol,
                games.join(", "),
                file.game.value
            ),
        ));
    }
    Ok(reference)
}

/// The keys that only one protocol reads are given only under that protocol.
fn check_keys_of_one_protocol(file: &ManifestFile, at: &At<'_>) -> Result<(), ManifestError> {
    let keys_of_one_protocol = [
        (
            "gomocup-rule",
            place(file.gomocup_rule.as_ref()),
            Protocol::Gomocup,
        ),
        (
            "nboard-depth",
            place(file.nboard_depth.as_ref()),
            Protocol::Nboard,
        ),
        ("dxp-port", place(file.dxp_port.as_ref()), Protocol::Dxp),
        (
            "dxp-initiator-args",
            place(file.dxp_initiator_args.as_ref()),
            Protocol::Dxp,
        ),
    ];
    for (key, location, protocol) in keys_of_one_protocol {
        if let Some(location) = location
            && file.protocol != protocol
        {
            return Err(at(
                location,
                format!("{key} only applies to protocol {protocol}"),
            ));
        }
    }
    Ok(())
}

/// Where a key stands in the manifest, when it is given.
fn place<T>(key: Option<&Spanned<T>>) -> Option<&serde_saphyr::Location> {
    key.map(|key| &key.referenced)
}

/// `command` and `working-dir` resolved: what to start, and where.
struct ResolvedCommand {
    program: PathBuf,
    program_place: ProgramPlace,
    args: Vec<String>,
    working_dir: PathBuf,
}

/// Resolves the working directory from the manifest at `path`, then the program from it.
fn resolve_command(
    path: &Path,
    command: Spanned<Argv>,
    working_dir: Option<&Spanned<String>>,
    at: &At<'_>,
) -> Result<ResolvedCommand, ManifestError> {
    let command_at = command.referenced;
    let mut argv = command.value.0.into_iter();
    let Some(program) = argv.next().filter(|p| !p.is_empty()) else {
        return Err(at(
            &command_at,
            "command is empty: name the program first".to_owned(),
        ));
    };
    let working_dir =
        resolve_working_dir(path, working_dir.map(|d| &d.value)).map_err(|message| {
            match working_dir {
                Some(dir) => at(&dir.referenced, message),
                None => ManifestError(SpecError::file(path, message)),
            }
        })?;
    let program_path =
        resolve_program(&program, &working_dir).map_err(|message| at(&command_at, message))?;
    Ok(ResolvedCommand {
        program_place: program_place(&program, &program_path, &working_dir),
        program: program_path,
        args: argv.collect(),
        working_dir,
    })
}

/// The time and memory limits are above 0.
fn check_limits(
    move_time_ms: &Spanned<u64>,
    memory_mb: Option<&Spanned<u64>>,
    at: &At<'_>,
) -> Result<(), ManifestError> {
    if move_time_ms.value == 0 {
        return Err(at(
            &move_time_ms.referenced,
            "move-time-ms must be above 0".to_owned(),
        ));
    }
    if let Some(memory) = memory_mb
        && memory.value == 0
    {
        return Err(at(
            &memory.referenced,
            "memory-mb must be above 0 (leave it out for no limit)".to_owned(),
        ));
    }
    Ok(())
}

/// The `files:` entries checked ([`engine_file`]), in their order.
fn engine_files(
    listed: &[Spanned<String>],
    working_dir: &Path,
    at: &At<'_>,
) -> Result<Vec<PathBuf>, ManifestError> {
    let mut files = Vec::new();
    for entry in listed {
        let relative = engine_file(&entry.value, working_dir)
            .map_err(|message| at(&entry.referenced, message))?;
        files.push(relative);
    }
    Ok(files)
}

/// A `variants:` entry and where the manifest gives it.
type PlacedEntry = (VariantEntry, serde_saphyr::Location);

/// The variants a manifest offers: `variant` or `variants`, times `board-sizes`.
fn offered_variants(
    file: &ManifestFile,
    reference: &dyn RulesEngine,
    at: &At<'_>,
) -> Result<Vec<OfferedVariant>, ManifestError> {
    let game = &file.game.value;
    let gomocup = file.protocol == Protocol::Gomocup;
    let mut entries = written_variants(file, reference, at)?;
    if let Some(sizes) = &file.board_sizes {
        entries = on_each_board_size(&entries, sizes, game, at)?;
    }
    let mut offered: Vec<OfferedVariant> = Vec::new();
    for (entry, location) in entries {
        check_variant_entry(&entry, &offered, game, reference, gomocup)
            .map_err(|message| at(&location, message))?;
        let gomocup_rule = if gomocup {
            entry
                .gomocup_rule
                .or_else(|| rule_for_variant(&entry.variant))
        } else {
            None
        };
        offered.push(OfferedVariant {
            name: entry.variant,
            gomocup_rule,
        });
    }
    Ok(offered)
}

/// The variants as the manifest writes them (`variant`, `variants` or neither: the game's
/// default), each with the manifest's `gomocup-rule` unless it gives its own.
fn written_variants(
    file: &ManifestFile,
    reference: &dyn RulesEngine,
    at: &At<'_>,
) -> Result<Vec<PlacedEntry>, ManifestError> {
    let default_rule = file.gomocup_rule.as_ref().map(|r| r.value);
    match (&file.variant, &file.variants) {
        (Some(variant), Some(_)) => Err(at(
            &variant.referenced,
            "give `variant` or `variants`, not both".to_owned(),
        )),
        (Some(variant), None) => Ok(vec![(
            VariantEntry {
                variant: variant.value.clone(),
                gomocup_rule: default_rule,
            },
            variant.referenced,
        )]),
        (None, Some(list)) if list.value.is_empty() => Err(at(
            &list.referenced,
            "`variants` is empty: list at least one".to_owned(),
        )),
        (None, Some(list)) => Ok(list
            .value
            .iter()
            .map(|entry| {
                let mut value = entry.value.clone();
                value.gomocup_rule = value.gomocup_rule.or(default_rule);
                (value, entry.referenced)
            })
            .collect()),
        (None, None) => Ok(vec![(
            VariantEntry {
                variant: reference.default_variant(),
                gomocup_rule: default_rule,
            },
            file.game.referenced,
        )]),
    }
}

/// Each variant on each of `board-sizes` (`renju@20`), gomoku only.
fn on_each_board_size(
    entries: &[PlacedEntry],
    sizes: &Spanned<Vec<u8>>,
    game: &str,
    at: &At<'_>,
) -> Result<Vec<PlacedEntry>, ManifestError> {
    if game != "gomoku" {
        return Err(at(
            &sizes.referenced,
            format!("board-sizes applies to gomoku, not {game} (name the variant instead)"),
        ));
    }
    let mut sized = Vec::new();
    for (entry, location) in entries {
        let base = entry.variant.split('@').next().unwrap_or(&entry.variant);
        for size in &sizes.value {
            sized.push((
                VariantEntry {
                    variant: format!("{base}@{size}"),
                    gomocup_rule: entry.gomocup_rule,
                },
                *location,
            ));
        }
    }
    Ok(sized)
}

/// Why a variant entry cannot be offered beside `offered`: an unknown variant, a
/// `gomocup-rule` under another protocol, or a variant listed twice.
fn check_variant_entry(
    entry: &VariantEntry,
    offered: &[OfferedVariant],
    game: &str,
    reference: &dyn RulesEngine,
    gomocup: bool,
) -> Result<(), String> {
    if !reference.accepts_variant(&entry.variant) {
        return Err(format!(
            "unknown {game} variant `{}`; expected one of: {}",
            entry.variant,
            reference.variants().join(", ")
        ));
    }
    if entry.gomocup_rule.is_some() && !gomocup {
        return Err("gomocup-rule only applies to protocol gomocup".to_owned());
    }
    if offered
        .iter()
        .any(|o| same_variant(game, &o.name, &entry.variant))
    {
        return Err(format!("variant `{}` is listed twice", entry.variant));
    }
    Ok(())
}

/// Whether two spellings name the same variant (`renju` and `renju@15` for gomoku).
#[must_use]
pub(crate) fn same_variant(game: &str, a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    if game == "gomoku" {
        let parse = |text: &str| text.parse::<arbiter_gomoku::GomokuVariant>().ok();
        return matches!((parse(a), parse(b)), (Some(x), Some(y)) if x == y);
    }
    false
}

/// `working-dir` from the manifest's folder, absolute and without `..`.
fn resolve_working_dir(manifest: &Path, dir: Option<&String>) -> Result<PathBuf, String> {
    let folder = manifest.parent().filter(|p| !p.as_os_str().is_empty());
    let folder = folder.map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let joined = match dir {
        Some(dir) => folder.join(dir),
        None => folder,
    };
    match std::fs::canonicalize(&joined) {
        Ok(path) if path.is_dir() => Ok(path),
        Ok(path) => Err(format!(
            "working-dir `{}` is not a directory",
            path.display()
        )),
        Err(error) => Err(format!(
            "working-dir `{}` (from the manifest's folder) cannot be used: {error}",
            joined.display()
        )),
    }
}

/// Where the program `written` (as `command[0]` gives it), found at `path`, lies.
fn program_place(written: &str, path: &Path, working_dir: &Path) -> ProgramPlace {
    let in_path_dir = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .any(|dir| path.parent() == Some(dir.as_path()));
    if !written.contains('/') || in_path_dir {
        return ProgramPlace::OnPath;
    }
    let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned());
    if path.is_symlink() {
        return ProgramPlace::Link(real);
    }
    match real.strip_prefix(working_dir) {
        Ok(relative) if !relative.as_os_str().is_empty() => {
            ProgramPlace::Own(relative.to_path_buf())
        }
        _ => ProgramPlace::Outside(real),
    }
}

/// A `files:` entry checked: a relative path inside the working directory, naming a file that
/// lies there (a symbolic link on the way to a file outside is refused, so that a frozen copy
/// takes only the engine's own files, never one of the machine's).
fn engine_file(listed: &str, working_dir: &Path) -> Result<PathBuf, String> {
    use std::path::Component;
    let relative = PathBuf::from(listed);
    if !relative
        .components()
        .all(|part| matches!(part, Component::Normal(_) | Component::CurDir))
    {
        return Err(format!(
            "files: `{listed}` must be a path inside the working directory (no `/` at the \
             start, no `..`), so that a frozen copy can keep it at the same place"
        ));
    }
    let path = working_dir.join(&relative);
    if !path.is_file() {
        return Err(format!(
            "files: `{listed}` is not a file ({} does not exist or is a directory)",
            path.display()
        ));
    }
    match std::fs::canonicalize(&path) {
        Ok(real) if real.starts_with(working_dir) => Ok(relative),
        Ok(real) => Err(format!(
            "files: `{listed}` is or lies under a symbolic link to {}, outside the working \
             directory; list the engine's own files only",
            real.display()
        )),
        Err(error) => Err(format!("files: `{listed}` cannot be resolved: {error}")),
    }
}

/// `command[0]` as `execvp` would find it from `working_dir`.
///
/// # Errors
/// "command `x` not found", with where it was looked for.
pub(crate) fn resolve_program(program: &str, working_dir: &Path) -> Result<PathBuf, String> {
    if program.contains('/') {
        // `./x` names `x` in the working directory: rebuilding the path from its components
        // drops an inner `.` (a leading one, which still means something, is kept).
        let path: PathBuf = working_dir.join(program).components().collect();
        return if is_executable(&path) {
            Ok(path)
        } else if path.exists() {
            Err(format!(
                "command {} is not executable ({})",
                echo(program),
                path.display()
            ))
        } else {
            Err(format!(
                "command {} not found (looked for {})",
                echo(program),
                path.display()
            ))
        };
    }
    let search = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&search)
        .map(|dir| working_dir.join(dir).join(program))
        .find(|path| is_executable(path))
        .ok_or_else(|| format!("command {} not found on PATH", echo(program)))
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

#[cfg(test)]
mod files_tests {
    use super::*;

    fn load(dir: &Path, files: &str) -> Result<Manifest, String> {
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(dir.join("weights.bin"), b"w").unwrap();
        let text = format!(
            "name: m\ngame: othello\ncommand: [{}]\nprotocol: botzone\nmove-time-ms: 1000\n\
             files: {files}\n",
            std::env::current_exe().unwrap().display()
        );
        Manifest::from_yaml(&dir.join("m.yaml"), &text).map_err(|error| error.to_string())
    }

    #[test]
    fn listed_files_must_exist_inside_the_working_directory() {
        let dir = std::env::temp_dir().join(format!("arbiter-files-{}", std::process::id()));
        assert_eq!(
            load(&dir, "[weights.bin]").unwrap().files,
            [PathBuf::from("weights.bin")]
        );
        let outside = load(&dir, "[../weights.bin]").unwrap_err();
        assert!(outside.contains("m.yaml:6:9"), "{outside}");
        assert!(
            outside.contains("inside the working directory"),
            "{outside}"
        );
        let missing = load(&dir, "[weights.bin, nets/none.bin]").unwrap_err();
        assert!(
            missing.contains("`nets/none.bin` is not a file"),
            "{missing}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[cfg(test)]
mod name_tests {
    use super::*;

    #[test]
    fn a_name_with_escape_sequences_is_refused_and_never_echoed_raw() {
        let name = "\u{1b}[2J\u{7}bot";
        let text = format!(
            "name: \"\\e[2J\\abot\"\ngame: othello\ncommand: [{}]\nprotocol: botzone\n\
             move-time-ms: 1000\n",
            std::env::current_exe().unwrap().display()
        );
        let error = Manifest::from_yaml(Path::new(&format!("{name}.yaml")), &text)
            .unwrap_err()
            .to_string();
        assert!(
            !error.chars().any(|c| c.is_control() && c != '\n'),
            "{error:?}"
        );
        assert!(
            error.contains("name `\\u{1b}[2J\\u{7}bot` holds control characters"),
            "{error}"
        );
        assert!(error.contains("\\u{1b}[2J\\u{7}bot.yaml:1:7"), "{error}");
    }
}

#[cfg(test)]
mod protocol_key_tests {
    use super::*;

    /// A key that only another protocol reads is refused at the key, naming the protocol.
    #[test]
    fn a_key_of_another_protocol_is_refused_at_the_key() {
        let program = std::env::current_exe().unwrap();
        for (key, value, protocol) in [
            ("gomocup-rule", "4", "gomocup"),
            ("nboard-depth", "6", "nboard"),
            ("dxp-port", "27531", "dxp"),
            ("dxp-initiator-args", "[x]", "dxp"),
        ] {
            let text = format!(
                "name: m\ngame: othello\ncommand: [{}]\nprotocol: botzone\nmove-time-ms: 1000\n\
                 {key}: {value}\n",
                program.display()
            );
            let error = Manifest::from_yaml(Path::new("m.yaml"), &text)
                .unwrap_err()
                .to_string();
            let expected = format!("{key} only applies to protocol {protocol}");
            assert!(error.contains(&expected), "{key}: {error}");
            assert!(error.contains("m.yaml:6:"), "{key}: {error}");
        }
    }
}
