//! A checked battle map: its cells, the terrain and height of each, and
//! the features on its edges, with the lookups movement and sight make.
//!
//! A [`Map`] is built from its file form ([`MapSpec`], see [`crate::spec`]
//! for the format) and the ruleset's [`Vocabulary`]. The grid attaches no
//! rules to terrain besides the two flags a vocabulary gives each kind:
//! whether it blocks entry and whether it blocks sight. Rulesets price and
//! read the rest by id.

use std::collections::BTreeMap;

use hexx::{Hex, HexOrientation, OffsetHexMode};
use serde::Serialize;

pub use crate::cell::{Cell, MAX_MAP_CELLS, MAX_MAP_SIZE, MapKind};
use crate::edge::{Edge, HexEdge, SquareEdge};
use crate::hex::HexPos;
use crate::spec::{
    EdgePatch, MapError, MapSpec, PatchList, PatchRef, Place, TerrainPatch, edge_in_range,
    patch_cells, patch_edges,
};
use crate::square::SquarePos;
use crate::vocab::{CellTerrain, EdgeFeatures, FeatureIndex, FeatureKind, FeatureSet, Vocabulary};
use crate::walls::Walls;

/// What the index knows of one listed cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct CellData {
    terrain: CellTerrain,
    height: i32,
    blocks_entry: bool,
    blocks_sight: bool,
}

/// What the index knows of one listed edge.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct EdgeData {
    features: EdgeFeatures,
    blocks_entry: bool,
    blocks_sight: bool,
}

/// Open ground, for cells no patch lists.
static OPEN: CellTerrain = FeatureSet::EMPTY;
/// A bare edge, for edges no patch lists.
static BARE: EdgeFeatures = FeatureSet::EMPTY;

/// A validated battle map.
///
/// Sizes:
/// * square maps: `width` × `height` squares, `x` in `0..width`, `y` in
///   `0..height`;
/// * hex maps with `width`/`height`: a rectangle of flat-top hexes in
///   "odd-q" offset layout, columns `q` in `0..width` and rows
///   `r + floor(q / 2)` in `0..height` (odd columns sit half a hex lower);
/// * hex maps with `radius`: the hexagon of hexes within `radius` of
///   `(0, 0)`.
///
/// Serialized as its [`MapSpec`]; read from files through
/// [`crate::MapFile`], which knows the ruleset's vocabulary.
#[derive(Clone, Debug)]
pub struct Map {
    spec: MapSpec,
    vocabulary: &'static Vocabulary,
    /// Every listed cell, sorted: movement searches ask for terrain
    /// thousands of times, and a binary search beats hashing here.
    cells: Vec<(Cell, CellData)>,
    /// Every listed edge, sorted.
    edges: Vec<(Edge, EdgeData)>,
    /// Whether any edge blocks entry (most maps have none: steps then skip
    /// the edge lookup).
    edges_block_entry: bool,
    /// Whether any cell has a height other than ground level (most maps
    /// have none: [`Map::level_at`] then looks nothing up).
    any_height: bool,
}

impl PartialEq for Map {
    fn eq(&self, other: &Self) -> bool {
        self.spec == other.spec && self.vocabulary == other.vocabulary
    }
}

impl Eq for Map {}

impl Serialize for Map {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.spec.serialize(s)
    }
}

fn check_size(field: &'static str, value: u32) -> Result<(), MapError> {
    if value == 0 || value > MAX_MAP_SIZE {
        Err(MapError::SizeOutOfRange { field, value })
    } else {
        Ok(())
    }
}

fn check_cells(cells: u64) -> Result<(), MapError> {
    if cells > MAX_MAP_CELLS {
        Err(MapError::TooManyCells { cells })
    } else {
        Ok(())
    }
}

