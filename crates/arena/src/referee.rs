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
use super::record::{FaultRecord, GameRecord, GameResult, MoveRecord, Role};
use super::seat::{MoveInfo, Seat, Turn};
use arbiter_engine::FaultKind;
use arbiter_engine::{OutcomeView, Position, PositionRequest, Refusal, RulesEngine};
use arbiter_external::{Answer, validate};

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
fn decide(position: &dyn Position, answer: Answer) -> Result<String, Violation> {
    let answer = match answer {
        Answer::Move(text) => return judge(position, &text),
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

/// A game's rules and limits.
pub struct Referee<'a> {
    pub engine: &'a dyn RulesEngine,
    pub variant: &'a str,
    pub max_plies: usize,
    pub control: Option<TimeControl>,
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
    /// in turn, then the record.
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
        let mut fault = None;
        while board
            .position
            .outcome()
            .map_err(|error| error.to_string())?
            .is_none()
        {
            if cancelled() {
                return Ok(Played::Cancelled);
            }
            if board.history.len() >= self.max_plies {
                break;
            }
            if let Some(events) = board.position.chance_events() {
                let roll = draw(&mut dice, &events);
                board
                    .play(roll.clone(), false, None, MoveInfo::default())
                    .map_err(|refusal| format!("the roll `{roll}` refused: {refusal}"))?;
                continue;
            }
            if let Err(faulted) = self.turn(&mut board, table, &mut clocks, &sides)? {
                fault = Some(faulted);
                break;
            }
        }
        for seat in &mut table.seats {
            seat.game_over(&board.history);
        }
        let over = board
            .position
            .outcome()
            .map_err(|error| error.to_string())?;
        debug_assert!(over.is_some() || fault.is_some() || board.history.len() >= self.max_plies);
        let result = self.result(fault.as_ref(), over, &sides, table.roles);
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
            duration_ms: started.elapsed().as_secs_f64() * 1000.0,
        })))
    }

    /// One seat's turn: it is asked on its clock, its answer judged and played; `Ok(Err(…))`
    /// is the fault that ends the game.
    fn turn(
        &self,
        board: &mut InPlay,
        table: &mut Table,
        clocks: &mut Clocks,
        sides: &[&str; 2],
    ) -> Result<Result<(), FaultRecord>, String> {
        let position = board.position.as_ref();
        let side = usize::from(!position.is_to_move(sides[0]));
        let turn = Turn {
            history: &board.history,
            position,
            limit: clocks.limit(side),
        };
        let asked = Instant::now();
        let reply = table.seats[side].play(&turn);
        let elapsed = asked.elapsed();
        let timing = clocks.charge(side, elapsed);
        let faulted = |kind: FaultKind, code, detail, answer| FaultRecord {
            role: table.roles[side],
            engine: table.labels[side].clone(),
            side: sides[side].to_owned(),
            kind,
            code,
            detail,
            answer,
            ply: board.history.len(),
            position: position.text(),
        };
        let reply = match reply {
            Ok(reply) => reply,
            Err(seat) => return Ok(Err(faulted(seat.kind, None, seat.detail, None))),
        };
        if let Err(late) = timing {
            let answer = match &reply.answer {
                Answer::Move(text) => Some(text.clone()),
                _ => None,
            };
            return Ok(Err(faulted(FaultKind::Timeout, None, late, answer)));
        }
        let mv = match decide(position, reply.answer) {
            Ok(mv) => mv,
            Err(violation) => {
                return Ok(Err(faulted(
                    violation.kind,
                    violation.code,
                    violation.detail,
                    violation.answer,
                )));
            }
        };
        let time_ms = Some(elapsed.as_secs_f64() * 1000.0);
        board
            .play(mv.clone(), false, time_ms, reply.info)
            .map_err(|refusal| format!("judged move `{mv}` refused: {refusal}"))?;
        Ok(Ok(()))
    }

    /// How the game ended: a fault loses; else the rules' outcome; else the move limit draws.
    fn result(
        &self,
        fault: Option<&FaultRecord>,
        over: Option<OutcomeView>,
        sides: &[&str; 2],
        roles: [Role; 2],
    ) -> GameResult {
        match (fault, over) {
            (Some(fault), _) => GameResult {
                winner: Some(fault.role.other()),
                reason: "fault".to_owned(),
                text: format!(
                    "{} wins: {} ({}) lost by {}",
                    sides[1 - side_index(sides, &fault.side)],
                    fault.engine,
                    fault.side,
                    fault.kind
                ),
            },
            (None, Some(outcome)) => GameResult {
                winner: outcome
                    .winner
                    .as_deref()
                    .map(|name| roles[side_index(sides, name)]),
                reason: outcome.reason.clone(),
                text: outcome.to_string(),
            },
            (None, None) => GameResult {
                winner: None,
                reason: "move-limit".to_owned(),
                text: format!("draw by arbiter's move limit of {} plies", self.max_plies),
            },
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
        time_ms: Option<f64>,
        info: MoveInfo,
    ) -> Result<(), Refusal> {
        let side = self.position.to_move();
        self.position.play(&mv)?;
        self.moves.push(MoveRecord {
            side,
            mv: mv.clone(),
            opening,
            time_ms,
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

    /// A seat that plays a fixed list of answers.
    struct Script(Vec<Answer>);

    impl Seat for Script {
        fn play(&mut self, _: &Turn<'_>) -> Result<Reply, Fault> {
            if self.0.is_empty() {
                return Err(Fault {
                    kind: FaultKind::Crash,
                    detail: "script ended".to_owned(),
                });
            }
            Ok(Reply {
                answer: self.0.remove(0),
                info: MoveInfo::default(),
            })
        }
        fn finish(&mut self) {}
    }

    fn moves(list: &str) -> Vec<Answer> {
        list.split_whitespace()
            .map(|m| Answer::Move(m.to_owned()))
            .collect()
    }

    fn play(game: &str, variant: &str, opening: &str, first: &str, second: &str) -> GameRecord {
        let engine = find_engine(game).unwrap();
        let referee = Referee {
            engine: engine.as_ref(),
            variant,
            max_plies: 20,
            control: None,
        };
        let opening = Opening {
            id: "t".to_owned(),
            moves: opening.split_whitespace().map(str::to_owned).collect(),
        };
        let table = Table {
            seats: [
                Box::new(Script(moves(first))),
                Box::new(Script(moves(second))),
            ],
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
    fn an_occupied_point_loses_with_its_reason_and_position() {
        let record = play("gomoku", "renju", "h8 h9", "h10", "h8");
        let fault = record.fault.as_ref().unwrap();
        assert_eq!(fault.kind, FaultKind::IllegalMove);
        assert_eq!(fault.code.as_deref(), Some("occupied"));
        assert_eq!(fault.answer.as_deref(), Some("h8"));
        assert_eq!((fault.ply, fault.role), (3, Role::A));
        assert_eq!(record.result.winner, Some(Role::B));
        assert_eq!(record.result.reason, "fault");
    }

    #[test]
    fn passes_are_judged_both_ways() {
        let record = play("othello", "standard", "", "pass", "");
        let fault = record.fault.as_ref().unwrap();
        assert_eq!(fault.kind, FaultKind::WrongPass);
        assert_eq!(fault.code.as_deref(), Some("pass-not-allowed"));
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
        let fault = record.fault.as_ref().unwrap();
        assert_eq!(fault.kind, FaultKind::RenjuFoul, "{fault:?}");
        assert_eq!(fault.code.as_deref(), Some("double-three"));
    }

    #[test]
    fn text_that_is_no_move_is_an_illegal_move_of_code_notation() {
        let record = play("amazons", "standard", "", "fly", "");
        let fault = record.fault.as_ref().unwrap();
        assert_eq!(fault.kind, FaultKind::IllegalMove);
        assert_eq!(fault.code.as_deref(), Some("notation"));
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
