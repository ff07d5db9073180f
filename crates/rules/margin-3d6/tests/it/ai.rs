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
