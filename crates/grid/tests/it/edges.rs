//! Edges: canonical ids, features on hexsides and square sides, and steps
//! and searches that refuse to cross blocking ones.

use fray_grid::{
    Cell, Edge, Facing, HexEdge, HexPos, MapError, MoveCosts, PatchList, PatchRef, Place, Pose,
    SquareEdge, SquarePos, SquareSide, WalkError, Walls, edge_between, open_ground, reachable,
    seek, square_reachable, walk,
};
use proptest::prelude::*;

use crate::common::{VOCABULARY, error, facing, hex, map, square};

fn feature(name: &str) -> fray_grid::EdgeFeatureId {
    VOCABULARY.edge_id(name).expect("declared")
}

proptest! {
    /// Naming a hexside from either hex gives one id, which names the two
    /// hexes back; a hex's six sides are six edges.
    #[test]
    fn hex_edge_ids_are_canonical(h in hex(), f in facing()) {
        let e = HexEdge::new(h, f);
        let n = h.neighbour(f);
        prop_assert_eq!(e, HexEdge::new(n, f.opposite()));
        prop_assert_eq!(HexEdge::between(h, n), Some(e));
        prop_assert_eq!(HexEdge::between(n, h), Some(e));
        let mut cells = e.cells();
        cells.sort();
        let mut want = [h, n];
        want.sort();
        prop_assert_eq!(cells, want);
        prop_assert!(matches!(e.side(), Facing::N | Facing::Ne | Facing::Se));
        let mut all: Vec<HexEdge> = Facing::ALL.iter().map(|&g| HexEdge::new(h, g)).collect();
        all.sort();
        all.dedup();
        prop_assert_eq!(all.len(), 6);
        prop_assert_eq!(edge_between(h, n), Some(Edge::Hex(e)));
    }

    #[test]
    fn square_edge_ids_are_canonical(s in square(), k in 0usize..4) {
        let side = SquareSide::ALL[k];
        let e = SquareEdge::new(s, side);
        let n = side.across(s);
        prop_assert_eq!(e, SquareEdge::new(n, side.opposite()));
        prop_assert_eq!(SquareEdge::between(s, n), Some(e));
        prop_assert_eq!(SquareEdge::between(n, s), Some(e));
        prop_assert!(e.cells().contains(&s) && e.cells().contains(&n));
        let mut all: Vec<SquareEdge> = SquareSide::ALL.iter().map(|&g| SquareEdge::new(s, g)).collect();
        all.sort();
        all.dedup();
        prop_assert_eq!(all.len(), 4);
        // Diagonal neighbours share a corner, not an edge.
        prop_assert_eq!(SquareEdge::between(s, SquarePos::new(s.x + 1, s.y + 1)), None);
        prop_assert_eq!(edge_between(s, s), None);
    }
}

#[test]
fn no_edge_between_far_cells_or_different_grids() {
    assert_eq!(HexEdge::between(HexPos::ORIGIN, HexPos::new(0, 2)), None);
    assert_eq!(HexEdge::between(HexPos::ORIGIN, HexPos::ORIGIN), None);
    assert_eq!(edge_between(HexPos::ORIGIN, SquarePos::ORIGIN), None);
}

const WALLED: &str = r#"
kind = "hex"
radius = 4
[[edges]]
feature = "wall"
hexsides = [{ q = 0, r = 0, side = "n" }, { q = 0, r = 0, side = "ne" }, { q = 0, r = 0, side = "nw" }]
[[edges]]
feature = "window"
hexsides = [{ q = 0, r = 0, side = "s" }]
[[edges]]
feature = "low_wall"
value = 3
hexsides = [{ q = 0, r = 1, side = "n" }, { q = 2, r = 0, side = "se" }]
"#;

