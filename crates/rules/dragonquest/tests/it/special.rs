//! The special attack types (DQ-16-008..020), unarmed kicks (DQ-21-004)
//! and the optional damage bonuses (DQ-18-008..010).

use crate::common::*;
use fray_dragonquest::model::action::{Action, Answer, AttackKind};
use fray_dragonquest::rules::actions::check;
use fray_dragonquest::rules::values;

fn rule_of(r: Result<(), fray_core::Illegal>) -> &'static str {
    r.expect_err("refused").rule
}

#[test]
fn trip_needs_a_trip_weapon_or_kicks_and_a_human_sized_target() {
    // rule: DQ-16-009, DQ-21-004
    let s = duel(&[], &[]);
    assert_eq!(
        rule_of(check(&s, A, &attack_kind(B, AttackKind::Trip))),
        "DQ-16-009"
    );
    let s = duel(
        &[("weapons", "[{ id = \"quarterstaff\", rank = 1 }]")],
        &[("size", "\"large\"")],
    );
    assert_eq!(
        rule_of(check(&s, A, &attack_kind(B, AttackKind::Trip))),
        "DQ-16-009"
    );
    let s = duel(&[("weapons", "[]"), ("unarmed", "3")], &[]);
    assert!(check(&s, A, &attack_kind(B, AttackKind::Trip)).is_ok());
    let s = duel(&[("weapons", "[]"), ("unarmed", "2")], &[]);
    assert!(check(&s, A, &attack_kind(B, AttackKind::Trip)).is_err());
}

#[test]
fn trip_has_base_40_does_d10_and_the_target_rolls_3_ag_or_falls() {
    // rule: DQ-16-008, DQ-16-010
    // Quarterstaff rank 1 (MD minimum 16: -5): 40 - 5 + 15 + 4 - 15 = 39.
    let s = duel(&[("weapons", "[{ id = \"quarterstaff\", rank = 1 }]")], &[]);
    let l = log(
        vec![("A", attack_kind(B, AttackKind::Trip))],
        &[30, 4, 46],
        vec![Answer::First(true)],
    );
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "strike").target, Some(39));
    assert_eq!(
        s.fig(B).ft,
        16,
        "D10 4, no weapon modifier: {}",
        narrate(&ev)
    );
    assert_eq!(roll(&ev, "keep footing").target, Some(45));
    assert!(s.fig(B).status.prone);
}

#[test]
fn entangle_uses_the_weapons_base_chance_and_takes_two_passes_to_undo() {
    // rule: DQ-16-011, DQ-16-012, DQ-13-012
    // Whip BC 40, MD min 16 (A has 15: -5), rank 1.
    let s = duel(&[("weapons", "[{ id = \"whip\", rank = 1 }]")], &[]);
    assert_eq!(
        rule_of(check(
            &duel(&[], &[]),
            A,
            &attack_kind(B, AttackKind::Entangle)
        )),
        "DQ-16-011"
    );
    let l = log(
        vec![("A", attack_kind(B, AttackKind::Entangle))],
        &[20, 6, 10],
        vec![Answer::First(true)],
    );
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "strike").target, Some(40 - 5 + 15 + 4 - 15));
    assert_eq!(s.fig(B).ft, 18, "D10 6 - 4 = 2: {}", narrate(&ev));
    assert_eq!(s.fig(B).status.entangled, Some(0));
    assert!(!s.fig(B).status.prone);
    // B may only Pass; two Disentangle passes free it.
    assert_eq!(rule_of(check(&s, B, &attack(A))), "DQ-16-012");
    let dis = Action::Pass {
        activity: fray_dragonquest::model::action::Activity::Disentangle,
        to: None,
        facing: None,
    };
    let l = log(
        vec![("B", dis.clone()), ("A", Action::PASS), ("B", dis)],
        &[],
        vec![Answer::First(true)],
    );
    let (s, _) = run_steps(s, &l, 3);
    assert_eq!(s.fig(B).status.entangled, None);
}

