//! Mounted combat (DQ-23-001..006): a rider linked to its 2-hex mount by
//! the scenario's `mount` key, moving as one, with the Horsemanship limits,
//! the hexes straight ahead, the straight charge and its momentum.

use crate::common::*;
use fray_core::Engine;
use fray_core::grid::{Corner, Heading, HexPos};
use fray_core::{CombatantId, RollInput, SideId};
use fray_dragonquest::model::action::{Action, Activity, Answer, AttackKind};
use fray_dragonquest::rules::actions::check;
use fray_dragonquest::state::State;

/// The warhorse (id 0), its rider (id 1) and a foe (id 2).
const M: CombatantId = A;
const R: CombatantId = B;
const F: CombatantId = C;

/// The warhorse "M" of side a, head at (0, 0) facing the east corner
/// (NE and SE sides: the hexes straight ahead are (1, -1) and (1, 0); the
/// rider strikes into (0, -1) and (0, 1); the tail is at (-1, 1)).
fn horse() -> String {
    "[[combatants]]\nname = \"M\"\nside = \"a\"\ntemplate = \"warhorse\"\nposition = { q = 0, r = 0 }\ncorner = \"ne_se\"\ncontroller = \"script\"\n".to_string()
}

/// The rider "R", a swordsman standing next to the horse, in its saddle.
fn rider(extra: &[(&str, &str)]) -> String {
    fighter("R", "a", -1, 0, "se", extra).replacen(
        "controller = \"script\"\n",
        "controller = \"script\"\nmount = \"M\"\n",
        1,
    )
}

/// The foe "F" at (q, r).
fn foe(q: i32, r: i32, facing: &str, extra: &[(&str, &str)]) -> String {
    fighter("F", "b", q, r, facing, extra)
}

fn mounted(rider_extra: &[(&str, &str)], foe: String) -> State {
    state("", &[horse(), rider(rider_extra), foe])
}

fn rule_of(r: Result<(), fray_core::Illegal>) -> &'static str {
    r.expect_err("refused").rule
}

/// The rider's `action` as the first of pulse: step 1's roll-off (faces 9
/// and 1) to side a, side a first, the rider first; then `rolls`.
fn rider_first(
    action: Action,
    rolls: &[RollInput],
) -> fray_core::InputLog<fray_dragonquest::DragonQuest> {
    let mut l = log(
        vec![("R", action)],
        &[],
        vec![Answer::Side(SideId(0)), Answer::Figure(R)],
    );
    l.loose.rolls = vec![RollInput::Faces(vec![9, 1])];
    l.loose.rolls.extend_from_slice(rolls);
    l
}

fn pass(activity: Activity, to: Option<HexPos>) -> Action {
    Action::Pass {
        activity,
        to,
        facing: None,
    }
}

#[test]
fn a_rider_starts_in_the_saddle_and_moves_with_the_mounts_tmr() {
    // rule: DQ-23-001, DQ-00-006
    let s = mounted(&[("tmr", "2")], foe(-6, 6, "n", &[]));
    let (m, r) = (s.fig(M), s.fig(R));
    assert!(r.aboard);
    assert_eq!(r.steed, Some(M));
    assert_eq!(m.rider, Some(R));
    assert_eq!(r.pos, m.pos);
    assert_eq!(r.heading, Heading::Corner(Corner::NeSe));
    // The rider's own TMR is 2; the pair moves 8 hexes on the horse's 10.
    let to = HexPos::new(8, 0);
    let go = Action::Move { to, facing: None };
    assert!(check(&s, R, &go).is_ok());
    // The ridden horse does not move on its own: the rider steers.
    assert_eq!(rule_of(check(&s, M, &go)), "DQ-23-001");
    // Step 1 to side a; side a first; the rider acts first.
    let l = rider_first(go, &[]);
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(s.fig(M).pos, to, "{}", narrate(&ev));
    assert_eq!(s.fig(R).pos, to);
    assert_eq!(s.fig(R).heading, s.fig(M).heading);
    assert_eq!(s.fig(M).status.moved, 1);
}

