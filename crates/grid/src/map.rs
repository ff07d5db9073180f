//! The map description scenario files contain: grid kind, size, terrain.
//!
//! ```toml
//! [map]
//! kind = "hex"          # or "square"
//! width = 20            # hex: columns q = 0..width, rows 0..height (odd-q)
//! height = 14           # or `radius = 8` for a hexagon around (0, 0)
//!
//! [[map.terrain]]
//! terrain = "wall"
//! hexes = [{ q = 3, r = 1 }, { q = 3, r = 2 }]   # `squares = [{ x, y }]` on square maps
//! ```
//!
//! Everything is strict: unknown keys, unknown terrain names, cells off the
//! map, hex cells on a square map (and vice versa), and missing or
//! conflicting sizes are errors at load time. The grid attaches no rules to
//! terrain besides "walls cannot be entered"; rulesets price the rest.

use std::collections::HashMap;
use std::fmt;

use hexx::{Hex, HexOrientation, OffsetHexMode};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::hex::HexPos;
use crate::square::SquarePos;

/// The largest width, height or radius a map may have. Battle maps are
/// tiny; the cap keeps [`Map::cells`] and searches bounded whatever a file
/// says.
pub const MAX_MAP_SIZE: u32 = 1024;

/// Hexes or squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MapKind {
    /// Flat-top hexes in axial coordinates (GURPS, margin-3d6).
    Hex,
    /// 1 m squares (d20-3d6).
    Square,
}

/// A kind of terrain. Closed on purpose: a misspelt name in a scenario
/// file is an error, not silently open ground.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    /// A minor obstruction: rock, log, furniture.
    Obstruction,
    /// Treacherous footing: mud, ice, rubble.
    Treacherous,
    /// Shallow water (deep water is a wall for walking figures).
    Water,
    /// A gentle slope.
    GentleSlope,
    /// A steep slope.
    SteepSlope,
    /// Stairs.
    Stairs,
    /// Generic difficult terrain (d20-3d6 X-MOV-003).
    Difficult,
    /// A wall or anything else that cannot be entered.
    Wall,
}

impl Terrain {
    /// All terrain kinds, in declaration order.
    pub const ALL: [Self; 8] = [
        Self::Obstruction,
        Self::Treacherous,
        Self::Water,
        Self::GentleSlope,
        Self::SteepSlope,
        Self::Stairs,
        Self::Difficult,
        Self::Wall,
    ];

    const fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// The set of terrain kinds on one cell (several patches may overlap, and
/// rulesets add up their costs). Empty means open ground.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TerrainSet(u16);

impl TerrainSet {
    /// Open ground.
    pub const EMPTY: Self = Self(0);

    /// Whether `t` is present.
    #[must_use]
    pub const fn contains(self, t: Terrain) -> bool {
        self.0 & t.bit() != 0
    }

    /// Adds `t`.
    pub fn insert(&mut self, t: Terrain) {
        self.0 |= t.bit();
    }

    /// Whether this is open ground.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether a figure may enter (no wall).
    #[must_use]
    pub const fn is_passable(self) -> bool {
        !self.contains(Terrain::Wall)
    }

    /// The kinds present, in [`Terrain::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Terrain> {
        Terrain::ALL.into_iter().filter(move |t| self.contains(*t))
    }
}

impl fmt::Debug for TerrainSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// One terrain kind, a height, or both, laid on a list of cells.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainPatch {
    /// The terrain kind; left out for raised open ground.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<Terrain>,
    /// Height above the ground level, in yards (a ledge, a table, a pit
    /// when negative); 0 when left out. Where patches overlap the highest counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<i32>,
    /// Its hexes (hex maps only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<HexPos>,
    /// Its squares (square maps only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub squares: Vec<SquarePos>,
}

/// A position on either kind of map.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Cell {
    /// A hex.
    Hex(HexPos),
    /// A square.
    Square(SquarePos),
}

impl From<HexPos> for Cell {
    fn from(p: HexPos) -> Self {
        Self::Hex(p)
    }
}

impl From<SquarePos> for Cell {
    fn from(p: SquarePos) -> Self {
        Self::Square(p)
    }
}

