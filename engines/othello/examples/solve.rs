//! Exact endgame solving, timed: `cargo run --release -p arbiter-othello --example solve --
//! BOARD64 SIDE` for one position (FFO/Edax string, side `X` or `O`), or `-- --ffo N..M
//! [OBF…]` for the FFO positions N to M (#1-#59) of the repository's suites
//! `suites/othello/ffo-*.obf` (Edax's `problem/fforum-*.obf` with every move's exact score), or
//! of the `.obf` files named.
//!
//! Prints per position: number, empties, best move, score, expected score, nodes, seconds,
//! nodes per second; then the totals.

use std::time::Instant;

use arbiter_core::{Game, Side};
use arbiter_othello::endgame::solve;
use arbiter_othello::{Othello, OthelloVariant};

/// The FFO suites, from the workspace root.
const SUITES: [&str; 3] = [
    "suites/othello/ffo-01-19.obf",
    "suites/othello/ffo-20-39.obf",
    "suites/othello/ffo-40-59.obf",
];

/// One position to solve: label, side to move's discs, opponent's discs, expected score.
struct Job {
    label: String,
    me: u64,
    opp: u64,
    expected: Option<i32>,
}

fn usage() -> ! {
    eprintln!("usage: solve BOARD64 SIDE | solve --ffo N..M [OBF...]");
    std::process::exit(2);
}

/// The side to move's and the opponent's discs from the FFO/Edax text form.
fn parse(board: &str, side: &str) -> Result<(u64, u64), String> {
    let setup = Othello::parse_position(&OthelloVariant::default(), &format!("{board} {side}"))
        .map_err(|e| e.to_string())?;
    Ok(match setup.to_move {
        Side::First => (setup.black, setup.white),
        Side::Second => (setup.white, setup.black),
    })
}

/// The positions N to M of `range` in the `.obf` files `paths`: lines `BOARD64 SIDE; MOVE:SCORE;
/// …; % id: ffo-N`, the best move's score the largest listed.
fn ffo_jobs(range: &str, paths: &[String]) -> Result<Vec<Job>, String> {
    let (from, to) = range
        .split_once("..")
        .and_then(|(a, b)| Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?)))
        .ok_or_else(|| format!("bad range `{range}` (expected N..M)"))?;
    let mut jobs = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for line in text
            .lines()
            .filter(|l| !l.starts_with('%') && !l.is_empty())
        {
            let (fields, id) = line.split_once("% id: ffo-").unwrap_or((line, ""));
            let Ok(number) = id.trim().parse::<u32>() else {
                return Err(format!("no `% id: ffo-N` in {path}: {line}"));
            };
            if !(from..=to).contains(&number) {
                continue;
            }
            let mut fields = fields.split(';').map(str::trim);
            let position = fields.next().unwrap_or_default();
            let Some((board, side)) = position.split_once(' ') else {
                return Err(format!("no position in {path}: {line}"));
            };
            let (me, opp) = parse(board, side)?;
            let expected = fields
                .filter_map(|scored| scored.split_once(':'))
                .filter_map(|(_, score)| score.trim_start_matches('+').parse().ok())
                .max();
            jobs.push(Job {
                label: format!("#{number}"),
                me,
                opp,
                expected,
            });
        }
    }
    jobs.sort_by_key(|job| job.label[1..].parse::<u32>().unwrap_or(0));
    Ok(jobs)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let jobs = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["--ffo", range] => {
            let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
            let suites: Vec<String> = SUITES.iter().map(|s| format!("{root}/{s}")).collect();
            ffo_jobs(range, &suites)
        }
        ["--ffo", range, ..] => ffo_jobs(range, &args[2..]),
        [board, side] => parse(board, side).map(|(me, opp)| {
            vec![Job {
                label: "position".to_owned(),
                me,
                opp,
                expected: None,
            }]
        }),
        _ => usage(),
    };
    let jobs = jobs.unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2);
    });
    println!("pos\tempties\tbest\tscore\texpected\tnodes\tseconds\tnodes/s");
    let (mut total_nodes, mut total_seconds, mut wrong) = (0u64, 0f64, 0);
    for job in &jobs {
        let started = Instant::now();
        let solution = solve(job.me, job.opp);
        let seconds = started.elapsed().as_secs_f64();
        let expected = job.expected.map_or("-".to_owned(), |e| format!("{e:+}"));
        if job.expected.is_some_and(|e| e != solution.score) {
            wrong += 1;
        }
        let best = solution.best.map_or("-".to_owned(), |m| m.to_string());
        println!(
            "{}\t{}\t{best}\t{:+}\t{expected}\t{}\t{seconds:.3}\t{:.0}",
            job.label,
            (!(job.me | job.opp)).count_ones(),
            solution.score,
            solution.nodes,
            solution.nodes as f64 / seconds.max(1e-9)
        );
        total_nodes += solution.nodes;
        total_seconds += seconds;
    }
    println!(
        "total\t{} positions\t{wrong} wrong\tnodes {total_nodes}\t{total_seconds:.3} s\t{:.0} nodes/s",
        jobs.len(),
        total_nodes as f64 / total_seconds.max(1e-9)
    );
}
