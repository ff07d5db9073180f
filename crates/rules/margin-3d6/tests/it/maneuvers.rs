//! Maneuvers and their modifiers (M-MEL, M-ROA, M-AOD, M-PAT, M-PDF, M-MOD).

use crate::common::*;
use fray_core::Total;
use fray_core::grid::HexPos;
use fray_margin_3d6::model::action::{
    Action, AllOut, Answer, ChargeOption, DefenseKind, Strike, Unarmed,
};
use fray_margin_3d6::model::event::Event;
use fray_margin_3d6::model::location::{Limb, Location};
use fray_margin_3d6::model::state::{AodKind, Posture, ShieldState, State};
use fray_margin_3d6::rules::attack::{HitCtx, heavy_penalty, to_hit};
use fray_margin_3d6::rules::defense::{Threat, options};
use fray_margin_3d6::rules::maneuver::{check, move_allowance};

fn big() -> String {
    sheet(10, 10, 12, "hp = 200")
}

fn hit(s: &State, st: &Strike, ctx: HitCtx) -> i32 {
    let mut m = Total::default();
    to_hit(s, A, st, s.fighter(A).pos, ctx, &mut m);
    m.0
}

fn attack_targets(ev: &[Event]) -> Vec<i32> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Roll(r) if r.label == "attack" => r.target,
            _ => None,
        })
        .collect()
}

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

#[test]
fn all_out_attack_m_mel_002_m_mel_001() {
    // rule: M-MEL-002, M-MEL-001
    let mut s = duel(&swordsman(), &big());
    let ev = act(
        &mut s,
        A,
        Action::AllOutAttack {
            strike: Strike::at(B),
            bonus: AllOut::Skill,
        },
        &[13, 10],
        &[Answer::NoDefense],
    );
    assert_eq!(attack_targets(&ev), vec![18]);
    assert_eq!(lost(&s, B), 15);
    assert!(options(&s, A, &threat(HexPos::new(0, -1))).0.is_empty());
    let mut s = duel(&swordsman(), &big());
    act(
        &mut s,
        A,
        Action::AllOutAttack {
            strike: Strike::at(B),
            bonus: AllOut::Damage,
        },
        &[11, 10],
        &[Answer::NoDefense],
    );
    assert_eq!(lost(&s, B), 18);
    // The step before an attack is at most ½ MV (6 / 2 = 3).
    let s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 0, -6, "s", &big()),
    ]);
    let mut far = Strike::at(B);
    far.to = Some(HexPos::new(0, -4));
    assert_eq!(
        check(&s, A, &Action::Attack(far)).unwrap_err().rule,
        "M-MEL-001"
    );
    far.to = Some(HexPos::new(0, -3));
    assert_eq!(
        check(&s, A, &Action::Attack(far)).unwrap_err().rule,
        "M-FLO-006"
    );
}

#[test]
fn wild_swing_at_the_rear_m_mel_003() {
    // rule: M-MEL-003
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 0, 1, "n", &big()),
    ]);
    assert!(check(&s, A, &attack(B)).is_err());
    let mut at = Strike::at(B);
    at.location = Some(Location::Head);
    assert_eq!(
        check(&s, A, &Action::WildSwing(at)).unwrap_err().rule,
        "M-MEL-003"
    );
    let ev = act(
        &mut s,
        A,
        Action::WildSwing(Strike::at(B)),
        &[9],
        &[Answer::NoDefense],
    );
    assert_eq!(attack_targets(&ev), vec![9]);
    assert_eq!(lost(&s, B), 3);
}

