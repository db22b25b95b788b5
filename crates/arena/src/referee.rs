//! The referee: plays one game between two seats with arbiter's rules as the judge.
//!
//! The referee keeps the game's position on the embedded rules of the game and variant (the
//! text-level [`Position`], so that one referee serves every game; `docs/performance.md` gives its cost
//! beside the searches). Every answer of both sides is judged there before it is played: a
//! move the rules refuse, a renju foul, a pass with a move at hand (or a move when only a pass
//! is legal), an exchange where none is offered, a late answer, a crash or a protocol error
//! ends the game as a loss for that side, with the fault's class, the rule's reason code and
//! the position. The end of the game, repetition draws, Surakarta's no-capture limit, Othello
//! passes and the swap rules are the rules' own; the referee adds only a move limit
//! ([`max_plies`]) so that no game runs forever.

use std::time::Instant;

use super::clock::{Clocks, SeatTime, TimeControl};
use super::openings::Opening;
use super::record::{AnswerClock, FaultRecord, GameRecord, GameResult, MoveRecord, Role};
use super::seat::{MoveInfo, Reply, Seat, Turn};
use arbiter_engine::FaultKind;
use arbiter_engine::{OutcomeView, Position, PositionRequest, Refusal, RulesEngine};
use arbiter_external::{MoveAnswer, validate};

/// The referee's move limit for a game and variant, in plies: the longest game the rules
/// allow where they bound it (Tic-tac-toe 9; Othello 60 placements and at most as many
/// passes, 128 with room; gomoku one stone per point plus the opening decisions; Connect6 a
/// pair per turn; Amazons one arrow per empty square; Dots and Boxes one line or more per
/// turn; NoGo one stone per point), and 1000 plies for Surakarta, whose variants may turn the
/// no-capture limit and the repetition rule off. A game that reaches it is a draw by
/// `move-limit`.
#[must_use]
pub(crate) fn max_plies(game: &str, board_size: Option<u32>, variant: &str) -> usize {
    let points = board_size.map_or(0, |size| (size * size) as usize);
    match game {
        "tictactoe" => 9,
        "othello" => 128,
        "gomoku" => points + 4,
        "connect6" => points / 2 + 2,
        "amazons" => {
            if variant.contains("botzone8") {
                64 - 8
            } else {
                100 - 8
            }
        }
        "dotsboxes" => variant
            .parse::<arbiter_dotsboxes::DotsBoxesVariant>()
            .map_or(1000, arbiter_dotsboxes::DotsBoxesVariant::edges),
        "nogo" => variant
            .parse::<arbiter_nogo::NoGoVariant>()
            .map_or(1000, |v| usize::from(v.size) * usize::from(v.size)),
        _ => 1000,
    }
}

/// Who sits where in one game, by side: index 0 is the side that moves first from the start.
pub struct Table {
    pub seats: [Box<dyn Seat>; 2],
    pub roles: [Role; 2],
    pub labels: [String; 2],
    /// Each seat's manifest times: its limit per move when the match has no time control,
    /// its tolerance and its start-up allowance.
    pub time: [SeatTime; 2],
}

/// Which game of the match.
#[derive(Clone, Copy, Debug)]
pub struct GameSpec<'a> {
    pub index: usize,
    pub pair: usize,
    pub opening: &'a Opening,
}

/// How a game ended for the match.
#[derive(Clone, Debug)]
pub enum Played {
    Finished(Box<GameRecord>),
    /// Stopped from outside (the SPRT decided, or the user interrupted): not a result.
    Cancelled,
}

/// A refused answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Violation {
    pub(crate) kind: FaultKind,
    pub(crate) code: Option<String>,
    pub(crate) detail: String,
    /// The answer in arbiter's notation, where it is one.
    pub(crate) answer: Option<String>,
}

/// The referee's rules on a move: its own embedded rules always answer, and a query that did
/// not would refuse the move (an answer is never accepted unchecked).
fn rule_check(position: &dyn Position, mv: &str) -> Result<(), Refusal> {
    position.check(mv).unwrap_or_else(|error| {
        Err(Refusal {
            code: "referee".to_owned(),
            detail: format!("the referee's rules gave no answer: {error}"),
        })
    })
}

