//! Injury and its effects (M-PEN, M-EFF, M-CKS, M-PAT-007/009).

use crate::common::*;
use fray_core::Next;
use fray_margin_3d6::model::action::{Action, Answer, Strike};
use fray_margin_3d6::model::location::Location;
use fray_margin_3d6::model::state::{Life, Posture, Stun};
use fray_margin_3d6::rules::defense::dodge_score;
use fray_margin_3d6::rules::maneuver::{check, move_allowance};

#[test]
fn one_to_three_hp_halves_move_and_dodge_m_pen_001() {
    // rule: M-PEN-001
    let mut s = duel(&swordsman(), &sheet(10, 12, 12, ""));
    assert_eq!((dodge_score(s.fighter(B)), move_allowance(&s, B)), (6, 6));
    s.fighters[1].hp = 3;
    assert_eq!((dodge_score(s.fighter(B)), move_allowance(&s, B)), (3, 3));
}

#[test]
fn at_zero_hp_incapacitated_with_a_will_roll_each_turn_m_pen_002() {
    // rule: M-PEN-002, M-PAT-009
    let mut s = duel(&swordsman(), &dummy());
    s.fighters[0].hp = 0;
    assert_eq!(check(&s, A, &attack(B)).unwrap_err().rule, "M-PEN-002");
    // DX 12 halved to 6: skill 14 - 6 = 8 (M-PAT-009).
    let mut m = fray_core::Total::default();
    fray_margin_3d6::rules::attack::to_hit(
        &s,
        A,
        &Strike::at(B),
        s.fighter(A).pos,
        Default::default(),
        &mut m,
    );
    assert_eq!(m.0, 8);
    // The Will roll at the start of its turn: 11 vs 10 fails: unconscious.
    let n = next(&mut s, &[11]);
    assert!(matches!(n, Next::Over(_)));
    assert_eq!(s.fighter(A).life, Life::Unconscious);
    // Passing out is not a knockout (M-EFF-002): the simulator counts it
    // in its own column.
    let r = s.fighter(A).record;
    assert_eq!((r.knockouts, r.passed_out), (0, 1));
    let mut tally = vec![fray_core::Tally::default(); 2];
    <fray_margin_3d6::Margin as fray_core::Fight>::tally(&s, &mut tally);
    let column = |id: &str| {
        <fray_margin_3d6::Margin as fray_core::Fight>::COUNTERS
            .iter()
            .position(|c| c.id == id)
            .expect("a counter")
    };
    assert_eq!(tally[0].counters[column("knockouts")], 0);
    assert_eq!(tally[0].counters[column("passed_out")], 1);
}

#[test]
fn death_checks_below_minus_ht_m_pen_003_m_pen_004() {
    // rule: M-PEN-003, M-PEN-004
    let mut s = duel(&swordsman(), &sheet(10, 10, 10, ""));
    s.fighters[1].hp = -5;
    // 6 vs 14: 8 successes: critical; 10: normal, 15 HP: HP -20: checks at -10 and -15 and -20.
    act(
        &mut s,
        A,
        attack(B),
        &[6, 10, 10, 10, 11],
        &[Answer::NoDefense],
    );
    assert_eq!(
        s.fighter(B).life,
        Life::Dead,
        "the third check (at -20) fails"
    );
    assert_eq!(s.fighter(B).death_checks, 3);
}

#[test]
fn destroyed_at_minus_five_ht_m_pen_004() {
    // rule: M-PEN-004
    let mut s = duel(&swordsman(), &sheet(10, 10, 2, ""));
    act(&mut s, A, attack(B), &[9], &[Answer::NoDefense]);
    assert_eq!(s.fighter(B).life, Life::Dead);
}

#[test]
fn fatigue_by_encumbrance_each_turn_m_pen_005_m_pen_006() {
    // rule: M-PEN-005, M-PEN-006
    let mut s = duel(
        &sheet(
            12,
            12,
            12,
            "encumbrance = 2\nskills = { broadsword = 14 }\nweapons = [\"Bastard Sword\"]",
        ),
        &dummy(),
    );
    // A turn of fighting (here a Retreat) costs the encumbrance level.
    act(&mut s, A, Action::Retreat, &[], &[]);
    assert_eq!(s.fighter(A).fatigue, 10);
    // rule: M-PEN-007 (decision): a turn of Do Nothing is rest: no cost,
    // and 20 in a row give a point back.
    for _ in 0..19 {
        act(&mut s, A, Action::DoNothing, &[], &[]);
    }
    assert_eq!(s.fighter(A).fatigue, 10);
    act(&mut s, A, Action::DoNothing, &[], &[]);
    assert_eq!(s.fighter(A).fatigue, 11);
    s.fighters[0].fatigue = 0;
    assert_eq!(check(&s, A, &attack(B)).unwrap_err().rule, "M-PEN-002");
    assert_eq!(
        fray_margin_3d6::rules::damage::effective_st(s.fighter(A), None),
        6
    );
}

