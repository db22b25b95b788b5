//! Times alpha-beta (and MCTS) through `Searchable::search` at a fixed node budget.
//!
//! `cargo run --release -p arbiter-gomoku --example search_bench [NODES] [POSITIONS]`
//! (defaults: 20,000 nodes, 20 positions). Positions come from fixed-seed random renju playouts
//! of 20 stones biased to the centre, so every run searches the same positions. Prints nodes per
//! second for each algorithm and the reached depth (alpha-beta).

use std::time::Instant;

use arbiter_gomoku::Gomoku;
use arbiter_search::{Algorithm, Budget, SearchRequest, Searchable};

mod common;

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u64>().expect("a number"));
    let nodes = args.next().unwrap_or(20_000);
    let count = args.next().unwrap_or(20) as usize;
    let games = common::central_positions(count, 20, 6);
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Mcts] {
        let request = SearchRequest {
            algorithm,
            budget: Budget::Nodes(nodes),
        };
        let (mut searched, mut depth) = (0u64, 0u64);
        let start = Instant::now();
        for game in &games {
            let report = game
                .search(request, Gomoku::PARAMS_YAML)
                .expect("the shipped parameters");
            searched += report.result.nodes;
            depth += u64::from(report.result.depth);
        }
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{algorithm:10} {} positions at {nodes} nodes: {searched} nodes in {seconds:.3} s = {:.0} nodes/s, mean depth {:.1}",
            games.len(),
            searched as f64 / seconds,
            depth as f64 / games.len() as f64
        );
    }
}
