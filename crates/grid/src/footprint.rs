//! Figures that fill several cells: a [`Shape`] placed with its head on a
//! hex and a [`Heading`] gives a [`Footprint`]; `n × n` blocks of squares
//! are [`SquareFootprint`]s.
//!
//! # Hex shapes
//!
//! A shape is a set of hexes given in a reference pose: the head at
//! `(0, 0)`, facing north ([`Orientation::Side`]) or the corner between
//! the north and north-east sides ([`Orientation::Corner`]). Placing it
//! rotates it about the head. The grid ships the cases the rules name:
//!
//! * [`Shape::single`]: one hex facing a side (every ordinary figure);
//! * [`Shape::lying`]: the head hex and the hex behind it, facing a side
//!   (GURPS' lying or crawling figure, G-POS-009);
//! * [`Shape::triangle`]: three hexes round one corner, the head at the tip
//!   facing the opposite corner (a DragonQuest multi-hex monster faces a
//!   corner, DQ-22-001).
//!
//! Larger monsters are data: DragonQuest draws each template in a diagram
//! the checklist does not reproduce (DQ-00-015), so a ruleset builds them
//! with [`Shape::new`] from its bestiary (any connected set of up to
//! [`MAX_SHAPE_CELLS`] hexes holding the head).
//!
//! # Zones around a footprint
//!
//! [`Footprint::front_hexes`] are the hexes straight ahead of the head: the
//! three across the faced side and its neighbours (DQ-00-013's melee zone,
//! GURPS' adjacent front hexes), or the two that share the faced corner
//! with the head (DQ-22-002). [`Footprint::zone_of`] sorts every hex next
//! to the footprint into front, flank or rear by how far it lies along the
//! heading: front hexes are front; hexes lying further back than every
//! cell of the footprint are rear; the rest are flank. A 1-hex figure thus
//! has 3 front and 3 rear hexes and no flank (DQ-00-013); the 3-hex
//! triangle has 2 front, 4 flank and 3 rear. This is the grid's default
//! for DQ-00-015's per-template zones; a ruleset with printed diagrams can
//! keep its own table instead.
//!
//! # Moving
//!
//! A footprint moves rigidly ([`Footprint::moved`]: every cell steps the
//! same way, DQ-22-002's `rigid`) and pivots about its head
//! ([`Footprint::pivoted`], DQ-22-003). [`Footprint::can_step`] and
//! [`Footprint::can_pivot`] check that every cell it would fill may be
//! entered, that no cell's step crosses a blocking edge, and that the body
//! does not straddle one.

use std::fmt;

use arrayvec::ArrayVec;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::facing::Facing;
use crate::hex::{HexPos, delta_cube, dot};
use crate::pose::Pose;
use crate::square::SquarePos;
use crate::walls::Walls;

/// The most hexes a [`Shape`] may have (a hexagon of radius 2).
pub const MAX_SHAPE_CELLS: usize = 19;

/// The largest side of a [`SquareFootprint`], in squares (d20-3d6's
/// Colossal space is 6, X-DAT-007).
pub const MAX_SQUARE_SIZE: u8 = 16;

/// One of the six corners of a flat-top hex, named by the two sides that
/// meet there and numbered clockwise from the one between north and
/// north-east.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Corner {
    /// Between north and north-east (upper right).
    NNe = 0,
    /// Between north-east and south-east (east).
    NeSe = 1,
    /// Between south-east and south (lower right).
    SeS = 2,
    /// Between south and south-west (lower left).
    SSw = 3,
    /// Between south-west and north-west (west).
    SwNw = 4,
    /// Between north-west and north (upper left).
    NwN = 5,
}

impl Corner {
    /// All six, clockwise from [`Corner::NNe`].
    pub const ALL: [Self; 6] = [
        Self::NNe,
        Self::NeSe,
        Self::SeS,
        Self::SSw,
        Self::SwNw,
        Self::NwN,
    ];

