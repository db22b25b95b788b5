//! [`ExternalEngine`]: an external process as a [`RulesEngine`].
//!
//! * Play protocols (Botzone, Gomocup): capabilities `player` only. A position is set up by
//!   the embedded engine of the same game (the *reference*), and [`Position::search`] asks the
//!   process for a move and checks it with [`validate`]. The engine is given the game as a
//!   move history: the case's moves, the case's `history:`, or a move order arbiter finds for
//!   a gomoku board ([`super::reach`]). Gomocup can also take a board with no such order, as
//!   its stones stand (`BOARD`). Rule queries are unsupported over a play protocol, except
//!   `outcome`, which answers from the reference so that a finished game is not played on.
//! * `arbiter-line`: capabilities `rules` and `search`; legal moves, checks, outcome, perft,
//!   forbidden points and the board go to the process ([`super::line`]). A process that fails
//!   to answer gives a [`QueryError::Fault`], never a value, so a case cannot pass on it.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use arbiter_core::PerftConvention;

use super::Player;
use super::board::{Board, MoveAnswer};
use super::botzone::BotzonePlayer;
use super::ccgc::CcgcPlayer;
use super::dxp::DxpPlayer;
use super::gomocup::{GomocupPlayer, GomocupSettings, Stones};
use super::gtp::GtpPlayer;
use super::hub::HubPlayer;
use super::line::LineSession;
use super::manifest::{Manifest, ManifestError, OfferedVariant, Protocol};
use super::nboard::{DEFAULT_DEPTH as NBOARD_DEPTH, NboardPlayer};
use super::reach;
use super::sandbox::{MemoryRule, SpawnSpec, Started, left_behind, log, preview};
use super::ucci::UcciPlayer;
use arbiter_engine::fault::{Fault, FaultKind};
use arbiter_engine::{
    Algorithm, Answered, Budget, Capabilities, OutcomeView, Position, PositionError,
    PositionRequest, QueryError, Refusal, RulesEngine, SearchFailure, SearchReport, TreeCounts,
    find_engine,
};
use arbiter_protocol::ccgc::CcgcGame;
use arbiter_protocol::gtp::GtpGame;

/// What every position of one engine shares.
struct Shared {
    manifest: Manifest,
    reference: Box<dyn RulesEngine>,
    log_dir: PathBuf,
    /// Every process started, for leak checks.
    started: Mutex<Vec<Started>>,
    /// Warnings of the players and queries since the last [`RulesEngine::take_warnings`].
    warnings: Mutex<Vec<String>>,
    /// The arbiter-line process, started on first use and kept.
    line: Mutex<Option<LineSession>>,
}

/// An external engine from a manifest.
#[derive(Clone)]
pub struct ExternalEngine {
    shared: Arc<Shared>,
}

impl ExternalEngine {
    /// The engine a validated manifest describes. Its stderr goes to
    /// `<log dir>/<name>.stderr.log` ([`log::default_dir`]) unless
    /// [`ExternalEngine::with_log_dir`] says otherwise.
    ///
    /// # Panics
    /// Never for a manifest from [`Manifest::from_yaml`], which checked the game.
    #[must_use]
    pub fn new(manifest: Manifest) -> ExternalEngine {
        let reference = find_engine(&manifest.game).expect("the manifest's game was checked");
        ExternalEngine {
            shared: Arc::new(Shared {
                manifest,
                reference,
                log_dir: log::default_dir(),
                started: Mutex::new(Vec::new()),
                warnings: Mutex::new(Vec::new()),
                line: Mutex::new(None),
            }),
        }
    }

    /// The engine of `<dir>/<name>.yaml`.
    ///
    /// # Errors
    /// The manifest's [`ManifestError`].
    pub fn load(dir: &Path, name: &str) -> Result<ExternalEngine, ManifestError> {
        Manifest::find(dir, name).map(ExternalEngine::new)
    }

    /// The engine a user names: a manifest path (`../my-bot.yaml`, anything with a `/` or a
    /// `.yaml`/`.yml` ending) or a name in `dir` (`<dir>/<name>.yaml`), as `xtask match`
    /// takes it.
    ///
    /// # Errors
    /// The manifest's [`ManifestError`].
    pub fn named(dir: &Path, name: &str) -> Result<ExternalEngine, ManifestError> {
        if is_manifest_path(name) {
            Manifest::load(Path::new(name)).map(ExternalEngine::new)
        } else {
            ExternalEngine::load(dir, name)
        }
    }

