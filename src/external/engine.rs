//! [`ExternalEngine`]: an external process as a [`RulesEngine`].
//!
//! * Play protocols (Botzone, Gomocup): capabilities `player` only. A position is set up by
//!   the embedded engine of the same game (the *reference*); its rule methods answer from the
//!   reference, and [`Position::search`] asks the process for a move from the move history
//!   and checks it with [`validate`]. A position given as a board or a one-line form has no
//!   history: `SearchError::Unsupported`.
//! * `arbiter-line`: capabilities `rules` and `search`; legal moves, checks, outcome, perft
//!   and forbidden points go to the process ([`super::line`]). The rule methods of
//!   [`Position`] return plain values, so a failing process gives an empty answer (no moves,
//!   no outcome, perft 0) and the fault is recorded: see [`ExternalEngine::take_faults`].

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use arbiter_core::PerftConvention;

use super::Player;
use super::botzone::{BotzonePlayer, Style};
use super::encode::{Answer, Board, Family};
use super::fault::{Fault, FaultKind};
use super::gomocup::{GomocupPlayer, GomocupSettings};
use super::line::LineSession;
use super::manifest::{Manifest, ManifestError, Protocol};
use super::sandbox::SpawnSpec;
use crate::engine::{
    Algorithm, Budget, Capabilities, OutcomeView, Position, PositionError, PositionRequest,
    Refusal, RulesEngine, SearchError, SearchReport, TreeCounts, find_engine,
};

