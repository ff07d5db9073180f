//! Turn sequence and maneuvers, played with scripted dice.
//!
//! Fighters (see `common`): A is ST 12 DX 12 HT 12, Broadsword-14
//! (sw+1 = 1d+3 cut, Parry 10, Dodge 9, Speed 6); B is DX 11, Broadsword-13
//! (Parry 9, Dodge 8, Speed 5.75), so A always acts first.

use crate::common::*;
use fray_core::grid::{Facing, HexPos};
use fray_gurps::model::action::{Action, Aim, AllOutVariant, Answer, DefenseVariant, Step, Strike};
use fray_gurps::model::event::{Event, Moved};
use fray_gurps::model::state::{DefenseKind, Posture, Stance};

fn a() -> String {
    swordsman(12, 14)
}
fn b() -> String {
    swordsman(11, 13)
}

// rule: G-TURN-001, G-EXT-015
#[test]
fn turn_order_by_speed_then_dx_then_a_3d_roll_and_one_maneuver_each() {
    let s = state(
        "",
        &[
            fighter("Slow", "x", -4, 0, "n", &sheet(10, 10, 10, 10, "")),
            fighter(
                "Y",
                "x",
                -2,
                0,
                "n",
                &sheet(10, 11, 10, 10, "basic_speed = 6.0"),
            ),
            fighter(
                "Z",
                "z",
                2,
                0,
                "n",
                &sheet(10, 11, 10, 10, "basic_speed = 6.0"),
            ),
            fighter(
                "X",
                "z",
                4,
                0,
                "n",
                &sheet(10, 12, 10, 10, "basic_speed = 6.0"),
            ),
        ],
    );
    // Y and Z tie on Speed 6 and DX 11: each rolls 3d, Y first (scenario order).
    let acts = ["X", "Z", "Y", "Slow", "X"]
        .iter()
        .map(|n| (*n, Action::DoNothing))
        .collect();
    let (s, ev) = run_steps(s, &log(acts, &[8, 12], vec![]), 5);
    let ties = rolls_labelled(&ev, "turn-order tie");
    assert_eq!(
        ties.iter()
            .map(|r| (r.roller.clone().unwrap(), r.total))
            .collect::<Vec<_>>(),
        [("Y".to_string(), 8), ("Z".to_string(), 12)]
    );
    let Event::TurnOrder { order } = &ev[2] else {
        panic!("turn order first: {ev:?}")
    };
    let names: Vec<&str> = order.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["X", "Z", "Y", "Slow"]);
    assert_eq!(order[3].1, 5.0);
    // One maneuver per turn, in that order, every round.
    let who: Vec<String> = maneuvers(&ev).into_iter().map(|(w, _)| w).collect();
    assert_eq!(who, ["X", "Z", "Y", "Slow", "X"]);
    assert_eq!(s.round, 2);
    assert!(ev.contains(&Event::Round { round: 2 }));
}

// rule: G-TURN-003, G-MATK-001, G-DICE-001
#[test]
fn undeclared_options_use_the_first_mode_at_the_torso() {
    // 10 vs 14 hits; B takes it; 1d+3 = 5 cutting to the torso: 7 injury,
    // a major wound (knockdown 10 vs HT 12 holds).
    let l = log(
        vec![("A", attack(B))],
        &[10, 5, 10],
        vec![Answer::NoDefense],
    );
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 1);
    let r = roll(&ev, "attack");
    assert_eq!(
        (r.dice.as_str(), r.target, r.margin),
        ("3d6", Some(14), Some(4))
    );
    assert_eq!(r.verdict, "success");
    assert_eq!(mods(r), [("Broadsword".to_string(), 14, "G-ATK-024")]);
    assert!(rolls_labelled(&ev, "hit location").is_empty());
    assert_eq!(roll(&ev, "damage").dice, "1d6+3");
    assert_eq!(damage(&ev), [("B".into(), "torso".into(), 5, 0, 7, 5)]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Damage { damage_type, .. } if damage_type == "cut"))
    );
    assert_eq!(s.fighter(B).hp, 5);
}

