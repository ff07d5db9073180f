//! Critical hits and misses (M-FLO-004, M-CRT).

use crate::common::*;
use fray_core::Engine;
use fray_margin_3d6::model::action::Answer;
use fray_margin_3d6::model::location::{Limb, Location};
use fray_margin_3d6::model::state::{Life, Posture, Stun};

fn big() -> String {
    sheet(10, 10, 12, "hp = 60")
}

fn knight() -> String {
    sheet(
        10,
        10,
        12,
        "armor = [\"Chainmail\"]\nhp = 60\nskills = { broadsword = 12 }\nweapons = [\"Broadsword\"]",
    )
}

#[test]
fn a_natural_critical_allows_no_defense_m_flo_004() {
    // rule: M-FLO-004, M-CRT-005, M-CRT-004
    let mut s = duel(&swordsman(), &big());
    // 4 vs 14: a natural critical: no question; table 10: normal damage (100%).
    let ev = act(&mut s, A, attack(B), &[4, 10, 10], &[]);
    assert_eq!(lost(&s, B), 15);
    assert!(noted(&ev, "M-FLO-004"));
    assert_eq!(s.fighter(A).record.criticals, 1);
    let mut s = state_with(
        "natural_critical_attack = \"margin_only\"",
        "",
        &[
            fighter("A", "a", 0, 0, "n", &swordsman()),
            fighter("B", "b", 0, -1, "s", &big()),
        ],
    );
    // margin only: 10 successes, a defense is asked.
    act(&mut s, A, attack(B), &[4, 10, 10], &[Answer::NoDefense]);
    assert_eq!(lost(&s, B), 15);
}

#[test]
fn six_net_successes_roll_the_critical_table_m_crt_005() {
    // rule: M-CRT-005, M-CRT-003
    let mut s = duel(&swordsman(), &big());
    // 6 vs 14: 8 successes, no defense: critical; 17: ×3 = 30 cut, ×1.5 = 45.
    act(&mut s, A, attack(B), &[6, 17, 10], &[Answer::NoDefense]);
    assert_eq!(lost(&s, B), 45);
    // (18: the PD-only roll fails, M-ARM-011.) 13: ignores armor: the chainmail's DR 4 does not count.
    let mut s = duel(&swordsman(), &knight());
    act(&mut s, A, attack(B), &[6, 18, 13, 10], &[Answer::NoDefense]);
    assert_eq!(lost(&s, B), 15);
    // 16: ×2 before DR: 20 - 4 = 16 × 1.5 = 24.
    let mut s = duel(&swordsman(), &knight());
    act(&mut s, A, attack(B), &[6, 18, 16, 10], &[Answer::NoDefense]);
    assert_eq!(lost(&s, B), 24);
}

#[test]
fn torso_knockout_and_stun_until_will_m_crt_003() {
    // rule: M-CRT-003
    let mut s = duel(&swordsman(), &big());
    act(&mut s, A, attack(B), &[6, 3], &[Answer::NoDefense]);
    assert_eq!(s.fighter(B).life, Life::Unconscious);
    let mut s = duel(&swordsman(), &big());
    act(&mut s, A, attack(B), &[6, 7, 10], &[Answer::NoDefense]);
    assert_eq!(s.fighter(B).stun, Some(Stun::UntilWill));
}

