//! Running a match: games in parallel, every finished game saved before the next result is
//! counted, the SPRT checked after every pair, and a clean stop (resumable) on interruption.
//!
//! Worker threads take the next game of the schedule and play it; the calling thread alone
//! writes to the match directory, so records, found cases and the state file never race.

use std::collections::{BTreeMap, VecDeque};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};

use serde_json::{Value, json};

use super::config::MatchConfig;
use super::contestant::{Contestant, SeatSettings};
use super::formats;
use super::found;
use super::openings::generate::board_size;
use super::record::GameRecord;
use super::referee::{GameSpec, Played, Referee, Table};
use super::stop::StopFile;
use super::store::{self, Care, Store};
use super::stress::BusyLoad;
use super::tally::{self, Status, Tally};
use arbiter_engine::{RulesEngine, find_engine};

/// What the caller sees after each finished game.
pub struct Progress<'a> {
    pub record: &'a GameRecord,
    pub tally: &'a Tally,
    pub played: usize,
}

/// How to run.
pub struct RunOptions<'a> {
    /// Games played at once.
    pub concurrency: usize,
    /// Called after each finished game (a progress bar).
    pub on_game: &'a (dyn Fn(&Progress<'_>) + Sync),
    /// Set from outside (Ctrl-C) to stop after the games in progress are abandoned.
    pub interrupted: &'a AtomicBool,
    /// A sharded SPRT's stop file ([`StopFile`]): once it exists, no new pair is begun and the
    /// pairs begun are finished.
    pub stop_file: Option<&'a StopFile>,
    /// Busy threads loading the machine while the games are played (`--clock-stress`); the
    /// result says the load.
    pub clock_stress: usize,
}

/// The end of a run.
pub struct MatchEnd {
    pub status: Status,
    /// The result JSON, also written to `result.json`.
    pub result: Value,
}

/// The number of games to play at once by default: one per core for embedded engines; with
/// an external engine one fewer than the cores (at least one), since a process that thinks on
/// the clock must not wait for a core, and arbiter itself needs one.
#[must_use]
pub fn default_concurrency(external: bool) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    if external {
        cores.saturating_sub(1).max(1)
    } else {
        cores
    }
}

/// The next game to play from the queue (in schedule order). Once told to stop, only the
/// second games of pairs whose first game was taken (or recorded before a resume) are left:
/// pairs stay whole.
fn next_game(queue: &mut VecDeque<usize>, stopping: bool) -> Option<usize> {
    if stopping {
        let waiting: Vec<usize> = queue.iter().copied().collect();
        queue.retain(|&index| index % 2 == 1 && !waiting.contains(&(index - 1)));
    }
    queue.pop_front()
}

/// A game's record in its game's format and its found case, as text.
struct SideFiles {
    rendered: (&'static str, String),
    found: Option<(String, String)>,
}

impl SideFiles {
    fn rendered(&self) -> (&str, &str) {
        (self.rendered.0, &self.rendered.1)
    }

    fn found(&self) -> Option<(&str, &str)> {
        self.found
            .as_ref()
            .map(|(name, text)| (name.as_str(), text.as_str()))
    }
}

/// A match being run: its config, engines and rules.
pub struct Runner {
    pub config: MatchConfig,
    contestants: [Contestant; 2],
    reference: Box<dyn RulesEngine>,
    store: Store,
}

impl Runner {
    /// Prepares a run in `dir`: a new match (`config` is written there) or, with `resume`, the
    /// match already there (whose own config is used).
    ///
    /// # Errors
    /// The directory holds a match (new) or none (resume); an engine cannot be loaded.
    pub fn prepare(dir: &Path, config: Option<MatchConfig>) -> Result<Runner, String> {
        let store = Store::at(dir);
        let config = match config {
            Some(config) => {
                store.create(&config)?;
                config
            }
            None => {
                let config: MatchConfig = store.config()?;
                if config.format != super::config::FORMAT {
                    return Err(format!(
                        "{}: format `{}`, expected `{}`",
                        dir.join(store::CONFIG).display(),
                        config.format,
                        super::config::FORMAT
                    ));
                }
                config
            }
        };
        let contestants = [
            Contestant::load(&config.engines[0])?,
            Contestant::load(&config.engines[1])?,
        ];
        let reference = find_engine(&config.game)
            .ok_or_else(|| format!("no embedded rules for `{}`", config.game))?;
        Ok(Runner {
            config,
            contestants,
            reference,
            store,
        })
    }

    /// Whether an engine of the match is an external process.
    #[must_use]
    pub fn has_external(&self) -> bool {
        self.contestants.iter().any(Contestant::is_external)
    }

