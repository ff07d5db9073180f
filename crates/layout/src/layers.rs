//! The layers of a ruleset crate (DESIGN.md, "The shape of a ruleset
//! crate"): a file in one layer names only its own layer or those below.

use crate::graph::Graph;
use std::path::PathBuf;

/// The layers, lowest first: `model` (plain data), `rules` (pure
/// functions), `resolve` (the rules played with dice), `ai`.
pub const LAYERS: [&str; 4] = ["model", "rules", "resolve", "ai"];

/// A file that names a layer above its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upward {
    /// The file.
    pub file: PathBuf,
    /// Its layer.
    pub layer: &'static str,
    /// The higher layer it names.
    pub names: &'static str,
}

/// Every upward reference in a crate's files (the crate root's glue, a
/// file outside the four folders, may name any layer).
pub fn upward_references(graph: &Graph) -> Vec<Upward> {
    let mut found = Vec::new();
    for (i, module) in graph.modules.iter().enumerate() {
        let Some(mine) = module.first().and_then(|m| rank(m)) else {
            continue;
        };
        let mut named: Vec<usize> = graph.paths[i]
            .iter()
            .filter(|p| p[0] == "crate")
            .filter_map(|p| p.get(1).and_then(|l| rank(l)))
            .filter(|&r| r > mine)
            .collect();
        named.sort_unstable();
        named.dedup();
        found.extend(named.into_iter().map(|r| Upward {
            file: graph.files[i].clone(),
            layer: LAYERS[mine],
            names: LAYERS[r],
        }));
    }
    found
}

fn rank(layer: &str) -> Option<usize> {
    LAYERS.iter().position(|l| *l == layer)
}
