//! Search figures, timed: `cargo run --release -p arbiter-connect6 --example search -- [NODES]`
//! (default 100000; MCTS runs NODES / 100 iterations). `-- NODES full-depth-2` also runs the
//! full-width alpha-beta to depth 2 without a node limit (minutes).
//!
//! For a quiet mid-game position it prints the size of the rules' move list, of the
//! `candidates` list and of the narrowed list, then the depth reached, the nodes and the wall
//! time of: alpha-beta over the rules' full move list (`AlphaBeta<Connect6, _>`: depth 1, the
//! node budget, optionally depth 2), alpha-beta and MCTS over the narrowed `SearchView` (the
//! `Searchable` path), and the threat solver on a position with a triple threat.

use std::time::Instant;

use arbiter_connect6::candidates::candidate_moves;
use arbiter_connect6::eval::{Connect6Eval, EvalParams};
use arbiter_connect6::view::narrow_moves;
use arbiter_connect6::{Connect6, Connect6Variant, Move};
use arbiter_core::Game;
use arbiter_search::{
    Algorithm, AlphaBeta, Budget, SearchParams, SearchRequest, SearchResult, Searchable, Searcher,
};

fn after(moves: &str) -> Connect6 {
    let mut game = Connect6::start(&Connect6Variant::STANDARD);
    for text in moves.split_whitespace() {
        let mv = game.parse_move(text).expect("a move");
        game.play(mv).expect("a legal move");
    }
    game
}

fn line(what: &str, game: &Connect6, result: &SearchResult<Move>, seconds: f64) {
    let best = result
        .best
        .map(|mv| game.format_move(mv))
        .unwrap_or_default();
    println!(
        "{what:<40} depth {:>2}  nodes {:>9}  {seconds:>8.3} s  {:>6.0} nodes/s  score {:>7}  best {best}",
        result.depth,
        result.nodes,
        result.nodes as f64 / seconds.max(1e-9),
        result.score,
    );
}

fn main() {
    let nodes: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000);
    let game = after("j10 k10-j11 i9-k12 h8-l9 i11-g11");
    let params = EvalParams::default();
    let mut moves = Vec::new();
    game.generate_moves(&mut moves);
    let rules = moves.len();
    candidate_moves(&game, &mut moves);
    let near = moves.len();
    narrow_moves(&game, &params, &mut moves);
    println!(
        "position {}: rules' moves {rules}, candidates.rs moves {near}, narrowed moves {}",
        game.format_position(),
        moves.len()
    );

    let mut full_width = vec![Budget::Depth(1), Budget::Nodes(nodes)];
    if std::env::args().nth(2).as_deref() == Some("full-depth-2") {
        full_width.push(Budget::Depth(2));
    }
    for budget in full_width {
        let evaluator = Connect6Eval::new(params.clone());
        let mut search = AlphaBeta::new(evaluator, SearchParams::default());
        let start = Instant::now();
        let result = search.search(&game, budget);
        let label = format!("full-width alpha-beta, {budget:?}");
        line(&label, &game, &result, start.elapsed().as_secs_f64());
    }
    for (algorithm, budget) in [
        (Algorithm::AlphaBeta, Budget::Depth(2)),
        (Algorithm::AlphaBeta, Budget::Nodes(nodes)),
        (Algorithm::Mcts, Budget::Nodes(nodes / 100)),
    ] {
        let start = Instant::now();
        let request = SearchRequest { algorithm, budget };
        let report = game
            .search(request, Connect6::PARAMS_YAML)
            .expect("the shipped parameters");
        let label = format!("narrowed {algorithm}, {budget:?}");
        line(&label, &game, &report.result, start.elapsed().as_secs_f64());
    }
    let triple = after("j10 s19-r19 a1-b1 s17-r17 c1-a3 s15-r15 b3-c3 s13-r13 d4-d5 s11-r11");
    let start = Instant::now();
    let request = SearchRequest {
        algorithm: Algorithm::Solve,
        budget: Budget::Nodes(1_000_000),
    };
    match triple.search(request, Connect6::PARAMS_YAML) {
        Ok(report) => {
            let label = format!(
                "solve (triple threat), {:?}",
                report.proven.map(|p| p.verdict)
            );
            line(
                &label,
                &triple,
                &report.result,
                start.elapsed().as_secs_f64(),
            );
        }
        Err(error) => println!("solve: {error}"),
    }
}
