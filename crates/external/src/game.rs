//! Whole games through a play protocol: two players (here, two processes of the same engine)
//! alternate, every answer is checked by the reference rules. The first fault ends the game.
//!
//! This is how keep-running and Gomocup are exercised as the platforms use them: each player
//! keeps its process and receives only the opponent's last move.

use arbiter_engine::{PositionRequest, RulesEngine};

use super::engine::{ExternalEngine, validate};
use arbiter_engine::fault::Fault;

/// A finished (or stopped) game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The moves played, in canonical notation.
    pub moves: Vec<String>,
    /// The result once over, e.g. `black wins by five`.
    pub outcome: Option<String>,
    /// The fault that stopped the game, with the ply (from 0) it happened at.
    pub fault: Option<(usize, Fault)>,
}

/// The engine against itself (two processes), for at most `max_plies` plies.
///
/// # Errors
/// A fault of the reference engine setting up the start position, as text (never for a
/// validated manifest).
pub fn self_play(engine: &ExternalEngine, max_plies: usize) -> Result<GameRecord, String> {
    let variant = engine.default_variant();
    // The referee is the embedded engine of the game, never the engine under test.
    let mut reference = engine
        .reference()
        .position(&variant, &PositionRequest::default())
        .map_err(|error| error.to_string())?;
    let (Some(first), Some(second)) = (engine.player(), engine.player()) else {
        return Err(format!("{} has no play protocol", engine.name()));
    };
    let mut players = [first, second];
    let mut record = GameRecord {
        moves: Vec::new(),
        outcome: None,
        fault: None,
    };
    while record.moves.len() < max_plies {
        if let Some(outcome) = reference.outcome().ok().flatten() {
            record.outcome = Some(outcome.to_string());
            break;
        }
        let ply = record.moves.len();
        let player = &mut players[ply % 2];
        let answer = player.answer(&record.moves);
        if matches!(answer, Ok(super::MoveAnswer::Resign)) {
            // A resignation ends the game: the side to move loses, nobody faulted.
            record.outcome = Some(format!("{} resigned", reference.to_move()));
            break;
        }
        let checked = answer.and_then(|answer| validate(reference.as_ref(), answer));
        match checked {
            Ok(mv) => {
                if let Err(refusal) = reference.play(&mv) {
                    return Err(format!("validated move `{mv}` refused: {refusal}"));
                }
                record.moves.push(mv);
            }
            Err(fault) => {
                record.fault = Some((ply, fault));
                break;
            }
        }
    }
    if record.outcome.is_none() {
        record.outcome = reference.outcome().ok().flatten().map(|o| o.to_string());
    }
    for player in &mut players {
        player.game_over(&record.moves);
        player.finish();
        engine.record_player(player.as_mut());
    }
    Ok(record)
}
