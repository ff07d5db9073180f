//! Defense and its modifiers (X-DEF, X-SIT-017, X-CON).

use crate::common::*;
use fray_core::{Mods, Total};
use fray_d20_3d6::model::options::{FatiguePenalties, Options};
use fray_d20_3d6::model::state::{Condition, State};
use fray_d20_3d6::rules::attack::defense_of;
use std::sync::Arc;

fn def(s: &State, ranged: bool) -> i32 {
    let mut m = Total::default();
    defense_of(s, A, B, ranged, &mut m);
    m.total()
}

#[test]
fn defense_terms_and_conditions_rule_x_def() {
    // rule: X-DEF-001, X-DEF-002, X-DEF-003, X-DEF-004, X-DEF-005, X-DEF-006
    // rule: X-DEF-007, X-DEF-008, X-DEF-010, X-SIT-017, X-CON-001, X-CON-002
    // rule: X-CON-012, X-CON-013, X-CON-014, X-SEQ-004
    let s0 = duel(&["sword"], 1);
    assert_eq!(def(&s0, false), 18);
    let with = |c: Condition| {
        let mut s = s0.clone();
        s.fighter_mut(B).cond.set(c, true);
        s
    };
    assert_eq!(def(&with(Condition::Surprised), false), 16);
    assert_eq!(def(&with(Condition::Prone), false), 14);
    assert_eq!(def(&with(Condition::Prone), true), 18);
    assert_eq!(def(&with(Condition::Entangled), false), 16);
    assert_eq!(def(&with(Condition::Stunned), false), 14);
    let mut s = with(Condition::Prone);
    s.fighter_mut(B).cond.set(Condition::Surprised, true);
    assert_eq!(def(&s, false), 12, "different rows stack");
    for (lvl, want) in [(1, 17), (2, 16), (3, 14)] {
        let mut s = s0.clone();
        s.fighter_mut(B).fatigue = lvl;
        assert_eq!(def(&s, false), want);
    }
    let mut s = s0.clone();
    s.fighter_mut(B).fatigue = 3;
    s.options = Arc::new(Options {
        fatigue_penalties: FatiguePenalties::OneTwoThree,
        ..Options::default()
    });
    assert_eq!(def(&s, false), 15);
    let mut s = s0.clone();
    s.fighter_mut(B).grappled_by = Some(A);
    assert_eq!(def(&s, false), 16);
    s.fighter_mut(B).pinned = true;
    assert_eq!(def(&s, false), 14, "pinned replaces grappled");
}

#[test]
fn defense_actions_and_movement_rule_x_man_008_009() {
    // rule: X-MAN-008, X-MAN-009, X-MOV-006, X-MAN-006, X-MUL-005
    let s0 = duel(&["sword"], 1);
    let mut s = s0.clone();
    s.fighter_mut(B).prepared = true;
    assert_eq!(def(&s, false), 19);
    s.fighter_mut(B).total_defense = true;
    assert_eq!(def(&s, false), 22, "the larger bonus applies");
    let mut s = s0.clone();
    s.fighter_mut(B).ran = true;
    assert_eq!(def(&s, false), 14);
    let mut s = s0.clone();
    s.fighter_mut(B).charged = true;
    assert_eq!(def(&s, false), 14);
    let mut s = s0.clone();
    s.fighter_mut(B).offhand_defense = true;
    assert_eq!(def(&s, false), 19);
}

#[test]
fn a_helpless_target_loses_dex_shield_and_skill_rule_x_sit_006() {
    // rule: X-SIT-006, X-CON-006, X-CON-007
    let mut s = duel(&["sword"], 1);
    s.fighter_mut(B).cond.set(Condition::Paralyzed, true);
    assert_eq!(def(&s, false), 14);
}

#[test]
fn cover_on_the_line_of_fire_rule_x_def_009_x_rng_006() {
    // rule: X-DEF-009, X-RNG-006
    let wall = "[[map.edges]]\nfeature = \"cover\"\nvalue = 2\nsquare_sides = [{ x = 8, y = 5, side = \"e\" }]\n";
    let s = state(
        "",
        &[
            entry("A", "a", 2, 5, &fighter(&["bow"], "")),
            entry("B", "b", 10, 5, &fighter(&["sword"], "shield = \"shield\"")),
        ],
    );
    assert_eq!(def(&s, true), 18);
    // Medium cover from a low wall (+4): rebuild with the edge patch.
    let text = format!(
        "ruleset = \"d20-3d6\"\nname = \"t\"\n[map]\nkind = \"square\"\nwidth = 30\nheight = 20\n{wall}\n{}\n{}",
        entry("A", "a", 2, 5, &fighter(&["bow"], "")),
        entry("B", "b", 10, 5, &fighter(&["sword"], "shield = \"shield\""))
    );
    let sc: fray_d20_3d6::model::scenario::Scenario = toml::from_str(&text).unwrap();
    let armory = fray_d20_3d6::model::data::parse_file("t", ARMORY).unwrap();
    let s = fray_d20_3d6::setup::setup_with(&sc, &armory).unwrap();
    assert_eq!(def(&s, true), 22);
    // A body in the way: light cover, +2.
    let s = state(
        "",
        &[
            entry("A", "a", 2, 5, &fighter(&["bow"], "")),
            entry("B", "b", 10, 5, &fighter(&["sword"], "shield = \"shield\"")),
            entry("C", "b", 6, 5, &fighter(&["sword"], "")),
        ],
    );
    assert_eq!(def(&s, true), 20);
    // Melee across a low wall between neighbours: the same +4; without
    // cover on the map, melee has none.
    let low = "[[map.edges]]\nfeature = \"cover\"\nvalue = 2\nsquare_sides = [{ x = 5, y = 5, side = \"e\" }]\n";
    let text = format!(
        "ruleset = \"d20-3d6\"\nname = \"t\"\n[map]\nkind = \"square\"\nwidth = 30\nheight = 20\n{low}\n{}\n{}",
        entry("A", "a", 5, 5, &fighter(&["sword"], "")),
        entry("B", "b", 6, 5, &fighter(&["sword"], "shield = \"shield\""))
    );
    let sc: fray_d20_3d6::model::scenario::Scenario = toml::from_str(&text).unwrap();
    let s = fray_d20_3d6::setup::setup_with(&sc, &armory).unwrap();
    assert!(s.map_has_cover);
    assert_eq!(def(&s, false), 22);
    assert_eq!(def(&duel(&["sword"], 1), false), 18);
}