#[test]
fn two_weapon_attack_m_mel_004_m_mel_005_m_roa_007_m_pat_002() {
    // rule: M-MEL-004, M-MEL-005, M-ROA-007, M-PAT-002
    let two = "skills = { broadsword = 14, knife = 14 }\nweapons = [\"Broadsword\", \"Knife\"]";
    let mut s = duel(&sheet(12, 12, 12, two), &big());
    let a = Action::TwoWeaponAttack {
        target: B,
        first: 0,
        second: 1,
    };
    let ev = act(&mut s, A, a.clone(), &[16, 16], &[]);
    // Medium -4; small -2 and the off hand -4.
    assert_eq!(attack_targets(&ev), vec![10, 8]);
    let mut s = duel(
        &sheet(12, 12, 12, &format!("{two}\ntraits = [\"ambidexterity\"]")),
        &big(),
    );
    let ev = act(&mut s, A, a, &[16, 16], &[]);
    assert_eq!(attack_targets(&ev), vec![10, 12]);
}

#[test]
fn all_out_charge_m_mel_008_m_mel_009() {
    // rule: M-MEL-008, M-MEL-009
    let mut st = Strike::at(B);
    st.to = Some(HexPos::new(0, -3));
    let charge = Action::AllOutCharge {
        strike: st,
        option: ChargeOption::Attack,
    };
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 0, -4, "s", &big()),
    ]);
    let ev = act(&mut s, A, charge.clone(), &[16], &[]);
    assert_eq!(attack_targets(&ev), vec![13]);
    assert!(s.fighter(A).guard.no_active);
    // The charger ends in the foe's hex, the last hex of its move.
    assert_eq!(s.fighter(A).pos, s.fighter(B).pos);
    assert_eq!(s.fighter(A).moved, 4);
    // Across bad footing: a DX roll; failing it, it falls and does not attack.
    let rough = "[[map.terrain]]\nterrain = \"bad_footing\"\nhexes = [{ q = 0, r = -2 }]";
    let mut s = state_with(
        "",
        rough,
        &[
            fighter("A", "a", 0, 0, "n", &swordsman()),
            fighter("B", "b", 0, -4, "s", &big()),
        ],
    );
    act(&mut s, A, charge, &[13], &[]);
    assert_eq!(s.fighter(A).posture, Posture::Lying);
    // A tripped charger falls in the last hex reached, short of the foe.
    assert_eq!(s.fighter(A).pos, HexPos::new(0, -3));
    // The target dodges a charge at +2; the strong option: -3 for +2 damage.
    let s = duel(&swordsman(), &big());
    let mut t = threat(HexPos::new(0, 0));
    let plain = options(&s, B, &t).0[0].target;
    t.charge = true;
    assert_eq!(options(&s, B, &t).0[0].target, plain + 2);
    let strong = HitCtx {
        charge: -3,
        ..HitCtx::default()
    };
    assert_eq!(hit(&s, &Strike::at(B), strong), 11);
}

#[test]
fn shield_bash_m_mel_010() {
    // rule: M-MEL-010
    let knight = "skills = { broadsword = 14, shield = 13 }\nweapons = [\"Broadsword\"]\nshield = \"Medium Shield\"";
    let mut bash = Strike::at(B);
    bash.unarmed = Some(Unarmed::ShieldBash);
    let s = duel(
        &sheet(12, 12, 12, knight),
        &sheet(10, 10, 12, "skills = { knife = 12 }\nweapons = [\"Knife\"]"),
    );
    assert_eq!(hit(&s, &bash, HitCtx::default()), 13);
    let b = fray_margin_3d6::rules::damage::basic(s.fighter(A), &bash, 0, &s.options);
    assert_eq!(b.damage, 5);
    let mut t = threat(HexPos::new(0, 0));
    t.bash = true;
    t.parried = -2;
    assert!(
        options(&s, B, &t)
            .0
            .iter()
            .all(|o| o.kind != DefenseKind::Parry)
    );
    let s = duel(
        &sheet(12, 12, 12, knight),
        &sheet(
            10,
            10,
            12,
            "skills = { broadsword = 12 }\nweapons = [\"Broadsword\"]",
        ),
    );
    let parry = options(&s, B, &t)
        .0
        .iter()
        .find(|o| o.kind == DefenseKind::Parry)
        .map(|o| o.target);
    assert_eq!(parry, Some(6 - 2));
}

