//! End-to-end tests of the `fray` binary.

use crate::common::{fray, playable, root, scratch, stdout_of};
use predicates::prelude::*;
use std::path::PathBuf;

fn duel() -> PathBuf {
    root().join("scenarios/gurps/duel.toml")
}

#[test]
fn roll_with_a_seed_is_repeatable_and_shows_every_die() {
    let a = stdout_of(&["roll", "4d6kh3", "--seed", "7", "--times", "5"]);
    let b = stdout_of(&["roll", "4d6kh3", "--seed", "7", "--times", "5"]);
    assert_eq!(a, b);
    assert_eq!(a.lines().count(), 5);
    for line in a.lines() {
        assert!(line.starts_with("4d6kh3: ["), "{line}");
        assert_eq!(line.matches(',').count(), 3, "four dice listed: {line}");
        assert!(line.contains('d'), "a dropped die is marked: {line}");
    }
}

#[test]
fn roll_without_a_seed_prints_the_seed_it_used() {
    let out = stdout_of(&["roll", "3d6"]);
    let seed_line = out.lines().next().unwrap();
    assert!(
        seed_line.starts_with("(seed ") && seed_line.ends_with(')'),
        "{seed_line}"
    );
}

#[test]
fn odds_table_is_exact() {
    let out = stdout_of(&["odds", "3d6"]);
    assert!(out.contains("1/216"), "{out}");
    assert!(out.contains("mean 21/2 = 10.500000"), "{out}");
    // P(3d6 <= 10) = 1/2 on the row for 10.
    let row10 = out
        .lines()
        .find(|l| l.contains("│    10 ┆"))
        .expect("a row for 10");
    assert!(row10.contains("0.500000"), "{row10}");
}

#[test]
fn odds_json_gives_exact_fractions() {
    let out = stdout_of(&["odds", "2d6", "--json"]);
    let doc: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(doc["mean"], "7");
    let rows = doc["distribution"].as_array().unwrap();
    assert_eq!(rows.len(), 11);
    assert_eq!(rows[0]["value"], 2);
    assert_eq!(rows[0]["p_eq"], "1/36");
    assert_eq!(rows[5]["p_le"], "7/12");
}

#[test]
fn bad_dice_expressions_fail_with_the_column() {
    fray()
        .args(["odds", "3d6+"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("column 5"));
    fray()
        .args(["roll", "1000000d1000000"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("limit"));
    // A die that always explodes stops at the stated cap of 100 extra rolls.
    let out = stdout_of(&["roll", "1d1!", "--seed", "1"]);
    assert!(out.trim_end().ends_with("= 101"), "{out}");
}

#[test]
fn fight_is_byte_identical_for_the_same_seed() {
    let path = duel();
    let p = path.to_str().unwrap();
    let a = stdout_of(&["fight", p, "--seed", "42"]);
    let b = stdout_of(&["fight", p, "--seed", "42"]);
    assert_eq!(a, b);
    assert!(a.starts_with("Duel of knights"), "{a}");
    assert!(a.contains("Result: "), "{a}");
    assert!(a.contains("attack: 3d6 = "), "rolls are narrated: {a}");
    assert!(a.contains("[G-"), "rule IDs are cited: {a}");
    let c = stdout_of(&["fight", p, "--seed", "43"]);
    assert_ne!(a, c, "another seed gives another fight");
}

#[test]
fn fight_json_lines_all_parse() {
    let path = duel();
    let out = stdout_of(&["fight", path.to_str().unwrap(), "--json", "--seed", "3"]);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect(l))
        .collect();
    assert_eq!(lines.first().unwrap()["event"], "start");
    assert_eq!(lines.last().unwrap()["event"], "end");
    assert!(
        lines
            .iter()
            .any(|l| l["event"] == "roll" && l["modifiers"].is_array())
    );
}

#[test]
fn fight_uses_scripted_inputs_first() {
    let dir = scratch("cli-inputs");
    let inputs = dir.join("inputs.toml");
    // Sir Bors moves first? The turn order ties (same knights), so the first
    // scripted rolls settle it: Bors rolls 18, Gawain 3.
    std::fs::write(&inputs, "rolls = [18, 3]\n").unwrap();
    let path = duel();
    let out = stdout_of(&[
        "fight",
        path.to_str().unwrap(),
        "--inputs",
        inputs.to_str().unwrap(),
    ]);
    assert!(out.contains("turn-order tie: 3d6 = 18"), "{out}");
    assert!(out.contains("Turn order by Basic Speed: Sir Bors"), "{out}");
}

#[test]
fn validate_accepts_every_bundled_scenario() {
    for r in playable() {
        for path in &r.scenarios {
            let out = stdout_of(&["validate", path.to_str().unwrap()]);
            assert!(out.contains(&format!("valid {} scenario", r.id)), "{out}");
        }
    }
}

/// Every bundled scenario of every ruleset plays to a result in `fray
/// fight` (its roster in the ruleset's pool labels), `fray sim` (a debug
/// build: a few hundred fights each) and `fray play` (people's inputs
/// ending at once: the AI plays everyone else), and gives the exact odds
/// of its first combatant's pass (the ruleset's first action example,
/// Do Nothing for GURPS).
#[test]
fn every_bundled_scenario_fights_simulates_plays_and_gives_odds() {
    for r in playable() {
        for path in &r.scenarios {
            let file = path.to_str().unwrap();
            let out = stdout_of(&["fight", file]);
            assert!(out.contains("Result: "), "{file}: {out}");
            let start = out.lines().nth(1).unwrap_or_default();
            for label in &r.pools {
                assert!(start.contains(&format!(" {label} ")), "{file}: {start}");
            }
            let out = stdout_of(&["sim", file, "-n", "200", "--threads", "2"]);
            assert!(out.contains("All fights"), "{file}: {out}");
            for label in &r.pools {
                assert!(out.contains(&format!("{label} left*")), "{file}: {out}");
            }
            let played = fray()
                .args(["play", file, "--no-autosave"])
                .write_stdin("")
                .output()
                .unwrap();
            assert!(played.status.success(), "{file}");
            let scenario: toml::Value =
                toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            let first = scenario["combatants"][0]["name"]
                .as_str()
                .unwrap()
                .to_string();
            let out = stdout_of(&[
                "odds",
                "--scenario",
                file,
                "--actor",
                &first,
                "--action",
                &r.pass.0,
            ]);
            assert!(
                out.contains(&format!("declares {}", r.pass.1)),
                "{file}: {out}"
            );
        }
    }
}

#[test]
fn validate_points_at_line_and_column() {
    let dir = scratch("cli-bad");
    let bad = dir.join("bad.toml");
    let text = std::fs::read_to_string(duel()).unwrap().replace(
        "template = \"knight\"\nposition = { q = 2",
        "tempate = \"knight\"\nposition = { q = 2",
    );
    std::fs::write(&bad, text).unwrap();
    fray()
        .args(["validate", bad.to_str().unwrap()])
        .assert()
        .failure()
        .stderr(predicate::str::contains("bad.toml:").and(predicate::str::contains("tempate")));

    let unknown = dir.join("unknown.toml");
    let text = std::fs::read_to_string(duel()).unwrap().replacen(
        "template = \"knight\"",
        "template = \"knigt\"",
        1,
    );
    std::fs::write(&unknown, text).unwrap();
    fray()
        .args(["validate", unknown.to_str().unwrap()])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("combatants[0].template")
                .and(predicate::str::contains("knigt")),
        );
}

