//! Saved games from the terminal: self-contained (they reopen from any
//! folder with no scenario named), checked against their seed, never
//! written over the scenario; and scripts that name the line of an illegal
//! action.

use crate::common::{fray, root};
use crate::play::{knight_table, scratch};

/// Plays knight-vs-orcs at the table for a few prompts (the first menu
/// entry, Enter at rolls) and saves to `save`.
fn a_short_game(save: &std::path::Path) {
    let script = format!("1\n\n\n1\n\n\nsave {}\nquit\nyes\n", save.display());
    let out = fray()
        .args(["play", &knight_table(), "--no-autosave", "--menus", "flat"])
        .write_stdin(script)
        .output()
        .unwrap();
    let t = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{t}");
    assert!(t.contains("Saved "), "{t}");
}

#[test]
fn a_saved_game_reopens_from_another_folder_without_its_scenario() {
    let here = scratch("saves-here");
    let save = here.join("game.toml");
    a_short_game(&save);
    // Moved to a folder with nothing else in it, and resumed from there.
    let elsewhere = scratch("saves-elsewhere");
    std::fs::copy(&save, elsewhere.join("moved.toml")).unwrap();
    let out = fray()
        .current_dir(&elsewhere)
        .args(["play", "--resume", "moved.toml", "--no-autosave"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let t = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{t}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        t.contains("Knight against three orcs") && t.contains("Resuming "),
        "{t}"
    );
    assert!(
        t.contains("Sir Ector's action"),
        "it waits where it stopped: {t}"
    );
}

#[test]
fn a_die_edited_by_hand_or_a_changed_seed_is_refused_with_its_entry() {
    let dir = scratch("saves-edited");
    let save = dir.join("game.toml");
    a_short_game(&save);
    let text = std::fs::read_to_string(&save).unwrap();
    let mut doc: toml::Table = text.parse().unwrap();
    let mut edited_rev = 0;
    'edit: for record in doc["records"].as_array_mut().unwrap() {
        let rev = record["rev"].as_integer().unwrap();
        let Some(inputs) = record["entry"]
            .get_mut("step")
            .and_then(|s| s.as_array_mut())
        else {
            continue;
        };
        for input in inputs {
            if let Some(roll) = input.get_mut("roll")
                && roll["by"].as_str() == Some("auto")
                && let Some(total) = roll["roll"].get_mut("total")
            {
                let t = total.as_integer().unwrap();
                *total = toml::Value::Integer(if t > 3 { t - 1 } else { t + 1 });
                edited_rev = rev;
                break 'edit;
            }
        }
    }
    assert!(edited_rev > 0, "the save has a die the session rolled");
    let edited = dir.join("edited.toml");
    std::fs::write(&edited, toml::to_string(&doc).unwrap()).unwrap();
    let reseeded = dir.join("reseeded.toml");
    std::fs::write(&reseeded, text.replacen("seed = ", "seed = 9", 1)).unwrap();
    for (file, what) in [
        (&edited, format!("entry {edited_rev} ")),
        (&reseeded, "entry ".into()),
    ] {
        let out = fray()
            .args(["play", "--resume"])
            .arg(file)
            .arg("--no-autosave")
            .write_stdin("quit\n")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{err}");
        assert!(err.contains(&what) && err.contains("seed"), "{err}");
    }
}

#[test]
fn save_never_writes_over_the_scenario() {
    let dir = scratch("saves-over");
    let scenario = dir.join("table.toml");
    std::fs::copy(
        root().join("scenarios/gurps/knight-vs-orcs-table.toml"),
        &scenario,
    )
    .unwrap();
    let before = std::fs::read_to_string(&scenario).unwrap();
    let out = fray()
        .args(["play"])
        .arg(&scenario)
        .args(["--no-autosave", "--menus", "flat"])
        .write_stdin(format!("1\nsave {}\nquit\nyes\n", scenario.display()))
        .output()
        .unwrap();
    let t = String::from_utf8_lossy(&out.stdout);
    assert!(t.contains("which the game was read from"), "{t}");
    assert_eq!(std::fs::read_to_string(&scenario).unwrap(), before);
}

#[test]
fn an_illegal_action_names_its_line_in_the_script() {
    // In `fray fight --inputs`: the file, line and column of the action.
    let dir = scratch("saves-script");
    let script = dir.join("bad.toml");
    std::fs::write(
        &script,
        "# a script\nactions = [\n  { actor = \"Sir Gawain\", action = { move = { to = { q = 40, r = 40 } } } },\n]\n",
    )
    .unwrap();
    let out = fray()
        .args(["fight", "--seed", "1", "--inputs"])
        .arg(&script)
        .arg(root().join("scenarios/gurps/duel.toml"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("bad.toml:3:3: actions[0]: illegal action"),
        "{err}"
    );
    // At `fray play`, a refusal names the line of the piped script.
    let out = fray()
        .args(["play", &knight_table(), "--no-autosave", "--menus", "flat"])
        .write_stdin("state\n{ move = { to = { q = 40, r = 40 } } }\nquit\nyes\n")
        .output()
        .unwrap();
    let t = String::from_utf8_lossy(&out.stdout);
    assert!(t.contains("line 2: Sir Ector cannot do that"), "{t}");
}
