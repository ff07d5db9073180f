//! Active defenses, arcs, retreats and postures, with scripted dice.

use crate::common::*;
use fray_core::grid::{Facing, HexPos};
use fray_gurps::model::action::{Action, AllOutVariant, Answer};
use fray_gurps::model::state::{DefenseKind, Posture, State, Stun};
use fray_gurps::rules::attack::to_hit;
use fray_gurps::rules::defense::{Incoming, options};

fn a() -> String {
    swordsman(12, 14)
}
/// DX 11, Broadsword-13, Shield-12, medium shield (DB 2): Dodge 8, Parry 9, Block 9.
fn knight(extra: &str) -> String {
    sheet(
        12,
        11,
        10,
        12,
        &format!(
            "skills = {{ Broadsword = 13, Shield = 12 }}\nweapons = [\"Broadsword\"]\nshield = \"Medium Shield\"\n{extra}"
        ),
    )
}

/// (kind, value, with_retreat) of every option.
fn opts(
    s: &State,
    att: fray_core::CombatantId,
    def: fray_core::CombatantId,
) -> Vec<(DefenseKind, i32, Option<i32>)> {
    options(s, &Incoming::melee(s, att, def), None)
        .iter()
        .map(|o| (o.kind, o.value, o.with_retreat))
        .collect()
}

/// (kind, value) of every option.
fn vals(
    s: &State,
    att: fray_core::CombatantId,
    def: fray_core::CombatantId,
) -> Vec<(DefenseKind, i32)> {
    opts(s, att, def)
        .into_iter()
        .map(|(k, v, _)| (k, v))
        .collect()
}

fn double(target: fray_core::CombatantId) -> Action {
    Action::AllOutAttack {
        variant: AllOutVariant::Double,
        strike: strike(target),
        advance: 0,
    }
}

use DefenseKind::{Block, Dodge, Parry};

// rule: G-DEF-001, G-EXT-013, G-EXT-014
#[test]
fn dodge_is_speed_plus_three_minus_encumbrance() {
    // ST 12: Basic Lift 29 lb; sword 3 + 40 lb = 43 lb is Light (1).
    let loaded = sheet(
        12,
        11,
        10,
        12,
        "skills = { Broadsword = 13 }\nweapons = [\"Broadsword\"]\nextra_weight = 40",
    );
    let s = duel(&a(), &loaded);
    let st = &s.fighter(B).stats;
    assert_eq!((st.hp, st.fp, st.will, st.per), (12, 12, 10, 10));
    assert_eq!(
        (st.speed_quarters, st.encumbrance, st.move_, st.dodge),
        (23, 1, 4, 7)
    );
    let l = log(vec![("A", attack(B))], &[10, 7], vec![defend(Dodge, false)]);
    let (_, ev) = run_steps(s, &l, 1);
    let d = roll(&ev, "dodge");
    assert_eq!((d.target, d.verdict), (Some(7), "success"));
    assert_eq!(mods(d), [("Dodge".into(), 7, "G-DEF-001")]);
}

// rule: G-DEF-002, G-DEF-006, G-DEF-007, G-DEF-014
#[test]
fn defenses_by_arc_parry_weapon_side_block_and_db_shield_side() {
    let s = state(
        "",
        &[
            fighter("D", "d", 0, 0, "n", &knight("")),
            fighter("F", "x", 0, -1, "s", &a()),
            fighter("R", "x", 1, 0, "nw", &a()),
            fighter("L", "x", -1, 1, "ne", &a()),
            fighter("Bk", "x", 0, 1, "n", &a()),
        ],
    );
    let d = fray_core::CombatantId(0);
    let (f, r, l, bk) = (
        fray_core::CombatantId(1),
        fray_core::CombatantId(2),
        fray_core::CombatantId(3),
        fray_core::CombatantId(4),
    );
    // Front: every defense, +2 DB.
    assert_eq!(vals(&s, f, d), [(Dodge, 10), (Parry, 11), (Block, 11)]);
    // Right (weapon) side: -2, parry but no block, no DB.
    assert_eq!(vals(&s, r, d), [(Dodge, 6), (Parry, 7)]);
    // Left (shield) side: -2, block and DB, no parry.
    assert_eq!(vals(&s, l, d), [(Dodge, 8), (Block, 9)]);
    // From a foe that started its turn in the back hex: Dodge only at -4, no DB.
    assert_eq!(vals(&s, bk, d), [(Dodge, 4)]);
}

