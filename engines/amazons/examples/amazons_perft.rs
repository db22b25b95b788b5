//! Perft from a variant's start position, timed.
//!
//! `cargo run --release -p arbiter-amazons --example amazons_perft -- 3 [standard|botzone8]`

use std::time::Instant;

use arbiter_amazons::{Amazons, AmazonsVariant};
use arbiter_core::{Game, PerftConvention};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = match args.next().map(|text| text.parse()) {
        Some(Ok(depth)) => depth,
        _ => {
            eprintln!("usage: perft DEPTH [standard|botzone8]");
            std::process::exit(2);
        }
    };
    let variant: AmazonsVariant = match args.next().map(|text| text.parse()) {
        None => AmazonsVariant::default(),
        Some(Ok(variant)) => variant,
        Some(Err(message)) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    let mut position = Amazons::start(&variant);
    for d in 1..=depth {
        let started = Instant::now();
        let nodes = position.perft(d, PerftConvention::SequencesOfExactLength);
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "{variant} perft({d}) = {nodes}  {seconds:.3} s  {:.1} Mnodes/s",
            nodes as f64 / seconds / 1e6
        );
    }
}
