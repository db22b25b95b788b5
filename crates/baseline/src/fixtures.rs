//! Test support for the crates that resolve frozen team engines (the feature `fixtures`), and for this crate's own.

use std::path::Path;

use arbiter_external::Manifest;

use crate::Baseline;

/// Writes `team/team-bot.yaml`, an Othello engine over Botzone whose command is the running
/// program, and returns it frozen (without answers) into a new [`Baseline`].
///
/// # Panics
/// When a file cannot be written or the engine cannot be frozen.
#[must_use]
pub fn frozen_team_bot(team: &Path) -> Baseline {
    std::fs::create_dir_all(team).unwrap();
    let program = std::env::current_exe().unwrap();
    let text = format!(
        "name: team-bot\ngame: othello\ncommand: [{}]\nprotocol: botzone\nmove-time-ms: 1000\n",
        program.display()
    );
    std::fs::write(team.join("team-bot.yaml"), &text).unwrap();
    let manifest = Manifest::load(&team.join("team-bot.yaml")).unwrap();
    frozen(&manifest, &text, "")
}

/// A new [`Baseline`] holding the engine of `manifest` (its YAML text `text`) frozen with its
/// `answers`.
///
/// # Panics
/// When the engine cannot be frozen.
#[must_use]
pub fn frozen(manifest: &Manifest, text: &str, answers: &str) -> Baseline {
    let mut baseline = Baseline::default();
    crate::engine::add_engine(&mut baseline, manifest, text, answers.to_owned()).unwrap();
    baseline
}
