//! Times the VCF solver over the renju VCF positions of the repository's suites (the 10 VCF
//! tests of junghyun397/mintaka, `mintaka/tests/test_vcf.rs`: `suites/gomoku/vcf.yaml` and
//! `vcf-deep.yaml`).
//!
//! `cargo run --release -p arbiter-gomoku --example vcf_bench [REPEATS] [SUITE.yaml…]`
//! (default: 3 repeats over those two suites). Reads each case's `id` and its one-line
//! `position: {text: …}` (the suites' form, one case per block), runs `solve_vcf` with a
//! 2,000,000-node budget on each position `REPEATS` times, and prints per position whether a
//! VCF was found, its length and the nodes, then the total nodes per second.

use std::time::Instant;

use arbiter_core::Game;
use arbiter_gomoku::{Gomoku, GomokuVariant};
use arbiter_gomoku::{VcfOutcome, solve_vcf};

const BUDGET: u64 = 2_000_000;

/// The suites read by default, from the workspace root.
const SUITES: [&str; 2] = ["suites/gomoku/vcf.yaml", "suites/gomoku/vcf-deep.yaml"];

/// The `(id, one-line position)` of every case of a suite file: the `- id:` lines and the
/// `position: {text: "…"}` lines that follow them, as the suites write them.
fn cases(path: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut id = String::new();
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("- id:") {
            id = rest.trim().to_owned();
        } else if let Some(rest) = line.strip_prefix("position: {text: \"") {
            let position = rest.strip_suffix("\"}").expect("a one-line position");
            out.push((id.clone(), position.to_owned()));
        }
    }
    out
}

fn main() {
    let mut args = std::env::args().skip(1);
    let repeats: u32 = args.next().map_or(3, |r| r.parse().expect("a number"));
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut paths: Vec<String> = args.collect();
    if paths.is_empty() {
        paths = SUITES
            .iter()
            .map(|suite| format!("{root}/{suite}"))
            .collect();
    }
    let variant = GomokuVariant::RENJU;
    let mut positions = Vec::new();
    for (id, text) in paths.iter().flat_map(|path| cases(path)) {
        let setup = Gomoku::parse_position(&variant, &text).expect("a position");
        let game = Gomoku::from_setup(&variant, &setup).expect("a valid position");
        positions.push((id, game));
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
