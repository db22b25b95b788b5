//! `cargo xtask protocol-check --engine NAME`: the protocol check of an external engine
//! ([`arbiter_external::check`]) as a table. Exit code 1 when a check failed, 2 when the
//! manifest cannot be used.

use std::path::PathBuf;

use anyhow::{Result, anyhow};
use arbiter_arena::stress::BusyLoad;
use arbiter_external::{ExternalEngine, check};
use clap::Args;

use crate::Status;

/// `cargo xtask protocol-check`.
#[derive(Args, Debug)]
pub struct ProtocolCheckArgs {
    /// The engine: a manifest `<manifests>/<NAME>.yaml`, or a manifest's path.
    #[arg(long)]
    pub engine: String,
    /// Where the manifests are.
    #[arg(long, default_value = "engines/external")]
    pub manifests: PathBuf,
    /// Load the machine with N busy threads during the checks (a slower venue machine).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub clock_stress: usize,
}

/// Runs the checks and prints the table.
///
/// # Errors
/// The manifest cannot be loaded (exit code 2).
pub fn run(args: &ProtocolCheckArgs) -> Result<Status> {
    let engine =
        ExternalEngine::named(&args.manifests, &args.engine).map_err(|e| anyhow!("{e}"))?;
    let load = BusyLoad::start(args.clock_stress);
    let report = check::run(&engine);
    let described = load.describe();
    drop(load);
    print!("{}", report.render());
    if args.clock_stress > 0 {
        println!(
            "under clock stress: {} busy thread(s) on {} core(s), load average {} at the end",
            described["busy_threads"],
            described["cores"],
            described["loadavg_1m"]
                .as_f64()
                .map_or_else(|| "unknown".to_owned(), |load| format!("{load:.2}"))
        );
    }
    println!("stderr log: {}", engine.log_path().display());
    Ok(if report.failed() == 0 {
        Status::Ok
    } else {
        Status::Failures
    })
}