#[test]
fn feint_takes_successes_off_the_defense_m_mel_006_m_mel_007_m_flo_005() {
    // rule: M-MEL-006, M-MEL-007, M-FLO-005
    let defender = "skills = { broadsword = 12, shield = 12 }\nweapons = [\"Broadsword\"]\nshield = \"Medium Shield\"";
    let mut s = duel(&swordsman(), &sheet(10, 10, 12, defender));
    // 8 vs 14: 6 successes; 10 vs 12: 2: the feinter wins by 4.
    act(
        &mut s,
        A,
        Action::Feint {
            target: B,
            weapon: 0,
        },
        &[8, 10],
        &[],
    );
    assert_eq!(s.fighter(B).feinted.map(|f| f.1), Some(4));
    let block = options(&s, B, &threat(HexPos::new(0, 0)))
        .0
        .iter()
        .find(|o| o.kind == DefenseKind::Block)
        .unwrap()
        .target;
    assert_eq!(block, 12 - 4);
    // Nobody wins: nothing changes.
    let mut s = duel(&swordsman(), &sheet(10, 10, 12, defender));
    act(
        &mut s,
        A,
        Action::Feint {
            target: B,
            weapon: 0,
        },
        &[10, 8],
        &[],
    );
    assert_eq!(s.fighter(B).feinted, None);
    // An unconscious target cannot see a feint.
    let mut s = duel(&swordsman(), &sheet(10, 10, 12, defender));
    s.fighters[1].life = fray_margin_3d6::model::state::Life::Unconscious;
    assert!(
        check(
            &s,
            A,
            &Action::Feint {
                target: B,
                weapon: 0
            }
        )
        .is_err()
    );
}

#[test]
fn ready_weapon_and_shield_m_mel_012_m_mel_013() {
    // rule: M-MEL-012, M-MEL-013, M-DEF-007
    let knight = "skills = { broadsword = 14, shield = 13 }\nweapons = [\"Broadsword\"]\nshield = \"Medium Shield\"";
    let mut s = duel(&sheet(12, 12, 12, knight), &big());
    s.fighters[0].weapons[0].ready = false;
    assert_eq!(check(&s, A, &attack(B)).unwrap_err().rule, "M-MEL-012");
    act(
        &mut s,
        A,
        Action::ReadyWeapon {
            weapon: 0,
            to: None,
        },
        &[],
        &[],
    );
    assert!(s.fighter(A).weapons[0].ready);
    // From the back: three rounds for PD 3.
    s.fighters[0].shield.as_mut().unwrap().state = ShieldState::Back;
    for _ in 0..2 {
        act(&mut s, A, Action::ReadyShield, &[], &[]);
        assert_eq!(
            s.fighter(A).shield.as_ref().unwrap().state,
            ShieldState::Back
        );
    }
    act(&mut s, A, Action::ReadyShield, &[], &[]);
    assert_eq!(
        s.fighter(A).shield.as_ref().unwrap().state,
        ShieldState::Ready
    );
    // Tangled: one round.
    s.fighters[0].shield.as_mut().unwrap().state = ShieldState::Tangled;
    act(&mut s, A, Action::ReadyShield, &[], &[]);
    assert_eq!(
        s.fighter(A).shield.as_ref().unwrap().state,
        ShieldState::Ready
    );
}

