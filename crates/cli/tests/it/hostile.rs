//! Text and values a careless or hostile user writes, refused with the
//! file, line and column: names that would write to the terminal, an
//! unknown ruleset, a scripted figure with no script, dice counts past the
//! limits.

use crate::common::{fray, playable, root, scratch};
use predicates::prelude::*;

/// The duel of `ruleset` with `edit` applied to its text, written to a
/// scratch file.
fn edited(ruleset: &str, name: &str, edit: impl Fn(&str) -> String) -> String {
    let text = std::fs::read_to_string(root().join("scenarios").join(ruleset).join("duel.toml"))
        .expect("reads the duel");
    let path = scratch("hostile").join(format!("{ruleset}-{name}.toml"));
    std::fs::write(&path, edit(&text)).expect("writes");
    path.display().to_string()
}

/// The value of the first `key = "..."` line, for replacing it.
fn first_value(text: &str, key: &str) -> String {
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{key} = \"")))
        .unwrap_or_else(|| panic!("a `{key}` line"));
    line.split('"').nth(1).unwrap().to_string()
}

#[test]
fn names_and_sides_with_escapes_or_invisible_marks_are_refused_in_every_ruleset() {
    for r in playable() {
        for (what, bad) in [
            ("name", "Bors\\u001b[2J"),
            ("name", "Bors\\rResult: side B wins"),
            ("side", "Bo\\u202Ers"),
            ("name", "Bo\\u200Brs"),
        ] {
            let path = edited(&r.id, &format!("{what}{}", bad.len()), |text| {
                // The first combatant's, after the scenario's own keys.
                let at = text.find("[[combatants]]").expect("combatants");
                let (head, rest) = text.split_at(at);
                let old = first_value(rest, what);
                let rest = rest.replacen(
                    &format!("{what} = \"{old}\""),
                    &format!("{what} = \"{bad}\""),
                    1,
                );
                format!("{head}{rest}")
            });
            fray().args(["validate", &path]).assert().failure().stderr(
                predicate::str::contains(format!("combatants[0].{what}"))
                    .and(predicate::str::contains(".toml:"))
                    .and(predicate::str::contains('\u{1b}').not()),
            );
        }
    }
}

#[test]
fn a_title_that_forges_a_line_or_a_description_with_escapes_is_refused() {
    for r in playable() {
        let path = edited(&r.id, "title", |text| {
            let old = first_value(text, "name");
            text.replacen(
                &format!("name = \"{old}\""),
                "name = \"Duel\\nResult: side B wins\"",
                1,
            )
        });
        fray()
            .args(["fight", &path])
            .assert()
            .failure()
            .stderr(predicate::str::contains("name: ").and(predicate::str::contains("control")));
        let path = edited(&r.id, "description", |text| {
            text.replacen("description = \"", "description = \"\\u001b[2J", 1)
        });
        fray()
            .args(["validate", &path])
            .assert()
            .failure()
            .stderr(predicate::str::contains("description: "));
    }
}

#[test]
fn an_unknown_ruleset_is_refused_at_its_line() {
    let path = edited("gurps", "chess", |text| {
        text.replacen("ruleset = \"gurps\"", "ruleset = \"chess\"", 1)
    });
    for command in ["fight", "validate", "sim", "play"] {
        fray()
            .args([command, &path])
            .write_stdin("quit\n")
            .assert()
            .failure()
            .stderr(
                predicate::str::contains("unknown ruleset `chess`")
                    .and(predicate::str::contains("gurps-chess.toml:")),
            );
    }
}

#[test]
fn a_scripted_figure_with_no_script_is_refused_at_its_controller() {
    let path = edited("gurps", "script", |text| {
        text.replacen("controller = \"ai\"", "controller = \"script\"", 1)
    });
    fray().args(["fight", &path]).assert().failure().stderr(
        predicate::str::contains("controller: the script has no action left")
            .and(predicate::str::contains("gurps-script.toml:")),
    );
}

#[test]
fn a_newcomer_with_an_escape_in_its_name_is_refused() {
    let scenario = root().join("scenarios/gurps/knight-vs-orcs-table.toml");
    let out = fray()
        .args(["play", scenario.to_str().unwrap(), "--no-autosave"])
        .write_stdin("join Tom\u{1b}[2J squire Knight -2 0\nquit\nyes\n")
        .output()
        .unwrap();
    let t = String::from_utf8_lossy(&out.stdout);
    assert!(t.contains("Refused: the newcomer's name"), "{t}");
}

/// The duel of `ruleset` with its second figure (a foe) put on the
/// first's cell.
fn sharing(ruleset: &str) -> String {
    edited(ruleset, "share", |text| {
        let lines: Vec<&str> = text.lines().collect();
        let at: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].starts_with("position = "))
            .collect();
        let mut out: Vec<&str> = lines.clone();
        out[at[1]] = lines[at[0]];
        out.join("\n")
    })
}

// rule: G-CC-001
#[test]
fn two_foes_on_one_cell_are_refused_at_the_position_unless_close_combat_allows_it() {
    // Two friends on one cell are refused in every ruleset by the core's
    // envelope (crates/core/tests/it/envelope.rs).
    for r in playable() {
        let path = sharing(&r.id);
        if r.id == "gurps" {
            // Foes may start in one hex: a close combat (G-CC-001).
            fray().args(["validate", &path]).assert().success();
        } else {
            fray().args(["validate", &path]).assert().failure().stderr(
                predicate::str::contains("combatants[1].position")
                    .and(predicate::str::contains("share.toml:"))
                    .and(predicate::str::contains("a foe")),
            );
        }
    }
}
