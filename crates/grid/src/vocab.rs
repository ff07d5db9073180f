//! What may lie on a map, as the ruleset names it: its terrain kinds and
//! its edge features, each with a range of integer values.
//!
//! The grid knows no terrain names. A ruleset declares a [`Vocabulary`] in
//! a `static` (GURPS: obstruction, treacherous, water, slopes, stairs,
//! walls; d20-3d6: difficult, cover levels; margin-3d6: bad footing 1-2,
//! darkness 0-9...), and a [`crate::Map`] is read against it: unknown names
//! and values out of range are errors when the map is loaded. On the map a
//! kind is a small integer id ([`TerrainId`], [`EdgeFeatureId`]), and the
//! kinds on one cell or edge are a [`FeatureSet`]: a bit mask and a fixed
//! array of values, so a lookup in a movement search is a mask test and an
//! array read, as fast as the closed bitset it replaces.
//!
//! A ruleset names its ids once, at compile time:
//!
//! ```
//! use fray_grid::{FeatureKind, TerrainId, Vocabulary};
//!
//! static VOCABULARY: Vocabulary = Vocabulary::new(
//!     "example",
//!     &[
//!         FeatureKind::flag("wall", "cannot be entered or seen through").blocking(true, true),
//!         FeatureKind::ranged("darkness", "-1 per point to attacks", 0, 9, 1),
//!     ],
//!     &[],
//! );
//! const WALL: TerrainId = match VOCABULARY.terrain_id("wall") {
//!     Some(id) => id,
//!     None => panic!("`wall` is in the vocabulary"),
//! };
//! assert_eq!(VOCABULARY.terrain_kind(WALL).map(|k| k.name), Some("wall"));
//! ```

use std::fmt;
use std::marker::PhantomData;

/// The most kinds a vocabulary may declare, for terrain and for edges
/// each: one bit of a [`FeatureSet`] mask per kind.
pub const MAX_KINDS: usize = 16;

/// One kind of terrain or edge feature a ruleset declares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FeatureKind {
    /// The name map files use (`terrain = "bad_footing"`), in snake_case.
    pub name: &'static str,
    /// What it means in the ruleset, with the checklist ID; shown in the
    /// JSON Schema for editors.
    pub doc: &'static str,
    /// The least value a map may give it.
    pub min: i16,
    /// The greatest value a map may give it.
    pub max: i16,
    /// The value when a map gives none.
    pub default: i16,
    /// A cell with it cannot be entered; an edge with it cannot be crossed.
    pub blocks_entry: bool,
    /// Lines of sight cannot pass through a cell or across an edge with it
    /// (the cells at the two ends of a line never block it).
    pub blocks_sight: bool,
}

impl FeatureKind {
    /// A kind without a value to speak of: present (value 1) or not.
    #[must_use]
    pub const fn flag(name: &'static str, doc: &'static str) -> Self {
        Self::ranged(name, doc, 1, 1, 1)
    }

    /// A kind whose value lies in `min..=max`, `default` when left out.
    #[must_use]
    pub const fn ranged(
        name: &'static str,
        doc: &'static str,
        min: i16,
        max: i16,
        default: i16,
    ) -> Self {
        Self {
            name,
            doc,
            min,
            max,
            default,
            blocks_entry: false,
            blocks_sight: false,
        }
    }

    /// The same kind, blocking entry and/or sight.
    #[must_use]
    pub const fn blocking(mut self, entry: bool, sight: bool) -> Self {
        self.blocks_entry = entry;
        self.blocks_sight = sight;
        self
    }

    /// Whether `value` is allowed.
    #[must_use]
    pub const fn allows(&self, value: i32) -> bool {
        self.min as i32 <= value && value <= self.max as i32
    }
}

/// A ruleset's names for what lies on cells and on edges.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Vocabulary {
    /// Whose vocabulary (the ruleset id), for messages and schema names.
    pub name: &'static str,
    /// Terrain kinds, in [`TerrainId`] order.
    pub terrain: &'static [FeatureKind],
    /// Edge features (hexsides, square sides), in [`EdgeFeatureId`] order.
    pub edges: &'static [FeatureKind],
}

/// Why a vocabulary cannot be used ([`Vocabulary::check`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum VocabularyError {
    /// More than [`MAX_KINDS`] terrain kinds or edge features.
    TooManyKinds,
    /// A name is empty or declared twice in the same list.
    BadName(&'static str),
    /// `min <= default <= max` does not hold.
    BadRange(&'static str),
}

impl fmt::Display for VocabularyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooManyKinds => write!(
                f,
                "a vocabulary declares at most {MAX_KINDS} terrain kinds and {MAX_KINDS} edge features"
            ),
            Self::BadName(n) => write!(f, "terrain or edge name `{n}` is empty or declared twice"),
            Self::BadRange(n) => write!(f, "`{n}`: the default value must lie in min..=max"),
        }
    }
}

impl std::error::Error for VocabularyError {}

/// Byte-wise string equality usable in `const` items.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The index of `name` in `kinds`, if it is one of the first [`MAX_KINDS`].
const fn position(kinds: &[FeatureKind], name: &str) -> Option<u8> {
    let mut i = 0;
    while i < kinds.len() && i < MAX_KINDS {
        if same(kinds[i].name, name) {
            return Some(i as u8);
        }
        i += 1;
    }
    None
}

impl Vocabulary {
    /// A vocabulary; [`Vocabulary::check`] (run on every map built with
    /// it) says whether it is usable.
    #[must_use]
    pub const fn new(
        name: &'static str,
        terrain: &'static [FeatureKind],
        edges: &'static [FeatureKind],
    ) -> Self {
        Self {
            name,
            terrain,
            edges,
        }
    }