// rule: G-DEF-014
#[test]
fn rear_attacks_circling_basic_option_and_peripheral_vision() {
    let mk = |opt: &str, extra: &str| {
        state(
            opt,
            &[
                fighter("D", "d", 0, 0, "n", &knight(extra)),
                fighter("Bk", "x", 0, 1, "n", &a()),
                fighter("R", "x", 1, 0, "nw", &a()),
            ],
        )
    };
    let d = fray_core::CombatantId(0);
    let (bk, r) = (fray_core::CombatantId(1), fray_core::CombatantId(2));
    // opt rear_attacks=basic: no defense at all.
    assert_eq!(vals(&mk("rear_attacks = \"basic\"", ""), bk, d), []);
    // Peripheral Vision: side attacks at no penalty, rear dodge at -2.
    let pv = mk("", "traits = [\"peripheral_vision\"]");
    assert_eq!(vals(&pv, bk, d), [(Dodge, 6)]);
    assert_eq!(vals(&pv, r, d)[0], (Dodge, 8));
    // A foe that circled behind during its turn: -2 to every defense from there.
    let mut s = mk("", "");
    s.fighters[1].turn_start = HexPos::new(0, -1);
    assert_eq!(vals(&s, bk, d), [(Dodge, 6)]);
}

// rule: G-DEF-003
#[test]
fn each_further_parry_is_four_worse() {
    // AOA Double: attack 10, parry 9 with 9; attack 10, parry 9-4 = 5 with 5.
    let l = log(
        vec![("A", double(B))],
        &[10, 9, 10, 5],
        vec![defend(Parry, false), defend(Parry, false)],
    );
    let (s, ev) = run_steps(duel(&a(), &swordsman(11, 13)), &l, 1);
    let p = rolls_labelled(&ev, "parry");
    assert_eq!((p[0].target, p[1].target), (Some(9), Some(5)));
    assert_eq!(modifier(p[1], "earlier parries"), Some(-4));
    assert_eq!(s.fighter(B).hp, 12);
    // The count starts over on B's own turn (G-EXT-017).
    let l2 = log(
        vec![("A", double(B)), ("B", Action::DoNothing)],
        &[10, 9, 10, 5],
        vec![defend(Parry, false), defend(Parry, false)],
    );
    let (s2, _) = run_steps(duel(&a(), &swordsman(11, 13)), &l2, 2);
    assert_eq!(s2.fighter(B).weapons[0].parries(), 0);
}

// rule: G-DEF-003, G-DEF-004, G-DEF-009
#[test]
fn fencing_weapons_parry_again_at_minus_two_and_retreat_for_three() {
    let fencer = sheet(
        10,
        11,
        10,
        12,
        "skills = { Rapier = 13 }\nweapons = [\"Rapier\"]",
    );
    let mut s = duel(&a(), &fencer);
    assert_eq!(opts(&s, A, B)[1], (Parry, 9, Some(12)));
    s.fighters[1].weapons[0].set_parries(1);
    assert_eq!(opts(&s, A, B)[1], (Parry, 7, Some(10)));
    s.fighters[1]
        .stats
        .traits
        .insert(fray_gurps::model::sheet::Trait::WeaponMaster);
    assert_eq!(opts(&s, A, B)[1], (Parry, 8, Some(11)));
    // Encumbrance counts against fencing parries.
    s.fighters[1].weapons[0].set_parries(0);
    s.fighters[1].stats.encumbrance = 2;
    assert_eq!(opts(&s, A, B)[1].1, 7);
}