#[test]
fn stun_from_a_heavy_wound_m_eff_001_m_pat_007() {
    // rule: M-EFF-001, M-PAT-007
    let mut s = duel(
        &swordsman(),
        &sheet(
            10,
            10,
            12,
            "hp = 60\nskills = { broadsword = 12 }\nweapons = [\"Broadsword\"]",
        ),
    );
    // 15 HP > HT/2: Will 11 vs 10 fails: stunned.
    act(&mut s, A, attack(B), &[11, 11], &[Answer::NoDefense]);
    assert_eq!(s.fighter(B).stun, Some(Stun::NextTurn));
    let mut m = fray_core::Total::default();
    fray_margin_3d6::rules::attack::to_hit(
        &s,
        B,
        &Strike::at(A),
        s.fighter(B).pos,
        Default::default(),
        &mut m,
    );
    assert_eq!(m.0, 12 - 4);
    // It lasts to the end of its next turn.
    act(&mut s, B, Action::DoNothing, &[], &[]);
    assert_eq!(s.fighter(B).stun, Some(Stun::NextTurn));
    s.fighters[1].guard.stun_held = true;
    act(&mut s, B, Action::DoNothing, &[], &[]);
    assert_eq!(s.fighter(B).stun, None);
}

#[test]
fn head_blows_knock_out_m_eff_002_m_cks_006() {
    // rule: M-EFF-002, M-CKS-006
    let mut s = duel(&swordsman(), &sheet(10, 10, 12, "hp = 60"));
    let mut st = Strike::at(B);
    st.location = Some(Location::Head);
    // 14 - 5 = 9; roll 6: 3 successes: 10 cut ×1.5 = 15 ≥ HT/2: HT 13 vs 12 fails.
    act(
        &mut s,
        A,
        Action::Attack(st),
        &[6, 13],
        &[Answer::NoDefense],
    );
    assert_eq!(s.fighter(B).life, Life::Unconscious);
}

#[test]
fn brain_hits_m_cks_005_and_eyes_m_cks_003_m_cks_004() {
    // rule: M-CKS-005, M-CKS-003
    let mut s = duel(
        &swordsman(),
        &sheet(10, 10, 12, "hp = 200\narmor = [\"Pot Helm\"]"),
    );
    let mut st = Strike::at(B);
    st.location = Some(Location::Brain);
    // 14 - 7 = 7; roll 4 would be critical, roll 5... 7 - 5 = 2 successes: 75% of 10 = 7 cut;
    // DR helm 4 + skull 2 = 6: 1 through ×4 = 4; HT 10 vs 12 stays awake, stunned anyway.
    act(
        &mut s,
        A,
        Action::Attack(st),
        &[5, 18, 10],
        &[Answer::NoDefense],
    );
    assert_eq!(lost(&s, B), 4);
    assert_eq!(s.fighter(B).stun, Some(Stun::NextTurn));
    // Eyes (open face, -9): 14 - 9 = 5; roll 5: 0 successes: 25% of 10 = 2 cut ×1.5 = 3: an eye lost.
    let mut s = duel(&swordsman(), &sheet(10, 10, 12, "hp = 200"));
    st.location = Some(Location::Eyes);
    act(&mut s, A, Action::Attack(st), &[5], &[Answer::NoDefense]);
    assert_eq!(s.fighter(B).blind_eyes, 1);
    // rule: M-CKS-004, M-PAT-005
    // A narrow missile in the eye: 1d of 2: a brain hit, without the skull's DR.
    let mut s = state(&[
        fighter(
            "A",
            "a",
            0,
            0,
            "n",
            &sheet(
                12,
                12,
                12,
                "skills = { crossbow = 20 }\nweapons = [\"Crossbow\"]",
            ),
        ),
        fighter("B", "b", 0, -3, "s", &sheet(10, 10, 12, "hp = 200")),
    ]);
    st.location = Some(Location::Eyes);
    // 20 - 9 - 2 (range 3 yd, +4 acc: 0) = 11... range 3: -1 +4 acc: 0 → 11; roll 11: 0 successes: 25% of 9 = 2 imp.
    act(
        &mut s,
        A,
        Action::Attack(st),
        &[11, 2, 10, 10],
        &[Answer::NoDefense],
    );
    assert_eq!(lost(&s, B), 8, "2 × 4 at the brain");
}