#[test]
fn heavy_and_one_and_a_half_handed_weapons_m_roa_001_m_roa_002_m_roa_003() {
    // rule: M-ROA-001, M-ROA-002
    let mut s = duel(
        &sheet(
            13,
            12,
            12,
            "skills = { two_handed_sword = 14 }\nweapons = [\"Greatsword\"]",
        ),
        &big(),
    );
    s.round = 2;
    s.fighters[0].weapons[0].last_attack = Some(1);
    let f = s.fighter(A);
    assert_eq!(heavy_penalty(f, &f.weapons[0], 2), -2);
    assert_eq!(heavy_penalty(f, &f.weapons[0], 3), 0);
    // rule: M-ROA-003
    let mut s = duel(
        &sheet(
            12,
            12,
            12,
            "skills = { broadsword = 12 }\nweapons = [\"Bastard Sword\"]",
        ),
        &big(),
    );
    act(&mut s, A, attack(B), &[16], &[]);
    assert!(!s.fighter(A).weapons[0].ready);
    assert!(matches!(
        fray_margin_3d6::ai::action(&s, A),
        Action::ReadyWeapon { weapon: 0, .. }
    ));
}

#[test]
fn brace_and_the_all_out_defense_options_m_aod_004() {
    // rule: M-AOD-004
    let knight = "skills = { broadsword = 14, shield = 13 }\nweapons = [\"Broadsword\"]\nshield = \"Medium Shield\"";
    let mut s = duel(&swordsman(), &sheet(10, 10, 12, knight));
    act(
        &mut s,
        B,
        Action::AllOutDefense {
            kind: AodKind::Brace,
            foe: None,
        },
        &[],
        &[],
    );
    let o = options(&s, B, &threat(HexPos::new(0, 0))).0;
    assert_eq!(
        o.iter().map(|x| x.kind).collect::<Vec<_>>(),
        vec![DefenseKind::Block]
    );
}

#[test]
fn move_and_running_m_aod_006() {
    // rule: M-AOD-006
    let mut s = duel(&swordsman(), &big());
    assert_eq!(move_allowance(&s, A), 6);
    act(
        &mut s,
        A,
        Action::Move {
            to: HexPos::new(0, 3),
            face: None,
            evade: 0,
            shoot: None,
            swing: None,
        },
        &[],
        &[],
    );
    assert!(s.fighter(A).ran);
    assert_eq!(move_allowance(&s, A), 7);
    assert!(
        check(
            &s,
            A,
            &Action::Move {
                to: HexPos::new(0, 11),
                face: None,
                evade: 0,
                shoot: None,
                swing: None
            }
        )
        .is_err()
    );
}

#[test]
fn attacker_modifiers_m_pat_001_m_pat_004_m_pat_005_m_pat_008() {
    // rule: M-PAT-001, M-PAT-004, M-PAT-005, M-PAT-008
    let mut s = duel(&swordsman(), &big());
    s.fighters[0].posture = Posture::Kneeling;
    assert_eq!(hit(&s, &Strike::at(B), HitCtx::default()), 12);
    s.fighters[0].posture = Posture::Lying;
    assert_eq!(check(&s, A, &attack(B)).unwrap_err().rule, "M-PAT-001");
    // A punch from the ground is allowed at -4 (DX 12 - 4).
    let mut punch = Strike::at(B);
    punch.unarmed = Some(fray_margin_3d6::model::action::Unarmed::Punch);
    assert!(check(&s, A, &Action::Attack(punch)).is_ok());
    assert_eq!(hit(&s, &punch, HitCtx::default()), 8);
    // `lying_melee = "minus4"`: the sword too, at 14 - 4.
    let mut lying = state_with(
        "lying_melee = \"minus4\"",
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman()),
            fighter("B", "b", 0, -1, "s", &big()),
        ],
    );
    lying.fighters[0].posture = Posture::Lying;
    assert!(check(&lying, A, &attack(B)).is_ok());
    assert_eq!(hit(&lying, &Strike::at(B), HitCtx::default()), 10);
    s.fighters[0].posture = Posture::Standing;
    // Close combat: in the foe's hex, -2 with a weapon.
    let to = s.fighter(A).pos;
    s.place(B, to);
    assert_eq!(hit(&s, &Strike::at(B), HitCtx::default()), 12);
    let mut s = duel(&swordsman(), &big());
    s.fighters[0].blind_eyes = 1;
    assert_eq!(hit(&s, &Strike::at(B), HitCtx::default()), 9);
    s.fighters[0].crippled |= Limb::WeaponArm.bit();
    assert_eq!(check(&s, A, &attack(B)).unwrap_err().rule, "M-PAT-005");
    let s = duel(
        &sheet(
            12,
            12,
            12,
            "skills = { broadsword = 14 }\nweapons = [\"Bastard Sword\"]\nfamiliar = [\"Broadsword\"]",
        ),
        &big(),
    );
    assert_eq!(hit(&s, &Strike::at(B), HitCtx::default()), 12);
    // A crippled arm: -2 PD.
    let mut s = duel(&swordsman(), &sheet(10, 10, 12, "armor = [\"Chainmail\"]"));
    s.fighters[1].crippled |= Limb::ShieldArm.bit();
    let pd = fray_margin_3d6::rules::armor::total_pd(
        s.fighter(B),
        HexPos::new(0, 0),
        Location::Torso,
        true,
        &s.options,
    );
    assert_eq!(pd, 1);
}

