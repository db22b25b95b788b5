//! The DXP rows, arbiter the initiator (every row a fresh process and connection on
//! 127.0.0.1): a move from the usual start, a board as it stands (a game request with a
//! position, black to move), a capture that must be played, a capture of several pieces, a
//! position with a king, and a game continued over one connection (`M` each way). Then
//! arbiter as *follower*, when the manifest says how the engine asks for a game
//! (`dxp-initiator-args`): its game request must be well-formed and its moves legal for a few
//! plies, and arbiter's game end (`E`) confirmed.
//!
//! Two rows end a game by the rules over the connection, each way: the engine's own move
//! ends it (arbiter, left without pieces, sends `E` "I lose" and the engine must confirm), and
//! arbiter's move ends it (the engine, left without pieces, must send `E` itself). One row
//! sends a back request (`B` to move 1): the engine may accept (`K0`, then it moves again from
//! the start) or refuse (`K1`, `K2`), as DXP allows; anything else fails.

use super::{Checker, Lcg, RowVerdict};
use crate::driver::Driver;
use crate::dxp::{GOODBYE, Link, connect, read_move, request_under};
use crate::sandbox::{Deadline, Process};
use crate::{MoveAnswer, Timing, validate};
use arbiter_core::{Game, Side};
use arbiter_draughts::{Draughts, DraughtsVariant};
use arbiter_protocol::dxp::{DxpMove, GameRequest, Message, back_request, end_reason};

/// White (the engine) to move has one move, `28x19`, which takes black's last piece.
const ENDS_BY_ITS_MOVE: &str = "W:W28:B23";
/// White (the engine) to move has one move, `36-31`, and black's only answer `27x36` takes
/// white's last piece.
const ENDS_BY_OURS: &str = "W:W36:B27";

/// A game with the engine over one connection, arbiter the initiator.
struct Session {
    driver: Driver,
    process: Process,
    link: Link,
    game: Draughts,
    timing: Timing,
}

impl Session {
    /// The deadline of the engine's next move: the time its game request's control gives
    /// (DXP has no limit per move; these games are a few moves long).
    fn deadline(&self) -> Deadline {
        request_under(&self.game, false, self.timing).1
    }

    /// Arbiter plays a random legal move of the session's game and sends it.
    fn play_random(&mut self, rng: &mut Lcg) -> Result<(), String> {
        let legal = self.game.legal_moves();
        let mv = legal[rng.below(legal.len())];
        self.link
            .send(&Message::Move(DxpMove::of(mv, 0)))
            .map_err(|f| f.to_string())?;
        self.game.make(mv);
        Ok(())
    }

    /// The engine's move (`M`) by `deadline`, as sent and as read in the session's game.
    fn receive_move(&mut self, deadline: &Deadline) -> Result<(DxpMove, MoveAnswer), String> {
        let message = self
            .link
            .receive(&mut self.process, deadline, "its move (`M`)")
            .map_err(|f| f.to_string())?;
        let Message::Move(mv) = message else {
            return Err(format!("sent `{message}` on its turn (expected `M`)"));
        };
        let answer = read_move(&self.game, &mv).map_err(|f| f.to_string())?;
        Ok((mv, answer))
    }
}

/// How many plies the follower row plays.
const FOLLOWER_PLIES: usize = 8;

impl Checker {
    pub(super) fn dxp(&self) {
        self.ask_check(
            "a move from the usual start (`R` … `A`)",
            Some(Vec::new()),
            "",
        );
        self.ask_check(
            "a board as it stands (`R` with a position, black to move)",
            self.board_with("black"),
            "the game ends within 15 plies",
        );
        self.capture_rows();
        self.result(
            "a game continued over one connection (5 moves each way)",
            self.keep_running(5),
        );
        self.result(
            "a game its own move ends by the rules: arbiter's `E` (it lost) confirmed",
            self.dxp_game_end(ENDS_BY_ITS_MOVE, false),
        );
        self.result(
            "a game arbiter's move ends by the rules: its `E` (it lost), then arbiter's",
            self.dxp_game_end(ENDS_BY_OURS, true),
        );
        self.result(
            "a back request (`B` to move 1) answered `K`",
            self.dxp_back_request(),
        );
        match &self.engine.manifest().dxp_initiator_args {
            Some(args) => {
                let result = self.dxp_follow(args);
                self.result(
                    "arbiter as follower: the engine's game request and moves",
                    result,
                );
            }
            None => self.record(
                "arbiter as follower: the engine's game request and moves",
                RowVerdict::NotApplicable,
                "the manifest gives no `dxp-initiator-args`".to_owned(),
            ),
        }
    }