#[test]
fn crushing_knockback_m_eff_003() {
    // rule: M-EFF-003
    let mut s = duel(
        &sheet(20, 12, 12, "skills = { mace = 14 }\nweapons = [\"Mace\"]"),
        &sheet(10, 10, 12, "hp = 200"),
    );
    // ST 20: sw 20 + 2 = 22 cr at 100%: 22 HP: 132 in = 3 hexes back; DX 10 - 3 = 7: 8 fails: down.
    act(&mut s, A, attack(B), &[11, 10, 8], &[Answer::NoDefense]);
    assert_eq!(s.fighter(B).pos, fray_core::grid::HexPos::new(0, -4));
    assert_eq!(s.fighter(B).posture, Posture::Lying);
}

#[test]
fn a_blow_that_knocks_out_knocks_back_too_m_eff_003_m_eff_002() {
    // rule: M-EFF-003, M-EFF-002
    let mut s = duel(
        &sheet(20, 12, 12, "skills = { mace = 14 }\nweapons = [\"Mace\"]"),
        &sheet(10, 10, 12, "hp = 200"),
    );
    let mut st = Strike::at(B);
    st.location = Some(Location::Head);
    // 14 - 5 = 9; roll 6: 3 successes: sw 20 + 2 = 22 cr, no helm: 22 HP
    // lost, at least HT/2 to the head: HT 13 vs 12 fails: out. The same
    // blow pushes it 132 in = 3 hexes back; out cold, no DX roll: it lies there.
    act(
        &mut s,
        A,
        Action::Attack(st),
        &[6, 13],
        &[Answer::NoDefense],
    );
    assert_eq!(s.fighter(B).life, Life::Unconscious);
    assert_eq!(s.fighter(B).pos, fray_core::grid::HexPos::new(0, -4));
    assert_eq!(s.fighter(B).posture, Posture::Lying);
}

#[test]
fn fright_checks_against_a_frightening_foe_m_mod_004() {
    // rule: M-MOD-004
    let monster = sheet(14, 8, 8, "fear = -6\nhp = 50");
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 0, -1, "s", &monster),
    ]);
    // Will 10 - 6 + 5 = 9: 10 fails: stunned.
    assert_eq!(next(&mut s, &[10]), Next::Act(A));
    assert_eq!(s.fighter(A).stun, Some(Stun::NextTurn));
    // Once per foe.
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &swordsman()),
        fighter("B", "b", 0, -1, "s", &monster),
    ]);
    // 18: a critical failure: panic for 1d (4) rounds: only flight.
    assert_eq!(next(&mut s, &[18, 4]), Next::Act(A));
    assert_eq!(check(&s, A, &attack(B)).unwrap_err().rule, "M-MOD-004");
    assert!(matches!(
        fray_margin_3d6::ai::action(&s, A),
        Action::Move { .. }
    ));
}

#[test]
fn m_mod_004_a_frightening_foe_past_the_first_64_figures_still_frightens() {
    // rule: M-MOD-004
    let monster = sheet(14, 8, 8, "fear = -6\nhp = 50");
    let mut figures = vec![fighter("A", "a", 0, 0, "n", &swordsman())];
    // 64 slower friends of A, each of its own speed and DX (no tie to roll
    // off), rows away; the monster is the 66th figure, next to A.
    for i in 0..64 {
        let (dx, ht) = (3 + i / 4, 1 + i % 4);
        let (q, r) = (i % 8 - 6, 4 + i / 8);
        figures.push(fighter(
            &format!("F{i}"),
            "a",
            q,
            r,
            "n",
            &sheet(10, dx, ht, ""),
        ));
    }
    figures.push(fighter("M", "b", 0, -1, "s", &monster));
    let mut s = state(&figures);
    // Will 10 - 6 + 5 = 9: 10 fails: stunned.
    assert_eq!(next(&mut s, &[10]), Next::Act(A));
    assert_eq!(s.fighter(A).stun, Some(Stun::NextTurn));
    assert_eq!(s.fighter(A).feared.as_slice(), [fray_core::CombatantId(65)]);
}
