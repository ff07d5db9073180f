//! The odds walk's shortcuts change no fraction. Runs resume at the
//! checkpoints a ruleset can continue from (GURPS: before the second strike
//! of an All-Out Attack (Double) or a Rapid Strike), reuse the AI's answers
//! along a replayed path, and sum weights without reducing them; the hidden
//! `--replay-all` replays every roll sequence from the start of the action
//! as the walk first did. Both must print the same exact odds, byte for
//! byte, for small actions of every ruleset.

use crate::common::{fray, from_behind, root, scratch};

/// `fray odds --json` for `args`, with or without `--replay-all`.
fn odds_json(args: &[&str], replay_all: bool) -> String {
    let mut cmd = fray();
    cmd.arg("odds").args(args).arg("--json");
    if replay_all {
        cmd.arg("--replay-all");
    }
    let out = cmd.output().expect("runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

fn assert_same_odds(args: &[&str]) {
    let fast = odds_json(args, false);
    let slow = odds_json(args, true);
    assert_eq!(fast, slow, "{args:?}");
}

fn bundled(path: &str) -> String {
    root().join(path).display().to_string()
}

/// Ann strikes Bob from behind (no defense, G-DEF-014); Bob's DR 6 lets the
/// better blows through, so the first strike leaves a few distinct states
/// and the second strike is resumed from each.
fn behind_scenario() -> String {
    from_behind(14, 6)
}

// rule: G-AOA-003 (All-Out Attack, Double), G-ATK-006 (Rapid Strike)
#[test]
fn gurps_two_strike_actions_resume_at_the_second_strike_with_the_same_odds() {
    let file = scratch("odds-resume").join("behind.toml");
    std::fs::write(&file, behind_scenario()).expect("writes the scenario");
    let file = file.display().to_string();
    for action in [
        r#"{ all_out_attack = { variant = "double", strike = { target = 1 } } }"#,
        "{ attack = { strike = { target = 1 }, extra = { rapid = { strike = { target = 1 } } } } }",
    ] {
        assert_same_odds(&["--scenario", &file, "--actor", "Ann", "--action", action]);
    }
}

// rule: DQ-15-003 (a further action in the slot)
#[test]
fn dragonquest_attacks_give_the_same_odds_replayed() {
    let demo = bundled("scenarios/dragonquest/odds-demo.toml");
    let attack = "{ attack = { target = 1 } }";
    assert_same_odds(&["--scenario", &demo, "--actor", "Aldric", "--action", attack]);
    assert_same_odds(&[
        "--scenario",
        &demo,
        "--actor",
        "Aldric",
        "--after",
        attack,
        "--action",
        attack,
    ]);
}

/// A bundled scenario with `from` replaced by `to`, written to a scratch
/// file.
fn variant(bundled_path: &str, from: &str, to: &str, test: &str) -> String {
    let text = std::fs::read_to_string(bundled(bundled_path)).expect("reads the scenario");
    assert!(text.contains(from), "{bundled_path} has `{from}`");
    let file = scratch(&format!("odds-resume-{test}")).join("scenario.toml");
    std::fs::write(&file, text.replacen(from, to, 1)).expect("writes the scenario");
    file.display().to_string()
}

// rule: X-ATK-001 (the attack roll), X-SEQ-001 (fixed DEX initiative keeps the tree small)
#[test]
fn d20_3d6_attacks_give_the_same_odds_replayed() {
    let file = variant(
        "scenarios/d20-3d6/duel.toml",
        "seed = 1\n",
        "seed = 1\n\n[options]\ninitiative_roll = \"fixed_dex\"\n",
        "d20",
    );
    let attack = "{ attack = { target = 1, weapon = 0 } }";
    assert_same_odds(&[
        "--scenario",
        &file,
        "--actor",
        "Ser Alda",
        "--action",
        attack,
    ]);
}

// rule: M-MEL-001 (an ordinary melee attack), M-DEF-001
#[test]
fn margin_3d6_attacks_give_the_same_odds_replayed() {
    // Bertram steps next to Aldric so that the blow reaches.
    let file = variant(
        "scenarios/margin-3d6/duel.toml",
        "position = { q = 1, r = 0 }",
        "position = { q = 0, r = 0 }",
        "margin",
    );
    let attack = "{ attack = { target = 1, weapon = 0, mode = 0 } }";
    assert_same_odds(&["--scenario", &file, "--actor", "Aldric", "--action", attack]);
}
