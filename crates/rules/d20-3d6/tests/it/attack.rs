//! Attack rolls, golden dice and attack modifiers (X-ATK, X-MUL, X-SIT,
//! X-RNG-001..005, X-QCK-001/002).

use crate::common::*;
use fray_core::{ModList, Mods, Total};
use fray_d20_3d6::model::action::{Action, Strike};
use fray_d20_3d6::model::state::{Condition, Light, State};
use fray_d20_3d6::rules::attack::{Mode, Swing, bonus};

fn swing(
    s: &State,
    attacker: fray_core::CombatantId,
    target: fray_core::CombatantId,
    weapon: u8,
    mode: Mode,
) -> (i32, i32) {
    let mut m = Total::default();
    let mut d = Total::default();
    bonus(
        s,
        &Swing {
            attacker,
            mode,
            strike: Strike::new(target, weapon),
        },
        &mut m,
        &mut d,
    );
    (m.total(), d.total())
}

fn attack(target: fray_core::CombatantId, weapon: u8) -> Action {
    Action::Attack(Strike::new(target, weapon))
}

#[test]
fn melee_total_meets_defense_rule_x_atk_001_004() {
    // rule: X-ATK-001, X-ATK-004, X-DEF-001, X-MAN-001, X-FLW-001
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    // 3 + 3 + 2 = 8, + BAB 5 + STR 3 + List 1 + Skill 1 = 18 vs Defense 18: a hit.
    let ev = act(&mut s, A, attack(B, 0), vec![f(&[3, 3, 2]), t(4)], vec![]).unwrap();
    let r = rolls(&ev, "attack")[0];
    assert_eq!((r.dice_total, r.total, r.target), (Some(8), 18, Some(18)));
    assert_eq!(r.verdict, "hit");
    // X-DMG-001: 4 + STR 3 + List 1 + Skill 1.
    assert_eq!(damage(&ev), vec![9]);
    assert_eq!(s.fighter(B).hp, 33);
    // One less: a miss, no damage.
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    let ev = act(&mut s, A, attack(B, 0), vec![f(&[3, 3, 1])], vec![]).unwrap();
    assert_eq!(verdicts(&ev, "attack"), vec!["miss"]);
    assert!(damage(&ev).is_empty());
}

#[test]
fn six_explodes_and_one_counts_zero_rule_x_atk_005_006() {
    // rule: X-ATK-005, X-ATK-006
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    // 6 (explodes: a 5 is added), 1 reads 0, 2: 6 + 5 + 0 + 2 = 13.
    let ev = act(
        &mut s,
        A,
        attack(B, 0),
        vec![f(&[6, 1, 2, 5]), t(1)],
        vec![],
    )
    .unwrap();
    assert_eq!(rolls(&ev, "attack")[0].dice_total, Some(13));
}

#[test]
fn three_ones_miss_and_three_sixes_hit_rule_x_atk_008_009() {
    // rule: X-ATK-008, X-ATK-009, X-DMG-002
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    s.fighter_mut(B).cond.set(Condition::Paralyzed, true); // helpless: +1d6, Defense 14
    let ev = act(
        &mut s,
        A,
        attack(B, 0),
        vec![f(&[1, 1, 1, 6, 6, 6, 6, 5])],
        vec![],
    )
    .unwrap();
    // 0 + 6+6+6+6+5 = 29 + 10 = 39 vs 14, but three base 1s miss.
    assert_eq!(verdicts(&ev, "attack"), vec!["automatic miss"]);
    assert_eq!(s.fighter(A).record.fumbles, 1);
    // Three 6s hit below Defense: 18 + 0 (third attack, -10) vs 18 + 4 (Total Defense).
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    s.turn.attacks = 2;
    s.fighter_mut(B).total_defense = true;
    let ev = act(
        &mut s,
        A,
        attack(B, 0),
        vec![f(&[6, 6, 6, 1, 1, 1]), t(2)],
        vec![],
    )
    .unwrap();
    assert_eq!(verdicts(&ev, "attack"), vec!["automatic hit"]);
    assert_eq!(damage(&ev), vec![7]);
}

#[test]
fn trust_to_luck_trades_four_for_a_die_rule_x_atk_007() {
    // rule: X-ATK-007, X-ATK-010
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    let strike = Strike {
        trust_to_luck: true,
        ..Strike::new(B, 0)
    };
    // Base 3 + 3 + 3 and the luck die 4: 13, + 10 - 4 = 19.
    let ev = act(
        &mut s,
        A,
        Action::Attack(strike),
        vec![f(&[3, 3, 3, 4]), t(1)],
        vec![],
    )
    .unwrap();
    let r = rolls(&ev, "attack")[0];
    assert_eq!((r.dice_total, r.total), (Some(13), 19));
    assert!(
        r.bonuses
            .iter()
            .any(|m| m.rule == "X-ATK-007" && m.value == -4)
    );
}

