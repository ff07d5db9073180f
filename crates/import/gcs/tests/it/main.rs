//! fray-gcs integration tests, one binary: the project's own v4 and v5
//! files, hostile input, and the ten shared real files when present.

mod common;

mod hostile;
mod own;
mod shared;