#[test]
fn knockout_is_at_minus_15_does_no_damage_and_lasts_a_secret_d10_plus_5_minutes() {
    // rule: DQ-16-016, DQ-16-017
    let s = duel(&[], &[]);
    let l = log(
        vec![("A", attack_kind(B, AttackKind::Knockout))],
        &[40, 3],
        vec![Answer::First(true)],
    );
    let (s, ev, winner) = run_to_end(s, &l);
    assert_eq!(modifier(roll(&ev, "strike"), "knockout"), Some(-15));
    assert!(roll(&ev, "knockout minutes").secret);
    assert_eq!(s.fig(B).status.knocked_out, (3 + 5) * 12);
    assert_eq!(s.fig(B).ft, 20);
    assert_eq!(winner, Some(0));
    let s = duel(&[("weapons", "[{ id = \"long_bow\", rank = 1 }]")], &[]);
    assert_eq!(
        rule_of(check(&s, A, &attack_kind(B, AttackKind::Knockout))),
        "DQ-16-016"
    );
}

#[test]
fn shield_rush_has_base_40_d10_minus_2_plus_20_charging_and_a_fall_check() {
    // rule: DQ-16-018, DQ-16-019
    let s = duel(&[("shield", "\"round\""), ("shield_rank", "2")], &[]);
    let l = log(
        vec![("A", attack_kind(B, AttackKind::ShieldRush))],
        &[30, 7, 10],
        vec![Answer::First(true)],
    );
    let (s2, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "strike").target, Some(40 + 15 + 8 - 15));
    assert_eq!(s2.fig(B).ft, 15);
    assert!(!s2.fig(B).status.prone);
    let s = duel(&[("shield", "\"tower\"")], &[]);
    assert_eq!(
        rule_of(check(&s, A, &attack_kind(B, AttackKind::ShieldRush))),
        "DQ-16-018"
    );
    // As a charge: +20.
    let s = state(
        "",
        &[
            fighter("A", "a", -3, 0, "se", &[("shield", "\"round\"")]),
            fighter("B", "b", 0, 0, "nw", &[]),
        ],
    );
    let charge = Action::Charge {
        target: B,
        to: fray_core::grid::HexPos::new(-1, 0),
        kind: AttackKind::ShieldRush,
    };
    let l = fray_core::InputLog {
        loose: fray_core::StepInputs {
            actions: vec![fray_core::inputs::ScriptedAction {
                actor: "A".into(),
                action: charge,
            }],
            rolls: vec![
                fray_core::RollInput::Faces(vec![9, 1]),
                fray_core::RollInput::Total(95),
            ],
            answers: vec![Answer::Side(fray_core::SideId(0))],
        },
        steps: vec![],
    };
    let (_, ev) = run_steps(s, &l, 1);
    assert_eq!(
        modifier(roll(&ev, "strike"), "charging shield rush"),
        Some(20)
    );
}

#[test]
fn disarm_is_at_minus_20_does_1_to_en_and_drops_the_chosen_item() {
    // rule: DQ-16-020
    let s = duel(&[], &[("shield", "\"round\"")]);
    let l = log(
        vec![("A", attack_kind(B, AttackKind::Disarm))],
        &[20],
        vec![Answer::First(true), Answer::Item(None)],
    );
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(modifier(roll(&ev, "strike"), "disarm"), Some(-20));
    assert_eq!((s.fig(B).en, s.fig(B).ft), (15, 20));
    assert!(!s.fig(B).shield_ready);
    assert_eq!(s.fig(B).main, Some(0));
}

#[test]
fn restrain_pools_strength_and_agility_and_ends_when_someone_wounds_the_restrainer() {
    // rule: DQ-16-013, DQ-16-014, DQ-16-015
    let mut s = duel(&[("ps", "20")], &[]);
    for i in 0..2 {
        s.figures[i].status.close = true;
        s.figures[i].pos = fray_core::grid::HexPos::new(0, -1);
    }
    // Placed by hand: the occupancy index follows (debug builds check it).
    s.reindex();
    // 3 × ((20 + 16) - (16 + 15)) = 15, + modMD 15 + 0 - Defense 15 = 15.
    let l = log(
        vec![(
            "A",
            Action::Grapple {
                target: B,
                restrain: true,
            },
        )],
        &[15],
        vec![Answer::First(true)],
    );
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "strike").target, Some(15), "{}", narrate(&ev));
    assert_eq!(s.fig(B).status.restrained_by, Some(A));
    assert_eq!(s.fig(B).ft, 20);
}

