//! Trampling by multi-hex monsters (DQ-22-004, DQ-22-005).

use crate::common::*;
use fray_core::grid::{Corner, HexPos};
use fray_core::{InputLog, RollInput, SideId};
use fray_dragonquest::DragonQuest;
use fray_dragonquest::model::action::{Action, Answer};
use fray_dragonquest::rules::actions::check;

/// The lizard (id 0, side a) at (4, 0) facing the sw_nw corner; B (side
/// b) `k` hexes straight ahead along the corner's first side.
fn setup(k: i32) -> (fray_dragonquest::state::State, fray_core::grid::Facing) {
    let d = Corner::SwNw.sides()[0];
    let mut at = HexPos::new(4, 0);
    for _ in 0..k {
        at = at.neighbour(d);
    }
    let lizard = "[[combatants]]\nname = \"L\"\nside = \"a\"\ntemplate = \"giant_lizard\"\nposition = { q = 4, r = 0 }\ncorner = \"sw_nw\"\ncontroller = \"script\"\n".to_string();
    let victim = fighter("B", "b", at.q, at.r, d.opposite().name(), &[]);
    (state("", &[lizard, victim]), d)
}

fn ahead(d: fray_core::grid::Facing, k: i32) -> HexPos {
    let mut at = HexPos::new(4, 0);
    for _ in 0..k {
        at = at.neighbour(d);
    }
    at
}

#[test]
fn a_monster_moving_into_a_small_figure_knocks_it_down_and_tramples_it() {
    // rule: DQ-22-004, DQ-22-005
    let (s, d) = setup(2);
    let to = ahead(d, 3);
    assert!(check(&s, A, &Action::Trample { to }).is_ok());
    // Step 1 to side a; the trample: strike 10, D10 2.
    let l = InputLog::<DragonQuest>::scripted(
        [("L", Action::Trample { to })],
        [
            RollInput::Faces(vec![9, 1]),
            RollInput::Total(10),
            RollInput::Total(2),
        ],
        [Answer::Side(SideId(0))],
    );
    let (s, ev) = run_steps(s, &l, 1);
    assert!(happened(&ev, "knocked down"), "{}", narrate(&ev));
    let r = roll(&ev, "strike");
    // Base 40, no MD or rank, less Defense (modAG 15).
    assert_eq!(modifier(r, "trample base chance"), Some(40));
    assert_eq!(r.target, Some(25));
    // D10 2 + 3 hexes = 5, less the lizard's... no: the victim's armor (none).
    assert_eq!(s.fig(B).ft, 15);
    assert!(s.fig(B).status.prone);
    assert_eq!(s.fig(A).pos, to);
    // Never left under the monster.
    assert!(!s.fig(A).occupies(s.fig(B).pos));
}

#[test]
fn a_trample_goes_straight_and_needs_a_figure_in_the_way() {
    // rule: DQ-22-004
    let (s, d) = setup(5);
    // Nothing in the first two hexes.
    let e = check(&s, A, &Action::Trample { to: ahead(d, 2) }).unwrap_err();
    assert!(e.to_string().contains("no 1-hex figure"), "{e}");
    // Not straight ahead.
    let off = HexPos::new(4, 0).neighbour(d.opposite());
    assert!(check(&s, A, &Action::Trample { to: off }).is_err());
    // A 1-hex figure cannot trample.
    assert!(check(&s, B, &Action::Trample { to: ahead(d, 4) }).is_err());
}

#[test]
fn the_ai_tramples_a_foe_straight_ahead() {
    // rule: DQ-22-004
    let (s, d) = setup(2);
    assert!(matches!(
        fray_dragonquest::ai::action(&s, A),
        Action::Trample { to } if to.distance(ahead(d, 2)) <= 1
    ));
}

#[test]
fn dq_22_004_a_trample_runs_its_whole_tmr_over_every_figure_in_the_way() {
    // rule: DQ-22-004, DQ-22-005 (TMR is bounded at 20: a trample of 18
    // hexes over nine figures)
    let d = Corner::SwNw.sides()[0];
    let (dq, dr) = {
        let n = HexPos::new(0, 0).neighbour(d);
        (n.q, n.r)
    };
    let at = |k: i32| HexPos::new((k - 8) * dq, (k - 8) * dr);
    let lizard = format!(
        "[[combatants]]\nname = \"L\"\nside = \"a\"\ntemplate = \"giant_lizard\"\nposition = {{ q = {}, r = {} }}\ncorner = \"sw_nw\"\ncontroller = \"script\"\n",
        at(0).q,
        at(0).r
    );
    let mut figures = vec![lizard];
    for k in 2..=10 {
        let h = at(k);
        figures.push(fighter(
            &format!("V{k}"),
            "b",
            h.q,
            h.r,
            d.opposite().name(),
            &[],
        ));
    }
    let mut s = state("", &figures);
    s.figures[0].tmr = 20;
    let path = fray_dragonquest::rules::movement::trample_path(&s, A, at(18), 20)
        .expect("18 hexes within TMR 20");
    assert_eq!(path.heads.len(), 18);
    assert_eq!(path.victims.len(), 9);
    assert!(check(&s, A, &Action::Trample { to: at(18) }).is_ok());
}
