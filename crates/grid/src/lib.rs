//! Grid geometry for Fray: hexes (GURPS, DragonQuest, margin-3d6) and 1 m
//! squares (d20-3d6). No rules live here; rulesets pass costs and read arcs.
//!
//! # Coordinates
//!
//! Hexes are **flat-top** (a hexside at the top, so a figure can face
//! straight north) in **axial coordinates** [`HexPos`] `{ q, r }`: `q` grows
//! to the east, `r` grows to the south-south-west, north is `(0, -1)`. The
//! geometry is [`hexx`]'s; this crate only fixes conventions and adds
//! facing, arcs and movement.
//!
//! # Facing numbering
//!
//! A figure faces one of six hexsides, [`Facing`], numbered clockwise from
//! north and written by name in files:
//!
//! ```text
//!                N (0) "n"
//!               _______
//!   NW (5) "nw"/ (0,-1)\ NE (1) "ne"
//!       (-1,0)/         \(1,-1)
//!             \  (0,0)  /
//!   SW (4) "sw"\       / SE (2) "se"
//!       (-1,1)  \_____/ (1,0)
//!                 (0,1)
//!                S (3) "s"
//! ```
//!
//! `Facing::turn(1)` turns clockwise (to the figure's right).
//!
//! # Arcs
//!
//! [`arc::arc`] gives the GURPS arc of any hex: the front arc is the closed
//! 120° cone between the rows of hexes leaving the front-left and
//! front-right hexsides; the back arc is the open 120° cone behind; the rest
//! is side. **Boundary rule**: a hex exactly on a boundary belongs to the
//! more forward arc (as GURPS Basic does for the front), which yields 3
//! front, 2 side and 1 back among the neighbours. [`arc::bearing`] gives
//! the six-way margin-3d6 bearing (one 60° cone per hexside, ties forward);
//! [`arc::side_of`] says left or right (shield side vs weapon side);
//! [`arc::in_front_half`] says whether a hex lies ahead of the line through
//! the figure's flank corners (DragonQuest's `half_plane_180` Ranged Zone;
//! its default `wedge_120` zone is the front arc).
//! [`Pose`] bundles a hex and a facing and offers the same queries.
//!
//! # Footprints
//!
//! Figures that fill several cells are a [`Shape`] placed with a head hex
//! and a [`Heading`] (a side, or a corner for DragonQuest's multi-hex
//! monsters): a [`Footprint`], with its cells, front hexes, the front,
//! flank and rear zones around it, distances between footprints, and rigid
//! moves and pivots that check every cell. GURPS' lying figure is the
//! two-hex [`Footprint::lying`]. Large d20-3d6 creatures fill an `n × n`
//! [`SquareFootprint`]. See [`footprint`].
//!
//! # Lines and pointing
//!
//! [`HexPos::line_to`] is hexx's line (both ends included, `distance + 1`
//! hexes); [`HexPos::line_iter`] walks the same hexes one at a time,
//! without a `Vec` and in integers where that is exact ([`Line`], for hot
//! paths). A line running exactly along hexsides is rounded to one side;
//! [`HexPos::line_variants`] gives both nudged lines for rulesets that let
//! the shooter pick. [`HexPos::facing_toward`] gives the hexside pointing
//! closest to a target; on an exact tie (target on a corner line) the
//! **clockwise** facing wins.
//!
//! # Line of sight
//!
//! [`Map::hex_sight`] and [`Map::square_sight`] trace a line between cell
//! centres ([`Trace`]: the cells in order and the edges crossed), once
//! nudged to each side when it grazes a hexside or a square corner, and
//! say what stops it: an edge whose features block sight, or a cell between
//! the ends that is off the map or whose terrain blocks sight. The ruleset
//! picks how grazing lines count ([`Graze`]). See [`sight`].
//!
//! # Movement
//!
//! [`reachable`] runs Dijkstra over `(hex, facing)` states with the prices
//! of a [`MoveCosts`] (forward/front-diagonal move that takes the travel
//! direction as the new facing; sidestep/backward that keeps the facing;
//! turning per hexside; a per-hex entry callback that adds a cost or forbids
//! the hex; the [`Walls`] no step may cross). GURPS configures it in half
//! points as `forward 2, sidestep 4, turn 2` plus terrain.
//! [`ReachMap::path_to`] rebuilds the cheapest route with per-step and
//! cumulative costs. Ties go to fewer steps, then to a fixed exploration
//! order, so results never depend on hashing. [`final_facings`] states the
//! end-of-move facing rule on plain numbers.
//!
//! # Squares
//!
//! [`SquarePos`] `{ x, y }` (east, south): 8 neighbours, Chebyshev distance
//! (a diagonal step counts 1), Bresenham lines with `distance + 1` squares,
//! square areas, and [`square_reachable`] with per-square entry costs.
//!
//! # Maps
//!
//! [`Map`] is what scenario files write under `[map]` ([`spec`] has the
//! format): `kind = "hex" | "square"`, a size (`width`/`height`, or
//! `radius` for a hexagonal hex map), terrain patches and edge patches. The
//! names on a map are the ruleset's: it declares a [`Vocabulary`] of
//! terrain kinds and edge features, each with a range of values and
//! whether it blocks entry or sight, and its scenario reads a
//! [`MapFile`] checked against it (see [`vocab`]). Cells carry a
//! [`CellTerrain`] (kinds with values, a mask and a fixed array) and a
//! height; edges ([`HexEdge`], [`SquareEdge`], one canonical id per edge)
//! carry [`EdgeFeatures`]. All of it is strict (unknown keys, names and
//! out-of-range values are errors) and has a JSON Schema (`schemars`) that
//! lists the ruleset's names.
//!
//! # Robustness
//!
//! Positions read from files are limited to [`COORD_LIMIT`] and map sizes
//! to [`MAX_MAP_SIZE`], so nothing built from a file can overflow. On top
//! of that, distance, arcs, bearings, sides, `facing_toward` and all `Map`
//! queries accept any `i32` coordinates without panicking (they compute in
//! `i64`); positions off a map give `None` or `false`. Functions that build
//! new positions through hexx (`neighbour`, `ring`, `area`, `line_to`) are
//! only meant for positions within [`COORD_LIMIT`].
pub mod arc;
pub mod cell;
pub mod edge;
pub mod facing;
pub mod file;
pub mod footprint;
pub mod hex;
pub mod line;
pub mod map;
pub mod path;
pub mod pose;
pub mod sight;
pub mod spec;
pub mod square;
pub mod vocab;
pub mod walk;
pub mod walls;

