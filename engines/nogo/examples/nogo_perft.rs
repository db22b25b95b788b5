//! Perft from a variant's start position, timed.
//!
//! `cargo run --release -p arbiter-nogo --example nogo_perft -- 5 [standard|foul-loses|standard@7]`

use std::time::Instant;

use arbiter_core::{Game, PerftConvention};
use arbiter_nogo::{NoGo, NoGoVariant};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = match args.next().map(|text| text.parse()) {
        Some(Ok(depth)) => depth,
        _ => {
            eprintln!("usage: nogo_perft DEPTH [VARIANT]");
            std::process::exit(2);
        }
    };
    let variant: NoGoVariant = match args.next().map(|text| text.parse()) {
        None => NoGoVariant::default(),
        Some(Ok(variant)) => variant,
        Some(Err(message)) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    let mut position = NoGo::start(&variant);
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
