//! Docs that cannot drift, checked as rust-analyzer's tidy tests check its tree: each failure
//! names the file and line to mend. No tracked file names a path of a development machine or of
//! the folder beside the project; every relative Markdown link resolves; the case counts the
//! README states are the files'; every file, example, `cargo xtask` command, case id and test
//! filter the README and the docs show exists; ARCHITECTURE.md names only files that exist; the
//! README stays a user's document of at most 200 lines.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use arbiter_runner::{CaseRef, PlanScope};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The tracked files, as paths from the root.
fn tracked() -> Vec<String> {
    let output = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root())
        .output()
        .expect("git ls-files runs");
    assert!(output.status.success(), "git ls-files failed");
    String::from_utf8(output.stdout)
        .expect("utf-8 paths")
        .split('\0')
        .filter(|path| !path.is_empty())
        .map(str::to_owned)
        .collect()
}

/// A text file's contents; `None` for a binary or missing one.
fn text(path: &str) -> Option<String> {
    let bytes = std::fs::read(root().join(path)).ok()?;
    if bytes.contains(&0) {
        return None;
    }
    String::from_utf8(bytes).ok()
}

/// The Markdown the README and the docs folder hold, with ARCHITECTURE.md.
fn user_docs() -> Vec<String> {
    tracked()
        .into_iter()
        .filter(|path| {
            path == "README.md"
                || path == "ARCHITECTURE.md"
                || (path.starts_with("docs/") && path.ends_with(".md"))
        })
        .collect()
}

/// The words in backticks on a line.
fn quoted(line: &str) -> Vec<&str> {
    line.split('`').skip(1).step_by(2).collect()
}

fn fail_if_any(wrong: &[String]) {
    assert!(wrong.is_empty(), "\n{}\n", wrong.join("\n"));
}

#[test]
fn no_tracked_file_names_a_machine_path_or_the_shared_folder() {
    // Written in pieces, so that this file does not name them itself.
    let machine = [["/wo", "rk/"].concat(), ["/ho", "me/"].concat()];
    let shared = ["sha", "red/"].concat();
    let mut wrong = Vec::new();
    for path in tracked() {
        if Path::new(&path)
            .extension()
            .is_some_and(|extension| extension == "snap")
        {
            continue;
        }
        let Some(text) = text(&path) else { continue };
        for (number, line) in text.lines().enumerate() {
            let mut found: Vec<&str> = machine
                .iter()
                .filter(|word| line.contains(word.as_str()))
                .map(String::as_str)
                .collect();
            // The folder's name as a path of its own (not the end of a longer word).
            let beside = line.match_indices(shared.as_str()).any(|(at, _)| {
                !line[..at]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-')
            });
            if beside {
                found.push(&shared);
            }
            if !found.is_empty() {
                wrong.push(format!(
                    "{path}:{}: names `{}`: cite the public document instead",
                    number + 1,
                    found.join("`, `")
                ));
            }
        }
    }
    fail_if_any(&wrong);
}

#[test]
fn every_relative_markdown_link_resolves() {
    let mut wrong = Vec::new();
    for path in tracked().into_iter().filter(|path| path.ends_with(".md")) {
        let Some(text) = text(&path) else { continue };
        let dir = Path::new(&path).parent().unwrap_or(Path::new(""));
        for (number, line) in text.lines().enumerate() {
            for (at, _) in line.match_indices("](") {
                let rest = &line[at + 2..];
                let Some(end) = rest.find(')') else { continue };
                let target = rest[..end].split('#').next().unwrap_or("");
                if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                if !root().join(dir).join(target).exists() {
                    wrong.push(format!(
                        "{path}:{}: the link `{target}` leads nowhere",
                        number + 1
                    ));
                }
            }
        }
    }
    fail_if_any(&wrong);
}

