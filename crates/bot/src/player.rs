//! The player behind every protocol: sets up positions of the embedded engine, chooses a move
//! with its search (or, lacking one, the first legal move), and applies the deliberate faults.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use arbiter_engine::{
    Algorithm, Budget, Position, PositionError, PositionRequest, ProvenResult, RulesEngine,
    SearchError, SearchFailure, SearchReport, find_engine,
};

use super::BotError;
use super::fault::{self, Fault};
use arbiter_protocol::CodecError;

/// A fixed search limit from the command line; without one the bot searches on the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Limit {
    Nodes(u64),
    Depth(u32),
}

/// The turn time assumed when the protocol gives none (Botzone's C++ limit), in milliseconds.
pub(crate) const DEFAULT_TURN_MS: u64 = 1000;

/// The share of the turn limit the search may use: the rest covers process start-up, the
/// replay of the history and the platform's measuring slack.
const TIME_SHARE: f64 = 0.3;

/// The exact solver's budget before every move, in nodes: enough for gomoku's VCF and VCT
/// in the suites' positions (a few thousand nodes), small beside a move's search elsewhere
/// (deterministic, so a `--nodes` bot stays reproducible).
pub(crate) const SOLVE_FIRST_NODES: u64 = 20_000;

/// Search time bounds, in milliseconds.
const MIN_SEARCH_MS: u64 = 10;
const MAX_SEARCH_MS: u64 = 10_000;

/// What the bot answers to a move request, before the protocol encodes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Reply {
    /// A move in the game's notation (possibly a faulty one: `illegal`, `forbidden`), with the
    /// search's report when a search chose it.
    Move {
        mv: String,
        report: Option<SearchReport>,
    },
    /// `illegal` with no rule-illegal point on the board: a point off the board.
    OffBoard,
    /// `wrong-pass`: the protocol's pass.
    Pass,
    /// `garbage`, `huge-output`: this line, verbatim.
    Raw(String),
    /// `no-newline`: this move, written without a line end; then the bot waits for good.
    NoNewline(String),
    /// `message-flood`, `blank-flood`: this line, written again and again, never a move.
    Flood(String),
    /// The game is over: there is nothing to play.
    GameOver,
}

/// An embedded engine playing one variant.
pub(crate) struct Player {
    engine: Box<dyn RulesEngine>,
    /// The variant positions are set up in.
    pub(crate) variant: String,
    limit: Option<Limit>,
    fault: Option<Fault>,
    /// A parameters file that replaces the engine's shipped one (`--params`).
    params_yaml: Option<String>,
    /// The search that chooses a move after the solver (`--algorithm`; alpha-beta by default).
    algorithm: Algorithm,
    /// Whether the "no search" notice went to stderr already (once per process is enough).
    warned: AtomicBool,
}

impl Player {
    /// The player for `game`, in `variant` (the engine's default when `None`).
    ///
    /// # Errors
    /// A message for an unknown game or a variant the engine does not play.
    pub(crate) fn new(
        game: &str,
        variant: Option<&str>,
        limit: Option<Limit>,
        fault: Option<Fault>,
    ) -> Result<Player, String> {
        let engine = find_engine(game).ok_or_else(|| {
            format!(
                "unknown game `{game}`: expected one of {}",
                arbiter_engine::games().join(", ")
            )
        })?;
        let variant = variant.map_or_else(|| engine.default_variant(), str::to_owned);
        if !engine.accepts_variant(&variant) {
            return Err(format!(
                "the {game} engine does not play the variant `{variant}`: known are {}",
                engine.variants().join(", ")
            ));
        }
        Ok(Player {
            engine,
            variant,
            limit,
            fault,
            params_yaml: None,
            algorithm: Algorithm::AlphaBeta,
            warned: AtomicBool::new(false),
        })
    }

    /// This player choosing its moves with `algorithm` (MCTS for Go) after the solver.
    #[must_use]
    pub(crate) fn with_algorithm(mut self, algorithm: Algorithm) -> Player {
        self.algorithm = algorithm;
        self
    }