#[test]
fn edge_features_are_read_from_either_side() {
    let m = map(WALLED);
    let o = HexPos::ORIGIN;
    let north = o.neighbour(Facing::N);
    // The wall on the origin's north side is the north hex's south side.
    let e = HexEdge::new(north, Facing::S);
    assert!(m.edge_features(e).contains(feature("wall")));
    assert!(m.edge_blocks_entry(e) && m.edge_blocks_sight(e));
    // The window stops steps but not sight; the low wall neither, and two
    // patches on one edge keep the higher value.
    let s = HexEdge::new(o, Facing::S);
    assert!(m.edge_blocks_entry(s) && !m.edge_blocks_sight(s));
    let low = m.edge_features(s);
    assert_eq!(low.value(feature("low_wall")), Some(3));
    assert_eq!(low.value(feature("window")), Some(1));
    let far = HexEdge::new(HexPos::new(2, 0), Facing::Se);
    assert_eq!(m.edge_features(far).value(feature("low_wall")), Some(3));
    assert!(!m.edge_blocks_entry(far));
    assert!(m.edge_features(HexEdge::new(o, Facing::Se)).is_empty());
    assert_eq!(m.edges().count(), 5);
    // Steps.
    assert!(m.blocks_step(o, north) && m.blocks_step(north, o));
    assert!(m.blocks_step(o, o.neighbour(Facing::S)));
    assert!(!m.blocks_step(o, o.neighbour(Facing::Se)));
    assert!(!m.blocks_step(o, HexPos::new(0, -2)), "not a step");
    // Round trip.
    assert_eq!(map(&toml::to_string(&m).unwrap()), m);
}

#[test]
fn paths_refuse_steps_through_blocking_edges() {
    let m = map(WALLED);
    let o = HexPos::ORIGIN;
    let costs = MoveCosts::new(2, 4, 2, open_ground).with_walls(&m);
    let reach = reachable(o, Facing::N, 20, &costs);
    // The north hex is one step away, but behind the wall: round by the
    // south-east, four steps of forward moves and turns.
    let north = o.neighbour(Facing::N);
    assert_eq!(
        reach.cheapest_to(o.neighbour(Facing::Se)).map(|c| c.0),
        Some(4)
    );
    let (cost, f) = reach.cheapest_to(north).expect("reachable the long way");
    assert!(cost > 4, "{cost}");
    let path = reach.path_to(north, f).expect("a path");
    let mut at = o;
    for s in &path.steps {
        assert!(!m.blocks_step(at, s.pose.pos), "{at} -> {}", s.pose.pos);
        at = s.pose.pos;
    }
    // Without the walls the step is direct.
    let open = reachable(o, Facing::N, 8, &MoveCosts::new(2, 4, 2, open_ground));
    assert_eq!(open.cost_to(north, Facing::N), Some(2));
    // A declared route through the wall is refused with its index.
    assert_eq!(
        walk(Pose::new(o, Facing::N), &[north], None, &costs),
        Err(WalkError::Crossing { index: 0 })
    );
    // The guided search goes round as well.
    let found = seek(Pose::new(o, Facing::N), 20, &costs, north, 0, &|h, _| {
        h == north
    })
    .expect("found");
    assert_eq!(found.cost(), cost);
}

/// Two walls meeting at the corner of four squares.
const CORNER: &str = r#"
kind = "square"
width = 5
height = 5
[[edges]]
feature = "wall"
square_sides = [{ x = 1, y = 1, side = "e" }, { x = 2, y = 2, side = "w" }]
"#;

