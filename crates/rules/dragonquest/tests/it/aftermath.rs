//! Infection after the fight (DQ-24-001..006).

use crate::common::*;
use fray_core::Fight;
use fray_core::{InputLog, InputOracle, VecSink};
use fray_dragonquest::DragonQuest;
use fray_dragonquest::model::action::Answer;
use fray_dragonquest::rules::infection;

#[test]
fn the_infection_chance_adds_en_damage_and_natural_weapons() {
    // rule: DQ-24-001, DQ-24-002, DQ-24-003, DQ-24-004
    let mut s = duel(&[], &[]);
    let f = &mut s.figures[1];
    assert_eq!(infection::chance(f), None);
    f.record.taken = 4;
    assert_eq!(infection::chance(f), Some(10));
    f.record.en_lost = 6;
    assert_eq!(infection::chance(f), Some(10 + 20 + 6));
    f.record.natural_wound = true;
    assert_eq!(infection::chance(f), Some(56));
    f.record.en_lost = 80;
    assert_eq!(infection::chance(f), Some(100));
}

#[test]
fn the_check_is_made_at_the_end_of_a_narrated_fight() {
    // rule: DQ-24-001, DQ-00-017
    let mut s = duel(&[], &[]);
    s.figures[1].ft = 0;
    s.figures[1].en = 8;
    let l = log(
        vec![("A", attack(B))],
        &[40, 1, 35],
        vec![Answer::First(true)],
    );
    let (s, ev, _) = run_to_end(s, &l);
    let r = roll(&ev, "infection");
    assert_eq!(r.target, Some(10 + 20 + 5));
    assert!(happened(&ev, "is infected"));
    // DQ-00-017: infection is kept as a status.
    assert!(s.fig(B).status.infected);
    assert!(!s.fig(A).status.infected);
}

#[test]
fn each_day_the_cure_roll_comes_first_then_d10_minus_5_damage() {
    // rule: DQ-24-005, DQ-24-006
    assert!(infection::cured(15, 16, false));
    assert!(!infection::cured(16, 16, false));
    assert!(infection::cured(16, 16, true));
    assert_eq!(infection::daily_damage(3), 1);
    assert_eq!(infection::daily_damage(9), 4);
    let s = duel(&[], &[]);
    let l = InputLog::<DragonQuest>::scripted([], [40, 9], []);
    let mut oracle = InputOracle::strict(&l);
    let mut sink = VecSink::default();
    let mut s = s;
    let mut cx = fray_core::Ctx::<DragonQuest, _, _>::new(&mut oracle, &mut sink);
    let cured = fray_dragonquest::resolve::aftermath::infection_day(&mut s, &mut cx, B).unwrap();
    assert!(!cured);
    assert_eq!(s.fig(B).en, 12);
}

#[test]
fn a_fight_stopped_by_the_round_limit_checks_its_wounds_too() {
    // rule: DQ-24-001, DQ-24-002
    use fray_dragonquest::model::action::Action;
    let mut s = duel(&[], &[]);
    s.max_pulses = 1;
    // B comes into the last pulse already hurt: 3 damage, 2 of it to EN.
    s.figures[1].record.taken = 3;
    s.figures[1].record.en_lost = 2;
    let l = log(
        vec![("A", Action::PASS), ("B", Action::PASS)],
        &[32],
        vec![Answer::First(true)],
    );
    let (s, ev, winner) = run_to_end(s, &l);
    assert_eq!(winner, None);
    let r = roll(&ev, "infection");
    // 10 + (20 + 2 EN lost), rolled 32: infected (at or under).
    assert_eq!(r.target, Some(32));
    assert_eq!(r.roller.as_deref(), Some("B"));
    assert!(s.fig(B).status.infected);
    // A took no wound: no check for it.
    assert_eq!(
        rolls(&ev).iter().filter(|r| r.label == "infection").count(),
        1
    );
}

#[test]
fn the_simulator_tallies_each_survivor_s_infection_chance() {
    // rule: DQ-24-001, DQ-24-002, DQ-24-003
    use fray_core::Tally;
    let mut s = duel(&[], &[]);
    s.figures[0].record.taken = 2;
    s.figures[1].record.taken = 9;
    s.figures[1].record.en_lost = 5;
    s.figures[1].record.natural_wound = true;
    let mut out = vec![Tally::default(); 2];
    DragonQuest::tally(&s, &mut out);
    let at = DragonQuest::COUNTERS
        .iter()
        .position(|c| c.id == "infection_chance")
        .unwrap();
    assert_eq!(out[0].counters[at], 10);
    assert_eq!(out[1].counters[at], 10 + 20 + 5 + 20);
    // The dead are not checked (DQ-24-001: the living's wounds).
    s.figures[1].life = fray_dragonquest::state::Life::Dead;
    DragonQuest::tally(&s, &mut out);
    assert_eq!(out[1].counters[at], 0);
}
