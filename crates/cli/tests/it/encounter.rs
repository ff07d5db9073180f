//! Building an encounter (issue 15): `fray list`, `fray show`, a template
//! adjusted in a scenario, and data files read at run time (`--data DIR`,
//! a scenario's `data` folder), for every ruleset.

use crate::common::{self, fray, playable, root, stdout_of};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

/// Where each ruleset's bestiary keeps its templates, and a field of the
/// sheet that changes a pool the roster shows: (key of the templates in
/// creatures.toml, sheet lines, the pool label and its expected maximum).
/// `None` for a ruleset this file was not written for (a new one plays
/// every other test at once; it adds its line here when it has a bestiary).
fn adjustment_of(id: &str) -> Option<(&'static str, &'static str, &'static str, i64)> {
    Some(match id {
        "gurps" => (
            "template",
            "st = 15\nskills = { Broadsword = 18 }",
            "HP",
            15,
        ),
        "dragonquest" => ("creature", "en = 25", "EN", 25),
        "d20-3d6" => ("template", "hp = { max = 99 }", "HP", 99),
        "margin-3d6" => (
            "template",
            "hp = 30\nskills = { broadsword = 17 }",
            "HP",
            30,
        ),
        _ => return None,
    })
}

/// [`adjustment_of`] a ruleset it was written for.
fn adjustment(id: &str) -> (&'static str, &'static str, &'static str, i64) {
    adjustment_of(id).expect("a ruleset with an adjustment")
}

/// The playable rulesets [`adjustment_of`] was written for.
fn adjustable() -> impl Iterator<Item = common::Playable> {
    playable()
        .into_iter()
        .filter(|r| adjustment_of(&r.id).is_some())
}

/// A scratch folder of its own for one test.
fn scratch(name: &str) -> PathBuf {
    common::scratch(&format!("encounter-{name}"))
}

/// The ruleset's bundled duel, whose combatants use templates.
fn duel(id: &str) -> String {
    std::fs::read_to_string(root().join(format!("scenarios/{id}/duel.toml"))).expect("the duel")
}

/// `text` with `sheet` (TOML lines) as the first combatant's `[combatants.sheet]`.
fn with_sheet(text: &str, sheet: &str) -> String {
    let second = text
        .match_indices("[[combatants]]")
        .nth(1)
        .expect("two combatants")
        .0;
    format!(
        "{}[combatants.sheet]\n{sheet}\n\n{}",
        &text[..second],
        &text[second..]
    )
}

/// The maximum of pool `label` of the first combatant in `fray fight --json`'s start line.
fn first_pool_max(scenario: &Path, extra: &[&str], label: &str) -> i64 {
    let path = scenario.display().to_string();
    let mut args = vec!["fight", path.as_str(), "--json"];
    args.extend_from_slice(extra);
    let out = stdout_of(&args);
    let start: serde_json::Value =
        serde_json::from_str(out.lines().next().expect("a start line")).expect("JSON");
    let pools = start["roster"][0]["pools"]
        .as_array()
        .expect("pools")
        .clone();
    pools
        .iter()
        .find(|p| p["label"] == label)
        .and_then(|p| p["max"].as_i64())
        .unwrap_or_else(|| panic!("no pool {label} in {pools:?}"))
}

#[test]
fn list_shows_each_kind_for_every_ruleset_or_says_it_has_none() {
    for r in playable() {
        for kind in ["templates", "weapons", "armor", "shields", "spells"] {
            let out = fray()
                .args(["list", kind, "--ruleset", &r.id])
                .output()
                .expect("runs");
            let stderr = String::from_utf8_lossy(&out.stderr);
            if out.status.success() {
                let table = String::from_utf8_lossy(&out.stdout);
                assert!(
                    table.contains("Name") && table.lines().count() > 4,
                    "{} {kind}: {table}",
                    r.id
                );
            } else {
                assert!(
                    stderr.contains("fray::no_such_kind")
                        && stderr.contains(&format!("has no {kind}")),
                    "{} {kind}: {stderr}",
                    r.id
                );
                assert_ne!(kind, "templates", "{} must list its templates", r.id);
            }
        }
    }
}

