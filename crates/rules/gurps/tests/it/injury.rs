//! Damage, hit locations and injury effects, with scripted dice.
//!
//! A is ST 12 DX 12, Broadsword-14: swing 1d+3 cut (mode 0), thrust 1d cr
//! (mode 1). B is ST 12 DX 11 HT 12, 12 HP, Broadsword-13, Dodge 8.

use crate::common::*;
use fray_core::Fight;
use fray_core::grid::HexPos;
use fray_gurps::model::action::{Action, Aim, AllOutVariant, Answer, Strike};
use fray_gurps::model::event::Event;
use fray_gurps::model::location::Location;
use fray_gurps::model::state::{DefenseKind, Life, Posture, Stun};
use fray_gurps::rules::turn::shock_penalty;

fn a() -> String {
    swordsman(12, 14)
}
fn b(extra: &str) -> String {
    sheet(
        12,
        11,
        10,
        12,
        &format!("skills = {{ Broadsword = 13 }}\nweapons = [\"Broadsword\"]\n{extra}"),
    )
}
fn spear() -> String {
    sheet(
        12,
        12,
        10,
        12,
        "skills = { Spear = 14 }\nweapons = [\"Spear\"]",
    )
}
fn hit(s: Strike) -> Action {
    Action::Attack {
        strike: s,
        step: None,
        extra: None,
        giant_step: None,
    }
}
fn thrust(target: fray_core::CombatantId) -> Strike {
    Strike {
        mode: 1,
        ..strike(target)
    }
}
fn no() -> Vec<Answer> {
    vec![Answer::NoDefense]
}

// rule: G-DMG-001, G-DMG-003, G-DMG-004, G-DMG-005
#[test]
fn dr_comes_off_then_the_cutting_multiplier_rounds_down() {
    let armored = b("armor = [\"Mail\"]");
    // 8 cut vs DR 4: 4 through x1.5 = 6.
    let (s, ev) = run_steps(
        duel(&a(), &armored),
        &log(vec![("A", attack(B))], &[10, 8], no()),
        1,
    );
    assert_eq!(damage(&ev), [("B".into(), "torso".into(), 8, 4, 6, 6)]);
    assert_eq!(s.fighter(B).hp, 6);
    // 5 cut: 1 through x1.5 = 1.5, rounds down to 1 (and at least 1).
    let (_, ev) = run_steps(
        duel(&a(), &armored),
        &log(vec![("A", attack(B))], &[10, 5], no()),
        1,
    );
    assert_eq!(damage(&ev)[0].4, 1);
    // 4 cut: nothing gets through, no injury.
    let (s, ev) = run_steps(
        duel(&a(), &armored),
        &log(vec![("A", attack(B))], &[10, 4], no()),
        1,
    );
    assert_eq!(damage(&ev)[0].4, 0);
    assert_eq!(s.fighter(B).hp, 12);
}

// rule: G-DMG-004, G-EXT-018
#[test]
fn impaling_doubles_and_crushing_is_times_one() {
    // Spear thr+2 = 1d+1 imp: 5 -> 10.
    let (s, ev) = run_steps(
        duel(&spear(), &b("")),
        &log(vec![("A", attack(B))], &[10, 5, 10], no()),
        1,
    );
    assert_eq!(damage(&ev)[0].4, 10);
    assert_eq!(s.fighter(B).hp, 2);
    // Broadsword thrust 1d cr: 5 -> 5.
    let (s, ev) = run_steps(
        duel(&a(), &b("")),
        &log(vec![("A", hit(thrust(B)))], &[10, 5], no()),
        1,
    );
    assert_eq!(roll(&ev, "damage").dice, "1d6");
    assert_eq!(s.fighter(B).hp, 7);
}