// rule: G-DICE-001
#[test]
fn a_roll_above_the_target_fails_and_does_nothing() {
    let l = log(vec![("A", attack(B))], &[15], vec![]);
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 1);
    let r = roll(&ev, "attack");
    assert_eq!(
        (r.total, r.target, r.margin, r.verdict),
        (15, Some(14), Some(-1), "failure")
    );
    assert_eq!(s.fighter(B).hp, 12);
    assert_eq!(rolls(&ev).len(), 1);
}

// rule: G-TURN-004
#[test]
fn attack_steps_come_in_the_checklist_order() {
    let random = Action::Attack {
        strike: Strike {
            location: Aim::Random,
            ..strike(B)
        },
        step: None,
        extra: None,
        giant_step: None,
    };
    // attack 10; dodge 15 vs 8 fails; damage 6; location 10 = torso;
    // 6 cut = 9 injury, a major wound: knockdown HT 12, roll 10 holds.
    let l = log(
        vec![("A", random)],
        &[10, 15, 6, 10, 10],
        vec![defend(DefenseKind::Dodge, false)],
    );
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 1);
    assert_eq!(
        roll_labels(&ev),
        ["attack", "dodge", "damage", "hit location", "knockdown"]
    );
    let pos = |f: &dyn Fn(&Event) -> bool| ev.iter().position(f).unwrap();
    let loc = pos(&|e| matches!(e, Event::Roll { roll } if roll.label == "hit location"));
    let dmg = pos(&|e| matches!(e, Event::Damage { .. }));
    let kd = pos(&|e| matches!(e, Event::Roll { roll } if roll.label == "knockdown"));
    assert!(loc < dmg && dmg < kd);
    assert_eq!(damage(&ev), [("B".into(), "torso".into(), 6, 0, 9, 3)]);
    assert_eq!(s.fighter(B).hp, 3);
}

// rule: G-MATK-001, G-TAC-003
#[test]
fn attack_with_a_step_first() {
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &a()),
            fighter("B", "b", 0, -2, "s", &b()),
        ],
    );
    // Out of reach without the step.
    assert!(fray_gurps::rules::maneuver::check(&s, A, &attack(B)).is_err());
    let two = Action::Attack {
        strike: strike(B),
        step: Some(Step {
            to: Some(HexPos::new(0, -2)),
            face: None,
            after: false,
            posture: None,
        }),
        extra: None,
        giant_step: None,
    };
    assert!(
        fray_gurps::rules::maneuver::check(&s, A, &two).is_err(),
        "a step is one hex"
    );
    let act = Action::Attack {
        strike: strike(B),
        step: Some(Step {
            to: Some(HexPos::new(0, -1)),
            face: Some(Facing::N),
            after: false,
            posture: None,
        }),
        extra: None,
        giant_step: None,
    };
    // attack 12 vs 14 hits; B parries at 9 with 8.
    let l = log(
        vec![("A", act)],
        &[12, 8],
        vec![defend(DefenseKind::Parry, false)],
    );
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(s.fighter(A).pose.pos, HexPos::new(0, -1));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Moved(Moved { why: "steps", .. })))
    );
    let p = roll(&ev, "parry");
    assert_eq!((p.target, p.verdict), (Some(9), "success"));
}

// rule: G-AOA-001
#[test]
fn all_out_attack_determined_adds_four_to_hit() {
    let act = Action::AllOutAttack {
        variant: AllOutVariant::Determined,
        strike: strike(B),
        advance: 0,
    };
    let l = log(vec![("A", act)], &[16, 4], vec![Answer::NoDefense]);
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 1);
    let r = roll(&ev, "attack");
    assert_eq!(r.target, Some(18));
    assert_eq!(modifier(r, "All-Out Attack (Determined)"), Some(4));
    assert_eq!(r.verdict, "success");
    assert_eq!(maneuvers(&ev), [("A".into(), "G-AOA-001")]);
    // 4 cut = 6 injury.
    assert_eq!(s.fighter(B).hp, 6);
}