    /// The same engine logging stderr into `dir`.
    ///
    /// # Panics
    /// When called after the engine was cloned (positions hold clones): call it first.
    #[must_use]
    pub fn with_log_dir(self, dir: &Path) -> ExternalEngine {
        let shared = Arc::try_unwrap(self.shared)
            .unwrap_or_else(|_| panic!("with_log_dir must be called before the engine is used"));
        ExternalEngine {
            shared: Arc::new(Shared {
                log_dir: dir.to_owned(),
                ..shared
            }),
        }
    }

    /// The manifest.
    #[must_use]
    pub fn manifest(&self) -> &Manifest {
        &self.shared.manifest
    }

    /// The stderr log of this engine.
    #[must_use]
    pub fn log_path(&self) -> PathBuf {
        self.shared
            .log_dir
            .join(format!("{}.stderr.log", self.shared.manifest.name))
    }

    /// How to start one process of this engine.
    #[must_use]
    pub(crate) fn spawn_spec(&self) -> SpawnSpec {
        let manifest = &self.shared.manifest;
        SpawnSpec {
            program: manifest.program.clone(),
            args: manifest.args.clone(),
            working_dir: manifest.working_dir.clone(),
            memory_mb: manifest.memory_mb,
            // GomocupJudge rules on memory after each answer; the other platforms watch the
            // process throughout.
            memory_rule: if manifest.protocol == Protocol::Gomocup {
                MemoryRule::AfterAnswer
            } else {
                MemoryRule::Always
            },
            stderr_log: Some(self.log_path()),
        }
    }

    /// The offered variant `name` names, if any.
    fn offered(&self, name: &str) -> Option<&OfferedVariant> {
        self.shared.manifest.offered(name)
    }

    /// A new player (one side of one game) of the default variant; `None` for `arbiter-line`.
    #[must_use]
    pub fn player(&self) -> Option<Box<dyn Player>> {
        self.player_for(self.shared.manifest.variant())
    }

    /// A new player of `variant` for a play protocol; `None` for `arbiter-line` or a variant
    /// the manifest does not offer. The one place where a protocol picks its driver.
    #[must_use]
    pub(crate) fn player_for(&self, variant: &str) -> Option<Box<dyn Player>> {
        let manifest = &self.shared.manifest;
        let offered = self.offered(variant)?;
        let (game, name) = (manifest.game.as_str(), offered.name.as_str());
        let (spec, timing) = (self.spawn_spec(), super::Timing::of(manifest));
        let player: Box<dyn Player> = match manifest.protocol {
            Protocol::Ccgc => {
                let game = CcgcGame::for_game(game, name).ok()?;
                Box::new(CcgcPlayer::new(spec, game, timing))
            }
            Protocol::Gtp => {
                let game = GtpGame::for_game(game, name).ok()?;
                Box::new(GtpPlayer::new(spec, game, timing))
            }
            Protocol::Ucci | Protocol::Uci => {
                Box::new(UcciPlayer::new(spec, timing, manifest.protocol, name))
            }
            Protocol::Hub => Box::new(HubPlayer::new(spec, timing, name.parse().ok()?)),
            Protocol::Dxp => {
                let variant = name.parse().ok()?;
                Box::new(DxpPlayer::new(spec, timing, variant, manifest.dxp_port))
            }
            Protocol::Botzone
            | Protocol::BotzoneKeepRunning
            | Protocol::BotzoneSimple
            | Protocol::BotzoneSimpleKeepRunning => {
                let board = Board::of(game, name)?;
                Box::new(BotzonePlayer::new(spec, board, manifest.protocol, timing))
            }
            Protocol::Gomocup => {
                let board = Board::of(game, name)?;
                let settings = GomocupSettings {
                    timing,
                    memory_mb: manifest.memory_mb,
                    rule: offered.gomocup_rule,
                };
                Box::new(GomocupPlayer::new(spec, board, settings))
            }
            Protocol::Nboard => {
                // A board the Botzone encodings know (Othello's), as for the protocols above.
                Board::of(game, name)?;
                let depth = manifest.nboard_depth.unwrap_or(NBOARD_DEPTH);
                Box::new(NboardPlayer::new(spec, timing, depth))
            }
            Protocol::ArbiterLine => return None,
        };
        Some(player)
    }

