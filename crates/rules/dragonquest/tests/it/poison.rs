//! Poisoned weapons (DQ-20-004..007).

use crate::common::*;
use fray_core::Engine;

use fray_dragonquest::DragonQuest;
use fray_dragonquest::model::action::{Action, Activity, Answer};

const POISONED_DAGGER: (&str, &str) = (
    "weapons",
    "[{ id = \"dagger\", rank = 2, poison = \"weak_venom\" }, { id = \"broadsword\", rank = 2 }]",
);

#[test]
fn only_class_a_and_b_weapons_can_be_poisoned() {
    // rule: DQ-20-004
    let bad = scenario(
        "",
        &[
            fighter(
                "A",
                "a",
                0,
                0,
                "n",
                &[("weapons", "[{ id = \"mace\", poison = \"weak_venom\" }]")],
            ),
            fighter("B", "b", 0, -1, "s", &[]),
        ],
    );
    let err = DragonQuest::setup(&bad).expect_err("a poisoned mace is refused");
    assert!(err.to_string().contains("DQ-20-004"), "{err}");
    let ok = scenario(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &[POISONED_DAGGER]),
            fighter("B", "b", 0, -1, "s", &[]),
        ],
    );
    let s = DragonQuest::setup(&ok).expect("a poisoned dagger is fine");
    assert!(s.fig(A).weapons[0].poison.is_some());
}

#[test]
fn a_hit_with_effective_damage_delivers_the_poison_and_uses_it_up() {
    // rule: DQ-20-005, DQ-20-007
    // Dagger: 40 + 15 + 8 - 15 = 48; D10 5 + 0 = 5 to FT, then 3 EN of venom.
    let s = duel(&[POISONED_DAGGER], &[]);
    let l = log(vec![("A", attack(B))], &[40, 5], vec![Answer::First(true)]);
    let (s, ev) = run_steps(s, &l, 1);
    assert!(happened(&ev, "is poisoned"), "{}", narrate(&ev));
    assert_eq!((s.fig(B).ft, s.fig(B).en), (15, 13));
    assert!(s.fig(A).weapons[0].poison.is_none());
}

#[test]
fn poison_does_nothing_without_effective_damage() {
    // rule: DQ-20-005
    let s = duel(&[POISONED_DAGGER], &[("natural_armor", "10")]);
    let l = log(vec![("A", attack(B))], &[30, 5], vec![Answer::First(true)]);
    let (s, ev) = run_steps(s, &l, 1);
    assert!(!happened(&ev, "is poisoned"));
    assert_eq!(s.fig(B).en, 16);
    assert!(s.fig(A).weapons[0].poison.is_some());
}

#[test]
fn applied_poison_loses_its_potency_after_six_hours() {
    // rule: DQ-20-007
    let mut s = duel(&[POISONED_DAGGER], &[]);
    if let Some(p) = s.fig_mut(A).weapons[0].poison.as_mut() {
        assert_eq!(p.expires, 4320);
        p.expires = 1;
    }
    let l = log(vec![("A", attack(B))], &[40, 5], vec![Answer::First(true)]);
    let (s, ev) = run_steps(s, &l, 1);
    assert!(!happened(&ev, "is poisoned"));
    assert_eq!(s.fig(B).en, 16);
}

fn ready(i: Option<u8>) -> Action {
    Action::Pass {
        activity: Activity::Ready(i),
        to: None,
        facing: None,
    }
}

#[test]
fn readying_a_poisoned_weapon_risks_a_nick_unless_an_assassin() {
    // rule: DQ-20-006
    let sword_first = (
        "weapons",
        "[{ id = \"broadsword\", rank = 2 }, { id = \"dagger\", rank = 2, poison = \"weak_venom\" }]",
    );
    // 3 × modMD 15 = 45; 46 fails: a nick, the venom's 3 EN.
    let s = duel(&[sword_first], &[]);
    let l = log(
        vec![("A", ready(Some(1)))],
        &[46],
        vec![Answer::First(true)],
    );
    let (s, ev) = run_steps(s, &l, 1);
    let r = roll(&ev, "ready the poisoned weapon");
    assert_eq!(r.target, Some(45));
    assert!(happened(&ev, "nicks itself"), "{}", narrate(&ev));
    assert_eq!(s.fig(A).en, 13);
    assert!(s.fig(A).weapons[1].poison.is_none());
    // 45 passes.
    let s = duel(&[sword_first], &[]);
    let l = log(
        vec![("A", ready(Some(1)))],
        &[45],
        vec![Answer::First(true)],
    );
    let (s, _) = run_steps(s, &l, 1);
    assert_eq!(s.fig(A).en, 16);
    // An Assassin makes no check (the strict oracle would refuse an unused roll).
    let s = duel(&[sword_first, ("assassin", "1")], &[]);
    let l = log(vec![("A", ready(Some(1)))], &[], vec![Answer::First(true)]);
    let (s, _) = run_steps(s, &l, 1);
    assert_eq!(s.fig(A).en, 16);
}

#[test]
fn putting_a_poisoned_weapon_away_is_a_handling_check_too() {
    // rule: DQ-20-006
    let s = duel(&[POISONED_DAGGER], &[]);
    let l = log(
        vec![("A", ready(Some(1)))],
        &[90],
        vec![Answer::First(true)],
    );
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "put away the poisoned weapon").verdict, "failure");
    assert_eq!(s.fig(A).en, 13);
}