/// Judges an answer given in arbiter's notation and returns it in canonical form.
///
/// # Errors
/// The [`Violation`]: `illegal-move` (code `notation` for a text that is no move), `renju-foul`
/// (a forbidden point for black under illegal-foul renju), `wrong-pass`, `wrong-exchange`.
pub(crate) fn judge(position: &dyn Position, text: &str) -> Result<String, Violation> {
    let canonical = position.canonical(text).map_err(|refusal| Violation {
        kind: FaultKind::IllegalMove,
        code: Some(refusal.code.clone()),
        detail: format!("`{text}` is no move here: {}", refusal.detail),
        answer: Some(text.to_owned()),
    })?;
    let Err(refusal) = rule_check(position, &canonical) else {
        return Ok(canonical);
    };
    let kind = if canonical == "pass" || rule_check(position, "pass").is_ok() {
        // A pass refused, or a move where only the pass is legal.
        FaultKind::WrongPass
    } else if canonical == "swap" || canonical == "put-two" {
        FaultKind::WrongExchange
    } else if matches!(
        refusal.code.as_str(),
        "double-three" | "double-four" | "overline"
    ) {
        FaultKind::RenjuFoul
    } else {
        FaultKind::IllegalMove
    };
    let detail = if kind == FaultKind::WrongPass && canonical != "pass" {
        format!(
            "`{canonical}` played where only a pass is legal: {}",
            refusal.detail
        )
    } else {
        format!("`{canonical}` refused: {}", refusal.detail)
    };
    Err(Violation {
        kind,
        code: Some(refusal.code),
        detail,
        answer: Some(canonical),
    })
}

/// Judges a protocol's answer: a move text through [`judge`]; Botzone's all `-1` and a point
/// off the board through the external side's [`validate`], which decodes them.
fn decide(position: &dyn Position, answer: MoveAnswer) -> Result<String, Violation> {
    let answer = match answer {
        MoveAnswer::Move(text) => return judge(position, &text),
        other => other,
    };
    match validate(position, answer) {
        Ok(canonical) => judge(position, &canonical),
        Err(fault) => {
            // The decoded meaning shows in the class: a pass or an exchange.
            let answer = match fault.kind {
                FaultKind::WrongPass => Some("pass".to_owned()),
                FaultKind::WrongExchange => Some("swap".to_owned()),
                _ => None,
            };
            let code = answer
                .as_deref()
                .and_then(|mv| rule_check(position, mv).err())
                .map(|refusal| refusal.code);
            Err(Violation {
                kind: fault.kind,
                code,
                detail: fault.detail,
                answer,
            })
        }
    }
}

/// One of `events` (not empty) drawn with probability weight / sum of the weights.
fn draw(dice: &mut arbiter_search::SplitMix64, events: &[(String, u32)]) -> String {
    let total: u64 = events.iter().map(|&(_, weight)| u64::from(weight)).sum();
    // A few u32 weights sum far below usize::MAX.
    let mut ticket = dice.below(total.max(1) as usize) as u64;
    for (event, weight) in events {
        if ticket < u64::from(*weight) {
            return event.clone();
        }
        ticket -= u64::from(*weight);
    }
    events[events.len() - 1].0.clone()
}

/// The legal moves in `game`'s position that would end the game by a repetition lost by their
/// mover (perpetual check or chase under the variant's ruling): what UCCI's league bans with
/// `banmoves` instead of letting the move be played and lost.
///
/// # Errors
/// The position does not set up on the referee's rules (a match's always does: every move
/// was judged).
pub(crate) fn banned_repetitions(
    engine: &dyn RulesEngine,
    variant: &str,
    game: &PositionRequest,
) -> Result<Vec<String>, String> {
    let after = |moves: Vec<String>| {
        let request = PositionRequest {
            moves,
            ..game.clone()
        };
        engine
            .position(variant, &request)
            .map_err(|error| error.to_string())
    };
    let position = after(game.moves.clone())?;
    let mover = position.to_move();
    let legal = position.legal_moves().map_err(|error| error.to_string())?;
    let mut banned = Vec::new();
    for mv in legal {
        let mut line = game.moves.clone();
        line.push(mv.clone());
        let outcome = after(line)?.outcome().map_err(|error| error.to_string())?;
        if let Some(over) = outcome
            && over.reason == "repetition"
            && over.winner.as_deref().is_some_and(|winner| winner != mover)
        {
            banned.push(mv);
        }
    }
    Ok(banned)
}

/// A game's rules and limits.
pub struct Referee<'a> {
    pub engine: &'a dyn RulesEngine,
    pub variant: &'a str,
    pub max_plies: usize,
    pub control: Option<TimeControl>,
    /// Ban the moves that would complete a repetition the rules lose for their mover
    /// (`banned_repetitions`); a banned move played is an illegal move.
    pub banmoves: bool,
}

