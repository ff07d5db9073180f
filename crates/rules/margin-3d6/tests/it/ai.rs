//! The AI's choices a seasoned player would make (docs/ai.md): aim below
//! the Snap Shot, All-Out Attack on a stunned foe, Retreat when badly hurt.

use crate::common::*;
use fray_margin_3d6::ai::action;
use fray_margin_3d6::model::action::Action;
use fray_margin_3d6::model::state::Stun;

fn archer(bow: i32) -> String {
    sheet(
        12,
        12,
        12,
        &format!("skills = {{ bow = {bow} }}\nweapons = [\"Longbow\"]"),
    )
}

#[test]
fn aims_below_the_snap_shot_and_shoots_at_once_above_m_roa_004_m_mis_008() {
    // rule: M-ROA-004, M-MIS-008
    let mut s = state(&[
        fighter("A", "a", 0, 0, "n", &archer(13)),
        fighter("B", "b", 0, -6, "s", &dummy()),
    ]);
    // Skill 13 below the longbow's Snap Shot 15: aim while the foe is far.
    assert!(matches!(action(&s, A), Action::Aim { target: B, .. }));
    // Two rounds aimed: shoot.
    s.fighters[0].aim = Some((B, 2));
    assert!(matches!(action(&s, A), Action::Attack(st) if st.target == B));
    // Skill 16, at or above the Snap Shot: shoot at once.
    let s = state(&[
        fighter("A", "a", 0, 0, "n", &archer(16)),
        fighter("B", "b", 0, -6, "s", &dummy()),
    ]);
    assert!(matches!(action(&s, A), Action::Attack(st) if st.target == B));
}

#[test]
fn all_out_attack_on_a_stunned_foe_m_mel_002() {
    // rule: M-MEL-002
    // The first AI (`ai:basic`): a plain attack, all out on a stunned foe.
    let mut s = tactics(duel(&swordsman(), &dummy()), "basic");
    assert!(matches!(action(&s, A), Action::Attack(_)));
    s.fighters[1].stun = Some(Stun::NextTurn);
    assert!(matches!(
        action(&s, A),
        Action::AllOutAttack { strike, .. } if strike.target == B
    ));
}

#[test]
fn retreats_when_badly_hurt_against_a_healthier_foe_m_aod_005() {
    // rule: M-AOD-005
    // The first AI (`ai:basic`) retreats when badly hurt.
    let mut s = tactics(duel(&swordsman(), &swordsman()), "basic");
    s.fighters[0].hp = 3;
    assert!(matches!(action(&s, A), Action::Retreat));
    // Stunned: no Retreat.
    s.fighters[0].stun = Some(Stun::NextTurn);
    assert!(!matches!(action(&s, A), Action::Retreat));
}

#[test]
fn no_retreat_in_the_foes_own_hex_m_aod_005_m_pat_004() {
    // rule: M-AOD-005, M-PAT-004
    // The duel's stall: in one hex (close combat) the retreat's step has
    // no hex away from the attack, so the badly hurt figure strikes.
    let mut s = duel(&swordsman(), &swordsman());
    s.fighters[0].hp = 3;
    let to = s.fighter(B).pos;
    s.place(A, to);
    assert!(!matches!(action(&s, A), Action::Retreat));
}

#[test]
fn an_unarmed_figure_slams_when_the_contest_leans_its_way_then_grapples_m_una_003_m_una_006() {
    // rule: M-UNA-003, M-UNA-004, M-UNA-006
    let quick = sheet(12, 13, 12, "skills = { brawling = 14 }");
    let slow = sheet(
        12,
        11,
        12,
        "skills = { broadsword = 12 }\nweapons = [\"Broadsword\"]",
    );
    // DX 13 against DX 11: a slam, from B's rear hex (+4), 4 hexes off,
    // within MV 6 less the entry into B's hex.
    let s = state(&[
        fighter("A", "a", 0, 0, "n", &quick),
        fighter("B", "b", 0, -3, "s", &slow),
    ]);
    assert!(matches!(
        action(&s, A),
        Action::Slam { target: B, to: Some(to) } if to == fray_core::grid::HexPos::new(0, -4)
    ));
    // An even contest with only B's front hexes in range: no slam.
    let even = sheet(12, 11, 12, "skills = { brawling = 14 }");
    let s = state(&[
        fighter("A", "a", 0, 0, "n", &even),
        fighter("B", "b", 0, -5, "s", &slow),
    ]);
    assert!(!matches!(action(&s, A), Action::Slam { .. }));
    // ... but from behind (+4) it slams: B faces away.
    let s = state(&[
        fighter("A", "a", 0, 0, "n", &even),
        fighter("B", "b", 0, -3, "n", &slow),
    ]);
    assert!(matches!(action(&s, A), Action::Slam { target: B, .. }));
    // In the armed foe's hex: seize its weapon arm with both hands.
    let mut s = duel(&quick, &slow);
    let to = s.fighter(B).pos;
    s.place(A, to);
    assert!(matches!(
        action(&s, A),
        Action::Grapple {
            target: B,
            two_hands: true,
            ..
        }
    ));
    // Once B is held, it wrests B's sword away ...
    s.fighters[1].held_by = Some((A, 2));
    assert!(matches!(
        action(&s, A),
        Action::Grapple {
            target: B,
            wrest: true,
            ..
        }
    ));
    // ... and with B disarmed it strikes (bare-handed, no close-combat penalty).
    s.fighters[1].weapons[0].lost = true;
    assert!(
        matches!(action(&s, A), Action::Attack(st) | Action::AllOutAttack { strike: st, .. } if st.unarmed.is_some())
    );
}