    fn variant_of(&self) -> Result<DraughtsVariant, String> {
        self.variant
            .parse()
            .map_err(|error| format!("variant `{}`: {error}", self.variant))
    }

    /// A fresh engine, asked for a game from `board` (the usual start when `None`) as the
    /// side to move there.
    fn dxp_session(&self, board: Option<Draughts>) -> Result<Session, String> {
        let timing = Timing::of(self.engine.manifest());
        let variant = self.variant_of()?;
        let at_start = board.is_none();
        let game = board.unwrap_or_else(|| Draughts::start(&variant));
        let deadline = timing.for_start("start-up time");
        let (driver, process, link) = self.dxp_connect(timing, &[], &deadline)?;
        let mut session = Session {
            driver,
            process,
            link,
            game,
            timing,
        };
        let (request, _) = request_under(&session.game, at_start, timing);
        let request = Message::GameRequest(request);
        let accepted = session.link.send(&request).and_then(|()| {
            session
                .link
                .receive(&mut session.process, &deadline, "the accept (`A`)")
        });
        match accepted {
            Ok(Message::GameAccept { code: 0, .. }) => Ok(session),
            Ok(other) => {
                self.close(session);
                Err(format!(
                    "answered `{request}` with `{other}` (expected `A…0`)"
                ))
            }
            Err(fault) => {
                self.close(session);
                Err(format!("after `{request}`: {fault}"))
            }
        }
    }

    /// A fresh engine started with `args` added, connected to arbiter's listener by `deadline`.
    fn dxp_connect(
        &self,
        timing: Timing,
        args: &[String],
        deadline: &Deadline,
    ) -> Result<(Driver, Process, Link), String> {
        let base = self.engine.spawn_spec();
        let mut spec = base.clone();
        spec.args.extend(args.iter().cloned());
        let mut driver = Driver::new(base, timing, GOODBYE);
        let connected = connect(
            &mut driver,
            &spec,
            self.engine.manifest().dxp_port,
            deadline,
        );
        self.engine.record_started(&driver.started());
        let (process, link) = connected.map_err(|f| f.to_string())?;
        Ok((driver, process, link))
    }

    /// Ends a session: its warnings kept, the process gone.
    fn close(&self, mut session: Session) {
        self.engine.warn(std::mem::take(&mut session.link.warnings));
        session.driver.leave(session.process);
    }

    /// The engine's move in the session's game, checked by the reference rules and played.
    fn dxp_engine_move(&self, session: &mut Session) -> Result<String, String> {
        let deadline = session.deadline();
        let (_, answer) = session.receive_move(&deadline)?;
        self.dxp_checked_play(&mut session.game, answer)
    }

    /// The engine's `answer` in `game`, checked by the reference rules and played.
    fn dxp_checked_play(&self, game: &mut Draughts, answer: MoveAnswer) -> Result<String, String> {
        let reference = self
            .engine
            .reference()
            .position(
                &self.variant,
                &arbiter_engine::PositionRequest {
                    text: Some(game.format_position()),
                    ..arbiter_engine::PositionRequest::default()
                },
            )
            .map_err(|error| error.to_string())?;
        let canonical = validate(reference.as_ref(), answer).map_err(|f| f.to_string())?;
        let parsed = game.parse_move(&canonical).map_err(|e| e.to_string())?;
        game.make(parsed);
        Ok(canonical)
    }

