//! Times the complete renju forbidden-point map over random mid-game 15x15 positions.
//!
//! `cargo run --release -p arbiter-gomoku --example forbidden_bench [positions] [stones]`
//! (defaults: 2000 positions of 60 stones). Positions come from fixed-seed random renju playouts
//! biased to the centre, so every run measures the same positions. Prints the mean time per map
//! and a checksum (total forbidden points) to compare runs.

use std::time::Instant;

mod common;

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a number"));
    let positions = args.next().unwrap_or(2000);
    let stones = args.next().unwrap_or(60);
    let games = common::central_positions(positions, stones, 4);
    let mut out = Vec::new();
    let mut total = 0usize;
    let started = Instant::now();
    for game in &games {
        game.forbidden_points_into(&mut out);
        total += out.len();
    }
    let elapsed = started.elapsed();
    println!(
        "{positions} positions, {stones} stones: {:.2} us per forbidden map ({total} forbidden points in all)",
        elapsed.as_secs_f64() * 1e6 / positions as f64
    );
}