#[test]
fn dice_modifiers_are_netted_rule_x_atk_010() {
    // rule: X-ATK-010, X-SIT-006, X-CON-004, X-SIT-012
    let mut s = duel(&["sword"], 1);
    s.fighter_mut(B).cond.set(Condition::Paralyzed, true);
    assert_eq!(swing(&s, A, B, 0, Mode::Single).1, 1);
    s.fighter_mut(A).cond.set(Condition::Frightened, true);
    assert_eq!(swing(&s, A, B, 0, Mode::Single).1, 0);
}

#[test]
fn the_multiple_attack_progression_rule_x_mul_001() {
    // rule: X-MUL-001, X-MAN-002, X-MAN-003
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    for (n, want) in [(0, 10), (1, 5), (2, 0), (3, -5)] {
        s.turn.attacks = n;
        assert_eq!(swing(&s, A, B, 0, Mode::Single).0, want);
    }
    // Reactions are not counted.
    s.turn.attacks = 2;
    assert_eq!(swing(&s, A, B, 0, Mode::Opportunity).0, 10);
    // Three Single attacks spend the three actions: +0, -5, -10.
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    for want in [10, 5, 0] {
        let ev = act(&mut s, A, attack(B, 0), vec![f(&[2, 2, 2])], vec![]).unwrap();
        assert_eq!(rolls(&ev, "attack")[0].total, 6 + want);
    }
    assert_eq!(s.turn.actions, 0);
    assert_eq!(refused(&s, A, &attack(B, 0)), Some("X-ACT-001"));
}

#[test]
fn two_weapons_rule_x_mul_002_003_004() {
    // rule: X-MUL-002, X-MUL-003, X-MUL-004
    let mut s = state(
        "",
        &[
            entry("A", "a", 5, 5, &fighter(&["sword", "axe"], "")),
            entry("B", "b", 6, 5, &fighter(&["sword"], "")),
        ],
    );
    s.fighter_mut(A).off = Some(1);
    turn_of(&mut s, A);
    // The off hand: STR 3 halved to 1, a heavy (not light) weapon -3, and
    // it counts as the second attack (-5) after the main-hand one.
    s.turn.attacks = 1;
    assert_eq!(swing(&s, A, B, 1, Mode::Offhand).0, 5 + 1 - 5 - 3);
    let ev = act(
        &mut s,
        A,
        Action::OffhandAttack(Strike::new(B, 1)),
        vec![f(&[6, 5, 5, 4]), t(2)],
        vec![],
    )
    .unwrap();
    // Damage: 2 + halved STR 1.
    assert_eq!(damage(&ev), vec![3]);
    // A light off-hand weapon has no -3.
    let s = state(
        "",
        &[
            entry("A", "a", 5, 5, &fighter(&["sword", "kris"], "")),
            entry("B", "b", 6, 5, &fighter(&["sword"], "")),
        ],
    );
    let mut s = s;
    s.fighter_mut(A).off = Some(1);
    assert_eq!(swing(&s, A, B, 1, Mode::Offhand).0, 5 + 1);
}

#[test]
fn the_low_level_option_rule_x_mul_006() {
    // rule: X-MUL-006
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    let low = Action::Attack(Strike {
        low_level: true,
        ..Strike::new(B, 0)
    });
    // BAB 5 is below 6: -4 on both attacks.
    let ev = act(&mut s, A, low.clone(), vec![f(&[2, 2, 2])], vec![]).unwrap();
    assert_eq!(rolls(&ev, "attack")[0].total, 6 + 10 - 4);
    let ev = act(&mut s, A, attack(B, 0), vec![f(&[2, 2, 2])], vec![]).unwrap();
    assert_eq!(rolls(&ev, "attack")[0].total, 6 + 10 - 4);
    // And only two.
    assert_eq!(refused(&s, A, &attack(B, 0)), Some("X-MUL-006"));
}