    /// The engine moves in `board` (its only move); then, if `ours`, arbiter plays its only
    /// answer: the rules end the game, and the side to move sends DXP's game end.
    fn dxp_game_end(&self, board: &str, ours: bool) -> Result<String, String> {
        let variant = self.variant_of()?;
        let setup = Draughts::parse_position(&variant, board).map_err(|e| e.to_string())?;
        let board = Draughts::from_setup(&variant, &setup)
            .map_err(|_| format!("`{board}` is no position (arbiter's fault)"))?;
        let engine = board.side_to_move();
        let mut session = self.dxp_session(Some(board))?;
        let result = (|| {
            let its = self.dxp_engine_move(&mut session)?;
            let deadline = session.deadline();
            if ours {
                let legal = session.game.legal_moves();
                let mv = *legal
                    .first()
                    .ok_or("arbiter has no move (arbiter's fault)")?;
                session
                    .link
                    .send(&Message::Move(DxpMove::of(mv, 0)))
                    .map_err(|f| f.to_string())?;
                let text = session.game.format_move(mv);
                session.game.make(mv);
                let expected = end_reason(session.game.outcome(), engine);
                let end = session
                    .link
                    .receive(&mut session.process, &deadline, "its game end (`E`)")
                    .map_err(|f| format!("after its {its} and arbiter's {text}: {f}"))?;
                let Message::GameEnd { reason, .. } = end else {
                    return Err(format!(
                        "sent `{end}` after arbiter's {text} ended the game (expected its game \
                         end `E{expected}…`)"
                    ));
                };
                if reason != expected && reason != 0 {
                    return Err(format!(
                        "its game end `{end}` gives reason {reason}; the rules' result is \
                         {expected} for it (it lost)"
                    ));
                }
                let confirm = Message::GameEnd {
                    reason: end_reason(session.game.outcome(), engine.opponent()),
                    stop: 1,
                };
                session.link.send(&confirm).map_err(|f| f.to_string())?;
                Ok(format!(
                    "its {its}, arbiter's {text}: it sent `{end}`, arbiter confirmed `{confirm}`"
                ))
            } else {
                let end = Message::GameEnd {
                    reason: end_reason(session.game.outcome(), engine.opponent()),
                    stop: 1,
                };
                session.link.send(&end).map_err(|f| f.to_string())?;
                match session.link.receive(
                    &mut session.process,
                    &deadline,
                    "its confirmation (`E`)",
                ) {
                    Ok(confirmed @ Message::GameEnd { .. }) => Ok(format!(
                        "its {its} ended the game: arbiter sent `{end}`, it confirmed `{confirmed}`"
                    )),
                    Ok(other) => Err(format!(
                        "answered arbiter's `{end}` with `{other}` (expected `E`)"
                    )),
                    Err(fault) => Err(format!("did not confirm arbiter's `{end}`: {fault}")),
                }
            }
        })();
        self.close(session);
        result
    }

    /// From the usual start: the engine's move, arbiter's, the engine's; then on arbiter's
    /// turn a back request to move 1 (white to move).
    fn dxp_back_request(&self) -> Result<String, String> {
        let mut session = self.dxp_session(None)?;
        let result = (|| {
            let mut rng = Lcg(5);
            let first = self.dxp_engine_move(&mut session)?;
            session.play_random(&mut rng)?;
            self.dxp_engine_move(&mut session)?;
            let back = back_request(0, Side::First);
            session.link.send(&back).map_err(|f| f.to_string())?;
            let deadline = session.deadline();
            let answer = session
                .link
                .receive(&mut session.process, &deadline, "its answer (`K`)")
                .map_err(|f| f.to_string())?;
            let detail = match answer {
                Message::BackAccept { code: 0 } => {
                    let variant = self.variant_of()?;
                    session.game = Draughts::start(&variant);
                    let again = self.dxp_engine_move(&mut session)?;
                    format!(
                        "`{back}` accepted (`K0`): from the start it played {again} (first {first})"
                    )
                }
                Message::BackAccept {
                    code: code @ (1 | 2),
                } => format!(
                    "`{back}` refused with `K{code}` ({})",
                    if code == 1 {
                        "not supported"
                    } else {
                        "refused"
                    }
                ),
                other => {
                    return Err(format!(
                        "answered `{back}` with `{other}` (expected `K0`, `K1` or `K2`)"
                    ));
                }
            };
            // A game end on arbiter's turn; a move of the engine may cross it.
            let end = Message::GameEnd { reason: 0, stop: 1 };
            session.link.send(&end).map_err(|f| f.to_string())?;
            Ok(detail)
        })();
        self.close(session);
        result
    }