    /// The index 0..6.
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The corner with index `i % 6`.
    #[must_use]
    pub const fn from_index(i: u8) -> Self {
        Self::ALL[(i % 6) as usize]
    }

    /// The corner just clockwise of side `side` (between it and the next
    /// side clockwise).
    #[must_use]
    pub const fn clockwise_of(side: Facing) -> Self {
        Self::from_index(side.index())
    }

    /// The two sides meeting here, counter-clockwise one first.
    #[must_use]
    pub const fn sides(self) -> [Facing; 2] {
        let f = Facing::from_index(self.index());
        [f, f.turn(1)]
    }

    /// Turns by `corners` corners, clockwise when positive.
    #[must_use]
    pub const fn turn(self, corners: i8) -> Self {
        let i = (self as i16 + corners as i16).rem_euclid(6);
        Self::ALL[i as usize]
    }

    /// Number of corners turned to go from `self` to `to`, in `0..=3`
    /// (DQ-22-003 charges for them).
    #[must_use]
    pub const fn turn_distance(self, to: Self) -> u8 {
        let d = (to as i8 - self as i8).rem_euclid(6);
        if d > 3 { (6 - d) as u8 } else { d as u8 }
    }
}

impl fmt::Display for Corner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.sides();
        write!(f, "{a}_{b}")
    }
}

/// Whether a shape faces a side or a corner.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    /// It faces a hexside; its reference pose faces north.
    Side,
    /// It faces a corner; its reference pose faces [`Corner::NNe`].
    Corner,
}

/// Where a placed footprint faces.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Heading {
    /// A hexside.
    Side(Facing),
    /// A corner.
    Corner(Corner),
}

impl Heading {
    /// The orientation this heading fits.
    #[must_use]
    pub const fn orientation(self) -> Orientation {
        match self {
            Self::Side(_) => Orientation::Side,
            Self::Corner(_) => Orientation::Corner,
        }
    }

    /// Sixths of a turn clockwise from the reference pose.
    #[must_use]
    pub const fn sixths(self) -> u8 {
        match self {
            Self::Side(f) => f.index(),
            Self::Corner(c) => c.index(),
        }
    }

    /// Turned by `sixths` sixths of a turn, clockwise when positive.
    #[must_use]
    pub const fn turn(self, sixths: i8) -> Self {
        match self {
            Self::Side(f) => Self::Side(f.turn(sixths)),
            Self::Corner(c) => Self::Corner(c.turn(sixths)),
        }
    }

    /// Twice the unit step along the heading, in cube coordinates (a
    /// corner's axis is the sum of its two sides).
    fn axis(self) -> [i64; 3] {
        match self {
            Self::Side(f) => f.cube().map(|v| 2 * v),
            Self::Corner(c) => {
                let [a, b] = c.sides().map(Facing::cube);
                [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
            }
        }
    }
}

/// Why a shape or footprint cannot be built.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ShapeError {
    /// The head `(0, 0)` is not among the cells.
    NoHead,
    /// More than [`MAX_SHAPE_CELLS`] cells.
    TooManyCells,
    /// A cell is listed twice.
    Repeated(HexPos),
    /// A cell is not joined to the head through the others.
    Disconnected(HexPos),
    /// A side heading for a corner shape or the reverse.
    HeadingMismatch,
    /// A square footprint of side 0 or above [`MAX_SQUARE_SIZE`].
    SquareSize(u8),
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoHead => f.write_str("a shape must hold its head hex (0, 0)"),
            Self::TooManyCells => write!(f, "a shape has at most {MAX_SHAPE_CELLS} hexes"),
            Self::Repeated(h) => write!(f, "hex {h} is listed twice"),
            Self::Disconnected(h) => write!(f, "hex {h} is not joined to the head"),
            Self::HeadingMismatch => f.write_str(
                "a shape facing a side needs a side heading, one facing a corner a corner heading",
            ),
            Self::SquareSize(n) => {
                write!(
                    f,
                    "a square footprint's side is 1..={MAX_SQUARE_SIZE}, not {n}"
                )
            }
        }
    }
}