#[test]
fn limb_criticals_and_dropped_weapons_m_crt_004() {
    // rule: M-CRT-004
    // A called shot to the weapon arm of a sturdy target (HT 40): 12 ×... too weak to cripple, crippled anyway.
    let mut s = duel(
        &swordsman(),
        &sheet(
            10,
            10,
            40,
            "skills = { broadsword = 12 }\nweapons = [\"Broadsword\"]",
        ),
    );
    let mut st = fray_margin_3d6::model::action::Strike::at(B);
    st.location = Some(Location::WeaponArm);
    // 14 - 2 = 12; a roll of 5: 7 successes: critical; 12: limb crippled for 6 rounds.
    act(
        &mut s,
        A,
        fray_margin_3d6::model::action::Action::Attack(st),
        &[5, 12, 10],
        &[Answer::NoDefense],
    );
    assert!(s.fighter(B).is_crippled(Limb::WeaponArm));
    assert!(s.fighter(B).crippled_until[0].is_some());
    // 15: drops its weapon, ×2.
    let mut s = duel(&swordsman(), &knight());
    act(&mut s, A, attack(B), &[6, 18, 15, 10], &[Answer::NoDefense]);
    assert!(s.fighter(B).weapons[0].lost);
    assert_eq!(lost(&s, B), 24);
}

#[test]
fn critical_misses_m_crt_001_m_crt_002() {
    // rule: M-CRT-001, M-CRT-002
    let mut s = duel(&swordsman(), &big());
    let ev = act(&mut s, A, attack(B), &[18, 10], &[]);
    assert!(s.fighter(A).weapons[0].lost, "9-11: dropped");
    assert!(noted(&ev, "M-CRT-002"));
    assert_eq!(s.fighter(A).record.fumbles, 1);
    // 5: hits itself for half: 10 / 2 = 5 cut, ×1.5 = 7; a Will roll for the stun check.
    let mut s = duel(&swordsman(), &big());
    act(&mut s, A, attack(B), &[18, 5, 10], &[]);
    assert_eq!(lost(&s, A), 7);
    // 6 with an impaling attack: nothing more.
    let mut s = duel(&swordsman(), &big());
    act(&mut s, A, attack_with(B, 0, 1), &[18, 6], &[]);
    assert_eq!(lost(&s, A), 0);
    // 7: balance lost: -2 to its defenses.
    let mut s = duel(&swordsman(), &big());
    act(&mut s, A, attack(B), &[18, 7], &[]);
    assert!(s.fighter(A).guard.off_balance);
    // 8: the weapon turns in the hand.
    let mut s = duel(&swordsman(), &big());
    act(&mut s, A, attack(B), &[18, 8], &[]);
    assert!(!s.fighter(A).weapons[0].ready && !s.fighter(A).weapons[0].lost);
    // 3: breaks (the bastard sword is not solid metal).
    let mut s = duel(&swordsman(), &big());
    act(&mut s, A, attack(B), &[18, 3], &[]);
    assert!(s.fighter(A).weapons[0].lost);
    // 15: strained shoulder: the weapon arm crippled for 600 rounds.
    let mut s = duel(&swordsman(), &big());
    act(&mut s, A, attack(B), &[18, 15], &[]);
    assert!(s.fighter(A).is_crippled(Limb::WeaponArm));
    // 16: a melee fighter falls.
    let mut s = duel(&swordsman(), &big());
    act(&mut s, A, attack(B), &[18, 16], &[]);
    assert_eq!(s.fighter(A).posture, Posture::Lying);
    // Unarmed: results naming the weapon become a loss of balance.
    let mut s = duel(&sheet(12, 12, 12, "skills = { brawling = 12 }"), &big());
    let mut p = fray_margin_3d6::model::action::Strike::at(B);
    p.unarmed = Some(fray_margin_3d6::model::action::Unarmed::Punch);
    act(
        &mut s,
        A,
        fray_margin_3d6::model::action::Action::Attack(p),
        &[18, 10],
        &[],
    );
    assert!(s.fighter(A).guard.off_balance);
}

#[test]
fn a_parry_critical_failure_rolls_for_the_parrying_weapon_m_def_004() {
    // rule: M-DEF-004
    let mut s = duel(&swordsman(), &knight());
    // Attack 11: 3 successes; parry 18: critical failure; table 10: the broadsword drops.
    act(
        &mut s,
        A,
        attack(B),
        &[11, 18, 10, 10],
        &[Answer::Defend {
            kind: fray_margin_3d6::model::action::DefenseKind::Parry,
            weapon: Some(0),
        }],
    );
    assert!(s.fighter(B).weapons[0].lost);
}

