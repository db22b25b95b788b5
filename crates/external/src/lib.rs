//! External engines: a team's program, started from a manifest, driven through its tournament
//! protocol in a sandbox, its answers checked against arbiter's own rules.
//!
//! | module | job |
//! |---|---|
//! | [`manifest`] | `engines/external/<name>.yaml`: how to start and talk to the engine |
//! | [`sandbox`] | the process: own group and tag, bounded lines, absolute deadlines, memory, no survivors |
//! | [`board`] | a game's board as the platforms see it: moves ↔ Botzone/Gomocup coordinates, an answer classified |
//! | [`driver`] | what every driver shares: start, limits and clock, warnings, the live process, the goodbye |
//! | [`botzone`], [`gomocup`], [`nboard`], [`ccgc`], [`gtp`], [`ucci`], [`hub`], [`dxp`], [`line`](mod@line) | the protocol drivers, one per protocol family |
//! | [`reach`] | how a case's position is given to a play protocol (a history, a found move order) |
//! | [`engine`] | [`ExternalEngine`]: the engine handle the runner and the audit use |
//! | [`check`] | the protocol check: every command and edge case of the engine's protocol |
//! | [`game`] | whole games between players (self-play), for tests and sparring |
//!
//! Through a play protocol (Botzone, Gomocup, NBoard, CCGC, GTP, UCCI/UCI, Hub, DXP) an engine only chooses moves: arbiter gives it the
//! game (a move history, or a Gomocup `BOARD`) and checks the answer with the embedded engine
//! of the same game (legal, not a forbidden point, pass only when forced, exchange only where
//! allowed). Through `arbiter-line` its rules themselves are audited: legal moves, outcome,
//! perft go to the process.
//!
//! Adding a protocol: a variant of [`arbiter_protocol::Protocol`], its codec in
//! [`arbiter_protocol`], a driver module here implementing [`Player`] on the [`driver`] kit (or
//! a session like [`line::LineSession`] for a rules protocol), one arm in
//! [`ExternalEngine::player_for`], and its rows in [`check`].

pub(crate) mod board;
pub(crate) mod botzone;
pub(crate) mod ccgc;
pub mod check;
pub(crate) mod driver;
pub(crate) mod dxp;
pub(crate) mod engine;
pub mod game;
pub(crate) mod gomocup;
pub(crate) mod gtp;
pub(crate) mod hub;
pub mod line;
pub mod manifest;
pub(crate) mod nboard;
pub mod reach;
pub mod sandbox;
pub(crate) mod ucci;

pub use board::{Board, MoveAnswer};
pub use driver::Driver;
pub use engine::{ExternalEngine, is_manifest_path, validate};
pub(crate) use gomocup::Stones;
pub use manifest::{MANIFEST_DIR, Manifest, ManifestError, ProgramPlace, Protocol};
pub use sandbox::{Deadline, Started};

use arbiter_engine::Fault;

/// One engine's side of a game through a play protocol. A player may keep a process between
/// turns (keep-running, Gomocup) and then sends only what is new.
pub trait Player: Send {
    /// The engine's answer in the position after `history` (moves in arbiter's notation, from
    /// the start), decoded but not yet checked against the rules (see [`validate`]).
    ///
    /// # Errors
    /// The [`Fault`] of a process that did not answer properly.
    fn answer(&mut self, history: &[String]) -> Result<MoveAnswer, Fault>;
    /// The answer in a position given by its stones as they stand (no move order), if the
    /// protocol can carry one (Gomocup `BOARD`); `None` when it cannot.
    fn answer_stones(&mut self, _stones: &Stones) -> Option<Result<MoveAnswer, Fault>> {
        None
    }
    /// The answer in a position given by the game's one-line form (no move order), if the
    /// protocol can set any board (NBoard's GGF `BO`); `None` when it cannot.
    fn answer_text(&mut self, _text: &str) -> Option<Result<MoveAnswer, Fault>> {
        None
    }
    /// The answer in the game that starts from a board given by the game's one-line form and
    /// goes on with `moves`, if the protocol sets a start position and plays moves from it
    /// (UCCI's `position fen F moves …`): the engine then knows the moves a repetition ruling
    /// reads, which the board after them alone ([`Player::answer_text`]) does not hold. `None`
    /// when it cannot.
    fn answer_after(
        &mut self,
        _start: &str,
        _moves: &[String],
    ) -> Option<Result<MoveAnswer, Fault>> {
        None
    }
    /// Moves the next answer may not play (a repetition the referee rules lost, which UCCI's
    /// league bans): sent where the protocol has a command for it (UCCI `banmoves`), else
    /// ignored (a banned move played is then the engine's fault).
    fn ban(&mut self, _moves: &[String]) {}
    /// The game is over after `history` (the last move may be the opponent's, not yet sent):
    /// tell the engine as its platform does (the CCGC platform's `end`). Most protocols have
    /// nothing to say here; [`Player::finish`] still ends the process.
    fn game_over(&mut self, _history: &[String]) {}
    /// The stones the engine holds dead in the game over by passes after `history` (GTP
    /// `final_status_list dead`), in arbiter's notation; `None` when the protocol or the
    /// engine cannot say. A match's referee compares both players' lists.
    ///
    /// # Errors
    /// The [`Fault`] of a process that failed to answer.
    fn dead_stones(&mut self, _history: &[String]) -> Result<Option<Vec<String>>, Fault> {
        Ok(None)
    }
    /// From now on the game is played out to settle disputed dead stones: the engine should
    /// capture what it holds dead rather than pass (GTP `kgs-genmove_cleanup` where listed).
    fn begin_play_out(&mut self) {}
    /// The driver's shared part ([`driver`]): its process, limits, clock and warnings.
    fn driver(&self) -> &Driver;
    /// The driver's shared part, to change.
    fn driver_mut(&mut self) -> &mut Driver;
    /// Ends the game: a polite goodbye, then the process tree is killed.
    fn finish(&mut self) {
        self.driver_mut().finish();
    }
    /// The processes started so far (to check that none is left).
    fn started(&self) -> Vec<Started> {
        self.driver().started()
    }
    /// Warnings since the last call: skipped lines, answers inside the tolerance, optional
    /// commands missing.
    fn take_warnings(&mut self) -> Vec<String> {
        self.driver_mut().take_warnings()
    }
    /// Free text the engine sent beside its last answer, where the protocol carries it
    /// (Botzone's `debug`); the match records it with the move.
    fn last_note(&self) -> Option<String> {
        None
    }
    /// The clock before the next answer, from a match with a time control: at most
    /// `turn_ms` for this answer, `time_left_ms` on the side's game clock (Gomocup
    /// `INFO time_left`), `byo_yomi` under Canadian byo-yomi (GTP's `time_settings` and
    /// `time_left` tell it; other protocols see only `turn_ms`). A driver that ignores it
    /// (never reads its [`Driver`]'s timing) keeps the manifest's move time, and the match's
    /// referee still rules a late answer a timeout.
    fn set_clock(&mut self, turn_ms: u64, time_left_ms: Option<u64>, byo_yomi: Option<ByoYomi>) {
        self.driver_mut().set_clock(Clock {
            turn_ms,
            time_left_ms,
            byo_yomi,
        });
    }
}

