//! Baselines written, read back, diffed, corrupted and interrupted.

use std::path::{Path, PathBuf};

use super::*;
use arbiter_files::atomic;
use arbiter_runner::snapshot;

fn sample(score: &str, weight: &str) -> Baseline {
    let mut baseline = Baseline::default();
    baseline.add_snapshot(
        "othello",
        "ffo__a.snap",
        format!("---\nsource: x\n---\nmove: g8\nscore: {score}\n"),
    );
    baseline.add_params("othello", &format!("eval:\n  mobility: {weight}\n"));
    baseline.set_bench("othello: 100\ntotal: 100\n".to_owned());
    baseline.set_data("othello weights.bin 10 bytes fnv1a64 00000000000000aa\n".to_owned());
    baseline
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-baseline-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn same_content_no_diff_and_changes_are_named() {
    assert!(diff(&sample("18", "40"), &sample("18", "40")).is_empty());
    let changed = diff(&sample("18", "40"), &sample("16", "41"));
    assert_eq!(changed.changed.len(), 1);
    assert_eq!(changed.changed[0].0, "othello/ffo__a");
    assert_eq!(changed.params[0].1, ["-  mobility: 40", "+  mobility: 41"]);
    assert!(render("b", &changed).contains("was: move g8, score 18"));
}

#[test]
fn a_new_data_file_is_named_and_an_older_baseline_without_fingerprints_is_not_blamed() {
    let mut retrained = sample("18", "40");
    retrained.set_data("othello weights.bin 12 bytes fnv1a64 00000000000000bb\n".to_owned());
    let changed = diff(&sample("18", "40"), &retrained);
    assert_eq!(
        changed.data,
        [
            "-othello weights.bin 10 bytes fnv1a64 00000000000000aa",
            "+othello weights.bin 12 bytes fnv1a64 00000000000000bb"
        ]
    );
    assert!(render("b", &changed).contains("built-in data files changed:"));
    let mut older = sample("18", "40");
    older.files.remove(Path::new(DATA_FILE));
    assert!(diff(&older, &retrained).is_empty());
}

#[test]
fn freezing_refuses_an_existing_name_and_keeps_the_previous() {
    let root = scratch("freeze");
    let first = sample("18", "40");
    let dir = write(&root, "b1", &first, false).unwrap();
    assert_eq!(Baseline::read(&dir).unwrap(), first);
    assert!(matches!(
        write(&root, "b1", &sample("16", "40"), false),
        Err(FreezeError::Exists(_))
    ));
    assert_eq!(
        Baseline::read(&dir).unwrap(),
        first,
        "refused freeze changed nothing"
    );
    write(&root, "b1", &sample("16", "40"), true).unwrap();
    let previous = root.join("b1.prev");
    assert_eq!(Baseline::read(&previous).unwrap(), first);
    assert_eq!(Baseline::read(&dir).unwrap(), sample("16", "40"));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_truncated_missing_or_binary_file_is_reported_as_corrupt_naming_it() {
    let root = scratch("corrupt");
    let dir = write(&root, "b1", &sample("18", "40"), false).unwrap();
    let snap = dir.join("snapshots/othello/ffo__a.snap");
    let whole = std::fs::read(&snap).unwrap();
    std::fs::write(&snap, &whole[..whole.len() / 2]).unwrap();
    let error = Baseline::read(&dir).unwrap_err().to_string();
    assert!(error.contains("is corrupt"), "{error}");
    assert!(error.contains("ffo__a.snap: truncated"), "{error}");
    std::fs::write(&snap, [0xff, 0xfe, b'\n']).unwrap();
    let error = Baseline::read(&dir).unwrap_err().to_string();
    assert!(error.contains("ffo__a.snap: not UTF-8"), "{error}");
    std::fs::remove_file(&snap).unwrap();
    let error = Baseline::read(&dir).unwrap_err().to_string();
    assert!(error.contains("ffo__a.snap: missing"), "{error}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_baseline_without_manifest_is_checked_by_the_form_of_its_files() {
    let root = scratch("form");
    let dir = root.join("old");
    let whole: String = snapshot::FIELDS
        .iter()
        .map(|key| format!("{key}: x\n"))
        .collect();
    let file = dir.join("snapshots/othello/ffo__a.snap");
    atomic::write(&file, snapshot::file_text(&whole).as_bytes()).unwrap();
    atomic::write(&dir.join("bench.txt"), b"othello: 1\ntotal: 1\n").unwrap();
    assert!(Baseline::read(&dir).is_ok());
    let cut = &whole[..whole.find("depth").unwrap()];
    atomic::write(&file, snapshot::file_text(cut).as_bytes()).unwrap();
    atomic::write(&dir.join("bench.txt"), b"othello: 1\n").unwrap();
    let error = Baseline::read(&dir).unwrap_err().to_string();
    assert!(
        error.contains("ffo__a.snap: truncated: no `depth`"),
        "{error}"
    );
    assert!(
        error.contains("bench.txt: truncated: no `total:` line"),
        "{error}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_freeze_killed_between_its_renames_is_reported_with_the_way_back() {
    let root = scratch("killed");
    let dir = write(&root, "b1", &sample("18", "40"), false).unwrap();
    // What `write --force` leaves when killed after its first rename: the old baseline as
    // `.prev`, the complete new one aside, under a process id that is not running.
    let parent = root.clone();
    std::fs::rename(&dir, parent.join("b1.prev")).unwrap();
    let other = write(&root, "b2", &sample("16", "40"), false).unwrap();
    let aside = parent.join(".b1.tmp-4000000");
    std::fs::rename(&other, &aside).unwrap();
    let error = Baseline::read(&dir).unwrap_err();
    let text = error.to_string();
    assert!(
        matches!(error, ReadError::Missing { left: Some(_), .. }),
        "{text}"
    );
    assert!(
        text.contains("interrupted between its two renames"),
        "{text}"
    );
    assert!(
        text.contains(&format!("mv {} {}", aside.display(), dir.display())),
        "{text}"
    );
    // The replaced baseline can be diffed by its own name.
    let previous = dir_to_read(&root, "b1.prev").unwrap();
    assert_eq!(Baseline::read(&previous).unwrap(), sample("18", "40"));
    assert!(dir_of(&root, "b1.prev").is_err(), "but not frozen into");
    // The next freeze of the name removes the stale copy.
    write(&root, "b1", &sample("16", "40"), true).unwrap();
    assert!(!aside.exists());
    assert_eq!(Baseline::read(&dir).unwrap(), sample("16", "40"));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn names_must_be_plain() {
    let root = Path::new("/nowhere");
    for bad in ["", ".hidden", "a/b", "x.prev", "a b"] {
        assert!(
            matches!(dir_of(root, bad), Err(FreezeError::BadName(_))),
            "{bad}"
        );
    }
    assert!(dir_of(root, "v1.2-rc_3").is_ok());
}

/// A team's engine outside the project: a program and a weights file that is not text.
fn team_engine(dir: &Path, weights: &[u8]) -> (arbiter_external::Manifest, String) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(dir.join("nets")).unwrap();
    let program = dir.join("bot.sh");
    std::fs::write(&program, "#!/bin/sh\nexit 0\n").unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(dir.join("nets/weights.bin"), weights).unwrap();
    let text = "name: team-bot\ngame: othello\ncommand: [./bot.sh, --quiet]\nprotocol: botzone\n\
                move-time-ms: 1000\nfiles: [nets/weights.bin]\n";
    let path = dir.join("team-bot.yaml");
    std::fs::write(&path, text).unwrap();
    (
        arbiter_external::Manifest::load(&path).unwrap(),
        text.to_owned(),
    )
}

#[test]
fn a_team_engine_is_frozen_with_its_files_and_starts_from_the_copy() {
    use std::os::unix::fs::PermissionsExt;
    let root = scratch("team-freeze");
    let (manifest, text) = team_engine(&root.join("team"), &[0xff, 0, 0x80, 7]);
    let frozen = fixtures::frozen(&manifest, &text, "s::a: passed: move d3\n");
    let dir = write(&root, "before", &frozen, false).unwrap();

    let read = Baseline::read(&dir).unwrap();
    assert_eq!(read.blobs, frozen.blobs);
    let copy = dir.join("engine/copy");
    assert_eq!(
        std::fs::read(copy.join("nets/weights.bin")).unwrap(),
        [0xff, 0, 0x80, 7]
    );
    let mode = std::fs::metadata(copy.join("bot.sh"))
        .unwrap()
        .permissions()
        .mode();
    assert_ne!(mode & 0o111, 0, "the copied program is executable");
    let fingerprints = &read.files[Path::new("engine/files.txt")];
    assert!(fingerprints.contains(" program bot.sh"), "{fingerprints}");
    assert!(
        fingerprints.contains(" 4 file nets/weights.bin"),
        "{fingerprints}"
    );

    // The frozen manifest starts the copy, with the team's arguments and settings.
    let started =
        arbiter_external::Manifest::load(&engine::frozen_manifest_path(&dir, "team-bot")).unwrap();
    assert!(started.program.starts_with(&copy), "{:?}", started.program);
    assert_eq!(started.args, ["--quiet"]);
    assert_eq!(started.files, [PathBuf::from("nets/weights.bin")]);
    assert_eq!(
        (started.game.as_str(), started.move_time_ms),
        ("othello", 1000)
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_changed_file_and_a_changed_answer_are_both_named() {
    let root = scratch("team-diff");
    let (manifest, text) = team_engine(&root.join("team"), b"v1");
    let answers = "s::a: passed: move d3\ns::b: passed: move c4\n";
    let frozen = fixtures::frozen(&manifest, &text, answers);
    let same = fixtures::frozen(&manifest, &text, answers);
    assert!(diff(&frozen, &same).is_empty());

    std::fs::write(root.join("team/nets/weights.bin"), b"v2").unwrap();
    let answers = "s::a: failed: move e6\ns::b: passed: move c4\n";
    let changed = fixtures::frozen(&manifest, &text, answers);
    let changes = diff(&frozen, &changed).engine;
    assert_eq!(changes.len(), 2, "{changes:?}");
    assert!(
        changes[0].starts_with("file nets/weights.bin: changed"),
        "{changes:?}"
    );
    assert_eq!(
        changes[1],
        "answer s::a: passed: move d3 -> failed: move e6"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_damaged_copy_of_a_team_engine_is_reported_naming_the_file() {
    let root = scratch("team-corrupt");
    let (manifest, text) = team_engine(&root.join("team"), b"weights");
    let frozen = fixtures::frozen(&manifest, &text, "");
    let dir = write(&root, "before", &frozen, false).unwrap();
    std::fs::write(dir.join("engine/copy/nets/weights.bin"), b"wei").unwrap();
    let error = Baseline::read(&dir).unwrap_err().to_string();
    assert!(
        error.contains("engine/copy/nets/weights.bin: truncated"),
        "{error}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

fn executable(path: &Path, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Every file under `dir`, relative to it, with its bytes.
fn tree(dir: &Path) -> std::collections::BTreeMap<PathBuf, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|entry| entry.file_type().is_file())
        .map(|entry| {
            (
                entry.path().strip_prefix(dir).unwrap().to_path_buf(),
                std::fs::read(entry.path()).unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_program_reached_through_dot_dots_is_not_copied_and_nothing_is_written_outside() {
    use arbiter_external::{Manifest, ProgramPlace};
    use std::os::unix::fs::PermissionsExt;
    // The probe's attack: a working directory six folders deep and a program five `..` up.
    // Read as a path under the working directory, `../../../../../README.md` joined to
    // `engine/copy/` of the baseline lands on the project's own README.md.
    let root = scratch("dot-dots");
    std::fs::create_dir_all(root.join("a/b/c/d/e/f")).unwrap();
    std::fs::write(root.join("README.md"), "the project's readme\n").unwrap();
    executable(&root.join("a/README.md"), "#!/bin/sh\necho pwned\n");
    let text = "name: m\ngame: othello\ncommand: [../../../../../README.md, ok]\n\
                working-dir: a/b/c/d/e/f\nprotocol: botzone\nmove-time-ms: 1000\n";
    std::fs::write(root.join("m.yaml"), text).unwrap();
    let manifest = Manifest::load(&root.join("m.yaml")).unwrap();
    let real = std::fs::canonicalize(root.join("a/README.md")).unwrap();
    assert_eq!(manifest.program_place, ProgramPlace::Outside(real.clone()));
    assert_eq!(
        manifest.program_place.to_string(),
        format!("outside the working directory (at {})", real.display())
    );
    let before = tree(&root);
    let frozen = fixtures::frozen(&manifest, text, "");
    assert!(frozen.blobs.is_empty(), "{:?}", frozen.blobs.keys());
    let dir = write(&root, "b", &frozen, false).unwrap();
    let after = tree(&root);
    assert_eq!(
        std::fs::read_to_string(root.join("README.md")).unwrap(),
        "the project's readme\n"
    );
    let mode = std::fs::metadata(root.join("README.md"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o111, 0, "README.md was not made executable");
    let baseline = dir.strip_prefix(&root).unwrap();
    for (path, bytes) in &after {
        assert!(
            path.starts_with(baseline) || before.get(path) == Some(bytes),
            "{} written outside the baseline",
            path.display()
        );
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_baseline_file_whose_path_leaves_the_folder_is_refused_before_anything_is_written() {
    let root = scratch("outside");
    for bad in ["engine/copy/../../../../x", "/tmp/x", "./x"] {
        let mut baseline = sample("18", "40");
        baseline.blobs.insert(PathBuf::from(bad), b"x".to_vec());
        let error = write(&root, "b", &baseline, false).unwrap_err();
        assert!(matches!(error, FreezeError::Outside(_)), "{bad}: {error}");
        assert!(
            error
                .to_string()
                .contains("not a plain path inside the baseline's folder"),
            "{error}"
        );
        assert!(!root.exists(), "{bad}: nothing written");
    }
}

#[test]
fn links_are_named_for_what_they_are_and_files_may_not_leave_the_working_directory() {
    use arbiter_external::{Manifest, ProgramPlace};
    use std::os::unix::fs::symlink;
    let root = scratch("links");
    let outside = root.join("outside");
    executable(&outside.join("engine"), "#!/bin/sh\n");
    std::fs::write(outside.join("secret"), "the machine's file\n").unwrap();
    let team = root.join("team");
    std::fs::create_dir_all(team.join("nets")).unwrap();
    symlink(outside.join("engine"), team.join("engine")).unwrap();
    symlink(outside.join("secret"), team.join("hostname")).unwrap();
    symlink(&outside, team.join("far")).unwrap();
    std::fs::write(team.join("nets/real.bin"), "w").unwrap();
    symlink(team.join("nets/real.bin"), team.join("nets/alias.bin")).unwrap();
    let load = |files: &str| {
        let text = format!(
            "name: m\ngame: othello\ncommand: [./engine]\nprotocol: botzone\n\
             move-time-ms: 1000\nfiles: {files}\n"
        );
        std::fs::write(team.join("m.yaml"), &text).unwrap();
        Manifest::load(&team.join("m.yaml")).map_err(|error| error.to_string())
    };
    let manifest = load("[nets/alias.bin]").unwrap();
    let target = std::fs::canonicalize(outside.join("engine")).unwrap();
    assert_eq!(manifest.program_place, ProgramPlace::Link(target.clone()));
    assert_eq!(
        manifest.program_place.to_string(),
        format!("a symbolic link to {}", target.display())
    );
    let secret = std::fs::canonicalize(outside.join("secret")).unwrap();
    for listed in ["hostname", "far/secret"] {
        let error = load(&format!("[{listed}]")).unwrap_err();
        assert!(error.contains("m.yaml:6:9"), "{error}");
        assert!(
            error.contains(&format!(
                "files: `{listed}` is or lies under a symbolic link to {}, outside the working \
                 directory",
                secret.display()
            )),
            "{error}"
        );
    }
    std::fs::remove_dir_all(&root).unwrap();
}
