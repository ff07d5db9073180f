//! `fray odds --scenario FILE --action ACTION`: exact odds of one declared
//! action, end to end.

use crate::common::{fray, from_behind, root, scratch};
use predicates::prelude::*;

fn demo() -> String {
    root()
        .join("scenarios/gurps/odds-demo.toml")
        .display()
        .to_string()
}

/// A attacks B from behind with `rear_attacks = "basic"` (no defense,
/// G-DEF-014); B's DR 30 stops every blow, so the tree stays small.
fn behind_scenario() -> String {
    from_behind(12, 30)
}

fn behind(test: &str) -> String {
    let path = scratch(&format!("odds-{test}")).join("behind.toml");
    std::fs::write(&path, behind_scenario()).expect("writes the scenario");
    path.display().to_string()
}

const STRIKE_BOB: &str = "{ attack = { strike = { target = 1 } } }";

/// P(hit) for Ann's swing: 3d6 <= 12. (A critical miss whose flung weapon
/// lands on Bob, G-EXT-009, adds injury but is not a hit.)
const P_HIT: &str = "20/27";

// rule: G-DICE-001, G-EXT-002, G-EXT-003, G-DEF-014
#[test]
fn attack_from_behind_hits_160_of_216_exactly() {
    let file = behind("hits");
    let out = fray()
        .args(["odds", "--scenario", &file, "--action", STRIKE_BOB])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Figures are named, not numbered, in the table's words.
    assert!(text.contains("Ann declares Attack Bob"), "{text}");
    let hit = text
        .lines()
        .find(|l| l.contains("│ hit "))
        .expect("a hit row");
    assert!(hit.contains(P_HIT) && hit.contains("0.740741"), "{hit}");
    // From behind, Bob cannot defend: the only choices are where a fallen
    // body lies (G-POS-009), after the rare falls on the critical tables.
    let decisions = text.split("Decisions").nth(1).unwrap_or("");
    let decisions = decisions.split("Most likely").next().unwrap_or("");
    assert!(
        decisions.lines().skip(1).all(|l| l.contains("lie toward")),
        "{text}"
    );
}

#[test]
fn json_output_has_exact_fractions() {
    let file = behind("json");
    let out = fray()
        .args([
            "odds",
            "--scenario",
            &file,
            "--action",
            STRIKE_BOB,
            "--json",
        ])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(doc["actor"], "Ann");
    // The words keep the ids tools match on, with a named copy beside them.
    assert!(
        doc["action_words"].as_str().unwrap().contains("#1"),
        "{doc}"
    );
    assert!(
        doc["action_named"].as_str().unwrap().contains("Bob"),
        "{doc}"
    );
    let hit = doc["features"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "hit")
        .expect("a hit feature");
    assert_eq!(hit["p_nonzero"]["exact"], P_HIT);
    assert_eq!(hit["distribution"][0]["value"], 0);
    assert_eq!(doc["leftover"]["exact"], "0");
    let injury = doc["features"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "injury")
        .unwrap();
    assert_eq!(injury["p_nonzero"]["exact"], "0", "DR 30 stops everything");
}

#[test]
fn the_demo_names_the_defenders_decision() {
    // Do Nothing needs no dice: one outcome. The bare word is accepted.
    fray()
        .args([
            "odds",
            "--scenario",
            &demo(),
            "--actor",
            "Sir Gawain",
            "--action",
            "do_nothing",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("Sir Gawain declares Do Nothing"))
        .stdout(predicate::str::contains("no effect"));
}

#[test]
fn a_misspelt_action_points_at_the_column() {
    fray()
        .args([
            "odds",
            "--scenario",
            &demo(),
            "--action",
            "{ attack = { strike = { target = 1, locaton = \"neck\" } } }",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--action, column"))
        .stderr(predicate::str::contains("locaton"));
}

#[test]
fn a_misspelt_earlier_action_names_its_flag() {
    fray()
        .args([
            "odds",
            "--scenario",
            &demo(),
            "--after",
            "{ atack = {} }",
            "--action",
            "do_nothing",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--after, column"))
        .stderr(predicate::str::contains("atack"));
}

#[test]
fn unknown_actors_and_illegal_actions_fail_cleanly() {
    fray()
        .args([
            "odds",
            "--scenario",
            &demo(),
            "--actor",
            "Sir Lancelot",
            "--action",
            "do_nothing",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("`Sir Gawain`"));
    // A knight cannot attack itself.
    fray()
        .args([
            "odds",
            "--scenario",
            &demo(),
            "--actor",
            "Sir Bors",
            "--action",
            "{ attack = { strike = { target = 0 } } }",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("cannot attack itself"));
    // The knights are identical: the dice decide who acts first.
    fray()
        .args(["odds", "--scenario", &demo(), "--action", "do_nothing"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("name the actor"));
}

#[test]
fn exactly_one_of_an_expression_or_a_scenario() {
    fray().args(["odds"]).assert().failure();
    fray()
        .args([
            "odds",
            "3d6",
            "--scenario",
            &demo(),
            "--action",
            "do_nothing",
        ])
        .assert()
        .failure();
    fray()
        .args(["odds", "--scenario", &demo()])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--action"));
    // The dice form still works.
    fray().args(["odds", "3d6"]).assert().success();
}

#[test]
fn odds_after_an_earlier_action_print_the_conditional_odds() {
    // rule: DQ-15-003 (a slot's further action), the core's turns of several actions
    // Aldric attacks, then attacks again in the same slot when it still has
    // an action: the first attack is enumerated over all its outcomes, the
    // table describes the second, and the paths where the slot ended first
    // are reported, not dropped.
    let demo = root()
        .join("scenarios/dragonquest/odds-demo.toml")
        .display()
        .to_string();
    let attack = "{ attack = { target = 1 } }";
    fray()
        .args([
            "odds",
            "--scenario",
            &demo,
            "--actor",
            "Aldric",
            "--after",
            attack,
            "--action",
            attack,
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Aldric declares Melee Attack on Brand: exact odds over 1752 roll sequences",
        ))
        .stdout(predicate::str::contains("46829/200000"))
        .stdout(predicate::str::contains(
            "the turn ended before the action (an earlier action ended the fight or felled the actor): probability 2701/4000",
        ));
}

/// Whether `text` holds a run of more than `n` digits (a long exact
/// fraction).
fn long_number(text: &str, n: usize) -> bool {
    text.split(|c: char| !c.is_ascii_digit())
        .any(|run| run.len() > n)
}

// rule: X-ATK-001, X-MUL-001 (the second attack of a turn at -5)
#[test]
fn a_budget_stops_the_odds_with_a_partial_answer_that_says_what_it_covers() {
    // The README's d20-3d6 example: a second attack after the first, every
    // initiative and every blow of the first enumerated. A small budget
    // gives a prompt partial answer, never an error or a hang; the exact
    // fractions of exploding dice (hundreds of digits) are shown as
    // decimals, and kept exact in --json.
    let duel = root()
        .join("scenarios/d20-3d6/duel.toml")
        .display()
        .to_string();
    let attack = "{ attack = { target = 1, weapon = 0 } }";
    let args = [
        "odds",
        "--scenario",
        &duel,
        "--actor",
        "Ser Alda",
        "--after",
        attack,
        "--action",
        attack,
        "--max-outcomes",
        "3000",
    ];
    let out = fray()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("PARTIAL: the budget of 3000 roll sequences stopped the enumeration; the figures above cover"),
        "{text}"
    );
    assert!(!long_number(&text, 21), "{text}");
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let out = fray()
        .args(json_args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_ne!(v["unexplored"]["exact"], "0");
}
