//! Times the complete renju forbidden-point map over random mid-game 15x15 positions.
//!
//! `cargo run --release -p arbiter-gomoku --example forbidden_bench [positions] [stones]`
//! (defaults: 2000 positions of 60 stones). Positions come from fixed-seed random renju playouts
//! biased to the centre, so every run measures the same positions. Prints the mean time per map
//! and a checksum (total forbidden points) to compare runs.

use std::time::Instant;

use arbiter_core::Game;
use arbiter_gomoku::{Gomoku, GomokuVariant, Move};

/// SplitMix64, enough randomness for picking moves.
fn next(state: &mut u64) -> u64 {
    let (s, z) = arbiter_core::zobrist::splitmix64(*state);
    *state = s;
    z
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a number"));
    let positions = args.next().unwrap_or(2000);
    let stones = args.next().unwrap_or(60);
    let variant = GomokuVariant::RENJU;
    let mut seed = 0x5eed;
    let mut games = Vec::with_capacity(positions);
    let mut moves = Vec::new();
    while games.len() < positions {
        let mut game = Gomoku::start(&variant);
        while game.outcome().is_none() && game.stone_count() < stones {
            game.generate_moves(&mut moves);
            // Prefer points near the centre (mid-game shapes), as real games do.
            let pick = (0..4)
                .map(|_| moves[(next(&mut seed) % moves.len() as u64) as usize])
                .min_by_key(|mv| match mv {
                    Move::Stone(p) => (i32::from(p.col()) - 7)
                        .abs()
                        .max((i32::from(p.row()) - 7).abs()),
                    _ => 0,
                })
                .expect("a move");
            game.make(pick);
        }
        if game.outcome().is_none() {
            games.push(game);
        }
    }
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