// rule: G-DMG-006
#[test]
fn fatigue_damage_costs_fp_not_hp() {
    let sapper = sheet(
        12,
        12,
        10,
        12,
        "skills = { \"Axe/Mace\" = 14 }\nweapons = [\"Sap\"]",
    );
    let (s, ev) = run_steps(
        duel(&sapper, &b("")),
        &log(vec![("A", attack(B))], &[10, 5], no()),
        1,
    );
    assert_eq!((s.fighter(B).hp, s.fighter(B).fp), (12, 7));
    assert!(notes(&ev).contains(&("B loses 5 FP (FP 7)".into(), "G-DMG-006")));
    // It ignores hit location: a blow aimed at the skull is still x1, no skull DR.
    let (s, _) = run_steps(
        duel(&sapper, &b("")),
        &log(
            vec![("A", hit(strike_at(B, Location::Skull)))],
            &[6, 5],
            no(),
        ),
        1,
    );
    assert_eq!(s.fighter(B).fp, 7);
}

// rule: G-EXT-020
#[test]
fn minimum_damage_is_one_but_zero_for_crushing() {
    // ST 5: swing 1d-3, so the broadsword cuts for 1d-2 and thrusts for 1d-3 cr.
    let weak = sheet(
        5,
        12,
        10,
        12,
        "skills = { Broadsword = 14 }\nweapons = [\"Broadsword\"]",
    );
    let (s, ev) = run_steps(
        duel(&weak, &b("")),
        &log(vec![("A", attack(B))], &[10, -1], no()),
        1,
    );
    assert_eq!(damage(&ev)[0].2, 1);
    assert_eq!(s.fighter(B).hp, 11);
    let (s, ev) = run_steps(
        duel(&weak, &b("")),
        &log(vec![("A", hit(thrust(B)))], &[10, -2], no()),
        1,
    );
    assert_eq!((damage(&ev)[0].2, damage(&ev)[0].4), (0, 0));
    assert_eq!(s.fighter(B).hp, 12);
}

// rule: G-LOC-001
#[test]
fn random_hit_locations_by_table() {
    let random = hit(Strike {
        location: Aim::Random,
        ..strike(B)
    });
    // 8: right arm; 4 cut there = 6 injury (not more than HP/2: no cripple).
    let (_, ev) = run_steps(
        duel(&a(), &b("")),
        &log(vec![("A", random.clone())], &[10, 4, 8], no()),
        1,
    );
    assert_eq!(damage(&ev)[0].1, "right arm");
    // 15 rolls a side die: 2 is the left hand.
    let (_, ev) = run_steps(
        duel(&a(), &b("")),
        &log(vec![("A", random.clone())], &[10, 4, 15, 2, 10], no()),
        1,
    );
    assert_eq!(roll(&ev, "hand or foot side").dice, "1d6");
    assert_eq!(damage(&ev)[0].1, "left hand");
    // 11 is the chest by default, the groin with opt hit_table=basic.
    let (_, ev) = run_steps(
        duel(&a(), &b("")),
        &log(vec![("A", random.clone())], &[10, 4, 11], no()),
        1,
    );
    assert_eq!(damage(&ev)[0].1, "torso");
    let basic = state(
        "hit_table = \"basic\"",
        &[
            fighter("A", "a", 0, 0, "n", &a()),
            fighter("B", "b", 0, -1, "s", &b("")),
        ],
    );
    let (_, ev) = run_steps(basic, &log(vec![("A", random)], &[10, 4, 11], no()), 1);
    assert_eq!(damage(&ev)[0].1, "groin");
}

// rule: G-LOC-002, G-LOC-014
#[test]
fn aiming_at_the_neck_costs_five_and_cuts_double() {
    let (s, ev) = run_steps(
        duel(&a(), &b("")),
        &log(
            vec![("A", hit(strike_at(B, Location::Neck)))],
            &[9, 4, 10],
            no(),
        ),
        1,
    );
    let r = roll(&ev, "attack");
    assert_eq!(r.target, Some(9));
    assert!(mods(r).contains(&("aim at neck".into(), -5, "G-LOC-002")));
    // 4 cut x2 = 8 injury: a major wound, knockdown 10 holds.
    assert_eq!(damage(&ev), [("B".into(), "neck".into(), 4, 0, 8, 4)]);
    assert_eq!(s.fighter(B).hp, 4);
}

