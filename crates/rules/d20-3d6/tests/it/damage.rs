//! Damage, criticals and explosion (X-DMG, X-RNG-008..011, X-SIT-016).

use crate::common::*;
use fray_d20_3d6::model::action::{Action, Strike};
use fray_d20_3d6::model::data::parse_file;
use fray_d20_3d6::model::options::Options;
use fray_d20_3d6::rules::damage::{explode_on, str_to_damage};

fn attack(w: u8) -> Action {
    Action::Attack(Strike::new(B, w))
}

#[test]
fn criticals_add_the_weapon_dice_and_never_explode_rule_x_dmg_002_003_004() {
    // rule: X-DMG-002, X-DMG-003, X-DMG-004
    let mut s = duel(&["club"], 1);
    turn_of(&mut s, A);
    // 6+2, 6+2, 6+2 = 24, + 10 = 34 vs 18: margin 16, two criticals.
    let ev = act(
        &mut s,
        A,
        attack(0),
        vec![f(&[6, 6, 6, 2, 2, 2]), t(9)],
        vec![],
    )
    .unwrap();
    assert_eq!(verdicts(&ev, "attack"), vec!["critical hit"]);
    let r = rolls(&ev, "damage and critical dice")[0];
    assert_eq!(r.dice, "3d6");
    assert_eq!(damage(&ev), vec![9 + 5]);
    assert_eq!(s.fighter(A).record.criticals, 2);
    // A d8 with a critical: no explosion roll even on an 8 (X-DMG-004).
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    let ev = act(&mut s, A, attack(0), vec![f(&[5, 5, 6, 2]), t(16)], vec![]).unwrap();
    // 5 + 5 + 6 + 2 = 18, + 10 = 28: margin 10, one critical: 2d8 in one roll.
    assert_eq!(rolls(&ev, "damage and critical dice")[0].dice, "2d8");
    assert!(rolls(&ev, "damage explosion").is_empty());
}

#[test]
fn a_top_face_explodes_once_rule_x_dmg_005_008() {
    // rule: X-DMG-005, X-DMG-008
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    let ev = act(
        &mut s,
        A,
        attack(0),
        vec![f(&[3, 3, 2]), t(8), t(8)],
        vec![],
    )
    .unwrap();
    // 8, exploding into another 8 that does not explode again: 16 + 5.
    assert_eq!(damage(&ev), vec![21]);
    assert_eq!(s.fighter(A).record.explosions, 1);
}

#[test]
fn small_dice_do_not_explode_unless_edx_rule_x_dmg_006_007() {
    // rule: X-DMG-006, X-DMG-007
    let mut s = duel(&["club"], 1);
    turn_of(&mut s, A);
    let ev = act(&mut s, A, attack(0), vec![f(&[3, 3, 2]), t(6)], vec![]).unwrap();
    assert_eq!(damage(&ev), vec![11]);
    // ED7 on a d8: a 7 explodes.
    let mut s = duel(&["edge"], 1);
    turn_of(&mut s, A);
    let ev = act(
        &mut s,
        A,
        attack(0),
        vec![f(&[3, 3, 2]), t(7), t(3)],
        vec![],
    )
    .unwrap();
    assert_eq!(damage(&ev), vec![15]);
    // ED4 on a d4 overrides the small-die ban (edx_overrides_small_die).
    let mut s = duel(&["kris"], 1);
    turn_of(&mut s, A);
    let ev = act(
        &mut s,
        A,
        attack(0),
        vec![f(&[3, 3, 2]), t(4), t(2)],
        vec![],
    )
    .unwrap();
    assert_eq!(damage(&ev), vec![11]);
    let armory = parse_file("t", ARMORY).unwrap();
    let o = Options {
        edx_overrides_small_die: false,
        ..Options::default()
    };
    assert_eq!(explode_on(armory.weapon("kris").unwrap(), &o), None);
    assert_eq!(
        explode_on(armory.weapon("club").unwrap(), &Options::default()),
        None
    );
}

#[test]
fn a_hit_does_at_least_one_rule_x_dmg_009() {
    // rule: X-DMG-009
    let mut s = state(
        "",
        &[
            entry("A", "a", 5, 5, &fighter(&["club"], "")),
            entry(
                "B",
                "b",
                6,
                5,
                &fighter(&["sword"], "damage_reduction = 20"),
            ),
        ],
    );
    turn_of(&mut s, A);
    let ev = act(&mut s, A, attack(0), vec![f(&[5, 5, 5]), t(2)], vec![]).unwrap();
    assert_eq!(damage(&ev), vec![1]);
}

#[test]
fn nonlethal_damage_goes_to_its_own_counter_rule_x_dmg_010_x_sit_016() {
    // rule: X-DMG-010, X-SIT-016, X-LIF-014
    let mut s = duel(&["sap"], 1);
    turn_of(&mut s, A);
    // A sap deals nonlethal damage with no penalty.
    let ev = act(&mut s, A, attack(0), vec![f(&[3, 3, 2]), t(3)], vec![]).unwrap();
    assert_eq!(damage(&ev), vec![8]);
    assert_eq!((s.fighter(B).hp, s.fighter(B).nonlethal), (42, 8));
    // A sword declared nonlethal: -4, and nonlethal damage.
    let mut s = duel(&["sword"], 1);
    turn_of(&mut s, A);
    let strike = Strike {
        nonlethal: true,
        ..Strike::new(B, 0)
    };
    let ev = act(
        &mut s,
        A,
        Action::Attack(strike),
        vec![f(&[5, 5, 2]), t(3)],
        vec![],
    )
    .unwrap();
    assert_eq!(rolls(&ev, "attack")[0].total, 12 + 10 - 4);
    assert_eq!(s.fighter(B).nonlethal, 8);
}

#[test]
fn strength_to_damage_by_weapon_kind_rule_x_rng_008_011() {
    // rule: X-RNG-008, X-RNG-009, X-RNG-010, X-RNG-011
    let armory = parse_file("t", ARMORY).unwrap();
    let w = |n: &str| str_to_damage(armory.weapon(n).unwrap());
    assert!(w("composite"));
    assert!(!w("bow"));
    assert!(!w("crossbow"));
    assert!(w("dagger"));
    // A crossbow must be reloaded after each shot (1 action).
    let mut s = duel(&["crossbow"], 5);
    turn_of(&mut s, A);
    act(&mut s, A, attack(0), vec![f(&[1, 2, 2])], vec![]).unwrap();
    assert_eq!(refused(&s, A, &attack(0)), Some("X-RNG-010"));
    act(&mut s, A, Action::Reload { weapon: 0 }, vec![], vec![]).unwrap();
    assert_eq!(refused(&s, A, &attack(0)), None);
}