#[test]
fn list_templates_gives_the_key_figures() {
    let out = stdout_of(&["list", "templates", "--ruleset", "gurps"]);
    for word in ["Id", "ST", "DX", "HP", "knight", "Broadsword"] {
        assert!(out.contains(word), "{word} missing from {out}");
    }
    let out = stdout_of(&["list", "weapons", "--ruleset", "gurps"]);
    assert!(out.contains("sw+1 cut reach 1"), "{out}");
}

#[test]
fn list_without_a_ruleset_groups_every_ruleset() {
    let out = stdout_of(&["list", "spells"]);
    for r in playable() {
        assert!(
            out.contains(&format!("{}:", r.id)),
            "{} missing: {out}",
            r.id
        );
    }
    assert!(out.contains("(no spells in dragonquest)"), "{out}");
}

#[test]
fn unknown_kinds_rulesets_and_names_are_errors() {
    fray()
        .args(["list", "potions"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("templates"));
    fray()
        .args(["list", "weapons", "--ruleset", "chess"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("fray::unknown_ruleset"));
    fray()
        .args(["show", "template", "knigt", "--ruleset", "gurps"])
        .assert()
        .failure()
        .stderr(
            predicate::str::contains("fray::unknown_name").and(predicate::str::contains(
                "no template `knigt` in gurps; nearest: knight",
            )),
        );
}

#[test]
fn data_needs_a_ruleset_to_list() {
    fray()
        .args(["list", "weapons", "--data", "."])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--ruleset"));
}

/// The shown template, given a side and a position, is a scenario's
/// combatant that loads with the template's own figures.
#[test]
fn show_template_prints_toml_a_scenario_accepts() {
    for r in playable() {
        let text = duel(&r.id);
        let first = text.find("[[combatants]]").expect("combatants");
        let second = first
            + 1
            + text[first + 1..]
                .find("[[combatants]]")
                .expect("two combatants");
        let line = text[first..second]
            .lines()
            .find(|l| l.starts_with("template = "))
            .expect("the first combatant uses a template");
        let id = line.trim_start_matches("template = ").trim_matches('"');
        let shown = stdout_of(&["show", "template", id, "--ruleset", &r.id]);
        let doc: toml::Table = toml::from_str(&shown).expect("the output is TOML");
        let entry = &doc["combatants"][0];
        assert_eq!(entry["template"].as_str(), Some(id), "{shown}");
        assert!(entry["sheet"].is_table(), "{shown}");
        // The first combatant replaced by the shown one, placed where it stood.
        let placed: String = text[first..second]
            .lines()
            .filter(|l| {
                ["side", "position", "facing", "controller", "corner"]
                    .iter()
                    .any(|k| l.starts_with(&format!("{k} ")))
            })
            .map(|l| format!("{l}\n"))
            .collect();
        let body = shown
            .lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n");
        let body = body.replacen("[[combatants]]\n", &format!("[[combatants]]\n{placed}"), 1);
        let name_line = body
            .lines()
            .find(|l| l.starts_with("name = "))
            .expect("a name")
            .to_string();
        let body = body.replacen(&name_line, "name = \"Shown\"", 1);
        let scenario = format!("{}{body}\n\n{}", &text[..first], &text[second..]);
        let dir = scratch(&format!("show-{}", r.id));
        let path = dir.join("shown.toml");
        std::fs::write(&path, scenario).expect("written");
        fray()
            .args(["validate", &path.display().to_string()])
            .assert()
            .success();
    }
}

/// A template with a `[combatants.sheet]` is the template with those
/// fields replaced; the other combatant keeps the template's figures.
#[test]
fn a_template_adjusted_in_the_scenario_replaces_the_written_fields() {
    for r in adjustable() {
        let (_, sheet, pool, max) = adjustment(&r.id);
        let dir = scratch(&format!("adjust-{}", r.id));
        let path = dir.join("duel.toml");
        std::fs::write(&path, with_sheet(&duel(&r.id), sheet)).expect("written");
        assert_eq!(first_pool_max(&path, &[], pool), max, "{}", r.id);
    }
}

#[test]
fn a_bad_field_in_an_adjusted_sheet_points_at_its_line_and_column() {
    let dir = scratch("adjust-bad");
    let path = dir.join("duel.toml");
    let text = with_sheet(&duel("gurps"), "skills = { Broadsword = \"high\" }");
    let line = text
        .lines()
        .position(|l| l.contains("\"high\""))
        .expect("the line")
        + 1;
    std::fs::write(&path, text).expect("written");
    fray()
        .args(["validate", &path.display().to_string()])
        .assert()
        .failure()
        .stderr(predicate::str::contains(format!("duel.toml:{line}:25:")));
}

#[test]
fn an_unknown_template_with_a_sheet_names_the_nearest() {
    let dir = scratch("adjust-unknown");
    let path = dir.join("duel.toml");
    let text = with_sheet(&duel("gurps"), "st = 14").replacen("\"knight\"", "\"knigt\"", 1);
    std::fs::write(&path, text).expect("written");
    fray()
        .args(["validate", &path.display().to_string()])
        .assert()
        .failure()
        .stderr(predicate::str::contains("knigt").and(predicate::str::contains("knight")));
}

/// A copy of the ruleset's first bundled template under the id `newcomer`,
/// its sheet adjusted as [`adjustment`] says, as a data file's text.
fn newcomer(id: &str) -> String {
    let (key, _, _, _) = adjustment(id);
    let text = std::fs::read_to_string(root().join(format!("data/{id}/creatures.toml")))
        .expect("the bestiary");
    let doc: toml::Table = toml::from_str(&text).expect("TOML");
    let mut first = doc[key][0].as_table().expect("a template").clone();
    first.insert("id".into(), "newcomer".into());
    let mut out = toml::Table::new();
    out.insert(key.into(), toml::Value::Array(vec![first.into()]));
    toml::to_string(&out).expect("TOML")
}

/// The first bundled template's id, as the bestiary writes it.
fn first_template(id: &str) -> String {
    let (key, _, _, _) = adjustment(id);
    let text = std::fs::read_to_string(root().join(format!("data/{id}/creatures.toml")))
        .expect("the bestiary");
    let doc: toml::Table = toml::from_str(&text).expect("TOML");
    doc[key][0]["id"].as_str().expect("an id").to_string()
}

/// The duel with its first combatant made a `newcomer`.
fn duel_with_newcomer(id: &str, data_key: bool) -> String {
    let text = duel(id);
    let first = text.find("[[combatants]]").expect("combatants");
    let tail = text[first..].replacen(
        &text[first..]
            .lines()
            .find(|l| l.starts_with("template = "))
            .expect("a template")
            .to_string(),
        "template = \"newcomer\"",
        1,
    );
    let head = if data_key {
        format!("data = \"mydata\"\n{}", &text[..first])
    } else {
        text[..first].to_string()
    };
    format!("{head}{tail}")
}

#[test]
fn data_files_are_read_from_the_scenario_folder_and_from_the_command_line() {
    for r in adjustable() {
        let dir = scratch(&format!("data-{}", r.id));
        std::fs::create_dir_all(dir.join("mydata")).expect("folder");
        std::fs::write(dir.join("mydata/extra.toml"), newcomer(&r.id)).expect("written");
        // The scenario's own `data` key, relative to the scenario file.
        let keyed = dir.join("keyed.toml");
        std::fs::write(&keyed, duel_with_newcomer(&r.id, true)).expect("written");
        fray()
            .args(["validate", &keyed.display().to_string()])
            .assert()
            .success();
        // `--data DIR` on the command line, for each command that loads a scenario.
        let plain = dir.join("plain.toml");
        std::fs::write(&plain, duel_with_newcomer(&r.id, false)).expect("written");
        let plain = plain.display().to_string();
        let data = dir.join("mydata").display().to_string();
        fray()
            .args(["validate", &plain])
            .assert()
            .failure()
            .stderr(predicate::str::contains("newcomer"));
        for args in [
            vec!["validate", &plain, "--data", &data],
            vec!["fight", &plain, "--data", &data],
            vec!["sim", &plain, "-n", "20", "--threads", "1", "--data", &data],
            vec!["list", "templates", "--ruleset", &r.id, "--data", &data],
            vec![
                "show",
                "template",
                "newcomer",
                "--ruleset",
                &r.id,
                "--data",
                &data,
            ],
        ] {
            let out = stdout_of(&args);
            if args[0] == "list" {
                assert!(out.contains("newcomer"), "{out}");
            }
        }
        fray()
            .args(["play", &plain, "--data", &data, "--no-autosave"])
            .write_stdin("")
            .assert()
            .success()
            .stdout(predicate::str::contains("End of input"));
        // Both at once: the same folder is read once, so no name clashes.
        fray()
            .args(["validate", &keyed.display().to_string(), "--data", &data])
            .assert()
            .success();
    }
}

#[test]
fn odds_read_data_files_too() {
    let dir = scratch("data-odds");
    std::fs::create_dir_all(dir.join("mydata")).expect("folder");
    std::fs::write(dir.join("mydata/extra.toml"), newcomer("gurps")).expect("written");
    let plain = dir.join("plain.toml");
    std::fs::write(&plain, duel_with_newcomer("gurps", false)).expect("written");
    let out = stdout_of(&[
        "odds",
        "--scenario",
        &plain.display().to_string(),
        "--actor",
        "Sir Bors",
        "--action",
        "do_nothing",
        "--data",
        &dir.join("mydata").display().to_string(),
    ]);
    assert!(!out.is_empty());
}

/// A name the bundled data already has is an error at its definition in
/// the data file: data files add, they never replace (docs/scenarios.md).
#[test]
fn a_name_defined_twice_is_an_error_at_the_second_definition() {
    for r in adjustable() {
        let dir = scratch(&format!("dup-{}", r.id));
        let again =
            newcomer(&r.id).replace("\"newcomer\"", &format!("\"{}\"", first_template(&r.id)));
        std::fs::write(dir.join("dup.toml"), again).expect("written");
        fray()
            .args([
                "list",
                "templates",
                "--ruleset",
                &r.id,
                "--data",
                &dir.display().to_string(),
            ])
            .assert()
            .failure()
            .stderr(
                predicate::str::is_match(
                    r"dup\.toml:\d+:\d+: \w+\[0\]\.id: `[^`]+` is already defined",
                )
                .expect("a pattern"),
            );
        // Two data files defining one new name clash the same way.
        let dir = scratch(&format!("dup2-{}", r.id));
        std::fs::write(dir.join("a.toml"), newcomer(&r.id)).expect("written");
        std::fs::write(dir.join("b.toml"), newcomer(&r.id)).expect("written");
        fray()
            .args([
                "list",
                "templates",
                "--ruleset",
                &r.id,
                "--data",
                &dir.display().to_string(),
            ])
            .assert()
            .failure()
            .stderr(
                predicate::str::contains("b.toml:")
                    .and(predicate::str::contains("already defined")),
            );
    }
}

#[test]
fn a_bad_data_file_points_at_its_line_and_column() {
    for r in playable() {
        let dir = scratch(&format!("bad-{}", r.id));
        std::fs::write(
            dir.join("bad.toml"),
            "# a typo\n[[weapon]]\nnmae = \"Club\"\n",
        )
        .expect("written");
        fray()
            .args([
                "list",
                "weapons",
                "--ruleset",
                &r.id,
                "--data",
                &dir.display().to_string(),
            ])
            .assert()
            .failure()
            .stderr(
                predicate::str::contains("bad.toml:3:1:").and(predicate::str::contains("nmae")),
            );
    }
}

#[test]
fn a_data_folder_that_cannot_be_read_is_an_error_at_the_key() {
    let dir = scratch("data-missing");
    let path = dir.join("duel.toml");
    std::fs::write(&path, format!("data = \"nowhere\"\n{}", duel("gurps"))).expect("written");
    fray()
        .args(["validate", &path.display().to_string()])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "duel.toml:1:8: data: the data folder `nowhere` cannot be read",
        ));
}