    /// This player searching with the parameters file `yaml` instead of the shipped one: a
    /// stand-in for a team's engine whose parameters change between two versions.
    ///
    /// # Errors
    /// The engine's message for parameters it cannot read.
    pub(crate) fn with_params(mut self, yaml: String) -> Result<Player, String> {
        let start = self
            .position(&PositionRequest::default())
            .map_err(|error| error.to_string())?;
        if let Err(error @ SearchFailure::Search(SearchError::Params(_))) =
            start.search(Algorithm::AlphaBeta, Budget::Nodes(1), Some(&yaml))
        {
            return Err(error.to_string());
        }
        self.params_yaml = Some(yaml);
        Ok(self)
    }

    /// The engine.
    #[must_use]
    pub(crate) fn engine(&self) -> &dyn RulesEngine {
        self.engine.as_ref()
    }

    /// The deliberate fault, if any.
    #[must_use]
    pub(crate) fn fault(&self) -> Option<Fault> {
        self.fault
    }

    /// A position of this player's variant.
    ///
    /// # Errors
    /// The engine's [`PositionError`].
    pub(crate) fn position(
        &self,
        request: &PositionRequest,
    ) -> Result<Box<dyn Position>, PositionError> {
        self.engine.position(&self.variant, request)
    }

    /// The start position of `variant` (this player's, or one a protocol switched to); the
    /// engine's refusal as a [`BotError::Input`].
    ///
    /// # Errors
    /// The engine's [`PositionError`], as an input the bot cannot play.
    pub(crate) fn start(&self, variant: &str) -> Result<Box<dyn Position>, BotError> {
        Ok(self.engine.position(variant, &PositionRequest::default())?)
    }

    /// A protocol's codec for this player's game and variant, made by `for_game` (such as
    /// `GtpGame::for_game`); a game the protocol cannot carry is a [`BotError::Input`].
    ///
    /// # Errors
    /// The codec's message, as an input the bot cannot play.
    pub(crate) fn codec<C>(
        &self,
        for_game: impl FnOnce(&str, &str) -> Result<C, CodecError>,
    ) -> Result<C, BotError> {
        for_game(self.engine.game(), &self.variant).map_err(|error| BotError::Input(error.message))
    }

    /// The position after `moves` from the start of `variant`.
    ///
    /// # Errors
    /// The engine's [`PositionError`].
    pub(crate) fn replay(
        &self,
        variant: &str,
        moves: &[String],
    ) -> Result<Box<dyn Position>, PositionError> {
        let request = PositionRequest {
            moves: moves.to_vec(),
            ..PositionRequest::default()
        };
        self.engine.position(variant, &request)
    }

    /// The budget for a turn of `turn_ms` milliseconds (the protocol's limit, if it gives one).
    #[must_use]
    pub(crate) fn budget(&self, turn_ms: Option<u64>) -> Budget {
        match self.limit {
            Some(Limit::Nodes(n)) => Budget::Nodes(n),
            Some(Limit::Depth(d)) => Budget::Depth(d),
            None => {
                let turn = turn_ms.unwrap_or(DEFAULT_TURN_MS) as f64;
                // Bounded before the cast, so it cannot overflow.
                let ms = (turn * TIME_SHARE).clamp(MIN_SEARCH_MS as f64, MAX_SEARCH_MS as f64);
                Budget::Time(Duration::from_millis(ms as u64))
            }
        }
    }

