//! Active defenses, PD and DR (M-DEF, M-ARM, M-AOD, M-PDF).

use crate::common::*;
use fray_core::grid::HexPos;
use fray_margin_3d6::model::action::{Action, Answer, DefenseKind, Question};
use fray_margin_3d6::model::location::{DamageType, Location};
use fray_margin_3d6::model::options::Options;
use fray_margin_3d6::model::state::{AodKind, ShieldState};
use fray_margin_3d6::rules::armor::{armor_pd, dr_at, in_shield_arc, total_pd};
use fray_margin_3d6::rules::defense::{Threat, options};

fn threat(from: HexPos) -> Threat {
    Threat {
        attacker: A,
        from,
        ranged: false,
        thrown: false,
        parried: 0,
        unarmed_or_thrust: false,
        location: Location::Torso,
        charge: false,
        bash: false,
    }
}

/// A knight: Shield 13, Broadsword 14, bastard sword, medium shield (PD 3),
/// chainmail (PD 3) and pot helm.
fn knight() -> String {
    sheet(
        12,
        12,
        12,
        "skills = { broadsword = 14, shield = 13 }\nweapons = [\"Bastard Sword\"]\nshield = \"Medium Shield\"\narmor = [\"Chainmail\", \"Pot Helm\"]\nhp = 60",
    )
}

fn target_of(q: &[fray_margin_3d6::model::action::DefenseOption], k: DefenseKind) -> Option<i32> {
    q.iter().find(|o| o.kind == k).map(|o| o.target)
}

#[test]
fn defense_scores_with_pd_m_def_001_m_def_005_m_def_008_m_arm_010() {
    // rule: M-DEF-001, M-DEF-005, M-DEF-008, M-ARM-010, M-DEF-012
    let s = duel(&swordsman(), &knight());
    let (o, pd) = options(&s, B, &threat(HexPos::new(0, 0)));
    // Attack from the front hex: no shield PD (M-ARM-004); chainmail PD 3.
    assert_eq!(pd, 3);
    assert_eq!(target_of(&o, DefenseKind::Dodge), Some(12 / 2 + 3));
    assert_eq!(target_of(&o, DefenseKind::Parry), Some(14 / 2 + 3));
    assert_eq!(target_of(&o, DefenseKind::Block), Some(13 + 3));
}

#[test]
fn shield_pd_only_from_the_shield_side_front_hex_m_arm_004() {
    // rule: M-ARM-004, M-PDF-004, M-FLO-006
    // B at (0,-1) faces south; right-handed, its shield is on its left,
    // which facing south is the east side: the front-side hex to the SE (1,-1).
    let s = duel(&swordsman(), &knight());
    let b = s.fighter(B);
    let o = Options::default();
    assert!(in_shield_arc(b, HexPos::new(1, -1), &o));
    assert!(!in_shield_arc(b, HexPos::new(0, 0), &o));
    assert!(!in_shield_arc(b, HexPos::new(-1, 0), &o));
    assert_eq!(
        total_pd(b, HexPos::new(1, -1), Location::Torso, true, &o),
        6
    );
    assert_eq!(total_pd(b, HexPos::new(0, 0), Location::Torso, true, &o), 3);
    let wide = Options {
        shield_pd_arc: fray_margin_3d6::model::options::ShieldPdArc::FrontAndShieldSide,
        ..Options::default()
    };
    assert!(in_shield_arc(b, HexPos::new(0, 0), &wide));
}

