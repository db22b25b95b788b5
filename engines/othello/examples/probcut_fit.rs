//! Measures how far the solver's shallow evaluation search strays from the exact score, per
//! number of empty squares and search depth: the spreads behind the margins of the solver's
//! probable cut-offs (`endgame/probcut.rs`).
//! `cargo run --release -p arbiter-othello --example probcut_fit -- DATA [--per N] [--empties
//! A..B]` (defaults 400 positions per number of empties, 10..22), where DATA is a data file
//! written by the `train_eval` example (`--data`). Above 18 empties each position is solved,
//! which takes seconds per position from about 22 empties on.
//!
//! Only games from number 16,000 on are used: the shipped weights were fitted on the first
//! 16,000 games of a file made with `train_eval`'s default seed, and their error on those
//! would be too small. Positions of up to 18 empties carry exact scores in the file; positions
//! with more are solved here.

use arbiter_othello::endgame::{shallow_value, solve};
use arbiter_othello::pattern::EVAL_SCALE;

#[path = "common/samples.rs"]
mod samples;

/// Games before this one trained the shipped weights.
const FIRST_UNSEEN_GAME: u32 = 16_000;
/// Positions of up to this many empties have exact labels in the data file.
const LABELLED_EMPTIES: u32 = 18;
const DEPTHS: std::ops::RangeInclusive<u32> = 0..=6;

const USAGE: &str = "usage: probcut_fit DATA [--per N] [--empties A..B]";

/// Prints `message` and the usage, and exits.
fn fail(message: &str) -> ! {
    eprintln!("probcut_fit: {message}\n{USAGE}");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        fail("no data file")
    };
    let value_of = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let per: usize = value_of("--per").map_or(400, |v| {
        v.parse()
            .unwrap_or_else(|_| fail(&format!("--per wants a number, got `{v}`")))
    });
    let (from, to): (u32, u32) = value_of("--empties").map_or((10, 22), |v| {
        v.split_once("..")
            .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
            .unwrap_or_else(|| fail(&format!("--empties wants A..B, got `{v}`")))
    });
    let samples = samples::load(path.as_ref()).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });
    println!("empties\tdepth\tpositions\tmean\tsd (discs)");
    for empties in from..=to {
        let mut errors: Vec<Vec<f64>> = vec![Vec::new(); DEPTHS.count()];
        let mut taken = 0;
        for &samples::Sample {
            me,
            opp,
            score,
            game,
        } in &samples
        {
            if game < FIRST_UNSEEN_GAME || (!(me | opp)).count_ones() != empties {
                continue;
            }
            let score = if empties <= LABELLED_EMPTIES {
                f64::from(score)
            } else {
                f64::from(solve(me, opp).score)
            };
            for depth in DEPTHS {
                let value = f64::from(shallow_value(me, opp, depth)) / f64::from(EVAL_SCALE);
                errors[depth as usize].push(value - score);
            }
            taken += 1;
            if taken == per {
                break;
            }
        }
        if taken == 0 {
            println!("{empties}\t-\t0\t-\t-");
            continue;
        }
        for depth in DEPTHS {
            let e = &errors[depth as usize];
            let n = e.len() as f64;
            let mean = e.iter().sum::<f64>() / n;
            let sd = (e.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n).sqrt();
            println!("{empties}\t{depth}\t{}\t{mean:+.2}\t{sd:.2}", e.len());
        }
    }
}