impl std::error::Error for ShapeError {}

/// The hexes of a figure in its reference pose (see the module docs).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Shape {
    orientation: Orientation,
    /// Offsets from the head, the head `(0, 0)` first.
    cells: ArrayVec<HexPos, MAX_SHAPE_CELLS>,
}

/// Rotates a cube offset clockwise by `sixths` sixths of a turn.
fn rotate(v: [i64; 3], sixths: u8) -> [i64; 3] {
    let mut v = v;
    for _ in 0..sixths % 6 {
        v = [-v[1], -v[2], -v[0]];
    }
    v
}

impl Shape {
    /// A shape from offsets to the head in the reference pose. The head
    /// `(0, 0)` must be one of them; every cell must be joined to it
    /// through the others.
    pub fn new(orientation: Orientation, cells: &[HexPos]) -> Result<Self, ShapeError> {
        if cells.len() > MAX_SHAPE_CELLS {
            return Err(ShapeError::TooManyCells);
        }
        if !cells.contains(&HexPos::ORIGIN) {
            return Err(ShapeError::NoHead);
        }
        let mut out: ArrayVec<HexPos, MAX_SHAPE_CELLS> = ArrayVec::new();
        out.push(HexPos::ORIGIN);
        for (i, &c) in cells.iter().enumerate() {
            if cells[..i].contains(&c) {
                return Err(ShapeError::Repeated(c));
            }
            if c != HexPos::ORIGIN {
                out.push(c);
            }
        }
        // Grow the part joined to the head; whatever is left is not.
        let mut joined = 1;
        while joined < out.len() {
            let Some(k) = (joined..out.len())
                .find(|&k| out[..joined].iter().any(|j| j.distance(out[k]) == 1))
            else {
                return Err(ShapeError::Disconnected(out[joined]));
            };
            out.swap(joined, k);
            joined += 1;
        }
        // Keep the listed order after the head: the swaps above only
        // served the check.
        let mut ordered: ArrayVec<HexPos, MAX_SHAPE_CELLS> = ArrayVec::new();
        ordered.push(HexPos::ORIGIN);
        ordered.extend(cells.iter().copied().filter(|&c| c != HexPos::ORIGIN));
        Ok(Self {
            orientation,
            cells: ordered,
        })
    }

    /// One hex facing a side.
    #[must_use]
    pub fn single() -> Self {
        Self::of(Orientation::Side, &[HexPos::ORIGIN])
    }

    /// The head hex and the hex behind it, facing a side: a lying or
    /// crawling GURPS figure (G-POS-009).
    #[must_use]
    pub fn lying() -> Self {
        Self::of(Orientation::Side, &[HexPos::ORIGIN, HexPos::new(0, 1)])
    }

    /// Three hexes round one corner, the head at the tip facing the
    /// opposite corner (DQ-22-001).
    #[must_use]
    pub fn triangle() -> Self {
        Self::of(
            Orientation::Corner,
            &[HexPos::ORIGIN, HexPos::new(0, 1), HexPos::new(-1, 1)],
        )
    }

    /// A built-in shape, known to be valid.
    fn of(orientation: Orientation, cells: &[HexPos]) -> Self {
        let mut v = ArrayVec::new();
        v.extend(cells.iter().copied().take(MAX_SHAPE_CELLS));
        Self {
            orientation,
            cells: v,
        }
    }

    /// Whether it faces a side or a corner.
    #[must_use]
    pub fn orientation(&self) -> Orientation {
        self.orientation
    }

    /// The offsets in the reference pose, head first.
    #[must_use]
    pub fn offsets(&self) -> &[HexPos] {
        &self.cells
    }