/// What every position of one engine shares.
struct Shared {
    manifest: Manifest,
    reference: Box<dyn RulesEngine>,
    /// The board encoding, for the play protocols.
    board: Option<Board>,
    log_dir: PathBuf,
    /// Every process group started, for leak checks.
    groups: Mutex<Vec<i32>>,
    /// Faults met by rule queries (which cannot return them).
    faults: Mutex<Vec<Fault>>,
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
    /// `<temp>/arbiter-logs/<name>.stderr.log` unless [`ExternalEngine::with_log_dir`] says
    /// otherwise.
    ///
    /// # Panics
    /// Never for a manifest from [`Manifest::from_yaml`], which checked the game.
    #[must_use]
    pub fn new(manifest: Manifest) -> ExternalEngine {
        let reference = find_engine(&manifest.game).expect("the manifest's game was checked");
        let board = Board::of(&manifest.game, &manifest.variant);
        ExternalEngine {
            shared: Arc::new(Shared {
                manifest,
                reference,
                board,
                log_dir: std::env::temp_dir().join("arbiter-logs"),
                groups: Mutex::new(Vec::new()),
                faults: Mutex::new(Vec::new()),
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

    /// How to start one process of this engine.
    #[must_use]
    pub fn spawn_spec(&self) -> SpawnSpec {
        let manifest = &self.shared.manifest;
        SpawnSpec {
            program: manifest.program.clone(),
            args: manifest.args.clone(),
            working_dir: manifest.working_dir.clone(),
            memory_mb: manifest.memory_mb,
            stderr_log: Some(
                self.shared
                    .log_dir
                    .join(format!("{}.stderr.log", manifest.name)),
            ),
        }
    }

    /// A new player (one side of one game) for a play protocol; `None` for `arbiter-line`.
    #[must_use]
    pub fn player(&self) -> Option<Box<dyn Player>> {
        let manifest = &self.shared.manifest;
        let board = self.shared.board?;
        let times = (manifest.first_move_time_ms, manifest.move_time_ms);
        let style = match manifest.protocol {
            Protocol::Botzone => Style::Json,
            Protocol::BotzoneKeepRunning => Style::KeepRunning,
            Protocol::BotzoneSimple => Style::Simplified,
            Protocol::Gomocup => {
                let settings = GomocupSettings {
                    first_ms: times.0,
                    move_ms: times.1,
                    memory_mb: manifest.memory_mb,
                    rule: manifest.gomocup_rule,
                };
                return Some(Box::new(GomocupPlayer::new(
                    self.spawn_spec(),
                    board,
                    settings,
                )));
            }
            Protocol::ArbiterLine => return None,
        };
        Some(Box::new(BotzonePlayer::new(
            self.spawn_spec(),
            board,
            style,
            times,
            manifest.memory_mb,
        )))
    }

    /// Records the process groups of a finished player.
    pub fn record_groups(&self, groups: &[i32]) {
        if let Ok(mut all) = self.shared.groups.lock() {
            all.extend_from_slice(groups);
        }
    }

    /// Every process group this engine started (players recorded, the line process).
    #[must_use]
    pub fn groups(&self) -> Vec<i32> {
        let mut groups = self
            .shared
            .groups
            .lock()
            .map(|g| g.clone())
            .unwrap_or_default();
        if let Ok(line) = self.shared.line.lock()
            && let Some(session) = line.as_ref()
        {
            groups.extend(session.groups());
        }
        groups
    }

    /// The faults rule queries met since the last call (an `arbiter-line` process that failed
    /// while answering `legal`, `outcome`, …).
    #[must_use]
    pub fn take_faults(&self) -> Vec<Fault> {
        self.shared
            .faults
            .lock()
            .map(|mut faults| std::mem::take(&mut *faults))
            .unwrap_or_default()
    }

    /// Stops the `arbiter-line` process, if one runs.
    pub fn shutdown(&self) {
        if let Ok(mut line) = self.shared.line.lock()
            && let Some(mut session) = line.take()
        {
            session.quit();
            self.record_groups(&session.groups());
        }
    }

    /// The embedded engine of the same game: the reference rules.
    #[must_use]
    pub fn reference(&self) -> &dyn RulesEngine {
        self.shared.reference.as_ref()
    }

    /// The game's board encoding (play protocols).
    #[must_use]
    pub fn board(&self) -> Option<Board> {
        self.shared.board
    }
}

impl RulesEngine for ExternalEngine {
    fn name(&self) -> &str {
        &self.shared.manifest.name
    }

    fn game(&self) -> &str {
        &self.shared.manifest.game
    }

    fn variants(&self) -> Vec<String> {
        vec![self.shared.manifest.variant.clone()]
    }

    fn accepts_variant(&self, name: &str) -> bool {
        name == self.shared.manifest.variant
    }

    fn default_variant(&self) -> String {
        self.shared.manifest.variant.clone()
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

    fn position(
        &self,
        variant: &str,
        request: &PositionRequest,
    ) -> Result<Box<dyn Position>, PositionError> {
        if !self.accepts_variant(variant) {
            return Err(PositionError::UnknownVariant {
                variant: variant.to_owned(),
                known: self.variants(),
            });
        }
        let reference = self.shared.reference.position(variant, request)?;
        let history = if request.text.is_none() && request.board.is_none() {
            Some(canonical_history(
                self.shared.reference.as_ref(),
                variant,
                request,
            )?)
        } else {
            None
        };
        Ok(Box::new(ExternalPosition {
            engine: self.clone(),
            reference,
            history,
            start: request.clone(),
            played: Vec::new(),
        }))
    }
}

/// The request's moves in canonical notation, replayed from the start.
fn canonical_history(
    reference: &dyn RulesEngine,
    variant: &str,
    request: &PositionRequest,
) -> Result<Vec<String>, PositionError> {
    let mut moves = request.moves.clone();
    if let Some(text) = &request.move_text {
        moves.splice(0..0, split_transcript(text));
    }
    let mut position = reference.position(variant, &PositionRequest::default())?;
    let mut history = Vec::with_capacity(moves.len());
    for (index, text) in moves.iter().enumerate() {
        let refusal = |reason| PositionError::IllegalMove {
            index: index + 1,
            text: text.clone(),
            reason,
        };
        let canonical = position.canonical(text).map_err(refusal)?;
        position.play(&canonical).map_err(refusal)?;
        history.push(canonical);
    }
    Ok(history)
}

/// A compact transcript (`f5d6c3`, `f5 d6`) as moves: letters then digits, or whitespace.
pub(super) fn split_transcript(text: &str) -> Vec<String> {
    let mut moves = Vec::new();
    for word in text.split_whitespace() {
        let mut current = String::new();
        for c in word.chars() {
            if c.is_ascii_alphabetic() && current.chars().last().is_some_and(|l| l.is_ascii_digit())
            {
                moves.push(std::mem::take(&mut current));
            }
            current.push(c);
        }
        if !current.is_empty() {
            moves.push(current);
        }
    }
    moves
}

/// Checks a play-protocol answer against the reference rules and returns the move in
/// canonical notation.
///
/// # Errors
/// `illegal-move` (with the rule's reason, or the forbidden kind), `wrong-pass` (a pass with a
/// move available, or a move when only a pass is legal), `wrong-exchange` (an exchange where
/// the opening allows none).
pub fn validate(reference: &dyn Position, family: Family, answer: Answer) -> Result<String, Fault> {
    let text = match answer {
        Answer::Move(text) => text,
        Answer::Minus1 => match family {
            Family::Gomoku => "swap".to_owned(),
            Family::Othello => "pass".to_owned(),
            Family::Amazons => {
                return Err(Fault::new(
                    FaultKind::IllegalMove,
                    "answered all -1, which is not an Amazons move".to_owned(),
                ));
            }
            Family::NoGo => {
                return Err(Fault::new(
                    FaultKind::IllegalMove,
                    "answered all -1, which is not a NoGo move (NoGo has no pass)".to_owned(),
                ));
            }
        },
        Answer::OffBoard(detail) => {
            return Err(Fault::new(
                FaultKind::IllegalMove,
                format!("off the board: {detail}"),
            ));
        }
    };
    let legal = reference.legal_moves();
    let only_pass = legal.len() == 1 && legal[0] == "pass";
    if only_pass && text != "pass" {
        return Err(Fault::new(
            FaultKind::WrongPass,
            format!("only a pass is legal here, but it played `{text}`"),
        ));
    }
    if text == "pass" && !only_pass {
        let examples: Vec<&str> = legal.iter().take(5).map(String::as_str).collect();
        return Err(Fault::new(
            FaultKind::WrongPass,
            format!(
                "it passed, but {} moves are legal (e.g. {})",
                legal.len(),
                examples.join(", ")
            ),
        ));
    }
    if text == "swap"
        && let Err(refusal) = reference.check(&text)
    {
        return Err(Fault::new(
            FaultKind::WrongExchange,
            format!("it answered the exchange (-1,-1), but {refusal}"),
        ));
    }
    let canonical = reference
        .canonical(&text)
        .map_err(|refusal| Fault::new(FaultKind::IllegalMove, format!("`{text}`: {refusal}")))?;
    reference.check(&canonical).map_err(|refusal| {
        Fault::new(FaultKind::IllegalMove, format!("`{canonical}`: {refusal}"))
    })?;
    if let Some(forbidden) = reference.forbidden()
        && let Some((_, kind)) = forbidden.iter().find(|(point, _)| *point == canonical)
    {
        return Err(Fault::new(
            FaultKind::IllegalMove,
            format!("`{canonical}` is a forbidden point for black ({kind})"),
        ));
    }
    Ok(canonical)
}

/// A position of an external engine: the reference position and how it was reached.
struct ExternalPosition {
    engine: ExternalEngine,
    reference: Box<dyn Position>,
    /// The moves from the start, when the position was given that way.
    history: Option<Vec<String>>,
    /// The request the position was set up from (arbiter-line sends it as is).
    start: PositionRequest,
    /// Moves played on this handle since.
    played: Vec<String>,
}

impl ExternalPosition {
    fn is_line(&self) -> bool {
        self.engine.shared.manifest.protocol == Protocol::ArbiterLine
    }

    /// Runs `query` on the arbiter-line process set to this position; a fault is recorded.
    fn with_line<T>(&self, query: impl FnOnce(&mut LineSession) -> Result<T, Fault>) -> Option<T> {
        let shared = &self.engine.shared;
        let Ok(mut guard) = shared.line.lock() else {
            return None;
        };
        let result = (|| {
            if guard.is_none() {
                *guard = Some(LineSession::start(&self.engine)?);
            }
            let session = guard.as_mut().expect("just started");
            session.set_position(&shared.manifest.variant, &self.start, &self.played)?;
            query(session)
        })();
        match result {
            Ok(value) => Some(value),
            Err(fault) => {
                // A broken process is not reused: the next query starts a new one.
                if let Some(mut session) = guard.take() {
                    session.kill();
                    if let Ok(mut groups) = shared.groups.lock() {
                        groups.extend(session.groups());
                    }
                }
                if let Ok(mut faults) = shared.faults.lock() {
                    faults.push(fault);
                }
                None
            }
        }
    }

    /// A move chosen through a play protocol.
    fn play_search(&self) -> Result<SearchReport, SearchError> {
        let engine = &self.engine;
        let Some(history) = &self.history else {
            return Err(SearchError::Unsupported(format!(
                "{} takes a game as its move history; this position is given as a board",
                engine.shared.manifest.protocol
            )));
        };
        let mut history = history.clone();
        history.extend(self.played.iter().cloned());
        if self.reference.outcome().is_some() {
            return Err(SearchError::Unsupported("the game is over".to_owned()));
        }
        if engine.shared.manifest.protocol == Protocol::Gomocup
            && history.iter().any(|mv| mv == "swap" || mv == "put-two")
        {
            return Err(SearchError::Unsupported(
                "Gomocup has no encoding for an exchange inside the move history".to_owned(),
            ));
        }
        let family = engine
            .shared
            .board
            .map_or(Family::Gomoku, |board| board.family);
        let mut player = engine
            .player()
            .ok_or_else(|| SearchError::Unsupported("this protocol has no player".to_owned()))?;
        let answer = player.answer(&history);
        player.finish();
        engine.record_groups(&player.groups());
        let best = validate(self.reference.as_ref(), family, answer?)?;
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

    fn is_winner(&self, name: &str) -> bool {
        if !self.is_line() {
            return self.reference.is_winner(name);
        }
        match self.outcome() {
            Some(outcome) if name.eq_ignore_ascii_case("draw") => outcome.winner.is_none(),
            Some(outcome) => outcome.winner.as_deref().is_some_and(|winner| {
                winner.eq_ignore_ascii_case(name)
                    || self.reference.is_winner(name) && self.reference.is_winner(winner)
            }),
            None => false,
        }
    }

    fn legal_moves(&self) -> Vec<String> {
        if !self.is_line() {
            return self.reference.legal_moves();
        }
        self.with_line(LineSession::legal).unwrap_or_default()
    }

    fn canonical(&self, text: &str) -> Result<String, Refusal> {
        self.reference.canonical(text)
    }

    fn check(&self, text: &str) -> Result<(), Refusal> {
        if !self.is_line() {
            return self.reference.check(text);
        }
        self.with_line(|session| session.check(text))
            .unwrap_or_else(|| {
                Err(Refusal {
                    code: "engine-fault".to_owned(),
                    detail: "the engine failed to answer (see its recorded fault)".to_owned(),
                })
            })
    }

    fn play(&mut self, text: &str) -> Result<(), Refusal> {
        // The reference keeps the game; the process is told the moves with every query.
        let canonical = self.reference.canonical(text)?;
        if self.is_line() {
            self.check(&canonical)?;
        }
        self.reference.play(&canonical)?;
        self.played.push(canonical);
        Ok(())
    }

    fn outcome(&self) -> Option<OutcomeView> {
        if !self.is_line() {
            return self.reference.outcome();
        }
        self.with_line(LineSession::outcome).flatten()
    }

    fn perft(&mut self, depth: u32, convention: PerftConvention) -> u64 {
        if !self.is_line() {
            return self.reference.perft(depth, convention);
        }
        self.with_line(|session| session.perft(depth, convention))
            .unwrap_or(0)
    }

    fn diagram(&self) -> String {
        self.reference.diagram()
    }

    fn text(&self) -> String {
        self.reference.text()
    }

    fn same_board(&self, diagram: &str) -> Result<bool, String> {
        self.reference.same_board(diagram)
    }

    fn forbidden(&self) -> Option<Vec<(String, String)>> {
        if !self.is_line() {
            return self.reference.forbidden();
        }
        self.reference.forbidden()?;
        self.with_line(LineSession::forbidden).flatten()
    }

    fn search(
        &self,
        algorithm: Algorithm,
        budget: Budget,
        _params_yaml: Option<&str>,
    ) -> Result<SearchReport, SearchError> {
        if !self.is_line() {
            return self.play_search();
        }
        if algorithm != Algorithm::AlphaBeta {
            return Err(SearchError::Unsupported(format!(
                "arbiter-line's `go` has no algorithm choice; {algorithm:?} is not applicable"
            )));
        }
        let shared = &self.engine.shared;
        let Ok(mut guard) = shared.line.lock() else {
            return Err(SearchError::Unsupported("engine lock poisoned".to_owned()));
        };
        if guard.is_none() {
            *guard = Some(LineSession::start(&self.engine)?);
        }
        let session = guard.as_mut().expect("just started");
        let result = session
            .set_position(&shared.manifest.variant, &self.start, &self.played)
            .and_then(|()| session.go(budget, shared.manifest.move_time_ms));
        match result {
            Ok(report) => {
                if let Some(best) = &report.best {
                    let family = shared.board.map_or(Family::Gomoku, |board| board.family);
                    validate(self.reference.as_ref(), family, Answer::Move(best.clone()))
                        .map_err(|fault| fault.context("`go` answered"))?;
                }
                Ok(report)
            }
            Err(fault) => {
                if let Some(mut session) = guard.take() {
                    session.kill();
                }
                Err(fault.into())
            }
        }
    }

    fn tree_counts(&self, _max_nodes: u64) -> Option<TreeCounts> {
        // Walking a whole game tree through a pipe is not worth it: not applicable.
        None
    }
}