// rule: G-LOC-003
#[test]
fn missing_the_skull_by_one_hits_the_torso_which_may_still_be_defended() {
    // Skull -7: 14 -> 7; roll 8 misses by 1. B dodges (8 vs 8? no: 9 fails); 4 cut -> 6.
    let (s, ev) = run_steps(
        duel(&a(), &b("")),
        &log(
            vec![("A", hit(strike_at(B, Location::Skull)))],
            &[8, 9, 4],
            vec![defend(DefenseKind::Dodge, false)],
        ),
        1,
    );
    assert_eq!(roll(&ev, "attack").margin, Some(-1));
    assert!(notes(&ev).iter().any(|n| n.1 == "G-LOC-003"));
    assert_eq!(roll(&ev, "dodge").verdict, "failure");
    assert_eq!(damage(&ev)[0].1, "torso");
    assert_eq!(s.fighter(B).hp, 6);
    // By 2, a plain miss.
    let (_, ev) = run_steps(
        duel(&a(), &b("")),
        &log(
            vec![("A", hit(strike_at(B, Location::Skull)))],
            &[9],
            vec![],
        ),
        1,
    );
    assert!(damage(&ev).is_empty());
}

// rule: G-LOC-004, G-LOC-011, G-INJ-006
#[test]
fn a_face_hit_from_behind_strikes_the_skull_and_a_head_blow_calls_for_knockdown() {
    // B turns its back on A.
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &a()),
            fighter("B", "b", 0, -1, "n", &b("")),
        ],
    );
    let random = hit(Strike {
        location: Aim::Random,
        ..strike(B)
    });
    // Location 5 = face, from behind: skull (DR 2). 4 cut - 2 = 2 x4 = 8: a major wound.
    // Knockdown at HT 12 - 10 (skull) = 2: roll 7 fails by 5: unconscious.
    let (s2, ev) = run_steps(
        s.clone(),
        &log(vec![("A", random)], &[10, 4, 5, 7], no()),
        1,
    );
    assert!(notes(&ev).iter().any(|n| n.1 == "G-LOC-004"));
    assert_eq!(damage(&ev), [("B".into(), "skull".into(), 4, 2, 8, 4)]);
    let kd = roll(&ev, "knockdown");
    assert_eq!(kd.target, Some(2));
    assert_eq!(modifier(kd, "major wound location"), Some(-10));
    assert_eq!(s2.fighter(B).life, Life::Unconscious);
    // A lighter head blow (a thrust: 3 cr - 2 = 1 x4 = 4, not major) still
    // calls for a knockdown roll, since it causes shock; no location penalty then.
    let light = hit(Strike {
        location: Aim::Random,
        ..thrust(B)
    });
    let (s3, ev) = run_steps(s, &log(vec![("A", light)], &[10, 3, 5, 12], no()), 1);
    let kd = roll(&ev, "knockdown");
    assert_eq!((kd.target, kd.verdict), (Some(12), "success"));
    assert_eq!(s3.fighter(B).hp, 8);
    assert_eq!(s3.fighter(B).life, Life::Conscious);
}

// rule: G-INJ-006, G-EXT-027
#[test]
fn high_pain_threshold_means_no_shock_and_no_knockdown_from_a_light_head_blow() {
    let hpt = b("traits = [\"high_pain_threshold\"]");
    let (s, ev) = run_steps(
        duel(&a(), &hpt),
        &log(
            vec![
                (
                    "A",
                    hit(Strike {
                        location: Aim::At(Location::Skull),
                        ..thrust(B)
                    }),
                ),
                ("B", attack(A)),
            ],
            &[6, 3, 14],
            vec![Answer::NoDefense],
        ),
        2,
    );
    // 3 cr - 2 = 1 x4 = 4 to the skull: no knockdown roll, no shock.
    assert!(rolls_labelled(&ev, "knockdown").is_empty());
    assert_eq!(s.fighter(B).hp, 8);
    let att = rolls_labelled(&ev, "attack");
    assert_eq!(att[1].target, Some(13));
    assert_eq!(s.fighter(B).shock, 0);
}

