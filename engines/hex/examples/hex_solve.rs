//! Solves every opening of an n x n board (no swap) and prints the winning first moves, the
//! nodes and the time of each solve: the solver's reach, for the figures in the crate docs.
//!
//! `cargo run --release -p arbiter-hex --example hex_solve -- 5 [NODE-LIMIT [CELL…]]`: with
//! cells, only those openings (say `6 50000000 a1 f6` to try two 6 x 6 openings).

use std::time::Instant;

use arbiter_core::Game;
use arbiter_hex::{Cell, Hex, HexMove, HexVariant, SwapRule, format_cell, solve};
use arbiter_search::{Budget, ProvenResult};

fn main() {
    let mut args = std::env::args().skip(1);
    let size: u8 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let limit: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(u64::MAX);
    let only: Vec<String> = args.collect();
    let variant = HexVariant::new(size, SwapRule::None);
    let n = usize::from(size);
    let started = Instant::now();
    let mut total = 0;
    let mut winning = Vec::new();
    for index in 0..n * n {
        let cell = Cell::from_index(index, size);
        if !only.is_empty() && !only.contains(&format_cell(cell)) {
            continue;
        }
        let mut game = Hex::new(variant);
        game.play(HexMove::Stone(cell)).unwrap();
        let clock = Instant::now();
        match solve(&game, Budget::Nodes(limit), 16) {
            Ok(report) => {
                let verdict = report.proven.map(|p| p.verdict);
                let black_wins = verdict == Some(ProvenResult::Loss);
                total += report.result.nodes;
                println!(
                    "{:>4} {:5} {:>12} nodes {:>8.3} s  pv {}",
                    format_cell(cell),
                    if black_wins { "black" } else { "white" },
                    report.result.nodes,
                    clock.elapsed().as_secs_f64(),
                    report
                        .result
                        .pv
                        .iter()
                        .map(|mv| game.format_move(*mv))
                        .collect::<Vec<_>>()
                        .join(" ")
                );
                if black_wins {
                    winning.push(format_cell(cell));
                }
            }
            Err(error) => println!("{:>4} {error}", format_cell(cell)),
        }
    }
    println!(
        "{size}x{size}: black wins with {} ({} cells); {total} nodes, {:.2} s",
        winning.join(" "),
        winning.len(),
        started.elapsed().as_secs_f64()
    );
}