/// A validated battle map. See the module docs for the file format.
///
/// Sizes:
/// * square maps: `width` × `height` squares, `x` in `0..width`, `y` in
///   `0..height`;
/// * hex maps with `width`/`height`: a rectangle of flat-top hexes in
///   "odd-q" offset layout, columns `q` in `0..width` and rows
///   `r + floor(q / 2)` in `0..height` (odd columns sit half a hex lower);
/// * hex maps with `radius`: the hexagon of hexes within `radius` of
///   `(0, 0)`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(try_from = "RawMap")]
pub struct Map {
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
    /// Terrain patches; cells not listed are open ground (read with
    /// [`Map::terrain`]; private so the index below stays true).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    terrain: Vec<TerrainPatch>,
    /// The terrain and height of every listed cell, sorted by cell, built
    /// from `terrain` when the map is read: movement searches ask for it
    /// thousands of times, and a binary search beats hashing here.
    #[serde(skip)]
    #[schemars(skip)]
    index: Vec<(Cell, (TerrainSet, i32))>,
}

/// The unvalidated file form of [`Map`].
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct RawMap {
    /// Hexes or squares.
    kind: MapKind,
    /// Width in cells (rectangular maps).
    #[serde(default)]
    width: Option<u32>,
    /// Height in cells (rectangular maps).
    #[serde(default)]
    height: Option<u32>,
    /// Radius around `(0, 0)` (hexagonal hex maps).
    #[serde(default)]
    radius: Option<u32>,
    /// Terrain patches; cells not listed are open ground.
    #[serde(default)]
    terrain: Vec<TerrainPatch>,
}

impl TryFrom<RawMap> for Map {
    type Error = MapError;
    fn try_from(raw: RawMap) -> Result<Self, MapError> {
        let mut map = Map {
            kind: raw.kind,
            width: raw.width,
            height: raw.height,
            radius: raw.radius,
            terrain: raw.terrain,
            index: Vec::new(),
        };
        map.validate()?;
        map.build_index();
        Ok(map)
    }
}

impl Map {
    /// Indexes the terrain of every listed cell.
    fn build_index(&mut self) {
        let mut index: HashMap<Cell, (TerrainSet, i32)> = HashMap::new();
        for patch in &self.terrain {
            let cells = patch
                .hexes
                .iter()
                .map(|&h| Cell::Hex(h))
                .chain(patch.squares.iter().map(|&s| Cell::Square(s)));
            for cell in cells {
                let (set, height) = index.entry(cell).or_insert((TerrainSet::EMPTY, i32::MIN));
                if let Some(t) = patch.terrain {
                    set.insert(t);
                }
                if let Some(h) = patch.height {
                    *height = (*height).max(h);
                }
            }
        }
        let index = index
            .into_iter()
            .map(|(c, (set, h))| (c, (set, if h == i32::MIN { 0 } else { h })));
        self.index = index.collect();
        self.index.sort_unstable_by_key(|&(cell, _)| cell);
    }

    /// The terrain patches, as written.
    #[must_use]
    pub fn terrain(&self) -> &[TerrainPatch] {
        &self.terrain
    }

    /// The map with one more terrain patch, checked like a file's.
    pub fn with_patch(mut self, patch: TerrainPatch) -> Result<Self, MapError> {
        self.terrain.push(patch);
        self.validate()?;
        self.build_index();
        Ok(self)
    }
}

/// Why a map description is invalid.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MapError {
    /// Sizes missing, conflicting, zero or above [`MAX_MAP_SIZE`].
    Size(String),
    /// A terrain patch names a cell of the other grid kind.
    WrongCellKind {
        /// Index of the patch in `terrain`.
        patch: usize,
    },
    /// A terrain patch lists no cells.
    EmptyPatch {
        /// Index of the patch in `terrain`.
        patch: usize,
    },
    /// A terrain cell lies off the map.
    OffMap {
        /// Index of the patch in `terrain`.
        patch: usize,
        /// The cell, as written.
        cell: String,
    },
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Size(s) => write!(f, "map size: {s}"),
            Self::WrongCellKind { patch } => write!(
                f,
                "terrain patch {patch}: use `hexes` on a hex map and `squares` on a square map"
            ),
            Self::EmptyPatch { patch } => write!(f, "terrain patch {patch} lists no cells"),
            Self::OffMap { patch, cell } => {
                write!(f, "terrain patch {patch}: cell {cell} is off the map")
            }
        }
    }
}

