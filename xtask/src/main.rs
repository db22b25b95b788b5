//! `cargo xtask`: the command line of arbiter.
//!
//! Exit codes everywhere: 0 all good, 1 a case failed, 2 bad input (a malformed spec, an
//! unknown game, an impossible position).

mod audit;
mod baseline;
mod bench;
mod fuzz;
mod matches;
mod perft;
mod position;
mod progress;
mod protocol_check;
mod schema;
mod search;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    about = "arbiter: rule audits and engine tools",
    version
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run every rule spec against every embedded engine and print a report per spec file.
    Audit(audit::AuditArgs),
    /// Count move sequences per depth, with timings.
    Perft(perft::PerftArgs),
    /// List the legal moves (and renju fouls) of a position, and its outcome.
    Legal(position::LegalArgs),
    /// Search a position with an engine's alpha-beta, MCTS or solver under a budget.
    Search(search::SearchArgs),
    /// Solve a position exactly with the engine's solver (Othello: FFO score).
    Solve(search::SolveArgs),
    /// Freeze or diff a baseline of every engine's choices, parameters and bench signature.
    Baseline(baseline::BaselineArgs),
    /// Search the fixed bench positions; print nodes, nodes/s and the signature.
    Bench(bench::BenchArgs),
    /// Check an external engine's protocol handling (manifest in engines/external/).
    ProtocolCheck(protocol_check::ProtocolCheckArgs),
    /// Play a refereed match between two engines (SPRT, openings, records, found cases).
    Match(Box<matches::MatchArgs>),
    /// Write the JSON Schemas of the spec and suite formats.
    Schema,
    /// Fuzz a loader or codec for a time budget (a stable-toolchain mutation fuzzer).
    Fuzz(fuzz::FuzzArgs),
}

/// The system allocator, checked for huge single allocations while a fuzz input runs.
#[global_allocator]
static ALLOCATOR: fuzz::GuardedAlloc = fuzz::GuardedAlloc;

pub use arbiter_engine::workspace_root;

/// What a command reports to the shell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ok,
    Failures,
    BadInput,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Audit(args) => audit::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Legal(args) => position::run(&args),
        Command::Search(args) => search::run_search(&args),
        Command::Solve(args) => search::run_solve(&args),
        Command::Baseline(args) => baseline::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::ProtocolCheck(args) => protocol_check::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Schema => schema::run(),
        Command::Fuzz(args) => fuzz::run(&args),
    };
    match result {
        Ok(Status::Ok) => ExitCode::SUCCESS,
        Ok(Status::Failures) => ExitCode::from(1),
        Ok(Status::BadInput) => ExitCode::from(2),
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}