// rule: G-AOA-002, G-DMG-001
#[test]
fn all_out_attack_strong_adds_two_damage_to_muscle_powered_blows_only() {
    let act = Action::AllOutAttack {
        variant: AllOutVariant::Strong,
        strike: strike(B),
        advance: 0,
    };
    // attack 10 (no bonus to hit); damage 4 + 2 = 6 cut = 9 injury; knockdown 10 holds.
    let l = log(
        vec![("A", act.clone())],
        &[10, 4, 10],
        vec![Answer::NoDefense],
    );
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 1);
    assert_eq!(roll(&ev, "attack").target, Some(14));
    assert_eq!(damage(&ev)[0].2, 6);
    assert_eq!(s.fighter(B).hp, 3);
    // A fixed-dice weapon (2d burning) gets no bonus.
    let wand = sheet(
        12,
        12,
        10,
        12,
        "skills = { Wand = 14 }\nweapons = [\"Fire Wand\"]",
    );
    let l = log(vec![("A", act)], &[10, 7, 10], vec![Answer::NoDefense]);
    let (s, ev) = run_steps(duel(&wand, &b()), &l, 1);
    assert_eq!(damage(&ev)[0].2, 7);
    assert_eq!(s.fighter(B).hp, 5);
}

// rule: G-AOA-003, G-DEF-001
#[test]
fn all_out_attack_double_makes_two_attacks_on_one_foe_and_dodge_is_unlimited() {
    let act = Action::AllOutAttack {
        variant: AllOutVariant::Double,
        strike: strike(B),
        advance: 0,
    };
    // attack 10, dodge 8 (succeeds at 8); attack 9, dodge 7 succeeds.
    let l = log(
        vec![("A", act)],
        &[10, 8, 9, 7],
        vec![
            defend(DefenseKind::Dodge, false),
            defend(DefenseKind::Dodge, false),
        ],
    );
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 1);
    assert_eq!(roll_labels(&ev), ["attack", "dodge", "attack", "dodge"]);
    for d in rolls_labelled(&ev, "dodge") {
        assert_eq!(d.target, Some(8));
        assert_eq!(d.verdict, "success");
    }
    assert_eq!(s.fighter(B).hp, 12);
    assert_eq!(maneuvers(&ev), [("A".into(), "G-AOA-003")]);
}

// rule: G-AOA-004, G-FNT-002, G-FNT-003, G-DICE-002
#[test]
fn all_out_attack_feint_then_the_attack_benefits_at_once() {
    let act = Action::AllOutAttack {
        variant: AllOutVariant::Feint,
        strike: strike(B),
        advance: 0,
    };
    // feint 8 vs 14 (by 6), resist 12 vs 13 (by 1): A wins by 5.
    // attack 10; B dodges at 8 - 5 = 3 with 10: fails; damage 1 + 3 = 4 cut = 6.
    let l = log(
        vec![("A", act)],
        &[8, 12, 10, 10, 4],
        vec![defend(DefenseKind::Dodge, false)],
    );
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 1);
    assert_eq!(
        roll_labels(&ev),
        ["feint", "resist feint", "attack", "dodge", "damage"]
    );
    assert_eq!(roll(&ev, "feint").target, Some(14));
    assert_eq!(roll(&ev, "resist feint").target, Some(13));
    let d = roll(&ev, "dodge");
    assert_eq!((d.target, modifier(d, "feinted")), (Some(3), Some(-5)));
    assert_eq!(s.fighter(B).hp, 6);
    assert_eq!(s.fighter(A).feint, None, "the feint is spent");
}

