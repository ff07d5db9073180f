//! Strike checks (DQ-17), damage (DQ-18) and its effects (DQ-19).

use crate::common::*;
use fray_dragonquest::model::action::{Answer, AttackKind};
use fray_dragonquest::state::{Hold, Life};

#[test]
fn ranked_strike_chance_less_defense_hits_on_d100_at_or_under() {
    // rule: DQ-17-001, DQ-17-003, DQ-18-002, DQ-12-006
    // A: broadsword BC 55 + modMD 15 + 4 × rank 2 = 78; B: Defense = modAG 15.
    let s = duel(&[], &[]);
    let l = log(vec![("A", attack(B))], &[63, 1], vec![Answer::First(true)]);
    let (s, ev) = run_steps(s, &l, 1);
    let r = roll(&ev, "strike");
    assert_eq!(r.target, Some(63), "{}", narrate(&ev));
    assert_eq!(modifier(r, "4 × rank"), Some(8));
    assert_eq!(modifier(r, "Defense: modAG"), Some(-15));
    assert_eq!(r.verdict, "hit");
    // D10 1 + 4 = 5 to FT (no armor), EN untouched.
    assert_eq!((s.fig(B).ft, s.fig(B).en), (15, 16));
}

#[test]
fn a_roll_over_modsc_misses() {
    // rule: DQ-17-003
    let s = duel(&[], &[]);
    let l = log(vec![("A", attack(B))], &[64], vec![Answer::First(true)]);
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "strike").verdict, "miss");
    assert_eq!(s.fig(B).ft, 20);
}

#[test]
fn unranked_strike_chance_is_the_base_chance_alone() {
    // rule: DQ-17-002
    let s = duel(
        &[("weapons", "[{ id = \"broadsword\" }]"), ("ag", "18")],
        &[],
    );
    let l = log(vec![("A", attack(B))], &[90], vec![Answer::First(true)]);
    let (_, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "strike").target, Some(55 - 15));
}

#[test]
fn md_below_the_minimum_costs_5_per_point_and_ps_below_costs_damage() {
    // rule: DQ-20-002, DQ-20-001, DQ-20-003
    // Broadsword: PS 15, MD 15 minimums. A has MD 13 (-10) and PS 12 (-3 damage).
    let s = duel(&[("md", "13"), ("ps", "12")], &[]);
    let l = log(vec![("A", attack(B))], &[50, 1], vec![Answer::First(true)]);
    let (s, ev) = run_steps(s, &l, 1);
    let r = roll(&ev, "strike");
    assert_eq!(modifier(r, "MD below minimum"), Some(-10));
    assert_eq!(r.target, Some(55 - 10 + 13 + 8 - 15));
    // D10 1 + 4 - 3 = 2.
    assert_eq!(s.fig(B).ft, 18);
    // Never below 1 (DQ-20-003): PS 5 gives 1 + 4 - 10 = -5 -> 1.
    let s = duel(&[("ps", "5")], &[]);
    let l = log(vec![("A", attack(B))], &[10, 1], vec![Answer::First(true)]);
    let (s, _) = run_steps(s, &l, 1);
    assert_eq!(s.fig(B).ft, 19);
}

#[test]
fn a_damage_check_below_one_counts_as_one_before_armor() {
    // rule: DQ-18-001, DQ-21-002, DQ-21-003
    // Bare hands: BC 2 × modAG 16 + (PS 16 - 15) = 33, unranked; damage D10 - 4.
    // A has AG 18 so its IV (28, no rank) still tops B's 27.
    let s = duel(&[("weapons", "[]"), ("ag", "18")], &[]);
    let l = log(vec![("A", attack(B))], &[18, 1], vec![Answer::First(true)]);
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "strike").target, Some(37 - 15));
    assert_eq!(s.fig(B).ft, 19, "{}", narrate(&ev));
    // With leather (2 protection) the 1 is absorbed: effective damage 0.
    let s = duel(
        &[("weapons", "[]"), ("ag", "18")],
        &[("armor", "\"leather\"")],
    );
    let l = log(vec![("A", attack(B))], &[18, 1], vec![Answer::First(true)]);
    let (s, _) = run_steps(s, &l, 1);
    assert_eq!(s.fig(B).ft, 20);
    // PS 21: +1 base chance per point over 15 and +1 damage per full 3.
    let s = duel(&[("weapons", "[]"), ("ps", "21"), ("ag", "18")], &[]);
    let l = log(vec![("A", attack(B))], &[20, 5], vec![Answer::First(true)]);
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "strike").target, Some(36 + 6 - 15));
    assert_eq!(s.fig(B).ft, 20 - (5 - 4 + 2));
}

