//! Close combat (DQ-13-016..020) and Charge and Close (DQ-14-009).

use crate::common::*;
use fray_core::grid::HexPos;
use fray_dragonquest::model::action::{Action, Answer};
use fray_dragonquest::model::state::Hold;

#[test]
fn closing_may_be_repulsed_by_a_d10_at_or_under_the_defenders_rank() {
    // rule: DQ-13-016, DQ-13-017
    let s = duel(&[], &[]);
    let l = log(
        vec![("A", Action::Close { target: B })],
        &[2],
        vec![Answer::First(true), Answer::Yes(true)],
    );
    let (s2, ev) = run_steps(s.clone(), &l, 1);
    assert_eq!(roll(&ev, "repulse").rule, "DQ-13-017");
    assert!(!s2.fig(A).status.close);
    assert_eq!(s2.fig(A).pos, HexPos::new(0, 0));
    // 3 is over rank 2: A gets in, both drop shield and non-close weapons,
    // and A grapples at once (bare hands: 2 × 16 + 1 = 33 - 15 = 18).
    let s = duel(&[], &[("shield", "\"round\"")]);
    let l = log(
        vec![("A", Action::Close { target: B })],
        &[3, 90],
        vec![Answer::First(true), Answer::Yes(true)],
    );
    let (s, ev) = run_steps(s, &l, 1);
    assert!(
        s.fig(A).status.close && s.fig(B).status.close,
        "{}",
        narrate(&ev)
    );
    assert_eq!(s.fig(A).pos, s.fig(B).pos);
    assert_eq!(s.fig(A).weapons[0].hold, Hold::Dropped);
    assert!(!s.fig(B).shield_ready);
    assert_eq!(roll(&ev, "strike").target, Some(18));
}

#[test]
fn close_rated_weapons_are_kept_in_close_combat() {
    // rule: DQ-13-018, DQ-13-019
    let s = duel(&[("weapons", "[{ id = \"dagger\", rank = 2 }]")], &[]);
    let l = log(
        vec![("A", Action::Close { target: B })],
        &[90],
        vec![Answer::First(true), Answer::Yes(false)],
    );
    let (s, ev) = run_steps(s, &l, 1);
    assert_eq!(s.fig(A).main, Some(0));
    // Dagger BC 40 + 15 + 8 - 15.
    assert_eq!(roll(&ev, "strike").target, Some(48));
}

#[test]
fn breaking_out_needs_d10_plus_ps_minus_hostile_ps_of_10_or_a_natural_10() {
    // rule: DQ-13-020
    let mut s = duel(&[], &[]);
    for i in 0..2 {
        s.figures[i].status.close = true;
        s.figures[i].pos = HexPos::new(0, -1);
    }
    // Placed by hand: the occupancy index follows (debug builds check it).
    s.reindex();
    let out = Action::Withdraw {
        to: HexPos::new(0, 0),
        posture: None,
        strike: None,
    };
    let l = log(vec![("A", out.clone())], &[9], vec![Answer::First(true)]);
    let (s1, ev) = run_steps(s.clone(), &l, 1);
    assert_eq!(roll(&ev, "break out").rule, "DQ-13-020");
    assert!(s1.fig(A).status.close);
    let l = log(vec![("A", out.clone())], &[10], vec![Answer::First(true)]);
    let (s2, _) = run_steps(s.clone(), &l, 1);
    assert!(!s2.fig(A).status.close && !s2.fig(B).status.close);
    assert!(s2.fig(A).status.prone);
    assert_eq!(s2.fig(A).pos, HexPos::new(0, 0));
    // With PS 20 against 16, 6 is enough (6 + 20 - 16 = 10).
    let mut s = s;
    s.figures[0].stats.ps = 20;
    let l = log(vec![("A", out)], &[6], vec![Answer::First(true)]);
    let (s3, _) = run_steps(s, &l, 1);
    assert!(!s3.fig(A).status.close);
}

#[test]
fn charge_and_close_enters_the_targets_hex() {
    // rule: DQ-14-009
    let s = state(
        "",
        &[
            fighter("A", "a", -3, 0, "se", &[]),
            fighter("B", "b", 0, 0, "nw", &[]),
        ],
    );
    let cc = Action::ChargeAndClose {
        target: B,
        to: HexPos::new(-1, 0),
    };
    let l = fray_core::InputLog {
        loose: fray_core::StepInputs {
            actions: vec![fray_core::inputs::ScriptedAction {
                actor: "A".into(),
                action: cc,
            }],
            rolls: vec![
                fray_core::RollInput::Faces(vec![9, 1]),
                fray_core::RollInput::Total(95),
            ],
            answers: vec![Answer::Side(fray_core::SideId(0)), Answer::Yes(false)],
        },
        steps: vec![],
    };
    let (s, ev) = run_steps(s, &l, 1);
    assert!(s.fig(A).status.close, "{}", narrate(&ev));
    assert_eq!(s.fig(A).pos, HexPos::new(0, 0));
    assert_eq!(s.fig(A).facing(), fray_core::grid::Facing::Se);
}
