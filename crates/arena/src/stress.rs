//! Clock stress (`--clock-stress N` of `match` and `protocol-check`): N threads that keep a
//! core busy each while the engines play, so that a team sees on its own machine whether its
//! time management holds on a slower or busier venue machine. What the load was (threads,
//! cores, the load average at the end) goes into the result, so that a report never shows
//! times measured under load as if they were not.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use serde_json::{Value, json};

/// Busy threads, running until dropped.
pub struct BusyLoad {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<()>>,
}

impl BusyLoad {
    /// Starts `threads` busy threads (none for 0).
    #[must_use]
    pub fn start(threads: usize) -> BusyLoad {
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..threads)
            .map(|_| {
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || spin(&stop))
            })
            .collect();
        BusyLoad { stop, threads }
    }

    /// The load as the result reports it: the busy threads, the machine's cores and its
    /// one-minute load average now (`None` where the system does not say, off Linux).
    #[must_use]
    pub fn describe(&self) -> Value {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        json!({
            "busy_threads": self.threads.len(),
            "cores": cores,
            "loadavg_1m": load_average(),
        })
    }
}

impl Drop for BusyLoad {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// Integer work the optimizer cannot remove, until told to stop.
fn spin(stop: &AtomicBool) {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    while !stop.load(Ordering::Relaxed) {
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
        std::hint::black_box(x);
    }
}

/// The one-minute load average from `/proc/loadavg`.
fn load_average() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_load_says_what_it_is_and_stops_when_dropped() {
        let load = BusyLoad::start(2);
        let described = load.describe();
        assert_eq!(described["busy_threads"], 2);
        assert!(described["cores"].as_u64().unwrap() >= 1);
        drop(load);
        assert_eq!(BusyLoad::start(0).describe()["busy_threads"], 0);
    }
}