// rule: G-AOA-005, G-TAC-002
#[test]
fn all_out_attack_advances_half_move_straight_ahead_before_the_attack() {
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &a()),
            fighter("B", "b", 0, -3, "s", &b()),
        ],
    );
    let adv = |n| Action::AllOutAttack {
        variant: AllOutVariant::Determined,
        strike: strike(B),
        advance: n,
    };
    // Move 6: half Move is 3; 4 is too far (and would run into B anyway).
    let err = fray_gurps::rules::maneuver::check(&s, A, &adv(4)).unwrap_err();
    assert!(err.reason.contains("half Move (3)"), "{err}");
    assert!(
        fray_gurps::rules::maneuver::check(&s, A, &adv(1)).is_err(),
        "still out of reach"
    );
    // 18 is a critical miss; the Critical Miss Table's 13 leaves A off balance.
    let l = log(vec![("A", adv(2))], &[18, 13], vec![]);
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(s.fighter(A).pose.pos, HexPos::new(0, -2));
    assert_eq!(s.fighter(A).facing(), Facing::N, "no facing change");
    let moved = ev
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::Moved(Moved {
                    why: "advances",
                    ..
                })
            )
        })
        .unwrap();
    let att = ev
        .iter()
        .position(|e| matches!(e, Event::Roll { roll } if roll.label == "attack"))
        .unwrap();
    assert!(moved < att, "the move comes before the attack");
    assert_eq!(roll(&ev, "attack").verdict, "critical failure");
    assert!(s.fighter(A).off_balance());
}

// rule: G-AOA-006, G-TURN-002
#[test]
fn after_all_out_attack_no_defense_until_the_next_turn() {
    let aoa = Action::AllOutAttack {
        variant: AllOutVariant::Determined,
        strike: strike(B),
        advance: 0,
    };
    // A misses (17); B strikes back (10), A has no defense: 1d+2 (B is ST 12
    // too: 1d+3) = 4 -> 6 injury. Round 2: A attacks normally (misses, 16),
    // then B attacks (10) and A may parry again (parry 10 with 9: success).
    let l = log(
        vec![
            ("A", aoa),
            ("B", attack(A)),
            ("A", attack(B)),
            ("B", attack(A)),
        ],
        &[17, 10, 4, 16, 10, 9],
        vec![defend(DefenseKind::Parry, false)],
    );
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 4);
    assert!(notes(&ev).contains(&("A has no active defense".to_string(), "G-TURN-004")));
    assert_eq!(s.fighter(A).hp, 6);
    let p = roll(&ev, "parry");
    assert_eq!((p.target, p.verdict), (Some(10), "success"));
    assert_eq!(s.fighter(A).stance, Stance::Normal);
}

// rule: G-AOD-001
#[test]
fn all_out_defense_increased_adds_two_to_the_chosen_defense() {
    let aod = Action::AllOutDefense {
        variant: DefenseVariant::Increased(DefenseKind::Dodge),
        step: None,
        path: Vec::new(),
    };
    // A does nothing; B defends; A attacks (10) and B dodges at 8 + 2 = 10 (roll 10).
    let l = log(
        vec![("A", Action::DoNothing), ("B", aod), ("A", attack(B))],
        &[10, 10],
        vec![defend(DefenseKind::Dodge, false)],
    );
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 3);
    let d = roll(&ev, "dodge");
    assert_eq!((d.target, d.verdict), (Some(10), "success"));
    assert!(mods(d).contains(&("All-Out Defense".into(), 2, "G-AOD-001")));
    assert_eq!(
        s.fighter(B).stance,
        Stance::IncreasedDefense(DefenseKind::Dodge)
    );
    // The parry is not increased.
    let inc = fray_gurps::rules::defense::Incoming::melee(&s, A, B);
    let opts = fray_gurps::rules::defense::options(&s, &inc, None);
    let parry = opts.iter().find(|o| o.kind == DefenseKind::Parry).unwrap();
    assert_eq!(parry.value, 9);
}

