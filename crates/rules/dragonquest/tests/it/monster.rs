//! Multi-hex monsters (DQ-22-001..003, DQ-00-015).

use crate::common::*;
use fray_core::grid::{Corner, Heading, HexPos};
use fray_dragonquest::rules::{movement, zones};

fn lizard_state() -> fray_dragonquest::state::State {
    let lizard = "[[combatants]]\nname = \"L\"\nside = \"b\"\ntemplate = \"giant_lizard\"\nposition = { q = 4, r = 0 }\ncorner = \"sw_nw\"\ncontroller = \"script\"\n".to_string();
    state("", &[fighter("A", "a", -4, 0, "se", &[]), lizard])
}

#[test]
fn a_multi_hex_monster_faces_a_corner_with_two_front_hexes() {
    // rule: DQ-22-001, DQ-00-015
    let s = lizard_state();
    let l = s.fig(B);
    assert_eq!(l.heading, Heading::Corner(Corner::SwNw));
    assert_eq!(l.body().cells().len(), 3);
    assert_eq!(zones::melee_zone(l).len(), 2);
}

#[test]
fn it_moves_its_head_into_a_front_hex_and_pivots_at_one_tmr_per_two_corners() {
    // rule: DQ-22-002, DQ-22-003
    let s = lizard_state();
    let reach = movement::reach(&s, B, 1, false);
    let l = s.fig(B);
    let fronts = zones::melee_zone(l);
    // One TMR: a step of the head into a front hex, or a pivot of up to two corners.
    for r in reach.iter().filter(|r| r.steps == 1) {
        assert!(fronts.contains(&r.head), "{:?}", r.head);
    }
    let pivots: Vec<_> = reach
        .iter()
        .filter(|r| r.steps == 0 && r.head == l.pos)
        .map(|r| r.heading)
        .collect();
    assert!(pivots.contains(&Heading::Corner(Corner::SwNw.turn(2))));
    assert!(pivots.contains(&Heading::Corner(Corner::SwNw.turn(-2))));
    assert!(!pivots.contains(&Heading::Corner(Corner::SwNw.turn(3))));
    // Three corners cost 2.
    let reach = movement::reach(&s, B, 2, false);
    assert!(reach.iter().any(|r| r.head == l.pos
        && r.heading == Heading::Corner(Corner::SwNw.turn(3))
        && r.cost == 2));
    let _ = HexPos::new(0, 0);
}

#[test]
fn the_crate_s_neighbour_table_matches_the_grid() {
    // rule: DQ-00-013 (front f-1, f, f+1 and rear f+2..f+4 from the table)
    use fray_core::grid::Facing;
    use fray_dragonquest::state::step;
    let p = HexPos::new(3, -2);
    for f in Facing::ALL {
        assert_eq!(step(p, usize::from(f.index())), p.neighbour(f));
        assert_eq!(step(p, usize::from(f.index()) + 7), p.neighbour(f.turn(1)));
    }
}

#[test]
fn the_crate_s_hex_distance_matches_the_grid() {
    // rule: DQ-00-013
    use fray_dragonquest::state::hex_distance;
    for q in -4..=4 {
        for r in -4..=4 {
            let (a, b) = (HexPos::new(1, -2), HexPos::new(q, r));
            assert_eq!(hex_distance(a, b), a.distance(b));
        }
    }
}

#[test]
fn the_crate_s_facing_and_bearing_match_the_grid() {
    // rule: DQ-00-013, DQ-17-011
    use fray_core::grid::{Facing, arc};
    use fray_dragonquest::state::{bearing, facing_toward};
    let a = HexPos::new(1, -2);
    for q in -4..=4 {
        for r in -4..=4 {
            let b = HexPos::new(q, r);
            assert_eq!(facing_toward(a, b), a.facing_toward(b), "{b}");
            for f in Facing::ALL {
                assert_eq!(bearing(a, f, b), arc::bearing(a, f, b), "{b} {f}");
            }
        }
    }
}

#[test]
fn the_crate_s_front_test_matches_its_front_hexes() {
    // rule: DQ-00-013, DQ-00-015
    use fray_core::grid::Facing;
    use fray_dragonquest::model::data::ShapeName;
    use fray_dragonquest::state::{front_contains, front_of};
    let a = HexPos::new(-1, 2);
    for f in Facing::ALL {
        let front = front_of(ShapeName::Single, a, Heading::Side(f));
        for q in -3..=3 {
            for r in -3..=3 {
                let h = HexPos::new(q, r);
                assert_eq!(
                    front_contains(ShapeName::Single, a, Heading::Side(f), h),
                    front.contains(&h),
                    "{h} {f}"
                );
            }
        }
    }
}

#[test]
fn the_crate_s_rear_test_matches_its_rear_hexes() {
    // rule: DQ-00-013
    use fray_core::grid::Facing;
    let mut s = duel(&[], &[]);
    for f in Facing::ALL {
        s.figures[0].heading = Heading::Side(f);
        let fig = &s.figures[0];
        let rear = zones::rear_hexes(fig);
        for q in -3..=3 {
            for r in -3..=3 {
                let h = HexPos::new(q, r);
                assert_eq!(zones::in_rear_hexes(fig, h), rear.contains(&h), "{h} {f}");
            }
        }
    }
}