// rule: G-DEF-005
#[test]
fn an_unbalanced_weapon_cannot_attack_and_parry_in_one_turn() {
    let axeman = sheet(
        12,
        11,
        10,
        12,
        "skills = { \"Axe/Mace\" = 13 }\nweapons = [\"Axe\"]",
    );
    // A waits; B swings and misses (16); then B's axe cannot parry.
    let l = log(
        vec![("A", Action::DoNothing), ("B", attack(A))],
        &[16],
        vec![],
    );
    let (s, _) = run_steps(duel(&a(), &axeman), &l, 2);
    assert_eq!(opts(&s, A, B), [(Dodge, 8, Some(11))]);
    // An axe that parried cannot attack on its wielder's next turn.
    let l = log(
        vec![("A", attack(B)), ("B", attack(A))],
        &[10, 9],
        vec![defend(Parry, false)],
    );
    let mut st = duel(&a(), &axeman);
    let mut oracle = fray_core::InputOracle::strict(&l);
    let mut sink = fray_core::VecSink::default();
    fray_core::engine::step::<fray_gurps::Gurps, _, _>(&mut st, &mut oracle, &mut sink).unwrap();
    assert_eq!(roll(&sink.events, "parry").verdict, "success");
    let err = fray_core::engine::step::<fray_gurps::Gurps, _, _>(&mut st, &mut oracle, &mut sink)
        .unwrap_err();
    assert!(err.to_string().contains("unbalanced"), "{err}");
}

// rule: G-DEF-006, G-DEF-007, G-EXT-017
#[test]
fn block_once_per_turn_and_the_shield_adds_db_to_other_defenses() {
    // Double: attack 10, block 11 with 11; attack 10: no block left, dodge 10 with 10.
    let l = log(
        vec![("A", double(B)), ("B", Action::DoNothing)],
        &[10, 11, 10, 10],
        vec![defend(Block, false), defend(Dodge, false)],
    );
    let (s, ev) = run_some(duel(&a(), &knight("")), &l, 1);
    let b = roll(&ev, "block");
    assert_eq!(
        mods(b),
        [
            ("Block".into(), 9, "G-DEF-006"),
            ("shield DB".into(), 2, "G-DEF-007")
        ]
    );
    assert_eq!(roll(&ev, "dodge").target, Some(10));
    assert!(s.fighter(B).blocked());
    assert!(opts(&s, A, B).iter().all(|o| o.0 != Block));
    let (s2, _) = run_steps(duel(&a(), &knight("")), &l, 2);
    assert!(
        !s2.fighter(B).blocked(),
        "blocks renew at the start of B's turn"
    );
}

// rule: G-DEF-009
#[test]
fn retreat_steps_straight_back_for_plus_three_dodge() {
    let l = log(vec![("A", attack(B))], &[10, 11], vec![defend(Dodge, true)]);
    let (s, ev) = run_steps(duel(&a(), &swordsman(11, 13)), &l, 1);
    let d = roll(&ev, "dodge");
    assert_eq!((d.target, modifier(d, "retreat")), (Some(11), Some(3)));
    assert_eq!(s.fighter(B).pose.pos, HexPos::new(0, -2));
    assert_eq!(s.fighter(B).facing(), Facing::S);
    // Parry and Block retreat for +1.
    let k = duel(&a(), &knight(""));
    assert_eq!(
        opts(&k, A, B),
        [
            (Dodge, 10, Some(13)),
            (Parry, 11, Some(12)),
            (Block, 11, Some(12))
        ]
    );
}

// rule: G-DEF-010
#[test]
fn one_retreat_per_turn_covers_every_attack_of_that_attacker() {
    let spear = sheet(
        12,
        12,
        10,
        12,
        "skills = { Spear = 14 }\nweapons = [\"Spear\"]",
    );
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &spear),
            fighter("B", "b", 0, -1, "s", &swordsman(11, 13)),
            fighter("C", "a", 1, -2, "sw", &swordsman(10, 14)),
        ],
    );
    // Double with a reach-2 spear: B retreats from the first (11 vs 11), and
    // keeps the +3 against the second without moving again (11 vs 11).
    let l = log(
        vec![("A", double(B))],
        &[10, 11, 10, 11],
        vec![defend(Dodge, true), defend(Dodge, true)],
    );
    let (s, ev) = run_steps(s, &l, 1);
    let d = rolls_labelled(&ev, "dodge");
    assert_eq!((d[0].target, d[1].target), (Some(11), Some(11)));
    assert_eq!(modifier(d[1], "retreat"), Some(3));
    let retreats = ev
        .iter()
        .filter(|e| {
            matches!(
                e,
                fray_gurps::model::event::Event::Moved(fray_gurps::model::event::Moved {
                    why: "retreats",
                    ..
                })
            )
        })
        .count();
    assert_eq!(retreats, 1);
    assert_eq!(s.fighter(B).pose.pos, HexPos::new(0, -2));
    // Against another attacker, no second retreat this turn.
    assert!(opts(&s, C, B).iter().all(|o| o.2.is_none()));
}