#[test]
fn footing_and_darkness_m_mod_001_m_mod_003() {
    // rule: M-MOD-001, M-MOD-003
    let terrain = "[[map.terrain]]\nterrain = \"bad_footing\"\nvalue = 2\nhexes = [{ q = 0, r = 0 }]\n[[map.terrain]]\nterrain = \"darkness\"\nvalue = 3\nhexes = [{ q = 0, r = 0 }, { q = 0, r = -1 }]";
    let s = state_with(
        "",
        terrain,
        &[
            fighter("A", "a", 0, 0, "n", &swordsman()),
            fighter("B", "b", 0, -1, "s", &big()),
        ],
    );
    assert_eq!(hit(&s, &Strike::at(B), HitCtx::default()), 14 - 2 - 3);
    // Darkness on defenses too.
    let o = options(&s, B, &threat(HexPos::new(0, 0))).0;
    assert_eq!(o[0].target, 5 - 3);
    // Wild Swing: -5 or the darkness, the worse.
    let wild = HitCtx {
        wild: true,
        ..HitCtx::default()
    };
    assert_eq!(hit(&s, &Strike::at(B), wild), 14 - 2 - 5);
}

#[test]
fn defender_modifiers_m_pdf_003_m_pdf_005_m_pdf_007() {
    // rule: M-PDF-003, M-PDF-005, M-PDF-007
    let high = "[[map.terrain]]\nheight = 5\nhexes = [{ q = 0, r = 0 }]";
    let s = state_with(
        "",
        high,
        &[
            fighter("A", "a", 0, 0, "n", &swordsman()),
            fighter("B", "b", 0, -1, "s", &big()),
        ],
    );
    assert_eq!(
        options(&s, B, &threat(HexPos::new(0, 0))).0[0].target,
        5 - 2
    );
    let mut s = duel(&swordsman(), &big());
    s.fighters[1].posture = Posture::Kneeling;
    assert_eq!(options(&s, B, &threat(HexPos::new(0, 0))).0[0].target, 3);
    let b = fighter(
        "B",
        "b",
        0,
        -1,
        "s",
        &sheet(
            10,
            10,
            12,
            "armor = [\"Chainmail\"]\nshield = \"Medium Shield\"\nskills = { shield = 12 }",
        ),
    )
    .replace(
        "[combatants.sheet]\n",
        "surprised = true\n[combatants.sheet]\n",
    );
    let s = state(&[fighter("A", "a", 0, 0, "n", &swordsman()), b]);
    let (o, pd) = options(&s, B, &threat(HexPos::new(0, 0)));
    assert!(o.is_empty());
    assert_eq!(pd, 3);
}

