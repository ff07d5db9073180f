//! End-to-end GM overrides (issue 15): a late arrival and a removal typed at
//! `fray play`'s prompt, undone and redone, saved and resumed byte for
//! byte, and the saved game replayed by `fray fight --inputs`.

use crate::common::fray;
use crate::play::{after_prompt, drive, knight_table, play, scratch};
use std::path::PathBuf;

/// The GM's game: at the first action prompt a squire joins the knight, at
/// the third the orc runt leaves, at the fifth an undo and then a redo;
/// everything else the first entry and the dice rolled. `n` counts action
/// prompts across a quit and a resume; at `cut` the game is saved to the
/// first path and left; at the end it is saved to `last`.
fn roster_policy<'a>(
    n: &'a mut usize,
    join: &'static str,
    remove: &'static str,
    cut: Option<(usize, PathBuf)>,
    last: PathBuf,
) -> impl FnMut(&str, &str) -> String + 'a {
    let mut saved = false;
    let mut undone = false;
    move |prompt, _| {
        if std::mem::take(&mut undone) {
            return "redo".into();
        }
        match prompt {
            "action" => {
                *n += 1;
                match (*n, &cut) {
                    (1, _) => join.into(),
                    (3, _) => remove.into(),
                    (5, _) => {
                        undone = true;
                        "undo".into()
                    }
                    (k, Some((c, half))) if k == *c => format!("save {}\nquit", half.display()),
                    _ => "1".into(),
                }
            }
            "answer" => "1".into(),
            "roll" => String::new(),
            _ if !saved => {
                saved = true;
                format!("save {}", last.display())
            }
            _ => "quit".into(),
        }
    }
}

/// Plays `scenario` straight through and again with a quit and a resume at
/// `cut`; both must match from the cut on, and their saved games byte for
/// byte. Returns the straight transcript and its saved game.
fn straight_and_resumed(
    test: &str,
    scenario: &str,
    join: &'static str,
    remove: &'static str,
) -> (String, PathBuf) {
    let dir = scratch(test);
    let cut = 7;
    let straight_end = dir.join("straight.toml");
    let mut n = 0;
    let (s, ok) = drive(
        &[scenario],
        roster_policy(&mut n, join, remove, None, straight_end.clone()),
    );
    assert!(ok, "{s}");
    assert!(n > cut, "the fight lasts long enough ({n} prompts): {s}");
    assert!(s.contains("Took back "), "{s}");
    assert!(s.contains("Redid "), "{s}");
    let half = dir.join("half.toml");
    let resumed_end = dir.join("resumed.toml");
    let mut n = 0;
    let (h, ok) = drive(
        &[scenario],
        roster_policy(
            &mut n,
            join,
            remove,
            Some((cut, half.clone())),
            resumed_end.clone(),
        ),
    );
    assert!(ok && h.contains("Leaving the game."), "{h}");
    let half_arg = half.display().to_string();
    let mut n = cut - 1;
    let (r, ok) = drive(
        &[scenario, "--resume", &half_arg],
        roster_policy(&mut n, join, remove, None, resumed_end.clone()),
    );
    assert!(ok && r.contains("Resuming "), "{r}");
    // The redo answers an action prompt the policy does not count (in
    // d20-3d6; in GURPS it comes at a roll).
    let at = cut + s.matches("action> redo").count();
    assert_eq!(after_prompt(&s, at), after_prompt(&r, 1));
    let saved = std::fs::read_to_string(&straight_end).unwrap();
    assert_eq!(saved, std::fs::read_to_string(&resumed_end).unwrap());
    assert!(
        saved.contains("add_combatant") && saved.contains("remove_combatant"),
        "{saved}"
    );
    (s, straight_end)
}

/// The result line of a transcript.
fn result(t: &str) -> &str {
    t.lines()
        .find(|l| l.starts_with("Result: "))
        .unwrap_or_else(|| panic!("no result:\n{t}"))
}

#[test]
fn gurps_a_squire_joins_an_orc_leaves_undone_redone_and_resumed() {
    // rule: G-EXT-015 (the squire takes his place by Basic Speed)
    let (s, saved) = straight_and_resumed(
        "roster-gurps",
        &knight_table(),
        "join Squire Tom squire Knight -2 0",
        "remove Orc runt",
    );
    assert!(s.contains("Squire Tom (squire, Basic Speed "), "{s}");
    assert!(s.contains("Orc runt leaves the field (game master)"), "{s}");
    // `fray fight --inputs` replays the saved game to the same end.
    let out = fray()
        .args(["fight", &knight_table(), "--inputs"])
        .arg(&saved)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let f = String::from_utf8(out.stdout).unwrap();
    assert!(f.contains("Squire Tom (squire, Basic Speed "), "{f}");
    assert_eq!(result(&f), result(&s));
}

#[test]
fn fight_inputs_plays_on_from_a_saved_game_and_refuses_a_newer_one() {
    let dir = scratch("fight-inputs");
    // A game saved after a join and before the end: the AI plays it out.
    let half = dir.join("half.toml");
    let (t, ok) = play(
        &[&knight_table()],
        &format!(
            "join Grub goblin Orcs 5 1\n1\n\nsave {}\nquit\n",
            half.display()
        ),
    );
    assert!(ok, "{t}");
    let out = fray()
        .args(["fight", &knight_table(), "--inputs"])
        .arg(&half)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let f = String::from_utf8(out.stdout).unwrap();
    assert!(f.contains("Grub (goblin, Basic Speed "), "{f}");
    assert!(f.contains("Result: "), "{f}");
    // A format this fray does not read: refused, saying what to give.
    let newer = dir.join("newer.toml");
    std::fs::write(&newer, "version = 9\nruleset = \"gurps\"\nseed = 1\n").unwrap();
    let out = fray()
        .args(["fight", &knight_table(), "--inputs"])
        .arg(&newer)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("saved game version 9")
            && err.contains("give `fray fight --inputs` a game saved"),
        "{err}"
    );
    // Saved for another ruleset: refused too.
    let other = dir.join("other.toml");
    std::fs::write(&other, "version = 2\nruleset = \"dragonquest\"\nseed = 1\n").unwrap();
    let out = fray()
        .args(["fight", &knight_table(), "--inputs"])
        .arg(&other)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("ruleset `dragonquest`"));
}

#[test]
fn d20_a_goblin_joins_and_leaves_undone_redone_and_resumed() {
    // rule: X-SEQ-001 (the goblin acts last in the initiative order)
    let dir = scratch("roster-d20");
    let duel = std::fs::read_to_string(crate::common::root().join("scenarios/d20-3d6/duel.toml"))
        .unwrap()
        .replacen("controller = \"ai\"", "controller = \"human\"", 1)
        // A weaker foe, so the fight outlasts the script's seven prompts.
        .replace(
            "template = \"fighter\"\nposition = { x = 6",
            "template = \"goblin\"\nposition = { x = 6",
        );
    let scenario = dir.join("duel-human.toml");
    std::fs::write(&scenario, duel).unwrap();
    let (s, saved) = straight_and_resumed(
        "roster-d20-play",
        &scenario.display().to_string(),
        "join Gob goblin Bran 3 3",
        "remove Gob",
    );
    assert!(
        s.contains("Gob acts last in the initiative order (X-SEQ-001)."),
        "{s}"
    );
    assert!(s.contains("Gob leaves the field (game master)"), "{s}");
    let out = fray()
        .args(["fight", &scenario.display().to_string(), "--inputs"])
        .arg(&saved)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(result(&String::from_utf8(out.stdout).unwrap()), result(&s));
}
