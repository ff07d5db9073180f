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

/// Only regular files are read: a device, a FIFO or a folder is refused at
/// once (a FIFO would block the open for ever).
fn not_regular(file: &str) -> impl Predicate<str> {
    predicate::str::contains(format!("{file}: cannot read: not a regular file"))
}

#[test]
fn a_device_or_a_folder_is_refused_at_once() {
    fray()
        .args(["fight", "/dev/zero"])
        .assert()
        .failure()
        .stderr(not_regular("/dev/zero"));
    fray()
        .args(["fight", &duel(), "--inputs", "/dev/urandom"])
        .assert()
        .failure()
        .stderr(not_regular("/dev/urandom"));
    let dir = root().join("scenarios").display().to_string();
    fray()
        .args(["validate", &dir])
        .assert()
        .failure()
        .stderr(not_regular(&dir));
}

#[test]
fn a_fifo_named_as_a_scenario_or_a_gcs_file_is_refused_at_once() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("file-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("pipe.toml");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo makes the pipe");
    let pipe = fifo.display().to_string();
    fray()
        .args(["validate", &pipe])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .failure()
        .stderr(not_regular(&pipe));
    // A scenario whose `gcs` names the pipe.
    let text = std::fs::read_to_string(root().join("scenarios/gurps/bouncer-vs-knight.toml"))
        .unwrap()
        .replace("chars/brakka.gcs", "pipe.toml");
    let scenario = scratch_file("gcs-pipe.toml", text.as_bytes());
    fray()
        .args(["validate", scenario.to_str().unwrap()])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .failure()
        .stderr(predicate::str::contains("not a regular file"));
    std::fs::remove_file(&fifo).unwrap();
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
