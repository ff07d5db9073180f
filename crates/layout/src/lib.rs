//! The shape of the workspace's crates, read from their sources: which
//! file names which (its module graph), the layers of a ruleset crate
//! (`model -> rules -> resolve -> ai`, DESIGN.md "The shape of a ruleset
//! crate") and the import circles between files.
//!
//! Written by hand on `syn` because no maintained crate reports imports
//! per *file* (cargo-modules draws modules, not the files' references and
//! not as a library). Only what the sources say is read: a file names
//! another when a `crate::`, `super::` or `self::` path in it (a `use` or
//! inline, outside `#[cfg(test)]` items) leads into that file's module.

mod graph;
mod layers;
mod scc;

pub use graph::{Graph, GraphError};
pub use layers::{LAYERS, Upward, upward_references};
pub use scc::circles;
