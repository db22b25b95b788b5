//! Trains the pattern weights of `arbiter_othello::pattern` and writes `weights/patterns.bin`:
//! `cargo run --release -p arbiter-othello --example train_eval -- [--games N] [--seed S]
//! [--threads N] [--relabel SHARE] [--shrink X] [--epochs N] [--without KIND,..] [--data FILE]
//! [--out FILE]`. The defaults made the shipped file (about 30 minutes on two cores to play
//! and solve the games, 5 more to fit).
//!
//! # Data
//! 16,000 games are played from the start by a cheap randomised policy (fewest opponent
//! replies, corners, noise). From [`SOLVE_EMPTIES`] empty squares down to
//! [`pattern::MIN_EMPTIES`] every position is solved exactly by `endgame::solve`, and that
//! exact score is its label. Positions with more empties first take the exact score of their
//! game's position at [`SOLVE_EMPTIES`] (with the sign of their side to move). That label is
//! noisy (the policy plays badly until then), so by default (`--relabel 1`) it is replaced,
//! phase by phase upwards, by a [`RELABEL_DEPTH`]-ply search on the phases fitted before: a
//! position is judged by where it leads, in positions whose evaluation rests on exact scores.
//! The data are cached in `--data` (records of `me, opp, score, game`) and reused when the file
//! exists; when it holds fewer games than `--games`, the missing ones are played and added
//! (with the same `--seed` this gives the file a single run would have made; the file does not
//! record the seed, so keep one file per seed), and when it holds more, only the first
//! `--games` are used.
//!
//! # Fit
//! Per phase, least squares over all eight symmetric images of every position, by full-batch
//! gradient steps in which each weight moves by the mean residual of the samples that use
//! it, shrunk towards zero for rarely seen pattern configurations. One game in ten is held
//! out and its error printed, to show what the weights predict on positions they never saw.
//! Everything is seeded and each game has its own random stream, so the same arguments give
//! the same file on any number of threads.

use std::path::PathBuf;
use std::time::Instant;

#[path = "common/samples.rs"]
mod samples;

use arbiter_core::zobrist::splitmix64;
use arbiter_othello::board::{CORNERS, X_SQUARES, flips, legal_moves};
use arbiter_othello::endgame::solve;
use arbiter_othello::pattern::{
    self, BUCKETS, EVAL_SCALE, FEATURES, PatternWeights, WEIGHTS_PER_BUCKET,
};
use samples::{Sample, load, save};

/// Positions with this many empties (and fewer) are solved exactly.
const SOLVE_EMPTIES: u32 = 18;
/// Positions with more empties than this are not kept.
const MAX_EMPTIES: u32 = 40;
/// Pseudo-counts shrinking each weight towards zero: a configuration seen `n` times moves by
/// `n / (n + SHRINK)` of its mean residual.
const SHRINK: f32 = 8.0;
/// Gradient passes per phase.
const EPOCHS: usize = 400;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let (state, value) = splitmix64(self.0);
        self.0 = state;
        value
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The policy's move: fewest opponent replies, corners preferred, X-squares avoided, with
/// noise; fully random in `random_share` of the cases.
fn policy_move(me: u64, opp: u64, moves: u64, rng: &mut Rng, random_share: u64) -> u32 {
    let squares: Vec<u32> = (0..64).filter(|s| moves & (1 << s) != 0).collect();
    if rng.below(100) < random_share {
        return squares[rng.below(squares.len() as u64) as usize];
    }
    let mut best = (i64::MIN, squares[0]);
    for &sq in &squares {
        let bit = 1u64 << sq;
        let f = flips(me, opp, sq);
        let (child_me, child_opp) = (opp & !f, me | f | bit);
        let replies = legal_moves(child_me, child_opp);
        let mut value =
            -8 * i64::from(replies.count_ones()) - 8 * i64::from((replies & CORNERS).count_ones());
        if bit & CORNERS != 0 {
            value += 24;
        }
        if bit & X_SQUARES != 0 {
            value -= 16;
        }
        value += (rng.below(12)) as i64;
        if value > best.0 {
            best = (value, sq);
        }
    }
    best.1
}

