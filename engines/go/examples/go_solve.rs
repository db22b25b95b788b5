//! Solves a position with the exact solver and prints the result, the nodes and the time.
//!
//! `cargo run --release -p arbiter-go --example go_solve -- tromp-taylor@3,komi=0 [moves…]`

use std::time::Instant;

use arbiter_core::Game;
use arbiter_go::Go;
use arbiter_search::{Algorithm, Budget, SearchRequest, Searchable};

fn main() {
    let mut args = std::env::args().skip(1);
    let variant = args
        .next()
        .unwrap_or_else(|| "tromp-taylor@3,komi=0".to_owned());
    let variant = variant.parse().unwrap_or_else(|e| panic!("{e}"));
    let mut game = Go::new(variant);
    for text in args {
        let mv = game.parse_move(&text).unwrap_or_else(|e| panic!("{e}"));
        game.play(mv).unwrap_or_else(|e| panic!("{e}"));
    }
    let start = Instant::now();
    let request = SearchRequest {
        algorithm: Algorithm::Solve,
        budget: Budget::Nodes(u64::MAX),
    };
    match game.search(request, Go::PARAMS_YAML) {
        Ok(report) => println!(
            "{}: best {:?} proven {:?} depth {} nodes {} in {:.2?}",
            game.variant(),
            report.result.best.map(|mv| game.format_move(mv)),
            report.proven,
            report.result.depth,
            report.result.nodes,
            start.elapsed()
        ),
        Err(error) => println!("{error}"),
    }
}