#[test]
fn fatigue_first_then_endurance_never_both_from_one_attack() {
    // rule: DQ-18-002, DQ-00-003
    let mut s = duel(&[], &[]);
    s.figures[1].ft = 3;
    let l = log(vec![("A", attack(B))], &[40, 1], vec![Answer::First(true)]);
    let (s, _) = run_steps(s, &l, 1);
    // 5 damage, 3 FT left: FT goes to 0, the rest is lost.
    assert_eq!((s.fig(B).ft, s.fig(B).en), (0, 16));
    let mut s = duel(&[], &[]);
    s.figures[1].ft = 0;
    let l = log(vec![("A", attack(B))], &[40, 1], vec![Answer::First(true)]);
    let (s, _) = run_steps(s, &l, 1);
    assert_eq!((s.fig(B).ft, s.fig(B).en), (0, 11));
}

#[test]
fn a_hit_within_15_percent_goes_to_endurance_ignoring_armor() {
    // rule: DQ-18-003, DQ-00-011
    // B in chain (protection 5, AG -2): Defense 13, modSC 65; 15% = 9.75.
    let s = duel(&[], &[("armor", "\"chain\"")]);
    let l = log(vec![("A", attack(B))], &[9, 1], vec![Answer::First(true)]);
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "strike").verdict, "hit to Endurance");
    assert_eq!((s.fig(B).ft, s.fig(B).en), (20, 11));
    assert_eq!(s.fig(B).record.endurance_hits, 1);
    // 10 is an ordinary hit: 5 - 5 armor = 0.
    let s = duel(&[], &[("armor", "\"chain\"")]);
    let l = log(vec![("A", attack(B))], &[10, 1], vec![Answer::First(true)]);
    let (s, _) = run_steps(s, &l, 1);
    assert_eq!((s.fig(B).ft, s.fig(B).en), (20, 16));
}

#[test]
fn a_hit_within_5_percent_is_grievous_and_dents_the_armor_or_breaks_the_shield() {
    // rule: DQ-18-004, DQ-18-005
    // Chain only: the armor loses 2 protection, no question.
    let s = duel(&[], &[("armor", "\"chain\"")]);
    let l = log(vec![("A", attack(B))], &[3, 1], vec![Answer::First(true)]);
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "strike").verdict, "grievous hit");
    assert_eq!(s.fig(B).armor_damage, 2);
    assert_eq!(s.fig(B).en, 11);
    // Armor and shield: the defender chooses (here: break the shield).
    // Round shield +6: Defense 19 (AG 13 + 6), modSC 59; 5% = 2.95.
    let s = duel(&[], &[("armor", "\"chain\""), ("shield", "\"round\"")]);
    let l = log(
        vec![("A", attack(B))],
        &[2, 1],
        vec![Answer::First(true), Answer::BreakShield(true)],
    );
    let (s, _) = run_steps(s, &l, 1);
    assert!(s.fig(B).shield.is_none());
    assert_eq!(s.fig(B).armor_damage, 0);
}

