//! Attack options (Deceptive, Telegraphic, Rapid Strike, Dual-Weapon,
//! chinks, kicks), extra effort paid in FP, Move and Attack, and what low
//! FP does, played with scripted dice.
//!
//! Fighters (see `common`): A is ST 12 DX 12 HT 12, Broadsword-14
//! (sw+1 = 1d+3 cut, Parry 10, Dodge 9, Speed 6); B is DX 11, Broadsword-13
//! (Parry 9, Dodge 8, Speed 5.75), so A always acts first. A stands at
//! (0,0) facing north, B at (0,-1) facing south.

use crate::common::*;
use fray_core::grid::HexPos;
use fray_gurps::model::action::{Action, AllOutVariant, Answer, Charge, Extra, Step, Strike};
use fray_gurps::model::state::{DefenseKind, Life, Posture, Stance, State};
use fray_gurps::rules::attack::{How, rapid_strike_penalty, to_hit};
use fray_gurps::rules::defense::{Incoming, options};
use fray_gurps::setup::setup;

fn a() -> String {
    swordsman(12, 14)
}
fn b() -> String {
    swordsman(11, 13)
}

fn attack_with(strike: Strike) -> Action {
    Action::Attack {
        strike,
        step: None,
        extra: None,
        giant_step: None,
    }
}

fn rapid(strike: Strike, second: Strike, flurry: bool) -> Action {
    Action::Attack {
        strike,
        step: None,
        extra: Some(Extra::Rapid {
            strike: second,
            flurry,
        }),
        giant_step: None,
    }
}

fn defend_with(kind: DefenseKind, feverish: bool, acrobatic: bool) -> Answer {
    Answer::Defend {
        kind,
        weapon: (kind == DefenseKind::Parry).then_some(0),
        retreat: false,
        feverish,
        acrobatic,
        dive: None,
    }
}

// rule: G-ATK-001
#[test]
fn deceptive_attack_trades_two_to_hit_for_one_off_the_defense() {
    let deceptive = Strike {
        deceptive: 1,
        ..strike(B)
    };
    let l = log(
        vec![("A", attack_with(deceptive))],
        &[10, 8],
        vec![defend(DefenseKind::Parry, false)],
    );
    let (_, ev) = run_steps(duel(&a(), &b()), &l, 1);
    let hit = roll(&ev, "attack");
    assert_eq!(hit.target, Some(12));
    assert_eq!(modifier(hit, "Deceptive Attack"), Some(-2));
    let parry = roll(&ev, "parry");
    assert_eq!(parry.target, Some(8));
    assert_eq!(modifier(parry, "Deceptive Attack"), Some(-1));
    assert_eq!(parry.verdict, "success");
}

// rule: G-DICE-004, G-ATK-001
#[test]
fn deceptive_attack_cannot_bring_skill_below_ten() {
    let s = duel(&a(), &b());
    let two = Strike {
        deceptive: 2,
        ..strike(B)
    };
    assert!(fray_gurps::rules::maneuver::check(&s, A, &attack_with(two)).is_ok());
    let three = Strike {
        deceptive: 3,
        ..strike(B)
    };
    let err = fray_gurps::rules::maneuver::check(&s, A, &attack_with(three)).unwrap_err();
    assert!(err.reason.contains("below 10"), "{err}");
    assert_eq!(err.rule, "G-ATK-001", "{err}");
}

// rule: G-ATK-003, G-DICE-005
#[test]
fn telegraphic_attack_adds_four_to_hit_two_to_defend_and_no_criticals() {
    let tele = Strike {
        telegraphic: true,
        ..strike(B)
    };
    // 6 at effective 18 would be a critical hit; judged at 14 it is not, so B defends.
    let l = log(
        vec![("A", attack_with(tele))],
        &[6, 12, 4],
        vec![defend(DefenseKind::Parry, false)],
    );
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 1);
    let hit = roll(&ev, "attack");
    assert_eq!((hit.target, hit.verdict), (Some(18), "success"));
    let parry = roll(&ev, "parry");
    assert_eq!(parry.target, Some(11));
    assert_eq!(modifier(parry, "Telegraphic Attack"), Some(2));
    // Parry failed: 1 + 3 = 4 cut, x1.5 = 6 injury.
    assert_eq!(s.fighter(B).hp, 6);
}