#[test]
fn pd_highest_layer_innate_only_unarmored_magic_adds_m_arm_002_003_005() {
    // rule: M-ARM-002, M-ARM-003, M-ARM-005, M-ARM-006, M-ARM-007, M-ARM-008
    let s = duel(
        &swordsman(),
        &sheet(
            10,
            10,
            12,
            "armor = [\"Leather Armor\", \"Breastplate\", \"Pot Helm\"]\ninnate_pd = 1\ninnate_dr = 1\nmagic_pd = 1\nmagic_dr = 2",
        ),
    );
    let b = s.fighter(B);
    let o = Options::default();
    // Torso: leather PD 2 and breastplate PD 4: the highest, 4; innate not counted.
    assert_eq!(armor_pd(b, Location::Torso), 4);
    // Feet: no armor: innate PD 1.
    assert_eq!(armor_pd(b, Location::Foot), 1);
    // Magic PD adds.
    assert_eq!(total_pd(b, HexPos::new(0, 0), Location::Torso, true, &o), 5);
    // DR sums: innate 1 + leather 2 + breastplate 5 + magic 2 = 10.
    assert_eq!(dr_at(b, Location::Torso, DamageType::Cut, &o), 10);
    // Piecemeal: the head has only the helm (4) + innate + magic.
    assert_eq!(dr_at(b, Location::Head, DamageType::Cut, &o), 7);
    // Magic covers every location: the feet 1 + 2.
    assert_eq!(dr_at(b, Location::Foot, DamageType::Cr, &o), 3);
    let highest = Options {
        layered_dr: fray_margin_3d6::model::options::LayeredDr::Highest,
        ..Options::default()
    };
    assert_eq!(dr_at(b, Location::Torso, DamageType::Cut, &highest), 8);
}

#[test]
fn pd_table_built_at_setup_is_the_highest_covering_layer_m_arm_002_003() {
    // rule: M-ARM-002, M-ARM-003
    // The PD table built with the armor list gives, at every location,
    // what a walk over the layers gives.
    let s = duel(
        &knight(),
        &sheet(
            10,
            10,
            12,
            "armor = [\"Leather Armor\", \"Breastplate\", \"Pot Helm\"]\ninnate_pd = 1",
        ),
    );
    for f in [s.fighter(A), s.fighter(B)] {
        for loc in [
            Location::Torso,
            Location::Vitals,
            Location::Heart,
            Location::Head,
            Location::Brain,
            Location::Neck,
            Location::Mouth,
            Location::Eyes,
            Location::EyesThroughHelm,
            Location::WeaponArm,
            Location::ShieldArm,
            Location::Hand,
            Location::OffHand,
            Location::Leg,
            Location::FarLeg,
            Location::Knee,
            Location::Foot,
            Location::OffFoot,
        ] {
            let walked = f
                .armor
                .iter()
                .filter(|a| a.covers.contains(&loc.cover()))
                .map(|a| a.pd)
                .max()
                .unwrap_or(f.innate_pd);
            assert_eq!(armor_pd(f, loc), walked, "{loc:?}");
        }
    }
}

#[test]
fn head_dr_only_from_helms_m_cks_006() {
    // rule: M-CKS-006, M-LOC-003
    let s = duel(&swordsman(), &sheet(10, 10, 12, "armor = [\"Chainmail\"]"));
    let o = Options::default();
    assert_eq!(dr_at(s.fighter(B), Location::Head, DamageType::Cut, &o), 0);
    assert_eq!(dr_at(s.fighter(B), Location::Torso, DamageType::Cut, &o), 4);
}

#[test]
fn ad_is_two_plus_successes_and_is_subtracted_m_def_011() {
    // rule: M-DEF-011, M-DEF-007, M-DEF-004
    let mut s = duel(&swordsman(), &knight());
    // Attack 9 vs 14: 5 successes; Block 14 vs 16: AD 4; net 1: 50%: 5 cut - DR 4 = 1, ×1.5 = 1.
    let ev = act(
        &mut s,
        A,
        attack(B),
        &[9, 14],
        &[defend(DefenseKind::Block)],
    );
    assert_eq!(lost(&s, B), 1);
    assert!(ev.iter().any(|e| matches!(
        e,
        fray_margin_3d6::model::event::Event::Outcome {
            net: 1,
            pct: 50,
            ..
        }
    )));
    // Block made exactly (16 vs 16): AD 2, and the shield rolls its HT 12: 13 breaks it.
    let mut s = duel(&swordsman(), &knight());
    act(
        &mut s,
        A,
        attack(B),
        &[9, 16, 13, 10],
        &[defend(DefenseKind::Block)],
    );
    assert_eq!(
        s.fighter(B).shield.as_ref().unwrap().state,
        ShieldState::Broken
    );
    // Parry (7 + 3 = 10) made by 3: AD 5 stops 5 successes exactly at net 0: a 25% graze.
    let mut s = duel(&swordsman(), &knight());
    act(&mut s, A, attack(B), &[9, 7], &[defend(DefenseKind::Parry)]);
    assert_eq!(lost(&s, B), 0);
    assert_eq!(s.fighter(B).guard.parries, 1);
}