/// The kind `name` names in `kinds`, checked against the patch's value.
fn resolve(
    kinds: &'static [FeatureKind],
    name: &str,
    value: Option<i32>,
    patch: PatchRef,
    at: Place,
) -> Result<(usize, i16), MapError> {
    let Some((i, kind)) = kinds.iter().enumerate().find(|(_, k)| k.name == name) else {
        return Err(MapError::UnknownName {
            patch,
            name: name.to_owned(),
            at,
            expected: kinds.iter().map(|k| k.name).collect(),
        });
    };
    let value = value.unwrap_or(i32::from(kind.default));
    if !kind.allows(value) {
        return Err(MapError::ValueOutOfRange {
            patch,
            name: kind.name,
            value,
            at,
            min: kind.min,
            max: kind.max,
        });
    }
    // In range of an i16 kind, so it fits.
    Ok((i, i16::try_from(value).unwrap_or(kind.default)))
}

impl Map {
    /// Checks `spec` against its sizes and `vocabulary` and indexes it.
    pub fn new(spec: MapSpec, vocabulary: &'static Vocabulary) -> Result<Self, MapError> {
        vocabulary.check().map_err(MapError::Vocabulary)?;
        let mut map = Self {
            spec,
            vocabulary,
            cells: Vec::new(),
            edges: Vec::new(),
            edges_block_entry: false,
            any_height: false,
        };
        map.check_size()?;
        map.index_cells()?;
        map.index_edges()?;
        Ok(map)
    }

    /// A rectangular map of `kind` with nothing on it.
    pub fn rectangle(
        kind: MapKind,
        width: u32,
        height: u32,
        vocabulary: &'static Vocabulary,
    ) -> Result<Self, MapError> {
        Self::new(MapSpec::rectangle(kind, width, height), vocabulary)
    }

    /// A hexagonal hex map of `radius` around `(0, 0)` with nothing on it.
    pub fn hexagon(radius: u32, vocabulary: &'static Vocabulary) -> Result<Self, MapError> {
        Self::new(MapSpec::hexagon(radius), vocabulary)
    }

    /// The map with one more terrain patch, checked like a file's.
    pub fn with_patch(self, patch: TerrainPatch) -> Result<Self, MapError> {
        let mut spec = self.spec;
        spec.terrain.push(patch);
        Self::new(spec, self.vocabulary)
    }

    /// The map with one more edge patch, checked like a file's.
    pub fn with_edges(self, patch: EdgePatch) -> Result<Self, MapError> {
        let mut spec = self.spec;
        spec.edges.push(patch);
        Self::new(spec, self.vocabulary)
    }

    /// The map as written.
    #[must_use]
    pub fn spec(&self) -> &MapSpec {
        &self.spec
    }

    /// Hexes or squares.
    #[must_use]
    pub fn kind(&self) -> MapKind {
        self.spec.kind
    }