#[test]
fn the_scenario_link_is_checked() {
    // rule: DQ-23-001

    // A foe is no mount; a swordsman is no mount.
    let bad = scenario(
        "",
        &[
            fighter("M", "a", 0, 0, "n", &[]),
            rider(&[]),
            foe(-6, 6, "n", &[]),
        ],
    );
    let e = fray_dragonquest::DragonQuest::setup(&bad).unwrap_err();
    assert!(e.to_string().contains("combatants[1].mount"), "{e}");
    // The rider must stand next to its mount.
    let far = fighter("R", "a", -4, 0, "se", &[]).replacen(
        "controller = \"script\"\n",
        "controller = \"script\"\nmount = \"M\"\n",
        1,
    );
    let bad = scenario("", &[horse(), far, foe(-6, 6, "n", &[])]);
    let e = fray_dragonquest::DragonQuest::setup(&bad).unwrap_err();
    assert!(e.to_string().contains("next to"), "{e}");
}

#[test]
fn mounting_and_dismounting_only_while_the_mount_stands_still() {
    // rule: DQ-23-001
    let mut s = mounted(&[], foe(-6, 6, "n", &[]));
    let down = pass(Activity::Dismount, Some(HexPos::new(-1, 0)));
    assert!(check(&s, R, &down).is_ok());
    // Not into the horse's own hexes, nor far away.
    assert!(check(&s, R, &pass(Activity::Dismount, Some(HexPos::new(3, 0)))).is_err());
    // The horse has moved this pulse: no dismounting.
    s.pulse = 1;
    s.fig_mut(M).status.moved = 1;
    assert_eq!(rule_of(check(&s, R, &down)), "DQ-23-001");
    s.fig_mut(M).status.moved = 0;
    s.pulse = 0;
    let l = rider_first(down, &[]);
    let (s, ev) = run_steps(s, &l, 1);
    assert!(happened(&ev, "dismounts"), "{}", narrate(&ev));
    let (m, r) = (s.fig(M), s.fig(R));
    assert!(!r.aboard);
    assert_eq!(r.pos, HexPos::new(-1, 0));
    assert_eq!(m.rider, None);
    // The horse stands still for the rest of the pulse...
    let go = Action::Move {
        to: HexPos::new(3, 0),
        facing: None,
    };
    assert_eq!(rule_of(check(&s, M, &go)), "DQ-23-001");
    // ...and the rider may get back on (the horse has not moved) in a
    // later action.
    let mut s = s;
    s.seq.slot = None;
    assert!(check(&s, R, &pass(Activity::Mount, None)).is_ok());
    let mut s2 = s.clone();
    s2.fig_mut(M).status.moved = s2.pulse;
    assert_eq!(
        rule_of(check(&s2, R, &pass(Activity::Mount, None))),
        "DQ-23-001"
    );
}

#[test]
fn horsemanship_limits_two_handed_weapons_two_weapons_and_shooting_on_the_move() {
    // rule: DQ-23-002, DQ-00-006
    let beside = foe(0, -1, "s", &[]);
    let two_handed = [
        ("ps", "22"),
        ("weapons", "[{ id = \"two_handed_sword\", rank = 2 }]"),
    ];
    let s = mounted(&two_handed, beside.clone());
    let a = attack(F);
    assert_eq!(rule_of(check(&s, R, &a)), "DQ-23-002");
    let mut hm3 = two_handed.to_vec();
    hm3.push(("horsemanship", "3"));
    let s = mounted(&hm3, beside.clone());
    assert!(check(&s, R, &a).is_ok());
    // Two weapons at once: rank 7.
    let two = [
        (
            "weapons",
            "[{ id = \"broadsword\", rank = 2 }, { id = \"short_sword\", rank = 2 }]",
        ),
        ("two_weapons", "true"),
        ("horsemanship", "6"),
    ];
    let s = mounted(&two, beside.clone());
    let tw = Action::TwoWeapons { targets: [F, F] };
    assert_eq!(rule_of(check(&s, R, &tw)), "DQ-23-002");
    // Shooting while the mount is moving: rank 5.
    let bow = [
        ("weapons", "[{ id = \"long_bow\", rank = 2 }]"),
        ("horsemanship", "4"),
    ];
    let mut s = mounted(&bow, foe(6, -3, "s", &[]));
    assert!(check(&s, R, &Action::fire(F)).is_ok());
    s.pulse = 1;
    s.fig_mut(M).status.moved = 1;
    assert_eq!(rule_of(check(&s, R, &Action::fire(F))), "DQ-23-002");
}