#[test]
fn more_than_a_third_of_original_en_stuns_and_checks_the_weapon() {
    // rule: DQ-19-003, DQ-19-004, DQ-00-005
    // 6 damage against EN 16: 18 > 16 stuns; B keeps its weapon on D100 <= 45.
    let s = duel(&[], &[]);
    let l = log(
        vec![("A", attack(B))],
        &[40, 2, 46],
        vec![Answer::First(true)],
    );
    let (s, ev) = run_steps(s, &l, 1);
    assert!(s.fig(B).status.stunned, "{}", narrate(&ev));
    assert_eq!(roll(&ev, "keep weapon").target, Some(45));
    assert_eq!(s.fig(B).main, None);
    assert_eq!(s.fig(B).weapons[0].hold, Hold::Dropped);
    // 5 damage: 15 is not more than 16, no stun.
    let s = duel(&[], &[]);
    let l = log(vec![("A", attack(B))], &[40, 1], vec![Answer::First(true)]);
    let (s, _) = run_steps(s, &l, 1);
    assert!(!s.fig(B).status.stunned);
}

#[test]
fn death_at_en_0_and_unconsciousness_at_3_except_small_monsters() {
    // rule: DQ-19-001, DQ-19-002
    let mut s = duel(&[], &[]);
    s.figures[1].ft = 0;
    s.figures[1].en = 8;
    // The last roll is B's infection check after the fight (DQ-24-001).
    let l = log(
        vec![("A", attack(B))],
        &[40, 1, 50],
        vec![Answer::First(true)],
    );
    let (s, ev, winner) = run_to_end(s, &l);
    assert_eq!(s.fig(B).life, Life::Unconscious, "{}", narrate(&ev));
    assert_eq!(winner, Some(0));
    let mut s = duel(&[], &[]);
    s.figures[1].ft = 0;
    s.figures[1].en = 5;
    let l = log(vec![("A", attack(B))], &[40, 1], vec![Answer::First(true)]);
    let (s, _, _) = run_to_end(s, &l);
    assert_eq!(s.fig(B).life, Life::Dead);
    // A monster with original EN 5 stays conscious at EN 3 or less.
    let mut s = duel(&[], &[("en", "5"), ("monster", "true")]);
    s.figures[1].ft = 0;
    let l = log(vec![("A", attack(B))], &[40, 1], vec![Answer::First(true)]);
    let (s, _, _) = run_to_end(s, &l);
    assert_eq!(s.fig(B).life, Life::Dead);
    let mut s = duel(
        &[("weapons", "[]"), ("ag", "18")],
        &[("en", "5"), ("monster", "true")],
    );
    s.figures[1].ft = 0;
    // 2 damage stuns (6 > 5): B keeps its weapon on the last roll.
    let l = log(
        vec![("A", attack(B))],
        &[10, 6, 1],
        vec![Answer::First(true)],
    );
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(s.fig(B).en, 3, "{}", narrate(&ev));
    assert_eq!(s.fig(B).life, Life::Conscious);
}

#[test]
fn a_99_may_break_and_a_100_may_drop_the_weapon_unless_3_md_avoids_it() {
    // rule: DQ-17-004, DQ-17-005
    let s = duel(&[], &[]);
    let l = log(vec![("A", attack(B))], &[99, 46], vec![Answer::First(true)]);
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "strike").verdict, "miss");
    assert_eq!(roll(&ev, "avoid mishap").target, Some(45));
    assert_eq!(s.fig(A).weapons[0].hold, Hold::Broken);
    let s = duel(&[], &[]);
    let l = log(
        vec![("A", attack(B))],
        &[100, 46],
        vec![Answer::First(true)],
    );
    let (s, _) = run_steps(s, &l, 1);
    assert_eq!(s.fig(A).weapons[0].hold, Hold::Dropped);
    let s = duel(&[], &[]);
    let l = log(
        vec![("A", attack(B))],
        &[100, 45],
        vec![Answer::First(true)],
    );
    let (s, _) = run_steps(s, &l, 1);
    assert_eq!(s.fig(A).main, Some(0));
}

