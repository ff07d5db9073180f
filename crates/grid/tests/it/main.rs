//! The grid crate's integration tests, one binary (see `common` for what
//! the modules share).

mod common;
mod edges;
mod footprint;
mod map;
mod props;
mod sight;