    /// Number of hexes (DQ-22-005's size in hexes).
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a shape holds at least its head.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
}

/// Where a hex next to a footprint lies.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    /// Straight ahead of the head.
    Front,
    /// Alongside.
    Flank,
    /// Behind every cell.
    Rear,
}

/// A shape placed on the map: its head hex and its heading.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Footprint {
    shape: Shape,
    head: HexPos,
    heading: Heading,
}

impl Footprint {
    /// `shape` with its head on `head` facing `heading`, which must fit the
    /// shape's orientation.
    pub fn new(shape: Shape, head: HexPos, heading: Heading) -> Result<Self, ShapeError> {
        if heading.orientation() != shape.orientation {
            return Err(ShapeError::HeadingMismatch);
        }
        Ok(Self {
            shape,
            head,
            heading,
        })
    }

    /// One hex at `pose`.
    #[must_use]
    pub fn single(pose: Pose) -> Self {
        Self {
            shape: Shape::single(),
            head: pose.pos,
            heading: Heading::Side(pose.facing),
        }
    }

    /// A lying figure with its head at `pose` (G-POS-009): the head hex and
    /// the hex behind it.
    #[must_use]
    pub fn lying(pose: Pose) -> Self {
        Self {
            shape: Shape::lying(),
            head: pose.pos,
            heading: Heading::Side(pose.facing),
        }
    }

    /// The shape.
    #[must_use]
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The head hex.
    #[must_use]
    pub fn head(&self) -> HexPos {
        self.head
    }

    /// Where it faces.
    #[must_use]
    pub fn heading(&self) -> Heading {
        self.heading
    }

    /// The hexes it fills, head first, then in the shape's order.
    #[must_use]
    pub fn cells(&self) -> ArrayVec<HexPos, MAX_SHAPE_CELLS> {
        let k = self.heading.sixths();
        self.shape
            .cells
            .iter()
            .map(|&o| {
                let [q, r, _] = rotate([i64::from(o.q), i64::from(o.r), i64::from(o.s())], k);
                // A connected shape lies within MAX_SHAPE_CELLS of its head.
                HexPos::new(
                    self.head.q.saturating_add(q as i32),
                    self.head.r.saturating_add(r as i32),
                )
            })
            .collect()
    }

    /// Whether it fills `hex`.
    #[must_use]
    pub fn contains(&self, hex: HexPos) -> bool {
        self.cells().contains(&hex)
    }

    /// The hexes straight ahead of the head (see the module docs), not
    /// counting its own cells.
    #[must_use]
    pub fn front_hexes(&self) -> ArrayVec<HexPos, 3> {
        let sides: ArrayVec<Facing, 3> = match self.heading {
            Heading::Side(f) => [f.turn(-1), f, f.turn(1)].into_iter().collect(),
            Heading::Corner(c) => c.sides().into_iter().collect(),
        };
        let cells = self.cells();
        sides
            .into_iter()
            .map(|s| self.head.neighbour(s))
            .filter(|h| !cells.contains(h))
            .collect()
    }

    /// How far `hex` lies along the heading from the head (in units that
    /// only compare).
    fn ahead(&self, hex: HexPos) -> i64 {
        dot(delta_cube(self.head, hex), self.heading.axis())
    }

    /// Front, flank or rear for a hex next to the footprint; `None` for its
    /// own cells and for hexes not next to it.
    #[must_use]
    pub fn zone_of(&self, hex: HexPos) -> Option<Zone> {
        let cells = self.cells();
        if cells.contains(&hex) || !cells.iter().any(|c| c.distance(hex) == 1) {
            return None;
        }
        if self.front_hexes().contains(&hex) {
            return Some(Zone::Front);
        }
        let rearmost = cells.iter().map(|&c| self.ahead(c)).min().unwrap_or(0);
        Some(if self.ahead(hex) < rearmost {
            Zone::Rear
        } else {
            Zone::Flank
        })
    }