    /// The engine started with `args` added asks for a game; arbiter accepts and plays random
    /// legal moves for its side, checking the engine's.
    fn dxp_follow(&self, args: &[String]) -> Result<String, String> {
        let timing = Timing::of(self.engine.manifest());
        let variant = self.variant_of()?;
        let deadline = timing.for_start("start-up time");
        let (driver, process, link) = self.dxp_connect(timing, args, &deadline)?;
        let mut session = Session {
            driver,
            process,
            link,
            // The usual start, unless the engine's game request gives a position.
            game: Draughts::start(&variant),
            timing,
        };
        let result = (|| {
            let request = self.dxp_accept_request(&mut session, &variant, &deadline)?;
            let ours = request.follower;
            let plies = self.dxp_follower_plies(&mut session, ours)?;
            self.dxp_follower_end(&mut session, ours)?;
            let colour = Draughts::side_name(ours);
            Ok(format!(
                "`R` for {} ({colour} for arbiter); {plies} plies, every move legal; `E` confirmed",
                if request.position.is_some() {
                    "a position"
                } else {
                    "the usual start"
                }
            ))
        })();
        self.close(session);
        result
    }

    /// The engine's game request by `deadline`, accepted if it asks for DXP version 1 from the
    /// usual start or from a position some game reaches (then the session's game).
    fn dxp_accept_request(
        &self,
        session: &mut Session,
        variant: &DraughtsVariant,
        deadline: &Deadline,
    ) -> Result<GameRequest, String> {
        let request = session
            .link
            .receive(&mut session.process, deadline, "its game request (`R`)")
            .map_err(|f| f.to_string())?;
        let Message::GameRequest(request) = request else {
            return Err(format!(
                "sent `{request}` first (expected a game request `R`)"
            ));
        };
        if request.version != arbiter_protocol::dxp::VERSION {
            return Err(format!(
                "asked for DXP version {} (expected 1)",
                request.version
            ));
        }
        if let Some(setup) = &request.position {
            session.game = Draughts::from_setup(variant, setup).map_err(|problems| {
                let problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
                format!(
                    "asked for a game from a position no game reaches: {}",
                    problems.join("; ")
                )
            })?;
        }
        session
            .link
            .send(&Message::GameAccept {
                name: "arbiter".to_owned(),
                code: 0,
            })
            .map_err(|f| f.to_string())?;
        Ok(request)
    }

    /// Up to [`FOLLOWER_PLIES`] plies of the session's game, random legal moves for arbiter's
    /// side `ours` and the engine's checked: how many were played.
    fn dxp_follower_plies(&self, session: &mut Session, ours: Side) -> Result<usize, String> {
        let mut rng = Lcg(11);
        let mut plies = 0;
        while plies < FOLLOWER_PLIES && session.game.outcome().is_none() {
            if session.game.side_to_move() == ours {
                session.play_random(&mut rng)?;
            } else {
                let deadline = session.timing.for_move();
                let (mv, answer) = session.receive_move(&deadline)?;
                if !matches!(answer, MoveAnswer::Move(_)) {
                    return Err(format!("sent `{}` off the board", Message::Move(mv)));
                }
                self.dxp_checked_play(&mut session.game, answer)?;
            }
            plies += 1;
        }
        Ok(plies)
    }

    /// Arbiter's game end (`E`), sent on its own turn, which the engine must confirm.
    fn dxp_follower_end(&self, session: &mut Session, ours: Side) -> Result<(), String> {
        // A game end on arbiter's turn only; the engine's move may cross it.
        if session.game.side_to_move() != ours {
            let deadline = session.timing.for_move();
            let _ = session
                .link
                .receive(&mut session.process, &deadline, "its move (`M`)");
        }
        session
            .link
            .send(&Message::GameEnd { reason: 0, stop: 1 })
            .map_err(|f| f.to_string())?;
        let deadline = session.timing.for_move();
        match session
            .link
            .receive(&mut session.process, &deadline, "its game end (`E`)")
        {
            Ok(Message::GameEnd { .. }) => Ok(()),
            Ok(other) => Err(format!(
                "answered arbiter's game end with `{other}` (expected `E`)"
            )),
            Err(fault) => Err(format!("did not confirm arbiter's game end: {fault}")),
        }
    }
}
