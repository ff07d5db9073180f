//! What the test modules share: a vocabulary in the spirit of the four
//! rulesets, maps read against it, and proptest strategies.

use fray_grid::{
    Corner, Facing, FeatureKind, HexPos, Map, MapError, MapFile, MapVocabulary, SquarePos,
    Vocabulary,
};
use hexx::Hex;
use proptest::prelude::*;

/// Terrain with and without values, some blocking; walls, windows and low
/// walls on edges.
pub static VOCABULARY: Vocabulary = Vocabulary::new(
    "test",
    &[
        FeatureKind::flag("rough", "costs more to enter"),
        FeatureKind::ranged("bad_footing", "M-MOD-001: -1 or -2 to attacks", 1, 2, 1),
        FeatureKind::ranged("darkness", "M-MOD-003: -1 to -9", 0, 9, 1),
        FeatureKind::flag("smoke", "DQ-16-003: an obscured hex").blocking(false, true),
        FeatureKind::flag("wall", "a solid block").blocking(true, true),
    ],
    &[
        FeatureKind::flag("wall", "stops movement and sight").blocking(true, true),
        FeatureKind::flag("window", "stops movement, not sight").blocking(true, false),
        FeatureKind::ranged("low_wall", "X-DEF-009: cover 1-3", 1, 3, 2),
    ],
);

/// The marker naming [`VOCABULARY`] for [`MapFile`].
pub struct Test;

impl MapVocabulary for Test {
    const VOCABULARY: &'static Vocabulary = &VOCABULARY;
}

/// A map read from the body of a `[map]` table.
pub fn parse(toml: &str) -> Result<Map, String> {
    toml::from_str::<MapFile<Test>>(toml)
        .map(MapFile::into_map)
        .map_err(|e| e.to_string())
}

/// A map that must parse.
pub fn map(toml: &str) -> Map {
    parse(toml).unwrap_or_else(|e| panic!("{e}\n{toml}"))
}

/// The typed error of a map description.
pub fn error(toml: &str) -> MapError {
    let spec: fray_grid::MapSpec = toml::from_str(toml).expect("the file form parses");
    Map::new(spec, &VOCABULARY).expect_err("the map is refused")
}

pub fn hex() -> impl Strategy<Value = HexPos> {
    (-1000i32..1000, -1000i32..1000).prop_map(|(q, r)| HexPos::new(q, r))
}

pub fn near_hex() -> impl Strategy<Value = HexPos> {
    (-6i32..=6, -6i32..=6).prop_map(|(q, r)| HexPos::new(q, r))
}

pub fn facing() -> impl Strategy<Value = Facing> {
    (0u8..6).prop_map(Facing::from_index)
}

pub fn corner() -> impl Strategy<Value = Corner> {
    (0u8..6).prop_map(Corner::from_index)
}

pub fn square() -> impl Strategy<Value = SquarePos> {
    (-1000i32..1000, -1000i32..1000).prop_map(|(x, y)| SquarePos::new(x, y))
}

pub fn near_square() -> impl Strategy<Value = SquarePos> {
    (-6i32..=6, -6i32..=6).prop_map(|(x, y)| SquarePos::new(x, y))
}

/// Rotates `p` around `c` by `k` sixths clockwise (hexx).
pub fn rotate(p: HexPos, c: HexPos, k: u8) -> HexPos {
    Hex::from(p)
        .rotate_cw_around(Hex::from(c), u32::from(k))
        .into()
}