// rule: G-LOC-007, G-LOC-008, G-LOC-009, G-INJ-005
#[test]
fn a_crippling_arm_blow_is_capped_and_counts_as_a_major_wound() {
    // Right arm -2: 12. 9 cut = 13 injury > 6: crippled, and > 12: destroyed;
    // only 7 (HP/2 + 1) counts. Major wound: knockdown 10 holds.
    let (s, ev) = run_steps(
        duel(&a(), &b("")),
        &log(
            vec![("A", hit(strike_at(B, Location::RightArm)))],
            &[12, 9, 10],
            no(),
        ),
        1,
    );
    assert_eq!(roll(&ev, "attack").target, Some(12));
    assert_eq!(damage(&ev), [("B".into(), "right arm".into(), 9, 0, 7, 5)]);
    assert!(conditions(&ev).contains(&(
        "B".into(),
        "has the right arm destroyed".into(),
        "G-LOC-009"
    )));
    assert_eq!(roll(&ev, "knockdown").target, Some(12));
    let f = s.fighter(B);
    assert_eq!(f.crippled[..], [Location::RightArm]);
    assert!(
        !f.weapons[0].ready(),
        "a crippled arm drops its weapon (G-LOC-010)"
    );
    assert_eq!(f.weapons[0].dropped_at, Some(HexPos::new(0, -1)));
    // Exactly HP/2 does not cripple: 4 cut = 6.
    let (s, ev) = run_steps(
        duel(&a(), &b("")),
        &log(
            vec![("A", hit(strike_at(B, Location::RightArm)))],
            &[12, 4],
            no(),
        ),
        1,
    );
    assert!(s.fighter(B).crippled.is_empty());
    assert!(rolls_labelled(&ev, "knockdown").is_empty());
}

// rule: G-LOC-007, G-LOC-009
#[test]
fn a_crippled_leg_drops_the_figure() {
    // 6 cut = 9 to the left leg: crippled (not destroyed), capped at 7.
    let (s, ev) = run_steps(
        duel(&a(), &b("")),
        &log(
            vec![("A", hit(strike_at(B, Location::LeftLeg)))],
            &[12, 6, 10],
            no(),
        ),
        1,
    );
    assert!(conditions(&ev).contains(&(
        "B".into(),
        "has the left leg crippled".into(),
        "G-LOC-009"
    )));
    assert_eq!(s.fighter(B).posture, Posture::Lying);
    assert_eq!(s.fighter(B).hp, 5);
}

// rule: G-INJ-001, G-INJ-003
#[test]
fn shock_hits_the_next_turn_only_and_never_defenses() {
    // A thrusts: 3 cr = 3 injury. B attacks at 13 - 3 = 10 (11 misses).
    // A attacks again; B dodges at a full 8 (8).
    let l = log(
        vec![("A", hit(thrust(B))), ("B", attack(A)), ("A", attack(B))],
        &[10, 3, 11, 10, 8],
        vec![Answer::NoDefense, defend(DefenseKind::Dodge, false)],
    );
    let (s, ev) = run_steps(duel(&a(), &b("")), &l, 3);
    let b_att = rolls_labelled(&ev, "attack")[1];
    assert_eq!(b_att.target, Some(10));
    assert!(mods(b_att).contains(&("shock".into(), -3, "G-INJ-001")));
    let d = roll(&ev, "dodge");
    assert_eq!((d.target, modifier(d, "shock")), (Some(8), None));
    assert_eq!(s.fighter(B).hp, 9);
    // The next turn is clean again.
    let l = log(
        vec![
            ("A", hit(thrust(B))),
            ("B", Action::DoNothing),
            ("A", Action::DoNothing),
            ("B", attack(A)),
        ],
        &[10, 3, 16],
        vec![Answer::NoDefense],
    );
    let (_, ev) = run_steps(duel(&a(), &b("")), &l, 4);
    assert_eq!(rolls_labelled(&ev, "attack")[1].target, Some(13));
}

