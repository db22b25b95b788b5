//! The workspace's own rules, checked on its manifests so that a new crate cannot forget them:
//! every member declares the workspace's MSRV, lints and `publish = false`, and every engine
//! crate (a member under `engines/`) is optimised in dev builds, where Cargo's
//! `[profile.dev.package."*"]` reaches dependencies only, never members.

use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The member folders the root manifest lists, `dir/*` globs expanded.
fn members() -> Vec<PathBuf> {
    let manifest = read(&root().join("Cargo.toml"));
    let start = manifest.find("members = [").expect("a members list");
    let list = &manifest[start..start + manifest[start..].find(']').expect("its end")];
    let mut members = Vec::new();
    for entry in list.split('"').skip(1).step_by(2) {
        match entry.strip_suffix("/*") {
            Some(dir) => {
                let mut found: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
                    .unwrap()
                    .map(|entry| entry.unwrap().path())
                    .filter(|path| path.join("Cargo.toml").is_file())
                    .collect();
                found.sort();
                members.extend(found);
            }
            None => members.push(root().join(entry)),
        }
    }
    members
}

/// The lines of a manifest's table `name` (`[package]`, `[lints]`), trimmed.
fn table<'a>(manifest: &'a str, name: &str) -> Vec<&'a str> {
    manifest
        .lines()
        .map(str::trim)
        .skip_while(|line| *line != name)
        .skip(1)
        .take_while(|line| !line.starts_with('['))
        .collect()
}

/// The `name = "…"` of a manifest's package.
fn package_name(manifest: &str) -> String {
    table(manifest, "[package]")
        .iter()
        .find_map(|line| line.strip_prefix("name = "))
        .expect("a package name")
        .trim_matches('"')
        .to_owned()
}

#[test]
fn every_member_declares_the_msrv_the_lints_and_no_publishing() {
    let mut wrong = Vec::new();
    let members = members();
    assert!(members.len() >= 20, "{members:?}");
    for dir in members {
        let path = dir.join("Cargo.toml");
        let manifest = read(&path);
        let package = table(&manifest, "[package]");
        for line in ["rust-version.workspace = true", "publish = false"] {
            if !package.contains(&line) {
                wrong.push(format!("{}: [package] lacks `{line}`", path.display()));
            }
        }
        if !table(&manifest, "[lints]").contains(&"workspace = true") {
            wrong.push(format!(
                "{}: lacks `[lints]` with `workspace = true`",
                path.display()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_engine_crate_is_optimised_in_dev_builds() {
    let manifest = read(&root().join("Cargo.toml"));
    let mut engines = 0;
    let mut wrong = Vec::new();
    for dir in members() {
        if !dir.starts_with(root().join("engines")) {
            continue;
        }
        engines += 1;
        let name = package_name(&read(&dir.join("Cargo.toml")));
        let header = format!("[profile.dev.package.{name}]");
        if !table(&manifest, &header).contains(&"opt-level = 3") {
            wrong.push(format!(
                "Cargo.toml: add `{header}` with `opt-level = 3` (rules and search are hot in \
                 every test)"
            ));
        }
    }
    assert!(engines >= 10, "{engines} engine crates");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
