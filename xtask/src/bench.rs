//! `cargo xtask bench`: the fixed bench positions searched to fixed depths; prints nodes,
//! time and nodes/s per position, and the signature (total nodes) per engine and overall.

use anyhow::{Result, bail};
use arbiter_engine::bench;
use arbiter_engine::{RulesEngine, embedded_engines};
use clap::Args;
use serde_json::json;

use crate::Status;

/// `cargo xtask bench [--engine NAME] [--json]`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Only this engine.
    #[arg(long)]
    pub engine: Option<String>,
    #[arg(long)]
    pub json: bool,
}

/// Runs the bench, one position after the other on one thread (timings stay comparable).
///
/// # Errors
/// An unknown engine.
pub fn run(args: &BenchArgs) -> Result<Status> {
    let mut engines: Vec<Box<dyn RulesEngine>> = embedded_engines();
    if let Some(name) = &args.engine {
        engines.retain(|engine| engine.name() == name);
        if engines.is_empty() {
            bail!("unknown engine `{name}`");
        }
    }
    let lines = bench::run(&engines);
    let (per_engine, total) = bench::signatures(&lines);
    if args.json {
        let positions: Vec<_> = lines
            .iter()
            .map(|line| {
                json!({
                    "engine": line.engine,
                    "position": line.label,
                    "depth": line.depth,
                    "nodes": line.nodes.as_ref().ok(),
                    "error": line.nodes.as_ref().err(),
                    "best": line.best,
                    "seconds": line.seconds,
                })
            })
            .collect();
        let signatures: serde_json::Map<String, serde_json::Value> = per_engine
            .iter()
            .map(|(engine, nodes)| (engine.clone(), json!(nodes)))
            .collect();
        println!(
            "{}",
            json!({ "positions": positions, "signatures": signatures, "signature": total })
        );
        return Ok(Status::Ok);
    }
    println!(
        "{:<10} {:<12} {:>5} {:>12} {:>9} {:>12}  best",
        "engine", "position", "depth", "nodes", "ms", "nodes/s"
    );
    let mut seconds = 0.0;
    for line in &lines {
        match &line.nodes {
            Ok(nodes) => {
                seconds += line.seconds;
                println!(
                    "{:<10} {:<12} {:>5} {:>12} {:>9.1} {:>12.0}  {}",
                    line.engine,
                    line.label,
                    line.depth,
                    nodes,
                    line.seconds * 1000.0,
                    *nodes as f64 / line.seconds.max(1e-9),
                    line.best.as_deref().unwrap_or("-")
                );
            }
            Err(reason) => println!(
                "{:<10} {:<12} {:>5}  skipped: {reason}",
                line.engine, line.label, line.depth
            ),
        }
    }
    println!();
    for (engine, nodes) in &per_engine {
        println!("signature {engine:<10} {nodes}");
    }
    println!(
        "signature total      {total}  ({:.2} s, {:.0} nodes/s)",
        seconds,
        total as f64 / f64::max(seconds, 1e-9)
    );
    Ok(Status::Ok)
}
