//! Perft from a board's start, per turn (the engine's perft) or per line (OpenSpiel's actions),
//! timed.
//!
//! `cargo run --release -p arbiter-dotsboxes --example dotsboxes_perft -- DEPTH [5x5|3x3|…] [lines]`

use std::time::Instant;

use arbiter_core::{Game, PerftConvention};
use arbiter_dotsboxes::{DotsBoxes, DotsBoxesVariant, perft_lines};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = match args.next().map(|text| text.parse()) {
        Some(Ok(depth)) => depth,
        _ => {
            eprintln!("usage: dotsboxes_perft DEPTH [RxC] [lines]");
            std::process::exit(2);
        }
    };
    let variant: DotsBoxesVariant = match args.next().map(|text| text.parse()) {
        None => DotsBoxesVariant::default(),
        Some(Ok(variant)) => variant,
        Some(Err(message)) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    let lines = args.next().as_deref() == Some("lines");
    let mut position = DotsBoxes::start(&variant);
    for d in 1..=depth {
        let started = Instant::now();
        let text = if lines {
            let counts = perft_lines(&position, d);
            format!(
                "sequences {} black-to-move {} finished {}",
                counts.sequences, counts.black_to_move, counts.finished
            )
        } else {
            position
                .perft(d, PerftConvention::SequencesOfExactLength)
                .to_string()
        };
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "{variant} {} perft({d}) = {text}  {seconds:.3} s",
            if lines { "line" } else { "turn" }
        );
    }
}
