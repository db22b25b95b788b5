//! Explains the repetition ruling at the end of a game: each side's conduct over the cycle
//! (idle, chase, check), the pieces chased, and the outcome.
//!
//! `cargo run --release -p arbiter-xiangqi --example xiangqi_ruling -- VARIANT FEN|start MOVES…`

use arbiter_core::Game;
use arbiter_xiangqi::{START_FEN, Xiangqi, XiangqiVariant, format_point, rulings};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [variant, fen, moves @ ..] = args.as_slice() else {
        eprintln!("usage: xiangqi_ruling VARIANT FEN|start MOVES…");
        std::process::exit(2);
    };
    let variant: XiangqiVariant = variant.parse().unwrap_or_else(|message: String| {
        eprintln!("{message}");
        std::process::exit(2)
    });
    let fen = if fen == "start" { START_FEN } else { fen };
    let setup = Xiangqi::parse_position(&variant, fen).unwrap_or_else(|error| {
        eprintln!("{error}");
        std::process::exit(2)
    });
    let mut game = Xiangqi::from_setup(&variant, &setup).unwrap_or_else(|problems| {
        eprintln!("{problems:?}");
        std::process::exit(2)
    });
    for text in moves.iter().flat_map(|m| Xiangqi::split_moves(m)) {
        let mv = game.parse_move(&text).unwrap_or_else(|error| {
            eprintln!("{error}");
            std::process::exit(2)
        });
        if let Err(error) = game.play(mv) {
            eprintln!("{text}: {error}");
            std::process::exit(1);
        }
    }
    println!("position: {}", game.format_position());
    match rulings::judge(&game) {
        Some(ruling) => {
            for (side, name) in [(0, "red"), (1, "black")] {
                let chased: Vec<String> = ruling.chased[side]
                    .iter()
                    .map(|&p| format_point(p))
                    .collect();
                println!("{name}: {:?} {}", ruling.conduct[side], chased.join(" "));
            }
            println!("cycle: {} plies", ruling.plies);
        }
        None => println!("no repetition ruling due"),
    }
    println!("outcome: {:?}", game.outcome());
}