// rule: G-INJ-001, G-INJ-002, G-INJ-004, G-EXT-027
#[test]
fn shock_caps_high_hp_and_pain_thresholds() {
    assert_eq!(shock_penalty(12, 6, false, false, 4), -4);
    assert_eq!(shock_penalty(12, 3, false, false, 4), -3);
    // 20+ HP: -1 per floor(HP/10) points.
    assert_eq!(shock_penalty(25, 5, false, false, 4), -2);
    assert_eq!(shock_penalty(20, 3, false, false, 4), -1);
    assert_eq!(shock_penalty(19, 3, false, false, 4), -3);
    // Pain thresholds.
    assert_eq!(shock_penalty(12, 3, true, false, 4), 0);
    assert_eq!(shock_penalty(12, 1, false, true, 4), -2);
    assert_eq!(shock_penalty(12, 3, false, true, 4), -4);
    // Doubled groin shock caps at -8.
    assert_eq!(shock_penalty(12, 10, false, false, 8), -8);
}

// rule: G-INJ-002
#[test]
fn a_big_fighter_takes_less_shock() {
    let big = b("hp = 25");
    let l = log(
        vec![("A", hit(thrust(B))), ("B", attack(A))],
        &[10, 5, 16],
        vec![Answer::NoDefense],
    );
    let (_, ev) = run_steps(duel(&a(), &big), &l, 2);
    let b_att = rolls_labelled(&ev, "attack")[1];
    assert_eq!(modifier(b_att, "shock"), Some(-2));
}

// rule: G-INJ-004
#[test]
fn a_crushing_groin_blow_on_a_male_doubles_shock_to_eight() {
    let male = b("traits = [\"male\"]");
    // Groin -3: 11. 5 cr = 5 injury, shock doubled to -8 (cap 8).
    let l = log(
        vec![
            (
                "A",
                hit(Strike {
                    location: Aim::At(Location::Groin),
                    ..thrust(B)
                }),
            ),
            ("B", attack(A)),
        ],
        &[11, 5, 6],
        vec![Answer::NoDefense],
    );
    let (s, ev) = run_steps(duel(&a(), &male), &l, 2);
    assert_eq!(damage(&ev)[0].1, "groin");
    let b_att = rolls_labelled(&ev, "attack")[1];
    assert_eq!(
        (b_att.target, modifier(b_att, "shock")),
        (Some(5), Some(-8))
    );
    assert_eq!(s.fighter(B).hp, 7);
}

// rule: G-INJ-007, G-LOC-015
#[test]
fn knockdown_roll_modifiers_vitals_and_high_pain_threshold() {
    let hpt = b("traits = [\"high_pain_threshold\"]");
    // Vitals -3: 11. Spear 1d+1 imp: 4 x3 = 12, a major wound.
    // Knockdown HT 12 + 3 (HPT) - 5 (vitals) = 10; roll 10 holds.
    let (s, ev) = run_steps(
        duel(&spear(), &hpt),
        &log(
            vec![("A", hit(strike_at(B, Location::Vitals)))],
            &[11, 4, 10],
            no(),
        ),
        1,
    );
    assert_eq!(damage(&ev)[0].4, 12);
    let kd = roll(&ev, "knockdown");
    assert_eq!(kd.target, Some(10));
    assert!(mods(kd).contains(&("High Pain Threshold".into(), 3, "G-INJ-007")));
    assert!(mods(kd).contains(&("major wound location".into(), -5, "G-INJ-007")));
    assert_eq!(s.fighter(B).hp, 0);
}

