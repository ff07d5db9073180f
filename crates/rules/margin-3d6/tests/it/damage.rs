//! Damage: the ST table, modes, the fraction by successes, the worked
//! example, caps, wounding and crippling (M-DMG, M-WND, M-CKS).

use crate::common::*;
use fray_margin_3d6::model::action::{Answer, Strike, Unarmed};
use fray_margin_3d6::model::data::{Weapon, bundled};
use fray_margin_3d6::model::location::{DamageType, Limb, Location};
use fray_margin_3d6::model::options::{Compare, MaxDamageStage, Options};
use fray_margin_3d6::rules::damage::{basic, cripple, fractional, wound};
use std::sync::Arc;

/// A dummy with plenty of HP, so one blow's loss is easy to read.
fn big_dummy() -> String {
    sheet(10, 10, 12, "hp = 60")
}

#[test]
fn worked_example_st_12_bastard_sword_m_dmg_006() {
    // rule: M-DMG-006, M-DMG-001, M-DMG-002, M-DMG-003, M-DMG-009
    let s = duel(&swordsman(), &dummy());
    let o = Options::default();
    let f = s.fighter(A);
    let cut = basic(f, &Strike::at(B).with(0, 0), 0, &o);
    let imp = basic(f, &Strike::at(B).with(0, 1), 0, &o);
    assert_eq!((cut.damage, cut.kind), (10, DamageType::Cut));
    // The summary prints 7; the rule gives thrust 5 + 1 = 6 (decision).
    assert_eq!((imp.damage, imp.kind), (6, DamageType::Imp));
    assert_eq!(fractional(&cut, 10, 100, &o), 10);
    assert_eq!(fractional(&cut, 10, 50, &o), 5);
    assert_eq!(fractional(&imp, 6, 50, &o), 3);
}

#[test]
fn a_full_hit_and_a_one_success_hit_through_the_rolls_m_dmg_013() {
    // rule: M-DMG-013, M-DMG-004, M-DMG-007, M-WND-001, M-DEF-011
    let mut s = duel(&swordsman(), &big_dummy());
    // 11 vs 14: 3 successes; no active defense and PD 0 (no roll): 100%.
    act(&mut s, A, attack(B), &[11, 10], &[Answer::NoDefense]);
    // 10 cutting, no DR, +50%: 15; the Will roll (10) for the stun check.
    assert_eq!(lost(&s, B), 15);
    let mut s = duel(&swordsman(), &big_dummy());
    // 13 vs 14: 1 success: 50% = 5 cutting, 7 HP.
    act(&mut s, A, attack(B), &[13, 10], &[Answer::NoDefense]);
    assert_eq!(lost(&s, B), 7);
    // Impaling at 1 success: 3 × 2 = 6 (M-WND-002).
    let mut s = duel(&swordsman(), &big_dummy());
    act(&mut s, A, attack_with(B, 0, 1), &[13], &[Answer::NoDefense]);
    // rule: M-WND-002
    assert_eq!(lost(&s, B), 6);
    // 0 successes: 25% of 10 = 2 cutting, 3 HP.
    let mut s = duel(&swordsman(), &big_dummy());
    act(&mut s, A, attack(B), &[14], &[Answer::NoDefense]);
    assert_eq!(lost(&s, B), 3);
}

#[test]
fn sharp_damage_never_rounds_below_one_m_dmg_014() {
    // rule: M-DMG-014
    let s = duel(&swordsman(), &dummy());
    let o = Options::default();
    let knife = basic(s.fighter(A), &Strike::at(B), 0, &o);
    assert_eq!(fractional(&knife, 1, 25, &o), 1);
    let mut punch = Strike::at(B);
    punch.unarmed = Some(Unarmed::Punch);
    let p = basic(s.fighter(A), &punch, 0, &o);
    assert_eq!(p.kind, DamageType::Cr);
    assert_eq!(fractional(&p, 3, 25, &o), 0);
}