#[test]
fn an_unbreakable_attack_loses_the_next_action_on_a_failed_mishap_roll() {
    // rule: DQ-17-006
    let s = duel(&[("weapons", "[]"), ("ag", "18")], &[]);
    let l = log(
        vec![("A", attack(B)), ("B", attack(A))],
        &[99, 46, 95],
        vec![Answer::First(true)],
    );
    let (s, _) = run_steps(s, &l, 2);
    assert!(s.fig(A).status.lose_action);
    // Next pulse A's slot is spent; B acts in pulses 2 and 3.
    let l2 = log(
        vec![("B", attack(A)), ("A", attack(B))],
        &[95, 95],
        vec![Answer::First(false), Answer::First(true)],
    );
    let (s, ev) = run_steps(s, &l2, 2);
    assert!(happened(&ev, "loses this action"), "{}", narrate(&ev));
    assert!(!s.fig(A).status.lose_action);
}

#[test]
fn an_evading_defender_parries_a_roll_30_over_and_may_riposte() {
    // rule: DQ-17-007, DQ-17-008, DQ-17-009, DQ-13-005
    // B evades: Defense 15 + 15 again = 30; modSC 48; window above 78.
    let mut s = duel(&[], &[]);
    s.figures[1].status.evading = true;
    let l = log(
        vec![("A", attack(B))],
        &[80, 2],
        vec![Answer::First(true), Answer::Yes(true)],
    );
    let (s1, ev) = run_steps(s.clone(), &l, 1);
    assert_eq!(roll(&ev, "strike").target, Some(48));
    // D10 2 + 2 - 2 = 2: parried, B must Pass next pulse.
    assert_eq!(s1.fig(B).status.forced_pass, 2);
    // 5: A is disarmed.
    let l = log(
        vec![("A", attack(B))],
        &[80, 5],
        vec![Answer::First(true), Answer::Yes(true)],
    );
    let (s2, _) = run_steps(s.clone(), &l, 1);
    assert_eq!(s2.fig(A).main, None);
    // 9: disarmed and a free attack (A is in B's melee zone).
    let l = log(
        vec![("A", attack(B))],
        &[80, 9, 40, 1],
        vec![Answer::First(true), Answer::Yes(true)],
    );
    let (s3, ev) = run_steps(s.clone(), &l, 1);
    assert!(happened(&ev, "free attack"));
    assert_eq!(s3.fig(A).ft, 15);
    // 78 is not more than 30 over: no parry offered.
    let l = log(vec![("A", attack(B))], &[78], vec![Answer::First(true)]);
    run_steps(s, &l, 1);
}

#[test]
fn shields_count_except_from_the_rear_and_optionally_only_in_front() {
    // rule: DQ-17-010, DQ-17-011, DQ-00-012, DQ-00-013
    // B behind A (in A's rear hex), facing A: A's shield does not count.
    let s = state(
        "",
        &[
            fighter(
                "A",
                "a",
                0,
                0,
                "n",
                &[("ag", "16"), ("shield", "\"round\"")],
            ),
            fighter("B", "b", 0, 1, "n", &[]),
        ],
    );
    // B stands in A's rear hex, so B acts first (DQ-12-007) and chooses.
    let l = log(vec![("B", attack(A))], &[99, 1], vec![Answer::First(true)]);
    let (_, ev) = run_some(s, &l, 1);
    let r = roll(&ev, "strike");
    assert_eq!(
        modifier(r, "Defense: shield").unwrap_or(0),
        0,
        "{}",
        narrate(&ev)
    );
    assert_eq!(r.target, Some(78 - 16));
    // front_and_shield_side: B at the front-right hex (f+1) gets no shield.
    let s = state(
        "shield_arc = \"front_and_shield_side\"",
        &[
            fighter(
                "A",
                "a",
                0,
                0,
                "n",
                &[("ag", "16"), ("shield", "\"round\"")],
            ),
            fighter("B", "b", 1, -1, "sw", &[]),
        ],
    );
    let l = log(vec![("B", attack(A))], &[99, 1], vec![Answer::First(false)]);
    let (_, ev) = run_some(s, &l, 1);
    assert_eq!(
        modifier(roll(&ev, "strike"), "Defense: shield").unwrap_or(0),
        0
    );
}

#[test]
fn a_stunned_defender_has_no_defense() {
    // rule: DQ-17-012
    let mut s = duel(&[], &[]);
    s.figures[1].status.stunned = true;
    let l = log(vec![("A", attack(B))], &[90], vec![Answer::First(true)]);
    let (_, ev) = run_steps(s, &l, 1);
    assert_eq!(roll(&ev, "strike").target, Some(78));
}

