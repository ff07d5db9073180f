//! Helpers shared by the end-to-end tests.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

/// The `fray` binary of this build.
pub fn fray() -> Command {
    Command::cargo_bin("fray").expect("the fray binary is built")
}

/// The repository root (tests run in crates/cli).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Stdout of a `fray` run that must succeed.
pub fn stdout_of(args: &[&str]) -> String {
    let out = fray().args(args).output().expect("runs");
    assert!(
        out.status.success(),
        "fray {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}
