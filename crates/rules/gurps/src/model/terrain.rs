//! The terrain GURPS maps may name (`[[map.terrain]] terrain = "water"`),
//! what each does, and their ids for the rules that read them.
//!
//! The grid knows no terrain names; this vocabulary is GURPS'. None of the
//! kinds takes a value. Only walls block entry (and sight); the movement
//! costs are in `rules::movement::enter_cost` (G-TAC-007), bad
//! footing in the attack modifiers (G-ATK-026), cover on the line of fire
//! (G-ATK-027).

use fray_core::grid::{FeatureKind, MapVocabulary, TerrainId, Vocabulary};

/// GURPS' terrain kinds. It declares no edge features, so GURPS maps have
/// no `[[map.edges]]`.
pub static VOCABULARY: Vocabulary = Vocabulary::new(
    crate::Gurps::ID_STR,
    &[
        FeatureKind::flag(
            "obstruction",
            "A minor obstruction (rock, log, furniture): +1 movement point to enter (G-TAC-007), cover on a line of fire (G-ATK-027), a rest for a braced Aim",
        ),
        FeatureKind::flag(
            "treacherous",
            "Treacherous footing (mud, ice, rubble): +1 movement point to enter (G-TAC-007), bad footing -2 to attacks (G-ATK-026)",
        ),
        FeatureKind::flag(
            "water",
            "Shallow water: +1 movement point to enter (G-TAC-007), bad footing -2 to attacks (G-ATK-026)",
        ),
        FeatureKind::flag(
            "gentle_slope",
            "A gentle slope: +1/2 movement point to enter (G-TAC-007)",
        ),
        FeatureKind::flag(
            "steep_slope",
            "A steep slope: +1 movement point to enter (G-TAC-007)",
        ),
        FeatureKind::flag("stairs", "Stairs: +1 movement point to enter (G-TAC-007)"),
        FeatureKind::flag(
            "difficult",
            "Difficult ground of any other kind: +1 movement point to enter (G-TAC-007)",
        ),
        FeatureKind::flag(
            "wall",
            "A wall or anything else that cannot be entered or shot through",
        )
        .blocking(true, true),
    ],
    &[],
);

impl MapVocabulary for crate::Gurps {
    const VOCABULARY: &'static Vocabulary = &VOCABULARY;
}

/// A minor obstruction.
pub const OBSTRUCTION: TerrainId = VOCABULARY.terrain("obstruction");
/// Treacherous footing.
pub const TREACHEROUS: TerrainId = VOCABULARY.terrain("treacherous");
/// Shallow water.
pub const WATER: TerrainId = VOCABULARY.terrain("water");
/// A gentle slope.
pub const GENTLE_SLOPE: TerrainId = VOCABULARY.terrain("gentle_slope");
/// A steep slope.
pub const STEEP_SLOPE: TerrainId = VOCABULARY.terrain("steep_slope");
/// Stairs.
pub const STAIRS: TerrainId = VOCABULARY.terrain("stairs");
/// Other difficult ground.
pub const DIFFICULT: TerrainId = VOCABULARY.terrain("difficult");
/// A wall.
pub const WALL: TerrainId = VOCABULARY.terrain("wall");
