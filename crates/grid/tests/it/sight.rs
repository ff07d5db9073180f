//! Lines of sight: traces on hexes and squares, what blocks them, grazing
//! lines, and symmetry.

use fray_grid::{
    Cell, Edge, EdgePatch, Facing, Graze, HexEdge, HexPos, HexSide, Map, MapKind, MapSpec,
    Obstacle, SquareEdge, SquarePos, SquareSide, SquareSideAt, TerrainPatch, edge_between,
    hex_traces, square_traces,
};
use proptest::prelude::*;

use crate::common::{VOCABULARY, facing, map, near_hex, near_square};

fn hexes(text: &str) -> Map {
    map(&format!("kind = \"hex\"\nradius = 5\n{text}"))
}

fn squares(text: &str) -> Map {
    map(&format!("kind = \"square\"\nwidth = 6\nheight = 6\n{text}"))
}

const O: HexPos = HexPos::ORIGIN;

// rule: DQ-16-001
// rule: DQ-16-003
#[test]
fn cells_between_block_and_the_ends_never_do() {
    let to = HexPos::new(0, -3);
    let clear = hexes("");
    let los = clear.hex_sight(O, to);
    assert!(los.is_clear(Graze::Both) && !los.grazes());
    let t = &los.traces()[0];
    assert_eq!(t.cells(), &[O, HexPos::new(0, -1), HexPos::new(0, -2), to]);
    assert_eq!(t.between(), &[HexPos::new(0, -1), HexPos::new(0, -2)]);
    assert_eq!(t.edges().len(), 3);
    let wall = hexes("[[terrain]]\nterrain = \"wall\"\nhexes = [{ q = 0, r = -2 }]");
    let los = wall.hex_sight(O, to);
    assert!(!los.is_clear(Graze::Either));
    assert_eq!(
        los.obstacles()[0],
        Some(Obstacle::Cell(Cell::Hex(HexPos::new(0, -2))))
    );
    // An obscured hex may be fired into or out of, not across (DQ-16-003).
    let smoke =
        hexes("[[terrain]]\nterrain = \"smoke\"\nhexes = [{ q = 0, r = 0 }, { q = 0, r = -3 }]");
    assert!(smoke.hex_sight(O, to).is_clear(Graze::Both));
    assert!(
        !smoke
            .hex_sight(O, HexPos::new(0, -4))
            .is_clear(Graze::Either)
    );
    // Terrain that does not block sight does not.
    let dark = hexes("[[terrain]]\nterrain = \"darkness\"\nvalue = 9\nhexes = [{ q = 0, r = -1 }]");
    assert!(dark.hex_sight(O, to).is_clear(Graze::Both));
    assert_eq!(clear.hex_sight(O, O).traces()[0].cells(), &[O]);
}

// rule: DQ-16-001
#[test]
fn edges_crossed_block_when_their_features_block_sight() {
    let wall = hexes("[[edges]]\nfeature = \"wall\"\nhexsides = [{ q = 0, r = -1, side = \"n\" }]");
    let to = HexPos::new(0, -3);
    let los = wall.hex_sight(O, to);
    let e = HexEdge::new(HexPos::new(0, -1), Facing::N);
    assert_eq!(los.obstacles()[0], Some(Obstacle::Edge(Edge::Hex(e))));
    // A wall on the target's own side blocks too; a window does not.
    let last = hexes("[[edges]]\nfeature = \"wall\"\nhexsides = [{ q = 0, r = -3, side = \"s\" }]");
    assert!(!last.hex_sight(O, to).is_clear(Graze::Either));
    let window =
        hexes("[[edges]]\nfeature = \"window\"\nhexsides = [{ q = 0, r = -1, side = \"n\" }]");
    assert!(window.hex_sight(O, to).is_clear(Graze::Both));
    // Symmetric.
    assert!(!wall.hex_sight(to, O).is_clear(Graze::Either));
}

// rule: DQ-16-001
// rule: DQ-16-004
#[test]
fn a_line_along_a_hexside_is_traced_on_both_sides() {
    // Due east, (0,0) to (2,-1) runs along the side between (1,-1) and (1,0).
    let to = HexPos::new(2, -1);
    let [a, b] = hex_traces(O, to);
    assert_eq!(a.between().len(), 1);
    let mut sides = [a.between()[0], b.between()[0]];
    sides.sort();
    assert_eq!(sides, [HexPos::new(1, -1), HexPos::new(1, 0)]);
    let one = hexes("[[terrain]]\nterrain = \"smoke\"\nhexes = [{ q = 1, r = -1 }]");
    let los = one.hex_sight(O, to);
    assert!(los.grazes());
    // `both_block`: clear past one side; `either_blocks`: not.
    assert!(los.is_clear(Graze::Either));
    assert!(!los.is_clear(Graze::Both));
    assert_eq!(
        los.clear_trace().map(|t| t.between().to_vec()),
        Some(vec![HexPos::new(1, 0)])
    );
    let both =
        hexes("[[terrain]]\nterrain = \"smoke\"\nhexes = [{ q = 1, r = -1 }, { q = 1, r = 0 }]");
    assert!(!both.hex_sight(O, to).is_clear(Graze::Either));
    // A wall lying along the line is seen edge-on: it blocks neither trace.
    let along =
        hexes("[[edges]]\nfeature = \"wall\"\nhexsides = [{ q = 1, r = -1, side = \"s\" }]");
    assert!(along.hex_sight(O, to).is_clear(Graze::Both));
    // The lines along the other corner directions graze too.
    for target in [HexPos::new(1, 1), HexPos::new(-1, 2), HexPos::new(1, -2)] {
        let [a, b] = hex_traces(O, target);
        assert_ne!(a, b, "{target}");
    }
}