impl Referee<'_> {
    /// Plays one game; `cancelled` is asked between moves.
    ///
    /// # Errors
    /// The opening cannot be set up (a book checked at load time always can).
    pub fn play(
        &self,
        game: GameSpec<'_>,
        mut table: Table,
        cancelled: &dyn Fn() -> bool,
    ) -> Result<Played, String> {
        let started = Instant::now();
        let result = self.play_moves(game, &mut table, cancelled, started);
        for seat in &mut table.seats {
            seat.finish();
        }
        result
    }

    /// The game from its opening to its end: the referee's rolls and the seats' judged moves
    /// in turn, the adjudication of an end by passes, then the record.
    fn play_moves(
        &self,
        game: GameSpec<'_>,
        table: &mut Table,
        cancelled: &dyn Fn() -> bool,
        started: Instant,
    ) -> Result<Played, String> {
        let mut board = InPlay::start(self, game.opening)?;
        let sides = self.engine.side_names();
        // The referee rolls the dice of games with chance (EinStein), from a stream seeded by
        // the game's pair, so that a match replays the same rolls and the two games of a pair
        // (colours swapped) see the same rolls; a roll is a move both seats see in the history,
        // as a human referee announces it.
        let mut dice = arbiter_search::SplitMix64::new(0xD1CE_0000 ^ game.pair as u64);
        let mut clocks = Clocks::new(self.control, table.time);
        let mut play = Play {
            board: &mut board,
            table: &mut *table,
            clocks: &mut clocks,
            dice: &mut dice,
            sides: &sides,
        };
        let (stop, settled) = self.play_to_end(&mut play, cancelled)?;
        if matches!(stop, Stop::Cancelled) {
            return Ok(Played::Cancelled);
        }
        let warnings = end_seats(table, &board.history);
        let result = self.final_result(&stop, settled, &board, &sides, table)?;
        let fault = match stop {
            Stop::Fault(fault) => Some(fault),
            _ => None,
        };
        Ok(Played::Finished(Box::new(GameRecord {
            index: game.index,
            pair: game.pair,
            opening: game.opening.id.clone(),
            game: self.engine.game().to_owned(),
            variant: self.variant.to_owned(),
            sides: sides.map(str::to_owned),
            roles: table.roles,
            engines: table.labels.clone(),
            final_position: board.position.text(),
            moves: board.moves,
            result,
            fault,
            found_case: None,
            clock_left_ms: clocks.left_ms(),
            warnings,
            duration_ms: started.elapsed().as_secs_f64() * 1000.0,
        })))
    }

    /// Play until it stops, and an end by passes adjudicated: a fault there stops the game,
    /// a play-out goes on playing.
    fn play_to_end(
        &self,
        play: &mut Play<'_>,
        cancelled: &dyn Fn() -> bool,
    ) -> Result<(Stop, Settled), String> {
        let mut stop = self.play_on(play, cancelled)?;
        let mut settled = Settled::Rules;
        if matches!(stop, Stop::Over) {
            settled = self.adjudicate(play)?;
            match &settled {
                Settled::Fault(fault) => stop = Stop::Fault(fault.clone()),
                Settled::PlayOut(_) => stop = self.play_on(play, cancelled)?,
                Settled::Rules | Settled::Agreed { .. } => {}
            }
        }
        Ok((stop, settled))
    }

    /// The result of a game that stopped: the agreed count, else the rules' outcome, and the
    /// adjudication's note.
    fn final_result(
        &self,
        stop: &Stop,
        settled: Settled,
        board: &InPlay,
        sides: &[&str; 2],
        table: &Table,
    ) -> Result<GameResult, String> {
        let over = match &settled {
            Settled::Agreed { outcome, .. } => Some(outcome.clone()),
            _ => board
                .position
                .outcome()
                .map_err(|error| error.to_string())?,
        };
        debug_assert!(
            over.is_some() || !matches!(stop, Stop::Over) || board.history.len() >= self.max_plies
        );
        let mut result = self.result(stop, over, sides, table);
        result.adjudication = match settled {
            Settled::Agreed { note, .. } | Settled::PlayOut(note) => Some(note),
            Settled::Rules | Settled::Fault(_) => None,
        };
        Ok(result)
    }

    /// Moves until the rules end the game, a seat faults or resigns, the move limit, or a
    /// cancellation.
    fn play_on(&self, play: &mut Play<'_>, cancelled: &dyn Fn() -> bool) -> Result<Stop, String> {
        while play
            .board
            .position
            .outcome()
            .map_err(|error| error.to_string())?
            .is_none()
        {
            if cancelled() {
                return Ok(Stop::Cancelled);
            }
            if play.board.history.len() >= self.max_plies {
                break;
            }
            if let Some(events) = play.board.position.chance_events() {
                let roll = draw(play.dice, &events);
                play.board
                    .play(roll.clone(), false, None, MoveInfo::default())
                    .map_err(|refusal| format!("the roll `{roll}` refused: {refusal}"))?;
                continue;
            }
            if let Some(stop) = self.turn(play)? {
                return Ok(stop);
            }
        }
        Ok(Stop::Over)
    }

    /// The end of a game over by passes in a game with dead stones (Go), as real tournaments
    /// settle it: both seats name the stones they hold dead; the same list (or neither able
    /// to say) is counted by the variant's rules; different lists are played out from the
    /// board as it stands under area rules, where the next two passes count every stone alive.
    /// A seat that cannot name dead stones holds every stone alive. A game without dead
    /// stones, or ended otherwise, keeps the rules' outcome.
    fn adjudicate(&self, play: &mut Play<'_>) -> Result<Settled, String> {
        let position = play.board.position.as_ref();
        let Some(outcome) = position.outcome().map_err(|error| error.to_string())? else {
            return Ok(Settled::Rules);
        };
        if outcome.reason != arbiter_engine::EndReason::Passes.name() {
            return Ok(Settled::Rules);
        }
        let Some(play_out) = position.play_out() else {
            return Ok(Settled::Rules);
        };
        let mut lists: [Option<Vec<String>>; 2] = [None, None];
        for (side, list) in lists.iter_mut().enumerate() {
            let named = match play.table.seats[side].dead_stones(&play.board.history) {
                Ok(named) => named,
                Err(fault) => {
                    return Ok(Settled::Fault(play.fault(
                        side,
                        fault.kind,
                        None,
                        fault.context("asked for its dead stones").detail,
                        None,
                    )));
                }
            };
            let Some(named) = named else { continue };
            if let Some(Err(refusal)) = position.outcome_with_dead(&named) {
                return Ok(Settled::Fault(play.fault(
                    side,
                    FaultKind::ProtocolError,
                    Some(refusal.code),
                    format!("its dead stones are no stones here: {}", refusal.detail),
                    None,
                )));
            }
            let mut named: Vec<String> = named
                .iter()
                .map(|point| position.canonical(point).unwrap_or_else(|_| point.clone()))
                .collect();
            named.sort();
            named.dedup();
            *list = Some(named);
        }
        if lists.iter().all(Option::is_none) {
            return Ok(Settled::Rules);
        }
        let [first, second] = lists.map(Option::unwrap_or_default);
        let shown = |list: &[String]| arbiter_files::list_or_none(list, " ");
        if first == second {
            let Some(Ok(outcome)) = position.outcome_with_dead(&first) else {
                return Ok(Settled::Rules);
            };
            let note = format!(
                "both engines hold dead: {}; counted by the rules of {}",
                shown(&first),
                self.variant
            );
            return Ok(Settled::Agreed { outcome, note });
        }
        let note = format!(
            "the engines disagree on the dead stones ({}: {}; {}: {}): played out from ply {} \
             under area rules, every stone on the board alive at the next two passes",
            play.sides[0],
            shown(&first),
            play.sides[1],
            shown(&second),
            play.board.history.len()
        );
        play.board.position = play_out;
        for seat in &mut play.table.seats {
            seat.begin_play_out();
        }
        Ok(Settled::PlayOut(note))
    }

    /// One seat's turn: it is asked on its clock, its answer judged and played; `Some` is the
    /// fault or resignation that ends the game.
    fn turn(&self, play: &mut Play<'_>) -> Result<Option<Stop>, String> {
        let banned = self.banned_moves(play)?;
        let position = play.board.position.as_ref();
        let side = usize::from(!position.is_to_move(play.sides[0]));
        let (mut reply, clock) = match play.ask(side, &banned) {
            Ok(asked) => asked,
            Err(stop) => return Ok(Some(*stop)),
        };
        let mv = match play.judged(side, reply.answer, &banned) {
            Ok(mv) => mv,
            Err(stop) => return Ok(Some(*stop)),
        };
        reply.info.warnings = play.table.seats[side].take_warnings();
        play.board
            .play(mv.clone(), false, Some(clock), reply.info)
            .map_err(|refusal| format!("judged move `{mv}` refused: {refusal}"))?;
        Ok(None)
    }

    /// The moves the side to move may not play under `banmoves`: those that complete a
    /// repetition the rules lose for its mover (none when the match does not ban them).
    fn banned_moves(&self, play: &Play<'_>) -> Result<Vec<String>, String> {
        if !self.banmoves {
            return Ok(Vec::new());
        }
        let game = PositionRequest {
            moves: play.board.history.clone(),
            ..PositionRequest::default()
        };
        banned_repetitions(self.engine, self.variant, &game)
    }

    /// How the game ended: a fault loses, a resignation loses; else the rules' outcome (or
    /// the agreed count); else the move limit draws.
    fn result(
        &self,
        stop: &Stop,
        over: Option<OutcomeView>,
        sides: &[&str; 2],
        table: &Table,
    ) -> GameResult {
        let roles = table.roles;
        let (winner, reason, text, score) = match (stop, over) {
            (Stop::Fault(fault), _) => (
                Some(fault.role.other()),
                "fault".to_owned(),
                format!(
                    "{} wins: {} ({}) lost by {}",
                    sides[1 - side_index(sides, &fault.side)],
                    fault.engine,
                    fault.side,
                    fault.kind
                ),
                None,
            ),
            (Stop::Resigned(side), _) => (
                Some(roles[1 - side]),
                arbiter_engine::EndReason::Resignation.name().to_owned(),
                format!(
                    "{} wins by resignation: {} ({}) resigned",
                    sides[1 - side],
                    table.labels[*side],
                    sides[*side]
                ),
                None,
            ),
            (_, Some(outcome)) => (
                outcome
                    .winner
                    .as_deref()
                    .map(|name| roles[side_index(sides, name)]),
                outcome.reason.clone(),
                outcome.to_string(),
                outcome.score.map(|(raw, _)| raw),
            ),
            (_, None) => (
                None,
                "move-limit".to_owned(),
                format!("draw by arbiter's move limit of {} plies", self.max_plies),
                None,
            ),
        };
        GameResult {
            winner,
            reason,
            text,
            score,
            adjudication: None,
        }
    }
}

