//! The terrain d20-3d6 maps may name (X-DAT-009): difficult ground
//! (X-MOV-003), cover levels on cells and square sides (X-DEF-009), walls,
//! and dim or dark cells (X-SIT-010). Heights (X-SIT-002) are the map's
//! own `height`, in metres.

use fray_core::grid::{EdgeFeatureId, FeatureKind, MapVocabulary, TerrainId, Vocabulary};

/// The vocabulary.
pub static VOCABULARY: Vocabulary = Vocabulary::new(
    crate::D20::ID_STR,
    &[
        FeatureKind::flag(
            "difficult",
            "Difficult terrain: each metre entered costs 2 m of movement (X-MOV-003)",
        ),
        FeatureKind::ranged(
            "cover",
            "Cover on a line of fire: 1 light (+2 Defense), 2 medium (+4), 3 complete (+8) (X-DEF-009)",
            1,
            3,
            1,
        ),
        FeatureKind::flag(
            "dim",
            "Dim light: -1 to attacks on a target here (X-SIT-010)",
        ),
        FeatureKind::flag(
            "dark",
            "Darkness: a target here counts as invisible, -1d6 (X-SIT-010, X-SIT-014)",
        ),
        FeatureKind::flag("wall", "Cannot be entered or seen through").blocking(true, true),
    ],
    &[
        FeatureKind::ranged(
            "cover",
            "A low wall or parapet on a square side: 1 light, 2 medium, 3 complete cover (X-DEF-009)",
            1,
            3,
            1,
        ),
        FeatureKind::flag("wall", "A wall: cannot be crossed or seen through").blocking(true, true),
    ],
);

impl MapVocabulary for crate::D20 {
    const VOCABULARY: &'static Vocabulary = &VOCABULARY;
}

/// Difficult terrain.
pub const DIFFICULT: TerrainId = VOCABULARY.terrain("difficult");
/// Cover on a cell.
pub const COVER: TerrainId = VOCABULARY.terrain("cover");
/// Dim light.
pub const DIM: TerrainId = VOCABULARY.terrain("dim");
/// Darkness.
pub const DARK: TerrainId = VOCABULARY.terrain("dark");
/// Cover on a square side.
pub const EDGE_COVER: EdgeFeatureId = VOCABULARY.edge("cover");
