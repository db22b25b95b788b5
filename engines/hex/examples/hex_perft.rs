//! Perft from the start of a variant, with its speed: the figures in the crate docs.
//!
//! `cargo run --release -p arbiter-hex --example hex_perft -- standard@11 4 [leaf]`

use std::time::Instant;

use arbiter_core::{Game, PerftConvention};
use arbiter_hex::{Hex, HexVariant};

fn main() {
    let mut args = std::env::args().skip(1);
    let variant: HexVariant = args
        .next()
        .unwrap_or_else(|| "standard".to_owned())
        .parse()
        .unwrap_or_else(|error| panic!("{error}"));
    let depth: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    let convention = match args.next().as_deref() {
        Some("leaf") => PerftConvention::FinishedGameIsLeaf,
        _ => PerftConvention::SequencesOfExactLength,
    };
    let mut game = Hex::start(&variant);
    for d in 1..=depth {
        let clock = Instant::now();
        let nodes = game.perft(d, convention);
        let seconds = clock.elapsed().as_secs_f64();
        println!(
            "{variant} perft({d}) = {nodes} ({seconds:.2} s, {:.1} M leaves/s)",
            nodes as f64 / seconds.max(1e-9) / 1e6
        );
    }
}