/// Tells every seat the game is over, and returns what the drivers noticed after the last
/// recorded answer (at the game's end, or in the turn that faulted), each under its engine.
fn end_seats(table: &mut Table, history: &[String]) -> Vec<String> {
    for seat in &mut table.seats {
        seat.game_over(history);
    }
    table
        .seats
        .iter_mut()
        .zip(&table.labels)
        .flat_map(|(seat, label)| {
            seat.take_warnings()
                .into_iter()
                .map(move |warning| format!("{label}: {warning}"))
        })
        .collect()
}

/// Why play stopped.
enum Stop {
    /// The rules ended the game, or the move limit was reached.
    Over,
    /// A seat's fault ends the game: it loses.
    Fault(FaultRecord),
    /// The seat of this side (0: the first side) resigned.
    Resigned(usize),
    /// Stopped from outside.
    Cancelled,
}

/// How the end of a game over by passes was settled ([`Referee::adjudicate`]).
enum Settled {
    /// By the rules' own outcome.
    Rules,
    /// Both seats named the same dead stones: counted so.
    Agreed { outcome: OutcomeView, note: String },
    /// The seats disagreed: the game goes on as a play-out.
    PlayOut(String),
    /// A seat failed to answer, or named points without stones.
    Fault(FaultRecord),
}

