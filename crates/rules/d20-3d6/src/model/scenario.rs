//! d20-3d6 scenario files: the envelope's common fields beside this
//! system's own (sheets, conditions, options, light).

use crate::model::options::Options;
use crate::model::sheet::Sheet;
use crate::model::state::{Condition, Light};
use fray_core::Controller;
use fray_core::grid::{MapFile, SquarePos};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A d20-3d6 scenario file.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Must be `"d20-3d6"`.
    pub ruleset: String,
    /// A title.
    pub name: String,
    /// What the scenario shows.
    #[serde(default)]
    pub description: String,
    /// Rounds before the fight is a draw.
    #[serde(default = "default_rounds")]
    pub max_rounds: u32,
    /// The default seed.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The battle map (squares of 1 m).
    pub map: MapFile<crate::D20>,
    /// Rule switches (docs/rules/d20-3d6.md).
    #[serde(default)]
    pub options: Options,
    /// Lighting (X-SIT-010).
    #[serde(default)]
    pub light: Light,
    /// Who answers for the sides and the GM.
    #[serde(default)]
    pub controllers: fray_core::SeatsFile,
    /// Everyone in the fight, in order.
    pub combatants: Vec<Combatant>,
    /// A folder of more data files (weapons, armor, shields, potions,
    /// spells, templates), relative to the scenario file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
    /// The bundled data plus the data files read at load time, when there
    /// are any (`Engine::parse_scenario`).
    #[serde(skip)]
    #[schemars(skip)]
    pub armory: Option<std::sync::Arc<crate::model::data::Armory>>,
}

fn default_rounds() -> u32 {
    50
}

/// One combatant: a template or an inline sheet, and where it stands.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Combatant {
    /// A unique name.
    pub name: String,
    /// Side.
    pub side: String,
    /// A bundled template id (`data/d20-3d6/creatures.toml`), or...
    #[serde(default)]
    pub template: Option<String>,
    /// ...an inline sheet.
    #[serde(default)]
    pub sheet: Option<Sheet>,
    /// Its head square (the top-left of a large creature's space).
    pub position: SquarePos,
    /// `ai`, `ai:<tactics>`, `human` or `script`.
    #[serde(default)]
    pub controller: Controller,
    /// Leads its side.
    #[serde(default)]
    pub leader: bool,
    /// Unaware at the start: Surprised (X-SEQ-004).
    #[serde(default)]
    pub unaware: bool,
    /// Conditions at the start.
    #[serde(default)]
    pub conditions: Vec<Condition>,
    /// Fatigue level 0-3 at the start (X-DEF-004).
    #[serde(default)]
    pub fatigue: u8,
    /// The mount it rides at the start (X-DAT-008, X-QCK-008).
    #[serde(default)]
    pub mount: Option<Mount>,
}

/// A rider's mount (X-DAT-008, X-QCK-008): a creature of its own, on the
/// rider's side and with the rider's controller, that starts ridden. The
/// rider's `position` is the head square of the mount's space, which they
/// share while it rides.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Mount {
    /// A unique name.
    pub name: String,
    /// A bundled template id, or...
    #[serde(default)]
    pub template: Option<String>,
    /// ...an inline sheet.
    #[serde(default)]
    pub sheet: Option<Sheet>,
}