/// The text of every note in `ev`.
fn notes(ev: &[fray_margin_3d6::model::event::Event]) -> String {
    ev.iter()
        .filter_map(|e| match e {
            fray_margin_3d6::model::event::Event::Note(fray_margin_3d6::model::event::Note {
                text,
                ..
            }) => Some(text.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_solid_metal_weapon_does_not_break_and_says_so_m_crt_001() {
    // rule: M-CRT-001
    let maceman = sheet(12, 12, 12, "skills = { mace = 14 }\nweapons = [\"Mace\"]");
    let mut s = duel(&maceman, &big());
    // 18: a critical miss; 4 on the table: the weapon would break, but the mace is solid metal.
    let ev = act(&mut s, A, attack(B), &[18, 4], &[]);
    assert!(!s.fighter(A).weapons[0].lost);
    let text = notes(&ev);
    assert!(
        text.contains("the Mace would break, but it is solid metal: no effect"),
        "{text}"
    );
    assert!(!text.contains("Breaks"), "{text}");
}

#[test]
fn a_self_hit_shows_its_damage_m_crt_001() {
    // rule: M-CRT-001, M-WND-001
    let mut s = duel(&swordsman(), &big());
    // 5: half of its own 10 cut = 5, no DR: ×1.5 = 7 HP, said in one line.
    let ev = act(&mut s, A, attack(B), &[18, 5, 10], &[]);
    assert_eq!(lost(&s, A), 7);
    let text = notes(&ev);
    assert!(
        text.contains(
            "hits itself for ½ damage: 10 cut × ½ = 5, DR 0 at the torso: 5 through ×1.5 cutting = 7 HP lost"
        ),
        "{text}"
    );
}

#[test]
fn a_dropped_weapon_is_picked_up_with_ready_weapon_m_crt_002_m_mel_012() {
    // rule: M-CRT-002, M-MEL-012

    use fray_margin_3d6::Margin;
    use fray_margin_3d6::model::action::Action;
    let mut s = duel(&swordsman(), &big());
    // 10 on the table: dropped at its feet, (0, 0).
    act(&mut s, A, attack(B), &[18, 10], &[]);
    let h = &s.fighter(A).weapons[0];
    assert!(h.lost && !h.ready);
    assert_eq!(h.ground, Some(fray_core::grid::HexPos::new(0, 0)));
    // A round of Ready Weapon picks it up.
    let pick = Action::ReadyWeapon {
        weapon: 0,
        to: None,
    };
    assert!(Margin::check_action(&s, A, &pick).is_ok());
    act(&mut s, A, pick, &[], &[]);
    let h = &s.fighter(A).weapons[0];
    assert!(h.ready && !h.lost && h.ground.is_none());
    // 14: it flies 1d yards (5) in a 1d direction (4: south), to (0, 5).
    let mut s = duel(&swordsman(), &big());
    act(&mut s, A, attack(B), &[18, 14, 5, 4], &[]);
    let at = fray_core::grid::HexPos::new(0, 5);
    assert_eq!(s.fighter(A).weapons[0].ground, Some(at));
    let e = Margin::check_action(
        &s,
        A,
        &Action::ReadyWeapon {
            weapon: 0,
            to: None,
        },
    )
    .expect_err("out of reach");
    assert_eq!(e.rule, "M-MEL-012");
    // Broken: gone for good.
    let mut s = duel(&swordsman(), &big());
    act(&mut s, A, attack(B), &[18, 3], &[]);
    let e = Margin::check_action(
        &s,
        A,
        &Action::ReadyWeapon {
            weapon: 0,
            to: None,
        },
    )
    .expect_err("broken");
    assert_eq!(e.rule, "M-CRT-002");
}