// rule: G-AOD-002
#[test]
fn all_out_defense_double_tries_a_second_different_defense() {
    let aod = Action::AllOutDefense {
        variant: DefenseVariant::Double,
        step: None,
        path: Vec::new(),
    };
    // A attacks (10); B parries at 9 with 12 (fails), then dodges at 8 with 8.
    let l = log(
        vec![("A", Action::DoNothing), ("B", aod), ("A", attack(B))],
        &[10, 12, 8],
        vec![
            defend(DefenseKind::Parry, false),
            defend(DefenseKind::Dodge, false),
        ],
    );
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 3);
    assert_eq!(roll_labels(&ev), ["attack", "parry", "dodge"]);
    assert_eq!(roll(&ev, "parry").verdict, "failure");
    assert_eq!(roll(&ev, "dodge").verdict, "success");
    assert_eq!(s.fighter(B).hp, 12);
}

// rule: G-AOD-002
#[test]
fn double_defense_can_parry_again_with_another_weapon_but_not_the_same() {
    let two = sheet(
        12,
        11,
        10,
        12,
        "skills = { Broadsword = 13, Knife = 13 }\nweapons = [\"Broadsword\", \"Knife\"]",
    );
    let aod = Action::AllOutDefense {
        variant: DefenseVariant::Double,
        step: None,
        path: Vec::new(),
    };
    // Broadsword parry 9 fails (15), then the knife parries at 13/2+3-1 = 8
    // (8); a 1 lb knife parrying a 3 lb sword risks breaking: 1d 3 holds
    // (G-DEF-008).
    let l = log(
        vec![("A", Action::DoNothing), ("B", aod), ("A", attack(B))],
        &[10, 15, 8, 3],
        vec![
            defend(DefenseKind::Parry, false),
            Answer::Defend {
                kind: DefenseKind::Parry,
                weapon: Some(1),
                retreat: false,
                feverish: false,
                acrobatic: false,
                dive: None,
            },
        ],
    );
    let (s, ev) = run_steps(duel(&a(), &two), &l, 3);
    let parries = rolls_labelled(&ev, "parry");
    assert_eq!(
        parries.iter().map(|p| p.target).collect::<Vec<_>>(),
        [Some(9), Some(8)]
    );
    assert_eq!(s.fighter(B).hp, 12);
}

// rule: G-FNT-001
#[test]
fn feint_needs_a_foe_in_reach() {
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &a()),
            fighter("B", "b", 0, -3, "s", &b()),
        ],
    );
    let f = Action::Feint {
        target: B,
        weapon: 0,
        step: None,
    };
    assert!(fray_gurps::rules::maneuver::check(&s, A, &f).is_err());
    assert!(fray_gurps::rules::maneuver::check(&duel(&a(), &b()), A, &f).is_ok());
}

// rule: G-FNT-002, G-FNT-003, G-EXT-004
#[test]
fn feint_margin_comes_off_the_next_attack_next_turn() {
    let f = Action::Feint {
        target: B,
        weapon: 0,
        step: None,
    };
    // Feint 9 vs 14 (by 5), resist 11 vs 13 (by 2): A wins by 3.
    // B does nothing. A attacks (10); B parries at 9 - 3 = 6 with 7: fails;
    // damage 2+3 = 5 -> 7, a major wound (knockdown 10 holds).
    let l = log(
        vec![("A", f), ("B", Action::DoNothing), ("A", attack(B))],
        &[9, 11, 10, 7, 5, 10],
        vec![defend(DefenseKind::Parry, false)],
    );
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 3);
    assert!(notes(&ev).contains(&("the feint wins by 3".into(), "G-FNT-003")));
    let p = roll(&ev, "parry");
    assert_eq!((p.target, modifier(p, "feinted")), (Some(6), Some(-3)));
    assert_eq!(s.fighter(B).hp, 5);
    assert_eq!(s.fighter(A).feint, None);
}