// rule: G-EFF-002
#[test]
fn mighty_blow_adds_two_damage_for_one_fp_with_attack_only() {
    let mighty = Strike {
        mighty_blow: true,
        ..strike(B)
    };
    // Hit, no defense, damage 4 (1d+3) + 2 = 6 cut: 9 injury, a major wound; knockdown roll 10 holds.
    let l = log(
        vec![("A", attack_with(mighty))],
        &[10, 4, 10],
        vec![Answer::NoDefense],
    );
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 1);
    assert_eq!(damage(&ev)[0].2, 6);
    assert_eq!(s.fighter(A).fp, 11);
    assert_eq!(s.fighter(B).hp, 3);
    let aoa = Action::AllOutAttack {
        variant: AllOutVariant::Strong,
        strike: mighty,
        advance: 0,
    };
    let err = fray_gurps::rules::maneuver::check(&duel(&a(), &b()), A, &aoa).unwrap_err();
    assert_eq!(err.rule, "G-EFF-002", "{err}");
}

// rule: G-ATK-006, G-ATK-007, G-EFF-006
#[test]
fn rapid_strike_makes_two_attacks_at_minus_six_and_flurry_halves_it_for_fp() {
    assert_eq!(rapid_strike_penalty(false, false), -6);
    assert_eq!(rapid_strike_penalty(true, false), -3);
    assert_eq!(rapid_strike_penalty(false, true), -3);
    // -3 halved rounds toward the larger penalty: -2.
    assert_eq!(rapid_strike_penalty(true, true), -2);
    // Two hits at 14 - 6 = 8, no defense, 1 + 3 = 4 cut each: 6 injury each.
    let l = log(
        vec![("A", rapid(strike(B), strike(B), false))],
        &[8, 4, 8, 4],
        vec![Answer::NoDefense, Answer::NoDefense],
    );
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 1);
    let attacks = rolls_labelled(&ev, "attack");
    assert_eq!(attacks.len(), 2);
    assert!(attacks.iter().all(|r| r.target == Some(8)));
    assert_eq!(modifier(attacks[0], "Rapid Strike"), Some(-6));
    assert_eq!(s.fighter(B).hp, 0);
    // Flurry of Blows: -3 each, 1 FP per strike.
    let l = log(
        vec![("A", rapid(strike(B), strike(B), true))],
        &[16, 16],
        vec![],
    );
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 1);
    assert!(
        rolls_labelled(&ev, "attack")
            .iter()
            .all(|r| r.target == Some(11))
    );
    assert_eq!(s.fighter(A).fp, 10);
    // Rapid Strike and Dual-Weapon Attack cannot both be declared: the
    // maneuver has room for one second strike only.
    let one: Result<Extra, _> = toml::from_str("rapid = { strike = { target = 1 } }");
    assert!(one.is_ok());
    let both: Result<Extra, _> =
        toml::from_str("rapid = { strike = { target = 1 } }\ndual = { strike = { target = 1 } }");
    assert!(both.is_err());
}

/// A swordsman with a main-gauche-like second blade (the Axe of the test armory).
fn two_weapons(extra: &str) -> String {
    sheet(
        12,
        12,
        10,
        12,
        &format!(
            "skills = {{ Broadsword = 14, \"Axe/Mace\" = 14 }}\nweapons = [\"Broadsword\", \"Axe\"]\n{extra}"
        ),
    )
}

fn dual(main: Strike, off: Strike) -> Action {
    Action::Attack {
        strike: main,
        step: None,
        extra: Some(Extra::Dual { strike: off }),
        giant_step: None,
    }
}

// rule: G-ATK-004, G-ATK-005
#[test]
fn dual_weapon_attack_minus_four_and_minus_eight_off_hand_foe_defends_at_minus_one() {
    let axe = Strike {
        weapon: 1,
        ..strike(B)
    };
    let s = duel(&two_weapons(""), &b());
    let how_off = How {
        multi: Some(fray_gurps::rules::attack::Multi::DualOff { same_target: true }),
        ..How::ATTACK
    };
    let off: fray_core::ModList = to_hit(&s, A, &axe, how_off);
    assert_eq!(off.total(), 6);
    // Ambidexterity removes the off-hand -4.
    let s2 = duel(&two_weapons("traits = [\"ambidexterity\"]"), &b());
    let off: fray_core::ModList = to_hit(&s2, A, &axe, how_off);
    assert_eq!(off.total(), 10);
    // Both at B: 10 misses, then the axe at 6 hits; B parries at 9 - 1.
    let l = log(
        vec![("A", dual(strike(B), axe))],
        &[11, 6, 8],
        vec![defend(DefenseKind::Parry, false)],
    );
    let (_, ev) = run_steps(s, &l, 1);
    let attacks = rolls_labelled(&ev, "attack");
    assert_eq!((attacks[0].target, attacks[1].target), (Some(10), Some(6)));
    let parry = roll(&ev, "parry");
    assert_eq!(parry.target, Some(8));
    assert_eq!(modifier(parry, "Dual-Weapon Attack"), Some(-1));
    // The same weapon twice is a Rapid Strike, not a Dual-Weapon Attack.
    let err = fray_gurps::rules::maneuver::check(
        &duel(&two_weapons(""), &b()),
        A,
        &dual(strike(B), strike(B)),
    )
    .unwrap_err();
    assert_eq!(err.rule, "G-ATK-004", "{err}");
}