/// Issue 10: a weapon whose skill the sheet lacks is used at its default,
/// and `fray validate` says so at its line; an unknown one is refused with
/// the closest name.
#[test]
fn validate_warns_of_a_weapon_used_at_its_default() {
    let dir = scratch("cli-default");
    let file = dir.join("axe.toml");
    let sheet = "sheet = { st = 12, dx = 11, iq = 10, ht = 12, skills = { Broadsword = 14 }, weapons = [\"Great Axe\"] }";
    let text = std::fs::read_to_string(duel())
        .unwrap()
        .replacen("template = \"knight\"", sheet, 1);
    std::fs::write(&file, &text).unwrap();
    let out = stdout_of(&["validate", file.to_str().unwrap()]);
    let line = text.lines().position(|l| l.contains("Great Axe")).unwrap() + 1;
    assert!(
        out.contains(&format!("warning: {}:{line}:", file.display())),
        "{out}"
    );
    assert!(out.contains("at its default, DX-5 = 6"), "{out}");
    assert!(out.contains("valid gurps scenario"), "{out}");

    let bad = dir.join("greataxe.toml");
    std::fs::write(&bad, text.replace("Great Axe", "Greataxe")).unwrap();
    fray()
        .args(["validate", bad.to_str().unwrap()])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains(format!("greataxe.toml:{line}:")).and(
                // miette wraps the message; the closest name follows.
                predicate::str::contains("no weapon `Greataxe`; did you mean `Great"),
            ),
        );
}

#[test]
fn missing_files_and_rulesets_fail_cleanly() {
    fray()
        .args(["fight", "no/such/file.toml"])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("no/such/file.toml")
                .and(predicate::str::contains("cannot read")),
        );
    let dir = scratch("cli-ruleset");
    let f = dir.join("dq.toml");
    std::fs::write(&f, "ruleset = \"margin-3d6\"\n").unwrap();
    if !stdout_of(&["systems"])
        .lines()
        .any(|l| l.contains("margin-3d6") && l.contains("playable"))
    {
        fray()
            .args(["fight", f.to_str().unwrap()])
            .assert()
            .failure()
            .stderr(predicate::str::contains("not implemented yet"));
    }
    std::fs::write(&f, "ruleset = \"chess\"\n").unwrap();
    fray()
        .args(["validate", f.to_str().unwrap()])
        .assert()
        .failure()
        .stderr(predicate::str::contains("unknown ruleset `chess`"));
}

