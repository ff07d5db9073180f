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

// ---- The seasoned AI (the default) against the first one (`ai:basic`) ----

use fray_core::grid::HexPos;
use fray_dragonquest::model::action::{Activity, Answer, Question};
use fray_dragonquest::model::state::{Hold, Stage};

fn basic(s: &mut fray_dragonquest::state::State, who: fray_core::CombatantId) {
    s.fig_mut(who).controller = Controller::Ai("basic".into()).into();
}

/// A duel where A (broadsword and dagger) has dropped its broadsword in its
/// own hex.
fn disarmed_a() -> fray_dragonquest::state::State {
    let mut s = duel(
        &[(
            "weapons",
            "[{ id = \"broadsword\", rank = 2 }, { id = \"dagger\", rank = 1 }]",
        )],
        &[],
    );
    let a = s.fig_mut(A);
    a.weapons[0].hold = Hold::Dropped;
    a.weapons[0].at = Some(HexPos::new(0, 0));
    a.main = None;
    s
}

#[test]
fn the_seasoned_ai_picks_up_its_dropped_weapon_the_first_readies_another() {
    // rule: DQ-13-012, DQ-19-004
    let mut s = disarmed_a();
    let pick = Action::Pass {
        activity: Activity::PickUp(0),
        to: None,
        facing: None,
    };
    assert_eq!(ai::action(&s, A), pick);
    // With a dagger already in hand, the broadsword (55 + 15 + 8 against
    // 40 + 15 + 4) is still worth the Pass.
    s.fig_mut(A).main = Some(1);
    assert_eq!(ai::action(&s, A), pick);
    // `ai:basic` readies the dagger and never looks at the broadsword.
    let mut s = disarmed_a();
    basic(&mut s, A);
    assert_eq!(
        ai::action(&s, A),
        Action::Pass {
            activity: Activity::Ready(Some(1)),
            to: None,
            facing: None
        }
    );
}

/// A and B 8 hexes apart, side b still to act in step 3 of pulse 1.
fn apart(a_acts_after_b: bool) -> fray_dragonquest::state::State {
    let mut s = state(
        "",
        &[
            fighter("A", "a", -4, 0, "se", &[]),
            fighter("B", "b", 4, 0, "nw", &[]),
        ],
    );
    s.pulse = 1;
    s.seq.stage = Stage::NonEngaged;
    s.seq.group_of = [u16::MAX, u16::MAX].into_iter().collect();
    s.seq.queue = if a_acts_after_b {
        Default::default()
    } else {
        [B].into_iter().collect()
    };
    s
}

#[test]
fn the_seasoned_ai_keeps_out_of_a_charge_still_to_come() {
    // rule: DQ-14-007, DQ-14-004, DQ-12-001
    // TMR 6, a charge of 3 hexes: B, still to act, reaches 4 hexes; A stops
    // 5 hexes from B, as near as that allows.
    let s = apart(false);
    match ai::action(&s, A) {
        Action::Move { to, .. } => assert_eq!(to.distance(s.fig(B).pos), 5, "{to}"),
        other => panic!("{other:?}"),
    }
    // `ai:basic` walks its full TMR (6) toward B, into B's charge.
    let mut s2 = s.clone();
    basic(&mut s2, A);
    match ai::action(&s2, A) {
        Action::Move { to, .. } => assert_eq!(to.distance(s2.fig(B).pos), 2, "{to}"),
        other => panic!("{other:?}"),
    }
    // B has acted and did not come on: A closes in.
    let s = apart(true);
    match ai::action(&s, A) {
        Action::Move { to, .. } => assert!(to.distance(s.fig(B).pos) <= 2, "{to}"),
        other => panic!("{other:?}"),
    }
    // B has acted and came on (it moved this pulse): A waits for it.
    let mut s = apart(true);
    s.fig_mut(B).status.moved = 1;
    assert!(matches!(
        ai::action(&s, A),
        Action::Pass {
            activity: Activity::None,
            to: None,
            ..
        }
    ));
}

#[test]
fn the_seasoned_side_lets_the_other_side_move_first_unless_it_can_strike() {
    // rule: DQ-12-001, DQ-14-007
    let s = apart(false);
    let q = Question::SideFirst {
        side: fray_core::SideId(0),
        options: vec![fray_core::SideId(0), fray_core::SideId(1)]
            .into_iter()
            .collect(),
    };
    assert_eq!(ai::answer(&s, &q), Answer::Side(fray_core::SideId(1)));
    // Within its charge (3 hexes and the hex it strikes into): its own first.
    let mut near = s.clone();
    near.fig_mut(B).pos = HexPos::new(0, 0);
    assert_eq!(ai::answer(&near, &q), Answer::Side(fray_core::SideId(0)));
    // The first AI always sends its own side first.
    let mut s = s;
    basic(&mut s, A);
    assert_eq!(ai::answer(&s, &q), Answer::Side(fray_core::SideId(0)));
}

#[test]
fn the_seasoned_archer_shoots_no_friend_and_steps_to_a_clear_line() {
    // rule: DQ-16-004, DQ-16-002, DQ-14-014
    // Archer A at (-4, 0) facing SE; friend F at (-2, 0) straight between A
    // and foe B at (2, 0).
    let bow = [
        ("weapons", "[{ id = \"long_bow\", rank = 3 }]"),
        ("md", "18"),
    ];
    let mut s = state(
        "",
        &[
            fighter("A", "a", -4, 0, "se", &bow),
            fighter("B", "b", 2, 0, "nw", &[]),
            fighter("F", "a", -2, 0, "se", &[]),
        ],
    );
    s.pulse = 1;
    let first = ai::action(&s, A);
    match first {
        Action::Pass {
            activity: Activity::None,
            to: Some(to),
            ..
        } => {
            // From there the line to B has no friend on it.
            let line = fray_dragonquest::rules::fire::line(&s, A, to, B, 180);
            let fray_dragonquest::rules::fire::Line::Open(order) = line else {
                panic!("{line:?}")
            };
            assert!(!order.contains(&C), "{to} {order:?}");
        }
        other => panic!("{other:?}"),
    }
    // `ai:basic` shoots through its friend.
    basic(&mut s, A);
    assert_eq!(ai::action(&s, A), Action::fire(B));
    // With the friend out of the way the seasoned archer shoots.
    let mut s = s;
    s.fig_mut(A).controller = Controller::Ai("default".into()).into();
    s.fig_mut(C).pos = HexPos::new(-6, 6);
    assert_eq!(ai::action(&s, A), Action::fire(B));
}