/// The time limits of a manifest, in ms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Timing {
    /// Start-up (Gomocup `START`, arbiter-line `hello`) and Botzone's first turn.
    pub(crate) first_ms: u64,
    /// Every move.
    pub(crate) move_ms: u64,
    /// arbiter's slack on top of every limit.
    pub(crate) tolerance_ms: u64,
}

impl Timing {
    /// The limits a manifest gives.
    #[must_use]
    pub(crate) fn of(manifest: &Manifest) -> Timing {
        Timing {
            first_ms: manifest.first_move_time_ms,
            move_ms: manifest.move_time_ms,
            tolerance_ms: manifest.tolerance_ms,
        }
    }

    /// The deadline of one move, from now.
    #[must_use]
    pub(crate) fn for_move(&self) -> Deadline {
        Deadline::new("move time", self.move_ms, self.tolerance_ms)
    }

    /// The deadline of start-up (or Botzone's first turn), from now.
    #[must_use]
    pub(crate) fn for_start(&self, what: &'static str) -> Deadline {
        Deadline::new(what, self.first_ms, self.tolerance_ms)
    }

    /// The limits under a match's clock: a move gets the turn's limit, or the time left on the
    /// side's game clock when that is shorter (as GomocupJudge allows
    /// `min(timeout_match - time used, timeout_turn)`); start-up keeps its extra over the
    /// move time, and the tolerance stays.
    #[must_use]
    pub(crate) fn under(&self, clock: Option<Clock>) -> Timing {
        let Some(clock) = clock else {
            return *self;
        };
        let move_ms = clock
            .time_left_ms
            .map_or(clock.turn_ms, |left| left.min(clock.turn_ms));
        Timing {
            first_ms: move_ms.saturating_add(self.first_ms.saturating_sub(self.move_ms)),
            move_ms,
            tolerance_ms: self.tolerance_ms,
        }
    }
}

/// A match's clock before one answer ([`Player::set_clock`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Clock {
    /// The most this answer may take.
    pub(crate) turn_ms: u64,
    /// What is left on the side's game clock, under a game time control.
    pub(crate) time_left_ms: Option<u64>,
    /// The side's clock under Canadian byo-yomi.
    pub(crate) byo_yomi: Option<ByoYomi>,
}

/// A side's clock under Canadian byo-yomi before its move, as GTP tells it (`time_settings
/// main period stones`, then `time_left`): main time first, then periods of `period_ms` in
/// which `stones` stones must be played, the period's time renewed after its last stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByoYomi {
    /// The control: main time, in ms.
    pub main_ms: u64,
    /// The control: the time of one period, in ms.
    pub period_ms: u64,
    /// The control: the stones to play in each period (at least 1).
    pub stones: u32,
    /// Main time left, in ms (0 once byo-yomi has begun).
    pub main_left_ms: u64,
    /// In byo-yomi, the time left in the current period, in ms.
    pub period_left_ms: u64,
    /// In byo-yomi, the stones still to play in the current period; 0 while main time lasts.
    pub stones_left: u32,
}