// rule: G-ATK-005
#[test]
fn dual_weapon_attack_on_two_foes_needs_them_side_by_side() {
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &two_weapons("")),
            fighter("B", "b", 0, -1, "s", &b()),
            fighter("C", "b", 1, -1, "s", &b()),
        ],
    );
    let axe_c = Strike {
        weapon: 1,
        ..strike(C)
    };
    assert!(fray_gurps::rules::maneuver::check(&s, A, &dual(strike(B), axe_c)).is_ok());
    let apart = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &two_weapons("")),
            fighter("B", "b", -1, 0, "s", &b()),
            fighter("C", "b", 1, -1, "s", &b()),
        ],
    );
    let err = fray_gurps::rules::maneuver::check(&apart, A, &dual(strike(B), axe_c)).unwrap_err();
    assert!(err.reason.contains("next to each other"), "{err}");
    let free = state(
        "dual_targets_adjacent = false",
        &[
            fighter("A", "a", 0, 0, "n", &two_weapons("")),
            fighter("B", "b", -1, 0, "s", &b()),
            fighter("C", "b", 1, -1, "s", &b()),
        ],
    );
    assert!(fray_gurps::rules::maneuver::check(&free, A, &dual(strike(B), axe_c)).is_ok());
}

// rule: G-EFF-001
#[test]
fn rapid_recovery_readies_the_weapon_for_one_fp() {
    let mut s = duel(&a(), &b());
    s.fighters[0].weapons[0].set_ready(false);
    assert!(fray_gurps::rules::maneuver::check(&s, A, &attack(B)).is_err());
    let rr = Strike {
        rapid_recovery: true,
        ..strike(B)
    };
    let l = log(vec![("A", attack_with(rr))], &[16], vec![]);
    let (after, _) = run_steps(s, &l, 1);
    assert!(after.fighter(A).weapons[0].ready());
    assert_eq!(after.fighter(A).fp, 11);
    // Not for a ready weapon.
    assert!(fray_gurps::rules::maneuver::check(&duel(&a(), &b()), A, &attack_with(rr)).is_err());
}

// rule: G-EFF-004, G-TAC-003, G-MATK-001
#[test]
fn giant_step_adds_a_second_step_for_one_fp_and_steps_may_come_after() {
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 1, "n", &a()),
            fighter("B", "b", 0, -2, "s", &b()),
        ],
    );
    let step = |q, r, after| Step {
        to: Some(HexPos::new(q, r)),
        face: None,
        after,
        posture: None,
    };
    // Two hexes away after one step: only the Giant Step brings A in reach.
    let one = Action::Attack {
        strike: strike(B),
        step: Some(step(0, 0, false)),
        extra: None,
        giant_step: None,
    };
    assert!(fray_gurps::rules::maneuver::check(&s, A, &one).is_err());
    let two = Action::Attack {
        strike: strike(B),
        step: Some(step(0, 0, false)),
        extra: None,
        giant_step: Some(step(0, -1, false)),
    };
    let l = log(vec![("A", two)], &[16], vec![]);
    let (after, _) = run_steps(s.clone(), &l, 1);
    assert_eq!(after.fighter(A).pose.pos, HexPos::new(0, -1));
    assert_eq!(after.fighter(A).fp, 11);
    // A step after the attack: strike from here, then step back.
    let close = duel(&a(), &b());
    let hit_and_back = Action::Attack {
        strike: strike(B),
        step: Some(step(0, 1, true)),
        extra: None,
        giant_step: None,
    };
    let l = log(vec![("A", hit_and_back)], &[16], vec![]);
    let (after, ev) = run_steps(close, &l, 1);
    assert_eq!(after.fighter(A).pose.pos, HexPos::new(0, 1));
    let attack_at = ev
        .iter()
        .position(|e| matches!(e, fray_gurps::model::event::Event::Roll { .. }))
        .unwrap();
    let step_at = ev
        .iter()
        .position(|e| matches!(e, fray_gurps::model::event::Event::Moved(_)))
        .unwrap();
    assert!(attack_at < step_at);
}