#[test]
fn ranged_cap_before_the_fraction_ignored_by_criticals_m_dmg_005() {
    // rule: M-DMG-005
    let mut s = duel(
        &sheet(
            12,
            12,
            12,
            "skills = { crossbow = 14 }\nweapons = [\"Crossbow\"]",
        ),
        &dummy(),
    );
    let mut w: Weapon = (*s.fighters[0].weapons[0].weapon).clone();
    w.max_damage = Some(6);
    s.fighters[0].weapons[0].weapon = Arc::new(w);
    let o = Options::default();
    let b = basic(s.fighter(A), &Strike::at(B), 0, &o);
    // thrust 5 + 4 = 9, capped to 6 before the fraction; the full 9 kept for criticals.
    assert_eq!((b.damage, b.full), (6, 9));
    assert_eq!(fractional(&b, b.damage, 50, &o), 3);
    let after = Options {
        max_damage_stage: MaxDamageStage::AfterFraction,
        ..Options::default()
    };
    let b = basic(s.fighter(A), &Strike::at(B), 0, &after);
    assert_eq!(b.damage, 9);
    assert_eq!(fractional(&b, 9, 100, &after), 6);
}

#[test]
fn the_attacker_picks_the_mode_against_the_armor_m_dmg_008() {
    // rule: M-DMG-008, M-DAT-006
    // Per-type DR: the leather jerkin has cut 2, imp 1.
    let s = duel(
        &swordsman(),
        &sheet(10, 10, 12, "armor = [\"Leather Jerkin\"]"),
    );
    let o = Options::default();
    let t = s.fighter(B);
    assert_eq!(
        fray_margin_3d6::rules::armor::dr_at(t, Location::Torso, DamageType::Cut, &o),
        2
    );
    assert_eq!(
        fray_margin_3d6::rules::armor::dr_at(t, Location::Torso, DamageType::Imp, &o),
        1
    );
    // The AI weighs both modes; cut 10 - 2 = 8 × 1.5 = 12 beats imp (6 - 1) × 2 = 10.
    // (The first AI: the seasoned one goes all out against an unarmed foe.)
    let basic = tactics(s.clone(), "basic");
    match fray_margin_3d6::ai::action(&basic, A) {
        fray_margin_3d6::model::action::Action::Attack(st) => assert_eq!(st.mode, 0),
        other => panic!("{other:?}"),
    }
    match fray_margin_3d6::ai::action(&s, A) {
        fray_margin_3d6::model::action::Action::Attack(st)
        | fray_margin_3d6::model::action::Action::AllOutAttack { strike: st, .. } => {
            assert_eq!(st.mode, 0)
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn punch_kick_and_the_unarmed_bonus_m_dmg_011_m_una_002() {
    // rule: M-DMG-011, M-UNA-002, M-UNA-001
    let o = Options::default();
    let s = duel(
        &sheet(12, 12, 12, "skills = { brawling = 14, boxing = 10 }"),
        &dummy(),
    );
    let f = s.fighter(A);
    let mut st = Strike::at(B);
    st.unarmed = Some(Unarmed::Punch);
    // thrust 5 - 2 + Brawling/10 (1) = 4 (Brawling 14 beats Boxing 10).
    assert_eq!(basic(f, &st, 0, &o).damage, 4);
    st.unarmed = Some(Unarmed::Kick);
    assert_eq!(basic(f, &st, 0, &o).damage, 6);
    st.unarmed = Some(Unarmed::Bite);
    assert!(basic(f, &st, 0, &o).bite);
    assert_eq!(
        fray_margin_3d6::rules::attack::unarmed_skill(f, Unarmed::Kick),
        12
    );
    // Boxing 15: punch + Boxing/5 = 3.
    let s = duel(&sheet(12, 12, 12, "skills = { boxing = 15 }"), &dummy());
    st.unarmed = Some(Unarmed::Punch);
    assert_eq!(basic(s.fighter(A), &st, 0, &o).damage, 6);
}

#[test]
fn the_bundled_data_loads_m_dmg_012() {
    // rule: M-DMG-012, M-DAT-004, M-DAT-005, M-DAT-007, M-DAT-010, M-ARM-001
    let a = bundled().expect("the bundled data loads");
    assert!(a.weapon("bastard sword").is_some());
    assert!(
        a.weapon("Crossbow")
            .is_some_and(|w| w.ranged() && w.reload_rounds == 1)
    );
    assert!(a.shield("Medium Shield").is_some_and(|s| s.pd == 3));
    assert!(a.armor_piece("Pot Helm").is_some_and(|h| h.helm));
    assert!(a.template("man_at_arms").is_some());
}

#[test]
fn wound_multipliers_m_wnd_001_m_wnd_002_m_cks_005_m_cks_007() {
    // rule: M-WND-001, M-WND-002, M-CKS-005, M-CKS-007
    let o = Options::default();
    assert_eq!(wound(5, DamageType::Cut, Location::Torso, &o), 7);
    assert_eq!(wound(5, DamageType::Imp, Location::Torso, &o), 10);
    assert_eq!(wound(5, DamageType::Cr, Location::Torso, &o), 5);
    assert_eq!(wound(5, DamageType::Cr, Location::Brain, &o), 20);
    assert_eq!(wound(5, DamageType::Imp, Location::Vitals, &o), 15);
    assert_eq!(wound(5, DamageType::Cut, Location::Vitals, &o), 7);
    assert_eq!(wound(-2, DamageType::Imp, Location::Torso, &o), 0);
    let two = Options {
        vital_impaling_multiplier: 2,
        ..Options::default()
    };
    assert_eq!(wound(5, DamageType::Imp, Location::Heart, &two), 10);
}

#[test]
fn crippling_caps_the_loss_m_cks_001_m_cks_002() {
    // rule: M-CKS-001, M-CKS-002
    let o = Options::default();
    assert_eq!(cripple(6, 12, Limb::WeaponArm, &o), (6, true));
    assert_eq!(cripple(9, 12, Limb::WeaponArm, &o), (6, true));
    assert_eq!(cripple(5, 12, Limb::WeaponArm, &o), (5, false));
    assert_eq!(cripple(4, 11, Limb::NearFoot, &o), (4, true));
    assert_eq!(cripple(3, 11, Limb::NearFoot, &o), (3, false));
    let gt = Options {
        cripple_compare: Compare::Gt,
        ..Options::default()
    };
    assert_eq!(cripple(6, 12, Limb::WeaponArm, &gt), (6, false));
    // Through the rolls: a called shot to the weapon arm (-2): 12 vs 14 hits
    // with 0 successes... use 9: 3 successes, 10 cut, ×1.5 = 15, capped at 6.
    let mut s = duel(&swordsman(), &big_dummy());
    let mut st = Strike::at(B);
    st.location = Some(Location::WeaponArm);
    act(
        &mut s,
        A,
        fray_margin_3d6::model::action::Action::Attack(st),
        &[9],
        &[Answer::NoDefense],
    );
    assert_eq!(lost(&s, B), 6);
    assert!(s.fighter(B).is_crippled(Limb::WeaponArm));
}

#[test]
fn a_wolf_bites_and_neither_punches_nor_kicks_m_una_001_m_una_002() {
    // rule: M-UNA-001, M-UNA-002
    use fray_margin_3d6::model::action::{Action, Strike, Unarmed};
    use fray_margin_3d6::rules::maneuver::check;
    let mut s = state(&[
        templated("Wolf", "a", 0, 0, "n", "wolf"),
        fighter("B", "b", 0, -1, "s", &sheet(10, 10, 12, "hp = 40")),
    ]);
    let with = |u: Unarmed| {
        let mut st = Strike::at(B);
        st.unarmed = Some(u);
        Action::Attack(st)
    };
    for u in [Unarmed::Punch, Unarmed::Kick] {
        assert_eq!(check(&s, A, &with(u)).unwrap_err().rule, "M-UNA-001");
    }
    // The bite rolls DX 13; 10: 3 successes, no defense: thrust of ST 8 = 3
    // cutting, no die: ×1.5 = 4 HP.
    act(&mut s, A, with(Unarmed::Bite), &[10], &[Answer::NoDefense]);
    assert_eq!(lost(&s, B), 4);
}
