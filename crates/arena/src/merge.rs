//! `match merge`: the shards of one match, played apart, combined into the result of the
//! whole schedule. The merge checks that the shards are of one match (the same config but for
//! the shard), counts each game once, and computes the statistics, the SPRT included, over
//! the union as one run would.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::config::MatchConfig;
use super::record::GameRecord;
use super::store::Store;
use super::tally::{self, Status, Tally};

/// The merged match.
pub struct Merged {
    pub config: MatchConfig,
    pub status: Status,
    pub result: Value,
    /// Shards of the schedule that no directory played (1-based indexes).
    pub missing_shards: Vec<usize>,
}

/// Merges match directories.
///
/// # Errors
/// A directory that holds no match, matches that differ in more than their shard, one shard
/// given twice, or one game recorded differently in two directories.
pub fn merge(dirs: &[PathBuf]) -> Result<Merged, String> {
    let Some((first, rest)) = dirs.split_first() else {
        return Err("no match directories to merge".to_owned());
    };
    let base: MatchConfig = Store::at(first).config()?;
    let mut shards = Shards {
        first,
        whole: base.unsharded(),
        count: base.shard.map_or(1, |shard| shard.count),
        given: dirs.len(),
        seen: BTreeMap::new(),
    };
    let mut games: BTreeMap<usize, GameRecord> = BTreeMap::new();
    for dir in std::iter::once(first).chain(rest) {
        let config = Store::at(dir).config()?;
        shards.admit(dir, &config)?;
        add_games(dir, &config, &mut games)?;
    }
    let missing_shards = shards.missing();
    let whole = shards.whole;
    let mut tally = Tally::new(&whole);
    tally.advance(&games);
    let status = tally.status();
    let mut result = tally::result_json(&whole, &games, &tally, status);
    if let Some(object) = result.as_object_mut() {
        object.insert(
            "merged_from".to_owned(),
            dirs.iter().map(|dir| dir.display().to_string()).collect(),
        );
    }
    Ok(Merged {
        config: whole,
        status,
        result,
        missing_shards,
    })
}

/// The shards given so far, and what every one must share with the first directory's match.
struct Shards<'a> {
    first: &'a Path,
    /// The first directory's match, its shard left out.
    whole: MatchConfig,
    /// How many parts the first directory's split has.
    count: usize,
    /// How many directories were given.
    given: usize,
    /// The directory of each shard index seen.
    seen: BTreeMap<usize, PathBuf>,
}

impl Shards<'_> {
    /// Checks that `dir` holds another shard of the same match and split, given once.
    fn admit(&mut self, dir: &Path, config: &MatchConfig) -> Result<(), String> {
        if config.unsharded() != self.whole {
            return Err(format!(
                "{} is another match than {} (engines, openings, games or limits differ)",
                dir.display(),
                self.first.display()
            ));
        }
        if config.shard.is_none() && self.given > 1 {
            return Err(format!(
                "{} is a whole match, not a shard: nothing to merge it with",
                dir.display()
            ));
        }
        let this_count = config.shard.map_or(1, |shard| shard.count);
        if this_count != self.count {
            return Err(format!(
                "{} is shard {} of another split than {} ({} parts)",
                dir.display(),
                config
                    .shard
                    .map_or_else(|| "1/1".to_owned(), |s| s.to_string()),
                self.first.display(),
                self.count
            ));
        }
        let shard = config.shard.map_or(1, |shard| shard.index);
        if let Some(earlier) = self.seen.insert(shard, dir.to_owned()) {
            return Err(format!(
                "shard {shard} given twice: {} and {}",
                earlier.display(),
                dir.display()
            ));
        }
        Ok(())
    }

    /// The shards of the split that no directory played (1-based).
    fn missing(&self) -> Vec<usize> {
        (1..=self.count)
            .filter(|i| !self.seen.contains_key(i))
            .collect()
    }
}

/// Adds the games of `dir` that its shard plays to `games`; one game recorded with another
/// result than before is an error.
fn add_games(
    dir: &Path,
    config: &MatchConfig,
    games: &mut BTreeMap<usize, GameRecord>,
) -> Result<(), String> {
    for (index, record) in Store::at(dir).games()? {
        if !config.plays_pair(index / 2) {
            continue;
        }
        if let Some(existing) = games.get(&index)
            && existing.result != record.result
        {
            return Err(format!(
                "game {index} differs between the shards ({} has it twice)",
                dir.display()
            ));
        }
        games.insert(index, record);
    }
    Ok(())
}