/// What a game in play works on: the board, the seats, the clocks and the dice.
struct Play<'a> {
    board: &'a mut InPlay,
    table: &'a mut Table,
    clocks: &'a mut Clocks,
    dice: &'a mut arbiter_search::SplitMix64,
    sides: &'a [&'a str; 2],
}

impl Play<'_> {
    /// The seat of `side` asked for its answer on its clock, and the clock charged; `Err` is
    /// the fault of a seat that failed to answer, or answered late.
    fn ask(&mut self, side: usize, banned: &[String]) -> Result<(Reply, AnswerClock), Box<Stop>> {
        let turn = Turn {
            history: &self.board.history,
            position: self.board.position.as_ref(),
            limit: self.clocks.limit(side),
            banned,
        };
        let (allowance_ms, clock_left_ms) = (
            self.clocks.allowance_ms(side),
            self.clocks.limit(side).time_left_ms,
        );
        let asked = Instant::now();
        let reply = self.table.seats[side].play(&turn);
        let elapsed = asked.elapsed();
        let timing = self.clocks.charge(side, elapsed);
        let reply = match reply {
            Ok(reply) => reply,
            Err(seat) => {
                return Err(Box::new(Stop::Fault(self.fault(
                    side,
                    seat.kind,
                    None,
                    seat.detail,
                    None,
                ))));
            }
        };
        if let Err(late) = timing {
            let answer = match &reply.answer {
                MoveAnswer::Move(text) => Some(text.clone()),
                _ => None,
            };
            return Err(Box::new(Stop::Fault(self.fault(
                side,
                FaultKind::Timeout,
                None,
                late,
                answer,
            ))));
        }
        let clock = AnswerClock {
            time_ms: elapsed.as_secs_f64() * 1000.0,
            limit_ms: allowance_ms,
            clock_left_ms,
        };
        Ok((reply, clock))
    }

    /// The move the answer of `side` plays, judged by the rules and `banned`; `Err` is its
    /// resignation or its fault.
    fn judged(
        &self,
        side: usize,
        answer: MoveAnswer,
        banned: &[String],
    ) -> Result<String, Box<Stop>> {
        if answer == MoveAnswer::Resign {
            return Err(Box::new(Stop::Resigned(side)));
        }
        let mv = decide(self.board.position.as_ref(), answer).map_err(|violation| {
            Box::new(Stop::Fault(self.fault(
                side,
                violation.kind,
                violation.code,
                violation.detail,
                violation.answer,
            )))
        })?;
        if banned.contains(&mv) {
            return Err(Box::new(Stop::Fault(self.fault(
                side,
                FaultKind::IllegalMove,
                Some("banned".to_owned()),
                format!(
                    "`{mv}` was banned (`banmoves`): it completes a repetition the rules lose \
                     for its mover"
                ),
                Some(mv),
            ))));
        }
        Ok(mv)
    }

    /// The fault record of the seat of `side` at the current position.
    fn fault(
        &self,
        side: usize,
        kind: FaultKind,
        code: Option<String>,
        detail: String,
        answer: Option<String>,
    ) -> FaultRecord {
        FaultRecord {
            role: self.table.roles[side],
            engine: self.table.labels[side].clone(),
            side: self.sides[side].to_owned(),
            kind,
            code,
            detail,
            answer,
            ply: self.board.history.len(),
            position: self.board.position.text(),
        }
    }
}