pub use arc::{Arc, RelativeBearing, Side};
pub use cell::{Cell, MAX_MAP_CELLS, MAX_MAP_SIZE, MapKind};
pub use edge::{Edge, HexEdge, SquareEdge, SquareSide, edge_between};
pub use facing::Facing;
pub use file::{MapFile, MapVocabulary};
pub use footprint::{
    Corner, Footprint, Heading, MAX_SHAPE_CELLS, MAX_SQUARE_SIZE, Orientation, Shape, ShapeError,
    SquareFootprint, Zone,
};
pub use hex::{COORD_LIMIT, HexPos};
pub use line::Line;
pub use map::Map;
pub use path::{
    MoveCosts, Path, PathStep, ReachMap, STEPS_INLINE, StepKind, Steps, final_facings,
    may_face_any, open_ground, reachable, seek,
};
pub use pose::Pose;
pub use sight::{Graze, LineOfSight, Obstacle, Trace, hex_traces, square_traces};
pub use spec::{
    EdgePatch, HexSide, MapError, MapSpec, PatchList, PatchRef, Place, SquareSideAt, TerrainPatch,
};
pub use square::{SquarePos, SquareReach, square_reachable};
pub use vocab::{
    CellTerrain, EdgeFeatureId, EdgeFeatures, FeatureIndex, FeatureKind, FeatureSet, MAX_KINDS,
    TerrainId, Vocabulary, VocabularyError,
};
pub use walk::{Priced, WalkError, price, walk, walk_both};
pub use walls::{NoWalls, Walls};
