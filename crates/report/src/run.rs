//! The run a report is about, for its header: when it started (UTC) and how long it took, the
//! host, arbiter's version and commit, each external engine's command and manifest, and the
//! folder the report's paths are shown from (so that no path of the machine that ran it is
//! written).

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// One engine of the run as the header names it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineRun {
    pub name: String,
    /// An external engine's program and arguments; `None` for an embedded engine.
    pub command: Option<Vec<String>>,
    /// An external engine's manifest file.
    pub manifest: Option<PathBuf>,
}

/// When, where and with what an audit ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub started: SystemTime,
    pub duration: Duration,
    pub host: String,
    /// arbiter's version (the workspace's package version).
    pub version: String,
    /// The commit of arbiter's checkout (`git rev-parse`), when git could say.
    pub commit: Option<String>,
    pub engines: Vec<EngineRun>,
    /// The folder paths are shown from: a path under it is written relative to it (the
    /// checkout, where `specs/` lies); a path elsewhere as given.
    pub root: PathBuf,
    /// A repository URL that spec links point into (`https://github.com/o/r/blob/COMMIT/`),
    /// followed by the path from [`Run::root`] and `#L<line>`; `None`: links relative to the
    /// report folder.
    pub repo_url: Option<String>,
}

impl Default for Run {
    /// A run of no time at the epoch on no host, its paths shown from the current folder.
    fn default() -> Run {
        Run {
            started: UNIX_EPOCH,
            duration: Duration::ZERO,
            host: String::new(),
            version: String::new(),
            commit: None,
            engines: Vec::new(),
            root: std::env::current_dir().unwrap_or_default(),
            repo_url: None,
        }
    }
}

impl Run {
    /// The start as ISO 8601 in UTC to the second (`2026-12-03T13:56:17Z`), as JUnit's
    /// `timestamp` and a reader want it.
    #[must_use]
    pub fn started_utc(&self) -> String {
        utc(self.started)
    }

    /// `path` as a report shows it: relative to [`Run::root`] when under it.
    #[must_use]
    pub fn shown(&self, path: &Path) -> String {
        let root = absolute(&self.root);
        absolute(path).strip_prefix(&root).map_or_else(
            |_| path.display().to_string(),
            |relative| relative.display().to_string(),
        )
    }

    /// `text` (a rendered report, an engine's words) with every absolute path under
    /// [`Run::root`] written relative to it, so that a report names no folder of the machine
    /// that ran it.
    #[must_use]
    pub fn relative_text(&self, text: &str) -> String {
        let root = absolute(&self.root);
        let prefix = format!("{}/", root.display());
        if root.parent().is_none() || !text.contains(&prefix) {
            return text.to_owned();
        }
        text.replace(&prefix, "")
    }

    /// The link of `file` at `line` in the repository named by [`Run::repo_url`], when there
    /// is one and `file` lies under [`Run::root`].
    #[must_use]
    pub(crate) fn repo_link(&self, file: &Path, line: usize) -> Option<String> {
        let url = self.repo_url.as_deref()?;
        let relative = absolute(file)
            .strip_prefix(absolute(&self.root))
            .ok()?
            .components()
            .map(|c| c.as_os_str().to_string_lossy().replace(' ', "%20"))
            .collect::<Vec<_>>()
            .join("/");
        let mut link = format!("{}/{relative}", url.trim_end_matches('/'));
        if line > 0 {
            link.push_str(&format!("#L{line}"));
        }
        Some(link)
    }

    /// The engine's command as one line, with paths under the root shown relative to it.
    #[must_use]
    pub(crate) fn command_line(&self, engine: &EngineRun) -> Option<String> {
        let words: Vec<String> = engine
            .command
            .as_ref()?
            .iter()
            .map(|word| {
                let shown = self.relative_text(word);
                if shown.is_empty() || shown.contains([' ', '"', '\'']) {
                    format!("{shown:?}")
                } else {
                    shown
                }
            })
            .collect();
        Some(words.join(" "))
    }

    /// `1 min 32.5 s`, `12.3 s`.
    #[must_use]
    pub fn duration_text(&self) -> String {
        let seconds = self.duration.as_secs_f64();
        if seconds >= 60.0 {
            format!("{} min {:.1} s", (seconds / 60.0).floor(), seconds % 60.0)
        } else {
            format!("{seconds:.1} s")
        }
    }

    /// The header's facts as (label, value) pairs, in the order every form shows them.
    #[must_use]
    pub(crate) fn facts(&self) -> Vec<(&'static str, String)> {
        let mut facts = vec![
            ("date", self.started_utc()),
            ("duration", self.duration_text()),
            ("host", self.host.clone()),
            (
                "arbiter",
                match &self.commit {
                    Some(commit) => format!("{} ({commit})", self.version),
                    None => format!("{} (commit unknown)", self.version),
                },
            ),
        ];
        for engine in &self.engines {
            let mut text = engine.name.clone();
            if let Some(command) = self.command_line(engine) {
                text.push_str(&format!(": `{command}`"));
            } else {
                text.push_str(" (embedded)");
            }
            if let Some(manifest) = &engine.manifest {
                text.push_str(&format!(", manifest {}", self.shown(manifest)));
            }
            facts.push(("engine", text));
        }
        facts
    }
}

/// `path` from the current folder when relative, `.` and `..` resolved lexically.
pub(crate) fn absolute(path: &Path) -> PathBuf {
    let whole = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(path)
    };
    let mut out = PathBuf::new();
    for component in whole.components() {
        match component {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `time` as ISO 8601 in UTC to the second (Howard Hinnant's civil-from-days algorithm).
fn utc(time: SystemTime) -> String {
    let seconds = time
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_in_utc() {
        assert_eq!(utc(UNIX_EPOCH), "1970-01-01T00:00:00Z");
        // 2000-02-29 (a leap day of a century leap year), 12:34:56.
        let leap = UNIX_EPOCH + Duration::from_secs(951_827_696);
        assert_eq!(utc(leap), "2000-02-29T12:34:56Z");
        let later = UNIX_EPOCH + Duration::from_secs(1_796_305_377);
        assert_eq!(utc(later), "2026-12-03T13:42:57Z");
    }

    #[test]
    fn paths_under_the_root_are_shown_relative_to_it() {
        let run = Run {
            root: PathBuf::from("/srv/team/arbiter"),
            repo_url: Some("https://github.com/o/r/blob/abc/".to_owned()),
            ..Run::default()
        };
        assert_eq!(
            run.shown(Path::new("/srv/team/arbiter/specs/a.yaml")),
            "specs/a.yaml"
        );
        assert_eq!(
            run.shown(Path::new("/elsewhere/a.yaml")),
            "/elsewhere/a.yaml"
        );
        assert_eq!(
            run.relative_text("see /srv/team/arbiter/logs/x.log and /srv/team/arbiterx"),
            "see logs/x.log and /srv/team/arbiterx"
        );
        assert_eq!(
            run.repo_link(Path::new("/srv/team/arbiter/specs/a b.yaml"), 7)
                .as_deref(),
            Some("https://github.com/o/r/blob/abc/specs/a%20b.yaml#L7")
        );
        assert_eq!(run.repo_link(Path::new("/elsewhere/a.yaml"), 7), None);
    }
}
