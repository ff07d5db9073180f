//! Helpers shared by the test modules.

use assert_cmd::Command;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The `fray` binary of this build.
pub fn fray() -> Command {
    Command::cargo_bin("fray").expect("the fray binary is built")
}

/// The repository root (tests run in crates/cli).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A scratch folder named `name`, emptied the first time this test run
/// asks for it (a test may ask again for the same folder). It lies under
/// the target dir (`CARGO_TARGET_TMPDIR`), so test runs leave nothing in the
/// system's temp folder and a rerun starts clean.
pub fn scratch(name: &str) -> PathBuf {
    static MADE: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("fray-cli")
        .join(name);
    let mut made = MADE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if made.insert(name.to_string()) {
        let _ = std::fs::remove_dir_all(&dir);
    }
    std::fs::create_dir_all(&dir).expect("makes a scratch folder");
    dir
}

/// Runs `fray` with `args`, which must succeed; returns its stdout.
pub fn stdout_of(args: &[&str]) -> String {
    let out = fray().args(args).output().expect("runs");
    assert!(
        out.status.success(),
        "fray {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// A ruleset this binary plays, as `fray systems --json` describes it.
pub struct Playable {
    /// Its id, also the name of its folder under `scenarios/`.
    pub id: String,
    /// The labels of its pools (`HP`, `FP`).
    pub pools: Vec<String>,
    /// Its first action example as typed (a pass any combatant may
    /// declare) and as it reads once parsed.
    pub pass: (String, String),
    /// Its bundled scenarios, sorted.
    pub scenarios: Vec<PathBuf>,
}

/// Every registered ruleset with its bundled scenarios. Every folder under
/// `scenarios/` must be a registered ruleset, and every registered ruleset
/// must have at least one scenario there.
pub fn playable() -> Vec<Playable> {
    let systems: serde_json::Value =
        serde_json::from_str(&stdout_of(&["systems", "--json"])).expect("systems --json is JSON");
    let playable: Vec<Playable> = systems
        .as_array()
        .expect("a list of rulesets")
        .iter()
        .filter(|s| s["status"] == "playable")
        .map(|s| {
            let id = s["id"].as_str().expect("an id").to_string();
            let pools = s["pools"]
                .as_array()
                .expect("pools")
                .iter()
                .map(|p| p["label"].as_str().expect("a label").to_string())
                .collect();
            let first = &s["action_examples"][0];
            let pass = (
                first["toml"].as_str().expect("an example").to_string(),
                first["reads"].as_str().expect("how it reads").to_string(),
            );
            let dir = root().join("scenarios").join(&id);
            let mut scenarios: Vec<PathBuf> = std::fs::read_dir(&dir)
                .unwrap_or_else(|e| panic!("the ruleset `{id}` has no {}: {e}", dir.display()))
                .map(|e| e.expect("a directory entry").path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect();
            scenarios.sort();
            assert!(
                !scenarios.is_empty(),
                "the ruleset `{id}` has no scenario in {}",
                dir.display()
            );
            Playable {
                id,
                pools,
                pass,
                scenarios,
            }
        })
        .collect();
    assert!(!playable.is_empty(), "no playable ruleset: {systems}");
    for entry in std::fs::read_dir(root().join("scenarios")).expect("scenarios/ exists") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        assert!(
            playable.iter().any(|p| p.id == name),
            "scenarios/{name} is not a registered ruleset: add it to `rulesets!` in \
             crates/session/src/registry.rs, or move the folder"
        );
    }
    playable
}

/// A GURPS scenario where Ann strikes Bob from behind with
/// `rear_attacks = "basic"` (no defense, G-DEF-014): Ann's Broadsword
/// skill and Bob's DR set how big the odds tree grows (DR 30 stops every
/// blow; DR 6 lets the better ones through).
pub fn from_behind(skill: i32, dr: i32) -> String {
    format!(
        r#"ruleset = "gurps"
name = "from behind"
[map]
kind = "hex"
radius = 4
[options]
rear_attacks = "basic"
[[combatants]]
name = "Ann"
side = "a"
position = {{ q = 0, r = 0 }}
facing = "n"
[combatants.sheet]
st = 12
dx = 12
iq = 10
ht = 12
skills = {{ Broadsword = {skill} }}
weapons = ["Broadsword"]
[[combatants]]
name = "Bob"
side = "b"
position = {{ q = 0, r = -1 }}
facing = "n"
[combatants.sheet]
st = 12
dx = 10
iq = 10
ht = 12
natural_dr = {dr}
weapons = ["Broadsword"]
"#
    )
}
