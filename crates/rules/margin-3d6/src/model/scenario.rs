//! margin-3d6 scenario files: the envelope's common fields plus sheets,
//! options and surprise (M-DAT-008, M-DAT-010).

use crate::model::data::Sheet;
use crate::model::options::Options;
use crate::model::state::{Posture, ShieldState};
use fray_core::Controller;
use fray_core::grid::{Facing, HexPos, MapFile};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A margin-3d6 scenario file.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Must be `"margin-3d6"`.
    pub ruleset: String,
    /// A title.
    pub name: String,
    /// What the scenario shows.
    #[serde(default)]
    pub description: String,
    /// Rounds before the fight is called a draw.
    #[serde(default = "default_rounds")]
    pub max_rounds: u32,
    /// The default seed.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The battle map.
    pub map: MapFile<crate::Margin>,
    /// Rule switches (docs/rules/margin-3d6.md).
    #[serde(default)]
    pub options: Options,
    /// Who answers for the sides and the game master.
    #[serde(default)]
    pub controllers: fray_core::SeatsFile,
    /// Everyone in the fight, in order.
    pub combatants: Vec<Combatant>,
    /// A folder of more data files (weapons, armor, shields, templates),
    /// relative to the scenario file, read with the bundled ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
    /// The bundled data plus the data files read at load time, when there
    /// are any (`Engine::parse_scenario`).
    #[serde(skip)]
    #[schemars(skip)]
    pub armory: Option<std::sync::Arc<crate::model::data::Armory>>,
}

fn default_rounds() -> u32 {
    100
}

/// One combatant: a bundled template or an inline sheet.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Combatant {
    /// A unique name.
    pub name: String,
    /// Side name.
    pub side: String,
    /// A bundled template id (`data/margin-3d6/creatures.toml`), or...
    #[serde(default)]
    pub template: Option<String>,
    /// ...an inline sheet (M-DAT-010).
    #[serde(default)]
    pub sheet: Option<Sheet>,
    /// Where it stands.
    pub position: HexPos,
    /// Which way it faces.
    #[serde(default)]
    pub facing: Facing,
    /// Posture at the start.
    #[serde(default)]
    pub posture: Posture,
    /// Where its shield starts (ready on the arm by default, M-MEL-013).
    #[serde(default)]
    pub shield_state: ShieldState,
    /// `ai`, `ai:<tactics>`, `human` or `script`.
    #[serde(default)]
    pub controller: Controller,
    /// Leads its side.
    #[serde(default)]
    pub leader: bool,
    /// Surprised: only a PD-only roll, without the shield, until its first turn (M-PDF-007).
    #[serde(default)]
    pub surprised: bool,
    /// A spell in progress at the start (the hook for casters, M-PDF-002).
    #[serde(default)]
    pub casting: bool,
}