// rule: G-EFF-005
#[test]
fn feverish_defense_adds_two_for_one_fp() {
    let l = log(
        vec![("A", attack(B))],
        &[10, 11],
        vec![defend_with(DefenseKind::Parry, true, false)],
    );
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 1);
    let parry = roll(&ev, "parry");
    assert_eq!((parry.target, parry.verdict), (Some(11), "success"));
    assert_eq!(modifier(parry, "Feverish Defense"), Some(2));
    assert_eq!(s.fighter(B).fp, 11);
}

// rule: G-DEF-011, G-DICE-002
#[test]
fn acrobatic_dodge_rolls_acrobatics_first_plus_or_minus_two() {
    // B has no Acrobatics: DX-6 = 5. A roll of 5 succeeds: Dodge 8 + 2 = 10.
    let l = log(
        vec![("A", attack(B))],
        &[10, 5, 10],
        vec![defend_with(DefenseKind::Dodge, false, true)],
    );
    let (_, ev) = run_steps(duel(&a(), &b()), &l, 1);
    assert_eq!(roll(&ev, "acrobatic dodge").target, Some(5));
    let dodge = roll(&ev, "dodge");
    assert_eq!((dodge.target, dodge.verdict), (Some(10), "success"));
    // With Acrobatics 14 and a failed roll: -2.
    let nimble = format!("{}\n", b()).replace(
        "skills = { Broadsword = 13 }",
        "skills = { Broadsword = 13, Acrobatics = 14 }",
    );
    let l = log(
        vec![("A", attack(B))],
        &[10, 15, 6],
        vec![defend_with(DefenseKind::Dodge, false, true)],
    );
    let (_, ev) = run_steps(duel(&a(), &nimble), &l, 1);
    assert_eq!(roll(&ev, "acrobatic dodge").target, Some(14));
    assert_eq!(roll(&ev, "dodge").target, Some(6));
}

// rule: G-FAT-002, G-FAT-003, G-FAT-004
#[test]
fn low_fp_calls_for_will_costs_hp_below_zero_and_knocks_out_at_minus_fp() {
    let mut s = duel(&a(), &b());
    s.fighters[0].fp = 0;
    // At 0 FP A rolls Will (10) before attacking; 11 fails: A collapses.
    let l = log(vec![("A", attack(B))], &[11], vec![]);
    let (after, ev) = run_steps(s.clone(), &l, 1);
    assert_eq!(roll(&ev, "stay on your feet at 0 FP").target, Some(10));
    assert_eq!(after.fighter(A).life, Life::Unconscious);
    // Mighty Blow at 1 FP leaves 0 FP: no HP lost yet. At 0 FP no more extra effort.
    s.fighters[0].fp = 1;
    let mighty = Strike {
        mighty_blow: true,
        ..strike(B)
    };
    let l = log(vec![("A", attack_with(mighty))], &[16], vec![]);
    let (after, _) = run_steps(s.clone(), &l, 1);
    assert_eq!((after.fighter(A).fp, after.fighter(A).hp), (0, 12));
    // A critical failure on a roll with extra effort strains the arm: 1 HP
    // (and the Critical Miss Table's 13 leaves A off balance).
    let l = log(vec![("A", attack_with(mighty))], &[18, 13], vec![]);
    let (strained, ev) = run_steps(s.clone(), &l, 1);
    assert_eq!(strained.fighter(A).hp, 11);
    assert!(conditions(&ev).iter().any(|c| c.2 == "G-EFF-006"));
    assert!(fray_gurps::rules::maneuver::check(&after, A, &attack_with(mighty)).is_err());
    // Fatigue lost below 0 costs HP as well, and -1xFP (FP 12) knocks out.
    let mut st: State = duel(&a(), &b());
    st.fighters[1].fp = -10;
    let mut sink = fray_core::VecSink::default();
    let script = log(vec![], &[], vec![]);
    let mut oracle = fray_core::InputOracle::strict(&script);
    let mut cx = fray_core::Ctx::<fray_gurps::Gurps, _, _>::new(&mut oracle, &mut sink);
    fray_gurps::resolve::effort::lose_fp(&mut st, B, 2, &mut cx).unwrap();
    assert_eq!((st.fighter(B).fp, st.fighter(B).hp), (-12, 10));
    assert_eq!(st.fighter(B).life, Life::Unconscious);
}