    /// The ruleset's names for what lies on the map.
    #[must_use]
    pub fn vocabulary(&self) -> &'static Vocabulary {
        self.vocabulary
    }

    fn check_size(&self) -> Result<(), MapError> {
        let s = &self.spec;
        match (s.kind, s.width, s.height, s.radius) {
            (_, Some(w), Some(h), None) => {
                check_size("width", w)?;
                check_size("height", h)?;
                check_cells(u64::from(w) * u64::from(h))
            }
            // Radius 0 is a valid one-hex map.
            (MapKind::Hex, None, None, Some(r)) if r > MAX_MAP_SIZE => check_size("radius", r),
            (MapKind::Hex, None, None, Some(r)) => {
                let r = u64::from(r);
                check_cells(3 * r * (r + 1) + 1)
            }
            (MapKind::Square, _, _, Some(_)) => Err(MapError::RadiusOnSquareMap),
            _ => Err(MapError::SizeMissingOrConflicting),
        }
    }

    fn index_cells(&mut self) -> Result<(), MapError> {
        let kinds = self.vocabulary.terrain;
        let mut index: BTreeMap<Cell, (CellTerrain, Option<i32>)> = BTreeMap::new();
        for (i, patch) in self.spec.terrain.iter().enumerate() {
            let at = PatchRef {
                list: PatchList::Terrain,
                index: i,
            };
            let (right, wrong) = match self.spec.kind {
                MapKind::Hex => (patch.hexes.len(), patch.squares.len()),
                MapKind::Square => (patch.squares.len(), patch.hexes.len()),
            };
            if wrong > 0 {
                return Err(MapError::WrongCellKind { patch: at });
            }
            let Some(first) = patch_cells(patch).next().filter(|_| right > 0) else {
                return Err(MapError::EmptyPatch { patch: at });
            };
            if (patch.terrain.is_none() && patch.height.is_none())
                || (patch.terrain.is_none() && patch.value.is_some())
            {
                return Err(MapError::NothingToLay { patch: at });
            }
            let laid = match &patch.terrain {
                Some(name) => Some(resolve(kinds, name, patch.value, at, Place::Cell(first))?),
                None => None,
            };
            if let Some(cell) = patch_cells(patch).find(|&c| !self.contains(c)) {
                return Err(MapError::OffMap {
                    patch: at,
                    at: Place::Cell(cell),
                });
            }
            for cell in patch_cells(patch) {
                let (set, height) = index.entry(cell).or_insert((FeatureSet::EMPTY, None));
                if let Some((id, value)) = laid {
                    set.insert(FeatureIndex::from_index(id), value);
                }
                if let Some(h) = patch.height {
                    *height = Some(height.map_or(h, |old: i32| old.max(h)));
                }
            }
        }
        self.cells = index
            .into_iter()
            .map(|(cell, (terrain, height))| {
                let data = CellData {
                    terrain,
                    height: height.unwrap_or(0),
                    blocks_entry: terrain.any_kind(kinds, |k| k.blocks_entry),
                    blocks_sight: terrain.any_kind(kinds, |k| k.blocks_sight),
                };
                (cell, data)
            })
            .collect();
        self.any_height = self.cells.iter().any(|(_, d)| d.height != 0);
        Ok(())
    }

    fn index_edges(&mut self) -> Result<(), MapError> {
        let kinds = self.vocabulary.edges;
        let mut index: BTreeMap<Edge, EdgeFeatures> = BTreeMap::new();
        for (i, patch) in self.spec.edges.iter().enumerate() {
            let at = PatchRef {
                list: PatchList::Edges,
                index: i,
            };
            let (right, wrong) = match self.spec.kind {
                MapKind::Hex => (patch.hexsides.len(), patch.square_sides.len()),
                MapKind::Square => (patch.square_sides.len(), patch.hexsides.len()),
            };
            if wrong > 0 {
                return Err(MapError::WrongCellKind { patch: at });
            }
            if right == 0 {
                return Err(MapError::EmptyPatch { patch: at });
            }
            if let Some(place) = edge_in_range(patch) {
                return Err(MapError::OffMap {
                    patch: at,
                    at: place,
                });
            }
            let Some(first) = patch_edges(patch).next() else {
                return Err(MapError::EmptyPatch { patch: at });
            };
            let (id, value) = resolve(kinds, &patch.feature, patch.value, at, Place::Edge(first))?;
            if let Some(edge) =
                patch_edges(patch).find(|e| e.cells().iter().all(|&c| !self.contains(c)))
            {
                return Err(MapError::OffMap {
                    patch: at,
                    at: Place::Edge(edge),
                });
            }
            for edge in patch_edges(patch) {
                index
                    .entry(edge)
                    .or_insert(FeatureSet::EMPTY)
                    .insert(FeatureIndex::from_index(id), value);
            }
        }
        self.edges = index
            .into_iter()
            .map(|(edge, features)| {
                let data = EdgeData {
                    features,
                    blocks_entry: features.any_kind(kinds, |k| k.blocks_entry),
                    blocks_sight: features.any_kind(kinds, |k| k.blocks_sight),
                };
                (edge, data)
            })
            .collect();
        self.edges_block_entry = self.edges.iter().any(|(_, d)| d.blocks_entry);
        Ok(())
    }

    /// Whether `pos` is a cell of this map (always false for a position of
    /// the other grid kind).
    #[must_use]
    #[inline]
    pub fn contains(&self, pos: impl Into<Cell>) -> bool {
        match (self.spec.kind, pos.into()) {
            (MapKind::Hex, Cell::Hex(h)) => self.contains_hex(h),
            (MapKind::Square, Cell::Square(s)) => self.contains_square(s),
            _ => false,
        }
    }

    #[inline]
    fn contains_hex(&self, h: HexPos) -> bool {
        if let Some(r) = self.spec.radius {
            return h.distance(HexPos::ORIGIN) <= r;
        }
        let (Some(w), Some(ht)) = (self.spec.width, self.spec.height) else {
            return false;
        };
        // Odd-q offset in i64 (hexx's version is i32 and could overflow on
        // arbitrary input).
        let q = i64::from(h.q);
        let row = i64::from(h.r) + q.div_euclid(2);
        (0..i64::from(w)).contains(&q) && (0..i64::from(ht)).contains(&row)
    }

    #[inline]
    fn contains_square(&self, s: SquarePos) -> bool {
        let (Some(w), Some(h)) = (self.spec.width, self.spec.height) else {
            return false;
        };
        (0..i64::from(w)).contains(&i64::from(s.x)) && (0..i64::from(h)).contains(&i64::from(s.y))
    }

    #[inline]
    fn lookup(&self, cell: Cell) -> Option<&CellData> {
        if self.cells.is_empty() {
            return None;
        }
        self.cells
            .binary_search_by_key(&cell, |&(c, _)| c)
            .ok()
            .map(|i| &self.cells[i].1)
    }

    fn lookup_edge(&self, edge: Edge) -> Option<&EdgeData> {
        self.edges
            .binary_search_by_key(&edge, |&(e, _)| e)
            .ok()
            .map(|i| &self.edges[i].1)
    }

    /// Whether any cell lists terrain or a height: `false` for an open
    /// field (no patch), where [`Map::terrain_at`] is the empty set on
    /// every cell of the map and [`Map::passable`] is [`Map::contains`],
    /// so a caller that only looks for some terrain can skip the look-up.
    #[must_use]
    #[inline]
    pub fn any_terrain(&self) -> bool {
        !self.cells.is_empty()
    }

    /// The terrain on `pos`: `None` off the map, an empty set on open
    /// ground.
    #[must_use]
    #[inline]
    pub fn terrain_at(&self, pos: impl Into<Cell>) -> Option<&CellTerrain> {
        let cell = pos.into();
        if !self.contains(cell) {
            return None;
        }
        Some(self.lookup(cell).map_or(&OPEN, |d| &d.terrain))
    }

    /// Height of `pos` above ground level, in the ruleset's unit (0 where
    /// no patch gives one; `None` off the map).
    #[must_use]
    #[inline]
    pub fn height_at(&self, pos: impl Into<Cell>) -> Option<i32> {
        let cell = pos.into();
        self.contains(cell)
            .then(|| self.lookup(cell).map_or(0, |d| d.height))
    }

    /// [`Map::height_at`] with 0 off the map: on a map where every cell is
    /// at ground level (fixed when the map is built) no lookup at all.
    #[must_use]
    #[inline]
    pub fn level_at(&self, pos: impl Into<Cell>) -> i32 {
        if !self.any_height {
            return 0;
        }
        self.height_at(pos).unwrap_or(0)
    }

    /// Whether a figure may stand on `pos`: on the map and no terrain there
    /// blocks entry.
    ///
    /// On a map with no terrain ([`Map::any_terrain`] false, every duel's
    /// open field) the bounds alone answer: nothing is looked up. A GURPS
    /// retreat asks it for each hex it weighs, and a step's checks ask it
    /// again.
    #[must_use]
    #[inline]
    pub fn passable(&self, pos: impl Into<Cell>) -> bool {
        let cell = pos.into();
        if !self.any_terrain() {
            return self.contains(cell);
        }
        self.contains(cell) && !self.lookup(cell).is_some_and(|d| d.blocks_entry)
    }

    /// Whether `pos` stops a line of sight passing through it: off the
    /// map, or terrain there blocks sight.
    #[must_use]
    pub fn opaque(&self, pos: impl Into<Cell>) -> bool {
        let cell = pos.into();
        !self.contains(cell) || self.lookup(cell).is_some_and(|d| d.blocks_sight)
    }

    /// The features on `edge` (empty for a bare edge).
    #[must_use]
    pub fn edge_features(&self, edge: impl Into<Edge>) -> &EdgeFeatures {
        self.lookup_edge(edge.into()).map_or(&BARE, |d| &d.features)
    }

    /// Whether a feature on `edge` stops anything crossing it.
    #[must_use]
    pub fn edge_blocks_entry(&self, edge: impl Into<Edge>) -> bool {
        self.edges_block_entry
            && self
                .lookup_edge(edge.into())
                .is_some_and(|d| d.blocks_entry)
    }

    /// Whether a feature on `edge` stops lines of sight crossing it.
    #[must_use]
    pub fn edge_blocks_sight(&self, edge: impl Into<Edge>) -> bool {
        self.lookup_edge(edge.into())
            .is_some_and(|d| d.blocks_sight)
    }

    /// Every edge a patch lists, sorted, with its features.
    pub fn edges(&self) -> impl Iterator<Item = (Edge, &EdgeFeatures)> + '_ {
        self.edges.iter().map(|(e, d)| (*e, &d.features))
    }

    /// Whether the step from `from` to the adjacent `to` crosses an edge
    /// that blocks entry.
    ///
    /// * Hexes and orthogonal squares cross the one edge they share.
    /// * A diagonal square step passes through a corner, between the two
    ///   squares beside it: it is blocked when both ways round that corner
    ///   (through either side square) cross a blocking edge, so a wall
    ///   running through the corner stops it while the free end of a wall
    ///   does not (X-MOV-004, X-DAT-009). What stands in the side squares
    ///   is the ruleset's business.
    ///
    /// False for cells that are not neighbours (not a step) and for cells
    /// of different grids.
    #[must_use]
    pub fn blocks_step(&self, from: impl Into<Cell>, to: impl Into<Cell>) -> bool {
        if !self.edges_block_entry {
            return false;
        }
        match (from.into(), to.into()) {
            (Cell::Hex(a), Cell::Hex(b)) => {
                HexEdge::between(a, b).is_some_and(|e| self.edge_blocks_entry(e))
            }
            (Cell::Square(a), Cell::Square(b)) => self.blocks_square_step(a, b),
            _ => false,
        }
    }

    fn blocks_square_step(&self, a: SquarePos, b: SquarePos) -> bool {
        if let Some(e) = SquareEdge::between(a, b) {
            return self.edge_blocks_entry(e);
        }
        if a.distance(b) != 1 {
            return false;
        }
        let crosses = |x: SquarePos, y: SquarePos| {
            SquareEdge::between(x, y).is_some_and(|e| self.edge_blocks_entry(e))
        };
        let (side1, side2) = (SquarePos::new(b.x, a.y), SquarePos::new(a.x, b.y));
        (crosses(a, side1) || crosses(side1, b)) && (crosses(a, side2) || crosses(side2, b))
    }

    /// Every cell of the map, sorted (hexes by `(q, r)`, squares by
    /// `(x, y)`).
    #[must_use]
    pub fn cells(&self) -> Vec<Cell> {
        let s = &self.spec;
        let mut out: Vec<Cell> = match (s.kind, s.radius, s.width, s.height) {
            (MapKind::Hex, Some(r), _, _) => HexPos::ORIGIN
                .area(r.min(MAX_MAP_SIZE))
                .into_iter()
                .map(Cell::Hex)
                .collect(),
            (MapKind::Hex, None, Some(w), Some(h)) => {
                let (w, h) = (w.min(MAX_MAP_SIZE) as i32, h.min(MAX_MAP_SIZE) as i32);
                (0..w)
                    .flat_map(|col| {
                        (0..h).map(move |row| {
                            Cell::Hex(
                                Hex::from_offset_coordinates(
                                    [col, row],
                                    OffsetHexMode::Odd,
                                    HexOrientation::Flat,
                                )
                                .into(),
                            )
                        })
                    })
                    .collect()
            }
            (MapKind::Square, _, Some(w), Some(h)) => {
                let (w, h) = (w.min(MAX_MAP_SIZE) as i32, h.min(MAX_MAP_SIZE) as i32);
                (0..w)
                    .flat_map(|x| (0..h).map(move |y| Cell::Square(SquarePos::new(x, y))))
                    .collect()
            }
            _ => Vec::new(),
        };
        out.sort_unstable();
        out
    }
}

impl Walls for Map {
    fn blocks_hex_step(&self, from: HexPos, to: HexPos) -> bool {
        self.blocks_step(from, to)
    }
    fn blocks_square_step(&self, from: SquarePos, to: SquarePos) -> bool {
        self.blocks_step(from, to)
    }
}