/// Plays one game and appends its labelled positions.
fn play_game(game: u32, rng: &mut Rng, out: &mut Vec<Sample>) {
    let (mut me, mut opp) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
    // Positions above SOLVE_EMPTIES, waiting for the score at SOLVE_EMPTIES: boards and
    // whether their side to move is the same as the one there (tracked by a flag).
    let mut pending: Vec<(u64, u64, bool)> = Vec::new();
    let mut same_side = true;
    let mut outcome_known = false;
    loop {
        let empties = (!(me | opp)).count_ones();
        let moves = legal_moves(me, opp);
        if moves == 0 {
            if legal_moves(opp, me) == 0 {
                break;
            }
            std::mem::swap(&mut me, &mut opp);
            same_side = !same_side;
            continue;
        }
        if empties <= SOLVE_EMPTIES {
            if empties < pattern::MIN_EMPTIES {
                break;
            }
            let score = solve(me, opp).score;
            if !outcome_known {
                label_pending(&pending, same_side, score, game, out);
                outcome_known = true;
            }
            out.push(Sample {
                me,
                opp,
                score: score as i8,
                game,
            });
        } else if empties <= MAX_EMPTIES {
            pending.push((me, opp, same_side));
        }
        let random_share = if empties > 44 { 30 } else { 8 };
        let sq = policy_move(me, opp, moves, rng, random_share);
        let f = flips(me, opp, sq);
        (me, opp) = (opp & !f, me | f | (1u64 << sq));
        same_side = !same_side;
    }
    if !outcome_known {
        // The game ended above SOLVE_EMPTIES: its final score is the label.
        let final_score = solve(me, opp).score;
        label_pending(&pending, same_side, final_score, game, out);
    }
}

/// Appends the `pending` positions of `game` labelled with `score`, the score for the side
/// to move where `same_side` is the flag (negated for a position whose flag differs).
fn label_pending(
    pending: &[(u64, u64, bool)],
    same_side: bool,
    score: i32,
    game: u32,
    out: &mut Vec<Sample>,
) {
    for &(p_me, p_opp, p_same) in pending {
        let sign = if p_same == same_side { 1 } else { -1 };
        out.push(Sample {
            me: p_me,
            opp: p_opp,
            score: (sign * score) as i8,
            game,
        });
    }
}

/// Plays games `first..games` on `threads` threads. Each game has its own random stream,
/// seeded by `seed` and its number, so the data do not depend on the thread count, nor on
/// whether they were played in one run or added to a smaller data file later.
fn generate(first: u32, games: u32, seed: u64, threads: u32) -> Vec<Sample> {
    let started = Instant::now();
    let mut per_thread: Vec<Vec<Sample>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut samples = Vec::new();
                    for game in (first + t..games).step_by(threads as usize) {
                        let mut rng = Rng(splitmix64(seed ^ u64::from(game) << 20).1);
                        play_game(game, &mut rng, &mut samples);
                        if t == 0 && game % 1000 < threads {
                            eprintln!("game {game}, {:.0} s", started.elapsed().as_secs_f64());
                        }
                    }
                    samples
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a generator thread"))
            .collect()
    });
    let mut samples: Vec<Sample> = per_thread.drain(..).flatten().collect();
    samples.sort_by_key(|s| s.game);
    samples
}

/// Fits one phase; returns the weights (in discs) and the train and held-out RMS errors.
/// Settings of the fit.
struct Fit {
    shrink: f32,
    epochs: usize,
    /// Feature slots (see `pattern::INSTANCE_KINDS`) left out of the fit: their weights stay 0.
    without: Vec<usize>,
}

/// Sum of the weights of active features; `u32::MAX` marks a slot left out.
fn predict(f: &[u32; FEATURES], w: &[f32]) -> f32 {
    f.iter()
        .filter(|&&i| i != u32::MAX)
        .map(|&i| w[i as usize])
        .sum()
}