    /// The move the bot would play, with its search report; `None` when the game is over.
    /// A win the game's exact solver proves within `solve_nodes` is played first (as a gomoku
    /// engine runs its threat search before alpha-beta; with more than [`SOLVE_FIRST_NODES`],
    /// whatever the solver proves, as an Othello engine solves the last empties); otherwise
    /// alpha-beta chooses.
    #[must_use]
    pub(crate) fn choose(
        &self,
        position: &dyn Position,
        budget: Budget,
        solve_nodes: u64,
    ) -> Option<(String, Option<SearchReport>)> {
        let params = self.params_yaml.as_deref();
        let exact = solve_nodes > SOLVE_FIRST_NODES;
        if let Ok(report) = position.search(Algorithm::Solve, Budget::Nodes(solve_nodes), params)
            && report
                .proven
                .is_some_and(|proven| exact || proven.verdict == ProvenResult::Win)
            && let Some(best) = report.best.clone()
        {
            return Some((best, Some(report)));
        }
        match position.search(self.algorithm, budget, params) {
            Ok(report) => {
                let best = report.best.clone()?;
                Some((best, Some(report)))
            }
            Err(error) => {
                let quiet = matches!(error, SearchFailure::Search(SearchError::Unsupported(_)))
                    && self.warned.swap(true, Ordering::Relaxed);
                if !quiet {
                    eprintln!("arbiter-bot: {error}; playing the first legal move instead");
                }
                position
                    .legal_moves()
                    .ok()?
                    .into_iter()
                    .next()
                    .map(|mv| (mv, None))
            }
        }
    }

    /// The answer to the `move_number`-th move request (from 1), faults applied, searching under
    /// `budget` (see [`Player::budget`]). The crash and hang faults do not return.
    #[must_use]
    pub(crate) fn reply(&self, position: &dyn Position, move_number: u32, budget: Budget) -> Reply {
        self.reply_solving(position, move_number, budget, SOLVE_FIRST_NODES)
    }

    /// As [`Player::reply`], with the exact solver first under `solve_nodes` (the last empties
    /// of an Othello game under NBoard: whatever it proves is played, else `budget` searches).
    #[must_use]
    pub(crate) fn reply_solving(
        &self,
        position: &dyn Position,
        move_number: u32,
        budget: Budget,
        solve_nodes: u64,
    ) -> Reply {
        fault::crash_if_due(self.fault, move_number);
        match self.fault {
            Some(Fault::ExitAfterHello) => {
                eprintln!("arbiter-bot: fault exit-after-hello: exiting with code 3");
                std::process::exit(fault::CRASH_EXIT_CODE);
            }
            Some(Fault::Slow(ms)) => std::thread::sleep(Duration::from_millis(ms)),
            Some(Fault::MessageFlood) => return Reply::Flood("MESSAGE thinking".to_owned()),
            Some(Fault::BlankFlood) => return Reply::Flood(String::new()),
            _ => {}
        }
        match self.fault {
            Some(Fault::Garbage) => {
                // Control bytes too: a manager must escape them in its reports.
                return Reply::Raw("arbiter-bot says:\0 this is \x1b[31mnot\x07 a move".to_owned());
            }
            Some(Fault::HugeOutput) => return Reply::Raw("x".repeat(fault::HUGE_LINE_BYTES)),
            Some(Fault::WrongPass) => return Reply::Pass,
            Some(Fault::Illegal) => {
                return illegal_move(position)
                    .map_or(Reply::OffBoard, |mv| Reply::Move { mv, report: None });
            }
            Some(Fault::Forbidden) => {
                let forbidden = position.forbidden().ok().flatten();
                if let Some((mv, kind)) = forbidden.and_then(|f| f.into_iter().next()) {
                    eprintln!("arbiter-bot: fault forbidden: playing {mv} ({kind})");
                    return Reply::Move { mv, report: None };
                }
            }
            _ => {}
        }
        let Some((mv, report)) = self.choose(position, budget, solve_nodes) else {
            return Reply::GameOver;
        };
        if self.fault == Some(Fault::NoNewline) {
            return Reply::NoNewline(mv);
        }
        if self.fault == Some(Fault::BadNotation) {
            return Reply::Move {
                mv: format!("{mv}zz"),
                report: None,
            };
        }
        Reply::Move { mv, report }
    }
}

/// Every square name of the largest board any engine has (20×20): `a1` … `t20`.
fn squares() -> impl Iterator<Item = String> {
    (1..=20).flat_map(|row| (b'a'..=b't').map(move |col| format!("{}{row}", char::from(col))))
}

