//! Running a plan on several threads, the longest cases first.
//!
//! A run's time is set by its last case to finish: a long case that starts late leaves one
//! core busy while the others idle. So the cases start in the order of their estimated work
//! ([`PlannedCase::estimated_work`], known before running: a perft line's expected count, a
//! solve's node limit, a search's budget), the largest first, each thread taking the next
//! case when it is done; the results come back in plan order, as if run one by one.

use std::cmp::Reverse;
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::plan::{CaseFiles, CaseRef, PlannedCase};
use super::walks::PerftWalks;
use super::{CaseResult, RunOptions};
use arbiter_engine::RulesEngine;

/// The work a case's search costs when its budget is a depth, in nodes: a depth says nothing
/// of the nodes, so it ranks as a middling node budget (alpha-beta to depth 8 in Othello
/// searches about this many).
const DEPTH_BUDGET_WORK: u64 = 1_000_000;

/// The work of a case with nothing large to walk or search: setting a position up and asking
/// a few rule queries.
const RULE_QUERY_WORK: u64 = 1_000;

impl PlannedCase {
    /// The work this case is expected to take under `options`, in positions walked or nodes
    /// searched, from the case alone (nothing is run): the perft lines that will be walked,
    /// a game-tree count's limit, a search's node budget or a solve's node limit. Only the
    /// order of cases reads it, so an estimate that is wrong costs time, never a result.
    #[must_use]
    pub fn estimated_work(&self, files: &CaseFiles, options: &RunOptions) -> u64 {
        match &self.case {
            CaseRef::Spec { file, case, .. } => {
                let expect = &files.specs[*file].spec.cases[*case].expect;
                let limit = options.perft_limit.unwrap_or(u64::MAX);
                let walk = options.walk_limit.unwrap_or(u64::MAX);
                let perft: u64 = expect.perft.as_ref().map_or(0, |perft| {
                    perft
                        .nodes
                        .value
                        .values()
                        .filter(|&&count| count <= limit)
                        .map(|&count| count.min(walk))
                        .fold(0, u64::saturating_add)
                });
                // A tree count walks every game once: the games it expects, within its limit.
                let tree = expect.tree.as_ref().map_or(0, |tree| {
                    tree.games
                        .unwrap_or(options.tree_limit)
                        .min(options.tree_limit)
                });
                perft.saturating_add(tree).max(RULE_QUERY_WORK)
            }
            CaseRef::Suite { file, case } => {
                let loaded = &files.suites[*file];
                let (_, budget) = super::settings_of(loaded, &loaded.suite.cases[*case]);
                match budget {
                    Some(budget) => budget.nodes.unwrap_or(DEPTH_BUDGET_WORK),
                    None => options.solve_limit.unwrap_or(u64::MAX),
                }
            }
        }
    }

    /// The perft walk this case makes, if any: which position (engine, variant, file and the
    /// position's description) and how deep, so that cases counting from one position are
    /// run one after the other, the deepest first, and share its walk ([`PerftWalks`]).
    fn perft_walk(&self, files: &CaseFiles, options: &RunOptions) -> Option<(String, u32)> {
        let CaseRef::Spec {
            file,
            case,
            variant,
        } = &self.case
        else {
            return None;
        };
        let loaded = &files.specs[*file];
        let case = &loaded.spec.cases[*case];
        let limit = options.perft_limit.unwrap_or(u64::MAX);
        let deepest = case
            .expect
            .perft
            .as_ref()?
            .nodes
            .value
            .iter()
            .filter(|&(_, &count)| count <= limit)
            .map(|(&depth, _)| depth)
            .max()?;
        let position =
            super::walks::position_text(self.engine, variant, &loaded.path, &case.position);
        Some((position, deepest))
    }
}

/// The order cases start in: the largest estimated work first (plan order among equals),
/// except that of the cases walking perft from one position only the deepest walk starts
/// early (ranked by the largest work among them); the others start last, when its walk is
/// most likely done and answers them.
fn longest_first(planned: &[PlannedCase], files: &CaseFiles, options: &RunOptions) -> Vec<usize> {
    let work: Vec<u64> = planned
        .iter()
        .map(|case| case.estimated_work(files, options))
        .collect();
    let walks: Vec<Option<(String, u32)>> = planned
        .iter()
        .map(|case| case.perft_walk(files, options))
        .collect();
    // Per position walked: the case walking deepest (the first of equals), and the most work.
    let mut deepest: HashMap<&str, usize> = HashMap::new();
    let mut most_work: HashMap<&str, u64> = HashMap::new();
    for (index, (position, depth)) in walks
        .iter()
        .enumerate()
        .filter_map(|(index, walk)| Some((index, walk.as_ref()?)))
    {
        let leader = deepest.entry(position).or_insert(index);
        if walks[*leader].as_ref().is_some_and(|(_, d)| d < depth) {
            *leader = index;
        }
        let most = most_work.entry(position).or_insert(0);
        *most = (*most).max(work[index]);
    }
    let rank = |index: usize| match &walks[index] {
        Some((position, _)) if deepest[position.as_str()] != index => (true, Reverse(work[index])),
        Some((position, _)) => (false, Reverse(most_work[position.as_str()])),
        None => (false, Reverse(work[index])),
    };
    let mut order: Vec<usize> = (0..planned.len()).collect();
    // A stable sort: plan order among equals.
    order.sort_by_key(|&index| rank(index));
    order
}

