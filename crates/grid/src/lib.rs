//! Grid geometry for Fray: hexes (GURPS, margin-3d6) and 1 m squares
//! (d20-3d6). No rules live here; rulesets pass costs and read arcs.
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
//! [`arc::side_of`] says left or right (shield side vs weapon side).
pub mod arc;
pub mod facing;
pub mod hex;
pub mod map;
pub mod path;
pub mod pose;
pub mod square;

pub use arc::{Arc, RelativeBearing, Side};
pub use facing::Facing;
pub use hex::{COORD_LIMIT, HexPos};
pub use map::{Cell, MAX_MAP_SIZE, Map, MapError, MapKind, Terrain, TerrainPatch, TerrainSet};
pub use path::{
    MoveCosts, Path, PathStep, ReachMap, StepKind, final_facings, may_face_any, open_ground,
    reachable,
};
pub use pose::Pose;
pub use square::{SquarePos, SquareReach, square_reachable};