#[test]
fn negate_model_and_net_zero_miss_options_m_def_011() {
    // rule: M-DEF-011
    let mut s = state_with(
        "defense_model = \"negate\"",
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman()),
            fighter("B", "b", 0, -1, "s", &knight()),
        ],
    );
    act(
        &mut s,
        A,
        attack(B),
        &[9, 15],
        &[defend(DefenseKind::Block)],
    );
    assert_eq!(lost(&s, B), 0);
}

#[test]
fn pd_only_roll_without_active_defense_m_arm_011() {
    // rule: M-ARM-011, M-DEF-012
    let mut s = duel(&swordsman(), &knight());
    // No active defense: PD 3 roll of 3 (a success by 0: AD 2): 5 - 2 = 3 net: 100%.
    act(&mut s, A, attack(B), &[9, 3, 10], &[Answer::NoDefense]);
    // 10 cut - DR 4 = 6 × 1.5 = 9; Will roll for stun (2 × 9 > 12).
    assert_eq!(lost(&s, B), 9);
}

#[test]
fn rear_attacks_get_only_pd_m_def_009_m_pdf_001() {
    // rule: M-DEF-009, M-PDF-001
    // B faces north, away from A: A is in its rear hex.
    let s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 0, -1, "n", &knight()),
    ]);
    let (o, pd) = options(&s, B, &threat(HexPos::new(0, 0)));
    assert!(o.is_empty());
    assert_eq!(pd, 3);
    // From a side hex: -2.
    let s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 0, -1, "ne", &knight()),
    ]);
    let (o, _) = options(&s, B, &threat(HexPos::new(0, 0)));
    assert_eq!(target_of(&o, DefenseKind::Dodge), Some(6 + 3 - 2));
}

#[test]
fn parry_and_block_limits_and_all_out_defense_m_def_002_m_aod_001_m_aod_002() {
    // rule: M-DEF-002, M-DEF-005, M-AOD-001, M-AOD-002
    let mut s = duel(&swordsman(), &knight());
    s.fighters[1].guard.parries = 1;
    s.fighters[1].guard.blocks = 1;
    let (o, _) = options(&s, B, &threat(HexPos::new(0, 0)));
    assert_eq!(target_of(&o, DefenseKind::Parry), None);
    assert_eq!(target_of(&o, DefenseKind::Block), None);
    s.fighters[1].guard.aod = Some(AodKind::MultipleFoe);
    let (o, _) = options(&s, B, &threat(HexPos::new(0, 0)));
    assert!(target_of(&o, DefenseKind::Parry).is_some());
    assert!(target_of(&o, DefenseKind::Block).is_some());
    // Single Foe Defense: +4 against the named foe.
    let mut s = duel(&swordsman(), &knight());
    act(
        &mut s,
        B,
        Action::AllOutDefense {
            kind: AodKind::SingleFoe,
            foe: Some(A),
        },
        &[],
        &[],
    );
    let (o, _) = options(&s, B, &threat(HexPos::new(0, 0)));
    assert_eq!(target_of(&o, DefenseKind::Block), Some(16 + 4));
}

