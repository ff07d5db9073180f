//! The integration tests of `fray-sim`, one binary (`cargo test -p fray-sim`).

mod alloc;
mod common;
mod report;
mod simulate;