// rule: G-FNT-003, G-EXT-004
#[test]
fn feint_ties_do_nothing_and_unused_feints_lapse() {
    let f = Action::Feint {
        target: B,
        weapon: 0,
        step: None,
    };
    // Tie: 10 vs 14 (by 4) and 9 vs 13 (by 4).
    let l = log(vec![("A", f.clone())], &[10, 9], vec![]);
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 1);
    assert!(notes(&ev).contains(&("the feint fails".into(), "G-FNT-003")));
    assert_eq!(s.fighter(A).feint, None);
    // A win that is not used on the next turn lapses.
    let l = log(
        vec![
            ("A", f),
            ("B", Action::DoNothing),
            ("A", Action::DoNothing),
            ("B", Action::DoNothing),
        ],
        &[5, 14],
        vec![],
    );
    let (s2, _) = run_some(duel(&a(), &b()), &l, 2);
    assert_eq!(s2.fighter(A).feint.map(|f| f.margin), Some(10));
    let (s3, _) = run_some(duel(&a(), &b()), &l, 3);
    assert_eq!(
        s3.fighter(A).feint,
        None,
        "lapses at the end of the next turn"
    );
}

// rule: G-FNT-003, G-AOA-003
#[test]
fn a_feint_helps_both_attacks_of_an_all_out_double() {
    let f = Action::Feint {
        target: B,
        weapon: 0,
        step: None,
    };
    let dbl = Action::AllOutAttack {
        variant: AllOutVariant::Double,
        strike: strike(B),
        advance: 0,
    };
    // Feint wins by 3 (9 vs 14, 11 vs 13). Double: attack 10, dodge 8-3=5 with 5 ok;
    // attack 10, dodge 5 with 5 ok.
    let l = log(
        vec![("A", f), ("B", Action::DoNothing), ("A", dbl)],
        &[9, 11, 10, 5, 10, 5],
        vec![
            defend(DefenseKind::Dodge, false),
            defend(DefenseKind::Dodge, false),
        ],
    );
    let (s, ev) = run_steps(duel(&a(), &b()), &l, 3);
    let d: Vec<_> = rolls_labelled(&ev, "dodge")
        .iter()
        .map(|r| r.target)
        .collect();
    assert_eq!(d, [Some(5), Some(5)]);
    assert_eq!(s.fighter(A).feint, None);
}

// rule: G-DON-001, G-INJ-009
#[test]
fn do_nothing_is_forced_while_stunned() {
    let mut s = duel(&a(), &b());
    s.fighters[1].stun = Some(fray_gurps::model::state::Stun::Physical);
    assert!(fray_gurps::rules::maneuver::check(&s, B, &attack(A)).is_err());
    assert!(fray_gurps::rules::maneuver::check(&s, B, &Action::DoNothing).is_ok());
}

// rule: G-CPO-001, G-POS-011
#[test]
fn change_posture_one_step_at_a_time_without_moving() {
    let mut s = duel(&a(), &b());
    s.fighters[0].posture = Posture::Lying;
    let to = |p| Action::ChangePosture { to: p };
    assert!(fray_gurps::rules::maneuver::check(&s, A, &to(Posture::Standing)).is_err());
    assert!(fray_gurps::rules::maneuver::check(&s, A, &to(Posture::Lying)).is_err());
    let l = log(
        vec![
            ("A", to(Posture::Kneeling)),
            ("B", Action::DoNothing),
            ("A", to(Posture::Standing)),
        ],
        &[],
        vec![],
    );
    let (s2, ev) = run_some(s.clone(), &l, 1);
    assert_eq!(s2.fighter(A).posture, Posture::Kneeling);
    assert_eq!(s2.fighter(A).pose, s.fighter(A).pose);
    assert_eq!(maneuvers(&ev), [("A".into(), "G-CPO-001")]);
    let (s3, _) = run_steps(s, &l, 3);
    assert_eq!(s3.fighter(A).posture, Posture::Standing);
}