// rule: X-MOV-004
#[test]
fn a_diagonal_step_is_stopped_only_by_a_wall_through_its_corner() {
    let m = map(CORNER);
    let a = SquarePos::new(1, 1);
    // The wall runs down x = 2 through the corner (2, 2): a diagonal step
    // across it is blocked both ways round.
    assert!(m.blocks_square_step(a, SquarePos::new(2, 2)));
    assert!(m.blocks_square_step(SquarePos::new(2, 2), a));
    // Alongside the wall, or past its free end, it is not.
    assert!(!m.blocks_square_step(SquarePos::new(1, 0), SquarePos::new(1, 1)));
    assert!(!m.blocks_step(SquarePos::new(1, 0), SquarePos::new(2, 1)));
    let short = map(
        "kind = \"square\"\nwidth = 5\nheight = 5\n[[edges]]\nfeature = \"wall\"\nsquare_sides = [{ x = 1, y = 1, side = \"e\" }]",
    );
    assert!(!short.blocks_step(a, SquarePos::new(2, 2)));
    assert!(short.blocks_step(a, SquarePos::new(2, 1)));
    // The search goes round the wall: (1, 1) to (2, 1) is 1 step in the
    // open, but here the wall runs from y = 1 to y = 3.
    let reach = square_reachable(a, 10, &m, |_| Some(1));
    assert_eq!(reach.cost_to(SquarePos::new(2, 1)), Some(2));
    let open = square_reachable(a, 10, &fray_grid::NoWalls, |_| Some(1));
    assert_eq!(open.cost_to(SquarePos::new(2, 1)), Some(1));
    let path = reach.path_to(SquarePos::new(2, 2)).expect("round the wall");
    for w in path.windows(2) {
        assert!(!m.blocks_step(w[0].0, w[1].0));
    }
}

#[test]
fn edge_errors_name_the_patch_and_the_edge() {
    let edges = |i| PatchRef {
        list: PatchList::Edges,
        index: i,
    };
    let e = error(
        "kind = \"hex\"\nradius = 2\n[[edges]]\nfeature = \"portcullis\"\nhexsides = [{ q = 0, r = 0, side = \"n\" }]",
    );
    let MapError::UnknownName { patch, at, .. } = &e else {
        panic!("{e:?}")
    };
    assert_eq!(*patch, edges(0));
    assert_eq!(
        *at,
        Place::Edge(Edge::Hex(HexEdge::new(HexPos::ORIGIN, Facing::N)))
    );
    assert!(e.to_string().contains("map.edges[0]"), "{e}");
    assert_eq!(
        error(
            "kind = \"hex\"\nradius = 2\n[[edges]]\nfeature = \"low_wall\"\nvalue = 4\nhexsides = [{ q = 0, r = 0, side = \"n\" }]"
        ),
        MapError::ValueOutOfRange {
            patch: edges(0),
            name: "low_wall",
            value: 4,
            at: Place::Edge(Edge::Hex(HexEdge::new(HexPos::ORIGIN, Facing::N))),
            min: 1,
            max: 3,
        }
    );
    // An edge on the rim is on the map; one with both hexes off is not.
    assert!(
        crate::common::parse(
            "kind = \"hex\"\nradius = 2\n[[edges]]\nfeature = \"wall\"\nhexsides = [{ q = 0, r = -2, side = \"n\" }]"
        )
        .is_ok()
    );
    assert_eq!(
        error(
            "kind = \"hex\"\nradius = 2\n[[edges]]\nfeature = \"wall\"\nhexsides = [{ q = 0, r = -3, side = \"n\" }]"
        ),
        MapError::OffMap {
            patch: edges(0),
            at: Place::Edge(Edge::Hex(HexEdge::new(HexPos::new(0, -3), Facing::N))),
        }
    );
    assert_eq!(
        error(
            "kind = \"hex\"\nradius = 2\n[[edges]]\nfeature = \"wall\"\nhexsides = [{ q = 2000000000, r = 0, side = \"n\" }]"
        ),
        MapError::OffMap {
            patch: edges(0),
            at: Place::Cell(Cell::Hex(HexPos::new(2_000_000_000, 0))),
        }
    );
    assert_eq!(
        error(
            "kind = \"square\"\nwidth = 2\nheight = 2\n[[edges]]\nfeature = \"wall\"\nhexsides = [{ q = 0, r = 0, side = \"n\" }]"
        ),
        MapError::WrongCellKind { patch: edges(0) }
    );
    assert_eq!(
        error("kind = \"square\"\nwidth = 2\nheight = 2\n[[edges]]\nfeature = \"wall\""),
        MapError::EmptyPatch { patch: edges(0) }
    );
    assert!(
        crate::common::parse(
            "kind = \"square\"\nwidth = 2\nheight = 2\n[[edges]]\nfeature = \"wall\"\nsquare_sides = [{ x = 0, y = 0, side = \"ne\" }]"
        )
        .is_err()
    );
}