// rule: G-DEF-010, G-DEF-015, G-POS-004, G-POS-005
#[test]
fn no_retreat_while_stunned_kneeling_or_sitting() {
    for p in [Posture::Kneeling, Posture::Sitting] {
        let mut s = duel(&a(), &swordsman(11, 13));
        s.fighters[1].posture = p;
        assert_eq!(opts(&s, A, B)[0], (Dodge, 6, None), "{p:?}");
    }
    let mut s = duel(&a(), &swordsman(11, 13));
    s.fighters[1].stun = Some(Stun::Physical);
    assert_eq!(opts(&s, A, B), [(Dodge, 4, None), (Parry, 5, None)]);
}

// rule: G-DEF-015, G-INJ-009, G-INJ-010, G-DON-001
#[test]
fn stun_gives_minus_four_until_the_next_turn_even_after_recovery() {
    let mut s = duel(&a(), &swordsman(11, 13));
    s.fighters[1].stun = Some(Stun::Physical);
    // A attacks (10), B dodges at 4 (4, a critical success: A rolls 13 on the
    // Critical Miss Table, off balance, G-EXT-011). B must Do Nothing: HT 12
    // roll 10 recovers. A attacks (10): still -4 (dodge 4 with 4, A off
    // balance again). B's turn. A attacks (10): dodge 8 with 8.
    let l = log(
        vec![
            ("A", attack(B)),
            ("B", Action::DoNothing),
            ("A", attack(B)),
            ("B", Action::DoNothing),
            ("A", attack(B)),
        ],
        &[10, 4, 13, 10, 10, 4, 13, 10, 8],
        vec![
            defend(Dodge, false),
            defend(Dodge, false),
            defend(Dodge, false),
        ],
    );
    let (s, ev) = run_steps(s, &l, 5);
    let d: Vec<_> = rolls_labelled(&ev, "dodge")
        .iter()
        .map(|r| r.target)
        .collect();
    assert_eq!(d, [Some(4), Some(4), Some(8)]);
    assert_eq!(
        modifier(rolls_labelled(&ev, "dodge")[1], "stunned"),
        Some(-4)
    );
    let rec = roll(&ev, "recover from stun");
    assert_eq!(
        (rec.target, rec.rule, rec.verdict),
        (Some(12), "G-INJ-010", "success")
    );
    assert_eq!(s.fighter(B).stun, None);
    assert_eq!(s.fighter(B).hp, 12);
}

// rule: G-INJ-010
#[test]
fn a_failed_recovery_roll_keeps_the_stun_and_mental_stun_rolls_iq() {
    let mut s = duel(&a(), &swordsman(11, 13));
    s.fighters[1].stun = Some(Stun::Physical);
    let l = log(
        vec![("A", Action::DoNothing), ("B", Action::DoNothing)],
        &[13],
        vec![],
    );
    let (s2, _) = run_steps(s.clone(), &l, 2);
    assert_eq!(s2.fighter(B).stun, Some(Stun::Physical));
    // rule: G-EXT-027 (High Pain Threshold: +3 to recover from a physical stun)
    let mut hpt = s.clone();
    hpt.fighters[1]
        .stats
        .traits
        .insert(fray_gurps::model::sheet::Trait::HighPainThreshold);
    let (s2, ev) = run_steps(hpt, &l, 2);
    assert_eq!(roll(&ev, "recover from stun").target, Some(15));
    assert_eq!(s2.fighter(B).stun, None);
    // Mental stun: IQ 10 + 6 for Combat Reflexes.
    s.fighters[1].stun = Some(Stun::Mental);
    s.fighters[1]
        .stats
        .traits
        .insert(fray_gurps::model::sheet::Trait::CombatReflexes);
    let l = log(
        vec![("A", Action::DoNothing), ("B", Action::DoNothing)],
        &[16],
        vec![],
    );
    let (s3, ev) = run_steps(s, &l, 2);
    let r = roll(&ev, "recover from stun");
    assert_eq!(r.target, Some(16));
    assert_eq!(modifier(r, "Combat Reflexes"), Some(6));
    assert_eq!(s3.fighter(B).stun, None);
}