    /// The cells of the footprint next to `hex`.
    #[must_use]
    pub fn touching(&self, hex: HexPos) -> ArrayVec<HexPos, MAX_SHAPE_CELLS> {
        self.cells()
            .into_iter()
            .filter(|c| c.distance(hex) == 1)
            .collect()
    }

    /// Hex distance from the nearest cell to `hex` (0 inside).
    #[must_use]
    pub fn distance_to(&self, hex: HexPos) -> u32 {
        self.cells()
            .iter()
            .map(|c| c.distance(hex))
            .min()
            .unwrap_or(u32::MAX)
    }

    /// Hex distance between the nearest cells of two footprints (0 when
    /// they overlap).
    #[must_use]
    pub fn distance(&self, other: &Self) -> u32 {
        let theirs = other.cells();
        self.cells()
            .iter()
            .flat_map(|a| theirs.iter().map(move |b| a.distance(*b)))
            .min()
            .unwrap_or(u32::MAX)
    }

    /// Whether the two are next to each other (nearest cells adjacent).
    #[must_use]
    pub fn is_adjacent(&self, other: &Self) -> bool {
        self.distance(other) == 1
    }

    /// Every cell one step `dir`, heading unchanged.
    #[must_use]
    pub fn moved(&self, dir: Facing) -> Self {
        Self {
            head: self.head.neighbour(dir),
            ..self.clone()
        }
    }

    /// Pivoted about the head by `sixths` sixths of a turn (corners for a
    /// corner shape, sides for a side shape), clockwise when positive.
    #[must_use]
    pub fn pivoted(&self, sixths: i8) -> Self {
        Self {
            heading: self.heading.turn(sixths),
            ..self.clone()
        }
    }

    /// Whether a blocking edge runs between two of its own cells.
    pub fn straddles(&self, walls: &impl Walls) -> bool {
        let cells = self.cells();
        cells.iter().enumerate().any(|(i, &a)| {
            cells[i + 1..]
                .iter()
                .any(|&b| a.distance(b) == 1 && walls.blocks_hex_step(a, b))
        })
    }

    /// Whether it may step `dir`: every cell it would fill passes `enter`,
    /// no cell's step crosses a blocking edge, and the moved body straddles
    /// none.
    pub fn can_step(
        &self,
        dir: Facing,
        walls: &impl Walls,
        enter: impl Fn(HexPos) -> bool,
    ) -> bool {
        let moved = self.moved(dir);
        self.cells()
            .iter()
            .zip(moved.cells().iter())
            .all(|(&a, &b)| enter(b) && !walls.blocks_hex_step(a, b))
            && !moved.straddles(walls)
    }

    /// Whether it may pivot by `sixths`: every cell it would fill passes
    /// `enter` and the pivoted body straddles no blocking edge. (The sweep
    /// between the two poses is not checked.)
    pub fn can_pivot(
        &self,
        sixths: i8,
        walls: &impl Walls,
        enter: impl Fn(HexPos) -> bool,
    ) -> bool {
        let turned = self.pivoted(sixths);
        turned.cells().iter().all(|&c| enter(c)) && !turned.straddles(walls)
    }
}

/// An `n × n` block of squares (d20-3d6's space, X-DAT-007), named by its
/// north-west square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SquareFootprint {
    corner: SquarePos,
    size: u8,
}

impl SquareFootprint {
    /// The `size × size` block whose north-west square is `corner`.
    pub fn new(corner: SquarePos, size: u8) -> Result<Self, ShapeError> {
        if size == 0 || size > MAX_SQUARE_SIZE {
            return Err(ShapeError::SquareSize(size));
        }
        Ok(Self { corner, size })
    }

    /// The north-west square.
    #[must_use]
    pub fn corner(self) -> SquarePos {
        self.corner
    }

    /// The side, in squares.
    #[must_use]
    pub fn size(self) -> u8 {
        self.size
    }