/// Runs every case of `planned` on `jobs` threads, the largest [`PlannedCase::estimated_work`]
/// first (plan order among equals; cases counting perft from one position share a walk, see
/// [`longest_first`]), calling `done` as each finishes; the results in plan order.
pub fn run_longest_first(
    planned: &[PlannedCase],
    files: &CaseFiles,
    engines: &[Box<dyn RulesEngine>],
    options: &RunOptions,
    jobs: usize,
    done: &(dyn Fn(&PlannedCase, &CaseResult) + Sync),
) -> Vec<CaseResult> {
    let order = longest_first(planned, files, options);
    let walks = PerftWalks::default();
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<CaseResult>>> = planned.iter().map(|_| Mutex::new(None)).collect();
    let worker = || {
        while let Some(&index) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
            let case = &planned[index];
            let result = case.run_sharing(files, engines[case.engine].as_ref(), options, &walks);
            done(case, &result);
            *slots[index]
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(result);
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..jobs.clamp(1, planned.len().max(1)) {
            scope.spawn(worker);
        }
        worker();
    });
    slots
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .expect("every planned case ran")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::Verdict;
    use crate::plan::{PlanScope, plan};
    use crate::spec::load_str;
    use arbiter_engine::embedded_engines;

    /// Tic-tac-toe perft from the start, both conventions (the published counts: 9, 72, 504,
    /// 3024 sequences of exactly d plies; 255168 complete games, each a leaf at depth 10),
    /// a deeper case that shares the walk, and a case with nothing to walk.
    const SPEC: &str = "game: tictactoe\nsource: x\ncases:\n  \
        - id: a-small\n    expect: {to-move: x}\n  \
        - id: b-exact\n    expect: {perft: {nodes: {1: 9, 2: 72, 3: 504, 4: 3024}}}\n  \
        - id: c-leaves\n    expect: {perft: {convention: finished-is-leaf, nodes: {10: 255168}}}\n  \
        - id: d-wrong\n    expect: {perft: {nodes: {3: 505}}}\n";

    fn options() -> RunOptions {
        RunOptions::limited(Some(1_000_000), 1_000_000)
    }

    /// The embedded engines, [`SPEC`] as the only file, and its plan.
    fn inline_plan() -> (Vec<Box<dyn RulesEngine>>, CaseFiles, Vec<PlannedCase>) {
        let engines = embedded_engines();
        let spec = load_str(Path::new("inline.yaml"), SPEC, &engines).expect("the spec loads");
        let files = CaseFiles::of_specs(vec![spec]);
        let planned = plan(&files, &engines, PlanScope::default());
        (engines, files, planned)
    }

    #[test]
    fn the_deepest_walk_starts_first_and_the_cases_sharing_it_last() {
        let (_, files, planned) = inline_plan();
        let names: Vec<&str> = longest_first(&planned, &files, &options())
            .into_iter()
            .map(|index| planned[index].name.as_str())
            .collect();
        assert_eq!(
            names,
            [
                "tictactoe::inline::c-leaves",
                "tictactoe::inline::a-small",
                "tictactoe::inline::b-exact",
                "tictactoe::inline::d-wrong",
            ],
        );
    }

    #[test]
    fn a_shared_walk_gives_each_case_the_verdict_of_its_own_walk() {
        let (engines, files, planned) = inline_plan();
        let alone: Vec<CaseResult> = planned
            .iter()
            .map(|case| case.run(&files, engines[case.engine].as_ref(), &options()))
            .collect();
        for jobs in [1, 2] {
            let shared =
                run_longest_first(&planned, &files, &engines, &options(), jobs, &|_, _| {});
            let verdicts = |results: &[CaseResult]| -> Vec<(String, Verdict, String)> {
                results
                    .iter()
                    .map(|r| (r.name.clone(), r.verdict, r.message.clone()))
                    .collect()
            };
            assert_eq!(verdicts(&shared), verdicts(&alone), "{jobs} job(s)");
        }
        assert_eq!(alone[3].verdict, Verdict::Fail, "a wrong count still fails");
    }
}
