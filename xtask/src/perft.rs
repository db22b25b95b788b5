//! `cargo xtask perft`: node counts per depth with timings, one thread, release build. A depth
//! beyond the longest game the position allows is refused, and `--max-nodes` stops a walk.

use std::time::Instant;

use anyhow::{Result, bail};
use arbiter_core::PerftConvention;
use clap::{Args, ValueEnum};
use serde_json::json;

use crate::Status;
use crate::progress::Progress;

/// The budget of a walk by default, in visited positions, a position listing many moves costing
/// one per 8 of them (`Game::perft_within`): about a minute on a 2-core machine in every game
/// (Othello's depth 12 visits about 240 M positions in 4.6 s unloaded, README; a gomoku
/// position costs 28), so that a depth no walk can finish ends with a message naming `--max-nodes`, not
/// silence.
pub const DEFAULT_WALK: u64 = 3_000_000_000;
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
    /// Stop a depth whose walk needs more than this budget (exit 1 then): visited positions,
    /// a position listing many moves counting once per 8 of them. The default ends a walk in
    /// about a minute on a 2-core machine.
    #[arg(long, default_value_t = DEFAULT_WALK)]
    pub max_nodes: u64,
}

/// Counts and prints perft for depths 1..=DEPTH.
///
/// # Errors
/// A position that cannot be set up.
pub fn run(args: &PerftArgs) -> Result<Status> {
    let (_, mut position) = set_up(&args.position)?;
    if let Some(plies) = position.longest_game()
        && args.depth > plies.saturating_add(1)
    {
        bail!(
            "depth {} is beyond the longest possible game: no game lasts more than {plies} more \
             plies from this position, so depths above {} count nothing new",
            args.depth,
            plies + 1
        );
    }
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
        let limit = args.max_nodes;
        let spinner = Progress::spinner(&format!(
            "perft depth {depth}: walking (a budget of {limit} positions; --max-nodes N raises it)"
        ));
        let walked = position.perft_within(depth, convention, limit);
        spinner.finish();
        let Some(nodes) = walked? else {
            eprintln!(
                "depth {depth} stopped: its walk needed more than its budget of {limit} positions; \
                 --max-nodes N raises the budget"
            );
            return Ok(Status::Failures);
        };
        let seconds = start.elapsed().as_secs_f64();
        if args.json {
            println!(
                "{}",
                json!({ "depth": depth, "nodes": nodes, "seconds": seconds })
            );
        } else {
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