// rule: G-RDY-001, G-INJ-008
#[test]
fn ready_picks_a_dropped_weapon_up_again() {
    let mut s = duel(&a(), &b());
    s.fighters[0].weapons[0].set_ready(false);
    s.fighters[0].weapons[0].dropped_at = Some(HexPos::new(0, 0));
    let err = fray_gurps::rules::maneuver::check(&s, A, &attack(B)).unwrap_err();
    assert!(err.reason.contains("not ready"), "{err}");
    let l = log(
        vec![
            ("A", Action::Ready { weapon: 0 }),
            ("B", Action::DoNothing),
            ("A", attack(B)),
        ],
        &[16],
        vec![],
    );
    let (s, ev) = run_steps(s, &l, 3);
    assert!(s.fighter(A).weapons[0].ready());
    assert_eq!(s.fighter(A).weapons[0].dropped_at, None);
    assert_eq!(maneuvers(&ev)[0], ("A".into(), "G-RDY-001"));
    assert_eq!(roll(&ev, "attack").total, 16);
}

// rule: G-RDY-001
#[test]
fn a_weapon_in_another_hex_must_be_reached_first() {
    let mut s = duel(&a(), &b());
    s.fighters[0].weapons[0].set_ready(false);
    s.fighters[0].weapons[0].dropped_at = Some(HexPos::new(1, 0));
    assert!(fray_gurps::rules::maneuver::check(&s, A, &Action::Ready { weapon: 0 }).is_err());
}

// rule: G-MOV-001, G-TAC-002
#[test]
fn move_spends_up_to_full_move() {
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 4, "n", &a()),
            fighter("B", "b", 3, -6, "s", &b()),
        ],
    );
    let mv = |r| Action::Move {
        to: HexPos::new(0, r),
        face: None,
        path: Default::default(),
        posture: None,
    };
    // Move 6: six hexes forward, not seven.
    assert!(fray_gurps::rules::maneuver::check(&s, A, &mv(-3)).is_err());
    let l = log(vec![("A", mv(-2))], &[], vec![]);
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(s.fighter(A).pose.pos, HexPos::new(0, -2));
    assert_eq!(s.fighter(A).moved, 6);
    assert_eq!(maneuvers(&ev), [("A".into(), "G-MOV-001")]);
}

// rule: G-FNT-004, G-DEF-005
#[test]
fn parrying_with_an_unbalanced_weapon_after_a_feint_throws_the_follow_up_away() {
    let axeman = sheet(
        12,
        12,
        10,
        12,
        "skills = { \"Axe/Mace\" = 14 }\nweapons = [\"Axe\"]",
    );
    let feint = Action::Feint {
        target: B,
        weapon: 0,
        step: None,
    };
    // A feints (9 vs 14, by 5; B 11 vs 13, by 2): A wins by 3. B attacks (10)
    // and A parries with the axe (5).
    let l = log(
        vec![("A", feint), ("B", attack(A))],
        &[9, 11, 10, 5],
        vec![defend(DefenseKind::Parry, false)],
    );
    let (mut s, _) = run_steps(duel(&axeman, &b()), &l, 2);
    assert!(s.fighter(A).feint.is_some());
    // On A's next turn the axe that parried cannot attack: the feint is wasted.
    let next = log(vec![("A", attack(B))], &[], vec![]);
    let mut oracle = fray_core::InputOracle::strict(&next);
    let mut sink = fray_core::VecSink::default();
    let err = fray_core::engine::step::<fray_gurps::Gurps, _, _>(&mut s, &mut oracle, &mut sink)
        .unwrap_err();
    assert!(err.to_string().contains("unbalanced"), "{err}");
}
