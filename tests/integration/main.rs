//! The root crate's integration tests, one binary (as ripgrep does), so that a build links one
//! test executable instead of one per file. `tests/specs.rs` stays its own binary: its
//! libtest-mimic harness generates one trial per spec and suite case.
//!
//! | module | what it tests |
//! |---|---|
//! | [`bad_input`] | the malformed specs and suites of `tests/bad-specs/` and `tests/bad-suites/` |
//! | [`folders`] | what the loaders do with links, loops, FIFOs, binary files, missing folders |
//! | [`bot`] | `arbiter-bot` as a real process under every protocol, and its faults |
//! | [`ccgc`] | the CCGC platform protocol: the check in every game, faults, positions it cannot set |
//! | [`docs`] | docs that cannot drift: no machine paths, links resolve, counts, files, commands and cases the docs show exist |
//! | [`external`] | external engines: manifests, the sandbox, signals, positions over protocols |
//! | [`faults`] | every fault mode of `arbiter-bot` as table rows: one search, the protocol check |
//! | [`gtp`] | GTP: the check, fault bots, ids, whole games, the Go specs as play checks |
//! | [`hex`] | Hex over HTP: the check under each swap reading, whole games, the Hex specs as play checks |
//! | [`matches`] | refereed matches end to end at small budgets: SPRT, shards, fault bots |
//! | [`report`] | the audit's report files: JUnit against its schema, annotations, HTML in a headless browser |
//! | [`workspace`] | the manifests: every member's MSRV, lints and `publish = false`, every engine crate optimised in dev |

mod bad_input;
mod bot;
mod ccgc;
mod docs;
mod external;
mod faults;
mod folders;
mod gtp;
mod hex;
mod matches;
mod report;
mod workspace;
mod xiangqi;

/// `dir` emptied (created when missing): a test's scratch folder.
fn fresh_dir(dir: std::path::PathBuf) -> std::path::PathBuf {
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
