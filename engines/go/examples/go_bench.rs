//! Speed of the Go engine: perft (with the bulk count at the last ply) and playouts, on 9x9
//! and 19x19. Asserts the perft counts it times (GNU Go's counts, specs/go/perft.yaml).
//!
//! `cargo run --release -p arbiter-go --example go_bench [seconds]`
//!
//! The figures measured on the project's machine are in the crate docs (`src/lib.rs`,
//! "Speed").

use std::time::{Duration, Instant};

use arbiter_core::{Game, PerftConvention};
use arbiter_go::{Go, GoEval, Params};
use arbiter_search::{Algorithm, Budget, Evaluator, SearchRequest, Searchable, SplitMix64};

fn perft(variant: &str, depth: u32, expected: u64) {
    let mut game = Go::new(variant.parse().unwrap());
    let start = Instant::now();
    let nodes = game.perft(depth, PerftConvention::SequencesOfExactLength);
    let time = start.elapsed();
    assert_eq!(nodes, expected, "{variant} perft({depth})");
    println!(
        "perft {variant:<12} depth {depth}: {nodes:>12} leaves in {:>7.2} s, {:>6.1} M leaves/s",
        time.as_secs_f64(),
        nodes as f64 / time.as_secs_f64() / 1e6
    );
}

/// Playouts of the policy alone from the empty board, as many as fit in `budget`.
fn playouts(variant: &str, budget: Duration) {
    let start_position = Go::new(variant.parse().unwrap());
    let mut eval = GoEval::from(Params::default());
    let mut rng = SplitMix64::new(1);
    let start = Instant::now();
    let (mut count, mut plies) = (0u64, 0u64);
    while start.elapsed() < budget {
        let mut game = start_position.clone();
        while let Some(mv) = eval.playout_move(&game, &mut rng) {
            game.make(mv);
            plies += 1;
        }
        count += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "playouts {variant:<9}: {:>8.0} playouts/s, {:>5.0} plies each, {:>5.2} M plies/s",
        count as f64 / secs,
        plies as f64 / count as f64,
        plies as f64 / secs / 1e6
    );
}

/// MCTS from the empty board with the shipped parameters: one iteration is one playout.
fn mcts(variant: &str, iterations: u64) {
    let game = Go::new(variant.parse().unwrap());
    let request = SearchRequest {
        algorithm: Algorithm::Mcts,
        budget: Budget::Nodes(iterations),
    };
    let start = Instant::now();
    let report = game.search(request, Go::PARAMS_YAML).unwrap();
    let secs = start.elapsed().as_secs_f64();
    println!(
        "mcts {variant:<13}: {iterations} iterations in {secs:.2} s, {:>8.0} playouts/s, best {}",
        iterations as f64 / secs,
        report
            .result
            .best
            .map_or("-".to_owned(), |mv| game.format_move(mv))
    );
}

fn main() {
    let seconds: u64 = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(5);
    perft("chinese@9", 3, 531_522);
    perft("chinese@9", 4, 42_002_809);
    perft("chinese", 2, 362 * 361 + 1);
    perft("chinese", 3, 361 * 360 * 360 + 2 * 361 * 361);
    playouts("chinese@9", Duration::from_secs(seconds));
    playouts("chinese", Duration::from_secs(seconds));
    mcts("chinese@9", 10_000);
    mcts("chinese", 2_000);
}
