//! The default AI's choices of attack types, Evade, Withdraw and trampling
//! (docs/ai.md): each read straight from `ai::action` on a set position.

use crate::common::*;
use fray_core::Controller;
use fray_dragonquest::ai;
use fray_dragonquest::model::action::{Action, AttackKind};
use fray_dragonquest::state::Posture;

fn kind_of(a: &Action) -> Option<AttackKind> {
    match a {
        Action::Attack { kind, .. } => Some(*kind),
        _ => None,
    }
}

#[test]
fn a_spearman_trips_a_standing_foe() {
    // rule: DQ-16-009, DQ-16-010
    // Trip 40 + 15 + 8 - 15 = 48 against the spear's 50 + 15 + 8 - 15 = 58.
    let s = duel(&[("weapons", "[{ id = \"spear\", rank = 2 }]")], &[]);
    assert_eq!(kind_of(&ai::action(&s, A)), Some(AttackKind::Trip));
    // A prone foe is struck, not tripped again.
    let mut s = s;
    s.fig_mut(B).status.prone = true;
    assert_eq!(kind_of(&ai::action(&s, A)), Some(AttackKind::Normal));
}

#[test]
fn a_whip_entangles_a_free_foe() {
    // rule: DQ-16-011
    let s = duel(
        &[("weapons", "[{ id = \"whip\", rank = 2 }]"), ("md", "16")],
        &[],
    );
    assert_eq!(kind_of(&ai::action(&s, A)), Some(AttackKind::Entangle));
}

#[test]
fn capture_tactics_knock_out() {
    // rule: DQ-16-016, DQ-16-017
    let mut s = duel(&[], &[]);
    assert_eq!(kind_of(&ai::action(&s, A)), Some(AttackKind::Normal));
    s.fig_mut(A).controller = Controller::Ai("capture".into()).into();
    assert_eq!(kind_of(&ai::action(&s, A)), Some(AttackKind::Knockout));
}

#[test]
fn a_much_better_ranked_foe_is_disarmed() {
    // rule: DQ-16-020
    // A (rank 2) against B with rank 5: disarm 55 + 15 + 8 - 20 - 15 = 43.
    let s = duel(&[], &[("weapons", "[{ id = \"broadsword\", rank = 5 }]")]);
    assert_eq!(kind_of(&ai::action(&s, A)), Some(AttackKind::Disarm));
}

#[test]
fn with_a_poor_chance_to_hit_it_evades() {
    // rule: DQ-13-004, DQ-13-005
    // 55 + 15 + 8 - 60 = 18: under 20.
    let s = duel(&[], &[("ag", "60")]);
    assert!(matches!(ai::action(&s, A), Action::Evade { .. }));
}

#[test]
fn cautious_tactics_withdraw_behind_the_shield_when_badly_hurt() {
    // rule: DQ-13-006, DQ-13-008
    let mut s = duel(&[("shield", "\"round\"")], &[]);
    s.fig_mut(A).controller = Controller::Ai("cautious".into()).into();
    assert!(kind_of(&ai::action(&s, A)).is_some());
    s.fig_mut(A).en = 5;
    assert!(matches!(
        ai::action(&s, A),
        Action::Withdraw {
            posture: Some(Posture::Defensive),
            ..
        }
    ));
}