#[test]
fn the_optional_damage_bonuses_use_one_system_per_weapon() {
    // rule: DQ-18-008, DQ-18-009, DQ-18-010
    use fray_dragonquest::model::options::DamageBonus;
    let s = duel(
        &[
            ("ps", "26"),
            ("weapons", "[{ id = \"broadsword\", rank = 8 }]"),
        ],
        &[],
    );
    let f = s.fig(A);
    let w = f.weapons[0].weapon;
    // PS 26 is 11 over 15: +2, each point +6% breakage. Rank 8: +2.
    assert_eq!(values::ps_bonus(f, w, false), 2);
    assert_eq!(values::ps_bonus(f, w, true), 0);
    assert_eq!(values::rank_bonus(Some(8)), 2);
    assert_eq!(
        values::damage_bonus(DamageBonus::Off, f, w, Some(8), false),
        (0, 0)
    );
    assert_eq!(
        values::damage_bonus(DamageBonus::Ps, f, w, Some(8), false),
        (2, 2)
    );
    assert_eq!(
        values::damage_bonus(DamageBonus::Rank, f, w, Some(8), false),
        (2, 0)
    );
    assert_eq!(values::mishap_avoid(f, 2), 45 - 12);
    // Played: the PS system adds +2 to the damage check.
    let s = state(
        "damage_bonus_system = \"ps\"",
        &[
            fighter("A", "a", 0, 0, "n", &[("ag", "16"), ("ps", "26")]),
            fighter("B", "b", 0, -1, "s", &[("en", "30")]),
        ],
    );
    let l = log(vec![("A", attack(B))], &[40, 1], vec![Answer::First(true)]);
    let (s, _) = run_steps(s, &l, 1);
    assert_eq!(s.fig(B).ft, 20 - 7);
}

#[test]
fn unarmed_combat_always_gets_one_attack() {
    // rule: DQ-21-001, DQ-21-003
    let s = duel(&[("weapons", "[]"), ("unarmed", "2"), ("ag", "18")], &[]);
    assert!(check(&s, A, &attack(B)).is_ok());
    // Ranked: + modMD + 4 × rank.
    let l = log(vec![("A", attack(B))], &[95], vec![Answer::First(true)]);
    let (_, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "strike").target, Some(37 + 15 + 8 - 15));
}

#[test]
fn two_weapons_strike_once_each_with_their_own_chance() {
    // rule: DQ-16-006
    let two = [
        (
            "weapons",
            "[{ id = \"broadsword\", rank = 2 }, { id = \"main_gauche\", rank = 1 }]",
        ),
        ("two_weapons", "true"),
    ];
    let s = duel(&two, &[]);
    let a = Action::TwoWeapons { targets: [B, B] };
    assert!(check(&s, A, &a).is_ok());
    assert_eq!(rule_of(check(&duel(&[], &[]), A, &a)), "DQ-16-006");
    let l = log(vec![("A", a)], &[95, 95], vec![Answer::First(true)]);
    let (_, ev) = run_steps(s, &l, 1);
    let targets: Vec<Option<i32>> = rolls(&ev)
        .iter()
        .filter(|r| r.label == "strike")
        .map(|r| r.target)
        .collect();
    // Broadsword 55 + 15 + 8 - 15; main gauche 45 + 15 + 4 - 15.
    assert_eq!(targets, [Some(63), Some(49)]);
}

#[test]
fn a_two_handed_class_b_weapon_at_rank_4_sweeps_the_melee_zone() {
    // rule: DQ-16-007
    let sword = ("weapons", "[{ id = \"two_handed_sword\", rank = 4 }]");
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &[sword, ("ps", "22"), ("ag", "16")]),
            fighter("B", "b", 0, -1, "s", &[]),
            fighter("C", "b", 1, -1, "sw", &[("ag", "14")]),
        ],
    );
    let sweep = Action::Sweep {
        targets: vec![B, C],
    };
    assert!(check(&s, A, &sweep).is_ok());
    assert_eq!(
        rule_of(check(
            &s,
            A,
            &Action::Sweep {
                targets: vec![B, B]
            }
        )),
        "DQ-16-007"
    );
    let low = state(
        "",
        &[
            fighter(
                "A",
                "a",
                0,
                0,
                "n",
                &[("weapons", "[{ id = \"two_handed_sword\", rank = 3 }]")],
            ),
            fighter("B", "b", 0, -1, "s", &[]),
            fighter("C", "b", 1, -1, "sw", &[]),
        ],
    );
    assert_eq!(rule_of(check(&low, A, &sweep)), "DQ-16-007");
    let l = log(vec![("A", sweep)], &[95, 95], vec![Answer::First(true)]);
    let (_, ev) = run_some(s, &l, 1);
    assert_eq!(rolls(&ev).iter().filter(|r| r.label == "strike").count(), 2);
}
