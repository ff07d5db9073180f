//! End-to-end tests of `fray play`, driven through piped stdin: either a
//! fixed script written up front, or a driver that reads each prompt and
//! answers it (still a plain pipe, no terminal).

use crate::common::{self, fray, root};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};

fn duel_human() -> String {
    root()
        .join("scenarios/gurps/duel-human.toml")
        .display()
        .to_string()
}

/// `duel-human.toml` with Sir Gawain on `ai:basic`: these tests script a
/// person's inputs against the opponent's choices, which the first AI keeps
/// fixed while the default AI improves.
fn duel_human_basic(test: &str) -> String {
    let text = std::fs::read_to_string(duel_human()).expect("reads the bundled duel");
    let text = text.replace("controller = \"ai\"", "controller = \"ai:basic\"");
    let path = scratch(test).join("duel-human-basic.toml");
    std::fs::write(&path, text).expect("writes the scenario");
    path.display().to_string()
}

/// A scratch directory for saved games, unique per test.
pub(crate) fn scratch(name: &str) -> PathBuf {
    common::scratch(&format!("play-{name}"))
}

/// `--no-autosave` unless the test sets autosave itself: tests must not
/// write beside the bundled scenarios.
fn no_autosave(args: &[&str]) -> Option<&'static str> {
    (!args.iter().any(|a| a.contains("autosave"))).then_some("--no-autosave")
}

/// These scripts number the actions of one flat list (`--menus flat`);
/// `tree_menus_and_shortcuts_choose_without_numbers` plays the default.
const FLAT: [&str; 2] = ["--menus", "flat"];

/// Runs `fray play` with `script` piped in; returns (stdout, success).
pub(crate) fn play(args: &[&str], script: &str) -> (String, bool) {
    let out = fray()
        .arg("play")
        .args(args)
        .args(no_autosave(args))
        .args(FLAT)
        .write_stdin(script)
        .output()
        .expect("runs");
    (
        String::from_utf8(out.stdout).expect("utf-8"),
        out.status.success(),
    )
}

