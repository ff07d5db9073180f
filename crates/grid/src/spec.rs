//! The `[map]` table of a scenario file, as written, and the errors found
//! when it is checked against the sizes and a ruleset's [`crate::Vocabulary`].
//!
//! ```toml
//! [map]
//! kind = "hex"          # or "square"
//! width = 20            # hex: columns q = 0..width, rows 0..height (odd-q)
//! height = 14           # or `radius = 8` for a hexagon around (0, 0)
//!
//! [[map.terrain]]       # a terrain kind the ruleset declares, on cells
//! terrain = "bad_footing"
//! value = 2             # optional: the kind's default when left out
//! hexes = [{ q = 3, r = 1 }, { q = 3, r = 2 }]   # `squares = [{ x, y }]` on square maps
//!
//! [[map.terrain]]       # a height (in the ruleset's unit), with or without terrain
//! height = 1
//! hexes = [{ q = 0, r = 0 }]
//!
//! [[map.edges]]         # an edge feature the ruleset declares, on hexsides
//! feature = "wall"
//! hexsides = [{ q = 3, r = 1, side = "ne" }]     # `square_sides = [{ x, y, side = "n" }]`
//! ```
//!
//! Everything is strict: unknown keys, names the vocabulary does not
//! declare, values out of a kind's range, cells or edges off the map, cells
//! of the other grid kind, and missing or conflicting sizes are errors when
//! the map is built ([`crate::Map::new`]), each naming the patch (counted
//! from 0) and the first offending cell or edge.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::cell::{Cell, MAX_MAP_CELLS, MAX_MAP_SIZE, MapKind};
use crate::edge::{Edge, HexEdge, SquareEdge, SquareSide};
use crate::facing::Facing;
use crate::hex::HexPos;
use crate::square::SquarePos;
use crate::vocab::VocabularyError;

/// A map as a file writes it: kind, size, terrain patches, edge patches;
/// checked against the ruleset's vocabulary when read (`Map::new`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapSpec {
    /// Hexes or squares.
    pub kind: MapKind,
    /// Width in cells (rectangular maps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    /// Height in cells (rectangular maps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    /// Radius around `(0, 0)` (hexagonal hex maps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub radius: Option<u32>,
    /// Terrain and height patches; cells not listed are open ground at
    /// height 0.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<TerrainPatch>,
    /// Edge features (walls, windows, doors...) on hexsides or square
    /// sides; edges not listed are bare.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub edges: Vec<EdgePatch>,
}

impl MapSpec {
    /// A map of `kind` with the given size and nothing on it.
    #[must_use]
    pub fn rectangle(kind: MapKind, width: u32, height: u32) -> Self {
        Self {
            kind,
            width: Some(width),
            height: Some(height),
            radius: None,
            terrain: Vec::new(),
            edges: Vec::new(),
        }
    }

    /// A hexagonal hex map of `radius` around `(0, 0)` with nothing on it.
    #[must_use]
    pub fn hexagon(radius: u32) -> Self {
        Self {
            kind: MapKind::Hex,
            width: None,
            height: None,
            radius: Some(radius),
            terrain: Vec::new(),
            edges: Vec::new(),
        }
    }
}

/// One terrain kind (with its value), a height, or both, laid on cells.
/// Where patches overlap, the kinds add up and, for one kind or the
/// height, the highest value counts.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(inline)]
pub struct TerrainPatch {
    /// The terrain kind, by the ruleset's name; left out for raised or
    /// sunken open ground.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<String>,
    /// Its value, within the kind's range; the kind's default when left
    /// out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i32>,
    /// Height above the ground level, in the ruleset's unit (a ledge, a
    /// table, a pit when negative); 0 when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<i32>,
    /// Its hexes (hex maps only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<HexPos>,
    /// Its squares (square maps only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub squares: Vec<SquarePos>,
}

