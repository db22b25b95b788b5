//! From what a user asks (engine names, files, limits) to a checked [`MatchConfig`]: the
//! engines resolved and loaded, the game and variant agreed, the opening book loaded and
//! replayed on the variant's rules, the defaults filled in. `cargo xtask match` and the tests
//! both start here.

use std::path::{Path, PathBuf};

use super::clock::TimeControl;
use super::config::{self, FixedBudget, MatchConfig, Shard};
use super::contestant::{self, Contestant, DEFAULT_NODES, EngineEntry};
use super::openings::generate::board_size;
use super::openings::{OpeningBook, builtin};
use super::referee;
use super::stats::SprtConfig;
use super::timing::Phases;
use arbiter_engine::find_engine;
use arbiter_files::SpecError;

/// A match as asked for.
#[derive(Clone, Debug, Default)]
pub struct MatchRequest {
    /// Engine A (the reference) and engine B (the candidate).
    pub engines: [String; 2],
    /// Parameters files for embedded engines A and B.
    pub params: [Option<PathBuf>; 2],
    pub variant: Option<String>,
    /// Games wanted (rounded up to whole pairs).
    pub games: usize,
    pub sprt: Option<SprtConfig>,
    pub time_control: Option<TimeControl>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    /// A book file, a shipped book's name, `start`, or `None` for the game's default.
    pub openings: Option<String>,
    pub max_plies: Option<usize>,
    /// Ban the moves that would complete a losing repetition ([`MatchConfig::banmoves`]).
    pub banmoves: bool,
    pub shard: Option<Shard>,
    /// The phases of the clock's statistics (default: the game's).
    pub phases: Option<Phases>,
}

/// The names of the shipped books of a game.
fn shipped_names(game: &str) -> String {
    let names: Vec<&str> = builtin::BOOKS
        .iter()
        .filter(|book| book.game == game)
        .map(|book| book.path)
        .collect();
    arbiter_files::list_or_none(&names, ", ")
}

/// Every book error, one per line.
fn book_errors(errors: &[SpecError]) -> String {
    let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
    format!("bad opening book:\n{}", lines.join("\n"))
}

/// The book for a match: a file, a shipped book by name, `start`, or the game's default.
///
/// # Errors
/// No such book, or a book whose openings the variant's rules refuse.
pub(crate) fn load_book(
    game: &str,
    variant: &str,
    wanted: Option<&str>,
) -> Result<OpeningBook, String> {
    let engine = find_engine(game).ok_or_else(|| format!("no embedded rules for `{game}`"))?;
    let shipped = |book: &builtin::BuiltIn| {
        OpeningBook::parse(Path::new(book.path), book.text, engine.as_ref(), variant)
            .map_err(|errors| book_errors(&errors))
    };
    match wanted {
        Some("start") => Ok(OpeningBook::start_only()),
        Some(name) if Path::new(name).is_file() => {
            OpeningBook::load(Path::new(name), engine.as_ref(), variant)
                .map_err(|errors| book_errors(&errors))
        }
        Some(name) => shipped(builtin::named(game, name).ok_or_else(|| {
            format!(
                "no opening file `{name}` and no shipped {game} book of that name; shipped: {}",
                shipped_names(game)
            )
        })?),
        None => shipped(builtin::default_for(game, variant).ok_or_else(|| {
            format!(
                "no shipped opening book suits {game} {variant}; give --openings FILE \
                 (docs/match.md has the format) or --openings start"
            )
        })?),
    }
}

impl MatchRequest {
    /// Checks the request and builds the match; `root` is the workspace root (manifests, and
    /// the baselines under `snapshots/baselines`).
    ///
    /// # Errors
    /// Unknown engines, engines of two games, a variant an engine does not play, a bad
    /// parameters file or book, a bad SPRT.
    pub fn build(&self, root: &Path) -> Result<MatchConfig, String> {
        self.build_with_baselines(root, &arbiter_baseline::folder(root, None))
    }

    /// [`MatchRequest::build`] with the baselines (`NAME@BASELINE`) in the folder `baselines`.
    ///
    /// # Errors
    /// As [`MatchRequest::build`].
    pub fn build_with_baselines(
        &self,
        root: &Path,
        baselines: &Path,
    ) -> Result<MatchConfig, String> {
        let (entries, loaded) = self.contestants(root, baselines)?;
        let game = common_game(&loaded)?;
        let variant = self.agreed_variant(&game, &loaded)?;
        if let Some(sprt) = &self.sprt {
            sprt.check()?;
        }
        let book = self.opening_book(&game, &variant, &loaded)?;
        self.check_book_fits(&book, &loaded)?;
        let size = board_size(&game, &variant);
        Ok(MatchConfig {
            format: config::FORMAT.to_owned(),
            max_plies: self
                .max_plies
                .unwrap_or_else(|| referee::max_plies(&game, size, &variant)),
            banmoves: self.banmoves,
            game,
            variant,
            engines: entries,
            games: self.games.max(2).div_ceil(2) * 2,
            sprt: self.sprt,
            time_control: self.time_control,
            budget: self.budget(),
            book,
            shard: self.shard,
            phases: self.phases.clone(),
        })
    }