/// The plan `cargo test` runs: the case files, and every trial's name.
fn planned() -> (arbiter_runner::CaseFiles, Vec<arbiter_runner::PlannedCase>) {
    let engines = arbiter_engine::embedded_engines();
    let loaded = arbiter_runner::load(
        Some(&root().join("specs")),
        Some(&root().join("suites")),
        &engines,
    );
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    let plan = arbiter_runner::plan(&loaded.files, &engines, PlanScope::default());
    (loaded.files, plan)
}

/// The number written before `words` on some line of `text`, with its line.
fn stated(text: &str, words: &str) -> Option<(usize, usize)> {
    text.lines().enumerate().find_map(|(number, line)| {
        let at = line.find(words)?;
        let digits: String = line[..at]
            .trim_end()
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit() || *c == ',')
            .filter(char::is_ascii_digit)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        Some((number + 1, digits.parse().ok()?))
    })
}

#[test]
fn the_readme_case_counts_match_the_files() {
    let (files, plan) = planned();
    let spec_cases: usize = files.specs.iter().map(|spec| spec.spec.cases.len()).sum();
    let suite_cases: BTreeSet<(usize, usize)> = plan
        .iter()
        .filter_map(|case| match case.case {
            CaseRef::Suite { file, case } => Some((file, case)),
            CaseRef::Spec { .. } => None,
        })
        .collect();
    let readme = text("README.md").expect("README.md");
    let mut wrong = Vec::new();
    for (words, actual) in [
        (" spec cases", spec_cases),
        (" suite cases in the tests", suite_cases.len()),
    ] {
        match stated(&readme, words) {
            Some((_, count)) if count == actual => {}
            Some((line, count)) => wrong.push(format!(
                "README.md:{line}: says {count}{words}; the files hold {actual}"
            )),
            None => wrong.push(format!(
                "README.md: states no count of{words} (the files hold {actual})"
            )),
        }
    }
    fail_if_any(&wrong);
}

/// Whether a word shown in the docs is a placeholder (`NAME`, `snapshots/baselines/NAME/`,
/// `<game>`, `…`) rather than a name.
fn placeholder(word: &str) -> bool {
    word.contains(['<', '*', '…', '|', '[', '{'])
        || word.split('/').any(|part| {
            !part.is_empty()
                && !part.contains('.')
                && part.chars().any(|c| c.is_ascii_uppercase())
                && !part.chars().any(|c| c.is_ascii_lowercase())
        })
}

