//! `cargo xtask match` as a user runs it: a match killed with SIGKILL in the middle and
//! continued with `--resume` gives exactly the counts and games of an uninterrupted run at a
//! fixed node budget; bad input exits with code 2 and says why.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use arbiter_engine::workspace_root;
use serde_json::Value;

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("arbiter-match-cli-{}", std::process::id()))
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The shipped Othello parameters (or the ones without mobility) with a 1 MiB table, so that
/// thousands of tiny searches do not spend their time clearing 16 MiB each.
fn params(dir: &Path, source: &str, name: &str) -> PathBuf {
    let text = std::fs::read_to_string(workspace_root().join(source)).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text.replace("tt-size-mb: 16", "tt-size-mb: 1")).unwrap();
    path
}

fn match_args(dir: &Path) -> Vec<String> {
    let a = params(dir, "engines/othello/params.yaml", "a.yaml");
    let b = params(dir, "tests/match/othello-no-mobility.yaml", "b.yaml");
    [
        "match",
        "othello",
        "othello",
        "--params-a",
        a.to_str().unwrap(),
        "--params-b",
        b.to_str().unwrap(),
        "--nodes",
        "300",
        "--games",
        "100",
        "--sprt",
        "elo0=0,elo1=10",
        "--concurrency",
        "2",
    ]
    .map(str::to_owned)
    .to_vec()
}