    /// Engines A and B found by name (or `NAME@BASELINE`) with their parameters files, and
    /// loaded.
    fn contestants(
        &self,
        root: &Path,
        baselines: &Path,
    ) -> Result<([EngineEntry; 2], [Contestant; 2]), String> {
        let [a, b] = &self.engines;
        let entries = [
            contestant::resolve(a, self.params[0].as_deref(), root, baselines)
                .map_err(|e| format!("engine A: {e}"))?,
            contestant::resolve(b, self.params[1].as_deref(), root, baselines)
                .map_err(|e| format!("engine B: {e}"))?,
        ];
        let loaded = [
            Contestant::load(&entries[0]).map_err(|e| format!("engine A ({a}): {e}"))?,
            Contestant::load(&entries[1]).map_err(|e| format!("engine B ({b}): {e}"))?,
        ];
        Ok((entries, loaded))
    }

    /// The variant asked for, else the one an external engine's manifest plays, else the
    /// game's default; a variant the rules do not know or a contestant does not play is refused.
    fn agreed_variant(&self, game: &str, loaded: &[Contestant; 2]) -> Result<String, String> {
        let reference =
            find_engine(game).ok_or_else(|| format!("no embedded rules for `{game}`"))?;
        let fixed: Vec<&str> = loaded
            .iter()
            .filter_map(Contestant::fixed_variant)
            .collect();
        let variant = match (&self.variant, fixed.as_slice()) {
            (Some(variant), _) => variant.clone(),
            (None, [first, ..]) => (*first).to_owned(),
            (None, []) => reference.default_variant(),
        };
        if !reference.accepts_variant(&variant) {
            return Err(format!(
                "unknown {game} variant `{variant}`; expected one of: {}",
                reference.variants().join(", ")
            ));
        }
        if let Some(other) = fixed.iter().find(|fixed| **fixed != variant) {
            return Err(format!(
                "an external engine's manifest plays `{other}`, the match `{variant}`"
            ));
        }
        Ok(variant)
    }

    /// The book asked for, else the game's default. A contestant whose protocol sets no
    /// position (ccgc) plays from the start unless a book is named: the shipped books'
    /// openings are longer than it can be given.
    fn opening_book(
        &self,
        game: &str,
        variant: &str,
        loaded: &[Contestant; 2],
    ) -> Result<OpeningBook, String> {
        let sets_no_position = loaded.iter().any(|c| c.max_given_plies().is_some());
        match (&self.openings, sets_no_position) {
            (None, true) => Ok(OpeningBook::start_only()),
            (openings, _) => load_book(game, variant, openings.as_deref()),
        }
    }

    /// Every opening of `book` can be given to both contestants (a protocol that sets no
    /// position takes only so many plies).
    fn check_book_fits(&self, book: &OpeningBook, loaded: &[Contestant; 2]) -> Result<(), String> {
        let [a, b] = &self.engines;
        let longest = book
            .openings
            .iter()
            .map(|o| o.moves.len())
            .max()
            .unwrap_or(0);
        for (label, contestant, name) in [("A", &loaded[0], a), ("B", &loaded[1], b)] {
            if let Some(most) = contestant.max_given_plies()
                && longest > most
            {
                return Err(format!(
                    "engine {label} ({name}) speaks a protocol that sets no position (ccgc: a \
                     new engine sees only the start or the opponent's first move), but the \
                     book `{}` has openings of {longest} plies; use --openings start, or a book \
                     of openings of at most {most} ply",
                    book.name
                ));
            }
        }
        Ok(())
    }

    /// The fixed budget of a move: the nodes or the depth asked for, none under a clock
    /// alone, else the default nodes.
    const fn budget(&self) -> Option<FixedBudget> {
        match (self.nodes, self.depth, self.time_control) {
            (Some(nodes), _, _) => Some(FixedBudget::Nodes(nodes)),
            (None, Some(depth), _) => Some(FixedBudget::Depth(depth)),
            (None, None, Some(_)) => None,
            (None, None, None) => Some(FixedBudget::Nodes(DEFAULT_NODES)),
        }
    }
}

/// The game both contestants play; engines of two games are refused.
fn common_game(loaded: &[Contestant; 2]) -> Result<String, String> {
    let game = loaded[0].game().to_owned();
    if loaded[1].game() != game {
        return Err(format!(
            "engine A plays {game}, engine B plays {}",
            loaded[1].game()
        ));
    }
    Ok(game)
}