impl std::error::Error for MapError {}

fn check_size(name: &str, v: u32) -> Result<(), MapError> {
    if v == 0 || v > MAX_MAP_SIZE {
        Err(MapError::Size(format!(
            "`{name}` = {v}, expected 1..={MAX_MAP_SIZE}"
        )))
    } else {
        Ok(())
    }
}

impl Map {
    /// A rectangular map of `kind` without terrain.
    pub fn rectangle(kind: MapKind, width: u32, height: u32) -> Result<Self, MapError> {
        let m = Self {
            kind,
            width: Some(width),
            height: Some(height),
            radius: None,
            terrain: Vec::new(),
            index: Vec::new(),
        };
        m.validate()?;
        Ok(m)
    }

    /// A hexagonal hex map of `radius` around `(0, 0)`, without terrain.
    pub fn hexagon(radius: u32) -> Result<Self, MapError> {
        let m = Self {
            kind: MapKind::Hex,
            width: None,
            height: None,
            radius: Some(radius),
            terrain: Vec::new(),
            index: Vec::new(),
        };
        m.validate()?;
        Ok(m)
    }

    /// Checks sizes and terrain cells (deserialization always does).
    pub fn validate(&self) -> Result<(), MapError> {
        match (self.kind, self.width, self.height, self.radius) {
            (_, Some(w), Some(h), None) => {
                check_size("width", w)?;
                check_size("height", h)?;
            }
            (MapKind::Hex, None, None, Some(r)) => {
                // Radius 0 is a valid one-hex map.
                if r > MAX_MAP_SIZE {
                    check_size("radius", r)?;
                }
            }
            (MapKind::Square, _, _, Some(_)) => {
                return Err(MapError::Size(
                    "square maps take `width` and `height`, not `radius`".into(),
                ));
            }
            _ => {
                return Err(MapError::Size(
                    "give either `width` and `height`, or (hex maps) `radius`".into(),
                ));
            }
        }
        for (i, patch) in self.terrain.iter().enumerate() {
            let (right, wrong) = match self.kind {
                MapKind::Hex => (patch.hexes.len(), patch.squares.len()),
                MapKind::Square => (patch.squares.len(), patch.hexes.len()),
            };
            if wrong > 0 {
                return Err(MapError::WrongCellKind { patch: i });
            }
            if right == 0 {
                return Err(MapError::EmptyPatch { patch: i });
            }
            if patch.terrain.is_none() && patch.height.is_none() {
                return Err(MapError::Size(format!(
                    "terrain patch {i} needs a `terrain`, a `height` or both"
                )));
            }
            let off = patch
                .hexes
                .iter()
                .map(|&h| (Cell::from(h), h.to_string()))
                .chain(
                    patch
                        .squares
                        .iter()
                        .map(|&s| (Cell::from(s), s.to_string())),
                )
                .find(|(c, _)| !self.contains(*c));
            if let Some((_, cell)) = off {
                return Err(MapError::OffMap { patch: i, cell });
            }
        }
        Ok(())
    }

    /// Whether `pos` is a cell of this map (always false for a position of
    /// the other grid kind).
    #[must_use]
    pub fn contains(&self, pos: impl Into<Cell>) -> bool {
        match (self.kind, pos.into()) {
            (MapKind::Hex, Cell::Hex(h)) => self.contains_hex(h),
            (MapKind::Square, Cell::Square(s)) => self.contains_square(s),
            _ => false,
        }
    }

    fn contains_hex(&self, h: HexPos) -> bool {
        if let Some(r) = self.radius {
            return h.distance(HexPos::ORIGIN) <= r;
        }
        let (Some(w), Some(ht)) = (self.width, self.height) else {
            return false;
        };
        // Odd-q offset in i64 (hexx's version is i32 and could overflow on
        // arbitrary input).
        let q = i64::from(h.q);
        let row = i64::from(h.r) + q.div_euclid(2);
        (0..i64::from(w)).contains(&q) && (0..i64::from(ht)).contains(&row)
    }

