//! The terrain DragonQuest maps may name, and their ids.
//!
//! DQ-14-001: terrain costs are scenario data (`rough` costs its value in
//! TMR per hex entered, default 1 extra). DQ-16-003: `obscuring` hexes may
//! be fired into but not through (they block sight between the ends of a
//! line, which is what the grid's sight trace tests). `wall` blocks entry
//! and sight (DQ-16-001).

use fray_core::grid::{FeatureKind, MapVocabulary, TerrainId, Vocabulary};

/// DragonQuest's terrain kinds.
pub static VOCABULARY: Vocabulary = Vocabulary::new(
    crate::DragonQuest::ID_STR,
    &[
        FeatureKind::ranged(
            "rough",
            "Rough ground: costs its value in extra TMR to enter (DQ-14-001)",
            1,
            10,
            1,
        ),
        FeatureKind::flag(
            "obscuring",
            "Smoke, brush: may be fired into but not through (DQ-16-003)",
        )
        .blocking(false, true),
        FeatureKind::flag("wall", "Cannot be entered or fired through (DQ-16-001)")
            .blocking(true, true),
    ],
    &[],
);

impl MapVocabulary for crate::DragonQuest {
    const VOCABULARY: &'static Vocabulary = &VOCABULARY;
}

/// Rough ground.
pub const ROUGH: TerrainId = VOCABULARY.terrain("rough");
/// An obscuring hex.
pub const OBSCURING: TerrainId = VOCABULARY.terrain("obscuring");
