//! Setting up a position from the command line, and `cargo xtask legal`.

use anyhow::{Context, Result, bail};
use arbiter_engine::{Position, PositionRequest, RulesEngine, find_engine, games};
use clap::Args;
use serde_json::json;

use crate::Status;

/// Where the command line's position comes from.
#[derive(Args, Clone, Debug)]
pub struct PositionArgs {
    /// The game (othello, tictactoe, gomoku, connect6, amazons, surakarta, dotsboxes, nogo, einstein, go, draughts, hex, xiangqi).
    pub game: String,
    /// The rule variant; the game's default when absent.
    #[arg(long)]
    pub variant: Option<String>,
    /// The game's one-line position form, or a move list from the start. Othello boards
    /// begin with `-` (empty squares), so values starting with a hyphen are accepted.
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
}

/// The engine and position the arguments describe.
///
/// # Errors
/// An unknown game or variant, or a position that is neither a one-line form nor a legal
/// move list.
pub fn set_up(args: &PositionArgs) -> Result<(Box<dyn RulesEngine>, Box<dyn Position>)> {
    let Some(engine) = find_engine(&args.game) else {
        bail!(
            "unknown game `{}`; expected one of: {}",
            args.game,
            games().join(", ")
        );
    };
    let variant = args
        .variant
        .clone()
        .unwrap_or_else(|| engine.default_variant());
    let position = match &args.position {
        None => engine.position(&variant, &PositionRequest::default()).map_err(|error| anyhow::anyhow!("{error}")),
        Some(text) => {
            // A one-line position form first; if it is not one, a move list from the start.
            let as_text = PositionRequest { text: Some(text.clone()), ..PositionRequest::default() };
            engine.position(&variant, &as_text).or_else(|text_error| {
                let as_moves = PositionRequest { move_text: Some(text.clone()), ..PositionRequest::default() };
                engine.position(&variant, &as_moves).map_err(|moves_error| {
                    anyhow::anyhow!("not a position: as a one-line form: {text_error}; as a move list: {moves_error}")
                })
            })
        }
    }
    .with_context(|| format!("setting up the {} position", args.game))?;
    Ok((engine, position))
}

/// `cargo xtask legal`.
#[derive(Args, Debug)]
pub struct LegalArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Lists the legal moves, fouls and outcome of a position.
///
/// # Errors
/// A position that cannot be set up.
pub fn run(args: &LegalArgs) -> Result<Status> {
    let (_, position) = set_up(&args.position)?;
    let legal = position.legal_moves()?;
    let outcome = position.outcome()?;
    let forbidden = position.forbidden()?;
    if args.json {
        let outcome = outcome.map(|o| {
            let mut value = json!({ "winner": o.winner.unwrap_or_else(|| "draw".to_owned()), "reason": o.reason });
            if let Some((raw, empties)) = o.score {
                value["score"] = json!(raw);
                value["score_empties_to_winner"] = json!(empties);
            }
            value
        });
        let mut value =
            json!({ "to_move": position.to_move(), "legal": legal, "outcome": outcome });
        if let Some(points) = forbidden {
            let points: Vec<_> = points
                .into_iter()
                .map(|(mv, reason)| json!({ "move": mv, "reason": reason }))
                .collect();
            value["forbidden"] = json!(points);
        }
        println!("{value}");
    } else {
        println!("{}", position.diagram());
        println!("position: {}", position.text());
        println!("to move:  {}", position.to_move());
        println!("legal ({}): {}", legal.len(), legal.join(" "));
        if let Some(points) = forbidden {
            let points: Vec<String> = points
                .into_iter()
                .map(|(mv, reason)| format!("{mv} ({reason})"))
                .collect();
            println!(
                "forbidden for black ({}): {}",
                points.len(),
                points.join(" ")
            );
        }
        match outcome {
            Some(outcome) => println!("outcome:  {outcome}"),
            None => println!("outcome:  the game goes on"),
        }
    }
    Ok(Status::Ok)
}