    /// Records the processes of a finished player, and its warnings.
    pub fn record_player(&self, player: &mut dyn Player) {
        self.record_started(&player.started());
        self.warn(player.take_warnings());
    }

    /// Records started processes (for leak checks).
    pub fn record_started(&self, started: &[Started]) {
        if let Ok(mut all) = self.shared.started.lock() {
            all.extend_from_slice(started);
        }
    }

    /// Adds warnings for [`RulesEngine::take_warnings`].
    pub(crate) fn warn(&self, warnings: Vec<String>) {
        if warnings.is_empty() {
            return;
        }
        if let Ok(mut all) = self.shared.warnings.lock() {
            for warning in warnings {
                if !all.contains(&warning) {
                    all.push(warning);
                }
            }
        }
    }

    /// Every process this engine started (players recorded, the line process).
    #[must_use]
    pub fn started(&self) -> Vec<Started> {
        let mut started = self
            .shared
            .started
            .lock()
            .map(|g| g.clone())
            .unwrap_or_default();
        if let Ok(line) = self.shared.line.lock()
            && let Some(session) = line.as_ref()
        {
            started.push(session.started());
        }
        started
    }

    /// Stops the `arbiter-line` process, if one runs.
    pub fn shutdown(&self) {
        if let Ok(mut line) = self.shared.line.lock()
            && let Some(mut session) = line.take()
        {
            session.quit();
            self.record_started(&[session.started()]);
        }
    }

    /// After [`ExternalEngine::shutdown`]: the processes still alive after `grace` (their pid
    /// and command line); empty when none is left behind.
    #[must_use]
    pub fn left_behind(&self, grace: Duration) -> Vec<(i32, String)> {
        left_behind(&self.started(), grace)
    }

    /// The embedded engine of the same game: the reference rules.
    #[must_use]
    pub fn reference(&self) -> &dyn RulesEngine {
        self.shared.reference.as_ref()
    }

    /// The board encoding of the default variant (play protocols).
    #[must_use]
    pub(crate) fn board(&self) -> Option<Board> {
        Board::of(&self.shared.manifest.game, self.shared.manifest.variant())
    }
}

impl RulesEngine for ExternalEngine {
    fn name(&self) -> &str {
        &self.shared.manifest.name
    }

    fn game(&self) -> &str {
        &self.shared.manifest.game
    }

    fn split_moves(&self, text: &str) -> Vec<String> {
        self.shared.reference.split_moves(text)
    }

    fn variants(&self) -> Vec<String> {
        self.shared
            .manifest
            .variants
            .iter()
            .map(|v| v.name.clone())
            .collect()
    }

    fn accepts_variant(&self, name: &str) -> bool {
        self.offered(name).is_some()
    }

    fn default_variant(&self) -> String {
        self.shared.manifest.variant().to_owned()
    }

    fn side_names(&self) -> [&'static str; 2] {
        self.shared.reference.side_names()
    }

    fn capabilities(&self) -> Capabilities {
        let line = self.shared.manifest.protocol == Protocol::ArbiterLine;
        Capabilities {
            rules: line,
            search: line,
            player: true,
        }
    }

    fn take_warnings(&self) -> Vec<String> {
        self.shared
            .warnings
            .lock()
            .map(|mut warnings| std::mem::take(&mut *warnings))
            .unwrap_or_default()
    }

    fn position(
        &self,
        variant: &str,
        request: &PositionRequest,
    ) -> Result<Box<dyn Position>, PositionError> {
        let Some(offered) = self.offered(variant) else {
            return Err(PositionError::UnknownVariant {
                variant: variant.to_owned(),
                known: self.variants(),
            });
        };
        let variant = offered.name.clone();
        let reference_engine = self.shared.reference.as_ref();
        let reference = reference_engine.position(&variant, request)?;
        let route = if self.shared.manifest.protocol.is_play_only() {
            reach::route(reference_engine, &variant, request)?
        } else {
            reach::Route::Unneeded
        };
        Ok(Box::new(ExternalPosition {
            engine: self.clone(),
            variant,
            reference,
            route,
            start: request.clone(),
            played: Vec::new(),
        }))
    }
}

/// Whether an engine name is a manifest's path rather than a name in the manifest folder.
#[must_use]
pub fn is_manifest_path(name: &str) -> bool {
    name.ends_with(".yaml") || name.ends_with(".yml") || name.contains('/')
}

