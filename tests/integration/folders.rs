//! Nothing checked is not success (issue 15 §6): what the loaders do with the folders they
//! are given. Every entry is loaded or reported: symbolic links are followed (a loop is
//! reported, not walked for ever), `.YAML` is a spec file, a FIFO is refused without being
//! opened, a file that is not UTF-8 or a dangling link is named, other files are listed as
//! skipped, and a folder that does not exist is an error.

use std::path::{Path, PathBuf};

use arbiter_engine::embedded_engines;
use arbiter_runner::spec::load_dir;
use arbiter_runner::suite::load_suites;

const SPEC: &str =
    "game: tictactoe\nsource: the rules\ncases:\n  - id: a\n    expect: {to-move: x}\n";

/// A fresh folder for one test.
fn scratch(test: &str) -> PathBuf {
    crate::fresh_dir(
        std::env::temp_dir().join(format!("arbiter-folders-{test}-{}", std::process::id())),
    )
}

fn errors_of(dir: &Path) -> String {
    let loaded = load_dir(dir, &embedded_engines());
    loaded
        .errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn spec_files_are_found_through_symbolic_links_and_in_any_case_of_extension() {
    let dir = scratch("links");
    let elsewhere = scratch("links-target");
    std::fs::write(elsewhere.join("real.yaml"), SPEC).unwrap();
    std::fs::create_dir(elsewhere.join("nested")).unwrap();
    std::fs::write(elsewhere.join("nested/deep.yml"), SPEC).unwrap();
    std::os::unix::fs::symlink(elsewhere.join("real.yaml"), dir.join("linked.yaml")).unwrap();
    std::os::unix::fs::symlink(elsewhere.join("nested"), dir.join("folder")).unwrap();
    std::fs::write(dir.join("LOUD.YAML"), SPEC).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a spec").unwrap();
    let loaded = load_dir(&dir, &embedded_engines());
    let mut topics: Vec<&str> = loaded.files.iter().map(|s| s.topic.as_str()).collect();
    topics.sort_unstable();
    assert_eq!(topics, ["LOUD", "deep", "linked"], "{:?}", loaded.errors);
    assert!(loaded.errors.is_empty());
    let skipped: Vec<String> = loaded
        .skipped
        .iter()
        .map(|s| format!("{} {}", s.path.display(), s.why))
        .collect();
    assert_eq!(skipped.len(), 1, "{skipped:?}");
    assert!(
        skipped[0].contains("notes.txt not a case file"),
        "{skipped:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&elsewhere);
}

#[test]
fn a_symbolic_link_loop_is_reported_not_walked() {
    let dir = scratch("loop");
    std::fs::write(dir.join("a.yaml"), SPEC).unwrap();
    std::fs::create_dir(dir.join("sub")).unwrap();
    std::os::unix::fs::symlink(&dir, dir.join("sub/back")).unwrap();
    let loaded = load_dir(&dir, &embedded_engines());
    assert_eq!(loaded.files.len(), 1);
    let errors = errors_of(&dir);
    assert!(errors.contains("symbolic link loop"), "{errors}");
    assert!(errors.contains("sub/back"), "{errors}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fifo_a_dangling_link_and_a_binary_file_are_named() {
    let dir = scratch("special");
    let fifo = dir.join("pipe.yaml");
    let path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path; mkfifo only creates the node.
    assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o644) }, 0);
    std::os::unix::fs::symlink(dir.join("nowhere.yaml"), dir.join("dangling.yaml")).unwrap();
    std::fs::write(dir.join("binary.yaml"), b"game: \xff\xfe\n").unwrap();
    // Reading the FIFO would block for ever: the loader must not open it.
    let errors = errors_of(&dir);
    assert!(
        errors.contains("pipe.yaml") && errors.contains("not a regular file"),
        "{errors}"
    );
    assert!(
        errors.contains("dangling.yaml") && errors.contains("dangling"),
        "{errors}"
    );
    assert!(
        errors.contains("binary.yaml:1:7") && errors.contains("not UTF-8"),
        "{errors}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_folder_is_an_error_for_specs_and_suites() {
    let missing = Path::new("/nonexistent/arbiter/specs");
    let engines = embedded_engines();
    let specs = load_dir(missing, &engines);
    assert!(
        specs.errors[0]
            .to_string()
            .contains("no such spec directory")
    );
    let suites = load_suites(missing, &engines);
    assert!(
        suites.errors[0]
            .to_string()
            .contains("no such suite directory")
    );
}

#[test]
fn an_empty_folder_loads_nothing_and_says_nothing_is_wrong_with_it() {
    // The front ends decide that nothing to run is bad input (the audit exits 2).
    let dir = scratch("empty");
    let loaded = load_dir(&dir, &embedded_engines());
    assert!(loaded.files.is_empty() && loaded.errors.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_links_to_each_other_are_a_loop_not_a_dangling_link() {
    let dir = scratch("file-loop");
    std::fs::write(dir.join("a.yaml"), SPEC).unwrap();
    std::os::unix::fs::symlink(dir.join("x.yaml"), dir.join("y.yaml")).unwrap();
    std::os::unix::fs::symlink(dir.join("y.yaml"), dir.join("x.yaml")).unwrap();
    let loaded = load_dir(&dir, &embedded_engines());
    assert_eq!(loaded.files.len(), 1);
    let errors = errors_of(&dir);
    assert_eq!(errors.matches("symbolic link loop").count(), 2, "{errors}");
    assert!(!errors.contains("dangling"), "{errors}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_in_the_folder_of_another_game_is_refused_at_its_game() {
    let dir = scratch("wrong-folder");
    std::fs::create_dir_all(dir.join("othello")).unwrap();
    std::fs::create_dir_all(dir.join("mixed")).unwrap();
    let gomoku = SPEC
        .replace("tictactoe", "gomoku")
        .replace("{to-move: x}", "{not-over: true}");
    std::fs::write(dir.join("othello/lines.yaml"), &gomoku).unwrap();
    // A folder that is not a game's name says nothing about the game.
    std::fs::write(dir.join("mixed/lines.yaml"), &gomoku).unwrap();
    let loaded = load_dir(&dir, &embedded_engines());
    assert_eq!(loaded.files.len(), 1, "{:?}", loaded.errors);
    let errors = errors_of(&dir);
    assert!(errors.contains("othello/lines.yaml:1:1"), "{errors}");
    assert!(
        errors.contains("the file is in the folder of othello but names game `gomoku`"),
        "{errors}"
    );
    let suites = dir.join("suites/othello");
    std::fs::create_dir_all(&suites).unwrap();
    std::fs::write(
        suites.join("s.yaml"),
        "game: tictactoe\nsource: x\nbudget: {depth: 2}\ncases:\n  - id: a\n    score: draw\n",
    )
    .unwrap();
    let loaded = load_suites(&dir.join("suites"), &embedded_engines());
    let text: Vec<String> = loaded.errors.iter().map(ToString::to_string).collect();
    assert!(
        text.iter()
            .any(|error| error.contains("in the folder of othello but names game `tictactoe`")),
        "{text:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