    /// A vocabulary with no kinds at all (open ground everywhere).
    pub const EMPTY: Self = Self::new("empty", &[], &[]);

    /// The id of terrain kind `name` (usable in `const` items).
    #[must_use]
    pub const fn terrain_id(&self, name: &str) -> Option<TerrainId> {
        match position(self.terrain, name) {
            Some(i) => Some(TerrainId(i)),
            None => None,
        }
    }

    /// The id of edge feature `name` (usable in `const` items).
    #[must_use]
    pub const fn edge_id(&self, name: &str) -> Option<EdgeFeatureId> {
        match position(self.edges, name) {
            Some(i) => Some(EdgeFeatureId(i)),
            None => None,
        }
    }

    /// The id of terrain kind `name`, for a ruleset's `const` items: a name
    /// the vocabulary does not declare stops the build (the panic runs
    /// when the constant is evaluated, at compile time).
    #[must_use]
    pub const fn terrain(&self, name: &str) -> TerrainId {
        match self.terrain_id(name) {
            Some(id) => id,
            None => panic!("a terrain id names a kind the vocabulary does not declare"),
        }
    }

    /// The id of edge feature `name`, for a ruleset's `const` items (as
    /// [`Self::terrain`]).
    #[must_use]
    pub const fn edge(&self, name: &str) -> EdgeFeatureId {
        match self.edge_id(name) {
            Some(id) => id,
            None => panic!("an edge id names a feature the vocabulary does not declare"),
        }
    }

    /// The declaration of terrain kind `id`.
    #[must_use]
    pub fn terrain_kind(&self, id: TerrainId) -> Option<&'static FeatureKind> {
        self.terrain.get(usize::from(id.0))
    }

    /// The declaration of edge feature `id`.
    #[must_use]
    pub fn edge_kind(&self, id: EdgeFeatureId) -> Option<&'static FeatureKind> {
        self.edges.get(usize::from(id.0))
    }

    /// Checks the sizes, names and ranges.
    pub fn check(&self) -> Result<(), VocabularyError> {
        for list in [self.terrain, self.edges] {
            if list.len() > MAX_KINDS {
                return Err(VocabularyError::TooManyKinds);
            }
            for (i, k) in list.iter().enumerate() {
                if k.name.is_empty() || list[..i].iter().any(|o| o.name == k.name) {
                    return Err(VocabularyError::BadName(k.name));
                }
                if !(k.min <= k.default && k.default <= k.max) {
                    return Err(VocabularyError::BadRange(k.name));
                }
            }
        }
        Ok(())
    }
}

/// Something a [`FeatureSet`] can be indexed by.
pub trait FeatureIndex: Copy {
    /// The index `0..MAX_KINDS`.
    fn index(self) -> usize;
    /// The id of index `i` (`i < MAX_KINDS`).
    fn from_index(i: usize) -> Self;
}

/// A terrain kind of a [`Vocabulary`]: its position in `terrain`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct TerrainId(u8);

/// An edge feature of a [`Vocabulary`]: its position in `edges`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct EdgeFeatureId(u8);

impl FeatureIndex for TerrainId {
    fn index(self) -> usize {
        usize::from(self.0)
    }
    fn from_index(i: usize) -> Self {
        Self((i % MAX_KINDS) as u8)
    }
}

impl FeatureIndex for EdgeFeatureId {
    fn index(self) -> usize {
        usize::from(self.0)
    }
    fn from_index(i: usize) -> Self {
        Self((i % MAX_KINDS) as u8)
    }
}

/// The kinds present on one cell or edge, each with its value.
///
/// A bit mask plus one value slot per kind: `Copy`, no allocation, and a
/// lookup is a mask test. Empty means open ground or a bare edge.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FeatureSet<I> {
    mask: u16,
    values: [i16; MAX_KINDS],
    id: PhantomData<fn() -> I>,
}

/// The terrain on one cell.
pub type CellTerrain = FeatureSet<TerrainId>;
/// The features on one edge.
pub type EdgeFeatures = FeatureSet<EdgeFeatureId>;

impl<I> Default for FeatureSet<I> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<I> FeatureSet<I> {
    /// Nothing: open ground, a bare edge.
    pub const EMPTY: Self = Self {
        mask: 0,
        values: [0; MAX_KINDS],
        id: PhantomData,
    };

    /// Whether nothing is present.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.mask == 0
    }
}

impl<I: FeatureIndex> FeatureSet<I> {
    /// Whether `id` is present.
    #[must_use]
    pub fn contains(&self, id: I) -> bool {
        self.mask & (1 << id.index()) != 0
    }

    /// The value of `id`, if present.
    #[must_use]
    pub fn value(&self, id: I) -> Option<i16> {
        self.contains(id).then(|| self.values[id.index()])
    }

    /// Lays `id` with `value`; where it is already present the higher
    /// value stays (overlapping patches never lower a value).
    pub fn insert(&mut self, id: I, value: i16) {
        let i = id.index();
        self.values[i] = if self.contains(id) {
            self.values[i].max(value)
        } else {
            value
        };
        self.mask |= 1 << i;
    }

    /// The kinds present with their values, in id order.
    pub fn iter(&self) -> impl Iterator<Item = (I, i16)> + '_ {
        (0..MAX_KINDS)
            .filter(|&i| self.mask & (1 << i) != 0)
            .map(|i| (I::from_index(i), self.values[i]))
    }

    /// Whether any kind present has the flag `pick` returns true for.
    pub(crate) fn any_kind(
        &self,
        kinds: &[FeatureKind],
        pick: impl Fn(&FeatureKind) -> bool,
    ) -> bool {
        self.iter()
            .any(|(id, _)| kinds.get(id.index()).is_some_and(&pick))
    }
}

impl<I: FeatureIndex + fmt::Debug> fmt::Debug for FeatureSet<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}