#[test]
fn a_rider_strikes_beside_the_head_never_straight_ahead() {
    // rule: DQ-23-003
    let ahead = mounted(&[], foe(1, 0, "nw", &[]));
    assert_eq!(rule_of(check(&ahead, R, &attack(F))), "DQ-23-003");
    // However many targets a sweep names, the last is looked at too (a
    // rider with the Horsemanship for a two-handed weapon).
    let horseman = mounted(&[("horsemanship", "10")], foe(1, 0, "nw", &[]));
    let mut targets = vec![M; 8];
    targets.push(F);
    let sweep = Action::Sweep { targets };
    assert_eq!(rule_of(check(&horseman, R, &sweep)), "DQ-23-003");
    // The horse itself strikes straight ahead.
    assert!(check(&ahead, M, &attack(F)).is_ok());
    let beside = mounted(&[("ag", "18")], foe(0, 1, "n", &[]));
    assert!(check(&beside, R, &attack(F)).is_ok());
    // The strike, scripted: the rider has the highest IV and acts first;
    // strike 40 hits, damage D10 1 + the broadsword's 4 on F's no armor.
    let l = log(vec![("R", attack(F))], &[40, 1], vec![Answer::First(true)]);
    let (s, ev) = run_steps(beside, &l, 1);
    assert_eq!(roll(&ev, "strike").target, Some(63), "{}", narrate(&ev));
    assert_eq!(s.fig(F).ft, 15, "{}", narrate(&ev));
}

#[test]
fn from_straight_ahead_only_a_long_hafted_weapon_reaches_the_rider() {
    // rule: DQ-23-004
    let sword = mounted(&[], foe(1, 0, "nw", &[]));
    assert_eq!(rule_of(check(&sword, F, &attack(R))), "DQ-23-004");
    // The horse in front of it can be struck.
    assert!(check(&sword, F, &attack(M)).is_ok());
    let spear = mounted(
        &[],
        foe(1, 0, "nw", &[("weapons", "[{ id = \"spear\", rank = 2 }]")]),
    );
    assert!(check(&spear, F, &attack(R)).is_ok());
    // Beside the head, any weapon reaches the rider.
    let beside = mounted(&[], foe(0, -1, "s", &[]));
    assert!(check(&beside, F, &attack(R)).is_ok());
}

#[test]
fn a_mounted_charge_goes_straight_and_momentum_carries_the_horse_on() {
    // rule: DQ-23-005, DQ-23-006, DQ-14-008, DQ-00-017
    // F waits 4 hexes SE of the horse's head, one hex north of the line:
    // the rider's zone reaches it from (4, 0) (its N-side hex is (4, -1)).
    let spear = [("weapons", "[{ id = \"spear\", rank = 3 }]")];
    let s = mounted(&spear, foe(4, -1, "ne", &[]));
    let charge = Action::Charge {
        target: F,
        to: HexPos::new(4, 0),
        kind: AttackKind::Normal,
    };
    assert!(check(&s, R, &charge).is_ok());
    // Behind the horse is no straight charge (it would have to turn).
    let back = Action::Charge {
        target: F,
        to: HexPos::new(-3, 0),
        kind: AttackKind::Normal,
    };
    assert!(check(&s, R, &back).is_err());
    // The charge: step 1 to side a, a first, the rider first; strike 95
    // misses (no mishap below 99).
    let l = rider_first(charge, &[RollInput::Total(95)]);
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(s.fig(M).pos, HexPos::new(4, 0), "{}", narrate(&ev));
    assert_eq!(s.fig(M).heading, Heading::Corner(Corner::NeSe));
    assert_eq!(s.fig(M).status.momentum.map(|m| m.0), Some(1));
    // Next pulse: the horse is carried on along the SE line, full TMR (10),
    // to the map's edge at most; the rider cannot steer it.
    let mut s = s;
    s.fig_mut(F).pos = HexPos::new(-6, 6);
    s.reindex();
    s.seq = Default::default();
    s.pulse = 1;
    let l = rider_first(Action::PASS, &[]);
    let (s, ev) = run_some(s, &l, 1);
    assert!(happened(&ev, "momentum"), "{}", narrate(&ev));
    let m = s.fig(M);
    assert!(m.pos.q > 4 && m.pos.r == 0, "{}", narrate(&ev));
    assert_eq!(s.fig(R).pos, m.pos);
    let go = Action::Move {
        to: HexPos::new(0, 0),
        facing: None,
    };
    assert_eq!(rule_of(check(&s, R, &go)), "DQ-23-006");
}

