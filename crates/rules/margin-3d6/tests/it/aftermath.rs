//! After the battle: treatment, bleeding, waking, healing, lasting
//! injuries, fatigue (M-BLD, M-HEA, M-NAT, M-PEN-007).

use crate::common::*;
use fray_core::Next;
use fray_margin_3d6::model::event::{Event, Note};
use fray_margin_3d6::model::location::Limb;
use fray_margin_3d6::model::state::{Life, State};

fn notes(ev: &[Event]) -> Vec<&'static str> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Note(Note { rule, .. }) => Some(*rule),
            _ => None,
        })
        .collect()
}

fn over(options: &str, medic: bool) -> State {
    let mut c = vec![
        fighter("A", "a", 0, 0, "n", &sheet(10, 10, 12, "")),
        fighter("B", "b", 0, -1, "s", &sheet(10, 10, 12, "")),
    ];
    if medic {
        c.push(fighter(
            "C",
            "b",
            3,
            -3,
            "s",
            &sheet(10, 10, 12, "skills = { first_aid = 12 }"),
        ));
    }
    let mut s = state_with(options, "", &c);
    // A is out with -15 HP (below -HT); B has lost 5 HP and a leg.
    s.fighters[0].life = Life::Unconscious;
    s.fighters[0].hp = -15;
    s.fighters[0].record.taken = 27;
    s.fighters[1].hp = 7;
    s.fighters[1].record.taken = 5;
    s.fighters[1].crippled |= Limb::NearLeg.bit();
    s.fighters[1].fatigue = 2;
    s
}

fn run(s: &mut State, rolls: &[i32]) -> Vec<Event> {
    let log =
        fray_core::InputLog::<fray_margin_3d6::Margin>::scripted([], rolls.iter().copied(), []);
    s.tie_rank = vec![0; s.fighters.len()];
    let (n, events) = fray_core::script::next(s, &log).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(n, Next::Over(_)));
    events
}

#[test]
fn treatment_waking_coma_and_lasting_injuries_m_hea_001_m_nat_003_to_005() {
    // rule: M-HEA-001, M-NAT-001, M-NAT-003, M-NAT-004, M-NAT-005, M-PEN-007
    let mut s = over("aftermath = true", true);
    // A: no helper awake on its side; the coma roll 13 vs 12 fails.
    // B: C's First Aid 10 vs 12 heals 1; the leg's HT roll 10 heals it.
    let ev = run(&mut s, &[13, 10, 10]);
    let n = notes(&ev);
    assert!(n.contains(&"M-NAT-004"));
    assert!(n.contains(&"M-HEA-001"));
    assert!(n.contains(&"M-NAT-001"));
    assert!(n.contains(&"M-NAT-005"));
    assert_eq!(s.fighter(B).hp, 8);
    // Fatigue back at 1 a minute over the hour.
    assert_eq!(s.fighter(B).fatigue, 10);
    // Without `aftermath`, nothing is rolled.
    let mut s = over("", true);
    assert!(notes(&run(&mut s, &[])).is_empty());
}

#[test]
fn bleeding_until_treated_or_stopped_m_bld_001_m_hea_003() {
    // rule: M-BLD-001, M-HEA-003
    let mut s = over("aftermath = true\nbleeding = true", false);
    s.fighters[0].life = Life::Dead;
    // A is dead: no roll for it.
    // B treats itself untrained (IQ 10 - 5 = 5): 10 fails; bleeding HT 12 - 1: 12 fails (-1 HP);
    // minute 1: bleeding 3 (a critical success) stops it; minute 5: the second try 5 succeeds.
    // Then the leg: 13 fails, 1d 4 months more.
    let ev = run(&mut s, &[10, 12, 3, 5, 13, 4]);
    assert_eq!(s.fighter(B).hp, 7);
    assert!(notes(&ev).contains(&"M-BLD-001"));
}

#[test]
fn organ_criticals_need_a_physician_m_bld_002_m_hea_002() {
    // rule: M-BLD-002, M-HEA-002, M-NAT-002
    let c = vec![
        fighter("A", "a", 0, 0, "n", &sheet(10, 10, 12, "")),
        fighter("B", "b", 0, -1, "s", &sheet(10, 10, 12, "")),
        fighter(
            "C",
            "b",
            3,
            -3,
            "s",
            &sheet(10, 10, 12, "skills = { first_aid = 14, physician = 12 }"),
        ),
    ];
    let mut s = state_with("aftermath = true\nbleeding = true", "", &c);
    s.fighters[0].life = Life::Dead;
    s.fighters[1].hp = 7;
    s.fighters[1].record.taken = 5;
    s.fighters[1].needs_physician = true;
    // The treatment uses Physician (12): 10 succeeds: First Aid's 1 HP; bleeding stops.
    // Then Physician once more: 8 succeeds, 1d 6: 2 HP.
    let ev = run(&mut s, &[10, 8, 6]);
    assert_eq!(s.fighter(B).hp, 10);
    assert!(notes(&ev).contains(&"M-HEA-002"));
}
