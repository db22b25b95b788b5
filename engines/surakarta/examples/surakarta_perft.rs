//! Perft from the start position, timed.
//!
//! `cargo run --release -p arbiter-surakarta --example surakarta_perft -- 5 [variant]`

use std::time::Instant;

use arbiter_core::{Game, PerftConvention};
use arbiter_surakarta::{Surakarta, SurakartaVariant};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = match args.next().map(|text| text.parse()) {
        Some(Ok(depth)) => depth,
        _ => {
            eprintln!("usage: perft DEPTH [variant]");
            std::process::exit(2);
        }
    };
    let variant: SurakartaVariant = match args.next().map(|text| text.parse()) {
        None => SurakartaVariant::default(),
        Some(Ok(variant)) => variant,
        Some(Err(message)) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    let mut position = Surakarta::start(&variant);
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