#[test]
fn the_files_examples_commands_and_cases_the_docs_show_exist() {
    let files = tracked();
    let (cases, plan) = planned();
    let names: Vec<&str> = plan.iter().map(|case| case.name.as_str()).collect();
    let ids: BTreeSet<&str> = plan.iter().map(|case| case.id(&cases)).collect();
    let xtask = text("xtask/src/main.rs").expect("xtask/src/main.rs");
    let mut wrong = Vec::new();
    for path in user_docs() {
        let Some(text) = text(&path) else { continue };
        for (number, line) in text.lines().enumerate() {
            let mut missing = |what: String| wrong.push(format!("{path}:{}: {what}", number + 1));
            for word in quoted(line) {
                // A file of the repository, with an optional `:line`.
                let file = word.split(':').next().unwrap_or("");
                let top = [
                    "specs/",
                    "suites/",
                    "docs/",
                    "snapshots/",
                    "tests/",
                    "xtask/",
                ];
                if top.iter().any(|top| file.starts_with(top))
                    && !placeholder(file)
                    && !file.contains(' ')
                    && !root().join(file).exists()
                {
                    missing(format!("`{file}` does not exist"));
                }
            }
            let mut words = line.split(|c: char| c.is_whitespace() || c == '`');
            while let Some(word) = words.next() {
                let next = |words: &mut dyn Iterator<Item = &str>| {
                    words
                        .next()
                        .unwrap_or("")
                        .trim_end_matches([',', ';', ')', '.'])
                        .to_owned()
                };
                match word {
                    "--example" => {
                        let example = next(&mut words);
                        let file = format!("examples/{example}.rs");
                        if !example.is_empty()
                            && !placeholder(&example)
                            && !files.iter().any(|f| f.ends_with(&file))
                        {
                            missing(format!("no example `{example}`"));
                        }
                    }
                    "xtask" => {
                        let command = next(&mut words);
                        let variant: String = command
                            .split('-')
                            .map(|part| {
                                let mut chars = part.chars();
                                chars.next().map_or(String::new(), |first| {
                                    first.to_ascii_uppercase().to_string() + chars.as_str()
                                })
                            })
                            .collect();
                        if command.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                            && !command.is_empty()
                            && !xtask.contains(&format!("    {variant}"))
                        {
                            missing(format!("no command `cargo xtask {command}`"));
                        }
                    }
                    "--case" => {
                        let id = next(&mut words);
                        if !placeholder(&id) && !ids.contains(id.as_str()) {
                            missing(format!("no case `{id}`"));
                        }
                    }
                    "--" if line.contains("cargo test --") => {
                        let filter = next(&mut words);
                        if !filter.is_empty()
                            && !filter.starts_with('-')
                            && !names.iter().any(|name| name.contains(filter.as_str()))
                        {
                            missing(format!("`cargo test -- {filter}` matches no trial"));
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    fail_if_any(&wrong);
}

#[test]
fn a_failure_shown_in_the_readme_points_at_its_case() {
    let readme = text("README.md").expect("README.md");
    let mut shown = 0;
    let mut wrong = Vec::new();
    for (number, line) in readme.lines().enumerate() {
        // `specs/othello/passes.yaml:169: case `pass-illegal-at-start` (…)`
        let Some((place, rest)) = line.split_once(": case `") else {
            continue;
        };
        let Some((file, at)) = place.trim().rsplit_once(':') else {
            continue;
        };
        let id = rest.split('`').next().unwrap_or("");
        shown += 1;
        let case_line = at.parse::<usize>().ok().and_then(|at| {
            text(file).and_then(|text| text.lines().nth(at.saturating_sub(1)).map(str::to_owned))
        });
        if case_line.is_none_or(|case| case.trim() != format!("- id: {id}")) {
            wrong.push(format!(
                "README.md:{}: `{file}:{at}` is not the line of case `{id}`",
                number + 1
            ));
        }
    }
    assert!(shown > 0, "README.md shows no failing case");
    fail_if_any(&wrong);
}

#[test]
fn architecture_names_only_files_that_exist() {
    let files = tracked();
    let text = text("ARCHITECTURE.md").expect("ARCHITECTURE.md");
    let exists = |name: &str| {
        let name = name.trim_end_matches('/');
        files.iter().any(|file| {
            file == name
                || file.ends_with(&format!("/{name}"))
                || file.starts_with(&format!("{name}/"))
                || file.contains(&format!("/{name}/"))
        })
    };
    let mut wrong = Vec::new();
    for (number, line) in text.lines().enumerate() {
        for word in quoted(line) {
            // Source files, and paths from the repository's top folders (not the files that
            // arbiter writes, such as `match.json`).
            let top = [
                "crates/", "engines/", "src/", "tests/", "xtask/", "docs/", "specs/", "suites/",
            ];
            let file_like = [".rs", ".md", ".toml"]
                .iter()
                .any(|end| word.ends_with(end))
                || top.iter().any(|top| word.starts_with(top));
            if file_like && !placeholder(word) && !word.contains(' ') && !exists(word) {
                wrong.push(format!(
                    "ARCHITECTURE.md:{}: `{word}` names no file or folder of the repository",
                    number + 1
                ));
            }
        }
    }
    fail_if_any(&wrong);
}

#[test]
fn the_readme_is_at_most_200_lines() {
    let lines = text("README.md").expect("README.md").lines().count();
    assert!(
        lines <= 200,
        "README.md: {lines} lines; the measurement history belongs in docs/performance.md"
    );
}