#[test]
fn a_rider_falls_when_the_mount_goes_down() {
    // rule: DQ-23-001
    let mut s = mounted(&[], foe(1, 0, "nw", &[("ps", "30"), ("ag", "18")]));
    s.fig_mut(M).en = 4;
    s.fig_mut(M).ft = 0;
    // F strikes the horse, first by IV; strike 5, damage D10 9.
    let l = log(vec![("F", attack(M))], &[5, 9], vec![Answer::First(true)]);
    let (s, ev) = run_some(s, &l, 1);
    assert!(happened(&ev, "falls from the saddle"), "{}", narrate(&ev));
    let r = s.fig(R);
    assert!(!r.aboard && r.status.prone);
    assert_eq!(s.fig(M).rider, None);
    assert!(!s.fig(M).occupies(r.pos));
}

/// A rider with a spear charging 4 hexes along a line that mixes the two
/// sides of the horse's corner (NE, SE, NE, SE to (4, -2)), F waiting
/// beside the end of it, facing away (north) so the charge is not stopped.
fn mixed_charge() -> (State, Action) {
    let spear = [("weapons", "[{ id = \"spear\", rank = 3 }]")];
    let s = mounted(&spear, foe(4, -3, "n", &[]));
    let charge = Action::Charge {
        target: F,
        to: HexPos::new(4, -2),
        kind: AttackKind::Normal,
    };
    (s, charge)
}

/// Plays the charge of [`mixed_charge`] (strike 95 misses) and returns the
/// state after it, at the end of pulse 1.
fn after_mixed_charge() -> State {
    let (s, charge) = mixed_charge();
    assert!(check(&s, R, &charge).is_ok());
    let l = rider_first(charge, &[RollInput::Total(95)]);
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(s.fig(M).pos, HexPos::new(4, -2), "{}", narrate(&ev));
    s
}

#[test]
fn momentum_follows_a_charge_line_that_mixes_the_corners_two_sides() {
    // rule: DQ-23-006, DQ-23-005
    let mut s = after_mixed_charge();
    s.fig_mut(F).pos = HexPos::new(-6, 6);
    s.reindex();
    s.seq = Default::default();
    let l = rider_first(Action::PASS, &[]);
    let (s, ev) = run_some(s, &l, 1);
    assert!(happened(&ev, "momentum"), "{}", narrate(&ev));
    // On along the line (0, 0) -> (4, -2), which alternates NE and SE, to
    // the map's edge (radius 10): (10, -5), the line's lattice point; not
    // along one side only ((10, -2) or (10, -8)), and the corner kept.
    assert_eq!(s.fig(M).pos, HexPos::new(10, -5), "{}", narrate(&ev));
    assert_eq!(s.fig(M).heading, Heading::Corner(Corner::NeSe));
    // 6 hexes of momentum, more than half the TMR of 10: the horse has run
    // and strikes no blow this pulse (DQ-14-007).
    assert_eq!(s.fig(M).status.ran, 2);
    assert_eq!(rule_of(check(&s, M, &attack(F))), "DQ-14-007");
}

#[test]
fn a_horse_that_carried_a_full_charge_strikes_no_blow_that_pulse() {
    // rule: DQ-14-007, DQ-23-005, DQ-23-006
    let s = after_mixed_charge();
    // The spear's charge ran the horse 4 hexes of its TMR 10... not more
    // than half: it may still strike.
    assert_eq!(s.fig(M).status.ran, 0);
    // A charge of 7 hexes (a pole weapon's full charge) is more than half.
    let spear = [("weapons", "[{ id = \"spear\", rank = 3 }]")];
    let s = mounted(&spear, foe(7, -1, "n", &[]));
    let charge = Action::Charge {
        target: F,
        to: HexPos::new(7, 0),
        kind: AttackKind::Normal,
    };
    assert!(check(&s, R, &charge).is_ok());
    let l = rider_first(charge, &[RollInput::Total(95)]);
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(s.fig(M).pos, HexPos::new(7, 0), "{}", narrate(&ev));
    assert_eq!(s.fig(M).status.ran, 1);
    assert_eq!(rule_of(check(&s, M, &attack(F))), "DQ-14-007");
    // The rider's own actions are not limited by the horse's run.
    assert!(check(&s, R, &Action::PASS).is_ok());
}