// The seasoned AI (the default, `ai`), docs/ai.md.

/// The strike of an Attack or an All-Out Attack.
fn struck(a: &Action) -> Option<fray_margin_3d6::model::action::Strike> {
    match a {
        Action::Attack(s) | Action::AllOutAttack { strike: s, .. } => Some(*s),
        _ => None,
    }
}

#[test]
fn the_seasoned_ai_picks_up_its_dropped_weapon_m_mel_012_m_crt_002() {
    // rule: M-MEL-012, M-CRT-002
    use fray_core::grid::HexPos;
    let mut s = duel(&swordsman(), &swordsman());
    // Dropped at its feet: a round of Ready Weapon rather than a kick.
    s.fighters[0].weapons[0].lost = true;
    s.fighters[0].weapons[0].ready = false;
    s.fighters[0].weapons[0].ground = Some(HexPos::new(0, 0));
    assert!(matches!(
        action(&s, A),
        Action::ReadyWeapon {
            weapon: 0,
            to: None
        }
    ));
    // Flown 4 hexes away: it walks there first.
    s.fighters[0].weapons[0].ground = Some(HexPos::new(0, 4));
    match action(&s, A) {
        Action::Move { to, .. } => assert!(to.distance(HexPos::new(0, 4)) <= 1, "{to}"),
        other => panic!("{other:?}"),
    }
    // The first AI never picks it up (it fights unarmed).
    let basic = tactics(s, "basic");
    assert!(!matches!(action(&basic, A), Action::ReadyWeapon { .. }));
}

#[test]
fn the_seasoned_ai_kneels_when_a_crippled_foot_keeps_it_down_m_pat_005() {
    // rule: M-PAT-005, M-PAT-001
    use fray_margin_3d6::model::location::Limb;
    use fray_margin_3d6::model::state::Posture;
    let mut s = duel(&swordsman(), &swordsman());
    s.fighters[0].posture = Posture::Lying;
    s.fighters[0].crippled |= Limb::NearFoot.bit();
    assert!(matches!(
        action(&s, A),
        Action::ChangePosture {
            to: Posture::Kneeling
        }
    ));
    // Kneeling, it fights on (at -2) instead of lying there.
    s.fighters[0].posture = Posture::Kneeling;
    assert!(struck(&action(&s, A)).is_some());
}

#[test]
fn the_wolf_bites_m_una_001_m_una_002() {
    // rule: M-UNA-001, M-UNA-002
    let s = state(&[
        templated("Wolf", "a", 0, 0, "n", "wolf"),
        fighter("B", "b", 0, -1, "s", &swordsman()),
    ]);
    let a = action(&s, A);
    assert_eq!(
        struck(&a).and_then(|st| st.unarmed),
        Some(fray_margin_3d6::model::action::Unarmed::Bite),
        "{a:?}"
    );
}

#[test]
fn exhausted_it_rests_unless_a_foe_can_reach_it_m_pen_006_m_pen_007() {
    // rule: M-PEN-006, M-PEN-007
    let far = |d: i32| {
        let mut s = state(&[
            fighter("A", "a", 0, 0, "n", &swordsman()),
            fighter("B", "b", 0, -d, "s", &swordsman()),
        ]);
        s.fighters[0].fatigue = 0;
        s
    };
    // A fresh foe next to it: All-Out Defense against it.
    assert!(matches!(
        action(&far(1), A),
        Action::AllOutDefense { foe: Some(B), .. }
    ));
    // A foe exhausted too: nobody can strike, so it rests to get fatigue back.
    let mut both = far(1);
    both.fighters[1].fatigue = 0;
    assert_eq!(action(&both, A), Action::DoNothing);
    // A foe too far to strike before its next turn: it rests.
    assert_eq!(action(&far(10), A), Action::DoNothing);
}

#[test]
fn the_seasoned_ai_strikes_from_the_foes_back_when_its_step_reaches_it_m_pdf_001_m_arm_011() {
    // rule: M-PDF-001, M-ARM-011, M-MEL-001
    let s = duel(&swordsman(), &swordsman());
    // MV 6: the ½ MV step of 3 goes round B to the hex behind it, where B
    // has no active defense (only the PD roll).
    let st = struck(&action(&s, A)).expect("a blow");
    let to = st.to.expect("a step");
    let b = s.fighter(B);
    assert_eq!(
        fray_margin_3d6::rules::attack::bearing(b.pos, b.facing, to),
        Some(fray_core::grid::RelativeBearing::Rear),
        "{to}"
    );
}

#[test]
fn the_seasoned_ai_beats_the_first_in_mirror_duels_both_ways() {
    // rule: M-DEF-011, M-MEL-002 (the reference duel, 100 fights each way)
    for (seasoned, basic) in [(A, B), (B, A)] {
        let path = format!(
            "{}/../../../scenarios/margin-3d6/duel.toml",
            env!("CARGO_MANIFEST_DIR")
        );
        let mut start = fray_sim::probe::load::<fray_margin_3d6::Margin>(&path).expect("the duel");
        let mut ctl: Vec<fray_core::Controller> = start.controllers.to_vec();
        ctl[basic.index()] = fray_core::Controller::Ai("basic".into());
        start.controllers = ctl.into();
        let (mut won, mut lost) = (0, 0);
        for seed in 0..100 {
            let o = fight(start.clone(), seed);
            match o.winner {
                Some(w) if w == start.fighter(seasoned).side => won += 1,
                Some(_) => lost += 1,
                None => {}
            }
        }
        assert!(
            won * 100 >= 60 * (won + lost),
            "seasoned {seasoned}: {won} won, {lost} lost"
        );
    }
}
