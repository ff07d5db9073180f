//! Edges between cells: hexsides and square sides, each with one canonical
//! id whichever of its two cells names it.
//!
//! Walls, low walls, windows and doors stand on edges (DQ-16-001's hexside
//! blocking, X-DAT-009's cover on edges); a map attaches features to edges
//! ([`crate::Map::edge_features`]) and movement and sight ask whether a step
//! or a line crosses one that blocks.
//!
//! * A hexside is stored as a hex and one of its north, north-east or
//!   south-east sides: the other three sides of a hex are those sides of a
//!   neighbour ([`HexEdge::new`] turns either name into that one).
//! * A square side is stored as a square and its north or west side.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::cell::Cell;
use crate::facing::Facing;
use crate::hex::HexPos;
use crate::square::SquarePos;

/// One hexside, named canonically.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexEdge {
    hex: HexPos,
    side: Facing,
}

impl HexEdge {
    /// The hexside `side` of `hex`. The same hexside named from the hex
    /// across it (`hex.neighbour(side)`, `side.opposite()`) gives the same
    /// id.
    #[must_use]
    pub fn new(hex: HexPos, side: Facing) -> Self {
        match side {
            Facing::N | Facing::Ne | Facing::Se => Self { hex, side },
            _ => Self {
                hex: hex.neighbour(side),
                side: side.opposite(),
            },
        }
    }

    /// The hexside between two adjacent hexes; `None` when they are not
    /// adjacent.
    #[must_use]
    pub fn between(a: HexPos, b: HexPos) -> Option<Self> {
        a.direction_to_neighbour(b).map(|side| Self::new(a, side))
    }

    /// The canonical hex (the edge is its north, north-east or south-east
    /// side).
    #[must_use]
    pub const fn hex(self) -> HexPos {
        self.hex
    }

    /// The canonical side: [`Facing::N`], [`Facing::Ne`] or [`Facing::Se`].
    #[must_use]
    pub const fn side(self) -> Facing {
        self.side
    }

    /// The two hexes it separates (canonical hex first).
    #[must_use]
    pub fn cells(self) -> [HexPos; 2] {
        [self.hex, self.hex.neighbour(self.side)]
    }
}

impl fmt::Debug for HexEdge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HexEdge({}, {}, {})", self.hex.q, self.hex.r, self.side)
    }
}

impl fmt::Display for HexEdge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} side of {}", self.side, self.hex)
    }
}

/// One of the four sides of a square.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum SquareSide {
    /// Toward `y - 1`.
    N,
    /// Toward `x + 1`.
    E,
    /// Toward `y + 1`.
    S,
    /// Toward `x - 1`.
    W,
}

impl SquareSide {
    /// All four, clockwise from north.
    pub const ALL: [Self; 4] = [Self::N, Self::E, Self::S, Self::W];

    /// The square across this side of `square` (wrapping at the `i32`
    /// edge, far outside any map).
    #[must_use]
    pub const fn across(self, square: SquarePos) -> SquarePos {
        let (x, y) = (square.x, square.y);
        match self {
            Self::N => SquarePos::new(x, y.wrapping_sub(1)),
            Self::E => SquarePos::new(x.wrapping_add(1), y),
            Self::S => SquarePos::new(x, y.wrapping_add(1)),
            Self::W => SquarePos::new(x.wrapping_sub(1), y),
        }
    }

    /// The side pointing the other way.
    #[must_use]
    pub const fn opposite(self) -> Self {
        match self {
            Self::N => Self::S,
            Self::E => Self::W,
            Self::S => Self::N,
            Self::W => Self::E,
        }
    }

    /// The lowercase name used in files.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::N => "n",
            Self::E => "e",
            Self::S => "s",
            Self::W => "w",
        }
    }
}

impl fmt::Display for SquareSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One side of a square, named canonically.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareEdge {
    square: SquarePos,
    side: SquareSide,
}

impl SquareEdge {
    /// The side `side` of `square`; naming it from the square across gives
    /// the same id.
    #[must_use]
    pub const fn new(square: SquarePos, side: SquareSide) -> Self {
        match side {
            SquareSide::N | SquareSide::W => Self { square, side },
            _ => Self {
                square: side.across(square),
                side: side.opposite(),
            },
        }
    }

    /// The side between two orthogonally adjacent squares; `None` for any
    /// other pair (diagonal neighbours share only a corner).
    #[must_use]
    pub fn between(a: SquarePos, b: SquarePos) -> Option<Self> {
        SquareSide::ALL
            .into_iter()
            .find(|s| s.across(a) == b && a != b)
            .map(|s| Self::new(a, s))
    }

    /// The canonical square (the edge is its north or west side).
    #[must_use]
    pub const fn square(self) -> SquarePos {
        self.square
    }

    /// The canonical side: [`SquareSide::N`] or [`SquareSide::W`].
    #[must_use]
    pub const fn side(self) -> SquareSide {
        self.side
    }

    /// The two squares it separates (canonical square first).
    #[must_use]
    pub const fn cells(self) -> [SquarePos; 2] {
        [self.square, self.side.across(self.square)]
    }
}

impl fmt::Debug for SquareEdge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SquareEdge({}, {}, {})",
            self.square.x, self.square.y, self.side
        )
    }
}

impl fmt::Display for SquareEdge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} side of {}", self.side, self.square)
    }
}

/// An edge of either kind of map.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Edge {
    /// A hexside.
    Hex(HexEdge),
    /// A square side.
    Square(SquareEdge),
}

impl From<HexEdge> for Edge {
    fn from(e: HexEdge) -> Self {
        Self::Hex(e)
    }
}

impl From<SquareEdge> for Edge {
    fn from(e: SquareEdge) -> Self {
        Self::Square(e)
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Hex(e) => e.fmt(f),
            Self::Square(e) => e.fmt(f),
        }
    }
}

impl Edge {
    /// The two cells it separates.
    #[must_use]
    pub fn cells(self) -> [Cell; 2] {
        match self {
            Self::Hex(e) => e.cells().map(Cell::Hex),
            Self::Square(e) => e.cells().map(Cell::Square),
        }
    }
}

/// The edge two cells share: a hexside between adjacent hexes, a side
/// between orthogonally adjacent squares; `None` otherwise (not adjacent,
/// diagonal squares, or cells of different grids).
#[must_use]
pub fn edge_between(a: impl Into<Cell>, b: impl Into<Cell>) -> Option<Edge> {
    match (a.into(), b.into()) {
        (Cell::Hex(a), Cell::Hex(b)) => HexEdge::between(a, b).map(Edge::Hex),
        (Cell::Square(a), Cell::Square(b)) => SquareEdge::between(a, b).map(Edge::Square),
        _ => None,
    }
}
