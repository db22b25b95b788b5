//! Perft from the Connect6 start position, timed and checked: `cargo run --release -p
//! arbiter-connect6 --example perft -- DEPTH [VARIANT]` (variant `standard` or `size-N`).
//!
//! Prints the depth, the node count and the wall time. On an empty board no game can end before
//! ply 6, so the count must equal N * prod_{k=1}^{d-1} C(N - 1 - 2(k - 1), 2) with N points
//! (shared/data/small_games_counts.txt: 19x19 d1 = 361, d2 = 23,327,820, d3 =
//! 1,490,717,681,460); the example checks it. Depth 4 and beyond overflow `u64` on 19x19.

use std::time::Instant;

use arbiter_connect6::{Connect6, Connect6Variant};
use arbiter_core::{Game, PerftConvention};

/// The combinatorial count, or `None` if it overflows `u64`.
fn formula(points: u64, depth: u32) -> Option<u64> {
    let mut nodes = points;
    let mut empty = points - 1;
    for _ in 1..depth {
        nodes = nodes.checked_mul(empty * empty.saturating_sub(1) / 2)?;
        empty = empty.saturating_sub(2);
    }
    Some(nodes)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = match args.next().map(|d| d.parse()) {
        Some(Ok(depth)) if (1..=5).contains(&depth) => depth,
        _ => {
            eprintln!("usage: perft DEPTH(1..=5) [standard|size-N]");
            std::process::exit(2);
        }
    };
    let variant: Connect6Variant = match args.next().map(|v| v.parse()).transpose() {
        Ok(variant) => variant.unwrap_or_default(),
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    let size = u64::from(variant.size());
    let Some(expected) = formula(size * size, depth) else {
        eprintln!("perft({depth}) on {variant} overflows u64");
        std::process::exit(2);
    };
    let mut game = Connect6::start(&variant);
    let started = Instant::now();
    let nodes = game.perft(depth, PerftConvention::SequencesOfExactLength);
    let seconds = started.elapsed().as_secs_f64();
    println!("{variant} depth {depth} nodes {nodes} time {seconds:.3} s");
    if nodes != expected {
        eprintln!("MISMATCH: expected {expected}");
        std::process::exit(1);
    }
}
