//! The two engines of a match, as named on the command line, and the seats they take.
//!
//! A name is one of:
//! - an embedded engine (`othello`), optionally with a parameters file (`--params-a FILE`);
//! - an embedded engine frozen in a baseline (`othello@2026-12-01`): the baseline's
//!   `params/<engine>.yaml` under `snapshots/baselines/`;
//! - an external engine: a manifest name in `engines/external/` or a path to a manifest
//!   (`../my-bot.yaml`). Frozen copies of external engines (`my-bot@NAME`): the manifest
//!   `baseline freeze NAME --engine my-bot` wrote, which starts the copy kept in the baseline.
//!
//! The resolved engine is kept in the match's `match.json` (with the parameters' text), so
//! that `--resume` plays the same engines.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::clock::{SeatTime, TimeControl};
use super::external_seat::ExternalSeat;
use super::seat::{EmbeddedSeat, SearchLimit, Seat};
use arbiter_engine::{
    Algorithm, Budget, PositionRequest, RulesEngine, SearchError, SearchFailure, find_engine,
};
use arbiter_external::{MANIFEST_DIR, Manifest, is_manifest_path};

/// A parameters file and where it came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ParamsRecord {
    /// The file (`weak.yaml`) or baseline (`snapshots/baselines/B/params/othello.yaml`).
    pub(crate) origin: String,
    pub(crate) yaml: String,
}

/// What kind of engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum EngineKind {
    /// An embedded engine; `params` replaces its shipped parameters file.
    Embedded {
        game: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        params: Option<ParamsRecord>,
    },
    /// An external engine by its manifest file.
    External { manifest: PathBuf },
}

/// One engine of the match, resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineEntry {
    /// As given on the command line.
    pub(crate) name: String,
    /// How records and reports name it.
    pub label: String,
    #[serde(flatten)]
    pub(crate) kind: EngineKind,
}

impl EngineEntry {
    /// The manifest an external engine starts from (for `my-bot@NAME`, the frozen copy's);
    /// `None` for an embedded engine.
    #[must_use]
    pub fn manifest(&self) -> Option<&Path> {
        match &self.kind {
            EngineKind::External { manifest } => Some(manifest),
            EngineKind::Embedded { .. } => None,
        }
    }
}

/// Resolves a command-line name (`root` is the workspace root, for manifests; `baselines` the
/// folder of baselines, [`arbiter_baseline::folder`]).
///
/// # Errors
/// An unknown engine or baseline, an unreadable parameters file, a parameters file for an
/// external engine, or a frozen external engine the baseline does not hold.
pub fn resolve(
    name: &str,
    params_file: Option<&Path>,
    root: &Path,
    baselines: &Path,
) -> Result<EngineEntry, String> {
    let named = Named::parse(name);
    if let Some(engine) = find_engine(named.base) {
        return named.embedded(engine.as_ref(), params_file, root, baselines);
    }
    if params_file.is_some() {
        return Err(format!(
            "`{name}` is not an embedded engine; parameters files are for embedded engines \
             (an external engine reads its own)"
        ));
    }
    match named.frozen {
        Some(baseline_name) => named.frozen_external(baseline_name, baselines),
        None => named.external(root),
    }
}

/// A command-line name taken apart: `base@frozen`, or `base` alone.
struct Named<'a> {
    /// As given.
    name: &'a str,
    /// The engine: an embedded engine's name, a manifest's name or a path to it.
    base: &'a str,
    /// The baseline it is frozen in.
    frozen: Option<&'a str>,
}

impl<'a> Named<'a> {
    fn parse(name: &'a str) -> Self {
        let (base, frozen) = match name.rsplit_once('@') {
            Some((base, baseline)) if !base.is_empty() && !baseline.is_empty() => {
                (base, Some(baseline))
            }
            _ => (name, None),
        };
        Named { name, base, frozen }
    }

