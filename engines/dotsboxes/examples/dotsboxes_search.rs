//! One search, timed: nodes per second for the README, and the exact solver on small boards.
//!
//! `cargo run --release -p arbiter-dotsboxes --example dotsboxes_search -- alpha-beta|mcts|solve nodes|depth N [RxC] [POSITION]`

use std::time::Instant;

use arbiter_core::Game;
use arbiter_dotsboxes::{DotsBoxes, DotsBoxesVariant};
use arbiter_search::{Algorithm, Budget, SearchRequest, Searchable};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!("usage: dotsboxes_search alpha-beta|mcts|solve nodes|depth N [RxC] [POSITION]");
        std::process::exit(2);
    };
    let [algorithm, kind, count, rest @ ..] = args.as_slice() else {
        usage()
    };
    let algorithm: Algorithm = algorithm.parse().unwrap_or_else(|_| usage());
    let count: u64 = count.parse().unwrap_or_else(|_| usage());
    let budget = match kind.as_str() {
        "nodes" => Budget::Nodes(count),
        "depth" => Budget::Depth(u32::try_from(count).unwrap_or_else(|_| usage())),
        _ => usage(),
    };
    let variant: DotsBoxesVariant = match rest.first() {
        Some(text) => text.parse().unwrap_or_else(|e: String| {
            eprintln!("{e}");
            std::process::exit(2)
        }),
        None => DotsBoxesVariant::default(),
    };
    let game = match rest.get(1) {
        None => DotsBoxes::start(&variant),
        Some(text) => {
            let setup = DotsBoxes::parse_position(&variant, text).unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(2)
            });
            DotsBoxes::from_setup(variant, &setup).unwrap_or_else(|problems| {
                eprintln!("{problems:?}");
                std::process::exit(2)
            })
        }
    };
    let started = Instant::now();
    let report = game
        .search(SearchRequest { algorithm, budget }, DotsBoxes::PARAMS_YAML)
        .unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(1)
        });
    let seconds = started.elapsed().as_secs_f64();
    let result = &report.result;
    let mut replay = game.clone();
    let pv: Vec<String> = result
        .pv
        .iter()
        .map(|&mv| {
            let text = replay.format_move(mv);
            replay.make(mv);
            text
        })
        .collect();
    println!(
        "{algorithm}: best {} score {} depth {} nodes {} in {seconds:.3} s ({:.0} nodes/s), proven {:?}\npv {}",
        result
            .best
            .map_or("none".to_owned(), |mv| game.format_move(mv)),
        result.score,
        result.depth,
        result.nodes,
        result.nodes as f64 / seconds,
        report.proven,
        pv.join(" ")
    );
}