#[test]
fn retreat_gives_three_once_m_aod_005_m_pdf_006() {
    // rule: M-AOD-005, M-PDF-006
    let mut s = duel(&swordsman(), &knight());
    act(&mut s, B, Action::Retreat, &[], &[]);
    let (o, _) = options(&s, B, &threat(HexPos::new(0, 0)));
    assert_eq!(target_of(&o, DefenseKind::Block), Some(19));
    act(
        &mut s,
        A,
        attack(B),
        &[9, 10],
        &[defend(DefenseKind::Block)],
    );
    // The step: 1 hex directly away from the attacker, facing kept.
    assert_eq!(s.fighters[1].pos, HexPos::new(0, -2));
    let (o, _) = options(&s, B, &threat(HexPos::new(0, 0)));
    assert_eq!(target_of(&o, DefenseKind::Dodge), Some(9));
    // A stunned figure cannot retreat.
    let mut s = duel(&swordsman(), &knight());
    s.fighters[1].stun = Some(fray_margin_3d6::model::state::Stun::NextTurn);
    assert_eq!(
        fray_margin_3d6::rules::maneuver::check(&s, B, &Action::Retreat)
            .unwrap_err()
            .rule,
        "M-AOD-005"
    );
}

#[test]
fn block_arcs_after_a_swing_or_a_thrust_m_def_006() {
    // rule: M-DEF-006
    let mut s = duel(&swordsman(), &knight());
    let b = &mut s.fighters[1];
    // Facing south, B's shield side (left) is east: front-side SE (1,-1); the other front-side is SW (-1,0).
    b.guard.swung = Some(true);
    assert!(fray_margin_3d6::rules::defense::block_covers(
        b,
        HexPos::new(1, -1)
    ));
    assert!(!fray_margin_3d6::rules::defense::block_covers(
        b,
        HexPos::new(-1, 0)
    ));
    b.guard.swung = Some(false);
    assert!(fray_margin_3d6::rules::defense::block_covers(
        b,
        HexPos::new(-1, 0)
    ));
    b.guard.swung = None;
    // A side hex (east: (1,-2)) is covered with no attack this turn.
    assert!(fray_margin_3d6::rules::defense::block_covers(
        b,
        HexPos::new(1, -2)
    ));
}

#[test]
fn shields_only_with_one_handed_weapons_m_arm_009() {
    // rule: M-ARM-009
    let s = duel(
        &swordsman(),
        &sheet(
            12,
            12,
            12,
            "skills = { two_handed_sword = 14, shield = 13 }\nweapons = [\"Greatsword\"]\nshield = \"Medium Shield\"",
        ),
    );
    let (o, _) = options(&s, B, &threat(HexPos::new(0, 0)));
    assert_eq!(target_of(&o, DefenseKind::Block), None);
}

#[test]
fn parry_modifiers_and_fencing_m_def_003_m_def_001() {
    // rule: M-DEF-003, M-DEF-001, M-DEF-002
    let s = duel(
        &swordsman(),
        &sheet(
            10,
            14,
            12,
            "skills = { fencing = 15, knife = 12 }\nweapons = [\"Rapier\", \"Knife\"]",
        ),
    );
    let mut t = threat(HexPos::new(0, 0));
    let (o, _) = options(&s, B, &t);
    let parries: Vec<(Option<u8>, i32)> = o
        .iter()
        .filter(|x| x.kind == DefenseKind::Parry)
        .map(|x| (x.weapon, x.target))
        .collect();
    // Rapier: 2/3 of Fencing 15 = 10; knife: 12/2 - 1 = 5.
    assert_eq!(parries, vec![(Some(0), 10), (Some(1), 5)]);
    assert_eq!(
        fray_margin_3d6::rules::defense::parry_limit(s.fighter(B), 0, A),
        2
    );
    // Against a flail: -4; against a bow: no parry.
    t.parried = -4;
    let (o, _) = options(&s, B, &t);
    assert_eq!(target_of(&o, DefenseKind::Parry), Some(6));
    t.ranged = true;
    let (o, _) = options(&s, B, &t);
    assert_eq!(target_of(&o, DefenseKind::Parry), None);
}

