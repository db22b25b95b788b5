//! `cargo xtask search` (any engine, any searcher, under a budget) and `cargo xtask solve`
//! (the exact solver), printing the move, the score, what it proves, nodes and time.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use arbiter_engine::{Algorithm, Budget, SearchReport};
use arbiter_runner::proof_text;
use clap::Args;
use serde_json::json;

use crate::Status;
use crate::position::{PositionArgs, set_up};
use crate::progress::Progress;

/// `cargo xtask search GAME --position P (--depth N | --nodes N | --time-ms N)`.
#[derive(Args, Debug)]
pub struct SearchArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Iterative deepening to this many plies (MCTS: iterations).
    #[arg(long, group = "budget")]
    pub depth: Option<u32>,
    /// Stop after this many nodes (MCTS: iterations); reproducible.
    #[arg(long, group = "budget")]
    pub nodes: Option<u64>,
    /// Stop after this many milliseconds; not reproducible.
    #[arg(long, group = "budget")]
    pub time_ms: Option<u64>,
    /// alpha-beta, mcts or solve.
    #[arg(long, default_value = "alpha-beta")]
    pub algorithm: Algorithm,
    /// A parameters file to use instead of the engine's shipped params.yaml.
    #[arg(long)]
    pub params: Option<PathBuf>,
    #[arg(long)]
    pub json: bool,
}

/// The nodes an exact solve searches by default before it gives up: about a minute on a
/// 2-core machine, so that a position too large to solve ends with a message, not silence.
pub const DEFAULT_SOLVE_NODES: u64 = 1_000_000_000;

/// `cargo xtask solve GAME --position P`: the exact solver, to the end.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Give up after this many nodes; the default ends a solve in about a minute.
    #[arg(long, default_value_t = DEFAULT_SOLVE_NODES)]
    pub nodes: u64,
    #[arg(long)]
    pub json: bool,
}

/// Runs `search`.
///
/// # Errors
/// A bad position, budget or parameters file, or an engine without that searcher.
pub fn run_search(args: &SearchArgs) -> Result<Status> {
    let budget = match (args.depth, args.nodes, args.time_ms) {
        (Some(depth), _, _) => Budget::Depth(depth),
        (_, Some(nodes), _) => Budget::Nodes(nodes),
        (_, _, Some(ms)) => Budget::Time(Duration::from_millis(ms)),
        _ if args.algorithm == Algorithm::Solve => Budget::Nodes(DEFAULT_SOLVE_NODES),
        _ => bail!("give a budget: --depth N, --nodes N or --time-ms N"),
    };
    let params = match &args.params {
        Some(path) => Some(
            std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?,
        ),
        None => None,
    };
    search_and_print(
        &args.position,
        args.algorithm,
        budget,
        params.as_deref(),
        args.json,
    )
}

/// Runs `solve`.
///
/// # Errors
/// A bad position, or an engine without an exact solver.
pub fn run_solve(args: &SolveArgs) -> Result<Status> {
    search_and_print(
        &args.position,
        Algorithm::Solve,
        Budget::Nodes(args.nodes),
        None,
        args.json,
    )
}

fn search_and_print(
    position: &PositionArgs,
    algorithm: Algorithm,
    budget: Budget,
    params: Option<&str>,
    json: bool,
) -> Result<Status> {
    let (_, position) = set_up(position)?;
    let start = Instant::now();
    let spinner = Progress::spinner(&match budget {
        Budget::Nodes(nodes) if algorithm == Algorithm::Solve => {
            format!("solving (at most {nodes} nodes; --nodes N raises it)")
        }
        Budget::Nodes(nodes) => format!("searching ({algorithm}, {nodes} nodes)"),
        Budget::Depth(depth) => format!("searching ({algorithm}, depth {depth})"),
        Budget::Time(time) => format!("searching ({algorithm}, {} ms)", time.as_millis()),
    });
    let searched = position.search(algorithm, budget, params);
    spinner.finish();
    let report = searched.map_err(|error| match (algorithm, budget) {
        (Algorithm::Solve, Budget::Nodes(nodes)) => anyhow::anyhow!(
            "{error} (the solve stopped at its budget of {nodes} nodes, about a minute by \
                 default; --nodes N raises it)"
        ),
        _ => anyhow::Error::from(error),
    })?;
    let seconds = start.elapsed().as_secs_f64();
    if json {
        println!("{}", to_json(&report, seconds));
    } else {
        println!("{}", position.diagram());
        // A search gives no move in a finished game and at a chance node (a die to roll).
        let why = if position.chance_events().is_some() {
            "none (chance decides here: the score is the expectation over its events)"
        } else {
            "none (game over)"
        };
        print_report(&report, seconds, why);
    }
    Ok(Status::Ok)
}

fn to_json(report: &SearchReport, seconds: f64) -> serde_json::Value {
    let proven = report
        .proven
        .map(|proven| json!({ "result": proven.verdict.to_string(), "margin": proven.margin }));
    // A proven margin (Othello: disc difference, empties to the winner) is the score a
    // reader of `solve` wants; heuristic scores are the engine's own units.
    let score = report
        .proven
        .and_then(|proven| proven.margin)
        .unwrap_or(report.score);
    json!({
        "best": report.best,
        "score": score,
        "engine_score": report.score,
        "proven": proven,
        "depth": report.depth,
        "nodes": report.nodes,
        "pv": report.pv,
        "seconds": seconds,
        "nodes_per_second": nodes_per_second(report.nodes, seconds),
    })
}

fn print_report(report: &SearchReport, seconds: f64, no_move: &str) {
    println!("best:   {}", report.best.as_deref().unwrap_or(no_move));
    match report.proven {
        Some(_) => println!("score:  {} ({})", report.score, proof_text(report)),
        None => println!("score:  {} (heuristic)", report.score),
    }
    println!("depth:  {}", report.depth);
    println!("nodes:  {}", report.nodes);
    println!("pv:     {}", report.pv.join(" "));
    println!(
        "time:   {seconds:.3} s ({:.0} nodes/s)",
        nodes_per_second(report.nodes, seconds)
    );
}

fn nodes_per_second(nodes: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    }
}
