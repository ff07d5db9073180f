//! Total surprise and initiative, played with scripted dice.
//!
//! A (side "a", DX 12, Speed 6) and B (side "b", DX 11, Speed 5.75) stand
//! four hexes apart; A acts first.

use crate::common::*;
use fray_gurps::model::action::Action;
use fray_gurps::model::state::{State, Stun};
use fray_gurps::setup::setup;

fn with(surprise: &str, options: &str, a: &str, b: &str) -> State {
    let text = format!(
        "ruleset = \"gurps\"\nname = \"t\"\n[map]\nkind = \"hex\"\nradius = 8\n[options]\n{options}\n[surprise]\n{surprise}\n{}\n{}",
        fighter("A", "a", 0, 2, "n", a),
        fighter("B", "b", 0, -2, "s", b),
    );
    let sc = toml::from_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    setup(&sc, &armory()).expect("sets up")
}

fn cr(dx: i32, skill: i32) -> String {
    format!("{}\ntraits = [\"combat_reflexes\"]", swordsman(dx, skill))
}

fn idle(n: usize) -> Vec<(&'static str, Action)> {
    (0..n)
        .flat_map(|_| [("A", Action::DoNothing), ("B", Action::DoNothing)])
        .collect()
}

// rule: G-TURN-005
#[test]
fn total_surprise_freezes_for_1d_then_stuns() {
    // B freezes for 2 (1d = 2): two turns of Do Nothing with no roll, then
    // an IQ roll (10, rolls 9) shakes the stun off.
    let s = with(
        "kind = \"total\"\nsurprised = [\"b\"]",
        "",
        &swordsman(12, 14),
        &swordsman(11, 13),
    );
    let l = log(idle(3), &[2, 9], vec![]);
    let (after, ev) = run_steps(s.clone(), &l, 6);
    assert_eq!(roll(&ev, "frozen by surprise").total, 2);
    assert_eq!(rolls_labelled(&ev, "recover from stun").len(), 1);
    assert_eq!(after.fighter(B).stun, None);
    // Until then B must Do Nothing.
    let (mid, _) = run_some(s, &l, 3);
    assert_eq!(mid.fighter(B).stun, Some(Stun::Mental));
    assert_eq!(mid.fighter(B).frozen(), 1);
    assert!(fray_gurps::rules::maneuver::check(&mid, B, &attack(A)).is_err());
}

// rule: G-TURN-005, G-EXT-016
#[test]
fn combat_reflexes_skip_the_freeze_and_the_basic_option_has_none() {
    // With Combat Reflexes: no freeze roll; stunned; IQ 10 + 6 to recover.
    let s = with(
        "kind = \"total\"\nsurprised = [\"b\"]",
        "",
        &swordsman(12, 14),
        &cr(11, 13),
    );
    let l = log(idle(1), &[15], vec![]);
    let (after, ev) = run_steps(s, &l, 2);
    assert_eq!(roll(&ev, "recover from stun").target, Some(16));
    assert_eq!(after.fighter(B).stun, None);
    // surprise = "basic": stunned at once, no freeze.
    let s = with(
        "kind = \"total\"\nsurprised = [\"b\"]",
        "surprise = \"basic\"",
        &swordsman(12, 14),
        &swordsman(11, 13),
    );
    let l = log(idle(1), &[9], vec![]);
    let (after, ev) = run_steps(s, &l, 2);
    assert!(rolls_labelled(&ev, "frozen by surprise").is_empty());
    assert_eq!(after.fighter(B).stun, None);
}

// rule: G-TURN-006
#[test]
fn the_initiative_loser_starts_stunned() {
    // A: 1d (2) + 2 Combat Reflexes + 1 higher IQ = 5; B: 1d (3) + 1 for
    // preparation = 4. Side b starts stunned.
    let smart = format!("{}\niq = 12", cr(12, 14)).replace("iq = 10\n", "");
    let s = with(
        "kind = \"partial\"\nbonus = { b = 1 }",
        "",
        &smart,
        &swordsman(11, 13),
    );
    let l = log(vec![("A", Action::DoNothing)], &[2, 3], vec![]);
    let (after, ev) = run_steps(s, &l, 1);
    let init = rolls_labelled(&ev, "initiative");
    assert_eq!(modifier(init[0], "Combat Reflexes"), Some(2));
    assert_eq!(modifier(init[0], "higher IQ"), Some(1));
    assert_eq!(modifier(init[1], "preparation"), Some(1));
    assert_eq!(after.fighter(B).stun, Some(Stun::Mental));
    assert_eq!(after.fighter(A).stun, None);
    // A tie (4 against 4) is rolled again: then B wins.
    let s = with(
        "kind = \"partial\"",
        "",
        &swordsman(12, 14),
        &swordsman(11, 13),
    );
    let l = log(vec![("A", Action::DoNothing)], &[4, 4, 1, 6, 16], vec![]);
    let (after, ev) = run_some(s, &l, 1);
    assert_eq!(rolls_labelled(&ev, "initiative").len(), 4);
    assert_eq!(after.fighter(A).stun, Some(Stun::Mental));
    assert_eq!(after.fighter(B).stun, None);
}

// rule: G-TURN-006
#[test]
fn setup_rejects_unknown_sides_and_two_leaders() {
    let text = format!(
        "ruleset = \"gurps\"\nname = \"t\"\n[map]\nkind = \"hex\"\nradius = 8\n[surprise]\nkind = \"total\"\nsurprised = [\"c\"]\n{}\n{}",
        fighter("A", "a", 0, 2, "n", &swordsman(12, 14)),
        fighter("B", "b", 0, -2, "s", &swordsman(11, 13)),
    );
    let sc = toml::from_str(&text).unwrap();
    let err = setup(&sc, &armory()).unwrap_err().to_string();
    assert!(
        err.contains("surprise.surprised[0]") && err.contains("no side `c`"),
        "{err}"
    );
}
