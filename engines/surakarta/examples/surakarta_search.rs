//! One search from the start (or a given position), timed: the figures in the README.
//!
//! `cargo run --release -p arbiter-surakarta --example surakarta_search -- alpha-beta nodes 100000`
//! `cargo run --release -p arbiter-surakarta --example surakarta_search -- alpha-beta depth 2 ["<position line>"]`
//!
//! The algorithm is `alpha-beta`, `mcts` or `solve`; the budget `nodes N` or `depth N`; the
//! optional position is the one-line form (`BBBBBB/BBBBBB/6/6/RRRRRR/RRRRRR red 0`).

//! `PARAMS=FILE` in the environment searches with that parameters file instead of the shipped one.

use std::time::Instant;

use arbiter_core::Game;
use arbiter_search::{Algorithm, Budget, SearchRequest, Searchable};
use arbiter_surakarta::{Surakarta, SurakartaVariant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!("usage: surakarta_search alpha-beta|mcts|solve nodes|depth N [POSITION]");
        std::process::exit(2);
    };
    let (Some(algorithm), Some(kind), Some(amount)) = (args.first(), args.get(1), args.get(2))
    else {
        usage()
    };
    let algorithm: Algorithm = algorithm.parse().unwrap_or_else(|_| usage());
    let amount: u64 = amount.parse().unwrap_or_else(|_| usage());
    let budget = match kind.as_str() {
        "nodes" => Budget::Nodes(amount),
        "depth" => Budget::Depth(u32::try_from(amount).unwrap_or_else(|_| usage())),
        _ => usage(),
    };
    let variant = SurakartaVariant::default();
    let position = match args.get(3) {
        None => Surakarta::start(&variant),
        Some(text) => Surakarta::parse_position(&variant, text)
            .map_err(|error| error.to_string())
            .and_then(|setup| {
                Surakarta::from_setup(variant, &setup).map_err(|problems| format!("{problems:?}"))
            })
            .unwrap_or_else(|error| {
                eprintln!("{error}");
                std::process::exit(2);
            }),
    };
    let params = std::env::var("PARAMS").map_or_else(
        |_| Surakarta::PARAMS_YAML.to_owned(),
        |path| {
            std::fs::read_to_string(&path).unwrap_or_else(|error| {
                eprintln!("{path}: {error}");
                std::process::exit(2);
            })
        },
    );
    let started = Instant::now();
    let report = position.search(SearchRequest { algorithm, budget }, &params);

    let seconds = started.elapsed().as_secs_f64();
    match report {
        Ok(report) => {
            let result = report.result;
            let best = result
                .best
                .map_or_else(|| "-".to_owned(), |mv| position.format_move(mv));
            println!(
                "{algorithm} {kind} {amount}: best {best} score {} depth {} nodes {} proven {:?} \
                 in {seconds:.3} s = {:.0} nodes/s",
                result.score,
                result.depth,
                result.nodes,
                report.proven.map(|p| p.verdict),
                result.nodes as f64 / seconds,
            );
        }
        Err(error) => println!("{algorithm}: {error} after {seconds:.3} s"),
    }
}