    fn contains_square(&self, s: SquarePos) -> bool {
        let (Some(w), Some(h)) = (self.width, self.height) else {
            return false;
        };
        (0..i64::from(w)).contains(&i64::from(s.x)) && (0..i64::from(h)).contains(&i64::from(s.y))
    }

    /// The terrain on `pos`: `None` off the map, an empty set on open
    /// ground.
    #[must_use]
    pub fn terrain_at(&self, pos: impl Into<Cell>) -> Option<TerrainSet> {
        let cell = pos.into();
        if !self.contains(cell) {
            return None;
        }
        Some(self.lookup(cell).0)
    }

    /// Height of `pos` above ground level, in yards (0 off the listed
    /// patches; `None` off the map).
    #[must_use]
    pub fn height_at(&self, pos: impl Into<Cell>) -> Option<i32> {
        let cell = pos.into();
        self.contains(cell).then(|| self.lookup(cell).1)
    }

    fn lookup(&self, cell: Cell) -> (TerrainSet, i32) {
        match self.index.binary_search_by_key(&cell, |&(c, _)| c) {
            Ok(i) => self.index[i].1,
            Err(_) => (TerrainSet::EMPTY, 0),
        }
    }

    /// Whether a figure may stand on `pos`: on the map and not a wall.
    #[must_use]
    pub fn passable(&self, pos: impl Into<Cell>) -> bool {
        self.terrain_at(pos).is_some_and(TerrainSet::is_passable)
    }

