//! Footprints: figures filling several hexes or squares, their zones,
//! distances, moves and pivots.

use fray_grid::{
    Corner, Facing, Footprint, Heading, HexPos, NoWalls, Orientation, Pose, Shape, ShapeError,
    SquareFootprint, SquarePos, Zone,
};
use proptest::prelude::*;

use crate::common::{corner, facing, map, near_hex, near_square};

const O: HexPos = HexPos::ORIGIN;

/// A 7-hex monster as a bestiary would give it: a hexagon of hexes with
/// the head on its rim, facing a corner.
fn seven() -> Shape {
    let centre = HexPos::new(0, 1);
    let mut cells = vec![O, centre];
    cells.extend(centre.neighbours().into_iter().filter(|&h| h != O));
    Shape::new(Orientation::Corner, &cells).expect("a valid shape")
}

fn zones(f: &Footprint) -> (usize, usize, usize) {
    let ring: Vec<HexPos> = f
        .head()
        .area(6)
        .into_iter()
        .filter(|&h| f.zone_of(h).is_some())
        .collect();
    let count = |z| ring.iter().filter(|&&h| f.zone_of(h) == Some(z)).count();
    (count(Zone::Front), count(Zone::Flank), count(Zone::Rear))
}

// rule: G-POS-009
#[test]
fn a_lying_figure_fills_its_head_hex_and_the_hex_behind() {
    let f = Footprint::lying(Pose::new(HexPos::new(2, 3), Facing::Ne));
    assert_eq!(
        f.cells().as_slice(),
        &[HexPos::new(2, 3), HexPos::new(1, 4)]
    );
    assert_eq!(f.shape().len(), 2);
    assert_eq!(zones(&f), (3, 2, 3));
    assert_eq!(f.touching(HexPos::new(2, 4)).len(), 2);
}

// rule: DQ-22-001
// rule: DQ-22-002
#[test]
fn a_multi_hex_monster_faces_a_corner_and_its_front_hexes_share_it() {
    let t = Footprint::new(Shape::triangle(), O, Heading::Corner(Corner::NNe)).unwrap();
    assert_eq!(
        t.cells().as_slice(),
        &[O, HexPos::new(0, 1), HexPos::new(-1, 1)]
    );
    assert_eq!(
        t.front_hexes().as_slice(),
        &[O.neighbour(Facing::N), O.neighbour(Facing::Ne)]
    );
    assert_eq!(zones(&t), (2, 4, 3));
    assert_eq!(t.zone_of(HexPos::new(0, 2)), Some(Zone::Rear));
    assert_eq!(t.zone_of(O.neighbour(Facing::Nw)), Some(Zone::Flank));
    assert_eq!(t.zone_of(O), None);
    assert_eq!(t.zone_of(HexPos::new(0, -2)), None);
    // Turned to face the corner between south-east and south.
    let turned = t.pivoted(2);
    assert_eq!(turned.heading(), Heading::Corner(Corner::SeS));
    assert_eq!(
        turned.cells().as_slice(),
        &[O, O.neighbour(Facing::Nw), O.neighbour(Facing::N)]
    );
    assert_eq!(
        turned.front_hexes().as_slice(),
        &[O.neighbour(Facing::Se), O.neighbour(Facing::S)]
    );
    // A 7-hex template from data.
    let big = Footprint::new(seven(), O, Heading::Corner(Corner::NNe)).unwrap();
    assert_eq!(big.cells().len(), 7);
    assert_eq!(big.front_hexes().len(), 2);
    let (front, flank, rear) = zones(&big);
    assert_eq!((front, front + flank + rear), (2, 12));
}

