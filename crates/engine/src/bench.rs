//! The bench: a fixed set of positions per engine, each searched by alpha-beta to a fixed
//! depth. The total node count is the *signature*: it changes exactly when the search's
//! behaviour changes (move generation, ordering, evaluation, pruning), and it is the same on
//! every run and machine. Nodes per second are measured beside it; they vary.
//!
//! Depth, not a node budget, is the limit: under `Nodes(n)` every search would report `n`.

use std::time::Instant;

use arbiter_search::{Algorithm, Budget};

use crate::{PositionRequest, RulesEngine};

/// One bench position: which game, where (a move list from the start), how deep.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BenchPosition {
    pub(crate) game: &'static str,
    /// A label for reports.
    pub(crate) label: &'static str,
    /// Moves from the start, in the game's notation.
    pub(crate) moves: &'static str,
    pub(crate) depth: u32,
}

/// The fixed set. Changing it changes every signature: freeze a new baseline after.
pub(crate) const POSITIONS: &[BenchPosition] = &[
    BenchPosition {
        game: "amazons",
        label: "start",
        moves: "",
        depth: 2,
    },
    BenchPosition {
        game: "amazons",
        label: "opening",
        moves: "d1-d7/g7 g10-e8/e3",
        depth: 2,
    },
    BenchPosition {
        game: "connect6",
        label: "after-first",
        moves: "j10",
        depth: 2,
    },
    BenchPosition {
        game: "connect6",
        label: "opening",
        moves: "j10 k10-k11 j11-j12",
        depth: 2,
    },
    BenchPosition {
        game: "dotsboxes",
        label: "start",
        moves: "",
        depth: 4,
    },
    BenchPosition {
        game: "dotsboxes",
        label: "middle",
        moves: "a1b1 c1d1 e1f1 a3a4 c2c3 e3e4 b4c4 d5e5 f2f3 a6b6 c6d6 e6f6 b2b3 d3d4 f5f6 a5a6 c4c5 e2f2",
        depth: 4,
    },
    BenchPosition {
        game: "einstein",
        label: "after-setup",
        moves: "layout-123456 layout-654321 roll-3",
        depth: 10,
    },
    BenchPosition {
        game: "gomoku",
        label: "start",
        moves: "",
        depth: 4,
    },
    BenchPosition {
        game: "gomoku",
        label: "opening",
        moves: "h8 i9 h9 h10 i8",
        depth: 4,
    },
    BenchPosition {
        game: "nogo",
        label: "start",
        moves: "",
        depth: 4,
    },
    BenchPosition {
        game: "nogo",
        label: "opening",
        moves: "e5 c3 g7 c7 g3 e3 e7",
        depth: 4,
    },
    BenchPosition {
        game: "othello",
        label: "start",
        moves: "",
        depth: 9,
    },
    BenchPosition {
        game: "othello",
        label: "tiger",
        moves: "f5 d6 c3 d3 c4 f4 f6",
        depth: 9,
    },
    BenchPosition {
        game: "othello",
        label: "midgame",
        moves: "f5 f6 e6 f4 e3 c5 c4 e7 c6 d3 g5 b4",
        depth: 9,
    },
    BenchPosition {
        game: "surakarta",
        label: "start",
        moves: "",
        depth: 4,
    },
    BenchPosition {
        game: "tictactoe",
        label: "start",
        moves: "",
        depth: 9,
    },
];

/// One position's result.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchLine {
    pub engine: String,
    pub label: &'static str,
    pub depth: u32,
    /// `None` when the engine cannot search (or the position does not set up): the reason.
    pub nodes: Result<u64, String>,
    pub best: Option<String>,
    pub seconds: f64,
}

/// Searches every bench position of each engine's game.
#[must_use]
pub fn run(engines: &[Box<dyn RulesEngine>]) -> Vec<BenchLine> {
    let mut lines = Vec::new();
    for engine in engines {
        for bench in POSITIONS.iter().filter(|bench| bench.game == engine.game()) {
            lines.push(run_one(engine.as_ref(), bench));
        }
    }
    lines
}

fn run_one(engine: &dyn RulesEngine, bench: &BenchPosition) -> BenchLine {
    let mut line = BenchLine {
        engine: engine.name().to_owned(),
        label: bench.label,
        depth: bench.depth,
        nodes: Err(String::new()),
        best: None,
        seconds: 0.0,
    };
    let request = PositionRequest {
        move_text: (!bench.moves.is_empty()).then(|| bench.moves.to_owned()),
        ..PositionRequest::default()
    };
    let position = match engine.position(&engine.default_variant(), &request) {
        Ok(position) => position,
        Err(error) => {
            line.nodes = Err(format!("bench position does not set up: {error}"));
            return line;
        }
    };
    let start = Instant::now();
    match position.search(Algorithm::AlphaBeta, Budget::Depth(bench.depth), None) {
        Ok(report) => {
            line.seconds = start.elapsed().as_secs_f64();
            line.nodes = Ok(report.nodes);
            line.best = report.best;
        }
        Err(error) => line.nodes = Err(error.to_string()),
    }
    line
}

/// The signature per engine (total nodes), in engine order, and over all engines.
#[must_use]
pub fn signatures(lines: &[BenchLine]) -> (Vec<(String, u64)>, u64) {
    let mut per_engine: Vec<(String, u64)> = Vec::new();
    for line in lines {
        let Ok(nodes) = line.nodes else { continue };
        match per_engine
            .iter_mut()
            .find(|(engine, _)| *engine == line.engine)
        {
            Some((_, total)) => *total += nodes,
            None => per_engine.push((line.engine.clone(), nodes)),
        }
    }
    let total = per_engine.iter().map(|(_, nodes)| nodes).sum();
    (per_engine, total)
}

/// The signature as text, one `engine: nodes` line each and a `total:` line: what a baseline
/// records (no timings, so that two freezes of the same code are byte-identical).
#[must_use]
pub fn signature_text(lines: &[BenchLine]) -> String {
    let (per_engine, total) = signatures(lines);
    let mut text = String::new();
    for (engine, nodes) in per_engine {
        text.push_str(&format!("{engine}: {nodes}\n"));
    }
    text.push_str(&format!("total: {total}\n"));
    text
}
