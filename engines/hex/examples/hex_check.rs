//! Cross-checks the solver against plain alpha-beta searched to the end
//! (`arbiter_search::solve_to_end`) after the given moves.
//!
//! `cargo run --release -p arbiter-hex --example hex_check -- standard@5 d1`

use std::time::Instant;

use arbiter_core::Game;
use arbiter_hex::{Hex, HexEval, HexVariant, Params, solve};
use arbiter_search::{Budget, SearchParams, solve_to_end};

fn main() {
    let mut args = std::env::args().skip(1);
    let variant: HexVariant = args.next().unwrap().parse().unwrap();
    let mut game = Hex::new(variant);
    for text in args {
        let mv = game.parse_move(&text).unwrap();
        game.play(mv).unwrap();
    }
    let clock = Instant::now();
    let solved = solve(&game, Budget::Nodes(u64::MAX), 16).unwrap();
    println!(
        "solver: {:?} {} nodes {:.2} s",
        solved.proven,
        solved.result.nodes,
        clock.elapsed().as_secs_f64()
    );
    let clock = Instant::now();
    let params = SearchParams {
        tt_size_mb: 256,
        ..SearchParams::default()
    };
    let full = solve_to_end(
        &game,
        Budget::Nodes(u64::MAX),
        HexEval::new(Params::default()),
        &params,
    )
    .unwrap();
    println!(
        "alpha-beta to the end: {:?} {} nodes {:.2} s",
        full.proven,
        full.result.nodes,
        clock.elapsed().as_secs_f64()
    );
}
