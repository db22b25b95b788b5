//! Exact endgame solving, timed: `cargo run --release -p arbiter-othello --example solve --
//! BOARD64 SIDE` for one position (FFO/Edax string, side `X` or `O`), or `-- --ffo N..M [TSV]`
//! for the FFO positions N to M of `othello_ffo_endgame_1_79.tsv` (default path
//! `/work/shared/data/othello_ffo_endgame_1_79.tsv`).
//!
//! Prints per position: number, empties, best move, score, expected score, nodes, seconds,
//! nodes per second; then the totals.

use std::time::Instant;

use arbiter_core::Side;
use arbiter_othello::endgame::solve;
use arbiter_othello::setup::parse_position;

const DEFAULT_TSV: &str = "/work/shared/data/othello_ffo_endgame_1_79.tsv";

/// One position to solve: label, side to move's discs, opponent's discs, expected score.
struct Job {
    label: String,
    me: u64,
    opp: u64,
    expected: Option<i32>,
}

fn usage() -> ! {
    eprintln!("usage: solve BOARD64 SIDE | solve --ffo N..M [TSV]");
    std::process::exit(2);
}

/// The side to move's and the opponent's discs from the FFO/Edax text form.
fn parse(board: &str, side: &str) -> Result<(u64, u64), String> {
    let setup = parse_position(&format!("{board} {side}")).map_err(|e| e.to_string())?;
    Ok(match setup.to_move {
        Side::First => (setup.black, setup.white),
        Side::Second => (setup.white, setup.black),
    })
}

fn ffo_jobs(range: &str, path: &str) -> Result<Vec<Job>, String> {
    let (from, to) = range
        .split_once("..")
        .and_then(|(a, b)| Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?)))
        .ok_or_else(|| format!("bad range `{range}` (expected N..M)"))?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut jobs = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [number, board, side, _empties, best_score, ..] = fields[..] else {
            return Err(format!("short line in {path}: {line}"));
        };
        let Ok(number) = number.parse::<u32>() else {
            return Err(format!("bad number in {path}: {line}"));
        };
        if !(from..=to).contains(&number) {
            continue;
        }
        let (me, opp) = parse(board, side)?;
        jobs.push(Job {
            label: format!("#{number}"),
            me,
            opp,
            expected: best_score.trim_start_matches('+').parse().ok(),
        });
    }
    Ok(jobs)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let jobs = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["--ffo", range] => ffo_jobs(range, DEFAULT_TSV),
        ["--ffo", range, path] => ffo_jobs(range, path),
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