// rule: DQ-22-003
#[test]
fn corners_turned_are_counted_the_short_way() {
    assert_eq!(Corner::NNe.turn_distance(Corner::NNe), 0);
    assert_eq!(Corner::NNe.turn_distance(Corner::SeS), 2);
    assert_eq!(Corner::NNe.turn_distance(Corner::SSw), 3);
    assert_eq!(Corner::NNe.turn_distance(Corner::NwN), 1);
    assert_eq!(Corner::clockwise_of(Facing::Sw), Corner::SwNw);
    assert_eq!(Corner::SwNw.sides(), [Facing::Sw, Facing::Nw]);
    assert_eq!(Corner::NNe.to_string(), "n_ne");
    let h: Heading = serde_json::from_str(r#"{"corner": "s_sw"}"#).unwrap();
    assert_eq!(h, Heading::Corner(Corner::SSw));
}

#[test]
fn shapes_are_checked() {
    let h = HexPos::new;
    assert_eq!(
        Shape::new(Orientation::Side, &[h(0, 1)]),
        Err(ShapeError::NoHead)
    );
    assert_eq!(
        Shape::new(Orientation::Side, &[O, h(0, 1), h(0, 1)]),
        Err(ShapeError::Repeated(h(0, 1)))
    );
    assert_eq!(
        Shape::new(Orientation::Side, &[O, h(0, 2)]),
        Err(ShapeError::Disconnected(h(0, 2)))
    );
    let many: Vec<HexPos> = (0..20).map(|r| h(0, r)).collect();
    assert_eq!(
        Shape::new(Orientation::Side, &many),
        Err(ShapeError::TooManyCells)
    );
    // A snake of 19 is fine, head first whatever the order given.
    let snake: Vec<HexPos> = (0..19).rev().map(|r| h(0, r)).collect();
    let s = Shape::new(Orientation::Side, &snake).unwrap();
    assert_eq!(s.offsets()[0], O);
    assert_eq!(s.len(), 19);
    assert_eq!(
        Footprint::new(Shape::triangle(), O, Heading::Side(Facing::N)),
        Err(ShapeError::HeadingMismatch)
    );
    assert_eq!(
        SquareFootprint::new(SquarePos::ORIGIN, 0),
        Err(ShapeError::SquareSize(0))
    );
}

#[test]
fn footprints_step_and_pivot_only_where_every_cell_may_go() {
    let t = Footprint::new(Shape::triangle(), O, Heading::Corner(Corner::NNe)).unwrap();
    let all = |_: HexPos| true;
    assert!(t.can_step(Facing::N, &NoWalls, all));
    assert_eq!(t.moved(Facing::N).head(), O.neighbour(Facing::N));
    assert_eq!(t.moved(Facing::N).heading(), t.heading());
    // A rock where a body cell would go stops the move.
    let rock = HexPos::new(-1, 0);
    assert!(t.moved(Facing::N).contains(rock));
    assert!(!t.can_step(Facing::N, &NoWalls, |h| h != rock));
    // A wall on a hexside a body cell crosses stops it too, and so does
    // one the body would straddle.
    let m = map(
        "kind = \"hex\"\nradius = 5\n[[edges]]\nfeature = \"wall\"\nhexsides = [{ q = -1, r = 1, side = \"n\" }]",
    );
    assert!(!t.can_step(Facing::N, &m, all));
    assert!(t.can_step(Facing::Ne, &m, all));
    assert!(!t.straddles(&m));
    let inside = map(
        "kind = \"hex\"\nradius = 5\n[[edges]]\nfeature = \"wall\"\nhexsides = [{ q = 0, r = 0, side = \"s\" }]",
    );
    assert!(t.straddles(&inside));
    assert!(!t.can_pivot(0, &inside, all));
    assert!(t.can_pivot(3, &NoWalls, all));
    assert!(!t.can_pivot(3, &NoWalls, |h| h != HexPos::new(1, -1)));
}

#[test]
fn distances_between_footprints_are_between_their_nearest_cells() {
    let a = Footprint::new(Shape::triangle(), O, Heading::Corner(Corner::NNe)).unwrap();
    let b = Footprint::single(Pose::new(HexPos::new(0, 3), Facing::N));
    // Nearest: (0,1) of the triangle, two hexes from (0,3).
    assert_eq!(a.distance(&b), 2);
    assert_eq!(a.distance_to(HexPos::new(0, 3)), 2);
    let c = Footprint::single(Pose::new(HexPos::new(0, 2), Facing::N));
    assert!(a.is_adjacent(&c));
    assert_eq!(a.touching(HexPos::new(0, 2)).len(), 1);
    assert_eq!(a.touching(HexPos::new(-1, 2)).len(), 2);
    assert_eq!(a.distance(&a), 0);
}

// rule: X-DAT-007
// rule: X-MOV-009
#[test]
fn large_creatures_fill_blocks_of_squares() {
    let s = SquarePos::new;
    let huge = SquareFootprint::new(s(2, 2), 3).unwrap();
    assert_eq!(huge.cells().len(), 9);
    assert!(huge.contains(s(4, 4)) && !huge.contains(s(5, 4)));
    let medium = SquareFootprint::new(s(6, 3), 1).unwrap();
    // Nearest squares (4, 3) and (6, 3): 2 m apart, Chebyshev.
    assert_eq!(huge.distance(medium), 2);
    assert_eq!(huge.distance_to(s(5, 5)), 1);
    assert!(huge.is_adjacent(SquareFootprint::new(s(5, 5), 2).unwrap()));
    let m = map(
        "kind = \"square\"\nwidth = 10\nheight = 10\n[[edges]]\nfeature = \"wall\"\nsquare_sides = [{ x = 4, y = 3, side = \"e\" }]",
    );
    assert!(!huge.can_step(1, 0, &m, |_| true));
    assert!(huge.can_step(0, 1, &m, |_| true));
    assert!(!huge.can_step(0, 1, &NoWalls, |q| q != s(3, 5)));
    assert!(huge.moved(1, 0).straddles(&m));
}

proptest! {
    // rule: DQ-00-013
    /// A 1-hex figure has three front hexes (its melee zone), three rear
    /// hexes and no flank.
    #[test]
    fn a_single_hex_has_three_front_and_three_rear_hexes(h in near_hex(), f in facing()) {
        let one = Footprint::single(Pose::new(h, f));
        for k in [-1i8, 0, 1] {
            prop_assert_eq!(one.zone_of(h.neighbour(f.turn(k))), Some(Zone::Front));
        }
        for k in [2i8, 3, 4] {
            prop_assert_eq!(one.zone_of(h.neighbour(f.turn(k))), Some(Zone::Rear));
        }
        prop_assert_eq!(zones(&one), (3, 0, 3));
    }

    /// Six pivots bring every shape back; a pivot and its reverse cancel;
    /// the cells are distinct, joined, and keep the head first.
    #[test]
    fn footprints_rotate_back_to_themselves(h in near_hex(), c in corner(), f in facing(), k in -6i8..=6, which in 0usize..4) {
        let fp = match which {
            0 => Footprint::new(Shape::triangle(), h, Heading::Corner(c)).unwrap(),
            1 => Footprint::new(seven(), h, Heading::Corner(c)).unwrap(),
            2 => Footprint::lying(Pose::new(h, f)),
            _ => Footprint::single(Pose::new(h, f)),
        };
        let mut turned = fp.clone();
        for _ in 0..6 {
            turned = turned.pivoted(1);
        }
        prop_assert_eq!(&turned, &fp);
        prop_assert_eq!(fp.pivoted(k).pivoted(-k), fp.clone());
        let cells = fp.pivoted(k).cells();
        prop_assert_eq!(cells[0], h);
        prop_assert_eq!(cells.len(), fp.shape().len());
        let mut sorted = cells.to_vec();
        sorted.sort();
        sorted.dedup();
        prop_assert_eq!(sorted.len(), cells.len());
        prop_assert!(cells.iter().all(|a| cells.len() == 1 || cells.iter().any(|b| a.distance(*b) == 1)));
        // Zones turn with the footprint.
        prop_assert_eq!(zones(&fp.pivoted(k)), zones(&fp));
        prop_assert!(fp.front_hexes().iter().all(|&x| fp.zone_of(x) == Some(Zone::Front)));
    }

    /// The distance between footprints is the least distance between
    /// their cells, symmetric, 0 exactly when they overlap.
    #[test]
    fn footprint_distances(a in near_hex(), b in near_hex(), c in corner(), f in facing()) {
        let x = Footprint::new(Shape::triangle(), a, Heading::Corner(c)).unwrap();
        let y = Footprint::lying(Pose::new(b, f));
        let brute = x.cells().iter().flat_map(|p| y.cells().into_iter().map(move |q| p.distance(q))).min();
        prop_assert_eq!(Some(x.distance(&y)), brute);
        prop_assert_eq!(x.distance(&y), y.distance(&x));
        prop_assert_eq!(x.distance(&y) == 0, x.cells().iter().any(|&p| y.contains(p)));
    }

    // rule: X-MOV-009
    #[test]
    fn square_footprint_distances(a in near_square(), b in near_square(), n in 1u8..5, m in 1u8..5) {
        let x = SquareFootprint::new(a, n).unwrap();
        let y = SquareFootprint::new(b, m).unwrap();
        let brute = x.cells().iter().flat_map(|p| y.cells().into_iter().map(move |q| p.distance(q))).min();
        prop_assert_eq!(Some(x.distance(y)), brute);
        prop_assert_eq!(x.distance(y), y.distance(x));
        prop_assert_eq!(x.distance(y) == 0, x.cells().iter().any(|&p| y.contains(p)));
        prop_assert_eq!(x.distance_to(b), x.cells().iter().map(|p| p.distance(b)).min().unwrap());
    }
}