    /// An embedded engine, with the parameters of its baseline or of `params_file`.
    fn embedded(
        &self,
        engine: &dyn RulesEngine,
        params_file: Option<&Path>,
        root: &Path,
        baselines: &Path,
    ) -> Result<EngineEntry, String> {
        let Named { name, base, frozen } = *self;
        let params = match (frozen, params_file) {
            (Some(_), Some(_)) => {
                return Err(format!(
                    "`{name}` is a frozen engine; it takes no parameters file"
                ));
            }
            (Some(baseline_name), None) => Some(baseline_params(
                root,
                baselines,
                engine.name(),
                baseline_name,
            )?),
            (None, Some(path)) => Some(ParamsRecord {
                origin: path.display().to_string(),
                yaml: std::fs::read_to_string(path)
                    .map_err(|error| format!("{}: cannot read: {error}", path.display()))?,
            }),
            (None, None) => None,
        };
        let label = match &params {
            Some(params) if frozen.is_none() => format!("{base} ({})", file_label(&params.origin)),
            _ => name.to_owned(),
        };
        Ok(EngineEntry {
            name: name.to_owned(),
            label,
            kind: EngineKind::Embedded {
                game: engine.game().to_owned(),
                params,
            },
        })
    }

    /// A frozen team's engine: the manifest `baseline freeze --engine` wrote, which starts
    /// the copy kept in the baseline.
    fn frozen_external(
        &self,
        baseline_name: &str,
        baselines: &Path,
    ) -> Result<EngineEntry, String> {
        let Named { name, base, .. } = *self;
        let dir = baselines.join(baseline_name);
        // `../my-bot.yaml@NAME` means the same as `my-bot@NAME`.
        let base = if base.contains('/') || base.ends_with(".yaml") {
            Path::new(base)
                .file_stem()
                .map_or(base, |stem| stem.to_str().unwrap_or(base))
        } else {
            base
        };
        let path = arbiter_baseline::engine::frozen_manifest_path(&dir, base);
        if !path.is_file() {
            return Err(format!(
                "`{name}`: baseline `{baseline_name}` holds no frozen copy of `{base}` \
                 ({} is missing); freeze one with `cargo xtask baseline freeze \
                 {baseline_name} --engine {base}`",
                path.display()
            ));
        }
        Manifest::load(&path).map_err(|error| error.to_string())?;
        Ok(EngineEntry {
            name: name.to_owned(),
            label: name.to_owned(),
            kind: EngineKind::External { manifest: path },
        })
    }

    /// An external engine by its manifest: a path, or a name in the manifest folder.
    fn external(&self, root: &Path) -> Result<EngineEntry, String> {
        let Named { name, base, .. } = *self;
        let path = if is_manifest_path(base) {
            PathBuf::from(base)
        } else {
            root.join(MANIFEST_DIR).join(format!("{base}.yaml"))
        };
        // Validate now, so that a bad manifest stops the match before any game.
        let manifest = Manifest::load(&path).map_err(|error| error.to_string())?;
        Ok(EngineEntry {
            name: name.to_owned(),
            label: manifest.name.clone(),
            kind: EngineKind::External { manifest: path },
        })
    }
}

/// `weak.yaml` for `some/dir/weak.yaml`.
fn file_label(origin: &str) -> String {
    Path::new(origin).file_name().map_or_else(
        || origin.to_owned(),
        |name| name.to_string_lossy().into_owned(),
    )
}

/// The frozen parameters of `engine` in baseline `name`.
fn baseline_params(
    root: &Path,
    baselines: &Path,
    engine: &str,
    name: &str,
) -> Result<ParamsRecord, String> {
    let dir = baselines.join(name);
    if !dir.is_dir() {
        let mut known: Vec<String> = std::fs::read_dir(baselines)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .filter(|entry| entry.path().is_dir())
                    .map(|entry| entry.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        known.sort();
        return Err(format!(
            "no baseline `{name}` in {}; known: {}",
            baselines.display(),
            arbiter_files::list_or_none(&known, ", ")
        ));
    }
    let path = dir.join("params").join(format!("{engine}.yaml"));
    let yaml = std::fs::read_to_string(&path)
        .map_err(|error| format!("{}: cannot read: {error}", path.display()))?;
    let origin = path
        .strip_prefix(root)
        .unwrap_or(&path)
        .display()
        .to_string();
    Ok(ParamsRecord { origin, yaml })
}

/// How the match limits an engine's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatSettings {
    pub control: Option<TimeControl>,
    /// The fixed budget of embedded (and `arbiter-line`) searches, if any.
    pub budget: Option<Budget>,
}

/// A seat for one game, with what the referee needs to know about it.
pub struct SeatPlan {
    pub seat: Box<dyn Seat>,
    /// An external engine's manifest times (all zero for an embedded engine).
    pub(crate) time: SeatTime,
}

