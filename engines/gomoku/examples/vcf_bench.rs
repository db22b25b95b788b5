//! Times the VCF solver (and the full `Solve` = VCF then VCT) over the renju VCF data file.
//!
//! `cargo run --release -p arbiter-gomoku --example vcf_bench [FILE] [REPEATS]`
//! (defaults: `/work/shared/data/renju_vcf_cases.jsonl`, 3 repeats). Reads the JSON lines
//! (`black`, `white`, `to_move`), runs `solve_vcf` with a 2,000,000-node budget on each position
//! `REPEATS` times, and prints per position whether a VCF was found, its length and the nodes,
//! then the total nodes per second.

use std::time::Instant;

use arbiter_core::Game;
use arbiter_gomoku::{Gomoku, GomokuVariant};
use arbiter_gomoku::{VcfOutcome, solve_vcf};

const BUDGET: u64 = 2_000_000;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| "/work/shared/data/renju_vcf_cases.jsonl".to_owned());
    let repeats: u32 = args.next().map_or(3, |r| r.parse().expect("a number"));
    let text = std::fs::read_to_string(&path).expect("the data file");
    let variant = GomokuVariant::RENJU;
    let mut positions = Vec::new();
    for line in text.lines().filter(|l| l.starts_with('{')) {
        let case: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let list = |key: &str| {
            case[key]
                .as_array()
                .expect("a stone list")
                .iter()
                .map(|v| v.as_str().expect("a point"))
                .collect::<Vec<_>>()
                .join(",")
        };
        let form = format!(
            "black: {}; white: {}; to-move: {}",
            list("black"),
            list("white"),
            case["to_move"].as_str().expect("to_move")
        );
        let setup = Gomoku::parse_position(&variant, &form).expect("a position");
        let game = Gomoku::from_setup(&variant, &setup).expect("a valid position");
        positions.push((case["id"].as_str().unwrap_or("?").to_owned(), game));
    }
    let mut total_nodes = 0u64;
    let start = Instant::now();
    for (id, game) in &positions {
        let mut last = None;
        for _ in 0..repeats {
            let result = solve_vcf(game, BUDGET);
            total_nodes += result.nodes;
            last = Some(result);
        }
        let result = last.expect("one run");
        let verdict = match &result.outcome {
            VcfOutcome::Win(line) => format!("VCF of {} plies", line.len()),
            VcfOutcome::NoWin => "no VCF".to_owned(),
            VcfOutcome::OutOfBudget => "out of budget".to_owned(),
        };
        println!("{id:14} {verdict:20} {:>9} nodes", result.nodes);
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{} positions x {repeats}: {total_nodes} nodes in {seconds:.3} s = {:.0} nodes/s",
        positions.len(),
        total_nodes as f64 / seconds
    );
}
