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
    let mut s = duel(&swordsman(), &dummy());
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
    let mut s = duel(&swordsman(), &swordsman());
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
    s.fighters[0].pos = s.fighters[1].pos;
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
    s.fighters[0].pos = s.fighter(B).pos;
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