fn fit_phase(samples: &[&Sample], fit: &Fit) -> (Vec<f32>, f32, f32) {
    let held_out = |s: &Sample| s.game % 10 == 9;
    let mut train: Vec<([u32; FEATURES], f32)> = Vec::new();
    let mut test: Vec<([u32; FEATURES], f32)> = Vec::new();
    for s in samples {
        let (mes, opps) = (pattern::symmetries(s.me), pattern::symmetries(s.opp));
        for k in 0..8 {
            let mut f = [0u32; FEATURES];
            pattern::features(mes[k], opps[k], &mut f);
            for &slot in &fit.without {
                f[slot] = u32::MAX;
            }
            if held_out(s) {
                if k == 0 {
                    test.push((f, f32::from(s.score)));
                }
            } else {
                train.push((f, f32::from(s.score)));
            }
        }
    }
    let mut counts = vec![0f32; WEIGHTS_PER_BUCKET];
    for (f, _) in &train {
        for &i in f.iter().filter(|&&i| i != u32::MAX) {
            counts[i as usize] += 1.0;
        }
    }
    let mut weights = vec![0f32; WEIGHTS_PER_BUCKET];
    let mut gradient = vec![0f32; WEIGHTS_PER_BUCKET];
    let rms = |data: &[([u32; FEATURES], f32)], w: &[f32]| {
        let sum: f64 = data
            .iter()
            .map(|(f, y)| {
                let e = y - predict(f, w);
                f64::from(e * e)
            })
            .sum();
        (sum / data.len().max(1) as f64).sqrt() as f32
    };
    // Each sample has FEATURES active weights, all moving at once: a step of 1/FEATURES of
    // the mean residual per weight keeps the pass stable.
    let step = 1.5 / FEATURES as f32;
    for _ in 0..fit.epochs {
        gradient.iter_mut().for_each(|g| *g = 0.0);
        for (f, y) in &train {
            let e = y - predict(f, &weights);
            for &i in f.iter().filter(|&&i| i != u32::MAX) {
                gradient[i as usize] += e;
            }
        }
        for i in 0..WEIGHTS_PER_BUCKET {
            weights[i] += step * (gradient[i] - weights[i] * fit.shrink) / (counts[i] + fit.shrink);
        }
    }
    let (train_rms, test_rms) = (rms(&train, &weights), rms(&test, &weights));
    let spread = rms(&test, &vec![0.0; WEIGHTS_PER_BUCKET]);
    eprintln!("  held-out scores: rms {spread:.2} discs around 0");
    (weights, train_rms, test_rms)
}

/// Depth of the searches that relabel positions above [`SOLVE_EMPTIES`] (`--relabel`): deep
/// enough that every leaf lies in an earlier phase.
const RELABEL_DEPTH: u32 = 3;
const SEARCH_INF: i32 = 1 << 20;