#[test]
fn recovery_from_stun_is_d100_at_or_under_twice_wp_plus_ft() {
    // rule: DQ-19-006, DQ-15-004
    use fray_dragonquest::model::action::Action;
    let mut s = duel(&[], &[]);
    s.figures[1].status.stunned = true;
    s.figures[1].ft = 6;
    let l = log(
        vec![("A", attack(B)), ("B", Action::Recover)],
        &[90, 40],
        vec![Answer::First(true)],
    );
    let (s, ev) = run_steps(s, &l, 2);
    assert_eq!(roll(&ev, "recover from stun").target, Some(40));
    assert!(!s.fig(B).status.stunned);
}

#[test]
fn quarter_of_a_neighbour_is_its_rear_hex_or_bearing() {
    // rule: DQ-00-013, DQ-17-010, DQ-17-011
    // `zones::quarter` answers a melee blow from a neighbouring hex from the
    // turn to the side it comes across: the same answers as the rear hexes
    // and the grid's bearing, for every facing and every neighbour.
    use fray_core::grid::{Facing, Heading, HexPos, RelativeBearing, Side};
    use fray_dragonquest::rules::values::Quarter;
    use fray_dragonquest::rules::zones;
    use fray_dragonquest::state::{DIRECTIONS, bearing};
    let mut s = duel(&[], &[]);
    for facing in Facing::ALL {
        s.fig_mut(B).heading = Heading::Side(facing);
        let pos = s.fig(B).pos;
        for (dq, dr) in DIRECTIONS {
            let from = HexPos::new(pos.q + dq, pos.r + dr);
            let expected = if zones::in_rear_hexes(s.fig(B), from) {
                Quarter::Rear
            } else {
                match bearing(pos, facing, from) {
                    Some(RelativeBearing::Front | RelativeBearing::FrontSide(Side::Left)) => {
                        Quarter::ShieldFront
                    }
                    _ => Quarter::Front,
                }
            };
            assert_eq!(
                zones::quarter(&s, B, from, false),
                expected,
                "{facing:?} {from:?}"
            );
        }
    }
}

#[test]
fn a_stunned_wolf_keeps_its_bite_and_fights_on_with_it() {
    // rule: DQ-19-004, DQ-16-020, DQ-17-008
    // The wolf (EN 5) takes 1 + 4 - 1 (natural armor) = 4 to FT (12 > 5
    // stuns): no weapon check, no drop: a bite is part of the body
    // (decision, `Weapon::droppable`).
    let wolf = "[[combatants]]\nname = \"W\"\nside = \"b\"\ntemplate = \"wolf\"\nposition = { q = 0, r = -1 }\nfacing = \"s\"\ncontroller = \"script\"\n";
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &[("ag", "25")]),
            wolf.to_string(),
        ],
    );
    let bite = s.fig(B).main;
    assert!(bite.is_some());
    let l = log(vec![("A", attack(B))], &[40, 1], vec![Answer::First(true)]);
    let (s, ev) = run_some(s, &l, 1);
    assert!(s.fig(B).status.stunned, "{}", narrate(&ev));
    assert!(
        rolls(&ev).iter().all(|r| r.label != "keep weapon"),
        "{}",
        narrate(&ev)
    );
    assert_eq!(s.fig(B).main, bite);
    assert_eq!(s.fig(B).weapons[0].hold, Hold::Stowed);
    // Once recovered it strikes with its bite, not the human unarmed
    // formula (2 × modAG).
    let mut s = s;
    s.fig_mut(B).status.stunned = false;
    let sc = fray_dragonquest::resolve::strike::mod_sc(
        &s,
        B,
        A,
        &fray_dragonquest::resolve::strike::Blow::melee(AttackKind::Normal, s.fig(B).pos),
    );
    assert_eq!(sc.iter().next().map(|m| m.rule), Some("DQ-17-001"));
}
