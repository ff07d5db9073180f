//! Paths of the test files.

use std::path::PathBuf;

/// A file of this crate's `tests/files`.
pub fn own(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/files")
        .join(name)
}

/// The shared real GCS files (`../shared/gcs` beside the workspace), if present.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../../shared/gcs");
    dir.is_dir().then_some(dir)
}
