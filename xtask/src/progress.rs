//! Progress for long runs: a bar on a terminal, nothing in CI logs (indicatif hides itself
//! when stderr is not a terminal).

use indicatif::{ProgressBar, ProgressStyle};

/// A progress bar over a known number of steps; cheap to share between rayon threads.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar titled `what` over `total` steps.
    #[must_use]
    pub fn new(what: &str, total: u64) -> Progress {
        let bar = ProgressBar::new(total);
        if let Ok(style) =
            ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {elapsed} {wide_msg}")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_prefix(what.to_owned());
        Progress { bar }
    }

    /// A spinner for one long step of unknown length (a perft walk, a solve): `what` and the
    /// time so far, redrawn every 200 ms on a terminal, so that a long walk is seen to be alive
    /// and what bounds it.
    #[must_use]
    pub fn spinner(what: &str) -> Progress {
        let bar = ProgressBar::new_spinner();
        if let Ok(style) = ProgressStyle::with_template("{spinner} {elapsed} {wide_msg}") {
            bar.set_style(style);
        }
        bar.set_message(what.to_owned());
        bar.enable_steady_tick(std::time::Duration::from_millis(200));
        Progress { bar }
    }

    /// One step done; `label` names it.
    pub fn inc(&self, label: &str) {
        self.bar.set_message(label.to_owned());
        self.bar.inc(1);
    }

    /// A line for the log: above the bar on a terminal, on stderr otherwise. For long runs
    /// whose steps take minutes each, where a silent log would look like a hang.
    pub fn note(&self, line: &str) {
        if self.bar.is_hidden() {
            eprintln!("{line}");
        } else {
            self.bar.println(line);
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