/// Checks a play-protocol answer against the reference rules and returns the move in
/// canonical notation.
///
/// # Errors
/// `illegal-move` (with the rule's reason, or the forbidden kind), `wrong-pass` (a pass the
/// rules do not list, or a move when only a pass is legal), `wrong-exchange` (an exchange
/// where the opening allows none).
pub fn validate(reference: &dyn Position, answer: MoveAnswer) -> Result<String, Fault> {
    let text = move_text(answer)?;
    let legal = reference.legal_moves().map_err(reference_fault)?;
    check_pass(&legal, &text)?;
    if text == "swap"
        && let Err(refusal) = reference.check(&text).map_err(reference_fault)?
    {
        return Err(Fault::new(
            FaultKind::WrongExchange,
            format!("it answered the exchange (-1,-1), but {refusal}"),
        )
        .played("swap"));
    }
    let canonical = canonical_move(reference, &text)?;
    check_forbidden(reference, &canonical)?;
    reference
        .check(&canonical)
        .map_err(reference_fault)?
        .map_err(|refusal| {
            Fault::new(FaultKind::IllegalMove, format!("`{canonical}`: {refusal}"))
                .played(&canonical)
        })?;
    Ok(canonical)
}

/// A failure of the reference rules themselves, as a protocol fault.
fn reference_fault(error: QueryError) -> Fault {
    Fault::protocol(format!("reference rules: {error}"))
}

/// The move text of an answer; an answer off the board or a resignation is a fault.
fn move_text(answer: MoveAnswer) -> Result<String, Fault> {
    match answer {
        MoveAnswer::Move(text) => Ok(text),
        MoveAnswer::OffBoard(detail) => Err(Fault::new(
            FaultKind::IllegalMove,
            format!("off the board: {detail}"),
        )),
        // A resignation is no move to check: a match's referee ends the game on it before
        // asking here; anywhere else a move was asked for.
        MoveAnswer::Resign => Err(Fault::new(
            FaultKind::NoAnswer,
            "it resigned where a move was asked for".to_owned(),
        )),
    }
}

/// A `wrong-pass` fault for a move where only a pass is `legal`, or a pass where it is not.
fn check_pass(legal: &[String], text: &str) -> Result<(), Fault> {
    let only_pass = legal.len() == 1 && legal[0] == "pass";
    if only_pass && text != "pass" {
        return Err(Fault::new(
            FaultKind::WrongPass,
            format!("only a pass is legal here, but it played `{text}`"),
        )
        .played(text));
    }
    // A pass is wrong where the rules list none (Othello: only when no move exists); Go
    // lists it always.
    if text == "pass" && !legal.iter().any(|mv| mv == "pass") {
        let examples: Vec<&str> = legal.iter().take(5).map(String::as_str).collect();
        return Err(Fault::new(
            FaultKind::WrongPass,
            format!(
                "it passed, but {} moves are legal (e.g. {})",
                legal.len(),
                examples.join(", ")
            ),
        )
        .played("pass"));
    }
    Ok(())
}

/// `text` in the reference's canonical notation.
fn canonical_move(reference: &dyn Position, text: &str) -> Result<String, Fault> {
    reference.canonical(text).map_err(|refusal| {
        // Text that is no move of the game at all breaks the protocol; a move the rules
        // refuse is an illegal move.
        let kind = if refusal.code == "notation" {
            FaultKind::ProtocolError
        } else {
            FaultKind::IllegalMove
        };
        let fault = Fault::new(kind, format!("`{text}`: {refusal}"));
        if kind == FaultKind::IllegalMove {
            fault.played(text)
        } else {
            fault
        }
    })
}

/// An `illegal-move` fault when `canonical` is a forbidden point for the side to move.
fn check_forbidden(reference: &dyn Position, canonical: &str) -> Result<(), Fault> {
    if let Some(forbidden) = reference.forbidden().map_err(reference_fault)?
        && let Some((_, kind)) = forbidden.iter().find(|(point, _)| *point == canonical)
    {
        // The fouls are the side to move's: black's alone in renju, either side's in NoGo.
        return Err(Fault::new(
            FaultKind::IllegalMove,
            format!(
                "`{canonical}` is a forbidden point for {} ({kind})",
                reference.to_move()
            ),
        )
        .played(canonical));
    }
    Ok(())
}

