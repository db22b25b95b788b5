//! `cargo xtask perft`: node counts per depth with timings, one thread, release build.

use std::time::Instant;

use anyhow::Result;
use arbiter_core::PerftConvention;
use clap::{Args, ValueEnum};
use serde_json::json;

use crate::Status;
use crate::position::{PositionArgs, set_up};

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ConventionArg {
    /// A finished game contributes nothing past its end (Edax, OEIS A124004).
    ExactLength,
    /// A finished game counts as a leaf at every greater depth (Aart Bik).
    FinishedIsLeaf,
}

/// `cargo xtask perft GAME DEPTH`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// The deepest depth to count; every depth from 1 is printed.
    pub depth: u32,
    #[arg(long, value_enum, default_value = "exact-length")]
    pub convention: ConventionArg,
    /// One JSON object per depth per line: {"depth":d,"nodes":n,"seconds":s}.
    #[arg(long)]
    pub json: bool,
}

/// Counts and prints perft for depths 1..=DEPTH.
///
/// # Errors
/// A position that cannot be set up.
pub fn run(args: &PerftArgs) -> Result<Status> {
    let (_, mut position) = set_up(&args.position)?;
    let convention = match args.convention {
        ConventionArg::ExactLength => PerftConvention::SequencesOfExactLength,
        ConventionArg::FinishedIsLeaf => PerftConvention::FinishedGameIsLeaf,
    };
    if !args.json {
        println!(
            "{:>5} {:>22} {:>10} {:>14}",
            "depth", "nodes", "seconds", "leaves/s"
        );
    }
    for depth in 1..=args.depth {
        let start = Instant::now();
        let nodes = position.perft(depth, convention)?;
        let seconds = start.elapsed().as_secs_f64();
        if args.json {
            println!(
                "{}",
                json!({ "depth": depth, "nodes": nodes, "seconds": seconds })
            );
        } else {
            #[allow(clippy::cast_precision_loss)]
            let rate = if seconds > 0.0 {
                nodes as f64 / seconds
            } else {
                0.0
            };
            println!("{depth:>5} {nodes:>22} {seconds:>10.3} {rate:>14.0}");
        }
    }
    Ok(Status::Ok)
}
