//! This repository's crates: the layers of every ruleset crate hold, and no
//! crate has an import circle of more than [`MAX_CIRCLE`] files.

use fray_layout::{Graph, circles, upward_references};
use std::path::{Path, PathBuf};

/// The most files a circle may hold (issue 37).
const MAX_CIRCLE: usize = 3;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every crate folder of the workspace with a `src/`.
fn crates() -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![root().join("crates")];
    while let Some(dir) = folders.pop() {
        if dir.join("Cargo.toml").is_file() && dir.join("src").is_dir() {
            found.push(dir.clone());
        }
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() && !matches!(name.as_str(), "src" | "tests" | "target" | "benches") {
                folders.push(path);
            }
        }
    }
    found.sort();
    found
}

fn short(krate: &Path) -> String {
    krate
        .strip_prefix(root().join("crates"))
        .unwrap()
        .display()
        .to_string()
}

#[test]
fn every_ruleset_crate_names_only_its_own_layer_or_those_below() {
    let rules = root().join("crates/rules");
    let mut checked = 0;
    let mut upward = Vec::new();
    for krate in crates().into_iter().filter(|c| c.starts_with(&rules)) {
        let graph = Graph::of_crate(&krate.join("src")).unwrap();
        upward.extend(upward_references(&graph));
        checked += 1;
    }
    assert_eq!(checked, 4, "the four ruleset crates");
    assert!(upward.is_empty(), "upward references: {upward:#?}");
}

#[test]
fn no_crate_has_an_import_circle_of_more_than_three_files() {
    let mut found = Vec::new();
    for krate in crates() {
        let name = short(&krate);
        let graph = Graph::of_crate(&krate.join("src")).unwrap();
        for circle in circles(&graph).into_iter().filter(|c| c.len() > MAX_CIRCLE) {
            found.push(format!("{name}: {}", circle.join(", ")));
        }
    }
    assert!(
        found.is_empty(),
        "circles of more than {MAX_CIRCLE} files (break them: what both sides share goes into a leaf module): {found:#?}"
    );
}