// rule: G-INJ-008, G-INJ-009
#[test]
fn a_failed_knockdown_roll_drops_stuns_and_forces_do_nothing() {
    // 6 cut = 9, major; knockdown 13 vs 12 fails by 1.
    let l = log(vec![("A", attack(B)), ("B", attack(A))], &[10, 6, 13], no());
    let (s, ev) = run_some(duel(&a(), &b("")), &l, 1);
    let f = s.fighter(B);
    assert_eq!((f.posture, f.stun), (Posture::Lying, Some(Stun::Physical)));
    assert!(!f.weapons[0].ready());
    assert!(conditions(&ev).contains(&(
        "B".into(),
        "is knocked down and stunned".into(),
        "G-INJ-008"
    )));
    // B's attack is refused: stunned figures Do Nothing.
    let mut st = duel(&a(), &b(""));
    let mut o = fray_core::InputOracle::strict(&l);
    let mut sink = fray_core::VecSink::default();
    fray_core::engine::step::<fray_gurps::Gurps, _, _>(&mut st, &mut o, &mut sink).unwrap();
    let err =
        fray_core::engine::step::<fray_gurps::Gurps, _, _>(&mut st, &mut o, &mut sink).unwrap_err();
    assert!(err.to_string().contains("stunned"), "{err}");
}

// rule: G-INJ-008
#[test]
fn failing_knockdown_by_five_knocks_out_and_ends_the_fight() {
    // 6 cut = 9; knockdown 17 vs 12 fails by 5.
    let l = log(vec![("A", attack(B))], &[10, 6, 17], no());
    let (s, ev) = run_steps(duel(&a(), &b("")), &l, 1);
    assert_eq!(s.fighter(B).life, Life::Unconscious);
    assert!(conditions(&ev).contains(&("B".into(), "is knocked out".into(), "G-INJ-008")));
    let mut st = s;
    let mut o = fray_core::InputOracle::strict(&log(vec![], &[], vec![]));
    let mut sink = fray_core::VecSink::default();
    let p = fray_core::engine::step::<fray_gurps::Gurps, _, _>(&mut st, &mut o, &mut sink).unwrap();
    assert!(matches!(p, fray_core::Progress::Over(o) if o.winner == Some(fray_core::SideId(0))));
}

// rule: G-INJ-011
#[test]
fn below_a_third_of_hp_move_and_dodge_are_halved_rounding_up() {
    let mut s = duel(&a(), &b(""));
    s.fighters[1].hp = 4;
    assert_eq!(s.fighter(B).current_move(), 5);
    s.fighters[1].hp = 3;
    assert_eq!(s.fighter(B).current_move(), 3);
    // The dodge of 4 (a critical success) sends A to the Critical Miss
    // Table: 13, off balance.
    let l = log(
        vec![("A", attack(B))],
        &[10, 4, 13],
        vec![defend(DefenseKind::Dodge, false)],
    );
    let (_, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "dodge").target, Some(4));
}

// rule: G-INJ-012, G-DON-001
#[test]
fn at_zero_hp_roll_ht_to_act_unless_doing_nothing() {
    let mut s = duel(&a(), &b(""));
    s.fighters[1].hp = -13;
    // Doing nothing needs no roll.
    let l = log(
        vec![("A", Action::DoNothing), ("B", Action::DoNothing)],
        &[],
        vec![],
    );
    let (_, ev) = run_steps(s.clone(), &l, 2);
    assert!(rolls(&ev).is_empty());
    // Acting does: HT 12, -1 for a full -1xHP; 12 fails.
    let l = log(
        vec![("A", Action::DoNothing), ("B", attack(A))],
        &[12],
        vec![],
    );
    let (s2, ev) = run_steps(s.clone(), &l, 2);
    let r = roll(&ev, "stay conscious");
    assert_eq!((r.target, r.verdict), (Some(11), "failure"));
    assert_eq!(s2.fighter(B).life, Life::Unconscious);
    assert!(
        maneuvers(&ev).iter().all(|m| m.0 != "B"),
        "no maneuver after passing out"
    );
    // Success: the attack goes ahead (and misses on 16).
    let l = log(
        vec![("A", Action::DoNothing), ("B", attack(A))],
        &[11, 16],
        vec![],
    );
    let (s3, _) = run_steps(s, &l, 2);
    assert_eq!(s3.fighter(B).life, Life::Conscious);
}