// rule: G-MAA-001, G-MAA-002, G-EFF-003
#[test]
fn move_and_attack_at_minus_four_capped_at_nine_unless_heroic() {
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 1, "n", &a()),
            fighter("B", "b", 0, -3, "s", &b()),
        ],
    );
    let charge = |heroic, at| {
        Action::MoveAndAttack(Charge {
            to: HexPos::new(0, -1),
            face: None,
            path: vec![HexPos::new(0, 0), HexPos::new(0, -1)],
            strike: strike(B),
            at,
            heroic,
        })
    };
    // The route ends at (0,-1), two hexes from B at (0,-3): out of reach.
    let err = fray_gurps::rules::maneuver::check(&s, A, &charge(false, None)).unwrap_err();
    assert!(err.reason.contains("yards away"), "{err}");
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 1, "n", &a()),
            fighter("B", "b", 0, -2, "s", &b()),
        ],
    );
    // 14 - 4 = 10, capped at 9.
    let l = log(vec![("A", charge(false, None))], &[16], vec![]);
    let (after, ev) = run_steps(s.clone(), &l, 1);
    let hit = roll(&ev, "attack");
    assert_eq!(hit.target, Some(9));
    assert_eq!(modifier(hit, "Move and Attack"), Some(-4));
    assert_eq!(modifier(hit, "Move and Attack: at most 9"), Some(-1));
    assert_eq!(after.fighter(A).pose.pos, HexPos::new(0, -1));
    assert_eq!(after.fighter(A).stance, Stance::MoveAndAttack);
    // Heroic Charge: full skill, 1 FP.
    let l = log(vec![("A", charge(true, None))], &[16], vec![]);
    let (after, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "attack").target, Some(14));
    assert_eq!(after.fighter(A).fp, 11);
}

// rule: G-MAA-001, G-MAA-006, G-DEF-010
#[test]
fn move_and_attack_strikes_anywhere_along_the_route_then_dodge_or_block_only() {
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 2, "n", &a()),
            fighter("B", "b", 0, 0, "s", &b()),
        ],
    );
    // Strike after one hex (from (0,1)), then carry on to (1,0) beside B.
    let pass = Action::MoveAndAttack(Charge {
        to: HexPos::new(1, 0),
        face: None,
        path: vec![HexPos::new(0, 1), HexPos::new(1, 0)],
        strike: strike(B),
        at: Some(1),
        heroic: false,
    });
    let l = log(vec![("A", pass)], &[16], vec![]);
    let (after, _) = run_steps(s, &l, 1);
    assert_eq!(after.fighter(A).pose.pos, HexPos::new(1, 0));
    // Until its next turn A may not parry or retreat.
    let inc = Incoming::melee(&after, B, A);
    let o = options(&after, &inc, None);
    assert!(o.iter().all(|o| o.kind != DefenseKind::Parry));
    assert!(o.iter().all(|o| o.with_retreat.is_none()));
}

// rule: G-MAA-007
#[test]
fn no_deceptive_or_telegraphic_move_and_attack() {
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 1, "n", &a()),
            fighter("B", "b", 0, -2, "s", &b()),
        ],
    );
    for strike in [
        Strike {
            deceptive: 1,
            ..strike(B)
        },
        Strike {
            telegraphic: true,
            ..strike(B)
        },
    ] {
        let charge = Action::MoveAndAttack(Charge {
            to: HexPos::new(0, -1),
            face: None,
            path: Vec::new(),
            strike,
            at: None,
            heroic: false,
        });
        let err = fray_gurps::rules::maneuver::check(&s, A, &charge).unwrap_err();
        assert_eq!(err.rule, "G-MAA-007", "{err}");
    }
}

fn with_unarmed(a: &str, b: &str) -> State {
    let sc = scenario(
        "",
        &[
            fighter("A", "a", 0, 0, "n", a),
            fighter("B", "b", 0, -1, "s", b),
        ],
    );
    setup(&sc, &armory_unarmed()).unwrap()
}

