//! End-to-end tests of `fray import` and of scenarios naming GCS files
//! (issue 14). Every simulation is seeded.

use crate::common::{fray, root, stdout_of};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

/// A scratch directory of this test binary.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("import-tests");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir.join(name)
}

fn brakka() -> String {
    root()
        .join("scenarios/gurps/chars/brakka.gcs")
        .display()
        .to_string()
}

/// A scenario against the bundled knight whose first combatant is `body`.
fn scenario(body: &str) -> String {
    format!(
        r#"ruleset = "gurps"
name = "import test"
max_rounds = 40
[map]
kind = "hex"
radius = 5
[[combatants]]
name = "Imported"
side = "GCS"
position = {{ q = -1, r = 0 }}
facing = "se"
{body}
[[combatants]]
name = "Knight"
side = "Crown"
template = "knight"
position = {{ q = 1, r = 0 }}
facing = "nw"
"#
    )
}

#[test]
fn import_prints_the_sheet_and_the_report() {
    let out = fray().args(["import", &brakka()]).output().expect("runs");
    assert!(out.status.success());
    let sheet = String::from_utf8(out.stdout).unwrap();
    let report = String::from_utf8(out.stderr).unwrap();
    assert!(
        sheet.contains("[[own_weapons]]") && sheet.contains("name = \"Axe\""),
        "{sheet}"
    );
    assert!(
        report.contains("Left out") && report.contains("Bad Temper"),
        "{report}"
    );
}

#[test]
fn an_imported_sheet_pasted_into_a_scenario_validates_and_fights() {
    let sheet = scratch("brakka.toml");
    let report = stdout_of(&["import", &brakka(), "--out", &sheet.display().to_string()]);
    assert!(report.contains("wrote"), "{report}");
    let text = std::fs::read_to_string(&sheet).unwrap();
    // The sheet's keys under `[combatants.sheet]`, its tables under that prefix.
    let body = text
        .lines()
        .map(|l| match l.strip_prefix("[[") {
            Some(rest) => format!("[[combatants.sheet.{rest}"),
            None => match l.strip_prefix('[') {
                Some(rest) => format!("[combatants.sheet.{rest}"),
                None => l.to_string(),
            },
        })
        .collect::<Vec<_>>()
        .join("\n");
    let file = scratch("pasted.toml");
    std::fs::write(&file, scenario(&format!("[combatants.sheet]\n{body}"))).unwrap();
    let f = file.display().to_string();
    fray()
        .args(["validate", &f])
        .assert()
        .success()
        .stdout(predicate::str::contains("valid gurps scenario"));
    fray()
        .args(["fight", &f, "--seed", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Result:"));
}

#[test]
fn import_errors_are_clear() {
    let missing = scratch("nobody.gcs").display().to_string();
    let out = fray().args(["import", &missing]).output().unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8(out.stderr).unwrap();
    assert_eq!(said.matches("nobody.gcs").count(), 1, "named once: {said}");
    // A long name: off a terminal the message stays on one line however
    // long the path in front of it is.
    let template = scratch(&format!("{}-template.gcs", "a-long-folder-name".repeat(6)));
    std::fs::write(&template, r#"{"type": "template", "version": 4}"#).unwrap();
    fray()
        .args(["import", &template.display().to_string()])
        .assert()
        .failure()
        .stderr(predicate::str::contains("not a GCS character"));
}

#[test]
fn shared_gcs_files_simulate_against_the_knight() {
    let dir = root().join("../shared/gcs");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("../shared/gcs not found: skipped");
        return;
    };
    let mut n = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "gcs") {
            continue;
        }
        let file = scratch(&format!(
            "{}.toml",
            path.file_stem().unwrap().to_string_lossy()
        ));
        let gcs = path.canonicalize().unwrap().display().to_string();
        std::fs::write(&file, scenario(&format!("gcs = {gcs:?}"))).unwrap();
        let f = file.display().to_string();
        assert!(stdout_of(&["validate", &f]).contains("valid gurps scenario"));
        let json = stdout_of(&["sim", &f, "-n", "20", "--seed", "7", "--json"]);
        let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(doc["fights"], 20, "{}", path.display());
        assert_eq!(
            json,
            stdout_of(&["sim", &f, "-n", "20", "--seed", "7", "--json"])
        );
        n += 1;
    }
    assert_eq!(n, 10);
}

/// The project's own GCS test creature (crates/import/gcs/tests/files).
fn own_gcs(name: &str) -> String {
    root()
        .join("crates/import/gcs/tests/files")
        .join(name)
        .display()
        .to_string()
}

// rule: G-LOC-006, G-ATK-024 (issue 35)
#[test]
fn import_carries_a_wolfs_body_and_size_and_says_so() {
    let out = fray()
        .args(["import", &own_gcs("wolf.gcs")])
        .output()
        .unwrap();
    assert!(out.status.success());
    let sheet = String::from_utf8(out.stdout).unwrap();
    let report = String::from_utf8(out.stderr).unwrap();
    assert!(
        sheet.contains("body = \"quadruped\"") && sheet.contains("sm = 1"),
        "{sheet}"
    );
    assert!(sheet.contains("[dr.right_foreleg]"), "{sheet}");
    assert!(
        report.contains("body type quadruped") && report.contains("Size Modifier +1"),
        "{report}"
    );
    // The venom of the viper is in its bite, and the report says so.
    let out = fray()
        .args(["import", &own_gcs("viper.gcs")])
        .output()
        .unwrap();
    let sheet = String::from_utf8(out.stdout).unwrap();
    let report = String::from_utf8(out.stderr).unwrap();
    assert!(sheet.contains("[own_weapons.modes.follow_up]"), "{sheet}");
    assert!(report.contains("follow-up 2d tox"), "{report}");
}

// rule: G-EXT-013 (issue 35)
#[test]
fn import_refuses_a_value_at_its_json_path_and_never_prints_a_raw_escape() {
    let wolf = std::fs::read_to_string(own_gcs("wolf.gcs")).unwrap();
    let hostile = [
        (
            "st.gcs",
            wolf.replacen("\"value\": 12", "\"value\": 13.7", 1),
            "attributes[0].calc.value",
        ),
        (
            "name.gcs",
            wolf.replacen("\"Grey Wolf\"", "\"Grey\\u001b[2J\\u0000Wolf\"", 1),
            "profile.name",
        ),
    ];
    for (name, text, path) in hostile {
        let file = scratch(name);
        std::fs::write(&file, text).unwrap();
        let out = fray()
            .args(["import", &file.display().to_string()])
            .output()
            .unwrap();
        assert!(!out.status.success(), "{name}");
        let said = String::from_utf8(out.stderr).unwrap();
        assert!(said.contains(path), "{name}: {said}");
        assert!(
            !said.contains('\u{1b}') && !said.contains('\0'),
            "{name}: {said:?}"
        );
    }
}