#[test]
fn schema_validates_every_bundled_scenario() {
    for r in playable() {
        let schema: serde_json::Value =
            serde_json::from_str(&stdout_of(&["schema", &r.id])).expect("schema is JSON");
        let validator = jsonschema::validator_for(&schema).expect("a valid JSON Schema");
        for path in &r.scenarios {
            let text = std::fs::read_to_string(path).unwrap();
            let mut doc: serde_json::Value = toml::from_str(&text).unwrap();
            let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{}: {errors:?}", path.display());
            // And the schema rejects an unknown key.
            doc["no_such_key"] = serde_json::json!(1);
            assert!(!validator.is_valid(&doc), "{}", path.display());
        }
    }
    let bad: serde_json::Value = toml::from_str("ruleset = \"gurps\"\nname = \"x\"\nsurprise = 1\nmap = { kind = \"hex\", radius = 2 }\ncombatants = []\n").unwrap();
    let schema: serde_json::Value = serde_json::from_str(&stdout_of(&["schema", "gurps"])).unwrap();
    assert!(!jsonschema::validator_for(&schema).unwrap().is_valid(&bad));
}

/// `fray schema table`: the table's protocol, the one `docs/table.schema.json` publishes.
#[test]
fn the_table_protocol_schema_is_printed_and_is_the_published_one() {
    let printed: serde_json::Value =
        serde_json::from_str(&stdout_of(&["schema", "table"])).expect("JSON");
    jsonschema::validator_for(&printed).expect("a valid JSON Schema");
    let published: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("docs/table.schema.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(printed, published);
}

/// `fray schema` has no default ruleset: without one it names them.
#[test]
fn schema_without_a_ruleset_lists_them() {
    fray().args(["schema"]).assert().failure().stderr(
        predicate::str::contains("fray schema RULESET").and(predicate::str::contains("gurps")),
    );
    // (miette wraps the long message: match its words apart.)
    if !stdout_of(&["systems"])
        .lines()
        .any(|l| l.contains("margin-3d6") && l.contains("playable"))
    {
        fray()
            .args(["schema", "margin-3d6"])
            .assert()
            .failure()
            .stderr(
                predicate::str::contains("`margin-3d6`")
                    .and(predicate::str::contains("implemented")),
            );
    }
}

#[test]
fn systems_lists_all_four_rulesets() {
    let out = stdout_of(&["systems"]);
    for id in ["gurps", "dragonquest", "d20-3d6", "margin-3d6"] {
        assert!(out.contains(id), "{out}");
    }
    assert!(out.contains("playable"));
    let gurps = out.lines().find(|l| l.contains("gurps")).unwrap();
    assert!(
        gurps.contains("of 252 IDs"),
        "every checklist row is counted: {gurps}"
    );
    assert!(!gurps.contains(" 0 done"), "{gurps}");
    for id in ["dragonquest", "d20-3d6", "margin-3d6"] {
        let line = out.lines().find(|l| l.contains(id)).unwrap();
        assert!(line.contains("playable"), "{line}");
    }
    let dq = out.lines().find(|l| l.contains("dragonquest")).unwrap();
    assert!(dq.contains("of 152 IDs"), "{dq}");
}

/// `fray systems --json`: the registry with each ruleset's declarations;
/// every action example parses (the play help shows them).
#[test]
fn systems_json_gives_pools_counters_and_action_examples() {
    let doc: serde_json::Value =
        serde_json::from_str(&stdout_of(&["systems", "--json"])).expect("JSON");
    let all = doc.as_array().unwrap();
    let ids: Vec<&str> = all.iter().map(|s| s["id"].as_str().unwrap()).collect();
    // Registered rulesets first (registry order), then the planned ones.
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, ["d20-3d6", "dragonquest", "gurps", "margin-3d6"]);
    assert_eq!(ids[0], "gurps");
    let gurps = &all[0];
    assert_eq!(gurps["status"], "playable");
    assert_eq!(gurps["pools"][0]["label"], "HP");
    assert_eq!(gurps["pools"][1]["label"], "FP");
    assert_eq!(gurps["counters"][0]["id"], "knockdowns");
    assert_eq!(gurps["counters"][0]["rule"], "G-INJ-008");
    assert_eq!(gurps["action_examples"][0]["toml"], "do_nothing");
    assert_eq!(gurps["action_examples"][0]["reads"], "Do Nothing");
    assert!(gurps["coverage"].as_str().unwrap().contains("of 252 IDs"));
    assert!(all.iter().all(|s| s["status"] == "playable"));
    let dq = all.iter().find(|s| s["id"] == "dragonquest").unwrap();
    assert_eq!(dq["pools"][0]["label"], "EN");
    assert_eq!(dq["pools"][1]["label"], "FT");
    assert_eq!(dq["action_examples"][0]["reads"], "Pass");
    let margin = all.iter().find(|s| s["id"] == "margin-3d6").unwrap();
    assert_eq!(margin["status"], "playable");
    assert!(margin["coverage"].as_str().unwrap().contains("of 169 IDs"));
}