// rule: G-EXT-016
#[test]
fn combat_reflexes_add_one_to_every_defense() {
    let s = duel(&a(), &knight("traits = [\"combat_reflexes\"]"));
    assert_eq!(
        opts(&s, A, B),
        [
            (Dodge, 11, Some(14)),
            (Parry, 12, Some(13)),
            (Block, 12, Some(13))
        ]
    );
}

// rule: G-EXT-011
#[test]
fn a_critically_failed_dodge_drops_the_defender_prone() {
    // attack 10; dodge 18 (critical failure); damage 4 -> 6 injury.
    let l = log(
        vec![("A", attack(B))],
        &[10, 18, 4],
        vec![defend(Dodge, false)],
    );
    let (s, ev) = run_steps(duel(&a(), &swordsman(11, 13)), &l, 1);
    assert_eq!(roll(&ev, "dodge").verdict, "critical failure");
    assert_eq!(s.fighter(B).posture, Posture::Lying);
    assert!(conditions(&ev).iter().any(|c| c.2 == "G-EXT-011"));
    assert_eq!(s.fighter(B).hp, 6);
}

// rule: G-EXT-011, G-RDY-001
#[test]
fn a_critically_failed_block_loses_the_shield_until_readied() {
    // attack 10; block 18; damage 4 -> 6. B readies the shield again.
    let l = log(
        vec![("A", attack(B)), ("B", Action::ReadyShield)],
        &[10, 18, 4],
        vec![defend(Block, false)],
    );
    let (s, ev) = run_some(duel(&a(), &knight("")), &l, 1);
    assert!(!s.fighter(B).shield.as_ref().unwrap().ready);
    assert!(
        conditions(&ev)
            .iter()
            .any(|c| c.1 == "loses the grip on the shield")
    );
    // Without the shield: no block, no DB.
    assert_eq!(opts(&s, A, B), [(Dodge, 8, Some(11)), (Parry, 9, Some(10))]);
    let (s, _) = run_steps(duel(&a(), &knight("")), &l, 2);
    assert!(s.fighter(B).shield.as_ref().unwrap().ready);
    assert_eq!(opts(&s, A, B)[0].1, 10);
}

// rule: G-POS-001, G-POS-002, G-POS-003, G-POS-004, G-POS-005, G-POS-006, G-POS-007
#[test]
fn posture_modifies_own_attacks_and_defenses() {
    let cases = [
        (Posture::Standing, 0, 8),
        (Posture::Crouching, -2, 8),
        (Posture::Kneeling, -2, 6),
        (Posture::Sitting, -2, 6),
        (Posture::Crawling, -4, 5),
        (Posture::Lying, -4, 5),
    ];
    for (p, att, dodge) in cases {
        let mut s = duel(&swordsman(11, 13), &a());
        s.fighters[0].posture = p;
        let m: fray_core::ModList =
            to_hit(&s, A, &strike(B), fray_gurps::rules::attack::How::ATTACK);
        assert_eq!(m.total(), 13 + att, "{p:?}");
        assert_eq!(opts(&s, B, A)[0].1, dodge, "{p:?}");
    }
}

