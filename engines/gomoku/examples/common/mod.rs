//! What the benchmarks share: the same random mid-game renju positions on every run.

use arbiter_core::Game;
use arbiter_gomoku::{Gomoku, GomokuVariant, Move};

/// SplitMix64, enough randomness for picking moves.
fn next(state: &mut u64) -> u64 {
    let (s, z) = arbiter_core::zobrist::splitmix64(*state);
    *state = s;
    z
}

/// `count` unfinished renju positions of `stones` stones from fixed-seed random playouts, each
/// move the most central of `tries` random legal moves (mid-game shapes, as real games make).
pub fn central_positions(count: usize, stones: usize, tries: usize) -> Vec<Gomoku> {
    let mut seed = 0x5eed;
    let mut games = Vec::with_capacity(count);
    let mut moves = Vec::new();
    while games.len() < count {
        let mut game = Gomoku::start(&GomokuVariant::RENJU);
        while game.outcome().is_none() && game.stone_count() < stones {
            game.generate_moves(&mut moves);
            let pick = (0..tries)
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
    games
}