#[test]
fn the_fencing_dagger_strikes_back_m_aod_003() {
    // rule: M-AOD-003, M-AOD-001
    let fencer = "skills = { fencing = 15, knife = 12 }\nweapons = [\"Rapier\", \"Knife\"]\ntraits = [\"fencing_dagger\"]\nhp = 200";
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
    let ev = act(
        &mut s,
        A,
        attack(B),
        &[11, 5, 6],
        &[
            Answer::Defend {
                kind: DefenseKind::Parry,
                weapon: Some(0),
            },
            Answer::NoDefense,
        ],
    );
    assert_eq!(attack_targets(&ev), vec![14, 6]);
    assert_eq!(lost(&s, A), 2);
    assert!(s.fighter(B).guard.riposted);
}

#[test]
fn attacking_from_a_moving_mount_m_pat_006() {
    // rule: M-PAT-006
    let rider =
        "skills = { broadsword = 14, riding = 12 }\nweapons = [\"Bastard Sword\"]\nmounted = true";
    let mut s = duel(&sheet(12, 12, 12, rider), &big());
    s.fighters[0].moved = 4;
    // Riding 10 vs 12: -1 per hex moved.
    let ev = act(&mut s, A, attack(B), &[10, 13], &[]);
    assert_eq!(attack_targets(&ev), vec![10]);
    // One Riding roll a round: a second attack in the same turn keeps it
    // (no roll is drawn: the 13 is the attack's).
    assert_eq!(s.fighters[0].riding_roll, Some(true));
    let ev = act(&mut s, A, attack(B), &[13], &[]);
    assert_eq!(attack_targets(&ev), vec![10]);
    // A new turn rolls again; a failed Riding roll: double.
    s.fighters[0].riding_roll = None;
    let ev = act(&mut s, A, attack(B), &[13, 15], &[]);
    assert_eq!(attack_targets(&ev), vec![6]);
    // Standing still, or with mounted combat: no roll, no penalty.
    let mut s = duel(
        &sheet(12, 12, 12, &format!("{rider}\nmounted_combat = true")),
        &big(),
    );
    s.fighters[0].moved = 4;
    let ev = act(&mut s, A, attack(B), &[16], &[]);
    assert_eq!(attack_targets(&ev), vec![14]);
}

#[test]
fn wild_swing_at_a_point_along_a_move_m_mel_003_m_aod_006() {
    // rule: M-MEL-003, M-AOD-006
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 1, -2, "s", &big()),
    ]);
    let mut swing = Strike::at(B);
    swing.to = Some(HexPos::new(0, -1));
    let mv = |to: HexPos, swing: Strike| Action::Move {
        to,
        face: None,
        evade: 0,
        shoot: None,
        swing: Some(swing),
    };
    // Past B: to (0,-1), swing at -5 (14 - 5 = 9; 10 misses), then on to (0,-3).
    let ev = act(&mut s, A, mv(HexPos::new(0, -3), swing), &[10], &[]);
    assert_eq!(attack_targets(&ev), vec![9]);
    assert_eq!(s.fighter(A).pos, HexPos::new(0, -3));
    assert_eq!(s.fighter(A).moved, 3);
    // The two legs of the path count against the Move's allowance (MV 6).
    let s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 1, -2, "s", &big()),
    ]);
    assert_eq!(
        check(&s, A, &mv(HexPos::new(0, 5), swing))
            .unwrap_err()
            .rule,
        "M-MEL-003"
    );
    // No hit location, and one attack on the move.
    let mut called = swing;
    called.location = Some(fray_margin_3d6::model::location::Location::Head);
    assert_eq!(
        check(&s, A, &mv(HexPos::new(0, -3), called))
            .unwrap_err()
            .rule,
        "M-MEL-003"
    );
    let both = Action::Move {
        to: HexPos::new(0, -3),
        face: None,
        evade: 0,
        shoot: Some(Strike::at(B)),
        swing: Some(swing),
    };
    assert_eq!(check(&s, A, &both).unwrap_err().rule, "M-AOD-006");
}