/// A position of an external engine: the reference position and how it was reached.
struct ExternalPosition {
    engine: ExternalEngine,
    /// The offered variant, as the manifest spells it.
    variant: String,
    reference: Box<dyn Position>,
    /// How a play protocol is given this position.
    route: reach::Route,
    /// The request the position was set up from (arbiter-line sends it as is).
    start: PositionRequest,
    /// Moves played on this handle since.
    played: Vec<String>,
}

impl ExternalPosition {
    /// The case's board as its one-line form, before any of its moves, and the moves played
    /// from it since (the case's, then this handle's); `None` for a position given as moves
    /// from the start or a board the reference rules do not set up.
    fn start_and_moves(&self) -> Option<(String, Vec<String>)> {
        if self.start.text.is_none() && self.start.board.is_none() {
            return None;
        }
        let reference = self.engine.shared.reference.as_ref();
        let board = reference
            .position(&self.variant, &reach::board_only(&self.start))
            .ok()?;
        let mut moves = reach::case_moves(reference, &self.start);
        moves.extend(self.played.iter().cloned());
        Some((board.text(), moves))
    }

    /// A `pv` must be a line of the game from this position that starts with the best move:
    /// every token a move the reference rules play in turn, so that trailing text after a
    /// move cannot pass as a line.
    fn check_pv(&self, best: &str, pv: &[String]) -> Result<(), Fault> {
        let Some(first) = pv.first() else {
            return Ok(());
        };
        let internal = |error: PositionError| Fault::protocol(format!("reference rules: {error}"));
        let mut line = self
            .engine
            .shared
            .reference
            .position(&self.variant, &self.start)
            .map_err(internal)?;
        for played in &self.played {
            line.play(played)
                .map_err(|refusal| Fault::protocol(format!("reference rules: {refusal}")))?;
        }
        if line.canonical(first).ok() != line.canonical(best).ok() {
            return Err(Fault::protocol(format!(
                "a pv that starts with `{}`, not with its best move `{best}`",
                preview(first)
            )));
        }
        for (index, mv) in pv.iter().enumerate() {
            line.play(mv).map_err(|refusal| {
                Fault::protocol(format!(
                    "a pv whose move {} `{}` cannot be played: {refusal}",
                    index + 1,
                    preview(mv)
                ))
            })?;
        }
        Ok(())
    }

    fn is_line(&self) -> bool {
        self.engine.shared.manifest.protocol == Protocol::ArbiterLine
    }

    /// A rule query over a play protocol: not supported.
    fn play_only<T>(&self, query: &str) -> Answered<T> {
        Err(QueryError::Unsupported(format!(
            "{} only chooses moves: it cannot be asked `{query}`",
            self.engine.shared.manifest.protocol
        )))
    }

    /// Runs `query` on the arbiter-line process set to this position. A failed process is not
    /// reused: the next query starts a new one.
    fn with_line<T>(
        &self,
        query: impl FnOnce(&mut LineSession) -> Result<T, Fault>,
    ) -> Answered<T> {
        let shared = &self.engine.shared;
        let mut guard = shared
            .line
            .lock()
            .map_err(|_| QueryError::Fault(Fault::protocol("the engine's lock is poisoned")))?;
        let result = (|| {
            if guard.is_none() {
                *guard = Some(LineSession::start(&self.engine)?);
            }
            let session = guard.as_mut().expect("just started");
            session.set_position(&self.variant, &self.start, &self.played)?;
            query(session)
        })();
        if let Some(session) = guard.as_mut() {
            self.engine.warn(session.take_warnings());
        }
        result.map_err(|fault| {
            if let Some(mut session) = guard.take() {
                session.kill();
                self.engine.record_started(&[session.started()]);
            }
            QueryError::Fault(fault)
        })
    }

    /// A move chosen through a play protocol.
    fn play_search(&self) -> Result<SearchReport, SearchFailure> {
        if self.reference.outcome().ok().flatten().is_some() {
            return Err(SearchFailure::unsupported("the game is over"));
        }
        let mut player = self
            .engine
            .player_for(&self.variant)
            .ok_or_else(|| SearchFailure::unsupported("this protocol has no player"))?;
        // A board sent as its stones stand is no game's position: a fault there says so, since
        // engines read such a BOARD differently (whose turn it is, for one).
        let (answer, as_it_stands) = match &self.route {
            reach::Route::History(history) => (self.answer_game(player.as_mut(), history)?, None),
            reach::Route::Unreachable { reason, stones } => {
                self.answer_board(player.as_mut(), reason, stones.as_ref())?
            }
            reach::Route::Unneeded => {
                return Err(SearchFailure::unsupported("no play protocol"));
            }
        };
        player.finish();
        self.engine.record_player(player.as_mut());
        self.judged(answer, as_it_stands)
    }