/// An engine ready to take seats.
pub enum Contestant {
    Embedded {
        engine: Box<dyn RulesEngine>,
        params_yaml: Option<String>,
    },
    External {
        /// Boxed: a manifest is far larger than the embedded variant.
        manifest: Box<Manifest>,
    },
}

impl Contestant {
    /// Loads an engine: a manifest is read and checked, a parameters file is tried on a
    /// one-ply search so that a bad file stops the match before any game.
    ///
    /// # Errors
    /// The manifest's error, or the parameters file's (with its line and column).
    pub fn load(entry: &EngineEntry) -> Result<Contestant, String> {
        match &entry.kind {
            EngineKind::Embedded { game, params } => {
                let engine =
                    find_engine(game).ok_or_else(|| format!("unknown embedded engine `{game}`"))?;
                if let Some(params) = params {
                    let shipped = engine.params().map(|file| file.path).unwrap_or_default();
                    let position = engine
                        .position(&engine.default_variant(), &PositionRequest::default())
                        .map_err(|error| error.to_string())?;
                    match position.search(
                        Algorithm::AlphaBeta,
                        Budget::Depth(1),
                        Some(&params.yaml),
                    ) {
                        Err(SearchFailure::Search(SearchError::Params(message))) => {
                            return Err(format!(
                                "invalid parameters: {}",
                                message.replacen(&shipped, &params.origin, 1)
                            ));
                        }
                        Err(other) => return Err(other.to_string()),
                        Ok(_) => {}
                    }
                }
                Ok(Contestant::Embedded {
                    engine,
                    params_yaml: params.as_ref().map(|params| params.yaml.clone()),
                })
            }
            EngineKind::External { manifest } => Ok(Contestant::External {
                manifest: Box::new(Manifest::load(manifest).map_err(|error| error.to_string())?),
            }),
        }
    }

    /// The game it plays.
    #[must_use]
    pub(crate) fn game(&self) -> &str {
        match self {
            Contestant::Embedded { engine, .. } => engine.game(),
            Contestant::External { manifest } => &manifest.game,
        }
    }

    /// The variant it must play (an external engine's manifest fixes it).
    #[must_use]
    pub(crate) fn fixed_variant(&self) -> Option<&str> {
        match self {
            Contestant::Embedded { .. } => None,
            Contestant::External { manifest } => Some(manifest.variant()),
        }
    }

    /// How many plies of an opening it can be given before its first move (`None`: any).
    /// The CCGC platform protocol sets no position: a new engine sees the start or the
    /// opponent's first move.
    #[must_use]
    pub(crate) fn max_given_plies(&self) -> Option<usize> {
        match self {
            Contestant::Embedded { .. } => None,
            Contestant::External { manifest } => manifest.protocol.max_given_plies(),
        }
    }

    /// Whether it runs as an outside process (time-sensitive: it must not share a core).
    #[must_use]
    pub(crate) fn is_external(&self) -> bool {
        matches!(self, Contestant::External { .. })
    }

    /// A seat for one game.
    #[must_use]
    pub fn seat(&self, settings: SeatSettings, log_dir: &Path) -> SeatPlan {
        match self {
            Contestant::Embedded {
                engine,
                params_yaml,
            } => {
                let limit = match (settings.budget, settings.control) {
                    (Some(budget), _) => SearchLimit::Fixed(budget),
                    (None, Some(_)) => SearchLimit::Clock,
                    (None, None) => SearchLimit::Fixed(Budget::Nodes(DEFAULT_NODES)),
                };
                SeatPlan {
                    seat: Box::new(EmbeddedSeat::new(
                        params_yaml.clone(),
                        limit,
                        engine.plays_with(),
                    )),
                    time: SeatTime::default(),
                }
            }
            Contestant::External { manifest } => {
                let move_ms = settings.control.map(|control| control.longest_move_ms());
                SeatPlan {
                    seat: Box::new(ExternalSeat::new(
                        manifest,
                        move_ms,
                        settings.budget,
                        log_dir,
                    )),
                    time: SeatTime {
                        fallback_move_ms: Some(manifest.move_time_ms),
                        tolerance_ms: manifest.tolerance_ms,
                        start_up_ms: manifest.first_move_time_ms,
                    },
                }
            }
        }
    }
}

/// The node budget of embedded engines when the match names neither a budget nor a clock.
pub(crate) const DEFAULT_NODES: u64 = 20_000;