#[test]
fn versatile_and_ranged_use_dex_rule_x_qck_002_x_atk_002() {
    // rule: X-QCK-002, X-ATK-002, X-ATK-003
    let s = duel(&["dagger"], 1);
    // dagger: BAB 5 + STR 3 + List 1 + Skill 1.
    assert_eq!(swing(&s, A, B, 0, Mode::Single).0, 10);
    let mut m = Total::default();
    let mut d = Total::default();
    let strike = Strike {
        dex: true,
        ..Strike::new(B, 0)
    };
    bonus(
        &s,
        &Swing {
            attacker: A,
            mode: Mode::Single,
            strike,
        },
        &mut m,
        &mut d,
    );
    assert_eq!(m.total(), 5 + 1 + 2);
    // Thrown beyond reach: a ranged attack with DEX.
    let s = duel(&["dagger"], 2);
    let mut list = ModList::new();
    let mut d = ModList::new();
    bonus(
        &s,
        &Swing {
            attacker: A,
            mode: Mode::Single,
            strike: Strike::new(B, 0),
        },
        &mut list,
        &mut d,
    );
    assert!(
        list.iter()
            .any(|m| m.label == "DEX" && m.rule == "X-ATK-002")
    );
}

#[test]
fn situational_attacker_modifiers_rule_x_sit() {
    // rule: X-SIT-001, X-SIT-002, X-SIT-003, X-SIT-004, X-SIT-008, X-SIT-009, X-SIT-010
    // rule: X-SIT-011, X-SIT-013, X-SIT-014, X-SIT-015, X-SIT-016, X-CON-012, X-CON-002
    // rule: X-MOV-005, X-CON-009, X-QCK-001, X-SIT-005, X-SIT-007
    let base = |s: &State| swing(s, A, B, 0, Mode::Single);
    let s0 = duel(&["sword"], 1);
    assert_eq!(base(&s0), (10, 0));
    // Flanking: an ally on the far side of B.
    let mut s = state(
        "",
        &[
            entry("A", "a", 5, 5, &fighter(&["sword"], "")),
            entry("B", "b", 6, 5, &fighter(&["sword"], "")),
            entry("C", "a", 7, 5, &fighter(&["sword"], "")),
        ],
    );
    assert_eq!(base(&s).0, 12);
    // From behind: B faces C.
    s.fighter_mut(B).facing = (1, 0);
    assert_eq!(base(&s).0, 14);
    let mut s = s0.clone();
    s.fighter_mut(A).cond.set(Condition::Prone, true);
    assert_eq!(base(&s).0, 6);
    let mut s = s0.clone();
    s.fighter_mut(A).fatigue = 3;
    assert_eq!(base(&s).0, 6);
    let mut s = s0.clone();
    s.fighter_mut(A).cond.set(Condition::Entangled, true);
    assert_eq!(base(&s).0, 8);
    let mut s = s0.clone();
    s.light = Light::Dim;
    assert_eq!(base(&s).0, 9);
    s.light = Light::Dark;
    assert_eq!(base(&s), (10, -1));
    s.fighter_mut(A).cond.set(Condition::Blinded, true);
    assert_eq!(base(&s), (10, 0));
    let mut s = s0.clone();
    s.fighter_mut(A).cond.set(Condition::Invisible, true);
    assert_eq!(base(&s).1, 1);
    let mut s = s0.clone();
    s.fighter_mut(A).cond.set(Condition::Squeezed, true);
    s.fighter_mut(A).ran = true;
    assert_eq!(base(&s).1, -2);
    let mut s = s0.clone();
    s.fighter_mut(B).cond.set(Condition::Invisible, true);
    assert_eq!(base(&s).1, -1);
    // Charge +1d6.
    assert_eq!(swing(&s0, A, B, 0, Mode::Charge).1, 1);
    // A touch attack +1d6.
    let s = duel(&["hand"], 1);
    assert_eq!(base(&s).1, 1);
    // Unknown weapon: B's sword is not among C's proficiencies.
    let s = state(
        "",
        &[
            entry(
                "A",
                "a",
                5,
                5,
                &fighter(&["sword"], "").replace("\"sword\", ", ""),
            ),
            entry("B", "b", 6, 5, &fighter(&["sword"], "")),
        ],
    );
    assert_eq!(base(&s).1, -1);
    // Higher ground.
    let text = "ruleset = \"d20-3d6\"\nname = \"x\"\n[map]\nkind = \"square\"\nwidth = 30\nheight = 20\n[[map.terrain]]\nheight = 1\nsquares = [{ x = 5, y = 5 }]\n";
    let sc: fray_d20_3d6::model::scenario::Scenario = toml::from_str(&format!(
        "{text}{}",
        [
            entry("A", "a", 5, 5, &fighter(&["sword"], "")),
            entry("B", "b", 6, 5, &fighter(&["sword"], ""))
        ]
        .join("\n")
    ))
    .unwrap();
    // Set up from the scenario with the raised square (setup notes that
    // the map has heights).
    let s = fray_d20_3d6::setup::setup_with(
        &sc,
        &fray_d20_3d6::model::data::parse_file("test", ARMORY).unwrap(),
    )
    .unwrap();
    assert_eq!(base(&s).0, 12);
    // A long weapon against an adjacent target.
    let s = duel(&["spear"], 1);
    assert_eq!(base(&s).0, 6);
    // Nonlethal with a lethal weapon.
    let mut m = Total::default();
    let mut d = Total::default();
    let strike = Strike {
        nonlethal: true,
        ..Strike::new(B, 0)
    };
    bonus(
        &s0,
        &Swing {
            attacker: A,
            mode: Mode::Single,
            strike,
        },
        &mut m,
        &mut d,
    );
    assert_eq!(m.total(), 6);
}