/// A game in play: the referee's position, the record of its moves, and the history the seats
/// are given (the same moves as text).
struct InPlay {
    position: Box<dyn Position>,
    moves: Vec<MoveRecord>,
    history: Vec<String>,
}

impl InPlay {
    /// The position after the opening's moves, recorded as the opening.
    fn start(referee: &Referee<'_>, opening: &Opening) -> Result<InPlay, String> {
        let position = referee
            .engine
            .position(referee.variant, &PositionRequest::default())
            .map_err(|error| error.to_string())?;
        let mut board = InPlay {
            position,
            moves: Vec::new(),
            history: Vec::new(),
        };
        for mv in &opening.moves {
            board
                .play(mv.clone(), true, None, MoveInfo::default())
                .map_err(|refusal| format!("opening {}: `{mv}`: {refusal}", opening.id))?;
        }
        Ok(board)
    }

    /// Plays a move (of the opening, a roll, or a judged answer) and records it.
    fn play(
        &mut self,
        mv: String,
        opening: bool,
        clock: Option<AnswerClock>,
        info: MoveInfo,
    ) -> Result<(), Refusal> {
        let side = self.position.to_move();
        self.position.play(&mv)?;
        self.moves.push(MoveRecord {
            side,
            mv: mv.clone(),
            opening,
            time_ms: clock.map(|clock| clock.time_ms),
            limit_ms: clock.and_then(|clock| clock.limit_ms),
            clock_left_ms: clock.and_then(|clock| clock.clock_left_ms),
            info,
        });
        self.history.push(mv);
        Ok(())
    }
}