#[test]
fn acrobatic_dodge_successes_or_minus_two_m_def_010() {
    // rule: M-DEF-010
    let mut s = duel(
        &swordsman(),
        &sheet(10, 12, 12, "skills = { acrobatics = 13 }\nhp = 60"),
    );
    // Attack 11 vs 14: 3 successes; acrobatic dodge 12 (target 12) fails... roll 13: AD -2, net 5: 100%.
    act(
        &mut s,
        A,
        attack(B),
        &[11, 13, 10],
        &[defend(DefenseKind::AcrobaticDodge)],
    );
    assert_eq!(lost(&s, B), 15);
    assert!(s.fighter(B).guard.acrobatic);
}

#[test]
fn a_critical_dodge_failure_falls_down_m_def_009() {
    // rule: M-DEF-009
    let mut s = duel(&swordsman(), &sheet(10, 10, 12, "hp = 60"));
    act(
        &mut s,
        A,
        attack(B),
        &[11, 18, 10],
        &[defend(DefenseKind::Dodge)],
    );
    assert_eq!(
        s.fighter(B).posture,
        fray_margin_3d6::model::state::Posture::Lying
    );
}

#[test]
fn the_defender_is_asked_with_its_options_m_def_012() {
    // rule: M-DEF-012
    let s = duel(&swordsman(), &knight());
    let (o, pd) = options(&s, B, &threat(HexPos::new(0, 0)));
    let q = Question::Defend {
        defender: B,
        attacker: A,
        successes: 3,
        ranged: false,
        options: o,
        pd,
    };
    let answers = <fray_margin_3d6::Margin as fray_core::TableView>::answer_options(&q);
    assert_eq!(answers.len(), 4);
    assert!(
        <fray_margin_3d6::Margin as fray_core::Engine>::check_answer(
            &q,
            &defend(DefenseKind::AcrobaticDodge)
        )
        .is_err()
    );
}

#[test]
fn a_defending_caster_rolls_will_or_loses_the_spell_m_pdf_002() {
    // rule: M-PDF-002
    let b = fighter("B", "b", 0, -1, "s", &sheet(10, 10, 12, "hp = 60")).replace(
        "[combatants.sheet]\n",
        "casting = true\n[combatants.sheet]\n",
    );
    let mut s = state(&[fighter("A", "a", 0, 0, "n", &swordsman()), b]);
    // Attack 11: 3 successes; Will 10 - 3 = 7: 8 fails: the spell is lost; Dodge 5 on 12 fails.
    act(
        &mut s,
        A,
        attack(B),
        &[11, 8, 12, 10],
        &[defend(DefenseKind::Dodge)],
    );
    assert!(!s.fighter(B).casting);
}

#[test]
fn a_failed_unarmed_parry_takes_the_blow_on_the_arm_m_loc_002() {
    // rule: M-LOC-002
    let mut s = duel(
        &swordsman(),
        &sheet(10, 10, 12, "skills = { brawling = 12 }\nhp = 60"),
    );
    let (o, _) = options(&s, B, &threat(HexPos::new(0, 0)));
    assert_eq!(target_of(&o, DefenseKind::Parry), Some(6));
    // Attack 11: 3 successes; the bare-handed parry (6) fails on 12: the arm takes 10 cut,
    // ×1.5 = 15, capped at 6 by the crippling (M-CKS-001).
    act(
        &mut s,
        A,
        attack(B),
        &[11, 12],
        &[defend(DefenseKind::Parry)],
    );
    assert_eq!(lost(&s, B), 6);
    assert!(
        s.fighter(B)
            .is_crippled(fray_margin_3d6::model::location::Limb::WeaponArm)
    );
}

