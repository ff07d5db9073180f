//! Property tests of the grid geometry: distances, facings, arcs,
//! bearings, lines, movement searches, square geometry, maps.

use fray_grid::{
    Arc, Facing, HexPos, Map, MapKind, MoveCosts, NoWalls, Pose, RelativeBearing, SquarePos,
    StepKind, arc, final_facings, open_ground, reachable, seek, square_reachable, walk,
};
use proptest::prelude::*;

use crate::common::{VOCABULARY, facing, hex, near_hex, rotate, square};

proptest! {
    #[test]
    fn hex_distance_is_a_metric(a in hex(), b in hex(), c in hex()) {
        prop_assert_eq!(a.distance(b), b.distance(a));
        prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
        prop_assert_eq!(a.distance(b) == 0, a == b);
    }

    #[test]
    fn six_distinct_neighbours_at_distance_one(a in hex()) {
        let n = a.neighbours();
        for (i, f) in Facing::ALL.into_iter().enumerate() {
            prop_assert_eq!(a.distance(n[i]), 1);
            prop_assert_eq!(a.direction_to_neighbour(n[i]), Some(f));
            prop_assert_eq!(a.facing_toward(n[i]), Some(f));
            prop_assert_eq!(n[i].neighbour(f.opposite()), a);
        }
        let mut s = n.to_vec();
        s.sort();
        s.dedup();
        prop_assert_eq!(s.len(), 6);
    }

    #[test]
    fn turning(f in facing(), a in -127i8..=127, b in any::<i8>()) {
        let mut g = f;
        for _ in 0..6 { g = g.turn(1); }
        prop_assert_eq!(g, f);
        prop_assert_eq!(f.turn(a).turn(-a), f);
        prop_assert_eq!(f.turn(a).turn(b), f.turn(((i16::from(a) + i16::from(b)) % 6) as i8));
        prop_assert_eq!(f.opposite().opposite(), f);
        let g = f.turn(a);
        prop_assert!(f.turn_distance(g) <= 3);
        prop_assert_eq!(f.turn_distance(g), g.turn_distance(f));
        prop_assert_eq!(f.turn(f.signed_turn_to(g)), g);
    }

    // rule: G-DEF-014
    #[test]
    fn arcs_partition_the_neighbours(a in hex(), f in facing()) {
        let count = |want: Arc| a.neighbours().iter().filter(|&&n| arc::arc(a, f, n) == Some(want)).count();
        prop_assert_eq!(count(Arc::Front), 3);
        prop_assert_eq!(count(Arc::Side), 2);
        prop_assert_eq!(count(Arc::Back), 1);
        prop_assert_eq!(arc::arc(a, f, a.neighbour(f)), Some(Arc::Front));
        prop_assert_eq!(arc::arc(a, f, a.neighbour(f.opposite())), Some(Arc::Back));
    }

    // rule: DQ-00-014
    /// The half-plane Ranged Zone holds the front arc (the `wedge_120`
    /// zone), never a back hex, and at distance 1 is exactly the front
    /// hexes; it turns with the figure.
    #[test]
    fn the_front_half_plane_holds_the_front_arc(a in near_hex(), t in hex(), f in facing(), k in 0u8..6) {
        let half = arc::in_front_half(a, f, t);
        if arc::arc(a, f, t) == Some(Arc::Front) {
            prop_assert!(half);
        }
        if half {
            prop_assert!(arc::arc(a, f, t) != Some(Arc::Back));
        }
        for n in a.neighbours() {
            prop_assert_eq!(arc::in_front_half(a, f, n), arc::arc(a, f, n) == Some(Arc::Front));
        }
        prop_assert!(!arc::in_front_half(a, f, a));
        prop_assert_eq!(half, arc::in_front_half(a, f.turn(k as i8), rotate(t, a, k)));
    }

    // rule: M-FLO-006
    #[test]
    fn bearings_name_each_neighbour_once(a in hex(), f in facing()) {
        let mut seen: Vec<RelativeBearing> = a.neighbours().iter().filter_map(|&n| arc::bearing(a, f, n)).collect();
        prop_assert_eq!(seen.len(), 6);
        for k in -2i8..=3 {
            let b = RelativeBearing::from_turn(k);
            prop_assert_eq!(arc::bearing(a, f, a.neighbour(f.turn(k))), Some(b));
            seen.retain(|&x| x != b);
        }
        prop_assert!(seen.is_empty());
    }

    #[test]
    fn arcs_and_bearings_turn_with_the_figure(a in near_hex(), t in hex(), f in facing(), k in 0u8..6) {
        let t2 = rotate(t, a, k);
        let f2 = f.turn(k as i8);
        prop_assert_eq!(arc::arc(a, f, t), arc::arc(a, f2, t2));
        prop_assert_eq!(arc::bearing(a, f, t), arc::bearing(a, f2, t2));
        prop_assert_eq!(arc::side_of(a, f, t), arc::side_of(a, f2, t2));
        prop_assert_eq!(a.facing_toward(t).map(|g| g.turn(k as i8)), a.facing_toward(t2));
    }

    #[test]
    fn bearing_side_agrees_with_side_of(a in near_hex(), t in hex(), f in facing()) {
        if let Some(s) = arc::bearing(a, f, t).and_then(RelativeBearing::side) {
            prop_assert_eq!(arc::side_of(a, f, t), Some(s));
        }
        // The front arc holds everything whose bearing is front.
        if arc::bearing(a, f, t) == Some(RelativeBearing::Front) {
            prop_assert_eq!(arc::arc(a, f, t), Some(Arc::Front));
        }
        if arc::arc(a, f, t) == Some(Arc::Back) {
            prop_assert!(matches!(arc::bearing(a, f, t), Some(RelativeBearing::Rear | RelativeBearing::Side(_))));
        }
    }

    #[test]
    fn lines_join_their_ends(a in hex(), b in near_hex()) {
        let b = HexPos::new(a.q + b.q * 3, a.r + b.r * 2);
        let d = a.distance(b) as usize;
        let mut all = vec![a.line_to(b)];
        all.extend(a.line_variants(b));
        for l in all {
            prop_assert_eq!(l.len(), d + 1);
            prop_assert_eq!(l[0], a);
            prop_assert_eq!(l[d], b);
            for w in l.windows(2) {
                prop_assert_eq!(w[0].distance(w[1]), 1);
            }
        }
    }

    #[test]
    fn rings_and_areas(a in hex(), r in 0u32..8) {
        let ring = a.ring(r);
        prop_assert_eq!(ring.len(), if r == 0 { 1 } else { 6 * r as usize });
        prop_assert!(ring.iter().all(|h| h.distance(a) == r));
        let area = a.area(r);
        prop_assert_eq!(area.len(), (3 * r * (r + 1) + 1) as usize);
        prop_assert!(area.iter().all(|h| h.distance(a) <= r));
    }

    // rule: G-TAC-004
    #[test]
    fn dijkstra_never_beats_nothing_and_never_loses_to_a_line_walk(f in facing(), t in near_hex()) {
        // GURPS costs in half points: forward 1, sidestep 2, turn 1.
        let costs = MoveCosts::new(2, 4, 2, open_ground);
        let budget = 30;
        let start = HexPos::ORIGIN;
        let map = reachable(start, f, budget, &costs);
        // A line walk: face the first step, then walk the line forward
        // (consecutive line steps differ by at most one hexside).
        let line = start.line_to(t);
        let mut facing = f;
        let mut walk = 0u32;
        for w in line.windows(2) {
            let dir = w[0].direction_to_neighbour(w[1]).unwrap();
            let turns = u32::from(facing.turn_distance(dir));
            walk += if w[0] == start { 2 * turns } else { 2 * turns.saturating_sub(1) };
            walk += 2;
            facing = dir;
        }
        if walk <= budget {
            let best = map.cheapest_to(t).map(|c| c.0);
            prop_assert!(best.is_some_and(|c| c <= walk), "{best:?} > {walk}");
        }
        // Straight forward: n hexes ahead cost exactly n points.
        let mut ahead = start;
        for n in 1..=5u32 {
            ahead = ahead.neighbour(f);
            prop_assert_eq!(map.cost_to(ahead, f), Some(2 * n));
        }
    }

    #[test]
    fn paths_match_costs_and_budgets_nest(f in facing(), t in near_hex(), g in facing(), extra in 0u32..6) {
        let costs = MoveCosts::new(2, 4, 2, |h: HexPos| if h.q == 1 && h.r < 2 { None } else { Some((h.r.rem_euclid(3)) as u16) });
        let small = reachable(HexPos::ORIGIN, f, 10, &costs);
        let big = reachable(HexPos::ORIGIN, f, 10 + extra, &costs);
        if let Some(c) = small.cost_to(t, g) {
            prop_assert_eq!(big.cost_to(t, g), Some(c));
            let p = small.path_to(t, g).unwrap();
            prop_assert_eq!(p.cost(), c);
            prop_assert_eq!(p.end().pos, t);
            prop_assert_eq!(p.end().facing, g);
            prop_assert!(c <= 10);
            let mut prev = p.start;
            for s in &p.steps {
                let d = prev.pos.distance(s.pose.pos);
                prop_assert!(d <= 1);
                prop_assert!((costs.enter)(s.pose.pos).is_some());
                prev = s.pose;
            }
        }
    }

    // rule: G-TAC-008
    /// The guided search finds exactly the cheapest accepted state of the
    /// full map (lowest hex and facing on a tie), around walls too; walking
    /// its route again costs the same.
    #[test]
    fn seek_agrees_with_the_full_search(f in facing(), goal in near_hex(), within in 0u32..3,
                                        budget in 0u32..16, wall in near_hex()) {
        let costs = MoveCosts::new(2, 4, 2, move |h: HexPos| (h != wall).then_some(if h.q == 1 { 1 } else { 0 }));
        let start = Pose::new(HexPos::ORIGIN, f);
        let accept = |h: HexPos, _: Facing| h.distance(goal) == within && h != HexPos::new(0, 1);
        let full = reachable(start.pos, f, budget, &costs);
        let want = full
            .states()
            .into_iter()
            .filter(|(p, _)| accept(p.pos, p.facing))
            .min_by_key(|(p, c)| (*c, p.pos, p.facing));
        let found = seek(start, budget, &costs, goal, within, &accept);
        prop_assert_eq!(found.as_ref().map(|p| (p.cost(), p.end())), want.map(|(p, c)| (c, p)));
        if let Some(p) = found {
            let route: Vec<HexPos> = p.steps.iter().filter(|s| !matches!(s.kind, StepKind::Turn(_))).map(|s| s.pose.pos).collect();
            let walked = walk(start, &route, Some(p.end().facing), &costs).unwrap();
            prop_assert_eq!(walked.cost(), p.cost());
        }
    }

    #[test]
    fn final_facing_rule(f in facing(), total in 0u32..40, used in 0u32..40) {
        let left = total.saturating_sub(used);
        let options = final_facings(f, total, left);
        prop_assert!(options.contains(&f));
        if 2 * left >= total {
            prop_assert_eq!(options.len(), 6);
        } else {
            prop_assert_eq!(options.len(), 3);
            prop_assert!(options.iter().all(|o| f.turn_distance(*o) <= 1));
        }
    }

    // rule: X-MOV-004
    #[test]
    fn square_geometry(a in square(), b in square(), c in square(), r in 0u32..6) {
        prop_assert_eq!(a.distance(b), b.distance(a));
        prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
        prop_assert_eq!(a.distance(b), (a.x - b.x).unsigned_abs().max((a.y - b.y).unsigned_abs()));
        let n = a.neighbours();
        prop_assert!(n.iter().all(|m| a.distance(*m) == 1));
        let mut s = n.to_vec(); s.sort(); s.dedup();
        prop_assert_eq!(s.len(), 8);
        let l = a.line_to(b);
        prop_assert_eq!(l.len(), a.distance(b) as usize + 1);
        prop_assert_eq!(l[0], a);
        prop_assert_eq!(*l.last().unwrap(), b);
        prop_assert!(l.windows(2).all(|w| w[0].distance(w[1]) == 1));
        prop_assert_eq!(a.area(r).len(), ((2 * r + 1) * (2 * r + 1)) as usize);
        prop_assert!(a.ring(r).iter().all(|p| p.distance(a) == r));
    }

    #[test]
    fn open_squares_cost_their_distance(dx in -5i32..=5, dy in -5i32..=5) {
        let m = square_reachable(SquarePos::ORIGIN, 5, &NoWalls, |_| Some(1));
        let t = SquarePos::new(dx, dy);
        prop_assert_eq!(m.cost_to(t), Some(SquarePos::ORIGIN.distance(t)));
        prop_assert_eq!(m.path_to(t).map(|p| p.len()), Some(SquarePos::ORIGIN.distance(t) as usize + 1));
    }

    #[test]
    fn maps_contain_exactly_their_cells(w in 1u32..12, h in 1u32..12, q in -3i32..15, r in -10i32..15, hexmap in any::<bool>()) {
        let kind = if hexmap { MapKind::Hex } else { MapKind::Square };
        let m = Map::rectangle(kind, w, h, &VOCABULARY).unwrap();
        let cells = m.cells();
        prop_assert_eq!(cells.len(), (w * h) as usize);
        prop_assert!(cells.iter().all(|c| m.contains(*c)));
        let probe: fray_grid::Cell = if hexmap { HexPos::new(q, r).into() } else { SquarePos::new(q, r).into() };
        prop_assert_eq!(m.contains(probe), cells.binary_search(&probe).is_ok());
        prop_assert_eq!(m.terrain_at(probe).is_some(), m.contains(probe));
    }

    #[test]
    fn serde_round_trips(a in hex(), f in facing(), s in square()) {
        let j = serde_json::to_string(&a).unwrap();
        prop_assert_eq!(serde_json::from_str::<HexPos>(&j).unwrap(), a);
        let j = serde_json::to_string(&f).unwrap();
        prop_assert_eq!(serde_json::from_str::<Facing>(&j).unwrap(), f);
        let j = serde_json::to_string(&s).unwrap();
        prop_assert_eq!(serde_json::from_str::<SquarePos>(&j).unwrap(), s);
    }

    #[test]
    fn no_panic_on_extreme_coordinates(q in any::<i32>(), r in any::<i32>(), f in facing()) {
        let p = HexPos::new(q, r);
        let o = HexPos::ORIGIN;
        let _ = p.distance(o);
        let _ = o.facing_toward(p);
        let _ = arc::arc(o, f, p);
        let _ = arc::bearing(o, f, p);
        let _ = arc::side_of(o, f, p);
        let m = Map::hexagon(3, &VOCABULARY).unwrap();
        prop_assert!(m.terrain_at(p).is_none() || p.distance(o) <= 3);
        let s = SquarePos::new(q, r);
        let _ = s.distance(SquarePos::ORIGIN);
        let _ = s.neighbours();
    }
}
