//! Interrupts: Wait and Opportunity Fire (M-MEL-011, M-MIS-005/006).

use crate::common::*;
use fray_core::grid::{Facing, HexPos};
use fray_margin_3d6::model::action::{Action, Answer, Strike};
use fray_margin_3d6::model::event::Event;
use fray_margin_3d6::model::state::Watch;
use fray_margin_3d6::resolve::wait::watched;

fn targets(ev: &[Event]) -> Vec<(String, i32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Roll(r) if r.label == "attack" => {
                Some((r.roller.clone().unwrap_or_default(), r.target.unwrap_or(0)))
            }
            _ => None,
        })
        .collect()
}

fn go(to: HexPos) -> Action {
    Action::Move {
        to,
        face: None,
        evade: 0,
        shoot: None,
        swing: None,
    }
}

fn wait_here() -> Action {
    Action::Wait {
        weapon: 0,
        mode: 0,
        to: None,
        hexes: Vec::new(),
    }
}

fn guard() -> String {
    sheet(
        10,
        10,
        12,
        "skills = { broadsword = 12 }\nweapons = [\"Broadsword\"]\nhp = 200",
    )
}

#[test]
fn a_waiter_strikes_first_m_mel_011() {
    // rule: M-MEL-011
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 0, -3, "s", &guard()),
    ]);
    act(&mut s, B, wait_here(), &[], &[]);
    // A walks in: at (0,-2) it is within reach; B's swing (12) misses on 16.
    let ev = act(&mut s, A, go(HexPos::new(0, -2)), &[16], &[]);
    assert_eq!(targets(&ev), vec![("B".to_string(), 12)]);
    assert_eq!(s.fighter(B).guard.wait, None);
    assert_eq!(s.fighter(A).pos, HexPos::new(0, -2));
    // Attacking the waiter: a contest of skills; A wins (10 vs 14) and strikes first.
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 0, -3, "s", &guard()),
    ]);
    act(&mut s, B, wait_here(), &[], &[]);
    let mut st = Strike::at(B);
    st.to = Some(HexPos::new(0, -2));
    let ev = act(&mut s, A, Action::Attack(st), &[14, 10, 16, 16], &[]);
    assert_eq!(
        targets(&ev),
        vec![("A".to_string(), 14), ("B".to_string(), 12)]
    );
}

#[test]
fn opportunity_fire_at_the_watched_hex_m_mis_005() {
    // rule: M-MIS-005
    let xbow = sheet(
        12,
        12,
        12,
        "skills = { crossbow = 14 }\nweapons = [\"Crossbow\"]",
    );
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 0, -6, "s", &xbow),
    ]);
    act(
        &mut s,
        B,
        Action::OpportunityFire {
            weapon: 0,
            watch: Watch::Hex(HexPos::new(0, -3)),
            confirm: false,
        },
        &[],
        &[],
    );
    // A passes (0,-3): 3 hexes from B: range -1 + Acc 4 = 0; one hex watched: -2.
    let ev = act(&mut s, A, go(HexPos::new(0, -4)), &[16], &[]);
    assert_eq!(targets(&ev), vec![("B".to_string(), 12)]);
    assert_eq!(s.fighter(A).pos, HexPos::new(0, -4));
    // The areas.
    let from = HexPos::new(0, 0);
    assert_eq!(
        watched(from, Facing::N, Watch::Front, HexPos::new(1, -3)),
        Some(-4)
    );
    assert_eq!(
        watched(from, Facing::N, Watch::Front, HexPos::new(0, 2)),
        None
    );
    assert_eq!(
        watched(from, Facing::N, Watch::Line(Facing::N), HexPos::new(0, -7)),
        Some(-5)
    );
    assert_eq!(
        watched(from, Facing::N, Watch::Line(Facing::N), HexPos::new(1, -7)),
        None
    );
}

/// The swordsman A, the crossbowman B watching the hex (0, -3) with a
/// PER roll to tell friend from foe (M-MIS-005, M-MIS-006), and B's friend
/// C off to the side.
fn crossbow_watching() -> fray_margin_3d6::model::state::State {
    let xbow = sheet(
        12,
        12,
        12,
        "skills = { crossbow = 14 }\nweapons = [\"Crossbow\"]",
    );
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 0, -6, "s", &xbow),
        fighter("C", "b", 3, -3, "sw", &guard()),
    ]);
    let watch = Action::OpportunityFire {
        weapon: 0,
        watch: Watch::Hex(HexPos::new(0, -3)),
        confirm: true,
    };
    act(&mut s, B, watch, &[], &[]);
    s
}

#[test]
fn telling_friend_from_foe_m_mis_006() {
    // rule: M-MIS-006
    let mut s = crossbow_watching();
    // A friend enters: the PER roll (10 vs 10) tells: no shot, still watching.
    act(&mut s, C, go(HexPos::new(0, -3)), &[10], &[]);
    assert!(s.fighter(B).guard.wait.is_some());
    act(&mut s, C, go(HexPos::new(3, -3)), &[], &[]);
    // A foe enters: PER 12 fails: the controller is asked; it holds fire.
    act(
        &mut s,
        A,
        go(HexPos::new(0, -3)),
        &[12],
        &[Answer::Fire { fire: false }],
    );
    assert!(s.fighter(B).guard.wait.is_some());
    // Back out and in again: PER 9 succeeds: the shot at -2 - 2 = 10.
    act(&mut s, A, go(HexPos::new(0, -2)), &[], &[]);
    let ev = act(&mut s, A, go(HexPos::new(0, -3)), &[9, 16], &[]);
    assert_eq!(targets(&ev), vec![("B".to_string(), 10)]);
}

#[test]
fn no_roll_reads_hearing_m_mod_002() {
    // rule: M-MOD-002, M-MIS-006
    // The hearing penalty would apply to hearing-based PER rolls, and the
    // engine makes none: a sheet has no hearing to give...
    let deaf = sheet(12, 12, 12, "hearing = -4");
    let e = unreadable(&[
        fighter("A", "a", 0, 0, "n", &deaf),
        fighter("B", "b", 0, -2, "s", &dummy()),
    ]);
    assert!(e.contains("unknown field `hearing`"), "{e}");
    // ...and its one PER roll, telling friend from foe, is by sight: PER
    // as it stands, with no modifier.
    let mut s = crossbow_watching();
    let ev = act(&mut s, C, go(HexPos::new(0, -3)), &[10], &[]);
    let per: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Roll(r) if r.rule == "M-MIS-006" => Some(r),
            _ => None,
        })
        .collect();
    assert_eq!(per.len(), 1, "one PER roll");
    assert_eq!(per[0].target, Some(s.fighter(B).stats.per));
    let terms: Vec<_> = per[0]
        .modifiers
        .iter()
        .map(|m| (m.label.as_str(), m.value))
        .collect();
    assert_eq!(terms, [("PER", s.fighter(B).stats.per)]);
}
