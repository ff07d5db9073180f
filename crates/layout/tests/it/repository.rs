//! This repository's crates: the layers of every ruleset crate hold, and no
//! crate has an import circle of more than [`MAX_CIRCLE`] files beyond the
//! ones listed in [`KNOWN`], which may shrink but never grow.

use fray_layout::{Graph, circles, upward_references};
use std::path::{Path, PathBuf};

/// The most files a circle may hold (issue 37).
const MAX_CIRCLE: usize = 3;

/// Circles of more than [`MAX_CIRCLE`] files that were there when this
/// test came (issue 37 untangles them): a crate and a circle's files. A
/// circle found must fit inside one of these; one that is gone must leave
/// the list, so the list only shrinks.
const KNOWN: &[(&str, &[&str])] = &[
    (
        "core",
        &[
            "controller",
            "cx",
            "files",
            "halt",
            "oracle",
            "overrides",
            "ruleset",
            "scenario",
        ],
    ),
    (
        "dice",
        &["error", "kind", "kind/bands", "kind/roll_off", "pmf"],
    ),
    ("grid", &["edge", "map", "spec", "square", "walls"]),
    (
        "rules/d20-3d6",
        &[
            "resolve/action",
            "resolve/attack",
            "resolve/check",
            "resolve/life",
            "resolve/maneuver",
            "resolve/mount",
            "resolve/movement",
            "resolve/spell",
            "resolve/turn",
        ],
    ),
    (
        "rules/dragonquest",
        &[
            "resolve/act",
            "resolve/close",
            "resolve/damage",
            "resolve/fire",
            "resolve/mounted",
            "resolve/poison",
            "resolve/strike",
        ],
    ),
    (
        "rules/gurps",
        &[
            "resolve/attack",
            "resolve/critical",
            "resolve/defense",
            "resolve/effort",
            "resolve/footwork",
            "resolve/grapple",
            "resolve/injury",
            "resolve/magic",
            "resolve/maneuver",
            "resolve/movement",
            "resolve/sequence",
            "resolve/slam",
            "resolve/strikes",
            "resolve/turn",
            "resolve/wait",
        ],
    ),
    (
        "rules/gurps",
        &[
            "rules/attack",
            "rules/defense",
            "rules/grapple",
            "rules/magic",
            "rules/ranged",
            "rules/strikes",
        ],
    ),
];

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
fn no_crate_has_an_import_circle_of_more_than_three_files_beyond_the_known() {
    let mut new = Vec::new();
    let mut seen = vec![false; KNOWN.len()];
    for krate in crates() {
        let name = short(&krate);
        let graph = Graph::of_crate(&krate.join("src")).unwrap();
        for circle in circles(&graph).into_iter().filter(|c| c.len() > MAX_CIRCLE) {
            let known = KNOWN.iter().position(|(k, files)| {
                *k == name && circle.iter().all(|f| files.contains(&f.as_str()))
            });
            match known {
                Some(i) => seen[i] = true,
                None => new.push(format!("{name}: {}", circle.join(", "))),
            }
        }
    }
    assert!(
        new.is_empty(),
        "circles of more than {MAX_CIRCLE} files: {new:#?}"
    );
    let gone: Vec<_> = KNOWN
        .iter()
        .zip(&seen)
        .filter(|(_, seen)| !**seen)
        .map(|((k, files), _)| format!("{k}: {}", files.join(", ")))
        .collect();
    assert!(
        gone.is_empty(),
        "gone or smaller, take them out of KNOWN: {gone:#?}"
    );
}