#[test]
fn hexes_off_the_map_between_block() {
    // The odd-q rectangle's top edge is ragged: (1,-1) is off it.
    let m = map("kind = \"hex\"\nwidth = 4\nheight = 3");
    assert!(!m.contains(HexPos::new(1, -1)));
    let los = m.hex_sight(O, HexPos::new(2, -1));
    assert!(los.is_clear(Graze::Either) && !los.is_clear(Graze::Both));
}

// rule: X-DEF-009
// rule: X-RNG-006
#[test]
fn square_traces_step_side_by_side_and_split_at_corners() {
    let s = SquarePos::new;
    let [a, b] = square_traces(s(0, 0), s(2, 1));
    assert_eq!(a, b);
    assert_eq!(a.cells(), &[s(0, 0), s(1, 0), s(1, 1), s(2, 1)]);
    let [a, b] = square_traces(s(0, 0), s(2, 2));
    assert_eq!(a.cells(), &[s(0, 0), s(1, 0), s(1, 1), s(2, 1), s(2, 2)]);
    assert_eq!(b.cells(), &[s(0, 0), s(0, 1), s(1, 1), s(1, 2), s(2, 2)]);
    // One pillar beside the corner leaves the other way open; two close it.
    let one = squares("[[terrain]]\nterrain = \"wall\"\nsquares = [{ x = 1, y = 0 }]");
    let los = one.square_sight(s(0, 0), s(2, 2));
    assert!(los.grazes() && los.is_clear(Graze::Either) && !los.is_clear(Graze::Both));
    let two =
        squares("[[terrain]]\nterrain = \"wall\"\nsquares = [{ x = 1, y = 0 }, { x = 0, y = 1 }]");
    assert!(!two.square_sight(s(0, 0), s(2, 2)).is_clear(Graze::Either));
    // Edges: a wall stops the line, a low wall is crossed and its cover
    // value is there for the ruleset to read (X-DEF-009).
    let walls = squares(
        "[[edges]]\nfeature = \"wall\"\nsquare_sides = [{ x = 0, y = 3, side = \"e\" }]\n[[edges]]\nfeature = \"low_wall\"\nvalue = 2\nsquare_sides = [{ x = 1, y = 0, side = \"e\" }]",
    );
    assert!(!walls.square_sight(s(0, 3), s(4, 3)).is_clear(Graze::Either));
    let los = walls.square_sight(s(0, 0), s(4, 0));
    assert!(los.is_clear(Graze::Both));
    let cover: Vec<i16> = los.traces()[0]
        .edges()
        .iter()
        .filter_map(|&e| {
            walls
                .edge_features(e)
                .value(VOCABULARY.edge_id("low_wall")?)
        })
        .collect();
    assert_eq!(cover, vec![2]);
    assert_eq!(
        los.traces()[0].edges()[1],
        Edge::Square(SquareEdge::new(s(1, 0), SquareSide::E))
    );
}

/// A small map with blocking cells and edges, for the properties.
fn random_map(kind: MapKind, cells: Vec<(i32, i32)>, edges: Vec<(i32, i32, u8)>) -> Map {
    let (mut spec, hexes) = match kind {
        MapKind::Hex => (MapSpec::hexagon(6), true),
        MapKind::Square => (MapSpec::rectangle(MapKind::Square, 13, 13), false),
    };
    let shift = if hexes { 0 } else { 6 };
    if !cells.is_empty() {
        let mut p = TerrainPatch {
            terrain: Some("smoke".into()),
            ..TerrainPatch::default()
        };
        for (a, b) in cells {
            if hexes {
                p.hexes.push(HexPos::new(a, b));
            } else {
                p.squares.push(SquarePos::new(a + shift, b + shift));
            }
        }
        p.hexes.retain(|h| h.distance(HexPos::ORIGIN) <= 6);
        if !(p.hexes.is_empty() && p.squares.is_empty()) {
            spec.terrain.push(p);
        }
    }
    if !edges.is_empty() {
        let mut p = EdgePatch {
            feature: "wall".into(),
            ..EdgePatch::default()
        };
        for (a, b, k) in edges {
            if hexes {
                p.hexsides.push(HexSide {
                    q: a,
                    r: b,
                    side: Facing::from_index(k),
                });
            } else {
                p.square_sides.push(SquareSideAt {
                    x: a + shift,
                    y: b + shift,
                    side: SquareSide::ALL[usize::from(k % 4)],
                });
            }
        }
        p.hexsides
            .retain(|s| HexPos::new(s.q, s.r).distance(HexPos::ORIGIN) <= 6);
        if !(p.hexsides.is_empty() && p.square_sides.is_empty()) {
            spec.edges.push(p);
        }
    }
    Map::new(spec, &VOCABULARY).expect("a valid map")
}