/// The statistics and every game's result: what must not depend on an interruption.
fn essence(result: &Value) -> (Value, Vec<Value>) {
    let games = result["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|game| game["counted"] == true)
        .map(|game| {
            serde_json::json!([
                game["index"],
                game["score_b"],
                game["reason"],
                game["plies"]
            ])
        })
        .collect();
    (result["statistics"].clone(), games)
}

fn json_of(output: &std::process::Output) -> Value {
    assert!(
        output.status.code().is_some(),
        "xtask was killed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|error| panic!("{error}: {}", String::from_utf8_lossy(&output.stderr)))
}

fn finished_games(dir: &Path) -> usize {
    std::fs::read_dir(dir.join("games")).map_or(0, |entries| {
        entries
            .filter_map(Result::ok)
            .filter(|entry| {
                let name = entry.file_name();
                let name = name.to_string_lossy();
                name.ends_with(".json") && !name.starts_with('.')
            })
            .count()
    })
}

#[test]
fn kill_9_and_resume_give_the_counts_of_one_run() {
    let dir = scratch("resume");
    let whole = Command::new(XTASK)
        .args(match_args(&dir))
        .args(["--out", dir.join("whole").to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let whole = json_of(&whole);

    let killed = dir.join("killed");
    let mut child = Command::new(XTASK)
        .args(match_args(&dir))
        .args(["--out", killed.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(300);
    while finished_games(&killed) < 10 {
        assert!(Instant::now() < deadline, "no games were recorded");
        assert!(
            child.try_wait().unwrap().is_none(),
            "the match ended on its own"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let at_kill = finished_games(&killed);
    assert!(
        !killed.join("result.json").exists(),
        "the match finished before the kill"
    );
    assert!(at_kill < whole["games_played"].as_u64().unwrap() as usize);

    let resumed = Command::new(XTASK)
        .args(["match", "--resume", killed.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&resumed.stderr).into_owned();
    assert!(
        said.contains(&format!("read back {at_kill} finished game(s) of 100")),
        "{said}"
    );
    let resumed = json_of(&resumed);
    assert_eq!(essence(&resumed), essence(&whole));
    assert_eq!(resumed["status"], whole["status"]);
}

#[test]
fn bad_input_exits_2_with_the_reason() {
    let dir = scratch("bad");
    for (args, wanted) in [
        (vec!["match", "othello", "no-such-engine"], "no-such-engine"),
        (vec!["match", "othello", "gomoku"], "engine B plays gomoku"),
        (
            vec!["match", "othello", "othello", "--sprt", "elo0=5,elo1=1"],
            "elo0",
        ),
        (
            vec!["match", "othello", "othello", "--tc", "move=0"],
            "positive",
        ),
        (
            vec!["match", "othello", "othello@no-such-baseline"],
            "no baseline",
        ),
        (
            vec!["match", "--resume", "/no/such/match"],
            "match directory",
        ),
    ] {
        let mut command = Command::new(XTASK);
        command.args(&args);
        if args[1] != "--resume" {
            command.args(["--out", dir.join("out").to_str().unwrap()]);
        }
        let output = command.output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(wanted), "{args:?}: {stderr}");
    }
}

/// A two-game tic-tac-toe self-match at 100 nodes with `extra` options, its JSON result in
/// `out`.
fn tictactoe_match(extra: &[&str], out: &Path) -> std::process::Output {
    Command::new(XTASK)
        .current_dir(workspace_root())
        .args([
            "match",
            "tictactoe",
            "tictactoe",
            "--nodes",
            "100",
            "--games",
            "2",
        ])
        .args(extra)
        .args(["--json", "--out"])
        .arg(out)
        .env("CI", "true")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn clock_stress_runs_and_the_result_says_the_load() {
    let dir = scratch("stress");
    let output = tictactoe_match(&["--clock-stress", "2"], &dir.join("m"));
    let result = json_of(&output);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(result["load"]["busy_threads"], 2, "{result:#}");
    assert!(result["load"]["cores"].as_u64().unwrap() >= 1);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("played under clock stress: 2 busy thread(s)"),
        "{stderr}"
    );
    // Without the option there is no load to report.
    let plain = tictactoe_match(&[], &dir.join("plain"));
    assert!(json_of(&plain).get("load").is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Why Slurm cannot be run here, if it cannot: not installed, or not root (the test starts
/// its own daemons, as CI does).
fn slurm_missing() -> Option<String> {
    let installed = [
        "/usr/sbin/slurmctld",
        "/usr/sbin/slurmd",
        "/usr/sbin/munged",
    ]
    .iter()
    .all(|daemon| Path::new(daemon).is_file())
        && Command::new("sbatch").arg("--version").output().is_ok();
    if !installed {
        return Some("Slurm is not installed (apt-get install slurm-wlm munge)".to_owned());
    }
    let uid = Command::new("id").arg("-u").output().ok()?;
    (String::from_utf8_lossy(&uid.stdout).trim() != "0")
        .then(|| "not root: the test starts its own munged, slurmctld and slurmd".to_owned())
}

/// The one-node cluster of `scripts/slurm/single-node.sh`, stopped when dropped.
struct Cluster {
    work: PathBuf,
    conf: PathBuf,
}

impl Cluster {
    fn start(work: &Path) -> Cluster {
        let started = Command::new(workspace_root().join("scripts/slurm/single-node.sh"))
            .arg("start")
            .arg(work)
            .output()
            .unwrap();
        assert!(
            started.status.success(),
            "the one-node cluster did not start: {}",
            String::from_utf8_lossy(&started.stderr)
        );
        Cluster {
            work: work.to_owned(),
            conf: work.join("slurm.conf"),
        }
    }

    /// Whether job `id` is still queued or running.
    fn has(&self, id: &str) -> bool {
        let queue = Command::new("squeue")
            .args(["-h", "-o", "%i", "-j", id])
            .env("SLURM_CONF", &self.conf)
            .output()
            .unwrap();
        !String::from_utf8_lossy(&queue.stdout).trim().is_empty()
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new(workspace_root().join("scripts/slurm/single-node.sh"))
            .arg("stop")
            .arg(&self.work)
            .status();
    }
}

#[test]
fn a_slurm_job_array_of_four_shards_and_its_merge_equal_one_process() {
    if let Some(why) = slurm_missing() {
        eprintln!("skipped: {why}");
        return;
    }
    let dir = scratch("slurm");
    let cluster = Cluster::start(&dir.join("cluster"));
    let shared = dir.join("shared");
    let mut args = match_args(&dir);
    args.remove(0); // `match`: the script adds it
    let games = args.iter().position(|a| a == "--games").unwrap();
    args[games + 1] = "24".to_owned();
    let submitted = Command::new(workspace_root().join("scripts/slurm/match.sh"))
        .current_dir(workspace_root())
        .arg("submit")
        .arg(&shared)
        .arg("4")
        .args(&args)
        .env("SLURM_CONF", &cluster.conf)
        .env("ARBITER_XTASK", XTASK)
        .env("CI", "true")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&submitted.stdout).into_owned();
    assert!(
        submitted.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&submitted.stderr)
    );
    let merge_job = said
        .split("merge job ")
        .nth(1)
        .map(|rest| rest.trim().to_owned())
        .unwrap_or_else(|| panic!("no merge job in: {said}"));
    // A generous deadline: four shards on a busy two-core machine.
    let deadline = Instant::now() + Duration::from_secs(900);
    while cluster.has(&merge_job) {
        assert!(Instant::now() < deadline, "the merge job did not end");
        std::thread::sleep(Duration::from_millis(500));
    }
    let merged: Value = serde_json::from_str(
        &std::fs::read_to_string(shared.join("merged/result.json")).unwrap_or_else(|e| {
            let log = std::fs::read_to_string(shared.join("logs/merge.out")).unwrap_or_default();
            panic!("no merged result ({e}): {log}")
        }),
    )
    .unwrap();
    for shard in 1..=4 {
        let config: Value = serde_json::from_str(
            &std::fs::read_to_string(shared.join(format!("shard-{shard}/match.json"))).unwrap(),
        )
        .unwrap();
        assert_eq!(config["shard"]["index"], shard);
        assert_eq!(config["shard"]["count"], 4);
    }
    let whole = Command::new(XTASK)
        .current_dir(workspace_root())
        .arg("match")
        .args(&args)
        .args(["--out", dir.join("whole").to_str().unwrap(), "--json"])
        .env("CI", "true")
        .output()
        .unwrap();
    let whole = json_of(&whole);
    assert_eq!(merged["games_played"], 24);
    assert_eq!(essence(&merged), essence(&whole));
    drop(cluster);
    let _ = std::fs::remove_dir_all(&dir);
}
