//! One search from the 9x9 start (or a position), timed: nodes per second for the README.
//!
//! `cargo run --release -p arbiter-nogo --example nogo_search -- alpha-beta|mcts|solve nodes|depth N [VARIANT] [POSITION]`

use std::time::Instant;

use arbiter_core::Game;
use arbiter_nogo::{NoGo, NoGoVariant};
use arbiter_search::{Algorithm, Budget, SearchRequest, Searchable};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!("usage: nogo_search alpha-beta|mcts|solve nodes|depth N [VARIANT] [POSITION]");
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
    let (variant, rest) = match rest {
        [first, rest @ ..]
            if first.contains('@') || first == "standard" || first == "foul-loses" =>
        {
            (
                first.parse().unwrap_or_else(|e: String| {
                    eprintln!("{e}");
                    std::process::exit(2)
                }),
                rest,
            )
        }
        _ => (NoGoVariant::default(), rest),
    };
    let game = match rest {
        [] => NoGo::start(&variant),
        [text] => {
            let setup = NoGo::parse_position(&variant, text).unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(2)
            });
            NoGo::from_setup(variant, &setup).unwrap_or_else(|problems| {
                eprintln!("{problems:?}");
                std::process::exit(2)
            })
        }
        _ => usage(),
    };
    let started = Instant::now();
    let report = game
        .search(SearchRequest { algorithm, budget }, NoGo::PARAMS_YAML)
        .unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(1)
        });
    let seconds = started.elapsed().as_secs_f64();
    let result = &report.result;
    println!(
        "{algorithm}: best {} score {} depth {} nodes {} in {seconds:.3} s ({:.0} nodes/s), proven {:?}",
        result
            .best
            .map_or("none".to_owned(), |mv| game.format_move(mv)),
        result.score,
        result.depth,
        result.nodes,
        result.nodes as f64 / seconds,
        report.proven
    );
}