// rule: G-INJ-013, G-EXT-031
#[test]
fn death_checks_at_each_multiple_of_negative_hp() {
    let mut s = duel(&spear(), &b(""));
    s.fighters[1].hp = 1;
    // 7 imp = 14: HP -13, past -1xHP. Knockdown 10 holds; death check 13 fails by 1: mortal wound.
    let l = log(vec![("A", attack(B))], &[10, 7, 10, 13], no());
    let (s2, ev) = run_steps(s.clone(), &l, 1);
    let dc = roll(&ev, "death check");
    assert_eq!((dc.target, dc.rule), (Some(12), "G-INJ-013"));
    assert!(s2.fighter(B).mortal_wound());
    assert_eq!(s2.fighter(B).life, Life::Unconscious);
    // Failing by 3 kills.
    let l = log(vec![("A", attack(B))], &[10, 7, 10, 15], no());
    let (s3, _) = run_steps(s.clone(), &l, 1);
    assert_eq!(s3.fighter(B).life, Life::Dead);
    // Crossing two thresholds in one blow: two checks.
    s.fighters[1].hp = -11;
    let l = log(vec![("A", attack(B))], &[10, 7, 10, 9, 10], no());
    let (s4, ev) = run_steps(s, &l, 1);
    assert_eq!(rolls_labelled(&ev, "death check").len(), 2);
    assert_eq!(s4.fighter(B).hp, -25);
    assert_eq!(s4.fighter(B).life, Life::Conscious);
}

// rule: G-INJ-014
#[test]
fn minus_five_times_hp_is_death_and_minus_ten_destroys() {
    let mut s = duel(&spear(), &b(""));
    s.fighters[1].hp = -50;
    s.fighters[1].death_checks = 4;
    let l = log(vec![("A", attack(B))], &[10, 7, 10], no());
    let (s2, ev) = run_steps(s.clone(), &l, 1);
    assert_eq!(s2.fighter(B).life, Life::Dead);
    assert!(conditions(&ev).contains(&("B".into(), "dies (-5xHP)".into(), "G-INJ-014")));
    s.fighters[1].hp = -110;
    let (_, ev) = run_steps(s, &l, 1);
    assert!(
        conditions(&ev)
            .iter()
            .any(|c| c.1.contains("destroyed outright"))
    );
}

// rule: G-EXT-001
#[test]
fn no_attack_roll_below_effective_skill_three() {
    let novice = swordsman(12, 9);
    // 9 - 7 (skull) = 2: no roll at all.
    let (_, ev) = run_steps(
        duel(&novice, &b("")),
        &log(vec![("A", hit(strike_at(B, Location::Skull)))], &[], vec![]),
        1,
    );
    assert!(rolls(&ev).is_empty());
    assert!(notes(&ev).iter().any(|n| n.1 == "G-EXT-001"));
}

// rule: G-EXT-006, G-EXT-007
#[test]
fn a_critical_hit_allows_no_defense_and_rolls_on_the_table() {
    // 3: critical. Table 16: double damage. 5 cut x2 = 10 basic -> 15 injury.
    // Knockdown 10 holds; -3 HP crosses no -1xHP threshold.
    let (s, ev) = run_steps(
        duel(&a(), &b("")),
        &log(vec![("A", attack(B))], &[3, 16, 5, 10], vec![]),
        1,
    );
    assert_eq!(
        roll_labels(&ev),
        ["attack", "critical hit table", "damage", "knockdown"]
    );
    assert_eq!(roll(&ev, "attack").verdict, "critical success");
    assert_eq!(damage(&ev)[0].2, 10);
    assert_eq!(s.fighter(B).hp, -3);
    // 15: maximum damage, no damage roll (9 cut = 13).
    let (s, ev) = run_steps(
        duel(&a(), &b("")),
        &log(vec![("A", attack(B))], &[4, 15, 10], vec![]),
        1,
    );
    assert_eq!(
        roll_labels(&ev),
        ["attack", "critical hit table", "knockdown"]
    );
    assert_eq!(s.fighter(B).hp, -1);
}