#[test]
fn ranged_increments_threat_and_melee_rule_x_rng_001_005() {
    // rule: X-RNG-001, X-RNG-002, X-RNG-003, X-RNG-004, X-RNG-005
    for (dist, want) in [(10, 4), (11, -2), (20, -2), (21, -8), (30, -8)] {
        let s = duel(&["bow"], dist);
        // BAB 5 + DEX 1 + List 1 + Skill 1 - 6 per increment beyond the first.
        assert_eq!(
            swing(&s, A, B, 0, Mode::Single).0,
            8 + want - 4,
            "at {dist} m"
        );
    }
    let mut s = duel(&["bow"], 31);
    turn_of(&mut s, A);
    assert_eq!(refused(&s, A, &attack(B, 0)), Some("X-RNG-003"));
    // Threatened while shooting: B adjacent with a sword.
    let s = duel(&["bow"], 1);
    assert_eq!(swing(&s, A, B, 0, Mode::Single).1, -1);
    // A target in melee with someone else: -2, and that body may give cover.
    let s = state(
        "",
        &[
            entry("A", "a", 1, 5, &fighter(&["bow"], "")),
            entry("B", "b", 8, 5, &fighter(&["sword"], "")),
            entry("C", "a", 9, 5, &fighter(&["sword"], "")),
        ],
    );
    assert_eq!(swing(&s, A, B, 0, Mode::Single).0, 8 - 2);
}

/// The -3 of the heavy off-hand weapon on the attack roll `r`, if any.
fn heavy_offhand_term(r: &fray_core::RollRecord) -> Option<i32> {
    r.bonuses
        .iter()
        .find(|m| m.rule == "X-MUL-004")
        .map(|m| m.value)
}

#[test]
fn a_held_heavy_off_hand_weapon_costs_nothing_until_it_attacks_rule_x_mul_004() {
    // rule: X-MUL-004, X-MUL-005, X-MUL-001 (issue 34: a single main-hand
    // attack took the -3 because an axe was held in the other hand)
    let mut s = state(
        "",
        &[
            entry("A", "a", 5, 5, &fighter(&["sword", "axe"], "")),
            entry("B", "b", 6, 5, &fighter(&["sword"], "")),
        ],
    );
    s.fighter_mut(A).off = Some(1);
    turn_of(&mut s, A);
    // The axe only held (for the +1 Defense of X-MUL-005): the main-hand
    // attack is a plain single attack, +10 with no penalty at all.
    let ev = act(&mut s, A, Action::OffhandDefense, vec![], vec![]).unwrap();
    assert!(rolls(&ev, "attack").is_empty());
    let ev = act(&mut s, A, attack(B, 0), vec![f(&[1, 2, 2])], vec![]).unwrap();
    let r = rolls(&ev, "attack")[0];
    assert_eq!(heavy_offhand_term(r), None, "{r:?}");
    assert_eq!(r.total, 4 + 10);
    assert!(!s.turn.heavy_offhand);
    // Another turn: main hand, then the axe: now it fights with both.
    turn_of(&mut s, A);
    s.fighter_mut(A).offhand_defense = false;
    let ev = act(&mut s, A, attack(B, 0), vec![f(&[1, 2, 2])], vec![]).unwrap();
    assert_eq!(heavy_offhand_term(rolls(&ev, "attack")[0]), None);
    let ev = act(
        &mut s,
        A,
        Action::OffhandAttack(Strike::new(B, 1)),
        vec![f(&[1, 2, 2])],
        vec![],
    )
    .unwrap();
    let r = rolls(&ev, "attack")[0];
    assert_eq!(heavy_offhand_term(r), Some(-3));
    // Off hand: BAB 5 + halved STR 1, second attack -5, heavy -3.
    assert_eq!(r.total, 4 + 5 + 1 - 5 - 3);
    // The main hand after it, in the same turn: -10 and the -3 too.
    let ev = act(&mut s, A, attack(B, 0), vec![f(&[1, 2, 2])], vec![]).unwrap();
    let r = rolls(&ev, "attack")[0];
    assert_eq!(heavy_offhand_term(r), Some(-3));
    assert_eq!(r.total, 4 + 10 - 10 - 3);
}