    /// The match directory.
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Plays one game of the schedule.
    fn play(&self, index: usize, cancelled: &dyn Fn() -> bool) -> Result<Played, String> {
        let pair = index / 2;
        let first = MatchConfig::first_role(index);
        let roles = [first, first.other()];
        let settings = SeatSettings {
            control: self.config.time_control,
            budget: self.config.budget.map(super::config::FixedBudget::budget),
        };
        let plans = roles.map(|role| {
            self.contestants[role.index()].seat(settings, &self.store.log_dir_of(role))
        });
        let [first_plan, second_plan] = plans;
        let table = Table {
            time: [first_plan.time, second_plan.time],
            seats: [first_plan.seat, second_plan.seat],
            roles,
            labels: roles.map(|role| self.config.engines[role.index()].label.clone()),
        };
        let referee = Referee {
            engine: self.reference.as_ref(),
            variant: &self.config.variant,
            max_plies: self.config.max_plies,
            control: self.config.time_control,
            banmoves: self.config.banmoves,
        };
        let spec = GameSpec {
            index,
            pair,
            opening: self.config.opening(pair),
        };
        referee.play(spec, table, cancelled)
    }

    /// A game's side files: its record in its game's format and, for a fault, its found case
    /// (whose path the record keeps).
    fn side_files(&self, record: &mut GameRecord) -> SideFiles {
        let size = board_size(&self.config.game, &self.config.variant);
        let found = record.fault.clone().map(|fault| {
            let name = found::file_name(record, &fault);
            let text = found::spec_case(record, &fault, &self.store.dir().display().to_string());
            (name, text)
        });
        if let Some((name, _)) = &found {
            record.found_case = Some(format!("found/{name}"));
        }
        SideFiles {
            rendered: formats::render(record, size),
            found,
        }
    }

    /// Saves a finished game: its side files, then its JSON record.
    fn save(&self, record: &mut GameRecord) -> Result<(), String> {
        let files = self.side_files(record);
        self.store
            .save_game(record, files.rendered(), files.found())
    }

    /// Rewrites the side files of a recorded game that lost them (they are not flushed to
    /// disk, so a power loss may take them).
    fn restore_side_files(&self, record: &GameRecord) -> Result<(), String> {
        let mut record = record.clone();
        let files = self.side_files(&mut record);
        let (extension, _) = files.rendered();
        let missing = !self.store.formatted_path(record.index, extension).is_file()
            || files
                .found()
                .is_some_and(|(name, _)| !self.store.found_path(name).is_file());
        if missing {
            self.store
                .save_side_files(record.index, files.rendered(), files.found())?;
        }
        Ok(())
    }

    /// Runs (or resumes) the match to its end, its decision or an interruption.
    ///
    /// # Errors
    /// A record on disk that cannot be read, a file that cannot be written, or a game that
    /// cannot be set up.
    pub fn run(&self, options: &RunOptions<'_>) -> Result<MatchEnd, String> {
        let games = self.recorded_games()?;
        let mut tally = Tally::new(&self.config);
        tally.advance(&games);
        let scheduled = self.config.scheduled_games();
        let todo = games_to_play(&scheduled, &games, &tally);
        let load = (options.clock_stress > 0).then(|| BusyLoad::start(options.clock_stress));
        let workers = options.concurrency.max(1).min(todo.len().max(1));
        let queue = Mutex::new(todo);
        let stop = AtomicBool::new(false);
        let told_to_stop = AtomicBool::new(false);
        let mut collected = Collected {
            games,
            tally,
            scheduled: scheduled.len(),
            failure: None,
        };
        // Bounded: a worker starts no more than one game ahead of the records saved, so that
        // what is on disk (which a merge of running shards reads) follows the play closely.
        let (sender, receiver) = mpsc::sync_channel::<PlayedGame>(workers);
        let cancelled =
            || stop.load(Ordering::Relaxed) || options.interrupted.load(Ordering::Relaxed);
        std::thread::scope(|scope| {
            for _ in 0..workers {
                let sender = sender.clone();
                let queue = &queue;
                let cancelled = &cancelled;
                let told_to_stop = &told_to_stop;
                scope.spawn(move || {
                    self.work(queue, cancelled, told_to_stop, options.stop_file, sender);
                });
            }
            drop(sender);
            for (index, played) in receiver {
                collected.receive(self, index, played, &stop, options.on_game);
            }
        });
        if let Some(error) = collected.failure {
            return Err(error);
        }
        let status = end_status(collected.tally.status(), &told_to_stop, options);
        self.finish(&collected, status, load)
    }

    /// The games recorded in the pairs this run plays, their lost side files rewritten (after
    /// the leftovers of an interrupted write are removed).
    fn recorded_games(&self) -> Result<BTreeMap<usize, GameRecord>, String> {
        self.store.remove_leftovers()?;
        let mut games = self.store.games()?;
        games.retain(|index, _| self.config.plays_pair(index / 2));
        for record in games.values() {
            self.restore_side_files(record)?;
        }
        Ok(games)
    }