// rule: G-EXT-007
#[test]
fn critical_hit_table_drop_and_major_wound_rows() {
    // 12: B drops its weapon even though the blow is light (4 cut = 6).
    let (s, ev) = run_steps(
        duel(&a(), &b("")),
        &log(vec![("A", attack(B))], &[3, 12, 4], vec![]),
        1,
    );
    assert!(!s.fighter(B).weapons[0].ready());
    assert!(conditions(&ev).iter().any(|c| c.1 == "drops what it holds"));
    // Even when armor stops the blow (4 cut vs DR 4).
    let (s, ev) = run_steps(
        duel(&a(), &b("armor = [\"Mail\"]")),
        &log(vec![("A", attack(B))], &[3, 12, 4], vec![]),
        1,
    );
    assert_eq!(damage(&ev)[0].4, 0);
    assert!(!s.fighter(B).weapons[0].ready());
    // 13: any injury is a major wound, so a 6-point blow calls for knockdown.
    let (_, ev) = run_steps(
        duel(&a(), &b("")),
        &log(vec![("A", attack(B))], &[3, 13, 4, 10], vec![]),
        1,
    );
    assert_eq!(roll(&ev, "knockdown").target, Some(12));
}

// rule: G-EXT-027
#[test]
fn low_pain_threshold_knockdown_at_minus_four() {
    let lpt = b("traits = [\"low_pain_threshold\"]");
    let (_, ev) = run_steps(
        duel(&a(), &lpt),
        &log(vec![("A", attack(B))], &[10, 6, 8], no()),
        1,
    );
    let kd = roll(&ev, "knockdown");
    assert_eq!((kd.target, kd.verdict), (Some(8), "success"));
    assert_eq!(modifier(kd, "Low Pain Threshold"), Some(-4));
}

// rule: G-AOA-002
#[test]
fn strong_bonus_is_plus_one_per_die_when_larger() {
    // ST 17 swing 3d-1: the broadsword cuts 3d, so Strong adds +3.
    let strong = sheet(
        17,
        12,
        10,
        12,
        "skills = { Broadsword = 14 }\nweapons = [\"Broadsword\"]",
    );
    let act = Action::AllOutAttack {
        variant: AllOutVariant::Strong,
        strike: strike(B),
        advance: 0,
    };
    let (_, ev) = run_steps(
        duel(&strong, &b("")),
        &log(vec![("A", act)], &[10, 3, 10], no()),
        1,
    );
    assert_eq!(roll(&ev, "damage").dice, "3d6");
    assert_eq!(damage(&ev)[0].2, 6);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Damage { injury: 9, .. }))
    );
}

/// The simulator's tally counts injury dealt and taken, knockdowns and stuns.
#[test]
fn tally_records_injury_knockdowns_and_stuns() {
    use fray_core::Tally;
    use fray_gurps::Gurps;
    // A hits B's neck for 7 cut x2 = 14 (a major wound); B fails the
    // knockdown roll by 2 and is stunned; the death check at -2 HP is not due.
    let (s, _) = run_steps(
        duel(&a(), &b("")),
        &log(
            vec![("A", hit(strike_at(B, Location::Neck)))],
            &[9, 7, 14],
            no(),
        ),
        1,
    );
    let mut t = [Tally::default(); 2];
    fray_gurps::Gurps::tally(&s, &mut t);
    assert_eq!((t[0].dealt, t[0].taken), (14, 0));
    assert_eq!((t[1].dealt, t[1].taken), (0, 14));
    assert_eq!(t[1].pool::<Gurps>("HP"), Some((-2, 12)));
    assert_eq!(
        (
            t[1].counter::<Gurps>("knockdowns"),
            t[1].counter::<Gurps>("stuns"),
            t[1].down,
            t[1].dead
        ),
        (Some(1), Some(1), false, false)
    );
    assert_eq!(fray_gurps::Gurps::combatants(&s), 2);
}