/// Alpha-beta on the pattern evaluation (in its units), `depth` plies deep.
fn negamax(w: &PatternWeights, me: u64, opp: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if depth == 0 {
        return w.evaluate(me, opp);
    }
    let mut moves = legal_moves(me, opp);
    if moves == 0 {
        if legal_moves(opp, me) == 0 {
            return solve(me, opp).score * EVAL_SCALE;
        }
        return -negamax(w, opp, me, depth, -beta, -alpha);
    }
    let mut best = -SEARCH_INF;
    while moves != 0 {
        let sq = moves.trailing_zeros();
        moves &= moves - 1;
        let f = flips(me, opp, sq);
        let value = -negamax(w, opp & !f, me | f | (1u64 << sq), depth - 1, -beta, -alpha);
        if value > best {
            best = value;
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
    }
    best
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut games = 16_000u32;
    let mut seed = 2026u64;
    let mut threads = 2u32;
    let mut relabel = 1.0f32;
    let mut fit = Fit {
        shrink: SHRINK,
        epochs: EPOCHS,
        without: Vec::new(),
    };
    let mut data = PathBuf::from("target/othello-train.bin");
    let mut out = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/weights/patterns.bin"));
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--games" => games = value.parse().expect("--games N"),
            "--seed" => seed = value.parse().expect("--seed S"),
            "--threads" => threads = value.parse().expect("--threads N"),
            "--relabel" => relabel = value.parse().expect("--relabel SHARE"),
            "--shrink" => fit.shrink = value.parse().expect("--shrink X"),
            "--epochs" => fit.epochs = value.parse().expect("--epochs N"),
            "--without" => {
                for name in value.split(',') {
                    let kind = pattern::PATTERNS
                        .iter()
                        .position(|p| p.0 == name)
                        .unwrap_or_else(|| panic!("unknown pattern {name}"));
                    let &(from, to, _) = &pattern::INSTANCE_KINDS[kind];
                    fit.without.extend(from..to);
                }
            }
            "--data" => data = PathBuf::from(value),
            "--out" => out = PathBuf::from(value),
            other => {
                eprintln!(
                    "unknown argument {other}; usage: train_eval [--games N] [--seed S] [--threads N] [--data FILE] [--out FILE]"
                );
                std::process::exit(2);
            }
        }
        i += 2;
    }

    let mut samples = load(&data).unwrap_or_default();
    // A data file of fewer games than asked for is extended with the missing ones (the games
    // are numbered, and a game's moves depend only on the seed and its number).
    let have = samples.iter().map(|s| s.game + 1).max().unwrap_or(0);
    if have > 0 {
        eprintln!(
            "{} positions of {have} games from {}",
            samples.len(),
            data.display()
        );
    }
    if have < games {
        samples.extend(generate(have, games, seed, threads));
        save(&data, &samples).expect("write the data file");
    }
    samples.retain(|s| s.game < games);

    let mut all = Vec::with_capacity(BUCKETS * WEIGHTS_PER_BUCKET);
    for bucket in 0..BUCKETS {
        let mut phase: Vec<Sample> = samples
            .iter()
            .filter(|s| pattern::bucket((!(s.me | s.opp)).count_ones()) == bucket)
            .copied()
            .collect();
        if relabel > 0.0 && bucket > pattern::bucket(SOLVE_EMPTIES) {
            // The phases fitted so far judge this one through a shallow search.
            let mut partial = all.clone();
            partial.resize(BUCKETS * WEIGHTS_PER_BUCKET, 0);
            let partial = PatternWeights::from_vec(partial);
            for s in &mut phase {
                let searched = negamax(
                    &partial,
                    s.me,
                    s.opp,
                    RELABEL_DEPTH,
                    -SEARCH_INF,
                    SEARCH_INF,
                );
                let mixed = (1.0 - relabel) * f32::from(s.score)
                    + relabel * searched as f32 / EVAL_SCALE as f32;
                s.score = mixed.round().clamp(-64.0, 64.0) as i8;
            }
        }
        let phase: Vec<&Sample> = phase.iter().collect();
        let started = Instant::now();
        let (weights, train_rms, test_rms) = fit_phase(&phase, &fit);
        eprintln!(
            "phase {bucket}: {} positions, rms error {train_rms:.2} discs (held out: {test_rms:.2}), {:.0} s",
            phase.len(),
            started.elapsed().as_secs_f64()
        );
        all.extend(
            weights
                .iter()
                .map(|w| (w * EVAL_SCALE as f32).round().clamp(-30_000.0, 30_000.0) as i16),
        );
    }
    let bytes = PatternWeights::from_vec(all).encode();
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).expect("create the weights directory");
    }
    let aside = out.with_extension("tmp");
    std::fs::write(&aside, &bytes).expect("write the weights");
    std::fs::rename(&aside, &out).expect("rename the weights into place");
    eprintln!("{} bytes to {}", bytes.len(), out.display());
}
