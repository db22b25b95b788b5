//! Perft from the Othello start position, timed: `cargo run --release -p arbiter-othello
//! --example perft -- DEPTH [exact-length|finished-is-leaf]`.
//!
//! Prints the depth, the convention, the node count and the wall time. Expected counts are in
//! `shared/data/othello_perft.tsv` (e.g. depth 12: 1,939,879,668 exact-length).

use std::time::Instant;

use arbiter_core::{Game, PerftConvention};
use arbiter_othello::{Othello, OthelloVariant};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = match args.next().map(|d| d.parse()) {
        Some(Ok(depth)) => depth,
        _ => {
            eprintln!("usage: perft DEPTH [exact-length|finished-is-leaf]");
            std::process::exit(2);
        }
    };
    let convention = match args.next().as_deref() {
        None | Some("exact-length") => PerftConvention::SequencesOfExactLength,
        Some("finished-is-leaf") => PerftConvention::FinishedGameIsLeaf,
        Some(other) => {
            eprintln!("unknown convention `{other}` (expected exact-length or finished-is-leaf)");
            std::process::exit(2);
        }
    };
    let mut game = Othello::start(&OthelloVariant::Standard);
    let started = Instant::now();
    let nodes = game.perft(depth, convention);
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "depth {depth} {} nodes {nodes} time {seconds:.3} s ({:.1} Mnodes/s)",
        convention.name(),
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
}
