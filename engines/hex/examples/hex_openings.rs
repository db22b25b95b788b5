//! Solves the given openings of an n x n board (no swap), printing nodes and time.
//!
//! `cargo run --release -p arbiter-hex --example hex_openings -- 5 a3 e3`

use std::time::Instant;

use arbiter_core::Game;
use arbiter_hex::{Hex, HexVariant, SwapRule, solve};
use arbiter_search::Budget;

fn main() {
    let mut args = std::env::args().skip(1);
    let size: u8 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let variant = HexVariant::new(size, SwapRule::None);
    let mut total = 0;
    let clock = Instant::now();
    for opening in args {
        let mut game = Hex::new(variant);
        for text in opening.split(',') {
            game.play(game.parse_move(text).unwrap()).unwrap();
        }
        let start = Instant::now();
        let report = solve(&game, Budget::Nodes(u64::MAX), 16).unwrap();
        total += report.result.nodes;
        println!(
            "{opening:>8} {:?} {:>10} nodes {:>7.2} s",
            report.proven.map(|p| p.verdict),
            report.result.nodes,
            start.elapsed().as_secs_f64()
        );
    }
    println!("total {total} nodes {:.2} s", clock.elapsed().as_secs_f64());
}