#[test]
fn a_tripped_rider_falls_out_of_the_saddle_and_stands_up_on_the_ground() {
    // rule: DQ-16-010, DQ-23-001, DQ-00-017
    // F beside the horse's head with a spear trips the rider: first by IV
    // (AG 18); strike 5 hits, damage D10 1, the footing roll 90 fails.
    let s = mounted(
        &[],
        foe(
            0,
            -1,
            "s",
            &[("ag", "18"), ("weapons", "[{ id = \"spear\", rank = 3 }]")],
        ),
    );
    let trip = attack_kind(R, AttackKind::Trip);
    assert!(check(&s, F, &trip).is_ok());
    let l = log(vec![("F", trip)], &[5, 1, 90], vec![Answer::First(true)]);
    let (s, ev) = run_some(s, &l, 1);
    assert!(happened(&ev, "falls from the saddle"), "{}", narrate(&ev));
    let r = s.fig(R);
    assert!(!r.aboard && r.status.prone, "{}", narrate(&ev));
    assert_eq!(s.fig(M).rider, None);
    assert!(!s.fig(M).occupies(r.pos) && r.pos != s.fig(F).pos);
    // On the ground: standing up is a Pass; a fallen rider in the saddle
    // was the bug.
    assert!(check(&s, R, &pass(Activity::StandUp, None)).is_ok());
    assert_eq!(r.record.falls, 1);
}

#[test]
fn a_seasoned_rider_who_cannot_strike_from_the_saddle_steps_down() {
    // rule: DQ-23-003, DQ-23-001
    // F stands straight ahead of the horse: the rider's sword cannot reach
    // it (DQ-23-003). The first AI Evades in the saddle (the 140
    // pulses); the seasoned one dismounts next to F, facing it.
    let s = mounted(&[], foe(1, 0, "nw", &[]));
    match fray_dragonquest::ai::action(&s, R) {
        Action::Pass {
            activity: Activity::Dismount,
            to: Some(to),
            facing: Some(facing),
        } => {
            assert_eq!(to.distance(s.fig(F).pos), 1, "{to}");
            assert_eq!(to.facing_toward(s.fig(F).pos), Some(facing));
            assert!(check(&s, R, &pass(Activity::Dismount, Some(to))).is_ok());
        }
        other => panic!("{other:?}"),
    }
    let mut s = s;
    s.fig_mut(R).controller = fray_core::Controller::Ai("basic".into()).into();
    assert!(matches!(
        fray_dragonquest::ai::action(&s, R),
        Action::Evade { .. }
    ));
}

#[test]
fn a_seasoned_monster_held_by_a_foe_it_cannot_reach_moves_off_to_charge_it() {
    // rule: DQ-13-009, DQ-14-007, DQ-22-002
    // A riderless warhorse, head (0, 0) facing the east corner; foe F beside
    // its tail at (-2, 1), facing NE: the horse stands in F's zone, F is not
    // in the horse's front hexes, so the horse has no blow. The first AI
    // Evades for ever (a round-limit fight); the seasoned one withdraws (a
    // normal move: F is not in its zone) out of every zone, within its
    // charge of F.
    let s = state("", &[horse(), foe(-2, 1, "ne", &[])]);
    let f = CombatantId(1);
    assert!(fray_dragonquest::rules::zones::in_mz(&s, f, M));
    match fray_dragonquest::ai::action(&s, M) {
        Action::Withdraw {
            to,
            posture: None,
            strike: None,
        } => {
            assert!(check(&s, M, &fray_dragonquest::ai::action(&s, M)).is_ok());
            assert!(s.fig(f).distance_to(to) > 1, "{to}");
        }
        other => panic!("{other:?}"),
    }
    let mut s = s;
    s.fig_mut(M).controller = fray_core::Controller::Ai("basic".into()).into();
    assert!(matches!(
        fray_dragonquest::ai::action(&s, M),
        Action::Evade { .. } | Action::Pass { .. }
    ));
}
