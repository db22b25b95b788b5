//! Perft speed of the draughts move generator: `cargo run --release -p arbiter-draughts
//! --example draughts_perft [DEPTH] [FEN]`. Prints each depth's count, time and speed
//! (leaves per second, the last ply counted in bulk), for the figures in the crate docs.
//! Counts from the start: Aart Bik, "BikDam: international checkers".

use std::time::Instant;

use arbiter_core::{Game, PerftConvention};
use arbiter_draughts::{Draughts, DraughtsVariant};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(8);
    let variant = DraughtsVariant::default();
    let mut game = match args.next() {
        Some(fen) => {
            let setup = Draughts::parse_position(&variant, &fen).unwrap_or_else(|error| {
                eprintln!("{error}");
                std::process::exit(2)
            });
            Draughts::from_setup(&variant, &setup).unwrap_or_else(|problems| {
                eprintln!("{problems:?}");
                std::process::exit(2)
            })
        }
        None => Draughts::start(&variant),
    };
    println!("perft from {}", game.format_position());
    for d in 1..=depth {
        let started = Instant::now();
        let nodes = game.perft(d, PerftConvention::default());
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "perft({d:2}) = {nodes:>12}  {seconds:8.3} s  {:8.1} M leaves/s",
            nodes as f64 / seconds.max(1e-9) / 1e6
        );
    }
}