    /// The answer to the route's `history` and the moves played since, where the protocol
    /// can carry that game.
    fn answer_game(
        &self,
        player: &mut dyn Player,
        history: &[String],
    ) -> Result<Result<MoveAnswer, Fault>, SearchFailure> {
        let protocol = self.engine.shared.manifest.protocol;
        let mut history = history.to_vec();
        history.extend(self.played.iter().cloned());
        if protocol == Protocol::Gomocup && history.iter().any(|mv| mv == "swap" || mv == "put-two")
        {
            return Err(SearchFailure::unsupported(
                "Gomocup has no encoding for an exchange inside the move history",
            ));
        }
        if let Some(most) = protocol.max_given_plies()
            && history.len() > most
        {
            return Err(SearchFailure::unsupported(format!(
                "{} has no command that sets a position: a new engine sees only the \
                 start or the opponent's first move, and this position is {} plies \
                 into the game",
                protocol,
                history.len()
            )));
        }
        Ok(player.answer(&history))
    }

    /// The answer to a board no move order reaches (`reason`), sent as the protocol can:
    /// its `stones` as they stand (then `reason` comes back, for a fault's context), the board
    /// and the moves since, or the position's one-line form.
    fn answer_board(
        &self,
        player: &mut dyn Player,
        reason: &str,
        stones: Option<&Stones>,
    ) -> Result<(Result<MoveAnswer, Fault>, Option<String>), SearchFailure> {
        let stones = stones.filter(|_| self.played.is_empty());
        // A protocol that sets any board (NBoard) takes the position exactly, with
        // its side to move: no move order is needed.
        let text = self.reference.text();
        let stood = stones.and_then(|stones| player.answer_stones(stones));
        let as_it_stands = stood.is_some().then(|| reason.to_owned());
        let replayed = || {
            let (start, moves) = self.start_and_moves()?;
            player.answer_after(&start, &moves)
        };
        if let Some(answer) = stood
            .or_else(replayed)
            .or_else(|| player.answer_text(&text))
        {
            return Ok((answer, as_it_stands));
        }
        player.finish();
        let protocol = self.engine.shared.manifest.protocol;
        let why = if protocol.max_given_plies().is_some() {
            format!(
                "{protocol} has no command that sets a position: a new engine sees only the \
                 start or the opponent's first move, and this case is a board",
            )
        } else {
            format!("{protocol} takes a game as its move history, and {reason}")
        };
        Err(SearchFailure::unsupported(why))
    }

    /// The report of a play protocol's `answer`: its move, checked by the reference rules (a
    /// fault on a board sent as its stones stand says so); a resignation has no move to judge.
    fn judged(
        &self,
        answer: Result<MoveAnswer, Fault>,
        as_it_stands: Option<String>,
    ) -> Result<SearchReport, SearchFailure> {
        if matches!(answer, Ok(MoveAnswer::Resign)) {
            // Resigning is the engine's right in a lost position; there is no move to judge.
            return Err(SearchFailure::unsupported(
                "the engine resigned in this position: no move to check",
            ));
        }
        let best = answer
            .and_then(|answer| validate(self.reference.as_ref(), answer))
            .map_err(|fault| match &as_it_stands {
                Some(reason) => fault.context(&format!(
                    "on a BOARD sent as its stones stand ({reason}; the side to move's stones \
                     as field 1)"
                )),
                None => fault,
            })?;
        Ok(SearchReport {
            best: Some(best.clone()),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![best],
            proven: None,
        })
    }
}

impl Position for ExternalPosition {
    fn to_move(&self) -> String {
        self.reference.to_move()
    }

    fn is_to_move(&self, name: &str) -> bool {
        self.reference.is_to_move(name)
    }

    fn is_winner(&self, name: &str) -> Answered<bool> {
        if !self.is_line() {
            return self.play_only("outcome");
        }
        Ok(match self.outcome()? {
            Some(outcome) if name.eq_ignore_ascii_case("draw") => outcome.winner.is_none(),
            Some(outcome) => outcome.winner.as_deref().is_some_and(|winner| {
                winner.eq_ignore_ascii_case(name)
                    // Another name of the same side (`first` for a colour): the side names
                    // resolve against the position (after a swap, `first` may be white).
                    || self.reference.is_to_move(winner) == self.reference.is_to_move(name)
            }),
            None => false,
        })
    }