// rule: G-POS-001, G-POS-004
#[test]
fn a_kneeling_attacker_rolls_at_minus_two() {
    let mut s = duel(&a(), &swordsman(11, 13));
    s.fighters[0].posture = Posture::Kneeling;
    let l = log(vec![("A", attack(B))], &[13], vec![]);
    let (_, ev) = run_steps(s, &l, 1);
    let r = roll(&ev, "attack");
    assert_eq!((r.target, r.verdict), (Some(12), "failure"));
    assert!(mods(r).contains(&("posture".into(), -2, "G-POS-001")));
}

// rule: G-POS-006, G-POS-007
#[test]
fn crawling_and_lying_fighters_strike_at_reach_c_only() {
    for p in [Posture::Crawling, Posture::Lying] {
        let mut s = duel(&a(), &swordsman(11, 13));
        s.fighters[0].posture = p;
        let err = fray_gurps::rules::maneuver::check(&s, A, &attack(B)).unwrap_err();
        assert!(err.reason.contains("reaches"), "{err}");
        // A knife (reach C) still reaches the next hex.
        let knifer = sheet(
            12,
            12,
            10,
            12,
            "skills = { Knife = 14 }\nweapons = [\"Knife\"]",
        );
        let mut s = duel(&knifer, &swordsman(11, 13));
        s.fighters[0].posture = p;
        assert!(fray_gurps::rules::maneuver::check(&s, A, &attack(B)).is_ok());
    }
}

// rule: G-DEF-002
#[test]
fn a_defense_answer_without_a_weapon_parries_with_the_best_one() {
    let l = log(
        vec![("A", attack(B))],
        &[10, 9],
        vec![Answer::Defend {
            kind: Parry,
            weapon: None,
            retreat: false,
            feverish: false,
            acrobatic: false,
            dive: None,
        }],
    );
    let (s, ev) = run_steps(duel(&a(), &swordsman(11, 13)), &l, 1);
    assert_eq!(roll(&ev, "parry").verdict, "success");
    assert_eq!(s.fighter(B).weapons[0].parries(), 1);
}

// rule: G-DEF-009, G-DEF-014
// A retreat reads the board where it ends: straight away from an attacker
// in the next hex the attack still comes from the arc it came from (the
// back too, where the attacker's turn start is read again), and a step
// turned aside (the hex straight back held) is read at its new hex. Debug
// builds check the board kept after a straight step against a fresh read.
#[test]
fn a_retreat_reads_the_attacks_arc_where_it_ends() {
    for facing in ["s", "n", "se", "nw"] {
        let l = log(vec![("A", attack(B))], &[10, 5], vec![defend(Dodge, true)]);
        // Dice for the blow when the dodge standing fails.
        let dice = [10, 5, 4, 4, 4, 4, 4, 4, 4, 4];
        let standing = log(vec![("A", attack(B))], &dice, vec![defend(Dodge, false)]);
        let b = || fighter("B", "b", 0, -1, facing, &swordsman(11, 13));
        let field = || state("", &[fighter("A", "a", 0, 0, "n", &a()), b()]);
        let (s, ev) = run_steps(field(), &l, 1);
        let (_, still) = run_some(field(), &standing, 1);
        let d = roll(&ev, "dodge");
        assert_eq!(s.fighter(B).pose.pos, HexPos::new(0, -2), "{facing}");
        assert_eq!(modifier(d, "retreat"), Some(3), "{facing}");
        assert_eq!(
            d.target.map(|t| t - 3),
            roll(&still, "dodge").target,
            "{facing}: the same board two hexes away"
        );
    }
    // The hex straight back held by a friend: the step turns aside.
    let s = state(
        "",
        &[
            fighter("A", "a", 0, 0, "n", &a()),
            fighter("B", "b", 0, -1, "s", &swordsman(11, 13)),
            fighter("C", "b", 0, -2, "s", &swordsman(10, 10)),
        ],
    );
    let l = log(vec![("A", attack(B))], &[10, 11], vec![defend(Dodge, true)]);
    let (s, ev) = run_steps(s, &l, 1);
    let at = s.fighter(B).pose.pos;
    assert!(at != HexPos::new(0, -1) && at != HexPos::new(0, -2), "{at}");
    assert_eq!(at.distance(HexPos::ORIGIN), 2);
    assert_eq!(modifier(roll(&ev, "dodge"), "retreat"), Some(3));
}
