//! The map vocabulary of margin-3d6 (M-DAT-008): what hexes may carry.

use fray_core::grid::{FeatureKind, MapVocabulary, TerrainId, Vocabulary};

/// Terrain kinds with values.
pub static VOCABULARY: Vocabulary = Vocabulary::new(
    crate::Margin::ID_STR,
    &[
        FeatureKind::ranged(
            "bad_footing",
            "Poor footing: -1 or -2 to attacks made from the hex, cancelled by aiming (M-MOD-001)",
            1,
            2,
            1,
        ),
        FeatureKind::ranged(
            "darkness",
            "Darkness -1 to -9 on attacks and active defenses made in the hex (M-MOD-003)",
            0,
            9,
            1,
        ),
        FeatureKind::ranged(
            "obstruction",
            "An obstruction on a line of fire: -1 to -5, summed and capped at -5 (M-RNG-008)",
            1,
            5,
            1,
        ),
        FeatureKind::flag("wall", "A wall: cannot be entered or seen through").blocking(true, true),
        FeatureKind::ranged(
            "cover",
            "Cover for a figure in the hex against missiles: 2 light (bushes), 3 half the body (the default), 4 head and shoulders, 5 just the head showing (M-RNG-005)",
            2,
            5,
            3,
        ),
    ],
    &[],
);

impl MapVocabulary for crate::Margin {
    const VOCABULARY: &'static Vocabulary = &VOCABULARY;
}

/// Bad footing (M-MOD-001).
pub const BAD_FOOTING: TerrainId = VOCABULARY.terrain("bad_footing");
/// Darkness (M-MOD-003).
pub const DARKNESS: TerrainId = VOCABULARY.terrain("darkness");
/// Obstruction (M-RNG-008).
pub const OBSTRUCTION: TerrainId = VOCABULARY.terrain("obstruction");
/// Cover in the hex (M-RNG-005).
pub const COVER: TerrainId = VOCABULARY.terrain("cover");