    /// Every cell of the map, sorted (hexes by `(q, r)`, squares by
    /// `(x, y)`).
    #[must_use]
    pub fn cells(&self) -> Vec<Cell> {
        let mut out: Vec<Cell> = match (self.kind, self.radius, self.width, self.height) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Map, toml::de::Error> {
        toml::from_str(s)
    }

    #[test]
    fn patches_added_in_code_are_indexed_and_checked() {
        let wall = HexPos::new(1, 0);
        let m = Map::hexagon(3)
            .unwrap()
            .with_patch(TerrainPatch {
                terrain: Some(Terrain::Wall),
                height: None,
                hexes: vec![wall],
                squares: Vec::new(),
            })
            .unwrap();
        assert!(!m.passable(wall));
        assert!(m.passable(HexPos::ORIGIN));
        assert_eq!(m.terrain().len(), 1);
        assert_eq!(m.height_at(wall), Some(0));
        let off = Map::hexagon(3).unwrap().with_patch(TerrainPatch {
            terrain: Some(Terrain::Wall),
            height: None,
            hexes: vec![HexPos::new(9, 0)],
            squares: Vec::new(),
        });
        assert!(off.is_err());
    }

    #[test]
    fn heights_are_read_per_hex_and_the_highest_patch_wins() {
        let m = parse(
            r#"
kind = "hex"
radius = 3
[[terrain]]
height = 2
hexes = [{ q = 0, r = 0 }, { q = 1, r = 0 }]
[[terrain]]
terrain = "stairs"
height = 1
hexes = [{ q = 1, r = 0 }, { q = 2, r = 0 }]
"#,
        )
        .unwrap();
        assert_eq!(m.height_at(HexPos::ORIGIN), Some(2));
        assert_eq!(m.height_at(HexPos::new(1, 0)), Some(2));
        assert_eq!(m.height_at(HexPos::new(2, 0)), Some(1));
        assert!(
            m.terrain_at(HexPos::new(2, 0))
                .unwrap()
                .contains(Terrain::Stairs)
        );
        assert_eq!(m.height_at(HexPos::new(0, 1)), Some(0));
        assert_eq!(m.height_at(HexPos::new(9, 0)), None);
        let empty = parse("kind = \"hex\"\nradius = 2\n[[terrain]]\nhexes = [{ q = 0, r = 0 }]");
        assert!(
            empty
                .unwrap_err()
                .to_string()
                .contains("`terrain`, a `height`")
        );
    }

    #[test]
    fn hex_rectangle_with_terrain() {
        let m = parse(
            r#"
kind = "hex"
width = 4
height = 3
[[terrain]]
terrain = "wall"
hexes = [{ q = 1, r = 0 }]
[[terrain]]
terrain = "treacherous"
hexes = [{ q = 1, r = 0 }, { q = 2, r = -1 }]
"#,
        )
        .unwrap();
        assert_eq!(m.cells().len(), 12);
        for c in m.cells() {
            assert!(m.contains(c));
        }
        // Odd-q: column 2 starts at r = -1.
        assert!(m.contains(HexPos::new(2, -1)));
        assert!(!m.contains(HexPos::new(0, -1)));
        assert!(!m.contains(HexPos::new(4, 0)));
        assert!(!m.contains(SquarePos::new(0, 0)));
        let t = m.terrain_at(HexPos::new(1, 0)).unwrap();
        assert!(t.contains(Terrain::Wall) && t.contains(Terrain::Treacherous));
        assert!(!m.passable(HexPos::new(1, 0)));
        assert!(m.passable(HexPos::new(2, -1)));
        assert_eq!(m.terrain_at(HexPos::new(0, 0)), Some(TerrainSet::EMPTY));
        assert_eq!(m.terrain_at(HexPos::new(i32::MAX, i32::MIN)), None);
        // Round trip.
        let back: Map = toml::from_str(&toml::to_string(&m).unwrap()).unwrap();
        assert_eq!(back, m);
    }

    #[test]
    fn hexagon_and_square_maps() {
        let m = parse("kind = \"hex\"\nradius = 2").unwrap();
        assert_eq!(m.cells().len(), 19);
        assert!(m.contains(HexPos::new(2, -2)));
        assert!(!m.contains(HexPos::new(2, 1)));
        let s = parse(
            "kind = \"square\"\nwidth = 3\nheight = 2\n[[terrain]]\nterrain = \"difficult\"\nsquares = [{ x = 2, y = 1 }]",
        )
        .unwrap();
        assert_eq!(s.cells().len(), 6);
        assert_eq!(
            s.terrain_at(SquarePos::new(2, 1))
                .map(|t| t.contains(Terrain::Difficult)),
            Some(true)
        );
        assert_eq!(s.terrain_at(SquarePos::new(3, 1)), None);
    }

    #[test]
    fn strict_errors() {
        let bad = [
            "kind = \"hex\"\nwidth = 3\nheight = 2\ncolour = 1",
            "kind = \"hexes\"\nwidth = 3\nheight = 2",
            "kind = \"hex\"\nwidth = 3",
            "kind = \"hex\"\nwidth = 3\nheight = 2\nradius = 1",
            "kind = \"square\"\nradius = 3",
            "kind = \"square\"\nwidth = 0\nheight = 2",
            "kind = \"square\"\nwidth = 100000\nheight = 2",
            "kind = \"hex\"\nradius = 2\n[[terrain]]\nterrain = \"lava\"\nhexes = [{ q = 0, r = 0 }]",
            "kind = \"hex\"\nradius = 2\n[[terrain]]\nterrain = \"wall\"\nhexes = [{ q = 3, r = 0 }]",
            "kind = \"hex\"\nradius = 2\n[[terrain]]\nterrain = \"wall\"\nsquares = [{ x = 0, y = 0 }]",
            "kind = \"hex\"\nradius = 2\n[[terrain]]\nterrain = \"wall\"",
            "kind = \"hex\"\nradius = 2\n[[terrain]]\nterrain = \"wall\"\nhexes = [{ q = 0, r = 0, s = 0 }]",
        ];
        for b in bad {
            assert!(parse(b).is_err(), "accepted: {b}");
        }
        let e = parse("kind = \"hex\"\nradius = 2\n[[terrain]]\nterrain = \"wall\"\nhexes = [{ q = 3, r = 0 }]")
            .unwrap_err()
            .to_string();
        assert!(e.contains("off the map"), "{e}");
    }

    #[test]
    fn schema_is_generated() {
        let s = schemars::schema_for!(Map);
        let json = serde_json::to_string(&s).unwrap();
        assert!(json.contains("gentle_slope"));
        assert!(json.contains("\"q\""));
    }
}