/// The index of a side name (the first side's name, or any other name for the second).
fn side_index(sides: &[&str; 2], name: &str) -> usize {
    usize::from(!sides[0].eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::Reply;
    use crate::stats::Score;
    use arbiter_engine::Fault;
    use arbiter_engine::find_engine;

    /// A seat that plays a fixed list of answers (`resign` resigns) and names `dead` stones
    /// at the end; with `warns`, its driver notes a warning with each answer and at the end.
    struct Script {
        answers: Vec<MoveAnswer>,
        dead: Option<Vec<String>>,
        warns: bool,
        warnings: Vec<String>,
    }

    impl Seat for Script {
        fn play(&mut self, turn: &Turn<'_>) -> Result<Reply, Fault> {
            if self.warns {
                self.warnings
                    .push(format!("asked at ply {}", turn.history.len()));
            }
            if self.answers.is_empty() {
                return Err(Fault {
                    kind: FaultKind::Crash,
                    detail: "script ended".to_owned(),
                    played: None,
                });
            }
            Ok(Reply {
                answer: self.answers.remove(0),
                info: MoveInfo::default(),
            })
        }
        fn game_over(&mut self, history: &[String]) {
            if self.warns {
                self.warnings
                    .push(format!("told the game ended at ply {}", history.len()));
            }
        }
        fn dead_stones(&mut self, _: &[String]) -> Result<Option<Vec<String>>, Fault> {
            Ok(self.dead.clone())
        }
        fn take_warnings(&mut self) -> Vec<String> {
            std::mem::take(&mut self.warnings)
        }
        fn finish(&mut self) {}
    }

    fn script(list: &str, dead: Option<&str>) -> Box<Script> {
        let answers = list
            .split_whitespace()
            .map(|m| match m {
                "resign" => MoveAnswer::Resign,
                _ => MoveAnswer::Move(m.to_owned()),
            })
            .collect();
        let dead = dead.map(|list| list.split_whitespace().map(str::to_owned).collect());
        Box::new(Script {
            answers,
            dead,
            warns: false,
            warnings: Vec::new(),
        })
    }

    fn warning(list: &str) -> Box<Script> {
        Box::new(Script {
            warns: true,
            ..*script(list, None)
        })
    }

    /// The fault that ended `record`, which must be of `kind` with the refusal `code`.
    fn fault_of(record: &GameRecord, kind: FaultKind, code: &str) -> FaultRecord {
        let fault = record.fault.clone().unwrap();
        assert_eq!(fault.kind, kind, "{fault:?}");
        assert_eq!(fault.code.as_deref(), Some(code));
        fault
    }

    fn play(game: &str, variant: &str, opening: &str, first: &str, second: &str) -> GameRecord {
        play_with(
            game,
            variant,
            opening,
            script(first, None),
            script(second, None),
        )
    }

    fn play_with(
        game: &str,
        variant: &str,
        opening: &str,
        first: Box<Script>,
        second: Box<Script>,
    ) -> GameRecord {
        let engine = find_engine(game).unwrap();
        let referee = Referee {
            engine: engine.as_ref(),
            variant,
            max_plies: 40,
            control: None,
            banmoves: false,
        };
        let opening = Opening {
            id: "t".to_owned(),
            moves: opening.split_whitespace().map(str::to_owned).collect(),
        };
        let table = Table {
            seats: [first, second],
            roles: [Role::B, Role::A],
            labels: ["first".to_owned(), "second".to_owned()],
            time: [SeatTime::default(); 2],
        };
        let spec = GameSpec {
            index: 0,
            pair: 0,
            opening: &opening,
        };
        match referee.play(spec, table, &|| false).unwrap() {
            Played::Finished(record) => *record,
            Played::Cancelled => panic!("not cancelled"),
        }
    }

    /// 5x5: black's wall on the d file, white's on e1-e4 (e5 touches both: no one's), and a
    /// white stone at a3 inside black's side; black has passed, white's pass ends the game.
    /// Counted with a3 alive (the a-c files touch both colours: no one's) each side has 5
    /// points; with a3 dead black has 20 to white's 4.
    const WALLS: &str = "d1 e1 d2 e2 d3 e3 d4 e4 d5 a3 pass";

    /// The [`WALLS`] game under `variant`, played on by a [`script`] for each seat: its moves
    /// and the dead stones it holds.
    fn walls(
        variant: &str,
        first: (&str, Option<&str>),
        second: (&str, Option<&str>),
    ) -> GameRecord {
        play_with(
            "go",
            variant,
            WALLS,
            script(first.0, first.1),
            script(second.0, second.1),
        )
    }

    #[test]
    fn a_resignation_loses_by_resignation_not_by_a_fault() {
        let record = play("go", "chinese@5", "c3", "", "resign");
        assert!(record.fault.is_none(), "{record:?}");
        assert_eq!(record.result.reason, "resignation");
        assert_eq!(record.result.winner, Some(Role::B), "black (B) wins");
        assert!(record.result.text.contains("second (white) resigned"));
    }

    #[test]
    fn agreed_dead_stones_are_counted_off() {
        let both = |dead| walls("chinese@5", ("", Some(dead)), ("pass", Some(dead)));
        let record = both("a3");
        assert_eq!(record.result.reason, "passes");
        assert_eq!(record.result.winner, Some(Role::B), "{:?}", record.result);
        assert_eq!(record.result.score, Some(20 - 4));
        assert!(
            record
                .result
                .adjudication
                .as_deref()
                .unwrap()
                .contains("both engines hold dead: a3")
        );
        let record = both("");
        assert_eq!(record.result.winner, Some(Role::A), "a3 alive: white wins");
        assert_eq!(record.result.score, Some(5 - 5));
    }

    #[test]
    fn disputed_dead_stones_are_played_out_under_area_rules() {
        let record = walls(
            "japanese@5",
            ("a2 a4 b3 pass", Some("a3")),
            ("pass pass pass pass", Some("")),
        );
        let note = record.result.adjudication.as_deref().unwrap();
        assert!(note.contains("black: a3; white: none"), "{note}");
        assert!(note.contains("played out from ply 12"), "{note}");
        assert_eq!(
            record.move_list()[12..],
            ["a2", "pass", "a4", "pass", "b3", "pass", "pass"]
        );
        assert_eq!(record.result.reason, "passes");
        assert_eq!(record.result.winner, Some(Role::B), "{:?}", record.result);
    }

    #[test]
    fn dead_stones_on_empty_points_are_the_engines_fault() {
        let record = walls("chinese@5", ("", Some("b2")), ("pass", None));
        let fault = record.fault.as_ref().unwrap();
        assert_eq!(fault.kind, FaultKind::ProtocolError);
        assert_eq!(fault.role, Role::B);
    }

    #[test]
    fn the_rules_end_the_game() {
        let record = play("tictactoe", "standard", "a1", "a2 a3", "b1 b2");
        assert_eq!(record.result.reason, "line");
        assert_eq!(record.result.winner, Some(Role::B), "x (first side) is B");
        assert_eq!(record.result.score_of(Role::A), Score::Loss);
        assert_eq!(record.move_list(), ["a1", "b1", "a2", "b2", "a3"]);
        assert!(record.moves[0].opening && !record.moves[1].opening);
    }

    #[test]
    fn driver_warnings_are_kept_with_their_move_and_the_rest_with_the_game() {
        let record = play_with(
            "tictactoe",
            "standard",
            "a1",
            script("a2 a3", None),
            warning("b1 b2"),
        );
        let warnings = |ply: usize| record.moves[ply].info.warnings.clone();
        assert_eq!(warnings(1), ["asked at ply 1"]);
        assert_eq!(warnings(3), ["asked at ply 3"]);
        assert!(warnings(2).is_empty(), "the other seat warned of nothing");
        assert_eq!(record.warnings, ["second: told the game ended at ply 5"]);
        let pdn_like = crate::formats::text(&record);
        assert!(pdn_like.contains("warning asked at ply 3"), "{pdn_like}");
        assert!(
            pdn_like.contains("# warning: second: told the game ended at ply 5"),
            "{pdn_like}"
        );
        // A turn that faults keeps its warning with the game.
        let record = play_with(
            "tictactoe",
            "standard",
            "a1",
            script("a2", None),
            warning("b1"),
        );
        assert_eq!(record.fault.as_ref().unwrap().ply, 3);
        assert_eq!(
            record.warnings,
            [
                "second: asked at ply 3",
                "second: told the game ended at ply 3"
            ]
        );
    }

    #[test]
    fn an_occupied_point_loses_with_its_reason_and_position() {
        let record = play("gomoku", "renju", "h8 h9", "h10", "h8");
        let fault = fault_of(&record, FaultKind::IllegalMove, "occupied");
        assert_eq!(fault.answer.as_deref(), Some("h8"));
        assert_eq!((fault.ply, fault.role), (3, Role::A));
        assert_eq!(record.result.winner, Some(Role::B));
        assert_eq!(record.result.reason, "fault");
    }

    #[test]
    fn passes_are_judged_both_ways() {
        let record = play("othello", "standard", "", "pass", "");
        let fault = fault_of(&record, FaultKind::WrongPass, "pass-not-allowed");
        assert_eq!(fault.ply, 0);
        let record = play("othello", "standard", "", "e4", "");
        assert_eq!(
            record.fault.as_ref().unwrap().code.as_deref(),
            Some("occupied")
        );
    }

    #[test]
    fn a_renju_foul_is_its_own_class() {
        // Black g8 h8 (row 8) and i10 i11 (column i); i8 makes the three g8-h8-i8 and the
        // split three i8-i10-i11 (i9 empty): a double three, forbidden for black in renju.
        let record = play("gomoku", "renju", "g8 a1 h8 a3 i10 a5 i11 a7", "i8", "");
        fault_of(&record, FaultKind::RenjuFoul, "double-three");
    }

    #[test]
    fn text_that_is_no_move_is_an_illegal_move_of_code_notation() {
        let record = play("amazons", "standard", "", "fly", "");
        fault_of(&record, FaultKind::IllegalMove, "notation");
    }

    #[test]
    fn banmoves_bans_only_the_move_that_completes_a_losing_repetition() {
        let engine = find_engine("xiangqi").unwrap();
        let game = |text: Option<&str>, moves: &str| PositionRequest {
            text: text.map(str::to_owned),
            moves: moves.split_whitespace().map(str::to_owned).collect(),
            ..PositionRequest::default()
        };
        // Fairy-Stockfish's “direct chase by cannon” (specs/xiangqi/repetition-axf.yaml): red's
        // cannon chases the rook; its third b2a2 loses for red, so it is banned.
        let chase = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";
        let before = game(Some(chase), "c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7");
        let banned = banned_repetitions(engine.as_ref(), "standard", &before).unwrap();
        assert_eq!(banned, ["b2a2"]);
        // Under the check-only profile the same chase draws: nothing is banned.
        let banned = banned_repetitions(engine.as_ref(), "check-only", &before).unwrap();
        assert!(banned.is_empty(), "{banned:?}");
        // An idle repetition draws, and a repetition the other side loses is a win: neither
        // is banned.
        let idle = game(None, "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0");
        let banned = banned_repetitions(engine.as_ref(), "standard", &idle).unwrap();
        assert!(banned.is_empty(), "{banned:?}");
        let pins = "4k4/4c4/9/4p4/9/9/3rn4/3NR4/4K4/9 b - - 0 1";
        let winning = game(Some(pins), "e3g4 e1f1 g4e3 f1e1 e3g4 e1f1 g4e3");
        let banned = banned_repetitions(engine.as_ref(), "standard", &winning).unwrap();
        assert!(banned.is_empty(), "{banned:?}");
    }

    #[test]
    fn a_seat_fault_ends_the_game_and_the_move_limit_draws() {
        let record = play("tictactoe", "standard", "", "b2", "");
        assert_eq!(record.fault.as_ref().unwrap().kind, FaultKind::Crash);
        assert_eq!(record.result.winner, Some(Role::B));
        assert_eq!(max_plies("surakarta", None, "no-limit+no-repetition"), 1000);
        assert_eq!(max_plies("gomoku", Some(15), "renju"), 229);
    }
}