/// One edge feature (with its value) laid on hexsides or square sides.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(inline)]
pub struct EdgePatch {
    /// The feature, by the ruleset's name.
    pub feature: String,
    /// Its value, within the feature's range; its default when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i32>,
    /// Its hexsides (hex maps only), each a hex and one of its sides.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexsides: Vec<HexSide>,
    /// Its square sides (square maps only), each a square and one of its sides.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub square_sides: Vec<SquareSideAt>,
}

/// A hexside as files write it: `{ q = 3, r = 1, side = "ne" }`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexSide {
    /// Column of the hex (east is +q).
    #[schemars(range(min = -1_048_576, max = 1_048_576))]
    pub q: i32,
    /// Row of the hex.
    #[schemars(range(min = -1_048_576, max = 1_048_576))]
    pub r: i32,
    /// Which of its six sides.
    pub side: Facing,
}

impl HexSide {
    /// The edge it names.
    #[must_use]
    pub fn edge(self) -> HexEdge {
        HexEdge::new(HexPos::new(self.q, self.r), self.side)
    }
}

/// A square side as files write it: `{ x = 3, y = 1, side = "n" }`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SquareSideAt {
    /// Column of the square (east positive).
    #[schemars(range(min = -1_048_576, max = 1_048_576))]
    pub x: i32,
    /// Row of the square (south positive).
    #[schemars(range(min = -1_048_576, max = 1_048_576))]
    pub y: i32,
    /// Which of its four sides.
    pub side: SquareSide,
}

impl SquareSideAt {
    /// The edge it names.
    #[must_use]
    pub const fn edge(self) -> SquareEdge {
        SquareEdge::new(SquarePos::new(self.x, self.y), self.side)
    }
}

/// Which list of the map a patch is in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PatchList {
    /// `[[map.terrain]]`.
    Terrain,
    /// `[[map.edges]]`.
    Edges,
}

/// A patch of a map: its list and its index there (from 0).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PatchRef {
    /// Terrain or edges.
    pub list: PatchList,
    /// Position in that list, from 0.
    pub index: usize,
}

impl fmt::Display for PatchRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = match self.list {
            PatchList::Terrain => "terrain",
            PatchList::Edges => "edges",
        };
        write!(f, "`map.{list}[{}]`", self.index)
    }
}

/// Where on a map an error is: a cell or an edge.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Place {
    /// A cell.
    Cell(Cell),
    /// An edge.
    Edge(Edge),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Cell(c) => write!(f, "cell {c}"),
            Self::Edge(e) => write!(f, "{e}"),
        }
    }
}

