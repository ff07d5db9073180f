//! The workspace's shape, checked on its own sources (issue 37): the
//! layers of every ruleset crate and the import circles of every crate.

mod checker;
mod repository;
