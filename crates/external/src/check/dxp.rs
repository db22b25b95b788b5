//! The DXP rows, arbiter the initiator (every row a fresh process and connection on
//! 127.0.0.1): a move from the usual start, a board as it stands (a game request with a
//! position, black to move), a capture that must be played, a capture of several pieces, a
//! position with a king, and a game continued over one connection (`M` each way). Then
//! arbiter as *follower*, when the manifest says how the engine asks for a game
//! (`dxp-initiator-args`): its game request must be well-formed and its moves legal for a few
//! plies, and arbiter's game end (`E`) confirmed.

use super::{Checker, Lcg, RowVerdict};
use crate::driver::Driver;
use crate::dxp::{GOODBYE, connect, read_move};
use crate::{Answer, Timing, validate};
use arbiter_core::Game;
use arbiter_draughts::{Draughts, DraughtsVariant};
use arbiter_protocol::dxp::{DxpMove, Message};

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

    /// The engine started with `args` added asks for a game; arbiter accepts and plays random
    /// legal moves for its side, checking the engine's.
    fn dxp_follow(&self, args: &[String]) -> Result<String, String> {
        let manifest = self.engine.manifest();
        let timing = Timing::of(manifest);
        let variant = self.variant_of()?;
        let mut spec = self.engine.spawn_spec();
        spec.args.extend(args.iter().cloned());
        let deadline = timing.for_start("start-up time");
        let mut driver = Driver::new(self.engine.spawn_spec(), timing, GOODBYE);
        let connected = connect(&mut driver, &spec, manifest.dxp_port, &deadline);
        self.engine.record_started(&driver.started());
        let (mut process, mut link) = connected.map_err(|f| f.to_string())?;
        let result = (|| {
            let request = link
                .receive(&mut process, &deadline, "its game request (`R`)")
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
            let mut game = match &request.position {
                None => Draughts::start(&variant),
                Some(setup) => Draughts::from_setup(&variant, setup).map_err(|problems| {
                    let problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
                    format!(
                        "asked for a game from a position no game reaches: {}",
                        problems.join("; ")
                    )
                })?,
            };
            link.send(&Message::GameAccept {
                name: "arbiter".to_owned(),
                code: 0,
            })
            .map_err(|f| f.to_string())?;
            let ours = request.follower;
            let mut rng = Lcg(11);
            let mut plies = 0;
            while plies < FOLLOWER_PLIES && game.outcome().is_none() {
                if game.side_to_move() == ours {
                    let legal = game.legal_moves();
                    let mv = legal[rng.below(legal.len())];
                    link.send(&Message::Move(DxpMove::of(mv, 0)))
                        .map_err(|f| f.to_string())?;
                    game.make(mv);
                } else {
                    let deadline = timing.for_move();
                    let message = link
                        .receive(&mut process, &deadline, "its move (`M`)")
                        .map_err(|f| f.to_string())?;
                    let Message::Move(mv) = message else {
                        return Err(format!("sent `{message}` on its turn (expected `M`)"));
                    };
                    let answer = read_move(&game, &mv).map_err(|f| f.to_string())?;
                    let Answer::Move(text) = answer else {
                        return Err(format!("sent `{}` off the board", Message::Move(mv)));
                    };
                    let reference = self.engine.reference().position(
                        &self.variant,
                        &arbiter_engine::PositionRequest {
                            text: Some(game.format_position()),
                            ..arbiter_engine::PositionRequest::default()
                        },
                    );
                    let reference = reference.map_err(|error| error.to_string())?;
                    let canonical = validate(reference.as_ref(), Answer::Move(text))
                        .map_err(|f| f.to_string())?;
                    let parsed = game.parse_move(&canonical).map_err(|e| e.to_string())?;
                    game.make(parsed);
                }
                plies += 1;
            }
            // A game end on arbiter's turn only; the engine's move may cross it.
            if game.side_to_move() != ours {
                let deadline = timing.for_move();
                let _ = link.receive(&mut process, &deadline, "its move (`M`)");
            }
            link.send(&Message::GameEnd { reason: 0, stop: 1 })
                .map_err(|f| f.to_string())?;
            let deadline = timing.for_move();
            let confirmed = link.receive(&mut process, &deadline, "its game end (`E`)");
            let colour = Draughts::side_name(ours);
            match confirmed {
                Ok(Message::GameEnd { .. }) => Ok(format!(
                    "`R` for {} ({colour} for arbiter); {plies} plies, every move legal; `E` confirmed",
                    if request.position.is_some() {
                        "a position"
                    } else {
                        "the usual start"
                    }
                )),
                Ok(other) => Err(format!(
                    "answered arbiter's game end with `{other}` (expected `E`)"
                )),
                Err(fault) => Err(format!("did not confirm arbiter's game end: {fault}")),
            }
        })();
        let mut warnings = std::mem::take(&mut link.warnings);
        self.engine.warn(std::mem::take(&mut warnings));
        driver.leave(process);
        result
    }
}