/// A move the rules refuse but the protocols can still encode: an occupied point first, then an
/// Amazons turn from an empty or foreign square, then any other refused point. `None` when no
/// such move exists (the empty gomoku board).
fn illegal_move(position: &dyn Position) -> Option<String> {
    let refused = |mv: &str| match position.check(mv) {
        Ok(Err(refusal)) => !matches!(refusal.code.as_str(), "notation" | "off-board"),
        _ => false,
    };
    let occupied = squares()
        .find(|s| matches!(position.check(s), Ok(Err(refusal)) if refusal.code == "occupied"));
    occupied
        .or_else(|| {
            squares()
                .map(|s| format!("{s}-{s}/{s}"))
                .find(|mv| refused(mv))
        })
        .or_else(|| {
            // Draughts: a step between two of the 50 numbered squares.
            (1..=50)
                .flat_map(|from| (1..=50).map(move |to| format!("{from}-{to}")))
                .find(|mv| refused(mv))
        })
        .or_else(|| squares().find(|s| refused(s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(game: &str, variant: Option<&str>, fault: Option<Fault>) -> Player {
        Player::new(game, variant, Some(Limit::Nodes(2000)), fault).unwrap()
    }

    #[test]
    fn refuses_unknown_games_and_variants() {
        assert!(Player::new("chess", None, None, None).is_err());
        assert!(Player::new("gomoku", Some("renju@99"), None, None).is_err());
    }

    #[test]
    fn budgets() {
        let free = Player::new("othello", None, None, None).unwrap();
        assert_eq!(
            free.budget(Some(1000)),
            Budget::Time(Duration::from_millis(300))
        );
        assert_eq!(
            free.budget(Some(1)),
            Budget::Time(Duration::from_millis(10))
        );
        assert_eq!(
            player("othello", None, None).budget(None),
            Budget::Nodes(2000)
        );
    }

    #[test]
    fn plays_a_legal_move() {
        let player = player("othello", None, None);
        let position = player.replay("standard", &[]).unwrap();
        let Reply::Move { mv, .. } = player.reply(position.as_ref(), 1, player.budget(None)) else {
            panic!("no move");
        };
        assert!(position.check(&mv).unwrap().is_ok(), "{mv}");
    }

    #[test]
    fn illegal_fault_plays_an_occupied_square() {
        let player = player("othello", None, Some(Fault::Illegal));
        let position = player.replay("standard", &[]).unwrap();
        let Reply::Move { mv, .. } = player.reply(position.as_ref(), 1, player.budget(None)) else {
            panic!("no move");
        };
        assert_eq!(position.check(&mv).unwrap().unwrap_err().code, "occupied");
    }

    #[test]
    fn illegal_fault_on_an_empty_gomoku_board_is_off_board() {
        let player = player("gomoku", Some("freestyle"), Some(Fault::Illegal));
        let position = player.replay("freestyle", &[]).unwrap();
        assert_eq!(
            player.reply(position.as_ref(), 1, player.budget(None)),
            Reply::OffBoard
        );
    }

    #[test]
    fn illegal_fault_in_amazons() {
        let player = player("amazons", Some("botzone8"), Some(Fault::Illegal));
        let position = player.replay("botzone8", &[]).unwrap();
        let Reply::Move { mv, .. } = player.reply(position.as_ref(), 1, player.budget(None)) else {
            panic!("no move");
        };
        assert!(position.check(&mv).unwrap().is_err(), "{mv}");
        assert!(
            arbiter_protocol::Encoding::Amazons { size: 8 }
                .encode(&mv)
                .is_ok()
        );
    }

    #[test]
    fn forbidden_fault_plays_a_foul() {
        // Black to move with a double-three at h8 (h8 completes open threes on row 8 and column h).
        let moves: Vec<String> = "f8 a1 g8 a2 h6 a3 h7 a4"
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        let player = player("gomoku", Some("renju"), Some(Fault::Forbidden));
        let position = player.replay("renju", &moves).unwrap();
        let Reply::Move { mv, .. } = player.reply(position.as_ref(), 1, player.budget(None)) else {
            panic!("no move");
        };
        assert_eq!(
            position.check(&mv).unwrap().unwrap_err().code,
            "double-three"
        );
    }
}