    /// A worker thread: plays the next game of the queue and sends its result, until the run
    /// is cancelled, the queue is empty or the results are no longer read.
    fn work(
        &self,
        queue: &Mutex<VecDeque<usize>>,
        cancelled: &dyn Fn() -> bool,
        told_to_stop: &AtomicBool,
        stop_file: Option<&StopFile>,
        sender: mpsc::SyncSender<PlayedGame>,
    ) {
        loop {
            if cancelled() {
                break;
            }
            let stopping = stop_file.is_some_and(StopFile::is_set);
            if stopping {
                told_to_stop.store(true, Ordering::Relaxed);
            }
            let next = queue
                .lock()
                .ok()
                .and_then(|mut queue| next_game(&mut queue, stopping));
            let Some(index) = next else {
                break;
            };
            let played = self.play(index, cancelled);
            if sender.send((index, played)).is_err() {
                break;
            }
        }
    }

    /// Writes `result.json` (with the load of `--clock-stress`, if any) and ends the run.
    fn finish(
        &self,
        collected: &Collected,
        status: Status,
        load: Option<BusyLoad>,
    ) -> Result<MatchEnd, String> {
        let mut result =
            tally::result_json(&self.config, &collected.games, &collected.tally, status);
        if let (Some(load), Some(object)) = (load, result.as_object_mut()) {
            object.insert("load".to_owned(), load.describe());
        }
        self.store.write(store::RESULT, &result, Care::Durable)?;
        Ok(MatchEnd { status, result })
    }
}

/// A game's index in the schedule and how its play went, as a worker sends it.
type PlayedGame = (usize, Result<Played, String>);

/// The scheduled games not recorded yet; none once the match is decided.
fn games_to_play(
    scheduled: &[usize],
    games: &BTreeMap<usize, GameRecord>,
    tally: &Tally,
) -> VecDeque<usize> {
    if tally.decided() {
        VecDeque::new()
    } else {
        scheduled
            .iter()
            .copied()
            .filter(|index| !games.contains_key(index))
            .collect()
    }
}

/// The tally's status, `Stopped` where a stop file, not an interruption, ended the run.
fn end_status(status: Status, told_to_stop: &AtomicBool, options: &RunOptions<'_>) -> Status {
    match status {
        Status::Interrupted
            if told_to_stop.load(Ordering::Relaxed)
                && !options.interrupted.load(Ordering::Relaxed) =>
        {
            Status::Stopped
        }
        status => status,
    }
}

/// What the calling thread keeps as the games come in: the records, the tally and the first
/// failure.
struct Collected {
    games: BTreeMap<usize, GameRecord>,
    tally: Tally,
    /// How many games the schedule holds.
    scheduled: usize,
    failure: Option<String>,
}

impl Collected {
    /// Takes a worker's result: saves a finished game, counts it, writes the state file and
    /// tells the caller; sets `stop` on a failure or once the match is decided.
    fn receive(
        &mut self,
        runner: &Runner,
        index: usize,
        played: Result<Played, String>,
        stop: &AtomicBool,
        on_game: &(dyn Fn(&Progress<'_>) + Sync),
    ) {
        let mut record = match played {
            Ok(Played::Finished(record)) => *record,
            Ok(Played::Cancelled) => return,
            Err(error) => {
                self.fail(format!("game {index}: {error}"), stop);
                return;
            }
        };
        if let Err(error) = runner.save(&mut record) {
            self.fail(error, stop);
            return;
        }
        self.games.insert(index, record);
        let decided = self.tally.advance(&self.games);
        let state = json!({
            "games_played": self.games.len(),
            "games_scheduled": self.scheduled,
            "statistics": self.tally.statistics(),
        });
        if let Err(error) = runner.store.write(store::STATE, &state, Care::Atomic) {
            self.fail(error, stop);
        }
        on_game(&Progress {
            record: &self.games[&index],
            tally: &self.tally,
            played: self.games.len(),
        });
        if decided {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Keeps the first failure and stops the workers.
    fn fail(&mut self, error: String, stop: &AtomicBool) {
        self.failure.get_or_insert(error);
        stop.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_queue_keeps_only_the_second_games_of_begun_pairs() {
        let mut queue: VecDeque<usize> = [5, 6, 7, 9, 10, 11].into_iter().collect();
        assert_eq!(next_game(&mut queue, false), Some(5));
        // 6 and 7 are a pair not begun; 9's first game (8) was played before; 10, 11 unbegun.
        assert_eq!(next_game(&mut queue, true), Some(9));
        assert_eq!(next_game(&mut queue, true), None);
        assert!(queue.is_empty());
    }
}