#[test]
fn fencing_parries_lose_one_per_other_foe_under_multiple_foe_defense_m_aod_001() {
    // rule: M-AOD-001
    let fencer = "skills = { fencing = 15 }\nweapons = [\"Rapier\"]\nhp = 200";
    let mut s = duel(&swordsman(), &sheet(10, 14, 12, fencer));
    act(
        &mut s,
        B,
        Action::AllOutDefense {
            kind: AodKind::MultipleFoe,
            foe: None,
        },
        &[],
        &[],
    );
    // Rapier: 2/3 of Fencing 15 = 10, unlimited under Multiple Foe Defense.
    let (o, _) = options(&s, B, &threat(HexPos::new(0, 0)));
    assert_eq!(target_of(&o, DefenseKind::Parry), Some(10));
    act(
        &mut s,
        A,
        attack(B),
        &[11, 5],
        &[Answer::Defend {
            kind: DefenseKind::Parry,
            weapon: Some(0),
        }],
    );
    assert_eq!(s.fighter(B).parried_foes.as_slice(), [A]);
    // The same foe again: no penalty; a foe parried before counts -1 against another.
    let (o, _) = options(&s, B, &threat(HexPos::new(0, 0)));
    assert_eq!(target_of(&o, DefenseKind::Parry), Some(10));
    s.fighters[1].parried_foes.push(fray_core::CombatantId(5));
    let (o, _) = options(&s, B, &threat(HexPos::new(0, 0)));
    assert_eq!(target_of(&o, DefenseKind::Parry), Some(9));
}

#[test]
fn m_aod_001_a_fencer_counts_foes_parried_past_the_first_64_figures() {
    // rule: M-AOD-001
    use fray_core::CombatantId;
    let fencer = "skills = { fencing = 15 }\nweapons = [\"Rapier\"]\nhp = 200";
    let mut figures = vec![fighter("F", "f", 0, -1, "s", &sheet(10, 14, 12, fencer))];
    // 64 figures rows away, then two foes: X (id 65) in front of F.
    for i in 0..64 {
        figures.push(fighter(
            &format!("D{i}"),
            "d",
            i % 8 - 6,
            4 + i / 8,
            "n",
            &dummy(),
        ));
    }
    figures.push(fighter("X", "x", 0, 0, "n", &swordsman()));
    figures.push(fighter("Y", "x", 3, -3, "n", &swordsman()));
    let mut s = state(&figures);
    let (f, x, y) = (CombatantId(0), CombatantId(65), CombatantId(66));
    let aod = Action::AllOutDefense {
        kind: AodKind::MultipleFoe,
        foe: None,
    };
    act(&mut s, f, aod, &[], &[]);
    let parry = Answer::Defend {
        kind: DefenseKind::Parry,
        weapon: Some(0),
    };
    act(&mut s, x, attack(f), &[11, 5], &[parry]);
    assert_eq!(s.fighter(f).parried_foes.as_slice(), [x]);
    // Against Y, X is the other foe parried: 10 - 1.
    let from_y = Threat {
        attacker: y,
        ..threat(HexPos::new(0, 0))
    };
    let (o, _) = options(&s, f, &from_y);
    assert_eq!(target_of(&o, DefenseKind::Parry), Some(9));
    let from_x = Threat {
        attacker: x,
        ..from_y
    };
    let (o, _) = options(&s, f, &from_x);
    assert_eq!(target_of(&o, DefenseKind::Parry), Some(10));
}

#[test]
fn m_def_001_every_ready_weapon_parries_and_the_block_stays_beside_six_of_them() {
    // rule: M-DEF-001, M-DEF-005, M-DEF-010, M-DEF-012
    let armed = sheet(
        12,
        12,
        12,
        "skills = { broadsword = 14, shield = 13, acrobatics = 13 }\nweapons = [\"Broadsword\", \"Shortsword\", \"Axe\", \"Mace\", \"Knife\", \"Club\"]\nshield = \"Medium Shield\"\nhp = 60",
    );
    let s = duel(&swordsman(), &armed);
    let (o, _) = options(&s, B, &threat(HexPos::new(0, 0)));
    let count = |k: DefenseKind| o.iter().filter(|x| x.kind == k).count();
    assert_eq!(count(DefenseKind::Parry), 6, "{o:?}");
    assert_eq!(count(DefenseKind::Dodge), 1, "{o:?}");
    assert_eq!(count(DefenseKind::Block), 1, "{o:?}");
    assert_eq!(count(DefenseKind::AcrobaticDodge), 1, "{o:?}");
}