    /// The inclusive ranges of `x` and `y` it covers, in `i64`.
    fn bounds(self) -> ((i64, i64), (i64, i64)) {
        let n = i64::from(self.size) - 1;
        let (x, y) = (i64::from(self.corner.x), i64::from(self.corner.y));
        ((x, x + n), (y, y + n))
    }

    /// The squares it fills, row by row from the north-west.
    #[must_use]
    pub fn cells(self) -> Vec<SquarePos> {
        let n = i32::from(self.size);
        (0..n)
            .flat_map(|dy| {
                (0..n).map(move |dx| {
                    SquarePos::new(
                        self.corner.x.wrapping_add(dx),
                        self.corner.y.wrapping_add(dy),
                    )
                })
            })
            .collect()
    }

    /// Whether it fills `square`.
    #[must_use]
    pub fn contains(self, square: SquarePos) -> bool {
        let ((x0, x1), (y0, y1)) = self.bounds();
        (x0..=x1).contains(&i64::from(square.x)) && (y0..=y1).contains(&i64::from(square.y))
    }

    /// Chebyshev distance from its nearest square to `square` (0 inside;
    /// X-MOV-009 measures reach so).
    #[must_use]
    pub fn distance_to(self, square: SquarePos) -> u32 {
        let ((x0, x1), (y0, y1)) = self.bounds();
        let gap = |v: i64, lo: i64, hi: i64| (lo - v).max(v - hi).max(0);
        let d = gap(i64::from(square.x), x0, x1).max(gap(i64::from(square.y), y0, y1));
        u32::try_from(d).unwrap_or(u32::MAX)
    }

    /// Chebyshev distance between the nearest squares of two footprints
    /// (0 when they overlap; X-MOV-009).
    #[must_use]
    pub fn distance(self, other: Self) -> u32 {
        let ((ax0, ax1), (ay0, ay1)) = self.bounds();
        let ((bx0, bx1), (by0, by1)) = other.bounds();
        let gx = (bx0 - ax1).max(ax0 - bx1).max(0);
        let gy = (by0 - ay1).max(ay0 - by1).max(0);
        u32::try_from(gx.max(gy)).unwrap_or(u32::MAX)
    }

    /// Whether the two are next to each other (nearest squares adjacent,
    /// diagonals included).
    #[must_use]
    pub fn is_adjacent(self, other: Self) -> bool {
        self.distance(other) == 1
    }

    /// Every square one step by `(dx, dy)`, each clamped to `-1..=1`.
    #[must_use]
    pub fn moved(self, dx: i32, dy: i32) -> Self {
        Self {
            corner: SquarePos::new(
                self.corner.x.wrapping_add(dx.clamp(-1, 1)),
                self.corner.y.wrapping_add(dy.clamp(-1, 1)),
            ),
            ..self
        }
    }

    /// Whether a blocking edge runs between two of its own squares.
    pub fn straddles(self, walls: &impl Walls) -> bool {
        self.cells().into_iter().any(|a| {
            [
                SquarePos::new(a.x.wrapping_add(1), a.y),
                SquarePos::new(a.x, a.y.wrapping_add(1)),
            ]
            .into_iter()
            .any(|b| self.contains(b) && walls.blocks_square_step(a, b))
        })
    }

    /// Whether it may step by `(dx, dy)`: every square it would fill passes
    /// `enter`, no square's step crosses a blocking edge, and the moved
    /// block straddles none.
    pub fn can_step(
        self,
        dx: i32,
        dy: i32,
        walls: &impl Walls,
        enter: impl Fn(SquarePos) -> bool,
    ) -> bool {
        let moved = self.moved(dx, dy);
        self.cells()
            .into_iter()
            .zip(moved.cells())
            .all(|(a, b)| enter(b) && !walls.blocks_square_step(a, b))
            && !moved.straddles(walls)
    }
}