// rule: G-EXT-023, G-DICE-002
#[test]
fn every_humanoid_punches_and_kicks_at_the_best_unarmed_skill() {
    let boxer = sheet(12, 12, 10, 12, "skills = { Boxing = 15 }");
    let s = with_unarmed(&boxer, &b());
    let names: Vec<&str> = s.fighters[0]
        .weapons
        .iter()
        .map(|w| &*w.weapon.name)
        .collect();
    assert_eq!(names, ["Punch", "Kick"]);
    assert_eq!(*s.fighters[0].weapons[0].skill, [15]);
    // B lists a broadsword first: its punch and kick follow it.
    assert_eq!(s.fighters[1].weapons[1].weapon.name, "Punch");
    assert_eq!(*s.fighters[1].weapons[1].skill, [11]);
    // Quadrupeds do not punch.
    let wolf = sheet(10, 12, 4, 12, "traits = [\"quadruped\"]");
    assert!(with_unarmed(&wolf, &b()).fighters[0].weapons.is_empty());
}

// rule: G-EXT-023
#[test]
fn bare_hands_parry_a_swung_weapon_at_minus_three_but_not_a_thrust() {
    let s = with_unarmed(&a(), &sheet(12, 12, 10, 12, "skills = { Brawling = 14 }"));
    let swing = Incoming::melee(&s, A, B);
    let punch_parry = |inc: &Incoming| {
        options(&s, inc, None)
            .into_iter()
            .find(|o| o.kind == DefenseKind::Parry)
            .unwrap()
            .value
    };
    // Brawling 14: 14/2 + 3 = 10, -3 against the broadsword's swing.
    assert_eq!(punch_parry(&swing), 7);
    let thrust = Incoming {
        swung_weapon: false,
        ..swing
    };
    assert_eq!(punch_parry(&thrust), 10);
    let judoka = with_unarmed(
        &a(),
        &sheet(12, 12, 10, 12, "skills = { Brawling = 14, Judo = 12 }"),
    );
    let opts = options(&judoka, &Incoming::melee(&judoka, A, B), None);
    assert!(
        opts.iter()
            .any(|o| o.kind == DefenseKind::Parry && o.value == 10)
    );
}

// rule: G-ATK-019
#[test]
fn a_kick_is_at_minus_two_and_a_miss_may_drop_the_kicker() {
    let s = with_unarmed(&a(), &b());
    // A: Broadsword, Punch, Kick: the kick is weapon 2; DX 12 - 2 = 10.
    let kick = Strike {
        weapon: 2,
        ..strike(B)
    };
    let l = log(vec![("A", attack_with(kick))], &[11, 13], vec![]);
    let (after, ev) = run_steps(s, &l, 1);
    let hit = roll(&ev, "attack");
    assert_eq!(hit.target, Some(10));
    assert_eq!(modifier(hit, "kick"), Some(-2));
    assert_eq!(
        roll(&ev, "keep footing after a missed kick").target,
        Some(12)
    );
    assert_eq!(after.fighter(A).posture, Posture::Lying);
}

// rule: G-ATK-023
#[test]
fn chinks_in_armor_cost_eight_on_the_torso_and_halve_worn_dr() {
    let spearman = sheet(
        12,
        12,
        10,
        12,
        "skills = { Spear = 16 }\nweapons = [\"Spear\"]",
    );
    let mailed = format!("{}\narmor = [\"Mail\"]\nnatural_dr = 1", b());
    let chink = Strike {
        chinks: true,
        ..strike(B)
    };
    // 16 - 8 = 8; hit; no defense; thr+2 = 1d+1 imp: total 5.
    // DR: mail 4 halved to 2, natural 1 in full: 3; 2 through x2 = 4.
    let l = log(
        vec![("A", attack_with(chink))],
        &[8, 5],
        vec![Answer::NoDefense],
    );
    let (after, ev) = run_steps(duel(&spearman, &mailed), &l, 1);
    let hit = roll(&ev, "attack");
    assert_eq!(hit.target, Some(8));
    assert_eq!(modifier(hit, "aim at armor chinks"), Some(-8));
    assert_eq!(damage(&ev)[0].3, 3);
    assert_eq!(after.fighter(B).hp, 12 - 4);
    // Only impaling and piercing: a broadsword cannot.
    let err = fray_gurps::rules::maneuver::check(&duel(&a(), &mailed), A, &attack_with(chink))
        .unwrap_err();
    assert_eq!(err.rule, "G-ATK-023", "{err}");
}