/// Blocking cells `(q, r)` or `(x, y)`, and walls on edges `(q, r, side)`.
type Blockers = (Vec<(i32, i32)>, Vec<(i32, i32, u8)>);

fn blockers() -> impl Strategy<Value = Blockers> {
    (
        prop::collection::vec((-6i32..=6, -6i32..=6), 0..12),
        prop::collection::vec((-6i32..=6, -6i32..=6, 0u8..6), 0..12),
    )
}

proptest! {
    /// Traces join their ends cell by cell across the edges they list, and
    /// the line back is traced through the same cells.
    #[test]
    fn hex_traces_are_joined_and_reversible(a in near_hex(), b in near_hex()) {
        let fwd = hex_traces(a, b);
        let back = hex_traces(b, a);
        for (t, r) in fwd.iter().zip(back.iter()) {
            prop_assert_eq!(t.cells().len(), a.distance(b) as usize + 1);
            prop_assert_eq!(t.cells()[0], a);
            prop_assert_eq!(*t.cells().last().unwrap(), b);
            prop_assert_eq!(t.edges().len(), t.cells().len() - 1);
            for (i, w) in t.cells().windows(2).enumerate() {
                prop_assert_eq!(edge_between(w[0], w[1]), Some(t.edges()[i]));
            }
            let mut rev = r.cells().to_vec();
            rev.reverse();
            prop_assert_eq!(rev.as_slice(), t.cells());
        }
    }

    #[test]
    fn square_traces_are_joined_and_reversible(a in near_square(), b in near_square()) {
        let fwd = square_traces(a, b);
        let mut back: Vec<Vec<SquarePos>> = square_traces(b, a)
            .iter()
            .map(|t| t.cells().iter().rev().copied().collect())
            .collect();
        let mut fwd_cells: Vec<Vec<SquarePos>> = fwd.iter().map(|t| t.cells().to_vec()).collect();
        back.sort();
        fwd_cells.sort();
        prop_assert_eq!(back, fwd_cells);
        let n = (a.x - b.x).unsigned_abs() + (a.y - b.y).unsigned_abs();
        for t in &fwd {
            prop_assert_eq!(t.cells().len(), n as usize + 1);
            prop_assert_eq!(t.cells()[0], a);
            prop_assert_eq!(*t.cells().last().unwrap(), b);
            for (i, w) in t.cells().windows(2).enumerate() {
                prop_assert_eq!(edge_between(w[0], w[1]), Some(t.edges()[i]));
            }
            // Each cell is one a straight segment between the centres can
            // pass through: within the bounding box.
            prop_assert!(t.cells().iter().all(|c| (a.x.min(b.x)..=a.x.max(b.x)).contains(&c.x)
                && (a.y.min(b.y)..=a.y.max(b.y)).contains(&c.y)));
        }
    }

    // rule: DQ-16-001
    /// Whoever looks, the answer is the same under either graze rule, and
    /// `Both` is never clear where `Either` is not.
    #[test]
    fn sight_is_symmetric_on_hexes(a in near_hex(), b in near_hex(), (cells, edges) in blockers()) {
        let m = random_map(MapKind::Hex, cells, edges);
        for g in [Graze::Either, Graze::Both] {
            prop_assert_eq!(m.hex_sight(a, b).is_clear(g), m.hex_sight(b, a).is_clear(g));
        }
        prop_assert!(!m.hex_sight(a, b).is_clear(Graze::Both) || m.hex_sight(a, b).is_clear(Graze::Either));
        // Neighbours see each other unless a wall stands on their side.
        let n = a.neighbour(Facing::N);
        if m.contains(a) && m.contains(n) {
            prop_assert_eq!(m.hex_sight(a, n).is_clear(Graze::Both), !m.blocks_step(a, n));
        }
    }

    #[test]
    fn sight_is_symmetric_on_squares(a in near_square(), b in near_square(), (cells, edges) in blockers()) {
        let m = random_map(MapKind::Square, cells, edges);
        let shift = |s: SquarePos| SquarePos::new(s.x + 6, s.y + 6);
        let (a, b) = (shift(a), shift(b));
        for g in [Graze::Either, Graze::Both] {
            prop_assert_eq!(m.square_sight(a, b).is_clear(g), m.square_sight(b, a).is_clear(g));
        }
    }

    #[test]
    fn lines_from_a_facing_start_where_they_should(f in facing(), n in 1i32..6) {
        // Straight along a facing: no graze, n + 1 hexes.
        let mut to = O;
        for _ in 0..n {
            to = to.neighbour(f);
        }
        let [a, b] = hex_traces(O, to);
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(a.cells()[1], O.neighbour(f));
    }
}