/// Plays through a pipe, answering each prompt with `reply(prompt, transcript)`.
/// Returns the transcript and whether the process succeeded.
pub(crate) fn drive(args: &[&str], mut reply: impl FnMut(&str, &str) -> String) -> (String, bool) {
    let mut child: Child = std::process::Command::new(assert_cmd::cargo::cargo_bin("fray"))
        .arg("play")
        .args(args)
        .args(no_autosave(args))
        .args(FLAT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawns");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut transcript = String::new();
    let mut buf = [0u8; 4096];
    for _ in 0..20_000 {
        let n = stdout.read(&mut buf).expect("reads");
        if n == 0 {
            break;
        }
        transcript.push_str(&String::from_utf8_lossy(&buf[..n]));
        let prompt = ["action> ", "answer> ", "roll> ", "over> "]
            .into_iter()
            .find(|p| transcript.ends_with(p));
        if let Some(p) = prompt {
            let line = reply(p.trim_end_matches("> "), &transcript);
            if writeln!(stdin, "{line}").is_err() {
                break;
            }
        }
    }
    drop(stdin);
    let ok = child.wait().expect("exits").success();
    (transcript, ok)
}

/// Always the first entry of a menu, Enter at every roll; at the end,
/// `save FILE` then `quit`.
fn first_choice(save: &Path) -> impl FnMut(&str, &str) -> String {
    let save = save.display().to_string();
    let mut saved = false;
    move |prompt, _| match prompt {
        "action" | "answer" => "1".into(),
        "roll" => String::new(),
        _ if !saved => {
            saved = true;
            format!("save {save}")
        }
        _ => "quit".into(),
    }
}

/// Whether `wanted` appears in `lines` in order (other lines may come between).
fn in_order(wanted: &[&str], lines: &str) -> Result<(), String> {
    let mut lines = lines.lines();
    for w in wanted {
        if !lines.any(|l| l == *w) {
            return Err(format!("missing or out of order: {w}"));
        }
    }
    Ok(())
}

/// The lines of a transcript that narrate the fight (events, rounds, the
/// turn order); prompts, menus and the status block are left out.
fn narration(t: &str) -> Vec<&str> {
    t.lines()
        .filter(|l| {
            l.starts_with("-- Round")
                || l.starts_with("Turn order")
                || (l.starts_with("  ") && (l.contains(" rolls ") || l.contains(" takes ")))
        })
        .collect()
}

#[test]
fn a_person_plays_a_whole_fight_and_the_saved_game_replays_it_exactly() {
    let dir = scratch("whole");
    let save = dir.join("game.toml");
    let duel = duel_human_basic("whole-basic");
    let (t, ok) = drive(&[&duel], first_choice(&save));
    assert!(ok, "{t}");
    // The state, the menu, the prompts and the result were shown.
    assert!(t.contains("== Round 1: Sir Bors's turn =="), "{t}");
    assert!(t.contains("> Sir Bors (Bors): HP "), "{t}");
    assert!(t.contains("  Sir Gawain (Gawain): HP "), "{t}");
    assert!(t.contains("[human]") && t.contains("[ai:basic]"), "{t}");
    assert!(t.contains("  Autosave: off; step "), "{t}");
    // Menus name weapons and modes, and give each defense its value.
    assert!(
        t.contains("   1. Attack Sir Gawain with Broadsword (swing)\n"),
        "{t}"
    );
    assert!(t.contains(". Parry with Broadsword and retreat: "), "{t}");
    assert!(
        t.contains("Sir Bors rolls 3d6 for attack (target 14): press Enter to roll"),
        "{t}"
    );
    assert!(t.contains("defend with Dodge"), "a defense was asked: {t}");
    assert!(t.contains("no defense\n"), "{t}");
    assert!(t.contains("Result: side "), "{t}");
    assert!(
        t.contains("Saved ") && t.contains("Leaving the game."),
        "{t}"
    );
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(
        saved.contains("version = 3\n") && saved.contains("[[records]]"),
        "{saved}"
    );
    // Resumed, the saved game replays the same fight to the same result.
    let args = [duel.clone(), "--resume".into(), save.display().to_string()];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (r, ok) = play(&args, "quit\n");
    assert!(ok, "{r}");
    let played = narration(&t);
    assert!(played.len() > 10, "{t}");
    in_order(&played, &r).unwrap_or_else(|e| panic!("{e}\n--- play:\n{t}\n--- resumed:\n{r}"));
    let result = t.lines().find(|l| l.starts_with("Result:")).unwrap();
    assert!(r.contains(result), "{result}\n{r}");
}

#[test]
fn a_saved_game_resumes_where_it_stopped() {
    let dir = scratch("resume");
    let half = dir.join("half.toml");
    let whole = dir.join("whole.toml");
    // Play three of Sir Bors's turns, save, leave.
    let mut turns = 0;
    let (t, ok) = drive(&[&duel_human()], |prompt, _| match prompt {
        "action" if turns == 3 => format!("save {}\nquit", half.display()),
        "action" => {
            turns += 1;
            "1".into()
        }
        "answer" => "1".into(),
        _ => String::new(),
    });
    assert!(ok && t.contains("Saved "), "{t}");
    let saved = std::fs::read_to_string(&half).unwrap();
    assert!(saved.contains("[[records]]"), "{saved}");
    // Resume it and play to the end.
    let args = [duel_human(), "--resume".into(), half.display().to_string()];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (r, ok) = drive(&args, first_choice(&whole));
    assert!(ok, "{r}");
    assert!(r.contains("Resuming "), "{r}");
    assert!(r.contains("Result: side "), "{r}");
    // The resumed game starts with the saved one's events.
    let before: Vec<&str> = t
        .lines()
        .filter(|l| l.starts_with("  Sir ") && l.contains(" rolls "))
        .collect();
    in_order(&before, &r).unwrap();
}

#[test]
fn undo_takes_back_the_last_decision_then_whole_steps() {
    let duel = duel_human_basic("undo");
    // 18: Sir Bors wins the turn-order tie; he attacks, then takes the
    // attack back at the roll, then the tie roll; then rolls 3 3 3 (9).
    let (t, ok) = play(&[&duel], "18\n1\nundo\nundo\n3 3 3\n");
    assert!(ok, "{t}");
    assert!(t.contains("Took back your last input"), "{t}");
    assert!(t.contains("Sir Bors rolls turn-order tie: 3d6 = 9"), "{t}");
    // Undo over whole steps: attack, roll, then undo at the defense asked
    // in Sir Gawain's turn takes back Sir Bors's turn (Sir Gawain's is not
    // done), so the same prompt comes again.
    let (t, ok) = play(&[&duel], "18\n1\n\nundo\nquit\n");
    assert!(ok, "{t}");
    assert!(t.contains("Took back 1 step(s)"), "{t}");
    let after = t.split("Took back 1 step(s)").nth(1).unwrap();
    assert!(after.contains("rolls 3d6 for turn-order tie"), "{after}");
    // A person's roll in the AI's turn (Sir Bors's knockdown roll, 12) is
    // not a decision: undo goes back past it to his All-Out Attack.
    let (t, ok) = play(&[&duel], "3 3 3\n3\n\n12\nundo\n3 3 3\n");
    assert!(ok, "{t}");
    assert!(t.contains("Sir Bors rolls knockdown: 3d6 = 12"), "{t}");
    assert!(t.contains("Took back 2 step(s)"), "{t}");
    let after = t.split("Took back 2 step(s)").nth(1).unwrap();
    assert!(after.contains("== Round 1: Sir Bors's turn =="), "{after}");
    // Nothing to undo at the start.
    let (t, _) = play(&[&duel], "undo\n");
    assert!(t.contains("Nothing to undo"), "{t}");
}

#[test]
fn bad_input_is_asked_again_not_a_crash() {
    let script = "banana\n19\n1 2\n7 7 7\n18\nfrobnicate\n99\n0\n\
                  { move = { to = { q = 5, r = 5 } } }\n{ fly = 1 }\nsave\nstate\nhelp\n";
    let (t, ok) = play(&[&duel_human()], script);
    assert!(ok, "{t}");
    for expected in [
        "`banana` is not a roll",
        "Impossible roll",
        "expected 3 dice",
        "Not a menu number, a command or a value",
        "99 is not on the menu: choose 1 to ",
        "0 is not on the menu",
        "line 9: Sir Bors cannot do that",
        "save needs a file name",
        "Commands at every prompt:",
        "End of input: leaving the game.",
    ] {
        assert!(t.contains(expected), "missing {expected:?}:\n{t}");
    }
    // The tie roll of 18 was taken after all the bad ones.
    assert!(t.contains("Sir Bors rolls turn-order tie: 3d6 = 18"), "{t}");
}

#[test]
fn end_of_input_ends_cleanly_and_a_failed_save_is_an_error() {
    let (t, ok) = play(&[&duel_human()], "");
    assert!(ok, "{t}");
    assert!(t.contains("End of input"), "{t}");
    let dir = scratch("nosave");
    let bad = dir.join("no/such/dir/game.toml");
    let (t, ok) = play(&[&duel_human()], &format!("save {}\n", bad.display()));
    assert!(!ok, "a failed save makes the exit status fail: {t}");
    assert!(t.contains("Cannot save to"), "{t}");
}

#[test]
fn typed_actions_and_answers_are_accepted_as_inline_toml() {
    // Sir Bors steps back a hex by typing a Move, then does nothing.
    let (t, ok) = play(
        &[&duel_human()],
        "18\n{ move = { to = { q = -2, r = 0 } } }\nquit\n",
    );
    assert!(ok, "{t}");
    assert!(t.contains("Sir Bors: Move to (q -2, r 0)"), "{t}");
}

pub(crate) fn knight_table() -> String {
    root()
        .join("scenarios/gurps/knight-vs-orcs-table.toml")
        .display()
        .to_string()
}

/// The GM's game of knight-vs-orcs: the orcs' dice typed at the table (10
/// for each 3d6, Enter for the rest), the knight's rolled for him, damage
/// overridden once, an undo and a redo. `n` counts action prompts across
/// a quit and a resume; at `cut` the game is saved to `half` and left.
fn gm_policy(
    n: &mut usize,
    cut: Option<(usize, PathBuf)>,
    last: PathBuf,
) -> impl FnMut(&str, &str) -> String + '_ {
    let mut saved = false;
    let mut undone = false;
    move |prompt, transcript| {
        let question = transcript.lines().rev().nth(1).unwrap_or("");
        if std::mem::take(&mut undone) {
            return "redo".into();
        }
        match prompt {
            "action" => {
                *n += 1;
                match (*n, &cut) {
                    (1, _) => "dice Orcs hand".into(),
                    (3, _) => "damage Orc chief 2".into(),
                    (5, _) => {
                        undone = true;
                        "undo".into()
                    }
                    (k, Some((c, half))) if k == *c => format!("save {}\nquit", half.display()),
                    _ => "1".into(),
                }
            }
            "answer" => "1".into(),
            "roll" if question.starts_with("Orc") && question.contains(" rolls 3d6 ") => {
                "10".into()
            }
            "roll" => String::new(),
            _ if !saved => {
                saved = true;
                format!("save {}", last.display())
            }
            _ => "quit".into(),
        }
    }
}

