//! Perft from the start or the second position of chessprogramming.org's "Chinese Chess Perft
//! Results", timed, each count checked against the published one.
//!
//! `cargo run --release -p arbiter-xiangqi --example xiangqi_perft -- DEPTH [start|second|FEN]`
//!
//! Figures, release build, on the 2-core build machine shared with other jobs (load average
//! about 10, so wall times are two to three times the CPU times; CPU time is the fair
//! measure). Fairy-Stockfish was built from fairy-stockfish/Fairy-Stockfish outside the project
//! with `largeboards=yes` and run as `go perft N` under `UCI_Variant xiangqi`:
//!
//! | position | depth | leaves | arbiter-xiangqi CPU | Fairy-Stockfish CPU |
//! |---|---|---|---|---|
//! | start | 5 | 133,312,995 | 3.2 s (41 M leaves/s) | 16.7 s (8.0 M leaves/s), run right after |
//! | start | 6 | 5,392,831,844 | 145 s (37 M leaves/s) | 884 s (6.1 M leaves/s), an earlier run |
//! | second | 5 | 53,112,976 | 1.25 s | — |
//!
//! So about five times Fairy-Stockfish's speed. The perft walk is the core's (bulk counting at
//! the last ply through `Game::count_moves`).

use std::time::Instant;

use arbiter_core::{Game, PerftConvention};
use arbiter_xiangqi::{START_FEN, Xiangqi, XiangqiVariant};

/// The second position and its published counts.
const SECOND: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
const START_COUNTS: [u64; 6] = [44, 1920, 79_666, 3_290_240, 133_312_995, 5_392_831_844];
const SECOND_COUNTS: [u64; 5] = [38, 1128, 43_929, 1_339_047, 53_112_976];

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = match args.next().map(|text| text.parse()) {
        Some(Ok(depth)) => depth,
        _ => {
            eprintln!("usage: xiangqi_perft DEPTH [start|second|FEN]");
            std::process::exit(2);
        }
    };
    let which = args.collect::<Vec<_>>().join(" ");
    let (fen, published): (&str, &[u64]) = match which.as_str() {
        "" | "start" => (START_FEN, &START_COUNTS),
        "second" => (SECOND, &SECOND_COUNTS),
        fen => (fen, &[]),
    };
    // No repetition ruling or limit: perft counts the moves of the rules of play.
    let variant: XiangqiVariant = "no-repetition+no-limit"
        .parse()
        .unwrap_or_else(|message: String| panic!("{message}"));
    let setup = Xiangqi::parse_position(&variant, fen).unwrap_or_else(|error| {
        eprintln!("{error}");
        std::process::exit(2);
    });
    let mut position = Xiangqi::from_setup(&variant, &setup).unwrap_or_else(|problems| {
        for problem in problems {
            eprintln!("{problem}");
        }
        std::process::exit(2);
    });
    for d in 1..=depth {
        let started = Instant::now();
        let nodes = position.perft(d, PerftConvention::SequencesOfExactLength);
        let seconds = started.elapsed().as_secs_f64();
        let check = match published.get(d as usize - 1) {
            Some(&expected) if expected == nodes => "matches the published count",
            Some(_) => "DIFFERS from the published count",
            None => "",
        };
        println!(
            "perft({d}) = {nodes}  {seconds:.3} s  {:.1} M leaves/s  {check}",
            nodes as f64 / seconds.max(1e-9) / 1e6
        );
        if check.starts_with("DIFFERS") {
            std::process::exit(1);
        }
    }
}