#[cfg(test)]
mod tests {
    use super::*;

    fn baselines() -> PathBuf {
        arbiter_baseline::folder(root(), None)
    }

    fn root() -> &'static Path {
        arbiter_engine::workspace_root()
    }

    #[test]
    fn a_frozen_team_engine_starts_from_its_copy_in_the_baseline() {
        let root = std::env::temp_dir().join(format!("arbiter-frozen-{}", std::process::id()));
        let team = root.join("team");
        let frozen = arbiter_baseline::fixtures::frozen_team_bot(&team);
        // In the checkout's folder, and in a team's own one (`--baselines DIR`).
        let folders = [
            arbiter_baseline::folder(&root, None),
            team.join("baselines"),
        ];
        for folder in &folders {
            arbiter_baseline::write(folder, "before", &frozen, false).unwrap();
        }

        for (name, folder) in [
            ("team-bot@before", &folders[0]),
            ("team/team-bot.yaml@before", &folders[0]),
            ("team-bot@before", &folders[1]),
        ] {
            let entry = resolve(name, None, &root, folder).unwrap();
            let EngineKind::External { manifest } = entry.kind else {
                panic!("{name}: not external");
            };
            assert!(manifest.starts_with(folder.join("before")), "{manifest:?}");
            assert_eq!(entry.label, name);
        }
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn embedded_frozen_and_external_names() {
        let plain = resolve("othello", None, root(), &baselines()).unwrap();
        assert_eq!(plain.label, "othello");
        assert!(matches!(
            plain.kind,
            EngineKind::Embedded { params: None, .. }
        ));
        let frozen = resolve("othello@2026-12-01", None, root(), &baselines()).unwrap();
        let EngineKind::Embedded {
            params: Some(params),
            ..
        } = &frozen.kind
        else {
            panic!("{frozen:?}");
        };
        assert_eq!(
            params.origin,
            "snapshots/baselines/2026-12-01/params/othello.yaml"
        );
        assert!(params.yaml.contains("mobility"));
        // A manifest by path, whose command exists in every build (this test binary): the
        // shipped manifests name target/release/arbiter-bot, absent from a clean debug build.
        let dir = std::env::temp_dir().join(format!("arbiter-contestant-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("some-bot.yaml");
        let program = std::env::current_exe().unwrap();
        std::fs::write(
            &path,
            format!(
                "name: some-bot\ngame: othello\ncommand: [{}]\nprotocol: botzone\nmove-time-ms: 1000\n",
                program.display()
            ),
        )
        .unwrap();
        let external = resolve(path.to_str().unwrap(), None, root(), &baselines());
        std::fs::remove_dir_all(&dir).unwrap();
        let external = external.unwrap();
        assert_eq!(external.label, "some-bot");
        assert!(matches!(external.kind, EngineKind::External { .. }));
    }

    #[test]
    fn bad_names_say_what_is_wrong() {
        let unknown = resolve("othello@no-such-baseline", None, root(), &baselines()).unwrap_err();
        assert!(
            unknown.contains("no baseline `no-such-baseline`"),
            "{unknown}"
        );
        let external =
            resolve("arbiter-bot-othello-botzone@x", None, root(), &baselines()).unwrap_err();
        assert!(
            external.contains("baseline `x` holds no frozen copy"),
            "{external}"
        );
        let params = resolve(
            "arbiter-bot-othello-botzone",
            Some(Path::new("x.yaml")),
            root(),
            &baselines(),
        )
        .unwrap_err();
        assert!(
            params.contains("parameters files are for embedded"),
            "{params}"
        );
        let missing = resolve("no-such-engine", None, root(), &baselines()).unwrap_err();
        assert!(missing.contains("no-such-engine"), "{missing}");
    }

    #[test]
    fn a_bad_parameters_file_names_its_line() {
        let entry = EngineEntry {
            name: "othello".to_owned(),
            label: "othello".to_owned(),
            kind: EngineKind::Embedded {
                game: "othello".to_owned(),
                params: Some(ParamsRecord {
                    origin: "weak.yaml".to_owned(),
                    yaml: "eval:\n  mobility: lots\n".to_owned(),
                }),
            },
        };
        let Err(error) = Contestant::load(&entry) else {
            panic!("a bad file loads");
        };
        assert!(error.contains("weak.yaml:2:"), "{error}");
    }
}
