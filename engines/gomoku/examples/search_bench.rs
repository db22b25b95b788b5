//! Times alpha-beta (and MCTS) through `Searchable::search` at a fixed node budget.
//!
//! `cargo run --release -p arbiter-gomoku --example search_bench [NODES] [POSITIONS]`
//! (defaults: 20,000 nodes, 20 positions). Positions come from fixed-seed random renju playouts
//! of 20 stones biased to the centre, so every run searches the same positions. Prints nodes per
//! second for each algorithm and the reached depth (alpha-beta).

use std::time::Instant;

use arbiter_core::Game;
use arbiter_gomoku::{Gomoku, GomokuVariant, Move};
use arbiter_search::{Algorithm, Budget, SearchRequest, Searchable};

/// SplitMix64, enough randomness for picking moves.
fn next(state: &mut u64) -> u64 {
    let (s, z) = arbiter_core::zobrist::splitmix64(*state);
    *state = s;
    z
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u64>().expect("a number"));
    let nodes = args.next().unwrap_or(20_000);
    let count = args.next().unwrap_or(20) as usize;
    let variant = GomokuVariant::RENJU;
    let mut seed = 0x5eed;
    let mut games = Vec::new();
    let mut moves = Vec::new();
    while games.len() < count {
        let mut game = Gomoku::start(&variant);
        while game.outcome().is_none() && game.stone_count() < 20 {
            game.generate_moves(&mut moves);
            let pick = (0..6)
                .map(|_| moves[(next(&mut seed) % moves.len() as u64) as usize])
                .min_by_key(|mv| match mv {
                    Move::Stone(p) => (i32::from(p.col()) - 7)
                        .abs()
                        .max((i32::from(p.row()) - 7).abs()),
                    _ => 0,
                })
                .expect("a move");
            game.make(pick);
        }
        if game.outcome().is_none() {
            games.push(game);
        }
    }
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