/// What follows the `k`-th action prompt, without the lines naming files.
pub(crate) fn after_prompt(t: &str, k: usize) -> String {
    let at = t
        .match_indices("action> ")
        .nth(k - 1)
        .expect("enough prompts")
        .0;
    t[at..]
        .lines()
        .filter(|l| !l.contains("Saved ") && !l.contains("> save "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_gm_game_quit_and_resumed_is_identical_to_the_game_played_straight_through() {
    let dir = scratch("gm-straight");
    let cut = 7;
    let mut n = 0;
    let straight_end = dir.join("straight.toml");
    let (s, ok) = drive(
        &[&knight_table()],
        gm_policy(&mut n, None, straight_end.clone()),
    );
    assert!(ok, "{s}");
    assert!(
        n > cut,
        "the fight lasts long enough ({n} action prompts): {s}"
    );
    // The GM's commands were taken.
    assert!(
        s.contains("Dice: side Orcs's dice are rolled at the table."),
        "{s}"
    );
    assert!(
        s.contains("Orc chief takes 2 injury (game master): HP 13 -> 11."),
        "{s}"
    );
    assert!(s.contains("Took back 1 step(s)"), "{s}");
    assert!(s.contains("Redid 1 step(s):"), "{s}");
    assert!(!s.contains("Nothing to redo"), "{s}");
    assert!(
        s.contains("Orc rolls 3d6 for attack"),
        "the orcs' dice are asked: {s}"
    );
    // The same game, saved and left at the seventh action prompt, then resumed.
    let half = dir.join("half.toml");
    let resumed_end = dir.join("resumed.toml");
    let mut n = 0;
    let (h, ok) = drive(
        &[&knight_table()],
        gm_policy(&mut n, Some((cut, half.clone())), resumed_end.clone()),
    );
    assert!(ok && h.contains("Leaving the game."), "{h}");
    let args = [
        knight_table(),
        "--resume".into(),
        half.display().to_string(),
    ];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut n = cut - 1;
    let (r, ok) = drive(&args, gm_policy(&mut n, None, resumed_end.clone()));
    assert!(ok && r.contains("Resuming "), "{r}");
    // From the prompt where the game was left, byte for byte the same.
    assert_eq!(after_prompt(&s, cut), after_prompt(&r, 1));
    assert_eq!(
        std::fs::read_to_string(&straight_end).unwrap(),
        std::fs::read_to_string(&resumed_end).unwrap()
    );
}

#[test]
fn autosave_is_named_in_the_status_and_resumes_and_quit_asks_without_it() {
    let dir = scratch("autosave");
    let auto = dir.join("auto.toml");
    let auto_arg = auto.display().to_string();
    let (t, ok) = play(&[&knight_table(), "--autosave", &auto_arg], "1\n\n\nquit\n");
    assert!(ok, "{t}");
    assert!(t.contains(&format!("Autosave: {auto_arg}; step ")), "{t}");
    assert!(!t.contains("Quit anyway?"), "nothing unsaved: {t}");
    let saved = std::fs::read_to_string(&auto).unwrap();
    assert!(
        saved.contains("version = 3") && saved.contains("[[records]]"),
        "{saved}"
    );
    let (r, ok) = play(
        &[&knight_table(), "--resume", &auto_arg, "--no-autosave"],
        "quit\n",
    );
    assert!(ok && r.contains("Resuming "), "{r}");
    // Without autosave, quit asks; "no" stays, "yes" leaves.
    let (q, ok) = play(&[&knight_table()], "1\n\nquit\nno\nquit\nyes\n");
    assert!(ok, "{q}");
    assert!(q.contains("Quit anyway? (yes/no)"), "{q}");
    assert!(q.contains("Not leaving"), "{q}");
    assert!(q.contains("Leaving the game."), "{q}");
}

#[test]
fn gm_commands_refused_or_misread_say_why() {
    let (t, ok) = play(
        &[&knight_table()],
        "damage Nobody 3\nset Orc MP 2\ndice Elves hand\ncondition Orc on fire\n\
         join Tom dragon Knight -2 0\nredo\nend Orcs\nquit\n",
    );
    assert!(ok, "{t}");
    for expected in [
        "no combatant or side is named `Nobody`",
        "Refused: no pool `MP` (pools: HP, FP).",
        "no combatant or side is named `Elves`",
        "Refused: no condition `on fire` can be changed",
        "Refused: no template `dragon` (templates: ",
        "Nothing to redo.",
        "The game master ends the fight: side Orcs wins.",
        "Result: the game master ends the fight in round 0; side Orcs wins.",
    ] {
        assert!(t.contains(expected), "missing {expected:?}:\n{t}");
    }
}

#[test]
fn a_game_saved_in_the_first_format_resumes_and_a_newer_one_is_refused() {
    let dir = scratch("formats");
    let old = dir.join("old.toml");
    // The first format: one [[steps]] per step, three queues.
    std::fs::write(
        &old,
        "[[steps]]\nactions = [{ actor = \"Sir Bors\", action = \"do_nothing\" }]\n\
         rolls = [18, 9]\n",
    )
    .unwrap();
    let old_arg = old.display().to_string();
    let (t, ok) = play(&[&duel_human(), "--resume", &old_arg], "quit\n");
    assert!(ok, "{t}");
    assert!(t.contains("Sir Bors rolls turn-order tie: 3d6 = 18"), "{t}");
    let newer = dir.join("newer.toml");
    std::fs::write(&newer, "version = 9\nruleset = \"gurps\"\nseed = 1\n").unwrap();
    let out = fray()
        .args(["play", &duel_human(), "--no-autosave", "--resume"])
        .arg(&newer)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("saved game version 9"), "{err}");
}

/// The default menus: a maneuver, then its target, each a short list, and
/// words typed ahead (`move toward orc chief`, `block retreat`) choosing a
/// whole action or defense at once; a GM command typed at the same prompt
/// is a command, not a shortcut.
#[test]
fn tree_menus_and_shortcuts_choose_without_numbers() {
    let scenario = root()
        .join("scenarios/gurps/knight-vs-orcs-table.toml")
        .display()
        .to_string();
    let script = "attack\ndamage Orc 1\nmove toward orc chief\nblock retreat\nquit\nyes\n";
    let out = fray()
        .args(["play", &scenario, "--no-autosave"])
        .write_stdin(script)
        .output()
        .expect("runs");
    let t = String::from_utf8(out.stdout).expect("utf-8");
    assert!(out.status.success(), "{t}");
    assert!(t.contains("Sir Ector's maneuver:"), "{t}");
    assert!(t.contains("Not on the menu: `attack`"), "{t}");
    assert!(t.contains("Sir Ector: Move to"), "{t}");
    assert!(t.contains("Sir Ector rolls 3d6 for block"), "{t}");
    assert!(t.contains("Orc takes 1 injury (game master)"), "{t}");
    // No list on screen is longer than a short list (the duel's flat menu had 46).
    let mut run = 0;
    let mut longest = 0;
    for line in t.lines() {
        let numbered = line
            .trim_start()
            .split_once(". ")
            .is_some_and(|(n, _)| n.parse::<u32>().is_ok());
        run = if numbered { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    assert!((1..=12).contains(&longest), "longest list {longest}: {t}");
}
