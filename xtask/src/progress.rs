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