    fn legal_moves(&self) -> Answered<Vec<String>> {
        if !self.is_line() {
            return self.play_only("legal");
        }
        self.with_line(LineSession::legal)
    }

    fn canonical(&self, text: &str) -> Result<String, Refusal> {
        self.reference.canonical(text)
    }

    fn check(&self, text: &str) -> Answered<Result<(), Refusal>> {
        if !self.is_line() {
            return self.play_only("check");
        }
        self.with_line(|session| session.check(text))
    }

    fn play(&mut self, text: &str) -> Result<(), Refusal> {
        // The reference keeps the game; the process is told the moves with its next query.
        let canonical = self.reference.canonical(text)?;
        self.reference.play(&canonical)?;
        self.played.push(canonical);
        Ok(())
    }

    fn outcome(&self) -> Answered<Option<OutcomeView>> {
        if !self.is_line() {
            // No outcome query over a play protocol: the reference says whether to ask a move.
            return self.reference.outcome();
        }
        self.with_line(LineSession::outcome)
    }

    fn perft(&mut self, depth: u32, convention: PerftConvention) -> Answered<u64> {
        if !self.is_line() {
            return self.play_only("perft");
        }
        self.with_line(|session| session.perft(depth, convention))
    }

    fn diagram(&self) -> String {
        self.reference.diagram()
    }

    fn text(&self) -> String {
        self.reference.text()
    }

    // The longest game and the picture describe the position as arbiter set it up (the
    // reference rules), like `diagram`: no engine answer is taken from them.
    fn longest_game(&self) -> Option<u32> {
        self.reference.longest_game()
    }

    fn picture(&self, marks: &[arbiter_engine::Mark<String>]) -> Option<String> {
        self.reference.picture(marks)
    }

    fn same_board(&self, diagram: &str) -> Answered<Result<bool, String>> {
        if !self.is_line() {
            return self.play_only("board");
        }
        let Some(text) = self.with_line(LineSession::board)? else {
            return Err(QueryError::Unsupported(
                "the engine does not answer `board` (an optional arbiter-line command)".to_owned(),
            ));
        };
        // The engine's board, read by the reference rules, compared with the diagram.
        let request = PositionRequest {
            text: Some(text.clone()),
            ..PositionRequest::default()
        };
        let theirs = self
            .engine
            .reference()
            .position(&self.variant, &request)
            .map_err(|error| {
                QueryError::Fault(Fault::protocol(format!(
                    "its `board` answer `{text}` is not a position: {error}"
                )))
            })?;
        theirs.same_board(diagram)
    }

    fn forbidden(&self) -> Answered<Option<Vec<(String, String)>>> {
        if !self.is_line() {
            return self.play_only("forbidden");
        }
        if self.reference.forbidden()?.is_none() {
            return Ok(None);
        }
        match self.with_line(LineSession::forbidden)? {
            Some(points) => Ok(Some(points)),
            None => Err(QueryError::Unsupported(
                "the engine answers `error unsupported` to `forbidden`".to_owned(),
            )),
        }
    }

    fn search(
        &self,
        algorithm: Algorithm,
        budget: Budget,
        _params_yaml: Option<&str>,
    ) -> Result<SearchReport, SearchFailure> {
        if !self.is_line() {
            return self.play_search();
        }
        if algorithm != Algorithm::AlphaBeta {
            return Err(SearchFailure::unsupported(format!(
                "arbiter-line's `go` has no algorithm choice; {algorithm:?} is not applicable"
            )));
        }
        let report = self
            .with_line(|session| session.go(budget, 0))
            .map_err(SearchFailure::from)?;
        if let Some(best) = &report.best {
            validate(self.reference.as_ref(), MoveAnswer::Move(best.clone()))
                .map_err(|fault| fault.context("`go` answered"))?;
            self.check_pv(best, &report.pv)
                .map_err(|fault| fault.context("`go` answered"))?;
        }
        Ok(report)
    }

    fn tree_counts(&self, _max_nodes: u64) -> Option<TreeCounts> {
        // Walking a whole game tree through a pipe is not worth it: not applicable.
        None
    }
}