/// Why a map description is invalid.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MapError {
    /// `width`, `height` or `radius` is 0 or above [`MAX_MAP_SIZE`]
    /// (a radius may be 0).
    SizeOutOfRange {
        /// `width`, `height` or `radius`.
        field: &'static str,
        /// The value given.
        value: u32,
    },
    /// More cells than [`crate::MAX_MAP_CELLS`].
    TooManyCells {
        /// The cells the size gives.
        cells: u64,
    },
    /// Neither `width` and `height` nor (hex maps) `radius`, or both.
    SizeMissingOrConflicting,
    /// A square map given a `radius`.
    RadiusOnSquareMap,
    /// The vocabulary itself is unusable.
    Vocabulary(VocabularyError),
    /// A patch lists cells or edges of the other grid kind.
    WrongCellKind {
        /// The patch.
        patch: PatchRef,
    },
    /// A patch lists no cells or edges.
    EmptyPatch {
        /// The patch.
        patch: PatchRef,
    },
    /// A terrain patch with neither `terrain` nor `height`, or a `value`
    /// without `terrain`.
    NothingToLay {
        /// The patch.
        patch: PatchRef,
    },
    /// A name the ruleset's vocabulary does not declare.
    UnknownName {
        /// The patch.
        patch: PatchRef,
        /// The name as written.
        name: String,
        /// The patch's first cell or edge.
        at: Place,
        /// The names the vocabulary declares for that list.
        expected: Vec<&'static str>,
    },
    /// A value outside the kind's range.
    ValueOutOfRange {
        /// The patch.
        patch: PatchRef,
        /// The kind.
        name: &'static str,
        /// The value as written.
        value: i32,
        /// The patch's first cell or edge.
        at: Place,
        /// The least value allowed.
        min: i16,
        /// The greatest value allowed.
        max: i16,
    },
    /// A cell off the map, or an edge with neither of its cells on it.
    OffMap {
        /// The patch.
        patch: PatchRef,
        /// The cell or edge.
        at: Place,
    },
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::SizeOutOfRange { field, value } => write!(
                f,
                "map size: `{field}` = {value}, expected 1..={MAX_MAP_SIZE}"
            ),
            Self::TooManyCells { cells } => write!(
                f,
                "map size: {cells} cells, at most {MAX_MAP_CELLS} (a hex radius of 147, or 256 × 256 squares)"
            ),
            Self::SizeMissingOrConflicting => {
                f.write_str("map size: give either `width` and `height`, or (hex maps) `radius`")
            }
            Self::RadiusOnSquareMap => {
                f.write_str("map size: square maps take `width` and `height`, not `radius`")
            }
            Self::Vocabulary(e) => write!(f, "the ruleset's map vocabulary: {e}"),
            Self::WrongCellKind { patch } => write!(
                f,
                "{patch}: use `hexes`/`hexsides` on a hex map and `squares`/`square_sides` on a square map"
            ),
            Self::EmptyPatch { patch } => write!(f, "{patch} lists no cells"),
            Self::NothingToLay { patch } => write!(
                f,
                "{patch} needs a `terrain`, a `height` or both (and `value` goes with `terrain`)"
            ),
            Self::UnknownName {
                patch,
                name,
                at,
                expected,
            } => {
                write!(f, "{patch} (at {at}): unknown name `{name}`; expected ")?;
                if expected.is_empty() {
                    f.write_str("nothing: this ruleset declares none here")
                } else {
                    write!(f, "one of {}", expected.join(", "))
                }
            }
            Self::ValueOutOfRange {
                patch,
                name,
                value,
                at,
                min,
                max,
            } => write!(
                f,
                "{patch} (at {at}): `{name}` value {value} is out of range, expected {min}..={max}"
            ),
            Self::OffMap { patch, at } => write!(f, "{patch}: {at} is off the map"),
        }
    }
}

impl std::error::Error for MapError {}

/// The cells a terrain patch lists, as [`Cell`]s.
pub(crate) fn patch_cells(p: &TerrainPatch) -> impl Iterator<Item = Cell> + '_ {
    p.hexes
        .iter()
        .map(|&h| Cell::Hex(h))
        .chain(p.squares.iter().map(|&s| Cell::Square(s)))
}

/// The edges an edge patch lists, as [`Edge`]s.
pub(crate) fn patch_edges(p: &EdgePatch) -> impl Iterator<Item = Edge> + '_ {
    p.hexsides
        .iter()
        .map(|s| Edge::Hex(s.edge()))
        .chain(p.square_sides.iter().map(|s| Edge::Square(s.edge())))
}

/// The first hexside or square side of a patch beyond [`crate::COORD_LIMIT`]
/// (so far off any map that naming its edge could overflow), if any.
pub(crate) fn edge_in_range(p: &EdgePatch) -> Option<Place> {
    let hex = p
        .hexsides
        .iter()
        .find(|s| !HexPos::new(s.q, s.r).in_supported_range())
        .map(|s| Place::Cell(Cell::Hex(HexPos::new(s.q, s.r))));
    let square = p
        .square_sides
        .iter()
        .find(|s| !SquarePos::new(s.x, s.y).in_supported_range())
        .map(|s| Place::Cell(Cell::Square(SquarePos::new(s.x, s.y))));
    hex.or(square)
}
