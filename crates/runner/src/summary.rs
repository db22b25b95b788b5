//! Counting results: per file and in total, and the coverage a run reached (how many cases
//! were checked against the rules, how many only by a play check, how many not at all).

use std::fmt;

use super::result::{CaseResult, Level, Verdict};

/// How many cases ended which way. A pass is either rule-level (`passed`) or a play check
/// (`play_checks`), never both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Passed with the case's own expectations checked.
    pub passed: usize,
    /// Passed a play check only: the engine's move was legal, its rules were not asked (not
    /// [`Coverage::play_check`], which counts every case judged by a play check, whatever
    /// its verdict).
    pub play_checks: usize,
    pub failed: usize,
    /// Play checks where the engine did not take a win the case is about (never a failure).
    pub missed_wins: usize,
    pub engine_faults: usize,
    pub not_applicable: usize,
    pub spec_errors: usize,
}

/// One column of the counts: its key in `report.json`, its heading in every table (terminal,
/// Markdown, HTML, the GitHub notice), a short heading where a table is narrow (the terminal),
/// and what it counts, in words a report shows beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    pub key: &'static str,
    pub heading: &'static str,
    pub short: &'static str,
    pub description: &'static str,
}

impl Counts {
    /// The one definition of the count columns, in the order every report shows them
    /// ([`Counts::figures`] gives the figures in the same order).
    pub const COLUMNS: [Column; 8] = [
        Column {
            key: "cases",
            heading: "cases",
            short: "cases",
            description: "every case run",
        },
        Column {
            key: "passed",
            heading: "passed (rules)",
            short: "passed",
            description: "passed with the case's own expectations checked (legal sets, \
                          outcomes, perft, a suite's best move)",
        },
        Column {
            key: "play_checks",
            heading: "passed play checks",
            short: "play ok",
            description: "passed a play check only: the move the engine chose was legal; its \
                          rules were not asked",
        },
        Column {
            key: "missed_wins",
            heading: "missed wins",
            short: "missed",
            description: "a legal move, but not the win or best move the case is about (no \
                          rule obliges a player to win; not a failure)",
        },
        Column {
            key: "failed",
            heading: "failed",
            short: "failed",
            description: "broke a rule: a wrong answer to a rule query, an illegal move, a \
                          wrong pass or exchange, a foul",
        },
        Column {
            key: "engine_faults",
            heading: "engine faults",
            short: "faults",
            description: "no judgeable answer: a timeout, a crash, a protocol error, no \
                          answer, the memory limit",
        },
        Column {
            key: "not_applicable",
            heading: "not applicable",
            short: "n/a",
            description: "the engine could not be asked (a capability, a limit); never counted \
                          as passed",
        },
        Column {
            key: "spec_errors",
            heading: "spec errors",
            short: "spec err",
            description: "the case itself is wrong",
        },
    ];

    /// The figures of [`Counts::COLUMNS`], in their order.
    #[must_use]
    pub const fn figures(&self) -> [usize; 8] {
        [
            self.total(),
            self.passed,
            self.play_checks,
            self.missed_wins,
            self.failed,
            self.engine_faults,
            self.not_applicable,
            self.spec_errors,
        ]
    }

    /// The count of the column keyed `key` (a key of [`Counts::COLUMNS`]).
    #[must_use]
    pub fn get(&self, key: &str) -> Option<usize> {
        Counts::COLUMNS
            .iter()
            .zip(self.figures())
            .find_map(|(column, figure)| (column.key == key).then_some(figure))
    }

    /// Counts `result` in.
    pub(crate) fn add(&mut self, result: &CaseResult) {
        match result.verdict {
            Verdict::Pass if result.level == Some(Level::Play) => self.play_checks += 1,
            Verdict::Pass => self.passed += 1,
            Verdict::Fail => self.failed += 1,
            Verdict::MissedWin => self.missed_wins += 1,
            Verdict::EngineFault => self.engine_faults += 1,
            Verdict::NotApplicable => self.not_applicable += 1,
            Verdict::SpecError => self.spec_errors += 1,
        }
    }

    /// Every case counted.
    #[must_use]
    pub const fn total(&self) -> usize {
        self.passed
            + self.play_checks
            + self.failed
            + self.missed_wins
            + self.engine_faults
            + self.not_applicable
            + self.spec_errors
    }

    /// The counts of `results`.
    #[must_use]
    pub fn of<'a>(results: impl IntoIterator<Item = &'a CaseResult>) -> Counts {
        let mut counts = Counts::default();
        for result in results {
            counts.add(result);
        }
        counts
    }
}

/// What a run could check: cases judged on their own expectations (rule-level, passed or
/// failed), cases judged by a play check only, cases not checked at all, and the cases of the
/// engine's game its variants left out of the run. The share checked is of all of them: an
/// engine that plays one board size of a game is not 100% covered by that size's cases.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// The cases run.
    pub cases: usize,
    pub rule_level: usize,
    /// Cases judged by a play check, whatever the verdict (passed, missed win, failed).
    pub play_check: usize,
    /// Not applicable, spec errors, and engine faults (no answer could be judged).
    pub unchecked: usize,
    pub not_applicable: usize,
    /// Cases of the engine's game not run because the engine does not play their variant
    /// (see [`crate::excluded`]).
    pub excluded: usize,
}

impl Coverage {
    /// The coverage of `results`.
    #[must_use]
    pub fn of<'a>(results: impl IntoIterator<Item = &'a CaseResult>) -> Coverage {
        let mut coverage = Coverage::default();
        for result in results {
            coverage.cases += 1;
            // A case not applicable, wrong itself, or that the engine failed to answer checked
            // nothing, whatever level it reached before it stopped.
            let level = match result.verdict {
                Verdict::NotApplicable | Verdict::SpecError | Verdict::EngineFault => None,
                Verdict::Pass | Verdict::Fail | Verdict::MissedWin => result.level,
            };
            match level {
                Some(Level::Rules) => coverage.rule_level += 1,
                Some(Level::Play) => coverage.play_check += 1,
                None => coverage.unchecked += 1,
            }
            if result.verdict == Verdict::NotApplicable {
                coverage.not_applicable += 1;
            }
        }
        coverage
    }

    /// The coverage with `excluded` cases of the game left out by the engines' variants.
    #[must_use]
    pub const fn with_excluded(self, excluded: usize) -> Coverage {
        Coverage { excluded, ..self }
    }

    /// Cases checked at rule level or by a play check.
    #[must_use]
    pub const fn checked(&self) -> usize {
        self.rule_level + self.play_check
    }

    /// The cases the share is of: those run and those the engines' variants left out.
    #[must_use]
    pub const fn of_the_game(&self) -> usize {
        self.cases + self.excluded
    }

    /// The share of the game's cases checked, in percent (0 for no cases).
    #[must_use]
    pub fn checked_percent(&self) -> f64 {
        percent(self.checked(), self.of_the_game())
    }
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

impl fmt::Display for Coverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.of_the_game();
        write!(
            f,
            "coverage: {} of {} case(s) checked ({:.1}%): {} rule-level ({:.1}%), {} by a play check \
             ({:.1}%), {} not applicable ({:.1}%)",
            self.checked(),
            whole,
            self.checked_percent(),
            self.rule_level,
            percent(self.rule_level, whole),
            self.play_check,
            percent(self.play_check, whole),
            self.not_applicable,
            percent(self.not_applicable, whole),
        )?;
        if self.excluded > 0 {
            write!(
                f,
                ", {} not run: the engine does not play their variant ({:.1}%)",
                self.excluded,
                percent(self.excluded, whole)
            )?;
        }
        Ok(())
    }
}
