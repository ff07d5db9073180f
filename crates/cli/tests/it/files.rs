//! Every file the CLI reads goes through one reader with a size limit
//! (`fray_core::scenario::MAX_FILE_BYTES`) and must be UTF-8 text.

use crate::common::{fray, root};
use predicates::prelude::*;
use std::path::PathBuf;

fn duel() -> String {
    root()
        .join("scenarios/gurps/duel.toml")
        .display()
        .to_string()
}

/// A file of this test binary's scratch directory holding `bytes`.
fn scratch_file(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("file-tests");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("the file is written");
    path
}

/// The error's code and the limit: the message itself may be wrapped to
/// the terminal's width.
fn too_large(file: &str) -> impl Predicate<str> {
    predicate::str::contains("fray::too_large")
        .and(predicate::str::contains(format!("{file}: larger than")))
        .and(predicate::str::contains("4194304"))
}

#[test]
fn an_endless_scenario_stops_at_the_limit() {
    fray()
        .args(["fight", "/dev/zero"])
        .assert()
        .failure()
        .stderr(too_large("/dev/zero"));
}

#[test]
fn an_endless_input_log_stops_at_the_limit() {
    fray()
        .args(["fight", &duel(), "--inputs", "/dev/urandom"])
        .assert()
        .failure()
        .stderr(too_large("/dev/urandom"));
}

#[test]
fn a_file_just_over_the_limit_is_refused() {
    let mut text = b"ruleset = \"gurps\"\n".to_vec();
    text.resize(4 * 1024 * 1024 + 1, b'\n');
    let path = scratch_file("big.toml", &text);
    fray()
        .args(["validate", path.to_str().unwrap()])
        .assert()
        .failure()
        .stderr(too_large("big.toml"));
}

#[test]
fn a_file_that_is_not_utf8_is_refused_where_it_breaks() {
    let path = scratch_file("latin1.toml", b"ruleset = \"gurps\"\n# caf\xe9\n");
    fray()
        .args(["validate", path.to_str().unwrap()])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("fray::not_utf8").and(predicate::str::contains(format!(
                "{}:2:6: not",
                path.display()
            ))),
        );
}
